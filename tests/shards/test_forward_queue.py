"""The forwarded-interaction queue (storage/forwarded.py) on both backends: a payload reaches the owner of its
shard only, whole; exactly one of the owner's take and the putter's withdraw gets a row, even when they race;
two consumers of one shard never take the same row; old rows are the putter's, forgotten ones are dropped."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from storage import forwarded
from storage.db import Database
from storage.forwarded import ForwardQueue

pytestmark = pytest.mark.both_backends


@pytest.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    database = await Database.open(db_url)
    yield database
    await database.close()


def payload(n: int) -> dict[str, Any]:
    return {"id": str(1000 + n), "type": 3, "token": f"tok{n}", "data": {"custom_id": f"ht:b:{n}:1:0:出"},
            "message": {"content": "手牌 〔大壹〕", "components": [{"type": 1, "components": []}]}}


async def test_a_payload_goes_whole_to_its_shard_only(db: Database) -> None:
    q = ForwardQueue(db)
    await q.put(1, payload(1))
    await q.put(2, payload(2))
    assert await q.take([0]) == []
    assert await q.take([1]) == [payload(1)]
    assert await q.take([1]) == []  # taken once
    assert await q.take([0, 2]) == [payload(2)]


async def test_take_and_withdraw_exclude_each_other(db: Database) -> None:
    q = ForwardQueue(db)
    first = await q.put(1, payload(1))
    assert await q.withdraw(first)
    assert await q.take([1]) == []  # withdrawn: the owner never sees it
    second = await q.put(1, payload(2))
    assert await q.queued(second)
    assert await q.take([1]) == [payload(2)]
    assert not await q.queued(second)
    assert not await q.withdraw(second)  # taken: the putter must not answer it as well


async def test_racing_consumers_and_putter_each_row_goes_to_exactly_one(db_url: str, db: Database) -> None:
    """Two owners' connections (two processes) and the putter, all at once: every row lands in one place."""
    other = await Database.open(db_url)
    try:
        mine, theirs = ForwardQueue(db), ForwardQueue(other)
        ids = [await mine.put(1, payload(n)) for n in range(40)]
        results = await asyncio.gather(mine.take([1]), theirs.take([1]),
                                       *(mine.withdraw(i) for i in ids[::3]))
        taken = [p["token"] for p in results[0] + results[1]]
        withdrawn = [f"tok{n}" for n, ok in zip(range(0, 40, 3), results[2:], strict=True) if ok]
        assert sorted(taken + withdrawn) == sorted(f"tok{n}" for n in range(40))  # none lost, none twice
        assert await mine.take([1]) == [] and await theirs.take([1]) == []
    finally:
        await other.close()


async def test_old_rows_are_the_putters_and_forgotten_ones_are_dropped(db: Database,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    q = ForwardQueue(db)
    row = await q.put(1, payload(1))
    monkeypatch.setattr(forwarded, "FRESH", -1.0)  # every row is now past its owner's window
    assert await q.take([1]) == []
    assert await q.queued(row)  # left for its putter to withdraw and answer
    monkeypatch.setattr(forwarded, "FORGOTTEN", -1.0)  # ... and past any putter's
    assert await q.take([1]) == []
    assert not await q.queued(row)


async def test_the_owner_is_woken_when_a_payload_is_queued(db_url: str, db: Database) -> None:
    """PostgreSQL: NOTIFY with the commit wakes the listener; SQLite: the poll comes round. Either way wait()
    returns and the row is there to take (no time is asserted: the wake-up is what is tested)."""
    owner_db = await Database.open(db_url)
    owner = ForwardQueue(owner_db)
    try:
        await owner.listen([1])
        if owner.notifies:
            waiting = asyncio.ensure_future(owner._wake.wait())
            await ForwardQueue(db).put(1, payload(7))
            await asyncio.wait_for(waiting, 30)  # a failure, not a measurement: no NOTIFY arrived at all
        else:
            await ForwardQueue(db).put(1, payload(7))
            await owner.wait()
        assert await owner.take([1]) == [payload(7)]
    finally:
        await owner.close()
        await owner_db.close()
