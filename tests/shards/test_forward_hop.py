"""What one forwarded DM click costs its receiver (bot/edge/forward.py): the table's guild is asked of the store
once per table, and a row the owner took is not withdrawn as well (a DELETE of nothing was one more write)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot.edge.forward import Forwarder
from bot.edge.shards import Shards
from bot.service.clock import ManualClock
from fake_discord import guild_id_on_shard
from storage.db import Database
from storage.forwarded import LOOK_POLLED, POLL, ForwardQueue


@pytest.fixture
async def db(tmp_path: Any) -> AsyncIterator[Database]:
    database = await Database.open(f"sqlite:///{tmp_path / 'hop.sqlite3'}")
    yield database
    await database.close()


async def test_a_taken_click_costs_its_receiver_no_withdraw_and_one_guild_lookup(db: Database) -> None:
    guild = guild_id_on_shard(1, 2)
    table_id = await db.create_table(guild, 77, 5, "paohuzi", {}, {}, [])
    parsed: list[Any] = []
    client: Any = SimpleNamespace(_connection=SimpleNamespace(parse_interaction_create=parsed.append))
    clock = ManualClock(instant=LOOK_POLLED)  # each look passes at once
    receiver = Forwarder(client, db, set(), shards=Shards(2, (0,)), clock=clock)
    owner = ForwardQueue(db)
    lookups = 0
    guild_of = db.guild_of

    async def counted(table_id: int) -> int | None:
        nonlocal lookups
        lookups += 1
        return await guild_of(table_id)
    db.guild_of = counted  # type: ignore[method-assign]
    for n in range(3):
        data = {"type": 3, "token": f"tok{n}", "data": {"custom_id": f"ht:b:{table_id}:1:0:出"}}
        done = receiver.expect(f"tok{n}")
        route = receiver._route(data, table_id)
        # the owner takes the row as soon as it is queued: run the receiver up to its put, then take
        writes = db.writes
        task = asyncio.ensure_future(route)
        while not await owner.take([1]):
            await asyncio.sleep(0)
        assert await done == "taken"
        await task
        assert db.writes - writes == 2  # the receiver's put and the owner's claim: no withdraw
    assert lookups == 1 and parsed == []


async def test_the_receiver_looks_once_when_the_owner_claims_at_its_poll(db: Database) -> None:
    """On SQLite the owner polls every ``POLL`` seconds, so a row waits up to that long: the receiver's first look
    comes just after, and finds it taken (looking every 20 ms took two or three reads a click)."""
    guild = guild_id_on_shard(1, 2)
    table_id = await db.create_table(guild, 77, 5, "paohuzi", {}, {}, [])
    client: Any = SimpleNamespace(_connection=SimpleNamespace(parse_interaction_create=lambda _: None))
    clock = ManualClock()  # every sleep waits for the test to move the clock on
    receiver = Forwarder(client, db, set(), shards=Shards(2, (0,)), clock=clock)
    owner = ForwardQueue(db)
    looks = looking = 0
    queued = receiver.queue.queued

    async def counted(row_id: int) -> bool:
        nonlocal looks, looking
        looks += 1
        looking += 1
        try:
            return await queued(row_id)
        finally:
            looking -= 1
    receiver.queue.queued = counted  # type: ignore[method-assign]

    async def settle() -> None:  # a look started by a wake-up answered, and the receiver asleep again or done
        for _ in range(5):
            await asyncio.sleep(0)
        while looking:
            await asyncio.sleep(0)
        for _ in range(5):
            await asyncio.sleep(0)
    data = {"type": 3, "token": "tok", "data": {"custom_id": f"ht:b:{table_id}:1:0:出"}}
    done = receiver.expect("tok")
    task = asyncio.ensure_future(receiver._route(data, table_id))
    while clock.next_deadline() is None:  # put, and asleep until its first look
        await asyncio.sleep(0)
    await clock.advance(POLL, settle)  # the owner's poll comes round and claims the row
    assert await owner.take([1]) and not done.done()
    await clock.advance(1.0, settle)
    assert await done == "taken"
    await task
    assert looks == 1
