"""The 麻将 family's presenter (长沙麻将, 红中麻将, 推倒胡): its tiles, its table and panel text, its settlements,
pictures and ``/calc`` form, for the shared frames of ``bot/present``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.mahjong.tiles import KINDS, tile_name

from ...present.base import BasePresenter
from . import pictures, settlement, text, words
from .calc import MahjongForm

if TYPE_CHECKING:
    from engine.core import Game, HandResult

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


class MahjongPresenter(BasePresenter):
    family = "mahjong"
    calc = MahjongForm()

    def card_word(self, card: str) -> str:
        return words.tile_word(card)

    def hand_text(self, cards: Sequence[str]) -> str:
        return words.hand_text(list(cards))

    def card_run(self, run: str) -> str | None:
        return words.card_run(run)

    def waiting_words(self, table: Table, view: View) -> str:
        return text.waiting_words(table, view)

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.table_facts(table, view)

    def seat_parts(self, view: View, seat: int) -> list[str]:
        return [p for p in (text.melds_part(view, seat), text.outs_part(view, seat)) if p]

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        return text.panel_body(self, table, game, private, seat)

    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        return settlement.settlement_body(table, result, hand_no)

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        return settlement.hand_summary(table, result)

    def hand_picture(self, private: View) -> Picture | None:
        return pictures.hand_picture(private)

    def table_picture(self, public: View) -> Picture | None:
        return pictures.table_picture(public)

    def settlement_picture(self, detail: dict[str, Any] | None, seats: int) -> Picture | None:
        return pictures.settlement_picture(detail, seats)

    def picture_chars(self) -> str:
        return "".join(tile_name(tid) for tid in range(KINDS))

    def faces(self) -> Sequence[Face]:
        return pictures.faces()

    def card_names(self) -> tuple[str, ...]:
        return tuple(tile_name(tid) for tid in range(KINDS))


PRESENTER = MahjongPresenter()
