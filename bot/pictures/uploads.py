"""Which picture each message already shows, so an edit uploads a picture only when it changed.

discord.py keeps a message's attachments when an edit passes no ``attachments``; passing them replaces them all.
An edit therefore carries the panel's picture only if the message shows another one (or none), and
``attachments=[]`` when the panel has none but the message still shows one (a hand's panel turned into its
"hand over" note). After a restart nothing is known, so the first edit of each message uploads again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..present.panel import Panel

MISSING_PERMISSIONS = 50013  # Discord's answer to files in a channel where the bot may not Attach Files
SHOWN_LIMIT = 8192  # messages remembered: every live table's table message and DM panels, many times over


def picture_of(panel: Panel) -> Any:
    return getattr(panel, "picture", None)


def send_kwargs(panel: Panel, kwargs: dict[str, Any]) -> dict[str, Any]:
    """A new message's arguments with the panel's picture as its file."""
    pic = picture_of(panel)
    if pic is not None:
        kwargs["files"] = [pic.file()]
    return kwargs


def has_picture(kwargs: dict[str, Any]) -> bool:
    return bool(kwargs.get("files") or kwargs.get("attachments"))


def without_picture(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The same message without its picture: no file, and no embed image naming one."""
    out = {k: v for k, v in kwargs.items() if k not in ("files", "attachments")}
    embed = out.get("embed")
    if embed is not None and embed.image.url:
        out["embed"] = embed.copy().set_image(url=None)
    return out


class Shown:
    """message id → digest of the picture it shows (None: none)."""

    def __init__(self, limit: int = SHOWN_LIMIT) -> None:
        self.limit = limit
        self._by_message: OrderedDict[int, str | None] = OrderedDict()
        self.uploads = 0  # pictures sent (new messages and edits that changed the picture)
        self.refused: set[int] = set()  # channels where the bot may not Attach Files: text only there

    def edit_kwargs(self, panel: Panel, message_id: int | None) -> dict[str, Any]:
        """The edit's arguments: the panel's own, plus ``attachments`` only when the picture changes."""
        kwargs = panel.kwargs()
        pic = picture_of(panel)
        had = self._by_message.get(message_id) if message_id is not None else None
        if pic is not None and had != pic.digest:
            kwargs["attachments"] = [pic.file()]
        elif pic is None and had is not None:
            kwargs["attachments"] = []
        return kwargs

    def record(self, message_id: int | None, panel: Panel, *, sent: bool = True) -> None:
        """``message_id`` now shows the panel's picture (after a send or an edit that went through)."""
        if message_id is None:
            return
        pic = picture_of(panel)
        digest = pic.digest if pic is not None else None
        if sent and pic is not None and self._by_message.get(message_id) != digest:
            self.uploads += 1
        self._by_message[message_id] = digest
        self._by_message.move_to_end(message_id)
        if len(self._by_message) > self.limit:
            self._by_message.popitem(last=False)

    def showing(self, message_id: int) -> str | None:
        return self._by_message.get(message_id)
