"""Play: a click on an action, the AI and 托管 seats, turn timeouts, settling hands and dealing the next, recovery
after a failed write.

Play writes what the table accepted (the pending actions and 托管 flags are its own until written) and then has
delivery tell people; it arms the turn timers, whose timeouts come back here like clicks."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from engine.core import PASS_ROLE, Action, Game, IllegalAction, name_action
from engine.fairness import commitment, new_salt
from engine.registration import family_of
from storage.db import ActionRow, Database, DealRecord, MatchRecord
from storage.ratings import Ladder, places, ruleset_of

from ..edge.errors import Denied, echoed
from ..engine_words import said
from ..i18n import speaking, tr
from ..present.controls import PLAY_CARDS
from ..present.dm import dm_panel, hand_over_panel, question_panel
from ..present.panel import Panel
from ..present.registry import presenter_of
from ..present.settlement import final_text, settlement_post
from . import ai
from .clock import Clock
from .delivery import Delivery, send_kwargs
from .registry import Registry
from .table import Line, SeatList, Table, stored, table_from_row
from .timers import TurnTimers

log = logging.getLogger(__name__)
MAX_RESUMES = 3  # after a failed write, carry on from the log at most this many times in a row
RESUME_DELAY = 1.0  # seconds (times the try number) before carrying on: a failing disk gets a moment


@dataclass(slots=True)
class Pending:
    """What a table accepted and play has not written yet: written together by the next flush."""

    actions: list[ActionRow] = field(default_factory=list)
    auto: dict[int, bool] = field(default_factory=dict)  # seat -> 托管 flag


class Play:
    """Actions from clicks, the AI and timeouts; everything accepted is committed before anyone is told."""

    def __init__(self, tables: Registry, db: Database, delivery: Delivery, timers: TurnTimers, *,
                 clock: Clock) -> None:
        self.tables = tables
        self.db = db
        self.delivery = delivery
        self.timers = timers
        self.clock = clock
        self._pending: dict[int, Pending] = {}  # table id -> its unwritten actions and 托管 flags
        self._retries: dict[int, int] = {}  # table id -> failed writes in a row (backs off, then gives up)
        self.ladder = Ladder(db)

    def pending(self, table: Table) -> Pending:
        pending = self._pending.get(table.id)
        if pending is None:
            pending = self._pending[table.id] = Pending()
        return pending

    def set_auto(self, table: Table, seat: int, on: bool) -> None:
        """Put a seat on or off 托管; the change is written with the next flush of the log."""
        if table.seats[seat].auto != on:
            table.seats[seat].auto = on
            self.pending(table).auto[seat] = on

    def announce(self, table: Table, skip: int | None = None, actor: int | None = None) -> dict[int, Panel]:
        """Arm the turn timer, then have delivery tell everyone the table as it now is (see ``Delivery.publish``):
        the panels show the deadline of the timer now running. Returns the DM panels rendered."""
        self.timers.arm(table)
        return self.delivery.publish(table, skip=skip, actor=actor)

    @staticmethod
    def own_seat(interaction: discord.Interaction[Any], table: Table, seat: int, foreign: str) -> None:
        """Refuse unless ``table`` has a hand in play and ``seat`` is the clicking user's own. Called with the
        table's lock held, on the object :meth:`Registry.locked` yielded: checked before the lock, the
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

    async def act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                  choice: str) -> None:
        async with self.tables.locked(table_id) as table:
            # what the click queues (a hand's end: its settlement, pictures, panels) starts once it is answered
            with self.delivery.holding(table):
                game = self._current(interaction, table, seat, version)
                if choice.startswith("?"):  # a question (过 while 胡 is on offer): answered, nothing changes
                    # answered through delivery: a panel shown again (返回, a page) carries its picture as it must
                    await self.delivery.answer(interaction, question_panel(table, seat, choice))
                    return
                action = resolve_choice(game, seat, choice, presenter_of(table).read_cards)
                hand_no = table.hand_no
                try:
                    self._apply(table, seat, action, by_ai=False)
                except IllegalAction as e:  # the engine has the last word; its state is unchanged
                    raise Denied(tr("这一步不合法：{reason}", reason=said(e))) from None
                self.set_auto(table, seat, False)
                await self.advance(table)
                self.timers.arm(table)  # before rendering: the panel shows the new turn's countdown
                # Durable now: answer the click by turning its message into the seat's fresh panel.
                same_hand = table.game is not None and table.hand_no == hand_no
                closing = self.delivery.closing(table, seat)
                panel = dm_panel(table, seat) if same_hand else (
                    closing if closing is not None else hand_over_panel(table, hand_no))
                msg_id = await self.delivery.answer(interaction, panel)
                skip = seat if same_hand and self.delivery.answered(table, seat, hand_no, msg_id, panel) else None
                self.announce(table, skip=skip, actor=seat)

    async def pick(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                   cards: list[str]) -> None:
        """跑得快: the cards picked for a play. Nothing changes: the answer is the panel with them chosen and an
        出牌 that carries them (checked by the engine only when clicked)."""
        async with self.tables.locked(table_id) as table:
            game = self._current(interaction, table, seat, version)
            if game.finished or seat not in game.to_act():
                raise Denied(tr("现在不轮到你。"))
            await self.delivery.answer(interaction, dm_panel(table, seat, picked=cards))

    def _apply(self, table: Table, seat: int, action: Action, *, by_ai: bool) -> None:
        game = table.game
        assert game is not None and table.hand_id is not None
        events = game.apply(seat, action)
        self.pending(table).actions.append(ActionRow(table.seq, seat, action.code, by_ai))
        table.seq += 1
        table.version += 1
        table.note(events)
        game.forget_events()  # routed: a live table keeps no hand's history (its log is in the store)

    async def timed_out(self, table: Table, key: str) -> None:
        """A turn timer fired (``TurnTimers``): the late seats go on 托管, or in a claim window the AI answers
        that one card for them. Naming the late seats there, or marking them 托管, would tell the table who
        holds a claim; their next turn of their own has a timer again."""
        with self.tables.busy():
            try:
                async with table.lock:
                    game = table.game
                    if game is None or table.status != "playing" or not self.timers.due(table, key):
                        return
                    late = [s for s in game.to_act() if not table.seats[s].is_ai]
                    self.timers.fired(table)
                    if game.public_view().claims_pending or game.secret_window:
                        await self.answer_for(table, late)
                    else:
                        for s in late:
                            self.set_auto(table, s, True)
                        seats = SeatList(table, late)
                        table.log.append(Line(lambda: tr("超时：{seats} 由电脑托管", seats=seats)))
                        await self.advance(table)
                    self.announce(table)
            except Exception:
                log.exception("turn timer of table %s failed", table.id)

    async def answer_for(self, table: Table, seats: list[int]) -> None:
        """The AI answers these seats' current decision once, without 托管 (the caller holds the lock).

        For a claim window that timed out: who is asked there is hidden, and 托管 shows at the seat."""
        game = table.game
        for s in seats:
            if game is not None and not game.finished and s in game.to_act():
                self._apply(table, s, await ai.decide(game, s, ai.seat_level(table, s)), by_ai=True)
        await self.advance(table)

    async def _flush(self, table: Table) -> None:
        pending = self.pending(table)
        if (pending.actions and table.hand_id is not None) or pending.auto:
            rows, pending.actions = pending.actions, []
            auto, pending.auto = pending.auto, {}
            await self.db.append_actions(table.hand_id, rows, table_id=table.id, auto=auto)

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
                    self._apply(table, s, await ai.decide(game, s, ai.seat_level(table, s)), by_ai=True)
            for s, a in forced.items():
                # 要不起 with nothing that beats is no decision: taken for the player, marked so on the log
                if s in game.to_act() and not game.finished and forced_pass(game, s) == a:
                    logged = len(table.log), table.log[-1] if table.log else None
                    self._apply(table, s, a, by_ai=True)
                    if table.log and (len(table.log), table.log[-1]) != logged:
                        table.log[-1] = auto_marked(table.log[-1])
        await self._flush(table)

    async def _rebuild(self, table: Table) -> None:
        """Replace the table in memory by its replay from the log (the caller holds its lock); what was not
        written is dropped with the old object."""
        self.timers.stop(table.id)  # the old object's timer would act on a table nobody sees
        try:
            row = await self.db.table(table.id)
            fresh = table_from_row(row) if row is not None else None
        except Exception:
            log.exception("table %s could not be rebuilt from its log", table.id)
            return
        if fresh is None:
            return
        fresh.lock = table.lock
        fresh.emoji = table.emoji
        self.tables.tables[table.id] = fresh
        self._pending.pop(table.id, None)
        self.delivery.rebuilt(fresh)
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
        with self.tables.busy():
            try:
                await self.clock.sleep(delay)
                async with table.lock:
                    if self.tables.tables.get(table.id) is not table or table.status != "playing":
                        return
                    version = table.version
                    await self.advance(table)
                    if table.version != version:
                        self.announce(table)
                    else:
                        self.timers.arm(table)
            except Exception:
                log.exception("table %s could not carry on after a failed write", table.id)

    async def _start_hand(self, table: Table) -> None:
        assert table.match is not None
        hand_no = table.hand_no
        seed = table.hand_seed(hand_no)
        game = table.match.new_hand(seed)
        game.forget_events()  # the deal's own events: nobody reads them (the views show the deal)
        # the deal's commitment is shown from now on; its salt stays secret until the hand has ended
        salt = new_salt()
        digest = commitment(table.variant_id, seed, salt)
        wall = list(game.deck)
        table.hand_id = await self.db.start_hand(table.id, hand_no, seed, game.dealer, DealRecord(salt, digest, wall))
        table.commitment = digest
        table.seq = 0
        table.version += 1
        table.log.clear()
        self.delivery.hand_started(table)

    async def _settle(self, table: Table) -> None:
        match = table.match
        game = table.game
        assert match is not None and game is not None and table.hand_id is not None
        hand_no = table.hand_no
        # the finished hand's last look, rendered before the match lets go of the game
        # each seat's last panel is rendered once: the publish's own (a seat it skips is rendered for it alone)
        self.delivery.keep_closing(table, self.announce(table))
        result = match.finish_hand()
        over = match.over
        rows = [(i, s.user_id, result.deltas[i], i in result.winners) for i, s in enumerate(table.seats)]
        detail = result.detail or {}
        outcome = result.outcome
        best = outcome.summary.zh() if outcome is not None else ""
        payload = {"winners": result.winners, "deltas": result.deltas, "draw": result.draw,
                   "detail": json.loads(json.dumps(detail, ensure_ascii=False, default=str)), "hand_no": hand_no,
                   # the in-hand payments that stood (already inside the deltas), and who deals next as the match
                   # decided it (the hand's own naming or the variant's rule), so the stored hand is complete
                   "ledger": [p.to_json() for p in result.ledger], "next_dealer": match.progress.dealer,
                   "wins": [w.to_json() for w in result.wins]}
        if outcome is not None:  # the hand as typed data: what /history, /stats and replays word
            payload["outcome"] = outcome.to_json()
        adjust = None
        if over and match.variant.final_settlement is not None:
            # Race variants settle the match as a whole (pairwise differences, 打鸟): the leaderboard counts that.
            adjust = [f - t for f, t in zip(match.final_scores(), match.totals, strict=True)]
            payload["match_settlement"] = match.final_scores()
        # The channel posts announcing it are stored with the settlement (one transaction): each is posted
        # once, later if Discord refuses it now, and after a restart if a crash comes first.
        with speaking(self.tables.channel_lang(table)):
            posts = [settlement_post(table, result, hand_no)]
            if over:
                posts.append(Panel(content=final_text(table)))
        ids = await self.db.settle_hand(
            table.hand_id, table.guild_id, table.variant_id, payload, rows, best,
            end_table=(table.id, stored(lambda: tr("比赛结束"))) if over else None, match_adjust=adjust,
            posts=[post.text() for post in posts], match=self.match_record(table) if over else None)
        for post_id, post in zip(ids, posts, strict=False):
            self.delivery.queue_post(table, post_id, post)
        if over:
            table.status = "ended"
            self.tables.release(table)
            self.timers.stop(table.id)
            try:
                await self.ladder.rate_pending(table.guild_id)
            except Exception:  # the match is stored: the next match, /rank or /leaderboard applies it
                log.exception("ratings of table %s's match not applied yet", table.id)

    @staticmethod
    def match_record(table: Table) -> MatchRecord | None:
        """A finished match for the ratings, if at least two humans played it: the humans only, placed among
        themselves by their final scores (storage/ratings.py says why AI seats are left out)."""
        assert table.match is not None
        final = table.match.final_scores()
        humans = [(s.user_id, final[i]) for i, s in enumerate(table.seats) if s.user_id is not None]
        if len({u for u, _ in humans}) < 2:
            return None
        ranked = places([score for _, score in humans])
        return MatchRecord(table.guild_id, table.variant_id, ruleset_of(table.variant_id, table.match.options),
                           [(u, score, place) for (u, score), place in zip(humans, ranked, strict=True)])

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """查看我的手牌 on the table message."""
        await self.show_hand_to(interaction, table_id, playing=True)

    async def show_hand_to(self, interaction: discord.Interaction[Any], table_id: int, *, playing: bool = False) -> None:
        """Answer privately with the clicker's panel (``/table hand``, 查看我的手牌); ``playing``: refuse a table
        that is not in play (in the lobby, the command says there is no hand yet instead).

        Read under the table's lock, like a click: while a move waits for its commit, memory is ahead of the
        log (a failed commit or a crash would undo it), and nobody may see it before the commit returns. A
        click that has to wait for the lock is deferred first, so it is answered within Discord's 3 seconds
        however long the commit takes."""
        no_game = tr("这张牌桌没有进行中的牌局。")
        waiting = self.tables.tables.get(table_id)
        if waiting is None or waiting.status == "ended" or (playing and waiting.status != "playing"):
            raise Denied(no_game)
        if contended(waiting.lock):
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.tables.locked(table_id, no_game) as table:
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

    async def auto_off(self, interaction: discord.Interaction[Any], table_id: int, seat: int) -> None:
        async with self.tables.locked(table_id) as table:
            self.own_seat(interaction, table, seat, tr("只能取消自己的托管。"))
            self.set_auto(table, seat, False)
            await self.advance(table)  # writes the flag (nothing else moves: a human must decide)
            await self.delivery.answer(interaction, dm_panel(table, seat))
            self.announce(table, skip=seat)


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
    if game.pass_tells:
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
    family = family_of(game)
    classify = family.classify if family is not None else None
    if choice.startswith(PLAY_CARDS) and classify is not None:
        try:
            action: Action = classify(game, read_cards(choice[len(PLAY_CARDS):]), seat)
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
