"""One presenter per family: the shared bot code never names a family or a variant, and a family's folder names only
its own; every family registers a presenter, and the frames dispatch through it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.present.contract import Presenter
from bot.present.registry import presenter_for, presenters
from engine.registry import all_variants

BOT = Path(__file__).resolve().parents[2] / "bot"
FAMILIES = BOT / "families"


def _names() -> dict[str, set[str]]:
    """Each family id → the words that name it: its id and its variants' ids (the engine's families: a test's own,
    such as the toy, has a name too common to forbid)."""
    out: dict[str, set[str]] = {}
    for v in all_variants():
        if v.new_hand.__module__.startswith("engine."):
            out.setdefault(v.family, {v.family}).add(v.id)
    return out


def naming(tree: ast.AST, words: set[str]) -> list[str]:
    """Where ``tree`` names one of ``words``: a string constant equal to one (docstrings aside), an identifier
    containing one (``is_mahjong``, ``render_paodekuai``), an import of a module path naming one
    (``engine.mahjong.tiles``, ``.paodekuai``)."""
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    hits = []

    def ident(line: int, name: str | None) -> None:
        if name and any(w in name.lower() for w in words):
            hits.append(f"{line}: name {name}")

    for n in ast.walk(tree):
        line = getattr(n, "lineno", 0)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs and n.value in words:
            hits.append(f"{line}: literal {n.value!r}")
        elif isinstance(n, ast.Name):
            ident(line, n.id)
        elif isinstance(n, ast.Attribute):
            ident(line, n.attr)
        elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            ident(line, n.name)
        elif isinstance(n, ast.arg):
            ident(line, n.arg)
        elif isinstance(n, ast.ImportFrom | ast.Import):
            modules = [n.module or ""] if isinstance(n, ast.ImportFrom) else [a.name for a in n.names]
            for module in modules:
                if set(module.split(".")) & words:
                    hits.append(f"{line}: imports {module}")
            for a in n.names:
                ident(line, a.asname or (a.name if isinstance(n, ast.ImportFrom) else None))
    return hits


def _hits(path: Path, words: set[str]) -> list[str]:
    return [f"{path.relative_to(BOT.parent)}:{hit}" for hit in naming(ast.parse(path.read_text(encoding="utf-8")), words)]


def test_the_check_finds_what_it_looks_for() -> None:
    """The check itself: every kind of naming is caught; docstrings and other words are not."""
    code = '''"""mahjong in a docstring is fine."""
from engine.mahjong.tiles import tile_name
from . import render_paodekuai
import engine.zipai.cards as cards
def is_mahjong(view): return view.get("family") == "mahjong" or view["variant"] == "hongzhong"
def fine(view, other): return view.get("family") == "other"
'''
    hits = naming(ast.parse(code), {"mahjong", "hongzhong", "paodekuai", "zipai"})
    assert sorted(hits) == sorted(["2: imports engine.mahjong.tiles", "3: name render_paodekuai",
                                   "4: imports engine.zipai.cards", "5: name is_mahjong", "5: literal 'mahjong'",
                                   "5: literal 'hongzhong'"])


def test_shared_bot_code_never_names_a_family_or_a_variant() -> None:
    """Outside ``bot/families/<family>/`` (and ``__main__.py``, whose CLI default may name one) no module compares
    against a family or variant id, names one in an identifier, or imports a family's engine modules: it asks the
    table's presenter."""
    words = set().union(*_names().values())
    hits = []
    for path in sorted(BOT.rglob("*.py")):
        if path.is_relative_to(FAMILIES) and path.parent != FAMILIES or path.name == "__main__.py":
            continue
        if path == FAMILIES / "__init__.py":  # the list of presenters: imports each family's, names none
            hits += [h for h in _hits(path, words) if "literal" in h]
            continue
        hits += _hits(path, words)
    assert hits == []


def test_a_family_folder_names_only_its_own_family() -> None:
    names = _names()
    hits = []
    for family, own in names.items():
        others = set().union(*(w for f, w in names.items() if f != family)) - own
        for path in sorted((FAMILIES / family).rglob("*.py")):
            hits += _hits(path, others)
    assert hits == []


@pytest.mark.parametrize("family", sorted({v.family for v in all_variants()}))
def test_every_family_has_a_presenter(family: str) -> None:
    """Each family of the engine's registry is shown by a presenter with the whole protocol, and offers a /calc form
    exactly when one of its variants has a calculator."""
    presenter = presenter_for(family)
    assert presenter.family == family and presenter in presenters()
    members = {n for n in vars(Presenter) if not n.startswith("_")} | set(Presenter.__annotations__)
    assert {m for m in members if not hasattr(presenter, m)} == set()
    assert (presenter.calc is not None) == any(v.score is not None for v in all_variants() if v.family == family)
