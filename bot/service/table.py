"""A live table in memory: seats, the engine match, the per-hand action count, the state version and the public
log. What is still to be written is play's (``bot/service/play.py``), what was sent where is delivery's, the
running turn timer is the timers' own.

A table is rebuilt from its stored log (:func:`table_from_row`) on start-up and after a failed write, and a
stored hand replayed (:func:`replay_steps`); nothing here talks to Discord or SQL.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, Game, HandResult
from engine.hand import Hand
from engine.match import Match
from engine.options import Option
from engine.registration import Variant
from engine.registry import get_variant
from engine.replay import HandReplay, record
from engine.words import Msg
from storage.db import SeatRow, TableRow

from ..i18n import SOURCE, current_lang, speaking, tr
from ..pictures.emoji import EmojiBook
from ..present.words import cards_of_family
from ..say import say

# Options the bot adds to every variant's own (they shape hosting, not the rules). Their labels are also what
# players type (bot/options_text.py), and they are said through the catalogue like the engine's own options.
BOT_OPTIONS: tuple[Option, ...] = (
    Option("timer", 60, (0, 30, 60, 120), "出牌限时", ("不限时", "30秒", "60秒", "120秒")),  # i18n: input
    # 听牌提示 in the private panel; a 高手 table turns it off.
    Option("hints", True, (True, False), "听牌提示", ("开", "关")),  # i18n: input
    # 跑得快's 记牌器: the ranks still unseen and the plays nobody can beat (a help some tables refuse)
    Option("counter", False, (True, False), "记牌器", ("开", "关")),  # i18n: input
    # 电脑难度: the level AI seats play at (bot/service/ai.py; 托管 always plays 普通)
    Option("ai_level", "普通", ("简单", "普通", "困难"), "电脑难度", ("简单", "普通", "困难")),  # i18n: input
    # pictures of hands and tables (bot/pictures); the text stays complete without them (screen readers)
    Option("pictures", True, (True, False), "图片", ("开", "关")),  # i18n: input
    # the DM panel's picture of the seat's own hand, only on request: the panel writes the whole hand (as the
    # cards' emojis where the application has them), its melds and 听 hints, and its discards are emoji buttons
    # (issue 19), so the picture says nothing more and would cost about a third of a click's CPU (issue 22)
    Option("hand_picture", False, (True, False), "手牌图", ("开", "关")),  # i18n: input
    # a lobby nobody changes (no seat taken or left, no option set) for this long closes itself, its stored row
    # deleted: abandoned lobbies neither hold their channel nor come back at every start-up
    Option("idle", 1800, (600, 1800, 3600, 7200), "闲置解散", ("10分钟", "30分钟", "1小时", "2小时")),  # i18n: input
)
LOG_LINES = 8


_SEAT_WORD = re.compile(r"座位(\d+)")  # i18n: input (the engine's word for a seat, replaced by its label)
_AI_NAME = re.compile(r"电脑(\d+)")  # i18n: input (AI seats are stored under their zh-CN name)


def ai_name(n: int) -> str:
    """The stored name of the ``n``-th AI seat; shown in each reader's language by :meth:`Table.seat_label`."""
    return stored(lambda: tr("电脑{n}", n=n))


def stored(say: Callable[[], str]) -> str:
    """What ``say`` says in zh-CN: the form a text is stored in (an end reason, an AI seat's name)."""
    if current_lang() == SOURCE:  # every engine event makes a log line: skip the context switch when we can
        return say()
    with speaking(SOURCE):
        return say()


class Line(str):
    """A line of the table's public log. Its value is the zh-CN text (what is compared and searched); formatted
    or ``str()``-ed it is said again by ``say`` in the language being spoken, so the channel reads it in the
    guild's language and each DM panel in its player's. ``say`` may format other lines and seat names, which
    are worded at the same moment. ``msg``: what the engine said, when the line is an engine event's."""

    say: Callable[[], str]
    msg: Msg | None = None

    def __new__(cls, say: Callable[[], str], msg: Msg | None = None) -> Line:
        self = super().__new__(cls, stored(say))
        self.say = say
        self.msg = msg
        return self

    def __str__(self) -> str:
        # zh-CN readers (most of them) get the text worded at creation: a table renders its log on every move
        return str.__str__(self) if current_lang() == SOURCE else self.say()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True, slots=True)
class SeatName:
    """A seat's label as a value in a :class:`Line`: worded when the line is."""

    table: Table
    seat: int

    def __str__(self) -> str:
        return self.table.seat_label(self.seat)


class SeatList:
    """Several seats' labels as one value in a :class:`Line` (「1号 小明、2号 小红」)."""

    def __init__(self, table: Table, seats: list[int]) -> None:
        self.names = [SeatName(table, s) for s in seats]

    def __str__(self) -> str:
        return listing(map(str, self.names))


def listing(items: Any) -> str:
    """Words in a row the way the language writes a list: 「甲、乙」, "A, B"."""
    return (", " if current_lang() == "en" else "、").join(items)


@dataclass(slots=True)
class Seat:
    user_id: int | None  # None: an AI seat
    name: str
    dm_channel_id: int | None = None
    dm_closed: bool = False
    auto: bool = False  # 托管: the AI plays this human seat until they act again
    locale: str | None = None  # the player's Discord locale, from their last interaction (None: the guild's)

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    def row(self, seat: int) -> SeatRow:
        return SeatRow(seat, self.user_id, self.name, self.dm_channel_id, self.dm_closed, auto=self.auto,
                       locale=self.locale)


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant_id: str
    options: dict[str, Any]
    bot_options: dict[str, Any]
    status: str  # lobby | playing | ended
    seats: list[Seat]
    first_dealer: int = 0
    lobby_message_id: int | None = None
    match: Match | None = None
    hand_id: int | None = None
    seq: int = 0  # actions accepted in the current hand (the log's next seq)
    # Increments with every accepted action and every new hand, so a custom id carrying it goes stale the
    # moment anything changes. Derived from the log, so it survives restarts.
    version: int = 0
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))  # recent public event lines
    end_votes: set[int] = field(default_factory=set)  # 同意 in the open 解散 proposal
    end_refusals: set[int] = field(default_factory=set)  # 拒绝 in the open 解散 proposal
    end_round: int = 0  # the number of the latest 解散 proposal (its buttons carry it)
    end_refused_at: float | None = None  # when the last 解散 proposal was refused (a new one waits a while)
    kicked: set[int] = field(default_factory=set)  # users the host removed before the start: they may not rejoin
    active_at: float = 0.0  # a lobby's last change (Unix seconds, the service's clock): it closes when idle
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # unix time the turn timer fires, as the table shows it (<t:…:R>); set by bot/service/timers.py
    turn_deadline: float | None = None
    commitment: str | None = None  # the current hand's deal commitment (engine/fairness.py), shown on its message
    # the process's card emojis (the registry's book, handed on when registered); empty: cards written as words
    emoji: EmojiBook = field(default_factory=EmojiBook, repr=False, compare=False)

    @property
    def variant(self) -> Variant:
        return get_variant(self.variant_id)

    @property
    def game(self) -> Game | None:
        return self.match.game if self.match else None

    @property
    def hand_no(self) -> int:
        return self.match.progress.hand_no if self.match else 0

    @property
    def seat_count(self) -> int:
        return self.variant.seat_count(self.options)

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def hand_seed(self, hand_no: int) -> int:
        """Fixed-seed tables (tests, demo) derive each hand's seed; live tables draw from ``secrets``."""
        base = self.bot_options.get("seed")
        if base is None:
            return secrets.randbits(62)
        return (int(base) * 1_000_003 + hand_no) % (1 << 62)

    def note(self, events: list[Event]) -> None:
        """Keep the public lines for the channel; private events never enter the log. An event's message is kept
        as it is and worded whenever the line is shown (in its reader's language, seats by their labels)."""
        for ev in events:
            if ev.audience is not None:
                continue
            if ev.says is not None:
                self.log.append(self.said_line(ev.says))

    def say(self, message: Msg) -> str:
        """An engine message as this table's readers read it: seats by their labels, cards in the family's words."""
        return say(message, seat=self.seat_label, cards=cards_of_family(self.variant.family))

    def said_line(self, message: Msg) -> Line:
        return Line(lambda: self.say(message), message)

    def seat_label(self, seat: int) -> str:
        """「1号 小明」, in the language being spoken; an AI seat's name (「3号 电脑1」) already says it is one,
        so it is said once."""
        s = self.seats[seat]
        if not s.is_ai:
            return tr("{n}号 {name}", n=seat + 1, name=s.name)
        m = _AI_NAME.fullmatch(s.name)
        if m:
            return tr("{n}号 {name}", n=seat + 1, name=tr("电脑{n}", n=m.group(1)))
        return tr("{n}号 {name}（电脑）", n=seat + 1, name=s.name)  # a stored name that does not say so

    def name_seats(self, text: str) -> str:
        """The engine's texts say 座位N; at a table the players have names."""
        def label(m: re.Match[str]) -> str:
            n = int(m.group(1))
            return self.seat_label(n - 1) if 0 < n <= len(self.seats) else m.group(0)
        return _SEAT_WORD.sub(label, text)

    def seat_rows(self) -> list[SeatRow]:
        return [s.row(i) for i, s in enumerate(self.seats)]


def table_from_row(row: TableRow) -> Table:
    """Rebuild a table, replaying every stored hand and action through the engine."""
    table = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options, row.bot_options,
                  row.status, [Seat(s.user_id, s.name, s.dm_channel_id, s.dm_closed, s.auto, s.locale) for s in row.seats],
                  row.first_dealer, row.lobby_message_id)
    table.end_votes, table.end_refusals, table.end_round = set(row.end_votes), set(row.end_refusals), row.end_round
    table.kicked = set(row.kicked)
    if row.active_at is not None:
        table.active_at = float(row.active_at)
    if row.status == "lobby" or not row.hands:
        if row.status != "lobby":
            table.match = Match(row.variant_id, row.options, row.first_dealer)
        return table
    table.match = Match(row.variant_id, row.options, row.first_dealer)
    for i, hand in enumerate(row.hands):
        game = table.match.new_hand(hand.seed)
        game.forget_events()
        table.version += 1
        table.log.clear()
        for a in hand.actions:
            table.note(game.apply(a.seat, a.code))
            game.forget_events()
            table.version += 1
        table.hand_id, table.seq = hand.id, len(hand.actions)
        table.commitment = hand.commitment
        if game.finished and (hand.settled or i < len(row.hands) - 1):
            table.match.finish_hand()
    return table


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One stored hand replayed (``engine.replay``): its steps, windows and turns, its result (None: the hand did
    not end) and its number in its match."""

    replay: HandReplay
    result: HandResult | None
    hand_no: int


def replay_hand(row: TableRow, hand_id: int) -> ReplayedHand | None:
    """The stored hand replayed step by step, everything face up (shown once it has ended).

    The whole table is replayed up to that hand so carried state (黄番, dealer) is exactly as played."""
    match = Match(row.variant_id, row.options, row.first_dealer)
    for n, hand in enumerate(row.hands):
        game = match.new_hand(hand.seed)
        if hand.id != hand_id:
            for a in hand.actions:
                game.apply(a.seat, a.code)
            if game.finished:
                match.finish_hand()
            continue
        assert isinstance(game, Hand)
        replay = record(game, [(a.seat, a.code) for a in hand.actions])
        return ReplayedHand(replay, game.result if game.finished else None, n)
    return None


def replay_steps(row: TableRow, hand_id: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Public snapshots of one stored hand, one per accepted action (step 0 = the deal), plus its result."""
    replayed = replay_hand(row, hand_id)
    if replayed is None:
        return [], None
    steps: list[dict[str, Any]] = [{"view": s.public, "says": list(s.says)} for s in replayed.replay.steps]
    result = None
    if replayed.result is not None:
        r = replayed.result
        # the stored result's shape (bot/service/play.py), so it is worded from the same typed data
        result = {"winners": r.winners, "deltas": r.deltas, "draw": r.draw,
                  "detail": json.loads(json.dumps(r.detail or {}, ensure_ascii=False, default=str)),
                  "wins": [w.to_json() for w in r.wins]}
        if r.outcome is not None:
            result["outcome"] = r.outcome.to_json()
    return steps, result
