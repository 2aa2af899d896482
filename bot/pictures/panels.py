"""The pictures a table's panels carry, when its room option ``bot.pictures`` (图片) is on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import Picture, hand_picture, settlement_picture, table_picture

if TYPE_CHECKING:
    from engine.core import HandResult

    from ..service.table import Table


def enabled(table: Table) -> bool:
    return bool(table.bot_options.get("pictures", True))


def hand(table: Table, private: dict[str, Any]) -> Picture | None:
    return hand_picture(private) if enabled(table) else None


def table_view(table: Table, public: dict[str, Any]) -> Picture | None:
    return table_picture(public) if enabled(table) else None


def settlement(table: Table, result: HandResult) -> Picture | None:
    if not enabled(table):
        return None
    return settlement_picture(table.variant.family, result.detail, len(table.seats))
