"""What repeats between pictures is drawn once: card sprites per (card, size, colour), text labels, and whole
pictures per digest of what they draw (a DM edited on another seat's move draws nothing new)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
_SPRITE_CACHES: list[Any] = []
SPRITES = 4096  # sprites kept per kind: every card and tile of every family at every size is a few hundred


def sprite(fn: F) -> F:
    """An LRU cache for a sprite-drawing function, dropped with the font (``clear``)."""
    cached = lru_cache(maxsize=SPRITES)(fn)
    _SPRITE_CACHES.append(cached)
    return cached  # type: ignore[return-value]


class Pictures:
    """PNG bytes per digest of a picture's inputs, the latest ``limit`` kept."""

    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        self._png: OrderedDict[str, bytes] = OrderedDict()
        self.drawn = 0  # pictures actually rendered (the rest came from here)

    def get(self, digest: str, draw: Callable[[], bytes]) -> bytes:
        png = self._png.get(digest)
        if png is not None:
            self._png.move_to_end(digest)
            return png
        png = draw()
        self.drawn += 1
        self._png[digest] = png
        if len(self._png) > self.limit:
            self._png.popitem(last=False)
        return png

    def clear(self) -> None:
        self._png.clear()


PICTURES = Pictures()


def clear() -> None:
    from .encode import BANDS  # the bands name sprites by id: they go with the sprites

    for c in _SPRITE_CACHES:
        c.cache_clear()
    PICTURES.clear()
    BANDS.clear()
