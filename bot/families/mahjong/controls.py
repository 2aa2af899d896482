"""麻将's turn on Discord: one tap to discard. The hand's tiles are buttons carrying their tile emoji (one per
distinct tile: 14 fit in three rows), the tile just drawn stands apart as 摸切, and with 听牌提示 on, a tile whose
discard keeps the hand 听 is marked with what it would then wait on. 胡 and the kongs sit beside 摸切; a claim
window (吃/碰/杠/胡/过) and 长沙's one-seat steps keep the generic layout, their buttons carrying the tile too.

Ids are the generic ones (``ht:b:<table>:<version>:<seat>:discard:5m``); 摸切 of a tile the hand holds again is
the same action as that tile's button, so it carries the action's index (``#7``) instead: Discord refuses two
components of one message with the same id."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from engine.core import PASS_ROLE, WIN_ROLE, Action, Game, name_action
from engine.mahjong.game import MahjongGame
from engine.mahjong.tiles import KINDS, tile_id, tile_str
from engine.mahjong.views import MahjongSeatView

from ... import engine_words
from ...edge.components import ActionButton
from ...i18n import current_lang, tr
from ...present.controls import ASK_PASS, ROWS, action_view, button_style, choice
from .words import is_tile, tile_word, tiles_text

if TYPE_CHECKING:
    from ...pictures.emoji import EmojiBook
    from ...service.table import Table

FAMILY = "mahjong"
PER_ROW = 5  # Discord's buttons per row


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


def turn_view(table: Table, game: Game, private: MahjongSeatView, seat: int, *, hinted: bool) -> discord.ui.View | None:
    """The seat's own turn with discards: the tiles as buttons (rows 0–2), then 摸切, 胡 and the kongs. None when
    this is no such turn, or it would not fit Discord's 5 × 5 (the generic layout takes it then)."""
    legal = game.legal_actions(seat)
    named = [name_action(game, a) for a in legal]
    discards = {a.cards[0]: i for i, a in enumerate(legal) if a.kind == "discard" and a.cards and is_tile(a.cards[0])}
    if not discards:
        return None
    hand = [t for t in private.hand if is_tile(t)]
    drawn = private.drawn if is_tile(private.drawn) and private.drawn in discards else None
    order = sorted(discards, key=tile_id)
    # the drawn tile stands apart as 摸切; it keeps a button in the hand too when the hand holds another copy
    tiles = [t for t in order if t != drawn or hand.count(t) > 1]
    others = [i for i, a in enumerate(legal) if i not in discards.values()]
    tile_rows = -(-len(tiles) // PER_ROW)
    extra = (1 if drawn else 0) + len(others)
    if tile_rows + -(-extra // PER_ROW) > ROWS:
        return None
    book = table.emoji
    can_win = any(n.role == WIN_ROLE for n in named)
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    view = discord.ui.View(timeout=None)

    def marks(tile: str) -> tuple[str, discord.ButtonStyle]:
        waits = waits_after(game, hand, tile) if hinted else []
        if not waits:
            return "", discord.ButtonStyle.secondary
        return tr("听 {tiles}", tiles=tile_gloss(waits)), discord.ButtonStyle.primary

    for n, tile in enumerate(tiles):
        emoji = book.emoji(FAMILY, tile)
        mark, style = marks(tile)
        label = mark if emoji else " · ".join(p for p in (tile_label(tile), mark) if p)
        view.add_item(ActionButton(table.id, table.version, seat, choice(legal[discards[tile]], discards[tile], prefix),
                                   label=label[:80], style=style, row=n // PER_ROW, emoji=emoji))
    row = tile_rows
    placed = 0
    if drawn is not None:
        i = discards[drawn]
        emoji = book.emoji(FAMILY, drawn)
        mark, style = marks(drawn)
        what = tr("摸切") if emoji else tr("摸切 {tile}", tile=tile_label(drawn))
        code = f"#{i}" if drawn in tiles else choice(legal[i], i, prefix)
        view.add_item(ActionButton(table.id, table.version, seat, code,
                                   label=" · ".join(p for p in (what, mark) if p)[:80], style=style, row=row,
                                   emoji=emoji))
        placed = 1
    for i in others:
        code = ASK_PASS if named[i].role == PASS_ROLE and can_win else choice(legal[i], i, prefix)
        view.add_item(ActionButton(table.id, table.version, seat, code, label=engine_words.named(named[i])[:80],
                                   style=button_style(named[i]), row=row + placed // PER_ROW,
                                   emoji=action_emoji(book, legal[i])))
        placed += 1
    return view


def mahjong_controls(table: Table, game: Game, private: MahjongSeatView, seat: int, *, deciding: bool,
                     page: int) -> discord.ui.View | None:
    """One tap on the own turn; anything else (a claim window, 长沙's steps, 托管) as the generic layout."""
    if deciding and not table.seats[seat].auto and isinstance(private, MahjongSeatView):
        hinted = bool(table.bot_options.get("hints", True))
        view = turn_view(table, game, private, seat, hinted=hinted)
        if view is not None:
            return view
    return action_view(table, seat, page, lambda a: action_emoji(table.emoji, a))
