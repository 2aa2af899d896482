"""Every string in three languages: the catalogue against the code, and the command tree as Discord receives it
at sync in each locale."""

from __future__ import annotations

import re
import string
from typing import Any

import discord
import pytest

from bot import catalogue_tool
from bot.i18n import CatalogueTranslator, catalogue, lang_of, speaking, tr, tr_in

from .conftest import Env

LOCALES = ("zh-CN", "zh-TW")
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's CHAT_INPUT name rule (letters of any script, digits, - and _)


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


@pytest.mark.parametrize("path", catalogue_tool.bot_modules(), ids=lambda p: p.name)
def test_no_chinese_outside_the_catalogue(path: Any) -> None:
    loose = [f"{line}: {text!r}" for line, text in catalogue_tool.loose_chinese(path)]
    assert not loose, "\n".join(loose)


def test_every_source_in_the_catalogue_in_every_language() -> None:
    assert catalogue_tool.missing() == []
    assert catalogue_tool.missing_commands() == []
    assert catalogue_tool.incomplete() == []


def test_translations_keep_the_fields_of_their_source() -> None:
    bad = [(k, lang) for k, v in catalogue()["messages"].items() for lang, text in v.items() if fields(text) != fields(k)]
    assert bad == []


def test_tr_speaks_the_context_language() -> None:
    source = "牌墙 {n} 张"  # a message with a field, written differently in each language
    entry = catalogue()["messages"][source]
    assert len({source, entry["zh-TW"], entry["en"]}) == 3  # so a wrong pick would show
    params = {f: "1" for f in fields(source)}
    with speaking("en"):
        assert tr(source, **params) == entry["en"].format(**params)
        with speaking("zh-TW"):
            assert tr(source, **params) == entry["zh-TW"].format(**params)
        assert tr(source, **params) == entry["en"].format(**params)
    assert tr(source, **params) == source.format(**params)
    assert tr_in("zh-CN", "不在目录里的话") == "不在目录里的话"


def test_lang_of_discord_locales() -> None:
    assert lang_of(discord.Locale.chinese) == "zh-CN"
    assert lang_of("zh-TW") == "zh-TW"
    assert lang_of(discord.Locale.american_english) == "en"
    assert lang_of(discord.Locale.japanese) == "en"
    assert lang_of(None) == "zh-CN"


def _items(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The command, its subcommands, their options and the options' choices."""
    out = [payload]
    for option in payload.get("options", []):
        out += _items(option)
    out += payload.get("choices", [])
    return out


def _chars(payload: dict[str, Any], locale: str | None) -> int:
    """Discord's 4,000-character budget of one command: names, descriptions and choice names and values."""
    total = 0
    for item in _items(payload):
        name = (item.get("name_localizations") or {}).get(locale, item["name"]) if locale else item["name"]
        desc = item.get("description", "")
        if locale:
            desc = (item.get("description_localizations") or {}).get(locale, desc)
        total += len(name) + len(desc) + len(str(item.get("value", "")))
    return total


TEST_ONLY = {"toy"}  # variants the test suite registers for itself: no catalogue entry, no Discord user sees them


def _levels(payload: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """Each list of siblings Discord checks together: a command's options (or subcommands), an option's choices."""
    out = []
    for key in ("options", "choices"):
        if payload.get(key):
            out.append(payload[key])
    for option in payload.get("options", []):
        out += _levels(option)
    return out


async def test_command_tree_in_every_locale(env: Env) -> None:
    translator = CatalogueTranslator()
    seen = set()
    commands = env.bot.tree.get_commands()
    assert len(commands) <= 100  # global CHAT_INPUT commands per application
    for command in commands:
        payload = await command.get_translated_payload(env.bot.tree, translator)
        for locale in (None, *LOCALES):
            assert _chars(payload, locale) <= 4000
        for siblings in _levels(payload):
            shown = [c for c in siblings if c.get("value") not in TEST_ONLY]
            assert len(siblings) <= 25  # choices per option, options or subcommands per command
            for locale in (None, *LOCALES):
                names = [(c.get("name_localizations") or {}).get(locale, c["name"]) if locale else c["name"]
                         for c in shown]
                assert len(names) == len(set(names)), (locale, names)  # Discord refuses two alike
        for item in _items(payload):
            seen.add(item["name"])
            is_choice = "value" in item
            if is_choice and item["value"] in TEST_ONLY:
                continue
            for locale in LOCALES:
                name = item["name_localizations"][locale]
                assert 1 <= len(name) <= 100 if is_choice else NAME.match(name) and name == name.lower(), name
                if not is_choice:
                    desc = item["description_localizations"][locale]
                    assert 1 <= len(desc) <= 100, desc
            assert len(item["name"]) <= (100 if is_choice else 32)
            if is_choice and isinstance(item["value"], str):
                assert 1 <= len(item["value"]) <= 100
            if not is_choice:
                assert NAME.match(item["name"]) and 1 <= len(item["description"]) <= 100
    assert {"table", "create", "join", "end", "calc", "leaderboard", "history"} <= seen


async def test_variant_choices_read_in_each_language(env: Env) -> None:
    """The variant a player picks is named in their language: English glosses the Chinese name, zh-TW writes it in
    traditional characters."""
    create = next(c for c in env.bot.tree.get_commands() if c.name == "table").get_command("create")
    assert create is not None
    payload = await create.get_translated_payload(env.bot.tree, CatalogueTranslator())
    variant = next(o for o in payload["options"] if o["name"] == "variant")
    by_value = {c["value"]: c for c in variant["choices"]}
    assert by_value["changsha"]["name"] == "Changsha Mahjong 长沙麻将"
    assert by_value["changsha"]["name_localizations"] == {"zh-CN": "长沙麻将", "zh-TW": "長沙麻將"}
    assert by_value["paodekuai"]["name"] == "Paodekuai 跑得快"
    assert variant["description_localizations"]["zh-TW"] == "玩法"
