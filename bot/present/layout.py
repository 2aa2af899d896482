"""A message laid out for a phone with Discord's Components V2 (``discord.ui.LayoutView``): one container holding the
picture inline, the state in short text sections and the controls beside what they act on.

A :class:`Layout` is the message as blocks, kept apart from the discord.py view it becomes: the view is built when
the message is sent, once the picture's address is known (``attachment://`` for a picture uploaded with the request,
or the address of the one the message already holds, so an unchanged picture is not uploaded again), and without the
picture where the channel refuses files. Its words read the same whatever becomes of the picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from ..edge.components import unhooked

MAX_COMPONENTS = 40  # Discord's limit for a V2 message, nested components counted
MAX_TEXT = 4000  # characters of all its text displays together
SECTION_TEXTS = 3  # text displays beside one accessory


@dataclass(frozen=True, slots=True)
class Text:
    """Words in a text display (markdown; ``-# `` for the small print)."""

    content: str


@dataclass(frozen=True, slots=True)
class Rule:
    """A thin line between parts."""


@dataclass(frozen=True, slots=True)
class Picture:
    """The message's picture, inline (a media gallery of one); nothing where the message has none."""

    description: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """A row of controls (≤ 5 buttons, or one select)."""

    items: tuple[discord.ui.Item[Any], ...]


@dataclass(frozen=True, slots=True)
class Beside:
    """Words with one button beside them (a section): the control next to what it acts on."""

    content: str
    item: discord.ui.Item[Any]


Block = Text | Rule | Picture | Row | Beside


@dataclass(slots=True)
class Layout:
    """A V2 message: its blocks in one container (accent colour ``accent``), then ``below`` outside it."""

    blocks: list[Block]
    accent: discord.Colour | None = None
    below: list[Block] = field(default_factory=list)

    def text(self) -> str:
        """The message's words in order, as a reader (and a screen reader) gets them."""
        return "\n".join(b.content for b in [*self.blocks, *self.below] if isinstance(b, Text | Beside) and b.content)

    @property
    def signature(self) -> str:
        ids = [getattr(i, "custom_id", "") for b in [*self.blocks, *self.below]
               for i in (b.items if isinstance(b, Row) else (b.item,) if isinstance(b, Beside) else ())]
        return f"{self.text()}|{ids}"

    def view(self, picture_url: str | None) -> LayoutPanel:
        """The discord.py view of this layout, the picture at ``picture_url`` (None: no picture)."""
        return LayoutPanel(self, picture_url)


def _fit(blocks: list[Block]) -> list[Block]:
    """Text within Discord's 4,000 characters for the message: the last texts are cut first (the log and the
    small print come last)."""
    room = MAX_TEXT
    out: list[Block] = []
    for b in blocks:
        if isinstance(b, Text | Beside):
            words = b.content[:max(room, 0)]
            room -= len(words)
            if not words.strip():
                if isinstance(b, Beside):  # the control stays, beside a mark instead of words
                    out.append(Beside("·", b.item))
                continue
            out.append(Text(words) if isinstance(b, Text) else Beside(words, b.item))
        else:
            out.append(b)
    return out


class LayoutPanel(discord.ui.LayoutView):
    """A :class:`Layout` as discord.py sends it (the IS_COMPONENTS_V2 flag is set by the library)."""

    def __init__(self, layout: Layout, picture_url: str | None) -> None:
        super().__init__(timeout=None)
        self.layout = layout
        self.picture_url = picture_url
        box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=layout.accent)
        for item in self._items(_fit(layout.blocks)):
            box.add_item(item)
        self.add_item(box)
        for item in self._items(_fit(layout.below)):
            self.add_item(item)
        unhooked(self)  # built for one send: no reference cycles, so freed when the send lets go of it

    def _items(self, blocks: list[Block]) -> list[discord.ui.Item[Any]]:
        out: list[discord.ui.Item[Any]] = []
        for b in blocks:
            if isinstance(b, Text):
                out.append(discord.ui.TextDisplay(b.content))
            elif isinstance(b, Rule):
                out.append(discord.ui.Separator())
            elif isinstance(b, Picture):
                if self.picture_url is not None:
                    out.append(discord.ui.MediaGallery(discord.MediaGalleryItem(
                        self.picture_url, description=(b.description or None) and b.description[:1024])))
            elif isinstance(b, Row):
                if b.items:
                    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
                    for item in b.items:
                        row.add_item(item)
                    out.append(row)
            else:
                out.append(discord.ui.Section(discord.ui.TextDisplay(b.content), accessory=b.item))
        return out

    def without_picture(self) -> LayoutPanel:
        return LayoutPanel(self.layout, None)


def rows_of(view: discord.ui.View | None) -> list[Row]:
    """A classic view's controls as rows, in the rows it put them in (the controls are laid out once, for both
    kinds of message)."""
    if view is None:
        return []
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in view.children:
        rows.setdefault(item._rendered_row or 0, []).append(item)
    return [Row(tuple(items)) for _, items in sorted(rows.items())]


def components(layout: Layout, picture: bool) -> int:
    """How many components the layout sends (Discord's limit is 40, nested ones counted)."""
    return sum(1 for _ in layout.view("attachment://x.png" if picture else None).walk_children())
