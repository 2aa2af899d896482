"""The Discord edge: every interaction taken in the same way (the user's language, their locale remembered,
counted in flight) and every failure, a command's or a control's, answered by the tree's one ``on_error``.

discord.py only logs what a ``DynamicItem``'s callback raises; these check that a control's failure still reaches
the clicker, privately and in their language."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.i18n import tr_in
from fake_discord import playing

from .conftest import Env
from .test_turns_and_delivery import TOY, humans_deciding

APOLOGY = "出错了，操作未生效。"


def failed_handler(records: list[logging.LogRecord]) -> list[BaseException]:
    return [r.exc_info[1] for r in records if r.getMessage() == "handler failed" and r.exc_info and r.exc_info[1]]


async def test_a_control_that_fails_is_answered_with_a_private_apology(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    uid = humans_deciding(env)[0]
    env.world.locales[uid] = "en-US"
    mid = env.world.latest_dm(uid)
    cid, values = playing.action_choices(env.world, mid)[0]
    assert mid is not None

    async def broken(*args: Any) -> None:
        raise RuntimeError("a bug in play")
    monkeypatch.setattr(env.bot.service.play, "act", broken)
    version = table.version
    with caplog.at_level(logging.ERROR, logger="bot.edge.errors"):
        p = await env.click(uid, mid, cid, values)
    assert p.ephemeral and p.text() == f"⚠️ {tr_in('en', APOLOGY)}", p.text()
    assert [type(e) for e in failed_handler(caplog.records)] == [RuntimeError]
    assert table.version == version


async def test_a_command_that_fails_is_answered_with_a_private_apology(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    await env.open_table("toy", [env.alice], TOY, start=False)
    env.world.locales[env.bob] = "zh-TW"

    async def broken(*args: Any) -> None:
        raise KeyError("a bug in the lobby")
    monkeypatch.setattr(env.bot.service.lobby, "command", broken)
    with caplog.at_level(logging.ERROR, logger="bot.edge.errors"):
        p = await env.cmd(env.bob, "table join")
    assert p.ephemeral and p.text() == f"⚠️ {tr_in('zh-TW', APOLOGY)}", p.text()
    assert [type(e) for e in failed_handler(caplog.records)] == [KeyError]
    assert env.table().seat_of(env.bob) is None


async def test_a_refused_command_speaks_the_users_language(env: Env) -> None:
    """A refusal raised in the service reaches the tree's on_error in the language the tree's check set."""
    env.world.locales[env.bob] = "en-US"
    p = await env.cmd(env.bob, "table join")
    assert p.ephemeral and p.text() == "⚠️ " + tr_in("en", "本频道没有进行中的牌桌。用 /table create 开一桌。")


async def test_idle_waits_for_a_click_in_flight(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake edge's ``idle`` counts interactions from their check until their task ends."""
    await env.open_table("toy", [env.alice, env.bob], TOY)
    uid = humans_deciding(env)[0]
    mid = env.world.latest_dm(uid)
    assert mid is not None
    cid, values = playing.action_choices(env.world, mid)[0]
    gate = asyncio.Event()
    act = env.bot.service.play.act

    async def held(*args: Any) -> None:
        await gate.wait()
        await act(*args)
    monkeypatch.setattr(env.bot.service.play, "act", held)
    pend = env.world.feed_click(env.bot, uid, mid, cid, values)
    idle = asyncio.ensure_future(env.bot.service.idle())
    for _ in range(50):
        await asyncio.sleep(0)
    assert not idle.done() and env.bot.service.inflight == 1
    gate.set()
    await idle
    assert pend.responded.done() and env.bot.service.inflight == 0


async def test_any_interaction_remembers_the_users_locale(env: Env) -> None:
    """Not only a table's own commands and controls: /rules from a seated player stores their new locale too."""
    table = await env.open_table("toy", [env.alice, env.bob], TOY)
    env.world.locales[env.alice] = "zh-TW"
    p = await env.cmd(env.alice, "rules", variant="toy")
    assert p.ephemeral
    row = await env.bot.db.table(table.id)
    assert row is not None and row.seats[0].locale == table.seats[0].locale == "zh-TW"
