"""Winning-hand evaluation shared by the calculator, the game and the AI.

Implements the README's "Zipai arrangement rules": where the winning card may go (偎/提 forced for one's own
wall draw, 跑/碰 optional otherwise), 坎 never split, exactly one 将 iff there is a 跑 or 提, and the fixed
number of 方门子. Variants price an arrangement; this module only lists them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .decompose import NEG, all_splits, best_huxi, pack
from .groups import FOUR_KINDS, Group

# Where the winning card came from, as the arrangement rules see it.
OWN = "own"  # the winner's own wall draw, or the dealer's own 亮张
OTHER_DRAW = "other_draw"  # a wall card shown by another player (also a non-dealer taking the 亮张)
DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Arrangement:
    groups: tuple[Group, ...]
    huxi: int
    hand_size: int  # cards in hand before the winning card (耍猴 needs 1)

    @property
    def has_jiang(self) -> bool:
        return any(g.kind == "jiang" for g in self.groups)


def _placements(
    hand: Sequence[int], melds: Sequence[Group], win: int | None, source: str
) -> Iterator[tuple[list[Group], list[int]]]:
    """Each legal use of the winning card: (fixed groups, loose card counts)."""
    counts = list(hand)
    kans = [c for c in range(20) if counts[c] == 3]

    def build(extra: list[Group], used_kan: int | None, meld_swap: tuple[int, Group] | None,
              loose_add: int | None, remove_pair: int | None = None) -> tuple[list[Group], list[int]]:
        fixed = list(melds)
        if meld_swap is not None:
            fixed[meld_swap[0]] = meld_swap[1]
        fixed.extend(Group("kan", (c, c, c)) for c in kans if c != used_kan)
        fixed.extend(extra)
        loose = [0 if counts[c] == 3 else counts[c] for c in range(20)]
        if remove_pair is not None:
            loose[remove_pair] -= 2
        if loose_add is not None:
            loose[loose_add] += 1
        return fixed, loose

    if win is None:
        yield build([], None, None, None)
        return
    w = win
    meld_at = {m.cards[0]: i for i, m in enumerate(melds) if m.kind in ("wei", "chouwei", "peng")}
    if source == OWN:
        if counts[w] == 2:
            yield build([Group("wei", (w, w, w))], None, None, None, remove_pair=w)
        elif counts[w] == 3:
            yield build([Group("ti", (w,) * 4)], w, None, None)
        elif w in meld_at and melds[meld_at[w]].kind != "peng":
            yield build([], None, (meld_at[w], Group("ti", (w,) * 4)), None)
        else:
            yield build([], None, None, w)
            if w in meld_at:  # own wall draw onto own 碰
                yield build([], None, (meld_at[w], Group("pao", (w,) * 4)), None)
        return
    yield build([], None, None, w)
    if counts[w] == 3:
        yield build([Group("pao", (w,) * 4)], w, None, None)
    elif counts[w] == 2:
        yield build([Group("peng", (w, w, w))], None, None, None, remove_pair=w)
    elif w in meld_at:
        kind = melds[meld_at[w]].kind
        if kind != "peng" or source == OTHER_DRAW:
            yield build([], None, (meld_at[w], Group("pao", (w,) * 4)), None)


def _shape(fixed: list[Group], loose: list[int], group_count: int) -> tuple[int, bool] | None:
    """(loose key, needs 将) when the card count fits ``group_count`` groups, else None."""
    pair = any(g.kind in FOUR_KINDS for g in fixed)
    n = sum(loose) - (2 if pair else 0)
    if n < 0 or n % 3 or len(fixed) + n // 3 + (1 if pair else 0) != group_count:
        return None
    return pack(loose), pair


def max_huxi(hand: Sequence[int], melds: Sequence[Group], win: int | None, source: str, group_count: int) -> int:
    """Highest 胡息 of any complete arrangement, or ``NEG`` if the cards do not make a hand."""
    best = NEG
    for fixed, loose in _placements(hand, melds, win, source):
        shape = _shape(fixed, loose, group_count)
        if shape is None:
            continue
        sub = best_huxi(*shape)
        if sub != NEG:
            best = max(best, sub + sum(g.huxi for g in fixed))
    return best


def arrangements(
    hand: Sequence[int], melds: Sequence[Group], win: int | None, source: str, group_count: int
) -> list[Arrangement]:
    """Every complete arrangement (distinct group multisets)."""
    hand_size = sum(hand)
    out: dict[tuple[Group, ...], Arrangement] = {}
    for fixed, loose in _placements(hand, melds, win, source):
        shape = _shape(fixed, loose, group_count)
        if shape is None:
            continue
        base = sum(g.huxi for g in fixed)
        for split in all_splits(*shape):
            groups = tuple(sorted((*fixed, *split)))
            if groups not in out:
                out[groups] = Arrangement(groups, base + sum(g.huxi for g in split), hand_size)
    return list(out.values())
