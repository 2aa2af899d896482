"""Property tests over seeded self-play hands of 跑胡子 (foundation issue): 80 cards conserved at every
step, only legal actions accepted, zero-sum settlement, replay reproduces the final state, and no public
event or public view names a card nobody may see."""

from __future__ import annotations

import os

import pytest

from tests.property_checks import play_checked, replay
from tests.scale import scaled

HANDS = int(os.environ.get("PAOHUZI_PROPERTY_HANDS", scaled(10_000)))
CHUNKS = 20


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_selfplay_invariants(chunk: int) -> None:
    per = HANDS // CHUNKS
    for i in range(chunk * per, (chunk + 1) * per):
        options = {"mingtang": ("quan", "honghei", "duohong")[i % 3], "chongtun": i % 6}
        game = play_checked("paohuzi", seed=i, options=options, dealer=i % 3, probe_illegal=(i % 50 == 0))
        result = game.result
        assert sum(result.deltas) == 0, "settlement is not zero-sum"
        if i % 10 == 0:
            again = replay("paohuzi", game.options | {"huangfan": 0}, i, i % 3, game.log)
            assert again.public_view() == game.public_view()
            assert [again.view(s) for s in range(3)] == [game.view(s) for s in range(3)]
            assert again.result.deltas == result.deltas
