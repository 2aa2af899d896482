"""Calculator input read the same way by the mahjong variants: one tile (a string naming exactly one tile, of the
variant's set), a hand (a list of tiles or one compact string), and one meld's tiles (its ``cards`` or a single
``card``, the size of its kind, a 吃 three in a row of one suit, a 碰 or 杠 identical tiles). The messages are the
contract's (``docs/calculator.md``); the bot's /calc translates them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import InvalidInput
from ..options import shown_value
from .tiles import HONOUR_BASE, TileError, parse, tile_id

Refusal = Callable[[int], "str | None"]  # why a tile is not in the variant's set (None: it is)


def read_tile(value: Any, what: str, refuse: Refusal | None = None) -> int:
    if not isinstance(value, str):
        raise InvalidInput(f"{what}: a tile must be a string, not {shown_value(value)}")
    try:
        tid = tile_id(value)
    except TileError:
        raise InvalidInput(f"{what}: {shown_value(value)} is not one mahjong tile") from None
    why = refuse(tid) if refuse is not None else None
    if why:
        raise InvalidInput(f"{what}: {shown_value(value)} {why}")
    return tid


def read_tiles(value: Any, what: str, refuse: Refusal | None, notation: str) -> list[int]:
    """A list of one-tile strings, or one compact string ("123m77z"); ``notation`` names the set's tiles in the
    message for a string that is not mahjong notation."""
    if isinstance(value, str):
        try:
            names = parse(value)
        except TileError:
            raise InvalidInput(f"{what}: {shown_value(value)} is not mahjong notation ({notation})") from None
        return [read_tile(t, what, refuse) for t in names]
    if isinstance(value, list):
        return [read_tile(t, what, refuse) for t in value]
    raise InvalidInput(f"{what} must be a list of tiles or a string of tiles, not {shown_value(value)}")


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
