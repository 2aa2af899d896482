"""``python -m engine score``: one JSON hand on stdin → one JSON evaluation on stdout.

Invalid input exits with status 2 and one line on stderr naming the problem (README contract), whatever the
bytes on stdin: never a traceback. The variant's family calculator is reached through the registry and reports
bad input as :class:`~engine.core.InvalidInput`; anything else it raises is a bug and stays a traceback."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from .contract import check_fields
from .core import InvalidInput
from .options import shown_value
from .registry import all_variants, get_variant

# An input is an object of lists of objects of lists of strings (depth 5); anything far deeper is not one,
# and walking it could exhaust the stack.
MAX_DEPTH = 20
MAX_DIGITS = 30


# The older name, kept for callers that catch it.
InvalidHand = InvalidInput


def evaluate(data: Any, strict: bool = False) -> dict[str, Any]:
    """Evaluate one calculator input; raises :class:`InvalidInput` naming the problem.

    Cards and context flags are always strict. Options: ``strict`` (the JSON contract of ``python -m engine
    score``) takes only JSON types; otherwise the text forms a player types ("chongtun=2") are converted too."""
    check_fields(data)
    if "variant" not in data:
        raise InvalidInput("missing field 'variant'")
    if not isinstance(data["variant"], str):
        raise InvalidInput(f"variant must be a string, not {shown_value(data['variant'])}")
    if data["variant"] not in {v.id for v in all_variants()}:
        known = ", ".join(v.id for v in all_variants())
        raise InvalidInput(f"unknown variant {shown_value(data['variant'])} (known: {known})")
    variant = get_variant(data["variant"])
    if variant.score is None:
        raise InvalidInput(f"variant {shown_value(variant.id)} has no hand calculator")
    if strict and isinstance(data.get("options"), dict):
        variant.validate(data["options"], strict=True)
    return variant.score(data)


def _no_constant(word: str) -> Any:
    raise InvalidInput(f"{word} is not a JSON number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InvalidInput(f"a number of {len(text.lstrip('-'))} digits is too large")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidInput(f"the number {text[:20]} is too large")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:  # json keeps the last silently: the first would be ignored without a word
            raise InvalidInput(f"field {key!r} given twice")
        out[key] = value
    return out


def _check_depth(data: Any) -> None:
    """Walked without recursion: the depth check must not itself overflow."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidInput(f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]


def parse_json(text: str) -> Any:
    """The JSON document of the contract, or InvalidInput naming what is wrong with it."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_int, parse_float=_float,
                          object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        raise InvalidInput(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise InvalidInput(f"nested more than {MAX_DEPTH} levels deep") from None
    _check_depth(data)
    return data


def _read_stdin() -> str:
    raw = sys.stdin.buffer.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InvalidInput(f"not UTF-8 text (byte {e.start + 1})") from None


def main(stdin: str | None = None) -> int:
    try:
        data = parse_json(_read_stdin() if stdin is None else stdin)
        out = evaluate(data, strict=True)
    except InvalidInput as e:
        print(f"invalid input: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0
