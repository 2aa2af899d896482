"""``python -m benchmarks.picture_bench [--rounds N]``: CPU time to draw one picture of each kind (issue 11's goal:
< 30 ms an image), from positions of seeded hands played by the AI.

``python -m benchmarks.picture_bench --clicks [--tables N --seconds S --rounds R]``: what pictures cost a click
(issue 22, goal 1: ≤ 1.3× text only). One bot on the fake edge holds two sets of the same mixed tables (every
variant in turn, the same seeds), one with pictures on and one off; players click as fast as they may on one set,
then the other, alternately, and it prints CPU time per click (``time.process_time`` of the whole process: the
players, the bot, its database thread, the fake edge) for text only and pictures side by side, with their ratio.

``warm``: sprites (cards, tiles, labels) already cached, the picture itself drawn anew each time (the picture
cache is cleared), as in a running bot; ``cold``: the first picture after start-up, every sprite drawn too.
Figures are CPU-seconds (``time.process_time``) per image, printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from bot.pictures import cache
from bot.present import pictures
from bot.present.registry import presenter_for
from engine.core import Game
from engine.registry import get_variant
from engine.selfplay import play_hand

GOAL_MS = 30.0


def _play(variant: str, seed: int, steps: int | None) -> Game:
    v = get_variant(variant)
    return play_hand(v.new_hand(v.validate({}), seed, 0, {}), steps=steps)


def _hand(variant: str, seed: int) -> Callable[[], Any]:
    game = _play(variant, seed, 10)
    view = game.view(game.to_act()[0] if game.to_act() else 0)
    return lambda: pictures.hand_picture(view)


def _table(variant: str, seed: int) -> Callable[[], Any]:
    view = _play(variant, seed, 30).public_view()
    return lambda: pictures.table_picture(view)


def _result(variant: str, seed: int) -> Callable[[], Any] | None:
    game = _play(variant, seed, None)
    if game.result is None or not game.result.winners:
        return None
    presenter, result = presenter_for(get_variant(variant).family), game.result
    return lambda: presenter.result_picture(result, game.seats)


KINDS: dict[str, tuple[str, Callable[[str, int], Callable[[], Any] | None]]] = {
    "zipai_hand": ("paohuzi", _hand), "mahjong_hand": ("changsha", _hand), "paodekuai_hand": ("paodekuai", _hand),
    "zipai_table": ("paohuzi", _table), "mahjong_table": ("changsha", _table), "paodekuai_table": ("paodekuai", _table),
    "zipai_settlement": ("paohuzi", _result), "mahjong_settlement": ("changsha", _result),
    "paodekuai_settlement": ("paodekuai", _result),
}


def measure(rounds: int, seeds: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind, (variant, make) in KINDS.items():
        builds = [b for b in (make(variant, s) for s in range(1, seeds * 3 + 1)) if b is not None][:seeds]
        cache.clear()
        start = time.process_time()
        first = builds[0]()
        assert first is not None
        first.data  # noqa: B018 - drawing happens on first read
        cold = time.process_time() - start
        start = time.process_time()
        n = 0
        size = 0
        for _ in range(rounds):
            for build in builds:
                cache.PICTURES.clear()
                pic = build()
                size += len(pic.data)
                n += 1
        warm = (time.process_time() - start) / n
        out[kind] = {"warm_ms": round(warm * 1000, 2), "cold_ms": round(cold * 1000, 2),
                     "bytes": size // n, "images": n}
    out["goal_ms"] = GOAL_MS
    out["worst_warm_ms"] = max(v["warm_ms"] for v in out.values() if isinstance(v, dict))
    return out


CLICK_GOAL = 1.3  # pictures' CPU per click at most this many times text only's (issue 22)
MIN_CLICKS = 1  # a phase without a click (its set's matches all over) is left out of the medians


def mixed_variants() -> list[str]:
    from engine.registry import all_variants

    return [v.id for v in all_variants() if v.family in ("zipai", "mahjong", "paodekuai")]


async def open_mixed(world: Any, bot: Any, guild: int, n: int, pictures_on: bool) -> list[tuple[int, int]]:
    """``n`` tables, every variant in turn, table ``i`` dealt from seed ``i`` whichever set it is in: one player
    and AI seats, the variant's default options, pictures on or off."""
    from fake_discord import playing

    variants = mixed_variants()
    mode = "on" if pictures_on else "off"
    out = []
    for i in range(n):
        uid = world.add_user(f"{mode}{i}")
        world.add_member(guild, uid)
        world.guilds[guild]["member_count"] = len(world.guilds[guild]["members"])
        ch = world.add_channel(guild, f"{mode}{i}")
        out.append((uid, ch))
        bot._connection.parse_channel_create(world.channels[ch])
        created = await playing.command(world, bot, uid, ch, "table create", variant=variants[i % len(variants)],
                                        options=f"bot.seed={i + 1} bot.pictures={mode}")
        table = bot.service.table_in(ch)
        assert table is not None, created.text()
        while len(table.seats) < table.seat_count:
            await playing.command(world, bot, uid, ch, "table ai")
        await playing.command(world, bot, uid, ch, "table start")
    return out


async def clicks(tables: int, seconds: float, rounds: int, warmup: float) -> dict[str, Any]:
    import os
    import statistics
    import tempfile

    import discord

    from bot.edge.client import HunanBot, freeze_heap
    from fake_discord import uninstall_webhook_edge

    from .bot_bench import FullCollections, bench_world, phase, time_answers_in_cpu

    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    world, guild = bench_world()
    bot = HunanBot(f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'bench.sqlite3')}")
    await world.attach(bot)
    sets = {False: await open_mixed(world, bot, guild, tables, False),
            True: await open_mixed(world, bot, guild, tables, True)}
    full, answered = FullCollections(), time_answers_in_cpu(world)
    freeze_heap()  # as the bot does after start-up
    seed = 1
    if warmup:  # memo tables, sprites and SQLite's cache start cold: not what a running bot sees
        for on in (False, True):
            await phase(world, bot, sets[on], warmup, 0.0, seed, full, answered)
    per_click: dict[bool, list[float]] = {False: [], True: []}
    per_action: dict[bool, list[float]] = {False: [], True: []}
    for r in range(rounds):
        for on in (False, True) if r % 2 == 0 else (True, False):  # alternate which goes first
            seed += 1
            got = await phase(world, bot, sets[on], seconds, 0.0, seed, full, answered)
            ms, per = got["cpu_s"] / max(got["clicks"], 1) * 1000, got["cpu_s"] / max(got["durable"], 1) * 1000
            print(f"  round {r + 1} pictures {'on ' if on else 'off'}: {got['clicks']} clicks on "
                  f"{got['live_tables']} live tables, {ms:.2f} ms CPU a click, {per:.2f} ms a durable action",
                  flush=True)
            if got["clicks"] >= MIN_CLICKS:  # a set whose matches have all ended measures nothing
                per_click[on].append(ms)
                per_action[on].append(per)
    await bot.close()
    uninstall_webhook_edge()
    def median(xs: list[float]) -> float:
        return statistics.median(xs) if xs else float("nan")

    text_ms, pic_ms = median(per_click[False]), median(per_click[True])
    return {"tables_each": tables, "variants": mixed_variants(), "rounds": rounds, "seconds": seconds,
            "text_ms_per_click": round(text_ms, 2), "pictures_ms_per_click": round(pic_ms, 2),
            "ratio": round(pic_ms / text_ms, 2), "goal_ratio": CLICK_GOAL,
            "text_ms_per_action": round(median(per_action[False]), 2),
            "pictures_ms_per_action": round(median(per_action[True]), 2)}


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.picture_bench", description=__doc__)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=5, help="positions per kind")
    ap.add_argument("--clicks", action="store_true", help="CPU per click, text only against pictures (issue 22)")
    ap.add_argument("--tables", type=int, default=45, help="--clicks: tables in each set (every variant in turn)")
    ap.add_argument("--seconds", type=float, default=5.0, help="--clicks: length of each phase")
    ap.add_argument("--warmup", type=float, default=3.0, help="--clicks: unreported seconds of clicking first")
    args = ap.parse_args()
    if args.clicks:
        import asyncio

        print(json.dumps(asyncio.run(clicks(args.tables, args.seconds, args.rounds, args.warmup)), indent=1,
                         ensure_ascii=False))
        return 0
    print(json.dumps(measure(args.rounds, args.seeds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
