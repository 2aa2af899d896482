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

from ..edge.components import ReplayButton
from ..edge.errors import Denied, Limited, echoed
from ..i18n import marked, tr
from ..options_text import variant_name
from ..present.parts import seat_name
from ..present.settlement import hand_summary
from ..present.table_message import public_snapshot
from .limits import Limiter
from .table import Seat, Table, replay_steps

log = logging.getLogger(__name__)

MAX_WAITING = 4  # replays being worked out at once (one runs, the others wait their turn on its thread)


@dataclass(frozen=True, slots=True)
class Replay:
    """One stored hand, replayed: its server (a replay is shown in that server only), the table as far as naming
    its seats goes, the public snapshot of every step, and the result."""

    guild_id: int
    names: Table
    steps: list[dict[str, Any]]
    result: dict[str, Any] | None


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
        steps, result = await asyncio.get_running_loop().run_in_executor(self._pool, replay_steps, row, hand_id)
        names = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options,
                      row.bot_options, row.status, [Seat(s.user_id, s.name) for s in row.seats])
        replay = Replay(int(info["guild_id"]), names, steps, result)
        self._replays[hand_id] = replay
        while len(self._replays) > self.cache_size:
            self._replays.popitem(last=False)
        return replay

    async def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> None:
        if not 0 < hand_id < ID_LIMIT:  # /history hand: or a replay button's id: no hand has it
            raise Denied(tr("找不到牌局 #{hand}。", hand=echoed(hand_id)))
        replay = await self._replay_of(interaction, hand_id, edit=edit)
        names, steps, result = replay.names, replay.steps, replay.result
        if not steps:
            raise Denied(tr("牌局 #{hand} 没有记录。", hand=hand_id))
        last = len(steps) - 1
        at = max(0, min(step, last))
        # the engine's words as the table message says them: in the reader's language, seats by name
        shown = steps[at]
        # a step whose events say nothing public (a private draw) reads as …; the first step is the deal
        said = marked("；").join(names.say(m) for m in shown["says"]) if shown["says"] else \
            (tr("（发牌）") if at == 0 else "…")
        desc = public_snapshot(names, steps[at]["view"], said, at, len(steps))
        if at == last and result:
            desc += "\n\n" + tr("结果：{text}", text=hand_summary(names, result)) + "\n" + tr(
                "本局：{deltas}", deltas=" ｜ ".join(f"{seat_name(names, i)} {d:+d}"
                                                  for i, d in enumerate(result["deltas"])))
        embed = discord.Embed(title=tr("回放 · 牌局 #{hand}（{variant}）", hand=hand_id,
                                       variant=variant_name(names.variant)), description=desc[:4000])
        view = discord.ui.View(timeout=None)
        # no step before the first nor after the last: those buttons are shown disabled (each control keeps
        # an id of its own, as Discord requires, by the role it plays)
        view.add_item(ReplayButton(hand_id, max(at - 1, 0), tr("◀ 上一步"), role="p", disabled=at == 0))
        view.add_item(ReplayButton(hand_id, min(at + 1, last), tr("下一步 ▶"), role="n", disabled=at == last))
        view.add_item(ReplayButton(hand_id, last, tr("结尾 ⏭"), role="e", disabled=at == last))
        if at == last and result:
            # the deal revealed: with the commitment shown during play, /verify and `python -m engine verify` check it
            embed.set_footer(text=await self._reveal(hand_id))
        if interaction.response.is_done():  # deferred while it waited for the replay thread
            await interaction.edit_original_response(embed=embed, view=view)
        elif edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

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
