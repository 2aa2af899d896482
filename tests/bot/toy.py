"""A tiny stand-in variant used only to exercise the bot while (and besides) the real ones grow.

3 seats, 一…十 ×4; each seat holds 5 cards. On your turn you draw (privately) then discard; a seat holding a
pair of the discard may 碰 it (claim window, several seats may be asked), three of a kind is 胡.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.families.zipai.calc import ZipaiForm
from bot.families.zipai.words import BIG, SMALL, faces, hand_text, rank_of
from bot.i18n import tr
from bot.present.base import BasePresenter
from bot.present.contract import Settlement
from bot.present.parts import others_lines
from bot.present.registry import register as register_presenter
from bot.present.results import payments, seat_or_dash, win_head, won_line
from bot.present.viewing import per_seat
from bot.present.words import joined
from engine.core import PASS_ROLE, WIN_ROLE, Action, ActionName, Event, HandResult, IllegalAction
from engine.options import Option, int_option
from engine.registration import MatchProgress, Variant, register
from engine.registry import get_variant

CARDS = "一二三四五六七八九十"
VERBS = {"discard": "打", "peng": "碰", "hu": "胡", "pass": "过"}


class ToyGame:
    family = "toy"
    variant_id = "toy"

    def __init__(self, options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any]) -> None:
        rng = random.Random(seed)
        deck = [c for c in CARDS for _ in range(4)]
        rng.shuffle(deck)
        self.seats = 3
        self.dealer = dealer
        self.hands: list[list[str]] = [sorted(deck[i * 5:(i + 1) * 5], key=CARDS.index) for i in range(3)]
        self.wall = deck[15:15 + options["wall"]]
        self.discards: list[list[str]] = [[], [], []]
        self.melds: list[list[str]] = [[], [], []]
        self.turn = dealer
        self.claim: dict[int, None] = {}
        self.pending: str | None = None
        self.finished = False
        self.result: HandResult | None = None
        self.version = 0
        self.log: list[tuple[int, str]] = []
        self.base = options["base"]
        self._draw(dealer)

    def _draw(self, seat: int) -> list[Event]:
        if not self.wall:
            self.finished = True
            self.result = HandResult([], [0, 0, 0], draw=True, detail={"text": "黄庄"})
            return [Event("draw_game", {"text": "黄庄"})]
        card = self.wall.pop()
        self.hands[seat].append(card)
        self.hands[seat].sort(key=CARDS.index)
        self.turn = seat
        return [Event("draw", {"text": f"你摸到 {card}", "card": card}, audience=seat),
                Event("drew", {"text": f"{seat + 1}号位 摸牌", "seat": seat})]

    def to_act(self) -> list[int]:
        if self.finished:
            return []
        if self.claim:
            return sorted(self.claim)
        return [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.claim:
            return [Action("peng", (self.pending,) * 3), Action("pass")]  # type: ignore[arg-type]
        hand = self.hands[seat]
        out = [Action("discard", (c,)) for c in dict.fromkeys(hand)]
        if any(hand.count(c) >= 3 for c in hand):
            out.insert(0, Action("hu"))
        return out

    def parse_action(self, code: str) -> Action:
        return Action.parse(code)

    def name_action(self, action: Action) -> ActionName:
        verb = VERBS[action.kind]
        role = {"hu": WIN_ROLE, "pass": PASS_ROLE}.get(action.kind, "")
        return ActionName(f"{verb} {''.join(action.cards)}".strip(), verb, role)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = self.parse_action(action)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action.code} is not legal for seat {seat}")
        self.version += 1
        self.log.append((seat, action.code))
        if action.kind == "hu":
            self.finished = True
            deltas = [-self.base] * 3
            deltas[seat] = 2 * self.base
            self.result = HandResult([seat], deltas, detail={"text": f"{seat + 1}号位 胡", "score": 2 * self.base})
            return [Event("hu", {"text": f"{seat + 1}号位 胡了", "seat": seat})]
        if action.kind == "discard":
            card = action.cards[0]
            self.hands[seat].remove(card)
            self.discards[seat].append(card)
            events = [Event("discard", {"text": f"{seat + 1}号位 打出 {card}", "seat": seat, "card": card})]
            self.pending = card
            self.claim = {s: None for s in range(3)
                          if s != seat and self.hands[s].count(card) >= 2 and len(self.hands[s]) >= 4}
            if not self.claim:
                events += self._draw((seat + 1) % 3)
            return events
        if action.kind == "peng":
            card = self.pending
            assert card is not None
            self.hands[seat].remove(card)
            self.hands[seat].remove(card)
            self.melds[seat] += [card] * 3
            self.claim = {}
            self.turn = seat
            return [Event("peng", {"text": f"{seat + 1}号位 碰 {card}", "seat": seat})]
        # pass
        del self.claim[seat]
        events = [Event("pass", {"text": f"{seat + 1}号位 过", "seat": seat})]
        if not self.claim:
            events += self._draw((self.turn + 1) % 3)
        return events

    def view(self, seat: int) -> dict[str, Any]:
        return self.public_view() | {"seat": seat, "hand": list(self.hands[seat]),
                                     "legal": [a.code for a in self.legal_actions(seat)]}

    def public_view(self) -> dict[str, Any]:
        return {"to_act": self.to_act(), "discards": [list(d) for d in self.discards],
                "melds": [list(m) for m in self.melds], "wall": len(self.wall), "dealer": self.dealer,
                "hand_sizes": [len(h) for h in self.hands], "phase": "claim" if self.claim else "discard"}


def _after_hand(progress: MatchProgress, result: HandResult) -> None:
    if result.winners:
        progress.dealer = result.winners[0]
    progress.over = progress.hand_no >= progress.options["hands"]


def _score(data: dict[str, Any]) -> dict[str, Any]:
    hand = data.get("hand")
    if not isinstance(hand, list) or not all(isinstance(c, str) and c in CARDS for c in hand):
        raise ValueError("hand must be a list of cards 一…十")
    win = any(hand.count(c) >= 3 for c in hand)
    return {"win": win, "score": 2 if win else 0}


class ToyPresenter(BasePresenter):
    """The toy's cards are 字牌 characters (一…十): the bot words them as it words 字牌. Its views are plain dicts (a
    family the engine does not type), read by key."""

    family = "toy"
    calc = ZipaiForm()  # the toy's calculator reads a hand of 字牌 characters

    def card_word(self, card: str) -> str:
        return faces(card)

    def card_run(self, run: str) -> str | None:
        """A run of cards inside the toy's own prose (its events still carry zh-CN text)."""
        return faces(run) if all(rank_of(c) is not None for c in run) else None

    def hand_text(self, cards: Sequence[str]) -> str:
        return hand_text(list(cards))

    def picture_chars(self) -> str:
        return SMALL + BIG

    def seat_parts(self, view: Any, seat: int) -> list[str]:
        melds, discards = per_seat(view, "melds", seat), per_seat(view, "discards", seat)
        parts = [tr("门子：{melds}", melds=faces("".join(melds)))] if melds else []
        return parts + ([tr("弃牌：{tiles}", tiles=faces("".join(discards)))] if discards else [])

    def panel_body(self, table: Any, game: Any, private: Any, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        hand = list(private["hand"])
        return [tr("**手牌**（{n} 张）：{hand}", n=len(hand), hand=hand_text(hand)),
                *others_lines(self, table, private, seat)]

    def settlement_body(self, table: Any, result: HandResult, hand_no: int) -> Settlement:
        if result.draw or not result.winners:
            lines = [tr("🤝 第 {n} 局 黄庄（流局）", n=hand_no + 1)]
        else:
            lines = [win_head(hand_no, joined([seat_or_dash(table, w) for w in result.winners]), "", "")]
        return Settlement([*lines, tr("本局：{deltas}", deltas=joined(payments(table, list(result.deltas)), "；"))])

    def hand_summary(self, table: Any, result: dict[str, Any]) -> str:
        winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
        if result.get("draw") or not winners:
            return tr("黄庄")
        return won_line(joined([seat_or_dash(table, w) for w in winners]), "", "")


def ensure_registered() -> Variant:
    register_presenter(ToyPresenter())
    try:
        return get_variant("toy")
    except Exception:
        return register(Variant(
            id="toy", name="玩具牌", name_en="Toy", family="toy", seats=3,
            options=(int_option("hands", 2, 1, 8, "局数"), Option("base", 1, (1, 2, 5), "底分", ("1分", "2分", "5分")),
                     int_option("wall", 20, 5, 25, "墩数")),
            new_hand=ToyGame, after_hand=_after_hand, score=_score, summary="玩具牌：摸一张打一张，三张相同即胡。"))
