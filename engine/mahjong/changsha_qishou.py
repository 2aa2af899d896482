"""长沙麻将 起手胡 (start-hand wins) — ``../shared/rules/changsha.md`` §2, §7 3–5, 12, 18 and rulings 24, 30.

Pure: which 起手胡 a dealt hand (13 or 14 tiles, as 34 counts) holds, each once, with the tiles it shows; and the
中途四喜 / 中途六六顺 a draw forms during play. Paying them (each one 小胡自摸) is ``engine.mahjong.changsha``'s.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from .tiles import from_counts

SIXI = "四喜"
BANBAN = "板板胡"
QUEYISE = "缺一色"
LIULIU = "六六顺"
BUBUGAO = "步步高"
JINTONG = "金童玉女"
SANTONG = "三同"
YIZHIHUA = "一枝花"
MID_SIXI = "中途四喜"
MID_LIULIU = "中途六六顺"

# The 简介's four; the others only with ``qishou_extra`` (§6, §7 5).
BASIC = (SIXI, BANBAN, QUEYISE, LIULIU)
EXTRA = (BUBUGAO, JINTONG, SANTONG, YIZHIHUA)
ORDER = (SIXI, BANBAN, QUEYISE, LIULIU, BUBUGAO, JINTONG, SANTONG, YIZHIHUA)
# 缺一门 (2 players, no 条): "起手胡不支持金童玉女和三同" [000], and every hand lacks 条, so no 缺一色 (§7 18).
QUEYIMEN_EXCLUDED = frozenset((JINTONG, SANTONG, QUEYISE))
JIANG_RANKS = frozenset((2, 5, 8))
TWO_TONG, TWO_TIAO = 10, 19  # 2p, 2s
SUITS = 3
# a hand's counts of its 2s, 5s and 8s, and of its 5s, as tuples (板板胡, 一枝花)
_JIANG_COUNTS = operator.itemgetter(*(t for t in range(27) if t % 9 + 1 in JIANG_RANKS))
_FIVE_COUNTS = operator.itemgetter(4, 13, 22)


@dataclass(frozen=True, slots=True)
class Qishou:
    """One 起手胡: its name and the tiles it shows (ruling 24: the forming tiles, or the whole hand for 板板胡,
    缺一色 and 一枝花), sorted tile ids."""

    name: str
    tiles: tuple[int, ...]


def _suit_tiles(counts: Sequence[int], suit: int) -> int:
    return sum(counts[suit * 9:(suit + 1) * 9])


def sixi(counts: Sequence[int]) -> tuple[int, ...] | None:
    """四喜: four identical tiles (§7 3); the lowest such kind shows."""
    if max(counts[:27]) < 4:
        return None
    for t in range(27):
        if counts[t] >= 4:
            return (t,) * 4
    return None


def banban(counts: Sequence[int]) -> bool:
    """板板胡: no tile of rank 2, 5 or 8."""
    return not any(_JIANG_COUNTS(counts))


def queyise(counts: Sequence[int]) -> bool:
    """缺一色: one of 万 筒 条 absent."""
    return not any(counts[0:9]) or not any(counts[9:18]) or not any(counts[18:27])


def liuliu(counts: Sequence[int]) -> tuple[int, ...] | None:
    """六六顺: two 刻子 (a 4-of-a-kind holds one); the two lowest show, three tiles each."""
    if max(counts[:27]) < 3:
        return None
    kinds = [t for t in range(27) if counts[t] >= 3][:2]
    return tuple(t for t in kinds for _ in range(3)) if len(kinds) == 2 else None


def bubugao(counts: Sequence[int]) -> tuple[int, ...] | None:
    """步步高: three consecutive pairs in one suit (11 22 33 万); the lowest run shows."""
    if _pairs(counts) < 3:
        return None
    for suit in range(SUITS):
        for r in range(7):
            t = suit * 9 + r
            if all(counts[t + i] >= 2 for i in range(3)):
                return tuple(t + i for i in range(3) for _ in range(2))
    return None


def jintong(counts: Sequence[int]) -> tuple[int, ...] | None:
    """金童玉女: a pair of 2筒 and a pair of 2条 (only those two)."""
    if counts[TWO_TONG] >= 2 and counts[TWO_TIAO] >= 2:
        return (TWO_TONG, TWO_TONG, TWO_TIAO, TWO_TIAO)
    return None


def santong(counts: Sequence[int]) -> tuple[int, ...] | None:
    """三同: a pair of the same rank in each suit (1万 1筒 1条 pairs); the lowest rank shows."""
    if _pairs(counts) < 3:
        return None
    for r in range(9):
        if all(counts[s * 9 + r] >= 2 for s in range(SUITS)):
            return tuple(sorted(s * 9 + r for s in range(SUITS) for _ in range(2)))
    return None


def yizhihua(counts: Sequence[int]) -> bool:
    """一枝花 (§7 4): a suit held as exactly one tile and that tile a 5; or exactly one 2/5/8 tile and it a 5."""
    for suit in range(SUITS):
        if _suit_tiles(counts, suit) == 1 and counts[suit * 9 + 4] == 1:
            return True
    # exactly one 2/5/8 tile, and that one a 5
    jiang: tuple[int, ...] = _JIANG_COUNTS(counts)
    fives: tuple[int, ...] = _FIVE_COUNTS(counts)
    return sum(jiang) == 1 and sum(fives) == 1


def _pairs(counts: Sequence[int]) -> int:
    """How many kinds of 万 筒 条 the hand holds two or more of."""
    suited = list(counts[:27])
    return 27 - suited.count(0) - suited.count(1)


def allowed(options: dict[str, Any]) -> tuple[str, ...]:
    """The 起手胡 this room plays, in the spec's order."""
    names: tuple[str, ...] = ORDER if options.get("qishou_extra", True) else BASIC
    if options.get("players", 4) == 2 and options.get("queyimen", False):
        names = tuple(n for n in names if n not in QUEYIMEN_EXCLUDED)
    return names


def detect(counts: Sequence[int], options: dict[str, Any]) -> list[Qishou]:
    """Every 起手胡 in a dealt hand (34 counts, 13 or 14 tiles), each once (ruling 24), in the spec's order."""
    # each looked for only if the room plays it (every seat's hand is asked at every deal, and most hold none)
    out: list[Qishou] = []
    for name in allowed(options):
        tiles = _DETECT[name](counts)
        if tiles is True:
            tiles = tuple(from_counts(counts))  # (these show the whole hand)
        if tiles:
            out.append(Qishou(name, tiles))
    return out


_DETECT: dict[str, Callable[[Sequence[int]], tuple[int, ...] | bool | None]] = {
    SIXI: sixi, BANBAN: banban, QUEYISE: queyise, LIULIU: liuliu, BUBUGAO: bubugao, JINTONG: jintong,
    SANTONG: santong, YIZHIHUA: yizhihua,
}


def midway(dealt: Sequence[int], now: Sequence[int], options: dict[str, Any], *,
           used_kan: Collection[int] = (), used_quads: Collection[int] = ()) -> list[Qishou]:
    """中途四喜 / 中途六六顺 on offer right after a draw (§2, ruling 24), with ``qishou_extra`` only.

    ``dealt``: the seat's hand as dealt (its 坎 and 四喜 are not new); ``now``: the concealed tiles after the draw
    (a game that lets a 坎 formed since the deal be konged first adds those tiles back); ``used_kan`` /
    ``used_quads``: kinds an earlier 中途六六顺 / 中途四喜 already used, declared or passed — the game adds the
    kinds of each offer it makes (``set(q.tiles)``) so that each occurrence counts once.

    中途四喜: a 4-of-a-kind not dealt as one. 中途六六顺: two 坎 formed since the deal (three or more copies now,
    fewer than three dealt); the two lowest show."""
    if not options.get("qishou_extra", True) or max(now) < 3:
        return []  # (a 坎 or a 4-of-a-kind is needed for either: most draws hold none; a 字 one finds none below)
    out: list[Qishou] = []
    suited = now[:27]
    if max(suited) >= 4:
        for t in range(27):
            if now[t] >= 4 and dealt[t] < 4 and t not in used_quads:
                out.append(Qishou(MID_SIXI, (t,) * 4))
                break
    # two kinds with three or more copies at least (counts are never negative), else no 中途六六顺: no tile by tile
    if len(suited) - suited.count(0) - suited.count(1) - suited.count(2) >= 2:
        kans = [t for t in range(27) if now[t] >= 3 and dealt[t] < 3 and t not in used_kan][:2]
        if len(kans) == 2:
            out.append(Qishou(MID_LIULIU, tuple(t for t in kans for _ in range(3))))
    return out
