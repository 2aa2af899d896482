"""A rendered message, as the outboxes send and edit it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from ..pictures import Picture
from . import layout as v2
from .layout import Block, Layout, Text, rows_of


@dataclass(slots=True)
class Panel:
    """A rendered message: text, optional embed and view, or a Components V2 ``layout`` (then no text, embed or
    view of its own: the layout is all of it). ``signature`` detects no-op re-renders."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    picture: Picture | None = None  # a PNG sent with it (bot/pictures: uploaded again only when it changes)
    layout: Layout | None = None

    @property
    def signature(self) -> str:
        pic = self.picture.digest if self.picture else ""
        if self.layout is not None:
            return f"v2|{self.layout.signature}|{pic}"
        ids = [getattr(c, "custom_id", "") for c in self.view.children] if self.view else []
        desc = self.embed.description if self.embed else ""
        return f"{self.content}|{desc}|{ids}|{pic}"

    def text(self) -> str:
        """The message's words (a layout's text displays, or the content and the embed's)."""
        if self.layout is not None:
            return self.layout.text()
        parts = [self.content or ""]
        if self.embed is not None:
            parts += [self.embed.title or "", self.embed.description or ""]
        return "\n".join(p for p in parts if p)

    def kwargs(self, picture_url: str | None = None) -> dict[str, Any]:
        """The message's arguments. A layout shows its picture at ``picture_url``, by default the file sent with
        the request (``attachment://``); content and embeds are cleared, which a message that was classic before
        needs to become V2."""
        if self.layout is not None:
            url = picture_url or (f"attachment://{self.picture.filename}" if self.picture is not None else None)
            return {"content": None, "embed": None, "view": self.layout.view(url)}
        return {"content": self.content, "embed": self.embed, "view": self.view}

    def laid_out(self) -> Panel:
        """The same message as a Components V2 layout: for a message that is V2 already (a DM panel), which Discord
        keeps V2 whatever an edit sends."""
        if self.layout is not None:
            return self
        blocks: list[Block] = []
        if self.embed is not None and self.embed.title:
            blocks.append(Text(f"### {self.embed.title}"))
        if self.content:
            blocks.append(Text(self.content))
        if self.embed is not None and self.embed.description:
            blocks.append(Text(self.embed.description))
        if self.picture is not None:
            blocks.append(v2.Picture())
        return Panel(layout=Layout([*blocks, *rows_of(self.view)]), picture=self.picture)
