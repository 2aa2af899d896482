"""History: step-by-step replays (回放) of stored hands.

A replay replays its table's earlier hands too (the carried state: dealer, 黄番), which takes tens of
milliseconds of CPU for a long match. That work runs on a thread of its own, one replay at a time, never on the
event loop every table shares; replays are cached with a bound (``REPLAY_CACHE`` hands, least recently shown
dropped first), each user has at most one being worked out and a few a minute (``LIMIT_REPLAYS``; a cached one is
free), and a queue that is already long refuses more."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import discord

from storage.db import ID_LIMIT, Database, normal_code

from ..edge.errors import Denied, Limited, echoed
from ..i18n import tr
from ..present.replay import replay_controls, replay_embeds
from .limits import Limiter
from .table import ReplayedHand, Seat, Table, replay_hand

log = logging.getLogger(__name__)

MAX_WAITING = 4  # replays being worked out at once (one runs, the others wait their turn on its thread)


@dataclass(frozen=True, slots=True)
class Replay:
    """One stored hand, replayed: its server (a replay is shown in that server only), the table as far as naming
    its seats goes, and the hand told step by step (``engine.replay``) with its result."""

    guild_id: int
    names: Table
    hand: ReplayedHand | None


class History:
    """Replays worked out off the event loop and cached with a bound."""

    def __init__(self, db: Database, limiter: Limiter, *, cache_size: int = 32) -> None:
        self.db = db
        self.limiter = limiter
        self.cache_size = max(1, cache_size)
        self._replays: OrderedDict[int, Replay] = OrderedDict()  # hand -> replay, least recently shown first
        self._working: dict[int, asyncio.Future[Replay]] = {}  # hand -> its replay being worked out
        self._asking: set[int] = set()  # users waiting for a replay being worked out
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _replay_of(self, interaction: discord.Interaction[Any], hand_id: int, *, edit: bool) -> Replay:
        """The hand's replay, if it was played in this server: cached, being worked out (wait for it), or worked
        out now on the replay thread."""
        missing = Denied(tr("找不到牌局 #{hand}。", hand=hand_id))
        cached = self._replays.get(hand_id)
        if cached is not None:
            if cached.guild_id != interaction.guild_id:  # another server's hand is not shown here
                raise missing
            self._replays.move_to_end(hand_id)
            return cached
        user = interaction.user.id
        if user in self._asking:
            raise Limited(tr("你的上一个回放还在准备中，等它出来再看下一个。什么也没有改变。"))
        working = self._working.get(hand_id)
        if working is None and len(self._working) >= MAX_WAITING:
            raise Limited(tr("回放正在排队准备中，请过几秒再试。什么也没有改变。"))
        self._asking.add(user)
        try:
            if working is None:
                info = await self.db.hand(hand_id)
                if info is None or info["guild_id"] != interaction.guild_id:
                    raise missing
                if info["result"] is None:  # nothing of a hand is shown before it has ended, to anyone
                    raise Denied(tr("牌局 #{hand} 还没有结束，结束后才能回放。", hand=hand_id))
                working = self._working.get(hand_id)  # asked for meanwhile by someone else
            if working is None:
                self.limiter.replay(user)  # work anew: a few a minute per user (LIMIT_REPLAYS)
                queued = bool(self._working)
                working = self._working[hand_id] = asyncio.ensure_future(self._work_out(hand_id))
                working.add_done_callback(lambda _: self._working.pop(hand_id, None))
            else:
                queued = True
            if queued and not interaction.response.is_done():
                # behind another replay on its thread: answered within Discord's 3 seconds however long it waits
                await interaction.response.defer(ephemeral=not edit, thinking=not edit)
            replay = await asyncio.shield(working)
        finally:
            self._asking.discard(user)
        if replay.guild_id != interaction.guild_id:
            raise missing
        return replay

    async def _work_out(self, hand_id: int) -> Replay:
        info = await self.db.hand(hand_id)
        if info is None:
            raise Denied(tr("找不到牌局 #{hand}。", hand=hand_id))
        row = await self.db.table(info["table_id"])
        assert row is not None
        # the engine replays the match up to this hand on the replay thread: the event loop stays free
        hand = await asyncio.get_running_loop().run_in_executor(self._pool, replay_hand, row, hand_id)
        names = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options,
                      row.bot_options, row.status, [Seat(s.user_id, s.name) for s in row.seats])
        replay = Replay(int(info["guild_id"]), names, hand)
        self._replays[hand_id] = replay
        while len(self._replays) > self.cache_size:
            self._replays.popitem(last=False)
        return replay

    async def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> None:
        if not 0 < hand_id < ID_LIMIT:  # /history hand: or a replay button's id: no hand has it
            raise Denied(tr("找不到牌局 #{hand}。", hand=echoed(hand_id)))
        replay = await self._replay_of(interaction, hand_id, edit=edit)
        names, hand = replay.names, replay.hand
        if hand is None or not hand.replay.steps or hand.result is None:
            raise Denied(tr("牌局 #{hand} 没有记录。", hand=hand_id))
        last = len(hand.replay.steps) - 1
        if not 0 <= step <= last:  # an id no replay message of this hand carries: changed or made up
            raise Denied(tr("回放 #{hand} 没有第 {step} 步（共 {total} 步）。什么也没有改变。", hand=hand_id,
                            step=echoed(step), total=last))
        # the deal revealed at the last step: with the commitment shown during play, /verify checks it
        footer = await self._reveal(hand_id) if step == last else None
        embeds = replay_embeds(names, hand_id, hand.replay, hand.result, hand.hand_no, step, footer)
        view = replay_controls(names, hand_id, hand.replay, step)
        if interaction.response.is_done():  # deferred while it waited for the replay thread
            await interaction.edit_original_response(embeds=embeds, view=view)
        elif edit:
            await interaction.response.edit_message(embeds=embeds, view=view)
        else:
            await interaction.response.send_message(embeds=embeds, view=view, ephemeral=True)

    async def _reveal(self, hand_id: int) -> str:
        """The ended hand's deal revealed: its seed and salt against the commitment its table showed."""
        info = await self.db.hand(hand_id)
        if not info or not info.get("salt"):  # a hand dealt before deals were committed
            return tr("分享码 `{code}`", code=(info or {}).get("code") or "—")
        return tr("分享码 `{code}` · 种子 {seed} · 盐 `{salt}` · 承诺 `{digest}`（/verify 验证发牌）", code=info["code"],
                  seed=info["seed"], salt=info["salt"], digest=info["commitment"])

    async def ended_hand_of(self, interaction: discord.Interaction[Any], typed: str) -> dict[str, Any]:
        """The ended hand a share code names, in the asker's server (a code from another server is refused as one
        that does not exist: whether it does is not the asker's business)."""
        code = normal_code(typed)
        if code is None:
            raise Denied(tr("分享码「{code}」无效：应为 6 个字母或数字。", code=echoed(typed)))
        found = await self.db.hand_by_code(code)
        if found is None or found["guild_id"] != interaction.guild_id:
            raise Denied(tr("找不到分享码为 `{code}` 的牌局。", code=code))
        if not found["settled"]:
            raise Denied(tr("分享码 `{code}` 的牌局还没有结束，结束后才能查看。", code=code))
        info = await self.db.hand(found["id"])
        assert info is not None
        return info

    async def replay_code(self, interaction: discord.Interaction[Any], typed: str) -> None:
        """``/replay code:``: the hand's replay, from its first step."""
        info = await self.ended_hand_of(interaction, typed)
        await self.replay(interaction, int(info["id"]), 0, edit=False)
