"""Restart mid-hand from the log; who may end a table; the turn timer and 托管."""

from __future__ import annotations

import json
import random
import re

import pytest

from fake_discord import payload_text, playing

from .conftest import VARIANTS, Env, short
from .test_bad_input import actor as harness_actor

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"


async def results(env: Env, table_id: int) -> list[dict]:
    rows = await env.bot.db.fetch("SELECT hand_no, seed, result FROM hands WHERE table_id = ? ORDER BY hand_no",
                                  (table_id,))
    out = []
    for r in rows:
        res = json.loads(r["result"])
        out.append({"hand_no": r["hand_no"], "seed": r["seed"], "deltas": res["deltas"], "winners": res["winners"]})
    out.append({"log": [tuple(r) for r in await env.bot.db.fetch(
        "SELECT seq, seat, code FROM actions JOIN hands ON hands.id = actions.hand_id WHERE table_id = ?"
        " ORDER BY hand_no, seq", (table_id,))]})
    return out


@pytest.mark.heavy
@pytest.mark.parametrize(("variant", "extra"), [(v, "") for v in VARIANTS] + [("fangpaofa", "daniao=true")])
async def test_restart_mid_hand_gives_identical_result(env: Env, variant: str, extra: str) -> None:
    """Every variant; anhua deals the first hand to a random seat (随机庄), 剥皮 draws cards for it, 放炮罚 asks
    for 打鸟 stakes: a rebuild must keep all of it."""
    opts = f"bot.seed=11 bot.timer=0 {short(variant, 2)} {extra}".strip()
    players = [env.alice, env.bob]
    # uninterrupted run
    t1 = await env.open_table(variant, players, opts)
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5))
    expected = await results(env, t1.id)

    # same table in another channel, interrupted after a few clicks
    other = env.world.add_channel(env.guild, "重启")
    p = await env.cmd(env.alice, "table create", channel=other, variant=variant, options=opts)
    assert not p.ephemeral
    await env.cmd(env.bob, "table join", channel=other)
    while len(env.table(other).seats) < env.table(other).seat_count:
        await env.cmd(env.alice, "table ai", channel=other)
    await env.cmd(env.alice, "table start", channel=other)
    t2 = env.table(other)
    rng = random.Random(5)
    await playing.play_match(env.world, env.bot, other, players, rng, stop_after=6)
    live = env.table(other)
    assert live is not None and live.game is not None and not live.game.finished
    version = live.version
    old_bot = env.bot
    await env.restart()  # client and database connection dropped; new bot replays the log
    assert env.bot is not old_bot
    revived = env.table(other)
    assert revived is not None and revived.version == version
    # players keep clicking the buttons they already have (sent by the old process)
    await playing.play_match(env.world, env.bot, other, players, rng)
    assert env.table(other) is None
    got = await results(env, t2.id)
    assert got == expected


async def test_end_by_host_manager_and_vote(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], start=False)
    p = await env.cmd(env.outsider, "table end")
    assert p.ephemeral and env.table() is not None
    p = await env.cmd(env.alice, "table end")  # host
    assert not p.ephemeral and env.table() is None

    await env.open_table(MAIN, [env.alice, env.bob])
    p = await env.cmd(env.bob, "table end")  # a seated player alone is 1 of 2 humans: not a majority
    assert "1/2" in p.text() and env.table() is not None
    p = await env.cmd(env.mod, "table end")  # Manage Server
    assert not p.ephemeral and env.table() is None

    humans = [env.alice, env.bob, env.carol]
    await env.open_table(MAIN, humans)
    p = await env.cmd(env.bob, "table end")
    assert "1/3" in p.text() and env.table() is not None
    p = await env.cmd(env.bob, "table end")  # voting twice counts once
    assert env.table() is not None
    p = await env.cmd(env.carol, "table end")
    assert "解散" in p.text() and env.table() is None
    assert any("投票" in payload_text(m) for m in env.world.channel_messages(env.channel))


async def test_turn_timer_hands_over_to_ai_until_player_returns(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=9 bot.timer=30 {short(MAIN, 3)}")
    table = env.table()
    await env.advance(29)
    assert not any(s.auto for s in table.seats), "托管 before the 30 s were up"
    await env.advance(1)
    auto = [i for i, s in enumerate(table.seats) if s.auto]
    assert auto, "nobody was put on 托管"
    assert any("超时" in line for line in table.log) or table.status == "ended"
    if table.status == "ended":
        return
    seat = auto[0]
    uid = table.seats[seat].user_id
    mid = env.world.latest_dm(uid)
    assert mid is not None
    assert any(c["custom_id"] == f"ht:auto:{table.id}:{seat}" for c in env.world.components_of(mid))
    p = await env.click(uid, mid, f"ht:auto:{table.id}:{seat}")
    assert not p.ephemeral and not table.seats[seat].auto
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(1))
    assert env.table() is None


async def test_auto_flags_and_end_votes_survive_restarts(env: Env) -> None:
    humans = [env.alice, env.bob, env.carol]
    await env.open_table(MAIN, humans, f"bot.seed=13 {short(MAIN, 3)}")
    p = await env.cmd(env.bob, "table end")  # 1 of 3: not yet a majority
    assert "1/3" in p.text()
    p = await env.cmd(env.carol, "table leave")  # mid-match: carol's seat goes on 托管
    assert "托管" in p.text()
    carol = env.table().seat_of(env.carol)
    assert env.table().seats[carol].auto

    await env.restart()
    table = env.table()
    assert table.seats[carol].auto, "托管 was lost in the restart"
    assert table.end_votes == {env.bob}, "bob's vote was lost in the restart"
    # play goes on without carol: the AI keeps playing her seat (play_match never clicks for a 托管 seat,
    # and fails if the table stalls)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(3), stop_after=4)
    assert env.table() is not None and env.table().seats[carol].auto

    # carol comes back (取消托管) and that too is remembered
    mid = env.world.latest_dm(env.carol)
    assert mid is not None
    off = f"ht:auto:{table.id}:{carol}"
    assert any(c["custom_id"] == off for c in env.world.components_of(mid))
    p = await env.click(env.carol, mid, off)
    assert not p.ephemeral and not env.table().seats[carol].auto
    await env.restart()
    assert not env.table().seats[carol].auto and env.table().end_votes == {env.bob}

    # bob's vote from before both restarts still counts: carol's makes the majority
    p = await env.cmd(env.carol, "table end")
    assert "投票通过" in p.text() and env.table() is None


async def test_a_claim_window_that_times_out_names_nobody(env: Env) -> None:
    """Who is asked in a claim window tells what they hold: a timeout there puts nobody on 托管 (shown at the
    seat) and names nobody; the AI answers that card alone for the late seat."""
    if MAIN == "toy":
        pytest.skip("needs a variant with claim windows")
    service = env.bot.service
    players = [env.alice, env.bob]
    await env.open_table(MAIN, players, f"bot.seed=5 bot.timer=30 {short(MAIN, 3)}")
    table = env.table()
    rng = random.Random(3)
    for _ in range(300):
        game = table.game
        if game is not None and game.public_view().to_json().get("claims_pending") and any(
                not table.seats[s].is_ai for s in game.to_act()):
            break
        uid, mid = harness_actor(env, players)
        cid, values = rng.choice(playing.action_choices(env.world, mid))
        await env.click(uid, mid, cid, [rng.choice(values)] if values else None)
        await service.idle()
    else:
        pytest.fail("no claim window asked a human")
    asked = [s for s in table.game.to_act() if not table.seats[s].is_ai]
    mark = len(env.world.calls)
    logged = await env.bot.db.count_actions()
    version = table.version
    await env.advance(30)  # the clock stood still while the test walked here: the window's 30 s run out now
    assert table.version != version, "the timer never answered"
    assert not any(table.seats[s].auto for s in asked)
    assert not any("超时" in line for line in table.log)
    channel_text = " ".join(json.dumps(c.body, ensure_ascii=False) for c in env.world.calls[mark:]
                            if env.world.is_guild_channel(c.channel_id) and c.body)
    assert "超时：" not in channel_text and not re.search(r"〔[^〕]*托管", channel_text)
    assert await env.bot.db.count_actions() > logged
    rows = [tuple(r) for r in await env.bot.db.fetch(
        "SELECT seat, by_ai FROM actions ORDER BY hand_id DESC, seq DESC LIMIT 20")]
    assert any(seat in asked and by_ai for seat, by_ai in rows)
