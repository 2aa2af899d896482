"""What the table shows, in English and zh-TW: the table message, DM panels, settlements and 跑得快's panel
read as real sentences in each language, English keeps only game terms in Chinese, and Discord's limits hold
with the longer English. The engine's dynamic words (名堂 / 番种 names, tile names) have catalogue entries."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import LANGS, catalogue, speaking
from bot.render import Panel, dm_panel, table_message
from bot.table import Seat, Table
from engine.ai import choose
from engine.match import Match
from engine.registry import all_variants
from engine.selfplay import play_hand

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CJK = re.compile(r"[\u3400-\u9fff]")
# The modules that name a win's 名堂 / 番种 (their notation modules hold card and tile names, tested apart).
PATTERN_MODULES = ("variants", "mahjong", "zipai", "paodekuai")
NOTATION = {"tiles.py", "cards.py"}


def _strs(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strs(node.body)
        yield from _strs(node.orelse)
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for e in node.elts:
            yield from _strs(e)
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "tuple", "set") and node.args:
        yield from _strs(node.args[0])


def _names_in(tree: ast.Module) -> Iterator[str]:
    """Where the engine writes a 名堂: ``mingtang(name)``, ``patterns.append(name)`` (any list a pricing function
    builds), ``fan[name] = …``, and module constants (``XIAOHU = "小胡"``, a table keyed by 番种)."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "mingtang" and n.args:
            yield from _strs(n.args[0])
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "append"
                and isinstance(n.func.value, ast.Name) and n.args):
            yield from _strs(n.args[0])
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Subscript) \
                and getattr(n.targets[0].value, "id", "") == "fan":
            yield from _strs(n.targets[0].slice)
    for n in tree.body:
        if not isinstance(n, ast.Assign | ast.AnnAssign) or n.value is None:
            continue
        target = n.targets[0] if isinstance(n, ast.Assign) else n.target
        if isinstance(target, ast.Name) and target.id.isupper():
            value = n.value
            yield from _strs(value)
            if isinstance(value, ast.Dict):
                for k in value.keys:
                    if k is not None:
                        yield from _strs(k)


def pattern_names() -> set[str]:
    """Every 名堂 / 番种 name the registered variants can report (short Chinese words, no punctuation)."""
    out: set[str] = set()
    for family in PATTERN_MODULES:
        for path in sorted((ENGINE / family).glob("*.py")):
            if path.name in NOTATION:
                continue
            out |= {s for s in _names_in(ast.parse(path.read_text(encoding="utf-8")))
                    if CJK.search(s) and not re.search(r"[\s，。：、（）{}/]", s) and len(s) <= 6}
    return out


def test_every_pattern_name_has_an_entry_in_every_language() -> None:
    names = pattern_names()
    assert {"清一色", "碰碰胡", "红胡", "十三幺", "四红中", "全关", "条扁", "金童玉女"} <= names  # the scan sees them
    messages = catalogue()["messages"]
    missing = sorted(n for n in names if not all(messages.get(n, {}).get(lang) for lang in LANGS if lang != "zh-CN"))
    assert missing == []


def test_every_tile_name_has_an_entry_in_every_language() -> None:
    from engine.mahjong.tiles import tile_name

    messages = catalogue()["messages"]
    assert [tile_name(t) for t in range(34) if not messages.get(tile_name(t), {}).get("zh-TW")] == []
    assert messages["五万"]["zh-TW"] == "五萬" and messages["五万"]["en"] == "五万"


# --- the table read in English and zh-TW -------------------------------------------------------------------

NAMES = ["alice", "bob", "carol", "dave"]
SEAT_LABEL = re.compile(r"\d+号 ")  # table.seat_label (the frame's, moved onto the catalogue with the frame)
MARKUP = re.compile(r"<t:\d+:[A-Za-z]>|<@!?\d+>|`[^`]*`")


def english_terms() -> set[str]:
    """The Chinese English may keep: every run of Chinese in the catalogue's English (the terms: 碰, 胡息's 胡,
    五万, 清一色 …), the 字牌 faces, and the variants' names (the frame's entries)."""
    from bot.words import BIG, SMALL

    runs = {m for v in catalogue()["messages"].values() for m in CJK_RUN.findall(v.get("en", ""))}
    return runs | set(SMALL + BIG) | {v.name for v in all_variants()}


CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def _made_of(run: str, terms: set[str]) -> bool:
    """Whether a run of Chinese is a sequence of terms (一二三万 = 一二三 + 万, 碰十十十 = 碰 + faces)."""
    ok = [True] + [False] * len(run)
    for end in range(1, len(run) + 1):
        ok[end] = any(ok[start] and run[start:end] in terms for start in range(max(0, end - 8), end))
    return ok[-1]


def loose_chinese_in_english(text: str, terms: set[str]) -> list[str]:
    plain = SEAT_LABEL.sub("", MARKUP.sub("", text))
    return [run for run in CJK_RUN.findall(plain) if not _made_of(run, terms)]


@cache
def _traditional(char: str) -> str:
    from bot.catalogue_tool import to_traditional

    return to_traditional(char)


def simplified_in_traditional(text: str) -> list[str]:
    """Characters zh-TW writes otherwise (OpenCC's s2tw, the tool the catalogue's zh-TW came from)."""
    pytest.importorskip("opencc")
    plain = SEAT_LABEL.sub("", MARKUP.sub("", text))
    for v in all_variants():  # the variants' names are the frame's entries
        plain = plain.replace(v.name, "")
    return sorted({c for c in CJK_RUN.findall(plain) for c in c if _traditional(c) != c and c != "号"})


def _table(variant: str, seed: int, options: dict[str, Any] | None = None, **bot: Any) -> Table:
    match = Match(variant, options or {}, seed=seed)
    seats = [Seat(101 + i, NAMES[i]) for i in range(match.seats)]
    table = Table(7, 1, 1, 1, variant, match.options, {"timer": 60, "hints": True, **bot}, "playing", seats)
    table.match = match
    table.turn_deadline = 1_800_000_000.0
    return table


def _items(panel: Panel) -> list[Any]:
    """The view's buttons and selects (a persistent control is a DynamicItem around one)."""
    return [getattr(item, "item", item) for item in (panel.view.children if panel.view else [])]


def _texts(panel: Panel) -> tuple[list[str], list[str]]:
    """(what the player reads as text, the labels of the controls) of one rendered message."""
    texts = [panel.content or ""]
    if panel.embed is not None:
        texts += [panel.embed.title or "", panel.embed.description or "", panel.embed.footer.text or ""]
    labels: list[str] = []
    for item in _items(panel):
        labels += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        labels += [o.label for o in getattr(item, "options", [])]
    return [t for t in texts if t], [t for t in labels if t]


def _within_discords_limits(panel: Panel) -> None:
    assert len(panel.content or "") <= 2000
    if panel.embed is not None:
        assert len(panel.embed.description or "") <= 4096 and len(panel.embed.title or "") <= 256
        assert len(panel.embed.footer.text or "") <= 2048
    for item in _items(panel):
        if isinstance(item, discord.ui.Button):
            assert 1 <= len(item.label or "") <= 80, item.label
        if isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= 150 and 1 <= len(item.options) <= 25
            assert all(1 <= len(o.label) <= 100 and len(o.value) <= 100 for o in item.options)


def _played(variant: str, seed: int, stops: int = 5, **bot: Any) -> Iterator[Table]:
    """A self-played hand, stopping at ``stops`` steps spread over it and at its end."""
    table = _table(variant, seed, **bot)
    assert table.match is not None
    game = table.match.new_hand(seed)
    replay = Match(variant, table.match.options, seed=seed).new_hand(seed)
    length = len(getattr(play_hand(replay), "log", ()))
    every = max(1, length // stops)
    step = 0
    while not game.finished:
        seat = game.to_act()[0]
        if step % every == every // 2:
            yield table
        game.apply(seat, choose(game, seat))
        step += 1
    yield table


def _check_step(table: Table, terms: set[str]) -> dict[str, list[str]]:
    """Render the channel message and every seat's panel in English and zh-TW; return what each language read."""
    read: dict[str, list[str]] = {"en": [], "zh-TW": []}
    for lang in ("en", "zh-TW"):
        with speaking(lang):
            panels = [table_message(table)] + [dm_panel(table, s) for s in range(len(table.seats))]
        for panel in panels:
            _within_discords_limits(panel)
            texts, _ = _texts(panel)
            read[lang] += texts
            for text in texts:
                if lang == "en":
                    assert loose_chinese_in_english(text, terms) == [], text
                else:
                    assert simplified_in_traditional(text) == [], text
    return read


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "hongzhong", "tuidaohu", "paodekuai", "bopi"])
def test_a_whole_hand_reads_in_english_and_traditional(variant: str) -> None:
    terms = english_terms()
    seen: dict[str, list[str]] = {"en": [], "zh-TW": []}
    for table in _played(variant, 3):
        for lang, texts in _check_step(table, terms).items():
            seen[lang] += texts
    english, traditional = "\n".join(seen["en"]), "\n".join(seen["zh-TW"])
    assert "Table #7" in english and "Hand 1" in english and "**Hand** (" in english and "in hand" in english
    assert "**Turn**: " in english or "Waiting for claims" in english
    assert "牌桌" not in english and "轮到" not in english and "手牌" not in english
    assert "牌桌 #7" in traditional and "**手牌**（" in traditional and ("**輪到**：" in traditional or "等待" in traditional)
