"""The channel's table message (Components V2, laid out for a phone): title, turn line with the 查看我的手牌 button
beside it, the family's table facts, the picture inline, one block per seat, the latest log lines and the small
print (a stored hand's replay is ``replay.py``'s).

Drawn from ``public_view()`` and the table's public event log only, never ``view(seat)``: hidden cards cannot reach
a channel by construction, and the tests check every channel payload anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from ..edge.components import ShowHandButton
from ..i18n import tr
from ..options_text import variant_name
from . import pictures
from .layout import Beside, Block, Layout, Picture, Text
from .panel import Panel
from .parts import countdown, hand_title, seat_marks, seat_name, seats_text
from .registry import presenter_of

if TYPE_CHECKING:
    from ..service.table import Table
    from .contract import View

LOG_SHOWN = 2  # recent event lines on the table message: the phone screen is short


def turn_line(table: Table, view: View, finished: bool, *, clock: bool = True, waiting: bool = False) -> str:
    """轮到 first: whose turn, or that a claim window waits (never naming who may claim), and the countdown.
    ``waiting``: the line of a panel whose owner is not asked (等待：…)."""
    if finished:
        return tr("**本局结束**")
    if view.claims_pending:  # what the window waits for, in the family's words: never whom
        who = presenter_of(table).waiting_words(table, view)
    else:
        who = seats_text(table, list(view.to_act)) or "—"
    line = tr("等待：{who}", who=who) if waiting else tr("**轮到**：{who}", who=who)
    if clock and table.turn_deadline is not None:
        line += f" · ⏱ {countdown(table.turn_deadline)}"
    return line


def player_block(table: Table, view: View, seat: int, scores: list[int] | None) -> list[str]:
    """One seat in ≤ 3 short lines: name, marks, score, hand size; then its melds and its discards."""
    presenter = presenter_of(table)
    head = [f"**{seat_name(table, seat)}**{seat_marks(presenter, table, view, seat)}"]
    if scores is not None and seat < len(scores):
        head.append(tr("累计 {score}", score=f"{scores[seat]:+d}"))
    size = presenter.seat_size(view, seat)
    if size is not None:
        head.append(tr("手牌 {n}", n=size))
    return [" · ".join(head), *(f"　{part}" for part in presenter.seat_parts(view, seat))]


def public_lines(table: Table, view: View, *, finished: bool = False, scores: list[int] | None = None) -> list[str]:
    """A public view as players read it: turn and table facts first, then one block per seat."""
    lines = [turn_line(table, view, finished), *presenter_of(table).table_facts(table, view)]
    for seat in range(len(table.seats)):
        lines += player_block(table, view, seat, scores)
    return lines


def table_message(table: Table, public: View | None = None) -> Panel:
    """The one channel message of the current hand, edited as play goes on, laid out for a phone (Components V2):
    the title, whose turn with 查看我的手牌 beside it and the table's facts (wall or cards left), the picture
    inline, each seat with its score, the last moves, and the small print. ``public``: the hand's ``public_view()``
    when the caller has it already (one per publish)."""
    game = table.game
    assert game is not None
    view = game.public_view() if public is None else public
    scores = list(table.match.totals) if table.match else None
    presenter = presenter_of(table)
    title = tr("{variant} · 牌桌 #{id} · {hand}", variant=variant_name(table.variant), id=table.id,
               hand=hand_title(table))
    state = [turn_line(table, view, game.finished), *presenter.table_facts(table, view)]
    seats = [line for seat in range(len(table.seats)) for line in player_block(table, view, seat, scores)]
    timer = table.bot_options.get("timer", 0)
    small = [tr("出牌限时 {timer} 秒，超时由电脑托管", timer=timer) if timer else tr("不限时")]
    if table.commitment:
        small.append(tr("发牌承诺：`{digest}`", digest=table.commitment))
    blocks: list[Block] = [Text(f"### {title}"), Beside("\n".join(state), ShowHandButton(table.id)), Picture(),
                           Text("\n".join(seats))]
    if table.log:
        blocks.append(Text("\n".join(f"› {line}" for line in list(table.log)[-LOG_SHOWN:])))
    blocks.append(Text("\n".join(f"-# {line}" for line in small)))
    return Panel(layout=Layout(blocks, accent=discord.Colour.dark_red()), picture=pictures.board(table, view))

