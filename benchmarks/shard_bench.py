"""Several bot processes sharing one database: N live tables split over P processes (one gateway shard each).

Each process is a child (``--child``) running the real bot over the fake network edge with its own shard of P,
opening its share of the tables in a guild on that shard; the parent starts every phase in all children at
once and merges what they measured:

* **latency**: each player clicks after an exponential think time (mean ``--think``); p50/p99 of interaction →
  first response over the clicks of all processes (wall clock, and each process's CPU clock);
* **throughput**: every player clicks as soon as it may; durable actions (counted in the shared database:
  every process's clicks and the AI moves they triggered, committed before anyone is told) per CPU-second,
  the CPU-seconds being the sum of the processes' ``time.process_time`` over the phase.

In a process that does not own shard 0, Discord delivers no DM click: the shard-0 process would forward it
(bot/edge/forward.py), which needs the other process's world. Here its players play from the private 查看我的手牌
panel in the channel instead (the bot still sends their DM panels): a player whose panel shows no control (a
new hand) opens a fresh one first, an interaction that is counted in the CPU time but not in the click
latency. The figures below were measured before forwarding, when that process sent no DM panels.

    python benchmarks/shard_bench.py --tables 500 --processes 1,2 --seconds 10 [--pin]
    python benchmarks/shard_bench.py --tables 5000 --processes 1,2 --seconds 10 --db postgresql://…
    python benchmarks/shard_bench.py --forwarded 300 [--db postgresql://…]

``--forwarded N`` measures instead the latency of N DM clicks forwarded (bot/edge/forward.py): two processes of the
two-process test (tests/shards/worker.py), the shard-1 process's player clicking its DM panel in the shard-0
process, one click at a time; from the click fed to shard 0 to the owner's first response (both processes
read the machine's monotonic clock), over an idle database: the cost of the hop itself. Measured 2026-12-01
(2 vCPU shared with other sessions, load 3.9), 300 clicks each:

| backend | forwarded click → first response p50 / p99 (max) | the owner wakes on |
|---|---|---|
| PostgreSQL (tests/pg.py's server, durable settings) | 8.5 / 21.9 ms (32.6 ms) | LISTEN/NOTIFY |
| SQLite (one file, WAL) | 37.1 / 100.7 ms (136.8 ms) | a 50 ms poll |

Both are far inside Discord's 3 seconds; on SQLite the poll is most of it (half its interval on average).

``--db`` is the shared database's URL (default: a new SQLite file per run); the tables of earlier runs in the
same database are ended first, so each run restores nothing.

Measured 2026-12-01 on SQLite (2 vCPU shared with other sessions' test suites, load 3-7; ``--pin``,
``--seconds 10``, 跑胡子, one clicking player per table; ``bot_bench.py --tables 500 --rounds 1`` on core 0 at
the same time gave 1,616 durable actions per CPU-s and a latency p99 of 365 ms, against 2,814 and 9.8 ms in
benchmarks/README.md on a quieter day):

| tables | processes | latency phase: click p50 / p99 (CPU-clock p99) | throughput: durable actions per CPU-s (actions in 10 s) |
|---|---|---|---|
| 500 | 1 | 6.2 / 53.8 ms (34.5 ms) | 1,486 (9,238) |
| 500 | 2 | 1.9 / 14.1 ms (10.7 ms) | 1,652 (27,100) |
| 5,000 | 1 | 3,516 / 5,487 ms (4,329 ms): saturated | 1,640 (16,600) |
| 5,000 | 2 | 7,386 / 9,575 ms (3,179 ms): saturated | 1,602 (16,714) |

The cost of an action is the same in one process and two (within noise), so two processes on two cores do
about twice the work; sharing one SQLite file costs nothing visible at these rates (group commits hold the
writes of many tables). 5,000 players thinking 2 s offer 2,500 clicks a second, more than these loaded cores
served (latency is then queueing, and the second run got less CPU from the machine than the first).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402

from benchmarks.bot_bench import bench_world, open_many_tables, time_answers_in_cpu  # noqa: E402
from bot.edge.client import HunanBot, freeze_heap, make_bot  # noqa: E402
from bot.edge.shards import ALL, Shards  # noqa: E402
from fake_discord import FakeDiscord, guild_id_on_shard, playing, uninstall_webhook_edge  # noqa: E402
from storage.db import Database  # noqa: E402


class Players:
    """Where each player finds their controls: the DM panel, or (no DM clicks here) the private channel panel."""

    def __init__(self, world: FakeDiscord, bot: HunanBot, direct: bool = False) -> None:
        self.world, self.bot = world, bot
        self.private: dict[int, int] = {}  # user -> their last private panel
        # the fake gateway sends DM clicks to shard 0's process only; ``direct``: they reach the owner as if
        # shard 0's process had forwarded them, the hop itself not counted (see --dm-clicks)
        self.dms = 0 in bot.shard_plan.ids or direct
        if direct and 0 not in bot.shard_plan.ids:
            world._route_to = lambda *_args: None  # type: ignore[method-assign]

    async def pick(self, uid: int, ch: int, rng: random.Random) -> tuple[int, str, list[str] | None] | None:
        if self.dms:
            mid = self.world.latest_dm(uid)
        else:
            mid = self.private.get(uid)
            if not playing.action_choices(self.world, mid):
                table = self.bot.service.table_in(ch)
                mid = self.bot.service.delivery.hand_message(table) if table is not None else None
                if table is None or mid is None:
                    return None
                pend = self.world.feed_click(self.bot, uid, mid, f"ht:hand:{table.id}")
                await asyncio.wait_for(asyncio.shield(pend.responded), 10)
                self.world.pending.pop(pend.token, None)
                mid = pend.message_id
                if mid is not None:
                    self.private[uid] = mid
        choices = playing.action_choices(self.world, mid)
        if not choices or mid is None:
            return None
        cid, values = rng.choice(choices)
        return mid, cid, values


async def player(players: Players, uid: int, ch: int, rng: random.Random, until: float, think: float,
                 lat: list[float], cpu_lat: list[float], answered_cpu: dict[str, float]) -> int:
    world, bot = players.world, players.bot
    clicks = 0
    while True:
        now = time.perf_counter()
        if now >= until:
            return clicks
        await asyncio.sleep(min(rng.expovariate(1 / think), until - now) if think else 0)
        if think and time.perf_counter() >= until:
            return clicks
        table = bot.service.table_in(ch)
        if table is None:
            return clicks
        choice = await players.pick(uid, ch, rng)
        if choice is None:
            await asyncio.sleep(0.01)  # the AI is still moving, or the next hand is being dealt
            continue
        mid, cid, values = choice
        cpu_fed = time.process_time()
        pend = world.feed_click(bot, uid, mid, cid, values)
        t_resp = await asyncio.wait_for(asyncio.shield(pend.responded), 30)
        lat.append(t_resp - pend.fed_at)
        cpu_lat.append(answered_cpu.pop(pend.token) - cpu_fed)
        world.pending.pop(pend.token, None)
        clicks += 1
        await bot.service.delivery.outbox(table).idle()


async def child(args: argparse.Namespace) -> None:
    """One bot process: set up its tables, then run each phase the parent asks for and answer with the figures."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    if args.pin:  # one core per process, as bot_bench.py runs under taskset
        os.sched_setaffinity(0, {args.shard % (os.cpu_count() or 1)})
    shards = Shards(args.count, (args.shard,)) if args.count > 1 else ALL
    world, guild = bench_world(guild_id_on_shard(args.shard, args.count))
    bot = make_bot(args.db, shards=shards)
    await world.attach(bot)
    pairs = await open_many_tables(world, bot, guild, args.tables, args.variant)
    freeze_heap()  # as the bot does after start-up
    players = Players(world, bot, direct=args.dm_clicks == "direct")
    answered_cpu = time_answers_in_cpu(world)
    print(json.dumps({"ready": len(pairs)}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd.get("quit"):
            break
        lat: list[float] = []
        cpu_lat: list[float] = []
        rng = random.Random(cmd["seed"] * 100 + args.shard)
        profile = cProfile.Profile() if cmd.get("profile") else None
        cpu0, start = time.process_time(), time.perf_counter()
        until = start + cmd["seconds"]
        if profile is not None:
            profile.enable()
        clicks = await asyncio.gather(*(player(players, uid, ch, random.Random(rng.random()), until, cmd["think"],
                                               lat, cpu_lat, answered_cpu) for uid, ch in pairs))
        await bot.service.idle()
        if profile is not None:
            profile.disable()
            profile.dump_stats(f"{cmd['profile']}-shard{args.shard}.prof")
        print(json.dumps({"clicks": sum(clicks), "cpu_s": time.process_time() - cpu0,
                          "wall_s": time.perf_counter() - start, "lat": lat, "cpu_lat": cpu_lat,
                          "commits": bot.db.commits, "writes": bot.db.writes}), flush=True)
    await bot.close()
    uninstall_webhook_edge()


async def count_actions(url: str) -> int:
    db = await Database.open(url)
    try:
        return await db.count_actions()
    finally:
        await db.close()


async def end_everything(url: str) -> None:
    db = await Database.open(url)
    try:
        for table_id in await db.live_table_ids():
            await db.end_table(table_id, "benchmark")
    finally:
        await db.close()


def quantile(xs: list[float], q: int) -> float:
    return statistics.quantiles(xs, n=100)[q - 1] * 1000 if len(xs) > 2 else 0.0


def run(procs: int, args: argparse.Namespace, url: str) -> list[dict[str, Any]]:
    asyncio.run(end_everything(url))
    per = [args.tables // procs + (1 if i < args.tables % procs else 0) for i in range(procs)]
    children = [subprocess.Popen([sys.executable, __file__, "--child", "--db", url, "--count", str(procs),
                                  "--shard", str(i), "--tables", str(per[i]), "--variant", args.variant,
                                  "--dm-clicks", args.dm_clicks,
                                  *(["--pin"] if args.pin else [])],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for i in range(procs)]
    t0 = time.perf_counter()
    for c in children:
        assert c.stdout is not None
        json.loads(c.stdout.readline())
    print(f"[{procs} process(es)] set up {args.tables} tables ({'+'.join(map(str, per))}) in "
          f"{time.perf_counter() - t0:.1f}s", flush=True)
    out = []
    phases = [("warmup", args.warmup, args.think)] if args.warmup else []
    phases += [("latency", args.seconds, args.think), ("throughput", args.seconds, 0.0)]
    for seed, (name, seconds, think) in enumerate(phases):
        before = asyncio.run(count_actions(url))
        for c in children:
            assert c.stdin is not None
            profile = os.path.join(args.profile, f"{procs}p-{name}") if args.profile and name == "throughput" else None
            c.stdin.write(json.dumps({"seconds": seconds, "think": think, "seed": seed, "profile": profile}) + "\n")
            c.stdin.flush()
        results = []
        for c in children:
            assert c.stdout is not None
            results.append(json.loads(c.stdout.readline()))
        durable = asyncio.run(count_actions(url)) - before
        if name == "warmup":
            continue
        lat = [x for r in results for x in r["lat"]]
        cpu_lat = [x for r in results for x in r["cpu_lat"]]
        cpu = sum(r["cpu_s"] for r in results)
        row = {"phase": name, "processes": procs, "tables": args.tables, "clicks": sum(r["clicks"] for r in results),
               "cpu_s": cpu, "wall_s": max(r["wall_s"] for r in results), "durable": durable,
               "durable_per_cpu_s": durable / max(cpu, 1e-9), "p50_ms": quantile(lat, 50), "p99_ms": quantile(lat, 99),
               "cpu_p99_ms": quantile(cpu_lat, 99),
               "per_process_p99_ms": [quantile(r["lat"], 99) for r in results]}
        out.append(row)
        print(f"[{name}] processes={procs} tables={args.tables} clicks={row['clicks']} durable={durable} in "
              f"{row['wall_s']:.1f}s wall / {cpu:.1f} CPU-s: {row['durable_per_cpu_s']:.0f} durable actions per "
              f"CPU-s; click p50={row['p50_ms']:.1f}ms p99={row['p99_ms']:.1f}ms (CPU clock p99="
              f"{row['cpu_p99_ms']:.1f}ms; per process p99 "
              f"{', '.join(f'{x:.1f}' for x in row['per_process_p99_ms'])} ms)", flush=True)
    for c in children:
        assert c.stdin is not None
        c.stdin.write(json.dumps({"quit": True}) + "\n")
        c.stdin.flush()
        c.wait()
    return out


def forwarded(clicks: int, url: str) -> dict[str, Any]:
    """p50/p99 of forwarded DM clicks, click → the owner's first response (see the module's docstring)."""
    from tests.shards.conftest import two_shards

    dep = two_shards(Path(tempfile.mkdtemp()), url)
    humans = [dep.users["alice"], dep.users["bob"]]
    channel = dep.channels_of(1)[0]
    a = dep.process("a", "0", seed=1)
    b = dep.process("b", "1", seed=2)
    lat: list[float] = []
    try:
        while len(lat) < clicks:
            if b.ask("state", channel=channel)["table"] is None:
                b.ask("open", channel=channel, humans=humans, options="bot.timer=0 hands=8 wall=12")
                continue
            choice = b.ask("dm_choice", channel=channel, users=humans)
            if choice["clicked"] is None:
                raise RuntimeError("nobody can click")
            done = a.ask("click_forwarded", **choice)
            if done["outcome"] != "taken":
                raise RuntimeError(f"a forwarded click was not taken: {done}")
            answer = b.ask("answer", token=done["token"])
            lat.append(answer["responded_at"] - done["fed_at"])  # seconds, as quantile() takes them
    finally:
        for proc in dep.procs:
            proc.stop()
    return {"phase": "forwarded", "clicks": len(lat), "backend": url.split(":", 1)[0],
            "p50_ms": quantile(lat, 50), "p99_ms": quantile(lat, 99), "max_ms": max(lat) * 1000}


async def forward_cost(n: int, url: str) -> dict[str, Any]:
    """CPU (both ends, the database thread included) of the hop a forwarded DM click adds, in one process: the
    receiver's row put and its looks at whether the row was taken, the owner's claim; on a payload the size of a
    real click's, on one connection without other writes to share a group commit with (an upper bound: under load
    the put and the claim ride in other tables' commits). The owner polls every ``POLL`` (SQLite), so it claims a
    row at a moment uniform within its poll: the receiver looks as its schedule has it until a look comes after
    that moment (every 20 ms before issue 22 goal 6: one to three looks; ``look_every`` now), each look a real read.
    The table's guild is remembered per table (asked once), so it is left out. Runs against any tree that has
    ``ForwardQueue`` (a tree without ``look_every`` looks every ``bot.edge.forward.LOOK``)."""

    from storage.forwarded import POLL, ForwardQueue

    db = await Database.open(url)
    try:
        queue = ForwardQueue(db)
        every = getattr(queue, "look_every", None)
        if every is None:
            from bot.edge.forward import LOOK  # type: ignore[attr-defined]
            every = LOOK
        payload = {"type": 3, "token": "t" * 80, "data": {"custom_id": "ht:b:12:34:1:chi:一二三|二二贰"},
                   "message": {"content": "牌" * 600, "components": [{"type": 1, "components": [
                       {"type": 2, "custom_id": f"ht:b:12:34:1:x{i}", "label": "碰"} for i in range(5)]}] * 4}}
        rng = random.Random(1)
        looks = 0
        cpu0 = time.process_time()
        for _ in range(n):
            row_id = await queue.put(1, payload)
            claimed_at = rng.uniform(0.0, POLL)  # the owner's next poll after the put
            early = max(math.ceil(claimed_at / every), 1) - 1  # looks before it, finding the row still queued
            for _ in range(early):
                assert await queue.queued(row_id)
            assert len(await queue.take([1])) == 1
            assert not await queue.queued(row_id)  # the look that finds it taken
            looks += early + 1
        cpu = time.process_time() - cpu0
    finally:
        await db.close()
    return {"phase": "forward_cost", "clicks": n, "ms": 1000 * cpu / n, "looks": looks / n, "look_every": every}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=500, help="live tables over all processes")
    ap.add_argument("--processes", default="1,2", help="process counts to measure, one run each")
    ap.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds between a player's clicks (latency)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of unreported clicking first")
    ap.add_argument("--variant", default="paohuzi")
    ap.add_argument("--db", default=None, help="the shared database URL (default: a new SQLite file per run)")
    ap.add_argument("--pin", action="store_true", help="pin process i to core i (mod the cores there are)")
    ap.add_argument("--dm-clicks", choices=("panel", "direct"), default="panel",
                    help="how players of a process without shard 0 click: panel (the private 查看我的手牌 panel in the "
                         "channel, the bot editing their DM panel besides) or direct (their DM panel, delivered to "
                         "the owner as forwarded, the forwarding hop itself not counted: --forwarded measures it)")
    ap.add_argument("--profile", metavar="DIR", help="cProfile each process's throughput phase into DIR "
                                                    "(<processes>p-throughput-shard<i>.prof)")
    ap.add_argument("--forward-cost", type=int, default=0, help="measure the CPU of N forwarding hops instead")
    ap.add_argument("--forwarded", type=int, default=0, help="measure N forwarded DM clicks instead")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--count", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        asyncio.run(child(args))
        return
    if args.forward_cost:
        url = args.db or f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'shared.sqlite3')}"
        row = asyncio.run(forward_cost(args.forward_cost, url))
        print(f"[forward cost] {row['clicks']} forwarded clicks: {row['ms']:.3f} ms CPU each (both ends), the "
              f"receiver looking every {1000 * row['look_every']:.0f} ms: {row['looks']:.2f} looks a click", flush=True)
        print(json.dumps([row]))
        return
    if args.forwarded:
        row = forwarded(args.forwarded, args.db or f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'shared.sqlite3')}")
        print(f"[forwarded] {row['clicks']} DM clicks on {row['backend']}: click → owner's first response "
              f"p50={row['p50_ms']:.1f}ms p99={row['p99_ms']:.1f}ms max={row['max_ms']:.1f}ms", flush=True)
        print(json.dumps([row]))
        return
    rows = []
    for procs in (int(p) for p in args.processes.split(",")):
        url = args.db or f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'shared.sqlite3')}"
        rows += run(procs, args, url)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
