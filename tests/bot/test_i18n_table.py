"""What the table shows, in English and zh-TW: the table message, DM panels, settlements and 跑得快's panel
read as real sentences in each language, English keeps only game terms in Chinese, and Discord's limits hold
with the longer English. The engine's dynamic words (名堂 / 番种 names, tile names) have catalogue entries."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot.i18n import LANGS, catalogue

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
        target = n.targets[0] if isinstance(n, ast.Assign) else n.target if isinstance(n, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id.isupper() and n.value is not None:  # type: ignore[union-attr]
            value = n.value  # type: ignore[union-attr]
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
