"""Whole matches through the real discord.py objects, by clicking DM panels."""

from __future__ import annotations

import json
import random

import pytest

from engine.registry import get_variant
from fake_discord import payload_text, playing

from .conftest import VARIANTS, Env, short


def assert_no_secret(env: Env, hands_by_user: dict[int, list[str]] | None = None) -> None:
    for call in env.world.public_calls():
        text = json.dumps(call.body, ensure_ascii=False)
        assert "手牌**（" not in text, f"a private panel reached a channel: {text[:200]}"
        assert "SECRET" not in text, f"a concealed card reached a channel: {text[:300]}"


@pytest.mark.parametrize("variant", VARIANTS)
async def test_whole_match_by_clicking(env: Env, rng: random.Random, variant: str) -> None:
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=7 {short(variant, 2)}")
    tid = table.id
    clicks = await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    assert clicks > 0
    assert env.table() is None  # the match ended by itself
    msgs = env.world.channel_messages(env.channel)
    texts = [payload_text(m) for m in msgs]
    assert any("最终排名" in t for t in texts)
    # one table message per hand, edited rather than re-posted
    table_posts = [c for c in env.world.calls if c.method == "POST" and c.channel_id == env.channel
                   and c.kind == "rest" and playing.is_table_message(c.body)]
    hands = table.hand_no  # hands settled
    assert len(table_posts) == hands
    assert hands >= 1
    edits = [c for c in env.world.calls if c.method == "PATCH" and c.channel_id == env.channel]
    assert len(edits) >= hands
    # DMs went only to the seated humans, each to their own DM channel
    dm_channels = {env.world.dm_of_user[u]: u for u in env.world.dm_of_user}
    for call in env.world.calls:
        if call.channel_id in dm_channels:
            assert dm_channels[call.channel_id] in (env.alice, env.bob)
    assert set(env.world.dm_of_user) == {env.alice, env.bob}
    assert_no_secret(env)
    channel_text = json.dumps([c.body for c in env.world.public_calls()], ensure_ascii=False)
    assert "座位" not in channel_text  # players are named, not numbered
    assert "1号" in channel_text
    # settled into the database and visible on the leaderboard
    rows = await env.bot.db.leaderboard(env.guild, variant)
    assert {r["user_id"] for r in rows} == {env.alice, env.bob}
    assert sum(r["hands"] for r in rows) == 2 * hands
    p = await env.cmd(env.alice, "leaderboard", variant=variant)
    assert "排行榜" in p.text()
    p = await env.cmd(env.bob, "history")
    assert f"牌桌 {tid}" in p.text()


@pytest.mark.parametrize("variant", [v for v in VARIANTS if get_variant(v).final_settlement is not None])
async def test_race_match_leaderboard_counts_the_final_settlement(env: Env, rng: random.Random, variant: str) -> None:
    """放炮罚 / 剥皮 are races settled pairwise at the end: points on the board are the settled amounts (跑得快
    settles only 打鸟 at the match's end, so it plays with 打鸟 on)."""
    extra = " daniao=true" if variant == "paodekuai" else ""
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=11 {short(variant, 2)}{extra}")
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    assert table.match.over
    final = table.match.final_scores()
    assert final != list(table.match.totals)  # the settlement really moves points
    rows = {r["user_id"]: r["points"] for r in await env.bot.db.leaderboard(env.guild, variant)}
    for seat, s in enumerate(table.seats):
        if s.user_id in (env.alice, env.bob):
            assert rows[s.user_id] == final[seat]


async def test_a_table_in_a_thread_plays_like_one_in_a_channel(env: Env, rng: random.Random) -> None:
    """One table per channel, threads included: a thread's table is independent of its parent's."""
    thread = env.world.add_thread(env.guild, env.channel, "跑胡子一桌")
    await env.cmd(env.alice, "table create", variant="paohuzi", options="bot.seed=3 hands=1 bot.timer=0")
    p = await env.cmd(env.bob, "table create", channel=thread, variant="paohuzi", options="bot.seed=4 hands=1 bot.timer=0")
    assert not p.ephemeral
    await env.cmd(env.alice, "table join", channel=thread)
    await env.cmd(env.bob, "table ai", channel=thread)
    await env.cmd(env.bob, "table start", channel=thread)
    assert env.table(thread) is not env.table()
    clicks = await playing.play_match(env.world, env.bot, thread, [env.bob, env.alice], rng)
    assert clicks > 0 and env.table(thread) is None
    assert env.table() is not None and env.table().status == "lobby"  # the parent channel's table is untouched
    assert any("最终排名" in payload_text(m) for m in env.world.channel_messages(thread))
