"""History: step-by-step replays (回放) of stored hands."""

from __future__ import annotations

import logging
from typing import Any

import discord

from storage.db import ID_LIMIT, Database, normal_code

from ..edge.components import ReplayButton
from ..edge.errors import Denied, echoed
from ..i18n import marked, tr
from ..options_text import variant_name
from ..present.parts import seat_name
from ..present.settlement import hand_summary
from ..present.table_message import public_snapshot
from ..present.words import engine_text
from .table import Seat, Table, replay_steps

log = logging.getLogger(__name__)


class History:
    """Replays rebuilt from the log and cached per hand."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._replays: dict[int, tuple[Any, list[dict[str, Any]], dict[str, Any] | None]] = {}

    async def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> None:
        if not 0 < hand_id < ID_LIMIT:  # /history hand: or a replay button's id: no hand has it
            raise Denied(tr("找不到牌局 #{hand}。", hand=echoed(hand_id)))
        cached = self._replays.get(hand_id)
        if cached is None:
            info = await self.db.hand(hand_id)
            if info is None or info["guild_id"] != interaction.guild_id:
                raise Denied(tr("找不到牌局 #{hand}。", hand=hand_id))
            if info["result"] is None:  # nothing of a hand is shown before it has ended, to anyone
                raise Denied(tr("牌局 #{hand} 还没有结束，结束后才能回放。", hand=hand_id))
            row = await self.db.table(info["table_id"])
            assert row is not None
            steps, result = replay_steps(row, hand_id)
            names = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options,
                          row.bot_options, row.status, [Seat(s.user_id, s.name) for s in row.seats])
            cached = self._replays[hand_id] = (names, steps, result)
        names, steps, result = cached
        if not steps:
            raise Denied(tr("牌局 #{hand} 没有记录。", hand=hand_id))
        last = len(steps) - 1
        at = max(0, min(step, last))
        # the engine's words as the table message says them: in the reader's language, seats by name
        shown = steps[at]
        if shown.get("says"):
            said = marked("；").join(names.say(m) for m in shown["says"])
        else:  # a family whose events still carry zh-CN text
            said = names.name_seats(engine_text(shown["text"])) if shown["text"] else tr("（发牌）")
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
        if edit:
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
