"""The AI's discard ranking worked out for every tile at once (``ai._ranked``: the counts as one int, neighbours by
shifts) orders tiles exactly as the per-tile rule it stands for (``ai._useless``: fewer copies and neighbours first,
then terminals and 字, then the lower tile; the wildcard last), which 简单 and 困难 still read tile by tile."""

from __future__ import annotations

import random

import pytest

from engine.mahjong import ai
from engine.mahjong.tiles import HONG_ZHONG, KINDS


@pytest.mark.parametrize("wild", [None, HONG_ZHONG])
def test_the_ranking_at_once_is_the_per_tile_rule(wild: int | None) -> None:
    rng = random.Random(wild or 0)
    for _ in range(3000):
        counts = [0] * KINDS
        for t in rng.sample(range(KINDS), rng.randrange(1, 14)):
            counts[t] = rng.randint(1, 4)
        choices = [t for t in range(KINDS) if counts[t]]
        assert ai._ranked(counts, choices, wild) == sorted(choices, key=lambda t: ai._useless(counts, t, wild))
