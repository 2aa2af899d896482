"""``python -m engine score``: one JSON hand on stdin → one JSON evaluation on stdout.

Invalid input exits with status 2 and one line on stderr naming the problem (README contract)."""

from __future__ import annotations

import json
import sys
from typing import Any

from .core import OptionError
from .registry import get_variant
from .zipai.calc import CalcInputError


class InvalidHand(ValueError):
    pass


def evaluate(data: Any, strict: bool = False) -> dict[str, Any]:
    """Evaluate one calculator input; raises :class:`InvalidHand` naming the problem.

    Cards and context flags are always strict. Options: ``strict`` (the JSON contract of ``python -m engine
    score``) takes only JSON types; otherwise the text forms a player types ("chongtun=2") are converted too."""
    if not isinstance(data, dict):
        raise InvalidHand("input must be a JSON object")
    if "variant" not in data:
        raise InvalidHand("missing field 'variant'")
    if not isinstance(data["variant"], str):
        raise InvalidHand(f"variant must be a string, not {data['variant']!r}")
    try:
        variant = get_variant(data["variant"])
        if strict and isinstance(data.get("options"), dict):
            variant.validate(data["options"], strict=True)
        return variant.score(data)
    except (CalcInputError, OptionError) as e:
        raise InvalidHand(str(e)) from None


def main(stdin: str | None = None) -> int:
    text = sys.stdin.read() if stdin is None else stdin
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"invalid input: not JSON ({e.msg} at line {e.lineno} column {e.colno})", file=sys.stderr)
        return 2
    try:
        out = evaluate(data, strict=True)
    except InvalidHand as e:
        print(f"invalid input: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0
