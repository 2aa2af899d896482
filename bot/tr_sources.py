"""The ``tr`` sources a module says, read from its code (the catalogue tool's extraction, and the picture labels'
font check): a module of its own, so reading them pulls in nothing of the bot."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def is_tr(call: ast.Call, names: dict[str, int] | None = None) -> int | None:
    """The index of the source argument when ``call`` is ``tr(...)``, ``tr_n(...)`` or ``tr_in(lang, ...)``
    (``names``: other functions to recognise, with the index of their source)."""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    return (names or {"tr": 0, "tr_in": 1, "tr_n": 0}).get(name or "")


def sources(path: Path, names: dict[str, int] | None = None) -> Iterator[tuple[int, str]]:
    """(line, source text) of every literal ``tr`` source in one module (``names``: of those calls instead)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and (i := is_tr(node, names)) is not None and len(node.args) > i:
            arg = node.args[i]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield node.lineno, arg.value
