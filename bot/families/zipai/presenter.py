"""The 字牌 family's presenter (跑胡子, 放炮罚, 剥皮, 安化, 四人): its cards, its table and panel text, its settlements,
pictures and ``/calc`` form, for the shared frames of ``bot/present``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...i18n import tr
from ...present.base import BasePresenter
from . import pictures, settlement, text, words
from .calc import ZipaiForm

if TYPE_CHECKING:
    from engine.core import Game, HandResult

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


class ZipaiPresenter(BasePresenter):
    family = "zipai"
    calc = ZipaiForm()

    def card_word(self, card: str) -> str:
        return words.faces(card)

    def hand_text(self, cards: Sequence[str]) -> str:
        return words.hand_text(list(cards))

    def card_run(self, run: str) -> str | None:
        return words.card_run(run)

    def waiting_words(self, table: Table, view: View) -> str:
        return tr("等待玩家表态（吃/碰/胡）")

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.table_facts(table, view)

    def seat_marks(self, view: View, seat: int) -> list[str]:
        marks = super().seat_marks(view, seat)
        if view.get("sitter") == seat:  # 数醒 sits the hand out: no hand to count
            marks.append(tr("数醒"))
        return marks

    def seat_size(self, view: View, seat: int) -> int | None:
        return None if view.get("sitter") == seat else super().seat_size(view, seat)

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
        return words.SMALL + words.BIG

    def faces(self) -> Sequence[Face]:
        return pictures.faces()


PRESENTER = ZipaiPresenter()
