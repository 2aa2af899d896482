"""SQLite persistence for tables: the append-only action log, hand records and cumulative scores.

The bot never stores engine objects: a table is (variant, options, seats, per-hand seed, actions), and
replaying that log through the engine rebuilds it exactly. One connection per process; aiosqlite runs
it on its own thread so the event loop never blocks on disk.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

DEFAULT_URL = "sqlite:///data/hunan_tables.sqlite3"


def path_from_url(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs.db``, ``sqlite:///:memory:`` or a bare path."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://"):]
        # sqlite:///x -> "/x" (relative x), sqlite:////x -> "//x" (absolute /x), as SQLAlchemy reads them
        return rest[1:] if rest.startswith("/") else rest
    if "://" in url:
        raise ValueError(f"DATABASE_URL must be a sqlite:/// URL, not {url!r}")
    return url


def _serialized(method: Any) -> Any:
    @functools.wraps(method)
    async def wrapper(self: Database, *args: Any, **kw: Any) -> Any:
        async with self.lock:
            return await method(self, *args, **kw)
    return wrapper


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


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        # One connection serves every table: a transaction of one table must not interleave with another
        # table's statements (they would join it, or BEGIN would fail), so writes take turns here.
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str = DEFAULT_URL) -> Database:
        path = path_from_url(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so one action = one short transaction.
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

    # -- tables and seats ------------------------------------------------------------------------

    @_serialized
    async def create_table(self, guild_id: int, channel_id: int, host_id: int, variant_id: str,
                           options: dict[str, Any], bot_options: dict[str, Any], seats: Sequence[SeatRow]) -> int:
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.conn.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby')",
                (guild_id, channel_id, host_id, variant_id, json.dumps(options), json.dumps(bot_options)))
            table_id = cur.lastrowid
            assert table_id is not None
            await self._write_seats(table_id, seats)
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return table_id

    async def _write_seats(self, table_id: int, seats: Sequence[SeatRow]) -> None:
        await self.conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await self.conn.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, dm_channel_id, dm_closed, dm_hand_no, dm_message_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.user_id, s.name, s.dm_channel_id, int(s.dm_closed), s.dm_hand_no, s.dm_message_id)
             for s in seats])

    @_serialized
    async def set_seats(self, table_id: int, seats: Sequence[SeatRow]) -> None:
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self._write_seats(table_id, seats)
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    @_serialized
    async def set_options(self, table_id: int, options: dict[str, Any], bot_options: dict[str, Any]) -> None:
        await self.conn.execute("UPDATE tables SET options = ?, bot_options = ? WHERE id = ?",
                                (json.dumps(options), json.dumps(bot_options), table_id))

    @_serialized
    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        await self.conn.execute("UPDATE tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id))

    @_serialized
    async def set_dm(self, table_id: int, seat: int, dm_channel_id: int | None, dm_closed: bool) -> None:
        await self.conn.execute("UPDATE seats SET dm_channel_id = ?, dm_closed = ? WHERE table_id = ? AND seat = ?",
                                (dm_channel_id, int(dm_closed), table_id, seat))

    @_serialized
    async def set_dm_message(self, table_id: int, seat: int, hand_no: int, message_id: int) -> None:
        await self.conn.execute("UPDATE seats SET dm_hand_no = ?, dm_message_id = ? WHERE table_id = ? AND seat = ?",
                                (hand_no, message_id, table_id, seat))

    @_serialized
    async def start_table(self, table_id: int, first_dealer: int) -> None:
        await self.conn.execute("UPDATE tables SET status = 'playing', first_dealer = ? WHERE id = ?",
                                (first_dealer, table_id))

    @_serialized
    async def end_table(self, table_id: int, reason: str) -> None:
        await self.conn.execute(
            "UPDATE tables SET status = 'ended', ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), end_reason = ?"
            " WHERE id = ? AND status != 'ended'", (reason, table_id))

    # -- hands and the action log ----------------------------------------------------------------

    @_serialized
    async def start_hand(self, table_id: int, hand_no: int, seed: int, dealer: int) -> int:
        cur = await self.conn.execute(
            "INSERT INTO hands (table_id, hand_no, seed, dealer) VALUES (?, ?, ?, ?)",
            (table_id, hand_no, seed, dealer))
        assert cur.lastrowid is not None
        return cur.lastrowid

    @_serialized
    async def set_hand_message(self, hand_id: int, message_id: int) -> None:
        await self.conn.execute("UPDATE hands SET message_id = ? WHERE id = ?", (message_id, hand_id))

    @_serialized
    async def append_actions(self, hand_id: int, rows: Iterable[ActionRow]) -> None:
        """One transaction for a click and the AI moves it triggers: all durable before anyone is told."""
        rows = [(hand_id, r.seq, r.seat, r.code, int(r.by_ai)) for r in rows]
        if not rows:
            return
        if len(rows) == 1:
            # autocommit: one statement is its own transaction, and saves a thread round trip
            await self.conn.execute("INSERT INTO actions (hand_id, seq, seat, code, by_ai) VALUES (?, ?, ?, ?, ?)",
                                    rows[0])
            return
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self.conn.executemany(
                "INSERT INTO actions (hand_id, seq, seat, code, by_ai) VALUES (?, ?, ?, ?, ?)", rows)
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    @_serialized
    async def settle_hand(self, hand_id: int, guild_id: int, variant_id: str, result: dict[str, Any],
                          seats: Sequence[tuple[int, int | None, int, bool]], best_text: str,
                          end_table: tuple[int, str] | None = None) -> None:
        """Record the result and update cumulative scores in one transaction (idempotent per hand)."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.conn.execute(
                "UPDATE hands SET settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), result = ?"
                " WHERE id = ? AND settled_at IS NULL", (json.dumps(result, ensure_ascii=False), hand_id))
            if cur.rowcount == 1:
                for seat, user_id, delta, won in seats:
                    await self.conn.execute(
                        "INSERT INTO hand_seats (hand_id, seat, user_id, delta, won) VALUES (?, ?, ?, ?, ?)",
                        (hand_id, seat, user_id, delta, int(won)))
                    if user_id is None:
                        continue
                    await self.conn.execute(
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
                        (guild_id, variant_id, user_id, int(won), delta, delta, hand_id, best_text if won else ""))
            if end_table is not None:
                await self.conn.execute(
                    "UPDATE tables SET status = 'ended', ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),"
                    " end_reason = ? WHERE id = ? AND status != 'ended'", (end_table[1], end_table[0]))
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    # -- reading ---------------------------------------------------------------------------------

    async def live_tables(self) -> list[TableRow]:
        """Every table not ended, with seats, hands and each hand's actions: enough to replay it."""
        out = []
        async with self.conn.execute("SELECT * FROM tables WHERE status != 'ended' ORDER BY id") as cur:
            tables = await cur.fetchall()
        for t in tables:
            out.append(await self._table_row(t))
        return out

    async def table(self, table_id: int) -> TableRow | None:
        async with self.conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            t = await cur.fetchone()
        return await self._table_row(t) if t else None

    async def _table_row(self, t: aiosqlite.Row) -> TableRow:
        async with self.conn.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (t["id"],)) as cur:
            seats = [SeatRow(r["seat"], r["user_id"], r["name"], r["dm_channel_id"], bool(r["dm_closed"]),
                             r["dm_hand_no"], r["dm_message_id"]) for r in await cur.fetchall()]
        hands = []
        async with self.conn.execute("SELECT * FROM hands WHERE table_id = ? ORDER BY hand_no", (t["id"],)) as cur:
            hand_rows = await cur.fetchall()
        for h in hand_rows:
            hands.append(HandRow(h["id"], h["hand_no"], h["seed"], h["dealer"], h["message_id"],
                                 h["settled_at"] is not None, await self.actions(h["id"])))
        return TableRow(t["id"], t["guild_id"], t["channel_id"], t["host_id"], t["variant_id"],
                        json.loads(t["options"]), json.loads(t["bot_options"]), t["status"], t["first_dealer"],
                        t["lobby_message_id"], seats, hands)

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
