"""Which gateway shards this process owns, and so which guilds' tables it runs.

Discord sends a guild's events only to the shard ``(guild_id >> 22) % shard_count`` (discord.py's
``Guild.shard_id``), so a table belongs to the process owning its guild's shard: that process restores it from
the shared log, runs its timers and AI seats, and sends its DMs. ``SHARD_COUNT`` and ``SHARD_IDS`` (``0,1``,
``0-3`` or ``0-1,4``) say which; neither set is one process owning every guild, the single-process bot.

Direct-message events go to shard 0 only, whoever owns the table: the shard-0 process hands clicks on other
processes' DM panels to their owner through the shared database (``bot/edge/forward.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import tr

SHARD_SHIFT = 22  # a snowflake's low 22 bits are worker, process and counter; the rest is its time


class ShardConfigError(ValueError):
    """SHARD_COUNT / SHARD_IDS do not describe a set of shards (said to the operator at start-up)."""


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends ``guild_id``'s events to (discord.py's ``Guild.shard_id``)."""
    return (guild_id >> SHARD_SHIFT) % count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process owns: ``count`` in all, ``ids`` of them here. ``count`` 1 is the unsharded bot.
    ``forwarding``: the shard-0 process forwards DM clicks to the owner of their table (``bot/edge/forward.py``)."""

    count: int = 1
    ids: tuple[int, ...] = (0,)
    forwarding: bool = True

    @property
    def sharded(self) -> bool:
        return self.count > 1

    @property
    def everything(self) -> bool:
        return set(self.ids) == set(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs tables of ``guild_id`` (None, a DM, is shard 0's, as Discord routes it)."""
        return shard_of(guild_id or 0, self.count) in self.ids

    @property
    def dm_clicks_arrive(self) -> bool:
        """Whether clicks on DM panels reach this process: Discord sends every DM event to shard 0, whose process
        forwards those of other processes' tables to them. Without forwarding, a process without shard 0 plays
        from the channel only (see ``started``)."""
        return 0 in self.ids or self.forwarding

    def storage_filter(self) -> tuple[int, tuple[int, ...]] | None:
        """What ``Database.live_table_ids`` filters on: (shard count, owned ids), or None for every table."""
        return None if self.everything else (self.count, self.ids)

    def client_options(self) -> dict[str, Any]:
        """Keyword arguments for ``discord.AutoShardedClient`` (nothing for the unsharded client)."""
        return {"shard_count": self.count, "shard_ids": list(self.ids)} if self.sharded else {}

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}" if self.sharded else "unsharded"

    def started(self) -> str:
        """The start of a match in a process that sends no DM panels (see ``dm_clicks_arrive``)."""
        return tr("开始！请点牌桌消息上的「查看我的手牌」看手牌、出牌（轮到你时会在频道里提醒你）。")

    def refusal(self) -> str:
        """What a player reads when a table is asked for in a guild another process runs (a misrouted event:
        the gateway should not have delivered it here)."""
        return tr("这个服务器的牌桌由另一个机器人进程负责，这里不能开桌。请稍后再试。")


ALL = Shards()


def parse_ids(text: str, count: int) -> tuple[int, ...]:
    """``0,1`` / ``0-3`` / ``0-1,4`` → sorted shard ids, each in ``0..count-1``, none twice."""
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", part)
        if m is None:
            raise ShardConfigError(tr("SHARD_IDS 写法不对：「{part}」（例如 0,1 或 0-3）", part=part))
        lo, hi = int(m[1]), int(m[2] if m[2] is not None else m[1])
        if hi < lo:
            raise ShardConfigError(tr("SHARD_IDS 的范围 {part} 反了（小的在前，例如 0-3）", part=part))
        if hi >= count:  # before the range is counted out: 0-99999999999 would fill the memory
            raise ShardConfigError(tr("SHARD_IDS 的分片编号要小于 SHARD_COUNT（{count}）：{ids}", count=count, ids=text))
        ids += range(lo, hi + 1)
    if len(set(ids)) != len(ids):
        raise ShardConfigError(tr("SHARD_IDS 里有重复的分片：{ids}", ids=text))
    return tuple(sorted(ids))


def from_env(env: Mapping[str, str]) -> Shards:
    """The process's shards from ``SHARD_COUNT`` / ``SHARD_IDS``; neither set: every guild in this process."""
    count_text = (env.get("SHARD_COUNT") or "").strip()
    ids_text = (env.get("SHARD_IDS") or "").strip()
    if not count_text:
        if ids_text:
            raise ShardConfigError(tr("设了 SHARD_IDS 就要设 SHARD_COUNT（所有进程的分片总数）"))
        return ALL
    if not count_text.isdecimal() or int(count_text) < 1:
        raise ShardConfigError(tr("SHARD_COUNT 要写正整数，不能是「{value}」", value=count_text))
    count = int(count_text)
    ids = parse_ids(ids_text, count) if ids_text else tuple(range(count))
    return Shards(count, ids)
