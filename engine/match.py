"""A match: several hands of one variant with running totals and dealer rotation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .core import Game, HandResult
from .match_rules import MAX_HANDS, book_dealer
from .registration import MatchProgress
from .registry import get_variant


class Match:
    """Drives hands one after another. Deterministic given the per-hand seeds."""

    def __init__(self, variant_id: str, options: dict[str, Any] | None = None, first_dealer: int | None = None,
                 seed: int | None = None) -> None:
        """``first_dealer`` given (e.g. a stored match being rebuilt) is kept as it is; otherwise the variant
        decides it once, reproducibly from ``seed``: 随机庄, 剥皮's card draw, or the room owner (seat 0)."""
        self.variant = get_variant(variant_id)
        opts = self.variant.validate(options)
        seats = self.variant.seat_count(opts)
        if first_dealer is None:
            rng = random.Random(seed)
            if self.variant.first_dealer is not None:
                first_dealer = self.variant.first_dealer(opts, seats, rng)
            elif opts.get("banker") == "random":
                first_dealer = rng.randrange(seats)
            else:
                first_dealer = 0
        self.progress = MatchProgress(options=opts, seats=seats, dealer=first_dealer, totals=[0] * seats)
        # The settled hand's result, kept until the next hand is dealt (and once the match is over): nothing the
        # next hand needs is in it (totals, dealer and carry-over are in ``progress``), and the stored log holds
        # every hand's for replays and history. A live table keeps its match for hours: a list of every result
        # grew ~4 KB a hand.
        self.last_result: HandResult | None = None
        self.game: Game | None = None

    @property
    def options(self) -> dict[str, Any]:
        return self.progress.options

    @property
    def seats(self) -> int:
        return self.progress.seats

    @property
    def totals(self) -> list[int]:
        return self.progress.totals

    @property
    def over(self) -> bool:
        return self.progress.over

    @property
    def capped(self) -> bool:
        """The match ended at its hand cap (局数上限) rather than at its target."""
        cap = self.options.get(MAX_HANDS.key)
        target = self.options.get("target")
        return (self.over and cap is not None and self.progress.hand_no >= cap
                and (target is None or max(self.totals) < target))

    def new_hand(self, seed: int, *, wall: Sequence[int] | None = None) -> Game:
        """The next hand, shuffled from ``seed``. ``wall`` (tests only) stacks the cards instead, in the deal order
        the family documents (字牌: :meth:`engine.zipai.game.ZipaiGame.__init__`); dealer, carry-over and rules
        are the match's as for any hand. Stored tables replay from the seed and never pass a wall."""
        if self.progress.over:
            raise RuntimeError("the match is over")
        # A hand without a wall is dealt exactly as before the parameter existed (variants that never stack, the
        # bot's test toys, need not know it).
        stack = {} if wall is None else {"wall": wall}
        self.last_result = None
        self.game = self.variant.new_hand(self.options, seed, self.progress.dealer, dict(self.progress.carry),
                                          **stack)
        return self.game

    def finish_hand(self) -> HandResult:
        """Book the finished hand's result into the running totals and rotate the deal. The deltas already hold
        the hand's standing in-hand payments (``result.ledger``), so they are not added again."""
        game = self.game
        assert game is not None and game.finished and game.result is not None
        result = game.result
        for seat, delta in enumerate(result.deltas):
            self.progress.totals[seat] += delta
        self.progress.hand_no += 1
        self.last_result = result
        self.variant.after_hand(self.progress, result)
        book_dealer(self.progress, result)
        self.game = None
        return result

    def final_scores(self) -> list[int]:
        """Match-end settlement (e.g. pairwise differences in the race variants); otherwise the totals."""
        if self.variant.final_settlement:
            # The carry-over state goes along: stakes chosen in play (打鸟) settle here.
            return self.variant.final_settlement(self.options, list(self.totals), dict(self.progress.carry))
        return list(self.totals)

    def final_breakdown(self) -> list[dict[str, Any]]:
        """How the match-end settlement came about, as payments ``{"payer", "payee", "amount", "diff", "birds",
        "why"}`` (seats 0-based) summing to ``final_scores()``; ``[]`` where the totals are the settlement."""
        if self.variant.final_breakdown:
            return self.variant.final_breakdown(self.options, list(self.totals), dict(self.progress.carry))
        return []

    def ranking(self) -> list[int]:
        scores = self.final_scores()
        return sorted(range(self.seats), key=lambda s: (-scores[s], s))
