"""Drawing primitives shared by every family: text and card-back sprites, rows and columns of sprites, and a
flow layout that wraps to the picture's width and encodes the PNG."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from PIL import Image, ImageDraw

from . import encode
from .cache import sprite
from .font import font

Colour = tuple[int, int, int]
Parts = tuple[tuple[int, int, int, int], ...]  # cards inside one sprite: (x, y, w, h) each, relative to it
BG: Colour = (28, 92, 60)  # the felt
INK: Colour = (25, 25, 25)
RED: Colour = (200, 30, 30)
BLUE: Colour = (25, 70, 170)
GREEN: Colour = (20, 120, 50)
WHITE: Colour = (245, 245, 240)
LABEL: Colour = (235, 235, 220)
GOLD: Colour = (240, 190, 40)
MUTED: Colour = (170, 200, 180)
WIDTH = 760  # px: a phone shows it full width, each card still a finger wide
PHONE = 480  # px: a table's picture, narrower, so its discards stay readable at a phone's width
PHONE_VIEW = 400  # px: the width a phone shows a picture at
READABLE = 24  # px: the least width of a discarded card or tile at PHONE_VIEW (issue 19)


@sprite
def text(value: str, size: int, colour: Colour = LABEL) -> Image.Image:
    """A line of text on a transparent sprite, as tall as the font's line."""
    f = font(size)
    left, top, right, bottom = f.getbbox(value or " ")
    ascent, descent = f.getmetrics() if hasattr(f, "getmetrics") else (size, 0)
    img = Image.new("RGBA", (max(1, int(right - min(0, left)) + 2), max(1, ascent + descent)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-min(0, left), 0), value, font=f, fill=colour)
    return img


def card_base(w: int, h: int, face: Colour, edge: Colour = (120, 120, 110), radius: int = 6) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=face, outline=edge, width=2)
    return img


def centred(img: Image.Image, label: Image.Image, y: int | None = None) -> None:
    x = (img.width - label.width) // 2
    img.alpha_composite(label, (max(0, x), (img.height - label.height) // 2 if y is None else y))


@sprite
def back(w: int, h: int) -> Image.Image:
    """A face-down card or tile: the same for every card, so it tells nothing."""
    img = card_base(w, h, (40, 70, 140), (220, 220, 230))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((5, 5, w - 6, h - 6), radius=4, outline=(150, 170, 220), width=2)
    return img


def highlight(img: Image.Image) -> Image.Image:
    """A card marked (the winning card, the drawn tile): a gold frame around it, kept on the sprite (a cached
    card's frame is drawn once, and is the same sprite each time: its picture's band is kept, see ``encode``)."""
    done: Image.Image | None = getattr(img, "_highlighted", None)
    if done is None:
        done = Image.new("RGBA", (img.width + 6, img.height + 6), (0, 0, 0, 0))
        ImageDraw.Draw(done).rounded_rectangle((0, 0, done.width - 1, done.height - 1), radius=8, fill=GOLD)
        done.alpha_composite(img, (3, 3))
        img._highlighted = done  # type: ignore[attr-defined]
    return done


def row(images: list[Image.Image], gap: int = 3) -> Image.Image:
    """Sprites side by side, aligned at the bottom."""
    return row_parts(images, gap)[0]


def row_parts(images: list[Image.Image], gap: int = 3) -> tuple[Image.Image, Parts]:
    """:func:`row`, with where each sprite landed in it."""
    parts: list[tuple[int, int, int, int]] = []
    if not images:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0)), ()
    w = sum(i.width for i in images) + gap * (len(images) - 1)
    h = max(i.height for i in images)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    x = 0
    for i in images:
        _place(out, i, x, h - i.height)
        parts.append((x, h - i.height, i.width, i.height))
        x += i.width + gap
    return out, tuple(parts)


def _place(out: Image.Image, img: Image.Image, x: int, y: int) -> None:
    """``img`` onto the transparent, untouched part of ``out`` at (x, y): what ``alpha_composite`` gives there
    (over nothing, a pixel stays as it is), copied by Pillow's core paste without the crop, blend and paste back
    that ``alpha_composite`` makes of every sprite (half a settlement picture's drawing)."""
    img.load()
    if img.mode != "RGBA":
        img = img.convert("RGBA")
    out.im.paste(img.im, (x, y, x + img.width, y + img.height))


def column(images: list[Image.Image], gap: int = 2) -> Image.Image:
    """Sprites one above the other, centred."""
    if not images:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0))
    w = max(i.width for i in images)
    h = sum(i.height for i in images) + gap * (len(images) - 1)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    y = 0
    for i in images:
        _place(out, i, (w - i.width) // 2, y)
        y += i.height + gap
    return out


@sprite
def rule(width: int) -> Image.Image:
    return Image.new("RGBA", (width, 2), (*MUTED, 120))


@dataclass(frozen=True)
class Box:
    """Where one card or tile of a picture landed (px, on the picture as drawn): what a test or a reader of the
    layout checks, e.g. that a discard stays readable once a phone scales the picture down."""

    tag: str
    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class Layout:
    """The geometry a picture was drawn with: its size and the boxes of the cards it tagged."""

    width: int
    height: int
    boxes: tuple[Box, ...]

    def tagged(self, tag: str) -> list[Box]:
        return [b for b in self.boxes if b.tag == tag]

    def shown(self, box: Box, width: int = PHONE_VIEW) -> float:
        """The box's width once the whole picture is scaled to ``width`` px wide, as a phone shows it."""
        return box.w * width / self.width


class _Item:
    """One sprite of a flow (a plain class with slots: a table picture adds a hundred or more)."""

    __slots__ = ("img", "tag", "parts", "gap", "w", "h", "x", "y")

    def __init__(self, img: Image.Image, tag: str | None = None, parts: Parts | None = None,
                 gap: int | None = None) -> None:
        self.img, self.tag = img, tag
        self.parts = parts  # None: the sprite is one card (when tagged)
        self.gap = gap  # px before the next sprite (None: the flow's gap)
        self.w, self.h = img.size  # read once: laying out reads it for every sprite many times
        self.x = self.y = 0  # where it lands, set by laying out (an item is in one flow, at one place)


@dataclass
class Flow:
    """Sprites placed left to right, wrapping at ``width``; ``newline`` starts a line, ``space`` a gap. A sprite
    added with a ``tag`` is a card whose box the :meth:`layout` reports (``parts``: the cards inside it)."""

    width: int = WIDTH
    margin: int = 12
    gap: int = 10
    line_gap: int = 8
    lines: list[list[_Item | int]] = field(default_factory=lambda: [[]])

    def add(self, img: Image.Image, tag: str | None = None, parts: Parts | None = None,
            gap: int | None = None) -> Flow:
        self.lines[-1].append(_Item(img, tag, parts, gap))
        return self

    def add_row(self, images: list[Image.Image], gap: int) -> Flow:
        """Sprites side by side ``gap`` apart, as :func:`row` lays them (the same pixels where they share a
        height), each its own sprite: nothing composed, and each mapped and kept once."""
        for k, img in enumerate(images):
            self.add(img, gap=gap if k + 1 < len(images) else None)
        return self

    def space(self, px: int) -> Flow:
        self.lines[-1].append(px)
        return self

    def newline(self) -> Flow:
        if self.lines[-1]:
            self.lines.append([])
        return self

    def rule(self) -> Flow:
        """A thin line across the picture between seats."""
        self.newline()
        self.lines[-1].append(_Item(rule(self.width - 2 * self.margin)))
        return self.newline()

    def _placed(self) -> tuple[list[_Item], int, list[tuple[int, int]]]:
        """Each sprite, placed (its ``x`` and ``y`` set), the picture's height, and its bands: (top, index of the
        first sprite) of each line as placed (a wrapped line is two), which :mod:`.encode` compresses one by one."""
        placed: list[_Item] = []
        bands: list[tuple[int, int]] = []
        y = self.margin
        margin, gap, limit = self.margin, self.gap, self.width - self.margin
        for line in self.lines:
            if not line:
                continue
            x, height, start = margin, 0, len(placed)
            for item in line:
                if isinstance(item, int):
                    x += item
                    continue
                if x > margin and x + item.w > limit:  # wrap: the line so far is done
                    bands.append((y, start))
                    y = self._settle(placed, start, y, height)
                    x, height, start = margin + 16, 0, len(placed)
                item.x = x
                placed.append(item)
                if item.h > height:
                    height = item.h
                x += item.w + (gap if item.gap is None else item.gap)
            bands.append((y, start))
            y = self._settle(placed, start, y, height)
        return placed, y + self.margin - self.line_gap, bands

    def _settle(self, placed: list[_Item], start: int, y: int, height: int) -> int:
        for k in range(start, len(placed)):  # centred on the line: a label beside a column of cards sits at its middle
            item = placed[k]
            item.y = y + (height - item.h) // 2
        return y + height + self.line_gap

    def layout(self) -> Layout:
        placed, height, _ = self._placed()
        boxes: list[Box] = []
        for item in placed:
            if item.tag is None:
                continue
            for px, py, pw, ph in item.parts or ((0, 0, item.w, item.h),):
                boxes.append(Box(item.tag, item.x + px, item.y + py, pw, ph))
        return Layout(self.width, max(height, 2 * self.margin), tuple(boxes))

    def png(self) -> bytes:
        placed, height, lines = self._placed()
        height = max(height, 2 * self.margin)
        # each line a band, keyed by the sprites it holds and where (ids of the sprites, kept alive by the band
        # while it is kept): a band drawn before is neither drawn nor compressed again, nor its sprites mapped
        top = lines[0][0] if lines else height
        bands: list[tuple[int, Hashable | None, Callable[[], Image.Image], Any]] = [
            (top, (), partial(self._band, [], top), ())]
        for n, (top, first) in enumerate(lines):
            bottom, last = lines[n + 1] if n + 1 < len(lines) else (height, len(placed))
            line = placed[first:last]
            key = tuple([v for item in line for v in (id(item.img), item.x, item.y - top)])  # flat: hashed per lookup
            bands.append((bottom - top, key, partial(self._line, line, top, bottom - top),
                          [item.img for item in line]))
        return encode.png(self.width, PALETTE_BYTES, bands)

    def _line(self, line: list[_Item], top: int, rows: int) -> Image.Image:
        """A line's band, drawn only when it was not kept. One fixed palette for every picture: the encoder
        handles a byte a pixel in a third of the time of RGB, and a sprite mapped onto it once (on the felt every
        sprite sits on) is pasted as it is, no blending."""
        return self._band([(on_felt(item.img), item.x, item.y - top, item.w, item.h) for item in line], rows)

    def _band(self, sprites: list[tuple[Image.Image, int, int, int, int]], rows: int) -> Image.Image:
        """The band as :func:`encode.png` takes it: one column more on the left, index 0 (PNG's filter byte), so
        every sprite lands one to the right and is clipped at the same right edge as on the picture."""
        band = Image.new("P", (self.width + 1, rows), 0)
        core = band.im
        for img, x, y, w, h in sprites:  # on the felt, a sprite keeps its size
            # Pillow's core paste, without ``Image.paste``'s checks (same mode, loaded, a 4-item box): thousands
            # of sprites a second; x ≥ the margin, so nothing reaches into the filter column
            core.paste(img.im, (x + 1, y, x + 1 + w, y + h))
        return band


def on_felt(img: Image.Image) -> Image.Image:
    """The sprite laid on the felt and mapped onto the palette, kept on the sprite itself (cached sprites: for
    as long as the cache keeps them)."""
    done: Image.Image | None = getattr(img, "_on_felt", None)
    if done is None:
        flat = Image.new("RGB", img.size, BG)
        flat.paste(img, (0, 0), img)
        done = flat.quantize(palette=palette(), dither=Image.Dither.NONE)
        img._on_felt = done  # type: ignore[attr-defined]
    return done


FACES: tuple[Colour, ...] = ((250, 250, 244), (246, 226, 180), (250, 248, 236), (252, 252, 250))
INKS: tuple[Colour, ...] = (INK, RED, BLUE, GREEN)
ON_FELT: tuple[Colour, ...] = (LABEL, GOLD, MUTED, (255, 120, 120), (120, 120, 110), (90, 140, 100), (60, 150, 90),
                               (40, 70, 140), *FACES)
BACK: Colour = (40, 70, 140)
ON_BACK: tuple[Colour, ...] = ((220, 220, 230), (150, 170, 220))
STEPS = 6  # blends between a colour and what it is drawn on (antialiased edges of text and cards)


def blend(fg: Colour, bg: Colour, t: float) -> Colour:
    return (round(fg[0] * t + bg[0] * (1 - t)), round(fg[1] * t + bg[1] * (1 - t)), round(fg[2] * t + bg[2] * (1 - t)))


@cache
def palette() -> Image.Image:
    """The fixed palette every picture is mapped onto: each colour drawn, and the blends of each ink with the
    face or felt it is drawn on (so antialiasing survives), deterministic for golden images."""
    pairs = [(i, f) for f in FACES for i in INKS] + [(c, BG) for c in ON_FELT] + [(c, BACK) for c in ON_BACK]
    pairs += [((120, 120, 110), f) for f in FACES] + [((90, 140, 100), (250, 248, 236)), (GOLD, FACES[0])]
    colours: list[Colour] = [BG, WHITE, BACK, *INKS, *FACES, *ON_FELT, *ON_BACK]
    for fg, bg in pairs:
        for k in range(1, STEPS + 1):
            colours.append(blend(fg, bg, k / (STEPS + 1)))
    unique = list(dict.fromkeys(colours))[:256]
    flat = [v for c in unique for v in c] + [0] * 3 * (256 - len(unique))
    img = Image.new("P", (1, 1))
    img.putpalette(flat)
    return img


PALETTE_BYTES = bytes(palette().getpalette() or [])
