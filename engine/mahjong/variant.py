"""Registering a mahjong variant: the family, its AI, and a hand built from the rules its options give."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import Game, HandResult
from ..registration import EASY, HARD, Family, MatchProgress, Traits, Variant, register, register_family
from .ai import choose, choose_easy
from .game import MahjongGame
from .hard import choose as choose_hard
from .hints import mahjong_hints, mahjong_standing
from .rules import MahjongRules

# 长沙's own steps have an AI of their own: its variant declares it (``Variant.choose``)
FAMILY = register_family(Family(
    id="mahjong", choose=choose, traits=Traits(secret_claims=True, hints=True, standing=True),
    hints=mahjong_hints, standing=mahjong_standing, levels={EASY: choose_easy, HARD: choose_hard}))


def hands_over(progress: MatchProgress, result: HandResult) -> None:
    """A match of ``hands`` 局; the hand names its next dealer (``HandResult.next_dealer``)."""
    progress.over = progress.hand_no >= progress.options["hands"]


def mahjong_variant(id: str, rules_for: Callable[[dict[str, Any]], MahjongRules],
                    score: Callable[[dict[str, Any]], dict[str, Any]], **fields: Any) -> Variant:
    def new_hand(options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
                 wall: Sequence[int] | None = None) -> Game:
        return MahjongGame(rules_for(options), options, seed, dealer, carry, wall=wall)

    fields.setdefault("after_hand", hands_over)
    variant = Variant(id=id, family="mahjong", seats=4, new_hand=new_hand, rules_for=rules_for, score=score,
                      **fields)
    return register(variant)
