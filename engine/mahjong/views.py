"""What the table and one seat see of a 麻将 hand, as typed data (:mod:`engine.views`): the shared table view plus
the rivers, the tile on offer, kong money and the payments so far, 加锤, and a won hand's birds; 长沙 adds its own
steps (坐飘, the 起手胡 shown, the 开杠 tiles, the locks after 开杠, who took the 海底, which one-seat step is
open). A seat's view adds the tile it just drew, its 听 and its bars (过胡不胡; 长沙's 漏胡 tiles).

Tiles are in notation (``5m``); an 暗杠 shows one tile to others (``MeldView(hidden=3)``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ledger import Payment
from ..outcome import Bird
from ..views import SeatView, TableView


@dataclass(frozen=True, kw_only=True)
class MahjongView(TableView):
    """The table: each seat's river (``discards``), the tile on offer in a claim window (``revealed``), each seat's
    加锤 once all have chosen (``chui``), the kong money that stands so far per seat (``kong_money``) and its
    payments, and the birds of a won hand (None before the end, after a drawn hand, or where the variant has none;
    empty when the wall held none)."""

    discards: tuple[tuple[str, ...], ...]
    revealed: str | None = None
    chui: tuple[int, ...] | None = None
    kong_money: tuple[int, ...] = ()
    payments: tuple[Payment, ...] = ()
    birds: tuple[Bird, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class MahjongSeatView(MahjongView, SeatView):
    """One seat: the table, plus the tile it just drew on its turn (``drawn``), the tiles it waits on (``waits``)
    and whether a passed win bars it now (``barred``: 过胡不胡, 长沙's 漏胡)."""

    drawn: str | None = None
    waits: tuple[str, ...] = ()
    barred: bool = False


@dataclass(frozen=True, slots=True)
class Shown:
    """A 起手胡 a seat declared, with the tiles it showed (中途 ones too)."""

    seat: int
    name: str
    tiles: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ChangshaView(MahjongView):
    """长沙's steps as the table sees them: each seat's 飘 once all have chosen (``piao``), the 起手胡 shown
    (``qishou``), the two 开杠 tiles on show (``kong_tiles``), who is locked after a 开杠 (``locked``), who took
    the 海底 (``haidi``), and which one-seat step is open (``asking``: ``qishou``, ``haidi``, ``kaigang``), never
    who is asked."""

    piao: tuple[int, ...] | None = None
    qishou: tuple[Shown, ...] = ()
    kong_tiles: tuple[str, ...] = ()
    locked: tuple[bool, ...] = ()
    haidi: int | None = None
    asking: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChangshaSeatView(ChangshaView, MahjongSeatView):
    """One 长沙 seat: its 漏胡 tiles (``lou``: barred off a discard until its own next draw, unless bigger) and,
    when it is the one asked at a step, the question (``SeatView.question``)."""

    lou: tuple[str, ...] = ()
