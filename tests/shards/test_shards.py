"""Shard ownership in one process: which shards the environment names, which tables the store hands back, what a
sharded client receives from the fake gateway, and how a process that never receives DM clicks lets its
players play."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.__main__ import main
from bot.edge.client import HunanBot, make_bot
from bot.edge.shards import ALL, ShardConfigError, Shards, from_env, parse_ids, shard_of
from fake_discord import (
    FakeDiscord,
    UnknownRoute,
    guild_id_on_shard,
    payload_text,
    playing,
    uninstall_webhook_edge,
)
from storage.db import Database, SeatRow
from tests.example_family import ensure_registered

ensure_registered()


def test_shard_ids_from_the_environment() -> None:
    assert from_env({}) == ALL and not ALL.sharded
    assert from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0-1,3"}) == Shards(4, (0, 1, 3))
    assert from_env({"SHARD_COUNT": "2"}) == Shards(2, (0, 1))  # every shard, one process
    assert parse_ids(" 3 , 1 ", 4) == (1, 3)
    for env, words in [({"SHARD_IDS": "0"}, "SHARD_COUNT"), ({"SHARD_COUNT": "zwei"}, "正整数"),
                       ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "小于"), ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "反了"),
                       ({"SHARD_COUNT": "4", "SHARD_IDS": "0,0-1"}, "重复"), ({"SHARD_COUNT": "4", "SHARD_IDS": "a"}, "写法")]:
        with pytest.raises(ShardConfigError, match=words):
            from_env(env)


def test_a_guild_belongs_to_the_shard_discord_routes_it_to() -> None:
    for shard in range(3):
        gid = guild_id_on_shard(shard, 3)
        assert shard_of(gid, 3) == shard
        assert Shards(3, (shard,)).owns(gid) and not Shards(3, ((shard + 1) % 3,)).owns(gid)
    # the shard-0 process forwards DM clicks, so every process sends DM panels; without forwarding only shard 0's
    assert Shards(2, (0,)).dm_clicks_arrive and Shards(2, (1,)).dm_clicks_arrive
    assert Shards(2, (0,), forwarding=False).dm_clicks_arrive and not Shards(2, (1,), forwarding=False).dm_clicks_arrive


def test_bad_shard_settings_stop_the_bot_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "5")
    with pytest.raises(SystemExit) as e:
        main([])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "SHARD_IDS" in err and len(err.strip().splitlines()) == 1


def test_the_client_is_auto_sharded_only_when_the_shards_are_split() -> None:
    plain = make_bot("sqlite:///:memory:")
    assert type(plain) is HunanBot
    sharded = make_bot("sqlite:///:memory:", shards=Shards(4, (1, 2)))
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [1, 2]


@pytest.mark.both_backends
async def test_the_store_hands_back_the_live_tables_of_the_given_shards(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        ids = {}
        for n, shard in enumerate([0, 1, 2, 1]):
            gid = guild_id_on_shard(shard, 3, n)
            ids[n] = await db.create_table(gid, 1000 + n, 1, "toy", {}, {}, [SeatRow(0, 1, "alice")])
        await db.end_table(ids[3], "test")
        assert await db.live_table_ids() == [ids[0], ids[1], ids[2]]
        assert await db.live_table_ids((3, (1,))) == [ids[1]]
        assert await db.live_table_ids((3, (0, 2))) == [ids[0], ids[2]]
        assert [t.id for t in await db.live_tables((3, (2,)))] == [ids[2]]
    finally:
        await db.close()


class Sharded:
    def __init__(self, world: FakeDiscord, bot: HunanBot, guilds: dict[int, int], channels: dict[int, int],
                 users: list[int]) -> None:
        self.world, self.bot, self.guilds, self.channels, self.users = world, bot, guilds, channels, users


@pytest.fixture(params=[True], ids=["forwarding"])
async def shard1(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Sharded]:
    """A process holding shard 1 of 2, in a world with one guild on each shard (``forwarding`` as the test's
    ``shard1`` parameter says: the deployment's, unless a test asks for the channel-only fallback)."""
    world = FakeDiscord()
    users = [world.add_user(n) for n in ("alice", "bob")]
    guilds, channels = {}, {}
    for shard in (0, 1):
        gid = guilds[shard] = world.add_guild(f"牌友{shard}", users[0], guild_id=guild_id_on_shard(shard, 2))
        for uid in users:
            world.add_member(gid, uid)
        channels[shard] = world.add_channel(gid, "牌桌")
    bot = make_bot(f"sqlite:///{tmp_path}/bot.sqlite3", shards=Shards(2, (1,), forwarding=request.param))
    await world.attach(bot)
    yield Sharded(world, bot, guilds, channels, users)
    await bot.close()
    uninstall_webhook_edge()


async def test_a_sharded_client_receives_only_its_shards(shard1: Sharded) -> None:
    w, bot = shard1.world, shard1.bot
    assert [g.id for g in bot.guilds] == [shard1.guilds[1]]
    with pytest.raises(UnknownRoute, match="shard 0"):
        w.feed_command(bot, shard1.users[0], shard1.channels[0], "table create", variant="toy")
    w.errors.clear()


async def test_a_table_in_a_guild_of_another_shard_is_refused(shard1: Sharded) -> None:
    w, bot = shard1.world, shard1.bot
    pend = await w.wait(w.feed_command(bot, shard1.users[0], shard1.channels[0], "table create", misroute=True,
                                       variant="toy", options="bot.timer=0"))
    assert pend.ephemeral and "另一个机器人进程" in pend.text()
    assert bot.service.tables == {}
    db = bot.service.db
    assert await db.live_table_ids() == []


@pytest.mark.parametrize("shard1", [False], ids=["channel-only"], indirect=True)
async def test_without_dm_clicks_players_play_from_the_channel(shard1: Sharded) -> None:
    """Without forwarding, a process without shard 0 sends no DM panels (their buttons would reach another
    process and go unanswered); the player is mentioned in the channel and plays from 查看我的手牌."""
    w, bot, (alice, bob) = shard1.world, shard1.bot, shard1.users
    channel = shard1.channels[1]
    await playing.command(w, bot, alice, channel, "table create", variant="toy", options="bot.timer=0 hands=1")
    await playing.command(w, bot, bob, channel, "table join")
    await playing.command(w, bot, alice, channel, "table ai")
    started = await playing.command(w, bot, alice, channel, "table start")
    assert "查看我的手牌" in started.text() and "私信" not in started.text()
    table = bot.service.table_in(channel)
    assert table is not None and table.game is not None
    assert not [c for c in w.calls if c.path == "/users/@me/channels" or (c.channel_id in w.dm_of_user.values())]
    turn = table.seats[table.game.to_act()[0]].user_id
    assert turn is not None
    assert any(f"<@{turn}>" in payload_text(m) for m in w.channel_messages(channel))
    version = table.version
    mid = await playing.ephemeral_panel(w, bot, turn, channel)
    choices = playing.action_choices(w, mid)
    assert mid is not None and choices
    cid, values = choices[0]
    pend = await playing.click(w, bot, turn, mid, cid, values)
    assert "⚠️" not in pend.text() and table.version > version
    with pytest.raises(UnknownRoute, match="DM"):  # and a DM click could not reach this process
        dm = w.dm_channel(alice)
        msg = w._new_message(dm, {"content": "old panel"})
        w.feed_click(bot, alice, int(msg["id"]), cid)
    w.errors.clear()


async def test_with_forwarding_a_process_without_shard_0_sends_dm_panels(shard1: Sharded) -> None:
    """The shard-0 process forwards DM clicks to the table's owner, so the shard-1 process deals by DM as the
    single-process bot does (the clicks themselves: tests/shards/test_two_processes.py)."""
    w, bot, (alice, bob) = shard1.world, shard1.bot, shard1.users
    channel = shard1.channels[1]
    await playing.command(w, bot, alice, channel, "table create", variant="toy", options="bot.timer=0 hands=1")
    await playing.command(w, bot, bob, channel, "table join")
    await playing.command(w, bot, alice, channel, "table ai")
    started = await playing.command(w, bot, alice, channel, "table start")
    assert "私信" in started.text()
    table = bot.service.table_in(channel)
    assert table is not None and table.game is not None
    turn = table.seats[table.game.to_act()[0]].user_id
    assert turn is not None
    assert playing.action_choices(w, w.latest_dm(turn)), "no DM panel to play from"
    # and the clicks on it, which reach the shard-0 process, come back through the forwarder, which stands in
    # front of discord.py's parser on the gateway's path as on the fake edge's
    state = bot._connection
    assert bot.forwarder is not None
    assert state.parsers["INTERACTION_CREATE"] == bot.forwarder.receive == state.parse_interaction_create
