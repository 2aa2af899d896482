"""电脑难度 (``bot.ai_level``): chosen in the lobby, stored, said at each AI seat, played by the AI seats (托管 at 普通)
and kept across a restart; a table replayed from its log is the same table."""

from __future__ import annotations

import random

import pytest

from engine import ai
from engine.match import Match
from engine.registration import EASY, NORMAL
from engine.zipai import variant as zipai_family
from fake_discord import playing

from .conftest import Env, short
from .test_restart_and_permissions import results

pytestmark = pytest.mark.both_backends

MAIN = "paodekuai"  # fast, and its 简单 differs from its 普通 on almost every lead


def lobby_text(env: Env, table: object) -> str:
    return env.world.message_text(table.lobby_message_id)  # type: ignore[attr-defined]


async def test_the_level_is_chosen_in_the_lobby_stored_said_and_kept_across_a_restart(env: Env) -> None:
    table = await env.open_table(MAIN, [env.alice], short(MAIN), start=False)
    assert table.bot_options["ai_level"] == NORMAL  # the default
    assert "电脑1（普通）" in lobby_text(env, table)
    assert "托管一律按普通出牌" in lobby_text(env, table)
    options = [c for c in env.world.components_of(table.lobby_message_id)
               if c.get("custom_id") == f"ht:opt:{table.id}:bot.ai_level"]
    pages = 0
    while not options:  # the option sits on a later page of the lobby's selects
        pages += 1
        assert pages < 10, "no 电脑难度 select on any page"
        await env.click(env.alice, table.lobby_message_id, f"ht:lobby:{table.id}:page{pages}")
        options = [c for c in env.world.components_of(table.lobby_message_id)
                   if c.get("custom_id") == f"ht:opt:{table.id}:bot.ai_level"]
    index = [o["value"] for o in options[0]["options"] if "简单" in o["label"]]
    assert len(index) == 1
    p = await env.click(env.bob, table.lobby_message_id, f"ht:opt:{table.id}:bot.ai_level", index)
    assert p.ephemeral and table.bot_options["ai_level"] == NORMAL  # only the host sets options
    p = await env.click(env.alice, table.lobby_message_id, f"ht:opt:{table.id}:bot.ai_level", index)
    assert not p.ephemeral and table.bot_options["ai_level"] == EASY
    row = await env.bot.db.table(table.id)
    assert row is not None and row.bot_options["ai_level"] == EASY  # stored
    assert "电脑1（简单）" in lobby_text(env, table) and "电脑2（简单）" in lobby_text(env, table)
    await env.restart()
    table = env.table()
    assert table.bot_options["ai_level"] == EASY  # kept across the restart
    p = await env.cmd(env.alice, "table start")
    assert "开始" in p.text()


async def test_a_level_this_game_has_no_ai_for_says_what_it_plays(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(zipai_family.FAMILY.levels, "困难")  # a family without its 困难
    table = await env.open_table("paohuzi", [env.alice], f"bot.ai_level=困难 {short('paohuzi')}", start=False)
    assert table.bot_options["ai_level"] == "困难"
    assert "电脑1（困难，暂按普通）" in lobby_text(env, table)


async def test_every_game_has_its_hard_level(env: Env) -> None:
    table = await env.open_table("paohuzi", [env.alice], f"bot.ai_level=困难 {short('paohuzi')}", start=False)
    assert "电脑1（困难）" in lobby_text(env, table)


async def test_ai_seats_play_the_room_level_and_auto_seats_play_normal(env: Env) -> None:
    """The stored log replayed: every move of an AI seat is what 简单 chooses there, every 托管 move what 普通
    chooses, and the level mattered (some AI move is not what 普通 would have played)."""
    table = await env.open_table(MAIN, [env.alice, env.bob], f"bot.seed=21 bot.ai_level=简单 {short(MAIN, 2)}")
    table_id = table.id
    bob = table.seat_of(env.bob)
    await env.cmd(env.bob, "table leave")  # bob's seat goes on 托管
    await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(3))
    row = await env.bot.db.table(table_id)
    assert row is not None and row.status == "ended"
    match = Match(row.variant_id, row.options, row.first_dealer)
    ai_seats = {i for i, s in enumerate(row.seats) if s.user_id is None}
    checked = {EASY: 0, NORMAL: 0}
    differs = False
    for hand in row.hands:
        game = match.new_hand(hand.seed)
        for a in hand.actions:
            if a.by_ai and (a.seat in ai_seats or a.seat == bob):
                level = EASY if a.seat in ai_seats else NORMAL
                forced = [x for x in game.legal_actions(a.seat)]
                if len(forced) > 1:  # a lone legal action (要不起) says nothing about the level
                    assert a.code == ai.choose(game, a.seat, level).code, (a, level)
                    checked[level] += 1
                    differs |= level == EASY and a.code != ai.choose(game, a.seat, NORMAL).code
            game.apply(a.seat, a.code)
        match.finish_hand()
    assert checked[EASY] and checked[NORMAL] and differs, checked


async def test_a_table_with_a_level_restarted_mid_match_plays_out_identically(env: Env) -> None:
    """Two tables on one seed at 简单, one of them restarted mid-hand: the same hands, actions and results."""
    opts = f"bot.seed=17 bot.ai_level=简单 {short(MAIN, 2)}"
    first = await env.open_table(MAIN, [env.alice], opts)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(8))
    expected = await results(env, first.id)

    other = env.world.add_channel(env.guild, "重启")
    p = await env.cmd(env.alice, "table create", channel=other, variant=MAIN, options=opts)
    assert not p.ephemeral
    while len(env.table(other).seats) < env.table(other).seat_count:
        await env.cmd(env.alice, "table ai", channel=other)
    await env.cmd(env.alice, "table start", channel=other)
    second = env.table(other)
    rng = random.Random(8)
    await playing.play_match(env.world, env.bot, other, [env.alice], rng, stop_after=3)
    assert env.table(other) is not None and not env.table(other).game.finished
    await env.restart()
    assert env.table(other).bot_options["ai_level"] == EASY
    await playing.play_match(env.world, env.bot, other, [env.alice], rng)
    assert await results(env, second.id) == expected


async def test_hard_ai_seats_decide_off_the_event_loop(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """困难 searches (tens of ms a decision): its decisions run on a worker thread, never on the event loop, and
    the stored log replays to exactly its choices."""
    import asyncio

    from bot.service import ai as bot_ai

    real = asyncio.to_thread
    off_loop: list[str] = []

    async def spy(func, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        if func is bot_ai.choose:
            off_loop.append(args[2])
        return await real(func, *args, **kwargs)

    monkeypatch.setattr(bot_ai.asyncio, "to_thread", spy)
    table = await env.open_table(MAIN, [env.alice], f"bot.seed=4 bot.ai_level=困难 {short(MAIN)}", start=False)
    assert "电脑1（困难）" in lobby_text(env, table)  # 跑得快 has its 困难: no 暂按普通
    await env.cmd(env.alice, "table start")
    table_id = table.id
    await playing.play_match(env.world, env.bot, env.channel, [env.alice], random.Random(2))
    assert off_loop and set(off_loop) == {"困难"}
    row = await env.bot.db.table(table_id)
    assert row is not None and row.status == "ended"
    match = Match(row.variant_id, row.options, row.first_dealer)
    ai_seats = {i for i, s in enumerate(row.seats) if s.user_id is None}
    checked = 0
    for hand in row.hands:
        game = match.new_hand(hand.seed)
        for a in hand.actions:
            if a.by_ai and a.seat in ai_seats and len(game.legal_actions(a.seat)) > 1:
                assert a.code == ai.choose(game, a.seat, "困难").code
                checked += 1
            game.apply(a.seat, a.code)
        match.finish_hand()
    assert checked
