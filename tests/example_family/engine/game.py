"""玩具牌, the smallest family the engine hosts: what a new family writes, and nothing more.

Three seats, 一…十 four times over; each seat holds five cards. On your turn you draw (privately) and discard; a
seat holding a pair of the discard may 碰 it (a claim window: several seats may be asked, the table never learns
whom); three of a kind in hand is 胡, paid ``base`` by each other seat. An empty wall is 黄庄.

The family implements :class:`engine.hand.Hand`'s step (``_legal``, ``_apply``, ``to_act``), its views (typed:
:class:`ToyView`, :class:`ToySeatView`), its action names and its :class:`~engine.outcome.Outcome`; it says
everything as :class:`~engine.words.Msg` with typed arguments. The base class parses, checks, logs and versions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import PASS_ROLE, WIN_ROLE, Action, ActionName, HandResult
from engine.hand import Hand
from engine.ledger import Payment, net
from engine.melds import MeldView
from engine.options import Option, int_option
from engine.outcome import How, Outcome, Step, Termination, Winner
from engine.registration import Family, MatchProgress, Variant, register, register_family
from engine.views import Offer, Phase, ResultView, SeatView, TableView
from engine.words import Card, Cards, Seat, msg

CARDS = "一二三四五六七八九十"
VERBS = {"discard": "打", "peng": "碰", "hu": "胡", "pass": "过"}


def card(c: str) -> Card:
    return Card(c, c)


@dataclass(frozen=True, kw_only=True)
class ToyView(TableView):
    """The table's view: each seat's discards besides what every family shows."""

    discards: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, kw_only=True)
class ToySeatView(ToyView, SeatView):
    """One seat's view: the table's, plus its hand and legal action codes (``SeatView``)."""


class ToyHand(Hand):
    family = "toy"

    def __init__(self, options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
                 wall: Sequence[int] | None = None) -> None:
        super().__init__("toy", 3, dealer)
        deck = [c for c in CARDS for _ in range(4)]
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[i * 5:(i + 1) * 5], key=CARDS.index) for i in range(3)]
        self.wall = deck[15:15 + options["wall"]]
        self.discards: list[list[str]] = [[], [], []]
        self.melds: list[list[str]] = [[], [], []]
        self.turn = dealer
        self.claim: set[int] = set()  # who may still 碰 the card on offer
        self.pending: str | None = None
        self.base: int = options["base"]
        self._draw(dealer)

    # -- the step ------------------------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.finished:
            return []
        return sorted(self.claim) if self.claim else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.claim:
            assert self.pending is not None
            return [Action("peng", (self.pending,) * 3), Action("pass")]
        hand = self.hands[seat]
        out = [Action("discard", (c,)) for c in dict.fromkeys(hand)]
        if any(hand.count(c) >= 3 for c in hand):
            out.insert(0, Action("hu"))
        return out

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "hu":
            self._win(seat)
        elif action.kind == "discard":
            c = action.cards[0]
            self.hands[seat].remove(c)
            self.discards[seat].append(c)
            self.emit("discard", {"seat": seat, "card": c}, None, msg("{seat} 打出 {tile}", seat=Seat(seat), tile=card(c)))
            self.pending = c
            # a seat needs a card left to discard after its 碰
            self.claim = {s for s in range(3) if s != seat and self.hands[s].count(c) >= 2 and len(self.hands[s]) >= 4}
            if not self.claim:
                self._draw((seat + 1) % 3)
        elif action.kind == "peng":
            assert self.pending is not None
            c = self.pending
            self.hands[seat].remove(c)
            self.hands[seat].remove(c)
            self.melds[seat] += [c] * 3
            self.claim = set()
            self.turn = seat
            self.emit("peng", {"seat": seat, "card": c}, None, msg("{seat} 碰 {tile}", seat=Seat(seat), tile=card(c)))
        else:  # pass: said to the passer alone, or the table would learn who was asked
            self.claim.discard(seat)
            self.emit("pass", {"seat": seat}, seat, msg("你选择了过"))
            if not self.claim:
                self._draw((self.turn + 1) % 3)

    def _draw(self, seat: int) -> None:
        if not self.wall:
            self._end(Outcome(Termination.DRAW, (), (), msg("黄庄")), [])
            self.emit("draw_game", {}, None, msg("黄庄"))
            return
        c = self.wall[-1]
        self.drew(seat, c)  # the replay shows each card taken from the wall, told before it leaves it
        self.wall.pop()
        self.hands[seat].append(c)
        self.hands[seat].sort(key=CARDS.index)
        self.turn = seat
        self.emit("draw", {"card": c}, seat, msg("你摸到 {tile}", tile=card(c)))
        self.emit("drew", {"seat": seat}, None, msg("{seat} 摸牌", seat=Seat(seat)))

    def _win(self, seat: int) -> None:
        # the derivation, in the rule's own numbers: the winning hand, then what each other seat pays
        hand = tuple(self.hands[seat])
        payments = [Payment(s, seat, self.base, msg("自摸 {n}", n=self.base)) for s in range(3) if s != seat]
        winner = Winner(seat, How.SELF_DRAW, None, None, hand, value=self.base,
                        steps=(Step(msg("胡牌：{tiles}", tiles=Cards(hand, "".join(hand)))),
                               Step(msg("× 底分 {n}", n=self.base), self.base),
                               Step(msg("一份 {share}", share=self.base), self.base)))
        self._end(Outcome(Termination.WIN, (winner,), tuple(payments), msg("{seat} 胡了", seat=Seat(seat))),
                  payments)
        self.emit("hu", {"seat": seat}, None, msg("{seat} 胡了", seat=Seat(seat)))

    def _end(self, outcome: Outcome, payments: list[Payment]) -> None:
        self.finished = True
        winners = [w.seat for w in outcome.winners]
        self.result = HandResult(winners, net(3, payments), draw=not winners, ledger=[], outcome=outcome)

    def offer(self) -> Offer | None:
        """What the open claim window is about, for the replay of the ended hand."""
        if not self.claim or self.pending is None:
            return None
        return Offer(msg("{seat} 打出的 {tile}", seat=Seat(self.turn), tile=card(self.pending)), self.pending, self.turn)

    # -- what players see ----------------------------------------------------------------------------------------
    def _table(self) -> dict[str, Any]:
        result = None
        if self.result is not None and self.result.outcome is not None:
            result = ResultView(tuple(self.result.winners), tuple(self.result.deltas), self.result.draw,
                                self.result.outcome.summary)
        return {"variant": self.variant_id, "seats": 3, "dealer": self.dealer,
                "to_act": () if self.claim else tuple(self.to_act()), "claims_pending": bool(self.claim),
                "claim_words": ("碰",), "phase": Phase.OVER if self.finished else Phase.CLAIM if self.claim
                else Phase.DISCARD, "version": self.version, "finished": self.finished,
                "hand_sizes": tuple(len(h) for h in self.hands), "wall": len(self.wall),
                "melds": tuple(tuple(MeldView("peng", tuple(m[i:i + 3])) for i in range(0, len(m), 3))
                               for m in self.melds),
                "discards": tuple(tuple(d) for d in self.discards), "result": result}

    def public_view(self) -> ToyView:
        return ToyView(**self._table())

    def view(self, seat: int) -> ToySeatView:
        return ToySeatView(**self._table(), seat=seat, hand=tuple(self.hands[seat]),
                           legal=tuple(a.code for a in self.legal_actions(seat)))

    def name_action(self, action: Action) -> ActionName:
        verb = VERBS[action.kind]
        role = {"hu": WIN_ROLE, "pass": PASS_ROLE}.get(action.kind, "")
        return ActionName(f"{verb} {''.join(action.cards)}".strip(), verb, role)


# -- what the family registers ----------------------------------------------------------------------------------
def after_hand(progress: MatchProgress, result: HandResult) -> None:
    if result.winners:
        progress.dealer = result.winners[0]
    progress.over = progress.hand_no >= progress.options["hands"]


def choose(game: Any, seat: int) -> Action:
    """Its AI: win when it may, else the first legal action."""
    legal = game.legal_actions(seat)
    return next((a for a in legal if a.kind == "hu"), legal[0])


FAMILY = Family("toy", choose)
VARIANT = Variant(
    id="toy", name="玩具牌", name_en="Toy", family="toy", seats=3,
    options=(int_option("hands", 2, 1, 8, "局数"), Option("base", 1, (1, 2, 5), "底分", ("1分", "2分", "5分")),
             int_option("wall", 20, 5, 25, "墩数")),
    new_hand=ToyHand, after_hand=after_hand, score=None, summary="玩具牌：摸一张打一张，三张相同即胡。")


def register_toy() -> Variant:
    register_family(FAMILY)
    return register(VARIANT)
