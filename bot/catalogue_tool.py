"""``python -m bot.catalogue_tool [--fill]``: the bot's strings against its catalogue.

Lists every ``tr("…")`` source in ``bot/`` that the catalogue lacks, and every entry missing a language.
``--fill`` appends the missing sources, with their zh-TW written by OpenCC (``pip install
opencc-python-reimplemented``; 鬍 put back to 胡, which in these games never means a beard) and an empty
English for the author to write: ``tests/bot/test_i18n.py`` fails until it is written.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from .i18n import CATALOGUE_PATH, catalogue

BOT = Path(__file__).parent
CJK = re.compile(r"[\u3400-\u9fff]")
# Files whose Chinese is not the bot's speech: the fake Discord, and the terminal tools (demo, argparse).
NOT_SPEECH = {"harness.py", "demo.py", "__main__.py", "i18n.py", "catalogue_tool.py"}
INPUT_MARK = "# i18n: input"  # a line holding words the bot reads (calculator vocabulary), not words it says


def _is_tr(call: ast.Call, names: dict[str, int] | None = None) -> int | None:
    """The index of the source argument when ``call`` is ``tr(...)`` or ``tr_in(lang, ...)`` (``names``: other
    functions to recognise, with the index of their source)."""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    return (names or {"tr": 0, "tr_in": 1}).get(name or "")


COMMAND_MARK = {"t": 0}  # ``t("English")``: slash-command metadata, a source of the [commands] table


def sources(path: Path, names: dict[str, int] | None = None) -> Iterator[tuple[int, str]]:
    """(line, source text) of every literal ``tr`` source in one module (``names``: of those calls instead)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and (i := _is_tr(node, names)) is not None and len(node.args) > i:
            arg = node.args[i]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield node.lineno, arg.value


def loose_chinese(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every Chinese literal outside a ``tr`` source and not marked as input."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    wrapped: set[int] = set()
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) > 0:
            for i in (_is_tr(node), _is_tr(node, COMMAND_MARK)):
                if i is not None and len(node.args) > i:
                    wrapped.add(id(node.args[i]))
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and CJK.search(node.value)
                and id(node) not in wrapped and id(node) not in docstrings):
            end = getattr(node, "end_lineno", node.lineno) or node.lineno
            if not any(INPUT_MARK in lines[n - 1] for n in range(node.lineno, end + 1)):
                yield node.lineno, node.value


def bot_modules() -> list[Path]:
    return sorted(p for p in BOT.rglob("*.py") if p.name not in NOT_SPEECH)


def missing() -> list[str]:
    messages = catalogue()["messages"]
    seen: dict[str, None] = {}
    for path in bot_modules():
        for _, source in sources(path):
            if source not in messages:
                seen.setdefault(source)
    return list(seen)


def missing_commands() -> list[str]:
    """Literal ``t("…")`` command metadata the [commands] table lacks (its entries are written by hand)."""
    commands = catalogue()["commands"]
    return list(dict.fromkeys(source for path in bot_modules() for _, source in sources(path, COMMAND_MARK)
                              if source not in commands))


def incomplete() -> list[str]:
    out = [k for k, v in catalogue()["messages"].items() if not v.get("zh-TW") or not v.get("en")]
    out += [k for k, v in catalogue()["commands"].items() if not v.get("zh-CN") or not v.get("zh-TW")]
    return out


def to_traditional(text: str) -> str:
    import opencc  # type: ignore[import-untyped]  # a tool's dependency, not the bot's

    return str(opencc.OpenCC("s2tw").convert(text)).replace("鬍", "胡")


def fill(new: list[str]) -> None:
    lines = [f"{json.dumps(s, ensure_ascii=False)} = {{ zh-TW = {json.dumps(to_traditional(s), ensure_ascii=False)}, "
             f'en = "" }}' for s in new]
    with CATALOGUE_PATH.open("a", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.catalogue_tool", description=__doc__)
    parser.add_argument("--fill", action="store_true", help="append missing sources (zh-TW by OpenCC, English empty)")
    args = parser.parse_args(argv)
    new = missing()
    for s in new:
        print(f"missing: {s}")
    for s in missing_commands():
        print(f"missing in [commands]: {s}")
    for s in incomplete():
        print(f"incomplete: {s}")
    if args.fill and new:
        fill(new)
        print(f"appended {len(new)} entries to {CATALOGUE_PATH}; write their English")
    return 1 if new or incomplete() or missing_commands() else 0


if __name__ == "__main__":
    sys.exit(main())
