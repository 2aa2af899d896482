"""The claim window: variant priorities, and several winners on one card (一炮多响 / 通炮)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.claims import PRIORITY, ClaimWindow
from engine.core import Action

HU, PENG, GANG, CHI, PASS = Action("hu"), Action("peng"), Action("gang"), Action("chi"), Action("pass")
BU = Action("bu")  # 长沙 补张
CHANGSHA = {"hu": 3, "gang": 2, "bu": 2, "peng": 2, "chi": 1}


@dataclass
class OldClaimWindow:
    """The window as it was before variant priorities and several winners (kept to pin 字牌 behaviour)."""

    card: Any
    order: list[int]
    options: dict[int, list[Action]]
    decided: dict[int, Action] = field(default_factory=dict)
    forced: dict[int, Action] = field(default_factory=dict)

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
        best = self.best_claim()
        floor = self._rank(*best) if best else (0, -len(self.order))
        return [
            s for s in self.order
            if s in self.options and s not in self.decided and self._best_possible(s) > floor
        ]

    def resolved(self) -> bool:
        return not self.pending()

    def decliners_beaten_by(self, winner: tuple[int, Action] | None) -> list[tuple[int, Action]]:
        floor = self._rank(*winner) if winner else (0, -len(self.order))
        out = []
        for seat, action in self.decided.items():
            if action.kind != "pass":
                continue
            for option in self.options.get(seat, []):
                if self._rank(seat, option) > floor:
                    out.append((seat, option))
        return out


def tongpao(options: dict[int, list[Action]], order: list[int] | None = None, **kw: Any) -> ClaimWindow:
    return ClaimWindow("5m", order or [1, 2, 3], options, multi_win=True, **kw)


# --- 一炮多响 / 通炮 -------------------------------------------------------------------------------

def test_two_hu_and_a_peng_all_asked_then_both_hu_win_in_order_from_the_discarder() -> None:
    w = tongpao({1: [PENG], 2: [HU], 3: [HU]})
    assert w.pending() == [1, 2, 3]  # the 碰 matters while every 胡 may still be passed
    w.decided[3] = HU
    assert w.pending() == [2]  # a 胡 stands: the 碰 cannot happen, the other 胡 would join
    w.decided[2] = HU
    assert w.resolved()
    assert w.winners() == [(2, HU), (3, HU)]
    assert w.best_claim() == (2, HU)


def test_single_winner_window_asks_only_the_first_hu() -> None:
    w = ClaimWindow("5m", [1, 2, 3], {1: [PENG], 2: [HU], 3: [HU]})
    w.decided[2] = HU
    assert w.resolved() and w.winners() == [(2, HU)]
    w = ClaimWindow("5m", [1, 2, 3], {1: [PENG], 2: [HU], 3: [HU]})
    w.decided[3] = HU
    assert w.pending() == [2]  # seat 2 precedes seat 3 and would take the win from him
    w.decided[2] = PASS
    assert w.winners() == [(3, HU)]


def test_one_hu_passes_the_other_wins() -> None:
    w = tongpao({1: [PENG], 2: [HU], 3: [HU]})
    w.decided[2] = PASS
    assert w.pending() == [1, 3]
    w.decided[3] = HU
    assert w.resolved()
    assert w.winners() == [(3, HU)]
    assert w.decliners_beaten_by(w.winners()) == [(2, HU)]  # 漏胡 / 过胡不胡 for seat 2 only


def test_both_hu_pass_then_the_peng_resolves() -> None:
    w = tongpao({1: [PENG], 2: [HU], 3: [HU]})
    w.decided[1] = PENG
    assert w.pending() == [2, 3]
    w.decided[2] = PASS
    w.decided[3] = PASS
    assert w.resolved()
    assert w.winners() == [(1, PENG)]
    assert sorted(w.decliners_beaten_by(w.winners())) == [(2, HU), (3, HU)]


def test_hu_seat_decides_after_the_peng_seat() -> None:
    w = tongpao({1: [PENG], 3: [HU]})
    w.decided[1] = PENG
    assert w.pending() == [3] and w.winners() == [(1, PENG)]  # standing, not final
    w.decided[3] = HU
    assert w.resolved() and w.winners() == [(3, HU)]
    assert w.decliners_beaten_by(w.winners()) == []  # the 碰 was taken, not passed


def test_winners_follow_order_from_the_discarder_not_seat_numbers() -> None:
    # seat 2 discarded: 3 → 0 → 1 is the order; seat 1 decides first but is listed last
    w = tongpao({0: [HU], 1: [HU], 3: [HU]}, order=[3, 0, 1])
    for seat in (1, 0, 3):
        assert seat in w.pending()
        w.decided[seat] = HU
    assert w.winners() == [(3, HU), (0, HU), (1, HU)]


def test_a_seat_choosing_peng_over_its_own_hu_declines_the_win() -> None:
    w = tongpao({1: [HU, PENG], 2: [HU]})
    w.decided[1] = PENG
    assert w.pending() == [2]
    w.decided[2] = HU
    assert w.winners() == [(2, HU)]
    assert w.decliners_beaten_by(w.winners()) == [(1, HU)]
    # when nobody wins, the same seat's 碰 stands and its 胡 is still a declined win
    w = tongpao({1: [HU, PENG], 2: [HU]})
    w.decided[1] = PENG
    w.decided[2] = PASS
    assert w.winners() == [(1, PENG)]
    assert sorted(w.decliners_beaten_by(w.winners())) == [(1, HU), (2, HU)]


def test_several_robbers_of_one_bugang() -> None:
    # 抢杠: the konger is not in the order; only wins are offered
    w = tongpao({2: [HU], 3: [HU], 0: [HU]}, order=[2, 3, 0])
    w.decided[0] = HU
    w.decided[2] = PASS
    assert w.pending() == [3]
    w.decided[3] = HU
    assert w.winners() == [(3, HU), (0, HU)]
    assert w.decliners_beaten_by(w.winners()) == [(2, HU)]


def test_a_passed_peng_is_not_beaten_by_a_hu_outcome_but_by_a_chi_it_is() -> None:
    w = tongpao({1: [PENG], 2: [HU]})
    w.decided[1] = PASS
    w.decided[2] = HU
    assert w.decliners_beaten_by(w.winners()) == []  # 忍碰 cannot have changed a 胡
    w = tongpao({1: [CHI], 2: [PENG]})
    w.decided[2] = PASS
    w.decided[1] = CHI
    assert w.winners() == [(1, CHI)]
    assert w.decliners_beaten_by(w.winners()) == [(2, PENG)]


def test_a_forced_win_is_not_asked_but_others_still_are() -> None:
    w = tongpao({1: [HU], 2: [HU]}, forced={1: HU})
    assert w.pending() == [2]
    w.decided[2] = HU
    assert w.winners() == [(1, HU), (2, HU)]


def test_nobody_claims() -> None:
    w = tongpao({1: [PENG], 2: [HU]})
    w.decided[1] = PASS
    w.decided[2] = PASS
    assert w.resolved() and w.winners() == [] and w.best_claim() is None


# --- variant priorities ---------------------------------------------------------------------------

def test_changsha_buzhang_ranks_with_gang_and_ties_go_by_order() -> None:
    # 补张 unknown to the default table would rank 0 and lose to a 吃
    w = ClaimWindow("5m", [1, 2], {1: [CHI], 2: [BU]}, priority=CHANGSHA)
    w.decided[2] = BU
    assert w.resolved() and w.winners() == [(2, BU)]
    default = ClaimWindow("5m", [1, 2], {1: [CHI], 2: [BU]})
    default.decided[2] = BU
    assert default.pending() == [1]
    # 补张 and 碰 of equal rank: the earlier seat has precedence
    w = ClaimWindow("5m", [1, 2], {1: [PENG], 2: [BU]}, priority=CHANGSHA)
    w.decided[2] = BU
    assert w.pending() == [1]
    w.decided[1] = PENG
    assert w.winners() == [(1, PENG)]


def test_the_top_rank_of_the_variant_is_the_win() -> None:
    ranks = {"hu": 5, "qiangjin": 5, "peng": 2}  # a family may name two winning verbs
    w = tongpao({1: [Action("qiangjin")], 2: [HU], 3: [PENG]}, priority=ranks)
    w.decided[2] = HU
    assert w.pending() == [1]
    w.decided[1] = Action("qiangjin")
    assert w.winners() == [(1, Action("qiangjin")), (2, HU)]


# --- properties -----------------------------------------------------------------------------------

KINDS = [HU, PENG, GANG, CHI, Action("pao"), BU]


@st.composite
def windows(draw: st.DrawFn, realistic: bool = False) -> tuple[list[int], dict[int, list[Action]], dict[int, Action], list[tuple[int, Action]]]:
    """A random window (options, compulsory claims) and a sequence of answers, each seat once."""
    seats = draw(st.integers(2, 4))
    order = draw(st.permutations(range(seats)))
    options = {s: draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True))
               for s in order if draw(st.booleans())}
    forced = {s: draw(st.sampled_from(KINDS)) for s in order if draw(st.integers(0, 4)) == 0}
    if realistic:  # as the games build them: a compulsory seat may only choose something above it (胡 over 跑)
        for s in forced:
            if s in options:
                forced[s] = draw(st.sampled_from([PENG, Action("pao")]))
                options[s] = [HU]
    answering = draw(st.permutations(list(options)))
    answers = [(s, draw(st.sampled_from([PASS, *options[s]]))) for s in answering]
    return list(order), options, forced, answers


@settings(max_examples=600, deadline=None)
@given(windows())
def test_single_winner_window_is_unchanged(case: Any) -> None:
    order, options, forced, answers = case
    new = ClaimWindow(None, order, options, forced=dict(forced))
    old = OldClaimWindow(None, order, options, forced=dict(forced))
    for seat, answer in [(None, None), *answers]:
        if seat is not None:
            new.decided[seat] = old.decided[seat] = answer
        assert new.pending() == old.pending()
        assert new.resolved() == old.resolved()
        assert new.best_claim() == old.best_claim()
        best = old.best_claim()
        assert new.winners() == ([best] if best else [])
        assert new.decliners_beaten_by(best) == old.decliners_beaten_by(best)
        assert new.decliners_beaten_by(new.winners()) == old.decliners_beaten_by(best)


def full_information_outcome(w: ClaimWindow, answers: dict[int, Action]) -> list[tuple[int, Action]]:
    """What the rules give when every seat has answered: all 胡 (multi_win), else the single best claim."""
    def claim(seat: int) -> Action | None:
        a = answers.get(seat)
        return a if a is not None and a.kind != "pass" else w.forced.get(seat)
    claims = [(s, c) for s in w.order if (c := claim(s)) is not None]
    wins = [c for c in claims if w.is_win(c[1])]
    if w.multi_win and wins:
        return wins
    return [max(claims, key=lambda sa: (w.priority.get(sa[1].kind, 0), -w.order.index(sa[0])))] if claims else []


@settings(max_examples=600, deadline=None)
@given(windows(realistic=True), st.booleans(), st.sampled_from([PRIORITY, CHANGSHA]))
def test_asking_only_pending_seats_reaches_the_full_information_outcome(case: Any, multi: bool,
                                                                       ranks: dict[str, int]) -> None:
    order, options, forced, answers = case
    intended = dict(answers)
    w = ClaimWindow(None, order, options, forced=dict(forced), priority=ranks, multi_win=multi)
    for seat, answer in answers:  # seats answer in a random order, but only while they are asked
        if w.resolved():
            break
        if seat in w.pending():
            w.decided[seat] = answer
    while not w.resolved():
        seat = w.pending()[0]
        w.decided[seat] = intended[seat]
    assert w.winners() == full_information_outcome(w, intended)
    # every seat never asked could not have changed it, whatever it would have said
    for seat in options:
        if seat in w.decided:
            continue
        for alternative in [PASS, *options[seat]]:
            assert w.winners() == full_information_outcome(w, {**w.decided, seat: alternative})
    if multi:
        won = {s for s, _ in w.winners()}
        declined = {(s, o) for s, a in w.decided.items() if s not in won
                    for o in options[s] if w.is_win(o) and not w.is_win(a)}
        assert declined <= set(w.decliners_beaten_by(w.winners()))
