"""The live tables of one process, each under its own lock, the work in flight on them, and the language each
audience of a table reads. The service's parts are handed this (the ``TableService`` is one) instead of
importing the service, which imports them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine, Iterator
from typing import Any

import discord

from ..edge.errors import Denied
from ..i18n import Lang, lang_of, tr
from ..pictures.emoji import EmojiBook
from .heap import Heap
from .table import Table


class Registry:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        # handlers, timeouts and carrying-on running now: TableService.idle waits for none to be left
        self.inflight = 0
        self.emoji = EmojiBook()  # the cards' application emojis, once start-up has synced them
        self.heap = Heap()  # frozen again after every so many tables started

    def register(self, table: Table) -> None:
        table.emoji = self.emoji  # its panels draw cards with them
        self.tables[table.id] = table
        if table.status != "ended":
            self.by_channel[table.channel_id] = table.id

    def forget(self, table_id: int) -> Table | None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            self.release(table)
        return table

    def release(self, table: Table) -> None:
        """The table's channel is free for a new table (it ended)."""
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]

    def table_in(self, channel_id: int | None) -> Table | None:
        tid = self.by_channel.get(channel_id or 0)
        return self.tables.get(tid) if tid is not None else None

    @contextlib.asynccontextmanager
    async def locked(self, table_id: int, gone: str | None = None) -> AsyncIterator[Table]:
        """Hold the table's lock and yield the table object that is current once it is held.

        Every check that decides whether a click may act belongs inside: while a click waited, the table may
        have started, ended, moved on, or been rebuilt from the log (a new object that shares the lock), so
        an object fetched before waiting is not to be trusted."""
        gone = gone or tr("这张牌桌已经结束或不存在。")
        while True:
            table = self.tables.get(table_id)
            if table is None:
                raise Denied(gone)
            lock = table.lock
            async with lock:
                current = self.tables.get(table_id)
                if current is None:
                    raise Denied(gone)
                if current.lock is not lock:  # replaced with a lock of its own: wait on that one instead
                    continue
                yield current
                return

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """Count the work inside as in flight."""
        self.inflight += 1
        try:
            yield
        finally:
            self.inflight -= 1

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Run ``work`` as a task of its own, in flight from now until it ends."""
        self.inflight += 1
        task = asyncio.get_running_loop().create_task(work, name=name)
        task.add_done_callback(self._landed)
        return task

    def _landed(self, _: object) -> None:
        self.inflight -= 1

    # -- languages ------------------------------------------------------------------------------------

    def channel_lang(self, table: Table) -> Lang:
        """The language of the table's channel messages: the guild's preferred locale."""
        guild = self.client.get_guild(table.guild_id)
        return lang_of(guild.preferred_locale if guild is not None else None)

    def seat_lang(self, table: Table, seat: int) -> Lang:
        """The language of a seat's DMs: its player's locale, else the guild's."""
        locale = table.seats[seat].locale if seat < len(table.seats) else None
        return lang_of(locale) if locale else self.channel_lang(table)

    @staticmethod
    def public_lang(interaction: discord.Interaction[Any]) -> Lang:
        """The language of a reply the whole channel sees (a lobby, a vote, a leaderboard): the guild's."""
        return lang_of(interaction.guild_locale)
