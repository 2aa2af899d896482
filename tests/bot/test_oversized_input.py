"""Input too long or numbers too large for what reads them: a refused room option repeats only the start of what was
typed, so the answer fits Discord's 2,000 characters; a hand id, a replay button's id, a lobby page or a panel's
page past what the store or the parser takes gets its own private answer instead of "出错了" (or no answer at all),
and nothing changes."""

from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from bot.edge.errors import ECHO_CHARS
from bot.edge.forward import table_of
from bot.edge.shards import ShardConfigError, from_env
from fake_discord import PendingInteraction, playing
from fake_discord.layout import controls
from storage.db import ID_LIMIT
from tests.shards.test_shards import Sharded, shard1  # noqa: F401  (the fixture: a process holding shard 1 of 2)

from .conftest import Env

HUGE = 2**64 + 5  # past SQLite's and PostgreSQL's 64-bit integers
LONG = "九" * 1990  # a value as long as a slash option may carry, short of the 2,000 a reply may hold


def answered(p: PendingInteraction, *words: str) -> str:
    """A private answer within Discord's limit that says what went wrong, never the generic apology."""
    text = p.text()
    assert p.ephemeral and len(text) <= 2000, text[:200]
    assert "出错了" not in text and all(w in text for w in words), text[:300]
    return text


def forged(env: Env, message_id: int, custom_id: str) -> dict[str, Any]:
    """The message as a client would send it back with ``custom_id`` on its first button: what a tampered
    client (or an id minted before a change) brings."""
    msg = copy.deepcopy(env.world.messages[message_id])
    for comp in controls(msg.get("components")):
        if comp["type"] == 2:
            comp["custom_id"] = custom_id
            return msg
    raise AssertionError("no button to carry the id")


async def press(env: Env, user: int, message_id: int, custom_id: str) -> PendingInteraction:
    return await playing.click(env.world, env.bot, user, message_id, custom_id,
                               message=forged(env, message_id, custom_id))


@pytest.mark.parametrize("options", [
    f"hands={LONG}", f"局数={LONG}", f"{LONG}=1", LONG, f"bot.seed={LONG}", f"bot.timer={LONG}", f"bot.{LONG}=1",
    '{"hands": "' + "x" * 499 + '"}', '{"' + "x" * 499 + '": 1}',
])
async def test_a_refused_option_repeats_only_the_start_of_what_was_typed(env: Env, options: str) -> None:
    p = await env.cmd(env.alice, "table create", variant="paohuzi", options=options)
    typed = "x" if "xxx" in options else "九"
    # the start of it (its first 50 characters, a "bot." among them) and "…"; never more
    text = answered(p, "房间选项有误", typed * (ECHO_CHARS - len("bot.")))
    assert typed * (ECHO_CHARS + 1) not in text and "…" in text
    assert env.table() is None and await env.bot.db.live_table_ids() == []


@pytest.mark.parametrize("command", ["table create", "rules", "leaderboard"])
async def test_a_variant_nobody_offered_is_refused_in_words(env: Env, command: str) -> None:
    """Discord offers the registered variants only; a client that sends another gets the reader's words."""
    p = await env.cmd(env.alice, command, variant=LONG)
    text = answered(p, "没有玩法「" + "九" * ECHO_CHARS + "…」")
    assert "unknown variant" not in text
    assert env.table() is None


async def test_hand_ids_past_any_row_are_not_found(env: Env) -> None:
    for hand in (HUGE, ID_LIMIT, -HUGE, 0):
        p = await env.cmd(env.alice, "history", hand=hand)
        answered(p, "找不到牌局 #")
    # a replay button carrying such an id, on a real replay message
    await env.open_table("toy", [env.alice, env.bob], "bot.seed=1 hands=1")
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], __import__("random").Random(1))
    hand_id = (await env.bot.db.history(env.channel))[0]["id"]
    p = await env.cmd(env.carol, "history", hand=hand_id)
    replay = p.message_id
    assert replay is not None and "回放" in p.text()
    before = copy.deepcopy(env.world.messages[replay])
    p = await press(env, env.carol, replay, f"ht:rp:{HUGE}:0:n")
    answered(p, f"找不到牌局 #{str(HUGE)[:ECHO_CHARS]}")
    assert env.world.messages[replay] == before
    # a step past the last: no replay message carries it (a stale or forged id), refused and nothing changed
    p = await press(env, env.carol, replay, f"ht:rp:{hand_id}:{HUGE}:n")
    answered(p, f"回放 #{hand_id} 没有第 {str(HUGE)[:ECHO_CHARS]}")
    assert env.world.messages[replay] == before


async def test_a_lobby_page_past_the_last_is_refused(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant="paohuzi", options="bot.timer=0")
    lobby = p.message_id
    assert lobby is not None
    table = env.table()
    before = copy.deepcopy(env.world.messages[lobby])
    for page in (HUGE, 99):
        p = await press(env, env.alice, lobby, f"ht:lobby:{table.id}:page{page}")
        answered(p, "大厅没有第", "页选项")
        assert env.world.messages[lobby] == before  # the lobby everyone sees stays on its page
    # a table id past any row: the table does not exist
    p = await press(env, env.alice, lobby, f"ht:lobby:{HUGE}:join")
    answered(p, "结束")
    assert [s.user_id for s in table.seats] == [env.alice]


async def test_numbers_in_a_panels_ids_that_int_refuses(env: Env) -> None:
    """``str.isdigit`` takes ² and ①, which ``int`` refuses: such a page or action index was a ValueError."""
    await env.open_table("toy", [env.alice, env.bob], "bot.seed=3")
    table = env.table()
    game = table.game
    seat = game.to_act()[0]
    user = table.seats[seat].user_id
    mid = env.world.latest_dm(user)
    assert mid is not None
    version, actions = table.version, await env.bot.db.count_actions()
    prefix = f"ht:b:{table.id}:{table.version}:{seat}:"
    p = await press(env, user, mid, prefix + "#²")
    answered(p, "「#²」现在不是合法的操作")
    p = await press(env, user, mid, prefix + "?page:²")  # a question changes nothing: the panel again
    assert "⚠️" not in p.text() and not p.ephemeral
    for custom_id in (prefix + f"#{HUGE}", f"ht:b:{HUGE}:{table.version}:{seat}:x", f"ht:hand:{HUGE}",
                      f"ht:auto:{table.id}:{HUGE}", f"ht:b:{table.id}:{table.version}:{HUGE}:x"):
        answered(await press(env, user, mid, custom_id))
    assert (table.version, await env.bot.db.count_actions()) == (version, actions)


async def test_a_forwarding_process_asks_the_store_for_no_table_past_any_row(
        shard1: Sharded, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    """The receiving end of forwarding reads the table's guild from the store: an id past any row is refused here
    without a query that would raise."""
    assert table_of({"type": 3, "data": {"custom_id": f"ht:b:{HUGE}:0:0:x"}}) is None
    assert table_of({"type": 3, "data": {"custom_id": f"ht:b:{ID_LIMIT - 1}:0:0:x"}}) == ID_LIMIT - 1
    w, bot, (alice, _bob) = shard1.world, shard1.bot, shard1.users
    channel = shard1.channels[1]
    p = await playing.command(w, bot, alice, channel, "table create", variant="toy", options="bot.timer=0")
    lobby = p.message_id
    assert lobby is not None
    msg = copy.deepcopy(w.messages[lobby])
    next(c for c in controls(msg["components"]) if c["custom_id"].endswith(":join"))["custom_id"] = \
        f"ht:lobby:{HUGE}:join"
    with caplog.at_level(logging.ERROR):
        p = await playing.click(w, bot, alice, lobby, f"ht:lobby:{HUGE}:join", message=msg)
    assert p.ephemeral and "结束" in p.text()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_shard_settings_that_int_refuses_or_that_would_fill_the_memory() -> None:
    with pytest.raises(ShardConfigError, match="正整数"):
        from_env({"SHARD_COUNT": "²"})
    with pytest.raises(ShardConfigError, match="小于"):
        from_env({"SHARD_COUNT": "2", "SHARD_IDS": f"0-{HUGE}"})
