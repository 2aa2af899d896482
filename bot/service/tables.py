"""The table service: the registry of live tables and the parts that act on them.

Every command and click the edge hands over goes to one of its parts (lobby, play, history), one asyncio lock
per table. The path of a click (see docs/architecture.md): validate (table, seat owner, state version) ->
engine ``apply`` -> AI / 托管 seats play until a human must decide -> the accepted actions are committed ->
the click is answered (its message becomes the player's fresh panel) -> the turn timer is armed -> delivery
queues the channel's table message and the other players' DMs on the table's outboxes.

The parts are built here and handed what they use (the registry, the store, each other in one direction:
lobby -> play -> delivery and timers); none imports this module. What comes back unasked (a turn timer firing,
a channel found gone) reaches the part that handles it through the callable it was built with.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from storage.db import Database

from ..edge.errors import About
from ..edge.shards import ALL, Shards
from ..present.panel import Panel
from .clock import SYSTEM, Clock
from .delivery import Delivery
from .history import History
from .limits import Limiter, Limits
from .lobby import Lobby
from .play import Play
from .registry import Registry
from .table import Table, table_from_row
from .timers import TurnTimers

log = logging.getLogger(__name__)

__all__ = ["TableService"]


class TableService(Registry):
    def __init__(self, client: discord.Client, db: Database, *, clock: Clock = SYSTEM,
                 shards: Shards = ALL, limits: Limits | None = None) -> None:
        super().__init__(client)
        self.db = db
        self.shards = shards  # a table is run by the process owning its guild's gateway shard
        self.clock = clock  # turn timers and back-offs wait on it; tests move a ManualClock themselves
        self._locales: dict[int, str] = {}  # user -> the locale of their last interaction, as already remembered
        self.limiter = Limiter(limits if limits is not None else Limits(), clock)
        self.delivery = Delivery(client, db, self, clock=clock, shards=shards, lost=self._channel_lost)
        self.timers = TurnTimers(clock, self._timed_out)
        self.play = Play(self, db, self.delivery, self.timers, clock=clock)
        self.lobby = Lobby(self, db, self.play, self.delivery, self.timers, shards=shards, limiter=self.limiter,
                           clock=clock)
        self.history = History(db, self.limiter, cache_size=self.limiter.limits.replay_cache)

    async def _timed_out(self, table: Table, key: str) -> None:
        await self.play.timed_out(table, key)

    async def _channel_lost(self, table: Table) -> None:
        await self.lobby.channel_lost(table)

    async def restore(self) -> int:
        """Rebuild every unfinished table of this process's shards from its log and let play continue; returns
        how many came back (another process restores the tables of the other shards from the same log).

        Each table is read, replayed, advanced and published on its own: one that fails anywhere on the way
        (an unreadable row, a log the engine refuses, a failing first advance) is logged and left out of
        memory, its stored log untouched for the next start, and the others are restored all the same."""
        restored = 0
        for table_id in await self.db.live_table_ids(self.shards.storage_filter()):
            try:
                await self._restore_one(table_id)
            except Exception:
                log.exception("table %s could not be restored; skipped, its log is kept as is", table_id)
                self.unregister(table_id)
                continue
            restored += 1
        await self._post_ended()
        await self._rate_pending()
        return restored

    async def _rate_pending(self) -> None:
        """Matches stored finished whose ratings a crash kept from being applied: applied now, in order."""
        try:
            for guild_id in await self.play.ladder.pending_guilds():
                if self.shards.owns(guild_id):  # a server's matches are applied by the process running it
                    await self.play.ladder.rate_pending(guild_id)
        except Exception:
            log.exception("pending ratings not applied; the server's next match, /rank or /leaderboard applies them")

    async def _post_unposted(self, table: Table) -> None:
        """Queue the table's stored posts that never landed (a crash, or Discord refusing them until then)."""
        for post_id, content in await self.db.unposted(table.id):
            self.delivery.queue_post(table, post_id, Panel(content=content))  # the text; its picture was not kept

    async def _post_ended(self) -> None:
        """A match's last settlement and final ranking are stored with the settlement that ended its table: if
        they never landed, post them now, though the table is not restored."""
        try:
            ended = await self.db.ended_tables_with_unposted(self.shards.storage_filter())
        except Exception:
            log.exception("ended tables with unposted posts not read; they are tried at the next start")
            return
        for table_id in ended:
            try:
                row = await self.db.table(table_id)
                if row is None or not self.shards.owns(row.guild_id):
                    continue
                # enough of a table to post in its channel: nothing is replayed, nothing plays
                table = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options,
                              row.bot_options, row.status, [])
                await self._post_unposted(table)
            except Exception:
                log.exception("unposted posts of ended table %s not queued; they are tried at the next start", table_id)

    async def _restore_one(self, table_id: int) -> None:
        row = await self.db.table(table_id)
        if row is None or not self.shards.owns(row.guild_id):  # another process's table: it restores it
            return
        table = table_from_row(row)
        if table.status == "lobby" and not await self.lobby.reopen(table):
            return  # idle past its time: closed, not restored
        self.register(table)
        self.delivery.adopt(table, row)
        await self._post_unposted(table)
        if table.status == "playing":
            async with self.locked(table.id) as current:
                await self.play.advance(current)
                self.play.announce(current)

    def unregister(self, table_id: int) -> None:
        self.forget(table_id)
        self.timers.stop(table_id)
        self.delivery.forget(table_id)

    async def close(self) -> None:
        self.delivery.close()
        self.timers.close()
        self.lobby.close()
        self.history.close()

    async def idle(self) -> None:
        """Wait until no handler runs and every outbox is drained (tests, demo, benchmark)."""
        while True:
            await asyncio.sleep(0)
            busy = [b for b in self.delivery.lanes() if b.busy]
            if not busy and self.inflight == 0:
                await asyncio.sleep(0)
                if self.inflight == 0 and not any(b.busy for b in self.delivery.lanes()):
                    return
            for b in busy:
                await b.idle()

    # -- every interaction --------------------------------------------------------------------------

    async def admit(self, interaction: discord.Interaction[Any], about: About | None = None) -> None:
        """An interaction the edge took in (``bot.edge.errors.admit``): in flight until its task ends, its user's
        limits applied (``Limited`` if over one: nothing else is done) and their locale remembered."""
        self.inflight += 1
        task = asyncio.current_task()
        if task is not None:
            task.add_done_callback(self._landed)
        else:  # not in a task of its own (never so from discord.py): counted for this call only
            self.inflight -= 1
        if about is not None:
            table = self.tables.get(about.table_id) if about.table_id is not None else (
                self.table_in(interaction.channel_id) if about.channel_table else None)
            land = self.limiter.admit(interaction, about, table)
            if land is not None:
                if task is not None:
                    task.add_done_callback(lambda _: land())
                else:
                    land()
        await self.remember(interaction)

    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Keep the user's Discord locale on every seat they hold (stored: a restart keeps it). Nothing to do
        while it is the one already remembered, so a click costs a dict look-up."""
        user_id, locale = interaction.user.id, interaction.locale.value
        if self._locales.get(user_id) == locale:
            return
        stored = True
        for table in list(self.tables.values()):
            seat = table.seat_of(user_id)
            old = table.seats[seat].locale if seat is not None else None
            if seat is not None and table.status != "ended" and old != locale:
                table.seats[seat].locale = locale
                try:
                    await self.db.set_seat_locale(table.id, seat, locale)
                except Exception:
                    # a language is no reason to refuse the click: this click still speaks it (admit set it)
                    # and the next one stores it
                    log.warning("locale of seat %d of table %s not stored", seat, table.id, exc_info=True)
                    table.seats[seat].locale = old
                    stored = False
        if stored:
            self._locales[user_id] = locale
