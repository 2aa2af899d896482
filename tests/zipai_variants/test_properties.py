"""Property tests over seeded self-play hands of the four 字牌 variants: 80 cards conserved at every step,
only legal actions accepted (an illegal one raises and changes nothing), replay reproduces the hand, no
public event or view names a concealed card, zero-sum where the settlement is."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.property_checks import play_checked, replay
from tests.scale import scaled

HANDS = int(os.environ.get("ZIPAI_VARIANT_PROPERTY_HANDS", scaled(800)))

# (variant, option sets cycled over the hands, zero-sum?)
CASES: list[tuple[str, list[dict[str, Any]], bool]] = [
    ("fangpaofa", [{}, {"daniao": True}], False),
    ("bopi", [{}, {"players": 3}, {"huangzhuang": "rotate"}], False),
    ("bopi", [{"scoring": "deng"}, {"scoring": "deng", "players": 3}], True),
    ("anhua", [{}, {"tun": "1xi", "zimo_fanbei": False}, {"mingwei": True, "santi_wukan": False},
               {"papo": True, "difen": 3}], True),
    ("liuhuqiang", [{}], True),
]


@pytest.mark.heavy
@pytest.mark.parametrize(("variant", "option_sets", "zero_sum"), CASES, ids=[c[0] for c in CASES])
def test_selfplay_invariants(variant: str, option_sets: list[dict[str, Any]], zero_sum: bool) -> None:
    for i in range(HANDS):
        options = option_sets[i % len(option_sets)]
        seats = 4 if variant == "liuhuqiang" or (variant == "bopi" and options.get("players", 4) == 4) else 3
        dealer = i % seats
        game = play_checked(variant, seed=10_000 + i, options=options, dealer=dealer, probe_illegal=i % 25 == 0)
        result = game.result
        if zero_sum:
            assert sum(result.deltas) == 0, "settlement is not zero-sum"
        if game.sitter is not None:
            assert sum(game.hands[game.sitter]) == 0 and not game.melds[game.sitter]
            assert all(seat != game.sitter for seat, _ in game.log)
        if i % 10 == 0:
            again = replay(variant, game.options, 10_000 + i, dealer, game.log)
            assert again.public_view() == game.public_view()
            assert [again.view(s) for s in range(game.seats)] == [game.view(s) for s in range(game.seats)]
            assert again.result.deltas == result.deltas
