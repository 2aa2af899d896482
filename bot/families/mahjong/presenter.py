"""The 麻将 family's presenter (长沙麻将, 红中麻将, 推倒胡): its tiles, its table and panel text, its settlements,
pictures and ``/calc`` form, for the shared frames of ``bot/present``. It reads the engine's typed views
(``engine.mahjong.views``) and the hand's outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.mahjong.tiles import KINDS, tile_name
from engine.mahjong.views import MahjongSeatView, MahjongView
from engine.words import Card, Cards

from ...present.base import BasePresenter
from ...present.viewing import viewer
from . import pictures, settlement, text, words
from .calc import MahjongForm
from .controls import mahjong_controls

if TYPE_CHECKING:
    import discord

    from engine.core import Game, HandResult

    from ...pictures import Picture
    from ...pictures.emoji import Face
    from ...present.contract import Settlement, View
    from ...service.table import Table


_table = viewer(MahjongView)  # this family's views, typed
_seat = viewer(MahjongSeatView)


class MahjongPresenter(BasePresenter):
    family = "mahjong"
    calc = MahjongForm()

    def card_words(self, cards: Card | Cards) -> str:
        """Tiles an engine message names: one by name (五万), several by suit as players sort them."""
        if isinstance(cards, Card):
            return words.tile_word(cards.code)
        if words.is_run(cards.codes):  # a 吃's run reads as one: 一二三万
            return words.tiles_text(list(cards.codes))
        return " ".join(words.tile_word(c) for c in cards.codes)  # tiles shown together, each by name

    def card_word(self, card: str) -> str:
        return words.tile_word(card)

    def hand_text(self, cards: Sequence[str]) -> str:
        return words.hand_text(list(cards))

    def card_run(self, run: str) -> str | None:
        return words.card_run(run)

    def waiting_words(self, table: Table, view: View) -> str:
        return text.waiting_words(table, _table(view))

    def table_facts(self, table: Table, view: View) -> list[str]:
        return text.table_facts(table, _table(view))

    def seat_parts(self, view: View, seat: int) -> list[str]:
        shown = _table(view)
        return [p for p in (text.melds_part(shown, seat), text.outs_part(shown, seat)) if p]

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        return text.panel_body(self, table, game, _seat(private), seat)

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        return mahjong_controls(table, game, _seat(private), seat, deciding=deciding, page=page)

    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        return settlement.settlement_body(table, result, hand_no)

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        return settlement.hand_summary(table, result)

    def hand_picture(self, private: View) -> Picture | None:
        return pictures.hand_picture(private if isinstance(private, dict) else _seat(private))

    def table_picture(self, public: View) -> Picture | None:
        return pictures.table_picture(public if isinstance(public, dict) else _table(public))

    def settlement_picture(self, detail: dict[str, Any] | None, seats: int) -> Picture | None:
        return pictures.settlement_picture(detail, seats)

    def result_picture(self, result: HandResult, seats: int) -> Picture | None:
        return pictures.result_picture(result.outcome, seats)

    def picture_chars(self) -> str:
        return "".join(tile_name(tid) for tid in range(KINDS)) + pictures.WAN

    def faces(self) -> Sequence[Face]:
        return pictures.faces()

    def card_names(self) -> tuple[str, ...]:
        # the tiles, and the runs a 吃 is named by (一二三条: the engine's control label and the replay say it)
        runs = tuple("".join(tile_name(t)[0] for t in (low, low + 1)) + tile_name(low + 2)
                     for suit in range(3) for low in range(suit * 9, suit * 9 + 7))
        return tuple(tile_name(tid) for tid in range(KINDS)) + runs


PRESENTER = MahjongPresenter()
