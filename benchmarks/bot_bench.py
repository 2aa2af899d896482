"""Bot benchmark: N live tables through the fake Discord edge, on one core (one event loop).

Latency phases: players think ``--think`` seconds on average (exponential), so N tables offer about
N/think clicks per second; we measure interaction → first response (the callback reaching the fake Discord),
once with the heap frozen after start-up as the bot does (``bot.edge.client.freeze_heap``, standing in for a
restart that restored these N tables) and once unfrozen, ``--rounds`` times alternately (medians printed at the end).
Throughput phase: every table's player clicks as soon as it may; we count actions made durable in SQLite
(human clicks plus the AI moves they trigger, each committed before anyone is told) per CPU-second of the
process (``time.process_time`` around the measured work only: the players, the bot, its database thread
and the fake edge), and how many writes each group commit held.

    taskset -c 0 python benchmarks/bot_bench.py --tables 500 --seconds 10

At 1,000 tables of every variant with pictures, offering half a core (issue 22; benchmarks/README.md):

    taskset -c 1 python benchmarks/bot_bench.py --variant mixed --tables 1000 --seconds 10 --rounds 1 --warmup 10 \
        --load 0.5 --heaps bot,frozen --serial

``--heaps`` names the latency phases of a round (``bot``: the heap as the bot keeps it); each phase reports the
longest pause of any collection and, after it, what a full collection would cost then, and the CPU clock of the
clicks that ended a hand (the slowest kind: settlement, pictures, the next deal).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402
from discord.http import Route  # noqa: E402

import bot.service.heap as bot_heap  # noqa: E402
from bot.edge.client import HunanBot, freeze_heap  # noqa: E402
from fake_discord import FakeDiscord, PendingInteraction, Upload, playing, uninstall_webhook_edge  # noqa: E402

# each variant's longest match (跑胡子's is 32 hands), so a table stays live through a run; 安化 plays 8 hands
MATCH_LENGTH = {"fangpaofa": "target=1000 max_hands=50", "bopi": "target=1000 max_hands=50", "anhua": ""}
MIXED = "mixed"  # --variant mixed: every registered variant in turn


def variant_of(variant: str, i: int) -> str:
    """The ``i``-th table's variant: ``variant`` itself, or for ``mixed`` every registered variant in turn."""
    if variant != MIXED:
        return variant
    from engine.registry import all_variants
    ids = [v.id for v in all_variants()]
    return ids[i % len(ids)]


def match_length(variant: str) -> str:
    return MATCH_LENGTH.get(variant, "hands=32")


ANSWER_TIMEOUT = 10.0
# --serial: one click in flight at a time, so the CPU clock from a click to its answer is that click's own work
# (on a core shared with other work a backlog would otherwise put other clicks' work in it)
SERIAL: asyncio.Semaphore | None = None
GUESSED_CPU_PER_CLICK = 0.010  # seconds: --load's warm-up think time, before the warm-up measures it  # seconds a click may wait for its answer; storage_bench's 5,000 saturating players need more


def bench_world(guild_id: int | None = None) -> tuple[FakeDiscord, int]:
    """The fake Discord of a benchmark, with its test bookkeeping off (not the bot's cost), and a guild with a host."""
    world = FakeDiscord()
    world.record_calls = False
    world.check_limits = False
    host = world.add_user("host")
    guild = world.add_guild("bench", host, guild_id=guild_id)
    world.add_member(guild, host)
    return world, guild


SETUP_CHUNK = 50  # tables opened at once (more, and a loaded core answers some command after the 3 s window)


async def open_many_tables(world: FakeDiscord, bot: HunanBot, guild: int, n: int,
                           variant: str, pictures: bool = False) -> list[tuple[int, int]]:
    """Tables like :func:`open_tables` (one player and AI seats, 32 hands) for thousands of them (storage_bench,
    shard_bench): SETUP_CHUNK at a time, their writes sharing group commits as a running bot's do, each command
    awaited until answered only (``playing.command`` waits for every table's outbox after each command, which is
    quadratic in the tables set up). No turn timer: setting up 5,000 tables outlasts the 60 s timer, whose 托管
    seats would then play the first tables' matches out by themselves and be counted as the players'. No
    pictures unless asked: storage_bench and shard_bench measure the log and its stores. ``variant`` may be
    ``mixed`` (every variant in turn, each with its longest match)."""
    out = []
    for i in range(n):
        uid = world.add_user(f"p{i}")
        world.add_member(guild, uid)
        world.guilds[guild]["member_count"] = len(world.guilds[guild]["members"])
        out.append((uid, world.add_channel(guild, f"t{i}")))
    for _uid, ch in out:  # channels created after READY reach the client as gateway events would
        bot._connection.parse_channel_create(world.channels[ch])  # type: ignore[arg-type]

    async def command(uid: int, ch: int, name: str, **options: Any) -> PendingInteraction:
        pend = world.feed_command(bot, uid, ch, name, **options)
        await world.wait(pend, timeout=120)
        world.pending.pop(pend.token, None)
        return pend

    async def one(i: int, uid: int, ch: int) -> None:
        kind = variant_of(variant, i)
        created = await command(uid, ch, "table create", variant=kind,
                                options=f"bot.seed={ch % 9973} {match_length(kind)} bot.timer=0 "
                                        f"bot.pictures={'on' if pictures else 'off'}")
        table = bot.service.table_in(ch)
        assert table is not None, created.text()
        while len(table.seats) < table.seat_count:
            await command(uid, ch, "table ai")
        await command(uid, ch, "table start")
    for i in range(0, n, SETUP_CHUNK):
        await asyncio.gather(*(one(j, uid, ch) for j, (uid, ch) in enumerate(out[i:i + SETUP_CHUNK], i)))
        await bot.service.idle()
    return out


async def open_tables(world: FakeDiscord, bot: HunanBot, guild: int, n: int, variant: str,
                      pictures: bool = True) -> list[tuple[int, int]]:
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
        await playing.command(world, bot, uid, ch, "table create", variant=variant, options=f"bot.seed={ch % 9973} hands=32 bot.pictures={'on' if pictures else 'off'}")
        table = bot.service.table_in(ch)
        assert table is not None
        while len(table.seats) < table.seat_count:
            await playing.command(world, bot, uid, ch, "table ai")
        await playing.command(world, bot, uid, ch, "table start")
    return out


def pick(world: FakeDiscord, uid: int, rng: random.Random) -> tuple[int, str, list[str] | None] | None:
    mid = world.latest_dm(uid)
    choices = playing.action_choices(world, mid)
    if not choices or mid is None:
        return None
    cid, values = rng.choice(choices)
    return mid, cid, values


async def timed_click(world: FakeDiscord, bot: HunanBot, uid: int, choice: tuple[int, str, list[str] | None],
                      lat: list[float], cpu_lat: list[float], answered_cpu: dict[str, float]) -> PendingInteraction:
    """Click ``choice`` and wait for its answer: its latency goes to ``lat`` (wall clock) and ``cpu_lat`` (the
    process's CPU clock, see ``time_answers_in_cpu``); the fake forgets the interaction, which is returned."""
    mid, cid, values = choice
    cpu_fed = time.process_time()
    pend = world.feed_click(bot, uid, mid, cid, values)
    t_resp = await asyncio.wait_for(asyncio.shield(pend.responded), ANSWER_TIMEOUT)
    lat.append(t_resp - pend.fed_at)
    cpu_lat.append(answered_cpu.pop(pend.token) - cpu_fed)
    world.pending.pop(pend.token, None)
    return pend


async def player(world: FakeDiscord, bot: HunanBot, uid: int, ch: int, rng: random.Random, until: float,
                 think: float, lat: list[float], cpu_lat: list[float], answered_cpu: dict[str, float],
                 ends: list[float] | None = None) -> int:
    """``ends``: the CPU clock of each click that ended a hand (its settlement, the next deal)."""
    clicks = 0
    while True:
        now = time.perf_counter()
        if now >= until:
            return clicks
        # never sleep past the window: the phase's clock would run on with nothing being measured
        await asyncio.sleep(min(rng.expovariate(1 / think), until - now) if think else 0)
        if think and time.perf_counter() >= until:
            return clicks
        table = bot.service.table_in(ch)
        if table is None:
            return clicks
        choice = pick(world, uid, rng)
        if choice is None:
            continue
        async with SERIAL or contextlib.nullcontext():
            choice = pick(world, uid, rng)  # (again: the panel may have changed while this click waited its turn)
            if choice is None:
                continue
            hand_no = table.hand_no
            await timed_click(world, bot, uid, choice, lat, cpu_lat, answered_cpu)
            clicks += 1
            now_at = bot.service.table_in(ch)
            if ends is not None and (now_at is None or now_at.hand_no != hand_no):
                ends.append(cpu_lat[-1])
            await bot.service.delivery.outbox(table).idle()


def time_answers_in_cpu(world: FakeDiscord) -> dict[str, float]:
    """Record the process's CPU clock when each interaction is answered (beside the fake edge's wall clock)."""
    answered: dict[str, float] = {}
    callback = world._callback

    def timed(pend: PendingInteraction, body: dict[str, Any], route: Route,
              files: list[Upload] | None = None) -> dict[str, Any]:
        answered.setdefault(pend.token, time.process_time())
        return callback(pend, body, route, files)

    world._callback = timed  # type: ignore[method-assign]
    return answered


class FullCollections:
    """Counts generation-2 collections and their longest pause, on the wall and the CPU clock of the thread that
    collects (the database thread's work meanwhile is no part of the pause); and the longest pause of any
    collection (every generation: ``pause``, ``pause_cpu``, with its generation)."""

    def __init__(self) -> None:
        self.count, self.longest, self.longest_cpu, self._t, self._c = 0, 0.0, 0.0, 0.0, 0.0
        self.pause, self.pause_cpu, self.pause_gen, self.collections = 0.0, 0.0, -1, 0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._t, self._c = time.perf_counter(), time.thread_time()
            return
        wall, cpu = time.perf_counter() - self._t, time.thread_time() - self._c
        self.collections += 1
        if wall > self.pause:
            self.pause, self.pause_cpu, self.pause_gen = wall, cpu, info.get("generation", -1)
        if info.get("generation") == 2:
            self.count += 1
            self.longest = max(self.longest, wall)
            self.longest_cpu = max(self.longest_cpu, cpu)

    def reset(self) -> None:
        self.count, self.longest, self.longest_cpu = 0, 0.0, 0.0
        self.pause, self.pause_cpu, self.pause_gen, self.collections = 0.0, 0.0, -1, 0


async def phase(world: FakeDiscord, bot: HunanBot, pairs: list[tuple[int, int]], seconds: float, think: float,
                seed: int, full: FullCollections, answered_cpu: dict[str, float]) -> dict[str, Any]:
    lat: list[float] = []
    cpu_lat: list[float] = []
    ends: list[float] = []
    rng = random.Random(seed)
    before = await bot.db.count_actions()
    commits0, writes0 = bot.db.commits, bot.db.writes
    full.reset()
    cpu0, start = time.process_time(), time.perf_counter()
    until = start + seconds
    clicks = await asyncio.gather(*(player(world, bot, uid, ch, random.Random(rng.random()), until, think, lat,
                                           cpu_lat, answered_cpu, ends) for uid, ch in pairs))
    await bot.service.idle()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - start
    durable = await bot.db.count_actions() - before
    commits, writes = bot.db.commits - commits0, bot.db.writes - writes0
    q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [0.0] * 99
    qc = statistics.quantiles(cpu_lat, n=100) if len(cpu_lat) > 2 else [0.0] * 99
    return {"clicks": sum(clicks), "wall_s": wall, "cpu_s": cpu, "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000,
            "cpu_p50_ms": qc[49] * 1000, "cpu_p99_ms": qc[98] * 1000,
            "ends": len(ends), "end_cpu_mean_ms": 1000 * statistics.fmean(ends) if ends else 0.0,
            "end_cpu_p90_ms": 1000 * statistics.quantiles(ends, n=10)[8] if len(ends) > 2 else 0.0,
            "durable": durable, "commits": commits, "writes_per_commit": writes / max(commits, 1),
            "full_gcs": full.count, "longest_full_gc_ms": full.longest * 1000,
            "longest_full_gc_cpu_ms": full.longest_cpu * 1000, "collections": full.collections,
            "longest_pause_ms": full.pause * 1000, "longest_pause_cpu_ms": full.pause_cpu * 1000,
            "longest_pause_gen": full.pause_gen,
            "live_tables": sum(1 for _, ch in pairs if bot.service.table_in(ch))}


def report(name: str, tables: int, r: dict[str, Any]) -> None:
    print(f"[{name}] tables={tables} clicks={r['clicks']} in {r['wall_s']:.1f}s wall / {r['cpu_s']:.1f} CPU-s "
          f"p50={r['p50_ms']:.1f}ms p99={r['p99_ms']:.1f}ms (CPU clock: p50={r['cpu_p50_ms']:.1f}ms "
          f"p99={r['cpu_p99_ms']:.1f}ms) durable_actions={r['durable']} "
          f"({r['durable'] / max(r['cpu_s'], 1e-9):.0f} per CPU-s) commits={r['commits']} "
          f"({r['writes_per_commit']:.1f} writes each) full_gcs={r['full_gcs']} "
          f"(longest {r['longest_full_gc_ms']:.1f}ms, CPU {r['longest_full_gc_cpu_ms']:.1f}ms) "
          f"longest_collection={r['longest_pause_ms']:.1f}ms (CPU {r['longest_pause_cpu_ms']:.1f}ms, generation "
          f"{r['longest_pause_gen']}, of {r['collections']}) CPU/click={1000 * r['cpu_s'] / max(r['clicks'], 1):.2f}ms "
          f"live_tables={r['live_tables']}", flush=True)
    print(f"  clicks that ended a hand: {r['ends']}, CPU clock mean {r['end_cpu_mean_ms']:.1f}ms "
          f"p90 {r['end_cpu_p90_ms']:.1f}ms", flush=True)


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds between a player's clicks (latency)")
    ap.add_argument("--rounds", type=int, default=3, help="latency phase pairs (frozen, unfrozen)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of unreported clicking first")
    ap.add_argument("--variant", default="paohuzi", help=f"a variant id, or {MIXED} (every variant in turn)")
    ap.add_argument("--load", type=float, default=None, metavar="CORES",
                    help="offered load: after the warm-up (which measures CPU per click), the think time is set so "
                         "that the clicks offered need this many cores (0.5: half a core); replaces --think")
    ap.add_argument("--heaps", default="frozen,unfrozen",
                    help="the latency phases of a round, in order: frozen (freeze_heap first, as after a restart), "
                         "unfrozen (gc.unfreeze first), bot (the heap as the bot itself left it: tables opened "
                         "after start-up)")
    ap.add_argument("--gc-census", action="store_true", help="after each latency phase, the biggest containers "
                                                              "and most common types outside the frozen heap")
    ap.add_argument("--no-throughput", dest="throughput", action="store_false",
                    help="latency phases only (no saturating phase at the end)")
    ap.add_argument("--serial", action="store_true",
                    help="one click in flight at a time: the CPU clock of a click is its own work (a shared core)")
    ap.add_argument("--pictures", choices=("on", "off"), default="on", help="room option bot.pictures (default on)")
    ap.add_argument("--gc-threshold", default=None, metavar="G0,G1,G2",
                    help="experiment: collector thresholds instead of the bot's (bot.service.heap.GC_THRESHOLDS); "
                         "700,10,10 is CPython's default")
    args = ap.parse_args()
    global SERIAL
    if args.serial:
        SERIAL = asyncio.Semaphore(1)
    if args.gc_threshold:  # freeze_heap applies the thresholds, as the bot does after start-up
        bot_heap.GC_THRESHOLDS = tuple(int(x) for x in args.gc_threshold.split(","))  # type: ignore[assignment]
        gc.set_threshold(*bot_heap.GC_THRESHOLDS)
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    tmp = tempfile.mkdtemp()
    world, guild = bench_world()
    bot = HunanBot(f"sqlite:///{os.path.join(tmp, 'bench.sqlite3')}")
    await world.attach(bot)
    t0 = time.perf_counter()
    if args.variant == MIXED:  # thousands of tables: chunked, no turn timer (see open_many_tables)
        pairs = await open_many_tables(world, bot, guild, args.tables, args.variant, args.pictures == "on")
    else:
        pairs = await open_tables(world, bot, guild, args.tables, args.variant, args.pictures == "on")
    print(f"set up {args.tables} tables in {time.perf_counter() - t0:.1f}s", flush=True)
    full = FullCollections()
    answered_cpu = time_answers_in_cpu(world)
    seed = 7
    if args.load and not args.warmup:
        ap.error("--load measures CPU per click in the warm-up: give --warmup")
    if args.load:  # the warm-up offers what 10 ms a click would make the load; it measures the real cost
        args.think = len(pairs) * GUESSED_CPU_PER_CLICK / args.load
    if args.warmup:  # the engine's memo tables and SQLite's cache start cold: not what a running bot sees
        w = await phase(world, bot, pairs, args.warmup, args.think, seed, full, answered_cpu)
        if args.load:
            per_click = w["cpu_s"] / max(w["clicks"], 1)
            args.think = len(pairs) * per_click / args.load
            print(f"warm-up: {w['clicks']} clicks, {1000 * per_click:.2f} ms CPU each: think {args.think:.1f} s "
                  f"offers {args.load} of a core ({len(pairs) / args.think:.0f} clicks/s)", flush=True)
    heaps = args.heaps.split(",")
    runs: dict[str, list[dict[str, Any]]] = {h: [] for h in heaps}
    names = {"bot": "heap as the bot keeps it", "frozen": "heap frozen", "unfrozen": "not frozen"}
    for _ in range(args.rounds):
        for heap in heaps:
            if heap == "frozen":
                freeze_heap()
            elif heap == "unfrozen":
                gc.unfreeze()
            seed += 1
            r = await phase(world, bot, pairs, args.seconds, args.think, seed, full, answered_cpu)
            runs[heap].append(r)
            report(f"latency, {names[heap]}", args.tables, r)
            # what the next full collection would cost (a 10 s phase seldom has one): the unfrozen heap walked
            gc.callbacks.remove(full._on_gc)
            young = sum(gc.get_count())
            if args.gc_census:
                gc.set_debug(gc.DEBUG_SAVEALL)
            cpu0, t0 = time.process_time(), time.perf_counter()
            found = gc.collect()
            print(f"  a full collection now: {1000 * (time.process_time() - cpu0):.1f} ms CPU "
                  f"({1000 * (time.perf_counter() - t0):.1f} ms wall), {found} unreachable objects found, "
                  f"{len(gc.get_objects())} objects tracked outside the frozen heap "
                  f"({gc.get_freeze_count()} frozen; {young} young)", flush=True)
            if args.gc_census:  # the biggest containers a full collection walks, and the most common types
                census: dict[str, int] = {}
                big = []
                for o in gc.get_objects():
                    census[type(o).__qualname__] = census.get(type(o).__qualname__, 0) + 1
                    if isinstance(o, dict | list | set | frozenset | tuple) and len(o) > 2000:
                        big.append((len(o), type(o).__name__, repr(o)[:120]))
                print("  most common:", sorted(census.items(), key=lambda kv: -kv[1])[:15], flush=True)
                garbage: dict[str, int] = {}
                for o in gc.garbage:
                    garbage[type(o).__qualname__] = garbage.get(type(o).__qualname__, 0) + 1
                print("  garbage found:", sorted(garbage.items(), key=lambda kv: -kv[1])[:25], flush=True)
                gc.set_debug(0)
                gc.garbage.clear()
                for n, kind, text in sorted(big, reverse=True)[:12]:
                    print(f"  {kind} of {n}: {text}", flush=True)
            gc.callbacks.append(full._on_gc)
    # a shared machine spoils single phases now and then: the median over rounds is the figure to quote
    for heap, rs in runs.items():
        med = {k: statistics.median(r[k] for r in rs) for k in ("p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms",
                                                                  "longest_pause_cpu_ms")}
        print(f"[latency median of {len(rs)}, {names[heap]}] p50={med['p50_ms']:.1f}ms "
              f"p99={med['p99_ms']:.1f}ms (CPU clock: p50={med['cpu_p50_ms']:.1f}ms p99={med['cpu_p99_ms']:.1f}ms) "
              f"longest collection CPU {med['longest_pause_cpu_ms']:.1f}ms (max of "
              f"{max(r['longest_pause_cpu_ms'] for r in rs):.1f}ms)", flush=True)
    if args.throughput:
        freeze_heap()
        r = await phase(world, bot, pairs, args.seconds, 0.0, seed + 1, full, answered_cpu)
        report("throughput, heap frozen", args.tables, r)
    await bot.close()
    uninstall_webhook_edge()


if __name__ == "__main__":
    asyncio.run(main())
