"""字牌's hand and table pictures read only the view fields they draw (issue 22): what they are given is exactly what
the whole view's ``to_json()`` gives under those keys, at every step of played hands, for every seat."""

from __future__ import annotations

from typing import Any

import pytest

from bot.pictures import HAND_KEYS, TABLE_KEYS, fields_json, hand_inputs, table_inputs
from engine.registry import all_variants
from engine.selfplay import play_hand

ZIPAI = [v for v in all_variants() if v.family == "zipai"]


@pytest.mark.parametrize("variant", ZIPAI, ids=lambda v: v.id)
def test_a_zipai_pictures_inputs_are_the_views_json_under_the_keys_it_draws(variant: Any) -> None:
    checked = 0
    for seed in (1, 2, 3):
        for steps in (0, 6, 25, None):
            game = play_hand(variant.new_hand(variant.validate({}), seed, 0, {}), steps=steps)
            public = game.public_view()
            assert table_inputs(fields_json(public, TABLE_KEYS)) == table_inputs(public.to_json())
            for seat in range(len(public.hand_sizes or ())):
                private = game.view(seat)
                assert hand_inputs(fields_json(private, HAND_KEYS)) == hand_inputs(private.to_json())
                checked += 1
    assert checked >= 12
