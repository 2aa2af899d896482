"""The replay (回放) of an ended hand: one message showing one step, everything face up, and its controls.

A step shows who did what (the engine's own lines), the cards drawn from the wall, the window it belongs to (what
was on offer, every seat asked with its options and, as far as this step, its answer), then the table with every
seat's hand and melds face up; the last step adds the settlement with its derivation. The controls jump by step
and by turn (first, previous, next, last) and to any turn through a select; nothing precedes the first step nor
follows the last, so those controls are shown disabled there.

Built only from ``engine.replay``'s typed steps, for a hand that has ended (the history service refuses any
other); it never names a family: the table's presenter words cards, melds and the engine's messages.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import discord

from engine.core import ActionName, HandResult
from engine.replay import Asked, HandReplay, ReplayStep

from ..edge.components import Controls, ReplayButton, ReplaySelect
from ..i18n import marked, tr
from ..options_text import variant_name
from . import words
from .parts import seat_name
from .registry import presenter_of
from .table_message import player_block, turn_line

if TYPE_CHECKING:
    from ..service.table import Table

DESCRIPTION_LIMIT = 4096  # Discord's limit on an embed's description
EMBED_TOTAL = 6000  # and on all of a message's embeds together
FIELD_LIMIT = 1024
TURNS_PER_SELECT = 25  # Discord's limit on a select's options


def action_words(table: Table, name: ActionName) -> str:
    """An action's name as the table's live controls word it."""
    return words.action_words(table.variant.family, name)


def _answer(table: Table, asked: Asked, at: int, closed: bool) -> str:
    if asked.answer is not None and asked.answered_at is not None and asked.answered_at <= at:
        return action_words(table, asked.answer)
    # unanswered: still to answer at this step, or the window closed without needing it
    return tr("（不必表态）") if closed else tr("（待表态）")


def window_lines(table: Table, replay: HandReplay, step: ReplayStep, at: int) -> list[str]:
    """The windows of this step: the one its action answered, and the one left open after it (what is on offer,
    each seat asked, its options and its answer as far as this step)."""
    lines = []
    for index in dict.fromkeys(i for i in (step.answers, step.window) if i is not None):
        window = replay.windows[index]
        closed = step.window != index  # nothing of it is open after this step
        lines.append(tr("**表态**：{offer}", offer=table.say(window.offer.says)))
        for asked in window.asked:
            options = marked("、").join(action_words(table, o) for o in asked.options)
            answer = _answer(table, asked, at, closed)
            if asked.on:  # a seat asked on some of several cards (长沙 杠上炮): which ones
                on = marked("、").join(presenter_of(table).card_word(c) for c in asked.on)
                lines.append(tr("　{seat}（{cards}）：可选 {options} → {answer}", seat=seat_name(table, asked.seat),
                                cards=on, options=options, answer=answer))
            else:
                lines.append(tr("　{seat}：可选 {options} → {answer}", seat=seat_name(table, asked.seat),
                                options=options, answer=answer))
    return lines


def step_lines(table: Table, replay: HandReplay, at: int) -> list[str]:
    """What happened at step ``at``: the mover and its choice, the engine's public lines, the wall's draws, the
    window."""
    step = replay.steps[at]
    presenter = presenter_of(table)
    lines = [tr("第 {turn}/{turns} 轮 · 第 {step}/{total} 步", turn=step.turn, turns=len(replay.turns) - 1,
                step=at, total=len(replay.steps) - 1)]
    if step.seat is None:
        lines.append(tr("（发牌）"))
    elif step.action is not None:
        lines.append(tr("**{seat}**：{action}", seat=seat_name(table, step.seat), action=action_words(table, step.action)))
    lines += [f"› {table.say(m)}" for m in step.says]
    for draw in step.draws:
        lines.append(tr("› {seat} 从牌墙摸到 {card}", seat=seat_name(table, draw.seat),
                        card=presenter.card_word(draw.card)))
    return lines + window_lines(table, replay, step, at)


def face_up_lines(table: Table, step: ReplayStep) -> list[str]:
    """The table at this step with every seat's hand and melds face up."""
    presenter = presenter_of(table)
    view = dataclasses.replace(step.public, melds=step.melds)
    lines = [turn_line(table, view, view.finished, clock=False), *presenter.table_facts(table, view)]
    for seat in range(len(table.seats)):
        block = player_block(table, view, seat, None)
        hand = step.hands[seat] if seat < len(step.hands) else ()
        lines += [block[0], tr("　手牌：{hand}", hand=presenter.hand_text(hand)), *block[1:]]
    return lines


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def replay_embeds(table: Table, hand_id: int, replay: HandReplay, result: HandResult | None, hand_no: int,
                  at: int, footer: str | None) -> list[discord.Embed]:
    """One step as embeds: the step and the table face up; at the last step the settlement, in an embed of its
    own."""
    lines = step_lines(table, replay, at)
    outcome = result.outcome if result is not None and at == len(replay.steps) - 1 else None
    if outcome is not None:
        lines.append(tr("结果：{text}", text=table.say(outcome.summary)))
    description = "\n".join(lines + [""] + face_up_lines(table, replay.steps[at]))
    embed = discord.Embed(title=tr("回放 · 牌局 #{hand}（{variant}）", hand=hand_id, variant=variant_name(table.variant)),
                          description=_clip(description, DESCRIPTION_LIMIT))
    embeds = [embed]
    if outcome is not None and result is not None:
        settled = presenter_of(table).settlement_body(table, result, hand_no).lines
        room = EMBED_TOTAL - len(embed.title or "") - len(embed.description or "") - len(footer or "") - 40
        title = tr("结算")
        embeds.append(discord.Embed(title=title, description=_clip("\n".join(settled),
                                                                   min(DESCRIPTION_LIMIT, room - len(title)))))
    if footer:
        embeds[-1].set_footer(text=footer)
    return embeds


def _turn_label(table: Table, replay: HandReplay, turn: int) -> tuple[str, str | None]:
    """A turn as the select lists it: its number and whose it is, and what its first step did."""
    if turn == 0:
        return tr("发牌"), None
    start, seat = replay.steps[replay.turns[turn]], replay.turn_seats[turn]
    label = tr("第 {n} 轮 · {seat}", n=turn, seat=seat_name(table, seat) if seat is not None else "—")
    said = marked("；").join(table.say(m) for m in start.says) if start.says else \
        (action_words(table, start.action) if start.action else "")
    return _clip(label, 100), _clip(said, 100) if said else None


def turn_options(table: Table, replay: HandReplay, at: int) -> tuple[int, list[discord.SelectOption]]:
    """The select's page of turns holding the current one, and its options: at most 25, the current turn chosen;
    a hand of more turns lists them by pages of 23 with an option for the page before and the one after."""
    turns, current = len(replay.turns), replay.turn_of(at)
    if turns <= TURNS_PER_SELECT:
        page, shown = 0, range(turns)
    else:
        size = TURNS_PER_SELECT - 2
        page = current // size
        shown = range(page * size, min(turns, (page + 1) * size))
    options = []
    if shown.start > 0:
        first = shown.start - (TURNS_PER_SELECT - 2)
        options.append(discord.SelectOption(
            label=tr("◀ 第 {a}–{b} 轮", a=first, b=shown.start - 1), value=str(replay.turns[first])))
    for turn in shown:
        label, description = _turn_label(table, replay, turn)
        options.append(discord.SelectOption(label=label, description=description, value=str(replay.turns[turn]),
                                            default=turn == current))
    if shown.stop < turns:
        last = min(turns, shown.stop + TURNS_PER_SELECT - 2) - 1
        options.append(discord.SelectOption(
            label=tr("第 {a}–{b} 轮 ▶", a=shown.stop, b=last), value=str(replay.turns[shown.stop])))
    return page, options


def replay_controls(table: Table, hand_id: int, replay: HandReplay, at: int) -> discord.ui.View:
    """Jumps by turn (first, previous, next, last) on one row, by step on the next, any turn in the select."""
    last = len(replay.steps) - 1
    turn = replay.turn_of(at)
    start = replay.turns[turn]
    previous_turn = start if at > start else replay.turns[max(turn - 1, 0)]
    next_turn = replay.turns[turn + 1] if turn + 1 < len(replay.turns) else last
    view = Controls()
    # each control keeps an id of its own, as Discord requires, by the role it plays
    for role, step, label, off, row in (
            ("f", 0, tr("⏮ 开头"), at == 0, 0),
            ("q", previous_turn, tr("⏪ 上一轮"), at == 0, 0),
            ("w", next_turn, tr("下一轮 ⏩"), at == last, 0),
            ("e", last, tr("结尾 ⏭"), at == last, 0),
            ("p", max(at - 1, 0), tr("◀ 上一步"), at == 0, 1),
            ("n", min(at + 1, last), tr("下一步 ▶"), at == last, 1)):
        view.add_item(ReplayButton(hand_id, step, label, role=role, disabled=off, row=row))
    page, options = turn_options(table, replay, at)
    if len(options) > 1:
        view.add_item(ReplaySelect(hand_id, page, options=options, placeholder=tr("跳到某一轮"), row=2))
    return view
