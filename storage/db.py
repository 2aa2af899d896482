"""Persistence for tables: the append-only action log, hand records and cumulative scores.

The bot never stores engine objects: a table is (variant, options, seats, per-hand seed, actions), and
replaying that log through the engine rebuilds it exactly. ``DATABASE_URL`` picks the backend: SQLite (a
``sqlite:///path`` URL or a bare path; the embedded default, one process) or PostgreSQL (``postgresql://`` /
``postgres://``; several bot processes share it). Every query is written once, here; the backends
(``storage/sqlite.py``, ``storage/postgres.py``) translate the few dialect bits named in ``storage/base.py``.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from .base import MAX_BATCH, MAX_TRIES, Backend, CommitError, IntegrityError, Row, Tx, WriteFn
from .schema import migrations
from .sqlite import path_from_url

__all__ = ["DEFAULT_URL", "ID_LIMIT", "MAX_BATCH", "ActionRow", "CommitError", "Database", "DealRecord", "HandRow",
           "IntegrityError", "MatchRecord", "Row", "SeatRow", "TableRow", "Tx", "WriteFn", "backend_name", "migrations",
           "path_from_url"]

DEFAULT_URL = "sqlite:///data/hunan_tables.sqlite3"
T = TypeVar("T")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# Row ids (tables, hands) are 64-bit signed integers on both backends: a number a player typed or a custom id
# carried is no id at or past this, and binding it would raise OverflowError instead of finding nothing.
ID_LIMIT = 1 << 63


def backend_name(url: str) -> str:
    """``postgres`` for a PostgreSQL URL, ``sqlite`` for a SQLite one (or a bare path)."""
    if url.startswith(POSTGRES_SCHEMES):
        return "postgres"
    path_from_url(url)  # anything else must be SQLite's: a wrong scheme fails here, before a file is made
    return "sqlite"


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
    code: str | None = None  # the share code /replay opens it by (migration 008)
    commitment: str | None = None  # SHA-256 shown while it is played (engine/fairness.py)


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
    active_at: int | None = None  # a lobby's last change, Unix seconds of the bot's clock (None: not known)
    kicked: list[int] = field(default_factory=list)  # users the host removed before the start (踢出)


# Share codes: 6 characters without the look-alikes 0/O, 1/I/L (and U, read as V), 31**6 ≈ 887 million codes.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
CODE_LENGTH = 6
CODE_TRIES = 8  # a fresh code after a collision with a stored one; eight in a row means something else is wrong


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str | None:
    """A code as a player typed it (any case, spaces or dashes between), or None if it cannot be one."""
    code = "".join(ch for ch in typed.upper() if ch not in " -")
    return code if len(code) == CODE_LENGTH and all(ch in CODE_LETTERS for ch in code) else None


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What makes a hand's deal verifiable (engine/fairness.py): kept secret (salt) until the hand ends."""

    salt: str
    commitment: str
    wall: list[int]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match with at least two humans, stored with its last hand for the ratings (storage/ratings.py):
    each human's final score and place among the humans (1 = best, ties share)."""

    guild_id: int
    variant_id: str
    ruleset: str
    places: list[tuple[int, int, int]]  # (user id, score, place)


# One hand's result added to a player's cumulative row (hands, wins and points add; the best hand is kept).
SCORE_UPSERT = (
    "INSERT INTO scores (guild_id, variant_id, user_id, hands, wins, points, best_delta, best_hand_id, best_text)"
    " VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, variant_id, user_id) DO UPDATE SET"
    " hands = scores.hands + 1, wins = scores.wins + excluded.wins, points = scores.points + excluded.points,"
    " best_text = CASE WHEN scores.best_delta IS NULL OR excluded.best_delta > scores.best_delta"
    "   THEN excluded.best_text ELSE scores.best_text END,"
    " best_hand_id = CASE WHEN scores.best_delta IS NULL OR excluded.best_delta > scores.best_delta"
    "   THEN excluded.best_hand_id ELSE scores.best_hand_id END,"
    " best_delta = CASE WHEN scores.best_delta IS NULL OR excluded.best_delta > scores.best_delta"
    "   THEN excluded.best_delta ELSE scores.best_delta END")


class Database:
    """The storage interface; every write goes through one writer task that commits in groups.

    Group commit: while one transaction is being written, the writes of other tables queue up; the writer
    then takes all of them into the next transaction, so under load one commit (one trip to SQLite's thread
    and one WAL append, or one PostgreSQL transaction) makes many tables' actions durable. Each caller's
    await returns only after the COMMIT holding its write returned, so "written before anyone is told" holds
    per caller. At low load a batch is one write and costs what a lone autocommit did.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._queue: list[tuple[WriteFn[Any], asyncio.Future[Any]]] = []
        self._tries: dict[asyncio.Future[Any], int] = {}  # jobs undone by a transient conflict, and how often
        self._wake = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self.commits = 0  # transactions committed by the writer (tests and the benchmark read these)
        self.writes = 0  # writes those transactions held

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgres``."""
        return self.backend.name

    @classmethod
    async def open(cls, url: str = DEFAULT_URL) -> Database:
        backend: Backend
        if backend_name(url) == "postgres":
            from .postgres import PostgresBackend  # asyncpg is loaded only by those who use it

            backend = await PostgresBackend.open(url)
        else:
            from .sqlite import SqliteBackend

            backend = await SqliteBackend.open(url)
        db = cls(backend)
        try:
            await db.migrate()
        except BaseException:
            await backend.close()
            raise
        return db

    async def close(self) -> None:
        # Writes already queued are flushed: their callers were promised an answer.
        self._closing = True
        self._wake.set()
        if self._writer is not None:
            await self._writer
        await self.backend.close()

    async def migrate(self) -> int:
        return await self.backend.migrate(migrations(self.backend.name))

    # -- the writer ------------------------------------------------------------------------------

    async def write(self, job: WriteFn[T]) -> T:
        """Queue ``job`` (an ``async`` function of a :class:`Tx`) for the next group commit; returns its value
        once that commit has returned. The job awaits only its ``Tx`` (on SQLite it runs on the database
        thread).

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
                    results = await self.backend.commit_batch(jobs)
                except Exception as e:  # the database thread or connection itself failed
                    failed = CommitError(f"commit failed: {e}")
                    failed.__cause__ = e
                    results = [(False, failed)] * len(batch)
                else:
                    if not (results and isinstance(results[0][1], CommitError)):
                        self.commits += 1
                        self.writes += len(batch)
                again: list[tuple[WriteFn[Any], asyncio.Future[Any]]] = []
                for (job, fut), (ok, value) in zip(batch, results, strict=True):
                    if fut.done():  # the caller was cancelled; its write stands or fell with the batch
                        self._tries.pop(fut, None)
                        continue
                    if not ok and self.backend.transient(value) and self._tries.get(fut, 1) < MAX_TRIES:
                        self._tries[fut] = self._tries.get(fut, 1) + 1
                        again.append((job, fut))
                        continue
                    self._tries.pop(fut, None)
                    if ok:
                        fut.set_result(value)
                    else:
                        fut.set_exception(value)
                # first in the next batch: they waited longest
                self._queue[:0] = again
            if self._closing:
                return

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """One statement of the caller's own, through the group commit (tests and tools; the bot's writes
        are the methods below). Returns how many rows it changed."""
        async def job(tx: Tx) -> int:
            return await tx.execute(sql, args)
        return await self.write(job)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """The rows of one query of the caller's own (``?`` placeholders, as every query here)."""
        return await self.backend.fetch(sql, args)

    # -- tables and seats ------------------------------------------------------------------------

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, variant_id: str,
                           options: dict[str, Any], bot_options: dict[str, Any], seats: Sequence[SeatRow],
                           *, active_at: int | None = None) -> int:
        async def job(tx: Tx) -> int:
            table_id = await tx.insert(
                "INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status,"
                " active_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?)",
                (guild_id, channel_id, host_id, variant_id, json.dumps(options), json.dumps(bot_options), active_at))
            await _write_seats(tx, table_id, seats)
            return table_id
        return await self.write(job)

    async def set_seats(self, table_id: int, seats: Sequence[SeatRow], *, host_id: int | None = None,
                        active_at: int | None = None, kicked: Collection[int] | None = None) -> None:
        """The lobby's seat list, and the new host when the host left, as one write; with it the lobby's last
        change (``active_at``) and the users the host removed (``kicked``), when given."""
        async def job(tx: Tx) -> None:
            await _write_seats(tx, table_id, seats)
            if host_id is not None:
                await tx.execute("UPDATE tables SET host_id = ? WHERE id = ?", (host_id, table_id))
            if active_at is not None:
                await tx.execute("UPDATE tables SET active_at = ? WHERE id = ?", (active_at, table_id))
            if kicked is not None:
                await tx.execute("UPDATE tables SET kicked = ? WHERE id = ?", (json.dumps(sorted(kicked)), table_id))
        await self.write(job)

    async def delete_lobby(self, table_id: int) -> bool:
        """Delete a lobby that never started, with its seats (an idle lobby closing itself: nothing was played,
        so nothing is kept). False: the table is not a lobby (any more), and nothing was deleted."""
        async def job(tx: Tx) -> bool:
            # its seats, votes and posts go with it (ON DELETE CASCADE, foreign keys on in both backends)
            return await tx.execute("DELETE FROM tables WHERE id = ? AND status = 'lobby'", (table_id,)) > 0
        return await self.write(job)

    async def _update(self, sql: str, args: tuple[Any, ...]) -> None:
        async def job(tx: Tx) -> None:
            await tx.execute(sql, args)
        await self.write(job)

    async def set_options(self, table_id: int, options: dict[str, Any], bot_options: dict[str, Any], *,
                          active_at: int | None = None) -> None:
        await self._update("UPDATE tables SET options = ?, bot_options = ?, active_at = COALESCE(?, active_at)"
                           " WHERE id = ?", (json.dumps(options), json.dumps(bot_options), active_at, table_id))

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
            "UPDATE tables SET status = 'ended', ended_at = NOW_TEXT, end_reason = ?"
            " WHERE id = ? AND status != 'ended'", (reason, table_id))

    # -- hands and the action log ----------------------------------------------------------------

    async def start_hand(self, table_id: int, hand_no: int, seed: int, dealer: int,
                         deal: DealRecord | None = None) -> int:
        """A new hand, with its share code and (``deal``) its commitment, secret salt and recorded wall."""
        extra = (deal.salt, deal.commitment, json.dumps(deal.wall)) if deal else (None, None, None)
        for attempt in range(CODE_TRIES):
            code = new_code()

            async def job(tx: Tx, code: str = code) -> int:
                return await tx.insert(
                    "INSERT INTO hands (table_id, hand_no, seed, dealer, share_code, salt, commitment, wall)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (table_id, hand_no, seed, dealer, code, *extra))
            try:
                return await self.write(job)
            except IntegrityError:
                if attempt == CODE_TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def hand_by_code(self, code: str) -> dict[str, Any] | None:
        """The hand a share code names: ``id``, ``guild_id``, ``settled`` (None: no such code)."""
        rows = await self.fetch("SELECT h.id, h.settled_at, t.guild_id FROM hands h JOIN tables t ON t.id = h.table_id"
                                " WHERE h.share_code = ?", (code,))
        if not rows:
            return None
        return {"id": int(rows[0]["id"]), "guild_id": int(rows[0]["guild_id"]),
                "settled": rows[0]["settled_at"] is not None}

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

        async def job(tx: Tx) -> None:
            if values:
                await tx.executemany("INSERT INTO actions (hand_id, seq, seat, code, by_ai) VALUES (?, ?, ?, ?, ?)",
                                 values)
            if flags:
                await tx.executemany("UPDATE seats SET auto = ? WHERE table_id = ? AND seat = ?", flags)
        await self.write(job)

    async def add_end_vote(self, table_id: int, user_id: int) -> None:
        """Voting twice counts once."""
        await self.vote_end(table_id, user_id, True)

    async def vote_end(self, table_id: int, user_id: int, agree: bool, *, new_round: bool = False) -> None:
        """Store one 解散 vote (a later vote of the same user replaces theirs). ``new_round`` opens a new
        proposal in the same write: earlier votes are dropped and the round number goes up."""
        async def job(tx: Tx) -> None:
            if new_round:
                await tx.execute("DELETE FROM end_votes WHERE table_id = ?", (table_id,))
                await tx.execute("UPDATE tables SET end_round = end_round + 1 WHERE id = ?", (table_id,))
            await tx.execute("INSERT INTO end_votes (table_id, user_id, agree) VALUES (?, ?, ?)"
                         " ON CONFLICT (table_id, user_id) DO UPDATE SET agree = excluded.agree",
                         (table_id, user_id, int(agree)))
        await self.write(job)

    async def clear_end_votes(self, table_id: int) -> None:
        """A proposal was refused: its votes go, so the next proposal starts fresh."""
        await self._update("DELETE FROM end_votes WHERE table_id = ?", (table_id,))

    async def settle_hand(self, hand_id: int, guild_id: int, variant_id: str, result: dict[str, Any],
                          seats: Sequence[tuple[int, int | None, int, bool]], best_text: str,
                          end_table: tuple[int, str] | None = None, match_adjust: Sequence[int] | None = None,
                          posts: Sequence[str] = (), match: MatchRecord | None = None) -> list[int]:
        """Record the result and update cumulative scores in one transaction (idempotent per hand).

        ``match_adjust`` (per seat, on a match's last hand) moves each player's points from the running totals
        to the match's final settlement (放炮罚 / 剥皮 settle pairwise at the end); the hand's own delta still
        decides the best hand. ``posts`` (the channel posts announcing it: the settlement, the match's end) are
        stored unposted in the same transaction; returns their ids (none if the hand was settled before). ``match``
        (a match's last hand) records the finished match for the ratings in the same transaction, in the season
        open then."""
        result_json = json.dumps(result, ensure_ascii=False)

        async def job(tx: Tx) -> list[int]:
            settled = await tx.execute(
                "UPDATE hands SET settled_at = NOW_TEXT, result = ?"
                " WHERE id = ? AND settled_at IS NULL", (result_json, hand_id))
            ids: list[int] = []
            if settled == 1:
                for content in posts:
                    ids.append(await tx.insert(
                        "INSERT INTO channel_posts (table_id, hand_id, content)"
                        " SELECT table_id, id, ? FROM hands WHERE id = ?", (content, hand_id)))
                rows = [(seat, user_id, delta + (match_adjust[seat] if match_adjust else 0), delta, won)
                        for seat, user_id, delta, won in seats]
                await tx.executemany("INSERT INTO hand_seats (hand_id, seat, user_id, delta, won) VALUES (?, ?, ?, ?, ?)",
                                     [(hand_id, seat, user_id, points, int(won)) for seat, user_id, points, _, won in rows])
                # Scores are added to in the database, never read and written back, so processes settling
                # hands of one guild at once both count; by user, so two such writes lock rows in one order.
                for _seat, user_id, points, delta, won in sorted(rows, key=lambda r: r[1] or 0):
                    if user_id is None:
                        continue
                    await tx.execute(SCORE_UPSERT, (guild_id, variant_id, user_id, int(won), points, delta, hand_id,
                                                    best_text if won else ""))
                if match is not None:
                    match_id = await tx.insert(
                        "INSERT INTO rated_matches (table_id, guild_id, variant_id, ruleset, season_id)"
                        " SELECT table_id, ?, ?, ?, COALESCE((SELECT MAX(id) FROM seasons WHERE guild_id = ?"
                        " AND ended_at IS NULL), 0) FROM hands WHERE id = ?",
                        (match.guild_id, match.variant_id, match.ruleset, match.guild_id, hand_id))
                    await tx.executemany("INSERT INTO match_places (match_id, user_id, score, place) VALUES (?, ?, ?, ?)",
                                         [(match_id, user, score, place) for user, score, place in match.places])
            if end_table is not None:
                await tx.execute(
                    "UPDATE tables SET status = 'ended', ended_at = NOW_TEXT,"
                    " end_reason = ? WHERE id = ? AND status != 'ended'", (end_table[1], end_table[0]))
            return ids
        return await self.write(job)

    # -- channel posts that must land once ----------------------------------------------------------

    async def set_post_message(self, post_id: int, message_id: int) -> None:
        """The post landed as ``message_id`` (0: it never will, its channel is gone)."""
        await self._update("UPDATE channel_posts SET message_id = ? WHERE id = ?", (message_id, post_id))

    async def unposted(self, table_id: int) -> list[tuple[int, str]]:
        """(id, content) of the table's posts not yet posted, oldest first."""
        rows = await self.fetch("SELECT id, content FROM channel_posts WHERE table_id = ? AND message_id IS NULL"
                                " ORDER BY id", (table_id,))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def ended_tables_with_unposted(self, shards: ShardFilter | None = None) -> list[int]:
        """Ended tables (of ``shards``' guilds) whose last posts never landed: a match's end a crash cut off."""
        where, args = _shard_where(shards)
        return [int(r[0]) for r in await self.fetch(
            "SELECT id FROM tables WHERE status = 'ended' AND id IN"
            f" (SELECT table_id FROM channel_posts WHERE message_id IS NULL){where} ORDER BY id", args)]

    # -- reading ---------------------------------------------------------------------------------

    async def live_tables(self, shards: ShardFilter | None = None) -> list[TableRow]:
        """Every table not ended, with seats, hands and each hand's actions: enough to replay it."""
        where, args = _shard_where(shards)
        tables = await self.fetch(f"SELECT * FROM tables WHERE status != 'ended'{where} ORDER BY id", args)
        return [await self._table_row(t) for t in tables]

    async def live_table_ids(self, shards: ShardFilter | None = None) -> list[int]:
        """Ids of the tables not ended: restoring reads them one by one, so one unreadable row spoils only itself.
        ``shards`` (shard count, owned shard ids) keeps the tables of guilds on those gateway shards only."""
        where, args = _shard_where(shards)
        return [r[0] for r in await self.fetch(f"SELECT id FROM tables WHERE status != 'ended'{where} ORDER BY id",
                                               args)]

    async def guild_of(self, table_id: int) -> int | None:
        """The guild a table is in (None: no such table), which says the process owning it (bot/edge/forward.py)."""
        rows = await self.fetch("SELECT guild_id FROM tables WHERE id = ?", (table_id,))
        return int(rows[0]["guild_id"]) if rows else None

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self.fetch("SELECT * FROM tables WHERE id = ?", (table_id,))
        return await self._table_row(rows[0]) if rows else None

    async def _table_row(self, t: Row) -> TableRow:
        seats = [SeatRow(r["seat"], r["user_id"], r["name"], r["dm_channel_id"], bool(r["dm_closed"]),
                         r["dm_hand_no"], r["dm_message_id"], bool(r["auto"]), r["locale"])
                 for r in await self.fetch("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (t["id"],))]
        votes = [(r[0], bool(r[1])) for r in await self.fetch(
            "SELECT user_id, agree FROM end_votes WHERE table_id = ? ORDER BY voted_at", (t["id"],))]
        hands = []
        for h in await self.fetch("SELECT * FROM hands WHERE table_id = ? ORDER BY hand_no", (t["id"],)):
            hands.append(HandRow(h["id"], h["hand_no"], h["seed"], h["dealer"], h["message_id"],
                                 h["settled_at"] is not None, await self.actions(h["id"]), h["share_code"], h["commitment"]))
        return TableRow(t["id"], t["guild_id"], t["channel_id"], t["host_id"], t["variant_id"],
                        json.loads(t["options"]), json.loads(t["bot_options"]), t["status"], t["first_dealer"],
                        t["lobby_message_id"], seats, hands, [u for u, yes in votes if yes],
                        [u for u, yes in votes if not yes], t["end_round"], t["active_at"],
                        [int(u) for u in json.loads(t["kicked"] or "[]")])

    async def actions(self, hand_id: int) -> list[ActionRow]:
        rows = await self.fetch("SELECT seq, seat, code, by_ai FROM actions WHERE hand_id = ? ORDER BY seq", (hand_id,))
        return [ActionRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def hand(self, hand_id: int) -> dict[str, Any] | None:
        rows = await self.fetch(
            "SELECT h.*, t.variant_id, t.options, t.guild_id, t.channel_id FROM hands h"
            " JOIN tables t ON t.id = h.table_id WHERE h.id = ?", (hand_id,))
        if not rows:
            return None
        out = dict(rows[0])
        out["options"] = json.loads(out["options"])
        out["result"] = json.loads(out["result"]) if out["result"] else None
        out["code"] = out.get("share_code")
        out["actions"] = await self.actions(hand_id)
        return out

    async def history(self, channel_id: int, limit: int = 10) -> list[dict[str, Any]]:
        rows = await self.fetch(
            "SELECT h.id, h.hand_no, h.table_id, h.settled_at, h.result, h.share_code AS code, t.variant_id FROM hands h"
            " JOIN tables t ON t.id = h.table_id WHERE t.channel_id = ? AND h.settled_at IS NOT NULL"
            " ORDER BY h.id DESC LIMIT ?", (channel_id, limit))
        return [dict(r) | {"result": json.loads(r["result"])} for r in rows]

    async def seat_names(self, table_ids: Iterable[int]) -> dict[int, list[tuple[int | None, str]]]:
        """Each table's seats in order, as (user id or None for an AI, name): the names its hands are read with."""
        ids = sorted(set(table_ids))
        if not ids:
            return {}
        out: dict[int, list[tuple[int | None, str]]] = {}
        for r in await self.fetch(f"SELECT table_id, user_id, name FROM seats WHERE table_id IN ({', '.join('?' * len(ids))})"
                                  " ORDER BY table_id, seat", ids):
            out.setdefault(r["table_id"], []).append((r["user_id"], r["name"]))
        return out

    async def hand_results(self, hand_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
        """Settled hands by id: ``table_id``, ``hand_no``, ``variant_id``, ``result`` and the table's ``seats``
        (see :meth:`seat_names`), enough to word each result with its players' names."""
        ids = sorted(set(hand_ids))
        if not ids:
            return {}
        rows = await self.fetch(
            "SELECT h.id, h.table_id, h.hand_no, h.result, t.variant_id FROM hands h JOIN tables t ON t.id = h.table_id"
            f" WHERE h.id IN ({', '.join('?' * len(ids))}) AND h.result IS NOT NULL", ids)
        seats = await self.seat_names(r["table_id"] for r in rows)
        return {r["id"]: {"table_id": r["table_id"], "hand_no": r["hand_no"], "variant_id": r["variant_id"],
                          "result": json.loads(r["result"]), "seats": seats.get(r["table_id"], [])} for r in rows}

    async def leaderboard(self, guild_id: int, variant_id: str | None, since: datetime | None = None,
                          limit: int = 10) -> list[dict[str, Any]]:
        """The points board of one variant, or (``variant_id`` None) of every variant added together."""
        if variant_id is None:
            # every variant together: each player's rows added up (the casts as below)
            if since is None:
                sql = ("SELECT user_id, CAST(SUM(points) AS BIGINT) AS points, CAST(SUM(hands) AS BIGINT) AS hands,"
                       " CAST(SUM(wins) AS BIGINT) AS wins FROM scores WHERE guild_id = ?"
                       " GROUP BY user_id ORDER BY points DESC, wins DESC, user_id LIMIT ?")
                args: tuple[Any, ...] = (guild_id, limit)
            else:
                sql = ("SELECT hs.user_id, CAST(SUM(hs.delta) AS BIGINT) AS points, COUNT(*) AS hands,"
                       " CAST(SUM(hs.won) AS BIGINT) AS wins"
                       " FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id JOIN tables t ON t.id = h.table_id"
                       " WHERE t.guild_id = ? AND hs.user_id IS NOT NULL AND h.settled_at >= ?"
                       " GROUP BY hs.user_id ORDER BY points DESC, wins DESC, hs.user_id LIMIT ?")
                args = (guild_id, since.strftime("%Y-%m-%dT%H:%M:%S"), limit)
            return [dict(r) for r in await self.fetch(sql, args)]
        if since is None:
            sql = ("SELECT user_id, points, hands, wins FROM scores WHERE guild_id = ? AND variant_id = ?"
                   " ORDER BY points DESC, wins DESC, user_id LIMIT ?")
            args = (guild_id, variant_id, limit)
        else:
            # per-period boards come from the per-hand rows; the cumulative row has no time axis. The casts:
            # PostgreSQL sums BIGINTs as NUMERIC, which would read back as Decimal.
            sql = ("SELECT hs.user_id, CAST(SUM(hs.delta) AS BIGINT) AS points, COUNT(*) AS hands,"
                   " CAST(SUM(hs.won) AS BIGINT) AS wins"
                   " FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id JOIN tables t ON t.id = h.table_id"
                   " WHERE t.guild_id = ? AND t.variant_id = ? AND hs.user_id IS NOT NULL AND h.settled_at >= ?"
                   " GROUP BY hs.user_id ORDER BY points DESC, wins DESC, hs.user_id LIMIT ?")
            args = (guild_id, variant_id, since.strftime("%Y-%m-%dT%H:%M:%S"), limit)
        return [dict(r) for r in await self.fetch(sql, args)]

    async def stats(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        rows = await self.fetch(
            "SELECT variant_id, hands, wins, points, best_delta, best_hand_id, best_text FROM scores"
            " WHERE guild_id = ? AND user_id = ? ORDER BY variant_id", (guild_id, user_id))
        return [dict(r) for r in rows]

    async def count_actions(self) -> int:
        rows = await self.fetch("SELECT COUNT(*) FROM actions")
        return int(rows[0][0]) if rows else 0


# (shard count, owned shard ids): a guild is on shard (guild_id >> 22) % count, as Discord routes its events.
ShardFilter = tuple[int, Sequence[int]]


def _shard_where(shards: ShardFilter | None) -> tuple[str, tuple[int, ...]]:
    if shards is None:
        return "", ()
    count, ids = shards
    return f" AND (guild_id >> 22) % ? IN ({', '.join('?' * len(ids))})", (count, *ids)


async def _write_seats(tx: Tx, table_id: int, seats: Sequence[SeatRow]) -> None:
    await tx.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    await tx.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, dm_channel_id, dm_closed, dm_hand_no, dm_message_id, auto,"
        " locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.user_id, s.name, s.dm_channel_id, int(s.dm_closed), s.dm_hand_no, s.dm_message_id,
          int(s.auto), s.locale) for s in seats])
