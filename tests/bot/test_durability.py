"""Written before anyone is told: nobody hears of an action before its commit returned, and a failed commit
tells nobody and puts the table back to what the log holds."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterable
from typing import Any

import pytest

from engine.match import Match
from fake_discord import PendingInteraction, payload_text, playing
from storage.db import ActionRow, CommitError

from .conftest import VARIANTS, Env, short
from .test_bad_input import actor, state

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"


async def test_no_message_before_the_commit_returns(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    db = env.bot.db
    original = db.append_actions
    committed_at: list[int] = []  # how many requests Discord had seen when each commit returned

    async def watched(hand_id: int, rows: Iterable[ActionRow], **kw: Any) -> None:
        await original(hand_id, rows, **kw)
        committed_at.append(len(env.world.calls))
    monkeypatch.setattr(db, "append_actions", watched)
    for _ in range(5):
        uid, mid = actor(env, [env.alice, env.bob])
        cid, values = playing.action_choices(env.world, mid)[0]
        committed_at.clear()
        sent_before = len(env.world.calls)
        p = await env.click(uid, mid, cid, values)
        assert not p.ephemeral
        # the first thing the click caused was the commit; every reply and update came after it
        assert committed_at and committed_at[0] == sent_before
        if env.table() is None:
            break


async def test_failed_commit_tells_nobody_and_rebuilds_from_log(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    db = env.bot.db
    original = db.append_actions
    fail = [True]

    async def flaky(hand_id: int, rows: Iterable[ActionRow], **kw: Any) -> Any:
        if fail.pop() if fail else False:
            raise CommitError("commit failed: disk I/O error")
        return await original(hand_id, rows, **kw)
    monkeypatch.setattr(db, "append_actions", flaky)
    old = env.table()
    before = await state(env)
    uid, mid = actor(env, [env.alice, env.bob])
    cid, values = playing.action_choices(env.world, mid)[0]
    sent_before = len(env.world.calls)
    p = await env.click(uid, mid, cid, values)
    assert p.ephemeral and "未生效" in p.text()
    # only the private apology went out: no channel edit, no DM told of the lost move
    later = env.world.calls[sent_before:]
    assert [c for c in later if not c.ephemeral] == []
    # memory went back to the log: a fresh table at the durable version, so the same buttons work
    fresh = env.table()
    assert fresh is not old and await state(env) == before
    p = await env.click(uid, mid, cid, values)
    assert not p.ephemeral
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(2))
    assert env.table() is None


def look(env: Env, uid: int, how: str) -> PendingInteraction:
    """Feed 查看我的手牌 (the table message's button) or ``/table hand``, without waiting for anything."""
    if how == "command":
        return env.world.feed_command(env.bot, uid, env.channel, "table hand")
    table = env.table()
    return env.world.feed_click(env.bot, uid, env.sent(table).hand_messages[table.hand_no], f"ht:hand:{table.id}")


def shown(p: PendingInteraction) -> str:
    """What the answer shows now: its last reply (a deferral shows nothing until it is edited)."""
    return payload_text(p.replies[-1]) if p.replies else ""


@pytest.mark.parametrize("how", ["button", "command"])
@pytest.mark.parametrize("commit", ["returns", "fails"])
async def test_my_hand_never_shows_a_move_before_its_commit(env: Env, monkeypatch: pytest.MonkeyPatch, how: str,
                                                            commit: str) -> None:
    """查看我的手牌 and /table hand while another player's move waits for its commit: the answer must not show
    that move until the commit returned, and never if the commit fails (the move is undone)."""
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    uid, mid = actor(env, [env.alice, env.bob])
    other = env.bob if uid == env.alice else env.alice
    before = shown(await env.world.wait(look(env, other, how)))
    assert before
    await env.bot.service.idle()

    db = env.bot.db
    original = db.append_actions
    writing, release = asyncio.Event(), asyncio.Event()

    async def held(hand_id: int, rows: Iterable[ActionRow], **kw: Any) -> Any:
        writing.set()
        await release.wait()  # the commit is on its way to the disk
        if commit == "fails":
            raise CommitError("commit failed: disk I/O error")
        return await original(hand_id, rows, **kw)
    monkeypatch.setattr(db, "append_actions", held)
    cid, values = playing.action_choices(env.world, mid)[0]
    move = env.world.feed_click(env.bot, uid, mid, cid, values)
    await asyncio.wait_for(writing.wait(), 30)  # a failure bound, not a measurement
    asked = await env.world.wait(look(env, other, how))  # answered at once (Discord's 3 s), ...
    assert asked.ephemeral
    assert shown(asked) in ("", before), "the uncommitted move was shown"  # ... but not with the move

    release.set()
    await env.world.wait(move)
    await env.bot.service.idle()
    final = shown(asked)
    if commit == "fails":
        assert move.ephemeral and "未生效" in move.text()
        assert final == before and all(shown_text in ("", before) for shown_text in map(payload_text,
                                                                                        asked.replies))
    else:
        assert not move.ephemeral
        now = shown(await env.world.wait(look(env, other, how)))
        assert final == now != before  # the move, now committed (and it did change what the player sees)


async def test_failed_settlement_is_retried_from_the_log(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=3 {short(MAIN, 2)}")
    db = env.bot.db
    original = db.settle_hand
    failed: list[int] = []

    async def flaky(hand_id: int, *args: Any, **kw: Any) -> Any:
        if not failed:
            failed.append(hand_id)
            raise CommitError("commit failed: disk I/O error")
        return await original(hand_id, *args, **kw)
    monkeypatch.setattr(db, "settle_hand", flaky)
    table_id = env.table().id
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(4))
    assert failed and env.table() is None
    # the hand whose settlement failed was settled once, from the log, and the match went on to its end
    hands = await db.fetch("SELECT id, result FROM hands WHERE table_id = ? ORDER BY hand_no", (table_id,))
    assert failed[0] in [h["id"] for h in hands] and all(h["result"] for h in hands)
    rows = await db.fetch("SELECT COUNT(*) FROM hand_seats WHERE hand_id = ?", (failed[0],))
    assert rows[0][0] == len(env.bot.service.tables[table_id].seats)


async def test_a_failing_ai_never_stalls_the_table(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    import engine.ai

    calls: list[int] = []

    def broken(game: Any, seat: int, level: str = "普通") -> Any:
        calls.append(seat)
        raise RuntimeError("AI bug")
    monkeypatch.setattr(engine.ai, "choose", broken)
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=5 {short(MAIN, 2)}")
    table_id = table.id
    p = await env.cmd(env.bob, "table leave")  # bob's seat goes on 托管; the rest are AI seats
    assert "托管" in p.text()
    with caplog.at_level("ERROR", logger="bot.service.ai"):
        await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(6))
    assert env.table() is None and env.bot.service.tables[table_id].status == "ended"
    assert calls and any("engine AI failed" in r.getMessage() for r in caplog.records)
    # replay the log: every computer move (AI seats and bob's 托管 seat alike) was the first legal action
    row = await env.bot.db.table(table_id)
    assert row is not None
    match = Match(row.variant_id, row.options, row.first_dealer)
    ai_moves = set()
    for hand in row.hands:
        game = match.new_hand(hand.seed)
        for a in hand.actions:
            if a.by_ai:
                assert a.code == game.legal_actions(a.seat)[0].code
                ai_moves.add(a.seat)
            game.apply(a.seat, a.code)
        match.finish_hand()
    assert table.seat_of(env.bob) in ai_moves
