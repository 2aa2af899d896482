"""Flood benchmark (issue 23): other tables' clicks while one hostile member floods the bot, on one core.

N 跑胡子 tables are played by one clicking player each (think time ``--think``, exponential), as in
``bot_bench.py``. One more member of the same server, seated nowhere, floods the bot at ``--flood-rate``
interactions per second without waiting for answers: ``/calc`` (private and ``share:True``), 查看我的手牌 on the
players' table messages, ``/table hand`` in their channels, page turns on a lobby of their own, and 加入/离开 on
another member's lobby. Phases of ``--seconds`` each, in one run, one after another, ``--rounds`` times:

* ``calm``: the players alone, the limits on (the bot's defaults);
* ``flood, limits on``: the players and the flood;
* ``flood, limits off``: the same flood with every per-user limit off (how the bot was before issue 23).

Each phase reports the players' clicks' p50/p99 on the process's CPU clock (CPU time the process used between
the click and its answer: the bot, its database thread, the fake edge and the flood's own work; blind to time the
process sat descheduled by whatever else the machine runs) and on the wall clock; the flood's interactions fed,
answered and refused. The figure to quote is the median over rounds of the players' CPU p99, flood with limits
on against calm (goal: at most 1.5×).

    taskset -c 0 python -m benchmarks.flood_bench --tables 200 --seconds 10 --flood-rate 200
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
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402

from benchmarks.bot_bench import (  # noqa: E402
    bench_world,
    open_many_tables,
    pick,
    time_answers_in_cpu,
    timed_click,
)
from bot.edge.client import HunanBot, freeze_heap  # noqa: E402
from bot.service.limits import Limits  # noqa: E402
from fake_discord import FakeDiscord, PendingInteraction, uninstall_webhook_edge  # noqa: E402

CALC: dict[str, Any] = {"variant": "paohuzi", "hand": "二贰柒柒捌玖拾", "win": "二", "source": "other_draw", "melds": "偎壹 提肆 跑三 跑九"}


async def player(world: FakeDiscord, bot: HunanBot, uid: int, ch: int, rng: random.Random, until: float,
                 think: float, lat: list[float], cpu_lat: list[float], answered_cpu: dict[str, float],
                 refused: list[int]) -> None:
    while (now := time.perf_counter()) < until:
        await asyncio.sleep(min(rng.expovariate(1 / think), until - now))
        table = bot.service.table_in(ch)
        if time.perf_counter() >= until or table is None:
            return
        choice = pick(world, uid, rng)
        if choice is None:
            continue
        pend = await timed_click(world, bot, uid, choice, lat, cpu_lat, answered_cpu)
        if "⚠️" in "".join(str(r.get("content") or "") for r in pend.replies) and (
                "太快" in pend.text() or "处理中" in pend.text()):
            refused[0] += 1  # a player refused by a limit: must stay 0
        await bot.service.delivery.outbox(table).idle()


class Flooder:
    """One member sending ``rate`` interactions a second, round-robin over the kinds, never waiting for answers."""

    def __init__(self, world: FakeDiscord, bot: HunanBot, uid: int, own_lobby: tuple[int, int],
                 other_lobby: tuple[int, int], pairs: list[tuple[int, int]], rate: float) -> None:
        self.world, self.bot, self.uid, self.rate = world, bot, uid, rate
        self.own_lobby, self.other_lobby, self.pairs = own_lobby, other_lobby, pairs
        self.fed = self.answered = self.refused = 0
        self._joined = False
        self.hands: list[int] = []  # the hands played so far, walked by /history hand:
        self.landed: list[PendingInteraction] = []  # forgotten by the fake once the phase is over (follow-ups)

    def one(self, i: int, rng: random.Random) -> PendingInteraction | None:
        world, bot = self.world, self.bot
        kind = i % 7
        uid_, ch = self.pairs[rng.randrange(len(self.pairs))]
        table = bot.service.table_in(ch)
        if kind == 0:
            return world.feed_command(bot, self.uid, self.own_lobby[1], "calc", **CALC)
        if kind == 1:
            return world.feed_command(bot, self.uid, self.own_lobby[1], "calc", share=True, **CALC)
        if kind == 2 and table is not None:
            mid = bot.service.delivery.hand_message(table)
            return world.feed_click(bot, self.uid, mid, f"ht:hand:{table.id}") if mid is not None else None
        if kind == 3 and table is not None:
            return world.feed_command(bot, self.uid, ch, "table hand")
        if kind == 4:
            lobby = bot.service.tables.get(self.own_lobby[0])
            if lobby is None or lobby.lobby_message_id is None:
                return None
            pages = [c["custom_id"] for c in world.components_of(lobby.lobby_message_id)
                     if str(c.get("custom_id", "")).startswith(f"ht:lobby:{lobby.id}:page")]
            return world.feed_click(bot, self.uid, lobby.lobby_message_id, rng.choice(pages)) if pages else None
        if kind == 6:
            if not self.hands:
                return None
            return world.feed_command(bot, self.uid, self.own_lobby[1], "history",
                                      hand=self.hands[rng.randrange(len(self.hands))])
        lobby = bot.service.tables.get(self.other_lobby[0])
        if lobby is None or lobby.lobby_message_id is None:
            return None
        self._joined = not self._joined
        return world.feed_click(bot, self.uid, lobby.lobby_message_id,
                                f"ht:lobby:{lobby.id}:{'join' if self._joined else 'leave'}")

    async def run(self, until: float, seed: int) -> None:
        """Feed at ``rate`` by the wall clock: a loop woken late by a busy core catches up (at most a tenth of a
        second's worth at once), as a client sending on its own clock would."""
        rng = random.Random(seed)
        self.hands = [int(r["id"]) for r in await self.bot.db.fetch("SELECT id FROM hands", ())]
        i, owed, last = 0, 0.0, time.perf_counter()
        while (now := time.perf_counter()) < until:
            owed = min(owed + (now - last) * self.rate, max(1.0, self.rate / 10))
            last = now
            while owed >= 1.0:
                owed -= 1.0
                i += 1
                pend = self.one(i, rng)
                if pend is None:
                    continue
                self.fed += 1

                def on_answer(_f: asyncio.Future[float], p: PendingInteraction = pend) -> None:
                    self._landed(p)

                pend.responded.add_done_callback(on_answer)
            await asyncio.sleep(0.005)

    def _landed(self, pend: PendingInteraction) -> None:
        self.answered += 1
        text = pend.text()
        if "太快" in text or "太频繁" in text or "处理中" in text:
            self.refused += 1
        self.landed.append(pend)

    def forget(self) -> None:
        for pend in self.landed:
            self.world.pending.pop(pend.token, None)
        self.landed.clear()


async def phase(world: FakeDiscord, bot: HunanBot, pairs: list[tuple[int, int]], args: argparse.Namespace,
                seed: int, answered_cpu: dict[str, float], flooder: Flooder | None) -> dict[str, Any]:
    lat: list[float] = []
    cpu_lat: list[float] = []
    refused = [0]
    rng = random.Random(seed)
    cpu0, start = time.process_time(), time.perf_counter()
    until = start + args.seconds
    work = [player(world, bot, uid, ch, random.Random(rng.random()), until, args.think, lat, cpu_lat, answered_cpu,
                   refused) for uid, ch in pairs]
    if flooder is not None:
        flooder.fed = flooder.answered = flooder.refused = 0
        work.append(flooder.run(until, seed))
    await asyncio.gather(*work)
    await bot.service.idle()
    await asyncio.sleep(0.2)  # the flood's last answers
    await bot.service.idle()
    if flooder is not None:
        flooder.forget()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - start
    q = statistics.quantiles(lat, n=100)
    qc = statistics.quantiles(cpu_lat, n=100)
    return {"lat": lat, "cpu_lat": cpu_lat, "clicks": len(lat), "cpu_s": cpu, "wall_s": wall, "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000,
            "cpu_p50_ms": qc[49] * 1000, "cpu_p99_ms": qc[98] * 1000, "players_refused": refused[0],
            "flood_fed": flooder.fed if flooder else 0, "flood_answered": flooder.answered if flooder else 0,
            "flood_refused": flooder.refused if flooder else 0}


def report(name: str, r: dict[str, Any]) -> None:
    print(f"[{name}] other tables' clicks={r['clicks']} CPU p50={r['cpu_p50_ms']:.2f}ms p99={r['cpu_p99_ms']:.2f}ms "
          f"(wall p50={r['p50_ms']:.1f}ms p99={r['p99_ms']:.1f}ms) players refused={r['players_refused']}; "
          f"flood fed={r['flood_fed']} answered={r['flood_answered']} refused={r['flood_refused']}; "
          f"{r['cpu_s']:.1f} CPU-s in {r['wall_s']:.1f}s", flush=True)


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=3.0, help="length of each phase")
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds between a player's clicks")
    ap.add_argument("--flood-rate", type=float, default=200.0, help="the hostile member's interactions per second")
    ap.add_argument("--rounds", type=int, default=10, help="turns of the three conditions")
    ap.add_argument("--verbose", action="store_true", help="a line per phase")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of unreported clicking first")
    args = ap.parse_args()
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    tmp = tempfile.mkdtemp()
    world, guild = bench_world()
    limits = Limits()
    bot = HunanBot(f"sqlite:///{os.path.join(tmp, 'flood.sqlite3')}", limits=limits)
    await world.attach(bot)
    limiter = bot.service.limiter
    # set-up opens N tables in one server faster than anyone would (LIMIT_LOBBIES_PER_SERVER, the commands'
    # cooldowns): with the limits off; every measured phase runs with the limits it names
    limiter.limits = replace(limits, on=False)
    t0 = time.perf_counter()
    pairs = await open_many_tables(world, bot, guild, args.tables, "paohuzi")
    hostile = world.add_user("hostile")
    world.add_member(guild, hostile)
    host = world.add_user("lobby-host")
    world.add_member(guild, host)
    lobbies = []
    for who in (hostile, host):
        ch = world.add_channel(guild, f"lobby-{who}")
        bot._connection.parse_channel_create(world.channels[ch])  # type: ignore[arg-type]
        pend = world.feed_command(bot, who, ch, "table create", variant="paohuzi", options="bot.pictures=off")
        await world.wait(pend)
        table = bot.service.table_in(ch)
        assert table is not None, pend.text()
        lobbies.append((table.id, ch))
    await bot.service.idle()
    print(f"set up {args.tables} tables and 2 lobbies in {time.perf_counter() - t0:.1f}s", flush=True)
    freeze_heap()
    answered_cpu = time_answers_in_cpu(world)
    flooder = Flooder(world, bot, hostile, lobbies[0], lobbies[1], pairs, args.flood_rate)
    seed = 11
    limiter.limits = limits
    if args.warmup:  # cold caches (the engine's memo, SQLite's pages, /calc's first pictures) are not measured
        warm = argparse.Namespace(**{**vars(args), "seconds": args.warmup})
        for limited in (True, False):
            limiter.limits = replace(limits, on=limited)
            await phase(world, bot, pairs, warm, seed, answered_cpu, flooder)
    runs: dict[str, list[dict[str, Any]]] = {"calm": [], "flood, limits on": [], "flood, limits off": []}
    for _ in range(args.rounds):  # the three conditions in turn, so the machine's other load drifts over all three
        for name in runs:
            limiter.limits = replace(limits, on=name != "flood, limits off")
            seed += 1
            r = await phase(world, bot, pairs, args, seed, answered_cpu, flooder if name != "calm" else None)
            runs[name].append(r)
            if args.verbose:
                report(name, r)
    limiter.limits = limits
    pooled: dict[str, dict[str, float]] = {}
    for name, rs in runs.items():
        qc = statistics.quantiles([x for r in rs for x in r["cpu_lat"]], n=100)
        q = statistics.quantiles([x for r in rs for x in r["lat"]], n=100)
        pooled[name] = {"cpu_p50_ms": qc[49] * 1000, "cpu_p99_ms": qc[98] * 1000, "p50_ms": q[49] * 1000,
                        "p99_ms": q[98] * 1000}
        tot = {k: sum(r[k] for r in rs) for k in ("clicks", "players_refused", "flood_fed", "flood_answered",
                                                 "flood_refused", "cpu_s", "wall_s")}
        print(f"[{name}, {len(rs)} phases of {args.seconds:g}s] other tables' clicks={tot['clicks']} "
              f"CPU p50={pooled[name]['cpu_p50_ms']:.2f}ms p99={pooled[name]['cpu_p99_ms']:.2f}ms "
              f"(wall p50={pooled[name]['p50_ms']:.1f}ms p99={pooled[name]['p99_ms']:.1f}ms); players refused="
              f"{tot['players_refused']}; flood fed={tot['flood_fed']} answered={tot['flood_answered']} "
              f"refused={tot['flood_refused']}; process {tot['cpu_s']:.1f} CPU-s in {tot['wall_s']:.1f}s", flush=True)
    calm = pooled["calm"]["cpu_p99_ms"]
    print(f"other tables' CPU p99, flood with limits on / calm: {pooled['flood, limits on']['cpu_p99_ms'] / calm:.2f}x "
          f"(goal <= 1.5x); with limits off / calm: {pooled['flood, limits off']['cpu_p99_ms'] / calm:.2f}x", flush=True)
    await bot.close()
    uninstall_webhook_edge()


if __name__ == "__main__":
    asyncio.run(main())
