"""Offline demo: one table played through the same network-edge harness as the tests, printed as it goes.

Every message the bot would send is shown with its audience (channel or one player's DM); the database is
the real SQLite file from DATABASE_URL, and the run ends with the leaderboard.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from engine.registry import all_variants

from . import harness
from .client import HunanBot
from .harness import Call, FakeDiscord


def _text(body: dict[str, Any] | None) -> str:
    if not body:
        return ""
    parts = [body.get("content") or ""]
    for e in body.get("embeds") or []:
        parts += [f"【{e.get('title') or ''}】", e.get("description") or ""]
        parts += [f"{f.get('name')}：{f.get('value')}" for f in e.get("fields") or []]
    controls = [c.get("label") or c.get("placeholder") or "" for row in body.get("components") or []
                for c in row.get("components", [])]
    if controls:
        parts.append("[" + "] [".join(controls) + "]")
    return "\n".join(p for p in parts if p)


async def run_demo(database_url: str, *, variant: str | None = None, seed: int = 20240601, hands: int = 2,
                   humans: int = 1, quiet: bool = False) -> int:
    variants = {v.id: v for v in all_variants()}
    variant = variant or ("paohuzi" if "paohuzi" in variants else next(iter(variants)))
    v = variants[variant]
    world = FakeDiscord()
    world.check_contract = harness.contract_available()  # a plain install has neither the spec nor the test extra
    names = ["小明", "小红", "小刚"][:humans]
    users = [world.add_user(n) for n in names]
    guild = world.add_guild("湖南牌友会", users[0])
    for uid in users:
        world.add_member(guild, uid)
    channel = world.add_channel(guild, "跑胡子")
    who = {world.dm_of_user.get(u): n for u, n in zip(users, names, strict=True)}

    def show(call: Call) -> None:
        if quiet or call.body is None:
            return
        if call.channel_id == channel:
            audience = "频道（仅自己可见）" if call.ephemeral else "频道"
        else:
            who.update({world.dm_of_user.get(u): n for u, n in zip(users, names, strict=True)})
            audience = f"私信 → {who.get(call.channel_id, '?')}"
        verb = "回应点击" if call.kind == "interaction" else ("编辑" if call.method == "PATCH" else "发送")
        print(f"\n── {audience} · {verb} ──\n{_text(call.body)}")

    world.on_call = show
    # turn timers in real seconds (the demo clicks long before one runs out); no back-off pauses
    bot = HunanBot(database_url)
    await world.attach(bot)
    bot.service.retry_scale = 0.0
    started = time.perf_counter()
    opts = f"bot.seed={seed}"
    if any(o.key == "hands" for o in v.options):
        opts += f" hands={hands}"
    await harness.command(world, bot, users[0], channel, "table create", variant=variant, options=opts)
    for uid in users[1:]:
        await harness.command(world, bot, uid, channel, "table join")
    table = bot.service.table_in(channel)
    assert table is not None, "the demo table was not created"
    while len(table.seats) < table.seat_count:
        await harness.command(world, bot, users[0], channel, "table ai")
    await harness.command(world, bot, users[0], channel, "table start")
    clicks = await harness.play_match(world, bot, channel, users, random.Random(seed))
    board = await harness.command(world, bot, users[0], channel, "leaderboard", variant=variant)
    elapsed = time.perf_counter() - started
    rows = await bot.db.leaderboard(guild, variant)
    await bot.close()
    harness.uninstall_webhook_edge()
    print(f"\n== 演示结束：{v.name}，{clicks} 次点击，{len(world.calls)} 次 Discord 请求，用时 {elapsed:.2f} 秒 ==")
    print("排行榜：" + json.dumps([{"user": next(n for u, n in zip(users, names, strict=True) if u == r["user_id"]),
                                   "points": r["points"], "hands": r["hands"], "wins": r["wins"]} for r in rows],
                                 ensure_ascii=False))
    if world.errors:
        print("harness errors:", world.errors)
        return 1
    _ = board
    return 0


def main(database_url: str, **kw: Any) -> int:
    return asyncio.run(run_demo(database_url, **kw))
