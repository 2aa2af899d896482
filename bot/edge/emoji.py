"""Start-up's part of the card emojis: make the application's emojis match what the presenters draw, creating
only the missing or changed ones (by name, which carries a digest of the drawing) and deleting our stale ones,
then fill the :class:`~bot.pictures.emoji.EmojiBook` the presenters read. Discord's refusals leave the cards
affected without an emoji (their text falls back); they never stop the bot."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from ..pictures.emoji import EmojiBook, Face, emoji_name, face_png, parse_name

log = logging.getLogger(__name__)


async def sync_emojis(client: discord.Client, book: EmojiBook, faces: Iterable[tuple[str, Face]]) -> int:
    """Bring the application's card emojis in line with ``faces`` ((family, face) pairs); returns how many it
    created. One list call when nothing changed."""
    wanted = {emoji_name(family, face): (family, face) for family, face in faces}
    try:
        have = {e.name: e for e in await client.fetch_application_emojis()}
    except discord.HTTPException as e:
        log.warning("card emojis unavailable, cards are written as text: %s", e)
        return 0
    created = 0
    for name, (family, face) in wanted.items():
        emoji = have.get(name)
        if emoji is None:
            try:
                emoji = await client.create_application_emoji(name=name, image=face_png(face))
            except discord.HTTPException as e:
                log.warning("emoji %s not created (%s): that card stays text", name, e)
                continue
            created += 1
        book.add(family, face.card, emoji.name, emoji.id)
    families = {family for family, _ in wanted.values()}
    for name, emoji in have.items():
        ours = parse_name(name)
        # a drawing that changed leaves its old emoji behind: ours (our family, our pattern) and not wanted
        if ours is not None and ours[0] in families and name not in wanted:
            try:
                await emoji.delete()
            except discord.HTTPException as e:
                log.warning("stale emoji %s not deleted: %s", name, e)
    return created
