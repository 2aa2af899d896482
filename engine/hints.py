"""Private hints for a seat (room option 听牌提示), whatever the family.

``hints(game, seat)``: each card that would win now (:class:`Wait`), by each way it may come (:class:`WayWin`),
valued by the variant's own pricing and marked with whatever bar the game would put on taking it now
(:class:`Bar`: 过胡不胡, 漏胡, 臭胡). ``standing(game, seat)``: the hand as it is now (:class:`Standing`: 字牌 the
best arrangement and its 胡息; 麻将 the 向听 count). 跑得快 answers the 记牌器 instead (:mod:`engine.paodekuai.hints`).

Everything here is data in the game's own codes (ways, bar rules, group kinds, Chinese card and 名堂 names), so
the bot can word it in any language. A family without hints answers ``[]`` / ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import Game
from .registration import family_of
from .words import Msg

# Bar rules, and what lifts each (``Bar.until``).
GUOHU = "guohu"  # 过胡不胡 (推倒胡): a passed win bars winning others' tiles
LOUHU = "louhu"  # 漏胡: 长沙 (ruling 29) that tile off a discard; 字牌 (剥皮) every win
CHOUHU = "chouhu"  # 臭胡 (四人): the card passed may not be won
UNTIL_DRAW = "draw"  # one's own next draw (or 碰/杠)
UNTIL_INTAKE = "intake"  # one's own next intake (a 偎/提 of one's own draw is one) or discard
UNTIL_HUXI = "huxi"  # one's table 胡息 changes


@dataclass(frozen=True, slots=True)
class Bar:
    """Why the game would refuse this win now, and what lifts the bar. ``bigger``: 长沙 漏胡 still lets a bigger
    hand than the one passed win (the wait is barred only at its present value)."""

    rule: str
    until: str
    bigger: bool = False


@dataclass(frozen=True, slots=True)
class GroupNow:
    """One group of the hand as it stands: ``kind`` as in a settlement's groups (``chi peng wei chouwei pao ti``
    laid down; ``kan shun jiao`` in hand), its cards (display order) and its 胡息."""

    kind: str
    cards: str
    huxi: int


@dataclass(frozen=True, slots=True)
class WayWin:
    """What a wait is worth coming one way: ``self_draw`` (one's own draw), ``other_draw`` (字牌: another's
    shown draw), ``discard``, ``robbing_kong`` (麻将 抢杠), ``deal`` (the 亮张 / dealt hand, only as a win on
    offer now). ``score``: 字牌 the hand's 得分; 麻将 what each payer pays. ``huxi``/``tun`` and ``groups`` (the
    winning arrangement, 字牌) and ``fan``/``label`` (麻将: its 番 or 倍, and the win named as the variant names it,
    「碰碰胡 8 倍」) where the family has them."""

    way: str
    score: int
    patterns: tuple[str, ...]
    huxi: int | None = None
    tun: int | None = None
    fan: int | None = None
    label: Msg | None = None
    bar: Bar | None = None
    groups: tuple[GroupNow, ...] = ()

    @property
    def open(self) -> bool:
        """The game would let it be won now."""
        return self.bar is None


@dataclass(frozen=True, slots=True)
class Wait:
    """One card that wins the hand (``card`` in the family's notation, ``name`` as players say it), by each way
    it may come. ``now``: the way it is on offer at this very moment, the seat being asked and the game offering
    him 胡 on it ("" for a wait to come); such an entry leads the list, priced as the game would pay it now (its
    moment flags — 海底, 杠开 … — included), and its one way is that one. A 字牌 draw that made one's own 偎/提
    is only that entry: the hand holds the card already."""

    card: str
    name: str
    ways: tuple[WayWin, ...]
    now: str = ""

    def way(self, way: str) -> WayWin | None:
        return next((w for w in self.ways if w.way == way), None)

    @property
    def open_ways(self) -> tuple[WayWin, ...]:
        return tuple(w for w in self.ways if w.open)


@dataclass(frozen=True, slots=True)
class Standing:
    """The hand now. 字牌: ``groups`` the best arrangement (most 胡息, then most cards grouped, then most pairs
    left; 坎 never split), ``loose`` the cards it leaves, ``huxi`` its 胡息. 麻将: ``xiangting`` (向听: draws short
    of 听牌; 0 = 听牌, −1 = a winning hand), from the shared checker's ``distance``."""

    huxi: int | None = None
    groups: tuple[GroupNow, ...] = ()
    loose: str = ""
    xiangting: int | None = None


def hints(game: Game, seat: int) -> list[Any]:
    """The seat's hints as its family gives them (:attr:`Family.hints`): 麻将 and 字牌 a :class:`Wait` list, 跑得快
    its card counter (记牌器); ``[]`` for a family without hints."""
    family = family_of(game)
    return [] if family is None or family.hints is None else list(family.hints(game, seat))


def waits(game: Game, seat: int) -> list[Wait]:
    """Only the waits to come (麻将, 字牌; not a win on offer now): ``[]`` for a family that has none."""
    return [h for h in hints(game, seat) if isinstance(h, Wait) and not h.now]


def win_now(game: Game, seat: int) -> Wait | None:
    """The win the game offers the seat at this moment, if any (麻将, 字牌)."""
    return next((h for h in hints(game, seat) if isinstance(h, Wait) and h.now), None)


def standing(game: Game, seat: int) -> Standing | None:
    """The seat's hand as it stands now (:attr:`Family.standing`; None for a family without, or a seat holding no
    cards)."""
    family = family_of(game)
    if family is None or family.standing is None:
        return None
    found: Standing | None = family.standing(game, seat)
    return found
