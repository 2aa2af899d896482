"""Bytes per live table: one table of every variant played for 30 hands through the fake Discord edge.

    taskset -c 0 python benchmarks/table_memory.py --hands 30 --baseline main

Each table has one clicking player (random legal clicks) and AI seats, pictures on, no turn timer. After 1, 8 and
``--hands`` settled hands (a variant whose match is shorter: its last hand before the end) we measure the table's
*retained* size: the objects reachable from the table (the ``Table`` object and what the service keeps for it by
its id: delivery's record of what was sent, its outbox lanes, play's pending writes) that nothing else in the
process reaches. Everything reachable from the modules and the service with those roots cut off (the variants,
caches, sprites, interned words, the other tables) is shared and not counted. Sizes are ``sys.getsizeof`` summed
over that set (the CPU-light way of counting a heap; tracemalloc would count the caches a first hand fills).

``--baseline REV`` also runs this same file against the code of ``REV`` (a temporary ``git worktree``, removed
afterwards), in the same run, and prints both side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402

from bot.edge.client import HunanBot  # noqa: E402
from engine.registry import all_variants  # noqa: E402
from fake_discord import FakeDiscord, playing, uninstall_webhook_edge  # noqa: E402

# how long each variant's match may run (the longest its options allow); 安化 plays 8 hands, no option
MATCH_OPTIONS = {"fangpaofa": "target=1000 max_hands=50", "bopi": "target=1000 max_hands=50"}
DEFAULT_MATCH = "hands=32"
NO_LENGTH = {"anhua"}


class Reached(Exception):
    """The last checkpoint was measured: stop playing."""


def table_roots(bot: HunanBot, table: Any) -> list[Any]:
    """The table and what the service keeps for it, keyed by its id."""
    service = bot.service
    roots: list[Any] = [table]
    delivery = service.delivery
    for store in (delivery._sent, delivery._asked, delivery._notices, delivery._unposted, service.play._pending,
                  service.play._retries):
        if table.id in store:
            roots.append(store[table.id])
    for key, box in delivery.outboxes.items():
        if key == table.id or (isinstance(key, tuple) and key[0] == table.id):
            roots.append(box)
    return roots


def reached(roots: list[Any], skip: set[int]) -> Iterator[Any]:
    """Each object reachable from ``roots`` whose id is not in ``skip`` (classes and modules left out), once:
    every one yielded is added to ``skip``, so a later walk with the same set counts only what is new."""
    stack = list(roots)
    while stack:
        o = stack.pop()
        i = id(o)
        if i in skip or isinstance(o, type | types.ModuleType):
            continue
        skip.add(i)
        yield o
        stack.extend(gc.get_referents(o))


def retained(bot: HunanBot, table: Any, dissect: bool = False) -> tuple[int, int]:
    """(bytes, objects) reachable from the table's roots and from nothing else."""
    roots = table_roots(bot, table)
    cut = {id(r) for r in roots}
    gc.collect()
    # what the rest of the process reaches: the modules, the bot (its other tables included), the running loop
    shared: set[int] = set()
    stack: list[Any] = [sys.modules, bot, asyncio.get_running_loop(), *[t for t in asyncio.all_tasks()]]
    while stack:
        o = stack.pop()
        i = id(o)
        if i in shared or i in cut:
            continue
        shared.add(i)
        stack.extend(gc.get_referents(o))
    by_type: dict[str, int] = {}
    size = count = 0
    for o in reached(roots, set(shared)):
        size += sys.getsizeof(o)
        count += 1
        if dissect:
            kind = type(o).__qualname__
            by_type[kind] = by_type.get(kind, 0) + sys.getsizeof(o)
    if dissect:
        # what each part holds (walked in this order, so a part shared with an earlier one counts there)
        parts: list[tuple[str, Any]] = []
        game = table.match.game if table.match else None
        if game is not None:
            parts += [(f"game.{k}", v) for k, v in sorted(vars(game).items())] if hasattr(game, "__dict__") else []
        parts += [(f"table.{k}", v) for k, v in vars(table).items()]
        for r in roots[1:]:
            fields = getattr(type(r), "__slots__", None) or list(getattr(r, "__dict__", {}))
            parts += [(f"{type(r).__name__}.{f}", getattr(r, f, None)) for f in fields] if fields else [(type(r).__name__, r)]
        done: set[int] = cut | shared
        sizes = [(sum(sys.getsizeof(o) for o in reached([part], done)), name) for name, part in parts]
        print("    parts: " + ", ".join(f"{n} {t}" for t, n in sorted(sizes, reverse=True)[:30]), file=sys.stderr)
        top = sorted(by_type.items(), key=lambda kv: -kv[1])[:25]
        print("    " + ", ".join(f"{k} {v}" for k, v in top), file=sys.stderr, flush=True)
    return size, count


async def run(hands: int, seed: int, dissect: bool = False) -> dict[str, dict[str, Any]]:
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    tmp = tempfile.mkdtemp()
    world = FakeDiscord()
    world.record_calls = False
    world.check_limits = False
    host = world.add_user("host")
    guild = world.add_guild("bench", host)
    world.add_member(guild, host)
    bot = HunanBot(f"sqlite:///{os.path.join(tmp, 'memory.sqlite3')}")
    await world.attach(bot)
    out: dict[str, dict[str, Any]] = {}
    for n, variant in enumerate(v.id for v in all_variants()):
        uid = world.add_user(f"p{n}")
        world.add_member(guild, uid)
        ch = world.add_channel(guild, f"t{n}")
        bot._connection.parse_channel_create(world.channels[ch])  # type: ignore[arg-type]
        length = "" if variant in NO_LENGTH else MATCH_OPTIONS.get(variant, DEFAULT_MATCH)
        await playing.command(world, bot, uid, ch, "table create", variant=variant,
                              options=f"bot.seed={seed + n} bot.timer=0 bot.pictures=on {length}".strip())
        table = bot.service.table_in(ch)
        assert table is not None, variant
        while len(table.seats) < table.seat_count:
            await playing.command(world, bot, uid, ch, "table ai")
        await playing.command(world, bot, uid, ch, "table start")
        marks = sorted({1, min(8, hands), hands})
        sizes: dict[str, Any] = {}
        last: list[Any] = [0, None]  # the latest hand measured past the middle mark: a short match's last figure

        def watch(*_: Any) -> None:
            current = bot.service.table_in(ch)  # noqa: B023 (this variant's table)
            if current is None or current.hand_no == last[0]:  # noqa: B023
                return
            played = last[0] = current.hand_no  # noqa: B023
            due = [m for m in marks if m <= played and str(m) not in sizes]  # noqa: B023
            if due:  # (a hand may end without a click of the player's: the first click after it)
                sizes[str(due[-1])] = retained(bot, current, dissect and due[-1] == marks[-1])  # noqa: B023
                if due[-1] == marks[-1]:  # noqa: B023
                    raise Reached
            elif variant in NO_LENGTH:  # noqa: B023
                last[1] = retained(bot, current)  # noqa: B023

        cpu = time.process_time()
        with contextlib.suppress(Reached):
            await playing.play_match(world, bot, ch, [uid], random.Random(seed + n), on_click=watch)
        if str(hands) not in sizes and last[1] is not None:  # the match ended first: its last hand's figure
            sizes[f"{last[0]} (last)"] = last[1]
        out[variant] = {"sizes": sizes, "cpu_s": round(time.process_time() - cpu, 1)}
        print(f"  {variant}: {sizes}", file=sys.stderr, flush=True)
    await bot.close()
    uninstall_webhook_edge()
    return out


def baseline(rev: str, hands: int, seed: int) -> dict[str, dict[str, Any]]:
    """This file run against the code of ``rev``, in a temporary worktree."""
    tmp = tempfile.mkdtemp(prefix="table-memory-")
    path = os.path.join(tmp, "tree")
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", path, rev], check=True,
                   capture_output=True)
    try:
        target = os.path.join(path, "benchmarks", "table_memory.py")
        Path(target).write_text(Path(__file__).read_text(encoding="utf-8"), encoding="utf-8")
        done = subprocess.run([sys.executable, target, "--hands", str(hands), "--seed", str(seed), "--json"],
                              check=True, capture_output=True, text=True, cwd=path)
        return json.loads(done.stdout)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", path], check=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=30, help="settled hands at the last checkpoint")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--baseline", metavar="REV", help="also measure the code of this git revision (e.g. main)")
    ap.add_argument("--dissect", action="store_true", help="print the last checkpoint's bytes by type (stderr)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = ap.parse_args()
    ours = asyncio.run(run(args.hands, args.seed, args.dissect))
    if args.json:
        print(json.dumps(ours))
        return
    base = baseline(args.baseline, args.hands, args.seed) if args.baseline else {}
    print(f"retained bytes (objects) per live table, pictures on; code at {ROOT}"
          + (f", baseline {args.baseline}" if base else ""))
    for variant, r in ours.items():
        cells = []
        for mark, (size, count) in r["sizes"].items():
            cell = f"after {mark}: {size / 1024:.1f} KB ({count} objects)"
            old = base.get(variant, {}).get("sizes", {}).get(mark)
            if old:
                cell += f" [baseline {old[0] / 1024:.1f} KB ({old[1]} objects)]"
            cells.append(cell)
        print(f"{variant:11} " + "; ".join(cells) + f"  ({r['cpu_s']} CPU-s)")


if __name__ == "__main__":
    main()
