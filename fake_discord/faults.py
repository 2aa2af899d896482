"""Failures of REST calls as Discord and the network produce them, injected on purpose or answered where Discord
would answer so (a closed DM is 403 / 50007, a gone message 404 / 10008)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import aiohttp
import discord

REASONS = {503: "Service Unavailable", 500: "Internal Server Error", 404: "Not Found", 403: "Forbidden",
           400: "Bad Request"}


@dataclass
class Response:
    """What discord.py's HTTP exceptions read of an aiohttp response."""

    status: int
    reason: str


def http_error(status: int, code: int, message: str, *, reason: str | None = None) -> discord.HTTPException:
    """discord.py's own exception for this answer (Forbidden for 403, NotFound for 404, DiscordServerError for
    5xx, HTTPException otherwise) from a response and a JSON body, exactly as ``HTTPClient.request`` builds it."""
    cls = {403: discord.Forbidden, 404: discord.NotFound}.get(status)
    if cls is None:
        cls = discord.DiscordServerError if status >= 500 else discord.HTTPException
    return cls(Response(status, reason or message), {"code": code, "message": message})


@dataclass(slots=True)
class Fault:
    """One injected failure of a REST call.

    ``status``/``code`` make the exception :func:`http_error` makes. ``network`` raises a connection reset
    instead. ``hang`` holds the request until the test sets the event (what a 429 looks like from above:
    discord.py sleeps the retry_after inside the request), then it goes through."""

    status: int = 503
    code: int = 0
    message: str = "Service Unavailable"
    network: bool = False
    hang: asyncio.Event | None = None
    times: int | None = 1  # None: every matching call fails (a deleted channel stays deleted)
    hits: int = 0

    def exception(self) -> Exception:
        if self.network:
            return aiohttp.ClientOSError(104, "Connection reset by peer")
        return http_error(self.status, self.code, self.message)


# (method or "*", channel id or None: any channel, the fault)
Injected = tuple[str, int | None, Fault]


async def strike(faults: list[Injected], method: str, channel_id: int | None) -> None:
    """Fail or hold a REST call as the first matching fault says, consuming it once it has struck ``times``
    times (faults are consumed in the order they were added); nothing happens when none matches."""
    for entry in faults:
        wanted, channel, fault = entry
        if wanted not in ("*", method) or (channel is not None and channel != channel_id):
            continue
        fault.hits += 1
        if fault.times is not None and fault.hits >= fault.times:
            faults.remove(entry)
        if fault.hang is not None:
            await fault.hang.wait()
            return
        raise fault.exception()
