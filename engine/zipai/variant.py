"""Registering a 字牌 variant: family, seat count, hands and the calculator all follow from its rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import Game
from ..registration import EASY, HARD, Family, Traits, Variant, register, register_family
from .ai import choose, choose_easy
from .calc import score_hand
from .game import ZipaiGame
from .hard import choose as choose_hard
from .hints import zipai_hints, zipai_standing
from .rules import ZipaiRules

FAMILY = register_family(Family(
    id="zipai", choose=choose, traits=Traits(secret_claims=True, hints=True, standing=True),
    hints=zipai_hints, standing=zipai_standing, levels={EASY: choose_easy, HARD: choose_hard}))


def hand_rules(variant: Variant, options: dict[str, Any]) -> ZipaiRules:
    """The rules of a ``variant`` hand played with ``options`` — the one place they are derived, for shuffled and
    stacked hands alike (剥皮's 人数 picks the 数醒 rules, 安化's 明偎 the shown 偎 …)."""
    rules = variant.rules_for(options) if variant.rules_for else None
    assert isinstance(rules, ZipaiRules), f"{variant.id} is not a 字牌 variant"
    return rules


def zipai_variant(rules: ZipaiRules, *, rules_for: Callable[[dict[str, Any]], ZipaiRules] | None = None,
                  hand_options: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None,
                  **fields: Any) -> Variant:
    """Register ``rules`` as a variant; ``fields`` are the rest of :class:`Variant` (name, options, …).
    ``rules_for(options)`` picks the rules where an option changes them (default: always ``rules``);
    ``hand_options(options, carry)`` adds what a hand's options take from the carry-over (跑胡子's 黄番)."""

    def new_hand(options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
                 wall: Sequence[int] | None = None) -> Game:
        opts = hand_options(options, carry) if hand_options else dict(options)
        return ZipaiGame(hand_rules(variant, opts), opts, seed, dealer, carry, deck=wall)

    variant = Variant(id=rules.id, family="zipai", seats=rules.seats, new_hand=new_hand,
                      rules_for=rules_for or (lambda options: rules),
                      score=lambda data: score_hand(data, rules, variant.validate), **fields)
    return register(variant)
