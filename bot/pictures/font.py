"""The pictures' font: the CJK subset the repo ships (``fonts/``, OFL 1.1), or Pillow's own font when it is missing.

The subset holds only the characters the pictures draw (``subset_font.py`` rebuilds it). Without it the pictures
stay readable in ASCII: cards as their notation (``5m``, ``S10``, ``x3``/``D3`` for 小三/大叁) and labels in English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
FONT_PATH = FONT_DIR / "HunanTablesCJK-Bold.otf"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_path: Path | None = FONT_PATH


def use_font(path: Path | None) -> None:
    """Draw with the font at ``path`` (None, or a missing file: Pillow's default); every cache built on the
    old font is dropped."""
    global _path
    _path = path
    _clear()


def _clear() -> None:
    from . import cache as sprite_cache

    font.cache_clear()
    have_cjk.cache_clear()
    sprite_cache.clear()


@cache
def have_cjk() -> bool:
    """Whether the shipped subset is there (else cards and labels fall back to ASCII)."""
    return _path is not None and _path.is_file()


@cache
def font(size: int) -> Font:
    if have_cjk():
        assert _path is not None
        return ImageFont.truetype(str(_path), size)
    return ImageFont.load_default(size)
