"""Parts of the table's text that every family lays out alike (a seat's name and marks, the hand's title, a
countdown, the panel's lines on the other seats); a family's presenter builds its own text from them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..i18n import tr
from .viewing import per_seat as per_seat
from .words import joined

if TYPE_CHECKING:
    from ..service.table import Table
    from .contract import Presenter, View

EMBED_LIMIT = 4000  # an embed's description

def seat_name(table: Table, seat: int) -> str:
    return table.seat_label(seat)


def cards_of(value: Any) -> str:
    """Cards the view lists (or writes as one string) as one string."""
    if isinstance(value, list | tuple):
        return "".join(map(str, value))
    return str(value) if value else ""


def seats_text(table: Table, seats: Any) -> str:
    """Seats by name, in the reader's list marks (what is no seat of the table is left out)."""
    return joined([seat_name(table, s) for s in seats if isinstance(s, int) and 0 <= s < len(table.seats)])


def money_text(table: Table, values: list[Any]) -> str:
    """``1号 小明 +2 ｜ 2号 阿强 -2``: a signed amount per seat."""
    return " ｜ ".join(f"{seat_name(table, s)} {v:+d}" for s, v in enumerate(values)
                      if isinstance(v, int) and s < len(table.seats))


def hands_target(table: Table) -> int | None:
    """How many hands the match lasts: the 局数 option, or a fixed count the variant's module declares;
    None for a race (满胡) that ends on a score."""
    opts = table.match.options if table.match else table.options
    if isinstance(opts.get("hands"), int):
        return int(opts["hands"])
    return table.variant.fixed_hands


def hand_title(table: Table, hand_no: int | None = None) -> str:
    n = (table.hand_no if hand_no is None else hand_no) + 1
    target = hands_target(table)
    return tr("第 {n}/{target} 局", n=n, target=target) if target else tr("第 {n} 局", n=n)


def countdown(deadline: float) -> str:
    """A live relative time on every client ("in 30 seconds"): edits notify nobody, but this keeps ticking."""
    return f"<t:{math.ceil(deadline)}:R>"


def seat_marks(presenter: Presenter, table: Table, view: View, seat: int) -> str:
    """``〔庄·托管〕``: the family's marks at a seat's name, then 托管."""
    marks = presenter.seat_marks(view, seat)
    if seat < len(table.seats) and table.seats[seat].auto:
        marks.append(tr("托管"))
    return f"〔{'·'.join(marks)}〕" if marks else ""


def recent_line(table: Table) -> str | None:
    """``最近：…``: the latest line of the table's log."""
    return tr("最近：{event}", event=str(table.log[-1])) if table.log else None


def others_lines(presenter: Presenter, table: Table, private: View, seat: int) -> list[str]:
    """The other seats in a panel, one line each: name and marks, hand size, melds and discards (a 吃/碰 needs no
    trip to the channel)."""
    lines = []
    for other in range(len(table.seats)):
        if other == seat:
            continue
        parts = [f"{seat_name(table, other)}{seat_marks(presenter, table, private, other)}"]
        size = presenter.seat_size(private, other)
        if size is not None:
            parts.append(tr("手牌 {n}", n=size))
        parts += presenter.seat_parts(private, other)
        lines.append(" · ".join(parts))
    return lines
