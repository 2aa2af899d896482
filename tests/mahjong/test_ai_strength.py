"""The mahjong baseline AI plays like a sensible beginner: seated beside a random player it wins far more often.

Seeded, so the figures are exact for this code; the assertion asks only for a clear margin (the note quotes the
1,000-hand run of ``python -m engine selfplay --variant … --hands 1000 --random-seats 1``)."""

from __future__ import annotations

import pytest

from engine.selfplay import selfplay


@pytest.mark.parametrize("variant", ["hongzhong", "tuidaohu"])
def test_baseline_wins_clearly_more_than_a_random_player(variant: str) -> None:
    out = selfplay(variant, hands=240, seed=4, random_seats=1)["versus_random"]
    assert out["ai_wins"] > 100
    # per seat-hand, the AI wins at least five times as often as the random player beside it
    assert out["ai_wins_per_seat_hand"] >= 5 * out["random_wins_per_seat_hand"], out


def test_random_seats_rotate_and_are_counted() -> None:
    out = selfplay("hongzhong", hands=8, seed=1, random_seats=3)
    v = out["versus_random"]
    assert v["ai_wins"] + v["random_wins"] == out["wins"]
    assert v["random_seats"] == 3
