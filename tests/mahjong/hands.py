"""Seeded random hands for the win-checker tests and benchmark, biased toward near-wins.

Half of them are built as winning shapes (groups + 将, or 七对 / 十三幺 when no meld is down), with ``wild`` of their
tiles turned into wildcards, then perturbed half the time (one real tile swapped for a random one); the other half
are random tiles. Real tiles respect four copies per kind; wildcards are counted apart.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.mahjong.tiles import KINDS, YAOJIU


@dataclass(frozen=True)
class Hand:
    counts: tuple[int, ...]
    wild: int

    @property
    def tiles(self) -> list[int]:
        return [t for t in range(KINDS) for _ in range(self.counts[t])]


def _shape(rng: random.Random, size: int, universe: list[int]) -> list[int]:
    groups = (size - 2) // 3
    roll = rng.random()
    if size == 14 and roll < 0.1:
        pairs = [rng.choice(universe) for _ in range(7)]
        return [t for t in pairs for _ in range(2)]
    if size == 14 and roll < 0.15 and 27 in universe:
        return list(YAOJIU) + [rng.choice(YAOJIU)]
    out: list[int] = []
    suited = [t for t in universe if t < 27]
    for _ in range(groups):
        if rng.random() < 0.55:
            first = rng.choice([t for t in suited if t % 9 <= 6])
            out += [first, first + 1, first + 2]
        else:
            out += [rng.choice(universe)] * 3
    out += [rng.choice(universe)] * 2
    return out


def random_hand(rng: random.Random, wild: int, universe: list[int], *, size: int | None = None) -> Hand:
    """A hand of ``size`` tiles (default: 14 − 3k, k melds) of which ``wild`` are wildcards."""
    while True:
        if size is None:
            options = [s for s in (14, 14, 14, 11, 8, 5, 2) if s >= wild]
            n = rng.choice(options)
        else:
            n = size
        if rng.random() < 0.5:
            tiles = _shape(rng, n, universe)
            rng.shuffle(tiles)
            tiles = tiles[wild:]
            if tiles and rng.random() < 0.5:
                tiles[rng.randrange(len(tiles))] = rng.choice(universe)
        else:
            tiles = [rng.choice(universe) for _ in range(n - wild)]
        counts = [0] * KINDS
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            return Hand(tuple(counts), wild)


def drop_one(rng: random.Random, hand: Hand) -> Hand:
    """The hand less one tile (a real one if any, else a wildcard): a 13 − 3k hand for 听牌 checks."""
    counts = list(hand.counts)
    real = hand.tiles
    if real:
        counts[rng.choice(real)] -= 1
        return Hand(tuple(counts), hand.wild)
    return Hand(tuple(counts), hand.wild - 1)
