"""Two bot processes, one shard each, sharing one database: a table belongs to the process owning its guild's
shard; one process killed with SIGKILL mid-hand and restarted loses nothing and resumes exactly its own tables,
the other plays on meanwhile, and the leaderboards agree with the settled hands of both.

Players play from their DM panels in both processes. Discord sends DM clicks to shard 0 only, so the shard-1
process's players click in the shard-0 process, which forwards each click to the owner (bot/edge/forward.py): it is
answered and acted on there exactly once; one forwarded while the owner is down is answered 「稍后再试」 by the
shard-0 process and changes nothing."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

import pytest

from storage.db import Database

from .conftest import Deployment, Proc

pytestmark = pytest.mark.both_backends  # the deployment: two processes on one PostgreSQL

OPTIONS = "bot.timer=0 hands=2 wall=12"


def human_codes(state: dict[str, Any], hand_no: int) -> list[tuple[int, str]]:
    return [(seat, code) for no, rows in state["log"] if no == hand_no for seat, code, by_ai in rows if not by_ai]


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


def forwarded_click(a: Proc, b: Proc, channel: int, humans: list[int]) -> dict[str, Any] | None:
    """A player of b's table clicks their DM panel; the click reaches a (shard 0), which forwards it to b.
    Returns the click (with ``refused``), or None when nobody can click."""
    choice = b.ask("dm_choice", channel=channel, users=humans)
    if choice["clicked"] is None:
        return None
    before = b.ask("state", channel=channel)
    done = a.ask("click_forwarded", **choice)
    assert done["outcome"] == "taken", done  # b is up: b took it, and a did not answer it
    answer = b.ask("answer", token=done["token"])
    assert answer["answered"] and answer["callbacks"] == 1, answer  # answered once, by the owner
    after = b.ask("state", channel=channel)
    refused = "⚠️" in answer["text"]
    if not refused and after["table"] is not None and after["hand_no"] == before["hand_no"]:
        # acted on exactly once: one more player action in the log, the one clicked
        hand = before["hand_no"]
        assert human_codes(after, hand) == human_codes(before, hand) + [(choice["seat"], choice["code"])]
    return {k: choice[k] for k in ("hand_no", "seat", "code")} | {"refused": refused}


def forwarded_hand(a: Proc, b: Proc, channel: int, humans: list[int]) -> int:
    """Forwarded DM clicks on b's table until the hand now in play is settled; returns the clicks."""
    hand_no = b.ask("state", channel=channel)["hand_no"]
    clicks = 0
    while (s := b.ask("state", channel=channel))["table"] is not None and s["hand_no"] == hand_no:
        assert forwarded_click(a, b, channel, humans) is not None, f"hand {hand_no} in {channel} stalled"
        clicks += 1
    return clicks


async def boards(url: str, guild: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cumulative scores rows and the same board summed from the per-hand rows of settled hands."""
    db = await Database.open(url)
    try:
        return (await db.leaderboard(guild, "toy", limit=100),
                await db.leaderboard(guild, "toy", since=datetime(2000, 1, 1), limit=100))
    finally:
        await db.close()


@pytest.mark.heavy
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
            done = forwarded_click(a, b, channel, humans)
            assert done is not None and not done["refused"], done
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

    # a DM click on b's table to be made while b is down (the panel as its player sees it now)
    stranded = b.ask("dm_choice", channel=foreign, users=humans)
    assert stranded["clicked"], stranded

    # the kill lands while b handles a forwarded click on its other table: acknowledged or not, nothing
    # half-written; a answers it only if b had not taken it
    other = dep.channels_of(1)[1]
    other_before = b.ask("state", channel=other)
    in_flight = b.ask("dm_choice", channel=other, users=humans)
    a.send("click_forwarded", **in_flight)
    b.kill()
    in_flight_done = a._answer()["ok"]
    assert in_flight_done["outcome"] in ("taken", "withdrawn"), in_flight_done
    if in_flight_done["outcome"] == "withdrawn":
        assert "稍后再试" in in_flight_done["text"], in_flight_done

    # a DM click forwarded while its owner is down: nobody takes it, a answers 「稍后再试」 privately
    down = a.ask("click_forwarded", **stranded)
    assert down["outcome"] == "withdrawn" and "稍后再试" in down["text"], down

    # a is unaffected: its tables play a whole hand while b is down
    for channel in dep.channels_of(0):
        a.ask("hand", channel=channel, users=humans)
    a_after = a.ask("state", channel=dep.channels_of(0)[0])
    assert a_after["hand_no"] > a_before["hand_no"] or a_after["table"] is None or a_after["status"] == "ended"

    b = dep.process("b2", "1", seed=33)
    # b resumes exactly its own tables from the shared log, none of a's
    assert sorted(b.ready["ready"]) == sorted(tables[c] for c in dep.channels_of(1))
    other_after = b.ask("state", channel=other)
    # forwarded clicks work again (b's queue consumer has run since: the stranded click is not acted on late)
    assert forwarded_click(a, b, other, humans) is not None
    after = b.ask("state", channel=foreign)
    assert after == before, "the restored hand differs from the one before the kill (or the stranded click acted)"
    for hand_no in {h for h, _, _ in acked}:
        clicks = [(seat, code) for h, seat, code in acked if h == hand_no]
        assert is_subsequence(clicks, human_codes(after, hand_no)), f"an acknowledged click of hand {hand_no} is lost"

    logged_before, logged_after = dict(map(tuple, other_before["log"])), dict(map(tuple, other_after["log"]))
    for hand_no, rows in logged_before.items():
        assert logged_after[hand_no][:len(rows)] == rows, "the kill undid or changed a logged action"
    new_clicks = sum(1 for h, rows in logged_after.items() for row in rows[len(logged_before.get(h, [])):]
                     if not row[2])
    assert new_clicks <= (1 if in_flight_done["outcome"] == "taken" else 0), \
        "more player actions than the one click in flight (or one a also answered)"

    # the interrupted hand finishes, and every table plays to its end in its own process, b's by DM clicks
    # forwarded through a
    forwarded_hand(a, b, foreign, humans)
    finished = b.ask("state", channel=foreign)
    assert finished["table"] is None or current in finished["settled"]
    for channel in dep.channels_of(0):
        while a.ask("state", channel=channel)["table"] is not None:
            a.ask("hand", channel=channel, users=humans)
    for channel in dep.channels_of(1):
        while b.ask("state", channel=channel)["table"] is not None:
            forwarded_hand(a, b, channel, humans)
    stats = a.ask("forward_stats")
    assert stats["taken"] == 0 and stats["latencies"], stats  # a forwarded b's clicks and took none itself

    # leaderboards: the cumulative rows equal the sum of the settled hands, in both guilds
    for g in dep.guilds:
        scores, summed = asyncio.run(boards(dep.database_url, g["id"]))
        assert scores, f"no scores in guild {g['id']}"
        assert sorted(map(sorted_row, scores)) == sorted(map(sorted_row, summed))
        # two tables, two hands each, both humans in every hand
        assert {r["user_id"]: r["hands"] for r in scores} == {uid: 4 for uid in humans}


def sorted_row(r: dict[str, Any]) -> tuple[int, int, int, int]:
    return (int(r["user_id"]), int(r["points"]), int(r["hands"]), int(r["wins"]))
