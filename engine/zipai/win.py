"""Choosing and pricing the best winning arrangement (README rule 5), for the game and the calculator."""

from __future__ import annotations

from collections.abc import Sequence

from .decompose import NEG
from .evaluate import DISCARD, OTHER_DRAW, OWN, arrangements, max_huxi
from .groups import Group
from .rules import Priced, WinContext, ZipaiRules


def source_of(win_from: str, dealer: bool) -> str:
    """How the arrangement rules treat the winning card (rule 1 vs rule 2)."""
    if win_from == "self_draw" or (win_from == "deal" and dealer):
        return OWN
    if win_from == "discard":
        return DISCARD
    return OTHER_DRAW


def can_reach(rules: ZipaiRules, counts: Sequence[int], melds: Sequence[Group], win: int | None, source: str) -> bool:
    """Cheap pre-check: some arrangement reaches the 胡息 minimum (pricing may still refuse it)."""
    best = max_huxi(counts, melds, win, source, rules.group_count)
    return best != NEG and best >= rules.min_huxi


def price_best(
    rules: ZipaiRules, counts: Sequence[int], melds: Sequence[Group], ctx: WinContext
) -> Priced | None:
    """The arrangement with the highest settled value (ties: higher 胡息), or None if none wins."""
    assert rules.price is not None
    source = source_of(ctx.win_from, ctx.dealer)
    if not can_reach(rules, counts, melds, ctx.win_card, source):
        return None
    best: Priced | None = None
    for arr in arrangements(counts, melds, ctx.win_card, source, rules.group_count):
        if arr.huxi < rules.min_huxi:
            continue
        priced = rules.price(arr, ctx)
        if priced is not None and (best is None or (priced.value, priced.huxi) > (best.value, best.huxi)):
            best = priced
    return best
