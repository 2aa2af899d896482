"""Private hints for a seat (room option 提示), whatever the family: ``hints(game, seat)``.

A family without hints yet answers ``[]``, so the bot asks every game the same way.
"""

from __future__ import annotations

from typing import Any


def hints(game: Any, seat: int) -> list[dict[str, Any]]:
    """The seat's waiting tiles with their values (麻将, :mod:`engine.mahjong.hints`; 字牌, :mod:`engine.zipai.hints`); ``[]`` elsewhere."""
    if getattr(game, "family", None) == "mahjong":
        from .mahjong.hints import mahjong_hints

        return mahjong_hints(game, seat)
    if getattr(game, "family", None) == "zipai":
        from .zipai.hints import zipai_hints

        return zipai_hints(game, seat)
    return []
