"""What a mahjong variant tells the shared game (``engine.mahjong.game``): its tiles, claims and money.

The game plays every variant the same way — deal, draw, discard, the claim window, kongs, the rob window, the
end — and asks the variant's :class:`MahjongRules` only what differs: which tiles, whether 吃 exists, when a
discard may be won, what a win and a kong are worth and who pays. A variant's rules are derived from its room
options in one place (its ``rules_for(options)``), for shuffled and stacked hands alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..ledger import CANCEL_ON_DRAW, KEEP, EndRule, Payment
from ..outcome import Fan, Step
from ..words import Arg, Listing, Msg, Term, msg
from .win import Checker

# 胡 > 杠/碰 > 吃 (红中, 推倒胡); 长沙 passes its own table (补张 ranked with 杠).
PRIORITY: Mapping[str, int] = {"hu": 3, "gang": 2, "peng": 2, "chi": 1}

# Where a winning tile came from, as the calculator contract names it.
SELF_DRAW = "self_draw"
DISCARD = "discard"
DEAL = "deal"
ROBBING = "robbing_kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A laid-down group: ``kind`` chi / peng / gang (明杠 on a discard) / bugang (补杠: a 碰 and its own 4th) /
    angang (暗杠); ``tiles`` its tile ids; ``from_seat`` whose discard it took (None for one's own tiles)."""

    kind: str
    tiles: tuple[int, ...]
    from_seat: int | None = None

    @property
    def tile(self) -> int:
        return self.tiles[0]

    @property
    def kong(self) -> bool:
        return self.kind in ("gang", "bugang", "angang")

    @property
    def exposed(self) -> bool:
        """Open to the table (碰, 吃, 明杠, 补杠): an 暗杠 keeps a hand 门前清 / 门门清."""
        return self.kind != "angang"


@dataclass(frozen=True, slots=True)
class WinSpot:
    """Everything a variant prices a win on: the seat's tiles in hand *with* the winning tile (``counts``, 34 kinds,
    wildcards taken out and counted in ``wild``), its melds and how the tile came."""

    seat: int
    counts: tuple[int, ...]
    wild: int
    melds: tuple[Meld, ...]
    win_card: int | None
    win_from: str
    dealer: bool
    after_kong: bool = False  # 杠开 (own draw after a kong) or 杠上炮 (the konger's discard)
    last_card: bool = False
    four_wild: bool = False  # 红中: the four-红中 win is on offer


@dataclass(frozen=True, slots=True)
class Priced:
    """A win as the variant values it: ``share`` one payer's amount before birds and 锤 (the calculator's
    ``score``), ``fan`` the multiple where the variant has one. ``steps``: how ``share`` is made up, each part with
    the rule's own number (「自摸 2」「1 杠 1」, 「清一色 6」, 「碰碰胡 8 倍」); ``says``: those parts as one phrase, what a
    payment's reason quotes (「碰碰胡 6 + 清一色 6 = 12」); ``fans``: each 番种 with its value; ``label``: the win as
    the settlement names it (「清一色、碰碰胡（12 番）」); ``name``: as the 听牌 hints name it (「清一色、碰碰胡」,
    「平胡 2 倍」)."""

    patterns: tuple[str, ...]
    share: int
    fan: int | None = None
    says: Msg | None = None
    steps: tuple[Step, ...] = ()
    fans: tuple[Fan, ...] = ()
    label: Msg | None = None
    name: Msg | None = None

    @property
    def phrase(self) -> Arg:
        """How ``share`` is made up, as a payment's reason quotes it (its parts joined when none is given)."""
        if self.says is not None:
            return self.says
        return Listing(tuple(s.says for s in self.steps), " + ") if self.steps else self.share


def pattern_label(patterns: Sequence[str], fan: int | None = None, *, times: bool = False) -> Msg:
    """A win as the settlement and the hints name it: its 番种 (「无番种」 for none) and, where the variant counts
    them, their 番 (长沙: 「清一色、碰碰胡（12 番）」) or, with ``times``, their 倍 (推倒胡: 「碰碰胡（8 倍）」)."""
    named: Arg = Listing(tuple(Term(p) for p in patterns)) if patterns else msg("无番种")
    if fan and times:
        return msg("{patterns}（{fan} 倍）", patterns=named, fan=fan)
    if fan:
        return msg("{patterns}（{fan} 番）", patterns=named, fan=fan)
    return named if isinstance(named, Msg) else msg("{patterns}", patterns=named)


def pattern_names(patterns: Sequence[str]) -> Msg:
    """A win's 番种 in a row, 平胡 for none: how the 听牌 hints name a win."""
    return msg("{patterns}", patterns=Listing(tuple(Term(p) for p in patterns))) if patterns else msg("平胡")


@dataclass(frozen=True, slots=True)
class Birds:
    """A won hand's birds (扎鸟): the tiles taken from the wall, whether each one hits (中鸟), and the hits each
    winner counts (the table names the birds that hit, and whom, as the payments count them); ``counts``: the
    hits each tile is worth (一码全中: its rank; none given: one each)."""

    tiles: tuple[int, ...]
    hit: tuple[bool, ...]
    hits: Mapping[int, int]
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class MahjongRules:
    """A mahjong variant's rules for one hand (see the module docstring).

    ``discard_win``: ``"any"`` (接炮, 红中) or ``"after_kong"`` (推倒胡: only 杠上炮). ``rob_bugang``: a 补杠 may
    be robbed (抢杠胡); ``rob_angang``: (patterns) → whether those patterns may rob an 暗杠 (推倒胡's 十三幺).
    ``pass_bars``: 过胡不胡 — a declined win bars every win until one's own next draw, 碰 or 杠.
    ``kong_now_or_never``: a 直杠/补杠 not made when first possible is lost for that tile (推倒胡).
    ``four_wild_win``: four wildcards win on their own (红中 4-红中 game).
    ``price(spot)`` → :class:`Priced` or None (not a win under these rules); ``win_payments(...)`` and
    ``kong_payments(...)`` turn values into :class:`Payment` s between seats; ``birds`` (红中's 扎鸟) draws bird
    tiles and counts their hits (:class:`Birds`); ``next_dealer`` names who deals the next hand."""

    id: str
    tiles: int  # the set's size: 108/112/116/136, or 72 (长沙 缺一门)
    checker: Checker
    price: Callable[[WinSpot], Priced | None]
    win_payments: Callable[..., list[Payment]]
    kong_payments: Callable[..., list[Payment]]
    next_dealer: Callable[..., int]
    wild: int | None = None
    chi: bool = False
    discard_win: str = "any"
    rob_bugang: bool = False
    rob_angang: Callable[[Sequence[str]], bool] | None = None
    pass_bars: bool = False
    kong_now_or_never: bool = False
    four_wild_win: bool = False
    ledger_rule: EndRule = KEEP
    multi_win: bool = True
    chui: bool = False  # 加锤 before the deal
    birds: Callable[..., Birds] | None = None
    priority: Mapping[str, int] = field(default_factory=lambda: PRIORITY)
    seats: int = 4
    # the set itself where the size alone does not name it (长沙 缺一门: 108 less the 条); else tile_set(tiles)
    tile_list: tuple[int, ...] = ()


__all__ = ["CANCEL_ON_DRAW", "DEAL", "DISCARD", "KEEP", "PRIORITY", "ROBBING", "SELF_DRAW", "MahjongRules", "Meld",
           "Priced", "WinSpot", "pattern_label", "pattern_names"]
