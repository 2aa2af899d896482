"""麻将's turn on Discord: one tap to discard. The hand's tiles are buttons carrying their tile emoji (one per
distinct tile: 14 fit in three rows), the tile just drawn stands apart as 摸切, and with 听牌提示 on, a tile whose
discard keeps the hand 听 is marked with what it would then wait on. 胡 and the kongs sit beside 摸切; a claim
window (吃/碰/杠/胡/过) and 长沙's one-seat steps keep the generic layout, their buttons carrying the tile too.

Ids are the generic ones (``ht:b:<table>:<version>:<seat>:discard:5m``); 摸切 of a tile the hand holds again is
the same action as that tile's button, so it carries the action's index (``#7``) instead: Discord refuses two
components of one message with the same id."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import discord

from engine.core import Action, Game
from engine.mahjong.game import MahjongGame
from engine.mahjong.tiles import KINDS, tile_id, tile_str
from engine.mahjong.views import MahjongSeatView

from ...i18n import current_lang, tr
from ...present.controls import action_view, discard_view
from .words import is_tile, tile_word, tiles_text

if TYPE_CHECKING:
    from ...pictures.emoji import EmojiBook
    from ...service.table import Table

FAMILY = "mahjong"


def tile_gloss(tiles: list[str]) -> str:
    """Tiles inside a control's label, where no emoji can go: 三六万 in Chinese, the ASCII keys (``3m 6m``) in
    English, which mahjong players read in any language."""
    ordered = sorted((t for t in tiles if is_tile(t)), key=tile_id)
    if current_lang() == "en":
        return " ".join(ordered)
    return tiles_text(ordered)


def tile_label(tile: str) -> str:
    """A tile's button label when it has no emoji: 五万, in English ``5m``."""
    return tile if current_lang() == "en" else tile_word(tile)


def waits_after(game: Game, hand: list[str], tile: str) -> list[str]:
    """The tiles the hand would wait on after discarding ``tile`` (empty: not 听), by the variant's own checker
    and wildcard, as the seat's view counts its ``waits``."""
    if not isinstance(game, MahjongGame):
        return []
    counts = [0] * KINDS
    for t in hand:
        counts[tile_id(t)] += 1
    counts[tile_id(tile)] -= 1
    wild = 0
    if game.rules.wild is not None:
        wild, counts[game.rules.wild] = counts[game.rules.wild], 0
    if (sum(counts) + wild) % 3 != 1:
        return []
    return [tile_str(t) for t in game.rules.checker.waits(counts, wild)]


def action_emoji(book: EmojiBook, action: Action) -> discord.PartialEmoji | None:
    """The emoji of the tile an action names (碰 五万 → 5m); None for one naming none, or without emoji."""
    tiles = [c for c in action.cards if is_tile(c)]
    return book.emoji(FAMILY, tiles[0]) if tiles else None


def mahjong_controls(table: Table, game: Game, private: MahjongSeatView, seat: int, *, deciding: bool,
                     page: int) -> discord.ui.View | None:
    """One tap on the own turn; anything else (a claim window, 长沙's steps, 托管) as the generic layout, its
    buttons and options carrying their tile."""
    emoji_of = partial(action_emoji, table.emoji)
    if deciding and isinstance(private, MahjongSeatView):
        hand = sorted((t for t in private.hand if is_tile(t)), key=tile_id)

        def mark(tile: str) -> str:
            waits = waits_after(game, hand, tile)
            return tr("听 {tiles}", tiles=tile_gloss(waits)) if waits else ""

        hinted = bool(table.bot_options.get("hints", True))
        view = discard_view(table, seat, FAMILY, hand, label_of=tile_label,
                            drawn=private.drawn if is_tile(private.drawn) else None,
                            mark_of=mark if hinted else None, emoji_of=emoji_of)
        if view is not None:
            return view
    return action_view(table, seat, page, emoji_of)
