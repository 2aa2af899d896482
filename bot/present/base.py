"""What a family's presenter does unless it says otherwise: the parts read only what every family's view holds
(the dealer, hand sizes), the controls are the generic layout of the engine's action names, there is no picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import tr
from ..say import say
from .controls import action_view
from .viewing import per_seat, seen

if TYPE_CHECKING:
    import discord

    from engine.core import Action, Game, HandResult
    from engine.words import Card, Cards, Msg

    from ..pictures import Picture
    from ..service.table import Table
    from .contract import CalcForm, View


class BasePresenter:
    family = ""
    card_picking = False
    calc: CalcForm | None = None

    def card_word(self, card: str) -> str:
        return card

    def hand_text(self, cards: Sequence[str]) -> str:
        return " ".join(map(str, cards)) or "—"

    def card_run(self, run: str) -> str | None:
        return None

    def card_words(self, cards: Card | Cards) -> str:
        return tr(cards.zh())  # the catalogue's name (五万 → 五萬)

    def say(self, table: Table, message: Msg) -> str:
        return say(message, seat=table.seat_label, cards=self.card_words)

    def waiting_words(self, table: Table, view: View) -> str:
        return tr("等待玩家表态")

    def table_facts(self, table: Table, view: View) -> list[str]:
        return []

    def seat_marks(self, view: View, seat: int) -> list[str]:
        return [tr("庄")] if seen(view, "dealer") == seat else []

    def seat_size(self, view: View, seat: int) -> int | None:
        size = per_seat(view, "hand_sizes", seat)
        return size if isinstance(size, int) else None

    def seat_parts(self, view: View, seat: int) -> list[str]:
        return []

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        return action_view(table, seat, page)

    def read_cards(self, text: str) -> list[str]:
        return [text]

    def cards_for(self, codes: Sequence[str], action: Action) -> list[str]:
        return []

    def final_stakes(self, stakes: str) -> str:
        return tr("{stakes}；每一对中胡数少者另付双方鸟分之和", stakes=stakes)

    def hand_picture(self, private: View) -> Picture | None:
        return None

    def table_picture(self, public: View) -> Picture | None:
        return None

    def settlement_picture(self, detail: dict[str, Any] | None, seats: int) -> Picture | None:
        return None

    def result_picture(self, result: HandResult, seats: int) -> Picture | None:
        return self.settlement_picture(result.detail, seats)

    def picture_chars(self) -> str:
        return ""

    def card_names(self) -> tuple[str, ...]:
        return ()
