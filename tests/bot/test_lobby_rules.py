"""The lobby's rules: a failed write changes nothing, a broken table does not stop the others from being
restored, stale and foreign lobby controls are refused, only the host (or a manager) closes a lobby, and
解散 in a match is a vote with 同意 / 拒绝 buttons."""

from __future__ import annotations

import asyncio
import copy
import random
from typing import Any

import pytest

from bot.service.play import Play
from fake_discord import playing
from storage.db import CommitError

from .conftest import VARIANTS, Env, short
from .test_bad_input import actor

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"


async def seats_agree(env: Env, table: Any) -> None:
    row = await env.bot.db.table(table.id)
    assert row is not None
    assert [(s.user_id, s.name) for s in row.seats] == [(s.user_id, s.name) for s in table.seats]
    assert row.host_id == table.host_id


def fail_once(monkeypatch: pytest.MonkeyPatch, db: Any, name: str) -> list[bool]:
    original = getattr(db, name)
    fail = [True]

    async def flaky(*args: Any, **kw: Any) -> Any:
        if fail and fail.pop():
            raise CommitError("commit failed: disk I/O error")
        return await original(*args, **kw)
    monkeypatch.setattr(db, name, flaky)
    return fail


@pytest.mark.parametrize("verb", ["join", "ai", "leave"])
async def test_a_failed_lobby_write_changes_nothing(env: Env, monkeypatch: pytest.MonkeyPatch, verb: str) -> None:
    await env.cmd(env.alice, "table create", variant=MAIN)
    await env.cmd(env.bob, "table join")
    table = env.table()
    before = [(s.user_id, s.name) for s in table.seats], table.host_id
    fail_once(monkeypatch, env.bot.db, "set_seats")
    who = {"join": env.carol, "ai": env.bob, "leave": env.alice}[verb]  # alice is the host: leaving moves it
    p = await env.cmd(who, f"table {verb}")
    assert p.ephemeral and "未生效" in p.text()
    assert ([(s.user_id, s.name) for s in table.seats], table.host_id) == before
    await seats_agree(env, table)
    # what the store holds restores and plays
    await env.restart()
    table = env.table()
    assert ([(s.user_id, s.name) for s in table.seats], table.host_id) == before
    while len(table.seats) < table.seat_count:
        await env.cmd(env.alice, "table ai")
    p = await env.cmd(env.alice, "table start")
    assert "开始" in p.text()
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(1), stop_after=3)


async def test_the_host_leaving_hands_the_lobby_on_durably(env: Env) -> None:
    await env.cmd(env.alice, "table create", variant=MAIN)
    await env.cmd(env.bob, "table join")
    await env.cmd(env.alice, "table leave")
    assert env.table().host_id == env.bob
    await env.restart()
    assert env.table().host_id == env.bob
    p = await env.cmd(env.bob, "table ai")
    assert not p.text().startswith("⚠️")


async def test_a_failed_option_write_changes_nothing(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    opt = table.variant.options[0]
    other = next(i for i, c in enumerate(opt.choices) if c != table.options[opt.key])
    before = dict(table.options)
    fail_once(monkeypatch, env.bot.db, "set_options")
    assert p.message_id is not None
    p = await env.click(env.alice, p.message_id, f"ht:opt:{table.id}:{opt.key}", [str(other)])
    assert p.ephemeral and "未生效" in p.text()
    assert table.options == before
    row = await env.bot.db.table(table.id)
    assert row is not None and row.options == before


async def two_tables(env: Env) -> tuple[Any, Any, int]:
    """A good table in the main channel and another in a second channel, both a few clicks in."""
    other = env.world.add_channel(env.guild, "第二桌")
    opts = f"bot.seed=7 {short(MAIN, 2)}"
    good = await env.open_table(MAIN, [env.alice, env.bob], opts)
    await env.cmd(env.carol, "table create", channel=other, variant=MAIN, options=opts)
    while len(env.table(other).seats) < env.table(other).seat_count:
        await env.cmd(env.carol, "table ai", channel=other)
    await env.cmd(env.carol, "table start", channel=other)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(2), stop_after=2)
    return good, env.table(other), other


@pytest.mark.parametrize("damage", ["row", "log", "advance"])
async def test_one_broken_table_does_not_stop_the_others(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                         damage: str) -> None:
    good, bad, other = await two_tables(env)
    db = env.bot.db
    if damage == "row":  # an unreadable row: its options are not JSON
        await db.execute("UPDATE tables SET options = '{' WHERE id = ?", (bad.id,))
    elif damage == "log":  # a log the engine refuses
        await db.execute("INSERT INTO actions (hand_id, seq, seat, code) VALUES (?, ?, 0, 'hu:不是牌')",
                         (bad.hand_id, bad.seq))
    else:  # the first advance after the replay fails
        original = Play.advance

        async def broken(self: Play, table: Any) -> None:
            if table.id == bad.id:
                raise RuntimeError("advance failed")
            await original(self, table)
        monkeypatch.setattr(Play, "advance", broken)
    version = good.version
    await env.restart()  # the bot starts
    assert env.table(other) is None and bad.id not in env.bot.service.tables
    revived = env.table()
    assert revived is not None and revived.version == version
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(3))
    assert env.table() is None and env.bot.service.tables[good.id].status == "ended"
    # the broken table still holds its channel in the store: a new table there gets a clear refusal
    p = await env.cmd(env.carol, "table create", channel=other, variant=MAIN)
    assert p.ephemeral and "已有" in p.text()


async def test_two_creates_racing_in_one_channel(env: Env) -> None:
    racers = [env.world.feed_command(env.bot, u, env.channel, "table create", variant=MAIN)
              for u in (env.alice, env.bob)]
    done = await asyncio.gather(*(env.world.wait(p) for p in racers))
    await env.bot.service.idle()
    refused = [p for p in done if p.ephemeral]
    assert len(refused) == 1 and "已有" in refused[0].text()
    live = [t for t in env.bot.service.tables.values() if t.channel_id == env.channel and t.status != "ended"]
    assert len(live) == 1 and env.table() is live[0]


async def test_stale_lobby_controls_are_refused(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}", start=False)
    table = env.table()
    lobby = table.lobby_message_id
    seen = copy.deepcopy(env.world.messages[lobby])  # the lobby as players saw it, buttons and all
    await env.cmd(env.alice, "table start")
    version, options = table.version, dict(table.options)
    for user, cid, values, word in [
            (env.alice, f"ht:lobby:{table.id}:start", None, "已经开始"),
            (env.carol, f"ht:lobby:{table.id}:join", None, "已经开始"),
            (env.bob, f"ht:lobby:{table.id}:ai", None, "已经开始"),
            (env.alice, f"ht:lobby:{table.id}:page1", None, "已经开始"),
            (env.alice, f"ht:opt:{table.id}:{table.variant.options[0].key}", ["0"], "开始")]:
        p = await playing.click(env.world, env.bot, user, lobby, cid, values, message=seen)
        assert p.ephemeral and word in p.text(), (cid, p.text())
        assert table.version == version and table.options == options and table.seat_of(env.carol) is None
    await env.cmd(env.alice, "table end")
    p = await playing.click(env.world, env.bot, env.carol, lobby, f"ht:lobby:{table.id}:join", message=seen)
    assert p.ephemeral and "结束" in p.text()
    assert table.seat_of(env.carol) is None


async def test_lobby_controls_only_work_in_their_own_channel(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant=MAIN)
    table = env.table()
    lobby = p.message_id
    assert lobby is not None
    elsewhere = env.world.add_channel(env.guild, "别的频道")
    guild2 = env.world.add_guild("别的服务器", env.outsider)
    for uid in (env.alice, env.bob, env.outsider):
        env.world.add_member(guild2, uid)
    foreign = env.world.add_channel(guild2, "外面")
    opt = table.variant.options[0]
    other = next(i for i, c in enumerate(opt.choices) if c != table.options[opt.key])
    before = ([s.user_id for s in table.seats], dict(table.options), table.status)
    for channel in (elsewhere, foreign):
        seen = dict(copy.deepcopy(env.world.messages[lobby]), channel_id=str(channel))  # the same ids, posted there
        for user, cid, values in [(env.bob, f"ht:lobby:{table.id}:join", None),
                                  (env.alice, f"ht:lobby:{table.id}:ai", None),
                                  (env.alice, f"ht:opt:{table.id}:{opt.key}", [str(other)]),
                                  (env.alice, f"ht:lobby:{table.id}:start", None)]:
            p = await playing.click(env.world, env.bot, user, lobby, cid, values, message=seen)
            assert p.ephemeral and "别的频道" in p.text(), (channel, cid, p.text())
            assert ([s.user_id for s in table.seats], dict(table.options), table.status) == before
    p = await env.click(env.bob, lobby, f"ht:lobby:{table.id}:join")  # in its own channel it works
    assert not p.ephemeral and table.seat_of(env.bob) is not None


async def test_only_the_host_or_a_manager_closes_a_lobby(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob, env.carol], start=False)
    for user in (env.bob, env.carol, env.outsider):
        p = await env.cmd(user, "table end")
        assert p.ephemeral and "房主" in p.text(), p.text()
    table = env.table()
    assert table is not None and table.status == "lobby" and not table.end_votes
    row = await env.bot.db.table(table.id)
    assert row is not None and row.status == "lobby" and row.end_votes == []
    p = await env.cmd(env.mod, "table end")
    assert not p.ephemeral and env.table() is None


def vote_ids(env: Env, message_id: int) -> dict[str, str]:
    out = {}
    for c in env.world.components_of(message_id):
        cid = c.get("custom_id", "")
        if cid.startswith("ht:vote:"):
            out[cid.rsplit(":", 1)[1]] = cid
    return out


async def test_dissolve_vote_with_agree_and_refuse_buttons(env: Env) -> None:
    humans = [env.alice, env.bob, env.carol]
    await env.open_table(MAIN, humans, f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    p = await env.cmd(env.bob, "table end")
    assert not p.ephemeral and "1/3" in p.text()
    first = p.message_id
    assert first is not None
    ids = vote_ids(env, first)
    assert set(ids) == {"yes", "no"}
    seen = copy.deepcopy(env.world.messages[first])  # the proposal as carol's client keeps showing it

    p = await env.click(env.outsider, first, ids["yes"])  # not seated
    assert p.ephemeral and "桌上的玩家" in p.text()
    assert table.end_votes == {env.bob}

    p = await env.click(env.carol, first, ids["no"])  # 1 of 3 refuse: still open
    assert not p.ephemeral and "拒绝 1/3" in p.text()
    assert table.end_refusals == {env.carol}
    row = await env.bot.db.table(table.id)
    assert row is not None and row.end_refusals == [env.carol]  # a refusal is stored like an agreement

    p = await env.click(env.alice, first, ids["no"])  # 2 of 3 refuse: no majority can agree any more
    assert "未通过" in p.text() and env.table() is table
    assert vote_ids(env, first) == {}  # the decided proposal lost its buttons
    assert not table.end_votes and not table.end_refusals
    row = await env.bot.db.table(table.id)
    assert row is not None and row.end_votes == [] and row.end_refusals == []

    # the old proposal's buttons are stale; a new proposal starts from nothing
    p = await playing.click(env.world, env.bot, env.carol, first, ids["yes"], message=seen)
    assert p.ephemeral and "已经结束" in p.text() and not table.end_votes
    p = await env.cmd(env.carol, "table end")
    assert "1/3" in p.text() and table.end_votes == {env.carol}
    second = p.message_id
    assert second is not None
    p = await env.click(env.bob, second, vote_ids(env, second)["yes"])
    assert "投票通过" in p.text() and env.table() is None
    row = await env.bot.db.table(table.id)
    assert row is not None and row.status == "ended"


async def test_a_refusal_by_half_of_two_drops_the_proposal(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    p = await env.cmd(env.bob, "table end")
    assert "1/2" in p.text()
    assert p.message_id is not None
    p = await env.click(env.alice, p.message_id, vote_ids(env, p.message_id)["no"])
    assert "未通过" in p.text() and env.table() is not None and not env.table().end_votes


async def test_votes_and_their_buttons_survive_a_restart(env: Env) -> None:
    humans = [env.alice, env.bob, env.carol]
    await env.open_table(MAIN, humans, f"bot.seed=3 {short(MAIN, 2)}")
    p = await env.cmd(env.bob, "table end")
    proposal = p.message_id
    assert proposal is not None
    ids = vote_ids(env, proposal)
    await env.click(env.carol, proposal, ids["no"])
    await env.restart()
    table = env.table()
    assert table.end_votes == {env.bob} and table.end_refusals == {env.carol}
    p = await env.click(env.carol, proposal, ids["yes"])  # carol changes her mind: 2 of 3 agree
    assert "投票通过" in p.text() and env.table() is None


async def test_vote_buttons_only_work_in_their_own_channel(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob, env.carol], f"bot.seed=3 {short(MAIN, 2)}")
    table = env.table()
    p = await env.cmd(env.bob, "table end")
    proposal = p.message_id
    assert proposal is not None
    elsewhere = env.world.add_channel(env.guild, "别的频道")
    seen = dict(copy.deepcopy(env.world.messages[proposal]), channel_id=str(elsewhere))
    p = await playing.click(env.world, env.bot, env.carol, proposal, vote_ids(env, proposal)["yes"], message=seen)
    assert p.ephemeral and "别的频道" in p.text()
    assert table.end_votes == {env.bob} and env.table() is table


async def test_an_action_after_the_end_is_stale(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    uid, mid = actor(env, [env.alice, env.bob])
    cid, values = playing.action_choices(env.world, mid)[0]
    seen = copy.deepcopy(env.world.messages[mid])  # the panel as the player still sees it
    logged = await env.bot.db.count_actions()
    await env.cmd(env.alice, "table end")
    p = await playing.click(env.world, env.bot, uid, mid, cid, values, message=seen)
    assert p.ephemeral and "结束" in p.text()
    assert await env.bot.db.count_actions() == logged


async def test_migration_3_keeps_stored_votes_as_agreements(tmp_path: Any) -> None:
    """A database whose votes were stored before 拒绝 existed opens with them as 同意, in round 0."""
    import sqlite3

    from storage.db import Database, migrations

    path = tmp_path / "v2.sqlite3"
    conn = sqlite3.connect(path)
    scripts = dict(migrations())
    conn.executescript(scripts[1] + scripts[2] + "\nPRAGMA user_version=2;")
    conn.execute("INSERT INTO tables (guild_id, channel_id, host_id, variant_id, options, bot_options, status)"
                 " VALUES (1, 2, 3, 'paohuzi', '{}', '{}', 'playing')")
    conn.execute("INSERT INTO end_votes (table_id, user_id) VALUES (1, 4)")
    conn.commit()
    conn.close()
    db = await Database.open(f"sqlite:///{path}")
    row = await db.table(1)
    assert row is not None and row.end_votes == [4] and row.end_refusals == [] and row.end_round == 0
    await db.vote_end(1, 5, False)
    await db.vote_end(1, 4, False)  # a later vote replaces the earlier one
    row = await db.table(1)
    assert row is not None and row.end_votes == [] and sorted(row.end_refusals) == [4, 5]
    await db.vote_end(1, 6, True, new_round=True)  # a new proposal drops the old votes
    row = await db.table(1)
    assert row is not None and row.end_votes == [6] and row.end_refusals == [] and row.end_round == 1
    await db.clear_end_votes(1)
    row = await db.table(1)
    assert row is not None and row.end_votes == [] and row.end_round == 1
    await db.close()
