"""跑得快's turn on Discord: a 16-card hand and its plays do not fit in buttons, so the player picks the cards of a play
from a multi-select of the hand and confirms with 出牌; the engine names the play (``classify``) or refuses it with
its reason. Beside 出牌 sit quick picks for the likeliest plays, named by the engine.

The pick itself is kept nowhere on the server: the select's answer is the panel again with the picked cards chosen
and an 出牌 button whose custom id carries them (``=S3H3``, at most 16 × 3 characters), so 出牌 needs nothing but its
own id, and a restart loses at most a pick not yet confirmed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from engine.core import PASS_ROLE, Action, Game, IllegalAction, name_action
from engine.paodekuai.cards import CARD_OF, RANKS, SIGNED
from engine.paodekuai.game import play_msg, play_of
from engine.paodekuai.views import PaodekuaiSeatView
from engine.words import Card, Cards, Msg

from ...edge.components import MAX_CUSTOM_ID, ActionButton, CardSelect, Controls
from ...i18n import tr
from ...present.controls import PLAY_CARDS
from ...present.words import action_words

if TYPE_CHECKING:
    from ...service.table import Table

CARD = re.compile(r"[SHCD](?:10|[2-9JQKA])")
PER_SELECT = 25
FAMILY = "paodekuai"


def pack(cards: Sequence[str]) -> str:
    return "".join(cards)


def unpack(text: str) -> list[str]:
    """``S3H10CA`` → ``["S3", "H10", "CA"]``; text that is not a run of card codes comes back whole, so the
    engine refuses it in its own words (没有这张牌)."""
    cards = CARD.findall(text)
    return cards if pack(cards) == text else [text]


def signed(code: str) -> str:
    """A card in notation as the table shows it (``S10`` → ``♠10``); what is no card of the deck, as written."""
    return SIGNED[CARD_OF[code]] if code in CARD_OF else code


def card_words(cards: Card | Cards) -> str:
    """The cards an engine message names: cards of the deck by suit sign and rank (♠3 ♥3), a play's ranks as
    players write them (333+48). The same in every language."""
    return cards.zh()


def hand_cards(view: PaodekuaiSeatView) -> list[tuple[str, str]]:
    """(code, as shown) for each card in the seat's hand, in the engine's order (by rank, then ♠♥♣♦)."""
    return [(code, signed(code)) for code in view.hand]


def _rank_of(code: str) -> str:
    return code[1:]


def cards_for(codes: Sequence[str], action: Action) -> list[str]:
    """Concrete cards of ``codes`` (a hand, in the order to take them) making up ``action``'s play."""
    left = list(codes)
    out = []
    for r in play_of(action).ranks():
        code = next(c for c in left if _rank_of(c) == RANKS[r])
        left.remove(code)
        out.append(code)
    return out


def quick_picks(game: Game, seat: int, view: PaodekuaiSeatView) -> list[Action]:
    """The likeliest plays: all the cards in one play, the smallest play that beats (leading: the smallest
    lead), the longest straight when leading, and the pass when it is legal. Bombs only when nothing else
    beats: spending one is never the obvious play."""
    legal = game.legal_actions(seat)
    plays = [(a, play_of(a)) for a in legal if a.kind != "pass"]
    held = len(view.hand)
    picks: list[Action] = [a for a, p in plays if p.size == held][:1]
    if plays:
        def small(ap: tuple[Action, Any]) -> tuple[Any, ...]:
            p = ap[1]
            return (p.kind in ("bomb", "four"), p.main, p.size, p.wings)
        picks.append(min(plays, key=small)[0])
        if view.top is None:
            runs = [(a, p) for a, p in plays if p.kind == "straight"]
            if runs:
                picks.append(max(runs, key=lambda ap: (ap[1].size, -ap[1].main))[0])
    picks += [a for a in legal if a.kind == "pass"]
    out: list[Action] = []
    for a in picks:
        if a not in out:
            out.append(a)
    return out


def preview(game: Any, seat: int, picked: Sequence[str]) -> tuple[Action | None, Msg]:
    """The engine's reading of the picked cards: (the play, its name) or (None, why it cannot go)."""
    try:
        action = game.classify(list(picked), seat)
    except IllegalAction as e:
        return None, e.msg
    return action, play_msg(play_of(action))


def _choice(action: Action, legal: list[Action], prefix_len: int) -> str:
    # as the generic panel: the readable code, or its index in the legal list the version pins
    if prefix_len + len(action.code) <= MAX_CUSTOM_ID:
        return action.code
    return f"#{legal.index(action)}"


def card_view(table: Table, game: Game, seat: int, view: PaodekuaiSeatView, picked: Sequence[str]) -> discord.ui.View:
    """Row 1: the hand as a multi-select (picked cards chosen); row 2: 出牌 and the quick picks."""
    dview = Controls()
    held = {code for code, _ in hand_cards(view)}
    chosen = [c for c in picked if c in held]
    # each card its emoji beside its sign (♠10): the face reads at a glance, the sign where emoji are missing
    options = [discord.SelectOption(label=shown, value=code, default=code in chosen,
                                    emoji=table.emoji.emoji(FAMILY, code))
               for code, shown in hand_cards(view)][:PER_SELECT]
    if options:
        dview.add_item(CardSelect(table.id, table.version, seat, options=options,
                                  placeholder=tr("选择要出的牌（可多选）…"), row=0))
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    label = tr("出牌")
    if chosen:
        action, said = preview(game, seat, chosen)
        if action is not None:
            label = tr("出牌：{play}", play=table.say(said))[:80]
    confirm = PLAY_CARDS + pack(chosen)
    assert prefix + len(confirm) <= MAX_CUSTOM_ID  # 16 cards × 3 characters at most
    dview.add_item(ActionButton(table.id, table.version, seat, confirm, label=label,
                                style=discord.ButtonStyle.success, row=1, disabled=not chosen))
    legal = game.legal_actions(seat)
    for action in quick_picks(game, seat, view)[:4]:
        named = name_action(game, action)
        style = discord.ButtonStyle.secondary if named.role == PASS_ROLE else discord.ButtonStyle.primary
        dview.add_item(ActionButton(table.id, table.version, seat, _choice(action, legal, prefix),
                                    label=action_words(table.variant.family, named)[:80], style=style, row=1))
    return dview
