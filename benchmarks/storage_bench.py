"""Storage benchmark: the bot benchmark's phases (``benchmarks/bot_bench.py``) on SQLite and on PostgreSQL, one
bot process, at several numbers of live tables.

For each backend and each ``--tables`` count, a fresh database and a fresh bot: N 跑胡子 tables are opened, then
after ``--warmup`` seconds of unreported clicking,

* **latency** (heap frozen, as the bot runs after start-up): ``--rounds`` phases of players clicking after an
  exponential think time, all of them together offering ``--rate`` clicks per second (250: each of 500 players
  thinks 2 s, as in bot_bench; each of 5,000 thinks 20 s); p50 / p99 of click → first response, median over
  the rounds;
* **throughput**: every player clicks as soon as it may; durable actions (human clicks and the AI moves they
  trigger, each committed before anyone is told) per CPU-second of the bot process (``time.process_time``:
  the bot, its SQLite thread, the fake edge), and for PostgreSQL also per CPU-second of bot and server
  together: the server's CPU is read from ``/proc`` (utime + stime of the postmaster and its children, plus
  what exited children left in the postmaster's cutime / cstime).

PostgreSQL is a local server started from the ``pgserver`` package's binaries (the ``test`` extra) by
``tests/pg.py``, with its durable defaults (``fsync``, ``synchronous_commit`` on), reached over a Unix socket.

    taskset -c 0 python -m benchmarks.storage_bench --tables 500,5000 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402

import benchmarks.bot_bench as bot_bench  # noqa: E402
from benchmarks.bot_bench import FullCollections, phase, report, time_answers_in_cpu  # noqa: E402
from bot.edge.client import HunanBot, freeze_heap  # noqa: E402
from fake_discord import uninstall_webhook_edge  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def server_cpu(postmaster: int) -> float:
    """CPU-seconds used so far by a PostgreSQL server: the postmaster, its live children, its reaped ones."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:  # gone between listdir and open
            continue
        pid, ppid = int(entry), int(fields[1])
        if pid == postmaster:
            total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
        elif ppid == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


async def run(backend: str, url: str, tables: int, args: argparse.Namespace, postmaster: int | None) -> dict[str, Any]:
    world, guild = bot_bench.bench_world()
    bot = HunanBot(url)
    await world.attach(bot)
    t0 = time.perf_counter()
    pairs = await bot_bench.open_many_tables(world, bot, guild, tables, args.variant)
    print(f"[{backend}] set up {tables} tables in {time.perf_counter() - t0:.1f}s", flush=True)
    full = FullCollections()
    answered_cpu = time_answers_in_cpu(world)
    freeze_heap()
    seed = 7
    if args.warmup:
        await phase(world, bot, pairs, args.warmup, tables / args.rate, seed, full, answered_cpu)
    lat = []
    for _ in range(args.rounds):
        seed += 1
        r = await phase(world, bot, pairs, args.seconds, tables / args.rate, seed, full, answered_cpu)
        report(f"{backend} latency", tables, r)
        lat.append(r)
    # every player clicking at once: at 5,000 tables a click waits its turn behind thousands
    bot_bench.ANSWER_TIMEOUT = 600.0
    server0 = server_cpu(postmaster) if postmaster else 0.0
    r = await phase(world, bot, pairs, args.seconds, 0.0, seed + 1, full, answered_cpu)
    server = server_cpu(postmaster) - server0 if postmaster else 0.0
    report(f"{backend} throughput", tables, r)
    await bot.close()
    uninstall_webhook_edge()
    return {"backend": backend, "tables": tables,
            "p50_ms": statistics.median(x["p50_ms"] for x in lat), "p99_ms": statistics.median(x["p99_ms"] for x in lat),
            "offered_per_s": statistics.median(x["clicks"] / x["wall_s"] for x in lat),
            "durable": r["durable"], "cpu_s": r["cpu_s"], "server_cpu_s": server,
            "writes_per_commit": r["writes_per_commit"]}


def summary(s: dict[str, Any]) -> str:
    per_cpu = s["durable"] / max(s["cpu_s"], 1e-9)
    line = (f"[summary {s['backend']}, {s['tables']} tables] click p50={s['p50_ms']:.1f}ms p99={s['p99_ms']:.1f}ms"
            f" ({s['offered_per_s']:.0f} clicks/s offered); throughput {per_cpu:.0f} durable actions per bot CPU-s"
            f" ({s['writes_per_commit']:.1f} writes per commit)")
    if s["backend"] == "postgres":
        both = s["durable"] / max(s["cpu_s"] + s["server_cpu_s"], 1e-9)
        line += f", server {s['server_cpu_s']:.1f} CPU-s beside the bot's {s['cpu_s']:.1f}: {both:.0f} per CPU-s of both"
    return line


async def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.storage_bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--backends", default="sqlite,postgres")
    ap.add_argument("--tables", default="500,5000", help="comma-separated live-table counts")
    ap.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    ap.add_argument("--rate", type=float, default=250.0,
                    help="clicks per second all players offer together in the latency phases (each player thinks"
                         " tables/rate seconds on average: 2 s at 500 tables, as bot_bench; 20 s at 5,000, since"
                         " one core cannot answer 5,000 players clicking every 2 s with any backend)")
    ap.add_argument("--rounds", type=int, default=2, help="latency phases (the median is reported)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of unreported clicking first")
    ap.add_argument("--variant", default="paohuzi")
    args = ap.parse_args()
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    counts = [int(x) for x in args.tables.split(",")]
    results = []
    pg = None
    try:
        for backend in args.backends.split(","):
            for n in counts:
                if backend == "postgres":
                    if pg is None:
                        from tests.pg import LocalPostgres

                        pg = LocalPostgres.start(fast=False)  # durable defaults: the figure a deployment sees
                    url, postmaster = await pg.create(), pg.postmaster_pid()
                else:
                    url, postmaster = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3", None
                results.append(await run(backend, url, n, args, postmaster))
                print(summary(results[-1]), flush=True)
    finally:
        if pg is not None:
            pg.stop()
    print("\n".join(summary(s) for s in results), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
