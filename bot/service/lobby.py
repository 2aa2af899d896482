"""The lobby: opening a table, joining, leaving, AI seats, removing a player (踢出), room options, starting and
ending a table, and closing a lobby left idle."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from engine.core import OptionError
from engine.match import Match
from storage.db import Database, IntegrityError

from ..edge.components import Controls, VoteButton
from ..edge.errors import Denied, Limited, echoed
from ..edge.shards import Shards
from ..engine_words import said
from ..i18n import speaking, tr, tr_n
from ..options_text import choice_label, option_label, parse_options_text, validate_bot_options, variant_named
from ..present.lobby import all_options, lobby_message, lobby_pages, page_of
from ..present.panel import Panel
from ..present.parts import seat_name
from .clock import Clock
from .delivery import Delivery, channel_lost_reason
from .limits import Limiter, at, is_admin
from .play import Play
from .registry import Registry
from .table import Seat, Table, ai_name, listing, stored
from .timers import TurnTimers

log = logging.getLogger(__name__)


class Lobby:
    """Table commands and lobby clicks; every change is checked and made under the table's lock."""

    def __init__(self, tables: Registry, db: Database, play: Play, delivery: Delivery, timers: TurnTimers, *,
                 shards: Shards, limiter: Limiter, clock: Clock) -> None:
        self.tables = tables
        self.db = db
        self.play = play
        self.delivery = delivery
        self.timers = timers
        self.shards = shards
        self.limiter = limiter
        self.clock = clock
        self._idle: dict[int, asyncio.Task[None]] = {}  # lobby -> the task that closes it once idle

    def close(self) -> None:
        for task in self._idle.values():
            task.cancel()
        self._idle.clear()

    # -- caps and idle lobbies ----------------------------------------------------------------------

    @staticmethod
    def idle_seconds(table: Table) -> int:
        """The room option 闲置解散 (``bot.idle``): how long a lobby may stay unchanged."""
        return int(table.bot_options.get("idle", 1800) or 1800)

    def closes_at(self, table: Table) -> float:
        return table.active_at + self.idle_seconds(table)

    def check_caps(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse a new table over the caps: tables not ended that the user hosts (Manage Server: no cap), and
        lobbies waiting to start in the server (everyone: they are restored at every start)."""
        limits = self.limiter.limits
        if not limits.on:
            return
        user, guild = interaction.user.id, interaction.guild_id
        live = [t for t in self.tables.tables.values() if t.status != "ended"]
        hosted = [t for t in live if t.host_id == user]
        if len(hosted) >= limits.tables_per_user and not is_admin(interaction):
            self.limiter.refused += 1
            lobbies = [self.closes_at(t) for t in hosted if t.status == "lobby"]
            text = tr("你已经开着 {n} 张牌桌（每人最多 {cap} 张），请先结束其中一张（/table end）再开新的。",
                      n=len(hosted), cap=limits.tables_per_user)
            if lobbies:
                text += tr("没人动的大厅会在 <t:{at}:R> 自动关闭。", at=at(min(lobbies)))
            raise Limited(text)
        waiting = [t for t in live if t.guild_id == guild and t.status == "lobby"]
        if len(waiting) >= limits.lobbies_per_server:
            self.limiter.refused += 1
            raise Limited(tr("本服务器已有 {n} 个等待开始的大厅（上限 {cap} 个），请先加入或开始其中一个；"
                             "最早的一个没人动的话会在 <t:{at}:R> 自动关闭。", n=len(waiting),
                             cap=limits.lobbies_per_server, at=at(min(self.closes_at(t) for t in waiting))))

    def touched(self) -> int:
        """The moment of a lobby change, as stored (whole seconds of the service's clock)."""
        return int(self.clock.time())

    def watch(self, table: Table) -> None:
        """(Re)start the lobby's idle timer from its last change; a lobby that started or ended has none."""
        old = self._idle.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if table.status != "lobby":
            return
        self._idle[table.id] = asyncio.get_running_loop().create_task(self._idle_wait(table.id),
                                                                     name=f"lobby-idle-{table.id}")

    async def _idle_wait(self, table_id: int) -> None:
        while True:
            table = self.tables.tables.get(table_id)
            if table is None or table.status != "lobby":
                return
            wait = self.closes_at(table) - self.clock.time()
            if wait > 0:
                await self.clock.sleep(wait)
                continue
            with self.tables.busy():
                try:
                    await self.close_idle(table_id)
                except Exception:
                    log.exception("idle lobby %s not closed; it is tried again at the next start", table_id)
            return

    async def close_idle(self, table_id: int) -> None:
        """Close a lobby nobody changed for its idle time: its stored row is deleted (nothing was played), its
        message says so and loses its buttons, and the channel is free again."""
        async with self.tables.locked(table_id, ended()) as table:
            if table.status != "lobby" or self.clock.time() < self.closes_at(table):
                return  # started, ended, or changed while this waited for the lock
            self._idle.pop(table.id, None)
            if not await self.db.delete_lobby(table.id):
                return
            table.status = "ended"
            table.version += 1  # every control of the lobby is stale
            self.tables.release(table)
            self.tables.forget(table.id)  # deleted: it leaves memory too, once its messages are out
            self.announce_idle_close(table)
            self.tables.spawn(self._forget_lane(table), f"lobby-gone-{table.id}")

    async def reopen(self, table: Table) -> bool:
        """A lobby read back at start-up: closed now if it has been idle its time (so abandoned lobbies are
        not restored at every start), else watched again. False: it was closed."""
        if not table.active_at:  # stored before lobbies kept their last change: idle from this start, stored so
            now = self.touched()  # that the next restart does not count it from zero again
            await self.db.set_options(table.id, table.options, table.bot_options, active_at=now)
            table.active_at = float(now)
        if self.clock.time() < self.closes_at(table):
            self.watch(table)
            return True
        if await self.db.delete_lobby(table.id):
            table.status = "ended"
            self.announce_idle_close(table)
            self.tables.spawn(self._forget_lane(table), f"lobby-gone-{table.id}")
        return False

    async def _forget_lane(self, table: Table) -> None:
        await self.delivery.outbox(table).idle()
        self.delivery.forget(table.id)

    def announce_idle_close(self, table: Table) -> None:
        """The lobby message shows the table ended, and the channel reads why (in the guild's language)."""
        minutes = self.idle_seconds(table) // 60
        self.refresh(table)
        with speaking(self.tables.channel_lang(table)):
            text = tr("🛑 牌桌 #{table} 的大厅 {minutes} 分钟没有人动，已自动关闭。用 /table create 可以再开一桌。",
                      table=table.id, minutes=minutes)
        self.delivery.post_channel(table, Panel(content=text))

    async def create(self, interaction: discord.Interaction[Any], variant_id: str, options_text: str | None) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Denied(tr("牌桌只能在服务器频道里开。"))
        if not self.shards.owns(interaction.guild_id):
            raise Denied(self.shards.refusal())
        existing = self.tables.table_in(interaction.channel_id)
        if existing is not None:
            raise Denied(tr("本频道已有牌桌 #{table}；一个频道（或子区）只能开一桌。", table=existing.id))
        self.check_caps(interaction)
        variant = variant_named(variant_id)
        try:
            raw = parse_options_text(options_text or "", variant)
            bot_raw = {k[4:]: raw.pop(k) for k in list(raw) if k.startswith("bot.")}
            options = variant.validate(raw)
            bot_options = validate_bot_options(bot_raw)
        except OptionError as e:
            raise Denied(tr("房间选项有误：{reason}", reason=said(e))) from None
        host = interaction.user
        seat = Seat(host.id, host.display_name, locale=interaction.locale.value)
        now = self.touched()
        try:
            table_id = await self.db.create_table(interaction.guild_id, interaction.channel_id, host.id,
                                                  variant.id, options, bot_options, [seat.row(0)], active_at=now)
        except IntegrityError:
            # the store keeps one live table per channel: a create racing this one won, or a table that could
            # not be restored at start-up still holds the channel
            raise Denied(tr("本频道已有一张未结束的牌桌；一个频道（或子区）只能开一桌。")) from None
        table = Table(table_id, interaction.guild_id, interaction.channel_id, host.id, variant.id, options,
                      bot_options, "lobby", [seat])
        table.active_at = float(now)
        self.tables.register(table)
        self.watch(table)
        with speaking(self.tables.public_lang(interaction)):
            panel = lobby_message(table)
        resp = await interaction.response.send_message(**panel.kwargs())
        if resp.message_id is not None:
            table.lobby_message_id = resp.message_id
            await self.db.set_lobby_message(table.id, resp.message_id)

    def channel_table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.tables.table_in(interaction.channel_id)
        if table is None:
            raise Denied(tr("本频道没有进行中的牌桌。用 /table create 开一桌。"))
        return table

    @staticmethod
    def same_place(interaction: discord.Interaction[Any], table: Table) -> None:
        """A control carries its table's id, so a copy of it elsewhere must not reach the table."""
        if interaction.guild_id != table.guild_id or interaction.channel_id != table.channel_id:
            raise Denied(tr("这个按钮属于别的频道里的牌桌 #{table}，在这里不能操作，什么也没有改变。", table=table.id))

    async def command(self, interaction: discord.Interaction[Any], verb: str) -> None:
        """``/table join|leave|ai|start|end|hand`` in the channel's table."""
        table_id = self.channel_table(interaction).id
        if verb == "hand":
            await self.play.show_hand_to(interaction, table_id)
            return
        async with self.tables.locked(table_id, ended()) as table:
            if table.status == "ended":
                raise Denied(ended())
            if verb == "end":
                await self._end_request(interaction, table)
                return
            text = await self._op(interaction, table, verb)
            if not interaction.response.is_done():
                await interaction.response.send_message(text, ephemeral=True)
            self.refresh(table)
            if verb == "start" and table.status == "playing":
                self.play.announce(table)

    async def kick(self, interaction: discord.Interaction[Any], player: discord.abc.User) -> None:
        """``/table kick``: before the start, the host (or a Manage-Server member) removes a seated player, who
        may not join this table again."""
        table_id = self.channel_table(interaction).id
        async with self.tables.locked(table_id, ended()) as table:
            if table.status != "lobby":
                raise Denied(tr("只能在开局前踢出玩家；开局后可以投票解散（/table end），什么也没有改变。"))
            if interaction.user.id != table.host_id and not is_admin(interaction):
                raise Denied(tr("只有房主或服务器管理员可以踢出玩家，什么也没有改变。"))
            if player.id == table.host_id:
                raise Denied(tr("房主不能被踢出；要关闭大厅请用 /table end，什么也没有改变。"))
            seat = table.seat_of(player.id)
            if seat is None:
                raise Denied(tr("{name} 不在这张牌桌上，什么也没有改变。", name=echoed(player.display_name)))
            await self._seat(table, [s for i, s in enumerate(table.seats) if i != seat],
                             kicked=table.kicked | {player.id})
            await interaction.response.send_message(
                tr("已把 {name} 移出牌桌 #{table}；这一桌开局前他不能再加入。", name=player.display_name,
                   table=table.id), ephemeral=True)
            self.refresh(table)

    async def click(self, interaction: discord.Interaction[Any], table_id: int, verb: str) -> None:
        """A button on the lobby message. It only ever acts on a table still in its lobby: once the match has
        started (or the table ended) every lobby button is stale, and 离开 mid-match is ``/table leave``."""
        async with self.tables.locked(table_id, ended()) as table:
            self.same_place(interaction, table)
            if table.status == "ended":
                raise Denied(tr("这张牌桌已经结束了，这个按钮已失效，什么也没有改变。"))
            if table.status != "lobby":
                raise Denied(tr("牌局已经开始了，大厅的按钮已失效，什么也没有改变。中途离席请用 /table leave。"))
            if verb.startswith("page"):
                page = int(verb[4:] or 0)
                if page >= lobby_pages(table):  # the lobby's own buttons name its pages only
                    raise Denied(tr("大厅没有第 {page} 页选项，什么也没有改变。", page=echoed(page + 1)))
                with speaking(self.tables.public_lang(interaction)):
                    panel = lobby_message(table, page)
                await interaction.response.edit_message(**panel.kwargs())
                return
            await self._op(interaction, table, verb)
            with speaking(self.tables.public_lang(interaction)):
                panel = lobby_message(table)
            await interaction.response.edit_message(**panel.kwargs())
            if verb == "start" and table.status == "playing":
                self.play.announce(table)

    async def _seat(self, table: Table, seats: list[Seat], host_id: int | None = None,
                    kicked: set[int] | None = None) -> None:
        """Commit a new seat list (and host, and who was removed), then make it the table's: a failed write
        changes nothing. A change of seats is a lobby's activity: its idle time starts again."""
        now = self.touched()
        await self.db.set_seats(table.id, [s.row(i) for i, s in enumerate(seats)], host_id=host_id,
                                active_at=now, kicked=kicked)
        table.seats = seats
        table.active_at = float(now)
        if host_id is not None:
            table.host_id = host_id
        if kicked is not None:
            table.kicked = kicked
        self.watch(table)

    async def _op(self, interaction: discord.Interaction[Any], table: Table, verb: str) -> str:
        """One lobby change; the caller holds the table's lock, so every check here sees the current table."""
        user = interaction.user
        seat = table.seat_of(user.id)
        if verb == "join":
            if table.status != "lobby":
                raise Denied(tr("牌局已经开始，不能再加入。"))
            if seat is not None:
                raise Denied(tr("你已经在这张牌桌上了。"))
            if user.id in table.kicked:
                raise Denied(tr("房主已把你移出这张牌桌，不能再加入。什么也没有改变。"))
            if len(table.seats) >= table.seat_count:
                raise Denied(tr_n("座位已满（{n} 人）。", table.seat_count))
            self.limiter.join(user.id, table.id)
            await self._seat(table, [*table.seats, Seat(user.id, user.display_name, locale=interaction.locale.value)])
            return tr("你已加入牌桌 #{table}。", table=table.id)
        if verb == "ai":
            if table.status != "lobby":
                raise Denied(tr("牌局已经开始，不能再加电脑。"))
            if seat is None:
                raise Denied(tr("只有桌上的玩家可以添加电脑。"))
            if len(table.seats) >= table.seat_count:
                raise Denied(tr_n("座位已满（{n} 人）。", table.seat_count))
            n = sum(1 for s in table.seats if s.is_ai) + 1
            await self._seat(table, [*table.seats, Seat(None, ai_name(n))])
            return tr("已添加一位电脑玩家。")
        if verb == "leave":
            if seat is None:
                raise Denied(tr("你不在这张牌桌上。"))
            if table.status == "playing":
                # leaving mid-match hands the seat to the AI rather than breaking the hand for everyone
                self.play.set_auto(table, seat, True)
                await self.play.advance(table)  # writes the flag first; a failure rebuilds from the log
                self.play.announce(table)
                return tr("你已离席，电脑将托管你的座位。")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            humans = [s.user_id for s in seats if s.user_id is not None]
            if not humans:
                await self.end_table(table, lambda: tr("所有玩家都离开了"))
                return tr("你已离开，牌桌已关闭。")
            await self._seat(table, seats, host_id=humans[0] if user.id == table.host_id else None)
            return tr("你已离开牌桌。")
        if verb == "start":
            if table.status != "lobby":
                raise Denied(tr("牌局已经开始了。"))
            if user.id != table.host_id:
                raise Denied(tr("只有房主可以开始。"))
            need = table.seat_count
            if len(table.seats) < need:
                raise Denied(tr("人数不够：需要 {need} 位玩家，现在只有 {n} 位。可以用 /table ai 或「加电脑」补位。",
                                need=need, n=len(table.seats)))
            # The variant picks the first dealer once (随机庄, 剥皮's draw); it is stored so a rebuild keeps it.
            match = Match(table.variant_id, table.options, seed=table.hand_seed(-1))
            # durable first: a failed write leaves the table in its lobby, as the log says
            await self.db.start_table(table.id, match.progress.dealer)
            table.first_dealer = match.progress.dealer
            table.status = "playing"
            table.match = match
            self.watch(table)  # a match is no lobby: its idle timer stops
            await self.play.advance(table)  # deals the first hand
            self.tables.heap.table_started()
            return tr("开始！手牌已通过私信发出。") if self.shards.dm_clicks_arrive else self.shards.started()
        raise Denied(tr("没有这个操作。"))

    def refresh(self, table: Table) -> None:
        if table.lobby_message_id is None:
            return
        with speaking(self.tables.channel_lang(table)):
            panel = lobby_message(table)
        self.delivery.edit_lobby(table, table.lobby_message_id, panel)

    async def set_option(self, interaction: discord.Interaction[Any], table_id: int, key: str, value: str) -> None:
        async with self.tables.locked(table_id, ended()) as table:
            self.same_place(interaction, table)
            if table.status != "lobby":
                raise Denied(tr("牌局已经开始或已经结束，房间选项不能再改，什么也没有改变。"))
            if interaction.user.id != table.host_id:
                raise Denied(tr("只有房主可以修改房间选项。"))
            found = [(k, o, v) for k, o, v in all_options(table) if k == key]
            if not found:
                raise Denied(tr("没有这个房间选项。"))
            _, opt, _ = found[0]
            try:
                idx = int(value)
                if not 0 <= idx < len(opt.choices):
                    raise ValueError
            except ValueError:
                raise Denied(tr("选项「{option}」没有这个取值，可选：{choices}", option=option_label(opt),
                                choices=listing(choice_label(opt, c) for c in opt.choices[:25]))) from None
            if key.startswith("bot."):
                bot_options = dict(table.bot_options, **{key[4:]: opt.choices[idx]})
                options = table.options
            else:
                try:
                    options = table.variant.validate(dict(table.options, **{key: opt.choices[idx]}))
                except OptionError as e:
                    raise Denied(tr("房间选项有误：{reason}", reason=said(e))) from None
                bot_options = table.bot_options
                if len(table.seats) > table.variant.seat_count(options):
                    raise Denied(tr("已入座的人数超过了这个选项允许的座位数。"))
            now = self.touched()
            await self.db.set_options(table.id, options, bot_options, active_at=now)  # durable first
            table.options, table.bot_options = options, bot_options
            table.active_at = float(now)
            self.watch(table)  # a new idle time (闲置解散) or a change: counted from now
            page = page_of(table, key)
            with speaking(self.tables.public_lang(interaction)):
                panel = lobby_message(table, page)
            await interaction.response.edit_message(**panel.kwargs())

    async def _end_request(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """``/table end`` (the caller holds the lock). The host or a Manage-Server member ends the table at
        once. Before the start nobody else may: a lobby is the host's. In a match a seated player opens a
        解散 proposal (or, if one is open, agrees to it); see :meth:`_vote` for how it is decided."""
        user = interaction.user
        if user.id == table.host_id or interaction.permissions.manage_guild:
            if user.id == table.host_id:
                await self.end_table(table, lambda: tr("房主 {name} 结束了牌桌", name=user.display_name))
            else:
                await self.end_table(table, lambda: tr("管理员 {name} 结束了牌桌", name=user.display_name))
            with speaking(self.tables.public_lang(interaction)):
                await interaction.response.send_message(tr("牌桌 #{table} 已结束。", table=table.id))
            return
        if table.status != "playing":
            raise Denied(tr("开局前只有房主或服务器管理员可以关闭牌桌，什么也没有改变。"))
        if table.seat_of(user.id) is None:
            raise Denied(tr("只有房主、服务器管理员或桌上的玩家（投票）可以结束牌桌。"))
        if user.id in table.end_votes:  # said again, it would only post the same tally again
            raise Denied(tr("你已经同意解散了，等其他玩家投票即可，什么也没有改变。"))
        if not (table.end_votes or table.end_refusals) and table.end_refused_at is not None:
            again = table.end_refused_at + self.limiter.limits.repropose
            if self.limiter.on and self.clock.time() < again:
                self.limiter.refused += 1
                raise Limited(tr("上一次解散提议刚被拒绝，<t:{at}:R> 之后才能再提。房主或服务器管理员可以直接结束牌桌。",
                                 at=at(again)))
        with speaking(self.tables.public_lang(interaction)):
            panel = await self._vote(table, user, agree=True)
        await interaction.response.send_message(**panel.kwargs())

    async def vote(self, interaction: discord.Interaction[Any], table_id: int, round_no: int, agree: bool) -> None:
        """同意 / 拒绝 on a 解散 proposal message."""
        async with self.tables.locked(table_id, ended()) as table:
            self.same_place(interaction, table)
            if table.status != "playing":
                raise Denied(tr("这张牌桌已经结束了，投票按钮已失效，什么也没有改变。"))
            if round_no != table.end_round or not (table.end_votes or table.end_refusals):
                raise Denied(tr("这次解散投票已经结束了，按钮已失效，什么也没有改变。"))
            if table.seat_of(interaction.user.id) is None:
                raise Denied(tr("只有桌上的玩家可以投票，什么也没有改变。"))
            if interaction.user.id in (table.end_votes if agree else table.end_refusals):
                raise Denied(tr("你已经投过同意了，什么也没有改变。") if agree else tr("你已经投过拒绝了，什么也没有改变。"))
            with speaking(self.tables.public_lang(interaction)):
                panel = await self._vote(table, interaction.user, agree=agree)
            await interaction.response.edit_message(**panel.kwargs())

    async def _vote(self, table: Table, user: discord.abc.User, *, agree: bool) -> Panel:
        """Count one seated player's 同意 or 拒绝 and decide (the caller holds the lock).

        The rule: more than half of the seated humans agreeing dissolves the table; as soon as at least half
        refuse, no majority can agree any more and the proposal is dropped, its votes deleted, so the next
        proposal starts from nothing. A player's later vote replaces their earlier one. Each outcome is
        written before memory changes (a failed write changes nothing)."""
        opening = not (table.end_votes or table.end_refusals)
        yes_set, no_set = table.end_votes - {user.id}, table.end_refusals - {user.id}
        (yes_set if agree else no_set).add(user.id)
        humans = {table.seats[i].user_id for i in table.humans()}
        yes, no, n = len(yes_set & humans), len(no_set & humans), len(humans)
        if yes * 2 > n:
            await self.end_table(table, lambda: tr("玩家投票解散（{yes}/{n}）", yes=yes, n=n))
            return Panel(content=tr("投票通过（同意 {yes}/{n}），牌桌 #{table} 已解散。", yes=yes, n=n, table=table.id))
        if no * 2 >= n:
            await self.db.clear_end_votes(table.id)
            table.end_votes, table.end_refusals = set(), set()
            table.end_refused_at = self.clock.time()  # the next proposal waits (LIMIT_REPROPOSE)
            return Panel(content=tr("解散提议未通过（拒绝 {no}/{n}），牌局继续。", no=no, n=n))
        await self.db.vote_end(table.id, user.id, agree, new_round=opening)
        if opening:
            table.end_round += 1
        table.end_votes, table.end_refusals = yes_set, no_set
        if opening:
            head = tr("{name} 提议解散牌桌 #{table}", name=user.display_name, table=table.id)
        elif agree:
            head = tr("{name} 同意解散牌桌 #{table}", name=user.display_name, table=table.id)
        else:
            head = tr("{name} 拒绝解散牌桌 #{table}", name=user.display_name, table=table.id)
        return vote_panel(table, tr("🗳️ {head}：同意 {yes}/{n}，拒绝 {no}/{n}。过半数同意即解散，半数拒绝则作废。",
                                    head=head, yes=yes, n=n, no=no))

    async def end_table(self, table: Table, reason: Callable[[], str]) -> None:
        """End the table for ``reason`` (it says the reason in the language being spoken: stored as zh-CN, told
        to the channel in the guild's language and to each player in theirs)."""
        was_playing = table.status == "playing"
        # durable first: a failed write leaves the table as it was
        await self.db.end_table(table.id, stored(reason))
        self.timers.stop(table.id)
        table.status = "ended"
        table.version += 1  # every control sent before the end is stale now
        self.tables.release(table)
        self.watch(table)  # an ended lobby's idle timer stops
        with speaking(self.tables.channel_lang(table)):
            text = tr("🛑 牌桌 #{table} 已结束：{reason}。", table=table.id, reason=reason())
            if was_playing and table.match is not None:
                text += "\n" + tr("累计：{totals}", totals=" ｜ ".join(
                    f"{seat_name(table, i)} {t:+d}" for i, t in enumerate(table.match.totals)))
        if was_playing and table.match is not None:
            hand_no = table.hand_no
            for seat in table.humans():
                with speaking(self.tables.seat_lang(table, seat)):
                    told = tr("牌桌 #{table} 已结束：{reason}。", table=table.id, reason=reason())
                self.delivery.queue_dm(table, seat, hand_no, Panel(content=told))
        self.refresh(table)
        self.delivery.post_channel(table, Panel(content=text))


    async def channel_lost(self, table: Table) -> None:
        """End a table whose channel was deleted or is no longer reachable (``Delivery.channel_lost`` reports
        it): status ended, settled scores kept, timer and AI stopped, each player told by DM."""
        try:
            async with table.lock:
                table = self.tables.tables.get(table.id, table)  # a rebuild may have replaced the object
                if table.status == "ended":
                    return
                self.timers.stop(table.id)
                table.turn_deadline = None
                was_playing = table.status == "playing" and table.match is not None
                table.status = "ended"
                await self.db.end_table(table.id, stored(channel_lost_reason))
                self.tables.release(table)
                self.watch(table)
                totals = table.match.totals if was_playing and table.match is not None else None
                for seat in table.humans():
                    with speaking(self.tables.seat_lang(table, seat)):
                        text = tr("🛑 牌桌 #{table} 已结束：{reason}。", table=table.id, reason=channel_lost_reason())
                        if totals is not None:
                            text += "\n" + tr("已结算的各局分数都已保存。累计：{totals}", totals=" ｜ ".join(
                                f"{seat_name(table, i)} {t:+d}" for i, t in enumerate(totals)))
                    self.delivery.queue_dm(table, seat, table.hand_no, Panel(content=text), fresh=True)
        except Exception:
            log.exception("table %s could not be ended after its channel was lost", table.id)


def ended() -> str:
    return tr("这张牌桌已经结束了。")


def vote_panel(table: Table, text: str) -> Panel:
    """A 解散 proposal with its 同意 / 拒绝 buttons; they carry the proposal's round, so they go stale with it."""
    view = Controls()
    view.add_item(VoteButton(table.id, table.end_round, True))
    view.add_item(VoteButton(table.id, table.end_round, False))
    return Panel(content=text, view=view)
