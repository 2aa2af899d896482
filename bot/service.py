"""The table service: the registry of live tables and the parts that act on them.

Every command and click goes through one of its parts (lobby, play, delivery, timers, history), one asyncio
lock per table. The path of a click (see docs/architecture.md): validate (table, seat owner, state version)
-> engine ``apply`` -> AI / 托管 seats play until a human must decide -> the accepted actions are committed
to SQLite -> the click is answered (its message becomes the player's fresh panel) -> channel table message
and other players' DMs are queued on the table's outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import discord

from storage.db import Database

from .clock import SYSTEM, Clock
from .delivery import Delivery
from .errors import Denied
from .history import History
from .i18n import Lang, lang_of, speaking, tr
from .lobby import Lobby
from .outbox import Outbox
from .play import Play
from .present.panel import Panel
from .shards import ALL, Shards
from .table import Table, table_from_row
from .timers import TurnTimers

log = logging.getLogger(__name__)
MAX_CONTENT = 2000  # Discord's limit of a message's text

__all__ = ["Denied", "TableService", "month_start"]


class TableService:
    def __init__(self, client: discord.Client, db: Database, *, clock: Clock = SYSTEM,
                 shards: Shards = ALL) -> None:
        self.client = client
        self.db = db
        self.shards = shards  # a table is run by the process owning its guild's gateway shard
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.outboxes: dict[object, Outbox] = {}  # table id: its channel lane; (table id, "dm", seat): a DM lane
        self.clock = clock  # turn timers and back-offs wait on it; tests move a ManualClock themselves
        self.inflight = 0
        self._locales: dict[int, str] = {}  # user -> the locale of their last interaction, as already remembered
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.delivery = Delivery(self)
        self.timers = TurnTimers(self)
        self.history = History(self)

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
        return restored

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
        self.register(table)
        await self._post_unposted(table)
        if table.status == "playing":
            async with self.locked(table.id) as current:
                await self.play.advance(current)
                self.delivery.publish(current)
                self.timers.arm(current)

    def unregister(self, table_id: int) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            if table.timer_task is not None:
                table.timer_task.cancel()
            if self.by_channel.get(table.channel_id) == table_id:
                del self.by_channel[table.channel_id]
        box = self.outboxes.pop(table_id, None)
        if box is not None:
            box.cancel()

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

    async def close(self) -> None:
        self.delivery.close()
        for table in self.tables.values():
            if table.timer_task:
                table.timer_task.cancel()
        for box in self.outboxes.values():
            box.cancel()

    async def idle(self) -> None:
        """Wait until no handler runs and every outbox is drained (tests, demo, benchmark)."""
        while True:
            await asyncio.sleep(0)
            busy = [b for b in self.outboxes.values() if b.busy]
            if not busy and self.inflight == 0:
                await asyncio.sleep(0)
                if self.inflight == 0 and not any(b.busy for b in self.outboxes.values()):
                    return
            for b in busy:
                await b.idle()

    def register(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.status != "ended":
            self.by_channel[table.channel_id] = table.id
        self.outboxes.setdefault(table.id, Outbox(f"table-{table.id}"))

    def table_in(self, channel_id: int | None) -> Table | None:
        tid = self.by_channel.get(channel_id or 0)
        return self.tables.get(tid) if tid is not None else None

    async def deny(self, interaction: discord.Interaction[Any], message: str) -> None:
        text = f"⚠️ {message}"
        if len(text) > MAX_CONTENT:  # a refusal echoes input shortened (errors.echoed); this is the last guard
            text = text[:MAX_CONTENT - 1] + "…"
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def guard(self, interaction: discord.Interaction[Any], coro: Any) -> None:
        """Run a handler speaking the clicker's language (what it answers privately: refusals, ephemeral
        replies, the clicked DM panel); a Denied becomes a private error, any other failure a private apology.
        The clicker's locale is remembered first for every seat they hold, so DMs sent while they are not
        clicking speak it too."""
        self.inflight += 1
        try:
            with speaking(lang_of(interaction.locale)):
                try:
                    await self.remember(interaction)
                    await coro
                except Denied as e:
                    await self.deny(interaction, str(e))
                except Exception:
                    log.exception("handler failed")
                    with contextlib.suppress(discord.HTTPException):
                        await self.deny(interaction, tr("出错了，操作未生效。"))
        finally:
            self.inflight -= 1

    # -- languages ------------------------------------------------------------------------------------

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
                    # a language is no reason to refuse the click: this click still speaks it (the guard set
                    # it) and the next one stores it
                    log.warning("locale of seat %d of table %s not stored", seat, table.id, exc_info=True)
                    table.seats[seat].locale = old
                    stored = False
        if stored:
            self._locales[user_id] = locale

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


def month_start(now: datetime | None = None) -> datetime:
    now = now or datetime.now(UTC)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)

