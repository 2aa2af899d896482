"""Every string in three languages: the gettext catalogues against the code, their checks (each shown to catch what
it is for), plural forms, and the command tree as Discord receives it at sync in each locale."""

from __future__ import annotations

import fnmatch
import re
import string
import tomllib
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot import catalogue_tool
from bot.i18n import (
    COMMANDS,
    DOMAINS,
    LOCALES,
    MESSAGES,
    CatalogueTranslator,
    Lang,
    book,
    catalogue,
    is_plural,
    lang_of,
    po_path,
    pot_path,
    read,
    speaking,
    tr,
    tr_in,
    tr_n,
    tr_n_in,
)

from .conftest import Env

LOCALE_NAMES = ("zh-CN", "zh-TW")
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's CHAT_INPUT name rule (letters of any script, digits, - and _)
ROOT = Path(__file__).resolve().parents[2]


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


@pytest.mark.parametrize("path", catalogue_tool.bot_modules(), ids=lambda p: p.name)
def test_no_chinese_outside_the_catalogue(path: Any) -> None:
    loose = [f"{line}: {text!r}" for line, text in catalogue_tool.loose_chinese(path)]
    assert not loose, "\n".join(loose)


# --- the catalogues against the code --------------------------------------------------------------------------

@pytest.mark.parametrize("domain", list(DOMAINS))
def test_the_templates_are_what_the_code_says(domain: str) -> None:
    """Every message the code says is in the ``.pot``, and nothing it no longer says (``python -m
    bot.catalogue_tool`` writes it); each language's ``.po`` is merged from it."""
    assert catalogue_tool.clashes(domain) == []
    assert not catalogue_tool.stale_template(domain), "run: python -m bot.catalogue_tool"
    for lang in DOMAINS[domain]:
        assert not catalogue_tool.unmerged(domain, lang), f"{lang}: run python -m bot.catalogue_tool"
    assert catalogue_tool.needless_by_hand() == []


@pytest.mark.parametrize(("domain", "lang"), [(d, lang) for d, langs in DOMAINS.items() for lang in langs])
def test_every_message_translated_with_its_fields(domain: str, lang: Any) -> None:
    """No untranslated or fuzzy entry, the {fields} of every translation those of its msgid, every plural entry
    with its language's number of forms (Babel's checkers too)."""
    assert catalogue_tool.problems(domain, lang) == []


def test_the_extractor_finds_every_kind_of_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new message in the bot or the engine makes the template stale, each kind of call found: the check
    can fail."""
    said = {s.key: s for s in catalogue_tool.said(MESSAGES)}
    # the bot's calls, the engine's messages and errors, and the engine's data
    assert said["{n} 局"].id == ("{n} 局", "{n} 局")  # tr_n: a plural entry
    assert said["现在不轮到{seat}号"].where.startswith("engine/")  # an IllegalAction's template
    assert said["长沙麻将"].notes == ("variant name",)
    assert "清一色" in said and "五万" in said and "过" in said  # 番种, tile, ActionName label
    assert "{verb} {cards}" not in said  # a label's template with no word in it: the same in every language
    assert {"IllegalAction", "InvalidInput", "OptionError", "CalcInputError"} <= catalogue_tool.worded_errors()
    bot_file = tmp_path / "new_words.py"
    bot_file.write_text('x = tr("新的一句话 {n}", n=1)\ny = tr_n("新的 {n} 局", 2)\nz = tr("、".join(w))\n',
                        encoding="utf-8")
    engine_file = tmp_path / "new_rule.py"
    engine_file.write_text('# i18n: plural\nm = msg("剩 {n} 只鸟", n=2)\nraise IllegalAction("不能这样")\n',
                           encoding="utf-8")
    bots, engines = catalogue_tool.bot_modules(), catalogue_tool.engine_modules()
    monkeypatch.setattr(catalogue_tool, "bot_modules", lambda: [*bots, bot_file])
    monkeypatch.setattr(catalogue_tool, "engine_modules", lambda: [*engines, engine_file])
    found = {s.key: s for s in catalogue_tool.said(MESSAGES)}
    assert found["新的一句话 {n}"].id == "新的一句话 {n}"
    assert found["新的 {n} 局"].id == ("新的 {n} 局", "新的 {n} 局")  # tr_n: a plural entry
    assert "、" not in found  # Babel reads 「"、".join(w)」 as a message: the code passes no such literal
    assert found["剩 {n} 只鸟"].id == ("剩 {n} 只鸟", "剩 {n} 只鸟")  # the comment makes it a plural entry
    assert "不能这样" in found
    assert catalogue_tool.stale_template(MESSAGES)


def test_the_tool_names_engine_messages_with_a_computed_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An id built at run time (an f-string, a join) has no catalogue entry: the tool points at it."""
    rule = tmp_path / "rule.py"
    rule.write_text('a = msg("剩 {n} 张", n=n)\nb = Msg(f"放杠 {n}")\nc = Term(word)\n', encoding="utf-8")
    monkeypatch.setattr(catalogue_tool, "engine_modules", lambda: [rule])
    assert catalogue_tool.computed_ids() == [f"{rule.as_posix()}:2", f"{rule.as_posix()}:3"]


def test_the_checks_catch_what_they_are_for() -> None:
    """Hand-made catalogues: each kind of fault is reported."""
    en = Catalog(locale="en", domain=MESSAGES)
    en.add("{seat} 付 {n}", "{seat} pays {amount}")  # a field renamed
    en.add("没有翻译")  # untranslated
    en.add("猜的", "a guess", flags=["fuzzy"])
    en.add(("{n} 局", "{n} 局"), ("{n} hand",))  # short of a form
    en.add(("局", "局"), ("hand", "hands"))  # a plural entry with no count
    en.add(("{n} 胜", "{n} 胜"), ("a win", "{n} wins"))  # fine: a form may leave out its count
    found = catalogue_tool.problems_in(en, "en")
    assert any("'{seat} 付 {n}': fields" in p for p in found)
    assert any("'没有翻译': untranslated" in p for p in found)
    assert any("'猜的': fuzzy" in p for p in found)
    assert any("'{n} 局'" in p and "forms" in p for p in found)
    assert any("'局': a plural entry counts {n}" in p for p in found)
    assert not any("胜" in p for p in found)


def test_words_from_an_old_toml_branch_fill_the_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A branch begun before gettext adds its words to messages.toml; after the merge, ``--from-toml`` puts them
    into the .po entries the extractor added untranslated, and leaves translated ones alone."""
    copies = {}
    for domain, langs in DOMAINS.items():
        for lang in langs:
            copy = tmp_path / f"{domain}.{lang}.po"
            with po_path(domain, lang).open("rb") as f:
                catalog = read_po(f)  # a copy: the cached catalogue stays as it is
            for m in catalog:
                if m.id == ("牌墙 {n} 张" if domain == MESSAGES else "Period"):
                    m.string = ""  # as the extractor adds a message the branch said
            catalogue_tool._write(catalog, copy)
            copies[(domain, lang)] = copy
    monkeypatch.setattr(catalogue_tool, "po_path", lambda domain, lang: copies[(domain, lang)])
    monkeypatch.setattr(catalogue_tool, "_forget", lambda: None)
    old = tmp_path / "messages.toml"
    old.write_text('[commands]\n"Period" = { zh-CN = "时间范围", zh-TW = "時間範圍" }\n[messages]\n'
                   '"牌墙 {n} 张" = { zh-TW = "牌牆 {n} 張", en = "Wall {n}" }\n'
                   '"查看我的手牌" = { zh-TW = "不同的", en = "Something else" }\n', encoding="utf-8")
    assert catalogue_tool.from_toml(old) == 4
    got = {key: read_po(path.open("rb")) for key, path in copies.items()}

    def translated(domain: str, lang: Lang, msgid: str) -> object:
        message = got[(domain, lang)].get(msgid)
        assert message is not None, (domain, lang, msgid)
        return message.string

    assert translated(MESSAGES, "en", "牌墙 {n} 张") == "Wall {n}"
    assert translated(MESSAGES, "zh-TW", "牌墙 {n} 张") == "牌牆 {n} 張"
    assert translated(MESSAGES, "en", "查看我的手牌") == "Show my hand"  # translated: kept
    assert translated(COMMANDS, "zh-CN", "Period") == "时间范围"


def test_package_data_ships_every_catalogue() -> None:
    """``pip install`` takes the catalogues the bot reads (pyproject's package-data), so a deployed bot speaks
    all three languages."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["bot"]
    read = {po_path(d, lang) for d, langs in DOMAINS.items() for lang in langs}
    assert len(read) == 4 and read == set(LOCALES.rglob("*.po"))
    assert [p for p in read if not any(fnmatch.fnmatch(p.relative_to(ROOT / "bot").as_posix(), g) for g in patterns)] == []
    assert pot_path(MESSAGES).exists() and pot_path(COMMANDS).exists()


# --- speaking ---------------------------------------------------------------------------------------------------

def test_tr_speaks_the_context_language() -> None:
    source = "牌墙 {n} 张"  # a message with a field, written differently in each language
    tw, en = book(MESSAGES, "zh-TW").text(source), book(MESSAGES, "en").text(source)
    assert tw and en and len({source, tw, en}) == 3  # so a wrong pick would show
    with speaking("en"):
        assert tr(source, n=1) == en.format(n=1)
        with speaking("zh-TW"):
            assert tr(source, n=1) == tw.format(n=1)
        assert tr(source, n=1) == en.format(n=1)
    assert tr(source, n=1) == "牌墙 1 张"
    assert tr_in("zh-CN", "不在目录里的话") == "不在目录里的话"
    assert tr_in("en", "不在目录里的话") == "不在目录里的话"  # a source without an entry reads as written


def test_counts_take_their_plural_form() -> None:
    """English says "1 hand" and "3 hands", Chinese one form: a count is a plural entry, not two messages."""
    assert is_plural("{n} 局") and is_plural("{n} 胜") and not is_plural("牌墙 {n} 张")
    assert [tr_n_in("en", "{n} 局", n) for n in (0, 1, 2)] == ["0 hands", "1 hand", "2 hands"]
    assert [tr_n_in("en", "{n} 胜", n) for n in (1, 5)] == ["1 win", "5 wins"]
    assert [tr_n_in("zh-TW", "{n} 胜", n) for n in (1, 5)] == ["1 勝", "5 勝"]
    assert tr_n_in("zh-CN", "{n} 局", 1) == "1 局"
    with speaking("en"):
        assert tr_n("{variant} · {n} 人", 1, variant="X") == "X · 1 player"
        assert tr_n("{variant} · {n} 人", 4, variant="X") == "X · 4 players"
        assert tr_n("向听：{n}（离听牌还差 {n} 张）", 1) == "Shanten: 1 (1 tile from ready)"
    counted = [m for m in read(MESSAGES, "en") if m.id and isinstance(m.id, tuple | list)]
    assert len(counted) >= 8 and all(isinstance(m.string, tuple | list) and len(m.string) == 2 for m in counted)
    assert all(isinstance(m.string, tuple | list) and len(m.string) == 1
               for m in read(MESSAGES, "zh-TW") if m.id and isinstance(m.id, tuple | list))


def test_the_catalogue_view_and_the_old_one_and_many_entries() -> None:
    messages = catalogue()["messages"]
    assert "1 局" not in messages and "1 胜" not in messages  # gone: "{n} 局" says both
    assert messages["{n} 局"] == {"zh-TW": "{n} 局", "en": "{n} hands"}
    assert catalogue()["commands"]["hand to replay"] == {"zh-CN": "牌局", "zh-TW": "牌局"}  # its context


def test_a_count_said_through_tr_still_takes_its_form() -> None:
    """A plural entry looked up by value with its count as text (``words.engine_text`` reads numbers out of the
    engine's prose) takes the form of that number, not the zh-CN source."""
    assert tr_in("en", "{n} 局", n="1") == "1 hand" and tr_in("en", "{n} 局", n=3) == "3 hands"
    assert tr_in("zh-TW", "{n} 胜", n="2") == "2 勝"


def test_the_places_that_count_say_one_and_many() -> None:
    """/stats and the leaderboard's hands and wins, the 麻将 panel's 向听, the calculator's refusals: the last
    session said "1 hands" apart from the ones it fixed by hand."""
    from bot.edge.cogs.records import hands_count, wins_count
    from bot.families.mahjong.text import standing_line
    from bot.present.calc import calculator_error
    from engine.hints import Standing

    with speaking("en"):
        assert [hands_count(1), hands_count(2), wins_count(1), wins_count(0)] == ["1 hand", "2 hands", "1 win",
                                                                                  "0 wins"]
        assert standing_line(Standing(xiangting=1)) == "Shanten: 1 (1 tile from ready)"
        assert standing_line(Standing(xiangting=2)) == "Shanten: 2 (2 tiles from ready)"
        assert calculator_error("meld chi needs 3 cards, got 1") == "A 吃 Chow takes 3 cards; 1 was given."
        assert calculator_error("meld chi needs 3 cards, got 2") == "A 吃 Chow takes 3 cards; 2 were given."
    with speaking("zh-TW"):
        assert standing_line(Standing(xiangting=1)) == "向聽：1（離聽牌還差 1 張）"
        assert hands_count(1) == "1 局"


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
        for locale in (None, *LOCALE_NAMES):
            assert _chars(payload, locale) <= 4000
        for siblings in _levels(payload):
            shown = [c for c in siblings if c.get("value") not in TEST_ONLY]
            assert len(siblings) <= 25  # choices per option, options or subcommands per command
            for locale in (None, *LOCALE_NAMES):
                names = [(c.get("name_localizations") or {}).get(locale, c["name"]) if locale else c["name"]
                         for c in shown]
                assert len(names) == len(set(names)), (locale, names)  # Discord refuses two alike
        for item in _items(payload):
            seen.add(item["name"])
            is_choice = "value" in item
            if is_choice and item["value"] in TEST_ONLY:
                continue
            for locale in LOCALE_NAMES:
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
    # the commands themselves are siblings too: two alike in a language and Discord refuses the whole sync
    tops = [await c.get_translated_payload(env.bot.tree, translator) for c in commands]
    for locale in LOCALE_NAMES:
        names = [(c.get("name_localizations") or {}).get(locale, c["name"]) for c in tops]
        assert len(names) == len(set(names)), (locale, names)


async def test_variant_choices_read_in_each_language(env: Env) -> None:
    """The variant a player picks is named in their language: English glosses the Chinese name, zh-TW writes it in
    traditional characters."""
    table = next(c for c in env.bot.tree.get_commands() if c.name == "table")
    assert isinstance(table, discord.app_commands.Group)
    create = table.get_command("create")
    assert create is not None
    payload = await create.get_translated_payload(env.bot.tree, CatalogueTranslator())
    variant = next(o for o in payload["options"] if o["name"] == "variant")
    by_value = {c["value"]: c for c in variant["choices"]}
    assert by_value["changsha"]["name"] == "Changsha Mahjong 长沙麻将"
    assert by_value["changsha"]["name_localizations"] == {"zh-CN": "长沙麻将", "zh-TW": "長沙麻將"}
    assert by_value["paodekuai"]["name"] == "Paodekuai 跑得快"
    assert variant["description_localizations"]["zh-TW"] == "玩法"
