"""Parts of the channel's picture of the table every family draws alike, from ``public_view()`` only: a seat's head
(its number, 庄, how many cards it holds). Nothing here can show a hidden card: a private view's ``hand`` is never
read."""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..i18n import current_lang
from . import labels
from .cache import sprite
from .draw import GOLD, text
from .font import have_cjk

DISCARDS_SHOWN = 24  # latest discards per seat: older ones are in the text log


def seat_head(view: dict[str, Any], seat: int, *, dealer: bool = True) -> list[Image.Image]:
    """``2号 庄 · 手牌 13 张``: the seat to act in gold; ``dealer``: whether the family marks a 庄."""
    sizes = view.get("hand_sizes")
    size = sizes[seat] if (isinstance(sizes, list) and seat < len(sizes) and isinstance(sizes[seat], int)
                           and view.get("sitter") != seat) else None
    return list(_head(seat, seat in (view.get("to_act") or []), dealer and view.get("dealer") == seat, size,
                      current_lang(), have_cjk()))


@sprite
def _head(seat: int, acting: bool, marked_dealer: bool, size: int | None, lang: str,
          cjk: bool) -> tuple[Image.Image, ...]:
    """A seat head's sprites, looked up once per table picture and seat (its words go through the catalogue)."""
    parts = [text(labels.seat(seat), 22, GOLD if acting else (235, 235, 220))]
    if marked_dealer:
        parts.append(text(labels.dealer(), 20))
    if size is not None:
        parts.append(text(labels.in_hand(size), 18))
    return tuple(parts)


def per_seat(view: dict[str, Any], key: str, seat: int) -> Any:
    value = view.get(key)
    return value[seat] if isinstance(value, list) and seat < len(value) else None


def seats_of(view: dict[str, Any]) -> int:
    sizes = view.get("hand_sizes")
    return len(sizes) if isinstance(sizes, list) else 0
