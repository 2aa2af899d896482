"""One bot process of a sharded deployment, over the fake Discord edge: ``python -m tests.shards.worker``.

Arguments: the database URL, the shard count and this process's shard ids, the world (users, guilds and
channels with fixed ids, as JSON) and the file the world's messages are kept in (``FakeDiscord.keep_in``: Discord
keeps its messages when a bot process dies). Each process sees only its shards' guilds, as the gateway sends them.

Commands are JSON lines on stdin, each answered by one JSON line on stdout (``{"ok": …}`` or ``{"error": …}``):
``open`` a table, ``click`` a random legal control for a player whose turn it is, ``hand`` (play until the current
hand is settled), ``state``, ``create_misrouted`` (a command the gateway should not have sent here), ``quit``.

A click on a DM panel reaches the shard-0 process only, as Discord sends it: ``dm_choice`` (in the table's
process) picks a player's control on their DM panel, ``click_forwarded`` (in the shard-0 process) feeds that
click, which it forwards to the owner, and ``answer`` (in the owner) waits for the owner's answer to it. The
worlds share their interactions (``FakeDiscord.share_interactions``) as the one Discord they model does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from bot.edge.client import HunanBot, make_bot
from bot.edge.shards import Shards, parse_ids
from fake_discord import FakeDiscord, playing, uninstall_webhook_edge
from fake_discord.playing import action_choices
from tests.example_family import ensure_registered

ensure_registered()


def build_world(spec: dict[str, Any], journal: Path, shared: Path | None = None) -> FakeDiscord:
    world = FakeDiscord()
    if shared is not None:
        world.share_interactions(shared)
    world.app_id = int(spec["app_id"])
    world.bot_user["id"] = str(world.app_id)
    for u in spec["users"]:
        world.add_user(u["name"], user_id=int(u["id"]), dm_closed=bool(u.get("dm_closed")))
    for g in spec["guilds"]:
        gid = world.add_guild(g["name"], int(g["owner"]), guild_id=int(g["id"]))
        for uid in g["members"]:
            world.add_member(gid, int(uid))
        for cid in g["channels"]:
            world.add_channel(gid, f"牌桌{cid % 1000}", channel_id=int(cid))
    world.keep_in(journal)
    return world


class Worker:
    def __init__(self, world: FakeDiscord, bot: HunanBot, seed: int) -> None:
        self.world = world
        self.bot = bot
        self.rng = random.Random(seed)

    async def run(self, cmd: dict[str, Any]) -> dict[str, Any]:
        op = cmd["op"]
        handler = getattr(self, f"op_{op}", None)
        if handler is None:
            raise ValueError(f"unknown op {op!r}")
        result: dict[str, Any] = await handler(**{k: v for k, v in cmd.items() if k != "op"})
        return result

    async def op_open(self, channel: int, humans: list[int], options: str) -> dict[str, Any]:
        w, b = self.world, self.bot
        p = await playing.command(w, b, humans[0], channel, "table create", variant="toy", options=options)
        if p.ephemeral:
            return {"refused": p.text()}
        for uid in humans[1:]:
            await playing.command(w, b, uid, channel, "table join")
        table = b.service.table_in(channel)
        assert table is not None
        while len(table.seats) < table.seat_count:
            await playing.command(w, b, humans[0], channel, "table ai")
        await playing.command(w, b, humans[0], channel, "table start")
        return {"table": table.id}

    async def op_create_misrouted(self, channel: int, user: int) -> dict[str, Any]:
        pend = await self.world.wait(self.world.feed_command(self.bot, user, channel, "table create", misroute=True,
                                                             variant="toy", options="bot.timer=0"))
        await self.bot.service.idle()
        return {"ephemeral": pend.ephemeral, "text": pend.text(), "table": self._table_id(channel)}

    def _table_id(self, channel: int) -> int | None:
        table = self.bot.service.table_in(channel)
        return table.id if table is not None else None

    async def _panel(self, user: int, channel: int, table_id: int) -> int | None:
        """The player's panel of this table: its newest DM (a player may sit at several tables), or the private
        one of 查看我的手牌 in the channel."""
        if user in self.world.dm_closed or not self.bot.shard_plan.dm_clicks_arrive:
            return await playing.ephemeral_panel(self.world, self.bot, user, channel)
        ids = re.compile(rf"ht:[bs]:{table_id}:")
        for mid in reversed(self.world.by_channel.get(self.world.dm_of_user.get(user, 0), [])):
            if any(ids.match(str(c.get("custom_id", ""))) for c in self.world.components_of(mid)):
                return mid
        return None

    async def _choice(self, channel: int, users: list[int]) -> dict[str, Any] | None:
        """A random legal control on the panel of a player whose turn it is (not on 托管), or None."""
        table = self.bot.service.table_in(channel)
        if table is None or table.game is None:
            return None
        waiting = set(table.game.to_act())
        for uid in users:
            seat = table.seat_of(uid)
            if seat is None or seat not in waiting or table.seats[seat].auto:
                continue
            mid = await self._panel(uid, channel, table.id)
            choices = action_choices(self.world, mid)
            if mid is None or not choices:
                continue
            cid, values = self.rng.choice(choices)
            code = values[0] if values else cid.split(":", 5)[5]
            return {"clicked": cid, "values": values, "code": code, "user": uid, "seat": seat,
                    "hand_no": table.hand_no, "mid": mid}
        return None

    async def op_click(self, channel: int, users: list[int]) -> dict[str, Any]:
        """One click by a player whose turn it is; answered once Discord got the bot's answer to it."""
        choice = await self._choice(channel, users)
        if choice is None:
            await self.bot.service.idle()
            return {"clicked": None}
        # the hand is the click's (it may settle it): read before clicking
        pend = await playing.click(self.world, self.bot, choice["user"], choice["mid"], choice["clicked"],
                                   choice["values"])
        return {k: choice[k] for k in ("clicked", "code", "user", "seat", "hand_no")} | {"refused": "⚠️" in pend.text()}

    async def op_dm_choice(self, channel: int, users: list[int]) -> dict[str, Any]:
        """A random legal control on the DM panel of a player whose turn it is (not clicked: the click goes to
        the shard-0 process, see ``op_click_forwarded``)."""
        await self.bot.service.idle()
        choice = await self._choice(channel, users)
        if choice is None:
            return {"clicked": None}
        message = self.world.messages[choice["mid"]]
        return choice | {"message": message, "dm_channel": message["channel_id"]}

    async def op_click_forwarded(self, user: int, mid: int, message: dict[str, Any], clicked: str,
                                 values: list[str] | None, **_: Any) -> dict[str, Any]:
        """Feed a DM click (one ``op_dm_choice`` picked in another process) to this process, as the gateway of
        shard 0 delivers it; answered with what became of it: forwarded and taken by the owner, or withdrawn and
        answered here (with the text of that answer)."""
        assert self.bot.forwarder is not None
        self.world.know_dm(user, int(message["channel_id"]))
        pend = self.world.feed_click(self.bot, user, mid, clicked, values, message=message)
        outcome = await asyncio.wait_for(self.bot.forwarder.expect(pend.token), 30)
        text = ""
        if outcome != "taken":
            text = (await self.world.wait(pend)).text()
        return {"token": pend.token, "outcome": outcome, "text": text, "fed_at": pend.fed_at}

    async def op_answer(self, token: str) -> dict[str, Any]:
        """This process's answer to a click another process forwarded: its text and how many first responses
        (callbacks) were sent for it."""
        for _ in range(3000):
            pend = self.world.pending.get(token)
            if pend is not None and pend.responded.done():
                break
            await asyncio.sleep(0.01)
        else:
            return {"answered": False}
        await self.bot.service.idle()
        callbacks = [c for c in self.world.calls if c.path.endswith("/callback") and token in c.url]
        # perf_counter is the machine's monotonic clock: comparable with the feeding process's ``fed_at``
        return {"answered": True, "text": pend.text(), "callbacks": len(callbacks),
                "responded_at": pend.responded.result()}

    async def op_forward_stats(self) -> dict[str, Any]:
        fw = self.bot.forwarder
        assert fw is not None
        return {"taken": fw.taken, "latencies": fw.latencies}

    async def op_hand(self, channel: int, users: list[int]) -> dict[str, Any]:
        """Click until the hand now in play is settled (the next one dealt, or the table over)."""
        table = self.bot.service.table_in(channel)
        hand_no = table.hand_no if table is not None else 0
        clicks = 0
        while (t := self.bot.service.table_in(channel)) is not None and t.hand_no == hand_no:
            done = await self.op_click(channel, users)
            if done["clicked"] is None:
                raise AssertionError(f"hand {hand_no} of the table in {channel} stalled")
            clicks += 1
        return {"clicks": clicks}

    async def op_state(self, channel: int) -> dict[str, Any]:
        """What the table is, from memory and from the shared log."""
        table = self.bot.service.table_in(channel)
        if table is None:
            return {"table": None}
        row = await self.bot.db.table(table.id)
        assert row is not None
        return {"table": table.id, "hand_no": table.hand_no, "version": table.version, "status": table.status,
                "view": table.game.public_view().to_json() if table.game is not None else None,
                "log": [[h.hand_no, [[a.seat, a.code, a.by_ai] for a in h.actions]] for h in row.hands],
                "settled": [h.hand_no for h in row.hands if h.settled]}

    async def op_tables(self) -> dict[str, Any]:
        return {"tables": sorted(self.bot.service.tables)}


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.shards.worker")
    ap.add_argument("--db", required=True)
    ap.add_argument("--shard-count", type=int, required=True)
    ap.add_argument("--shard-ids", required=True)
    ap.add_argument("--world", required=True, help="the world as JSON (a file)")
    ap.add_argument("--journal", required=True, help="where the world keeps its messages")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--share", help="the file the worlds share their interactions in")
    args = ap.parse_args(argv)
    shards = Shards(args.shard_count, parse_ids(args.shard_ids, args.shard_count))
    world = build_world(json.loads(Path(args.world).read_text(encoding="utf-8")), Path(args.journal),
                        Path(args.share) if args.share else None)
    bot = make_bot(args.db, shards=shards)
    await world.attach(bot)
    worker = Worker(world, bot, args.seed)
    print(json.dumps({"ready": sorted(bot.service.tables), "shards": list(shards.ids)}), flush=True)
    try:
        while True:
            line = await asyncio.to_thread(sys.stdin.readline)
            if not line:
                break
            cmd = json.loads(line)
            if cmd["op"] == "quit":
                break
            try:
                answer: dict[str, Any] = {"ok": await worker.run(cmd)}
            except Exception as e:  # the test reads the failure; the process stays up for the next command
                answer = {"error": f"{type(e).__name__}: {e}"}
            if world.errors:
                answer["world_errors"] = list(world.errors)
            print(json.dumps(answer, ensure_ascii=False), flush=True)
    finally:
        await bot.close()
        uninstall_webhook_edge()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
