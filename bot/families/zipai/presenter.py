"""The 字牌 family's presenter (跑胡子, 放炮罚, 剥皮, 安化, 四人): its cards, its table and panel text, its settlements,
pictures and ``/calc`` form, for the shared frames of ``bot/present``, read from the engine's typed views
(``engine.zipai.views``) and the hand's outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.zipai.cards import N_KINDS, name
from engine.zipai.views import ZipaiSeatView, ZipaiView

from ...i18n import tr
from ...present.base import BasePresenter
from ...present.viewing import viewer
from . import pictures, settlement, text, words
from .calc import ZipaiForm
from .controls import zipai_controls

if TYPE_CHECKING:
    import discord

    from engine.core import Game, HandResult
    from engine.words import Card, Cards

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


_table = viewer(ZipaiView)  # this family's views, typed
_seat = viewer(ZipaiSeatView)

ALL_FACES = frozenset(name(c) for c in range(N_KINDS))


class ZipaiPresenter(BasePresenter):
    family = "zipai"
    calc = ZipaiForm()

    def card_word(self, card: str) -> str:
        return words.faces(card)

    def card_run(self, run: str) -> str | None:
        # cards a control's label names (吃 壹贰叁): the faces the language spoken writes apart (zh-TW 貳 參 陸)
        return words.faces(run) if run and all(c in ALL_FACES for c in run) else None

    def card_words(self, cards: Card | Cards) -> str:
        return words.card_words(cards)

    def hand_text(self, cards: Sequence[str]) -> str:
        return words.hand_text(list(cards))

    def waiting_words(self, table: Table, view: View) -> str:
        return tr("等待玩家表态（吃/碰/胡）")

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.table_facts(table, _table(view))

    def seat_marks(self, view: View, seat: int) -> list[str]:
        marks = super().seat_marks(view, seat)
        if _table(view).sitter == seat:  # 数醒 sits the hand out: no hand to count
            marks.append(tr("数醒"))
        return marks

    def seat_size(self, view: View, seat: int) -> int | None:
        return None if _table(view).sitter == seat else super().seat_size(view, seat)

    def seat_parts(self, view: View, seat: int) -> list[str]:
        zview = _table(view)
        return [p for p in (text.melds_part(zview, seat), text.outs_part(zview, seat)) if p]

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        return text.panel_body(self, table, game, _seat(private), seat)

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        return zipai_controls(table, game, _seat(private), seat, deciding=deciding, page=page)

    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        return settlement.settlement_body(self, table, result, hand_no)

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        return settlement.hand_summary(self, table, result)

    def hand_picture(self, private: View) -> Picture | None:
        return pictures.hand_picture(_seat(private))

    def table_picture(self, public: View) -> Picture | None:
        return pictures.table_picture(_table(public))

    def result_picture(self, result: HandResult, seats: int) -> Picture | None:
        return pictures.result_picture(result.outcome, seats)

    def picture_chars(self) -> str:
        return words.SMALL + words.BIG

    def final_stakes(self, stakes: str) -> str:
        return tr("{stakes}；每一对中胡数少者另付双方鸟分之和", stakes=stakes)  # 字牌's races compare 胡

    def faces(self) -> Sequence[Face]:
        return pictures.faces()


PRESENTER = ZipaiPresenter()
