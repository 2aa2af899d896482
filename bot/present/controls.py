"""The generic layout of a seat's controls from the engine's action names (``ActionName``: label, group, role):
buttons for single choices (胡/碰/过), selects for many (which card, which 吃), with no verb table of the bot's own.
A family that lays out its turn itself (``card_picking``) builds on the same ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from engine.core import PASS_ROLE, WIN_ROLE, Action, ActionName, name_action

from ..edge.components import MAX_CUSTOM_ID, ActionButton, ActionSelect, AutoOffButton, Controls
from ..i18n import SOURCE, tr, tr_in
from .words import action_words

if TYPE_CHECKING:
    from ..service.table import Table

ASK_PASS = "?pass"  # 过 while 胡 is on offer: ask first (漏胡/臭胡 follow a pass)
ASK_BACK = "?back"
ASK_PAGE = "?page:"  # another page of a panel with more actions than five selects hold
PLAY_CARDS = "="  # an ActionButton choice of concrete cards: ``=S3H3`` is 出牌 with ♠3 ♥3 (card picking)
PER_SELECT = 25  # Discord's options per select, and its rows per message below
ROWS = 5
PASS_WARNING = tr_in(SOURCE, "确定不胡吗？过了这张牌就不能再胡（漏胡/臭胡）")  # shown as tr(PASS_WARNING)


def choice(action: Action, index: int, prefix_len: int) -> str:
    # The code is the readable choice; a code too long for the custom id falls back to its index, which
    # is just as exact because the version pins the legal-action list.
    return action.code if prefix_len + len(action.code) <= MAX_CUSTOM_ID else f"#{index}"


def button_style(named: ActionName) -> discord.ButtonStyle:
    if named.role == WIN_ROLE:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.secondary if named.role == PASS_ROLE else discord.ButtonStyle.primary


def _layout(named: list[ActionName]) -> tuple[list[int], list[list[int]]]:
    """Indexes of the legal actions as buttons (a group of one) and as selects (≤25 each). When that
    needs more than five rows, everything goes into selects, single decisions first, each group together."""
    by_group: dict[str, list[int]] = {}
    for i, n in enumerate(named):
        by_group.setdefault(n.group, []).append(i)
    buttons = [g[0] for g in by_group.values() if len(g) == 1]
    lists = [g for g in by_group.values() if len(g) > 1]
    chunks = [g[k:k + PER_SELECT] for g in lists for k in range(0, len(g), PER_SELECT)]
    if -(-len(buttons) // ROWS) + len(chunks) <= ROWS:
        return buttons, chunks
    flat = buttons + [i for g in lists for i in g]
    return [], [flat[k:k + PER_SELECT] for k in range(0, len(flat), PER_SELECT)]


def action_view(table: Table, seat: int, page: int = 0,
                emoji_of: Callable[[Action], discord.PartialEmoji | None] | None = None) -> discord.ui.View | None:
    """Buttons for single choices (胡/碰/过), selects for many (which card, which 吃), in the groups the
    engine names: ≤5 rows, ≤25 per select; past that, pages of four selects and a row to turn them.
    ``emoji_of``: the family's card emoji for an action (its button or option carries it), if any."""
    game = table.game
    s = table.seats[seat]
    view = Controls()
    if s.auto:
        view.add_item(AutoOffButton(table.id, seat))
        return view
    if game is None or game.finished or seat not in game.to_act():
        return None
    legal = game.legal_actions(seat)
    named = [name_action(game, a) for a in legal]
    can_win = any(n.role == WIN_ROLE for n in named)
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")

    def pick(i: int, prefix_len: int) -> str:
        return ASK_PASS if named[i].role == PASS_ROLE and can_win else choice(legal[i], i, prefix_len)

    buttons, chunks = _layout(named)
    pages = 1 if len(chunks) <= ROWS else -(-len(chunks) // (ROWS - 1))
    page = min(max(page, 0), pages - 1)
    first = 0 if pages == 1 else page * (ROWS - 1)
    shown = chunks if pages == 1 else chunks[first:first + ROWS - 1]
    for n, i in enumerate(buttons):
        view.add_item(ActionButton(table.id, table.version, seat, pick(i, prefix), label=action_words(table.variant.family, named[i])[:80],
                                   style=button_style(named[i]), row=n // ROWS,
                                   emoji=emoji_of(legal[i]) if emoji_of else None))
    first_select_row = -(-len(buttons) // ROWS)
    for n, chunk in enumerate(shown):
        opts = [discord.SelectOption(label=action_words(table.variant.family, named[i])[:100], value=pick(i, 0)[:100],
                                     emoji=emoji_of(legal[i]) if emoji_of else None) for i in chunk]
        groups = {named[i].group for i in chunk}
        what = tr(groups.pop()) if len(groups) == 1 else tr("操作")
        placeholder = tr("选择{what}…（{first}–{last}）", what=what, first=chunk[0] + 1, last=chunk[-1] + 1) \
            if pages > 1 else tr("选择{what}…", what=what)
        view.add_item(ActionSelect(table.id, table.version, seat, first + n, options=opts,
                                   placeholder=placeholder, row=first_select_row + n))
    if pages > 1:
        if page > 0:
            view.add_item(ActionButton(table.id, table.version, seat, f"{ASK_PAGE}{page - 1}",
                                       label=tr("◀ 上一页（{page}/{pages}）", page=page, pages=pages), style=discord.ButtonStyle.secondary,
                                       row=ROWS - 1))
        if page < pages - 1:
            view.add_item(ActionButton(table.id, table.version, seat, f"{ASK_PAGE}{page + 1}",
                                       label=tr("更多 ▶（{page}/{pages}）", page=page + 2, pages=pages), style=discord.ButtonStyle.secondary,
                                       row=ROWS - 1))
    return view


def discard_view(table: Table, seat: int, family: str, cards: list[str], *,
                 label_of: Callable[[str], str],
                 drawn: str | None = None,
                 mark_of: Callable[[str], str] | None = None,
                 emoji_of: Callable[[Action], discord.PartialEmoji | None] | None = None) -> discord.ui.View | None:
    """One tap to discard: each distinct card the seat may discard as a button carrying its emoji (``cards``: the
    hand in the order it is shown), ``drawn`` (the card just drawn) set apart as 摸切, and each card whose
    discard ``mark_of`` marks (听 and what it waits on) highlighted with those words; the seat's other actions
    (胡, kongs) beside 摸切. Without an emoji a card's button says its name (``label_of``). None when the turn
    has no discards or would not fit Discord's 5 rows of 5 (the generic layout takes it then).

    A card drawn that the hand holds again is the same action as that card's own button: 摸切 carries the
    action's index (``#7``) instead, since Discord refuses two components of one message with one id."""
    game = table.game
    if game is None or game.finished or seat not in game.to_act() or table.seats[seat].auto:
        return None
    legal = game.legal_actions(seat)
    discards = {a.cards[0]: i for i, a in enumerate(legal) if a.kind == "discard" and len(a.cards) == 1}
    if not discards:
        return None
    named = [name_action(game, a) for a in legal]
    apart = drawn if drawn in discards else None
    order = list(dict.fromkeys(c for c in cards if c in discards)) + [c for c in discards if c not in cards]
    # the drawn card stands apart as 摸切; it keeps a button in the hand too when the hand holds another copy
    shown = [c for c in order if c != apart or cards.count(c) > 1]
    others = [i for i, a in enumerate(legal) if i not in discards.values()]
    card_rows = -(-len(shown) // ROWS)
    if card_rows + -(-((1 if apart else 0) + len(others)) // ROWS) > ROWS:
        return None
    book = table.emoji
    can_win = any(n.role == WIN_ROLE for n in named)
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    view = Controls()

    def marked(card: str) -> tuple[str, discord.ButtonStyle]:
        mark = mark_of(card) if mark_of is not None else ""
        return mark, discord.ButtonStyle.primary if mark else discord.ButtonStyle.secondary

    for n, card in enumerate(shown):
        emoji = book.emoji(family, card)
        mark, style = marked(card)
        label = mark if emoji else " · ".join(p for p in (label_of(card), mark) if p)
        i = discards[card]
        view.add_item(ActionButton(table.id, table.version, seat, choice(legal[i], i, prefix), label=label[:80],
                                   style=style, row=n // ROWS, emoji=emoji))
    placed = 0
    if apart is not None:
        i = discards[apart]
        emoji = book.emoji(family, apart)
        mark, style = marked(apart)
        what = tr("摸切") if emoji else tr("摸切 {tile}", tile=label_of(apart))
        code = f"#{i}" if apart in shown else choice(legal[i], i, prefix)
        view.add_item(ActionButton(table.id, table.version, seat, code, label=" · ".join(p for p in (what, mark) if p)[:80],
                                   style=style, row=card_rows, emoji=emoji))
        placed = 1
    for i in others:
        code = ASK_PASS if named[i].role == PASS_ROLE and can_win else choice(legal[i], i, prefix)
        view.add_item(ActionButton(table.id, table.version, seat, code, label=action_words(table.variant.family, named[i])[:80],
                                   style=button_style(named[i]), row=card_rows + placed // ROWS,
                                   emoji=emoji_of(legal[i]) if emoji_of else None))
        placed += 1
    return view
