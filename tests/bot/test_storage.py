"""Group commit in storage: concurrent writes share one transaction, yet each caller learns its own fate."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage.db import ActionRow, CommitError, Database, SeatRow, migrations


async def open_db(tmp_path: Path) -> Database:
    return await Database.open(f"sqlite:///{tmp_path}/g.sqlite3")


async def make_hands(db: Database, n: int) -> list[int]:
    hands = []
    for i in range(n):
        tid = await db.create_table(1, 100 + i, 7, "paohuzi", {}, {}, [SeatRow(0, 7, "p")])
        hands.append(await db.start_hand(tid, 1, i, 0))
    return hands


async def test_concurrent_appends_share_commits_and_all_are_durable(tmp_path: Path) -> None:
    db = await open_db(tmp_path)
    hands = await make_hands(db, 50)
    commits = db.commits
    await asyncio.gather(*(db.append_actions(h, [ActionRow(0, 0, "a"), ActionRow(1, 1, "b", True)])
                           for h in hands))
    # 50 tables' writes arrived together: far fewer transactions than writes
    assert db.commits - commits < 10
    assert await db.count_actions() == 100
    await db.close()
    again = await open_db(tmp_path)  # a new connection sees every row: they were committed
    assert await again.count_actions() == 100
    assert [a.code for a in await again.actions(hands[0])] == ["a", "b"]
    await again.close()


async def test_a_failing_write_fails_only_its_caller(tmp_path: Path) -> None:
    db = await open_db(tmp_path)
    hands = await make_hands(db, 3)
    await db.append_actions(hands[1], [ActionRow(0, 0, "x")])
    got = await asyncio.gather(db.append_actions(hands[0], [ActionRow(0, 0, "a")]),
                               db.append_actions(hands[1], [ActionRow(1, 0, "y"), ActionRow(0, 0, "dup")]),
                               db.append_actions(hands[2], [ActionRow(0, 0, "c")]),
                               return_exceptions=True)
    assert got[0] is None and got[2] is None
    assert isinstance(got[1], sqlite3.IntegrityError)
    # the failed write is undone whole (its savepoint), the others in the same batch stand
    assert [a.code for a in await db.actions(hands[1])] == ["x"]
    assert [a.code for a in await db.actions(hands[0])] == ["a"]
    assert [a.code for a in await db.actions(hands[2])] == ["c"]
    await db.close()


async def test_a_failing_commit_fails_every_caller_and_writes_nothing(tmp_path: Path) -> None:
    db = await open_db(tmp_path)
    hands = await make_hands(db, 2)

    def poison(conn: sqlite3.Connection) -> None:
        # a deferred foreign-key violation is only detected by COMMIT: the whole batch must fail
        conn.execute("PRAGMA defer_foreign_keys = ON")
        conn.execute("INSERT INTO actions (hand_id, seq, seat, code) VALUES (999999, 0, 0, 'ghost')")

    got = await asyncio.gather(db.append_actions(hands[0], [ActionRow(0, 0, "a")]), db.write(poison),
                               db.append_actions(hands[1], [ActionRow(0, 0, "b")]), return_exceptions=True)
    assert all(isinstance(g, CommitError) for g in got), got
    assert await db.count_actions() == 0
    # the connection is left usable: the next batch commits
    await db.append_actions(hands[0], [ActionRow(0, 0, "a")])
    assert await db.count_actions() == 1
    await db.close()


async def test_close_flushes_queued_writes(tmp_path: Path) -> None:
    db = await open_db(tmp_path)
    hands = await make_hands(db, 5)
    pending = [asyncio.ensure_future(db.append_actions(h, [ActionRow(0, 0, "a")])) for h in hands]
    await asyncio.sleep(0)
    await db.close()
    assert all(p.done() and p.exception() is None for p in pending)
    again = await open_db(tmp_path)
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
