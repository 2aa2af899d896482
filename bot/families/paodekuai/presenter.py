"""The 跑得快 family's presenter: no 庄 and no melds, a trick on the table; the player picks the cards of a play from
the hand (``card_picking``) and the engine names it; the settlement counts the cards left. It reads the engine's
typed views (``engine.paodekuai.views``) and the hand's outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.paodekuai.views import PaodekuaiSeatView, PaodekuaiView
from engine.views import Phase

from ...i18n import tr
from ...present.base import BasePresenter
from ...present.controls import action_view
from ...present.viewing import viewer
from . import pictures, text
from .controls import card_view, card_words, cards_for, signed, unpack
from .pictures import SUITS

if TYPE_CHECKING:
    import discord

    from engine.core import Action, Game, HandResult
    from engine.words import Card, Cards

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


_table = viewer(PaodekuaiView)  # this family's views, typed
_seat = viewer(PaodekuaiSeatView)


class PaodekuaiPresenter(BasePresenter):
    family = "paodekuai"
    card_picking = True

    def card_words(self, cards: Card | Cards) -> str:
        return card_words(cards)

    def card_word(self, card: str) -> str:
        return signed(card)

    def hand_text(self, cards: Sequence[str]) -> str:
        return " ".join(signed(c) for c in cards) or "—"

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.facts(table, _table(view))

    def seat_marks(self, view: View, seat: int) -> list[str]:
        return text.marks(_table(view), seat)  # no 庄: the leader is named on the turn line

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        own = _seat(private)
        return text.panel_lines(table, game, own, seat, picked, deciding=deciding and own.phase == Phase.PLAY)

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        own = _seat(private)
        if deciding and own.phase == Phase.PLAY:
            return card_view(table, game, seat, own, picked)
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
        return pictures.hand_picture(cast("PaodekuaiSeatView", private))  # or a golden position's stored JSON

    def table_picture(self, public: View) -> Picture | None:
        return pictures.table_picture(cast("PaodekuaiView", public))

    def result_picture(self, result: HandResult, seats: int) -> Picture | None:
        return pictures.result_picture(result.outcome, seats)

    def picture_chars(self) -> str:
        return SUITS

    def faces(self) -> Sequence[Face]:
        return pictures.faces()


PRESENTER = PaodekuaiPresenter()
