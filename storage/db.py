"""SQLite persistence for tables: the append-only action log, hand records and cumulative scores.

The bot never stores engine objects: a table is (variant, options, seats, per-hand seed, actions), and
replaying that log through the engine rebuilds it exactly. One connection per process; aiosqlite runs
it on its own thread so the event loop never blocks on disk.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

DEFAULT_URL = "sqlite:///data/hunan_tables.sqlite3"
T = TypeVar("T")


def path_from_url(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs.db``, ``sqlite:///:memory:`` or a bare path."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://"):]
        # sqlite:///x -> "/x" (relative x), sqlite:////x -> "//x" (absolute /x), as SQLAlchemy reads them
        return rest[1:] if rest.startswith("/") else rest
    if "://" in url:
        raise ValueError(f"DATABASE_URL must be a sqlite:/// URL, not {url!r}")
    return url


def migrations() -> list[tuple[int, str]]:
    """Numbered ``NNN_name.sql`` files shipped in ``storage/migrations``, in order."""
    out = []
    for entry in (resources.files("storage") / "migrations").iterdir():
        m = re.fullmatch(r"(\d+)_.+\.sql", entry.name)
        if m:
            out.append((int(m.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(out)


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    dm_channel_id: int | None = None
    dm_closed: bool = False
    dm_hand_no: int | None = None
    dm_message_id: int | None = None
    auto: bool = False  # 托管
    locale: str | None = None  # the player's Discord locale, for DMs sent while they are not clicking


@dataclass(slots=True)
class ActionRow:
    seq: int
    seat: int
    code: str
    by_ai: bool = False


@dataclass(slots=True)
class HandRow:
    id: int
    hand_no: int
    seed: int
    dealer: int
    message_id: int | None
    settled: bool
    actions: list[ActionRow]


@dataclass(slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant_id: str
    options: dict[str, Any]
    bot_options: dict[str, Any]
    status: str
    first_dealer: int
    lobby_message_id: int | None
    seats: list[SeatRow]
    hands: list[HandRow]
    end_votes: list[int] = field(default_factory=list)  # users who agreed to dissolve the table (同意)
    end_refusals: list[int] = field(default_factory=list)  # users who refused (拒绝) in the open proposal
    end_round: int = 0  # proposals made so far; the open one (if any votes are stored) is this number


# A unit of work for the writer: runs on the database thread inside the batch's transaction.
WriteFn = Callable[[sqlite3.Connection], T]
MAX_BATCH = 1000  # bounds how long one commit holds up the reads queued behind it


class CommitError(Exception):
    """The transaction holding this write did not commit: nothing in it is durable."""


def _commit_batch(conn: sqlite3.Connection, jobs: list[WriteFn[Any]]) -> list[tuple[bool, Any]]:
    """Run every job in one transaction (on the database thread) and commit once.

    Each job gets a savepoint, so one job's error (say a constraint) undoes and fails only that job; the
    others still commit. If COMMIT itself fails, every job fails: the caller's memory must go back to the log.
    """
    out: list[tuple[bool, Any]] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for job in jobs:
            conn.execute("SAVEPOINT job")
            try:
                value = job(conn)
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


class Database:
    """One aiosqlite connection; every write goes through one writer task that commits in groups.

    Group commit: while one transaction is on the database thread, the writes of other tables queue up;
    the writer then takes all of them into the next transaction, so under load one commit (one trip to the
    database thread, one WAL append) makes many tables' actions durable. Each caller's await returns only
    after the COMMIT holding its write returned, so "written before anyone is told" holds per caller. At
    low load a batch is one write and costs what a lone autocommit did.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._queue: list[tuple[WriteFn[Any], asyncio.Future[Any]]] = []
        self._wake = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self.commits = 0  # transactions committed by the writer (tests and the benchmark read these)
        self.writes = 0  # writes those transactions held

    @classmethod
    async def open(cls, url: str = DEFAULT_URL) -> Database:
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
        db = cls(conn)
        await db.migrate()
        return db

    async def close(self) -> None:
        # Writes already queued are flushed: their callers were promised an answer.
        self._closing = True
        self._wake.set()
        if self._writer is not None:
            await self._writer
        await self.conn.close()

    async def migrate(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row else 0
        for number, sql in migrations():
            if number <= current:
                continue
            # executescript commits around itself; the version bump is inside the script so a failed
            # migration is retried whole on the next start.
            await self.conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
            current = number
        return current

    # -- the writer ------------------------------------------------------------------------------

    async def write(self, job: WriteFn[T]) -> T:
        """Queue ``job`` for the next group commit; returns its value once that commit has returned.

        Raises the job's own error (nothing of it was written) or :class:`CommitError` (nothing of the
        whole batch was written)."""
        if self._closing:
            raise CommitError("database is closing")
        fut: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((job, fut))
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write_loop(), name="db-writer")
        self._wake.set()
        return await fut

    async def _write_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            # One loop turn lets tables that are already runnable queue their writes into this batch.
            await asyncio.sleep(0)
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                jobs = [job for job, _ in batch]
                try:
                    # aiosqlite's own thread runs the whole batch in one trip (its ``_execute`` is the one
                    # entry point that takes a function; the public API would cost a trip per statement).
                    results = await self.conn._execute(_commit_batch, self.conn._conn, jobs)
                except Exception as e:  # the thread itself failed (connection closed ...)
                    failed = CommitError(f"commit failed: {e}")
                    failed.__cause__ = e
                    results = [(False, failed)] * len(batch)
                else:
                    self.commits += 1
                    self.writes += len(batch)
                for (_, fut), (ok, value) in zip(batch, results, strict=True):
                    if fut.done():  # the caller was cancelled; its write stands or fell with the batch
                        continue
                    if ok:
                        fut.set_result(value)
                    else:
                        fut.set_exception(value)
            if self._closing:
                return

    # -- tables and seats ------------------------------------------------------------------------

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, variant_id: str,
                           options: dict[str, Any], bot_options: dict[str, Any], seats: Sequence[SeatRow]) -> int:
        def job(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby')",
                (guild_id, channel_id, host_id, variant_id, json.dumps(options), json.dumps(bot_options)))
            table_id = cur.lastrowid
            assert table_id is not None
            _write_seats(conn, table_id, seats)
            return table_id
        return await self.write(job)

    async def set_seats(self, table_id: int, seats: Sequence[SeatRow], *, host_id: int | None = None) -> None:
        """The lobby's seat list, and the new host when the host left, as one write."""
        def job(conn: sqlite3.Connection) -> None:
            _write_seats(conn, table_id, seats)
            if host_id is not None:
                conn.execute("UPDATE tables SET host_id = ? WHERE id = ?", (host_id, table_id))
        await self.write(job)

    async def _update(self, sql: str, args: tuple[Any, ...]) -> None:
        def job(conn: sqlite3.Connection) -> None:
            conn.execute(sql, args)
        await self.write(job)

    async def set_options(self, table_id: int, options: dict[str, Any], bot_options: dict[str, Any]) -> None:
        await self._update("UPDATE tables SET options = ?, bot_options = ? WHERE id = ?",
                           (json.dumps(options), json.dumps(bot_options), table_id))

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        await self._update("UPDATE tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_dm(self, table_id: int, seat: int, dm_channel_id: int | None, dm_closed: bool) -> None:
        await self._update("UPDATE seats SET dm_channel_id = ?, dm_closed = ? WHERE table_id = ? AND seat = ?",
                           (dm_channel_id, int(dm_closed), table_id, seat))

    async def set_dm_message(self, table_id: int, seat: int, hand_no: int, message_id: int) -> None:
        await self._update("UPDATE seats SET dm_hand_no = ?, dm_message_id = ? WHERE table_id = ? AND seat = ?",
                           (hand_no, message_id, table_id, seat))

    async def set_seat_locale(self, table_id: int, seat: int, locale: str) -> None:
        await self._update("UPDATE seats SET locale = ? WHERE table_id = ? AND seat = ?", (locale, table_id, seat))

    async def start_table(self, table_id: int, first_dealer: int) -> None:
        await self._update("UPDATE tables SET status = 'playing', first_dealer = ? WHERE id = ?",
                           (first_dealer, table_id))

    async def end_table(self, table_id: int, reason: str) -> None:
        await self._update(
            "UPDATE tables SET status = 'ended', ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), end_reason = ?"
            " WHERE id = ? AND status != 'ended'", (reason, table_id))

    # -- hands and the action log ----------------------------------------------------------------

    async def start_hand(self, table_id: int, hand_no: int, seed: int, dealer: int) -> int:
        def job(conn: sqlite3.Connection) -> int:
            cur = conn.execute("INSERT INTO hands (table_id, hand_no, seed, dealer) VALUES (?, ?, ?, ?)",
                               (table_id, hand_no, seed, dealer))
            assert cur.lastrowid is not None
            return cur.lastrowid
        return await self.write(job)

    async def set_hand_message(self, hand_id: int, message_id: int) -> None:
        await self._update("UPDATE hands SET message_id = ? WHERE id = ?", (message_id, hand_id))

    async def append_actions(self, hand_id: int | None, rows: Iterable[ActionRow], *, table_id: int | None = None,
                             auto: Mapping[int, bool] | None = None) -> None:
        """A click and the AI moves it triggers, durable (committed, with other tables' writes) on return.

        ``auto`` (seat -> 托管 flag) rides in the same write: a seat put on or taken off 托管 by the moves
        it made is never stored half-way."""
        values = [(hand_id, r.seq, r.seat, r.code, int(r.by_ai)) for r in rows]
        flags = [(int(on), table_id, seat) for seat, on in (auto or {}).items()]
        if flags and table_id is None:
            raise ValueError("auto flags need the table id")
        if not values and not flags:
            return

        def job(conn: sqlite3.Connection) -> None:
            if values:
                conn.executemany("INSERT INTO actions (hand_id, seq, seat, code, by_ai) VALUES (?, ?, ?, ?, ?)",
                                 values)
            if flags:
                conn.executemany("UPDATE seats SET auto = ? WHERE table_id = ? AND seat = ?", flags)
        await self.write(job)

    async def add_end_vote(self, table_id: int, user_id: int) -> None:
        """Voting twice counts once."""
        await self.vote_end(table_id, user_id, True)

    async def vote_end(self, table_id: int, user_id: int, agree: bool, *, new_round: bool = False) -> None:
        """Store one 解散 vote (a later vote of the same user replaces theirs). ``new_round`` opens a new
        proposal in the same write: earlier votes are dropped and the round number goes up."""
        def job(conn: sqlite3.Connection) -> None:
            if new_round:
                conn.execute("DELETE FROM end_votes WHERE table_id = ?", (table_id,))
                conn.execute("UPDATE tables SET end_round = end_round + 1 WHERE id = ?", (table_id,))
            conn.execute("INSERT INTO end_votes (table_id, user_id, agree) VALUES (?, ?, ?)"
                         " ON CONFLICT (table_id, user_id) DO UPDATE SET agree = excluded.agree",
                         (table_id, user_id, int(agree)))
        await self.write(job)

    async def clear_end_votes(self, table_id: int) -> None:
        """A proposal was refused: its votes go, so the next proposal starts fresh."""
        await self._update("DELETE FROM end_votes WHERE table_id = ?", (table_id,))

    async def settle_hand(self, hand_id: int, guild_id: int, variant_id: str, result: dict[str, Any],
                          seats: Sequence[tuple[int, int | None, int, bool]], best_text: str,
                          end_table: tuple[int, str] | None = None, match_adjust: Sequence[int] | None = None) -> None:
        """Record the result and update cumulative scores in one transaction (idempotent per hand).

        ``match_adjust`` (per seat, on a match's last hand) moves each player's points from the running totals
        to the match's final settlement (放炮罚 / 剥皮 settle pairwise at the end); the hand's own delta still
        decides the best hand."""
        result_json = json.dumps(result, ensure_ascii=False)

        def job(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE hands SET settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), result = ?"
                " WHERE id = ? AND settled_at IS NULL", (result_json, hand_id))
            if cur.rowcount == 1:
                for seat, user_id, delta, won in seats:
                    points = delta + (match_adjust[seat] if match_adjust else 0)
                    conn.execute("INSERT INTO hand_seats (hand_id, seat, user_id, delta, won) VALUES (?, ?, ?, ?, ?)",
                                 (hand_id, seat, user_id, points, int(won)))
                    if user_id is None:
                        continue
                    conn.execute(
                        "INSERT INTO scores (guild_id, variant_id, user_id, hands, wins, points, best_delta,"
                        " best_hand_id, best_text) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)"
                        " ON CONFLICT (guild_id, variant_id, user_id) DO UPDATE SET"
                        " hands = hands + 1, wins = wins + excluded.wins, points = points + excluded.points,"
                        " best_text = CASE WHEN best_delta IS NULL OR excluded.best_delta > best_delta"
                        "   THEN excluded.best_text ELSE best_text END,"
                        " best_hand_id = CASE WHEN best_delta IS NULL OR excluded.best_delta > best_delta"
                        "   THEN excluded.best_hand_id ELSE best_hand_id END,"
                        " best_delta = CASE WHEN best_delta IS NULL OR excluded.best_delta > best_delta"
                        "   THEN excluded.best_delta ELSE best_delta END",
                        (guild_id, variant_id, user_id, int(won), points, delta, hand_id, best_text if won else ""))
            if end_table is not None:
                conn.execute(
                    "UPDATE tables SET status = 'ended', ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),"
                    " end_reason = ? WHERE id = ? AND status != 'ended'", (end_table[1], end_table[0]))
        await self.write(job)

    # -- reading ---------------------------------------------------------------------------------

    async def live_tables(self, shards: ShardFilter | None = None) -> list[TableRow]:
        """Every table not ended, with seats, hands and each hand's actions: enough to replay it."""
        out = []
        where, args = _shard_where(shards)
        async with self.conn.execute(f"SELECT * FROM tables WHERE status != 'ended'{where} ORDER BY id", args) as cur:
            tables = await cur.fetchall()
        for t in tables:
            out.append(await self._table_row(t))
        return out

    async def live_table_ids(self, shards: ShardFilter | None = None) -> list[int]:
        """Ids of the tables not ended: restoring reads them one by one, so one unreadable row spoils only itself.
        ``shards`` (shard count, owned shard ids) keeps the tables of guilds on those gateway shards only."""
        where, args = _shard_where(shards)
        async with self.conn.execute(f"SELECT id FROM tables WHERE status != 'ended'{where} ORDER BY id", args) as cur:
            return [r[0] for r in await cur.fetchall()]

    async def table(self, table_id: int) -> TableRow | None:
        async with self.conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            t = await cur.fetchone()
        return await self._table_row(t) if t else None

    async def _table_row(self, t: aiosqlite.Row) -> TableRow:
        async with self.conn.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (t["id"],)) as cur:
            seats = [SeatRow(r["seat"], r["user_id"], r["name"], r["dm_channel_id"], bool(r["dm_closed"]),
                             r["dm_hand_no"], r["dm_message_id"], bool(r["auto"]), r["locale"])
                     for r in await cur.fetchall()]
        async with self.conn.execute("SELECT user_id, agree FROM end_votes WHERE table_id = ? ORDER BY voted_at",
                                     (t["id"],)) as cur:
            votes = [(r[0], bool(r[1])) for r in await cur.fetchall()]
        hands = []
        async with self.conn.execute("SELECT * FROM hands WHERE table_id = ? ORDER BY hand_no", (t["id"],)) as cur:
            hand_rows = await cur.fetchall()
        for h in hand_rows:
            hands.append(HandRow(h["id"], h["hand_no"], h["seed"], h["dealer"], h["message_id"],
                                 h["settled_at"] is not None, await self.actions(h["id"])))
        return TableRow(t["id"], t["guild_id"], t["channel_id"], t["host_id"], t["variant_id"],
                        json.loads(t["options"]), json.loads(t["bot_options"]), t["status"], t["first_dealer"],
                        t["lobby_message_id"], seats, hands, [u for u, yes in votes if yes],
                        [u for u, yes in votes if not yes], t["end_round"])

    async def actions(self, hand_id: int) -> list[ActionRow]:
        async with self.conn.execute(
                "SELECT seq, seat, code, by_ai FROM actions WHERE hand_id = ? ORDER BY seq", (hand_id,)) as cur:
            return [ActionRow(r[0], r[1], r[2], bool(r[3])) for r in await cur.fetchall()]

    async def hand(self, hand_id: int) -> dict[str, Any] | None:
        async with self.conn.execute(
                "SELECT h.*, t.variant_id, t.options, t.guild_id, t.channel_id FROM hands h"
                " JOIN tables t ON t.id = h.table_id WHERE h.id = ?", (hand_id,)) as cur:
            h = await cur.fetchone()
        if h is None:
            return None
        out = dict(h)
        out["options"] = json.loads(out["options"])
        out["result"] = json.loads(out["result"]) if out["result"] else None
        out["actions"] = await self.actions(hand_id)
        return out

    async def history(self, channel_id: int, limit: int = 10) -> list[dict[str, Any]]:
        async with self.conn.execute(
                "SELECT h.id, h.hand_no, h.table_id, h.settled_at, h.result, t.variant_id FROM hands h"
                " JOIN tables t ON t.id = h.table_id WHERE t.channel_id = ? AND h.settled_at IS NOT NULL"
                " ORDER BY h.id DESC LIMIT ?", (channel_id, limit)) as cur:
            rows = await cur.fetchall()
        return [dict(r) | {"result": json.loads(r["result"])} for r in rows]

    async def leaderboard(self, guild_id: int, variant_id: str, since: datetime | None = None,
                          limit: int = 10) -> list[dict[str, Any]]:
        if since is None:
            sql = ("SELECT user_id, points, hands, wins FROM scores WHERE guild_id = ? AND variant_id = ?"
                   " ORDER BY points DESC, wins DESC, user_id LIMIT ?")
            args: tuple[Any, ...] = (guild_id, variant_id, limit)
        else:
            # per-period boards come from the per-hand rows; the cumulative row has no time axis
            sql = ("SELECT hs.user_id, SUM(hs.delta) AS points, COUNT(*) AS hands, SUM(hs.won) AS wins"
                   " FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id JOIN tables t ON t.id = h.table_id"
                   " WHERE t.guild_id = ? AND t.variant_id = ? AND hs.user_id IS NOT NULL AND h.settled_at >= ?"
                   " GROUP BY hs.user_id ORDER BY points DESC, wins DESC, hs.user_id LIMIT ?")
            args = (guild_id, variant_id, since.strftime("%Y-%m-%dT%H:%M:%S"), limit)
        async with self.conn.execute(sql, args) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def stats(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        async with self.conn.execute(
                "SELECT variant_id, hands, wins, points, best_delta, best_hand_id, best_text FROM scores"
                " WHERE guild_id = ? AND user_id = ? ORDER BY variant_id", (guild_id, user_id)) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def count_actions(self) -> int:
        async with self.conn.execute("SELECT COUNT(*) FROM actions") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0


# (shard count, owned shard ids): a guild is on shard (guild_id >> 22) % count, as Discord routes its events.
ShardFilter = tuple[int, Sequence[int]]


def _shard_where(shards: ShardFilter | None) -> tuple[str, tuple[int, ...]]:
    if shards is None:
        return "", ()
    count, ids = shards
    return f" AND (guild_id >> 22) % ? IN ({', '.join('?' * len(ids))})", (count, *ids)


def _write_seats(conn: sqlite3.Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    conn.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, dm_channel_id, dm_closed, dm_hand_no, dm_message_id, auto,"
        " locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.user_id, s.name, s.dm_channel_id, int(s.dm_closed), s.dm_hand_no, s.dm_message_id,
          int(s.auto), s.locale) for s in seats])
