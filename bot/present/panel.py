"""A rendered message, as the outboxes send and edit it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from ..pictures import Picture


@dataclass(slots=True)
class Panel:
    """A rendered message: text, optional embed and view. ``signature`` detects no-op re-renders."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    picture: Picture | None = None  # a PNG sent with it (bot/pictures: uploaded again only when it changes)

    @property
    def signature(self) -> str:
        ids = [getattr(c, "custom_id", "") for c in self.view.children] if self.view else []
        desc = self.embed.description if self.embed else ""
        return f"{self.content}|{desc}|{ids}|{self.picture.digest if self.picture else ''}"

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view}
