"""The embedded backend: one aiosqlite connection in WAL mode, each group commit one trip to its thread."""

from __future__ import annotations

import sqlite3
from collections.abc import Coroutine, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import aiosqlite

from .base import BatchResult, CommitError, IntegrityError, Row, WriteFn, timestamps
from .schema import SQLITE_AT, SQLITE_NOW


@lru_cache(maxsize=256)
def dialect(sql: str) -> str:
    return timestamps(sql, SQLITE_NOW, SQLITE_AT)


class SqliteTx:
    """The job's cursor on the database thread: its coroutines return without ever suspending."""

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return self.conn.execute(dialect(sql), args).rowcount
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.conn.executemany(dialect(sql), rows)
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e

    async def insert(self, sql: str, args: Sequence[Any]) -> int:
        try:
            cur = self.conn.execute(dialect(sql), args)
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        try:
            return self.conn.execute(dialect(sql), args).fetchall()
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e


def run_now(coro: Coroutine[Any, Any, Any]) -> Any:
    """Drive a job that never suspends to its end, here on this thread, and return its value."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("a write job awaited something other than its Tx; SQLite runs jobs on its own thread")


def _commit_batch(conn: sqlite3.Connection, jobs: Sequence[WriteFn[Any]]) -> BatchResult:
    """Run every job in one transaction (on the database thread) and commit once.

    Each job gets a savepoint, so one job's error (say a constraint) undoes and fails only that job; the
    others still commit. If COMMIT itself fails, every job fails: the caller's memory must go back to the log.
    """
    out: BatchResult = []
    tx = SqliteTx(conn)
    conn.execute("BEGIN IMMEDIATE")
    try:
        for job in jobs:
            conn.execute("SAVEPOINT job")
            try:
                value = run_now(job(tx))  # type: ignore[arg-type]
            except Exception as e:
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
                out.append((False, e))
            else:
                conn.execute("RELEASE job")
                out.append((True, value))
        conn.execute("COMMIT")
    except Exception as e:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        failed = CommitError(f"commit failed: {e}")
        failed.__cause__ = e
        return [(False, failed)] * len(jobs)
    return out


def path_from_url(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs.db``, ``sqlite:///:memory:`` or a bare path."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://"):]
        # sqlite:///x -> "/x" (relative x), sqlite:////x -> "//x" (absolute /x), as SQLAlchemy reads them
        return rest[1:] if rest.startswith("/") else rest
    if "://" in url:
        raise ValueError(f"not a sqlite:/// URL: {url!r}")
    return url


class SqliteBackend:
    name = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, url: str) -> SqliteBackend:
        path = path_from_url(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves (one per batch of writes).
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit survives a process crash; only an OS crash/power loss can lose the
        # last commits. That is the durability the restart guarantee needs, at ~10x the commit rate of FULL.
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        return cls(conn)

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self, scripts: Sequence[tuple[int, str]]) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row else 0
        for number, sql in scripts:
            if number <= current:
                continue
            # executescript commits around itself; the version bump is inside the script so a failed
            # migration is retried whole on the next start.
            await self.conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
            current = number
        return current

    def transient(self, error: Exception) -> bool:
        return False  # BEGIN IMMEDIATE: writers of one file wait their turn, they never deadlock

    async def commit_batch(self, jobs: Sequence[WriteFn[Any]]) -> BatchResult:
        # aiosqlite's own thread runs the whole batch in one trip (its ``_execute`` is the one entry point
        # that takes a function; the public API would cost a trip per statement).
        return await self.conn._execute(_commit_batch, self.conn._conn, jobs)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        # one trip to the database thread (a cursor's execute, fetchall and close were three)
        return list(await self.conn.execute_fetchall(dialect(sql), tuple(args)))
