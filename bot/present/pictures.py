"""The pictures a table's messages carry when its room option ``bot.pictures`` (图片) is on, each drawn by the table's
family: the seat's hand from its ``view(seat)`` (only with room option 手牌图: the DM panel writes the whole hand), the
table from ``public_view()``, the settled hand from its result.
The message text stays complete either way (screen readers, the option off)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.registry import get_variant

from ..pictures import labels
from .registry import presenter_for, presenter_of, presenters
from .viewing import seen

if TYPE_CHECKING:
    from engine.core import HandResult

    from ..pictures import Picture
    from ..service.table import Table
    from .contract import View


def enabled(table: Table) -> bool:
    return bool(table.bot_options.get("pictures", True))


def hand_enabled(table: Table) -> bool:
    """Whether the DM panel carries the hand's picture: room option 手牌图, off unless asked for (the panel's text
    and emoji buttons show the whole hand), and never with 图片 off."""
    return enabled(table) and bool(table.bot_options.get("hand_picture", False))


def hand(table: Table, private: View) -> Picture | None:
    return presenter_of(table).hand_picture(private) if hand_enabled(table) else None


def board(table: Table, public: View) -> Picture | None:
    return presenter_of(table).table_picture(public) if enabled(table) else None


def settlement(table: Table, result: HandResult) -> Picture | None:
    if not enabled(table):
        return None
    return presenter_of(table).result_picture(result, len(table.seats))


def family_of(view: View) -> str:
    """The family whose view this is (its own ``family`` key, else its variant's)."""
    family = seen(view, "family")
    return family if isinstance(family, str) else get_variant(str(seen(view, "variant"))).family


def hand_picture(private: View) -> Picture | None:
    """The seat's own hand from its ``view(seat)``; None when it holds nothing to draw."""
    return presenter_for(family_of(private)).hand_picture(private)


def table_picture(public: View) -> Picture | None:
    """The channel's picture from ``public_view()``."""
    return presenter_for(family_of(public)).table_picture(public)


def settlement_picture(family: str, detail: dict[str, Any] | None, seats: int) -> Picture | None:
    """The settled hand; None for nothing to draw."""
    return presenter_for(family).settlement_picture(detail, seats)


def result_picture(family: str, result: HandResult, seats: int) -> Picture | None:
    """The settled hand as the family tells it (its outcome); None for nothing to draw."""
    return presenter_for(family).result_picture(result, seats)


def charset() -> str:
    """Every character a picture may draw, in every language: the labels' and each family's cards (the shipped font
    subset keeps exactly these)."""
    return labels.charset("".join(p.picture_chars() for p in presenters()))
