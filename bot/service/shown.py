"""Which picture each message shows, Components V2 messages included (``bot.pictures.uploads.Shown`` for the rest).

A V2 message shows its picture in a media gallery, and Discord resolves ``attachment://`` only against the files of
the same request. An edit keeping a V2 message's picture therefore names it by the address Discord gave the
attachment (read from the message it answered with): nothing is uploaded again, as for a classic message. Where the
address is not known (after a restart, or no message came back) the picture goes with the edit again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..pictures import uploads

if TYPE_CHECKING:
    from ..present.panel import Panel


def without_picture(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The same message without its picture: no file, no embed image, no media gallery naming one."""
    out = uploads.without_picture(kwargs)
    without = getattr(out.get("view"), "without_picture", None)
    if without is not None:  # a V2 layout (present/layout.LayoutPanel)
        out["view"] = without()
    return out


def picture_address(message: Any, filename: str) -> str | None:
    """The address Discord gave the message's attachment ``filename`` (None if it holds none by that name)."""
    for a in getattr(message, "attachments", None) or []:
        if getattr(a, "filename", None) == filename:
            return str(a.url)
    return None


class Shown(uploads.Shown):
    """message id → the picture it shows, and for a V2 message the address it has there."""

    def __init__(self, limit: int = uploads.SHOWN_LIMIT) -> None:
        super().__init__(limit)
        self._addresses: dict[int, str] = {}

    def edit_kwargs(self, panel: Panel, message_id: int | None) -> dict[str, Any]:
        pic = panel.picture
        if panel.layout is None or pic is None or message_id is None or self.showing(message_id) != pic.digest:
            return super().edit_kwargs(panel, message_id)
        address = self._addresses.get(message_id)
        if address is not None:
            return panel.kwargs(address)  # the picture it holds, named by its address: nothing uploaded
        kwargs = panel.kwargs()  # its address unknown: the picture goes with the edit again
        kwargs["attachments"] = [pic.file()]
        return kwargs

    def record(self, message_id: int | None, panel: Panel, *, sent: bool = True, message: Any = None) -> None:
        """As ``uploads.Shown.record``; ``message``: the message Discord answered with (it gives the address)."""
        if message_id is not None:
            pic = panel.picture
            address = picture_address(message, pic.filename) if pic is not None and sent else None
            if address is not None:
                self._addresses.pop(message_id, None)
                self._addresses[message_id] = address
                while len(self._addresses) > self.limit:
                    self._addresses.pop(next(iter(self._addresses)))
            elif (pic is None or self.showing(message_id) != pic.digest or not sent or message is not None):
                self._addresses.pop(message_id, None)
        super().record(message_id, panel, sent=sent)
