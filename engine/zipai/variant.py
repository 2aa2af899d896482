"""Registering a 字牌 variant: family, seat count, plain hands and the calculator all follow from its rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Game
from ..registry import Variant, register
from .calc import score_hand
from .game import ZipaiGame
from .rules import ZipaiRules


def zipai_variant(rules: ZipaiRules, *, new_hand: Callable[..., Game] | None = None, **fields: Any) -> Variant:
    """Register ``rules`` as a variant; ``fields`` are the rest of :class:`Variant` (name, options, …).
    Without ``new_hand`` every hand is a plain :class:`ZipaiGame` of ``rules``."""

    def plain_hand(options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any]) -> Game:
        return ZipaiGame(rules, options, seed, dealer, carry)

    variant = Variant(id=rules.id, family="zipai", seats=rules.seats, new_hand=new_hand or plain_hand,
                      score=lambda data: score_hand(data, rules, variant.validate), **fields)
    return register(variant)
