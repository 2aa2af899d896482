"""Delivery: the channel's table message, posts, and each human's DM panel, queued on the table's outbox."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from .outbox import Outbox
from .render import (
    Panel,
    dm_panel,
    table_message,
)
from .table import Table

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger(__name__)
DM_CLOSED = 50007


class Delivery:
    """What people are told, always after it is durable; per-table ordered and coalesced."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc

    def outbox(self, table: Table) -> Outbox:
        box = self.svc.outboxes.get(table.id)
        if box is None:
            box = self.svc.outboxes[table.id] = Outbox(f"table-{table.id}")
        return box

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.svc.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id,
                                                   type=discord.ChannelType.text)

    async def edit_channel(self, table: Table, message_id: int, panel: Panel) -> None:
        await self.channel(table).get_partial_message(message_id).edit(**panel.kwargs())

    def post_channel(self, table: Table, panel: Panel) -> None:
        async def post() -> None:
            await self.channel(table).send(**panel.kwargs())
        self.outbox(table).post(post)

    def publish(self, table: Table, skip: int | None = None) -> None:
        """Queue the current state: the channel's table message, and each human's DM panel if it changed."""
        game = table.game
        if game is None:
            return
        hand_no = table.hand_no
        panel = table_message(table)

        async def edit_table() -> None:
            mid = table.hand_messages.get(hand_no)
            if mid is not None:
                await self.edit_channel(table, mid, panel)
        self.outbox(table).edit(("table", hand_no), edit_table)
        for seat in table.humans():
            if seat == skip or table.seats[seat].dm_closed:
                continue
            dm = dm_panel(table, seat)
            if table.dm_rendered.get(seat) == dm.signature:
                continue
            table.dm_rendered[seat] = dm.signature
            self.queue_dm(table, seat, hand_no, dm)

    def queue_dm(self, table: Table, seat: int, hand_no: int, panel: Panel) -> None:
        async def deliver() -> None:
            s = table.seats[seat]
            if s.dm_closed or s.user_id is None:
                return
            try:
                if s.dm_channel_id is None:
                    # one DM channel per player, opened once and reused (opening many quickly gets bots flagged)
                    ch = await self.svc.client.create_dm(discord.Object(s.user_id))
                    s.dm_channel_id = ch.id
                    await self.svc.db.set_dm(table.id, seat, ch.id, False)
                dm = self.svc.client.get_partial_messageable(s.dm_channel_id, type=discord.ChannelType.private)
                mid = table.dm_messages.get((hand_no, seat))
                if mid is not None:
                    await dm.get_partial_message(mid).edit(**panel.kwargs())
                else:
                    msg = await dm.send(**panel.kwargs())
                    table.dm_messages[(hand_no, seat)] = msg.id
                    await self.svc.db.set_dm_message(table.id, seat, hand_no, msg.id)
            except discord.Forbidden as e:
                if e.code != DM_CLOSED:
                    raise
                s.dm_closed = True
                await self.svc.db.set_dm(table.id, seat, s.dm_channel_id, True)
                from .components import ShowHandButton
                view = discord.ui.View(timeout=None)
                view.add_item(ShowHandButton(table.id))
                text = (f"<@{s.user_id}> 无法给你发私信（私信已关闭）。请点击下方「查看我的手牌」按钮，"
                        "手牌和操作会只显示给你一个人。")
                self.outbox(table).post(lambda: self.channel(table).send(content=text, view=view))  # type: ignore[arg-type,return-value]
        self.outbox(table).edit(("dm", hand_no, seat), deliver)
