"""The shared backend: PostgreSQL through asyncpg, for several bot processes on one database.

One connection is the writer's (a group commit is one transaction on it); reads take a connection of a small
pool, so a read never waits for a batch being written. Several processes may write at once: every write is a
statement whose effect does not depend on what this process read before (scores are upserts that add), so
PostgreSQL's row locks alone keep them consistent.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from .base import BatchResult, CommitError, IntegrityError, Row, WriteFn, timestamps
from .schema import POSTGRES_AT, POSTGRES_NOW

# pg_advisory_xact_lock key of the migrations: two processes starting at once migrate one after the other.
MIGRATION_LOCK = 0x48756E616E  # "Hunan"
READ_POOL = 4
CLOSE_TIMEOUT = 10.0  # seconds
_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=256)
def dialect(sql: str) -> str:
    """``?`` placeholders numbered ``$1, $2 …`` (the queries hold no ``?`` inside string literals), and the
    timestamp tokens (``NOW_TEXT``, ``ago_text``) in PostgreSQL's words."""
    numbers = iter(range(1, 1 << 16))
    return _PLACEHOLDER.sub(lambda _m: f"${next(numbers)}", timestamps(sql, POSTGRES_NOW, POSTGRES_AT))


def rowcount(status: str) -> int:
    """asyncpg answers a statement with its command tag: ``UPDATE 1``, ``INSERT 0 3``, ``DELETE 0``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTx:
    __slots__ = ("conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return rowcount(await self.conn.execute(dialect(sql), *args))
        except asyncpg.IntegrityConstraintViolationError as e:
            raise IntegrityError(str(e)) from e

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(dialect(sql), rows)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise IntegrityError(str(e)) from e

    async def insert(self, sql: str, args: Sequence[Any]) -> int:
        try:
            value = await self.conn.fetchval(dialect(sql) + " RETURNING id", *args)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise IntegrityError(str(e)) from e
        return int(value)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self.conn.fetch(dialect(sql), *args))
        except asyncpg.IntegrityConstraintViolationError as e:
            raise IntegrityError(str(e)) from e


async def _no_reset(_conn: asyncpg.Connection) -> None:
    """Reads leave no session state behind, so a pooled connection needs no reset trip on release."""


class PostgresBackend:
    name = "postgres"

    def __init__(self, url: str, writer: asyncpg.Connection, pool: asyncpg.Pool) -> None:
        self.url = url
        self.writer = writer
        self.pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresBackend:
        writer = await asyncpg.connect(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=READ_POOL, reset=_no_reset)
        except BaseException:
            await writer.close()
            raise
        return cls(url, writer, pool)

    async def close(self) -> None:
        try:
            # a read still running (a task the bot did not wait for) holds its connection: do not wait for ever
            await asyncio.wait_for(self.pool.close(), CLOSE_TIMEOUT)
        except TimeoutError:
            self.pool.terminate()
        await self.writer.close(timeout=CLOSE_TIMEOUT)

    async def migrate(self, scripts: Sequence[tuple[int, str]]) -> int:
        async with self.pool.acquire() as conn, conn.transaction():
            # Held to the end of this transaction: a second process starting now waits here, then finds the
            # schema migrated and applies nothing.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY,"
                f" applied_at TEXT NOT NULL DEFAULT {POSTGRES_NOW})")
            current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
            for number, sql in scripts:
                if number <= current:
                    continue
                # DDL is transactional here: a failed migration leaves nothing, and is retried whole.
                await conn.execute(sql)
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                current = number
        return current

    async def _writer(self) -> asyncpg.Connection:
        if self.writer.is_closed():  # the server dropped it: the next batch runs on a new one
            self.writer = await asyncpg.connect(self.url)
        return self.writer

    def transient(self, error: Exception) -> bool:
        # Two processes' batches locking the same rows (a guild's scores, a hand) in opposite orders: the
        # server undoes one of the statements; its job's savepoint takes back the job's row locks, the rest of
        # the batch commits, and the job runs again once the other batch is through.
        return isinstance(error, asyncpg.DeadlockDetectedError | asyncpg.SerializationError)

    async def commit_batch(self, jobs: Sequence[WriteFn[Any]]) -> BatchResult:
        """The SQLite backend's batch, on PostgreSQL: a savepoint per job; the statements that end one job and
        start the next go in one trip."""
        out: BatchResult = []
        conn = await self._writer()
        tx = PostgresTx(conn)
        try:
            await conn.execute("BEGIN; SAVEPOINT job")
            for i, job in enumerate(jobs):
                if i:
                    await conn.execute("RELEASE job; SAVEPOINT job")
                try:
                    value = await job(tx)
                except Exception as e:
                    await conn.execute("ROLLBACK TO job")
                    out.append((False, e))
                else:
                    out.append((True, value))
            await conn.execute("RELEASE job; COMMIT")
        except Exception as e:
            if not conn.is_closed() and conn.is_in_transaction():
                try:
                    await conn.execute("ROLLBACK")
                except Exception:
                    await conn.close()  # a connection in an unknown state is not reused
            failed = CommitError(f"commit failed: {e}")
            failed.__cause__ = e
            return [(False, failed)] * len(jobs)
        return out

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        async with self.pool.acquire() as conn:
            return list(await conn.fetch(dialect(sql), *args))
