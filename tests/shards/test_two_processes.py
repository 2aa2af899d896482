"""Two bot processes, one shard each, sharing one database: a table belongs to the process owning its guild's
shard; one process killed with SIGKILL mid-hand and restarted loses nothing and resumes exactly its own tables,
the other plays on meanwhile, and the leaderboards agree with the settled hands of both."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

import pytest

from storage.db import Database

from .conftest import Deployment

pytestmark = pytest.mark.both_backends  # the deployment: two processes on one PostgreSQL

OPTIONS = "bot.timer=0 hands=2 wall=12"


def human_codes(state: dict[str, Any], hand_no: int) -> list[tuple[int, str]]:
    return [(seat, code) for no, rows in state["log"] if no == hand_no for seat, code, by_ai in rows if not by_ai]


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


async def boards(url: str, guild: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cumulative scores rows and the same board summed from the per-hand rows of settled hands."""
    db = await Database.open(url)
    try:
        return (await db.leaderboard(guild, "toy", limit=100),
                await db.leaderboard(guild, "toy", since=datetime(2000, 1, 1), limit=100))
    finally:
        await db.close()


def test_two_processes_sigkill_one_mid_hand(deployment: Deployment) -> None:
    dep = deployment
    u = dep.users
    humans = [u["alice"], u["bob"]]
    a = dep.process("a", "0", seed=11)
    b = dep.process("b", "1", seed=22)
    assert a.ready["ready"] == [] and b.ready["ready"] == []

    tables: dict[int, int] = {}  # channel -> table id
    for proc, shard in ((a, 0), (b, 1)):
        for k, channel in enumerate(dep.channels_of(shard)):
            opened = proc.ask("open", channel=channel, humans=humans, options=f"{OPTIONS} bot.seed={shard * 10 + k}")
            assert "table" in opened, opened
            tables[channel] = opened["table"]

    # a table asked for in a guild the other process runs is refused politely (and nothing is stored)
    foreign = dep.channels_of(1)[0]
    refused = a.ask("create_misrouted", channel=dep.channels_of(1)[1], user=u["carol"])
    assert refused["ephemeral"] and "另一个机器人进程" in refused["text"], refused
    assert refused["table"] is None
    assert sorted(a.ask("tables")["tables"]) == sorted(tables[c] for c in dep.channels_of(0))
    assert sorted(b.ask("tables")["tables"]) == sorted(tables[c] for c in dep.channels_of(1))

    # both processes play; the clicks b acknowledged are recorded. b stops mid-hand: its current hand has a
    # player's click in the log and is not settled
    acked: list[tuple[int, int, str]] = []
    a_clicks = 0
    for _ in range(30):
        for channel in dep.channels_of(0):
            a_clicks += a.ask("click", channel=channel, users=humans)["clicked"] is not None
        for channel in dep.channels_of(1):
            done = b.ask("click", channel=channel, users=humans)
            assert done["clicked"] and not done["refused"], done
            if channel == foreign:
                acked.append((done["hand_no"], done["seat"], done["code"]))
        before = b.ask("state", channel=foreign)
        current = before["hand_no"]
        if len(acked) >= 3 and human_codes(before, current) and current not in before["settled"]:
            break
    else:
        raise AssertionError("b's table never stood mid-hand")
    assert a_clicks, "a's tables did not play"
    a_before = a.ask("state", channel=dep.channels_of(0)[0])

    # the kill lands while b handles a click on its other table: acknowledged or not, nothing half-written
    other = dep.channels_of(1)[1]
    other_before = b.ask("state", channel=other)
    b.send("click", channel=other, users=humans)
    b.kill()

    # a is unaffected: its tables play a whole hand while b is down
    for channel in dep.channels_of(0):
        a.ask("hand", channel=channel, users=humans)
    a_after = a.ask("state", channel=dep.channels_of(0)[0])
    assert a_after["hand_no"] > a_before["hand_no"] or a_after["table"] is None or a_after["status"] == "ended"

    b = dep.process("b2", "1", seed=33)
    # b resumes exactly its own tables from the shared log, none of a's
    assert sorted(b.ready["ready"]) == sorted(tables[c] for c in dep.channels_of(1))
    after = b.ask("state", channel=foreign)
    assert after == before, "the restored hand differs from the one before the kill"
    for hand_no in {h for h, _, _ in acked}:
        clicks = [(seat, code) for h, seat, code in acked if h == hand_no]
        assert is_subsequence(clicks, human_codes(after, hand_no)), f"an acknowledged click of hand {hand_no} is lost"

    other_after = b.ask("state", channel=other)
    logged_before, logged_after = dict(map(tuple, other_before["log"])), dict(map(tuple, other_after["log"]))
    for hand_no, rows in logged_before.items():
        assert logged_after[hand_no][:len(rows)] == rows, "the kill undid or changed a logged action"
    new_clicks = sum(1 for h, rows in logged_after.items() for row in rows[len(logged_before.get(h, [])):]
                     if not row[2])
    assert new_clicks <= 1, "more player actions than the one click in flight"

    # the interrupted hand finishes, and every table plays to its end in its own process
    b.ask("hand", channel=foreign, users=humans)
    finished = b.ask("state", channel=foreign)
    assert finished["table"] is None or current in finished["settled"]
    for proc, shard in ((a, 0), (b, 1)):
        for channel in dep.channels_of(shard):
            while proc.ask("state", channel=channel)["table"] is not None:
                proc.ask("hand", channel=channel, users=humans)

    # leaderboards: the cumulative rows equal the sum of the settled hands, in both guilds
    for g in dep.guilds:
        scores, summed = asyncio.run(boards(dep.database_url, g["id"]))
        assert scores, f"no scores in guild {g['id']}"
        assert sorted(map(sorted_row, scores)) == sorted(map(sorted_row, summed))
        # two tables, two hands each, both humans in every hand
        assert {r["user_id"]: r["hands"] for r in scores} == {uid: 4 for uid in humans}


def sorted_row(r: dict[str, Any]) -> tuple[int, int, int, int]:
    return (int(r["user_id"]), int(r["points"]), int(r["hands"]), int(r["wins"]))
