"""A player's private panel (their DM, or 查看我的手牌), laid out for a phone (Components V2): the head with the seat's
marks, whether it is their turn (with the step's own question), the hand's picture inline (only with room option
手牌图: the body writes the whole hand), the family's panel body with the controls under the seat's own hand and the
other seats below them; and the answers to a ``?`` choice.
A DM panel stays V2 whatever it turns into (Discord keeps the flag on a message), so every panel here is a layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from engine.core import PASS_ROLE, name_action
from engine.views import SeatView
from engine.words import Msg

from ..edge.components import ActionButton, Controls
from ..i18n import tr
from ..options_text import variant_name
from ..say import say
from . import pictures
from .controls import ASK_BACK, ASK_PAGE, ASK_PASS, PASS_WARNING, choice
from .layout import Block, Layout, Picture, Text, rows_of
from .panel import Panel
from .parts import countdown, hand_title, seat_marks, seat_name
from .registry import presenter_of
from .table_message import turn_line
from .words import cards_of_family

if TYPE_CHECKING:
    from ..service.table import Table

PANEL_ACCENT = discord.Colour.dark_teal()  # a player's own panel, apart from the table's dark red


def question_text(private: SeatView, table: Table | None = None) -> str:
    """A step's own question in the reader's language: the engine's message, its seats named at ``table`` and its
    cards in the family's words."""
    question = private.question
    if not isinstance(question, Msg):
        return str(question)
    if table is not None:
        return presenter_of(table).say(table, question)
    return say(question, cards=cards_of_family(pictures.family_of(private)))


def dm_panel(table: Table, seat: int, page: int = 0, picked: list[str] | None = None) -> Panel:
    """A player's private panel, from their ``view(seat)`` (computed once): the head, the turn or what the table
    waits for, then the family's body and controls. ``picked``: cards the player has chosen and not yet played
    (card picking: the answer to his pick)."""
    game = table.game
    assert game is not None
    presenter = presenter_of(table)
    private = game.view(seat)
    s = table.seats[seat]
    to_act = game.to_act()
    picture = pictures.hand(table, private)
    lines = [tr("**{variant}** 牌桌 #{id} · {hand} · {seat}", variant=variant_name(table.variant), id=table.id,
                hand=hand_title(table), seat=seat_name(table, seat)) + seat_marks(presenter, table, private, seat)]
    if game.finished:
        lines.append(tr("本局已结束。"))
    elif s.auto:
        lines.append(tr("⏱ 托管中：电脑正在替你出牌。点击「取消托管」收回。"))
    elif seat in to_act:
        lines.append(tr("👉 **轮到你了**，请选择 · ⏱ {clock}（超时由电脑托管）", clock=countdown(table.turn_deadline))
                     if table.turn_deadline is not None else tr("👉 **轮到你了**，请选择："))
        if private.question is not None:  # a step with its own question (长沙 起手胡, 海底, 开杠)
            lines.append(f"❓ {question_text(private, table)}")
    else:  # a waiting panel is edited in place on every move: no clock of someone else's turn in it
        # the seat's view holds everything the table's does: the turn line reads the same from it
        lines.append(turn_line(table, private, False, clock=False, waiting=True))
    deciding = not game.finished and not s.auto and seat in to_act
    chosen = picked or []
    body = presenter.panel_body(table, game, private, seat, deciding=deciding, picked=chosen)
    view = presenter.controls(table, game, private, seat, deciding=deciding, page=page, picked=chosen)
    # a panel's body ends with one line per other seat: below the controls, which sit under the seat's own hand
    split = max(0, len(body) - (len(table.seats) - 1))
    own, others = body[:split], body[split:]
    blocks: list[Block] = [Text(lines[0]), Text("\n".join(lines[1:])), Picture()]
    if own:
        blocks.append(Text("\n".join(own)))
    blocks += rows_of(view)
    if others:
        blocks.append(Text("\n".join(others)))
    return Panel(layout=Layout(blocks, accent=PANEL_ACCENT), picture=picture)


def hand_over_panel(table: Table, hand_no: int) -> Panel:
    return Panel(layout=Layout([Text(tr("牌桌 #{id} 第 {n} 局已结束，结果见频道。", id=table.id, n=hand_no + 1))],
                               accent=PANEL_ACCENT))


def question_panel(table: Table, seat: int, question: str) -> Panel:
    """The answer to a ``?`` choice, which changes nothing: 过 while 胡 is on offer asks to confirm (its
    确认过 is the real pass); a page shows that page of the seat's actions; 返回, or any other question,
    shows the seat's panel again."""
    game = table.game
    if question.startswith(ASK_PAGE) and question[len(ASK_PAGE):].isdecimal():  # not isdigit(): ² is no int()
        return dm_panel(table, seat, page=int(question[len(ASK_PAGE):]))
    if game is None:
        return dm_panel(table, seat)
    passes = [(i, a) for i, a in enumerate(game.legal_actions(seat)) if name_action(game, a).role == PASS_ROLE]
    if question != ASK_PASS or not passes:
        return dm_panel(table, seat)
    i, a = passes[0]
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    view = Controls()
    view.add_item(ActionButton(table.id, table.version, seat, choice(a, i, prefix),
                               label=tr("确认{action}", action=name_action(game, a).label)[:80],
                               style=discord.ButtonStyle.danger))
    view.add_item(ActionButton(table.id, table.version, seat, ASK_BACK, label=tr("返回"),
                               style=discord.ButtonStyle.secondary))
    head = tr("**{variant}** 牌桌 #{id} · {hand} · {seat}", variant=variant_name(table.variant), id=table.id,
              hand=hand_title(table), seat=seat_name(table, seat))
    return Panel(layout=Layout([Text(head), Text(f"⚠️ {tr(PASS_WARNING)}"), *rows_of(view)], accent=PANEL_ACCENT))
