"""What a family's presenter does unless it says otherwise: the parts read only what every family's view holds
(the dealer, hand sizes), the panel is the hand and the other seats, the controls are the generic layout of the
engine's action names, a settled hand is told from its :class:`~engine.outcome.Outcome` (summary, each winner's
derivation, every payment and why, 本局), there is no picture. The smallest family
(``tests/example_family/bot/``) writes little more than its name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.outcome import Outcome
from engine.views import SeatView

from ..i18n import tr
from ..say import say
from .contract import Settlement
from .controls import action_view
from .parts import others_lines
from .results import deltas_line, payment_lines

if TYPE_CHECKING:
    import discord

    from engine.core import Action, Game, HandResult
    from engine.words import Card, Cards, Msg

    from ..pictures import Picture
    from ..pictures.emoji import Face
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
        return [tr("庄")] if view.dealer == seat else []

    def seat_size(self, view: View, seat: int) -> int | None:
        sizes = view.hand_sizes
        return sizes[seat] if sizes is not None and seat < len(sizes) else None

    def seat_parts(self, view: View, seat: int) -> list[str]:
        return []

    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        assert isinstance(private, SeatView)
        return [tr("**手牌**（{n} 张）：{hand}", n=len(private.hand), hand=self.hand_text(private.hand)),
                *others_lines(self, table, private, seat)]

    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        outcome = result.outcome
        assert outcome is not None, "a hand settled without an Outcome"
        lines = [tr("第 {n} 局：{summary}", n=hand_no + 1, summary=table.say(outcome.summary))]
        for winner in outcome.winners:
            lines += [f"　{table.say(step.says)}" for step in winner.steps]
        money = len(lines)
        lines += payment_lines(table, outcome.payments)
        lines += [table.say(step.says) for step in outcome.steps]
        lines.append(deltas_line(table, list(result.deltas)))
        return Settlement(lines, money=money)

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        stored = result.get("outcome")
        return table.say(Outcome.from_json(stored).summary) if isinstance(stored, dict) else "—"

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        return action_view(table, seat, page)

    def read_cards(self, text: str) -> list[str]:
        return [text]

    def cards_for(self, codes: Sequence[str], action: Action) -> list[str]:
        return []

    def final_stakes(self, stakes: str) -> str:
        return stakes  # a family with 打鸟 says how its stakes are paid

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

    def faces(self) -> Sequence[Face]:
        return ()

    def card_names(self) -> tuple[str, ...]:
        return ()
