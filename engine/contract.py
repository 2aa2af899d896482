"""The calculator contract's fields common to every family (``../shared/rules/README.md``, ``docs/calculator.md``),
read once: the input object and its known fields, ``hand`` / ``win_from`` / ``win_card`` presence, and the
``context`` flags. A family's calculator reads its own cards, melds and options after these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .core import InvalidInput
from .options import shown_value

# Any other key is a typo ("meld", "contxt") that would otherwise be ignored and give a wrong answer.
FIELDS = ("variant", "hand", "win_card", "win_from", "melds", "context", "options")


def check_fields(data: Any) -> dict[str, Any]:
    """The input is a JSON object of known fields only."""
    if not isinstance(data, dict):
        raise InvalidInput("input must be a JSON object")
    for key in data:
        if key not in FIELDS:
            raise InvalidInput(f"unknown field {key!r} (fields: {', '.join(FIELDS)})")
    return data


def read_head(data: dict[str, Any], win_from_allowed: Iterable[str], family: str) -> tuple[str, Any]:
    """(``win_from``, the raw ``win_card``): both present and typed as the contract says (a null
    ``win_card`` only for a start-of-hand ``deal``)."""
    allowed = tuple(win_from_allowed)
    for key in ("hand", "win_from"):
        if key not in data:
            raise InvalidInput(f"missing field {key!r}")
    win_from = data["win_from"]
    if not isinstance(win_from, str) or win_from not in allowed:
        raise InvalidInput(f"win_from {shown_value(win_from)} is not one of {', '.join(allowed)} for {family}")
    if "win_card" not in data and win_from != "deal":
        raise InvalidInput("missing field 'win_card'")
    win_raw = data.get("win_card")
    if win_raw is None and win_from != "deal":
        raise InvalidInput("win_card may be null only with win_from 'deal'")
    return win_from, win_raw


def read_context(raw: Any, flags: Iterable[str]) -> dict[str, bool]:
    """Every flag the family knows, False unless given; each given flag a JSON boolean (null = omitted only for
    the whole ``context``)."""
    known = tuple(flags)
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidInput("context must be an object")
    out = dict.fromkeys(known, False)
    for key, value in raw.items():
        if key not in known:
            raise InvalidInput(f"unknown context flag {key!r} (known: {', '.join(known)})")
        if not isinstance(value, bool):
            raise InvalidInput(f"context flag {key!r} must be true or false, not {shown_value(value)}")
        out[key] = value
    return out
