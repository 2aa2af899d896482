"""Cards of 跑得快: a 52-card deck without jokers, ranked 3 < 4 < … < K < A < 2 (``../shared/rules/paodekuai.md`` §1).

A card is an int ``rank * 4 + suit``: ranks 0–12 are 3…K, A, 2 (so rank order is play order), suits 0–3 are
黑红梅方 (♠♥♣♦, the order of the lead-card fallback). Notation is suit letter + rank: ``S3 H10 CA D2``; a rank
alone (``3 … 10 J Q K A 2``) is what plays are named by, since suits never rank (ruling 16).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..core import IllegalAction
from ..words import Card

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS = "SHCD"
SUIT_SIGNS = "♠♥♣♦"
N_RANKS = 13
ACE = 11
TWO = 12
RANK_OF = {name: i for i, name in enumerate(RANKS)}
DECK = tuple(range(52))
NOTATION = tuple(SUITS[c % 4] + RANKS[c // 4] for c in DECK)
CARD_OF = {n: c for c, n in enumerate(NOTATION)}
SIGNED = tuple(SUIT_SIGNS[c % 4] + RANKS[c // 4] for c in DECK)


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank(c: int) -> int:
    return c // 4


SPADE3 = card(0, 0)
HEART10 = card(RANK_OF["10"], 1)

# §1 decision: the 16-card game removes ♥2 ♣2 ♦2 and ♠A; the 15-card game also ♥A ♣A and ♠K.
REMOVED_16 = (card(TWO, 1), card(TWO, 2), card(TWO, 3), card(ACE, 0))
REMOVED_15 = (*REMOVED_16, card(ACE, 1), card(ACE, 2), card(RANK_OF["K"], 0))


class CardError(IllegalAction):
    """A card set that names no cards of the deck (players pick and type card sets): a refusal in their words."""


def parse_card(text: str) -> int:
    t = text.strip().upper()
    for sign, letter in zip(SUIT_SIGNS, SUITS, strict=True):
        t = t.replace(sign, letter)
    if t in CARD_OF:
        return CARD_OF[t]
    if not text.strip():
        raise CardError("没有这张牌：（空）")
    # what was typed, shown back as it was typed: it is no card of the deck
    raise CardError("没有这张牌：{card}", card=Card(text.strip(), text.strip()))


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """``"S3 H3"`` or ``["S3", "H3"]`` (also ``♠3``); each card once."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(p) for p in parts]
    if len(set(cards)) != len(cards):
        raise CardError("同一张牌选了两次")
    return cards


def deck_for(cards_each: int, random_remove4: bool, rng: random.Random | None = None) -> list[int]:
    """The cards in play, sorted: 48 or 45 with the fixed copies removed, or (随机抽取4张, 16-card game only) 48
    with 4 random cards of the 52 removed, drawn from ``rng``."""
    if cards_each == 16 and random_remove4:
        assert rng is not None
        removed = set(rng.sample(DECK, 4))
    else:
        removed = set(REMOVED_16 if cards_each == 16 else REMOVED_15)
    return [c for c in DECK if c not in removed]


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * N_RANKS
    for c in cards:
        counts[c // 4] += 1
    return counts


def lead_card(cards: Sequence[int]) -> int:
    """The card whose holder leads the first hand: ♠3, or when it was removed the next in 黑红梅方 order, then
    the 4s and so on (§2): the lowest card dealt, since cards sort by rank then suit."""
    return min(cards)


def names(cards: Iterable[int], signed: bool = False) -> list[str]:
    table = SIGNED if signed else NOTATION
    return [table[c] for c in sorted(cards)]
