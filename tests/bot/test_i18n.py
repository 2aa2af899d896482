"""Command names and descriptions in English and Chinese, as Discord receives them at sync."""

from __future__ import annotations

from bot.i18n import NAMES_ZH, ZH, ChineseTranslator

from .conftest import Env


async def test_every_command_has_chinese_name_and_description(env: Env) -> None:
    translator = ChineseTranslator()
    seen = set()
    for command in env.bot.tree.get_commands():
        payload = await command.get_translated_payload(env.bot.tree, translator)
        items = [payload, *[o for o in payload.get("options", []) if o.get("type") == 1]]
        for item in items:
            name = item["name"]
            seen.add(name)
            assert item["name_localizations"]["zh-CN"] == NAMES_ZH[name]
            assert item["name_localizations"]["zh-TW"] == NAMES_ZH[name]
            assert item["description_localizations"]["zh-CN"] == ZH[item["description"]]
    assert {"table", "create", "join", "end", "calc", "leaderboard", "history"} <= seen
