"""Settlement helpers over a Seating: zero-sum, who may pay, 包赔."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from engine.settlement import Seating, each_loser_pays, nobody_pays, one_pays, one_pays_all
from engine.variants import bopi
from engine.zipai.game import ZipaiGame
from engine.zipai.rules import Priced

# 四人 with a 数醒: seat 2 sits out while seat 0 deals.
SHUXING = Seating(4, (0, 1, 3), dealer=0, sitter=2)


def test_others_are_the_active_losers() -> None:
    assert SHUXING.others(1) == (0, 3)
    assert Seating.everyone(3).others(0) == (1, 2)


@pytest.mark.parametrize("seating", [Seating.everyone(3), Seating.everyone(4), SHUXING])
def test_each_loser_pays_is_zero_sum_and_spares_the_sitter(seating: Seating) -> None:
    for winner in seating.active:
        deltas = each_loser_pays(seating, winner, 7)
        assert sum(deltas) == 0
        assert deltas[winner] == 7 * (len(seating.active) - 1)
        assert all(deltas[s] == -7 for s in seating.others(winner))
        if seating.sitter is not None:
            assert deltas[seating.sitter] == 0


def test_baopei_one_payer_pays_every_share() -> None:
    for seating in (Seating.everyone(4), SHUXING):
        for winner, payer in itertools.permutations(seating.active, 2):
            deltas = one_pays_all(seating, winner, payer, 5)
            assert sum(deltas) == 0
            # The winner gets exactly what each loser paying his share would give him.
            assert deltas[winner] == each_loser_pays(seating, winner, 5)[winner]
            assert deltas[payer] == -deltas[winner]
            assert [d for s, d in enumerate(deltas) if s not in (winner, payer)] == [0] * (seating.seats - 2)


def test_the_sitter_or_the_winner_cannot_be_the_payer() -> None:
    with pytest.raises(ValueError):
        one_pays(SHUXING, 1, 2, 10)  # the 数醒 plays no part in the hand
    with pytest.raises(ValueError):
        one_pays_all(SHUXING, 1, 1, 10)
    assert one_pays(SHUXING, 1, 3, 10) == [0, 10, 0, -10]


def test_a_seating_must_fit_its_seats() -> None:
    with pytest.raises(ValueError):
        Seating(3, (0, 1, 3), dealer=0)
    with pytest.raises(ValueError):
        Seating(4, (0, 1, 2, 3), dealer=0, sitter=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        SHUXING.dealer = 1  # type: ignore[misc]


def test_nobody_pays() -> None:
    assert nobody_pays(SHUXING) == [0, 0, 0, 0]


def test_bopi_settles_over_a_seating_without_a_game() -> None:
    p = Priced(27, 27, {"score": 27, "units": 4})
    deng = dataclasses.replace(SHUXING, options={"scoring": "deng"})
    assert bopi.settle(deng, 1, p, "discard") == [-4, 8, 0, -4]  # 等: the 数醒 pays nothing
    hu = dataclasses.replace(SHUXING, options={"scoring": "hu"})
    assert bopi.settle(hu, 1, p, "discard") == [0, 27, 14, 0]  # 数醒 ⌈27/2⌉
    assert bopi.settle_draw(hu) == [-10, 0, 10, 0]
    assert bopi.settle_draw(dataclasses.replace(hu, sitter=None, active=(0, 1, 2, 3))) == [-10, 0, 0, 0]


def test_a_game_seating_is_a_snapshot() -> None:
    game = bopi.VARIANT.new_hand(bopi.VARIANT.validate({}), 5, 1, {})
    assert isinstance(game, ZipaiGame)
    seating = game.seating(from_seat=0)
    assert (seating.seats, seating.dealer, seating.sitter, seating.from_seat) == (4, 1, 3, 0)
    assert seating.active == tuple(game.active_seats()) and 3 not in seating.active
    game.options["scoring"] = "changed"
    assert seating.options["scoring"] != "changed"
