"""A live table keeps what its next decision needs and nothing that grows with every hand played: no hand's
routed events, no past hand's result, the messages of the last two hands only (the store keeps everything)."""

from __future__ import annotations

import random

import pytest

from fake_discord import playing

from .conftest import Env, short


@pytest.mark.parametrize("variant", ["paohuzi", "hongzhong"])
async def test_a_live_table_does_not_grow_with_the_hands_it_plays(env: Env, variant: str) -> None:
    players = [env.alice, env.bob]
    table = await env.open_table(variant, players, f"bot.seed=5 bot.timer=0 {short(variant, 8)}")
    rng = random.Random(2)
    while env.table() is not None and table.hand_no < 4:
        await playing.play_match(env.world, env.bot, env.channel, players, rng, stop_after=10)
    table = env.table()
    assert table is not None and table.hand_no >= 4 and table.game is not None
    assert table.game.events == []  # routed to the channel and the DMs, then dropped
    assert table.match.last_result is None  # the hand in play needs no settled result
    sent = env.sent(table)
    assert set(sent.hand_messages) <= {table.hand_no - 1, table.hand_no}
    assert {hand for hand, _seat in sent.dm_messages} <= {table.hand_no - 1, table.hand_no}
    # what was let go of is still in the store: every hand's table message and result
    rows = await env.bot.db.history(env.channel, limit=100)
    assert len([r for r in rows if r["table_id"] == table.id]) == table.hand_no
