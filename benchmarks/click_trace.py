"""One click, traced: which of the project's files it runs through, how many times it asks the engine for a view,
and its longest call path (the longest chain of distinct project modules on one call stack), from the DM click to
the last message delivered. Issue 18 compares these before and after the redesign.

    python -m benchmarks.click_trace [--variant paohuzi] [--seed 3]

A table of the variant with one human and AI seats is opened through the fake Discord edge; the human's first
decision is a control on his DM panel (its last); that one click (answer, AI turns it sets off, deliveries) is traced with
``sys.setprofile``. (The figures before the redesign were taken by this script's first version, which also found
the old module names, ``bot/harness.py`` and ``bot/client.py``; that layout is gone, so the fallback went too.)"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine", "storage")


def project_module(frame: FrameType) -> str | None:
    path = Path(frame.f_code.co_filename)
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        return None
    return str(rel) if rel.parts and rel.parts[0] in PACKAGES else None


class Trace:
    def __init__(self) -> None:
        self.files: set[str] = set()
        self.views = 0
        self.longest: list[str] = []

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        here = project_module(frame)
        if here is None:
            return
        self.files.add(here)
        if frame.f_code.co_name in ("public_view", "view") and here.startswith("engine/") and "resum" not in event:
            self.views += frame.f_code.co_name == "public_view"
        chain: list[str] = []
        f: FrameType | None = frame
        while f is not None:
            m = project_module(f)
            if m is not None and (not chain or chain[-1] != m):
                chain.append(m)
            f = f.f_back
        if len(chain) > len(self.longest):
            self.longest = chain[::-1]


async def main(variant: str, seed: int) -> Trace:
    from bot.edge.client import HunanBot
    from bot.service.limits import Limits
    from fake_discord import FakeDiscord, playing
    random.seed(seed)
    world = FakeDiscord()
    human = world.add_user("alice")
    guild = world.add_guild("湖南牌友", human)
    world.add_member(guild, human)
    channel = world.add_channel(guild, "牌桌")
    db = Path(tempfile.mkdtemp()) / "trace.sqlite3"
    bot = HunanBot(f"sqlite:///{db}", limits=Limits(on=False))  # the per-user limits would refuse a script's bursts
    await world.attach(bot)
    await playing.command(world, bot, human, channel, "table create", variant=variant, options="bot.timer=0")
    table = bot.service.table_in(channel)
    assert table is not None, "table create opened no table"
    while len(table.seats) < table.seat_count:
        await playing.command(world, bot, human, channel, "table ai")
    await playing.command(world, bot, human, channel, "table start")
    for _ in range(200):
        table = bot.service.table_in(channel)
        panel = world.latest_dm(human)
        choices = playing.action_choices(world, panel)
        if table is not None and table.game is not None and choices:
            break
        await asyncio.sleep(0)
    else:
        raise SystemExit("the human never got a button to press")
    assert panel is not None  # choices come from a panel
    custom_id, values = choices[-1]
    trace = Trace()
    sys.setprofile(trace)
    try:
        await playing.click(world, bot, human, panel, custom_id, values)
    finally:
        sys.setprofile(None)
    await bot.close()
    return trace


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="paohuzi")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    t = asyncio.run(main(args.variant, args.seed))
    print(f"files touched: {len(t.files)}  (bot {sum(f.startswith('bot/') for f in t.files)}, engine "
          f"{sum(f.startswith('engine/') for f in t.files)}, storage {sum(f.startswith('storage/') for f in t.files)})")
    print(f"public_view calls: {t.views}")
    print(f"longest call path ({len(t.longest)} modules): " + " → ".join(t.longest))
    for f in sorted(t.files):
        print("  ", f)
