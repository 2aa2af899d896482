"""Every registered variant's hands, tables and settlements draw (seated 2, 3 or 4, 暗杠, 提, birds, 报单 ...)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import pictures
from engine import ai
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
            assert _png(pictures.table_picture(game.public_view())).width == 760
            pic = pictures.hand_picture(game.view(seat))
            if pic is not None:
                _png(pic)
        game.apply(seat, ai.choose(game, seat))
        steps += 1
    _png(pictures.table_picture(game.public_view()))
    if game.result is not None and game.result.winners:
        seats = len(game.public_view()["hand_sizes"])
        _png(pictures.settlement_picture(v.family, game.result.detail, seats))  # type: ignore[attr-defined]
