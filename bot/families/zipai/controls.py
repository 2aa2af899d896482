"""字牌's turn on Discord: one tap to discard where the hand's free cards fit as buttons (at most twenty faces, 小一 to
大拾, so four rows and a row for the rest), each carrying its card's emoji; otherwise, and in a claim window, the
generic layout whose buttons and select options carry the card too. English reads a card without its emoji by the
pictures' ASCII keys (``x3`` 小三, ``D3`` 大叁)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import discord

from engine.core import Action, Game
from engine.zipai.views import ZipaiSeatView

from ...i18n import current_lang
from ...present.controls import action_view, discard_view
from .pictures import ascii_face
from .words import faces, hand_groups, is_hand

if TYPE_CHECKING:
    from ...pictures.emoji import EmojiBook
    from ...service.table import Table

FAMILY = "zipai"


def card_label(card: str) -> str:
    return ascii_face(card) if current_lang() == "en" else faces(card)


def action_emoji(book: EmojiBook, action: Action) -> discord.PartialEmoji | None:
    """The emoji of the one card an action names (打 / 碰 / 跑 五); None for several (a 吃's groups) or none."""
    return book.emoji(FAMILY, action.cards[0]) if len(action.cards) == 1 and len(action.cards[0]) == 1 else None


def zipai_controls(table: Table, game: Game, private: ZipaiSeatView, seat: int, *, deciding: bool,
                   page: int) -> discord.ui.View | None:
    emoji_of = partial(action_emoji, table.emoji)
    cards = list(private.hand)
    if deciding and is_hand(cards):
        shown = [c for text, _, _ in hand_groups(cards) for c in text]  # as the hand line groups them
        view = discard_view(table, seat, FAMILY, shown, label_of=card_label, emoji_of=emoji_of)
        if view is not None:
            return view
    return action_view(table, seat, page, emoji_of)
