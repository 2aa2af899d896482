"""The pictures' own PNG encoder (issue 22): band by band, a band drawn before not compressed again, and the pixels
exactly those of the golden images (not merely within the golden tests' tolerance)."""

from __future__ import annotations

import copy
import io
import os
import random
import struct
import zlib

import pytest
from PIL import Image, ImageChops

from bot.pictures import cache
from bot.pictures.encode import BANDS, adler32_combine

from .positions import GOLDEN, load, render

POSITIONS = load()


def pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def same_pixels(a: bytes, b: bytes) -> bool:
    x, y = pixels(a), pixels(b)
    return x.size == y.size and ImageChops.difference(x, y).getbbox() is None


def idat(png: bytes) -> bytes:
    """The zlib stream of a PNG, its chunks' CRCs checked."""
    pos, out = 8, b""
    while pos < len(png):
        (n,) = struct.unpack(">I", png[pos:pos + 4])
        kind, data = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", png[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + data)
        if kind == b"IDAT":
            out += data
        pos += 12 + n
    return out


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_picture_is_exactly_its_golden_image_drawn_fresh_and_from_kept_bands(name: str) -> None:
    cache.clear()
    fresh = render(POSITIONS[name])
    cache.PICTURES.clear()  # the picture drawn again: every band from the kept ones
    hits = BANDS.hits
    again = render(POSITIONS[name])
    assert BANDS.hits > hits
    golden = (GOLDEN / f"{name}.png").read_bytes()
    assert same_pixels(fresh, golden) and same_pixels(again, golden)
    img = pixels(fresh)
    assert len(zlib.decompress(idat(fresh))) == img.height * (img.width + 1)  # zlib checks the Adler-32


def test_a_table_one_discard_later_compresses_only_what_changed() -> None:
    position = POSITIONS["changsha_phone_table"]
    cache.clear()
    render(position)
    first = BANDS.misses
    later = copy.deepcopy(position)
    later["data"]["discards"][1].append("5p")  # seat 2 discards one more tile
    cache.PICTURES.clear()
    hits, misses = BANDS.hits, BANDS.misses
    png = render(later)
    assert 0 < BANDS.misses - misses < first / 3 and BANDS.hits - hits > 2 * (BANDS.misses - misses)
    cache.clear()
    assert same_pixels(png, render(later))  # the same as drawn with nothing kept


def test_adler32_combines_as_zlib_computes_it_whole() -> None:
    rng = random.Random(5)
    for _ in range(100):
        a, b = os.urandom(rng.randint(0, 4000)), os.urandom(rng.randint(0, 70000))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_the_standard_zlib_draws_the_same_pixels_where_zlib_ng_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bands are deflated by zlib-ng (a dependency); the encoder's fallback, the standard zlib, makes other bytes
    of the same pixels, and its bands and zlib-ng's join into one stream (each band ends byte-aligned)."""
    from bot.pictures import encode

    assert encode.zlib is not zlib  # zlib-ng's binding is what the bot runs
    name = "changsha_phone_table"
    golden = (GOLDEN / f"{name}.png").read_bytes()
    cache.clear()
    fast = render(POSITIONS[name])
    later = copy.deepcopy(POSITIONS[name])
    later["data"]["discards"][1].append("5p")
    monkeypatch.setattr(encode, "zlib", zlib)
    cache.PICTURES.clear()
    mixed = render(later)  # the changed bands by zlib, the others kept from zlib-ng
    cache.clear()
    plain = render(POSITIONS[name])
    assert plain != fast and same_pixels(plain, golden) and same_pixels(fast, golden)
    assert same_pixels(mixed, render(later))
    assert len(zlib.decompress(idat(mixed))) == pixels(mixed).height * (pixels(mixed).width + 1)


def test_rows_and_columns_are_what_alpha_compositing_makes_of_their_sprites() -> None:
    """Sprites are copied into a row or column (they never overlap, and over nothing a pixel stays as it is): every
    pixel with any opacity is exactly what ``alpha_composite`` makes of it, text's antialiased edges included."""
    from bot.families.mahjong.pictures import tile
    from bot.pictures.draw import back, column, highlight, row, text

    sprites = [text("1号 庄", 22), tile("5m", 34, 46), highlight(tile("1p", 34, 46)), back(40, 58), text("手牌 13 张", 18)]
    for made, gap, along in ((row(sprites, 2), 2, "x"), (column(sprites, 1), 1, "y")):
        ref = Image.new("RGBA", made.size, (0, 0, 0, 0))
        pos = 0
        for s in sprites:
            at = (pos, made.height - s.height) if along == "x" else ((made.width - s.width) // 2, pos)
            ref.alpha_composite(s, at)
            pos += (s.width if along == "x" else s.height) + gap
        mine, theirs = made.tobytes(), ref.tobytes()
        assert len(mine) == len(theirs)
        for k in range(0, len(mine), 4):
            assert mine[k + 3] == theirs[k + 3] and (mine[k + 3] == 0 or mine[k:k + 4] == theirs[k:k + 4])
