"""Bot benchmark: N live tables through the network-edge harness, on one core (one event loop).

Phase 1 (latency): players think ``--think`` seconds on average (exponential), so N tables produce about
N/think clicks per second; we measure interaction → first response (the callback reaching the fake Discord).
Phase 2 (throughput): every table's player clicks as soon as it may; we count actions made durable in
SQLite per second (human clicks plus the AI moves they trigger, each committed before anyone is told), and
how many writes (tables' action appends, settlements, message ids) each group commit held.

    python benchmarks/bot_bench.py --tables 500 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import harness  # noqa: E402
from bot.client import HunanBot  # noqa: E402
from bot.harness import FakeDiscord  # noqa: E402


async def open_tables(world: FakeDiscord, bot: HunanBot, guild: int, n: int, variant: str) -> list[tuple[int, int]]:
    out = []
    for i in range(n):
        uid = world.add_user(f"p{i}")
        world.add_member(guild, uid)
        world.guilds[guild]["member_count"] = len(world.guilds[guild]["members"])
        ch = world.add_channel(guild, f"t{i}")
        out.append((uid, ch))
    # channels and members created after READY reach the client as gateway events would
    state = bot._connection
    g = bot.get_guild(guild)
    assert g is not None
    for _uid, ch in out:
        state.parse_channel_create(world.channels[ch])  # type: ignore[arg-type]
    for uid, ch in out:
        await harness.command(world, bot, uid, ch, "table create", variant=variant, options=f"bot.seed={ch % 9973} hands=32")
        table = bot.service.table_in(ch)
        while len(table.seats) < table.seat_count:
            await harness.command(world, bot, uid, ch, "table ai")
        await harness.command(world, bot, uid, ch, "table start")
    return out


def pick(world: FakeDiscord, uid: int, rng: random.Random) -> tuple[int, str, list[str] | None] | None:
    mid = world.latest_dm(uid)
    choices = harness.action_choices(world, mid)
    if not choices or mid is None:
        return None
    cid, values = rng.choice(choices)
    return mid, cid, values


async def player(world: FakeDiscord, bot: HunanBot, uid: int, ch: int, rng: random.Random, until: float,
                 think: float, lat: list[float]) -> int:
    clicks = 0
    while time.perf_counter() < until:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        else:
            await asyncio.sleep(0)
        if bot.service.table_in(ch) is None:
            return clicks
        choice = pick(world, uid, rng)
        if choice is None:
            continue
        mid, cid, values = choice
        pend = world.feed_click(bot, uid, mid, cid, values)
        t_resp = await asyncio.wait_for(asyncio.shield(pend.responded), 10)
        lat.append(t_resp - pend.fed_at)
        world.pending.pop(pend.token, None)
        clicks += 1
        await bot.service.outboxes[bot.service.table_in(ch).id].idle() if bot.service.table_in(ch) else None
    return clicks


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds between a player's clicks (phase 1)")
    ap.add_argument("--variant", default="paohuzi")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    world = FakeDiscord()
    world.record_calls = False  # the fake edge's test bookkeeping is not the bot's cost
    world.check_limits = False
    host = world.add_user("host")
    guild = world.add_guild("bench", host)
    world.add_member(guild, host)
    bot = HunanBot(f"sqlite:///{os.path.join(tmp, 'bench.sqlite3')}")
    await world.attach(bot)
    t0 = time.perf_counter()
    pairs = await open_tables(world, bot, guild, args.tables, args.variant)
    print(f"set up {args.tables} tables in {time.perf_counter() - t0:.1f}s")

    for phase, think in (("latency", args.think), ("throughput", 0.0)):
        lat: list[float] = []
        rng = random.Random(7)
        before = await bot.db.count_actions()
        commits0, writes0 = bot.db.commits, bot.db.writes
        start = time.perf_counter()
        until = start + args.seconds
        clicks = await asyncio.gather(*(player(world, bot, uid, ch, random.Random(rng.random()), until, think, lat)
                                        for uid, ch in pairs))
        await bot.service.idle()
        elapsed = time.perf_counter() - start
        durable = await bot.db.count_actions() - before
        commits, writes = bot.db.commits - commits0, bot.db.writes - writes0
        lat.sort()
        q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [0.0] * 99
        print(f"[{phase}] tables={args.tables} clicks={sum(clicks)} ({sum(clicks) / elapsed:.0f}/s) "
              f"p50={q[49] * 1000:.1f}ms p99={q[98] * 1000:.1f}ms durable_actions={durable} "
              f"({durable / elapsed:.0f}/s) commits={commits} ({writes / max(commits, 1):.1f} writes each) "
              f"live_tables={sum(1 for _, ch in pairs if bot.service.table_in(ch))}")
    await bot.close()
    harness.uninstall_webhook_edge()


if __name__ == "__main__":
    asyncio.run(main())
