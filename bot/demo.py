"""Offline demo: one table played through the same fake Discord edge as the tests, printed as it goes.

Every message the bot would send is shown with its audience (channel or one player's DM); the database is
the real SQLite file from DATABASE_URL, and the run ends with the leaderboard.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from engine.registration import Variant
from engine.registry import all_variants
from fake_discord import Call, FakeDiscord, contract_available, layout, playing, uninstall_webhook_edge

from .edge.client import HunanBot
from .options_text import SEED_LIMIT
from .service.clock import ManualClock
from .service.limits import UNLIMITED

DEMO_INSTANT = 60.0  # seconds a wait of the demo passes at once: every back-off, no lobby's idle time


def _text(body: dict[str, Any] | None) -> str:
    if not body:
        return ""
    parts = [body.get("content") or ""]
    for e in body.get("embeds") or []:
        parts += [f"【{e.get('title') or ''}】", e.get("description") or ""]
        parts += [f"{f.get('name')}：{f.get('value')}" for f in e.get("fields") or []]
    parts += layout.texts(body.get("components"))  # a Components V2 message's words
    labels = [c.get("label") or c.get("placeholder") or "" for c in layout.controls(body.get("components"))]
    if labels:
        parts.append("[" + "] [".join(labels) + "]")
    return "\n".join(p for p in parts if p)


class DemoArgError(ValueError):
    """A demo argument the chosen variant does not allow; the message names the allowed values."""


@dataclass(frozen=True)
class DemoSetup:
    variant: Variant
    hands: int | None  # None: the variant has no 局数 option (it ends by its own rule, e.g. 满胡)
    humans: int


DEFAULT_HANDS = 2


def demo_setup(variant_id: str | None = None, hands: int | None = None, humans: int = 1,
               seed: int = 0) -> DemoSetup:
    """Check the demo's arguments against the registry before anything starts (a bad one is one line)."""
    if abs(seed) >= SEED_LIMIT:
        raise DemoArgError("--seed 必须是绝对值小于 2^63 的整数。")
    variants = {v.id: v for v in all_variants()}
    variant_id = variant_id or next(iter(variants))  # the menus' first: the registry lists 跑胡子 first
    v = variants.get(variant_id)
    if v is None:
        raise DemoArgError(f"没有玩法「{variant_id}」；--variant 可选：" +
                           "、".join(f"{k}（{x.name}）" for k, x in variants.items()))
    if not 1 <= humans <= v.seats:
        raise DemoArgError(f"{v.name}有 {v.seats} 个座位；--humans 可选 1–{min(v.seats, 3)}。")
    opt = next((o for o in v.options if o.key == "hands"), None)
    if opt is None:
        if hands is not None:
            raise DemoArgError(f"{v.name}没有「局数」选项（按本玩法的规则结束），不能用 --hands。")
        return DemoSetup(v, None, humans)
    if hands is None:
        hands = DEFAULT_HANDS if DEFAULT_HANDS in opt.choices else opt.default
    if hands not in opt.choices:
        raise DemoArgError(f"{v.name}不能打 {hands} 局；--hands 可选：" + "、".join(map(str, opt.choices)))
    return DemoSetup(v, hands, humans)


def leaderboard_lines(rows: list[tuple[str, int, int, int]]) -> list[str]:
    """``1. 小明 -9 分 · 2 局 0 胜`` per (name, points, hands, wins), in the leaderboard's order."""
    return [f"{rank}. {name} {points:+d} 分 · {hands} 局 {wins} 胜"
            for rank, (name, points, hands, wins) in enumerate(rows, 1)]


async def run_demo(database_url: str, *, setup: DemoSetup | None = None, seed: int = 20240601,
                   quiet: bool = False) -> int:
    setup = setup or demo_setup()
    v, humans = setup.variant, setup.humans
    world = FakeDiscord()
    world.check_contract = contract_available()  # a plain install has neither the spec nor the test extra
    names = ["小明", "小红", "小刚"][:humans]
    users = [world.add_user(n) for n in names]
    guild = world.add_guild("湖南牌友会", users[0])
    for uid in users:
        world.add_member(guild, uid)
    channel = world.add_channel(guild, "跑胡子")
    who = {world.dm_of_user.get(u): n for u, n in zip(users, names, strict=True)}

    def show(call: Call) -> None:
        text = _text(call.body)
        # requests that carry no message (opening a DM channel, a bare component edit) are not shown
        if quiet or not text:
            return
        if call.channel_id == channel:
            audience = "频道（仅自己可见）" if call.ephemeral else "频道"
        else:
            who.update({world.dm_of_user.get(u): n for u, n in zip(users, names, strict=True)})
            audience = f"私信 → {who.get(call.channel_id, '?')}"
        verb = "回应点击" if call.kind == "interaction" else ("编辑" if call.method == "PATCH" else "发送")
        print(f"\n── {audience} · {verb} ──\n{text}")

    world.on_call = show
    # no back-off pauses between delivery retries (the demo's table plays without a turn timer); a wait as long
    # as a lobby's idle time (10 minutes and more) is never reached. No per-user limits: nobody floods a demo,
    # whose players click as fast as the machine runs
    bot = HunanBot(database_url, clock=ManualClock(instant=DEMO_INSTANT), limits=UNLIMITED)
    await world.attach(bot)
    try:
        return await _play(world, bot, v, setup, seed, users, names, guild, channel)
    finally:
        # an unclosed client keeps the database thread alive and the process would never exit
        await bot.close()
        uninstall_webhook_edge()


async def _play(world: FakeDiscord, bot: HunanBot, v: Variant, setup: DemoSetup, seed: int, users: list[int],
                names: list[str], guild: int, channel: int) -> int:
    started = time.perf_counter()
    opts = f"bot.seed={seed} bot.timer=0"
    if setup.hands is not None:
        opts += f" hands={setup.hands}"
    p = await playing.command(world, bot, users[0], channel, "table create", variant=v.id, options=opts)
    table = bot.service.table_in(channel)
    if table is None:
        print(f"演示没能开桌：{p.text()}", file=sys.stderr)
        return 1
    for uid in users[1:]:
        await playing.command(world, bot, uid, channel, "table join")
    while len(table.seats) < table.seat_count:
        await playing.command(world, bot, users[0], channel, "table ai")
    await playing.command(world, bot, users[0], channel, "table start")
    clicks = await playing.play_match(world, bot, channel, users, random.Random(seed))
    await playing.command(world, bot, users[0], channel, "leaderboard", variant=v.id)
    elapsed = time.perf_counter() - started
    rows = await bot.db.leaderboard(guild, v.id)
    name_of = dict(zip(users, names, strict=True))
    print(f"\n== 演示结束：{v.name}，{clicks} 次点击，{len(world.calls)} 次 Discord 请求，用时 {elapsed:.2f} 秒 ==")
    print("排行榜：" + ("" if rows else "暂无"))
    for line in leaderboard_lines([(name_of.get(r["user_id"], "—"), r["points"], r["hands"], r["wins"]) for r in rows]):
        print(line)
    if world.errors:
        print("fake Discord errors:", world.errors)
        return 1
    return 0


def main(database_url: str, *, setup: DemoSetup | None = None, seed: int = 20240601, quiet: bool = False) -> int:
    return asyncio.run(run_demo(database_url, setup=setup, seed=seed, quiet=quiet))
