"""History: step-by-step replays (回放) of stored hands."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from .errors import Denied
from .render import (
    seat_name,
)
from .table import Seat, Table

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger(__name__)


class History:
    """Replays rebuilt from the log and cached per hand."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self._replays: dict[int, tuple[Any, list[dict[str, Any]], dict[str, Any] | None]] = {}

    def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> Any:
        async def run() -> None:
            from .render import public_snapshot
            from .table import replay_steps
            cached = self._replays.get(hand_id)
            if cached is None:
                info = await self.svc.db.hand(hand_id)
                if info is None or info["guild_id"] != interaction.guild_id:
                    raise Denied(f"找不到牌局 #{hand_id}。")
                row = await self.svc.db.table(info["table_id"])
                assert row is not None
                steps, result = replay_steps(row, hand_id)
                names = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options,
                              row.bot_options, row.status, [Seat(s.user_id, s.name) for s in row.seats])
                cached = self._replays[hand_id] = (names, steps, result)
            names, steps, result = cached
            if not steps:
                raise Denied(f"牌局 #{hand_id} 没有记录。")
            at = max(0, min(step, len(steps) - 1))
            desc = public_snapshot(names, steps[at]["view"], names.name_seats(steps[at]["text"]), at, len(steps))
            if at == len(steps) - 1 and result:
                desc += "\n\n结果：" + names.name_seats(result["text"] or "") + "　" + " ｜ ".join(
                    f"{seat_name(names, i)} {d:+d}" for i, d in enumerate(result["deltas"]))
            embed = discord.Embed(title=f"回放 · 牌局 #{hand_id}（{names.variant.name}）", description=desc[:4000])
            from .components import ReplayButton
            view = discord.ui.View(timeout=None)
            view.add_item(ReplayButton(hand_id, max(at - 1, 0), "◀ 上一步"))
            view.add_item(ReplayButton(hand_id, min(at + 1, len(steps) - 1), "下一步 ▶"))
            view.add_item(ReplayButton(hand_id, len(steps) - 1, "结尾 ⏭"))
            if edit:
                await interaction.response.edit_message(embed=embed, view=view)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        return self.svc.guard(interaction, run())
