"""Fixtures: a fake Discord world (guild, channel, users) and a real HunanBot attached to it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot import harness
from bot.client import HunanBot
from bot.harness import FakeDiscord, PendingInteraction
from engine.registry import all_variants, get_variant

from .toy import ensure_registered

ensure_registered()
# Every registered variant is played by clicking; the toy one stays in the set as the smallest case.
VARIANTS = [v.id for v in all_variants()]


# Back-off of retried writes shrinks to milliseconds; turn timers run in real seconds, so they never fire in a
# test that does not ask for it (a test of timers shrinks ``service.timer_scale`` itself).
RETRY_SCALE = 0.001


async def attach(world: FakeDiscord, db_url: str) -> HunanBot:
    bot = HunanBot(db_url, timer_scale=1.0)
    await world.attach(bot)
    bot.service.retry_scale = RETRY_SCALE
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

    def __getattr__(self, name: str) -> int:
        users = self.__dict__.get("users", {})
        if name in users:
            return users[name]
        raise AttributeError(name)

    async def cmd(self, user: int, name: str, channel: int | None = None, **options: Any) -> PendingInteraction:
        return await harness.command(self.world, self.bot, user, channel or self.channel, name, **options)

    async def click(self, user: int, message_id: int, custom_id: str,
                    values: list[str] | None = None) -> PendingInteraction:
        return await harness.click(self.world, self.bot, user, message_id, custom_id, values)

    async def restart(self) -> None:
        """Drop the client and its database connection; a new bot on the same database takes over."""
        await self.bot.close()
        self.bot = await attach(self.world, self.db_url)

    def table(self, channel: int | None = None) -> Any:
        return self.bot.service.table_in(channel or self.channel)

    async def open_table(self, variant: str, humans: list[int], options: str | None = None, *,
                         start: bool = True) -> Any:
        host = humans[0]
        if "timer" not in (options or ""):
            # the 60 s default turn timer is 60 ms at timer_scale 0.001: on a busy machine it would put
            # seats on 托管 between a test's clicks; the timer's own tests ask for one
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
    bot = await attach(world, db_url)
    e = Env(world, bot, db_url, guild, channel, users)
    yield e
    await e.bot.close()
    harness.uninstall_webhook_edge()
    assert not world.errors, world.errors


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)
