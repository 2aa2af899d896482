"""The pictures against their golden PNGs, pixel by pixel (``python -m tests.pictures.regenerate`` writes them
again after an intended change of the drawing)."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.pictures import font

from .positions import GOLDEN, load, render

# Pixels allowed to differ by more than CHANNEL (of 255) in some channel: antialiasing of another FreeType build moves a
# few edge pixels; one card drawn differently moves hundreds (test_one_card_changed_is_caught).
CHANNEL = 48
TOLERANCE = 40
POSITIONS = load()


def differing(a: bytes, b: bytes) -> int:
    """How many pixels differ visibly (every pixel, when the sizes differ)."""
    x, y = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB")
    if x.size != y.size:
        return max(x.width * x.height, y.width * y.height)
    # the largest channel difference of each pixel
    red, green, blue = ImageChops.difference(x, y).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(worst.histogram()[CHANNEL + 1:])


@pytest.fixture(autouse=True)
def shipped_font() -> Any:
    assert font.have_cjk(), "the shipped CJK subset is missing (python -m bot.pictures.subset_font)"
    yield


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_picture_matches_its_golden_image(name: str) -> None:
    golden = GOLDEN / f"{name}.png"
    assert golden.is_file(), "no golden image: python -m tests.pictures.regenerate"
    assert differing(render(POSITIONS[name]), golden.read_bytes()) <= TOLERANCE


def _one_card_changed(position: dict[str, Any]) -> dict[str, Any]:
    """The same position with one card of the hand (or of the winning hand) replaced by another."""
    changed = copy.deepcopy(position)
    data = changed["data"]
    if changed["kind"] == "hand":
        hand = data["hand"]
        small, big = "一二三四五六七八九十", "壹贰叁肆伍陆柒捌玖拾"
        if hand[0] in small + big:  # 字牌: one 三 becomes a 叁 (same rank, the other case)
            c = hand[0]
            other = big[small.index(c)] if c in small else small[big.index(c)]
            data["hand"] = other + hand[1:] if isinstance(hand, str) else [other, *hand[1:]]
        elif hand[0][0] in "♠♥♣♦":  # 跑得快: a card's suit
            hand[0] = ("♦" if hand[0][0] != "♦" else "♣") + hand[0][1:]
        else:  # 麻将: a tile's number
            hand[0] = f"{int(hand[0][0]) % 9 + 1}{hand[0][1]}"
    elif changed["kind"] == "table":
        melds = [m for seat in data.get("melds") or [] for m in seat if m.get("cards")]
        if melds:
            cards = melds[0]["cards"]
            if isinstance(cards, str):
                melds[0]["cards"] = ("二" if cards[0] != "二" else "三") + cards[1:]
            else:
                cards[0] = f"{int(cards[0][0]) % 9 + 1}{cards[0][1]}"
        else:  # 跑得快: a card of the trick
            play = next(p for p in data["trick"] if p["cards"])
            play["cards"][0] = ("♦" if play["cards"][0][0] != "♦" else "♣") + play["cards"][0][1:]
    elif any(data.get("outcome", {}).get("hands") or []):  # 跑得快: a card left in a loser's hand, in notation
        hand = next(h for h in data["outcome"]["hands"] if h)
        hand[0] = ("D" if hand[0][0] != "D" else "C") + hand[0][1:]
    else:
        data["detail"]["card"] = None  # the winning card no longer framed
        for w in data.get("outcome", {}).get("winners") or []:
            w["card"] = None
        for w in data["detail"].get("wins") or []:
            w["card"] = None
        for hand in data["detail"].get("hands") or []:
            if hand:
                hand[0] = ("♦" if hand[0][0] != "♦" else "♣") + hand[0][1:]
    return changed


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_one_card_changed_is_caught(name: str) -> None:
    golden = (GOLDEN / f"{name}.png").read_bytes()
    assert differing(render(_one_card_changed(POSITIONS[name])), golden) > TOLERANCE


def test_the_same_picture_differs_by_nothing() -> None:
    name = next(iter(POSITIONS))
    assert differing(render(POSITIONS[name]), render(POSITIONS[name])) == 0
