"""The claim window (all families): a revealed card, every seat's options, resolution by priority.

Each seat with options decides (several at once); compulsory claims (跑, 提 …) are entered as already
decided. Ranks come from the variant (``priority``: action kind → rank; the highest rank of the mapping
is the win rank); ties go by seat order (``order``, the variant's: drawer → 下家 → 上家, or from the
discarder's 下家 on). A seat whose own option could not change the outcome is never asked. A variant passes
its own table, e.g. 长沙 "胡 > 杠/碰 > 吃" with 补张 ranked as 杠: ``{"hu": 3, "gang": 2, "bu": 2, "peng": 2, "chi": 1}``.

Single winner (``multi_win=False``, the 字牌 games): the window resolves as soon as no undecided seat
could still beat the best claim made so far; ``best_claim()`` is the outcome.

Several winners (``multi_win=True``: 一炮多响 / 通炮 — "every player who can win a discard may", several
robbers of one 补杠): the outcome is every seat that chose 胡, in ``order``; only if nobody did does the
usual single best claim (杠/碰/吃 …) apply. So:

* while no 胡 has been chosen, the window asks exactly the seats the single-winner window asks (a 碰
  claimant's answer matters, since every 胡 may still be passed);
* once some seat chose 胡, a lower claim can no longer happen, so only the seats still holding an
  undecided 胡 are asked — each of them, whatever its place in ``order``, since its answer adds a winner;
* a seat that chose a lower claim (碰 …) over its own 胡 has declined that win (漏胡 / 过胡不胡).

``winners()`` is the outcome in both modes: the list of claims that take effect (several only when all
are wins of a multi-win window).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import Action

# The 字牌 priorities, and the default: 胡 before 跑/碰/杠 before 吃.
PRIORITY: Mapping[str, int] = {"hu": 3, "pao": 2, "peng": 2, "gang": 2, "chi": 1}

Claim = tuple[int, Action]


@dataclass
class ClaimWindow:
    card: Any
    order: list[int]  # seats in precedence order for ties
    options: dict[int, list[Action]]  # seat -> its choosable actions (a "pass" is always allowed)
    decided: dict[int, Action] = field(default_factory=dict)
    forced: dict[int, Action] = field(default_factory=dict)  # compulsory claims, applied unless beaten
    priority: Mapping[str, int] = field(default_factory=lambda: PRIORITY)  # the variant's ranks
    multi_win: bool = False  # 一炮多响 / 通炮: every seat that chooses 胡 wins
    # ``pending()`` as of so many decisions: the table, ``legal_actions`` and ``apply`` each ask it in one step,
    # and a window changes only as its seats decide (each once: ``decided`` only grows)
    _pending: tuple[int, tuple[int, ...]] = field(default=(-1, ()), init=False, repr=False, compare=False)
    # worked out once (a window's ranks do not change; ``is_win`` asks it of every claim)
    win_rank: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.win_rank = max(self.priority.values(), default=0)

    def is_win(self, action: Action) -> bool:
        return action.kind != "pass" and self.priority.get(action.kind, 0) == self.win_rank > 0

    def _rank(self, seat: int, action: Action) -> tuple[int, int]:
        return (self.priority.get(action.kind, 0), -self.order.index(seat))

    def _best_possible(self, seat: int) -> tuple[int, int]:
        ranks = [self._rank(seat, a) for a in self.options.get(seat, [])]
        if seat in self.forced:
            ranks.append(self._rank(seat, self.forced[seat]))
        return max(ranks, default=(0, 0))

    def _claims(self) -> list[Claim]:
        """Claims standing now (decided, else compulsory), in ``order``."""
        claims = []
        for seat in self.order:
            action = self.decided.get(seat)
            if action is not None and action.kind != "pass":
                claims.append((seat, action))
            elif seat in self.forced:
                claims.append((seat, self.forced[seat]))
        return claims

    def best_claim(self) -> Claim | None:
        """The single best claim so far (in a multi-win window: the first winner in ``order``)."""
        return max(self._claims(), key=lambda sa: self._rank(*sa), default=None)

    def winners(self) -> list[Claim]:
        """The claims that take effect, in ``order``: all chosen wins of a multi-win window, else the best claim."""
        if self.multi_win:
            wins = [c for c in self._claims() if self.is_win(c[1])]
            if wins:
                return wins
        best = self.best_claim()
        return [best] if best is not None else []

    def _holds_open_win(self, seat: int) -> bool:
        forced = self.forced.get(seat)
        if forced is not None and self.is_win(forced):
            return False  # it wins whatever it answers
        return any(self.is_win(a) for a in self.options.get(seat, []))

    def pending(self) -> list[int]:
        """Undecided seats whose decision could still change the outcome, in precedence order."""
        decisions, seats = self._pending
        if decisions != len(self.decided):
            seats = tuple(self._still_asked())
            self._pending = (len(self.decided), seats)
        return list(seats)

    def _still_asked(self) -> list[int]:
        undecided = [s for s in self.order if s in self.options and s not in self.decided]
        if not undecided or not (self.decided or self.forced):
            # nobody left; or no claim stands yet, so every seat with options may still change the outcome (what the
            # floor below lets through: any seat's best is above (0, −len(order)))
            return undecided
        best = self.best_claim()
        if self.multi_win and best is not None and self.is_win(best[1]):
            return [s for s in undecided if self._holds_open_win(s)]
        floor = self._rank(*best) if best else (0, -len(self.order))
        return [s for s in undecided if self._best_possible(s) > floor]

    def resolved(self) -> bool:
        return not self.pending()

    def decliners_beaten_by(self, winner: Claim | list[Claim] | None) -> list[Claim]:
        """Options a seat passed on that would have beaten the outcome (for 过张 / 忍碰 / 漏胡 marks).

        ``winner`` is the outcome: one claim (or None), or the list ``winners()`` gives. In a multi-win
        window a declined 胡 always counts — it would have joined the winners — including the 胡 of a
        seat that chose a lower claim instead ("after declining any win").
        """
        outcome = winner if isinstance(winner, list) else ([winner] if winner is not None else [])
        if not self.multi_win:
            return self._passed_beating(outcome[0] if outcome else None)
        if outcome and all(self.is_win(a) for _, a in outcome):
            floor = (self.win_rank + 1, 0)  # nothing but a 胡 could have changed a 胡 outcome
        else:
            floor = self._rank(*outcome[0]) if outcome else (0, -len(self.order))
        out = []
        for seat, action in self.decided.items():
            for option in self.options.get(seat, []):
                if option == action:
                    continue
                if (self.is_win(option) and not self.is_win(action)) or (
                        action.kind == "pass" and self._rank(seat, option) > floor):
                    out.append((seat, option))
        return out

    def _passed_beating(self, winner: Claim | None) -> list[Claim]:
        floor = self._rank(*winner) if winner else (0, -len(self.order))
        out = []
        for seat, action in self.decided.items():
            if action.kind != "pass":
                continue
            for option in self.options.get(seat, []):
                if self._rank(seat, option) > floor:
                    out.append((seat, option))
        return out
