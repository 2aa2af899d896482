"""方门子 (groups) and their 胡息.

A group is ``(kind, cards)``. Kinds: the laid-down melds ``chi`` (一句话 or 绞 taken by 吃), ``peng`` 碰,
``wei`` 偎, ``chouwei`` 臭偎, ``pao`` 跑, ``ti`` 提; the in-hand groups ``kan`` 坎 (three dealt identical cards),
``shun`` 一句话, ``jiao`` 绞, and ``jiang`` 将 (the one pair a hand with 跑/提 needs).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import RED, is_big, names

MELD_KINDS = ("chi", "peng", "wei", "chouwei", "pao", "ti")
SAME_CARD_KINDS = frozenset({"peng", "wei", "chouwei", "pao", "ti", "kan", "jiang"})
FOUR_KINDS = frozenset({"pao", "ti"})

# 胡息 (small, big) per kind of same-card group — [000 跑胡子 计分2], the same in every zipai seed.
_SAME_HUXI = {"ti": (9, 12), "pao": (6, 9), "wei": (3, 6), "chouwei": (3, 6), "kan": (3, 6), "peng": (1, 3)}


class Group(NamedTuple):
    kind: str
    cards: tuple[int, ...]

    @property
    def huxi(self) -> int:
        return group_huxi(self.kind, self.cards)

    @property
    def same_card(self) -> bool:
        return self.kind in SAME_CARD_KINDS

    def all_red(self) -> bool:
        return all(c in RED for c in self.cards)

    def __str__(self) -> str:
        return f"{self.kind}:{names(self.cards)}"


def is_special_sentence(cards: tuple[int, ...]) -> bool:
    """一二三 / 壹贰叁 and 二七十 / 贰柒拾 carry 胡息; other sentences and 绞 carry none."""
    lo = min(cards) % 10
    ranks = sorted(c % 10 for c in cards)
    same_case = len({c // 10 for c in cards}) == 1
    return same_case and (ranks == [0, 1, 2] or ranks == [1, 6, 9]) and lo in (0, 1)


def group_huxi(kind: str, cards: tuple[int, ...]) -> int:
    if kind in _SAME_HUXI:
        return _SAME_HUXI[kind][1 if is_big(cards[0]) else 0]
    if kind in ("chi", "shun") and is_special_sentence(cards):
        return 6 if is_big(cards[0]) else 3
    return 0


def is_sentence(cards: tuple[int, ...]) -> bool:
    """一句话: three consecutive ranks of one case, or 二七十 / 贰柒拾."""
    if len(cards) != 3 or len({c // 10 for c in cards}) != 1:
        return False
    r = sorted(c % 10 for c in cards)
    return (r[1] == r[0] + 1 and r[2] == r[1] + 1) or r == [1, 6, 9]


def is_jiao(cards: tuple[int, ...]) -> bool:
    """绞: same rank, two of one case and one of the other (二二贰, 五伍伍)."""
    if len(cards) != 3 or len({c % 10 for c in cards}) != 1:
        return False
    bigs = sum(1 for c in cards if is_big(c))
    return bigs in (1, 2)


def chi_group_ok(cards: tuple[int, ...]) -> bool:
    return is_sentence(cards) or is_jiao(cards)
