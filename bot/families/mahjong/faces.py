"""The faces of 麻将 tiles as players know them, drawn with Pillow (no font has them on every phone, and a fresh
machine has only pip): 筒 as circles in the standard arrangements, 条 as bamboo sticks (一条 a bird), 万 as the
numeral over a red 萬, 红中 a red 中 (the characters come from the shipped font subset).

Circles, sticks and the bird are drawn four times over and scaled down, so their edges are smooth at every size a
picture or an emoji uses; their inks are the pictures' own (:mod:`bot.pictures.draw`), so the palette keeps them."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from ...pictures.draw import BLUE, GREEN, RED, Colour

SUPER = 4  # drawn at four times the size, then scaled down: antialiased edges

Spot = tuple[float, float, Colour]  # a circle or a stick: its centre as a fraction of the face, its ink

# 筒: the circles of each number, where the standard tiles have them (fractions of the face: x, y) and their ink
DOTS: dict[int, Sequence[Spot]] = {
    2: ((0.5, 0.22, GREEN), (0.5, 0.78, BLUE)),
    3: ((0.22, 0.2, BLUE), (0.5, 0.5, RED), (0.78, 0.8, GREEN)),
    4: ((0.27, 0.27, BLUE), (0.73, 0.27, GREEN), (0.27, 0.73, GREEN), (0.73, 0.73, BLUE)),
    5: ((0.24, 0.2, BLUE), (0.76, 0.2, GREEN), (0.5, 0.5, RED), (0.24, 0.8, GREEN), (0.76, 0.8, BLUE)),
    6: ((0.27, 0.15, GREEN), (0.73, 0.15, GREEN), (0.27, 0.5, RED), (0.73, 0.5, RED), (0.27, 0.84, RED),
        (0.73, 0.84, RED)),
    7: ((0.2, 0.11, GREEN), (0.5, 0.2, GREEN), (0.8, 0.29, GREEN), (0.27, 0.56, RED), (0.73, 0.56, RED),
        (0.27, 0.87, RED), (0.73, 0.87, RED)),
    8: tuple((x, y, BLUE) for y in (0.12, 0.37, 0.63, 0.88) for x in (0.27, 0.73)),
    9: tuple((x, y, ink) for y, ink in ((0.16, BLUE), (0.5, RED), (0.84, GREEN)) for x in (0.18, 0.5, 0.82)),
}
DOT_RADIUS = {2: 0.2, 3: 0.16, 4: 0.2, 5: 0.16, 6: 0.15, 7: 0.13, 8: 0.13, 9: 0.13}  # of the face's width

# 条: the sticks of each number (centre x, y) and their ink; a stick is as tall as a row of its tile allows
STICKS: dict[int, Sequence[Spot]] = {
    2: ((0.5, 0.26, GREEN), (0.5, 0.74, GREEN)),
    3: ((0.5, 0.26, GREEN), (0.27, 0.74, GREEN), (0.73, 0.74, GREEN)),
    4: ((0.27, 0.26, GREEN), (0.73, 0.26, GREEN), (0.27, 0.74, GREEN), (0.73, 0.74, GREEN)),
    5: ((0.2, 0.26, GREEN), (0.8, 0.26, GREEN), (0.5, 0.5, RED), (0.2, 0.74, GREEN), (0.8, 0.74, GREEN)),
    6: tuple((x, y, GREEN) for y in (0.26, 0.74) for x in (0.2, 0.5, 0.8)),
    7: ((0.5, 0.17, RED), *((x, y, GREEN) for y in (0.5, 0.83) for x in (0.2, 0.5, 0.8))),
    8: tuple((x, y, GREEN) for y in (0.26, 0.74) for x in (0.14, 0.38, 0.62, 0.86)),
    9: tuple((x, y, RED if x == 0.5 else GREEN) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)),
}
STICK_ROWS = {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 3}
STICK_WIDTH = {2: 0.2, 3: 0.17, 4: 0.17, 5: 0.15, 6: 0.15, 7: 0.15, 8: 0.13, 9: 0.15}  # of the face's width


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _down(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def dots(n: int, w: int, h: int) -> Image.Image:
    """筒: ``n`` circles on a face ``w`` × ``h``, each a ring round a centre (一筒 one great wheel)."""
    img, d = _canvas(w, h)
    W, H = w * SUPER, h * SUPER
    if n == 1:
        r = min(W, H) * 0.46
        cx, cy = W / 2, H / 2
        for k, ink in enumerate((GREEN, BLUE, RED)):
            rr = r * (1 - 0.3 * k)
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=ink)
            inner = rr * 0.82
            d.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=(0, 0, 0, 0))
        hub = r * 0.16
        d.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=RED)
        return _down(img, w, h)
    r = W * DOT_RADIUS[n]
    for fx, fy, ink in DOTS[n]:
        cx, cy = fx * W, fy * H
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
        inner = r * 0.45
        d.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=(255, 255, 255, 0))
    return _down(img, w, h)


def sticks(n: int, w: int, h: int) -> Image.Image:
    """条: ``n`` bamboo sticks, each with a joint across its middle (一条: :func:`bird`)."""
    if n == 1:
        return bird(w, h)
    img, d = _canvas(w, h)
    W, H = w * SUPER, h * SUPER
    sw = W * STICK_WIDTH[n]
    sh = H / STICK_ROWS[n] * 0.86
    for fx, fy, ink in STICKS[n]:
        cx, cy = fx * W, fy * H
        box = (cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2)
        d.rounded_rectangle(box, radius=sw / 2.5, fill=ink)
        joint = max(1.0, sh * 0.07)
        d.rectangle((box[0], cy - joint / 2, box[2], cy + joint / 2), fill=(0, 0, 0, 0))
    return _down(img, w, h)


def bird(w: int, h: int) -> Image.Image:
    """一条: a bird standing (the traditional 幺鸡), simplified: green body and wing, red head, blue tail."""
    img, d = _canvas(w, h)
    W, H = w * SUPER, h * SUPER
    d.polygon(((W * 0.42, H * 0.55), (W * 0.02, H * 0.3), (W * 0.12, H * 0.62)), fill=BLUE)  # tail
    d.ellipse((W * 0.2, H * 0.35, W * 0.8, H * 0.78), fill=GREEN)  # body
    d.ellipse((W * 0.36, H * 0.45, W * 0.66, H * 0.66), fill=(0, 0, 0, 0))  # the wing's outline
    d.pieslice((W * 0.36, H * 0.45, W * 0.66, H * 0.66), 20, 200, fill=GREEN)
    d.ellipse((W * 0.58, H * 0.1, W * 0.92, H * 0.36), fill=RED)  # head
    d.polygon(((W * 0.9, H * 0.2), (W * 1.0, H * 0.26), (W * 0.88, H * 0.3)), fill=RED)  # beak
    d.rectangle((W * 0.42, H * 0.77, W * 0.48, H * 0.97), fill=RED)  # legs
    d.rectangle((W * 0.56, H * 0.77, W * 0.62, H * 0.97), fill=RED)
    return _down(img, w, h)
