"""Per-user limits (issue 23): one hostile member cannot spoil other people's tables, and nothing a well-behaved
player does is ever refused. Every refusal is a private answer in the user's language that changes nothing.

The bot here runs with the limits at their defaults (``Limits()``) unless a test sets one lower to reach it in a
few steps; time is the test's :class:`ManualClock`, moved by the test (a player's thinking: ``clock.think``)."""

from __future__ import annotations

import asyncio
import copy
import random
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.service import history as history_module
from bot.service.limits import LimitConfigError, Limits, Rate
from fake_discord import FakeDiscord, UserOption, payload_text, playing, uninstall_webhook_edge

from .conftest import VARIANTS, Env, attach, manual_clock, short
from .test_calc_command import SCORED
from .test_lobby_rules import vote_ids

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"

TOO_FAST = "点得太快了"
TOO_OFTEN = "这个命令用得太频繁了"
IN_FLIGHT = "上一个操作还在处理中"


async def limited_env(db_url: str, limits: Limits) -> Env:
    world = FakeDiscord()
    names = ["alice", "bob", "carol", "mod", "closed", "outsider"]
    users = {n: world.add_user(n, dm_closed=(n == "closed")) for n in names}
    guild = world.add_guild("湖南牌友", users["alice"])
    for n, uid in users.items():
        world.add_member(guild, uid, manage_guild=(n == "mod"))
    channel = world.add_channel(guild, "牌桌")
    clock = manual_clock()
    bot = await attach(world, db_url, clock, limits)
    return Env(world, bot, db_url, guild, channel, users, clock, limits)


@pytest.fixture
async def lim(db_url: str) -> AsyncIterator[Env]:
    """The env fixture with the limits at their defaults."""
    e = await limited_env(db_url, Limits())
    yield e
    await e.bot.close()
    uninstall_webhook_edge()
    assert not e.world.errors, e.world.errors


def channels(env: Env, n: int) -> list[int]:
    out = [env.world.add_channel(env.guild, f"桌{i}") for i in range(n)]
    for ch in out:  # created after READY: the client learns of them as from the gateway
        env.bot._connection.parse_channel_create(env.world.channels[ch])  # type: ignore[arg-type]
    return out


def public_posts(env: Env) -> int:
    return len(env.world.public_calls())


# -- well-behaved players ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", [v for v in ("paohuzi", "changsha", "paodekuai") if v in VARIANTS] or ["toy"])
async def test_a_whole_match_under_the_default_limits_is_never_refused(lim: Env, variant: str) -> None:
    """Three people open, fill and play a whole match, clicking about once a second (page turns, 过 questions
    and all: every random legal control), and /table hand now and then: nothing is refused."""
    env = lim
    humans = [env.alice, env.bob, env.carol]
    table = await env.open_table(variant, humans, f"bot.seed=5 {short(variant, 2)}")
    asked = 0

    def thinking(uid: int, cid: str, values: list[str] | None) -> None:
        nonlocal asked
        asked += 1
        env.clock.think(1.0)

    clicks = await playing.play_match(env.world, env.bot, env.channel, humans, random.Random(3), on_click=thinking)
    assert clicks > 20 and asked == clicks
    assert table.status == "ended"
    assert env.bot.service.limiter.refused == 0


# -- the click bucket -------------------------------------------------------------------------------------------

async def test_a_click_flood_is_refused_privately_and_other_players_are_not(lim: Env) -> None:
    env = lim
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    mid = env.bot.service.delivery.hand_message(table)
    assert mid is not None
    hand_button = f"ht:hand:{table.id}"
    version, logged, posts = table.version, await env.bot.db.count_actions(), public_posts(env)
    answers = [await env.click(env.outsider, mid, hand_button) for _ in range(25)]
    # a burst of 20 tokens (LIMIT_CLICKS 20/10): the 21st click finds the bucket empty
    assert all(TOO_FAST not in p.text() for p in answers[:20])
    for p in answers[20:]:
        assert p.ephemeral and TOO_FAST in p.text() and "<t:" in p.text(), p.text()
    assert table.version == version and await env.bot.db.count_actions() == logged
    assert public_posts(env) == posts
    # bob, at the same table meanwhile: his own hand and his moves go through
    p = await env.click(env.bob, mid, hand_button)
    assert TOO_FAST not in p.text() and p.ephemeral
    # the refusal says when: a token is back half a second later (2 a second)
    await env.advance(0.5)
    p = await env.click(env.outsider, mid, hand_button)
    assert TOO_FAST not in p.text()
    p = await env.click(env.outsider, mid, hand_button)
    assert TOO_FAST in p.text()


async def test_a_member_flooding_is_refused_before_discord_py_parses_the_interaction(
        lim: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    env = lim
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    mid = env.bot.service.delivery.hand_message(table)
    assert mid is not None
    service = env.bot.service
    admitted: list[int] = []
    original = service.admit

    async def counting(interaction: Any, about: Any = None) -> None:
        admitted.append(interaction.user.id)
        await original(interaction, about)
    monkeypatch.setattr(service, "admit", counting)
    for _ in range(20 + 5):  # the bucket, then five refusals within a second: a flood
        await env.click(env.outsider, mid, f"ht:hand:{table.id}")
    assert admitted.count(env.outsider) == 25
    posts = public_posts(env)
    # muted: the first refused once more with the words saying when, never taken in by discord.py and the service
    p = await env.click(env.outsider, mid, f"ht:hand:{table.id}")
    assert p.ephemeral and TOO_FAST in p.text() and "<t:" in p.text(), p.text()
    calls = len(env.world.calls)
    # ... the rest of that mute not even answered: told five times in a second already, answering every one of a
    # flood would cost the loop every table shares
    unanswered = [env.world.feed_click(env.bot, env.outsider, mid, f"ht:hand:{table.id}") for _ in range(10)]
    unanswered.append(env.world.feed_command(env.bot, env.outsider, env.channel, "calc", **SCORED))
    await env.bot.service.idle()
    assert not any(pend.responded.done() for pend in unanswered)
    assert len(env.world.calls) == calls and not any(pend.replies for pend in unanswered)
    assert admitted.count(env.outsider) == 25 and public_posts(env) == posts
    p = await env.click(env.bob, mid, f"ht:hand:{table.id}")  # everyone else as before
    assert p.ephemeral and TOO_FAST not in p.text()
    await env.advance(0.5)  # the moment the refusal named: taken in again
    p = await env.click(env.outsider, mid, f"ht:hand:{table.id}")
    assert TOO_FAST not in p.text() and admitted.count(env.outsider) == 26


async def test_playing_clicks_are_free_once_per_state_and_a_repeat_pays(lim: Env) -> None:
    """查看我的手牌 by a seated player is free once per state of the game, so a player reading their hand every
    turn never runs the bucket down; the same click repeated in one state pays like any other."""
    env = lim
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    mid = env.bot.service.delivery.hand_message(table)
    assert mid is not None
    for _ in range(21):  # one free, then the 20 tokens
        p = await env.click(env.alice, mid, f"ht:hand:{table.id}")
        assert TOO_FAST not in p.text()
    p = await env.click(env.alice, mid, f"ht:hand:{table.id}")
    assert p.ephemeral and TOO_FAST in p.text()


async def test_forged_buttons_pay_the_bucket(lim: Env) -> None:
    env = lim
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    mid = env.bot.service.delivery.hand_message(table)
    assert mid is not None
    said = [(await env.click(env.outsider, mid, "ht:zz:forged")).text() for _ in range(21)]
    assert all("已失效" in s for s in said[:20]) and TOO_FAST in said[20]


# -- one request in flight per user per table -------------------------------------------------------------------

async def test_one_request_in_flight_per_user_per_table(lim: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    env = lim
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    lobby = table.lobby_message_id
    assert lobby is not None
    entered, release = asyncio.Event(), asyncio.Event()
    original = env.bot.db.set_seats

    async def slow(*args: Any, **kw: Any) -> Any:
        entered.set()
        await release.wait()
        return await original(*args, **kw)
    monkeypatch.setattr(env.bot.db, "set_seats", slow)
    join = env.world.feed_click(env.bot, env.bob, lobby, f"ht:lobby:{table.id}:join")
    await asyncio.wait_for(entered.wait(), 5)  # bob's join holds the table's lock, writing
    # bob again on the same table while his join is unanswered: refused at once, before the table's lock
    again = await env.world.wait(env.world.feed_click(env.bot, env.bob, lobby, f"ht:lobby:{table.id}:leave"))
    assert again.ephemeral and IN_FLIGHT in again.text(), again.text()
    p = await env.world.wait(env.world.feed_command(env.bot, env.bob, env.channel, "table leave"))
    assert p.ephemeral and IN_FLIGHT in p.text(), p.text()
    # carol is not bob: her click waits its turn at the lock and goes through
    carol = env.world.feed_click(env.bot, env.carol, lobby, f"ht:lobby:{table.id}:join")
    await asyncio.sleep(0)
    release.set()
    await env.world.wait(join)
    await env.world.wait(carol)
    await env.bot.service.idle()
    assert not join.ephemeral and not carol.ephemeral  # each edited the lobby message
    assert [s.user_id for s in table.seats] == [env.alice, env.bob, env.carol]
    # answered, bob may go on
    p = await env.cmd(env.bob, "table leave")
    assert IN_FLIGHT not in p.text() and table.seat_of(env.bob) is None


# -- command cooldowns ------------------------------------------------------------------------------------------

async def test_calc_cooldowns_private_and_shared(lim: Env) -> None:
    env = lim
    for _ in range(10):  # LIMIT_COMMANDS 10/60
        p = await env.cmd(env.mod, "calc", **SCORED)
        assert p.ephemeral and TOO_OFTEN not in p.text()
    p = await env.cmd(env.mod, "calc", **SCORED)  # Manage Server does not skip a command that costs CPU
    assert p.ephemeral and TOO_OFTEN in p.text() and "<t:" in p.text()
    posts = public_posts(env)
    for _ in range(3):  # LIMIT_PUBLIC 3/60: a post in the channel each
        p = await env.cmd(env.alice, "calc", share=True, **SCORED)
        assert not p.ephemeral
    p = await env.cmd(env.alice, "calc", share=True, **SCORED)
    assert p.ephemeral and TOO_OFTEN in p.text()
    assert public_posts(env) == posts + 3
    p = await env.cmd(env.bob, "calc", share=True, **SCORED)  # another user has a bucket of their own
    assert not p.ephemeral
    await env.advance(61)  # the moment the refusal named
    p = await env.cmd(env.alice, "calc", share=True, **SCORED)
    assert not p.ephemeral
    p = await env.cmd(env.mod, "calc", **SCORED)
    assert TOO_OFTEN not in p.text()


async def test_table_commands_cool_down_and_a_manager_is_exempt(lim: Env) -> None:
    env = lim
    for _ in range(3):  # /table create posts in the channel: LIMIT_PUBLIC
        p = await env.cmd(env.alice, "table create", variant=MAIN)
        assert not p.ephemeral
        await env.cmd(env.alice, "table end")
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    assert p.ephemeral and TOO_OFTEN in p.text() and env.table() is None
    for _ in range(5):  # a Manage-Server member keeps their own server's order without a cooldown
        p = await env.cmd(env.mod, "table create", variant=MAIN)
        assert not p.ephemeral, p.text()
        await env.cmd(env.mod, "table end")


# -- lobbies: caps, idle close, 踢出, join churn -----------------------------------------------------------------

async def test_lobby_caps_per_user_and_per_server(db_url: str) -> None:
    env = await limited_env(db_url, Limits(tables_per_user=2, lobbies_per_server=3))
    try:
        one, two, three, four = channels(env, 4)
        for ch in (one, two):
            p = await env.cmd(env.alice, "table create", channel=ch, variant=MAIN)
            assert not p.ephemeral
        posts = public_posts(env)
        p = await env.cmd(env.alice, "table create", channel=three, variant=MAIN)
        assert p.ephemeral and "已经开着 2 张牌桌" in p.text() and "<t:" in p.text(), p.text()
        assert env.table(three) is None and public_posts(env) == posts
        p = await env.cmd(env.mod, "table create", channel=three, variant=MAIN)  # no per-user cap for a manager
        assert not p.ephemeral
        for who in (env.bob, env.mod):  # three lobbies wait in the server: nobody opens a fourth
            p = await env.cmd(who, "table create", channel=four, variant=MAIN)
            assert p.ephemeral and "本服务器已有 3 个等待开始的大厅" in p.text(), p.text()
        assert env.table(four) is None
        rows = await env.bot.db.fetch("SELECT COUNT(*) AS n FROM tables", ())
        assert rows[0]["n"] == 3
        # a lobby that starts is no longer waiting: the server has room again
        while len(env.table(three).seats) < env.table(three).seat_count:
            await env.cmd(env.mod, "table ai", channel=three)
        await env.cmd(env.mod, "table start", channel=three)
        p = await env.cmd(env.bob, "table create", channel=four, variant=MAIN)
        assert not p.ephemeral
    finally:
        await env.bot.close()
        uninstall_webhook_edge()


@pytest.mark.both_backends  # the stored row, its last change and who was removed (migration 7)
async def test_an_idle_lobby_closes_itself_and_its_row(lim: Env) -> None:
    env = lim
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    lobby = table.lobby_message_id
    seen = copy.deepcopy(env.world.messages[lobby])  # the lobby as a player's client keeps showing it
    await env.advance(1000)
    await env.cmd(env.bob, "table join")  # a change: 30 minutes from now again
    await env.advance(1700)
    assert env.table() is table
    await env.advance(101)
    assert env.table() is None
    assert await env.bot.db.table(table.id) is None  # the stored row went with it
    said = [payload_text(m) for m in env.world.channel_messages(env.channel)]
    assert any("30 分钟没有人动，已自动关闭" in s for s in said), said
    assert not env.world.components_of(lobby)  # the lobby message lost its buttons
    p = await playing.click(env.world, env.bot, env.bob, lobby, f"ht:lobby:{table.id}:join", message=seen)
    assert p.ephemeral and "结束" in p.text(), p.text()
    p = await env.cmd(env.alice, "table create", variant=MAIN)  # the channel is free
    assert not p.ephemeral


async def test_the_idle_time_is_a_room_option(lim: Env) -> None:
    env = lim
    await env.cmd(env.alice, "table create", variant=MAIN, options="闲置解散=10分钟")
    table = env.table()
    assert table.bot_options["idle"] == 600
    await env.advance(599)
    assert env.table() is table
    await env.advance(1)
    assert env.table() is None


@pytest.mark.both_backends  # the stored row, its last change and who was removed (migration 7)
async def test_an_abandoned_lobby_is_not_restored(lim: Env) -> None:
    env = lim
    await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    await env.bot.close()
    env.clock.think(3600)  # the bot was down an hour; the lobby's 30 minutes ran out meanwhile
    env.bot = await attach(env.world, env.db_url, env.clock, env.limits)
    await env.bot.service.idle()
    assert env.table() is None and await env.bot.db.table(table.id) is None
    said = [payload_text(m) for m in env.world.channel_messages(env.channel)]
    assert any("已自动关闭" in s for s in said), said


async def test_a_lobby_stored_before_migration_7_is_idle_from_the_restart(lim: Env) -> None:
    env = lim
    await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    await env.bot.close()
    env.bot = await attach(env.world, env.db_url, env.clock, env.limits)
    await env.bot.db.execute("UPDATE tables SET active_at = NULL WHERE id = ?", (table.id,))
    await env.bot.close()
    env.clock.think(3600)  # its last change is not known: it is not closed for that
    env.bot = await attach(env.world, env.db_url, env.clock, env.limits)
    assert env.table() is not None
    row = await env.bot.db.table(table.id)
    assert row is not None and row.active_at == int(env.clock.time())  # stored: the next restart goes on from it
    await env.bot.close()
    env.clock.think(1801)
    env.bot = await attach(env.world, env.db_url, env.clock, env.limits)
    await env.bot.service.idle()
    assert env.table() is None and await env.bot.db.table(table.id) is None


@pytest.mark.both_backends  # the stored row, its last change and who was removed (migration 7)
async def test_the_host_kicks_a_seated_player_who_cannot_rejoin(lim: Env) -> None:
    env = lim
    await env.cmd(env.alice, "table create", variant=MAIN)
    await env.cmd(env.bob, "table join")
    await env.cmd(env.carol, "table join")
    table = env.table()
    seats = [s.user_id for s in table.seats]
    for who, target, words in ((env.bob, env.carol, "只有房主或服务器管理员"), (env.alice, env.alice, "房主不能被踢出"),
                               (env.alice, env.outsider, "不在这张牌桌上")):
        p = await env.cmd(who, "table kick", player=UserOption(target))
        assert p.ephemeral and words in p.text(), p.text()
        assert [s.user_id for s in table.seats] == seats
    p = await env.cmd(env.alice, "table kick", player=UserOption(env.carol))
    assert p.ephemeral and "已把 carol 移出" in p.text(), p.text()
    assert [s.user_id for s in table.seats] == [env.alice, env.bob]
    p = await env.cmd(env.mod, "table kick", player=UserOption(env.bob))  # a manager may too
    assert p.ephemeral and "已把 bob 移出" in p.text()
    await env.restart()  # who was removed is stored
    table = env.table()
    assert [s.user_id for s in table.seats] == [env.alice] and table.kicked == {env.bob, env.carol}
    p = await env.cmd(env.carol, "table join")
    assert p.ephemeral and "房主已把你移出" in p.text() and table.seat_of(env.carol) is None
    while len(table.seats) < table.seat_count:
        await env.cmd(env.alice, "table ai")
    await env.cmd(env.alice, "table start")
    p = await env.cmd(env.alice, "table kick", player=UserOption(env.alice))
    assert p.ephemeral and "只能在开局前踢出" in p.text()


async def test_join_and_leave_churn_on_a_lobby_stops(lim: Env) -> None:
    env = lim
    await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    lobby = table.lobby_message_id
    for _ in range(3):  # LIMIT_JOINS 3/600
        await env.click(env.bob, lobby, f"ht:lobby:{table.id}:join")
        assert table.seat_of(env.bob) is not None
        await env.click(env.bob, lobby, f"ht:lobby:{table.id}:leave")
    edits = len(env.world.calls)
    p = await env.click(env.bob, lobby, f"ht:lobby:{table.id}:join")
    assert p.ephemeral and "加入这张牌桌太频繁" in p.text() and table.seat_of(env.bob) is None
    assert not [c for c in env.world.calls[edits:] if c.kind == "rest"]  # the lobby message was not edited
    await env.advance(601)
    p = await env.click(env.bob, lobby, f"ht:lobby:{table.id}:join")
    assert not p.ephemeral and table.seat_of(env.bob) is not None


# -- 解散 votes ---------------------------------------------------------------------------------------------------

async def test_a_repeated_vote_is_private_and_a_refused_proposal_waits(lim: Env) -> None:
    env = lim
    await env.open_table(MAIN, [env.alice, env.bob, env.carol], f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    p = await env.cmd(env.bob, "table end")
    assert not p.ephemeral and "1/3" in p.text()
    proposal = p.message_id
    assert proposal is not None
    p = await env.cmd(env.bob, "table end")  # said again: only he reads it
    assert p.ephemeral and "你已经同意解散了" in p.text()
    p = await env.click(env.bob, proposal, vote_ids(env, proposal)["yes"])
    assert p.ephemeral and "已经投过同意" in p.text()
    await env.click(env.carol, proposal, vote_ids(env, proposal)["no"])  # the proposal message shows it
    posts = public_posts(env)
    p = await env.click(env.carol, proposal, vote_ids(env, proposal)["no"])
    assert p.ephemeral and "已经投过拒绝" in p.text()
    assert public_posts(env) == posts
    p = await env.click(env.alice, proposal, vote_ids(env, proposal)["no"])
    assert "未通过" in p.text() and env.table() is table
    # proposed again at once: refused, saying when (LIMIT_REPROPOSE, 5 minutes)
    for who in (env.bob, env.carol):
        p = await env.cmd(who, "table end")
        assert p.ephemeral and "刚被拒绝" in p.text() and "<t:" in p.text(), p.text()
    assert not table.end_votes
    await env.advance(300)
    p = await env.cmd(env.carol, "table end")
    assert not p.ephemeral and "1/3" in p.text()


# -- replays ----------------------------------------------------------------------------------------------------

async def test_replays_are_worked_out_off_the_event_loop_and_cached_with_a_bound(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env = await limited_env(db_url, Limits(replay_cache=2))
    try:
        await env.open_table(MAIN, [env.alice], f"bot.seed=4 {short(MAIN, 3)}")
        await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(4),
                                 on_click=lambda *_: env.clock.think(1.0))
        hands = [r["id"] for r in await env.bot.db.fetch("SELECT id FROM hands ORDER BY id", ())]
        assert len(hands) >= 3
        threads: list[bool] = []
        original = history_module.replay_hand

        def recorded(*args: Any) -> Any:
            threads.append(threading.current_thread() is threading.main_thread())
            return original(*args)
        monkeypatch.setattr(history_module, "replay_hand", recorded)
        history = env.bot.service.history
        for hand in hands[:3]:
            p = await env.cmd(env.alice, "history", hand=hand)
            assert p.ephemeral and "#" in p.text() and "⚠️" not in p.text(), p.text()
            assert len(history._replays) <= 2
        assert threads == [False, False, False]  # never on the loop's thread
        assert list(history._replays) == hands[1:3]  # the least recently shown went first
        p = await env.cmd(env.alice, "history", hand=hands[2])  # cached: not worked out again
        assert threads == [False, False, False] and "⚠️" not in p.text()
        p = await env.cmd(env.outsider, "history", hand=hands[0])  # dropped: worked out again
        assert len(threads) == 4 and "⚠️" not in p.text()
    finally:
        await env.bot.close()
        uninstall_webhook_edge()


async def test_replays_worked_out_anew_are_a_few_a_minute_and_cached_ones_free(db_url: str) -> None:
    env = await limited_env(db_url, Limits(replays=Rate(2, 60)))
    try:
        await env.open_table(MAIN, [env.alice], f"bot.seed=4 {short(MAIN, 3)}")
        await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(4),
                                 on_click=lambda *_: env.clock.think(1.0))
        hands = [r["id"] for r in await env.bot.db.fetch("SELECT id FROM hands ORDER BY id", ())]
        for hand in hands[:2]:
            p = await env.cmd(env.alice, "history", hand=hand)
            assert "⚠️" not in p.text()
        p = await env.cmd(env.alice, "history", hand=hands[2])
        assert p.ephemeral and "新回放太多了" in p.text() and "<t:" in p.text(), p.text()
        assert hands[2] not in env.bot.service.history._replays
        p = await env.cmd(env.alice, "history", hand=hands[0])  # cached: free
        assert "⚠️" not in p.text()
        p = await env.cmd(env.bob, "history", hand=hands[2])  # bob's own few
        assert "⚠️" not in p.text()
        await env.advance(61)
        p = await env.cmd(env.alice, "history", hand=hands[1])
        assert "⚠️" not in p.text()
    finally:
        await env.bot.close()
        uninstall_webhook_edge()


# -- settings ---------------------------------------------------------------------------------------------------

def test_limits_read_from_the_environment() -> None:
    assert Limits.from_env({}) == Limits()
    limits = Limits.from_env({"LIMIT_CLICKS": "30/15", "LIMIT_TABLES_PER_USER": "5", "LIMIT_REPROPOSE": "60",
                              "REPLAY_CACHE": "8", "LIMIT_PUBLIC": " "})
    assert limits.clicks == Rate(30, 15) and limits.tables_per_user == 5 and limits.repropose == 60.0
    assert limits.replay_cache == 8 and limits.public == Limits().public
    for env in ({"LIMIT_CLICKS": "20"}, {"LIMIT_CLICKS": "0/10"}, {"LIMIT_JOINS": "a/b"},
                {"LIMIT_LOBBIES_PER_SERVER": "0"}, {"REPLAY_CACHE": "many"}):
        with pytest.raises(LimitConfigError, match=next(iter(env))):
            Limits.from_env(env)
