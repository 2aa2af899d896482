"""Cards and tiles as the application's own emojis: each family's presenter draws its faces once
(:class:`Face`), and each becomes an emoji named by its family, its key and a digest of its pixels
(``mahjong_5m_3fa2c1``), so a face whose drawing changed gets a new name and the old one is known to be stale.

Application emojis (``/applications/{id}/emojis``) need no server permission and show in every server and DM;
:class:`EmojiBook` is what the bot holds of them (filled by ``bot.edge.emoji.sync_emojis``), and a card with no
emoji (creation refused, not yet made) is written as the family's characters instead."""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

import discord
from PIL import Image

SIZE = 128  # Discord shows emojis at most 128 px (48 px on a button, 22 px in a line of text)
KEY = re.compile(r"^[A-Za-z0-9]{1,10}$")
LINE_BUDGET = 900  # characters of emoji text a line may take: a 21-card 字牌 hand, and the panel still fits 2,000
NAME = re.compile(r"^([a-z]{1,12})_([A-Za-z0-9]{1,10})_([0-9a-f]{6})$")


@dataclass(frozen=True)
class Face:
    """One card's face as its family draws it: ``card`` in the family's notation (what views and actions carry),
    ``key`` an ASCII name for it (letters and digits, at most 10: part of the emoji's name), ``image`` the drawing."""

    card: str
    key: str
    image: Image.Image

    def __post_init__(self) -> None:
        if not KEY.match(self.key):
            raise ValueError(f"emoji key {self.key!r}: 1-10 letters or digits")


def face_png(face: Face) -> bytes:
    """The face on a transparent square, as an emoji is shown (tall tiles and cards centred, not stretched)."""
    img = face.image.convert("RGBA")
    img.thumbnail((SIZE, SIZE), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.alpha_composite(img, ((SIZE - img.width) // 2, (SIZE - img.height) // 2))
    out = io.BytesIO()
    canvas.save(out, format="PNG", optimize=True)
    return out.getvalue()


def emoji_name(family: str, face: Face) -> str:
    """``<family>_<key>_<digest>``: the digest is of the pixels (not the PNG bytes, which an encoder update
    changes), so the same drawing keeps its emoji across restarts and versions."""
    img = face.image.convert("RGBA")
    digest = hashlib.sha256(f"{img.size}".encode() + img.tobytes()).hexdigest()[:6]
    return f"{family[:12]}_{face.key}_{digest}"


def parse_name(name: str) -> tuple[str, str, str] | None:
    """(family, key, digest) of one of our emoji names; None for any other emoji the application has."""
    found = NAME.match(name)
    return (found.group(1), found.group(2), found.group(3)) if found else None


class EmojiBook:
    """The card emojis the application has: (family, card) → emoji. Empty until start-up has synced them (and for
    good where Discord refused), so every reader falls back to the family's own characters."""

    def __init__(self) -> None:
        self._emoji: dict[tuple[str, str], discord.PartialEmoji] = {}

    def add(self, family: str, card: str, name: str, emoji_id: int) -> None:
        self._emoji[(family, card)] = discord.PartialEmoji(name=name, id=emoji_id)

    def clear(self) -> None:
        self._emoji.clear()

    def __len__(self) -> int:
        return len(self._emoji)

    def emoji(self, family: str, card: str) -> discord.PartialEmoji | None:
        """The card's emoji for a button or a select option; None: none (use the card's words)."""
        return self._emoji.get((family, card))

    def inline(self, family: str, card: str) -> str | None:
        """The card's emoji in message text (``<:name:id>``); None: none."""
        e = self._emoji.get((family, card))
        return None if e is None else str(e)

    def line(self, family: str, cards: Iterable[str], budget: int = LINE_BUDGET) -> str | None:
        """Cards as one line of emojis; None unless every card has one (a half-emoji line reads worse than words)
        and the line keeps within ``budget`` characters (each emoji is ~40 in the text, of a message's 2,000)."""
        parts = [self.inline(family, c) for c in cards]
        if any(p is None for p in parts):
            return None
        text = "".join(p for p in parts if p)
        return text if len(text) <= budget else None
