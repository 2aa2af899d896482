"""Group commit in storage: concurrent writes share one transaction, yet each caller learns its own fate.
Every test here runs on SQLite and on PostgreSQL (``db_url``), except the two that are about one of them."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from storage.db import ActionRow, CommitError, Database, IntegrityError, SeatRow, Tx, backend_name, migrations
from storage.postgres import dialect as postgres_dialect
from storage.schema import POSTGRES_NOW

pytestmark = pytest.mark.both_backends


async def make_hands(db: Database, n: int) -> list[int]:
    hands = []
    for i in range(n):
        tid = await db.create_table(1, 100 + i, 7, "paohuzi", {}, {}, [SeatRow(0, 7, "p")])
        hands.append(await db.start_hand(tid, 1, i, 0))
    return hands


async def test_concurrent_appends_share_commits_and_all_are_durable(db_url: str) -> None:
    db = await Database.open(db_url)
    hands = await make_hands(db, 50)
    commits = db.commits
    await asyncio.gather(*(db.append_actions(h, [ActionRow(0, 0, "a"), ActionRow(1, 1, "b", True)])
                           for h in hands))
    # 50 tables' writes arrived together: far fewer transactions than writes
    assert db.commits - commits < 10
    assert await db.count_actions() == 100
    await db.close()
    again = await Database.open(db_url)  # a new connection sees every row: they were committed
    assert await again.count_actions() == 100
    assert [a.code for a in await again.actions(hands[0])] == ["a", "b"]
    await again.close()


async def test_a_failing_write_fails_only_its_caller(db_url: str) -> None:
    db = await Database.open(db_url)
    hands = await make_hands(db, 3)
    await db.append_actions(hands[1], [ActionRow(0, 0, "x")])
    got = await asyncio.gather(db.append_actions(hands[0], [ActionRow(0, 0, "a")]),
                               db.append_actions(hands[1], [ActionRow(1, 0, "y"), ActionRow(0, 0, "dup")]),
                               db.append_actions(hands[2], [ActionRow(0, 0, "c")]),
                               return_exceptions=True)
    assert got[0] is None and got[2] is None
    assert isinstance(got[1], IntegrityError)  # the same error on both backends
    # the failed write is undone whole (its savepoint), the others in the same batch stand
    assert [a.code for a in await db.actions(hands[1])] == ["x"]
    assert [a.code for a in await db.actions(hands[0])] == ["a"]
    assert [a.code for a in await db.actions(hands[2])] == ["c"]
    await db.close()


async def test_a_failing_commit_fails_every_caller_and_writes_nothing(db_url: str) -> None:
    db = await Database.open(db_url)
    hands = await make_hands(db, 2)

    async def poison(tx: Tx) -> None:
        if db.dialect == "sqlite":
            # a deferred foreign-key violation is only detected by COMMIT: the whole batch must fail
            await tx.execute("PRAGMA defer_foreign_keys = ON")
            await tx.execute("INSERT INTO actions (hand_id, seq, seat, code) VALUES (999999, 0, 0, 'ghost')")
        else:
            # the server drops the writer's connection mid-batch: nothing of the batch was committed
            await tx.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    got = await asyncio.gather(db.append_actions(hands[0], [ActionRow(0, 0, "a")]), db.write(poison),
                               db.append_actions(hands[1], [ActionRow(0, 0, "b")]), return_exceptions=True)
    assert all(isinstance(g, CommitError) for g in got), got
    assert await db.count_actions() == 0
    # the connection is left usable: the next batch commits
    await db.append_actions(hands[0], [ActionRow(0, 0, "a")])
    assert await db.count_actions() == 1
    await db.close()


async def test_close_flushes_queued_writes(db_url: str) -> None:
    db = await Database.open(db_url)
    hands = await make_hands(db, 5)
    pending = [asyncio.ensure_future(db.append_actions(h, [ActionRow(0, 0, "a")])) for h in hands]
    await asyncio.sleep(0)
    await db.close()
    assert all(p.done() and p.exception() is None for p in pending)
    again = await Database.open(db_url)
    assert await again.count_actions() == 5
    with pytest.raises(CommitError):
        await db.append_actions(hands[0], [ActionRow(1, 0, "late")])
    await again.close()


async def test_migration_2_keeps_a_version_1_database(tmp_path: Path) -> None:
    """A database written before 托管 flags and votes were stored opens with both at their defaults."""
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(dict(migrations())[1] + "\nPRAGMA user_version=1;")
    conn.execute("INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                 " VALUES (1, 2, 3, 'paohuzi', '{}', '{}', 'playing')")
    conn.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (1, 0, 3, 'p')")
    conn.commit()
    conn.close()
    db = await Database.open(f"sqlite:///{path}")
    row = await db.table(1)
    assert row is not None and row.seats[0].auto is False and row.end_votes == []
    await db.append_actions(None, [], table_id=1, auto={0: True})
    await db.add_end_vote(1, 3)
    await db.add_end_vote(1, 3)  # twice counts once
    row = await db.table(1)
    assert row is not None and row.seats[0].auto is True and row.end_votes == [3]
    await db.close()


async def test_migration_4_adds_each_seats_locale_to_a_version_3_database(tmp_path: Path) -> None:
    """Seats written before locales were remembered read as unknown (the guild's language); the column is written
    by the seat rows and by its own setter. The migration is one portable statement (PostgreSQL runs it too)."""
    sql = dict(migrations())[4]
    code = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    assert [" ".join(s.split()) for s in code.split(";") if s.strip()] == ["ALTER TABLE seats ADD COLUMN locale TEXT"]
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript("\n".join(dict(migrations())[n] for n in (1, 2, 3)) + "\nPRAGMA user_version=3;")
    conn.execute("INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                 " VALUES (1, 2, 3, 'paohuzi', '{}', '{}', 'playing')")
    conn.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (1, 0, 3, 'p')")
    conn.commit()
    conn.close()
    db = await Database.open(f"sqlite:///{path}")
    row = await db.table(1)
    assert row is not None and row.seats[0].locale is None
    await db.set_seat_locale(1, 0, "zh-TW")
    row = await db.table(1)
    assert row is not None and row.seats[0].locale == "zh-TW"
    await db.set_seats(1, [SeatRow(0, 3, "p", locale="en-US"), SeatRow(1, 4, "q")])
    row = await db.table(1)
    assert row is not None and [s.locale for s in row.seats] == ["en-US", None]
    await db.close()


async def test_snowflakes_and_timestamps_read_back_alike(db_url: str) -> None:
    """Discord ids pass 2**31 (PostgreSQL's INTEGER) and need all 64 bits; rows read back as the same types."""
    guild, channel, user = 1 << 60, (1 << 62) + 5, 947_339_210_734_512_158
    db = await Database.open(db_url)
    tid = await db.create_table(guild, channel, user, "paohuzi", {"hands": 8}, {}, [SeatRow(0, user, "p", channel)])
    hid = await db.start_hand(tid, 1, -(1 << 62), 0)
    await db.set_hand_message(hid, channel + 1)
    await db.settle_hand(hid, guild, "paohuzi", {"deltas": [5]}, [(0, user, 5, True)], "自摸")
    row = await db.table(tid)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.host_id, row.seats[0].user_id) == (guild, channel, user, user)
    assert (row.hands[0].seed, row.hands[0].message_id, row.options) == (-(1 << 62), channel + 1, {"hands": 8})
    hand = await db.hand(hid)
    assert hand is not None and hand["result"] == {"deltas": [5]}
    # ISO-8601 UTC text on both, so a period's board compares it as text
    assert isinstance(hand["settled_at"], str) and hand["settled_at"].endswith("Z") and "T" in hand["settled_at"]
    history = await db.history(channel)
    assert [(h["id"], h["result"]) for h in history] == [(hid, {"deltas": [5]})]
    board = await db.leaderboard(guild, "paohuzi", since=datetime(2000, 1, 1))
    assert board == [{"user_id": user, "points": 5, "hands": 1, "wins": 1}]
    assert all(type(v) is int for v in board[0].values())
    assert await db.stats(guild, user) == [{"variant_id": "paohuzi", "hands": 1, "wins": 1, "points": 5,
                                           "best_delta": 5, "best_hand_id": hid, "best_text": "自摸"}]
    await db.close()


async def test_a_tables_guild_reads_back(db_url: str) -> None:
    """Forwarding a DM click asks which guild (so which process) a table is in, through the storage API."""
    guild = (1 << 60) + 7
    db = await Database.open(db_url)
    tid = await db.create_table(guild, 5, 6, "paohuzi", {}, {}, [SeatRow(0, 6, "p")])
    assert await db.guild_of(tid) == guild and type(await db.guild_of(tid)) is int
    assert await db.guild_of(tid + 1) is None
    await db.close()


async def test_two_processes_settling_at_once_lose_no_points(db_url: str) -> None:
    """Two bot processes (two connections) settle hands of one guild at once: every hand counts once, in
    the shared cumulative row and the per-period board alike."""
    a, b = await Database.open(db_url), await Database.open(db_url)
    users = [11, 22, 33]
    hands = []
    for i in range(40):
        tid = await a.create_table(7, 1000 + i, 11, "paohuzi", {}, {}, [SeatRow(s, u, "p") for s, u in enumerate(users)])
        hands.append(await a.start_hand(tid, 1, i, 0))

    def seats(i: int) -> list[tuple[int, int | None, int, bool]]:
        # the winner changes hand by hand; the seat order is rotated so rows are locked in varying orders
        winner = i % 3
        order = users[i % 3:] + users[:i % 3]
        return [(s, u, 4 if s == winner else -2, s == winner) for s, u in enumerate(order)]

    settles = [(a if i % 2 else b).settle_hand(h, 7, "paohuzi", {"i": i}, seats(i), f"hand {i}")
               for i, h in enumerate(hands)]
    # each hand settled twice (a retry racing the first try, in the other process): counted once
    settles += [(b if i % 2 else a).settle_hand(h, 7, "paohuzi", {"i": i}, seats(i), f"hand {i}")
                for i, h in enumerate(hands)]
    await asyncio.gather(*settles)
    expect: dict[int, list[int]] = {u: [0, 0, 0] for u in users}  # points, hands, wins
    for i in range(len(hands)):
        for _s, u, delta, won in seats(i):
            assert u is not None
            expect[u][0] += delta
            expect[u][1] += 1
            expect[u][2] += int(won)
    for db in (a, b):
        for since in (None, datetime(2000, 1, 1)):
            board = {r["user_id"]: [r["points"], r["hands"], r["wins"]] for r in await db.leaderboard(7, "paohuzi", since)}
            assert board == expect
    await a.close()
    await b.close()


async def test_processes_starting_at_once_migrate_once(pg_url: str) -> None:
    """Several bot processes start together on an empty PostgreSQL: the advisory lock lets one migrate, the
    others find the schema done; every one of them opens."""
    dbs = await asyncio.gather(*(Database.open(pg_url) for _ in range(4)))
    versions = [r[0] for r in await dbs[0].fetch("SELECT version FROM schema_version ORDER BY version")]
    assert versions == [n for n, _ in migrations("postgres")]
    for db in dbs:
        assert await db.migrate() == versions[-1]
        await db.close()


def test_postgres_runs_the_same_numbered_migrations() -> None:
    """One numbered list: PostgreSQL gets the SQLite files (unchanged for existing SQLite users) through the
    named rewrites, and nothing SQLite-only is left in what it runs."""
    sqlite_scripts, pg_scripts = migrations("sqlite"), migrations("postgres")
    assert [n for n, _ in sqlite_scripts] == [n for n, _ in pg_scripts] and sqlite_scripts[0][0] == 1
    first = (Path(__file__).parents[2] / "storage" / "migrations" / "001_initial.sql").read_text(encoding="utf-8")
    assert sqlite_scripts[0][1] == first
    for _, sql in pg_scripts:
        assert not re.search(r"AUTOINCREMENT|strftime|WITHOUT ROWID|\bINTEGER\b", sql, re.I), sql
    assert "guild_id        BIGINT NOT NULL" in pg_scripts[0][1]


def test_queries_are_written_once_with_question_marks() -> None:
    assert postgres_dialect("UPDATE t SET a = ?, b = NOW_TEXT WHERE c = ? AND d = ?") == (
        f"UPDATE t SET a = $1, b = {POSTGRES_NOW} WHERE c = $2 AND d = $3")
    assert backend_name("postgresql://u@/db?host=/tmp") == backend_name("postgres://h/db") == "postgres"
    assert backend_name("sqlite:///x.db") == backend_name("data/x.sqlite3") == "sqlite"
    with pytest.raises(ValueError):
        backend_name("mysql://h/db")
