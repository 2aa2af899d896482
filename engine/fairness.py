"""Deals anyone can verify (公平性): a hand's commitment before play, the proof after it.

When a hand is dealt the table shows ``commitment(variant, seed, salt)``, a SHA-256 of the variant id, the hand's
seed and a secret salt. Nobody can find the seed from it (the salt is 128 random bits), and the bot cannot change
the seed afterwards without the digest changing. When the hand ends the seed, the salt and the wall the engine
recorded are revealed; :func:`verify` recomputes the commitment and the deal from the seed alone and compares both,
so a wall that was changed by one card, or a seed other than the committed one, fails.

The deal depends on the variant, its room options and the seed only (every family shuffles its deck from the seed
before the dealer or carried state are looked at), so the record needs nothing else.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .registry import get_variant

SCHEME = "hunan-tables/deal/v1"


def new_salt() -> str:
    """128 secret random bits, as 32 hex digits."""
    return secrets.token_hex(16)


def commitment(variant_id: str, seed: int, salt: str) -> str:
    """The hex SHA-256 a table shows when the hand is dealt."""
    return hashlib.sha256(f"{SCHEME}|{variant_id}|{seed}|{salt}".encode()).hexdigest()


def deal(variant_id: str, options: dict[str, Any] | None, seed: int) -> list[int]:
    """The wall (the whole shuffled deck, in the order the hand deals it) that ``seed`` gives this variant."""
    variant = get_variant(variant_id)
    opts = variant.validate(options)
    game = variant.new_hand(opts, seed, 0, {})
    return list(game.deck)


@dataclass(frozen=True, slots=True)
class Verdict:
    commitment_ok: bool
    wall_ok: bool | None  # None: no wall was given to compare
    expected: str  # the commitment recomputed
    first_difference: int | None = None  # the first position where the given wall differs from the deal

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.wall_ok is not False


def verify(variant_id: str, options: dict[str, Any] | None, seed: int, salt: str, committed: str,
           wall: Sequence[int] | None = None) -> Verdict:
    """Check a revealed hand: the commitment from (variant, seed, salt), and, when given, the wall against the deal
    recomputed from the seed."""
    expected = commitment(variant_id, seed, salt)
    ok = secrets.compare_digest(expected, committed.strip().lower())
    if wall is None:
        return Verdict(ok, None, expected)
    dealt = deal(variant_id, options, seed)
    given = [int(c) for c in wall]
    diff = next((i for i, (a, b) in enumerate(zip(dealt, given, strict=False)) if a != b), None)
    if diff is None and len(dealt) != len(given):
        diff = min(len(dealt), len(given))
    return Verdict(ok, diff is None, expected, diff)


def verify_record(record: dict[str, Any]) -> Verdict:
    """:func:`verify` of a revealed hand as ``/verify`` and the replay print it: ``{"variant", "options", "seed",
    "salt", "commitment", "wall"}`` (``options`` and ``wall`` optional). Raises ``ValueError`` on a malformed one."""
    if not isinstance(record, dict):
        raise ValueError("a hand record is a JSON object")
    try:
        variant, seed, salt, committed = (record["variant"], record["seed"], record["salt"], record["commitment"])
    except KeyError as e:
        raise ValueError(f"missing field: {e.args[0]}") from None
    if not (isinstance(variant, str) and isinstance(salt, str) and isinstance(committed, str)):
        raise ValueError("variant, salt and commitment are strings")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("seed is an integer")
    options = record.get("options") or {}
    wall = record.get("wall")
    if not isinstance(options, dict) or (wall is not None and not (
            isinstance(wall, list) and all(isinstance(c, int) and not isinstance(c, bool) for c in wall))):
        raise ValueError("options is an object and wall a list of integers")
    return verify(variant, options, seed, salt, committed, wall)
