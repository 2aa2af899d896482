"""The table service: every command and click goes through here, one asyncio lock per table.

The path of a click (see docs/architecture.md): validate (table, seat owner, state version) -> engine
``apply`` -> AI / 托管 seats play until a human must decide -> the accepted actions are committed to SQLite
-> the click is answered (its message becomes the player's fresh panel) -> channel table message and other
players' DMs are queued on the table's outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import UTC, datetime
from typing import Any

import discord

from engine.core import Action, Game, IllegalAction, OptionError
from engine.match import Match
from engine.registry import get_variant
from storage.db import ActionRow, Database

from . import ai
from .options_text import parse_options_text, validate_bot_options
from .outbox import Outbox
from .render import (
    OPTIONS_PER_PAGE,
    Panel,
    all_options,
    dm_panel,
    final_text,
    hand_over_panel,
    lobby_message,
    seat_name,
    settlement_text,
    table_message,
)
from .table import Seat, Table, table_from_row

log = logging.getLogger(__name__)
DM_CLOSED = 50007
MAX_RESUMES = 3  # after a failed write, carry on from the log at most this many times in a row
RESUME_DELAY = 1.0  # seconds (times the try number) before carrying on: a failing disk gets a moment


class Denied(Exception):
    """A request refused with a private, human-readable reason; nothing was changed."""


class TableService:
    def __init__(self, client: discord.Client, db: Database, *, timer_scale: float = 1.0) -> None:
        self.client = client
        self.db = db
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.outboxes: dict[int, Outbox] = {}
        self.timer_scale = timer_scale  # tests shrink turn timers instead of sleeping
        self._inflight = 0
        self._replays: dict[int, tuple[Any, list[dict[str, Any]], dict[str, Any] | None]] = {}
        self._retries: dict[int, int] = {}  # table id -> failed writes in a row (backs off, then gives up)

    # -- lifecycle -------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every unfinished table from its log and let play continue."""
        rows = await self.db.live_tables()
        for row in rows:
            try:
                table = table_from_row(row)
            except Exception:
                log.exception("table %s could not be replayed; left as is", row.id)
                continue
            self._register(table)
            if table.status == "playing":
                async with table.lock:
                    await self._advance(table)
                    self._publish(table)
                    self._arm_timer(table)
        return len(rows)

    async def close(self) -> None:
        for table in self.tables.values():
            if table.timer_task:
                table.timer_task.cancel()
        for box in self.outboxes.values():
            box.cancel()

    async def idle(self) -> None:
        """Wait until no handler runs and every outbox is drained (tests, demo, benchmark)."""
        while True:
            await asyncio.sleep(0)
            busy = [b for b in self.outboxes.values() if b.busy]
            if not busy and self._inflight == 0:
                await asyncio.sleep(0)
                if self._inflight == 0 and not any(b.busy for b in self.outboxes.values()):
                    return
            for b in busy:
                await b.idle()

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.status != "ended":
            self.by_channel[table.channel_id] = table.id
        self.outboxes.setdefault(table.id, Outbox(f"table-{table.id}"))

    def table_in(self, channel_id: int | None) -> Table | None:
        tid = self.by_channel.get(channel_id or 0)
        return self.tables.get(tid) if tid is not None else None

    # -- answering -------------------------------------------------------------------------------

    async def deny(self, interaction: discord.Interaction[Any], message: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(f"⚠️ {message}", ephemeral=True)
        else:
            await interaction.response.send_message(f"⚠️ {message}", ephemeral=True)

    async def _guard(self, interaction: discord.Interaction[Any], coro: Any) -> None:
        """Run a handler; a Denied becomes a private error, any other failure a private apology."""
        self._inflight += 1
        try:
            await coro
        except Denied as e:
            await self.deny(interaction, str(e))
        except Exception:
            log.exception("handler failed")
            with contextlib.suppress(discord.HTTPException):
                await self.deny(interaction, "出错了，操作未生效。")
        finally:
            self._inflight -= 1

    # -- table commands --------------------------------------------------------------------------

    def create(self, interaction: discord.Interaction[Any], variant_id: str, options_text: str | None) -> Any:
        return self._guard(interaction, self._create(interaction, variant_id, options_text))

    async def _create(self, interaction: discord.Interaction[Any], variant_id: str, options_text: str | None) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Denied("牌桌只能在服务器频道里开。")
        existing = self.table_in(interaction.channel_id)
        if existing is not None:
            raise Denied(f"本频道已有牌桌 #{existing.id}；一个频道（或子区）只能开一桌。")
        try:
            variant = get_variant(variant_id)
            raw = parse_options_text(options_text or "", variant)
            bot_raw = {k[4:]: raw.pop(k) for k in list(raw) if k.startswith("bot.")}
            options = variant.validate(raw)
            bot_options = validate_bot_options(bot_raw)
        except OptionError as e:
            raise Denied(f"房间选项有误：{e}") from None
        host = interaction.user
        seat = Seat(host.id, host.display_name)
        table_id = await self.db.create_table(interaction.guild_id, interaction.channel_id, host.id, variant.id,
                                              options, bot_options, [seat.row(0)])
        table = Table(table_id, interaction.guild_id, interaction.channel_id, host.id, variant.id, options,
                      bot_options, "lobby", [seat])
        self._register(table)
        panel = lobby_message(table)
        resp = await interaction.response.send_message(**panel.kwargs())
        if resp.message_id is not None:
            table.lobby_message_id = resp.message_id
            await self.db.set_lobby_message(table.id, resp.message_id)

    def _channel_table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.table_in(interaction.channel_id)
        if table is None:
            raise Denied("本频道没有进行中的牌桌。用 /table create 开一桌。")
        return table

    def command(self, interaction: discord.Interaction[Any], verb: str) -> Any:
        """``/table join|leave|ai|start|end|hand`` in the channel's table."""
        async def run() -> None:
            table = self._channel_table(interaction)
            if verb == "hand":
                await self._show_hand(interaction, table)
            elif verb == "end":
                await self._end_request(interaction, table)
            else:
                async with table.lock:
                    text = await self._lobby_op(interaction, table, verb)
                    if not interaction.response.is_done():
                        await interaction.response.send_message(text, ephemeral=True)
                    self._refresh_lobby(table)
                    if verb == "start" and table.status == "playing":
                        self._publish(table)
                        self._arm_timer(table)
        return self._guard(interaction, run())

    def lobby_click(self, interaction: discord.Interaction[Any], table_id: int, verb: str) -> Any:
        async def run() -> None:
            table = self.tables.get(table_id)
            if table is None or table.status == "ended":
                raise Denied("这张牌桌已经结束了。")
            if verb.startswith("page"):
                await interaction.response.edit_message(**lobby_message(table, int(verb[4:] or 0)).kwargs())
                return
            async with table.lock:
                await self._lobby_op(interaction, table, verb)
                if table.status == "lobby" or verb == "start":
                    await interaction.response.edit_message(**lobby_message(table).kwargs())
                if verb == "start" and table.status == "playing":
                    self._publish(table)
                    self._arm_timer(table)
        return self._guard(interaction, run())

    async def _lobby_op(self, interaction: discord.Interaction[Any], table: Table, verb: str) -> str:
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
            await self.db.set_seats(table.id, table.seat_rows())
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
            await self.db.set_seats(table.id, table.seat_rows())
            return "已添加一位电脑玩家。"
        if verb == "leave":
            if seat is None:
                raise Denied("你不在这张牌桌上。")
            if table.status == "playing":
                # leaving mid-match hands the seat to the AI rather than breaking the hand for everyone
                table.set_auto(seat, True)
                await self._advance(table)
                self._publish(table)
                self._arm_timer(table)
                return "你已离席，电脑将托管你的座位。"
            del table.seats[seat]
            if not table.humans():
                await self._end_table(table, "所有玩家都离开了")
                return "你已离开，牌桌已关闭。"
            if user.id == table.host_id:
                table.host_id = table.seats[table.humans()[0]].user_id or table.host_id
            await self.db.set_seats(table.id, table.seat_rows())
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
            await self.db.start_table(table.id, match.progress.dealer)
            table.first_dealer = match.progress.dealer
            table.status = "playing"
            table.match = match
            await self._advance(table)  # deals the first hand
            return "开始！手牌已通过私信发出。"
        raise Denied(f"未知操作 {verb}。")

    def _refresh_lobby(self, table: Table) -> None:
        if table.lobby_message_id is None:
            return
        panel = lobby_message(table)
        mid = table.lobby_message_id
        self._outbox(table).edit(("lobby",), lambda: self._edit_channel(table, mid, panel))

    def set_option(self, interaction: discord.Interaction[Any], table_id: int, key: str, value: str) -> Any:
        async def run() -> None:
            table = self.tables.get(table_id)
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
                await self.db.set_options(table.id, options, bot_options)
                page = [k for k, _, _ in all_options(table)].index(key) // OPTIONS_PER_PAGE
                await interaction.response.edit_message(**lobby_message(table, page).kwargs())
        return self._guard(interaction, run())

    async def _end_request(self, interaction: discord.Interaction[Any], table: Table) -> None:
        user = interaction.user
        perms = interaction.permissions
        async with table.lock:
            if user.id == table.host_id or perms.manage_guild:
                who = "房主" if user.id == table.host_id else "管理员"
                await self._end_table(table, f"{who} {user.display_name} 结束了牌桌")
                await interaction.response.send_message(f"牌桌 #{table.id} 已结束。")
                return
            seat = table.seat_of(user.id)
            if seat is None:
                raise Denied("只有房主、服务器管理员或桌上的玩家（投票）可以结束牌桌。")
            await self.db.add_end_vote(table.id, user.id)  # durable before the vote is announced
            table.end_votes.add(user.id)
            humans = [table.seats[i].user_id for i in table.humans()]
            votes = len(table.end_votes & set(humans))
            if votes * 2 > len(humans):
                await self._end_table(table, f"玩家投票解散（{votes}/{len(humans)}）")
                await interaction.response.send_message(f"投票通过，牌桌 #{table.id} 已解散。")
            else:
                await interaction.response.send_message(
                    f"{user.display_name} 提议解散牌桌 #{table.id}（{votes}/{len(humans)}，过半数即解散）。")

    async def _end_table(self, table: Table, reason: str) -> None:
        if table.timer_task:
            table.timer_task.cancel()
        was_playing = table.status == "playing"
        table.status = "ended"
        await self.db.end_table(table.id, reason)
        self.by_channel.pop(table.channel_id, None)
        text = f"🛑 牌桌 #{table.id} 已结束：{reason}。"
        if was_playing and table.match is not None:
            text += "\n累计：" + " ｜ ".join(f"{seat_name(table, i)} {t:+d}" for i, t in enumerate(table.match.totals))
            hand_no = table.hand_no
            for seat in table.humans():
                self._queue_dm(table, seat, hand_no, Panel(content=f"牌桌 #{table.id} 已结束：{reason}。"))
        self._refresh_lobby(table)
        self._post_channel(table, Panel(content=text))

    # -- play ------------------------------------------------------------------------------------

    def _own_seat(self, interaction: discord.Interaction[Any], table_id: int, seat: int, foreign: str) -> Table:
        """The table with a hand in play where ``seat`` is the clicking user's own, or a private refusal."""
        table = self.tables.get(table_id)
        if table is None or table.status != "playing" or table.game is None:
            raise Denied("这张牌桌已经结束或不存在。")
        if seat >= len(table.seats) or table.seats[seat].user_id != interaction.user.id:
            raise Denied(foreign)
        return table

    def act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int, choice: str) -> Any:
        return self._guard(interaction, self._act(interaction, table_id, version, seat, choice))

    async def _act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                   choice: str) -> None:
        table = self._own_seat(interaction, table_id, seat, "这不是你的牌：只能操作自己的座位。")
        async with table.lock:
            if version != table.version:
                raise Denied("这条消息已过期（牌局已经继续了），什么也没有改变。请用最新的私信面板或「查看我的手牌」。")
            game = table.game
            assert game is not None
            action = resolve_choice(game, seat, choice)
            hand_no = table.hand_no
            try:
                self._apply(table, seat, action, by_ai=False)
            except IllegalAction as e:  # the engine has the last word; its state is unchanged
                raise Denied(f"这一步不合法：{e}") from None
            table.set_auto(seat, False)
            await self._advance(table)
            # Durable now: answer the click by turning its message into the seat's fresh panel.
            same_hand = table.game is not None and table.hand_no == hand_no
            closing = table.closing.get(seat)
            panel = dm_panel(table, seat) if same_hand else (
                closing if isinstance(closing, Panel) else hand_over_panel(table, hand_no))
            await interaction.response.edit_message(**panel.kwargs())
            msg_id = interaction.message.id if interaction.message else None
            skip = None
            if same_hand and msg_id is not None and table.dm_messages.get((hand_no, seat)) == msg_id:
                table.dm_rendered[seat] = panel.signature
                skip = seat
            self._publish(table, skip=skip)
            self._arm_timer(table)

    def _apply(self, table: Table, seat: int, action: Action, *, by_ai: bool) -> None:
        game = table.game
        assert game is not None and table.hand_id is not None
        events = game.apply(seat, action)
        table.unsaved.append(ActionRow(table.seq, seat, action.code, by_ai))
        table.seq += 1
        table.version += 1
        table.note(events)

    async def _flush(self, table: Table) -> None:
        if (table.unsaved and table.hand_id is not None) or table.unsaved_auto:
            rows, table.unsaved = table.unsaved, []
            auto, table.unsaved_auto = table.unsaved_auto, {}
            await self.db.append_actions(table.hand_id, rows, table_id=table.id, auto=auto)

    async def _advance(self, table: Table) -> None:
        """Let AI and 托管 seats play, settle finished hands and deal new ones, until a human must decide.
        Everything accepted is committed before returning, so callers may then tell people about it.

        If anything fails on the way (a commit, a settlement, a new hand), memory may have run ahead of the
        log: the table is rebuilt from the log before the error goes up, so nobody is told of a lost move."""
        try:
            await self._advance_unsafe(table)
        except Exception:
            await self._rebuild(table)
            raise
        self._retries.pop(table.id, None)

    async def _advance_unsafe(self, table: Table) -> None:
        while table.status == "playing" and table.match is not None:
            game = table.game
            if game is None:
                if table.match.over:
                    break
                await self._start_hand(table)
                continue
            if game.finished:
                await self._flush(table)
                await self._settle(table)
                continue
            movers = [s for s in game.to_act() if table.seats[s].is_ai or table.seats[s].auto]
            if not movers:
                break
            for s in movers:
                if s in game.to_act() and not game.finished:
                    self._apply(table, s, ai.choose(game, s), by_ai=True)
        await self._flush(table)

    async def _rebuild(self, table: Table) -> None:
        """Replace the table in memory by its replay from the log (the caller holds its lock)."""
        if table.timer_task is not None:  # the old object's timer would act on a table nobody sees
            table.timer_task.cancel()
            table.timer_task = None
        try:
            row = await self.db.table(table.id)
            fresh = table_from_row(row) if row is not None else None
        except Exception:
            log.exception("table %s could not be rebuilt from its log", table.id)
            return
        if fresh is None:
            return
        fresh.lock = table.lock
        self.tables[table.id] = fresh
        tries = self._retries.get(table.id, 0) + 1
        self._retries[table.id] = tries
        if tries > MAX_RESUMES:
            log.error("table %s failed %d times in a row; it waits for a click or a restart", table.id, tries - 1)
            return
        # AI seats, 托管 seats or a finished hand would otherwise wait for a click that never comes: once the
        # failed handler has let go of the lock, carry on from the log (retrying what the failure lost).
        asyncio.get_running_loop().create_task(self._resume(fresh, RESUME_DELAY * tries * self.timer_scale),
                                               name=f"resume-{table.id}")

    async def _resume(self, table: Table, delay: float) -> None:
        self._inflight += 1
        try:
            await asyncio.sleep(delay)
            async with table.lock:
                if self.tables.get(table.id) is not table or table.status != "playing":
                    return
                version = table.version
                await self._advance(table)
                if table.version != version:
                    self._publish(table)
                self._arm_timer(table)
        except Exception:
            log.exception("table %s could not carry on after a failed write", table.id)
        finally:
            self._inflight -= 1

    async def _start_hand(self, table: Table) -> None:
        assert table.match is not None
        hand_no = table.hand_no
        seed = table.hand_seed(hand_no)
        game = table.match.new_hand(seed)
        table.hand_id = await self.db.start_hand(table.id, hand_no, seed, game.dealer)
        table.seq = 0
        table.version += 1
        table.log.clear()
        table.dm_rendered.clear()
        panel = table_message(table)
        hand_id = table.hand_id

        async def post() -> None:
            msg = await self._channel(table).send(**panel.kwargs())
            table.hand_messages[hand_no] = msg.id
            await self.db.set_hand_message(hand_id, msg.id)
        self._outbox(table).post(post)

    async def _settle(self, table: Table) -> None:
        match = table.match
        game = table.game
        assert match is not None and game is not None and table.hand_id is not None
        hand_no = table.hand_no
        # the finished hand's last look, rendered before the match lets go of the game
        self._publish(table)
        table.closing = {seat: dm_panel(table, seat) for seat in table.humans()}
        result = match.finish_hand()
        over = match.over
        rows = [(i, s.user_id, result.deltas[i], i in result.winners) for i, s in enumerate(table.seats)]
        detail = result.detail or {}
        best = str(detail.get("text") or detail.get("patterns") or "")
        payload = {"winners": result.winners, "deltas": result.deltas, "draw": result.draw,
                   "detail": json.loads(json.dumps(detail, ensure_ascii=False, default=str)), "hand_no": hand_no}
        adjust = None
        if over and match.variant.final_settlement is not None:
            # Race variants settle the match as a whole (pairwise differences, 打鸟): the leaderboard counts that.
            adjust = [f - t for f, t in zip(match.final_scores(), match.totals, strict=True)]
            payload["match_settlement"] = match.final_scores()
        await self.db.settle_hand(table.hand_id, table.guild_id, table.variant_id, payload, rows, best,
                                  end_table=(table.id, "比赛结束") if over else None, match_adjust=adjust)
        self._post_channel(table, Panel(content=settlement_text(table, result, hand_no)))
        if over:
            table.status = "ended"
            self.by_channel.pop(table.channel_id, None)
            if table.timer_task:
                table.timer_task.cancel()
            self._post_channel(table, Panel(content=final_text(table)))

    # -- delivery --------------------------------------------------------------------------------

    def _outbox(self, table: Table) -> Outbox:
        box = self.outboxes.get(table.id)
        if box is None:
            box = self.outboxes[table.id] = Outbox(f"table-{table.id}")
        return box

    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id,
                                                   type=discord.ChannelType.text)

    async def _edit_channel(self, table: Table, message_id: int, panel: Panel) -> None:
        await self._channel(table).get_partial_message(message_id).edit(**panel.kwargs())

    def _post_channel(self, table: Table, panel: Panel) -> None:
        async def post() -> None:
            await self._channel(table).send(**panel.kwargs())
        self._outbox(table).post(post)

    def _publish(self, table: Table, skip: int | None = None) -> None:
        """Queue the current state: the channel's table message, and each human's DM panel if it changed."""
        game = table.game
        if game is None:
            return
        hand_no = table.hand_no
        panel = table_message(table)

        async def edit_table() -> None:
            mid = table.hand_messages.get(hand_no)
            if mid is not None:
                await self._edit_channel(table, mid, panel)
        self._outbox(table).edit(("table", hand_no), edit_table)
        for seat in table.humans():
            if seat == skip or table.seats[seat].dm_closed:
                continue
            dm = dm_panel(table, seat)
            if table.dm_rendered.get(seat) == dm.signature:
                continue
            table.dm_rendered[seat] = dm.signature
            self._queue_dm(table, seat, hand_no, dm)

    def _queue_dm(self, table: Table, seat: int, hand_no: int, panel: Panel) -> None:
        async def deliver() -> None:
            s = table.seats[seat]
            if s.dm_closed or s.user_id is None:
                return
            try:
                if s.dm_channel_id is None:
                    # one DM channel per player, opened once and reused (opening many quickly gets bots flagged)
                    ch = await self.client.create_dm(discord.Object(s.user_id))
                    s.dm_channel_id = ch.id
                    await self.db.set_dm(table.id, seat, ch.id, False)
                dm = self.client.get_partial_messageable(s.dm_channel_id, type=discord.ChannelType.private)
                mid = table.dm_messages.get((hand_no, seat))
                if mid is not None:
                    await dm.get_partial_message(mid).edit(**panel.kwargs())
                else:
                    msg = await dm.send(**panel.kwargs())
                    table.dm_messages[(hand_no, seat)] = msg.id
                    await self.db.set_dm_message(table.id, seat, hand_no, msg.id)
            except discord.Forbidden as e:
                if e.code != DM_CLOSED:
                    raise
                s.dm_closed = True
                await self.db.set_dm(table.id, seat, s.dm_channel_id, True)
                from .components import ShowHandButton
                view = discord.ui.View(timeout=None)
                view.add_item(ShowHandButton(table.id))
                text = (f"<@{s.user_id}> 无法给你发私信（私信已关闭）。请点击下方「查看我的手牌」按钮，"
                        "手牌和操作会只显示给你一个人。")
                self._outbox(table).post(lambda: self._channel(table).send(content=text, view=view))  # type: ignore[arg-type,return-value]
        self._outbox(table).edit(("dm", hand_no, seat), deliver)

    # -- private views ---------------------------------------------------------------------------

    def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> Any:
        async def run() -> None:
            table = self.tables.get(table_id)
            if table is None or table.status != "playing":
                raise Denied("这张牌桌没有进行中的牌局。")
            await self._show_hand(interaction, table)
        return self._guard(interaction, run())

    async def _show_hand(self, interaction: discord.Interaction[Any], table: Table) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Denied("你不在这张牌桌上。")
        if table.game is None:
            raise Denied("现在没有进行中的一局。")
        panel = dm_panel(table, seat)
        await interaction.response.send_message(**panel.kwargs(), ephemeral=True)

    def auto_off(self, interaction: discord.Interaction[Any], table_id: int, seat: int) -> Any:
        async def run() -> None:
            table = self._own_seat(interaction, table_id, seat, "只能取消自己的托管。")
            async with table.lock:
                table.set_auto(seat, False)
                await self._advance(table)  # writes the flag (nothing else moves: a human must decide)
                panel = dm_panel(table, seat)
                await interaction.response.edit_message(**panel.kwargs())
                self._publish(table, skip=seat)
                self._arm_timer(table)
        return self._guard(interaction, run())

    # -- turn timer ------------------------------------------------------------------------------

    def _arm_timer(self, table: Table) -> None:
        if table.timer_task is not None:
            table.timer_task.cancel()
            table.timer_task = None
        seconds = int(table.bot_options.get("timer", 0) or 0)
        game = table.game
        if not seconds or table.status != "playing" or game is None or game.finished:
            return
        waiting = [s for s in game.to_act() if not table.seats[s].is_ai and not table.seats[s].auto]
        if waiting:
            table.timer_task = asyncio.get_running_loop().create_task(
                self._timeout(table, table.version, seconds * self.timer_scale), name=f"timer-{table.id}")

    async def _timeout(self, table: Table, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self._inflight += 1
        try:
            async with table.lock:
                game = table.game
                if table.version != version or game is None or table.status != "playing":
                    return
                late = [s for s in game.to_act() if not table.seats[s].is_ai]
                for s in late:
                    table.set_auto(s, True)
                table.log.append("超时：" + "、".join(seat_name(table, s) for s in late) + " 由电脑托管")
                table.timer_task = None
                await self._advance(table)
                self._publish(table)
                self._arm_timer(table)
        except Exception:
            log.exception("turn timer of table %s failed", table.id)
        finally:
            self._inflight -= 1

    # -- history ---------------------------------------------------------------------------------

    def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> Any:
        async def run() -> None:
            from .render import public_snapshot
            from .table import replay_steps
            cached = self._replays.get(hand_id)
            if cached is None:
                info = await self.db.hand(hand_id)
                if info is None or info["guild_id"] != interaction.guild_id:
                    raise Denied(f"找不到牌局 #{hand_id}。")
                row = await self.db.table(info["table_id"])
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
        return self._guard(interaction, run())


def resolve_choice(game: Game, seat: int, choice: str) -> Action:
    """Map a custom-id/select choice (an action code, or ``#index`` for very long codes) to a legal action."""
    legal = game.legal_actions(seat)
    if not legal:
        raise Denied("现在不轮到你。")
    if choice.startswith("#") and choice[1:].isdigit():
        idx = int(choice[1:])
        if idx < len(legal):
            return legal[idx]
    for a in legal:
        if a.code == choice:
            return a
    raise Denied(f"「{choice}」现在不是合法的操作。")


def month_start(now: datetime | None = None) -> datetime:
    now = now or datetime.now(UTC)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)

