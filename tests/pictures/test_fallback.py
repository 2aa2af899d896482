"""Without the shipped font the pictures fall back to Pillow's own, in ASCII: cards by notation, labels in English."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import cast

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from PIL import Image

from bot.families.mahjong import pictures as mahjong
from bot.families.paodekuai import pictures as paodekuai
from bot.families.zipai import pictures as zipai
from bot.i18n import speaking
from bot.pictures import font, labels
from bot.present import pictures
from bot.present.contract import View

from .positions import load, render


@pytest.fixture
def no_font() -> Iterator[None]:
    font.use_font(font.FONT_DIR / "missing.otf")
    try:
        yield
    finally:
        font.use_font(font.FONT_PATH)


def test_labels_and_cards_fall_back_to_ascii(no_font: None) -> None:
    assert not font.have_cjk()
    with speaking("zh-CN"):
        assert labels.seat(0) == "Seat 1"
        assert labels.kind("peng") == "Pong"
        assert labels.wall(12) == "Wall 12"
    assert (zipai.ascii_face("三"), zipai.ascii_face("叁")) == ("x3", "D3")  # 小 and 大 still apart


@pytest.mark.parametrize("name", sorted(load()))
def test_every_picture_still_draws(no_font: None, name: str) -> None:
    img = Image.open(io.BytesIO(render(load()[name])))
    assert img.format == "PNG" and img.width > 100 and img.height > 20


def test_fallback_cards_are_told_apart(no_font: None) -> None:
    def png(card: Image.Image) -> bytes:
        buf = io.BytesIO()
        card.save(buf, "PNG")
        return buf.getvalue()
    assert png(zipai.card("三", 58)) != png(zipai.card("叁", 58))
    assert png(mahjong.tile("5m", 48, 66)) != png(mahjong.tile("5p", 48, 66))
    assert png(paodekuai.card("♠3", 50, 72)) != png(paodekuai.card("♥3", 50, 72))
    # a minimal view as a dict: the presenters read a view's fields through viewing.seen, which takes either
    a = pictures.hand_picture(cast(View, {"family": "mahjong", "hand": ["1m", "2m"], "seat": 0, "melds": [[]]}))
    b = pictures.hand_picture(cast(View, {"family": "mahjong", "hand": ["1m", "3m"], "seat": 0, "melds": [[]]}))
    assert a is not None and b is not None and a.data != b.data


def test_the_shipped_subset_covers_every_label_in_every_language() -> None:
    cmap = TTFont(str(font.FONT_PATH))["cmap"].getBestCmap()
    missing = sorted(c for c in pictures.charset() if ord(c) not in cmap and not c.isspace())
    assert missing == [], "new label characters: python -m bot.pictures.subset_font"
