"""Decomposition search: how loose hand cards split into 一句话, 绞 and at most one 将.

Fixed groups (melds, 坎, the winning card's 偎/提/跑/碰) are priced by the caller; this module only searches
the loose cards, of which there are at most three copies of a card. A loose multiset is packed into one
int (2 bits per card kind) so both searches memoise on a dict lookup; the memo is shared by every hand
evaluated in the process, which is what makes repeated 听牌 checks cheap, and holds at most ``MEMO_LIMIT``
entries per search.

The search always takes the lowest card present: it must be the lowest card of its group, so each group
shape is tried from that card only (sentence upwards, 二七十 from 二, 绞 from the small card).
"""

from __future__ import annotations

from collections.abc import Iterable

from .groups import Group, group_huxi

NEG = -(10**6)
_UNIT = [1 << (2 * i) for i in range(20)]
_MASK = 3


def pack(counts: Iterable[int]) -> int:
    key = 0
    for i, n in enumerate(counts):
        if n:
            key += n * _UNIT[i]
    return key


def _count(key: int, i: int) -> int:
    return (key >> (2 * i)) & _MASK


def _lowest(key: int) -> int:
    return ((key & -key).bit_length() - 1) >> 1


def _moves(key: int, i: int, pair: bool) -> list[tuple[int, str, tuple[int, ...]]]:
    """Groups whose lowest card is ``i``: (key after removal, kind, cards)."""
    out: list[tuple[int, str, tuple[int, ...]]] = []
    n = _count(key, i)
    r = i % 10
    if pair and n >= 2:
        out.append((key - 2 * _UNIT[i], "jiang", (i, i)))
    if r <= 7 and _count(key, i + 1) and _count(key, i + 2):
        out.append((key - _UNIT[i] - _UNIT[i + 1] - _UNIT[i + 2], "shun", (i, i + 1, i + 2)))
    if r == 1 and _count(key, i + 5) and _count(key, i + 8):
        out.append((key - _UNIT[i] - _UNIT[i + 5] - _UNIT[i + 8], "shun", (i, i + 5, i + 8)))
    if i < 10:
        big = i + 10
        nb = _count(key, big)
        if n >= 2 and nb >= 1:
            out.append((key - 2 * _UNIT[i] - _UNIT[big], "jiao", (i, i, big)))
        if nb >= 2:
            out.append((key - _UNIT[i] - 2 * _UNIT[big], "jiao", (i, big, big)))
    return out


# Both memos are bounded: a long-running bot evaluates millions of distinct hands (3M entries ≈ 360 MB).
# Clearing a full memo costs a few cold lookups; a live working set is far smaller than the limit.
MEMO_LIMIT = 100_000

_best_cache: dict[tuple[int, bool], int] = {}


def best_huxi(key: int, pair: bool) -> int:
    """Highest 胡息 of the loose cards ``key`` split into groups, with exactly one 将 if ``pair``
    (none otherwise); ``NEG`` when they cannot be split at all."""
    if key == 0:
        return NEG if pair else 0
    cached = _best_cache.get((key, pair))
    if cached is not None:
        return cached
    i = _lowest(key)
    best = NEG
    for rest, kind, cards in _moves(key, i, pair):
        sub = best_huxi(rest, pair and kind != "jiang")
        if sub != NEG:
            value = sub + group_huxi(kind, cards)
            if value > best:
                best = value
    if len(_best_cache) >= MEMO_LIMIT:
        _best_cache.clear()
    _best_cache[(key, pair)] = best
    return best


_all_cache: dict[tuple[int, bool], tuple[tuple[Group, ...], ...]] = {}


def all_splits(key: int, pair: bool) -> tuple[tuple[Group, ...], ...]:
    """Every distinct split of the loose cards (each a sorted tuple of groups); empty when none."""
    if key == 0:
        return () if pair else ((),)
    cached = _all_cache.get((key, pair))
    if cached is not None:
        return cached
    i = _lowest(key)
    found: set[tuple[Group, ...]] = set()
    for rest, kind, cards in _moves(key, i, pair):
        g = Group(kind, cards)
        for tail in all_splits(rest, pair and kind != "jiang"):
            found.add(tuple(sorted((g, *tail))))
    result = tuple(sorted(found))
    if len(_all_cache) >= MEMO_LIMIT:
        _all_cache.clear()
    _all_cache[(key, pair)] = result
    return result


_partial_cache: dict[int, tuple[int, int, int, tuple[Group, ...], int]] = {}


def _pairs(key: int) -> int:
    return sum(1 for i in range(20) if _count(key, i) >= 2)


def best_partial(key: int) -> tuple[int, int, tuple[Group, ...]]:
    """The best groups the loose cards ``key`` hold now, a hand not yet complete: (胡息, cards grouped, groups) —
    the most 胡息, then the most cards in 一句话/绞, then the most pairs among the cards left (a pair is half a
    碰/偎 or the 将). No 将 is taken: only a finished hand with 跑/提 has one."""
    huxi, grouped, _, groups, _ = _partial(key)
    return huxi, grouped, groups


def _partial(key: int) -> tuple[int, int, int, tuple[Group, ...], int]:
    """(胡息, cards grouped, pairs left, groups, key of the cards left). The lowest card either starts a group or
    stays loose; the pairs only break ties, judged on each sub-hand's own best."""
    if key == 0:
        return 0, 0, 0, (), 0
    cached = _partial_cache.get(key)
    if cached is not None:
        return cached
    i = _lowest(key)
    huxi, grouped, _, groups, left = _partial(key - _UNIT[i])  # the lowest card stays loose
    left += _UNIT[i]
    best = (huxi, grouped, _pairs(left), groups, left)
    for rest, kind, cards in _moves(key, i, False):
        sub_huxi, sub_grouped, sub_pairs, sub, sub_left = _partial(rest)
        candidate = (sub_huxi + group_huxi(kind, cards), sub_grouped + 3, sub_pairs, (Group(kind, cards), *sub),
                     sub_left)
        if candidate[:3] > best[:3]:
            best = candidate
    if len(_partial_cache) >= MEMO_LIMIT:
        _partial_cache.clear()
    _partial_cache[key] = best
    return best


def clear_caches() -> None:
    _best_cache.clear()
    _all_cache.clear()
    _partial_cache.clear()
