"""Table pictures as a phone shows them (issue 19): scaled to 400 px wide, every discarded tile or card (a 跑得快
trick's cards) is still at least 24 px wide. The geometry is the renderer's own (``Picture.layout``, the layout the
PNG was drawn with), read from real tables of seeded hands played by the AI."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import Lang, speaking
from bot.pictures.draw import PHONE_VIEW, READABLE
from bot.present import pictures

from .positions import play

# (variant, seed, AI steps, the least discards the table shows): each family's table well into a hand
TABLES = {
    "changsha_mid_hand": ("changsha", 7, 60, 37),
    "changsha_late_wrapping": ("changsha", 7, 80, 53),  # 12 to 14 discards a seat: two rows each
    "paohuzi": ("paohuzi", 3, 40, 16),
    "paodekuai_long_trick": ("paodekuai", 9, 8, 16),  # eight pairs: the trick wraps
}


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("lang", ["zh-CN", "en"])
def test_every_discard_is_readable_on_a_phone(name: str, lang: Lang) -> None:
    variant, seed, steps, least = TABLES[name]
    game = play(variant, seed, steps)
    assert game.result is None, "a table mid-hand"
    with speaking(lang):
        picture = pictures.table_picture(game.public_view())
    assert picture is not None
    layout = picture.layout()
    drawn = Image.open(io.BytesIO(picture.data))
    assert drawn.size == (layout.width, layout.height)  # the layout is the one the PNG was drawn with
    discards = layout.tagged("discard")
    assert len(discards) >= least
    shown = min(layout.shown(b) for b in discards)
    assert shown >= READABLE, f"a discard is {shown:.1f} px wide on a {PHONE_VIEW}-px phone"
    for b in discards:  # every card inside the picture: a long row wraps instead of running off its edge
        assert b.x >= 0 and b.x + b.w <= layout.width and b.y >= 0 and b.y + b.h <= layout.height


def test_discards_wrap_into_rows_within_the_picture() -> None:
    variant, seed, steps, _ = TABLES["changsha_late_wrapping"]
    game = play(variant, seed, steps)
    picture = pictures.table_picture(game.public_view())
    assert picture is not None
    rows = {b.y for b in picture.layout().tagged("discard")}
    assert len(rows) > 4  # four seats, and at least one seat's discards on a second row

