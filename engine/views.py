"""What an audience may see of a hand, as typed data: ``public_view()`` for the whole table, ``view(seat)`` for one
seat. Each family extends :class:`TableView` with its own fields (字牌 its 亮张 and 胡息 shown, 麻将 its discards
and kong money, 跑得快 its trick) and :class:`SeatView` with the seat's own (hand, legal actions …); the bot's
family presenter reads its family's classes, and the bot's shared code only what is declared here.

``to_json()`` gives the JSON form, where a view is stored or sent (the property checks, a web table).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .melds import MeldView
from .words import Msg


class Phase(StrEnum):
    CHOOSE = "choose"  # every seat chooses at once before play (打鸟, 加锤, 坐飘)
    PLAY = "play"  # a seat's own turn (跑得快: every turn)
    DISCARD = "discard"  # a seat must discard
    CLAIM = "claim"  # a card is on offer: who may take it is hidden
    ASK = "ask"  # one seat answers a question of its own (长沙's 起手胡, 海底, 开杠), who is hidden
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Choosing:
    """A choice before the deal, as the table sees it: how many have chosen of how many, never what."""

    chosen: int
    of: int


@dataclass(frozen=True, slots=True)
class ResultView:
    """A finished hand as the table sees it: the winners, the per-seat deltas, whether it was a draw, and its
    summary sentence."""

    winners: tuple[int, ...]
    deltas: tuple[int, ...]
    draw: bool
    summary: Msg


@dataclass(frozen=True, slots=True)
class Offer:
    """What an open window is about, in the family's words (``says``: 「座位2 打出的 五万」), with the card on offer
    and the seat it came from where there is one (a 起手胡 question has neither); ``cards``: every card on offer
    where there are several (长沙's two 开杠 tiles), ``card`` then None."""

    says: Msg
    card: str | None = None
    from_seat: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """A card taken from the wall: by ``seat`` into its hand, or turned face up for the table to claim (字牌's
    翻牌, where ``seat`` is the seat it is turned for)."""

    seat: int
    card: str


@dataclass(frozen=True, kw_only=True)
class TableView:
    """What every family's public view holds. ``to_act`` names whose turn it is; in a claim window or a one-seat
    question it is empty (who is asked is hidden) and ``claims_pending`` / ``phase`` say what the table waits on.
    ``claim_words`` are the verbs a claim window may end in for this variant (吃/碰/胡; 红中 碰/杠/胡), so the
    table can say what it waits for without naming who."""

    variant: str
    seats: int
    dealer: int | None
    to_act: tuple[int, ...]
    claims_pending: bool
    claim_words: tuple[str, ...] = ()
    phase: Phase
    version: int
    finished: bool
    hand_sizes: tuple[int, ...] | None
    melds: tuple[tuple[MeldView, ...], ...]
    wall: int | None = None
    choosing: Choosing | None = None
    result: ResultView | None = None

    def to_json(self) -> dict[str, Any]:
        return {f.name: to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}


@dataclass(frozen=True, kw_only=True)
class SeatView(TableView):
    """What one seat sees: the table, plus its own hand (in the family's notation) and its legal action codes.
    A family's seat view extends its own table view and this (its melds show that seat's own face up)."""

    seat: int
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    question: Msg | None = None  # a question only this seat is asked now (长沙's 起手胡, 海底, 开杠)


def to_json(value: Any) -> Any:
    """The JSON form of a view's value: dataclasses by their fields (or their own ``to_json``), tuples as lists,
    enums by value, messages by :meth:`Msg.to_json`."""
    # the common cases first, and no runtime Protocol check on them: a view holds thousands of plain values, and
    # ``isinstance`` against a runtime-checkable Protocol walks its members every time
    if isinstance(value, StrEnum):
        return value.value
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, Msg):
        return value.to_json()
    own = getattr(value, "to_json", None)  # not a runtime Protocol check: that walks the protocol's members
    if own is not None and not isinstance(value, type):
        return own()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value
