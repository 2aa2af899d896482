"""Interactions handed between bot processes: Discord sends every DM event, and so every click on a DM panel,
to shard 0 only, whichever process runs the table (discord-api-docs: "DMs will only be sent to shard_id 0").

The process that receives a component interaction for a table it does not hold looks up the table's guild; if
another process's shard owns it, the RAW payload goes on the shared queue (``storage/forwarded.py``). The owner
takes it and feeds it to its own connection state exactly as its gateway would have (``discord.Interaction``
built with its own state, the same DynamicItem handler, the same table lock and checks); it answers through the
interaction's token, plain HTTP that works from any process. Discord allows 3 seconds for the first answer:
a payload nobody took within :data:`storage.forwarded.WITHDRAW_AFTER` seconds is withdrawn by its receiver, which
answers 「稍后再试」 privately; whoever deletes the row answers, so the click is answered, and acted on, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Container
from typing import Any

import discord

from storage.db import ID_LIMIT, Database
from storage.forwarded import WITHDRAW_AFTER, ForwardQueue

from ..i18n import lang_of, speaking, tr
from ..service.clock import Clock
from .shards import Shards, shard_of

log = logging.getLogger(__name__)

# Custom ids that name a table (bot/edge/components.py); 回放 (ht:rp) names a hand, readable in any process.
TABLE_OF = re.compile(r"ht:(?:b|s|c|hand|auto|lobby|opt|vote):(\d+)(?::|$)")
GUILDS_KEPT = 10_000  # tables whose guild the receiver remembers (cleared when full)

Parse = Callable[[Any], None]


def table_of(data: dict[str, Any]) -> int | None:
    """The table a component interaction's custom id names, if any."""
    if data.get("type") != 3:
        return None
    m = TABLE_OF.match(str((data.get("data") or {}).get("custom_id", "")))
    table_id = int(m[1]) if m else None
    # past a row id: no table of ours nor another's, so the handler here refuses it without asking the store
    return table_id if table_id is not None and table_id < ID_LIMIT else None


class Forwarder:
    """Both ends of forwarding in one process: the receiving end wraps the connection state's
    INTERACTION_CREATE parser; the owning end is a task taking this process's shards' rows."""

    def __init__(self, client: discord.Client, db: Database, held: Container[int], *, shards: Shards,
                 clock: Clock) -> None:
        self.client = client
        self.db = db
        self.held = held  # the ids of the tables this process has in memory (TableService.tables)
        self.queue = ForwardQueue(db)
        self.shards = shards
        self.clock = clock
        self._parse: Parse = client._connection.parse_interaction_create
        self._consumer: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.outcomes: dict[str, asyncio.Future[str]] = {}  # token -> "here" / "taken" / "withdrawn" (tests)
        self.taken = 0  # payloads this process took and acted on as the owner
        self.latencies: list[float] = []  # receiver: seconds from receipt to the owner's claim (benchmark)
        self._guilds: dict[int, int] = {}  # table id -> its guild, as the store said

    def install(self) -> None:
        """Put :meth:`receive` in front of discord.py's parser, where the gateway (``parsers``) and the fake edge
        (``parse_interaction_create``) both call it."""
        state = self.client._connection
        state.parse_interaction_create = self.receive  # type: ignore[method-assign]
        state.parsers["INTERACTION_CREATE"] = self.receive

    async def start(self) -> None:
        await self.queue.listen(self.shards.ids)
        self._consumer = asyncio.get_running_loop().create_task(self._consume(), name="forward-consumer")

    async def close(self) -> None:
        for task in [self._consumer, *self._tasks]:
            if task is not None:
                task.cancel()
        for task in [self._consumer, *self._tasks]:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self.queue.close()

    # -- the receiving end ------------------------------------------------------------------------

    def receive(self, data: Any) -> None:
        table_id = table_of(data)
        if table_id is None or table_id in self.held:
            self._parse(data)
            return
        self._spawn(self._route(data, table_id))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _settle(self, data: dict[str, Any], outcome: str) -> None:
        fut = self.outcomes.get(str(data.get("token")))
        if fut is not None and not fut.done():
            fut.set_result(outcome)

    def expect(self, token: str) -> asyncio.Future[str]:
        """A future of what became of the interaction with ``token`` (set before feeding it)."""
        fut: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.outcomes[token] = fut
        return fut

    async def _route(self, data: dict[str, Any], table_id: int) -> None:
        clock = self.clock
        received, started = clock.monotonic(), time.perf_counter()  # the window's clock; the benchmark's
        try:
            guild_id = self._guilds.get(table_id)
            if guild_id is None:
                guild_id = await self.db.guild_of(table_id)
                if guild_id is not None:  # a table never moves: asked once per table, not once per click
                    if len(self._guilds) >= GUILDS_KEPT:
                        self._guilds.clear()
                    self._guilds[table_id] = guild_id
        except Exception:
            log.exception("guild of table %s not read; the click is handled here", table_id)
            guild_id = None
        if guild_id is None or self.shards.owns(guild_id) or table_id in self.held:
            # unknown, ours, or restored meanwhile: this process's handler answers (refuses, or acts)
            self._parse(data)
            self._settle(data, "here")
            return
        try:
            row_id = await self.queue.put(shard_of(guild_id, self.shards.count), data)
        except Exception:
            log.exception("interaction for table %s not forwarded", table_id)
            await self._later(data)
            self._settle(data, "withdrawn")
            return
        deadline = received + WITHDRAW_AFTER
        taken = False
        while clock.monotonic() < deadline:
            # past the owner's next poll (SQLite) or at once (NOTIFY); never past the deadline
            await clock.sleep(min(self.queue.look_every, deadline - clock.monotonic()))
            with contextlib.suppress(Exception):
                if not await self.queue.queued(row_id):
                    taken = True  # gone: the owner claimed it (nobody else deletes a fresh row)
                    break
        # a row seen taken needs no withdrawing: that DELETE of nothing was one more write per forwarded click
        if not taken and await self.queue.withdraw(row_id):
            await self._later(data)
            self._settle(data, "withdrawn")
        else:
            self.latencies.append(time.perf_counter() - started)
            self._settle(data, "taken")

    async def _later(self, data: dict[str, Any]) -> None:
        """The owner did not take the click in time: say so privately, nothing changed."""
        interaction: discord.Interaction[Any] = discord.Interaction(data=data,  # type: ignore[arg-type]
                                                                    state=self.client._connection)
        with speaking(lang_of(interaction.locale)):
            text = tr("⚠️ 这张牌桌所在的机器人进程暂时没有响应，这次操作没有生效，请稍后再试。")
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(text, ephemeral=True)

    # -- the owning end ---------------------------------------------------------------------------

    async def _consume(self) -> None:
        while True:
            try:
                for data in await self.queue.take(self.shards.ids):
                    self.taken += 1
                    # the gateway's own path: Interaction(data, state), the DynamicItem's handler, the lock
                    self._parse(data)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("forwarded interactions not taken; trying again")
            await self.queue.wait()
