"""What the table and a seat see of a 跑得快 hand, as typed data: the trick (each play by its code, kind, ranks and
cards, and its name as a message), 报单, the bombs paid, 打鸟; a seat adds its hand and the card its first play
must contain. The 记牌器 is a typed record too (:class:`Counter`).

Cards are in notation (``S3 H10 CA``): the bot words them (♠3 ♥10 ♣A)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ledger import Payment
from ..views import SeatView, TableView
from ..words import Msg


@dataclass(frozen=True, slots=True)
class PlayShown:
    """A play as players read it: its action ``code`` (``trio:3+4+8``), its ``kind`` (``single pair straight pairs
    trio plane bomb four``), every card's rank, sorted (``3 3 3 4 8``), and its ``name`` (三带二 333+48)."""

    code: str
    kind: str
    ranks: tuple[str, ...]
    name: Msg


@dataclass(frozen=True, slots=True)
class TrickEntry:
    """One turn of the trick on the table: who, what he played (None: a pass, which the table reads as one word
    whatever the seat held) and the cards that left his hand, in notation."""

    seat: int
    play: PlayShown | None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PaodekuaiView(TableView):
    """The table's view. ``dealer`` is the seat that led the hand (跑得快 has no 庄). ``baodan`` per seat: down to its
    last card; ``trick`` the turns since the last lead and ``top`` the play to beat (None: a new lead);
    ``played`` each seat's cards shed face up; ``bombs_paid`` the bomber of each bomb paid so far and
    ``bomb_money`` the net per seat (``payments`` the ledger itself); ``hearts10`` who was dealt ♥10, once the hand
    is over and only under 红桃10翻倍; ``stakes`` who chose 打鸟 (None until everyone has chosen)."""

    baodan: tuple[bool, ...]
    trick: tuple[TrickEntry, ...]
    top: TrickEntry | None
    played: tuple[tuple[str, ...], ...]
    bombs_paid: tuple[int, ...]
    bomb_money: tuple[int, ...]
    payments: tuple[Payment, ...]
    hearts10: int | None
    stakes: tuple[int, ...] | None


@dataclass(frozen=True, kw_only=True)
class PaodekuaiSeatView(PaodekuaiView, SeatView):
    """One seat's view: the table's, its hand (notation, by rank then ♠♥♣♦) and legal codes, and ``must_show``, the
    card its first play must contain (黑桃3先出), its own card, named only to it while it is to lead."""

    must_show: str | None = None


@dataclass(frozen=True, slots=True)
class Counter:
    """The 记牌器 of one seat: each rank still unseen with its copies (3 … 2: ``(("2", 1), ("A", 3) …)`` in rank
    order), and ``safe``, the seat's legal plays now that no combination of unseen cards can beat, the strongest
    first."""

    unseen: tuple[tuple[str, int], ...]
    safe: tuple[PlayShown, ...]
