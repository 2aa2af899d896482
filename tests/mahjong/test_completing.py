"""``Checker.completing``: the blocks one more tile of which may make a hand win — a necessary condition the game asks
once per hand before checking every other seat's discard against it, so it must never leave out a winning tile."""

from __future__ import annotations

import random

import pytest

from engine.mahjong import changsha, hongzhong, tuidaohu
from engine.mahjong.win import Checker

CASES = [("tuidaohu", tuidaohu.CHECKER, 34, (0,)), ("changsha", changsha.CHECKER, 27, (0,)),
         ("hongzhong", hongzhong.CHECKER, 27, (0, 1, 2, 3))]


@pytest.mark.parametrize(("name", "checker", "kinds", "wilds"), CASES, ids=[c[0] for c in CASES])
def test_no_winning_tile_outside_the_blocks(name: str, checker: Checker, kinds: int, wilds: tuple[int, ...]) -> None:
    rng = random.Random(name)
    wins = 0
    for _ in range(1500):
        wild = rng.choice(wilds)
        n = 13 - 3 * rng.randrange(4) - wild
        if n < 1:
            continue
        counts = [0] * 34
        pool = rng.sample(range(kinds), rng.randrange(4, 12))  # few kinds: many hands near a win
        while sum(counts) < n:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
        blocks = checker.completing(counts, wild)
        for t in range(kinds):
            if counts[t] >= 4:
                continue
            counts[t] += 1
            won = checker.is_win(counts, wild)
            counts[t] -= 1
            wins += won
            assert not won or blocks >> min(t // 9, 3) & 1, (counts, wild, t)
    assert wins > 100  # the hands reach wins often enough to mean something
