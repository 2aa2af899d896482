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
from datetime import UTC, datetime
from typing import Any

import discord

from storage.db import Database

from .delivery import Delivery
from .errors import Denied
from .history import History
from .lobby import Lobby
from .outbox import Outbox
from .play import Play
from .table import Table, table_from_row
from .timers import TurnTimers

log = logging.getLogger(__name__)

__all__ = ["Denied", "TableService", "month_start"]


class TableService:
    def __init__(self, client: discord.Client, db: Database, *, timer_scale: float = 1.0) -> None:
        self.client = client
        self.db = db
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.outboxes: dict[object, Outbox] = {}  # table id: its channel lane; (table id, "dm", seat): a DM lane
        self.timer_scale = timer_scale  # tests shrink turn timers instead of sleeping
        self.retry_scale = timer_scale  # ... and the back-off of retried writes
        self.inflight = 0
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.delivery = Delivery(self)
        self.timers = TurnTimers(self)
        self.history = History(self)

    async def restore(self) -> int:
        """Rebuild every unfinished table from its log and let play continue."""
        rows = await self.db.live_tables()
        for row in rows:
            try:
                table = table_from_row(row)
            except Exception:
                log.exception("table %s could not be replayed; left as is", row.id)
                continue
            self.register(table)
            if table.status == "playing":
                async with table.lock:
                    await self.play.advance(table)
                    self.delivery.publish(table)
                    self.timers.arm(table)
        return len(rows)

    async def close(self) -> None:
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
        if interaction.response.is_done():
            await interaction.followup.send(f"⚠️ {message}", ephemeral=True)
        else:
            await interaction.response.send_message(f"⚠️ {message}", ephemeral=True)

    async def guard(self, interaction: discord.Interaction[Any], coro: Any) -> None:
        """Run a handler; a Denied becomes a private error, any other failure a private apology."""
        self.inflight += 1
        try:
            await coro
        except Denied as e:
            await self.deny(interaction, str(e))
        except Exception:
            log.exception("handler failed")
            with contextlib.suppress(discord.HTTPException):
                await self.deny(interaction, "出错了，操作未生效。")
        finally:
            self.inflight -= 1


def month_start(now: datetime | None = None) -> datetime:
    now = now or datetime.now(UTC)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)

