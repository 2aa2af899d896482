"""The lobby: opening a table, joining, leaving, AI seats, room options, starting and ending a table."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from engine.core import OptionError
from engine.match import Match
from engine.registry import get_variant

from .errors import Denied
from .options_text import parse_options_text, validate_bot_options
from .render import (
    OPTIONS_PER_PAGE,
    Panel,
    all_options,
    lobby_message,
    seat_name,
)
from .table import Seat, Table

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger(__name__)


class Lobby:
    """Table commands and lobby clicks; every change is checked and made under the table's lock."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc

    def create(self, interaction: discord.Interaction[Any], variant_id: str, options_text: str | None) -> Any:
        return self.svc.guard(interaction, self._create(interaction, variant_id, options_text))

    async def _create(self, interaction: discord.Interaction[Any], variant_id: str, options_text: str | None) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Denied("牌桌只能在服务器频道里开。")
        existing = self.svc.table_in(interaction.channel_id)
        if existing is not None:
            raise Denied(f"本频道已有牌桌 #{existing.id}；一个频道（或子区）只能开一桌。")
        try:
            variant = get_variant(variant_id)
            raw = parse_options_text(options_text or "")
            bot_raw = {k[4:]: raw.pop(k) for k in list(raw) if k.startswith("bot.")}
            options = variant.validate(raw)
            bot_options = validate_bot_options(bot_raw)
        except OptionError as e:
            raise Denied(f"房间选项有误：{e}") from None
        host = interaction.user
        seat = Seat(host.id, host.display_name)
        table_id = await self.svc.db.create_table(interaction.guild_id, interaction.channel_id, host.id, variant.id,
                                              options, bot_options, [seat.row(0)])
        table = Table(table_id, interaction.guild_id, interaction.channel_id, host.id, variant.id, options,
                      bot_options, "lobby", [seat])
        self.svc.register(table)
        panel = lobby_message(table)
        resp = await interaction.response.send_message(**panel.kwargs())
        if resp.message_id is not None:
            table.lobby_message_id = resp.message_id
            await self.svc.db.set_lobby_message(table.id, resp.message_id)

    def channel_table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.svc.table_in(interaction.channel_id)
        if table is None:
            raise Denied("本频道没有进行中的牌桌。用 /table create 开一桌。")
        return table

    def command(self, interaction: discord.Interaction[Any], verb: str) -> Any:
        """``/table join|leave|ai|start|end|hand`` in the channel's table."""
        async def run() -> None:
            table = self.channel_table(interaction)
            if verb == "hand":
                await self.svc.play.show_hand_to(interaction, table)
            elif verb == "end":
                await self._end_request(interaction, table)
            else:
                async with table.lock:
                    text = await self._op(interaction, table, verb)
                    if not interaction.response.is_done():
                        await interaction.response.send_message(text, ephemeral=True)
                    self.refresh(table)
                    if verb == "start" and table.status == "playing":
                        self.svc.delivery.publish(table)
                        self.svc.timers.arm(table)
        return self.svc.guard(interaction, run())

    def click(self, interaction: discord.Interaction[Any], table_id: int, verb: str) -> Any:
        async def run() -> None:
            table = self.svc.tables.get(table_id)
            if table is None or table.status == "ended":
                raise Denied("这张牌桌已经结束了。")
            if verb.startswith("page"):
                await interaction.response.edit_message(**lobby_message(table, int(verb[4:] or 0)).kwargs())
                return
            async with table.lock:
                await self._op(interaction, table, verb)
                if table.status == "lobby" or verb == "start":
                    await interaction.response.edit_message(**lobby_message(table).kwargs())
                if verb == "start" and table.status == "playing":
                    self.svc.delivery.publish(table)
                    self.svc.timers.arm(table)
        return self.svc.guard(interaction, run())

    async def _op(self, interaction: discord.Interaction[Any], table: Table, verb: str) -> str:
        user = interaction.user
        seat = table.seat_of(user.id)
        if verb == "join":
            if table.status != "lobby":
                raise Denied("牌局已经开始，不能再加入。")
            if seat is not None:
                raise Denied("你已经在这张牌桌上了。")
            if len(table.seats) >= table.seat_count:
                raise Denied(f"座位已满（{table.seat_count} 人）。")
            table.seats.append(Seat(user.id, user.display_name))
            await self.svc.db.set_seats(table.id, table.seat_rows())
            return f"你已加入牌桌 #{table.id}。"
        if verb == "ai":
            if table.status != "lobby":
                raise Denied("牌局已经开始，不能再加电脑。")
            if seat is None:
                raise Denied("只有桌上的玩家可以添加电脑。")
            if len(table.seats) >= table.seat_count:
                raise Denied(f"座位已满（{table.seat_count} 人）。")
            n = sum(1 for s in table.seats if s.is_ai) + 1
            table.seats.append(Seat(None, f"电脑{n}"))
            await self.svc.db.set_seats(table.id, table.seat_rows())
            return "已添加一位电脑玩家。"
        if verb == "leave":
            if seat is None:
                raise Denied("你不在这张牌桌上。")
            if table.status == "playing":
                # leaving mid-match hands the seat to the AI rather than breaking the hand for everyone
                table.set_auto(seat, True)
                await self.svc.play.advance(table)
                self.svc.delivery.publish(table)
                self.svc.timers.arm(table)
                return "你已离席，电脑将托管你的座位。"
            del table.seats[seat]
            if not table.humans():
                await self.end_table(table, "所有玩家都离开了")
                return "你已离开，牌桌已关闭。"
            if user.id == table.host_id:
                table.host_id = table.seats[table.humans()[0]].user_id or table.host_id
            await self.svc.db.set_seats(table.id, table.seat_rows())
            return "你已离开牌桌。"
        if verb == "start":
            if table.status != "lobby":
                raise Denied("牌局已经开始了。")
            if user.id != table.host_id:
                raise Denied("只有房主可以开始。")
            need = table.seat_count
            if len(table.seats) < need:
                raise Denied(f"人数不够：需要 {need} 位玩家，现在只有 {len(table.seats)} 位。"
                             "可以用 /table ai 或「加电脑」补位。")
            # The variant picks the first dealer once (随机庄, 剥皮's draw); it is stored so a rebuild keeps it.
            match = Match(table.variant_id, table.options, seed=table.hand_seed(-1))
            # durable first: a failed write leaves the table in its lobby, as the log says
            await self.svc.db.start_table(table.id, match.progress.dealer)
            table.first_dealer = match.progress.dealer
            table.status = "playing"
            table.match = match
            await self.svc.play.advance(table)  # deals the first hand
            return "开始！手牌已通过私信发出。"
        raise Denied(f"未知操作 {verb}。")

    def refresh(self, table: Table) -> None:
        if table.lobby_message_id is None:
            return
        panel = lobby_message(table)
        mid = table.lobby_message_id
        self.svc.delivery.outbox(table).edit(("lobby",), lambda: self.svc.delivery.edit_channel(table, mid, panel))

    def set_option(self, interaction: discord.Interaction[Any], table_id: int, key: str, value: str) -> Any:
        async def run() -> None:
            table = self.svc.tables.get(table_id)
            if table is None or table.status != "lobby":
                raise Denied("只能在开局前修改房间选项。")
            if interaction.user.id != table.host_id:
                raise Denied("只有房主可以修改房间选项。")
            found = [(k, o, v) for k, o, v in all_options(table) if k == key]
            if not found:
                raise Denied(f"没有名为 {key} 的选项。")
            _, opt, _ = found[0]
            try:
                idx = int(value)
                if not 0 <= idx < len(opt.choices):
                    raise ValueError
            except ValueError:
                raise Denied(f"选项「{opt.label}」没有这个取值（{value!r}），可选：" +
                             "、".join(opt.choice_label(c) for c in opt.choices[:25])) from None
            async with table.lock:
                if key.startswith("bot."):
                    bot_options = dict(table.bot_options, **{key[4:]: opt.choices[idx]})
                    options = table.options
                else:
                    try:
                        options = table.variant.validate(dict(table.options, **{key: opt.choices[idx]}))
                    except OptionError as e:
                        raise Denied(f"房间选项有误：{e}") from None
                    bot_options = table.bot_options
                    if len(table.seats) > table.variant.seat_count(options):
                        raise Denied("已入座的人数超过了这个选项允许的座位数。")
                table.options, table.bot_options = options, bot_options
                await self.svc.db.set_options(table.id, options, bot_options)
                page = [k for k, _, _ in all_options(table)].index(key) // OPTIONS_PER_PAGE
                await interaction.response.edit_message(**lobby_message(table, page).kwargs())
        return self.svc.guard(interaction, run())

    async def _end_request(self, interaction: discord.Interaction[Any], table: Table) -> None:
        user = interaction.user
        perms = interaction.permissions
        async with table.lock:
            if user.id == table.host_id or perms.manage_guild:
                who = "房主" if user.id == table.host_id else "管理员"
                await self.end_table(table, f"{who} {user.display_name} 结束了牌桌")
                await interaction.response.send_message(f"牌桌 #{table.id} 已结束。")
                return
            seat = table.seat_of(user.id)
            if seat is None:
                raise Denied("只有房主、服务器管理员或桌上的玩家（投票）可以结束牌桌。")
            await self.svc.db.add_end_vote(table.id, user.id)  # durable before the vote is announced
            table.end_votes.add(user.id)
            humans = [table.seats[i].user_id for i in table.humans()]
            votes = len(table.end_votes & set(humans))
            if votes * 2 > len(humans):
                await self.end_table(table, f"玩家投票解散（{votes}/{len(humans)}）")
                await interaction.response.send_message(f"投票通过，牌桌 #{table.id} 已解散。")
            else:
                await interaction.response.send_message(
                    f"{user.display_name} 提议解散牌桌 #{table.id}（{votes}/{len(humans)}，过半数即解散）。")

    async def end_table(self, table: Table, reason: str) -> None:
        if table.timer_task:
            table.timer_task.cancel()
        was_playing = table.status == "playing"
        table.status = "ended"
        await self.svc.db.end_table(table.id, reason)
        self.svc.by_channel.pop(table.channel_id, None)
        text = f"🛑 牌桌 #{table.id} 已结束：{reason}。"
        if was_playing and table.match is not None:
            text += "\n累计：" + " ｜ ".join(f"{seat_name(table, i)} {t:+d}" for i, t in enumerate(table.match.totals))
            hand_no = table.hand_no
            for seat in table.humans():
                self.svc.delivery.queue_dm(table, seat, hand_no, Panel(content=f"牌桌 #{table.id} 已结束：{reason}。"))
        self.refresh(table)
        self.svc.delivery.post_channel(table, Panel(content=text))
