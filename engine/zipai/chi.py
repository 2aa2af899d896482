"""吃 and 比牌: every legal way to take a card into a 一句话 / 绞 and lay down each copy of it still held.

[000 跑胡子 玩法10]: "手中有小1、2、3、4、5,以4、5组合吃小3,那么手中的小3,必须以1、2、3的组合同时放到桌面";
if the held copies cannot all be placed, the 吃 is not allowed. 坎 cards are never used.
"""

from __future__ import annotations

from .cards import N_KINDS, sort_key
from .groups import chi_group_ok


def chi_options(hand: list[int], card: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every legal 吃 of ``card``: the group with the taken card first, then the 比 groups that lay down
    each copy of it still in hand (比牌). 坎 cards are never used; one card must stay for the discard."""
    if hand[card] >= 3:
        return []
    usable = [n if n < 3 else 0 for n in hand]
    kan_cards = sum(n for n in hand if n >= 3)
    found: set[tuple[tuple[int, ...], ...]] = set()
    for first in _groups_with(card, usable):
        rest = _minus(usable, first, card)
        for bis in _bi_sets(rest, card):
            left = list(rest)
            for g in bis:
                left = _minus(left, g, None)
            if sum(left) + kan_cards >= 1:
                found.add((first, *sorted(bis)))
    return sorted(found, key=lambda o: [sort_key(c) for g in o for c in g])


def could_group(hand: list[int], card: int) -> bool:
    """Whether the held non-坎 cards could make a group with ``card`` at all (比 aside)."""
    return bool(_groups_with(card, [n if n < 3 else 0 for n in hand]))


def _minus(avail: list[int], group: tuple[int, ...], skip: int | None) -> list[int]:
    """``avail`` less the cards of ``group`` (less one copy of ``skip``, which does not come from it)."""
    out = list(avail)
    cards = list(group)
    if skip is not None:
        cards.remove(skip)
    for c in cards:
        out[c] -= 1
    return out


def _candidate_groups(card: int) -> tuple[tuple[int, ...], ...]:
    case, r = divmod(card, 10)
    candidates = [tuple(case * 10 + lo + k for k in range(3)) for lo in range(max(0, r - 2), min(7, r) + 1)]
    if r in (1, 6, 9):
        candidates.append((case * 10 + 1, case * 10 + 6, case * 10 + 9))
    other = card + 10 if case == 0 else card - 10
    candidates += [tuple(sorted((card, card, other))), tuple(sorted((card, other, other)))]
    return tuple(sorted({g for g in candidates if chi_group_ok(g)}))


# Every 一句话 / 二七十 / 绞 that contains a given card, with the two partner cards it needs.
def _needs(group: tuple[int, ...], card: int) -> tuple[tuple[int, int], ...]:
    rest = list(group)
    rest.remove(card)
    return tuple((c, rest.count(c)) for c in sorted(set(rest)))


_CANDIDATES = tuple(tuple((g, _needs(g, card)) for g in _candidate_groups(card)) for card in range(N_KINDS))


def _groups_with(card: int, avail: list[int]) -> list[tuple[int, ...]]:
    """一句话 / 二七十 / 绞 containing ``card`` whose two other cards can come from ``avail``."""
    return [g for g, need in _CANDIDATES[card] if all(avail[c] >= n for c, n in need)]


def _bi_sets(avail: list[int], card: int) -> list[tuple[tuple[int, ...], ...]]:
    """Ways to lay down every copy of ``card`` left in ``avail`` in groups of hand cards; [()] if none."""
    if avail[card] <= 0:
        return [()]
    laid = list(avail)
    laid[card] -= 1
    results = []
    for g in _groups_with(card, laid):
        for tail in _bi_sets(_minus(laid, g, card), card):
            results.append((g, *tail))
    return results
