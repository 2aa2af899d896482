"""How every interaction is taken in and how it fails, in one place instead of a wrapper around each handler.

:func:`admit` runs first for every slash command (the tree's ``interaction_check``) and every persistent control
(``Control.interaction_check``): it speaks the user's language for the rest of the interaction's task (each
interaction runs in a task of its own, so nothing is to be undone), counts the interaction in flight, remembers
the user's locale and applies the per-user limits (``bot/service/limits.py``): a request over its limit is
answered privately there (:class:`Limited`, saying when to try again) and goes no further. :func:`on_error` is
the tree's ``on_error``, which component failures reach too: a refusal (:class:`Denied`, a command's
:class:`Cooling`) becomes a private error in the user's language, any other failure a logged private apology.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord import app_commands

from ..i18n import lang_of, speak, tr

log = logging.getLogger(__name__)

ECHO_CHARS = 50  # of a player's own input repeated in a refusal
MAX_CONTENT = 2000  # Discord's limit of a message's text


class Denied(Exception):
    """A request refused with a private, human-readable reason; nothing was changed."""


class Limited(Denied):
    """A request refused by a per-user limit before any handler ran; the reason says when to try again."""


class Cooling(app_commands.CommandOnCooldown):
    """A slash command on its per-user cooldown (discord.py's error, as its checks raise it), with the moment it
    may be used again as the service's clock tells it (``until``, Unix seconds)."""

    def __init__(self, cooldown: app_commands.Cooldown, retry_after: float, *, until: int) -> None:
        super().__init__(cooldown, retry_after)
        self.until = until


@dataclass(frozen=True, slots=True)
class About:
    """What an interaction asks about, as the edge reads it before any handler: which table (the one a control
    names, or for a ``/table`` command the channel's), whether it is a click (the click bucket) or a command,
    and for a click that plays (``plays``: act, pick, hand) the state version and seat its id carries."""

    table_id: int | None = None
    channel_table: bool = False
    click: bool = True
    plays: str | None = None
    version: int | None = None
    seat: int | None = None


def echoed(typed: Any) -> str:
    """A player's input as a refusal repeats it: its first 50 characters and "…", so the answer to the longest
    input (a slash option holds 6,000) still fits Discord's 2,000 characters."""
    text = str(typed)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


class Admitting(Protocol):
    """What the table service does for every interaction it may be asked about (``TableService.admit``)."""

    async def admit(self, interaction: discord.Interaction[Any], about: About | None = None) -> None: ...


async def admit(interaction: discord.Interaction[Any], about: About | None = None) -> bool:
    """Take an interaction in: the user's language for everything said privately to them (refusals, ephemeral
    replies, the clicked DM panel), their locale remembered on every seat they hold, the interaction counted
    in flight until its task ends, and the user's limits applied. False: over a limit, and already answered so
    privately (discord.py drops a control whose check fails without a word, so the answer is given here)."""
    speak(lang_of(interaction.locale))
    task = asyncio.current_task()
    if task is not None:
        task.add_done_callback(lambda _: let_go(interaction))
    service: Admitting | None = getattr(interaction.client, "service", None)
    if service is None:
        return True
    try:
        await service.admit(interaction, about)
    except Limited as refusal:
        await on_error(interaction, refusal)
        return False
    except Exception:
        log.exception("interaction %s not admitted cleanly; it is handled all the same", interaction.id)
    return True


def let_go(interaction: discord.Interaction[Any]) -> None:
    """The interaction's task has ended: its answer is no longer asked for. discord.py keeps the answer
    (``interaction.response``) on the interaction and the interaction on the answer, a reference cycle holding
    the clicked message, its channel and users, that only a full collection would free: undone here, the whole
    interaction is freed when its task lets go of it."""
    with contextlib.suppress(AttributeError):
        delattr(interaction, "_cs_response")  # (discord.py's cache of the property)


async def deny(interaction: discord.Interaction[Any], message: str) -> None:
    """A private error: the interaction's answer, or a follow-up if it was answered (or deferred) already."""
    text = f"⚠️ {message}"
    if len(text) > MAX_CONTENT:  # a refusal echoes input shortened (echoed); this is the last guard
        text = text[:MAX_CONTENT - 1] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def on_error(interaction: discord.Interaction[Any], error: Exception) -> None:
    """The one error handler, in the user's language (:func:`admit` set it): a :class:`Denied` is told privately
    as it is, anything else is logged and answered with a private apology. Nothing changed in either case: a
    handler refuses before it changes anything, and a failed write rebuilds its table from the log."""
    if isinstance(error, app_commands.CommandInvokeError):  # a command's own exception, as the tree wraps it
        error = error.original if isinstance(error.original, Exception) else error
    if isinstance(error, Cooling):
        error = Limited(tr("这个命令用得太频繁了，请 <t:{at}:R> 再用。这次没有生效，什么也没有改变。", at=error.until))
    if isinstance(error, Denied):
        try:
            await deny(interaction, str(error))
        except discord.HTTPException:
            log.warning("refusal of interaction %s not delivered", interaction.id, exc_info=True)
        return
    log.error("handler failed", exc_info=error)
    with contextlib.suppress(discord.HTTPException):
        await deny(interaction, tr("出错了，操作未生效。"))
