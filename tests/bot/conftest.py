"""Fixtures: a fake Discord world (guild, channel, users) and a real HunanBot attached to it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.edge.client import HunanBot
from bot.service.clock import ManualClock
from bot.service.delivery import Sent
from bot.service.limits import UNLIMITED, Limits
from engine.registry import all_variants, get_variant
from fake_discord import FakeDiscord, PendingInteraction, playing, uninstall_webhook_edge
from tests.example_family import ensure_registered

ensure_registered()
# Every registered variant is played by clicking; the toy one stays in the set as the smallest case.
VARIANTS = [v.id for v in all_variants()]


# The bot waits on a clock the test moves (bot/service/clock.py): back-off pauses (a retried write, carrying on after a
# failed one: at most a few seconds) pass at once, and turn timers (30 s and more) fire only when a test
# advances the clock past them (``Env.advance``), however slowly a loaded machine runs the test.
BACKOFF = 10.0


def manual_clock() -> ManualClock:
    return ManualClock(instant=BACKOFF)


async def attach(world: FakeDiscord, db_url: str, clock: ManualClock | None = None,
                 limits: Limits = UNLIMITED) -> HunanBot:
    """A bot on the fake Discord. Its per-user limits are off unless a test asks for them (``limits``): most tests
    click and type far faster than anyone plays, their clock standing still; tests/bot/test_limits.py has the
    limits at their defaults, and plays whole games under them."""
    bot = HunanBot(db_url, clock=clock or manual_clock(), limits=limits)
    await world.attach(bot)
    return bot


def short(variant: str, hands: int = 1) -> str:
    """Room options for a short match: ``hands`` hands where the variant counts hands, the lowest target in a
    race variant; nothing for variants that decide the match length themselves."""
    v = get_variant(variant)
    parts = []
    for o in v.options:
        if o.key == "hands":
            allowed = [c for c in o.choices if c >= hands] or [max(o.choices)]
            parts.append(f"hands={min(allowed)}")
        elif o.key in ("target", "rounds"):
            parts.append(f"{o.key}={min(o.choices)}")
    return " ".join(parts)


@dataclass
class Env:
    world: FakeDiscord
    bot: HunanBot
    db_url: str
    guild: int
    channel: int
    users: dict[str, int] = field(default_factory=dict)
    clock: ManualClock = field(default_factory=manual_clock)  # one clock across restarts: time goes on
    limits: Limits = UNLIMITED

    def __getattr__(self, name: str) -> int:
        users = self.__dict__.get("users", {})
        if name in users:
            return users[name]
        raise AttributeError(name)

    async def cmd(self, user: int, name: str, channel: int | None = None, **options: Any) -> PendingInteraction:
        return await playing.command(self.world, self.bot, user, channel or self.channel, name, **options)

    async def click(self, user: int, message_id: int, custom_id: str,
                    values: list[str] | None = None) -> PendingInteraction:
        return await playing.click(self.world, self.bot, user, message_id, custom_id, values)

    async def restart(self) -> None:
        """Drop the client and its database connection; a new bot on the same database takes over."""
        await self.bot.close()
        self.bot = await attach(self.world, self.db_url, self.clock, self.limits)

    async def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass on the bot's clock: timers due by then fire, each at its moment, and whatever
        they set off (AI moves, deliveries) is done before the next one fires and before this returns."""
        await self.clock.advance(seconds, settle=self.bot.service.idle)
        await self.bot.service.idle()

    def table(self, channel: int | None = None) -> Any:
        return self.bot.service.table_in(channel or self.channel)

    def sent(self, table: Any) -> Sent:
        """What delivery sent for ``table``: its hands' table messages and its seats' DM panels."""
        return self.bot.service.delivery.sent(table)

    async def open_table(self, variant: str, humans: list[int], options: str | None = None, *,
                         start: bool = True) -> Any:
        host = humans[0]
        if "timer" not in (options or ""):
            # no countdown on the panels unless a test asks for a timer (the timer's own tests do)
            options = f"bot.timer=0 {options or ''}".strip()
        p = await self.cmd(host, "table create", variant=variant, options=options)
        assert not p.ephemeral, p.text()
        for uid in humans[1:]:
            await self.cmd(uid, "table join")
        table = self.table()
        while len(table.seats) < table.seat_count:
            await self.cmd(host, "table ai")
        if start:
            p = await self.cmd(host, "table start")
            assert "开始" in p.text(), p.text()
        return self.table()


@pytest.fixture
async def env(db_url: str) -> AsyncIterator[Env]:
    world = FakeDiscord()
    names = ["alice", "bob", "carol", "mod", "closed", "outsider"]
    users = {n: world.add_user(n, dm_closed=(n == "closed")) for n in names}
    guild = world.add_guild("湖南牌友", users["alice"])
    for n, uid in users.items():
        world.add_member(guild, uid, manage_guild=(n == "mod"))
    channel = world.add_channel(guild, "牌桌")
    clock = manual_clock()
    bot = await attach(world, db_url, clock)
    e = Env(world, bot, db_url, guild, channel, users, clock)
    yield e
    await e.bot.close()
    uninstall_webhook_edge()
    assert not world.errors, world.errors


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)


@pytest.fixture
async def readers(tmp_path: Any) -> AsyncIterator[Env]:
    """alice reads English, bob traditional Chinese, carol simplified (tests/bot/test_languages.py's world)."""
    from .test_languages import world_env  # a test module's world: imported when a test asks for it

    e = await world_env(tmp_path, "zh-CN")
    yield e
    await e.bot.close()
    uninstall_webhook_edge()
    assert not e.world.errors, e.world.errors
