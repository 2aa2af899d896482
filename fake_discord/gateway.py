"""What the gateway sends the bot, fed through the connection state's own parsers: READY and GUILD_CREATE per
shard (``parse_ready``, ``parse_guild_create``), and INTERACTION_CREATE for a slash command or a component click
(``parse_interaction_create``), routed to the shard that holds the guild as Discord routes it."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import discord

from .records import PendingInteraction
from .shared import SharedInteractions
from .world import DISCORD_EPOCH_MS, MEMBER_PERMISSIONS


@dataclass(frozen=True, slots=True)
class UserOption:
    """A slash-command option of type USER (Discord sends the id plus the resolved user and member)."""

    user_id: int


def shard_of(guild_id: int, count: int) -> int:
    """Discord's shard for a guild (discord.py's ``Guild.shard_id``)."""
    return (guild_id >> 22) % count


def client_shards(client: discord.Client) -> tuple[int, tuple[int, ...]]:
    """(shard count, the shards this client holds): one shard of one for a plain client."""
    if isinstance(client, discord.AutoShardedClient):
        count = client.shard_count or 1
        return count, tuple(client.shard_ids if client.shard_ids is not None else range(count))
    return 1, (0,)


def guild_id_on_shard(shard: int, count: int, n: int = 0) -> int:
    """A guild snowflake (created now, ``n`` distinguishes several) that lands on ``shard`` of ``count``."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    ms += (shard - ms) % count
    return (ms << 22) | (0x3FF000 + n)


class Gateway(SharedInteractions):
    """Feeds gateway events to a logged-in client's connection state."""

    def _connect(self, client: discord.Client) -> None:
        """READY for every shard the client holds, then GUILD_CREATE for the guilds on those shards only.

        An ``AutoShardedClient`` gets one READY per shard it was given (``shard: [id, count]``)."""
        state = client._connection
        state.guild_ready_timeout = 0  # nothing to wait for: every guild arrives in READY
        count, ids = client_shards(client)
        if isinstance(client, discord.AutoShardedClient):
            # what AutoShardedClient.launch_shards sets before the shards connect
            state.shard_count = count
            state.shard_ids = list(ids)  # type: ignore[attr-defined]
        for shard_id in ids:
            ready: Any = {"v": 10, "user": self.bot_user, "guilds": [], "session_id": f"fake-{shard_id}",
                          "resume_gateway_url": "wss://gateway.invalid", "shard": [shard_id, count],
                          "application": {"id": str(self.app_id), "flags": 0}}
            state.parse_ready(ready)
        for gid, g in self.guilds.items():
            if shard_of(gid, count) in ids:
                state.parse_guild_create(json.loads(json.dumps(g)))

    def _route_to(self, client: discord.Client, channel_id: int, misroute: bool) -> None:
        """The gateway delivers a guild's interaction only on the guild's shard, and a DM's only on shard 0:
        feeding one to a client that does not hold that shard is a test's mistake (``misroute`` makes it on
        purpose, to see the bot refuse what it should never have received)."""
        count, ids = client_shards(client)
        gid = self.channels[channel_id].get("guild_id")
        shard = shard_of(int(gid), count) if gid is not None else 0
        if shard not in ids and not misroute:
            self._fail(f"the gateway sends {'guild ' + str(gid) if gid else 'DM'} events to shard {shard} of "
                       f"{count}; this client holds shards {list(ids)}")

    def _base_interaction(self, user_id: int, channel_id: int, itype: int) -> tuple[dict[str, Any], PendingInteraction]:
        iid = self.snowflake()
        token = f"tok{iid}"
        ch = self.channels[channel_id]
        data: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "token": token, "version": 1,
            "channel_id": str(channel_id), "channel": ch, "locale": self.locales.get(user_id, "zh-CN"),
            "entitlements": [],
            "app_permissions": str(MEMBER_PERMISSIONS), "attachment_size_limit": 10 * 1024 * 1024,
        }
        if "guild_id" in ch:
            gid = int(ch["guild_id"])
            data |= {"guild_id": str(gid), "guild_locale": self.guilds[gid]["preferred_locale"],
                     "member": self.members[(gid, user_id)],
                     "authorizing_integration_owners": {"0": str(gid)}, "context": 0}
        else:
            data |= {"user": self.users[user_id], "authorizing_integration_owners": {"1": str(user_id)}, "context": 1}
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        pend = PendingInteraction(iid, token, user_id, channel_id, None, time.perf_counter(), fut)
        self.pending[token] = pend
        return data, pend

    def feed_command(self, client: discord.Client, user_id: int, channel_id: int, command: str,
                     misroute: bool = False, **options: Any) -> PendingInteraction:
        """Feed a slash command, e.g. ``feed_command(bot, uid, cid, "table create", variant="toy")``."""
        self._route_to(client, channel_id, misroute)
        data, pend = self._base_interaction(user_id, channel_id, 2)
        names = command.split()
        opts = []
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for k, v in options.items():
            if v is None:
                continue
            if isinstance(v, UserOption):
                resolved["users"][str(v.user_id)] = self.users[v.user_id]
                gid = self.channels[channel_id].get("guild_id")
                if gid is not None:
                    member = self.members[(int(gid), v.user_id)]
                    resolved["members"][str(v.user_id)] = {k2: x for k2, x in member.items() if k2 != "user"}
                opts.append({"name": k, "type": 6, "value": str(v.user_id)})
            else:
                opts.append({"name": k, "type": _option_type(v), "value": v})
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data["data"] = {"id": str(self.snowflake()), "name": names[0], "type": 1, "options": opts}
        if resolved["users"]:
            data["data"]["resolved"] = resolved
        if "guild_id" in data:
            data["data"]["guild_id"] = data["guild_id"]
        pend.fed_at = time.perf_counter()
        self._announce(pend)
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    def feed_click(self, client: discord.Client, user_id: int, message_id: int, custom_id: str,
                   values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
        """Feed a component interaction on a message the bot sent (button, or select with ``values``).

        ``message`` is the message as the clicker saw it (a snapshot taken earlier): a double click or a
        click on a panel that was edited meanwhile carries the old components, as Discord sends them."""
        msg = message if message is not None else self.messages[message_id]
        self._route_to(client, int(msg["channel_id"]), False)
        data, pend = self._base_interaction(user_id, int(msg["channel_id"]), 3)
        pend.message_id = message_id
        ctype = 2 if values is None else 3
        for row in msg.get("components", []):
            for comp in row.get("components", []):
                if comp.get("custom_id") == custom_id:
                    ctype = comp["type"]
        data["message"] = msg
        data["data"] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["data"]["values"] = values
        pend.fed_at = time.perf_counter()
        self._announce(pend)
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    async def wait(self, pend: PendingInteraction, timeout: float = 5.0) -> PendingInteraction:
        """Wait until the bot answered ``pend`` (Discord's 3-second window, with slack for slow CI)."""
        try:
            await asyncio.wait_for(asyncio.shield(pend.responded), timeout)
        except TimeoutError:
            raise AssertionError(f"interaction {pend.token} was never answered") from None
        return pend


def _option_type(v: Any) -> int:
    if isinstance(v, bool):
        return 5
    if isinstance(v, int):
        return 4
    if isinstance(v, discord.abc.Snowflake):
        return 6
    return 3
