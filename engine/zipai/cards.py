"""字牌 cards and their notation.

A card is an int 0…19: 0…9 are 小字 一…十, 10…19 are 大字 壹…拾. Each exists 4 times (80 cards).
红字 (red) are the ranks 二 七 十 in both cases.
"""

from __future__ import annotations

from collections.abc import Iterable

SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
NAMES = SMALL + BIG
N_KINDS = 20
COPIES = 4
# Accepted spellings beyond the canonical ones: traditional/variant forms players type.
ALIASES = {"貳": "贰", "參": "叁", "叄": "叁", "参": "叁", "陸": "陆"}

RED = frozenset({1, 6, 9, 11, 16, 19})


def name(card: int) -> str:
    return NAMES[card]


def names(cards: Iterable[int]) -> str:
    return "".join(NAMES[c] for c in cards)


def parse_card(text: str) -> int:
    ch = ALIASES.get(text, text)
    if len(ch) != 1 or ch not in NAMES:
        raise ValueError(f"unknown 字牌 card {text!r}")
    return NAMES.index(ch)


def parse_cards(value: str | Iterable[str]) -> list[int]:
    """Parse "一二三" or ["一", "二", "三"] (whitespace and commas ignored)."""
    if isinstance(value, str):
        items = [ch for ch in value if not ch.isspace() and ch not in ",，、"]
    else:
        items = []
        for item in value:
            if not isinstance(item, str):
                raise ValueError(f"card must be a string, not {item!r}")
            items.extend(ch for ch in item if not ch.isspace())
    return [parse_card(ch) for ch in items]


def is_big(card: int) -> bool:
    return card >= 10


def rank(card: int) -> int:
    """牌点 1…10, ignoring case."""
    return card % 10 + 1


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * N_KINDS
    for c in cards:
        counts[c] += 1
    return counts


def full_deck() -> list[int]:
    return [c for c in range(N_KINDS) for _ in range(COPIES)]


def sort_key(card: int) -> tuple[int, int]:
    """Display order: by rank, small before big, so 绞 partners sit together."""
    return (card % 10, card // 10)
