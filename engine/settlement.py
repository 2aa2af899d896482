"""Settlement over seats, not over a game: who sits where, who pays whom (any card family).

A hand's settlement needs only the seating of the moment — how many seats, which of them play, the dealer,
the 数醒 who sits the hand out, the seat whose card was won — and the room options and carry-over state that
price it. Keeping it off the game object lets a 字牌 and a 麻将 family share the payment shapes below.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Seating:
    seats: int
    active: tuple[int, ...]
    dealer: int
    sitter: int | None = None
    # Who discarded or showed the won card (放炮 / the drawer), or None for the winner's own card or hand.
    from_seat: int | None = None
    options: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    carry: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def __post_init__(self) -> None:
        if any(not 0 <= s < self.seats for s in self.active) or len(set(self.active)) != len(self.active):
            raise ValueError(f"active seats {self.active} do not fit {self.seats} seats")
        if self.sitter is not None and self.sitter in self.active:
            raise ValueError(f"seat {self.sitter} cannot both sit out and play")

    @classmethod
    def everyone(cls, seats: int, dealer: int = 0, **kw: Any) -> Seating:
        """Every seat plays (no 数醒)."""
        return cls(seats, tuple(range(seats)), dealer, **kw)

    def others(self, winner: int) -> tuple[int, ...]:
        """The active seats that lose to ``winner``."""
        return tuple(s for s in self.active if s != winner)

    def zeros(self) -> list[int]:
        return [0] * self.seats


def each_loser_pays(seating: Seating, winner: int, amount: int) -> list[int]:
    """Every other active seat pays ``amount`` to the winner (zero-sum; the 数醒 never pays)."""
    deltas = seating.zeros()
    for s in seating.others(winner):
        deltas[s] -= amount
        deltas[winner] += amount
    return deltas


def one_pays(seating: Seating, winner: int, payer: int, amount: int) -> list[int]:
    """``payer`` alone pays ``amount`` to the winner (zero-sum)."""
    if payer == winner or payer not in seating.active:
        raise ValueError(f"seat {payer} cannot pay seat {winner}")
    deltas = seating.zeros()
    deltas[payer] -= amount
    deltas[winner] += amount
    return deltas


def one_pays_all(seating: Seating, winner: int, payer: int, share: int) -> list[int]:
    """包赔: ``payer`` pays every loser's ``share`` alone, so the winner gets what each loser paying would give."""
    return one_pays(seating, winner, payer, share * len(seating.others(winner)))


def nobody_pays(seating: Seating) -> list[int]:
    return seating.zeros()
