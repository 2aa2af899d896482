"""The rules variants share for a match as a whole: the dealer's rotation after a hand, the end of a race (a 胡息
target or a hand cap), and the race variants' match-end payments. Variants use these in their ``after_hand`` and
final settlement; :mod:`engine.match` drives the hands."""

from __future__ import annotations

from typing import Any

from .core import HandResult
from .options import Option
from .registration import MatchProgress
from .words import msg

# Race matches (play to a 胡息 target) also end after this many hands, settled as if the target were reached:
# a table whose hands keep ending in 黄庄 would otherwise never finish.
# labels without spaces: the text form of room options splits on them (局数上限=20局)
MAX_HANDS = Option("max_hands", 20, (10, 20, 30, 50), "局数上限", ("10局", "20局", "30局", "50局"))


def pairwise_payments(totals: list[int], birds: list[int] | None = None, unit: str = "胡息") -> list[dict[str, Any]]:
    """The race variants' match-end settlement, one payment per pair of seats: the lower total pays the higher
    the difference, plus both players' 打鸟 stakes (``birds``, 0 for a player without one). Equal totals pay
    nothing. ``why`` is the reason the bot words after the amount (a message: 胡息差 80，鸟分 5+0)."""
    birds = birds or [0] * len(totals)
    out: list[dict[str, Any]] = []
    for i in range(len(totals)):
        for j in range(i + 1, len(totals)):
            if totals[i] == totals[j]:
                continue
            payee, payer = (i, j) if totals[i] > totals[j] else (j, i)
            diff = totals[payee] - totals[payer]
            bird = birds[payee] + birds[payer]
            why = msg("胡数差 {n}", n=diff) if unit == "胡数" else msg("胡息差 {n}", n=diff)
            if bird:
                why = msg("{diff}，{birds}", diff=why, birds=msg("鸟分 {a}+{b}", a=birds[payee], b=birds[payer]))
            out.append({"payer": payer, "payee": payee, "amount": diff + bird, "diff": diff, "birds": bird,
                        "why": why})
    return out


def settle_payments(seats: int, payments: list[dict[str, Any]]) -> list[int]:
    """Per-seat net of a list of payments."""
    net = [0] * seats
    for p in payments:
        net[p["payee"]] += p["amount"]
        net[p["payer"]] -= p["amount"]
    return net


def race_over(progress: MatchProgress, target_reached: bool) -> None:
    """End a race match when its target is reached or after ``max_hands`` hands, whichever comes first."""
    progress.over = target_reached or progress.hand_no >= progress.options[MAX_HANDS.key]


def winner_deals(progress: MatchProgress, result: HandResult) -> None:
    """The common rotation: the winner deals next; after a drawn hand (黄庄/荒庄) the dealer keeps the deal.
    ``carry["huangzhuang"]`` counts the drawn hands since the last win (黄番, 爬坡)."""
    if result.draw:
        progress.carry["huangzhuang"] = progress.carry.get("huangzhuang", 0) + 1
    else:
        progress.carry["huangzhuang"] = 0
        progress.dealer = result.winners[0]


def book_dealer(progress: MatchProgress, result: HandResult) -> None:
    """A hand that names its next dealer (通炮 → the discarder, 长沙's 海底 taker) decides the deal; the
    variant's ``after_hand`` has run first, so its carry-over (黄庄 count, match end) still applies."""
    if result.next_dealer is None:
        return
    if not 0 <= result.next_dealer < progress.seats:
        raise ValueError(f"next dealer {result.next_dealer} of {progress.seats} seats")
    progress.dealer = result.next_dealer
