"""Play: a click on an action, the AI and 托管 seats, settling hands and dealing the next, recovery after a failed write."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from engine.core import PASS_ROLE, Action, Game, IllegalAction, name_action
from storage.db import ActionRow

from . import ai
from .delivery import send_kwargs
from .engine_words import said
from .errors import Denied, echoed
from .i18n import speaking, tr
from .present.controls import PLAY_CARDS
from .present.dm import dm_panel, hand_over_panel, question_panel
from .present.panel import Panel
from .present.registry import presenter_of
from .present.settlement import final_text, settlement_post
from .table import Line, Table, stored, table_from_row

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger(__name__)
MAX_RESUMES = 3  # after a failed write, carry on from the log at most this many times in a row
RESUME_DELAY = 1.0  # seconds (times the try number) before carrying on: a failing disk gets a moment


class Play:
    """Actions from clicks and from the AI; everything accepted is committed before anyone is told."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self._retries: dict[int, int] = {}  # table id -> failed writes in a row (backs off, then gives up)

    @staticmethod
    def own_seat(interaction: discord.Interaction[Any], table: Table, seat: int, foreign: str) -> None:
        """Refuse unless ``table`` has a hand in play and ``seat`` is the clicking user's own. Called with the
        table's lock held, on the object :meth:`TableService.locked` yielded: checked before the lock, the
        answer could change (the table ended, was rebuilt) before the click acts."""
        if table.status != "playing" or table.game is None:
            raise Denied(tr("这张牌桌已经结束或不存在。"))
        if seat >= len(table.seats) or table.seats[seat].user_id != interaction.user.id:
            raise Denied(foreign)

    def _current(self, interaction: discord.Interaction[Any], table: Table, seat: int, version: int) -> Any:
        """The game a click on a seat's control acts on, checked under the table's lock: the clicker owns the
        seat and the control is of the current version (else a private refusal)."""
        self.own_seat(interaction, table, seat, tr("这不是你的牌：只能操作自己的座位。"))
        if version != table.version:
            raise Denied(tr("这条消息已过期（牌局已经继续了），什么也没有改变。请用最新的私信面板或「查看我的手牌」。"))
        game = table.game
        assert game is not None
        return game

    def act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int, choice: str) -> Any:
        return self.svc.guard(interaction, self._act(interaction, table_id, version, seat, choice))

    async def _act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                   choice: str) -> None:
        async with self.svc.locked(table_id) as table:
            game = self._current(interaction, table, seat, version)
            if choice.startswith("?"):  # a question (过 while 胡 is on offer): answered, nothing changes
                await interaction.response.edit_message(**question_panel(table, seat, choice).kwargs())
                return
            action = resolve_choice(game, seat, choice, presenter_of(table).read_cards)
            hand_no = table.hand_no
            try:
                self._apply(table, seat, action, by_ai=False)
            except IllegalAction as e:  # the engine has the last word; its state is unchanged
                raise Denied(tr("这一步不合法：{reason}", reason=said(e))) from None
            table.set_auto(seat, False)
            await self.advance(table)
            self.svc.timers.arm(table)  # before rendering: the panel shows the new turn's countdown
            # Durable now: answer the click by turning its message into the seat's fresh panel.
            same_hand = table.game is not None and table.hand_no == hand_no
            closing = table.closing.get(seat)
            panel = dm_panel(table, seat) if same_hand else (
                closing if isinstance(closing, Panel) else hand_over_panel(table, hand_no))
            msg_id = interaction.message.id if interaction.message else None
            await interaction.response.edit_message(**self.svc.delivery.shown.edit_kwargs(panel, msg_id))
            self.svc.delivery.shown.record(msg_id, panel)
            skip = None
            if same_hand and msg_id is not None and table.dm_messages.get((hand_no, seat)) == msg_id:
                table.dm_rendered[seat] = panel.signature
                skip = seat
            self.svc.delivery.publish(table, skip=skip, actor=seat)

    def pick(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
             cards: list[str]) -> Any:
        """跑得快: the cards picked for a play. Nothing changes: the answer is the panel with them chosen and an
        出牌 that carries them (checked by the engine only when clicked)."""
        async def run() -> None:
            async with self.svc.locked(table_id) as table:
                game = self._current(interaction, table, seat, version)
                if game.finished or seat not in game.to_act():
                    raise Denied(tr("现在不轮到你。"))
                panel = dm_panel(table, seat, picked=cards)
                msg_id = interaction.message.id if interaction.message else None
                await interaction.response.edit_message(**self.svc.delivery.shown.edit_kwargs(panel, msg_id))
                self.svc.delivery.shown.record(msg_id, panel)
        return self.svc.guard(interaction, run())

    def _apply(self, table: Table, seat: int, action: Action, *, by_ai: bool) -> None:
        game = table.game
        assert game is not None and table.hand_id is not None
        events = game.apply(seat, action)
        table.unsaved.append(ActionRow(table.seq, seat, action.code, by_ai))
        table.seq += 1
        table.version += 1
        table.note(events)

    async def answer_for(self, table: Table, seats: list[int]) -> None:
        """The AI answers these seats' current decision once, without 托管 (the caller holds the lock).

        For a claim window that timed out: who is asked there is hidden, and 托管 shows at the seat."""
        game = table.game
        for s in seats:
            if game is not None and not game.finished and s in game.to_act():
                self._apply(table, s, ai.choose(game, s), by_ai=True)
        await self.advance(table)

    async def _flush(self, table: Table) -> None:
        if (table.unsaved and table.hand_id is not None) or table.unsaved_auto:
            rows, table.unsaved = table.unsaved, []
            auto, table.unsaved_auto = table.unsaved_auto, {}
            await self.svc.db.append_actions(table.hand_id, rows, table_id=table.id, auto=auto)

    async def advance(self, table: Table) -> None:
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
            forced = {s: a for s in game.to_act() if s not in movers and (a := forced_pass(game, s)) is not None}
            if not movers and not forced:
                break
            for s in movers:
                if s in game.to_act() and not game.finished:
                    self._apply(table, s, ai.choose(game, s), by_ai=True)
            for s, a in forced.items():
                # 要不起 with nothing that beats is no decision: taken for the player, marked so on the log
                if s in game.to_act() and not game.finished and forced_pass(game, s) == a:
                    logged = len(table.log), table.log[-1] if table.log else None
                    self._apply(table, s, a, by_ai=True)
                    if table.log and (len(table.log), table.log[-1]) != logged:
                        table.log[-1] = auto_marked(table.log[-1])
        await self._flush(table)

    async def _rebuild(self, table: Table) -> None:
        """Replace the table in memory by its replay from the log (the caller holds its lock)."""
        if table.timer_task is not None:  # the old object's timer would act on a table nobody sees
            table.timer_task.cancel()
            table.timer_task = None
        try:
            row = await self.svc.db.table(table.id)
            fresh = table_from_row(row) if row is not None else None
        except Exception:
            log.exception("table %s could not be rebuilt from its log", table.id)
            return
        if fresh is None:
            return
        fresh.lock = table.lock
        self.svc.tables[table.id] = fresh
        tries = self._retries.get(table.id, 0) + 1
        self._retries[table.id] = tries
        if tries > MAX_RESUMES:
            log.error("table %s failed %d times in a row; it waits for a click or a restart", table.id, tries - 1)
            return
        # AI seats, 托管 seats or a finished hand would otherwise wait for a click that never comes: once the
        # failed handler has let go of the lock, carry on from the log (retrying what the failure lost).
        asyncio.get_running_loop().create_task(self._resume(fresh, RESUME_DELAY * tries),
                                               name=f"resume-{table.id}")

    async def _resume(self, table: Table, delay: float) -> None:
        self.svc.inflight += 1
        try:
            await self.svc.clock.sleep(delay)
            async with table.lock:
                if self.svc.tables.get(table.id) is not table or table.status != "playing":
                    return
                version = table.version
                await self.advance(table)
                if table.version != version:
                    self.svc.delivery.publish(table)
                self.svc.timers.arm(table)
        except Exception:
            log.exception("table %s could not carry on after a failed write", table.id)
        finally:
            self.svc.inflight -= 1

    async def _start_hand(self, table: Table) -> None:
        assert table.match is not None
        hand_no = table.hand_no
        seed = table.hand_seed(hand_no)
        game = table.match.new_hand(seed)
        table.hand_id = await self.svc.db.start_hand(table.id, hand_no, seed, game.dealer)
        table.seq = 0
        table.version += 1
        table.log.clear()
        table.dm_rendered.clear()
        # Posted by the hand's keyed job: retried, and posted again by any later publish (or a restart) if
        # this post never lands, so no hand goes unseen in the channel.
        self.svc.delivery.queue_table_message(table)

    async def _settle(self, table: Table) -> None:
        match = table.match
        game = table.game
        assert match is not None and game is not None and table.hand_id is not None
        hand_no = table.hand_no
        # the finished hand's last look, rendered before the match lets go of the game
        self.svc.delivery.publish(table)
        table.closing = {}
        for seat in table.humans():
            with speaking(self.svc.seat_lang(table, seat)):
                table.closing[seat] = dm_panel(table, seat)
        result = match.finish_hand()
        over = match.over
        rows = [(i, s.user_id, result.deltas[i], i in result.winners) for i, s in enumerate(table.seats)]
        detail = result.detail or {}
        best = str(detail.get("text") or detail.get("patterns") or "")
        payload = {"winners": result.winners, "deltas": result.deltas, "draw": result.draw,
                   "detail": json.loads(json.dumps(detail, ensure_ascii=False, default=str)), "hand_no": hand_no,
                   # the in-hand payments that stood (already inside the deltas), and who deals next as the match
                   # decided it (the hand's own naming or the variant's rule), so the stored hand is complete
                   "ledger": [p.to_json() for p in result.ledger], "next_dealer": match.progress.dealer,
                   "wins": [w.to_json() for w in result.wins]}
        adjust = None
        if over and match.variant.final_settlement is not None:
            # Race variants settle the match as a whole (pairwise differences, 打鸟): the leaderboard counts that.
            adjust = [f - t for f, t in zip(match.final_scores(), match.totals, strict=True)]
            payload["match_settlement"] = match.final_scores()
        # The channel posts announcing it are stored with the settlement (one transaction): each is posted
        # once, later if Discord refuses it now, and after a restart if a crash comes first.
        with speaking(self.svc.channel_lang(table)):
            posts = [settlement_post(table, result, hand_no)]
            if over:
                posts.append(Panel(content=final_text(table)))
        ids = await self.svc.db.settle_hand(
            table.hand_id, table.guild_id, table.variant_id, payload, rows, best,
            end_table=(table.id, stored(lambda: tr("比赛结束"))) if over else None, match_adjust=adjust,
            posts=[post.content or "" for post in posts])
        for post_id, post in zip(ids, posts, strict=False):
            self.svc.delivery.queue_post(table, post_id, post)
        if over:
            table.status = "ended"
            self.svc.by_channel.pop(table.channel_id, None)
            if table.timer_task:
                table.timer_task.cancel()

    def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> Any:
        """查看我的手牌 on the table message."""
        return self.svc.guard(interaction, self.show_hand_to(interaction, table_id, playing=True))

    async def show_hand_to(self, interaction: discord.Interaction[Any], table_id: int, *, playing: bool = False) -> None:
        """Answer privately with the clicker's panel (``/table hand``, 查看我的手牌); ``playing``: refuse a table
        that is not in play (in the lobby, the command says there is no hand yet instead).

        Read under the table's lock, like a click: while a move waits for its commit, memory is ahead of the
        log (a failed commit or a crash would undo it), and nobody may see it before the commit returns. A
        click that has to wait for the lock is deferred first, so it is answered within Discord's 3 seconds
        however long the commit takes."""
        no_game = tr("这张牌桌没有进行中的牌局。")
        waiting = self.svc.tables.get(table_id)
        if waiting is None or waiting.status == "ended" or (playing and waiting.status != "playing"):
            raise Denied(no_game)
        if contended(waiting.lock):
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.svc.locked(table_id, no_game) as table:
            if table.status == "ended" or (playing and table.status != "playing"):
                raise Denied(no_game)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise Denied(tr("你不在这张牌桌上。"))
            if table.game is None:
                raise Denied(tr("现在没有进行中的一局。"))
            panel = dm_panel(table, seat)
            # not the seat's turn: no controls, and send_message refuses view=None
            kwargs = send_kwargs(panel)
            if not interaction.response.is_done():
                await interaction.response.send_message(**kwargs, ephemeral=True)
                return
            # deferred: the panel takes the place of the "thinking" answer (private, as the deferral was)
            files = kwargs.pop("files", None)
            await interaction.edit_original_response(**kwargs, **({"attachments": files} if files else {}))

    def auto_off(self, interaction: discord.Interaction[Any], table_id: int, seat: int) -> Any:
        async def run() -> None:
            async with self.svc.locked(table_id) as table:
                self.own_seat(interaction, table, seat, tr("只能取消自己的托管。"))
                table.set_auto(seat, False)
                await self.advance(table)  # writes the flag (nothing else moves: a human must decide)
                panel = dm_panel(table, seat)
                msg_id = interaction.message.id if interaction.message else None
                await interaction.response.edit_message(**self.svc.delivery.shown.edit_kwargs(panel, msg_id))
                self.svc.delivery.shown.record(msg_id, panel)
                self.svc.delivery.publish(table, skip=seat)
                self.svc.timers.arm(table)
        return self.svc.guard(interaction, run())


def contended(lock: asyncio.Lock) -> bool:
    """Whether taking ``lock`` now would wait: it is held, or a waiter it was just handed to has not run yet
    (asyncio's Lock is free in between, but hands itself to that waiter first)."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


def auto_marked(line: str) -> Line:
    """A log line of a pass taken for the player, marked so."""
    return Line(lambda: tr("{line}（自动）", line=line))


def forced_pass(game: Game, seat: int) -> Action | None:
    """The pass a seat must take when it is all it may do (跑得快's 要不起), else None. None too where the game
    says taking it at once would tell the table the seat had no choice (跑得快 without 有牌必压, where a pass
    may also be chosen): the player passes himself, like any other pass."""
    if getattr(game, "pass_tells", False):
        return None
    legal = game.legal_actions(seat)
    if len(legal) == 1 and name_action(game, legal[0]).role == PASS_ROLE:
        return legal[0]
    return None


def resolve_choice(game: Game, seat: int, choice: str, read_cards: Callable[[str], list[str]]) -> Action:
    """Map a custom-id/select choice (an action code, ``#index`` for very long codes, or ``=`` and the cards
    picked for 出牌, read by the family's presenter, which the game names) to a legal action."""
    legal = game.legal_actions(seat)
    if not legal:
        raise Denied(tr("现在不轮到你。"))
    classify = getattr(game, "classify", None)
    if choice.startswith(PLAY_CARDS) and classify is not None:
        try:
            action: Action = classify(read_cards(choice[len(PLAY_CARDS):]), seat)
        except IllegalAction as e:  # the engine's reason, in its words; nothing changed
            raise Denied(tr("不能这样出：{reason}", reason=said(e))) from None
        return action
    if choice.startswith("#") and choice[1:].isdecimal():  # isdigit() would take ², which int() refuses
        idx = int(choice[1:])
        if idx < len(legal):
            return legal[idx]
    for a in legal:
        if a.code == choice:
            return a
    raise Denied(tr("「{choice}」现在不是合法的操作。", choice=echoed(choice)))
