"""The queue of forwarded interactions (migration 005): one process hands a raw interaction payload to the
process owning another shard, through the shared database.

A row is acted on by whoever deletes it: the owner when it takes it (:meth:`ForwardQueue.take`), or the
process that put it when nobody took it in time (:meth:`ForwardQueue.withdraw`). A DELETE changes a row once,
on both backends (SQLite serialises writers; PostgreSQL's row lock makes the second DELETE see nothing), so
exactly one of the two answers the interaction.

The owner wakes on PostgreSQL's ``LISTEN/NOTIFY`` (the NOTIFY is sent with the INSERT's commit), or on SQLite,
one file on one machine, by a short poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence
from typing import Any

from .base import Row, Tx, ago_text
from .db import Database

log = logging.getLogger(__name__)

POLL = 0.05  # seconds between looks at the queue on SQLite
# seconds between the putter's looks at whether its row was taken: on SQLite just past the owner's poll, so the
# first look mostly finds it taken (every 20 ms it took two or three reads a click); on PostgreSQL the owner is
# woken at once by the NOTIFY
LOOK_POLLED = 1.2 * POLL
LOOK_NOTIFIED = 0.02
PG_POLL = 1.0  # ... on PostgreSQL, only in case a notification was lost with its connection
# Discord wants the first answer within 3 s of the click. The owner takes a row only while it can still answer
# in time; the putter withdraws at WITHDRAW_AFTER and answers 稍后再试 itself (rows in between are the putter's).
FRESH = 1.5  # seconds since it was queued: an older row is not the owner's any more
WITHDRAW_AFTER = 2.0  # seconds since the click arrived: its receiver takes it back, if it is still there
FORGOTTEN = 10.0  # seconds: a row this old was put by a process that died before withdrawing it
TAKE_AT_ONCE = 100


def channel(shard: int) -> str:
    """The NOTIFY channel of one shard's forwarded interactions."""
    return f"hunan_forward_{shard}"


class ForwardQueue:
    """The forwarded-interaction queue of one process's database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._wake = asyncio.Event()
        self._listener: Any = None  # asyncpg connection holding the LISTENs

    @property
    def notifies(self) -> bool:
        return self.db.dialect == "postgres"

    @property
    def look_every(self) -> float:
        """Seconds between a putter's looks at whether the owner took its row (:meth:`queued`)."""
        return LOOK_NOTIFIED if self.notifies else LOOK_POLLED

    async def put(self, shard: int, payload: dict[str, Any]) -> int:
        """Queue ``payload`` for the process owning ``shard``; returns its row id (to withdraw it)."""
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        notify = self.notifies

        async def job(tx: Tx) -> int:
            row_id = await tx.insert("INSERT INTO forwarded (shard, payload, created_at) VALUES (?, ?, NOW_TEXT)",
                                     (shard, text))
            if notify:  # delivered when this transaction commits, so the row is there when the owner looks
                await tx.execute("SELECT pg_notify(?, ?)", (channel(shard), str(row_id)))
            return row_id
        return await self.db.write(job)

    async def take(self, shards: Sequence[int]) -> list[dict[str, Any]]:
        """Claim the fresh payloads queued for ``shards``, oldest first: each returned one is this process's to
        act on, and no other's. Rows past :data:`FRESH` are left to their putter, rows past
        :data:`FORGOTTEN` (their putter died) are deleted unread.

        One trip: the DELETE that claims the rows returns them. Polled (SQLite), a read first finds whether
        there is anything to claim, so an empty queue costs no write; woken by a notification, it is claimed
        at once."""
        if not shards:
            return []
        marks = ", ".join("?" for _ in shards)
        ours = (f"shard IN ({marks}) AND (created_at > {ago_text(FRESH)}"
                f" OR created_at <= {ago_text(FORGOTTEN)})")
        if not self.notifies and not await self.db.fetch(f"SELECT 1 FROM forwarded WHERE {ours} LIMIT 1",
                                                          tuple(shards)):
            return []
        # what it deleted was fresh or forgotten; "forgotten" still holds when RETURNING runs, "fresh" may not (the
        # clock moves on between the two on PostgreSQL), so a fresh row is one not forgotten
        claim_sql = (f"DELETE FROM forwarded WHERE id IN (SELECT id FROM forwarded WHERE {ours}"
                     f" ORDER BY id LIMIT {TAKE_AT_ONCE})"
                     f" RETURNING id, payload, created_at <= {ago_text(FORGOTTEN)} AS forgotten")

        async def claim(tx: Tx) -> list[Row]:
            return await tx.fetch(claim_sql, tuple(shards))
        rows = await self.db.write(claim)
        return [json.loads(str(r["payload"])) for r in sorted(rows, key=lambda r: int(r["id"])) if not r["forgotten"]]

    async def withdraw(self, row_id: int) -> bool:
        """Take back a row nobody took: True if it was still queued (the caller answers the interaction now,
        and the owner never sees it), False if the owner took it first."""
        async def job(tx: Tx) -> bool:
            return await tx.execute("DELETE FROM forwarded WHERE id = ?", (row_id,)) == 1
        return await self.db.write(job)

    async def queued(self, row_id: int) -> bool:
        """Whether the row is still waiting (a read: the putter looks while it waits for the owner)."""
        return bool(await self.db.fetch("SELECT 1 FROM forwarded WHERE id = ?", (row_id,)))

    async def listen(self, shards: Sequence[int]) -> None:
        """Be woken when a payload for ``shards`` is queued (PostgreSQL; on SQLite :meth:`wait` polls)."""
        if not self.notifies or self._listener is not None:
            return
        import asyncpg  # type: ignore[import-untyped]

        from .postgres import PostgresBackend

        backend = self.db.backend
        assert isinstance(backend, PostgresBackend)
        # a connection of its own: LISTEN is a session's, and the pool's connections come and go
        self._listener = await asyncpg.connect(backend.url)
        for shard in shards:
            await self._listener.add_listener(channel(shard), self._notified)

    def _notified(self, _conn: Any, _pid: int, _channel: str, _payload: str) -> None:
        self._wake.set()

    async def wait(self) -> None:
        """Until something may be queued: a notification, or the poll interval."""
        interval = POLL
        if self._listener is not None:
            interval = PG_POLL
            if self._listener.is_closed():  # the server dropped it: poll until a new one listens
                interval = POLL
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), interval)
        self._wake.clear()

    async def close(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close(timeout=5)
            self._listener = None
