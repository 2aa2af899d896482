"""The shape of the code: no import circles among the modules of engine/, bot/ and storage/ (every import counts,
at module level, inside a function or under ``if TYPE_CHECKING:``, as ``../shared/tools/import_circles.py``
counts them); a click goes one way through bot/ (edge -> table service -> delivery), no part importing the
one that uses it; and bot/ asks the storage API, never SQL of its own."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("engine", "bot", "storage")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_of(p): p for top in TOPS for p in (ROOT / top).rglob("*.py")}


@cache
def imports() -> dict[str, frozenset[str]]:
    """Each module -> the project modules it imports anywhere in its text (a name imported from a package that
    is a module of its own counts as that module; a package's own submodules do not count as importing it)."""
    mods = modules()
    graph: dict[str, frozenset[str]] = {}
    for m, p in mods.items():
        pkg = m if p.name == "__init__.py" else m.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg.split(".")
                    up = up[: len(up) - (node.level - 1)] if node.level > 1 else up
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != m and not m.startswith(t + "."):
                    found.add(t)
        graph[m] = frozenset(found)
    return graph


@cache
def circles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    graph = imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def circles_in(top: str) -> list[list[str]]:
    return [c for c in circles() if any(m == top or m.startswith(top + ".") for m in c)]


def test_the_circle_finder_finds_a_circle_through_a_function_level_import(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder itself: an import inside a function (or under TYPE_CHECKING) closes a circle too."""
    for name, text in {"a.py": "from . import b\n",
                       "b.py": "def f():\n    from .a import x\n",
                       "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import f\n",
                       "__init__.py": ""}.items():
        (tmp_path / "bot" / "pkg").mkdir(parents=True, exist_ok=True)
        (tmp_path / "bot" / "pkg" / name).write_text(text)
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    for f in (modules, imports, circles):
        f.cache_clear()
    try:
        assert circles() == [["bot.pkg.a", "bot.pkg.b"]]
        assert imports()["bot.pkg.c"] == {"bot.pkg.b"}
    finally:
        monkeypatch.undo()
        for f in (modules, imports, circles):
            f.cache_clear()


@pytest.mark.parametrize("top", ["engine", "bot", "storage"])
def test_no_import_circle(top: str) -> None:
    assert circles_in(top) == []


# What each part of the bot must never import, which is what keeps a click going one way: the edge hands a click
# to the table service, whose lobby uses play, play uses delivery and the timers, and nothing below reaches back
# up (what comes back unasked, a timer firing or a channel found gone, reaches the part that handles it through a
# callable it was built with).
NEVER = {
    "bot.edge.components": ("bot.service", "bot.edge.client", "bot.edge.cogs"),
    "bot.edge.errors": ("bot.service", "bot.edge"),
    "bot.edge.shards": ("bot.service", "bot.edge"),
    "bot.service": ("bot.edge.client", "bot.edge.cogs", "bot.edge.forward", "bot.service.tables"),
    "bot.service.lobby": ("bot.service.tables",),
    "bot.service.play": ("bot.service.lobby", "bot.service.tables", "bot.service.history"),
    "bot.service.delivery": ("bot.service.play", "bot.service.lobby", "bot.service.timers", "bot.service.history"),
    "bot.service.timers": ("bot.service.play", "bot.service.lobby", "bot.service.delivery", "bot.service.history"),
    "bot.service.history": ("bot.service.play", "bot.service.lobby", "bot.service.delivery", "bot.service.timers"),
    "bot.service.registry": ("bot.service.play", "bot.service.lobby", "bot.service.delivery", "bot.service.timers",
                             "bot.service.history"),
    "bot.service.table": ("bot.service.registry", "bot.service.play", "bot.service.lobby", "bot.service.delivery",
                          "bot.service.timers", "bot.service.history"),
}


def test_a_click_goes_one_way() -> None:
    graph = imports()
    wrong = []
    for m, deps in sorted(graph.items()):
        if m == "bot.service.tables":
            continue  # the service builds its parts
        for owner, banned in NEVER.items():
            if m == owner or m.startswith(owner + "."):
                wrong += [(m, d) for d in sorted(deps) for b in banned if d == b or d.startswith(b + ".")]
    assert wrong == []


SQL = re.compile(r"\b(SELECT\b[^\n]*\bFROM|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b")  # as storage/ writes it


def test_the_bot_asks_the_storage_api_and_writes_no_sql() -> None:
    """Every query is written once, in storage/db.py, for SQLite and PostgreSQL alike."""
    found = []
    for m, p in sorted(modules().items()):
        if not m.startswith("bot."):
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.search(node.value):
                found.append((m, node.lineno, node.value[:60]))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("fetch", "execute", "executemany") \
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "db":
                found.append((m, node.lineno, f"db.{node.func.attr}"))
    assert found == []
