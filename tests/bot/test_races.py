"""Clicks that race: every check that decides whether a click may act runs under the table's lock, on the
table object that is current once the lock is held.

To make an interleaving certain rather than likely, a test holds the table's lock itself (:class:`Gate`),
feeds the racing interactions one after another, waits until each is queued on the lock (asyncio's lock is
first come, first served), and only then lets go: the handlers then run in exactly the order they were fed.
Checks made before the lock would have been made while the test still held it, against a state the first
handler is about to change.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable, Iterable
from typing import Any, Literal

import pytest

from fake_discord import PendingInteraction, payload_text, playing
from storage.db import ActionRow, CommitError

from .conftest import VARIANTS, Env, short
from .test_bad_input import actor

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"


class Gate(asyncio.Lock):
    """A table lock that counts who asked for it, so a test knows when a handler is queued on it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    async def acquire(self) -> Literal[True]:  # as asyncio.Lock.acquire declares it
        self.asked += 1
        return await super().acquire()


async def until(pred: Callable[[], bool]) -> None:
    for _ in range(10_000):
        if pred():
            return
        await asyncio.sleep(0)
    raise AssertionError("the handler never reached the table's lock")


async def in_order(env: Env, table: Any, *feeds: Callable[[], PendingInteraction]) -> list[PendingInteraction]:
    """Run the fed interactions strictly in this order against ``table`` (see the module docstring)."""
    gate = Gate()
    table.lock = gate
    await gate.acquire()
    pending = []
    for feed in feeds:
        asked = gate.asked
        pending.append(feed())
        await until(lambda asked=asked: gate.asked > asked)  # type: ignore[misc]
    gate.release()
    for p in pending:
        await env.world.wait(p)
    await env.bot.service.idle()
    return pending


def command(env: Env, user: int, name: str) -> Callable[[], PendingInteraction]:
    return lambda: env.world.feed_command(env.bot, user, env.channel, name)


def click(env: Env, user: int, mid: int, cid: str, values: list[str] | None = None,
          message: dict[str, Any] | None = None) -> Callable[[], PendingInteraction]:
    return lambda: env.world.feed_click(env.bot, user, mid, cid, values, message)


async def stored(env: Env, table_id: int) -> Any:
    row = await env.bot.db.table(table_id)
    assert row is not None
    return row


async def test_two_joins_race_for_the_last_seat(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    while len(table.seats) < table.seat_count - 1:
        await env.cmd(env.alice, "table ai")
    lobby = p.message_id
    assert lobby is not None
    # one through the command, one through the lobby button: both paths meet at the same lock
    bob, carol = await in_order(env, table, command(env, env.bob, "table join"),
                                click(env, env.carol, lobby, f"ht:lobby:{table.id}:join"))
    assert not bob.ephemeral or "加入" in bob.text()
    assert carol.ephemeral and "已满" in carol.text()
    assert table.seat_of(env.bob) is not None and table.seat_of(env.carol) is None
    assert len(table.seats) == table.seat_count
    row = await stored(env, table.id)
    assert [s.user_id for s in row.seats] == [s.user_id for s in table.seats]

    # without the gate, in whatever order the loop runs them: still exactly one of two is seated
    await env.cmd(env.alice, "table end")
    await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    while len(table.seats) < table.seat_count - 1:
        await env.cmd(env.alice, "table ai")
    racers = [env.world.feed_command(env.bot, u, env.channel, "table join") for u in (env.bob, env.carol)]
    await asyncio.gather(*(env.world.wait(p) for p in racers))
    await env.bot.service.idle()
    seated = [u for u in (env.bob, env.carol) if table.seat_of(u) is not None]
    assert len(seated) == 1 and len(table.seats) == table.seat_count
    assert [s.user_id for s in (await stored(env, table.id)).seats] == [s.user_id for s in table.seats]


async def test_leave_button_after_the_start_changes_nothing(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], start=False)
    table = env.table()
    lobby = table.lobby_message_id
    seen = copy.deepcopy(env.world.messages[lobby])  # bob's lobby message, still with its buttons
    start, leave = await in_order(env, table, command(env, env.alice, "table start"),
                                  click(env, env.bob, lobby, f"ht:lobby:{table.id}:leave", message=seen))
    assert "开始" in start.text()
    assert leave.ephemeral and "已经开始" in leave.text()
    seat = table.seat_of(env.bob)
    assert seat is not None and not table.seats[seat].auto  # the stale 离开 did not put bob on 托管
    assert not (await stored(env, table.id)).seats[seat].auto


async def test_leave_before_the_start_leaves_too_few(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], start=False)
    table = env.table()
    lobby = table.lobby_message_id
    leave, start = await in_order(env, table, click(env, env.bob, lobby, f"ht:lobby:{table.id}:leave"),
                                  command(env, env.alice, "table start"))
    assert not leave.ephemeral
    assert start.ephemeral and "人数不够" in start.text()
    assert table.status == "lobby" and table.seat_of(env.bob) is None
    row = await stored(env, table.id)
    assert row.status == "lobby" and env.bob not in [s.user_id for s in row.seats]


async def test_option_change_racing_the_start_is_refused(env: Env) -> None:
    """A 1-hand match must stay a 1-hand match, in memory, in the store and after a restart."""
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 1)}", start=False)
    table = env.table()
    lobby = table.lobby_message_id
    seen = copy.deepcopy(env.world.messages[lobby])
    # a variant option the room panel's first page shows (出牌限时 comes first, then the variant's own)
    shown = [c["custom_id"] for c in env.world.components_of(lobby)
             if c.get("custom_id", "").startswith(f"ht:opt:{table.id}:") and ":bot." not in c["custom_id"]]
    cid = shown[0]
    key = cid.rsplit(":", 1)[1]
    opt = next(o for o in table.variant.options if o.key == key)
    other = next(i for i, c in enumerate(opt.choices) if c != table.options[key])
    before = dict(table.options)
    start, change = await in_order(env, table, command(env, env.alice, "table start"),
                                   click(env, env.alice, lobby, cid, [str(other)], message=seen))
    assert "开始" in start.text()
    assert change.ephemeral and "开始" in change.text()
    assert table.options == before and table.match.options == before
    assert (await stored(env, table.id)).options == before
    await env.restart()
    assert env.table().options == before


async def test_action_racing_the_end_is_refused_and_not_logged(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    uid, mid = actor(env, [env.alice, env.bob])
    cid, values = playing.action_choices(env.world, mid)[0]
    version = table.version
    logged = await env.bot.db.count_actions()
    end, act = await in_order(env, table, command(env, env.alice, "table end"), click(env, uid, mid, cid, values))
    assert not end.ephemeral and table.status == "ended"
    assert act.ephemeral and "结束" in act.text()
    assert await env.bot.db.count_actions() == logged  # nothing was logged after the end
    assert table.version > version  # ending makes every control sent before it stale


async def test_auto_off_racing_the_end_is_refused(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    await env.cmd(env.bob, "table leave")  # bob's seat goes on 托管
    seat = table.seat_of(env.bob)
    assert table.seats[seat].auto
    mid = env.world.latest_dm(env.bob)
    assert mid is not None
    end, off = await in_order(env, table, command(env, env.alice, "table end"),
                              click(env, env.bob, mid, f"ht:auto:{table.id}:{seat}"))
    assert table.status == "ended"
    assert off.ephemeral and "结束" in off.text()
    assert table.seats[seat].auto and (await stored(env, table.id)).seats[seat].auto


async def test_a_click_queued_behind_a_failed_write_acts_on_the_rebuilt_table(
        env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first click's commit fails and the table is rebuilt from the log (a new object, the same lock).
    The same click, queued meanwhile, must be judged against the rebuilt table — where its version is the
    current one — and not against the discarded object that had run ahead of the log."""
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    db = env.bot.db
    original = db.append_actions
    fail = [True]

    async def flaky(hand_id: int, rows: Iterable[ActionRow], **kw: Any) -> Any:
        if fail and fail.pop():
            raise CommitError("commit failed: disk I/O error")
        return await original(hand_id, rows, **kw)
    monkeypatch.setattr(db, "append_actions", flaky)
    old = env.table()
    version = old.version
    logged = await db.count_actions()
    uid, mid = actor(env, [env.alice, env.bob])
    cid, values = playing.action_choices(env.world, mid)[0]
    seen = copy.deepcopy(env.world.messages[mid])
    first, second = await in_order(env, old, click(env, uid, mid, cid, values, seen),
                                   click(env, uid, mid, cid, values, seen))
    assert first.ephemeral and "未生效" in first.text()
    assert not second.ephemeral, second.text()
    fresh = env.table()
    assert fresh is not old and fresh.version > version
    assert await db.count_actions() > logged
    # memory and log agree: a restart lands on the same version
    await env.restart()
    assert env.table().version == fresh.version


async def test_end_command_racing_a_vote_click_acts_once(env: Env) -> None:
    humans = [env.alice, env.bob, env.carol]
    await env.open_table(MAIN, humans, f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    p = await env.cmd(env.bob, "table end")
    proposal = p.message_id
    assert proposal is not None
    yes = f"ht:vote:{table.id}:{table.end_round}:yes"
    end, vote = await in_order(env, table, command(env, env.alice, "table end"), click(env, env.carol, proposal, yes))
    assert not end.ephemeral and table.status == "ended"
    assert vote.ephemeral and "结束" in vote.text()
    ends = [m for m in env.world.channel_messages(env.channel) if payload_text(m).startswith("🛑")]
    assert len(ends) == 1
