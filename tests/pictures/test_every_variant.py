"""Every registered variant's hands, tables and settlements draw (seated 2, 3 or 4, 暗杠, 提, birds, 报单 ...)."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.families.mahjong import pictures as mahjong_pictures
from bot.pictures.draw import PHONE, READABLE
from bot.present import pictures
from bot.present.registry import presenter_for
from engine import ai
from engine.outcome import How
from engine.registry import all_variants


def _png(pic: pictures.Picture | None) -> Image.Image:
    assert pic is not None
    img = Image.open(io.BytesIO(pic.data))
    assert img.format == "PNG"
    return img


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.family in ("zipai", "mahjong", "paodekuai")],
                         ids=lambda v: v.id)
def test_every_position_of_a_hand_draws(variant: object) -> None:
    v = variant
    game = v.new_hand(v.validate({}), 11, 0, {})  # type: ignore[attr-defined]
    steps = 0
    while not game.finished and game.to_act() and steps < 400:
        seat = game.to_act()[0]
        if steps % 3 == 0:
            table = pictures.table_picture(game.public_view())
            assert table is not None and _png(table).width == PHONE
            layout = table.layout()  # every discard readable on a phone, and inside the picture (issue 19)
            assert all(layout.shown(b) >= READABLE and b.x + b.w <= layout.width for b in layout.tagged("discard"))
            pic = pictures.hand_picture(game.view(seat))
            if pic is not None:
                _png(pic)
        game.apply(seat, ai.choose(game, seat))
        steps += 1
    _png(pictures.table_picture(game.public_view()))
    if game.result is not None and game.result.winners:
        _png(presenter_for(v.family).result_picture(game.result, game.seats))  # type: ignore[attr-defined]


# Self-played hands of each 麻将 variant that end in a 自摸, with and without melds (a 明杠, a 暗杠, 碰, 吃).
SELF_DRAWN = [("changsha", 2), ("changsha", 20), ("changsha", 29), ("changsha", 30), ("hongzhong", 7),
              ("hongzhong", 12), ("hongzhong", 28), ("tuidaohu", 1), ("tuidaohu", 3), ("tuidaohu", 4)]


@pytest.mark.parametrize(("variant", "seed"), SELF_DRAWN)
def test_a_self_drawn_win_draws_as_the_same_hand_won_on_a_discard(variant: str, seed: int) -> None:
    """A 自摸's result holds the winning tile in the hand, a discard win's does not; the picture shows the same
    whole hand either way: 14 tiles (3 fewer per meld) in their groups, the winning tile once."""
    from tests.pictures.positions import play

    game = play(variant, seed, None)
    assert game.result is not None and game.result.outcome is not None
    outcome = game.result.outcome
    [win] = outcome.winners
    assert win.how is How.SELF_DRAW and win.card in win.hand
    assert len(win.hand) + 3 * len(win.melds) == 14
    on_discard = dataclasses.replace(outcome, winners=(dataclasses.replace(win, how=How.DISCARD,
                                                                          from_seat=(win.seat + 1) % 4),))
    drawn = mahjong_pictures.result_picture(outcome, game.seats)
    won = mahjong_pictures.result_picture(on_discard, game.seats)
    assert drawn is not None and won is not None
    assert drawn.data == won.data
    # the picture draws the engine's groups of the whole hand: 14 tiles, the winning one once
    assert sum(len(g.cards) for g in win.groups) == len(win.hand)
