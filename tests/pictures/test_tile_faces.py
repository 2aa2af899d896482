"""麻将 tiles with the faces players know (issue 19): 筒 circles and 条 sticks in their numbers, 万 the numeral over
one red 萬, 红中 red; every tile's face its own, so each is its own emoji."""

from __future__ import annotations

from collections import deque
from typing import cast

import pytest
from PIL import Image

from bot.families.mahjong import faces as drawn
from bot.families.mahjong import pictures as mahjong
from bot.pictures.draw import BLUE, GREEN, RED
from bot.pictures.emoji import emoji_name


def blobs(img: Image.Image) -> int:
    """Separate marks drawn on a transparent face: 4-connected regions of mostly opaque pixels."""
    alpha = img.getchannel("A")
    w, h = img.size
    px = alpha.load()
    assert px is not None
    seen: set[tuple[int, int]] = set()
    count = 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or px[x, y] < 128:  # type: ignore[operator]
                continue
            count += 1
            todo = deque([(x, y)])
            seen.add((x, y))
            while todo:
                cx, cy = todo.popleft()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and px[nx, ny] >= 128:  # type: ignore[operator]
                        seen.add((nx, ny))
                        todo.append((nx, ny))
    return count


@pytest.mark.parametrize("n", range(2, 10))
@pytest.mark.parametrize("size", [(78, 105), (26, 33)])  # an emoji's face and a discard's on the table
def test_dots_show_their_number_of_circles(n: int, size: tuple[int, int]) -> None:
    assert blobs(drawn.dots(n, *size)) == n


def test_one_dot_is_one_wheel_of_rings() -> None:
    assert blobs(drawn.dots(1, 78, 105)) == 4  # three rings round a hub


@pytest.mark.parametrize("n", range(2, 10))
def test_bamboo_shows_its_number_of_sticks(n: int) -> None:
    assert blobs(drawn.sticks(n, 78, 105)) == 2 * n  # each stick in two joints


def rgb_pixels(img: Image.Image) -> list[tuple[int, ...]]:
    """The image's pixels in RGB (Pillow types a pixel as a tuple or, for one-band images, a number)."""
    return cast(list[tuple[int, ...]], list(img.convert("RGB").get_flattened_data()))


def inks(img: Image.Image) -> set[str]:
    found = set()
    for p in rgb_pixels(img):
        for name, ink in (("red", RED), ("green", GREEN), ("blue", BLUE)):
            if all(abs(a - b) < 30 for a, b in zip(p, ink, strict=True)):
                found.add(name)
    return found


def test_one_bamboo_is_a_bird_not_a_stick() -> None:
    bird = drawn.sticks(1, 78, 105)
    assert inks(bird) == {"red", "green", "blue"}  # red head, green body, blue tail
    assert inks(drawn.sticks(2, 78, 105)) == {"green"}


def test_every_tile_has_a_face_of_its_own() -> None:
    faces = mahjong.faces()
    assert len({emoji_name("mahjong", f) for f in faces}) == len(faces) == 34
    assert len({f.image.tobytes() for f in faces}) == 34


def reds(img: Image.Image) -> int:
    return sum(1 for p in rgb_pixels(img) if abs(p[0] - RED[0]) < 30 and p[1] < 80 and p[2] < 80)


def test_characters_are_a_numeral_over_one_red_wan() -> None:
    tiles = [mahjong.tile(f"{n}m", 96, 128) for n in range(1, 10)]
    lower = {t.crop((0, 56, 96, 120)).tobytes() for t in tiles}
    upper = {t.crop((0, 0, 96, 56)).tobytes() for t in tiles}
    assert len(lower) == 1 and len(upper) == 9  # the same 萬 under nine numerals
    assert reds(tiles[0].crop((0, 56, 96, 120))) > 300 and reds(tiles[0].crop((0, 0, 96, 56))) == 0


def test_red_dragon_is_red() -> None:
    assert reds(mahjong.tile("7z", 96, 128)) > 500
    assert reds(mahjong.tile("6z", 96, 128)) == 0  # 发 is green
