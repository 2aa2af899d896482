"""The 跑得快 family's presenter: no 庄 and no melds, a trick on the table; the player picks the cards of a play from
the hand (``card_picking``) and the engine names it; the settlement counts the cards left."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...i18n import tr
from ...present.base import BasePresenter
from ...present.controls import action_view
from . import pictures, text
from .controls import card_view, cards_for, unpack
from .pictures import SUITS

if TYPE_CHECKING:
    import discord

    from engine.core import Action, Game, HandResult

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


class PaodekuaiPresenter(BasePresenter):
    family = "paodekuai"
    card_picking = True

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.facts(table, view)

    def seat_marks(self, view: View, seat: int) -> list[str]:
        return text.marks(view, seat)  # no 庄: the leader is named on the turn line

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        return text.panel_lines(table, game, private, seat, picked, deciding=deciding and private.get("phase") == "play")

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        if deciding and private.get("phase") == "play":
            return card_view(table, game, seat, private, picked)
        return action_view(table, seat, page)

    def read_cards(self, carried: str) -> list[str]:
        return unpack(carried)

    def cards_for(self, codes: Sequence[str], action: Action) -> list[str]:
        return cards_for(codes, action)

    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        return text.settlement_body(table, result, hand_no)

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        return text.hand_summary(table, result)

    def final_stakes(self, stakes: str) -> str:
        return tr("{stakes}；每一对中积分少者另付双方鸟分之和", stakes=stakes)  # 跑得快 counts cards, not 胡

    def hand_picture(self, private: View) -> Picture | None:
        return pictures.hand_picture(private)

    def table_picture(self, public: View) -> Picture | None:
        return pictures.table_picture(public)

    def settlement_picture(self, detail: dict[str, Any] | None, seats: int) -> Picture | None:
        return pictures.settlement_picture(detail, seats)

    def picture_chars(self) -> str:
        return SUITS

    def faces(self) -> Sequence[Face]:
        return pictures.faces()


PRESENTER = PaodekuaiPresenter()
