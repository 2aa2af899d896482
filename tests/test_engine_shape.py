"""The engine's shape, enforced by the test command: ``ruff`` and ``mypy --strict`` clean, no import circle, and no
module outside a family's own folder (``engine/<family>/``, ``engine/variants/``) naming a family or a variant. And
the rest of the code (bot, storage, benchmarks, the fake Discord edge, the tests themselves) ``mypy`` clean."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from engine.registry import all_variants

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
FAMILY_FOLDERS = ("engine/variants/", *(f"engine/{v.family}/" for v in all_variants()))


def _names() -> set[str]:
    return {v.id for v in all_variants()} | {v.family for v in all_variants()}


def _shared_modules() -> list[Path]:
    return [p for p in sorted(ENGINE.rglob("*.py"))
            if not p.relative_to(ROOT).as_posix().startswith(FAMILY_FOLDERS) and p.name != "__main__.py"]


def family_names_in(path: Path, names: set[str]) -> list[str]:
    """Where a module names a family or a variant: a string constant equal to one (docstrings aside), an identifier
    containing one, an import of a family's module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    hits = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs and n.value in names:
            hits.append(f"{path.name}:{n.lineno}: {n.value!r}")
        elif isinstance(n, ast.Name | ast.Attribute | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            ident = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else n.name
            if any(name in ident.lower() for name in names):
                hits.append(f"{path.name}:{n.lineno}: {ident}")
        elif isinstance(n, ast.ImportFrom | ast.Import):
            modules = [n.module or ""] if isinstance(n, ast.ImportFrom) else [a.name for a in n.names]
            hits += [f"{path.name}:{n.lineno}: imports {m}" for m in modules
                     if any(f".{name}" in f".{m}" for name in names)]
    return hits


def test_no_shared_engine_module_names_a_family_or_a_variant() -> None:
    names = _names()
    hits = [h for p in _shared_modules() for h in family_names_in(p, names)]
    assert hits == []


def test_the_family_name_check_finds_what_it_should(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('"""paohuzi in a docstring is fine."""\nfrom engine.zipai import game\n'
                     'def is_mahjong(v):\n    return v == "changsha"\n', encoding="utf-8")
    assert len(family_names_in(probe, _names())) == 3


def test_ruff_and_mypy_strict_pass_on_the_engine() -> None:
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "engine"], cwd=ROOT, capture_output=True, text=True)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = subprocess.run([sys.executable, "-m", "mypy", "--strict", "engine"], cwd=ROOT, capture_output=True,
                          text=True)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


def test_mypy_passes_on_everything_else() -> None:
    """Plain ``mypy`` (the style guide's level) on the rest. A cache of its own: the strict run above checks the
    engine with other options, and one shared cache would have each run invalidate the other's (a warm run here is
    well under a second, a cold one some seconds)."""
    mypy = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", ".mypy_cache/project", "bot", "storage",
                           "benchmarks", "fake_discord", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
