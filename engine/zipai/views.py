"""What a 字牌 table shows (``public_view()``) and what one seat sees of it (``view(seat)``), as typed data.

Cards are written in the family's notation, one character a card (``"九九"``): a meld's face-up cards, a seat's
cards put out in front of it, the seat's own hand (one code a card). ``to_json()`` is the form the leak checks
read and a replay step keeps.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..views import SeatView, TableView


@dataclass(frozen=True, kw_only=True)
class ZipaiView(TableView):
    """The table: besides every family's fields, ``liang`` the dealer's 亮张 while it is a card of its own (through
    打鸟 and the 天胡/地胡 window; None once it is a card of his hand), ``outs`` the cards each seat put out,
    ``huxi_shown`` the 胡息 of each seat's face-up melds, ``sitter`` the 数醒 (None: nobody sits out), ``stakes``
    who put up a 打鸟 stake (None until every player has chosen: nobody stakes knowing another's choice) and
    ``revealed`` the card on offer, when everyone may see it (never a card just 偎-ed face down)."""

    liang: str | None = None
    outs: tuple[str, ...] = ()
    huxi_shown: tuple[int, ...] = ()
    sitter: int | None = None
    stakes: tuple[int, ...] | None = None
    revealed: str | None = None


@dataclass(frozen=True, kw_only=True)
class ZipaiSeatView(ZipaiView, SeatView):
    """One seat's view: the table, its own melds face up, its hand and legal actions, and its 臭牌 (``chou``: cards
    it may no longer 吃/碰, though it may still win them)."""

    chou: str = ""
