"""Mahjong tiles: notation, ids, count arrays and the tile sets (牌数).

Notation (rules README): ``1m…9m`` 万, ``1p…9p`` 筒, ``1s…9s`` 条 (索), ``1z…7z`` = 东 南 西 北 白 发 中; 红中 is ``7z``.
A hand may be written compactly (``"123m456p77z"``: digits, then their suit letter) or as a list of two-character
tiles (``["1m", "2m"]``); the canonical form is the list.

Tile ids 0..33: 万 0–8, 筒 9–17, 条 18–26, 字 27–33 (东 27 … 中 33). A hand as counts is a list of 34 ints.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

SUITS = "mpsz"
KINDS = 34
HONOUR_BASE = 27
HONG_ZHONG = 33  # 7z 红中, the 赖子 of 红中麻将

SUITED: frozenset[int] = frozenset(range(27))
ALL: frozenset[int] = frozenset(range(KINDS))
HONOURS: frozenset[int] = frozenset(range(27, 34))
# 幺九 tiles of 十三幺: the 1 and 9 of each suit and the seven 字.
YAOJIU: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_NUMERALS = "一二三四五六七八九"
_SUIT_NAMES = ("万", "筒", "条")
_HONOUR_NAMES = ("东", "南", "西", "北", "白", "发", "中")


class TileError(ValueError):
    """A tile or hand written in no valid notation."""


def tile_id(text: str) -> int:
    """``"5p"`` → 13. Raises TileError for anything else (``"0m"``, ``"8z"``, ``"5"``)."""
    try:
        return _IDS[text]  # the 34 notations, looked up (the AI reads a tile from every action it weighs)
    except (KeyError, TypeError):
        pass
    if not isinstance(text, str) or len(text) != 2 or text[1] not in SUITS or not text[0].isdigit():
        raise TileError(f"无效的牌：{text!r}")
    rank, suit = int(text[0]), SUITS.index(text[1])
    if not 1 <= rank <= (7 if suit == 3 else 9):
        raise TileError(f"无效的牌：{text!r}")
    return suit * 9 + rank - 1


def tile_str(tid: int) -> str:
    """13 → ``"5p"``."""
    if not 0 <= tid < KINDS:
        raise TileError(f"无效的牌编号：{tid}")
    return f"{tid % 9 + 1}{SUITS[tid // 9]}"


def tile_name(tid: int) -> str:
    """Chinese name for display: 一万 … 九万, 一筒 …, 一条 …, 东 南 西 北 白 发 中 (红中 is 中)."""
    if not 0 <= tid < KINDS:
        raise TileError(f"无效的牌编号：{tid}")
    if tid >= HONOUR_BASE:
        return _HONOUR_NAMES[tid - HONOUR_BASE]
    return _NUMERALS[tid % 9] + _SUIT_NAMES[tid // 9]


def parse(hand: str | Iterable[str]) -> list[str]:
    """Canonical list of tiles, in the order written: ``"12m7z"`` → ``["1m", "2m", "7z"]``.

    Accepts the compact form (spaces allowed) or an iterable of two-character tiles.
    """
    if isinstance(hand, str):
        out: list[str] = []
        digits: list[str] = []
        for ch in hand:
            if ch.isspace():
                continue
            if ch.isdigit():
                digits.append(ch)
            elif ch in SUITS:
                if not digits:
                    raise TileError(f"花色前缺少点数：{hand!r}")
                out.extend(d + ch for d in digits)
                digits = []
            else:
                raise TileError(f"无效的字符 {ch!r}：{hand!r}")
        if digits:
            raise TileError(f"点数后缺少花色：{hand!r}")
    else:
        out = list(hand)
    for t in out:
        tile_id(t)
    return out


def ids(hand: str | Iterable[str]) -> list[int]:
    """Tile ids of a hand in any accepted notation, in the order written."""
    return [tile_id(t) for t in parse(hand)]


def to_counts(hand: str | Iterable[str] | Iterable[int]) -> list[int]:
    """34-count array of a hand given in notation or as tile ids."""
    counts = [0] * KINDS
    if isinstance(hand, str):
        tids: Iterable[int] = ids(hand)
    else:
        tids = [t if isinstance(t, int) else tile_id(str(t)) for t in hand]
    for t in tids:
        if not 0 <= t < KINDS:
            raise TileError(f"无效的牌编号：{t}")
        counts[t] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """Sorted tile ids of a count array."""
    return [t for t in range(KINDS) for _ in range(counts[t])]


def fmt(tiles: Iterable[int]) -> list[str]:
    """Tile ids → canonical notation list (sorted by id)."""
    return [tile_str(t) for t in sorted(tiles)]


def compact(tiles: Iterable[int]) -> str:
    """Tile ids → compact notation, ``[0, 1, 33]`` → ``"12m7z"`` (sorted)."""
    out: list[str] = []
    for suit in range(4):
        ranks = "".join(str(t % 9 + 1) for t in sorted(tiles) if t // 9 == suit)
        if ranks:
            out.append(ranks + SUITS[suit])
    return "".join(out)


def tile_set(size: int) -> list[int]:
    """Sorted tile ids of a tile set (牌数).

    108: 万筒条 ×4 (长沙); 112: 108 + 4 红中; 116: 108 + 8 红中 (红中麻将 八红中); 136: all 34 kinds ×4 (推倒胡).
    """
    if size == 108:
        return [t for t in range(27) for _ in range(4)]
    if size == 112:
        return tile_set(108) + [HONG_ZHONG] * 4
    if size == 116:
        return tile_set(108) + [HONG_ZHONG] * 8
    if size == 136:
        return [t for t in range(KINDS) for _ in range(4)]
    raise TileError(f"没有 {size} 张的牌组")


def build_wall(size: int, rng: random.Random) -> list[int]:
    """A shuffled wall of the given tile set, drawn from the front; deterministic for a seeded ``rng``."""
    wall = tile_set(size)
    rng.shuffle(wall)
    return wall


# Every tile's notation and name, looked up rather than formatted: the game names tiles on every move.
NOTATION: tuple[str, ...] = tuple(tile_str(t) for t in range(KINDS))
NAMES: tuple[str, ...] = tuple(tile_name(t) for t in range(KINDS))
_IDS = {text: t for t, text in enumerate(NOTATION)}


def fast_id(text: str) -> int:
    """``tile_id`` for text already known to be one tile (the game's own action codes); TileError otherwise."""
    try:
        return _IDS[text]
    except KeyError:
        return tile_id(text)

