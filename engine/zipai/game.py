"""One hand of a 字牌 game as a deterministic state machine (shared by every zipai variant).

Flow: deal (dealer 亮张, dealt 提 laid down) → 天胡/地胡 window on the 亮张 → the dealer discards → each turn
the next player draws from the 墩: a card matching his pair or 坎/偎 is 偎-ed or 提-ed at once, otherwise it is
shown (示众) and offered, in priority 胡 > 跑/碰 > 吃, to the players entitled to it. Whoever takes a card in
discards, except after a second 跑/提 (重跑). The wall running out with no winner is 黄庄.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..claims import ClaimWindow
from ..core import Action, ActionName, HandResult, MeldView, Win
from ..hand import Hand
from ..ledger import Payment
from ..outcome import How, Outcome, Step, Termination, Winner
from ..predeal import PreDeal, choose_stakes, daniao
from ..settlement import Seating
from ..views import Choosing, Offer, Phase, ResultView
from ..words import Arg, Card, Cards, Msg, Seat, Seats, Term, listing, msg
from .cards import N_KINDS, full_deck, name, names, parse_cards, sort_key
from .chi import chi_options, could_group
from .derivation import nobody_pays_draw, plain, won_how, won_summary
from .groups import Group, group_huxi
from .labels import name_action
from .rules import Explained, Priced, WinContext, Won, ZipaiRules
from .scoring import groups_out
from .views import ZipaiSeatView, ZipaiView
from .win import can_reach, price_best, source_of

HOW = {"self_draw": How.SELF_DRAW, "other_draw": How.OTHER_DRAW, "discard": How.DISCARD, "deal": How.DEAL}
CLAIM_WORDS = ("吃", "碰", "胡")  # what a 字牌 claim window may end in


@dataclass
class Meld:
    """A laid-down group. ``shown`` is how many of its cards the other players see face up
    (偎 0, 臭偎/提 1, the rest all)."""

    group: Group
    shown: int
    # A non-dealer's dealt 提 under 安化 3.13: set aside at the deal but shown only at his first intake;
    # until then the table sees four more cards in his hand and no meld.
    concealed: bool = False

    @property
    def kind(self) -> str:
        return self.group.kind

    @property
    def card(self) -> int:
        return self.group.cards[0]

    def public(self) -> MeldView:
        return _meld_view(self.group, self.shown)

    def private(self) -> MeldView:
        return _meld_view(self.group, len(self.group.cards))


@lru_cache(maxsize=4096)
def _meld_view(group: Group, shown: int) -> MeldView:
    cards = sorted(group.cards, key=sort_key)
    shown = min(shown, len(cards))
    return MeldView(group.kind, names(cards[:shown]), len(cards) - shown,
                    huxi=group_huxi(group.kind, group.cards) if shown else None)


def _card(card: int) -> Card:
    """A card as a message names it (its notation is its name)."""
    return Card(name(card), name(card))


def _cards(cards: Sequence[int]) -> Cards:
    return Cards(tuple(name(c) for c in cards), names(cards))


def _check_wall(deck: Sequence[int]) -> None:
    """A stacked wall must hold each of the 80 字牌 exactly once; say what is off."""
    if len(deck) == N_KINDS * 4 and sorted(deck) == full_deck():
        return
    bad = [c for c in deck if not isinstance(c, int) or not 0 <= c < N_KINDS]
    if bad:
        raise ValueError(f"stacked wall: not 字牌 codes 0…{N_KINDS - 1}: {bad[:5]}")
    counts = [list(deck).count(c) for c in range(N_KINDS)]
    extra = [f"{name(c)}×{n}" for c, n in enumerate(counts) if n > 4]
    short = [f"{name(c)}×{n}" for c, n in enumerate(counts) if n < 4]
    raise ValueError(f"stacked wall: {len(deck)} cards, need 80 (4 of each kind); "
                     f"too many: {' '.join(extra) or '—'}; too few: {' '.join(short) or '—'}")


class ZipaiGame(Hand):
    """One hand. Seats are 0…n-1 counter-clockwise: seat s+1 is s's 下家."""

    family = "zipai"

    def __init__(self, rules: ZipaiRules, options: dict[str, Any], seed: int, dealer: int = 0,
                 carry: dict[str, Any] | None = None, deck: Sequence[int] | None = None) -> None:
        """Deal one hand from ``seed``'s shuffle, or from ``deck`` (tests only; reach it through
        ``Variant.new_hand(..., wall=deck)`` so that rules and options agree). Deal order of the 80 cards: the
        dealer's ``deal_size + 1`` first (the last of them is his 亮张), then ``deal_size`` for each active seat
        counter-clockwise from the dealer (下家 first, the 数醒 skipped); the rest is the 墩, drawn from the front."""
        super().__init__(rules.id, rules.seats, dealer)
        self.rules = rules
        self.options = dict(options)
        self.seed = seed
        self.carry = dict(carry or {})

        if deck is None:
            deck = full_deck()
            random.Random(seed).shuffle(deck)
        else:
            _check_wall(deck)
        self.deck = tuple(deck)  # the recorded wall: replaying needs only the seed
        self.hands: list[list[int]] = [[0] * N_KINDS for _ in range(self.seats)]
        self.melds: list[list[Meld]] = [[] for _ in range(self.seats)]
        self.outs: list[list[int]] = [[] for _ in range(self.seats)]
        self.chou: list[set[int]] = [set() for _ in range(self.seats)]  # 过张 / 臭牌
        self.renpeng: list[set[int]] = [set() for _ in range(self.seats)]  # 忍碰 → later 偎 is 臭偎
        self.paoti = [0] * self.seats  # 跑/提 made so far (重跑 after the first)
        self.free_turns = [0] * self.seats  # owed no-discard intakes (extra dealt 提)
        self.intakes = [0] * self.seats  # cards taken in (听胡 / 地胡)
        self.discards_made = [0] * self.seats
        self.bupai = [0] * self.seats  # owed hidden 补牌 (安化 起始提)
        self.hu_barred = [False] * self.seats  # 漏胡: passed a win, waits for his own next intake/discard
        self.chouhu: list[dict[int, int]] = [{} for _ in range(self.seats)]  # 臭胡: card -> table 胡息 then
        # 数醒: the dealer's opposite sits out in a 4-seat game with a sitter.
        self.sitter: int | None = (dealer + 2) % self.seats if rules.sitter and self.seats == 4 else None
        self.active = [s for s in range(self.seats) if s != self.sitter]
        self.stakes: list[int] | None = None  # who put up a 打鸟 stake, once everyone has chosen
        self.predeal: PreDeal | None = None
        self._liang_best: dict[int, tuple[Priced, int | None]] = {}
        self._unchiable: list[int] = []  # seats for whom the card under claim becomes 过张 case (2)
        self.window: ClaimWindow | None = None
        self.window_kind = ""  # liang | draw | discard | own (after one's own 偎/提)
        self.window_from = dealer
        self.must_discard: int | None = None
        self.liang = -1
        self._last_was_paoti = False
        self.floating: int | None = None
        # The drawer's hand before a compulsory 偎/提 of his own draw: a 自摸 on it is priced from there.
        self._own_pre: tuple[list[int], list[Group], int] | None = None

        pos = 0
        for seat in self._order_from(dealer):
            n = rules.deal_size + (1 if seat == dealer else 0)
            for c in deck[pos:pos + n]:
                self.hands[seat][c] += 1
            pos += n
            self.emit("deal", {"seat": seat, "hand": self._hand_names(seat)}, seat,
                      msg("你的手牌：{hand}", hand=self._hand_cards(seat)))
        self.liang = deck[rules.deal_size]  # the dealer is dealt first; his last card is the 亮张
        self.wall = list(deck[pos:])
        self.emit("liang", {"seat": dealer, "card": name(self.liang), "wall": len(self.wall)}, None,
                  msg("{seat}坐庄，亮张 {card}，墩上 {n} 张", seat=Seat(dealer), card=_card(self.liang), n=len(self.wall)))
        for seat in self.active:
            self._lay_dealt_ti(seat)
        if rules.stake_option and self.options.get(rules.stake_option) and "stakes" not in self.carry:
            # Stakes (打鸟) are chosen by every player at once, having seen his first hand, before play starts;
            # the 亮张 window follows.
            self.predeal = daniao(self._order_from(dealer), self.active)
            return
        self._open_liang_window()

    # ----------------------------------------------------------------- helpers
    def _hand_list(self, seat: int) -> list[int]:
        return sorted((c for c in range(N_KINDS) for _ in range(self.hands[seat][c])), key=sort_key)

    def _hand_names(self, seat: int) -> str:
        return names(self._hand_list(seat))

    def _hand_cards(self, seat: int) -> Cards:
        return _cards(self._hand_list(seat))

    def next_seat(self, seat: int) -> int:
        """The next active seat counter-clockwise (下家), skipping the 数醒."""
        nxt = (seat + 1) % self.seats
        return nxt if nxt != self.sitter else (nxt + 1) % self.seats

    def active_seats(self) -> list[int]:
        return list(self.active)

    def seating(self, from_seat: int | None = None) -> Seating:
        """What a settlement sees of this hand: the seats, the 数醒, the room options and carry-over state."""
        return Seating(self.seats, tuple(self.active), self.dealer, self.sitter, from_seat,
                       dict(self.options), dict(self.carry))

    def table_huxi(self, seat: int) -> int:
        """胡息 of the groups on one's own table (臭胡 watches it change)."""
        return sum(m.group.huxi for m in self.melds[seat])

    def _may_win(self, seat: int, card: int) -> bool:
        """漏胡 / 臭胡 bars on winning this card now (the hand's shape is checked elsewhere)."""
        if self.hu_barred[seat]:
            return False
        barred = self.chouhu[seat]
        if card in barred:
            if barred[card] == self.table_huxi(seat):
                return False
            barred.clear()  # 胡息 changed: every earlier 臭胡 is lifted
        return True

    def _note_intake(self, seat: int) -> None:
        self.intakes[seat] += 1
        self.hu_barred[seat] = False
        for m in self.melds[seat]:
            if m.concealed:
                m.concealed = False
                self.emit("ti", {"seat": seat, "card": name(m.card), "dealt": True}, None,
                          msg("{seat} 亮出起手提 {card}", seat=Seat(seat), card=_card(m.card)))

    def _groups(self, seat: int) -> list[Group]:
        return [m.group for m in self.melds[seat]]

    def _meld_of(self, seat: int, card: int, kinds: tuple[str, ...]) -> Meld | None:
        for m in self.melds[seat]:
            if m.card == card and m.kind in kinds:
                return m
        return None

    def _hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def _lay_dealt_ti(self, seat: int) -> None:
        for c in range(N_KINDS):
            if self.hands[seat][c] == 4:
                self.hands[seat][c] = 0
                later = self.rules.dealt_ti_on_intake and seat != self.dealer
                self.melds[seat].append(Meld(Group("ti", (c,) * 4), 1, concealed=later))
                self.paoti[seat] += 1
                if self.paoti[seat] > 1:
                    if self.rules.dealt_ti_bupai:
                        self.bupai[seat] += 1
                    else:
                        self.free_turns[seat] += 1
                if later:
                    self.emit("ti_dealt", {"seat": seat, "card": name(c)}, seat,
                              msg("你起手有提 {card}，第一次进牌时亮出", card=_card(c)))
                else:
                    self.emit("ti", {"seat": seat, "card": name(c), "dealt": True}, None,
                              msg("{seat} 起手提 {card}", seat=Seat(seat), card=_card(c)))

    def _win_context(self, seat: int, card: int | None, win_from: str,
                     counts: list[int] | None = None) -> WinContext:
        counts = self.hands[seat] if counts is None else counts
        hand_cards = [c for c in range(N_KINDS) for _ in range(counts[c])]
        meld_cards = [c for m in self.melds[seat] for c in m.group.cards]
        all_cards = tuple(hand_cards + meld_cards + ([card] if card is not None else []))
        return WinContext(
            win_card=card,
            win_from=win_from,
            dealer=seat == self.dealer,
            last_card=win_from in ("self_draw", "other_draw") and not self.wall,
            first_discard=win_from == "discard" and self.window_from == self.dealer
            and self.discards_made[self.dealer] == 1 and sum(self.discards_made) == 1,
            no_draw_yet=self.intakes[seat] == 0,
            all_cards=all_cards,
            options=self.options,
            melds=tuple(self._groups(seat)),
        )

    def _win_price(self, seat: int, card: int | None, win_from: str) -> Priced | None:
        counts = self.hands[seat]
        if not can_reach(self.rules, counts, self._groups(seat), card, source_of(win_from, seat == self.dealer)):
            return None
        return price_best(self.rules, counts, self._groups(seat), self._win_context(seat, card, win_from))

    def _win_price_before_own_meld(self, seat: int, card: int) -> Priced | None:
        assert self._own_pre is not None
        counts, groups, intakes = self._own_pre
        if not can_reach(self.rules, counts, groups, card, source_of("self_draw", True)):
            return None
        ctx = self._win_context(seat, card, "self_draw")
        all_cards = tuple(c for c in range(N_KINDS) for _ in range(counts[c])) + tuple(
            c for g in groups for c in g.cards) + (card,)
        ctx = replace(ctx, no_draw_yet=intakes == 0, all_cards=all_cards, melds=tuple(groups))
        return price_best(self.rules, counts, groups, ctx)

    # ---------------------------------------------------------- claim windows
    def _open_liang_window(self) -> None:
        """天胡 (the dealer's dealt hand wins) and 地胡 (a non-dealer wins the 亮张)."""
        d = self.dealer
        best: dict[int, tuple[Priced, int | None]] = {}
        liang_in_hand = self.hands[d][self.liang] > 0
        if liang_in_hand:
            self.hands[d][self.liang] -= 1
            priced = self._win_price(d, self.liang, "deal")
            self.hands[d][self.liang] += 1
        else:  # the 亮张 went into a dealt 提
            priced = self._win_price(d, None, "deal")
        if priced:
            best[d] = (priced, self.liang if liang_in_hand else None)
        if self.rules.win_liangzhang and (liang_in_hand or self.rules.win_liang_in_ti):
            for seat in self._order_from(d)[1:]:
                priced = self._win_price(seat, self.liang, "deal")
                if priced:
                    best[seat] = (priced, self.liang)
        forced: dict[int, Action] = {}
        if self.rules.start_win is not None:
            for seat in self._order_from(d):
                priced = self.rules.start_win(self.hands[seat], self._groups(seat),
                                              self._win_context(seat, None, "deal"))
                if priced and (seat not in best or priced.value > best[seat][0].value):
                    best[seat] = (priced, None)
                if priced and self.rules.start_win_forced:
                    forced[seat] = Action("hu")
        self._liang_best = best
        options = {s: [Action("hu")] for s in best if s not in forced}
        self._open_window("liang", d, self.liang, options, forced)

    def _order_from(self, seat: int) -> list[int]:
        """Active seats starting at ``seat``, counter-clockwise."""
        order = [(seat + k) % self.seats for k in range(self.seats)]
        return [s for s in order if s != self.sitter]

    def _open_window(self, kind: str, from_seat: int, card: int, options: dict[int, list[Action]],
                     forced: dict[int, Action]) -> None:
        self.window_kind = kind
        self.window_from = from_seat
        # A shown draw or a discard lies on the table, in nobody's hand, until claimed or put out.
        self.floating = card if kind in ("draw", "discard") else None
        order = self._order_from(from_seat)
        if kind == "discard":  # the discarder's 下家 has precedence; the discarder cannot claim
            order = order[1:] + order[:1]
        self.window = ClaimWindow(card, order, {s: o for s, o in options.items() if o}, forced=forced)
        self._settle_window()

    def _settle_window(self) -> None:
        w = self.window
        assert w is not None
        if not w.resolved():
            return
        best = w.best_claim()
        self.window = None
        if best is None or best[1].kind == "chi":
            for seat in self._unchiable:  # 过张 (2): could group the card but 比牌 made 吃 impossible
                self.chou[seat].add(w.card)
        self._unchiable = []
        if best is not None and best[1].kind == "hu":
            self._declined_marks(w, best)
            self._finish_win(best[0], w.card)
            return
        self._declined_marks(w, best)
        kind = self.window_kind
        if best is None:
            self._no_claim(kind, w.card)
        else:
            self._take(best[0], best[1], w.card, kind)

    def _declined_marks(self, w: ClaimWindow, best: tuple[int, Action] | None) -> None:
        for seat, option in w.decliners_beaten_by(best):
            from_shangjia = self.window_from == seat or self.next_seat(self.window_from) == seat
            if option.kind in ("chi", "peng") and (from_shangjia or not self.rules.chou_from_shangjia):
                self.chou[seat].add(w.card)
            if option.kind == "peng":
                self.renpeng[seat].add(w.card)
            if option.kind == "hu":
                if self.rules.louhu == "intake":
                    self.hu_barred[seat] = True
                elif self.rules.louhu == "huxi":
                    self.chouhu[seat][w.card] = self.table_huxi(seat)

    def _no_claim(self, kind: str, card: int) -> None:
        if kind == "liang":
            self.must_discard = self.dealer
            return
        if kind == "own":  # the drawer passed his 自摸 after 偎/提: play on
            self._after_intake(self.window_from, was_paoti=self._last_was_paoti)
            return
        self.floating = None
        self.outs[self.window_from].append(card)
        self.emit("out", {"seat": self.window_from, "card": name(card)}, None,
                  msg("{card} 无人要，放在{seat}面前", card=_card(card), seat=Seat(self.window_from)))
        self._draw(self.next_seat(self.window_from))

    # -------------------------------------------------------------- the turn
    def _draw(self, seat: int) -> None:
        if not self.wall:
            self._finish_draw()
            return
        if self.bupai[seat] > 0:
            self._bupai(seat)
            return
        card = self.wall[0]
        self.drew(seat, name(card))  # before it leaves the wall: the replay sees the table as it stood
        self.wall.pop(0)
        hand = self.hands[seat]
        base = self._meld_of(seat, card, ("wei", "chouwei"))
        if hand[card] == 3 or base is not None:
            # 提: own draw onto one's 坎 or 偎 — compulsory, before anyone may win it.
            self._win_option_then(seat, card, "ti")
            return
        if hand[card] == 2:
            self._win_option_then(seat, card, "wei")
            return
        self.emit("draw", {"seat": seat, "card": name(card), "wall": len(self.wall)}, None,
                  msg("{seat} 摸牌 {card}（墩上剩 {n} 张）", seat=Seat(seat), card=_card(card), n=len(self.wall)))
        self._open_draw_window(seat, card)

    def _bupai(self, seat: int) -> None:
        """安化 起始提 补牌: a hidden wall card straight into the hand (no 示众, nobody may claim or win it),
        no discard; the 下家 draws next. Compulsory 偎/提 still apply to it."""
        self.bupai[seat] -= 1
        card = self.wall[0]
        self.drew(seat, name(card))  # before it leaves the wall: the replay sees the table as it stood
        self.wall.pop(0)
        self._note_intake(seat)
        hand = self.hands[seat]
        base = self._meld_of(seat, card, ("wei", "chouwei"))
        self.emit("bupai", {"seat": seat, "wall": len(self.wall)}, None,
                  msg("{seat} 补牌（墩上剩 {n} 张）", seat=Seat(seat), n=len(self.wall)))
        self.emit("bupai_card", {"seat": seat, "card": name(card)}, seat, msg("你补了 {card}", card=_card(card)))
        if hand[card] == 3 or base is not None:
            self._lay_ti(seat, card)
            self.paoti[seat] += 1
            self.bupai[seat] += 1  # another four-card group: one more card is owed
        elif hand[card] == 2:
            self._lay_wei(seat, card)
        else:
            hand[card] += 1
        self._draw(self.next_seat(seat))

    def _win_option_then(self, seat: int, card: int, kind: str) -> None:
        """Apply a compulsory 偎/提 of one's own draw, then let the drawer win with it (自摸) or play on."""
        self._note_intake(seat)  # the 偎/提 is his own intake: it lifts a 漏胡
        self._own_pre = (list(self.hands[seat]), self._groups(seat), self.intakes[seat] - 1)
        priced = self._win_price_before_own_meld(seat, card) if self._may_win(seat, card) else None
        if kind == "ti":
            self._lay_ti(seat, card)
        else:
            self._lay_wei(seat, card)
        self._last_was_paoti = kind == "ti"
        self._open_window("own", seat, card, {seat: [Action("hu")]} if priced else {}, {})

    def _lay_ti(self, seat: int, card: int) -> None:
        """提 of one's own card onto one's 坎 or 偎 (3 down, 1 shown)."""
        base = self._meld_of(seat, card, ("wei", "chouwei"))
        if base is not None:
            base.group, base.shown = Group("ti", (card,) * 4), 1
        else:
            self.hands[seat][card] = 0
            self.melds[seat].append(Meld(Group("ti", (card,) * 4), 1))
        self.emit("ti", {"seat": seat, "card": name(card)}, None, msg("{seat} 提 {card}", seat=Seat(seat), card=_card(card)))

    def _lay_wei(self, seat: int, card: int) -> None:
        """偎 of one's own card onto a pair in hand: face down (明偎: one shown); 臭偎 after 忍碰 shows one."""
        self.hands[seat][card] = 0
        chou = card in self.renpeng[seat]
        shown = 1 if chou else self.rules.wei_shown
        self.melds[seat].append(Meld(Group("chouwei" if chou else "wei", (card,) * 3), shown))
        if chou:
            self.emit("chouwei", {"seat": seat, "card": name(card)}, None,
                      msg("{seat} 臭偎 {card}", seat=Seat(seat), card=_card(card)))
        elif shown:
            self.emit("wei", {"seat": seat, "card": name(card)}, None,
                      msg("{seat} 偎 {card}", seat=Seat(seat), card=_card(card)))
        else:
            self.emit("wei", {"seat": seat}, None, msg("{seat} 偎牌", seat=Seat(seat)))
            self.emit("wei_card", {"seat": seat, "card": name(card)}, seat, msg("你偎了 {card}", card=_card(card)))

    def _open_draw_window(self, drawer: int, card: int) -> None:
        options: dict[int, list[Action]] = {}
        forced: dict[int, Action] = {}
        for seat in self._order_from(drawer):
            opts: list[Action] = []
            hand = self.hands[seat]
            own = seat == drawer
            if (own or self.rules.win_other_draw) and self._may_win(seat, card) and self._win_price(
                    seat, card, "self_draw" if own else "other_draw"):
                opts.append(Action("hu"))
            if self._meld_of(seat, card, ("peng",)) is not None or (
                not own and (hand[card] == 3 or self._meld_of(seat, card, ("wei", "chouwei")) is not None)
            ):
                forced[seat] = Action("pao", (name(card),))
            elif not own and hand[card] == 2 and self._can_peng(seat, card):
                opts.append(Action("peng", (name(card),)))
            if (own or seat == self.next_seat(drawer)) and seat not in forced:
                opts.extend(self._chi_actions(seat, card))
                self._check_unchiable(seat, card, opts)
            options[seat] = opts
        self._open_window("draw", drawer, card, options, forced)

    def _open_discard_window(self, discarder: int, card: int) -> None:
        options: dict[int, list[Action]] = {}
        forced: dict[int, Action] = {}
        win_rule = self.rules.win_discard
        first = self.discards_made[discarder] == 1 and discarder == self.dealer and sum(self.discards_made) == 1
        for seat in self._order_from(discarder)[1:]:
            opts: list[Action] = []
            hand = self.hands[seat]
            may_win = win_rule in ("optional", "forced") or (win_rule == "first_discard" and first)
            if may_win and self._may_win(seat, card) and self._win_price(seat, card, "discard"):
                opts.append(Action("hu"))
            if hand[card] == 3 or self._meld_of(seat, card, ("wei", "chouwei")) is not None:
                forced[seat] = Action("pao", (name(card),))
            elif hand[card] == 2 and self._can_peng(seat, card):
                opts.append(Action("peng", (name(card),)))
            if seat == self.next_seat(discarder) and seat not in forced:
                opts.extend(self._chi_actions(seat, card))
                self._check_unchiable(seat, card, opts)
            options[seat] = opts
        self._open_window("discard", discarder, card, options, forced)

    def _check_unchiable(self, seat: int, card: int, opts: list[Action]) -> None:
        if not self.rules.chou_unchiable or card in self.chou[seat] or any(a.kind == "chi" for a in opts):
            return
        if could_group(self.hands[seat], card):
            self._unchiable.append(seat)

    def _can_peng(self, seat: int, card: int) -> bool:
        return card not in self.chou[seat] and self._hand_size(seat) - 2 >= 1

    def _chi_actions(self, seat: int, card: int) -> list[Action]:
        if card in self.chou[seat]:
            return []
        return [Action("chi", tuple(names(g) for g in option)) for option in chi_options(self.hands[seat], card)]

    # ------------------------------------------------------------ taking in
    def _take(self, seat: int, action: Action, card: int, kind: str) -> None:
        self.floating = None
        hand = self.hands[seat]
        self._note_intake(seat)
        if action.kind == "pao":
            base = self._meld_of(seat, card, ("wei", "chouwei", "peng"))
            if base is not None:
                base.group = Group("pao", (card,) * 4)
                base.shown = 4
            else:
                hand[card] = 0
                self.melds[seat].append(Meld(Group("pao", (card,) * 4), 4))
            self.emit("pao", {"seat": seat, "card": name(card)}, None,
                      msg("{seat} 跑 {card}", seat=Seat(seat), card=_card(card)))
            self._after_intake(seat, was_paoti=True)
            return
        if action.kind == "peng":
            hand[card] -= 2
            self.melds[seat].append(Meld(Group("peng", (card,) * 3), 3))
            self.emit("peng", {"seat": seat, "card": name(card)}, None,
                      msg("{seat} 碰 {card}", seat=Seat(seat), card=_card(card)))
            self._after_intake(seat, was_paoti=False)
            return
        assert action.kind == "chi"
        groups = [tuple(parse_cards(g)) for g in action.cards]
        taken = list(groups[0])
        taken.remove(card)
        for c in taken:
            hand[c] -= 1
        for g in groups[1:]:
            for c in g:
                hand[c] -= 1
        for g in groups:
            self.melds[seat].append(Meld(Group("chi", tuple(sorted(g, key=sort_key))), 3))
        # the 比 groups apart from the 吃 one, as the 吃 button reads (labels.name_action)
        shown = [_cards(sorted(g, key=sort_key)) for g in groups]
        data = {"seat": seat, "card": name(card), "groups": [names(g) for g in groups]}
        if len(shown) > 1:
            self.emit("chi", data, None, msg("{seat} 吃 {card}：{chi} · 比 {bi}", seat=Seat(seat), card=_card(card),
                                             chi=shown[0], bi=listing(shown[1:], " · 比 ")))
        else:
            self.emit("chi", data, None, msg("{seat} 吃 {card}：{chi}", seat=Seat(seat), card=_card(card), chi=shown[0]))
        self._after_intake(seat, was_paoti=False)

    def _after_intake(self, seat: int, was_paoti: bool) -> None:
        if was_paoti:
            self.paoti[seat] += 1
            if self.paoti[seat] > 1:  # 重跑 / 八块: no discard, the 下家 draws
                self._draw(self.next_seat(seat))
                return
        if self.free_turns[seat] > 0 or self._hand_size(seat) == 0:
            self.free_turns[seat] = max(0, self.free_turns[seat] - 1)
            self._draw(self.next_seat(seat))
            return
        self.must_discard = seat

    # ------------------------------------------------------------- endings
    def _finish_win(self, seat: int, card: int) -> None:
        kind = self.window_kind
        counts = list(self.hands[seat])
        win_card: int | None = card
        liang_priced: Priced | None = None
        if kind == "liang":
            win_from = "deal"
            liang_priced, win_card = self._liang_best[seat]
            if seat == self.dealer and win_card is not None:
                counts[card] -= 1  # the 亮张 is the winning card, out of the dealt hand
        elif kind == "own":
            win_from = "self_draw"
        elif kind == "draw":
            win_from = "self_draw" if seat == self.window_from else "other_draw"
        else:
            win_from = "discard"
        priced: Priced | None = liang_priced
        if priced is None and kind == "own":  # the 偎/提 is on the table; price the hand before it (rule 1)
            priced = self._win_price_before_own_meld(seat, card)
        elif priced is None:
            priced = price_best(self.rules, counts, self._groups(seat),
                                self._win_context(seat, win_card, win_from, counts))
        assert priced is not None and self.rules.settle is not None
        from_seat = self._won_from(seat, kind, win_card)
        seating = self.seating(from_seat)
        deltas = self.rules.settle(seating, seat, priced, win_from)
        won = Won(seating, seat, priced, win_from, tuple(deltas))
        explained = (self.rules.explain or _each_loser_pays)(won)
        shown_card = card if kind != "liang" or win_card is not None else None
        patterns = tuple(priced.out.get("patterns", ()))
        score = priced.out["score"]
        hand = self._hand_list(seat)
        # the winning card once: a drawn or discarded card (or another's 亮张) is in nobody's hand yet; the dealer's own
        # 亮张 is in his, a card of one's own 偎/提 in that meld
        if shown_card is not None and kind != "own" and not (kind == "liang" and seat == self.dealer):
            hand = sorted([*hand, shown_card], key=sort_key)
        winner = Winner(seat, HOW[win_from], from_seat, None if shown_card is None else name(shown_card),
                        tuple(name(c) for c in hand), tuple(m.private() for m in self.melds[seat]),
                        groups_out(priced.arrangement) if priced.arrangement is not None else (), patterns,
                        priced.fans, score, explained.steps)
        summary = won_summary(seat, None if shown_card is None else _card(shown_card),
                              won_how(seat, win_from, from_seat, self.rules.discard_is_pao))
        why = explained.why or msg("{seat} 胡牌", seat=Seat(seat))
        outcome = Outcome(Termination.WIN, (winner,), _payments(deltas, why), summary,
                          steps=self._stakes_steps() + explained.hand)
        detail = dict(priced.out)  # the calculator's keys; the bot reads the outcome
        if self.stakes is not None:
            detail["stakes"] = list(self.stakes)  # carried to the match's end (放炮罚's after_hand)
        win = Win(seat, from_seat, winner.card, patterns, score)
        self.result = HandResult([seat], deltas, False, detail, wins=[win], outcome=outcome)
        self.finished = True
        self.must_discard = None
        named: Arg = listing(Term(p) for p in patterns) if patterns else Term("无名堂")
        self.emit("hu", {"seat": seat, "card": winner.card, "hand": self._hand_names(seat),
                         "melds": [m.to_json() for m in winner.melds], "deltas": deltas}, None,
                  msg("{seat} 胡 {card}：{huxi} 胡息，{patterns}，得分 {score}", seat=Seat(seat),
                      card=Term("起手牌") if shown_card is None else _card(shown_card), huxi=priced.huxi,
                      patterns=named, score=score))

    def _stakes_steps(self) -> tuple[Step, ...]:
        """Who put up a 打鸟 stake this hand, and its 鸟分."""
        if self.stakes is None:
            return ()
        seats = Seats(tuple(self.stakes))
        value = self.options.get("niao_value")
        if self.stakes and isinstance(value, int):
            return (Step(msg("打鸟：{seats}（鸟分 {value}）", seats=seats, value=value)),)
        return (Step(msg("打鸟：{seats}", seats=seats)),)

    def _won_from(self, seat: int, kind: str, win_card: int | None) -> int | None:
        """The seat whose card was won — the discarder (放炮), the drawer who showed it, the dealer whose 亮张
        it was — or None when the winner won his own card or his dealt hand."""
        if kind == "discard" or (kind == "draw" and seat != self.window_from):
            return self.window_from
        if kind == "liang" and seat != self.dealer and win_card is not None:
            return self.dealer
        return None

    def _finish_draw(self) -> None:
        assert self.rules.settle_draw is not None
        seating = self.seating()
        deltas = self.rules.settle_draw(seating)
        explained = (self.rules.explain_draw or nobody_pays_draw)(seating, tuple(deltas))
        outcome = Outcome(Termination.DRAW, (), _payments(deltas, explained.why or Msg("黄庄")), Msg("黄庄"),
                          steps=self._stakes_steps() + explained.hand)
        detail: dict[str, Any] = {}
        if self.stakes is not None:
            detail["stakes"] = list(self.stakes)
        self.result = HandResult([], deltas, True, detail, outcome=outcome)
        self.finished = True
        self.must_discard = None
        self.emit("huangzhuang", {"deltas": deltas}, None, Msg("墩上无牌，黄庄"))

    # ------------------------------------------------------------ the replay (engine/replay.py)
    def offer(self) -> Offer | None:
        w = self.window
        if self.finished or w is None:
            return None
        seat, card = Seat(self.window_from), _card(w.card)
        says = {"liang": msg("{seat} 的亮张 {card}", seat=seat, card=card),
                "draw": msg("{seat} 翻出的 {card}", seat=seat, card=card),
                "discard": msg("{seat} 打出的 {card}", seat=seat, card=card)}.get(
            self.window_kind, msg("{seat} 自己偎/提的 {card}", seat=seat, card=card))
        return Offer(says, name(w.card), self.window_from)

    # ------------------------------------------------------------ public API
    def to_act(self) -> list[int]:
        if self.finished:
            return []
        if self.predeal is not None:
            return self.predeal.to_act()
        if self.window is not None:
            return self.window.pending()
        return [self.must_discard] if self.must_discard is not None else []

    def _legal(self, seat: int) -> list[Action]:
        if self.finished or seat not in self.to_act():
            return []
        if self.predeal is not None:
            return self.predeal.legal(seat)
        if self.window is not None:
            options = self.window.options.get(seat, [])
            if (self.window_kind == "discard" and self.rules.win_discard == "forced"
                    and Action("hu") in options):
                return [Action("hu")]  # 放炮罚: a winnable discard must be won
            return [*options, Action("pass")]
        hand = self.hands[seat]
        free = [c for c in range(N_KINDS) if 0 < hand[c] < 3]
        if not free:  # only 坎 left: a 坎 card must go
            free = [c for c in range(N_KINDS) if hand[c]]
        return [Action("discard", (name(c),)) for c in sorted(free, key=sort_key)]

    def name_action(self, action: Action) -> ActionName:
        return name_action(action, staking=self.predeal is not None)

    def _apply(self, seat: int, action: Action) -> None:
        if self.predeal is not None:
            self._choose_stake(seat, action)
        elif self.window is not None:
            self.window.decided[seat] = action
            if action.kind == "pass":
                self.emit("pass", {"seat": seat}, seat, Msg("你选择了过"))
            self._settle_window()
        else:
            card = parse_cards(action.cards[0])[0]
            self.hands[seat][card] -= 1
            self.must_discard = None
            self.discards_made[seat] += 1
            self.hu_barred[seat] = False  # 漏胡 lasts until one's own next discard or intake
            if self.rules.own_discard_chou:
                self.chou[seat].add(card)
            self.emit("discard", {"seat": seat, "card": name(card)}, None,
                      msg("{seat} 打出 {card}", seat=Seat(seat), card=_card(card)))
            self._open_discard_window(seat, card)

    def _choose_stake(self, seat: int, action: Action) -> None:
        assert self.predeal is not None
        self.stakes = choose_stakes(self.predeal, seat, action, self.emit)
        if self.stakes is not None:
            self.predeal = None
            self._open_liang_window()

    def _liang_live(self) -> bool:
        """The 亮张 is a face-up card of its own only until the 天胡/地胡 window closes (while 打鸟 is chosen first,
        too); then it is a card of the dealer's hand like any other."""
        return not self.finished and (self.predeal is not None
                                      or (self.window is not None and self.window_kind == "liang"))

    def _revealed(self) -> str | None:
        """The card on offer, if everyone may see it (never a card just 偎-ed face down)."""
        if self.floating is not None:
            return name(self.floating)
        if self.window is not None and self.window_kind == "liang":
            return name(self.liang)
        return None

    def _claim_window_open(self) -> bool:
        return not self.finished and self.window is not None and self.window_kind != "own"

    def _public_to_act(self) -> list[int]:
        """Who the table is waiting for. A card window names nobody; the drawer's 自摸 choice after his own
        偎/提 looks like his turn (which it is: he discards next), so it does not tell that he could win."""
        if self._claim_window_open():
            return []
        if not self.finished and self.window is not None and self.window_kind == "own":
            return [self.window_from]
        return self.to_act()

    def _phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        if self.predeal is not None:
            return Phase.CHOOSE
        return Phase.CLAIM if self.window is not None and self.window_kind != "own" else Phase.DISCARD

    def census(self) -> list[int]:
        """Where every card is (hands, melds, fronts, 墩, the card on the table): 4 of each, always."""
        counts = [sum(h[c] for h in self.hands) for c in range(N_KINDS)]
        for melds in self.melds:
            for m in melds:
                for c in m.group.cards:
                    counts[c] += 1
        for c in [*self.wall, *(c for o in self.outs for c in o)]:
            counts[c] += 1
        if self.floating is not None:
            counts[self.floating] += 1
        return counts

    # ----------------------------------------------------------------- views
    def _table(self, own: int | None) -> dict[str, Any]:
        """The table's fields, with ``own``'s melds face up (None: everyone's as the table sees them)."""
        result = self.result
        outcome = None if result is None else result.outcome
        return {
            "variant": self.variant_id,
            "seats": self.seats,
            "dealer": self.dealer,
            # In a claim window the asked seats stay secret (who holds a 胡/碰/吃 is hidden information);
            # only the 打鸟 step, answered by everyone at once, names those still to choose.
            "to_act": tuple(self._public_to_act()),
            "claims_pending": self._claim_window_open(),
            "claim_words": CLAIM_WORDS,
            "phase": self._phase(),
            "version": self.version,
            "finished": self.finished,
            "hand_sizes": tuple(self._hand_size(s) + 4 * sum(m.concealed for m in self.melds[s])
                                for s in range(self.seats)),
            "melds": tuple(tuple(m.private() if s == own else m.public() for m in self.melds[s]
                                 if s == own or not m.concealed) for s in range(self.seats)),
            "wall": len(self.wall),
            "choosing": None if self.predeal is None else Choosing(**self.predeal.public()),
            "result": None if result is None or outcome is None else ResultView(
                tuple(result.winners), tuple(result.deltas), result.draw, outcome.summary),
            "liang": name(self.liang) if self._liang_live() else None,
            "outs": tuple(names(self.outs[s]) for s in range(self.seats)),
            "huxi_shown": tuple(sum(_meld_view(m.group, m.shown).huxi or 0 for m in self.melds[s] if not m.concealed)
                                for s in range(self.seats)),
            "sitter": self.sitter,
            # None until every player has chosen: nobody 打鸟s knowing another's choice
            "stakes": None if self.stakes is None else tuple(self.stakes),
            "revealed": self._revealed(),
        }

    def public_view(self) -> ZipaiView:
        return ZipaiView(**self._table(None))

    def view(self, seat: int) -> ZipaiSeatView:
        return ZipaiSeatView(**self._table(seat), seat=seat, hand=tuple(self._hand_names(seat)),
                             legal=tuple(a.code for a in self.legal_actions(seat)),
                             chou=names(sorted(self.chou[seat], key=sort_key)))


def _payments(deltas: list[int], why: Msg) -> tuple[Payment, ...]:
    """The transfers a hand's deltas make, where one seat gains and the others pay it (a hand that only books
    points, as a 胡 race does, moves no money)."""
    gainers = [s for s, d in enumerate(deltas) if d > 0]
    if sum(deltas) != 0 or len(gainers) != 1:
        return ()
    return tuple(Payment(s, gainers[0], -d, why) for s, d in enumerate(deltas) if d < 0)


def _each_loser_pays(won: Won) -> Explained:
    """A variant that says nothing of its own: the score, and who pays it."""
    return plain(won, msg("得分 {score}", score=won.priced.out["score"]))
