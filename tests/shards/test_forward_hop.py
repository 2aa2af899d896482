"""What one forwarded DM click costs its receiver (bot/edge/forward.py): the table's guild is asked of the store
once per table, and a row the owner took is not withdrawn as well (a DELETE of nothing was one more write)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot.edge.forward import LOOK, Forwarder
from bot.edge.shards import Shards
from bot.service.clock import ManualClock
from fake_discord import guild_id_on_shard
from storage.db import Database
from storage.forwarded import ForwardQueue


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
    clock = ManualClock(instant=LOOK)  # each look passes at once
    receiver = Forwarder(client, db, set(), shards=Shards(2, (0,)), clock=clock)
    owner = ForwardQueue(db)
    lookups = 0
    guild_of = db.guild_of

    async def counted(table: int) -> int | None:
        nonlocal lookups
        lookups += 1
        return await guild_of(table)
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
