"""长沙麻将 (changsha) — the hand's flow on the shared :class:`MahjongGame`, ``../shared/rules/changsha.md`` §2–§5
and rulings 19–30. The values, birds, 飘 and payments are :mod:`engine.mahjong.changsha`'s (pure).

What 长沙 adds to the shared hand, each a *stage* the game asks one seat at a time through a one-seat
:class:`~engine.claims.ClaimWindow` (so who is asked stays hidden, and a player who only knows how to 过 a window
can always answer):

* ``zuopiao``: every seat picks 飘 0/1/2/3/5 at once before the deal (a :class:`~engine.predeal.PreDeal`).
* 起手胡 (ruling 24): after the deal, each seat holding one is asked ``qishou`` / ``pass`` in turn from the dealer;
  the tiles it shows become public. 中途四喜 / 中途六六顺: ``qishou`` among one's turn actions right after the draw
  that formed them (anything else passes them). All are paid at the hand's end, drawn or not.
* kongs as two actions wherever one is possible (4 in hand, a 碰 and its 4th, 3 in hand and a discard):
  ``buzhang`` (补张: one tail tile, like a plain draw) and ``kaigang`` (开杠: only when 听牌 after it — the two
  tail tiles are shown; the konger may 胡 either (杠上花), kong again with one of them if his waits stay the same
  (the other is discarded first), or 过: both are discarded and others may 胡 either (杠上炮, 通炮), nobody
  claims them otherwise, and his 下家 draws). After 开杠 the konger is *locked*: on his turns only 胡, a 开杠
  keeping his waits, or discarding the tile he drew; on others' discards only 胡.
  Kongs need tiles to stay for the 海底: 补张 two in the wall, 开杠 three (*decision*).
* 海底 (ruling 25): when one tile is left, ``haidi`` (要海底) / ``pass`` (不要) in turn from the seat whose draw it
  is; the taker draws it and may 胡 (海底捞月) or must discard it, when others may 胡 it (海底炮, he pays).
* 漏胡 (ruling 29): a win a seat could have taken on a discard (any window) and did not bars that tile kind until
  its own next draw, unless the win would now be bigger (``changsha.is_bigger``).
* 抢杠胡 on a 补杠 of a 碰 (开杠 or 补张): the konger pays; several robbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from ..claims import ClaimWindow
from ..core import PASS_ROLE, WIN_ROLE, Action, ActionName, HandResult, Win
from ..ledger import Payment, net
from ..outcome import Bird, Outcome, Termination, Winner
from ..predeal import PreDeal
from ..views import Offer, Phase
from ..words import Listing, Msg, Seat, Term, msg
from . import changsha as cs
from . import changsha_qishou as qs
from . import result as said
from .game import DISCARDS, HU, PASS, PENGS, MahjongGame, _tile
from .result import card, cards
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, MahjongRules, Meld, Priced, WinSpot
from .tiles import KINDS, NAMES, NOTATION
from .views import ChangshaSeatView, ChangshaView, Shown

# 胡 > 杠/补张/碰 > 吃 (§3): 补张 ranks with 杠.
PRIORITY = {"hu": 3, "kaigang": 2, "buzhang": 2, "peng": 2, "chi": 1}
QISHOU = Action("qishou")
ONE_SEAT_STEPS = ("qishou", "haidi", "kaigang")  # the steps only one seat answers (``_open_one``)
HAIDI = Action("haidi")
BUZHANG_WALL = 2  # a 补张 leaves the 海底 in the wall
KAIGANG_WALL = 3  # so does a 开杠's pair of tail tiles


def piao_label(n: int) -> str:
    return "不飘" if n == 0 else f"飘{n}"


def piao_words(n: int) -> Msg:
    """A seat's 坐飘 as the table says it: 不飘, 飘2."""
    return msg("飘{n}", n=n) if n else msg("不飘")


# where a winning tile came from, as the hand's last event names it (the dealer's dealt 14: 天胡)
WON_WORDS = {SELF_DRAW: Term("自摸"), DEAL: Term("天胡"), DISCARD: Term("接炮"), ROBBING: Term("抢杠胡")}
MIDWAY = (qs.MID_SIXI, qs.MID_LIULIU)  # the 中途 起手胡 say so in their names


@dataclass(frozen=True, slots=True)
class Won:
    """One win about to be settled: the tile (None for 天胡) and who pays (None: every other seat)."""

    seat: int
    win_from: str
    payer: int | None
    card: int | None
    priced: Priced


class ChangshaGame(MahjongGame):
    """A hand of 长沙麻将 (see the module docstring). Deal order for stacked walls as :class:`MahjongGame`'s;
    the 开杠 tiles are the last two of the wall (the first taken is the last tile), 补张 the last one."""

    def __init__(self, rules: MahjongRules, options: dict[str, Any], seed: int, dealer: int = 0,
                 carry: dict[str, Any] | None = None, *, wall: Sequence[int] | None = None) -> None:
        self._ready = False  # the shared constructor must not deal: the set and the 坐飘 step are 长沙's
        super().__init__(rules, options, seed, dealer, carry, wall=wall)
        n = self.seats
        self.piao: list[int] | None = None
        self.dealt: list[list[int]] = []
        self.qishou: dict[int, list[qs.Qishou]] = {}  # declared, per seat
        self.qishou_queue: list[int] = []
        self.midway: list[qs.Qishou] = []  # 中途 起手胡 on offer to the turn seat
        self.used_kan: list[set[int]] = [set() for _ in range(n)]
        self.used_quads: list[set[int]] = [set() for _ in range(n)]
        self.locked = [False] * n
        self.locked_waits: list[tuple[int, ...]] = [() for _ in range(n)]
        self.kong_tiles: list[int] = []  # the 开杠's two tiles on show
        self.kong_out: list[int] = []  # the kong tiles discarded, on offer to 杠上炮 in the gangpao window
        self.kong_seat: int | None = None
        self.kong_mode = ""  # kai | bu: the kong being made
        self.rekong: int | None = None  # a 开杠 again with this kong tile, once its partner is refused by all
        self.haidi_queue: list[int] = []
        self.haidi_taker: int | None = None
        self.haidi_tile: int | None = None
        self.lou: list[dict[int, Priced]] = [{} for _ in range(n)]  # 漏胡: tile → the win passed
        self.offered: dict[int, tuple[int, Priced]] = {}  # the win each seat takes in the open window
        self.passable: list[tuple[int, int, Priced]] = []  # every (seat, tile, win) on offer there (漏胡)
        self.first_discard = False  # the discard on offer is the dealer's first (地胡)
        self.payments: list[Payment] = []
        self.birds_shown: list[int] = []
        self._ready = True
        if self.options.get("zuopiao"):
            order = [(dealer + i) % n for i in range(n)]
            self.predeal = PreDeal(order, {s: [Action("piao", (str(v),)) for v in cs.PIAO_VALUES] for s in order})
        else:
            self._deal()

    # ------------------------------------------------------------------ helpers
    def _spot_at(self, seat: int, card: int | None, win_from: str, *, add: bool, after_kong: bool) -> WinSpot:
        counts = list(self.hands[seat])
        if add and card is not None:
            counts[card] += 1
        return WinSpot(seat, tuple(counts), 0, tuple(self.melds[seat]), card, win_from, seat == self.dealer,
                       after_kong=after_kong, last_card=not self.wall)

    def _spot(self, seat: int, card: int | None, win_from: str, *, add: bool) -> WinSpot:
        after = self.after_kong if win_from == SELF_DRAW else self.kong_discard
        return self._spot_at(seat, card, win_from, add=add, after_kong=after)

    def _price(self, spot: WinSpot) -> Priced | None:
        if not self.rules.checker.is_win(spot.counts) and not _all_258(spot):
            return None
        return cs.price(spot, self.options, first_discard=self.first_discard)

    def _cannot_win(self, seat: int, counts: Sequence[int], *, four_x: bool = True) -> bool:
        return not (four_x and self.rules.checker.is_win(counts)) and not _tiles_258(counts, self.melds[seat])

    def _can_win_tile(self, seat: int, card: int, win_from: str) -> Priced | None:
        # what ``_price`` would find, before the spot is built (asked of every seat on every discard): 4X+Y only if
        # the checker's block prices of the hand allow it, 将将胡 only with a 2, 5 or 8
        four_x = self._may_complete(seat, card)
        if not four_x and card % 9 not in (1, 4, 7):
            return None
        counts = list(self.hands[seat])
        counts[card] += 1
        if self._cannot_win(seat, counts, four_x=four_x):
            return None
        priced = self._price(self._spot(seat, card, win_from, add=True))
        passed = self.lou[seat].get(card)
        if priced is not None and passed is not None and not cs.is_bigger(priced, passed):
            return None  # 漏胡
        return priced

    def cs_waits(self, seat: int, counts: Sequence[int] | None = None,
                 melds: Sequence[Meld] | None = None) -> tuple[int, ...]:
        """The tiles that win this 13 − 3k hand under 长沙 rules (2-5-8 将, 将将胡 …)."""
        c = list(self.hands[seat] if counts is None else counts)
        m = self.melds[seat] if melds is None else melds
        if sum(c) % 3 != 1:
            return ()
        return tuple(cs.winning_tiles(c, cs.melds_of(m), self.options))

    def _open_one(self, kind: str, seat: int, options: list[Action], card: int | None = None) -> None:
        """A stage only ``seat`` answers (起手胡, 海底, the 开杠 tiles)."""
        self.window = ClaimWindow(card, [seat], {seat: options}, priority=PRIORITY, multi_win=False)
        self.window_kind = kind
        self.window_from = seat
        self.window_card = card

    def _note_passed(self, winners: Sequence[int]) -> None:
        """漏胡: every win on offer in the window just closed that was not taken."""
        for seat, tile, priced in [*self.passable, *((s, t, p) for s, (t, p) in self.offered.items())]:
            if seat in winners:
                continue
            old = self.lou[seat].get(tile)
            if old is None or cs.is_bigger(priced, old):
                self.lou[seat][tile] = priced
        self.offered = {}
        self.passable = []

    # --------------------------------------------------------------------- deal
    def _deal(self) -> None:
        if not self._ready:
            return
        super()._deal()
        self.dealt = [list(h) for h in self.hands]
        order = [(self.dealer + i) % self.seats for i in range(self.seats)]
        self.qishou_queue = [s for s in order if qs.detect(self.hands[s], self.options)]
        self._ask_qishou()

    def _ask_qishou(self) -> None:
        self.window = None
        self.window_kind = ""
        if self.qishou_queue:
            self._open_one("qishou", self.qishou_queue.pop(0), [QISHOU])

    def _declare_qishou(self, seat: int, found: list[qs.Qishou], midway: bool) -> None:
        self.qishou.setdefault(seat, []).extend(found)
        shown = Listing(tuple(msg("{name}（{tiles}）", name=Term(q.name), tiles=cards(q.tiles)) for q in found), "；")
        data = {"seat": seat, "midway": midway,
                "wins": [{"name": q.name, "tiles": [NOTATION[t] for t in q.tiles]} for q in found]}
        if midway and found[0].name not in MIDWAY:
            self.emit("qishou", data, None, msg("{seat} 中途起手胡：{shown}", seat=Seat(seat), shown=shown))
        else:
            self.emit("qishou", data, None, msg("{seat} 起手胡：{shown}", seat=Seat(seat), shown=shown))

    def _choose_chui(self, seat: int, action: Action) -> None:
        """坐飘 (the shared game's pre-deal step carries 长沙's 飘)."""
        assert self.predeal is not None
        self.predeal.choose(seat, action)
        n = int(action.cards[0])
        self.emit("piao", {"seat": seat, "piao": n}, seat, msg("你选择了{choice}", choice=piao_words(n)))
        if not self.predeal.complete:
            return
        chosen = self.predeal.result()
        self.piao = [int(chosen[s].cards[0]) for s in range(self.seats)]
        self.predeal = None
        each = tuple(msg("{seat} {piao}", seat=Seat(s), piao=piao_words(n)) for s, n in enumerate(self.piao))
        self.emit("piao_all", {"piao": list(self.piao)}, None, msg("坐飘：{seats}", seats=Listing(each, "，")))
        self._deal()

    # --------------------------------------------------------------------- draws
    def _draw(self, seat: int, *, tail: bool = False) -> None:
        if not tail and len(self.wall) == 1 and self.haidi_taker is None and not self.haidi_queue:
            self.haidi_queue = [(seat + i) % self.seats for i in range(self.seats)]
            self._ask_haidi()
            return
        if not self.wall:
            self._finish_draw()
            return
        super()._draw(seat, tail=tail)
        self.after_kong = False  # 补张 is a plain draw (ruling 27): no 杠上花 on it
        self.first_discard = False
        self.lou[seat].clear()
        self.midway = qs.midway(self.dealt[seat], self.hands[seat], self.options,
                                used_kan=self.used_kan[seat], used_quads=self.used_quads[seat])
        for q in self.midway:
            (self.used_quads if q.name == qs.MID_SIXI else self.used_kan)[seat].update(q.tiles)

    def _ask_haidi(self) -> None:
        self.window = None
        self.window_kind = ""
        if not self.haidi_queue:
            self.emit("haidi_none", {}, None, msg("无人要海底"))
            self._finish_draw()
            return
        self._open_one("haidi", self.haidi_queue.pop(0), [HAIDI])

    def _take_haidi(self, seat: int) -> None:
        self.haidi_queue = []
        self.haidi_taker = seat
        self.haidi_tile = self.wall[0]
        self.emit("haidi", {"seat": seat}, None, msg("{seat} 要海底", seat=Seat(seat)))
        super()._draw(seat)
        self.after_kong = False
        self.first_discard = False
        self.lou[seat].clear()
        self.midway = []

    # ------------------------------------------------------------------ own turn
    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if self._self_win(seat) is not None:
            out.append(HU)
        if self.midway:
            out.append(QISHOU)
        if (self.drawn is not None or self._opening(seat)) and len(self.wall) >= BUZHANG_WALL:
            tiles = [t for t in range(KINDS) if hand[t] == 4] if 4 in hand else []
            tiles += [m.tile for m in self.melds[seat] if m.kind == "peng" and hand[m.tile]]
            for t in sorted(tiles):
                out += self._kong_actions(seat, t, "angang" if hand[t] == 4 else "bugang")
        if self.locked[seat] and self.drawn is not None or self.haidi_taker == seat:
            assert self.drawn is not None
            out.append(DISCARDS[self.drawn])  # the locked konger and the 海底 taker discard what they drew
        else:
            out += compress(DISCARDS, hand)  # the kinds held, in order
        return out

    def _kong_actions(self, seat: int, tile: int, kind: str) -> list[Action]:
        code = (NOTATION[tile],)
        out = []
        if not self.locked[seat]:
            out.append(Action("buzhang", code))
        if len(self.wall) >= KAIGANG_WALL and self._may_kaigang(seat, tile, kind):
            out.append(Action("kaigang", code))
        return out

    def _may_kaigang(self, seat: int, tile: int, kind: str) -> bool:
        """开杠 only 听牌 after the kong (§7 17); once locked, only with the same waits (ruling 26)."""
        counts = list(self.hands[seat])
        counts[tile] -= {"angang": 4, "bugang": 1, "gang": 3}[kind]
        melds = [m for m in self.melds[seat] if not (kind == "bugang" and m.kind == "peng" and m.tile == tile)]
        melds.append(Meld("bugang" if kind == "bugang" else kind, (tile,) * 4))
        waits = self.cs_waits(seat, counts, melds)
        if self.locked[seat]:
            return waits == self.locked_waits[seat]
        return bool(waits)

    # ------------------------------------------------------------------- windows
    def _discard(self, seat: int, tile: int, offered: list[Action]) -> None:
        self.first_discard = (seat == self.dealer and self.turns_taken[seat] == 0
                              and not any(self.melds[s] for s in range(self.seats)))
        self.midway = []
        super()._discard(seat, tile, offered)

    def _open_discard_window(self, discarder: int, tile: int) -> None:
        options: dict[int, list[Action]] = {}
        self.offered = {}
        code = (NOTATION[tile],)
        for s in self._order_after(discarder):
            opts: list[Action] = []
            priced = self._can_win_tile(s, tile, DISCARD)
            if priced is not None:
                opts.append(HU)
                self.offered[s] = (tile, priced)
            if not self.locked[s] and self.wall:
                held = self.hands[s][tile]
                if held == 3 and len(self.wall) >= BUZHANG_WALL:
                    opts.append(Action("buzhang", code))
                    if len(self.wall) >= KAIGANG_WALL and self._may_kaigang(s, tile, "gang"):
                        opts.append(Action("kaigang", code))
                if held >= 2:
                    opts.append(PENGS[tile])
                if s == self.next_seat(discarder):
                    opts += self._chi_actions(s, tile)
            if opts:
                options[s] = opts
        if not options:
            self.first_discard = False
            self._next_draw(discarder)
            return
        self.window = ClaimWindow(tile, self._order_after(discarder), options, priority=PRIORITY, multi_win=True)
        self.window_kind = "discard"
        self.window_from = discarder
        self.window_card = tile

    def _open_rob_window(self, konger: int, tile: int, kind: str) -> bool:
        self.offered = {}
        options: dict[int, list[Action]] = {}
        for s in self._order_after(konger):
            priced = self._can_win_tile(s, tile, ROBBING)
            if priced is not None:
                options[s] = [HU]
                self.offered[s] = (tile, priced)
        if not options:
            return False
        self.window = ClaimWindow(tile, self._order_after(konger), options, priority=PRIORITY, multi_win=True)
        self.window_kind = "rob"
        self.window_from = konger
        self.window_card = tile
        self.rob_kind = kind
        return True

    def _settle_window(self) -> None:
        w = self.window
        assert w is not None
        if not w.resolved():
            return
        kind = self.window_kind
        seat = self.window_from
        if kind in ("qishou", "haidi", "kaigang"):
            action = w.decided.get(seat, PASS)
            self.window = None
            self.window_kind = ""
            {"qishou": self._after_qishou, "haidi": self._after_haidi, "kaigang": self._after_kaigang}[kind](
                seat, action)
            return
        self.window = None
        self.window_kind = ""
        winners = [s for s, a in w.winners() if w.is_win(a)]
        wins = [Won(s, ROBBING if kind == "rob" else DISCARD, seat, *self.offered[s]) for s in winners]
        self._note_passed(winners)
        if wins:
            if kind == "rob" and self.window_card is not None:
                self.emit("robbed", {"konger": seat, "tile": NOTATION[self.window_card]}, None,
                          msg("{seat} 的{kong} {tile} 被抢杠", seat=Seat(seat), kong=Term("杠"),
                              tile=card(self.window_card)))
            self._finish(wins)
            return
        if kind == "rob":
            self.window_kind = ""
            assert self.window_card is not None
            self._complete_kong(seat, self.window_card, self.rob_kind, None)
        elif kind == "gangpao":
            self._after_gangpao(seat)
        else:
            self._after_discard_claims(seat, w)

    def _after_qishou(self, seat: int, action: Action) -> None:
        if action.kind == "qishou":
            self._declare_qishou(seat, qs.detect(self.hands[seat], self.options), midway=False)
        self._ask_qishou()

    def _after_haidi(self, seat: int, action: Action) -> None:
        if action.kind == "haidi":
            self._take_haidi(seat)
        else:
            self.emit("haidi_pass", {"seat": seat}, None, msg("{seat} 不要海底", seat=Seat(seat)))
            self._ask_haidi()

    def _after_discard_claims(self, src: int, w: ClaimWindow) -> None:
        self.kong_discard = False
        self.first_discard = False
        claims = w.winners()
        tile = self.window_card
        assert tile is not None
        if not claims:
            self._next_draw(src)
            return
        seat, action = claims[0]
        if action.kind in ("kaigang", "buzhang"):
            self.discards[src].pop()
            self.drawn = None
            self.hands[seat][tile] -= 3
            self.kong_mode = "kai" if action.kind == "kaigang" else "bu"
            self._complete_kong(seat, tile, "gang", src)
            return
        # 碰 / 吃 as the shared hand does them
        self.window = ClaimWindow(tile, [seat], {seat: [action]}, decided={seat: action}, priority=PRIORITY)
        self.window_kind = "discard"
        self.window_from = src
        MahjongGame._settle_window(self)
        self.window_kind = ""

    # --------------------------------------------------------------------- kongs
    def _start_kong(self, seat: int, tile: int, mode: str) -> None:
        """An own-turn kong (4 in hand, or a 碰 and its 4th): robbable when it adds to a 碰."""
        kind = "angang" if self.hands[seat][tile] == 4 else "bugang"
        self.kong_mode = mode
        self.midway = []
        self.hands[seat][tile] -= 1
        self.turn = None
        if kind == "bugang":
            self.emit("bugang_declared", {"seat": seat, "tile": NOTATION[tile], "mode": mode}, None,
                      msg("{seat} {kong} {tile}", seat=Seat(seat), kong=_kong_word(mode), tile=card(tile)))
            if self._open_rob_window(seat, tile, kind):
                return
        self._complete_kong(seat, tile, kind, None)

    def _complete_kong(self, seat: int, tile: int, kind: str, source: int | None) -> None:
        self._lay_kong(seat, tile, kind, source)
        kai = self.kong_mode == "kai"
        says = msg("{seat} {kong} {tile}", seat=Seat(seat), kong=_kong_word(self.kong_mode), tile=card(tile))
        if source is not None:
            says = msg("{kong}（{seat} 打出）", kong=says, seat=Seat(source))
        self.emit("kong", {"seat": seat, "kind": kind, "mode": self.kong_mode, "tile": NOTATION[tile],
                           "from": source}, None, says)
        if kai:
            self._open_kaigang(seat)
        else:
            self._draw(seat, tail=True)

    def _open_kaigang(self, seat: int) -> None:
        """Ruling 26: the two tail tiles shown; the konger 胡 either, kongs again, or both are discarded."""
        self.locked_waits[seat] = self.cs_waits(seat)
        self.locked[seat] = True
        self.drawn = None
        self.turn = None
        self.kong_tiles = []
        for _ in range(2):  # turned over for the konger, each told before it leaves the wall
            self.drew(seat, NOTATION[self.wall[-1]])
            self.kong_tiles.append(self.wall.pop())
        self.kong_seat = seat
        self.emit("kaigang", {"seat": seat, "tiles": [NOTATION[t] for t in self.kong_tiles]}, None,
                  msg("{seat} 开杠亮出 {tiles}", seat=Seat(seat), tiles=cards(self.kong_tiles)))
        opts: list[Action] = []
        if self._kong_tile_wins(seat):
            opts.append(HU)
        if len(self.wall) >= KAIGANG_WALL:
            for t in sorted(set(self.kong_tiles)):
                trial = self.hands[seat][t] + 1
                if trial == 4 or (any(m.kind == "peng" and m.tile == t for m in self.melds[seat])):
                    self.hands[seat][t] += 1
                    ok = self._may_kaigang(seat, t, "angang" if trial == 4 else "bugang")
                    self.hands[seat][t] -= 1
                    if ok:
                        opts.append(Action("kaigang", (NOTATION[t],)))
        if opts:
            self._open_one("kaigang", seat, opts, self.kong_tiles[0])
        else:
            self._kong_tiles_out(seat, list(self.kong_tiles))

    def _kong_tile_wins(self, seat: int) -> tuple[int, Priced] | None:
        """The better of the two kong tiles for the konger (杠上花: the larger value, §7 10)."""
        best: tuple[int, Priced] | None = None
        for t in self.kong_tiles:
            p = self._price(self._spot_at(seat, t, SELF_DRAW, add=True, after_kong=True))
            if p is not None and (best is None or (p.fan or 0, p.share) > (best[1].fan or 0, best[1].share)):
                best = (t, p)
        return best

    def _after_kaigang(self, seat: int, action: Action) -> None:
        tiles = list(self.kong_tiles)
        if action.kind == "hu":
            won = self._kong_tile_wins(seat)
            assert won is not None
            tile, priced = won
            tiles.remove(tile)
            self.hands[seat][tile] += 1
            self.discards[seat] += tiles
            self.kong_tiles = []
            self.drawn = tile
            self.after_kong = True
            self._finish([Won(seat, SELF_DRAW, None, tile, priced)])
            return
        if action.kind == "kaigang":
            tile = _tile(action.cards[0])
            tiles.remove(tile)
            self.hands[seat][tile] += 1
            self.rekong = tile
            self._kong_tiles_out(seat, tiles)
            return
        self._kong_tiles_out(seat, tiles)

    def _kong_tiles_out(self, seat: int, tiles: list[int]) -> None:
        """Both tiles (or the one not konged again) discarded: others may only 胡 them (杠上炮, 通炮)."""
        self.kong_tiles = []
        self.kong_out = list(tiles)
        self.discards[seat] += tiles
        self.emit("kong_out", {"seat": seat, "tiles": [NOTATION[t] for t in tiles]}, None,
                  msg("{seat} 打出杠牌 {tiles}", seat=Seat(seat), tiles=cards(tiles)))
        self.offered = {}
        self.kong_discard = True
        options: dict[int, list[Action]] = {}
        for s in self._order_after(seat):
            best: tuple[int, Priced] | None = None
            for t in tiles:
                p = self._can_win_tile(s, t, DISCARD)
                if p is not None:
                    self.passable.append((s, t, p))
                if p is not None and (best is None or (p.fan or 0, p.share) > (best[1].fan or 0, best[1].share)):
                    best = (t, p)
            if best is not None:
                options[s] = [HU]
                self.offered[s] = best
        if not options:
            self.passable = []
            self._after_gangpao(seat)
            return
        self.window = ClaimWindow(tiles[0], self._order_after(seat), options, priority=PRIORITY, multi_win=True)
        self.window_kind = "gangpao"
        self.window_from = seat
        self.window_card = tiles[0]

    def _after_gangpao(self, seat: int) -> None:
        self.kong_discard = False
        self.offered = {}
        if self.rekong is not None:
            tile, self.rekong = self.rekong, None
            self._start_kong(seat, tile, "kai")
            return
        self._draw(self.next_seat(seat))

    # ----------------------------------------------------------------------- end
    def _finish(self, wins: list[Won]) -> None:
        opts = self.options
        haidi = self.haidi_taker is not None and not self.wall
        birds = cs.bird_tiles(opts, self.wall, haidi=self.haidi_tile if haidi else None)
        if not haidi:
            del self.wall[:len(birds)]
        self.bird_tiles = [] if haidi else birds  # census: the 海底 bird is still in a hand or a river
        self.birds_shown = birds
        self.robbed = wins[0].win_from == ROBBING
        hand_wins = [cs.HandWin(w.seat, w.win_from, w.payer, w.priced) for w in wins]
        qishou = {s: [q.name for q in found] for s, found in self.qishou.items()}
        money = cs.hand_money(players=self.seats, dealer=self.dealer, options=opts, wins=hand_wins, qishou=qishou,
                              birds=birds, piao=self.piao)
        payments = money.payments
        winners = [w.seat for w in wins]
        src = wins[0].payer
        self.bird_hits = {}
        results = []
        won: list[Winner] = []
        hows: list[Msg] = []
        for w, paid in zip(wins, money.wins, strict=True):
            seats = cs.bird_seats(birds, players=self.seats, dealer=self.dealer, winner=w.seat)
            self.bird_hits[w.seat] = sum(1 for s in seats if s is not None and s in (w.seat, w.payer))
            value = sum(p.amount for p in paid if p.payee == w.seat)
            tile = None if w.card is None else NOTATION[w.card]
            results.append(Win(w.seat, w.payer, tile, w.priced.patterns, value))
            won.append(said.winner(w.seat, w.win_from, w.payer, w.card, self._names(w.seat),
                                   [self._meld_view(m, True) for m in self.melds[w.seat]], w.priced, value, None,
                                   cs.CHECKER))  # (the checker ``cs.price`` reads)
            hows.append(said.how_words(w.win_from, w.payer, w.priced.patterns, gangshangpao=False))
        first = wins[0]
        says = said.won_words(winners, WON_WORDS[first.win_from], first.card, src, first.win_from, Term("通炮"))
        self.payments = payments
        next_dealer = cs.next_dealer(winners=winners, from_seat=src, dealer=self.dealer, drawn=False)
        deltas = net(self.seats, payments)
        self.outcome = Outcome(Termination.WIN, tuple(won), tuple(payments), said.summary(won, hows),
                               birds=self._birds(birds, hand_wins, qishou), birds_drawn=True,
                               next_dealer=next_dealer, hands=self._all_hands())
        self.result = HandResult(winners, deltas, False, {}, wins=results, ledger=[], next_dealer=next_dealer,
                                 outcome=self.outcome)
        self._end("hu", {"winners": winners, "deltas": deltas}, says)

    def _birds(self, tiles: list[int], wins: list[cs.HandWin], qishou: dict[int, list[str]]) -> tuple[Bird, ...]:
        """The bird tiles, each with the seat it lands on (None: on nobody) and the seats paid with the birds
        (winners, 起手胡 seats) whose pair it hits (ruling 22). 4 players count from the dealer, one landing for
        all; with 3 or 2 each seat paid counts from itself: each tile is listed once per such seat
        (``Bird.counted_from``)."""
        paid = cs.paid_with_birds(players=self.seats, wins=wins, qishou=[s for s, names in qishou.items() if names])
        landing = cs.bird_landing(tiles, players=self.seats, dealer=self.dealer, paid=paid)
        if self.seats == 4:
            on = cs.bird_seats(tiles, players=4, dealer=self.dealer, winner=self.dealer)
            return tuple(Bird(NOTATION[t], on[i], tuple(s for s, _, hit in landing if hit[i]))
                         for i, t in enumerate(tiles))
        return tuple(Bird(NOTATION[t], seats[i], (s,) if hit[i] else (), counted_from=s)
                     for s, seats, hit in landing for i, t in enumerate(tiles))

    def _finish_draw(self) -> None:
        opts = self.options
        last = self.haidi_tile if self.haidi_taker is not None else (self.wall[-1] if self.wall else None)
        birds = cs.drawn_hand_birds(last) if self.qishou else []
        self.birds_shown = birds  # the last tile stays where it is (wall or river), counted twice
        qishou = {s: [q.name for q in found] for s, found in self.qishou.items()}
        payments = cs.hand_payments(players=self.seats, dealer=self.dealer, options=opts, wins=[], qishou=qishou,
                                    birds=birds, piao=self.piao)
        self.bird_hits = {}
        says = msg("流局（无人要海底）") if self.haidi_taker is None \
            else msg("流局（{seat} 要了海底）", seat=Seat(self.haidi_taker))
        if payments:
            says = msg("{drawn}；起手胡照算", drawn=says)
        self.payments = payments
        next_dealer = cs.next_dealer(winners=[], from_seat=None, dealer=self.dealer, drawn=True,
                                     haidi_taker=self.haidi_taker)
        deltas = net(self.seats, payments)
        self.outcome = Outcome(Termination.DRAW, (), tuple(payments), msg("荒庄"),
                               birds=self._birds(birds, [], qishou), birds_drawn=bool(birds), next_dealer=next_dealer,
                               hands=self._all_hands())
        self.result = HandResult([], deltas, True, {}, ledger=[], next_dealer=next_dealer, outcome=self.outcome)
        self._end("liuju", {"deltas": deltas}, says)

    # ---------------------------------------------------------------- public API
    def _own_turn(self, seat: int, action: Action, legal: list[Action]) -> None:
        """长沙's own-turn actions: a win priced by 长沙's rules, a 中途 起手胡, 开杠 or 补张, a discard."""
        if action.kind == "hu":
            opening = self.drawn is None
            spot = self._spot(seat, None, DEAL if opening else SELF_DRAW, add=False)
            priced = self._price(spot)
            assert priced is not None
            self._finish([Won(seat, spot.win_from, None, self.drawn, priced)])
        elif action.kind == "qishou":
            found, self.midway = self.midway, []
            self._declare_qishou(seat, found, midway=True)
        elif action.kind in ("kaigang", "buzhang"):
            self._start_kong(seat, _tile(action.cards[0]), "kai" if action.kind == "kaigang" else "bu")
        else:
            self._discard(seat, _tile(action.cards[0]), legal)

    def name_action(self, action: Action) -> ActionName:
        kind = action.kind
        if kind == "piao":
            n = int(action.cards[0])
            label = piao_label(n)
            return ActionName(label, label) if n == 0 else ActionName(label, label, "", "飘{n}", (("n", str(n)),))
        if kind == "qishou":  # only the asked seat sees its own label
            if self.window_kind == "qishou":
                found = qs.detect(self.hands[self.window_from], self.options)
            else:
                found = self.midway
            if not found:
                return ActionName("起手胡", "起手胡")
            named = ActionName.worded("{verb} {cards}", "", verb="起手胡", cards="、".join(q.name for q in found))
            return ActionName(named.label, named.label, "", named.template, named.params)
        if kind == "haidi":
            return ActionName("要海底", "要海底")
        if kind == "pass" and self.window_kind == "haidi":
            return ActionName("不要", "不要", PASS_ROLE)
        if kind == "pass" and self.window_kind == "kaigang":
            return ActionName("打出杠牌", "打出杠牌", PASS_ROLE)
        if kind in ("kaigang", "buzhang"):
            named = ActionName.worded("{verb} {cards}", "", verb="开杠" if kind == "kaigang" else "补张",
                                      cards=NAMES[_tile(action.cards[0])])
            return ActionName(named.label, named.label, "", named.template, named.params)
        if kind == "hu":
            return ActionName("胡", "胡", WIN_ROLE)
        return super().name_action(action)

    def census(self) -> list[int]:
        counts = super().census()
        for t in self.kong_tiles:
            counts[t] += 1
        return counts

    def _phase(self) -> Phase:
        if self._claim_window_open() and self.window_kind in ONE_SEAT_STEPS:
            return Phase.ASK
        return super()._phase()

    def _won_hand_birds(self) -> tuple[Bird, ...] | None:
        """The birds once the hand is over: a win's, or the 起手胡's after 黄庄 (None when none were turned up)."""
        if not self.finished or self.outcome is None or not self.outcome.birds:
            return None
        return self.outcome.birds

    def _view_fields(self) -> dict[str, Any]:
        fields = super()._view_fields()
        fields.update({
            "piao": None if self.piao is None else tuple(self.piao),
            "qishou": tuple(Shown(s, q.name, tuple(NOTATION[t] for t in q.tiles))
                            for s, found in sorted(self.qishou.items()) for q in found),
            "kong_tiles": tuple(NOTATION[t] for t in self.kong_tiles),
            "locked": tuple(self.locked),
            "haidi": self.haidi_taker,
            # which one-seat step is open (起手胡, 海底, the 开杠 tiles), never who is asked: the table can tell the
            # step anyway (a window with no tile on offer at the deal, before the last tile, on the two tiles shown)
            "asking": self.window_kind if self._claim_window_open() and self.window_kind in ONE_SEAT_STEPS else None,
            "payments": tuple(self.payments),
            "kong_money": (0,) * self.seats,
        })
        return fields

    def _seat_fields(self, seat: int) -> dict[str, Any]:
        fields = super()._seat_fields(seat)
        fields.update({
            "waits": tuple(NOTATION[t] for t in self.cs_waits(seat)),
            "barred": bool(self.lou[seat]),
            "lou": tuple(sorted(NOTATION[t] for t in self.lou[seat])),
            "question": self._question(seat),
        })
        return fields

    # --------------------------------------------------------------------- the replay (engine/replay.py)
    def offer(self) -> Offer | None:
        if self.finished or self.window is None:
            return None
        seat = Seat(self.window_from)
        if self.window_kind == "qishou":
            return Offer(msg("{seat} 的起手胡", seat=seat), None, self.window_from)
        if self.window_kind == "haidi":
            return Offer(msg("海底牌：{seat} 要不要", seat=seat), None, self.window_from)
        if self.window_kind == "kaigang":
            return Offer(msg("{seat} 开杠亮出的 {tiles}", seat=seat, tiles=cards(self.kong_tiles)),
                         None, self.window_from, tuple(NOTATION[t] for t in self.kong_tiles))
        if self.window_kind == "gangpao":  # both kong tiles go out together: each may be won
            out = self.kong_out
            return Offer(msg("{seat} 打出的杠牌 {tiles}", seat=seat, tiles=cards(out)),
                         NOTATION[out[0]] if len(out) == 1 else None, self.window_from,
                         tuple(NOTATION[t] for t in out) if len(out) > 1 else ())
        return super().offer()

    def asked_on(self, seat: int) -> tuple[str, ...]:
        if self.finished or self.window is None or self.window_kind != "gangpao" or len(self.kong_out) < 2:
            return ()
        # the tiles this seat may 胡 (its 胡 takes the better): every win on offer is in ``passable``
        return tuple(NOTATION[t] for t in dict.fromkeys(
            t for t in self.kong_out for s, won, _ in self.passable if s == seat and won == t))

    def public_view(self) -> ChangshaView:
        return ChangshaView(**self._view_fields())

    def view(self, seat: int) -> ChangshaSeatView:
        return ChangshaSeatView(**{**self._view_fields(), **self._seat_fields(seat)})

    def _question(self, seat: int) -> Msg | None:
        """What the one asked seat decides at a 长沙 step (only its own view carries it)."""
        if self.finished or self.window is None or seat not in self.window.pending():
            return None
        if self.window_kind == "qishou":
            names = Listing(tuple(Term(q.name) for q in qs.detect(self.hands[seat], self.options)))
            return msg("你有起手胡（{names}）：亮牌胡一次（按自摸小胡算，本局结束时结算），还是过？", names=names)
        if self.window_kind == "haidi":
            return msg("只剩最后一张海底牌：要海底吗？要了胡不了，别人胡这张算你放炮。")
        if self.window_kind == "kaigang":
            return msg("开杠亮出 {tiles}：能胡就胡（杠上花）；不胡则两张一起打出。", tiles=cards(self.kong_tiles))
        return None


def _kong_word(mode: str) -> Term:
    """A kong as 长沙 names it: 开杠 (the two tail tiles shown) or 补张 (one, like a plain draw)."""
    return Term("开杠") if mode == "kai" else Term("补张")


def _all_258(spot: WinSpot) -> bool:
    """将将胡 needs no 4X+Y: every tile (melds too) a 2, 5 or 8."""
    return _tiles_258(spot.counts, spot.melds)


_NOT_258 = tuple(t for t in range(KINDS) if t % 9 not in (1, 4, 7))


def _tiles_258(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    # the counts of the tiles 将将胡 may not hold, read lazily: most hands hold one of the first few
    return (not any(map(counts.__getitem__, _NOT_258))
            and all(t % 9 in (1, 4, 7) for m in melds for t in m.tiles))


# ------------------------------------------------------------------------ AI
def choose(game: ChangshaGame, seat: int) -> Action:
    """The family AI with 长沙's own choices: declare every 起手胡, take the 海底 when 听牌, 开杠 whenever legal,
    a 补张 when it costs no distance; anything else as ``engine.mahjong.ai.choose`` does (its parts, not the
    function: this is 长沙's ``Variant.choose``, and the family's choose must not call back into it)."""
    from . import ai

    legal = game.legal_actions(seat)
    by_kind: dict[str, list[Action]] = {}
    discards: list[int] = []
    for i, a in enumerate(legal):
        if a.kind == "discard":  # a turn's list ends with its discards (most of it): their tiles straight away
            try:  # the shared discard actions (the whole list, looked up at once)
                discards = list(map(ai._DISCARD_TILE.__getitem__, map(id, legal[i:])))
            except KeyError:
                discards = [ai._discard_tile(d) for d in legal[i:]]
            break
        by_kind.setdefault(a.kind, []).append(a)
    if "qishou" in by_kind:  # before a 胡 on the same draw: the 中途 起手胡 is paid too
        return by_kind["qishou"][0]
    if "hu" in by_kind:
        return by_kind["hu"][0]
    if "piao" in by_kind:
        return by_kind["piao"][0]
    if "haidi" in by_kind:
        return by_kind["haidi"][0] if game.cs_waits(seat) else PASS
    if "kaigang" in by_kind:
        return by_kind["kaigang"][0]
    if game.window_kind == "kaigang":
        return PASS
    counts = bytes(game.hands[seat])  # (the checker's memo key, and trials copied from it at once)
    if game.window is not None:
        now = ai._distance(game, counts)
        for a in by_kind.get("buzhang", []):
            trial = bytearray(counts)
            trial[_tile(a.cards[0])] -= 3
            if ai._distance(game, trial) <= now:
                return a
        return ai._claim(game, seat, counts, legal)  # 碰 / 吃 when closer, else 过
    # the family's turn (engine.mahjong.ai.choose) without calling it
    tile, after = ai.best_discard(game, seat, counts, discards)
    for a in by_kind.get("buzhang", []):
        t = _tile(a.cards[0])
        trial = bytearray(counts)
        trial[t] -= 4 if trial[t] == 4 else 1
        if ai._distance(game, trial) <= after:
            return a
    return DISCARDS[tile]


def rules_for(options: dict[str, Any]) -> MahjongRules:
    """The hand's rules from its room options; the tile set is ``changsha.tile_set(options)`` (108 or 72)."""
    opts = dict(options)
    tiles = tuple(cs.tile_set(opts))
    return MahjongRules(
        id=cs.VARIANT_ID, tiles=len(tiles), tile_list=tiles, checker=cs.checker_for(opts), price=lambda spot: cs.price(spot, opts),
        win_payments=lambda **_: [], kong_payments=cs.pay_kong,
        next_dealer=lambda **k: cs.next_dealer(winners=k["winners"], from_seat=k["from_seat"], dealer=k["dealer"],
                                               drawn=k["drawn"]),
        chi=True, discard_win="any", rob_bugang=True, multi_win=True, priority=PRIORITY,
        seats=int(opts.get("players", 4)),
    )


def new_game(options: dict[str, Any], seed: int, dealer: int = 0, carry: dict[str, Any] | None = None, *,
             wall: Sequence[int] | None = None) -> ChangshaGame:
    opts = cs.parse_options(options)
    return ChangshaGame(rules_for(opts), opts, seed, dealer, carry, wall=wall)


def choose_easy(game: ChangshaGame, seat: int) -> Action:
    """简单 at 长沙: its own steps (起手胡, 海底, 开杠, 坐飘) as 普通 takes them — a beginner declares what the
    table asks about — and the rest as the family's 简单: no claims, no 补张, a discard at a glance."""
    from . import ai

    legal = game.legal_actions(seat)
    kinds = {a.kind for a in legal}
    if kinds & {"qishou", "hu", "piao", "haidi", "kaigang"} or game.window_kind == "kaigang":
        return choose(game, seat)
    if game.window is not None:
        return PASS if PASS in legal else choose(game, seat)
    if "discard" not in kinds:
        return choose(game, seat)
    return ai.easy_discard(game, seat, legal)
