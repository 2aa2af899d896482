"""What the fake keeps of the bot's traffic: each request (:class:`Call`) and each interaction awaiting its
answers (:class:`PendingInteraction`); a request it cannot model is an :class:`UnknownRoute`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from .layout import texts
from .uploads import Upload


class UnknownRoute(AssertionError):
    """The bot called a route the fake does not model: a test must notice, not pass silently."""


@dataclass(slots=True)
class Call:
    """One recorded request: where it went and the JSON body discord.py built."""

    method: str
    path: str
    url: str
    body: dict[str, Any] | None
    channel_id: int | None = None  # the channel a message went to (resolved for interaction replies)
    ephemeral: bool = False
    kind: str = "rest"  # "rest" | "interaction"
    at: float = 0.0
    sent: Any = None  # the request body as sent, when it differs from ``body`` (a callback's {type, data})
    files: list[Upload] = field(default_factory=list)  # the files uploaded with it (multipart)


@dataclass
class PendingInteraction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None
    fed_at: float
    responded: asyncio.Future[float]
    replies: list[dict[str, Any]] = field(default_factory=list)

    @property
    def first(self) -> dict[str, Any]:
        return self.replies[0] if self.replies else {}

    def text(self) -> str:
        """All reply content and embed text of this interaction, for assertions."""
        return "\n".join(payload_text(p) for p in self.replies)

    @property
    def ephemeral(self) -> bool:
        return bool(self.replies) and bool(self.replies[0].get("flags", 0) & 64)


def payload_text(p: dict[str, Any]) -> str:
    """The words of one message body or stored message, the one reader for both kinds: a Components V2 message's
    text displays in order (it has no content or embeds); a classic one's content, then each embed's title,
    description and fields (and any text display it holds, none today)."""
    parts = [p.get("content") or ""]
    for e in p.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
    parts += texts(p.get("components"))
    return "\n".join(x for x in parts if x)
