"""Private hints for a seat (room option 提示), whatever the family: ``hints(game, seat)``.

A family without hints yet answers ``[]``, so the bot asks every game the same way.
"""

from __future__ import annotations

from typing import Any


def hints(game: Any, seat: int) -> list[dict[str, Any]]:
    """The seat's waiting tiles with their values (麻将, :mod:`engine.mahjong.hints`; 字牌, :mod:`engine.zipai.hints`);
    跑得快: the card counter (记牌器, :mod:`engine.paodekuai.hints`)."""
    if getattr(game, "family", None) == "mahjong":
        from .mahjong.hints import mahjong_hints

        return mahjong_hints(game, seat)
    if getattr(game, "family", None) == "zipai":
        from .zipai.hints import zipai_hints

        return zipai_hints(game, seat)
    if getattr(game, "family", None) == "paodekuai":
        from .paodekuai.hints import paodekuai_hints

        return paodekuai_hints(game, seat)
    return []
