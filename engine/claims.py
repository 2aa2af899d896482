"""The claim window (all families): a revealed card, every seat's options, resolution by priority.

Each seat with options decides (several at once); compulsory claims (跑, 提 …) are entered as already
decided. The window resolves as soon as no undecided seat could still beat the best claim made so far:
higher priority wins, then seat order (the order the variant gives, e.g. drawer → 下家 → 上家).
A seat whose own option could not change the outcome is never asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .core import Action

# Priorities shared by every family: 胡 before 跑/碰/杠 before 吃.
PRIORITY = {"hu": 3, "pao": 2, "peng": 2, "gang": 2, "chi": 1}


@dataclass
class ClaimWindow:
    card: Any
    order: list[int]  # seats in precedence order for ties
    options: dict[int, list[Action]]  # seat -> its choosable actions (a "pass" is always allowed)
    decided: dict[int, Action] = field(default_factory=dict)
    forced: dict[int, Action] = field(default_factory=dict)  # compulsory claims, applied unless beaten

    def _rank(self, seat: int, action: Action) -> tuple[int, int]:
        return (PRIORITY.get(action.kind, 0), -self.order.index(seat))

    def _best_possible(self, seat: int) -> tuple[int, int]:
        ranks = [self._rank(seat, a) for a in self.options.get(seat, [])]
        if seat in self.forced:
            ranks.append(self._rank(seat, self.forced[seat]))
        return max(ranks, default=(0, 0))

    def best_claim(self) -> tuple[int, Action] | None:
        claims = []
        for seat in self.order:
            action = self.decided.get(seat)
            if action is not None and action.kind != "pass":
                claims.append((seat, action))
            elif seat in self.forced:
                claims.append((seat, self.forced[seat]))
        return max(claims, key=lambda sa: self._rank(*sa), default=None)

    def pending(self) -> list[int]:
        """Undecided seats whose decision could still change the outcome, in precedence order."""
        best = self.best_claim()
        floor = self._rank(*best) if best else (0, -len(self.order))
        return [
            s for s in self.order
            if s in self.options and s not in self.decided and self._best_possible(s) > floor
        ]

    def resolved(self) -> bool:
        return not self.pending()

    def decliners_beaten_by(self, winner: tuple[int, Action] | None) -> list[tuple[int, Action]]:
        """Options a seat passed on that would have beaten the outcome (for 过张 / 忍碰 marks)."""
        floor = self._rank(*winner) if winner else (0, -len(self.order))
        out = []
        for seat, action in self.decided.items():
            if action.kind != "pass":
                continue
            for option in self.options.get(seat, []):
                if self._rank(seat, option) > floor:
                    out.append((seat, option))
        return out
