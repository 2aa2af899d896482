"""Turns that notify, and deliveries that survive Discord's failures (faults injected at the fake edge)."""

from __future__ import annotations

import asyncio
import math
import re
from typing import Any

import pytest

from bot.present.viewing import view_json
from bot.service.delivery import CHANNEL_LOST_REASON
from fake_discord import Call, payload_text, playing

from .conftest import Env

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends

TOY = "bot.seed=1 hands=3 wall=12"


def humans_deciding(env: Env) -> list[int]:
    table = env.table()
    game = table.game
    if game is None or game.finished:
        return []
    return [table.seats[s].user_id for s in game.to_act()
            if not table.seats[s].is_ai and not table.seats[s].auto]


def pick(choices: list[tuple[str, list[str] | None]]) -> tuple[str, list[str] | None]:
    """過 before a claim, a discard before 胡: keeps a hand going so turns keep changing."""
    for word in (":pass", ":discard"):
        for cid, values in choices:
            if word in cid or any(word[1:] in v for v in values or []):
                return cid, values
    return choices[0]


async def panel_of(env: Env, uid: int) -> int | None:
    if uid in env.world.dm_closed:
        return await playing.ephemeral_panel(env.world, env.bot, uid, env.channel)
    return env.world.latest_dm(uid)


async def act(env: Env, uid: int) -> Any:
    mid = await panel_of(env, uid)
    choices = playing.action_choices(env.world, mid)
    assert mid is not None and choices, "the deciding player has no controls"
    cid, values = pick(choices)
    return await env.click(uid, mid, cid, values)


def posts(env: Env, channel_id: int | None, since: int, method: str = "POST") -> list[Call]:
    return [c for c in env.world.calls[since:] if c.kind == "rest" and c.method == method
            and channel_id is not None and c.channel_id == channel_id]


async def stored_dm(env: Env, table_id: int, seat: int) -> int | None:
    row = await env.bot.db.table(table_id)
    assert row is not None
    return row.seats[seat].dm_message_id


async def stored_hand_message(env: Env, hand_id: int) -> int | None:
    rows = await env.bot.db.fetch("SELECT message_id FROM hands WHERE id = ?", (hand_id,))
    return rows[0]["message_id"]


# -- looking at one's hand -------------------------------------------------------------------------


async def test_hand_look_when_it_is_not_my_turn(env: Env) -> None:
    """/table hand and 查看我的手牌 answer with the hand (no controls) when the player is not asked."""
    table = await env.open_table("toy", [env.alice, env.closed], TOY)
    looked = set()
    for _ in range(30):
        for uid in (env.alice, env.closed):
            if uid in humans_deciding(env) or uid in looked:
                continue
            p = await env.cmd(uid, "table hand")
            assert p.ephemeral and "手牌" in p.text() and "出错" not in p.text(), p.text()
            assert "轮到你了" not in p.text()
            p = await env.click(uid, env.sent(table).hand_messages[table.hand_no], f"ht:hand:{table.id}")
            assert p.ephemeral and "手牌" in p.text() and "出错" not in p.text(), p.text()
            looked.add(uid)
        if looked == {env.alice, env.closed}:
            break
        await act(env, humans_deciding(env)[0])
    assert looked == {env.alice, env.closed}


# -- whose turn it is ------------------------------------------------------------------------------


async def test_a_new_turn_arrives_as_a_new_dm_with_a_countdown(env: Env) -> None:
    players = [env.alice, env.bob, env.carol]
    table = await env.open_table("toy", players, f"{TOY} bot.timer=60")
    service = env.bot.service
    assert table.turn_deadline is not None
    assert table.turn_deadline == env.clock.time() + 60
    first = humans_deciding(env)[0]
    panel = env.world.latest_dm(first)
    assert panel is not None
    text = env.world.message_text(panel)
    assert f"<t:{math.ceil(table.turn_deadline)}:R>" in text and "轮到你了" in text
    seen_new_turn = seen_waiting = False
    for _ in range(40):
        if env.table() is None:
            break
        before = set(humans_deciding(env))
        clicker = next(iter(before))
        old = {uid: env.world.latest_dm(uid) for uid in players}
        mark, hand_no = len(env.world.calls), table.hand_no
        await act(env, clicker)
        if env.table() is None or table.hand_no != hand_no:
            break
        after = set(humans_deciding(env))
        for uid in players:
            if uid == clicker:
                continue
            dm = env.world.dm_of_user[uid]
            seat = table.seat_of(uid)
            if uid in after and uid not in before:
                # asked now: a new message (which notifies), the old panel gone, the new id stored
                assert len(posts(env, dm, mark)) == 1
                new = env.world.latest_dm(uid)
                assert new != old[uid] and old[uid] in env.world.deleted
                assert await stored_dm(env, table.id, seat) == new == env.sent(table).dm_messages[(table.hand_no, seat)]
                assert f"<t:{math.ceil(table.turn_deadline)}:R>" in env.world.message_text(new)
                seen_new_turn = True
            elif uid not in after:
                # not asked: edited in place, no notification
                assert posts(env, dm, mark) == []
                assert env.world.latest_dm(uid) == old[uid]
                kept = old[uid]
                assert kept is not None
                assert "<t:" not in env.world.message_text(kept)
                seen_waiting = True
        await service.idle()
    assert seen_new_turn and seen_waiting


async def test_no_timer_no_deadline(env: Env) -> None:
    table = await env.open_table("toy", [env.alice, env.bob], f"{TOY} bot.timer=0")
    assert table.turn_deadline is None
    first = humans_deciding(env)[0]
    panel = env.world.latest_dm(first)
    assert panel is not None
    assert "<t:" not in env.world.message_text(panel)


async def test_default_length_timer_runs_out_into_auto(env: Env) -> None:
    """A 60 s turn (the default room timer) scaled down: the seat goes on 托管 and the deadline is cleared."""
    table = await env.open_table("toy", [env.alice, env.bob], f"{TOY} bot.timer=60")
    late = [s for s in table.game.to_act() if not table.seats[s].is_ai]
    assert late and table.turn_deadline == env.clock.time() + 60
    await env.advance(59)
    assert not any(s.auto for s in table.seats)
    await env.advance(1)
    assert all(table.seats[s].auto for s in late)
    assert table.turn_deadline is None or table.turn_deadline > env.clock.time()


def notices(env: Env) -> list[dict[str, Any]]:
    return [m for m in env.world.channel_messages(env.channel) if not m["flags"] & 64
            and "轮到你了" in m["content"] or "有一张牌可以" in m["content"]]


def mention_call(env: Env, message: dict[str, Any]) -> Call:
    return next(c for c in env.world.calls if c.method == "POST" and c.channel_id == env.channel
                and c.body is not None and c.body.get("content") == message["content"])


def mention_body(env: Env, message: dict[str, Any]) -> dict[str, Any]:
    body = mention_call(env, message).body
    assert body is not None  # mention_call picks a call with one
    return body


async def test_dms_closed_player_is_mentioned_once_and_the_mention_goes_when_they_act(env: Env) -> None:
    await env.open_table("toy", [env.alice, env.closed], f"{TOY} bot.timer=60")
    table = env.table()
    seen = False
    for _ in range(40):
        if env.table() is None or table.hand_no != 0:
            break
        asked = humans_deciding(env)
        game = table.game
        current = notices(env)
        if env.closed in asked and view_json(game.public_view())["phase"] != "claim":
            assert len(current) == 1
            notice = current[0]
            assert notice["content"].startswith(f"<@{env.closed}> 轮到你了 <t:{math.ceil(table.turn_deadline)}:R>")
            allowed = mention_body(env, notice)["allowed_mentions"]
            assert [int(u) for u in allowed["users"]] == [env.closed] and allowed["parse"] == []
            await act(env, env.closed)
            assert notice["id"] not in [m["id"] for m in env.world.channel_messages(env.channel)]
            assert int(notice["id"]) in env.world.deleted
            seen = True
        else:
            if env.closed not in asked:
                assert current == []  # nobody is told of a turn that is not theirs
            await act(env, asked[0])
    assert seen


async def test_a_claim_window_mention_does_not_tell_who_is_asked(env: Env) -> None:
    """Being asked in a claim window tells what one holds. The channel line for DMs-closed players must be the
    same whoever is asked: it names every DMs-closed player at the table, asked or not."""
    second = env.world.add_user("closed2", dm_closed=True)
    env.world.add_member(env.guild, second)
    table = await env.open_table("toy", [env.closed, second, env.alice], "bot.seed=4 hands=4 wall=20 bot.timer=60")
    both = sorted([env.closed, second])
    windows: list[set[int]] = []
    for _ in range(300):
        if env.table() is None:
            break
        asked = humans_deciding(env)
        game = table.game
        if game is not None and view_json(game.public_view())["phase"] == "claim" and asked:
            windows.append(set(asked))
            current = notices(env)
            assert len(current) == 1, [m["content"] for m in current]
            body = mention_body(env, current[0])
            assert sorted(int(u) for u in body["allowed_mentions"]["users"]) == both
            assert all(f"<@{u}>" in current[0]["content"] for u in both)
            assert "轮到你了" not in current[0]["content"]
        await act(env, asked[0])
    # the property was exercised on windows where not every DMs-closed player was asked
    assert any(set(both) - w for w in windows), windows


# -- failures on the way -----------------------------------------------------------------------------


@pytest.mark.parametrize("fault", [{"status": 503}, {"network": True}, {"status": 500, "code": 0}])
async def test_a_failed_dm_is_retried_until_it_lands(env: Env, fault: dict[str, Any]) -> None:
    for uid in (env.alice, env.bob):
        env.world.inject("POST", env.world.dm_channel(uid), **fault)
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    for uid in (env.alice, env.bob):
        seat = table.seat_of(uid)
        mid = env.world.latest_dm(uid)
        assert mid is not None, "the panel was dropped after one failure"
        assert await stored_dm(env, table.id, seat) == mid
    assert not env.world.faults


async def test_a_dm_that_keeps_failing_is_sent_by_the_next_publish(env: Env) -> None:
    """Five failures in a row: the delivery gives up for now, and the panel is not marked delivered."""
    table = await env.open_table("toy", [env.alice, env.bob], TOY, start=False)
    fault = env.world.inject("POST", env.world.dm_channel(env.bob), times=5)
    await env.cmd(env.alice, "table start")
    assert fault.hits == 5 and env.world.latest_dm(env.bob) is None
    env.bot.service.delivery.publish(table)
    await env.bot.service.idle()
    assert env.world.latest_dm(env.bob) is not None


async def test_turn_dms_do_not_wait_behind_a_rate_limited_channel_edit(env: Env) -> None:
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    released = asyncio.Event()
    arrived = asyncio.Event()
    for _ in range(40):
        clicker = humans_deciding(env)[0]
        other = env.bob if clicker == env.alice else env.alice
        dm = env.world.dm_of_user[other]
        hang = env.world.inject("PATCH", env.channel, hang=released)
        env.world.on_call = lambda c, dm=dm: arrived.set() if c.channel_id == dm else None
        mid = env.world.latest_dm(clicker)
        assert mid is not None
        cid, values = pick(playing.action_choices(env.world, mid))
        await env.world.wait(env.world.feed_click(env.bot, clicker, mid, cid, values))
        if other not in humans_deciding(env):
            released.set()  # not the other's turn: nothing to show here; let everything through and go on
            await env.bot.service.idle()
            released.clear()
            arrived.clear()
            continue
        # the channel edit is held (discord.py sleeping out a 429); the turn DM goes out anyway
        await asyncio.wait_for(arrived.wait(), 5)
        assert hang.hits == 1 and not released.is_set()
        assert env.world.latest_dm(other) is not None
        assert env.bot.service.delivery.outbox(table).busy  # the channel lane is still waiting
        released.set()
        await env.bot.service.idle()
        env.world.on_call = None
        return
    raise AssertionError("the other player never got a turn")


async def test_the_table_message_is_posted_after_a_server_error(env: Env) -> None:
    env.world.inject("POST", env.channel, status=503)
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    mid = env.sent(table).hand_messages.get(table.hand_no)
    assert mid is not None and mid in env.world.messages
    assert await stored_hand_message(env, table.hand_id) == mid


@pytest.mark.parametrize("fault", [{"status": 503, "times": 5}, {"status": 403, "code": 50013}])
async def test_an_unposted_table_message_is_posted_by_the_next_publish(env: Env, fault: dict[str, Any]) -> None:
    """The post gave up (5xx five times) or was refused (Send Messages lost, 50013): the next change posts it,
    once."""
    env.world.inject("POST", env.channel, **fault)
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    assert env.sent(table).hand_messages.get(table.hand_no) is None
    mark = len(env.world.calls)
    hand_no = table.hand_no
    await act(env, humans_deciding(env)[0])
    assert table.hand_no == hand_no
    table_posts = [c for c in posts(env, env.channel, mark) if playing.is_table_message(c.body)]
    assert len(table_posts) == 1
    mid = env.sent(table).hand_messages[hand_no]
    assert await stored_hand_message(env, table.hand_id) == mid


def settlements(env: Env, hand_no: int | None = None) -> list[str]:
    """The settlement posts in the channel (of one hand, 0-based), in order."""
    found = [payload_text(m) for m in env.world.channel_messages(env.channel) if "本局：" in payload_text(m)]
    return [t for t in found if hand_no is None or f"第 {hand_no + 1} 局" in t]


def final_posts(env: Env) -> list[str]:
    return [payload_text(m) for m in env.world.channel_messages(env.channel) if "比赛结束" in payload_text(m)]


async def end_hand_failing(env: Env, fault: dict[str, Any]) -> int:
    """Play until the hand ends with every channel post failing as ``fault`` says, for the click that ends it
    (the first post after a hand is its settlement: table message changes are edits); Discord takes posts
    again afterwards. Returns how many posts failed."""
    table = env.table()
    for _ in range(100):
        hand_no = table.hand_no
        injected = env.world.inject("POST", env.channel, **fault, times=None)
        await act(env, humans_deciding(env)[0])
        env.world.faults.clear()
        if injected.hits:
            assert table.hand_no != hand_no or table.status == "ended"
            return injected.hits
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("fault", [{"status": 503}, {"status": 403, "code": 50013}])
async def test_a_refused_settlement_is_posted_by_the_next_publish(env: Env, fault: dict[str, Any]) -> None:
    """The hand's settlement post and the next hand's table message gave up (5xx after the retries) or were
    refused (50013): the next change posts both, the settlement first, each once."""
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    await end_hand_failing(env, fault)
    assert settlements(env) == [] and table.hand_no == 1 and env.sent(table).hand_messages.get(1) is None
    mark = len(env.world.calls)
    await act(env, humans_deciding(env)[0])
    assert len(settlements(env, 0)) == 1 and env.sent(table).hand_messages.get(1) is not None
    posted = posts(env, env.channel, mark)
    assert "本局：" in payload_text(posted[0].body or {}) and playing.is_table_message(posted[1].body)
    settled = next(m for m in env.world.channel_messages(env.channel) if "本局：" in payload_text(m))
    rows = await env.bot.db.fetch("SELECT message_id FROM channel_posts WHERE table_id = ?", (table.id,))
    assert [r["message_id"] for r in rows] == [int(settled["id"])]
    for _ in range(3):  # later changes do not post it again
        if env.table() is None or table.hand_no != 1:
            break
        await act(env, humans_deciding(env)[0])
    await env.advance(10_000)  # nor does a later try
    assert len(settlements(env, 0)) == 1


async def test_a_refused_match_end_is_posted_later_once(env: Env) -> None:
    """The last hand's settlement and the final ranking are refused: no publish comes after a match ends,
    so they are tried again on the clock, in order, once."""
    table = await env.open_table("toy", [env.alice, env.bob], "bot.seed=1 hands=1 wall=12")
    assert await end_hand_failing(env, {"status": 403, "code": 50013}) == 2
    assert table.status == "ended" and settlements(env) == [] and final_posts(env) == []
    await env.advance(59)
    assert settlements(env) == [] and final_posts(env) == []
    await env.advance(1)
    assert len(settlements(env, 0)) == 1 and len(final_posts(env)) == 1
    order = [payload_text(m) for m in env.world.channel_messages(env.channel)]
    assert order.index(settlements(env)[0]) < order.index(final_posts(env)[0])
    await env.advance(10_000)
    assert len(settlements(env)) == 1 and len(final_posts(env)) == 1


@pytest.mark.parametrize("posted", [False, True])
@pytest.mark.parametrize("hands", [3, 1])
async def test_restore_posts_an_unposted_settlement(env: Env, hands: int, posted: bool) -> None:
    """A settlement (and, at a match's end, the final ranking) refused until a restart, or cut off by a crash
    after it was posted but before that was stored: the restarted bot posts it, once, whether or not the table
    lives on (the post carries its own nonce, so Discord answers a repeat with the first message)."""
    table = await env.open_table("toy", [env.alice, env.bob], f"bot.seed=1 hands={hands} wall=12")
    await end_hand_failing(env, {"status": 403, "code": 50013})
    assert settlements(env) == []
    if posted:  # Discord took them; the crash came before their ids were stored
        for post_id, content in await env.bot.db.unposted(table.id):
            env.bot.service.delivery._unposted[table.id].pop(post_id)
            msg = await env.bot.service.delivery.channel(table).send(content, nonce=f"ht-post-{post_id}")
            assert msg.id
        assert len(settlements(env)) == 1
    await env.restart()
    await env.bot.service.idle()
    assert len(settlements(env, 0)) == 1 and len(final_posts(env)) == (1 if hands == 1 else 0)
    assert await env.bot.db.unposted(table.id) == []
    assert (env.table() is None) == (hands == 1)


@pytest.mark.parametrize("posted", [True, False])
async def test_restore_posts_a_missing_table_message(env: Env, posted: bool) -> None:
    """A crash before the post, or between the post and storing its id: the restored table has its hand's
    message, once (the post carries the hand's nonce, so Discord answers a repeat with the first message)."""
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    await act(env, humans_deciding(env)[0])
    hand_id, hand_no = env.table().hand_id, env.table().hand_no
    old = env.sent(table).hand_messages[hand_no]
    await env.bot.db.execute("UPDATE hands SET message_id = NULL WHERE id = ?", (hand_id,))
    if not posted:  # the crash came before the post reached Discord
        del env.world.messages[old]
        env.world.by_channel[env.channel].remove(old)
        env.world.nonces.clear()
    await env.restart()
    await env.bot.service.idle()
    revived = env.table()
    mid = env.sent(revived).hand_messages[hand_no]
    assert await stored_hand_message(env, hand_id) == mid and mid in env.world.messages
    assert (mid == old) is posted
    titles = [playing.table_message_parts(m)[0] for m in env.world.channel_messages(env.channel)
              if playing.is_table_message(m)]
    assert sum(re.search(rf"第 {hand_no + 1}(/\d+)? 局", t) is not None for t in titles) == 1


@pytest.mark.parametrize("where", ["dm", "channel"])
@pytest.mark.parametrize("code", [30046, 10008])
async def test_a_message_that_cannot_be_edited_is_posted_afresh(env: Env, where: str, code: int) -> None:
    """Older than an hour (30046) or deleted by someone (10008): a fresh message takes the old one's place."""
    table = await env.open_table("toy", [env.alice, env.bob, env.carol], TOY)
    status = 400 if code == 30046 else 404
    for _ in range(20):
        clicker = humans_deciding(env)[0]
        # the seat before the clicker waits (edited in place) unless it holds a claim
        other = table.seats[(table.seat_of(clicker) - 1) % 3].user_id
        target = env.world.dm_of_user[other] if where == "dm" else env.channel
        fault = env.world.inject("PATCH", target, status=status, code=code)
        old_dm, old_table = env.world.latest_dm(other), env.sent(table).hand_messages[table.hand_no]
        hand_no = table.hand_no
        await act(env, clicker)
        env.world.faults.clear()
        if not fault.hits or table.hand_no != hand_no:
            continue
        if where == "dm":
            new = env.world.latest_dm(other)
            assert new != old_dm and new in env.world.messages
            assert await stored_dm(env, table.id, table.seat_of(other)) == new
        else:
            new = env.sent(table).hand_messages[hand_no]
            assert new != old_table and new in env.world.messages
            assert await stored_hand_message(env, table.hand_id) == new
        return
    raise AssertionError("no edit was made to fail")


@pytest.mark.parametrize(("status", "code"), [(404, 10003), (403, 50001)])
async def test_a_lost_channel_ends_its_table(env: Env, status: int, code: int) -> None:
    table = await env.open_table("toy", [env.alice, env.bob], "bot.seed=2 hands=4 wall=5 bot.timer=60")
    for _ in range(60):  # finish one hand: its scores must survive the end
        if table.hand_no >= 1:
            break
        await act(env, humans_deciding(env)[0])
    assert table.hand_no >= 1 and table.status == "playing"
    board = await env.bot.db.leaderboard(env.guild, "toy")
    env.world.inject("*", env.channel, status=status, code=code, times=None)
    await act(env, humans_deciding(env)[0])
    await env.bot.service.idle()
    assert env.table() is None and table.status == "ended"
    assert not env.bot.service.timers.running(table.id) and table.turn_deadline is None
    row = await env.bot.db.table(table.id)
    assert row is not None and row.status == "ended"
    rows = await env.bot.db.fetch("SELECT end_reason FROM tables WHERE id = ?", (table.id,))
    assert rows[0]["end_reason"] == CHANNEL_LOST_REASON
    assert await env.bot.db.leaderboard(env.guild, "toy") == board
    for uid in (env.alice, env.bob):
        panel = env.world.latest_dm(uid)
        assert panel is not None
        text = env.world.message_text(panel)
        assert CHANNEL_LOST_REASON in text and "累计" in text
    version = table.version
    await asyncio.sleep(0)
    assert table.version == version  # nothing plays on
    # a new table can open in that channel's place once it is reachable again
    env.world.faults.clear()
    p = await env.cmd(env.alice, "table create", variant="toy")
    assert not p.ephemeral


def _table_text(env: Env) -> str:
    table = env.table()
    mid = env.sent(table).hand_messages.get(table.hand_no)
    assert mid is not None
    return env.world.message_text(mid)


@pytest.mark.parametrize(("variant", "seed"), [("paohuzi", 1), ("paohuzi", 4), ("fangpaofa", 3), ("anhua", 2)])
async def test_a_hidden_pass_does_not_restart_the_public_countdown(env: Env, variant: str, seed: int) -> None:
    """Three humans: when one of several asked passes in a claim window (or passes his 自摸), nothing public
    changes — the countdown on the table message must not restart either, or it tells who was asked."""
    humans = [env.alice, env.bob, env.carol]
    opts = f"bot.seed={seed} bot.timer=60" + (" hands=1" if variant == "paohuzi" else "")
    await env.open_table(variant, humans, opts)
    hidden = 0
    for _ in range(400):
        table = env.table()
        if table is None or table.hand_no > 0 or table.game is None or table.game.finished:
            break
        asked = humans_deciding(env)
        if not asked:
            await env.bot.service.idle()
            continue
        public = {k: v for k, v in view_json(table.game.public_view()).items() if k != "version"}
        before, deadline = _table_text(env), table.turn_deadline
        uid = asked[0]
        mid = env.world.latest_dm(uid)
        assert mid is not None
        await env.advance(7)
        await env.click(uid, mid, *pick(playing.action_choices(env.world, mid)))
        await env.bot.service.idle()
        table = env.table()
        if table is None or table.hand_no > 0 or table.game is None:
            break
        if {k: v for k, v in view_json(table.game.public_view()).items() if k != "version"} == public:
            hidden += 1
            assert table.turn_deadline == deadline
            assert _table_text(env) == before
    assert hidden, "no hidden decision was taken: the test proves nothing"


async def test_a_click_that_ends_a_hand_is_answered_before_what_it_set_off(env: Env) -> None:
    """The hand's last table message, its settlement, the next deal's table message and panels wait until the
    click that ended the hand is answered (run in its commits' waits they were CPU ahead of its answer); then
    all of them are delivered, the settlement once."""
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    for _ in range(100):
        hand_no, mark = table.hand_no, len(env.world.calls)
        await act(env, humans_deciding(env)[0])
        if table.hand_no != hand_no:
            break
    else:
        raise AssertionError("the hand never ended")
    calls = env.world.calls[mark:]
    answer = next(i for i, c in enumerate(calls) if c.kind == "interaction")
    rest = [i for i, c in enumerate(calls) if c.kind == "rest"]
    assert rest and min(rest) > answer
    assert len(settlements(env, hand_no)) == 1 and env.sent(table).hand_messages.get(table.hand_no) is not None
    assert all(env.world.latest_dm(uid) is not None for uid in humans_deciding(env))
