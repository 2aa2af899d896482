"""One hand of mahjong (麻将), for every variant of the family: the variant's :class:`MahjongRules` say what differs.

The deal (documented for stacked walls): the wall is the tile set in order; the dealer takes the first 14 tiles,
then each next seat 13 in turn order (庄 → 下家 …); play draws from the front of what is left, a kong's
replacement tile (杠后补牌) from the back, and the birds (扎鸟) from the front again.

Turn flow (counter-clockwise, seat s → s+1): the seat holding 14 (melds counting three) may 胡 (自摸), make an
暗杠 or 补杠, or discard. A discard opens a claim window (``engine.claims``): 胡 before 杠/碰 before 吃, several
胡 at once where the variant allows (一炮多响); a 补杠 (and, for 十三幺 in 推倒胡, an 暗杠) opens a rob window
first (抢杠胡). Kong money is paid into the hand's ledger when the kong stands; the variant's rule keeps it or
cancels it at the end. The wall running out on a draw ends the hand drawn (流局 / 荒庄).

Hidden information: ``public_view`` never names who is asked in a window (``to_act`` is empty and
``claims_pending`` true), and an 暗杠 shows one tile.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from ..claims import ClaimWindow
from ..core import (
    PASS_ROLE,
    WIN_ROLE,
    Action,
    ActionName,
    HandResult,
    InvalidActionCode,
    MeldView,
    Win,
)
from ..hand import Hand
from ..ledger import Ledger, Payment, net
from ..outcome import Bird, Outcome, Step, Termination, Winner
from ..predeal import PreDeal
from ..views import Choosing, Offer, Phase, ResultView
from ..words import Listing, Msg, Seat, Term, msg
from . import result as said
from .result import card
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, MahjongRules, Meld, Priced, WinSpot
from .tiles import KINDS, NAMES, NOTATION, fast_id, tile_set
from .views import MahjongSeatView, MahjongView

FAMILY = "mahjong"
CHUI_CHOICES = (0, 1, 2)
HAND = 13

_VERBS = {"peng": "碰", "gang": "杠", "angang": "暗杠", "bugang": "补杠"}
# the kongs as the table names them when they stand
KONG_WORDS = {"angang": Term("暗杠"), "bugang": Term("补杠"), "gang": Term("明杠")}
# where a winning tile came from, as a hand's last event names it
WON_WORDS = {SELF_DRAW: Term("自摸"), DEAL: Term("起手胡"), DISCARD: Term("接炮"), ROBBING: Term("抢杠胡")}


def _tile(code: str) -> int:
    try:
        return fast_id(code)
    except ValueError:
        raise InvalidActionCode("不是一张牌：「{code}」", code=code[:10]) from None


HU = Action("hu")
PASS = Action("pass")
DISCARDS = tuple(Action("discard", (NOTATION[t],)) for t in range(KINDS))
_SEAT_IDS = range(4)  # every 麻将 table seats 4 at most (长沙 人数: 4 / 3 / 2, the others 4)
# Claims by tile, shared like the discards (every discard offers some): 碰, 明杠, and each 吃 with the two tiles
# it takes from the hand, the run's lowest first.
PENGS = tuple(Action("peng", (NOTATION[t],)) for t in range(KINDS))
GANGS = tuple(Action("gang", (NOTATION[t],)) for t in range(KINDS))


def _chis(tile: int) -> tuple[tuple[int, int, Action], ...]:
    out = []
    if tile < 27:
        first = tile - tile % 9
        for low in range(max(first, tile - 2), min(tile, first + 6) + 1):
            run = (low, low + 1, low + 2)
            a, b = (u for u in run if u != tile)
            out.append((a, b, Action("chi", tuple(NOTATION[u] for u in run))))
    return tuple(out)


CHIS = tuple(_chis(t) for t in range(KINDS))
# the seats after each seat in turn order, by the table's number of seats (a window asks them on every discard)
_AFTER = {n: tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in range(1, 5)}
_BLOCK_OF = tuple(min(t // 9, 3) for t in range(KINDS))  # a tile's block for ``Checker.completing``: 万 筒 条 字


def chui_label(n: int) -> str:
    return "不加锤" if n == 0 else f"加{n}锤"


def chui_words(n: int) -> Msg:
    """A seat's 加锤 as the table says it: 不加锤, 加1锤."""
    return msg("加{n}锤", n=n) if n else msg("不加锤")


# the 加锤 actions and lines, made once (messages and actions are immutable; every 推倒胡 hand asks each seat)
CHUIS = tuple(Action("chui", (str(n),)) for n in CHUI_CHOICES)
_CHOSE_CHUI = {n: msg("你选择了{choice}", choice=chui_words(n)) for n in CHUI_CHOICES}
_PASSED = msg("你选择了过")


class MahjongGame(Hand):
    family = FAMILY

    def __init__(self, rules: MahjongRules, options: dict[str, Any], seed: int, dealer: int = 0,
                 carry: dict[str, Any] | None = None, *, wall: Sequence[int] | None = None) -> None:
        super().__init__(rules.id, rules.seats, dealer)
        self.rules = rules
        self.options = dict(options)
        self.seed = seed
        self.carry = dict(carry or {})
        full = sorted(rules.tile_list or tile_set(rules.tiles))
        if wall is None:
            deck = list(full)
            random.Random(seed).shuffle(deck)
        else:
            deck = list(wall)
            if sorted(deck) != full:
                raise ValueError(f"a stacked wall must hold the {rules.tiles}-tile set exactly once")
        self.deck = tuple(deck)
        self.wall: list[int] = []
        self.hands: list[list[int]] = [[0] * KINDS for _ in range(self.seats)]
        self.melds: list[list[Meld]] = [[] for _ in range(self.seats)]
        self.discards: list[list[int]] = [[] for _ in range(self.seats)]
        self.ledger = Ledger(self.seats)
        self.turn: int | None = None
        self.drawn: int | None = None
        self.after_kong = False  # the turn seat's last tile is a kong's replacement (杠开)
        self.kong_discard = False  # the discard on offer was made right after a kong (杠上炮)
        self.kong_source: int | None = None  # who fed the 直杠 the turn seat just made (杠开包赔)
        self.turns_taken = [0] * self.seats
        self.barred = [False] * self.seats  # 过胡不胡
        self.lapsed: list[set[int]] = [set() for _ in range(self.seats)]  # 杠 not made when first possible
        self.last_drawer = dealer
        self.window: ClaimWindow | None = None
        self.window_kind = ""  # discard | rob
        self.window_from = dealer
        self.window_card: int | None = None
        self.rob_kind = ""
        self.bird_tiles: list[int] = []
        self.bird_hit: list[bool] = []
        self.bird_hits: dict[int, int] = {}
        self.bird_counts: list[int] = []  # the hits each bird is worth (一码全中: its rank)
        self.chui: list[int] | None = None
        self.robbed = False  # the hand was won by robbing a kong: its tile is in no hand or meld
        # per seat, a copy of its hand and the checker's ``completing`` blocks of it (``_may_complete``)
        self._completing: list[tuple[list[int], int]] = [([], 0)] * self.seats
        self.outcome: Outcome | None = None
        self.predeal: PreDeal | None = None
        if rules.chui:
            order = [(dealer + i) % self.seats for i in range(self.seats)]
            self.predeal = PreDeal(order, {s: list(CHUIS) for s in order})
        else:
            self._deal()

    # ------------------------------------------------------------------ helpers
    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def _order_after(self, seat: int) -> list[int]:
        return list(_AFTER[self.seats][seat])

    def _split(self, counts: Sequence[int]) -> tuple[list[int], int]:
        """(counts without wildcards, wildcards) as the checker takes them."""
        c = list(counts)
        wild = 0
        if self.rules.wild is not None:
            wild, c[self.rules.wild] = c[self.rules.wild], 0
        return c, wild

    def _hand_tiles(self, seat: int) -> list[int]:
        """The seat's tiles in order, its wildcards last."""
        wild = self.rules.wild
        hand = self.hands[seat]
        if wild is None or wild == KINDS - 1:  # (in order already)
            return list(itertools.chain.from_iterable(map(itertools.repeat, range(KINDS), hand)))
        tiles = [t for t in range(KINDS) if t != wild for _ in range(hand[t])]
        return tiles + [wild] * hand[wild]

    def _spot(self, seat: int, card: int | None, win_from: str, *, add: bool) -> WinSpot:
        counts = list(self.hands[seat])
        if add and card is not None:
            counts[card] += 1
        plain, wild = self._split(counts)
        return WinSpot(seat, tuple(plain), wild, tuple(self.melds[seat]), card, win_from, seat == self.dealer,
                       after_kong=self.after_kong if win_from == SELF_DRAW else self.kong_discard,
                       last_card=not self.wall,
                       four_wild=win_from in (SELF_DRAW, DEAL) and self._four_wild(seat, counts))

    def _four_wild(self, seat: int, counts: Sequence[int]) -> bool:
        """红中 ruling 17: four 红中 win at the start of one's first turn or right after the draw of the fourth."""
        w = self.rules.wild
        return (self.rules.four_wild_win and w is not None and counts[w] >= 4
                and (self.turns_taken[seat] == 0 or self.drawn == w))

    def _price(self, spot: WinSpot) -> Priced | None:
        if not spot.four_wild and not self.rules.checker.is_win(spot.counts, spot.wild):
            return None
        return self.rules.price(spot)

    def _opening(self, seat: int) -> bool:
        """The dealer's first turn, on his dealt 14 (天胡, an opening 暗杠)."""
        return seat == self.dealer and self.turns_taken[seat] == 0 and self.drawn is None and not self.melds[seat]

    def _cannot_win(self, seat: int, counts: Sequence[int], *, four_x: bool = True) -> bool:
        """What ``_price`` refuses at once (no 4-红中 win aside), told before a spot is built: every turn and every
        discard asks it of a hand that mostly does not win. ``four_x`` False: the hand is known not to win by the
        checker (``_drawn_may_complete``)."""
        if not four_x:
            return True
        if self.rules.wild is None:
            return not self.rules.checker.is_win(counts)
        plain, wild = self._split(counts)
        return not self.rules.checker.is_win(plain, wild)

    def _self_win(self, seat: int) -> Priced | None:
        opening = self._opening(seat)
        if self.drawn is None and not opening:
            return None  # after a 碰/吃 the hand is not won by itself
        hand = self.hands[seat]
        if not self._four_wild(seat, hand) and self._cannot_win(seat, hand, four_x=self._drawn_may_complete(seat)):
            return None
        return self._price(self._spot(seat, None, DEAL if opening else SELF_DRAW, add=False))

    def _may_complete(self, seat: int, card: int) -> bool:
        """Whether ``card`` (not a wildcard) added to the seat's hand may make it a win, by the checker's block prices
        (``Checker.completing``; ``is_win`` has the last word). Every other seat's discard asks it of a hand that does
        not change between the seat's own turns, so the blocks are kept per seat with the hand they were read of."""
        hand = self.hands[seat]
        held, blocks = self._completing[seat]
        if held != hand:  # (a list compared item by item: cheaper than a key made of it)
            if self.rules.wild is None:
                blocks = self.rules.checker.completing(hand, 0)  # (nothing to split off)
            else:
                plain, wild = self._split(hand)
                blocks = self.rules.checker.completing(plain, wild)
            self._completing[seat] = (list(hand), blocks)
        return bool(blocks >> _BLOCK_OF[card] & 1)

    def _drawn_may_complete(self, seat: int) -> bool:
        """False when the tile just drawn cannot have made the seat's hand win by the checker: the hand before it is
        the one its ``_may_complete`` blocks were kept for (others' discards asked them) and the tile is outside
        them. True whenever that is not known (no draw, a wildcard, blocks kept for another hand)."""
        tile = self.drawn
        if tile is None or tile == self.rules.wild:
            return True
        held, blocks = self._completing[seat]
        if blocks >> _BLOCK_OF[tile] & 1:
            return True
        hand = self.hands[seat]
        hand[tile] -= 1  # (the hand before the draw, compared and put back at once)
        before = held == hand
        hand[tile] += 1
        return not before

    def _can_win_tile(self, seat: int, card: int, win_from: str) -> Priced | None:
        if self.barred[seat] or card == self.rules.wild or not self._may_complete(seat, card):
            return None
        counts = list(self.hands[seat])
        counts[card] += 1
        if self._cannot_win(seat, counts):
            return None
        return self._price(self._spot(seat, card, win_from, add=True))

    # --------------------------------------------------------------------- deal
    def _deal(self) -> None:
        deck = list(self.deck)
        pos = 0
        for i in range(self.seats):
            seat = (self.dealer + i) % self.seats
            n = HAND + (1 if seat == self.dealer else 0)
            for t in deck[pos:pos + n]:
                self.hands[seat][t] += 1
            pos += n
        self.wall = deck[pos:]
        for s in range(self.seats):
            tiles = self._hand_tiles(s)  # (``_names`` in one go)
            self.emit("deal", {"seat": s, "hand": [NOTATION[t] for t in tiles]}, s,
                      msg("你的手牌：{tiles}", tiles=said.cards(tiles)))
        self.emit("dealt", {"dealer": self.dealer}, None, msg("发牌完毕，{seat} 坐庄先出", seat=Seat(self.dealer)))
        self.turn = self.dealer

    def _names(self, seat: int) -> list[str]:
        return [NOTATION[t] for t in self._hand_tiles(seat)]

    # The lines said on every draw (and discard, below), built once (a message is immutable): by tile, by seat.
    _YOU_DREW = tuple(msg("你摸到 {tile}", tile=card(t)) for t in range(KINDS))
    _DREW_KONG = tuple(msg("{seat} 杠后补牌", seat=Seat(s)) for s in _SEAT_IDS)
    _DREW = tuple(msg("{seat} 摸牌", seat=Seat(s)) for s in _SEAT_IDS)

    def _draw(self, seat: int, *, tail: bool = False) -> None:
        if not self.wall:
            self._finish_draw()
            return
        tile = self.wall[-1] if tail else self.wall[0]
        self.drew(seat, NOTATION[tile])  # before it leaves the wall: the replay sees the table as it stood
        self.wall.pop(-1 if tail else 0)
        self.hands[seat][tile] += 1
        self.drawn = tile
        self.turn = seat
        self.last_drawer = seat
        self.barred[seat] = False
        self.after_kong = tail
        self.emit("draw", {"seat": seat, "tile": NOTATION[tile]}, seat, self._YOU_DREW[tile])
        self.emit("drew", {"seat": seat, "wall": len(self.wall)}, None, (self._DREW_KONG if tail else self._DREW)[seat])

    # ------------------------------------------------------------------ own turn
    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if self._self_win(seat) is not None:
            out.append(HU)
        may_kong = bool(self.wall) and (self.drawn is not None or self._opening(seat))
        if may_kong:
            if 4 in hand:
                out += [Action("angang", (NOTATION[t],)) for t in range(KINDS)
                        if hand[t] == 4 and t != self.rules.wild]
            if self.melds[seat]:
                out += [Action("bugang", (NOTATION[m.tile],)) for m in self.melds[seat]
                        if m.kind == "peng" and hand[m.tile] and m.tile not in self.lapsed[seat]]
        out += map(DISCARDS.__getitem__, self._discard_order(seat))
        return out

    def _discard_order(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        kinds = list(itertools.compress(range(KINDS), hand))  # the kinds held, in order
        wild = self.rules.wild
        if wild is not None and hand[wild]:
            kinds.remove(wild)
            kinds.append(wild)  # 红中 last
        return kinds

    _DISCARDED = tuple(tuple(msg("{seat} 打出 {tile}", seat=Seat(s), tile=card(t)) for t in range(KINDS))
                       for s in _SEAT_IDS)

    def _discard(self, seat: int, tile: int, offered: list[Action]) -> None:
        if self.rules.pass_bars or self.rules.kong_now_or_never:
            kinds = set()
            for a in offered:
                if a.kind == "discard":
                    break  # (a turn's list ends with its discards: what matters is before them)
                kinds.add(a.kind)
            if self.rules.pass_bars and "hu" in kinds:
                self.barred[seat] = True  # 过胡不胡: a declined 自摸 bars the next discard wins too
            if self.rules.kong_now_or_never and "bugang" in kinds:
                self.lapsed[seat] |= {_tile(a.cards[0]) for a in offered if a.kind == "bugang"}
        self.hands[seat][tile] -= 1
        self.discards[seat].append(tile)
        self.kong_discard = self.after_kong
        self.after_kong = False
        self.kong_source = None
        self.drawn = None
        self.turn = None
        self.turns_taken[seat] += 1
        self.emit("discard", {"seat": seat, "tile": NOTATION[tile]}, None, self._DISCARDED[seat][tile])
        self._open_discard_window(seat, tile)

    # ------------------------------------------------------------------- windows
    def _open_discard_window(self, discarder: int, tile: int) -> None:
        rules = self.rules
        options: dict[int, list[Action]] = {}
        winnable = rules.discard_win == "any" or (rules.discard_win == "after_kong" and self.kong_discard)
        for s in self._order_after(discarder):
            opts: list[Action] = []
            if winnable and self._can_win_tile(s, tile, DISCARD) is not None:
                opts.append(HU)
            if tile != rules.wild:
                held = self.hands[s][tile]
                if held == 3 and self.wall and tile not in self.lapsed[s]:
                    opts.append(GANGS[tile])
                if held >= 2:
                    opts.append(PENGS[tile])
                if rules.chi and s == self.next_seat(discarder):
                    opts += self._chi_actions(s, tile)
            if opts:
                options[s] = opts
        if not options:
            self._next_draw(discarder)
            return
        self.window = ClaimWindow(tile, self._order_after(discarder), options, priority=rules.priority,
                                  multi_win=rules.multi_win)
        self.window_kind = "discard"
        self.window_from = discarder
        self.window_card = tile

    def _chi_actions(self, seat: int, tile: int) -> list[Action]:
        hand = self.hands[seat]
        return [chi for a, b, chi in CHIS[tile] if hand[a] and hand[b]]

    def _next_draw(self, discarder: int) -> None:
        self.kong_discard = False
        self._draw(self.next_seat(discarder))

    def _open_rob_window(self, konger: int, tile: int, kind: str) -> bool:
        """A 补杠 (or 暗杠) waits for robbers (抢杠胡); False when nobody may rob it."""
        options: dict[int, list[Action]] = {}
        for s in self._order_after(konger):
            priced = self._can_win_tile(s, tile, ROBBING)
            if priced is None:
                continue
            if kind == "angang" and not (self.rules.rob_angang and self.rules.rob_angang(priced.patterns)):
                continue
            options[s] = [Action("hu")]
        if not options:
            return False
        self.window = ClaimWindow(tile, self._order_after(konger), options, priority=self.rules.priority,
                                  multi_win=True)
        self.window_kind = "rob"
        self.window_from = konger
        self.window_card = tile
        self.rob_kind = kind
        return True

    def _may_rob(self, kind: str) -> bool:
        return (kind == "bugang" and self.rules.rob_bugang) or (kind == "angang" and self.rules.rob_angang is not None)

    def _settle_window(self) -> None:
        w = self.window
        assert w is not None
        if not w.resolved():
            return
        self.window = None
        winners = w.winners()
        declined = w.decliners_beaten_by(winners)
        for seat, option in declined:
            if option.kind == "hu" and self.rules.pass_bars:
                self.barred[seat] = True
            if option.kind == "gang" and self.rules.kong_now_or_never and self.window_card is not None:
                self.lapsed[seat].add(self.window_card)
        tile = self.window_card
        assert tile is not None
        src = self.window_from
        if self.window_kind == "rob":
            if winners:
                self.emit("robbed", {"konger": src, "tile": NOTATION[tile]}, None,
                          msg("{seat} 的{kong} {tile} 被抢杠", seat=Seat(src), kong=Term(_VERBS[self.rob_kind]),
                              tile=card(tile)))
                self._finish_wins([s for s, _ in winners], ROBBING, src, tile)
            else:
                self._complete_kong(src, tile, self.rob_kind, None)
            return
        if winners and w.is_win(winners[0][1]):
            self._finish_wins([s for s, _ in winners], DISCARD, src, tile)
            return
        self.kong_discard = False
        if not winners:
            self._next_draw(src)
            return
        seat, action = winners[0]
        self.discards[src].pop()  # the claimed tile leaves the river
        self.drawn = None
        if action.kind == "gang":
            self.hands[seat][tile] -= 3
            self._complete_kong(seat, tile, "gang", src)
            return
        if action.kind == "peng":
            self.barred[seat] = False  # 过胡不胡 lasts until a draw, 碰 or 杠 (推倒胡 ruling 15), not a 吃
            if self.rules.kong_now_or_never and Action("gang", (NOTATION[tile],)) in w.options.get(seat, []):
                self.lapsed[seat].add(tile)  # a 碰 where the 直杠 was possible: that tile's kong is gone
            self.hands[seat][tile] -= 2
            self.melds[seat].append(Meld("peng", (tile,) * 3, src))
            says = msg("{seat} 碰 {tile}", seat=Seat(seat), tile=card(tile))
        else:
            run = tuple(_tile(c) for c in action.cards)
            for t in run:
                if t != tile:
                    self.hands[seat][t] -= 1
            self.melds[seat].append(Meld("chi", run, src))
            says = msg("{seat} 吃 {tiles}", seat=Seat(seat), tiles=said.run(run))
        self.turn = seat
        self.emit(action.kind, {"seat": seat, "tiles": list(action.cards), "from": src}, None, says)

    # --------------------------------------------------------------------- kongs
    def _declare_kong(self, seat: int, tile: int, kind: str) -> None:
        """An 暗杠 or 补杠: one tile leaves the hand at once (the one a robber would take); the kong stands
        once nobody robs it. (A 补杠 not made yet is still possible after the replacement tile: same turn.)"""
        self.hands[seat][tile] -= 1
        self.turn = None
        if kind == "bugang":
            self.emit("bugang_declared", {"seat": seat, "tile": NOTATION[tile]}, None,
                      msg("{seat} 补杠 {tile}", seat=Seat(seat), tile=card(tile)))
        if self._may_rob(kind) and self._open_rob_window(seat, tile, kind):
            return
        self._complete_kong(seat, tile, kind, None)

    def _lay_kong(self, seat: int, tile: int, kind: str, source: int | None) -> None:
        """The kong's meld on the table: a 补杠 turns its 碰 into four; an 暗杠 takes its last three tiles from
        the hand (one left it when declared); a 明杠's tiles have left hand and river already."""
        if kind == "bugang":
            i = next(i for i, m in enumerate(self.melds[seat]) if m.kind == "peng" and m.tile == tile)
            self.melds[seat][i] = Meld("bugang", (tile,) * 4, self.melds[seat][i].from_seat)
        else:
            if kind == "angang":
                self.hands[seat][tile] -= 3
            self.melds[seat].append(Meld(kind, (tile,) * 4, source))
        self.window_kind = ""

    def _complete_kong(self, seat: int, tile: int, kind: str, source: int | None) -> None:
        self._lay_kong(seat, tile, kind, source)
        self.barred[seat] = False
        says = msg("{seat} {kong} {tile}", seat=Seat(seat), kong=KONG_WORDS[kind], tile=card(tile))
        if source is not None:
            says = msg("{kong}（{seat} 放杠）", kong=says, seat=Seat(source))
        self.emit("kong", {"seat": seat, "kind": kind, "tile": NOTATION[tile], "from": source}, None, says)
        paid = self.rules.kong_payments(kind=kind, konger=seat, discarder=source, chui=self.chui,
                                        options=self.options)
        for p in paid:
            self.ledger.pay(p.payer, p.payee, p.amount, p.why)
        if paid:
            each = tuple(msg("{payer} 付 {payee} {amount}", payer=Seat(p.payer), payee=Seat(p.payee), amount=p.amount)
                         for p in paid)
            self.emit("kong_money", {"payments": [p.to_json() for p in paid]}, None,
                      msg("杠钱：{payments}", payments=Listing(each, "；")))
        self._draw(seat, tail=True)
        self.kong_source = source if kind == "gang" else None

    # ----------------------------------------------------------------------- end
    def _finish_wins(self, winners: list[int], win_from: str, from_seat: int | None, tile: int | None) -> None:
        rules = self.rules
        priced: list[tuple[int, Priced, str, int | None]] = []
        for seat in winners:
            how = win_from
            won_tile = tile
            if win_from in (SELF_DRAW, DEAL):
                spot = self._spot(seat, None, win_from, add=False)
                won_tile = self.drawn
            else:
                spot = self._spot(seat, tile, win_from, add=True)
            if spot.four_wild:
                won_tile = rules.wild
            p = self._price(spot)
            assert p is not None, "a 胡 on offer is a win"
            priced.append((seat, p, how, won_tile))
        hits: dict[int, int] = {}
        if rules.birds is not None:
            birds = rules.birds(self.options, priced[0][3], self.wall, winners)
            del self.wall[:len(birds.tiles)]
            self.bird_tiles, self.bird_hit, hits = list(birds.tiles), list(birds.hit), dict(birds.hits)
            self.bird_counts = list(birds.counts or (1,) * len(birds.tiles))
        self.bird_hits = hits
        self.robbed = win_from == ROBBING
        payments: list[Payment] = []
        wins: list[Win] = []
        won: list[Winner] = []
        hows: list[Msg] = []
        for seat, p, how, won_tile in priced:
            feeder = self.kong_source if how == SELF_DRAW and self.after_kong else None
            paid = rules.win_payments(winner=seat, win_from=how, payer=from_seat, kong_feeder=feeder, priced=p,
                                      hits=hits.get(seat, 0), chui=self.chui, options=self.options)
            payments += paid
            value = sum(x.amount for x in paid)
            src = from_seat if how in (DISCARD, ROBBING) else None
            wins.append(Win(seat, src, None if won_tile is None else NOTATION[won_tile], p.patterns, value))
            won.append(said.winner(seat, how, src, won_tile, self._names(seat),
                                   [self._meld_view(m, True) for m in self.melds[seat]], p, value, rules.wild,
                                   rules.checker))
            hows.append(said.how_words(how, src, p.patterns, gangshangpao=rules.discard_win == "after_kong"))
        standing = self.ledger.settle(False, rules.ledger_rule)
        deltas = [a + b for a, b in zip(net(self.seats, payments), net(self.seats, standing), strict=True)]
        says = said.won_words(winners, WON_WORDS[win_from], priced[0][3], from_seat, win_from, Term("一炮多响"))
        next_dealer = rules.next_dealer(winners=winners, from_seat=from_seat, dealer=self.dealer,
                                        last_drawer=self.last_drawer, drawn=False)
        self.outcome = Outcome(
            Termination.WIN, tuple(won), (*standing, *payments), said.summary(won, hows),
            birds=self._won_birds() if rules.birds is not None else (), birds_drawn=rules.birds is not None,
            steps=self._hand_steps(), next_dealer=next_dealer, hands=self._all_hands())
        self.result = HandResult(list(winners), deltas, False, {}, wins=wins, ledger=standing,
                                 next_dealer=next_dealer, outcome=self.outcome)
        self._end("hu", {"winners": winners, "deltas": deltas}, says)

    def _won_birds(self) -> tuple[Bird, ...]:
        """The birds of a won hand, the same on the table and in the result: each tile and the winners it hits
        (红中 counts the same birds for every winner; 一码全中's one bird counts its rank)."""
        winners = tuple(self.bird_hits)
        return tuple(Bird(NOTATION[t], None, winners if hit else (), n)
                     for t, hit, n in zip(self.bird_tiles, self.bird_hit, self.bird_counts, strict=True))

    def _hand_steps(self) -> tuple[Step, ...]:
        """What the hand as a whole adds to its money: each seat's 加锤 (ruling 12: every transfer between two
        seats doubles per 锤 of either)."""
        if self.chui is None:
            return ()
        chosen = tuple(msg("{seat} {chui}", seat=Seat(s), chui=chui_words(n)) for s, n in enumerate(self.chui))
        return (Step(msg("加锤：{seats}", seats=Listing(chosen, " · "))),)

    def _all_hands(self) -> tuple[tuple[str, ...], ...]:
        names = NOTATION.__getitem__
        return tuple(tuple(map(names, self._hand_tiles(s))) for s in range(self.seats))

    def _finish_draw(self) -> None:
        rules = self.rules
        standing = self.ledger.settle(True, rules.ledger_rule)
        cancelled = [] if standing else list(self.ledger.payments)
        deltas = net(self.seats, standing)
        next_dealer = rules.next_dealer(winners=[], from_seat=None, dealer=self.dealer,
                                        last_drawer=self.last_drawer, drawn=True)
        says = msg("牌墙摸完，流局；本局杠钱作废") if cancelled else msg("牌墙摸完，流局；杠钱照算") if standing \
            else msg("牌墙摸完，流局")
        self.outcome = Outcome(Termination.DRAW, (), tuple(standing), msg("荒庄"), cancelled=tuple(cancelled),
                               steps=self._hand_steps(), next_dealer=next_dealer, hands=self._all_hands())
        self.result = HandResult([], deltas, True, {}, ledger=standing, next_dealer=next_dealer,
                                 outcome=self.outcome)
        self._end("liuju", {"deltas": deltas}, says)

    def _end(self, kind: str, data: dict[str, Any], says: Msg) -> None:
        self.finished = True
        self.turn = None
        self.window = None
        # the outcome, set just before, holds every seat's tile names already
        hands = self.outcome.hands if self.outcome is not None else self._all_hands()
        self.emit(kind, {**data, "hands": [list(h) for h in hands]}, None, says)

    # ---------------------------------------------------------------- public API
    # ------------------------------------------------------------------ the replay (engine/replay.py)
    def offer(self) -> Offer | None:
        if self.finished or self.window is None or self.window_card is None:
            return None
        seat, tile = Seat(self.window_from), card(self.window_card)
        says = msg("{seat} 杠的 {tile}（抢杠胡）", seat=seat, tile=tile) if self.window_kind == "rob" else \
            msg("{seat} 打出的 {tile}", seat=seat, tile=tile)
        return Offer(says, NOTATION[self.window_card], self.window_from)

    def face_up(self) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[MeldView, ...], ...]]:
        # a seat's own view would work out its 听 too, which a replay does not show
        hands = tuple(tuple(self._names(s)) if self.predeal is None else () for s in range(self.seats))
        return hands, tuple(tuple(self._meld_view(m, True) for m in self.melds[s]) for s in range(self.seats))

    def to_act(self) -> list[int]:
        if self.finished:
            return []
        if self.predeal is not None:
            return self.predeal.to_act()
        if self.window is not None:
            return self.window.pending()
        return [self.turn] if self.turn is not None else []

    def _legal(self, seat: int) -> list[Action]:
        if self.finished or seat not in self.to_act():
            return []
        if self.predeal is not None:
            return self.predeal.legal(seat)
        if self.window is not None:
            return [*self.window.options.get(seat, []), PASS]
        return self._turn_actions(seat)

    def name_action(self, action: Action) -> ActionName:
        kind = action.kind
        if kind == "hu":
            return ActionName("胡", "胡", WIN_ROLE)
        if kind == "pass":
            return ActionName("过", "过", PASS_ROLE)
        if kind == "chui":
            n = int(action.cards[0])
            return ActionName(chui_label(n), chui_label(n)) if n == 0 else ActionName(
                chui_label(n), chui_label(n), "", "加{n}锤", (("n", str(n)),))
        tiles = [NAMES[_tile(c)] for c in action.cards]
        if kind == "discard":
            return ActionName.worded("{verb} {cards}", "打", verb="打", cards=tiles[0])
        if kind == "chi":
            named = ActionName.worded("{verb} {cards}", "", verb="吃", cards="".join(t[0] for t in tiles) + tiles[-1][1:])
            return ActionName(named.label, named.label, "", named.template, named.params)
        verb = _VERBS.get(kind, "操作")
        if not tiles:
            return ActionName(verb, verb)
        named = ActionName.worded("{verb} {cards}", "", verb=verb, cards=tiles[0])
        return ActionName(named.label, named.label, "", named.template, named.params)

    def _apply(self, seat: int, action: Action) -> None:
        if self.predeal is not None:
            self._choose_chui(seat, action)
        elif self.window is not None:
            self.window.decided[seat] = action
            if action.kind == "pass":
                self.emit("pass", {"seat": seat}, seat, _PASSED)
            self._settle_window()
        else:
            self._own_turn(seat, action, self._offered(seat))

    def _offered(self, seat: int) -> list[Action]:
        """What the seat was offered for the action being taken (the base class has logged it and moved the
        version; the state is still the one it chose in, so the list is the cached one or the same again)."""
        return self._legal_cache.get(self.version - 1, seat)

    def _own_turn(self, seat: int, action: Action, legal: list[Action]) -> None:
        """A legal action on the seat's own turn (a variant with more turn actions extends this)."""
        if action.kind == "hu":
            self._finish_wins([seat], DEAL if self.drawn is None else SELF_DRAW, None, self.drawn)
        elif action.kind in ("angang", "bugang"):
            self._declare_kong(seat, _tile(action.cards[0]), action.kind)
        else:
            self._discard(seat, _tile(action.cards[0]), legal)

    def _choose_chui(self, seat: int, action: Action) -> None:
        assert self.predeal is not None
        self.predeal.choose(seat, action)
        n = int(action.cards[0])
        says = _CHOSE_CHUI.get(n) or msg("你选择了{choice}", choice=chui_words(n))
        self.emit("chui", {"seat": seat, "chui": n}, seat, says)
        if not self.predeal.complete:
            return
        chosen = self.predeal.result()
        self.chui = [int(chosen[s].cards[0]) for s in range(self.seats)]
        self.predeal = None
        each = tuple(msg("{seat} {chui}", seat=Seat(s), chui=chui_words(n)) for s, n in enumerate(self.chui))
        self.emit("chui_all", {"chui": list(self.chui)}, None, msg("加锤：{seats}", seats=Listing(each, "，")))
        self._deal()

    # -------------------------------------------------------------------- views
    def census(self) -> list[int]:
        """Where every tile is (hands, melds, rivers, wall, birds, a kong tile on offer): the whole set, always."""
        counts = [sum(col) for col in zip(*self.hands, strict=True)]
        for melds in self.melds:
            for m in melds:
                for t in m.tiles:
                    counts[t] += 1
        for t in [*self.wall, *self.bird_tiles, *(t for d in self.discards for t in d)]:
            counts[t] += 1
        if self.predeal is not None:
            for t in self.deck:
                counts[t] += 1
        pending = self._kong_tile_in_flight()
        if pending is not None:
            counts[pending] += 1
        return counts

    def _kong_tile_in_flight(self) -> int | None:
        """A robbed or still robbable kong tile is in nobody's hand or meld."""
        robbing = self.window_kind == "rob" or (self.finished and self.robbed)
        return self.window_card if robbing else None

    def _meld_view(self, m: Meld, own: bool) -> MeldView:
        if m.kind == "angang" and not own:
            return MeldView("angang", (NOTATION[m.tile],), 3)  # one tile up, three down
        return MeldView(m.kind, tuple(NOTATION[t] for t in m.tiles), 0, m.from_seat)

    @property
    def secret_window(self) -> bool:
        """An 暗杠 waiting on a robber (推倒胡: only 十三幺 may rob it). The 暗杠 is not yet shown, so the table
        still sees the konger's turn: an open window would tell everyone that someone holds 十三幺 on that tile.
        The bot answers for a late robber as for any claim window (``bot/timers.py``)."""
        return not self.finished and self.window is not None and self.window_kind == "rob" and self.rob_kind == "angang"

    def _claim_window_open(self) -> bool:
        return not self.finished and self.window is not None and not self.secret_window

    def _phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        if self.predeal is not None:
            return Phase.CHOOSE
        return Phase.CLAIM if self._claim_window_open() else Phase.DISCARD

    def _public_to_act(self) -> list[int]:
        if self._claim_window_open():
            return []
        if self.secret_window:
            return [self.window_from]
        return self.to_act()

    def _public_hand_sizes(self) -> list[int]:
        sizes = [sum(h) for h in self.hands]
        if self.secret_window:
            sizes[self.window_from] += 1  # the 暗杠's tile still counts as his: nothing has happened publicly yet
        return sizes

    def _standing(self) -> list[Payment]:
        """The money that stands so far; once the hand is over, what stood (荒庄 in 推倒胡 cancels every kong
        payment)."""
        return self.ledger.payments if self.result is None else self.result.ledger

    def _won_hand_birds(self) -> tuple[Bird, ...] | None:
        """A won hand's birds for the table (None before the end, after a drawn hand, or in a variant without)."""
        if not self.finished or self.outcome is None or self.outcome.termination is not Termination.WIN \
                or not self.outcome.birds_drawn:
            return None
        return self.outcome.birds

    def _view_fields(self) -> dict[str, Any]:
        """The table's view as fields (a variant's own view adds its own)."""
        standing = self._standing()
        revealed = None
        if self._claim_window_open() and self.window_card is not None:
            revealed = NOTATION[self.window_card]
        result = None
        if self.result is not None and self.outcome is not None:
            result = ResultView(tuple(self.result.winners), tuple(self.result.deltas), self.result.draw,
                                self.outcome.summary)
        choosing = None
        if self.predeal is not None:
            chosen = self.predeal.public()
            choosing = Choosing(int(chosen["chosen"]), int(chosen["of"]))
        return {
            "variant": self.variant_id,
            "seats": self.seats,
            "dealer": self.dealer,
            "to_act": tuple(self._public_to_act()),
            "claims_pending": self._claim_window_open(),
            "claim_words": ("吃", "碰", "杠", "胡") if self.rules.chi else ("碰", "杠", "胡"),
            "phase": self._phase(),
            "version": self.version,
            "finished": self.finished,
            "hand_sizes": tuple(self._public_hand_sizes()) if self.predeal is None else None,  # dealt after 加锤
            "melds": tuple(tuple(self._meld_view(m, False) for m in self.melds[s]) for s in range(self.seats)),
            "wall": None if self.predeal is not None else len(self.wall),  # not dealt yet while 加锤 is chosen
            "choosing": choosing,
            "result": result,
            "discards": tuple(tuple(NOTATION[t] for t in d) for d in self.discards),
            "revealed": revealed,
            "chui": None if self.chui is None else tuple(self.chui),
            "kong_money": tuple(net(self.seats, standing)),
            "payments": tuple(standing),
            "birds": self._won_hand_birds(),
        }

    def _seat_fields(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees beyond the table: its tiles, its melds face up, its legal actions, its draw, 听 and
        bar."""
        return {
            "seat": seat,
            "hand": tuple(self._names(seat)) if self.predeal is None else (),
            "melds": tuple(tuple(self._meld_view(m, s == seat) for m in self.melds[s]) for s in range(self.seats)),
            "legal": tuple(a.code for a in self.legal_actions(seat)),
            "drawn": NOTATION[self.drawn] if self.drawn is not None and self.turn == seat else None,
            "waits": tuple(self.waits(seat)),
            "barred": self.barred[seat],
        }

    def public_view(self) -> MahjongView:
        return MahjongView(**self._view_fields())

    def view(self, seat: int) -> MahjongSeatView:
        return MahjongSeatView(**{**self._view_fields(), **self._seat_fields(seat)})

    def waits(self, seat: int) -> list[str]:
        """The tiles that would complete this seat's hand now (听牌), for a hand of 13 − 3k tiles."""
        plain, wild = self._split(self.hands[seat])
        if (sum(plain) + wild) % 3 != 1:
            return []
        return [NOTATION[t] for t in self.rules.checker.waits(plain, wild)]
