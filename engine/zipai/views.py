"""What a 字牌 table shows (``public_view()``) and what one seat sees of it (``view(seat)``), as typed data.

Cards are written in the family's notation, one character a card (``"九九"``): a meld's face-up cards, a seat's
cards put out in front of it, the seat's own hand (one code a card). ``to_json()`` is the form the leak checks
read and a replay step keeps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..melds import MeldView
from ..views import Choosing, Phase, ResultView, SeatView, TableView
from ..words import Msg


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


def _table_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    choosing, result, sizes, stakes = (data.get(k) for k in ("choosing", "result", "hand_sizes", "stakes"))
    return {
        "variant": str(data["variant"]), "seats": int(data["seats"]), "dealer": data.get("dealer"),
        "to_act": tuple(data.get("to_act") or ()), "claims_pending": bool(data.get("claims_pending")),
        "claim_words": tuple(data.get("claim_words") or ()), "phase": Phase(data["phase"]),
        "version": int(data.get("version") or 0), "finished": bool(data.get("finished")),
        "hand_sizes": None if sizes is None else tuple(sizes),
        "melds": tuple(tuple(MeldView.from_json(m) for m in seat) for seat in data.get("melds") or ()),
        "wall": data.get("wall"),
        "choosing": None if choosing is None else Choosing(int(choosing["chosen"]), int(choosing["of"])),
        "result": None if result is None else ResultView(tuple(result["winners"]), tuple(result["deltas"]),
                                                         bool(result["draw"]), Msg.from_json(result["summary"])),
        "liang": data.get("liang"), "outs": tuple(data.get("outs") or ()),
        "huxi_shown": tuple(data.get("huxi_shown") or ()), "sitter": data.get("sitter"),
        "stakes": None if stakes is None else tuple(stakes), "revealed": data.get("revealed"),
    }


def table_view(data: Mapping[str, Any]) -> ZipaiView:
    """A table view read back from its JSON (``to_json()``), as a stored or sent view is."""
    return ZipaiView(**_table_fields(data))


def seat_view(data: Mapping[str, Any]) -> ZipaiSeatView:
    """A seat's view read back from its JSON (``to_json()``)."""
    question = data.get("question")
    return ZipaiSeatView(**_table_fields(data), seat=int(data["seat"]), hand=tuple(data.get("hand") or ()),
                         legal=tuple(data.get("legal") or ()),
                         question=None if question is None else Msg.from_json(question), chou=str(data.get("chou") or ""))
