"""What the shared presentation asks of a family: the :class:`Presenter` protocol.

The shared frames (the table message, the DM panel, the settlement post, the lobby, the replay, ``/calc``) lay out
what every family has in common and ask the family's presenter for the rest: how its cards read, what the table
shows of it, what a seat's panel says, how a settled hand is told, its pictures and its ``/calc`` form. A new family
brings its own presenter in ``bot/families/<family>/`` and lists it in ``bot/families/__init__.py``; nothing shared
changes.

Views are the engine's (``public_view()`` / ``view(seat)``), typed (``engine.views``): a presenter reads its own
family's subclass, the frames only what every family's view holds (``to_act``, ``claims_pending``, ``hand_sizes``,
``phase`` …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.views import TableView

if TYPE_CHECKING:
    import discord

    from engine.core import Action, Game, HandResult
    from engine.words import Card, Cards, Msg

    from ..pictures import Picture
    from ..pictures.emoji import Face
    from ..service.table import Table

View = TableView  # a view as the engine gives it: ``public_view()``, or ``view(seat)`` (a SeatView, which is one)
Say = Callable[[re.Match[str]], str]  # an engine message matched, said in the reader's language


class CalcFormError(ValueError):
    """Input a player typed that cannot be read; the message says what is wrong, in the reader's language."""


@dataclass(frozen=True)
class Settlement:
    """A settled hand's post, less the match's running totals the frame adds: its lines, the indexes of those
    that may be dropped when the post is too long (the winning hands; the money lines stay), and where the money
    lines begin (the post shows the derivation and the payments apart)."""

    lines: list[str]
    optional: frozenset[int] = field(default_factory=frozenset)
    money: int | None = None  # the index of the first money line (who pays whom, 本局), if the family marks it


class CalcForm(Protocol):
    """A family's ``/calc`` form: its cards and melds as players type them, and the answers of its calculators.

    ``errors`` / ``reasons``: (pattern, say) pairs for its calculators' (English) error lines and refusals, tried
    before the ones every calculator shares."""

    @property
    def errors(self) -> Sequence[tuple[re.Pattern[str], Say]]: ...

    @property
    def reasons(self) -> Sequence[tuple[re.Pattern[str], Say]]: ...

    def reads(self, text: str) -> bool:
        """Whether ``text`` is written in this family's own notation (read so whatever variant was chosen)."""
        ...

    def cards(self, text: str, field: str) -> list[str]:
        """The cards of ``text`` (``field``: the field's name as the reader says it, for the error); raises
        :class:`CalcFormError`."""
        ...

    def meld(self, token: str, cards: Callable[[str], list[str]]) -> dict[str, Any]:
        """One meld as the calculator's contract writes it (``cards``: the frame's reader of the cards in it);
        raises :class:`CalcFormError`."""
        ...

    def describe(self, result: dict[str, Any], data: dict[str, Any] | None) -> list[str]:
        """The lines of a win after **能胡**: its value as the family counts it."""
        ...


class Presenter(Protocol):
    """Everything family-specific the shared bot code needs. ``family`` is the engine's family id."""

    @property
    def family(self) -> str: ...

    @property
    def card_picking(self) -> bool:
        """The family lays out the turn's controls itself (跑得快: the hand as a multi-select, 出牌 and quick picks);
        a ``PLAY_CARDS`` choice carries the cards picked, read back by :meth:`read_cards`."""
        ...

    @property
    def calc(self) -> CalcForm | None:
        """The family's ``/calc`` form; None: it has no hand calculator."""
        ...

    # -- words ---------------------------------------------------------------------------------------------
    def card_word(self, card: str) -> str:
        """One card (tile) as the reader says it."""
        ...

    def hand_text(self, cards: Sequence[str]) -> str:
        """A hand as players hold it."""
        ...

    def card_run(self, run: str) -> str | None:
        """A run of Chinese in an engine text that is this family's cards, in the reader's writing; None: not
        its cards."""
        ...

    def card_words(self, cards: Card | Cards) -> str:
        """A card (or cards) an engine message names, as the reader says it."""
        ...

    def say(self, table: Table, message: Msg) -> str:
        """An engine message as the table's readers read it: seats by their labels, cards in the family's words."""
        ...

    # -- the table message (from ``public_view()`` only) and the seat blocks ------------------------------------
    def waiting_words(self, table: Table, view: View) -> str:
        """What the turn line says while a claim window or a one-seat question waits (never who is asked)."""
        ...

    def table_facts(self, table: Table, view: View) -> list[str]:
        """The lines under the turn line: the wall, the card on offer, the trick, stakes being chosen …"""
        ...

    def seat_marks(self, view: View, seat: int) -> list[str]:
        """The family's marks at a seat's name (庄, 数醒, 报单); the frame adds 托管."""
        ...

    def seat_size(self, view: View, seat: int) -> int | None:
        """The hand size shown at a seat, None for none."""
        ...

    def seat_parts(self, view: View, seat: int) -> list[str]:
        """The seat's melds and discards, each a short part."""
        ...

    # -- the DM panel (from ``view(seat)``) --------------------------------------------------------------------
    def panel_body(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool,
                   picked: Sequence[str]) -> list[str]:
        """The panel under its status line: the hand, melds, hints and standing, the table and the others.
        ``deciding``: the seat decides now (not 托管); ``picked``: cards picked and not yet played."""
        ...

    def controls(self, table: Table, game: Game, private: View, seat: int, *, deciding: bool, page: int,
                 picked: Sequence[str]) -> discord.ui.View | None:
        """The panel's controls: the generic layout of the engine's action names, or the family's own."""
        ...

    def read_cards(self, text: str) -> list[str]:
        """The cards a ``PLAY_CARDS`` choice carries (card picking)."""
        ...

    def cards_for(self, codes: Sequence[str], action: Action) -> list[str]:
        """Cards of ``codes`` (a hand, in the order to take them) that make up ``action``'s play, as a player picks
        them (card picking; else none)."""
        ...

    # -- the settlement ---------------------------------------------------------------------------------------
    def settlement_body(self, table: Table, result: HandResult, hand_no: int) -> Settlement:
        """The post of a settled hand (the frame adds 累计)."""
        ...

    def hand_summary(self, table: Table, result: dict[str, Any]) -> str:
        """A stored hand's outcome in one line (/stats, /history, the replay), from its stored result."""
        ...

    def final_stakes(self, stakes: str) -> str:
        """The match's 打鸟 line at its end, saying who pays the stakes."""
        ...

    # -- pictures ---------------------------------------------------------------------------------------------
    def hand_picture(self, private: View) -> Picture | None: ...

    def table_picture(self, public: View) -> Picture | None: ...

    def settlement_picture(self, detail: dict[str, Any] | None, seats: int) -> Picture | None: ...

    def result_picture(self, result: HandResult, seats: int) -> Picture | None:
        """The settled hand's picture (a family telling its hands as an ``Outcome`` draws from it)."""
        ...

    def picture_chars(self) -> str:
        """The characters its cards draw (the shipped font subset keeps them)."""
        ...

    def faces(self) -> Sequence[Face]:
        """Every card's face as the family draws it, for the application's card emojis (``bot.pictures.emoji``)."""
        ...

    def card_names(self) -> tuple[str, ...]:
        """The zh-CN names of its cards that it says through the catalogue (the catalogue tool collects them)."""
        ...
