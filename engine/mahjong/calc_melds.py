"""One calculator meld's tiles, read and checked the same way for every mahjong variant that takes them in this
form (推倒胡, 长沙): its ``cards`` or a single ``card``, the size of its kind, a 吃 three in a row of one suit, a 碰 or
杠 identical tiles. Each variant reads the tiles themselves (``one`` / ``many``: which tiles its set has)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import InvalidInput
from .tiles import HONOUR_BASE


def meld_tiles(raw: dict[str, Any], what: str, kind: str, one: Callable[[Any, str], int],
               many: Callable[[Any, str], list[int]]) -> list[int]:
    size = 4 if kind in ("gang", "angang") else 3
    if "cards" in raw and "card" in raw:
        raise InvalidInput(f"{what}: give cards or card, not both")
    if "card" in raw:
        if kind == "chi":
            raise InvalidInput(f"{what}: a chi needs its three cards")
        tiles = [one(raw["card"], what)] * size
    elif "cards" in raw:
        tiles = sorted(many(raw["cards"], what))
    else:
        raise InvalidInput(f"{what}: missing cards")
    if len(tiles) != size:
        raise InvalidInput(f"{what}: a {kind} has {size} tiles, not {len(tiles)}")
    if kind == "chi":
        t = tiles[0]
        if t >= HONOUR_BASE or t % 9 > 6 or tiles != [t, t + 1, t + 2]:
            raise InvalidInput(f"{what}: a chi is three consecutive tiles of one suit")
    elif len(set(tiles)) != 1:
        raise InvalidInput(f"{what}: a {kind} is {size} identical tiles")
    return tiles
