"""An obviously-correct, slow win checker to test ``engine.mahjong.win`` against.

It knows nothing of blocks, prices or congruences: it takes the lowest real tile of the whole hand and tries every
group (刻子, 顺子, the 将) that could hold it, each other member being a real copy if one is left, else a wildcard
standing for that very tile (if the wildcard may be that tile); leftover wildcards can only be 刻子/将 among
themselves. Any winning assignment of the wildcards puts each of them in some group, so trying each group for
the lowest real tile is the same as trying every assignment (``literal_win`` checks that for up to two wildcards).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache, lru_cache

YAOJIU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _remove(tiles: tuple[int, ...], members: Iterable[int]) -> tuple[int, ...] | None:
    rest = list(tiles)
    for m in members:
        if m not in rest:
            return None
        rest.remove(m)
    return tuple(rest)


@cache
def _groups_with(first: int) -> list[tuple[int, ...]]:
    """The other members of every group holding ``first``: 刻子, and 顺子 inside one suit (never 字)."""
    out: list[tuple[int, ...]] = [(first, first)]
    if first < 27:
        rank = first % 9
        for lo in (rank - 2, rank - 1, rank):
            if 0 <= lo <= 6:
                base = first - rank + lo
                out.append(tuple(t for t in (base, base + 1, base + 2) if t != first))
    return out


@lru_cache(maxsize=1 << 16)
def standard(tiles: tuple[int, ...], wild: int, pair: bool, targets: frozenset[int]) -> bool:
    """``tiles`` (sorted real tiles) + ``wild`` wildcards = groups, plus one 将 if ``pair``.

    Each other member of the group is a real copy when one is left, else a wildcard: a wildcard standing for t and a
    real t are interchangeable, so some winning arrangement always uses the real copies first."""
    if not tiles:
        if wild and not targets:
            return False
        return wild % 3 == 0 if not pair else (wild >= 2 and wild % 3 == 2)
    first, rest = tiles[0], tiles[1:]
    options = [(g, pair) for g in _groups_with(first)]
    if pair:
        options.append(((first,), False))
    for members, still_pair in options:
        left = list(rest)
        wilds = 0
        for m in members:
            if m in left:
                left.remove(m)
            elif m in targets:
                wilds += 1
            else:
                wilds = wild + 1
                break
        if wilds <= wild and standard(tuple(left), wild - wilds, still_pair, targets):
            return True
    return False


@lru_cache(maxsize=1 << 18)
def qidui(tiles: tuple[int, ...], wild: int, targets: frozenset[int]) -> bool:
    """Pairs only: the lowest tile pairs with a real copy or with a wildcard; a 4-of-a-kind is two pairs."""
    if not tiles:
        return wild % 2 == 0 and (not wild or bool(targets))
    first, rest = tiles[0], tiles[1:]
    if rest and rest[0] == first and qidui(rest[1:], wild, targets):
        return True
    return wild > 0 and first in targets and qidui(rest, wild - 1, targets)


def shisanyao(tiles: tuple[int, ...], wild: int, targets: frozenset[int]) -> bool:
    """Try every doubled 幺九 tile: the hand must be a part of those 14 tiles, wildcards filling the rest."""
    for doubled in YAOJIU:
        left = _remove(tuple(sorted(YAOJIU + (doubled,))), tiles)
        if left is not None and len(left) == wild and all(t in targets for t in left):
            return True
    return False


def is_win(
    tiles: Iterable[int], wild: int, *, targets: frozenset[int], allow_qidui: bool = True,
    allow_shisanyao: bool = False,
) -> bool:
    hand = tuple(sorted(tiles))
    total = len(hand) + wild
    if total % 3 != 2:
        return False
    if standard(hand, wild, True, targets):
        return True
    if total == 14 and allow_qidui and qidui(hand, wild, targets):
        return True
    return total == 14 and allow_shisanyao and shisanyao(hand, wild, targets)


def waits(
    tiles: Iterable[int], wild: int, *, targets: frozenset[int], universe: Iterable[int], **kw: bool
) -> list[int]:
    hand = list(tiles)
    universe = list(universe)
    # Shortcut: a drawn tile is a special case of a wildcard that may be any tile, so no such wildcard, no wait.
    if not is_win(hand, wild + 1, targets=targets | frozenset(universe), **kw):
        return []
    return [t for t in universe if hand.count(t) < 4 and is_win(hand + [t], wild, targets=targets, **kw)]


def literal_win(tiles: Iterable[int], wild: int, *, targets: frozenset[int], **kw: bool) -> bool:
    """Every assignment of the wildcards to target tiles, then a check without wildcards."""
    hand = list(tiles)
    for assign in itertools.combinations_with_replacement(sorted(targets), wild):
        if is_win(hand + list(assign), 0, targets=targets, **kw):
            return True
    return False
