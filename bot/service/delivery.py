"""Delivery: the channel's table message, posts, each human's DM panel and turn notices.

Everything here runs on outboxes, after what it tells is durable: one lane for the table's channel, one per
DM seat (a turn DM never waits behind a channel edit discord.py holds for a rate limit), one for the channel
turn notices of DMs-closed players. Editing a message notifies nobody, so a seat that must decide gets its
panel as a new DM (the old one deleted) with a countdown; seats not asked are edited in place.

Discord fails in a few ways that must not lose what a player has to see: 5xx and network errors are retried
with back-off and otherwise left marked undelivered for the next publish; an edit of a message older than an
hour (30046) or gone (10008) becomes a fresh post; a deleted or unreachable channel (10003 / 50001) ends its
table cleanly (the ending is the lobby's: delivery reports the loss to the handler it was built with).

What was sent where is delivery's own state (:class:`Sent`): each hand's table message, each seat's DM panel,
the signature of the panel a seat last got and the last panels of a finished hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import discord

from engine.views import Phase, TableView
from storage.db import Database, TableRow

from ..edge.components import Controls, ShowHandButton
from ..edge.shards import Shards
from ..i18n import speaking, tr
from ..pictures import uploads
from ..present.dm import dm_panel
from ..present.panel import Panel
from ..present.parts import countdown
from ..present.table_message import table_message
from .clock import Clock
from .outbox import Outbox
from .registry import Registry
from .shown import Shown, without_picture
from .table import Table, stored

log = logging.getLogger(__name__)
T = TypeVar("T")

DM_CLOSED = 50007
STALE_MESSAGE = {30046, 10008}  # too old to edit (messages over an hour) / unknown message: post a fresh one
CHANNEL_GONE = {10003, 50001}  # unknown channel / missing access: the table has nowhere to play
RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0)  # seconds (on the service's clock) before each new try of a failed write
# seconds (on the service's clock) before a post that must land once is tried again after its tries above all
# failed or it was refused (50013), in case no publish of its table comes first (an ended table has none)
POST_LATER = (60.0, 600.0, 3600.0)


def channel_lost_reason() -> str:
    return tr("频道已删除或无法访问")


CHANNEL_LOST_REASON = stored(channel_lost_reason)  # as stored with the ended table


def transient(e: BaseException) -> bool:
    """Worth another try: Discord's own trouble (5xx) or the network's, never a refusal (4xx)."""
    if isinstance(e, discord.HTTPException):
        return e.status >= 500
    return isinstance(e, aiohttp.ClientError | OSError | asyncio.TimeoutError)


def send_kwargs(panel: Panel) -> dict[str, Any]:
    """A panel as arguments for a new message; ``view=None`` means "no controls", which send_message refuses."""
    kwargs = panel.kwargs()
    if kwargs.get("view") is None:
        kwargs.pop("view", None)
    return uploads.send_kwargs(panel, kwargs)


def new_nonce() -> str:
    return secrets.token_hex(10)


@dataclass(slots=True)
class Sent:
    """What delivery sent for one table: restored from the store at start-up (the message ids), kept across a
    rebuild of the table from its log."""

    hand_messages: dict[int, int] = field(default_factory=dict)  # hand_no -> channel table message id
    dm_messages: dict[tuple[int, int], int] = field(default_factory=dict)  # (hand_no, seat) -> DM message id
    dm_rendered: dict[int, str] = field(default_factory=dict)  # seat -> signature of the last DM panel sent
    closing: dict[int, Panel] = field(default_factory=dict)  # seat -> that seat's last panel of the last hand


Lost = Callable[[Table], Coroutine[Any, Any, None]]


async def _nowhere(table: Table) -> None:
    log.warning("channel of table %s lost and nobody to end the table", table.id)


@dataclass(slots=True)
class _Notice:
    """A channel line telling DMs-closed players it is their turn; deleted when the turn passes."""

    seats: frozenset[int]
    claim: bool
    message_id: int | None = None
    gone: bool = False


class Delivery:
    """What people are told, always after it is durable; ordered and coalesced per message."""

    def __init__(self, client: discord.Client, db: Database, tables: Registry, *, clock: Clock, shards: Shards,
                 lost: Lost = _nowhere) -> None:
        self.client = client
        self.db = db
        self.tables = tables
        self.clock = clock
        self.shards = shards
        self.lost = lost  # ends a table whose channel is gone (Lobby.channel_lost)
        self.outboxes: dict[object, Outbox] = {}  # table id: its channel lane; (table id, "dm", seat): a DM lane
        self._sent: dict[int, Sent] = {}
        self._asked: dict[int, tuple[int, frozenset[int]]] = {}  # table -> (hand_no, seats deciding at last publish)
        self._fresh: set[tuple[int, int]] = set()  # (table, seat): the queued DM must arrive as a new message
        self._notices: dict[int, _Notice] = {}
        self._lost: set[int] = set()
        self.shown = Shown()  # the picture each message shows: an edit re-uploads only a changed one
        self._unposted: dict[int, dict[int, Panel]] = {}  # table -> stored post id -> its panel, not yet posted
        self._later: dict[int, int] = {}  # stored post id -> later tries started
        self._waits: set[asyncio.Task[None]] = set()  # later tries waiting on the clock
        self._holding: dict[int, list[Outbox]] = {}  # table id -> its lanes held while a click is answered

    def close(self) -> None:
        for task in self._waits:
            task.cancel()
        for box in self.outboxes.values():
            box.cancel()

    # -- what was sent where ----------------------------------------------------------------------

    def sent(self, table: Table) -> Sent:
        sent = self._sent.get(table.id)
        if sent is None:
            sent = self._sent[table.id] = Sent()
        return sent

    def adopt(self, table: Table, row: TableRow) -> None:
        """The message ids a restored table's store remembers: its messages keep being edited in place."""
        sent = self.sent(table)
        for s in row.seats:
            if s.dm_hand_no is not None and s.dm_message_id is not None:
                sent.dm_messages[(s.dm_hand_no, s.seat)] = s.dm_message_id
        for hand in row.hands:
            if hand.message_id is not None:
                sent.hand_messages[hand.hand_no] = hand.message_id

    def hand_message(self, table: Table) -> int | None:
        """The channel message of the table's current hand, if it was posted."""
        return self.sent(table).hand_messages.get(table.hand_no)

    def rebuilt(self, table: Table) -> None:
        """The table was rebuilt from its log: every DM panel is worth sending again."""
        self.sent(table).dm_rendered.clear()

    def keep_closing(self, table: Table, rendered: dict[int, Panel] | None = None) -> None:
        """Render each human's last panel of the hand now ending (before the match lets go of the game): a click
        that ended it is answered with it. ``rendered``: the panels the hand's last publish rendered of this
        same state (``publish`` returns them), kept as they are instead of being rendered again."""
        sent = self.sent(table)
        sent.closing = {}
        for seat in table.humans():
            panel = rendered.get(seat) if rendered is not None else None
            if panel is None:
                with speaking(self.tables.seat_lang(table, seat)):
                    panel = dm_panel(table, seat)
            sent.closing[seat] = panel

    def closing(self, table: Table, seat: int) -> Panel | None:
        return self.sent(table).closing.get(seat)

    async def answer(self, interaction: discord.Interaction[Any], panel: Panel) -> int | None:
        """Answer a click by turning its message into ``panel`` (its picture uploaded again only if it changed);
        returns the message's id."""
        msg_id = interaction.message.id if interaction.message else None
        resp = await interaction.response.edit_message(**self.shown.edit_kwargs(panel, msg_id))
        self.shown.record(msg_id, panel, message=getattr(resp, "resource", None))
        return msg_id

    def answered(self, table: Table, seat: int, hand_no: int, msg_id: int | None, panel: Panel) -> bool:
        """Whether the answered message is the seat's DM panel of the hand: then it shows ``panel`` already,
        and the next publish leaves it alone."""
        if msg_id is None or self.sent(table).dm_messages.get((hand_no, seat)) != msg_id:
            return False
        self.sent(table).dm_rendered[seat] = panel.signature
        return True

    def forget(self, table_id: int) -> None:
        """The table leaves memory: its channel lane stops."""
        box = self.outboxes.pop(table_id, None)
        if box is not None:
            box.cancel()

    def lanes(self) -> Iterable[Outbox]:
        return self.outboxes.values()

    # -- lanes ------------------------------------------------------------------------------------

    def outbox(self, table: Table) -> Outbox:
        """The table's channel lane."""
        return self._lane(table.id, table.id, f"table-{table.id}")

    def dm_outbox(self, table: Table, seat: int) -> Outbox:
        return self._lane(table.id, (table.id, "dm", seat), f"table-{table.id}-dm-{seat}")

    def notice_outbox(self, table: Table) -> Outbox:
        return self._lane(table.id, (table.id, "notice"), f"table-{table.id}-notice")

    def _lane(self, table_id: int, key: object, name: str) -> Outbox:
        box = self.outboxes.get(key)
        if box is None:
            box = self.outboxes[key] = Outbox(name)
            held = self._holding.get(table_id)  # opened while a click on its table is handled: held too
            if held is not None:
                box.hold()
                held.append(box)
        return box

    @contextlib.contextmanager
    def holding(self, table: Table) -> Iterator[None]:
        """While a click on ``table`` is handled, its lanes start nothing it queues: the settlement, the pictures
        and panels of a hand's end wait until the click is answered, instead of taking the CPU in its commits'
        waits ahead of the answer. Everything queued is delivered as before, in the same order, right after."""
        if table.id in self._holding:  # already held by an outer caller
            yield
            return
        keys: list[object] = [table.id, (table.id, "notice"), *((table.id, "dm", s) for s in range(len(table.seats)))]
        held = self._holding[table.id] = [box for key in keys if (box := self.outboxes.get(key)) is not None]
        for box in held:
            box.hold()
        try:
            yield
        finally:
            del self._holding[table.id]
            for box in held:
                box.release()

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id,
                                                       type=discord.ChannelType.text)

    # -- retried writes ---------------------------------------------------------------------------

    async def retrying(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call`` again after a 5xx or a network error, with growing pauses; the last error goes up."""
        for delay in (*RETRY_DELAYS, None):
            try:
                return await call()
            except Exception as e:
                if delay is None or not transient(e):
                    raise
                log.warning("%s failed (%s); trying again in %.1f s", what, e, delay)
                await self.clock.sleep(delay)
        raise AssertionError("unreachable")

    async def channel_send(self, table: Table, **kwargs: Any) -> discord.Message | None:
        """Post in the table's channel; None if the channel is gone (the table then ends). Every try carries
        one nonce (discord.py sends it with enforce_nonce): a retry after a post whose answer was lost
        returns the first message instead of posting twice."""
        kwargs.setdefault("nonce", new_nonce())
        if table.channel_id in self.shown.refused:
            kwargs = without_picture(kwargs)
        try:
            return await self.retrying(f"post in channel of table {table.id}",
                                       lambda: self.channel(table).send(**kwargs))
        except discord.HTTPException as e:
            if e.code in CHANNEL_GONE:
                self.channel_lost(table)
                return None
            if e.code == uploads.MISSING_PERMISSIONS and uploads.has_picture(kwargs):
                # Attach Files or Send Messages missing (one code for both): the next publish posts the text
                # alone, which is complete without the picture, and no picture is sent here again
                self.shown.refused.add(table.channel_id)
            raise

    async def edit_channel(self, table: Table, message_id: int, panel: Panel,
                           repost: Callable[[int], Awaitable[None]] | None = None) -> None:
        """Edit a channel message; one that can no longer be edited is posted afresh (``repost`` keeps its id)."""
        try:
            edited = await self.retrying(f"edit in channel of table {table.id}", lambda: self.channel(
                table).get_partial_message(message_id).edit(**self._channel_edit(table, panel, message_id)))
            self.shown.record(message_id, panel, sent=table.channel_id not in self.shown.refused, message=edited)
        except discord.HTTPException as e:
            if e.code in CHANNEL_GONE:
                self.channel_lost(table)
                return
            if e.code == uploads.MISSING_PERMISSIONS and uploads.has_picture(self.shown.edit_kwargs(panel, message_id)):
                self.shown.refused.add(table.channel_id)  # as in channel_send: the text alone from now on
            if e.code not in STALE_MESSAGE or repost is None:
                raise
            msg = await self.channel_send(table, **send_kwargs(panel))
            if msg is not None:
                self.shown.record(msg.id, panel, message=msg)
                await repost(msg.id)

    def _channel_edit(self, table: Table, panel: Panel, message_id: int) -> dict[str, Any]:
        kwargs = self.shown.edit_kwargs(panel, message_id)
        return without_picture(kwargs) if table.channel_id in self.shown.refused else kwargs

    def edit_lobby(self, table: Table, message_id: int, panel: Panel) -> None:
        """Edit the lobby message (one keyed job: only its newest content is sent)."""
        self.outbox(table).edit(("lobby",), lambda: self.edit_channel(table, message_id, panel))

    def post_channel(self, table: Table, panel: Panel) -> None:
        async def post() -> None:
            await self.channel_send(table, **send_kwargs(panel))
        self.outbox(table).post(post)

    # -- posts that must land once ------------------------------------------------------------------

    def queue_post(self, table: Table, post_id: int, panel: Panel) -> None:
        """Post ``panel`` once: a hand's settlement or a match's end, stored unposted (``channel_posts``) with
        what it announces. A keyed job on the channel lane, like the table message: refused (50013) or failed
        after its retries, it stays unposted and is queued again by the table's next publish and by a later try
        on the clock; the next start-up's restore posts what a crash left unposted."""
        self._unposted.setdefault(table.id, {})[post_id] = panel
        self._queue_post(table, post_id)

    def _queue_post(self, table: Table, post_id: int) -> None:
        async def job() -> None:
            panel = self._unposted.get(table.id, {}).get(post_id)
            if panel is None or table.id in self._lost:  # posted meanwhile, or nowhere to post
                return
            try:
                # the post's own nonce: a try after a lost answer (or a restart soon after) does not post twice
                msg = await self.channel_send(table, **send_kwargs(panel), nonce=f"ht-post-{post_id}")
            except Exception:
                self._try_later(table, post_id)
                raise
            self._unposted[table.id].pop(post_id, None)
            self._later.pop(post_id, None)
            await self.db.set_post_message(post_id, msg.id if msg is not None else 0)
        self.outbox(table).edit(("post", post_id), job)

    def _try_later(self, table: Table, post_id: int) -> None:
        tries = self._later.get(post_id, 0)
        if tries >= len(POST_LATER):
            log.warning("post %d of table %s still unposted; the next publish or start-up posts it", post_id, table.id)
            return
        self._later[post_id] = tries + 1

        async def later() -> None:
            await self.clock.sleep(POST_LATER[tries])
            if post_id in self._unposted.get(table.id, {}):
                self._queue_post(table, post_id)
        task = asyncio.get_running_loop().create_task(later(), name=f"post-{post_id}-later")
        self._waits.add(task)
        task.add_done_callback(self._waits.discard)

    # -- the hand's table message -----------------------------------------------------------------

    def queue_table_message(self, table: Table, public: TableView | None = None) -> None:
        """Edit the hand's channel message, or post it if it has none yet (a failed or lost post, a restart).
        ``public``: the hand's ``public_view()`` when the publish has it already.

        One keyed job per hand on the channel's one worker: a second post cannot start while the first runs,
        and a queued one is replaced by the newer content."""
        hand_no, hand_id = table.hand_no, table.hand_id
        sent = self.sent(table)
        with speaking(self.tables.channel_lang(table)):
            panel = table_message(table, public)

        async def store(message_id: int) -> None:
            sent.hand_messages[hand_no] = message_id
            if hand_id is not None:
                await self.db.set_hand_message(hand_id, message_id)

        async def job() -> None:
            if table.id in self._lost:
                return
            mid = sent.hand_messages.get(hand_no)
            if mid is not None:
                await self.edit_channel(table, mid, panel, repost=store)
                return
            # the hand's own nonce: a restart that re-posts a message whose id a crash lost gets the same one
            msg = await self.channel_send(table, **send_kwargs(panel), nonce=f"ht-hand-{hand_id}")
            if msg is not None:
                self.shown.record(msg.id, panel, message=msg)
                await store(msg.id)
        self.outbox(table).edit(("table", hand_no), job)

    def hand_started(self, table: Table) -> None:
        """A new hand was dealt: its table message is posted, and every seat's panel is new. Messages of hands
        before the last one are forgotten (a click or a queued edit may still reach the last hand's; the store
        keeps them all), so a table's record does not grow with every hand."""
        sent = self.sent(table)
        sent.dm_rendered.clear()
        last = table.hand_no - 1
        for hand_no in [h for h in sent.hand_messages if h < last]:
            del sent.hand_messages[hand_no]
        for key in [k for k in sent.dm_messages if k[0] < last]:
            del sent.dm_messages[key]
        # Posted by the hand's keyed job: retried, and posted again by any later publish (or a restart) if
        # this post never lands, so no hand goes unseen in the channel.
        self.queue_table_message(table)

    # -- publishing -------------------------------------------------------------------------------

    def deciding(self, table: Table) -> list[int]:
        """Human seats the game waits for (托管 and AI seats play by themselves)."""
        game = table.game
        if table.status != "playing" or game is None or game.finished:
            return []
        return [s for s in game.to_act() if not table.seats[s].is_ai and not table.seats[s].auto]

    def publish(self, table: Table, skip: int | None = None, actor: int | None = None) -> dict[int, Panel]:
        """Queue the current state: the channel's table message, each human's DM panel if it changed (as a new
        message for a seat newly asked to decide) and the channel notice for DMs-closed players.

        ``skip``: a seat whose panel the click answer already refreshed. ``actor``: the seat that just acted
        (if it must decide again, that is a new turn). The caller armed the turn timer first: the deadline
        shown is the one of the timer now running.

        Returns the DM panels it rendered (seat -> panel), sent or not: the hand's end keeps them (``keep_closing``)."""
        rendered: dict[int, Panel] = {}
        game = table.game
        if game is None or table.id in self._lost:
            return rendered
        sent = self.sent(table)
        hand_no = table.hand_no
        for post_id in list(self._unposted.get(table.id, {})):  # refused or failed before: in order, before the news
            self._queue_post(table, post_id)
        public = game.public_view()  # once per publish: the table message and the channel notice read it
        self.queue_table_message(table, public)
        deciding = self.deciding(table)
        last = self._asked.get(table.id)
        if last is None:
            # first publish in this process: a restored table's deciding seats were told before the restart,
            # and re-sending would delete the panel they may be clicking; a new table has no panels to edit
            before = set(deciding)
        else:
            before = set(last[1]) if last[0] == hand_no else set()
        if actor is not None:
            before.discard(actor)
        self._asked[table.id] = (hand_no, frozenset(deciding))
        for seat in table.humans():
            if seat == skip or self.channel_only(table, seat):
                continue
            fresh = seat in deciding and seat not in before
            with speaking(self.tables.seat_lang(table, seat)):
                dm = dm_panel(table, seat)
            rendered[seat] = dm
            if not fresh and sent.dm_rendered.get(seat) == dm.signature:
                continue
            sent.dm_rendered[seat] = dm.signature
            self.queue_dm(table, seat, hand_no, dm, fresh=fresh)
        self._notify_closed(table, deciding, before, public)
        return rendered

    # -- DMs --------------------------------------------------------------------------------------

    def channel_only(self, table: Table, seat: int) -> bool:
        """Whether the seat plays from 查看我的手牌 in the channel instead of a DM panel: its DMs are closed, or
        clicks on DMs never reach this process (Discord sends DM events to shard 0 only, see bot/edge/shards.py)."""
        return table.seats[seat].dm_closed or not self.shards.dm_clicks_arrive

    def queue_dm(self, table: Table, seat: int, hand_no: int, panel: Panel, *, fresh: bool = False) -> None:
        """Deliver ``panel`` to the seat's DM: as an edit of its panel of this hand, or (``fresh``, or no panel
        yet) as a new message that notifies, the old panel deleted."""
        key = (table.id, seat)
        panel = panel.laid_out()  # a DM panel is V2, and an edit of it must be too
        if fresh:
            self._fresh.add(key)  # kept even if a later edit of the same panel replaces this job in the queue

        async def deliver() -> None:
            s = table.seats[seat]
            new = key in self._fresh
            self._fresh.discard(key)
            if self.channel_only(table, seat) or s.user_id is None:
                return
            try:
                await self._deliver_dm(table, seat, hand_no, panel, new)
            except discord.Forbidden as e:
                if e.code != DM_CLOSED:
                    raise
                await self._dms_closed(table, seat)
            except Exception as e:
                # undelivered: the next publish sends it again, as a new message if this one was to be
                self.sent(table).dm_rendered.pop(seat, None)
                if new:
                    self._fresh.add(key)
                if not transient(e):
                    raise
                log.warning("DM to seat %d of table %s undelivered after %d tries: %s",
                            seat, table.id, len(RETRY_DELAYS) + 1, e)
        self.dm_outbox(table, seat).edit(("dm", hand_no), deliver)

    async def _deliver_dm(self, table: Table, seat: int, hand_no: int, panel: Panel, fresh: bool) -> None:
        s = table.seats[seat]
        user_id = s.user_id
        assert user_id is not None
        what = f"DM to seat {seat} of table {table.id}"
        if s.dm_channel_id is None:
            # one DM channel per player, opened once and reused (opening many quickly gets bots flagged)
            ch = await self.retrying(what, lambda: self.client.create_dm(discord.Object(user_id)))
            s.dm_channel_id = ch.id
            await self.db.set_dm(table.id, seat, ch.id, False)
        dm = self.client.get_partial_messageable(s.dm_channel_id, type=discord.ChannelType.private)
        sent = self.sent(table)
        old = sent.dm_messages.get((hand_no, seat))
        if old is not None and not fresh:
            try:
                edited = await self.retrying(
                    what, lambda: dm.get_partial_message(old).edit(**self.shown.edit_kwargs(panel, old)))
                self.shown.record(old, panel, message=edited)
                return
            except discord.HTTPException as e:
                if e.code not in STALE_MESSAGE:
                    raise
        nonce = new_nonce()
        msg = await self.retrying(what, lambda: dm.send(**send_kwargs(panel), nonce=nonce))
        self.shown.record(msg.id, panel, message=msg)
        sent.dm_messages[(hand_no, seat)] = msg.id
        await self.db.set_dm_message(table.id, seat, hand_no, msg.id)  # a restart edits the new one
        if old is not None:
            try:
                await self.retrying(what, lambda: dm.get_partial_message(old).delete())
            except discord.HTTPException as e:
                if e.code != 10008:  # already gone is what we wanted
                    log.warning("old panel of seat %d of table %s not deleted: %s", seat, table.id, e)

    async def _dms_closed(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        s.dm_closed = True
        await self.db.set_dm(table.id, seat, s.dm_channel_id, True)
        with speaking(self.tables.channel_lang(table)):
            view = Controls()
            view.add_item(ShowHandButton(table.id))
            text = tr("{mention} 无法给你发私信（私信已关闭）。请点击下方「查看我的手牌」按钮，手牌和操作会只显示给你一个人。",
                      mention=f"<@{s.user_id}>")

        async def post() -> None:
            await self.channel_send(table, content=text, view=view)
        self.outbox(table).post(post)
        if seat in self.deciding(table):
            # it was their turn and the DM did not reach them: tell them in the channel instead
            last = self._asked.get(table.id)
            self._notify_closed(table, self.deciding(table), set(last[1]) - {seat} if last else set())

    # -- turn notices in the channel for DMs-closed players ----------------------------------------

    def _notify_closed(self, table: Table, deciding: list[int], before: set[int],
                       public: TableView | None = None) -> None:
        """A DMs-closed player cannot be notified by DM: one short channel line mentions them, deleted when
        the turn passes.

        In a claim window, who is asked tells what they hold (a 碰 or a 吃 in hand). A line naming only the
        asked would tell the table, so in a claim window the line names every DMs-closed human not on 托管,
        asked or not, whenever any human is asked: it says only that a claim window is open, which the
        waiting table shows anyway. Each checks their own hand with 查看我的手牌."""
        game = table.game
        shown = public if public is not None or game is None else game.public_view()
        claim = shown is not None and shown.phase == Phase.CLAIM
        closed = [i for i in table.humans() if self.channel_only(table, i) and not table.seats[i].auto]
        if claim:
            seats = frozenset(closed) if deciding else frozenset()
            new_turn = bool(set(deciding) - before)
        else:
            seats = frozenset(s for s in deciding if self.channel_only(table, s))
            new_turn = bool(seats - before)
        current = self._notices.get(table.id)
        if current is not None and seats and not new_turn and current.seats == seats and current.claim == claim:
            return
        if current is not None:
            self._delete_notice(table, current)
            del self._notices[table.id]
        if not seats:
            return
        notice = self._notices[table.id] = _Notice(seats, claim)
        users = [table.seats[s].user_id for s in sorted(seats)]
        mentions = " ".join(f"<@{u}>" for u in users)
        deadline = f" {countdown(table.turn_deadline)}" if table.turn_deadline is not None else ""
        with speaking(self.tables.channel_lang(table)):
            if claim:
                text = tr("{mentions} 有一张牌可以吃、碰或胡：请点「查看我的手牌」看看是否需要你决定{deadline}。",
                          mentions=mentions, deadline=deadline)
            else:
                text = tr("{mentions} 轮到你了{deadline}，请点「查看我的手牌」做出选择。",
                          mentions=mentions, deadline=deadline)
            view = Controls()
            view.add_item(ShowHandButton(table.id))
        allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(u) for u in users if u is not None])

        async def post() -> None:
            if notice.gone or table.id in self._lost:
                return
            msg = await self.channel_send(table, content=text, view=view, allowed_mentions=allowed)
            if msg is not None:
                notice.message_id = msg.id
        self.notice_outbox(table).post(post)

    def _delete_notice(self, table: Table, notice: _Notice) -> None:
        notice.gone = True

        async def delete() -> None:
            mid = notice.message_id
            if mid is None or table.id in self._lost:
                return
            with contextlib.suppress(discord.NotFound):
                await self.retrying(f"delete notice of table {table.id}",
                                    lambda: self.channel(table).get_partial_message(mid).delete())
        self.notice_outbox(table).post(delete)

    # -- a channel that is gone -------------------------------------------------------------------

    def channel_lost(self, table: Table) -> None:
        """The channel was deleted or the bot lost access: nothing more is sent there, and the table is ended
        by the handler delivery was built with (scores of settled hands stay, AI and timer stop, players are
        told by DM). Called from a delivery job, outside the table's lock."""
        if table.id in self._lost or table.status == "ended":
            return
        self._lost.add(table.id)
        self._unposted.pop(table.id, None)  # a restart tries once more, and marks them never to be posted
        self.outbox(table).drop()  # everything queued for that channel would fail the same way
        self.notice_outbox(table).drop()
        self._notices.pop(table.id, None)
        log.warning("channel %s of table %s is gone; ending the table", table.channel_id, table.id)
        self.tables.spawn(self.lost(table), name=f"channel-lost-{table.id}")  # idle() waits for the ending
