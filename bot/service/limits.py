"""Per-user limits: what one member may ask of the bot per second, so that no one spoils other people's tables.

Every table of a process shares one event loop, so a member who clicks or types faster than anyone plays takes
CPU time from every other table. The limits, and where each is checked:

* **Clicks** (every persistent control): one token bucket per user, taken at the one entry point of component
  interactions (``bot.edge.errors.admit``, from ``Control.interaction_check``), before any table's lock. A click
  that plays — an action on the player's own turn at the table's current version, the 跑得快 card pick of that
  turn, 查看我的手牌 once per state — is free, once per state: a whole game clicked as fast as one likes never
  runs the bucket down, and the same click repeated (a double click, a refused 出牌 tried again, a flood of
  查看我的手牌) pays like any other.
* **One request in flight per user per table**: a click or ``/table`` command on a table whose previous request
  from the same user is not answered yet is refused at once, so a fast source cannot queue at a table's lock
  ahead of its host. Answered means answered: a request that goes on after its answer (the lobby storing its
  message id) no longer holds the next one up; a deferral is not an answer.
* **Commands**: a cooldown per user and command (discord.py's ``app_commands.Cooldown`` on the service's clock,
  raising its ``CommandOnCooldown``), stricter for answers posted in the channel (``/calc share``,
  ``/leaderboard``, ``/table create``, ``/table end``).
* **Joining** one lobby: a few times per ten minutes per user (join/leave churn edits the lobby message).

Members with Manage Server are exempt from the command cooldowns that keep their own server's order (``/table``
hosting commands) and from the cap on tables per user; never from the click bucket, the one-in-flight rule or
the cooldowns of commands that cost CPU (``/calc``, ``/history``…): anybody can be Manage Server on a server of
their own, and those limits protect the one event loop every server shares.

The settings are the process's (:class:`Limits`, read from the environment once at start-up next to
``DATABASE_URL`` and the shard settings: the operator protects the process, which runs many servers). Every limit
reads the service's :class:`~bot.service.clock.Clock`, so tests move time themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord import app_commands

from ..edge.errors import About, Cooling, Limited
from ..i18n import tr
from .clock import Clock
from .table import Table

SWEEP_AT = 4096  # users remembered before the first sweep of those whose limit has run out
# A member refused this many times within MUTE_WINDOW seconds is flooding (a player, never refused, never gets
# here): until their limit lets them in again, their interactions are refused before discord.py parses them, the
# first with the words saying when to try again, the rest of that mute unanswered (see ``Limiter.muted``).
MUTE_AFTER = 5
MUTE_WINDOW = 1.0


@dataclass(frozen=True, slots=True)
class Muted:
    """A flooding member's interaction, refused before discord.py parses it: answered with ``words``, or not."""

    words: str
    answer: bool


class LimitConfigError(ValueError):
    """A limit setting in the environment that does not parse (said to the operator at start-up)."""


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` per ``seconds``: a bucket of ``count`` tokens refilled over ``seconds`` (clicks), or a window of
    ``seconds`` allowing ``count`` uses (a command's cooldown). Written ``20/10`` in the environment."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, name: str, text: str) -> Rate:
        count, _, seconds = text.partition("/")
        try:
            rate = cls(int(count), float(seconds))
        except ValueError:
            raise LimitConfigError(tr("{name} 要写成 次数/秒数（例如 20/10），不能是「{text}」",
                                      name=name, text=text)) from None
        if rate.count < 1 or not 0 < rate.seconds < math.inf:
            raise LimitConfigError(tr("{name} 的次数和秒数都要大于 0，不能是「{text}」", name=name, text=text))
        return rate

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g}"


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits' settings, each with its environment variable (README, Deployment; ``.env.example``)."""

    clicks: Rate = Rate(20, 10)  # LIMIT_CLICKS: a burst of 20, refilled at 2 a second
    commands: Rate = Rate(10, 60)  # LIMIT_COMMANDS: each command, per user
    public: Rate = Rate(3, 60)  # LIMIT_PUBLIC: each command whose answer the channel reads, per user
    joins: Rate = Rate(3, 600)  # LIMIT_JOINS: joining one lobby, per user
    replays: Rate = Rate(4, 60)  # LIMIT_REPLAYS: hands replayed anew (not cached) per user: 8-60 ms of CPU each
    tables_per_user: int = 3  # LIMIT_TABLES_PER_USER: tables a user hosts that have not ended
    lobbies_per_server: int = 25  # LIMIT_LOBBIES_PER_SERVER: lobbies waiting to start in one server
    repropose: float = 300.0  # LIMIT_REPROPOSE: seconds before a refused 解散 proposal may be made again
    replay_cache: int = 32  # REPLAY_CACHE: replayed hands kept in memory (~125 KB each)
    on: bool = True  # off: no limit at all (tests of other things, benchmarks' baselines)

    RATES = {"LIMIT_CLICKS": "clicks", "LIMIT_COMMANDS": "commands", "LIMIT_PUBLIC": "public",
             "LIMIT_JOINS": "joins", "LIMIT_REPLAYS": "replays"}
    NUMBERS = {"LIMIT_TABLES_PER_USER": "tables_per_user", "LIMIT_LOBBIES_PER_SERVER": "lobbies_per_server",
               "LIMIT_REPROPOSE": "repropose", "REPLAY_CACHE": "replay_cache"}

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Limits:
        """The defaults, with each variable set in ``env`` instead; a bad value raises :class:`LimitConfigError`."""
        changed: dict[str, Any] = {}
        for var, attr in cls.RATES.items():
            if env.get(var, "").strip():
                changed[attr] = Rate.parse(var, env[var].strip())
        for var, attr in cls.NUMBERS.items():
            text = env.get(var, "").strip()
            if not text:
                continue
            try:
                value = float(text) if attr == "repropose" else int(text)
            except ValueError:
                raise LimitConfigError(tr("{name} 要写数字，不能是「{text}」", name=var, text=text)) from None
            if value < (0 if attr == "repropose" else 1):
                raise LimitConfigError(tr("{name} 太小了：「{text}」", name=var, text=text))
            changed[attr] = value
        return replace(cls(), **changed)


UNLIMITED = Limits(on=False)


def at(unix: float) -> int:
    """A moment as Discord's ``<t:…:R>`` takes it: the first whole second after the moment, so whoever comes
    back when told is let in (a cooldown's window closes after its last instant, not at it)."""
    return math.floor(unix) + 1


class TokenBuckets:
    """One bucket per key: ``rate.count`` tokens, refilled continuously over ``rate.seconds``."""

    def __init__(self, rate: Rate, clock: Clock) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens, when counted)
        self._sweep_at = SWEEP_AT

    def take(self, key: Hashable) -> float | None:
        """Take a token: None, or the seconds until one is there (nothing taken)."""
        now = self.clock.monotonic()
        per_second = self.rate.count / self.rate.seconds
        tokens, then = self._buckets.get(key, (float(self.rate.count), now))
        tokens = min(float(self.rate.count), tokens + (now - then) * per_second)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / per_second
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) >= self._sweep_at:
            self._sweep(now, per_second)
        return None

    def _sweep(self, now: float, per_second: float) -> None:
        """Forget the buckets that are full again (a user not seen for a while): the dict stays as big as the
        users clicking lately, and a sweep comes once per doubling, so its cost per click stays constant."""
        full = float(self.rate.count)
        self._buckets = {k: (t, w) for k, (t, w) in self._buckets.items() if t + (now - w) * per_second < full}
        self._sweep_at = max(SWEEP_AT, 2 * len(self._buckets))


class Cooldowns:
    """discord.py's command cooldowns (``app_commands.Cooldown``: ``count`` uses per window of ``seconds``), one
    per key, counted on the service's clock instead of the interaction's snowflake time."""

    def __init__(self, rate: Rate, clock: Clock) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[Hashable, app_commands.Cooldown] = {}
        self._sweep_at = SWEEP_AT

    def use(self, key: Hashable) -> tuple[app_commands.Cooldown, float] | None:
        """Use one: None, or the cooldown and the seconds until it may be used again."""
        now = self.clock.time()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = app_commands.Cooldown(self.rate.count, self.rate.seconds)
            if len(self._buckets) >= self._sweep_at:
                self._buckets = {k: b for k, b in self._buckets.items() if now <= b._window + b.per}
                self._sweep_at = max(SWEEP_AT, 2 * len(self._buckets))
                self._buckets[key] = bucket
        retry = bucket.update_rate_limit(now)
        return (bucket, retry) if retry is not None else None


# The commands whose cooldown a Manage-Server member skips: hosting and ending tables keeps their own server's
# order and costs the bot little. The others cost CPU on the loop every server shares.
ADMIN_EXEMPT = frozenset({"table.create", "table.join", "table.leave", "table.ai", "table.start", "table.end",
                          "table.kick"})


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    return interaction.guild_id is not None and interaction.permissions.manage_guild


@dataclass(slots=True)
class Flight:
    """The request a user has in flight on one table (``key``), until it is answered or its task ends."""

    interaction: discord.Interaction[Any]

    def answered(self) -> bool:
        kind = self.interaction.response.type
        return kind is not None and kind not in (discord.InteractionResponseType.deferred_channel_message,
                                                 discord.InteractionResponseType.deferred_message_update)


@dataclass
class Limiter:
    """The limits of one process, on the service's clock. ``refused`` counts refusals (tests, benchmarks)."""

    limits: Limits
    clock: Clock
    refused: int = 0
    _clicks: TokenBuckets = field(init=False)
    _commands: Cooldowns = field(init=False)
    _public: Cooldowns = field(init=False)
    _joins: Cooldowns = field(init=False)
    _replays: Cooldowns = field(init=False)
    _flying: dict[tuple[int, Hashable], Flight] = field(default_factory=dict)
    _free: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)  # (user, kind) -> (table, version)
    _recent: dict[int, tuple[int, float]] = field(default_factory=dict)  # user -> (refusals, since when)
    # user -> (until, the refusal's words, whether this mute's refusal was answered)
    _muted: dict[int, tuple[float, str, bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._clicks = TokenBuckets(self.limits.clicks, self.clock)
        self._commands = Cooldowns(self.limits.commands, self.clock)
        self._public = Cooldowns(self.limits.public, self.clock)
        self._joins = Cooldowns(self.limits.joins, self.clock)
        self._replays = Cooldowns(self.limits.replays, self.clock)

    @property
    def on(self) -> bool:
        return self.limits.on

    def _refusal(self, user_id: int, wait: float, words: str) -> str:
        """Count a refusal of ``user_id`` whose limit lets them in again after ``wait`` seconds; past
        MUTE_AFTER refusals within MUTE_WINDOW seconds, mute them until then. Returns ``words``."""
        self.refused += 1
        now = self.clock.monotonic()
        count, since = self._recent.get(user_id, (0, now))
        if now - since > MUTE_WINDOW:
            count, since = 0, now
        count += 1
        self._recent[user_id] = (count, since)
        if count >= MUTE_AFTER and wait > 0:
            self._muted[user_id] = (now + wait, words, False)
        if len(self._recent) >= SWEEP_AT:
            self._recent = {u: (c, t) for u, (c, t) in self._recent.items() if now - t <= MUTE_WINDOW}
            self._muted = {u: m for u, m in self._muted.items() if m[0] > now}
        return words

    def muted(self, user_id: int) -> Muted | None:
        """Whether ``user_id`` is flooding (see MUTE_AFTER): None to decide as usual, else the refusal to give.

        A mute's first interaction is answered with the words saying when to try again; the rest, until then,
        are left unanswered (Discord shows the sender a failed interaction). They were told already, five times
        in a second; answering every one of a few hundred a second costs the loop every table shares more than
        the flood's own parsing."""
        if not self.on:
            return None
        muted = self._muted.get(user_id)
        if muted is None:
            return None
        until, words, answered = muted
        if until <= self.clock.monotonic():
            del self._muted[user_id]
            return None
        if not answered:
            self._muted[user_id] = (until, words, True)
        return Muted(words, answer=not answered)

    # -- clicks ------------------------------------------------------------------------------------

    def free_once(self, user_id: int, kind: str, table_id: int, version: int) -> bool:
        """Whether a playing click (``kind``: act, pick, hand) at this table state is the user's first: it is
        free then. Any accepted action moves the version on, so every turn's clicks are free once."""
        state = (table_id, version)
        if self._free.get((user_id, kind)) == state:
            return False
        if len(self._free) >= SWEEP_AT * 4:
            self._free.clear()  # one free click more for whoever clicked before: no harm, and no growth
        self._free[(user_id, kind)] = state
        return True

    def click(self, user_id: int, free: bool) -> None:
        """A component interaction: free, or a token from the user's bucket (else :class:`Limited`)."""
        if not self.on or free:
            return
        wait = self._clicks.take(user_id)
        if wait is not None:
            raise Limited(self._refusal(user_id, wait, tr("点得太快了，请 <t:{at}:R> 再试。这次点击没有生效，什么也没有改变。",
                                                          at=at(self.clock.time() + wait))))

    # -- one request in flight per user per table --------------------------------------------------

    def enter(self, interaction: discord.Interaction[Any], key: Hashable) -> Callable[[], None] | None:
        """Count the request in flight on ``key`` (a table) for its user; refuse it while their previous one
        there is neither answered nor over. Returns what ends the flight (the caller runs it when the request's
        task ends), or None when nothing was counted."""
        if not self.on:
            return None
        slot = (interaction.user.id, key)
        held = self._flying.get(slot)
        if held is not None and not held.answered():
            self.refused += 1
            raise Limited(tr("你的上一个操作还在处理中，等它有了回应再试（通常不到一秒）。这次没有生效，什么也没有改变。"))
        flight = self._flying[slot] = Flight(interaction)

        def land() -> None:
            if self._flying.get(slot) is flight:
                del self._flying[slot]
        return land

    # -- commands ----------------------------------------------------------------------------------

    def command(self, interaction: discord.Interaction[Any], kind: str, *, public: bool = False,
                free: bool = False) -> None:
        """A slash command ``kind`` (``calc``, ``table.create``…): its cooldown for this user, the stricter
        public one when its answer is posted in the channel (else :class:`Cooling`)."""
        if not self.on or free or (kind in ADMIN_EXEMPT and is_admin(interaction)):
            return
        used = (self._public if public else self._commands).use((kind, interaction.user.id))
        if used is not None:
            bucket, retry = used
            until = at(self.clock.time() + retry)
            self._refusal(interaction.user.id, retry,
                          tr("这个命令用得太频繁了，请 <t:{at}:R> 再用。这次没有生效，什么也没有改变。", at=until))
            raise Cooling(bucket, retry, until=until)

    def join(self, user_id: int, table_id: int) -> None:
        """Joining one lobby (``/table join`` or 加入): a few times per window, so join/leave churn on someone
        else's lobby stops soon (else :class:`Limited`)."""
        if not self.on:
            return
        used = self._joins.use((user_id, table_id))
        if used is not None:
            self.refused += 1
            raise Limited(tr("你加入这张牌桌太频繁了，请 <t:{at}:R> 再来。什么也没有改变。",
                             at=at(self.clock.time() + used[1])))

    def replay(self, user_id: int) -> None:
        """Replaying a hand nobody has replayed lately (not cached): it replays the table's earlier hands too,
        tens of milliseconds of CPU, so a few a minute per user; stepping through a replay, or one already
        cached, is free (else :class:`Limited`)."""
        if not self.on:
            return
        used = self._replays.use(user_id)
        if used is not None:
            self.refused += 1
            raise Limited(tr("你最近看的新回放太多了，请 <t:{at}:R> 再看。已经打开的回放可以照常翻页。什么也没有改变。",
                             at=at(self.clock.time() + used[1])))

    # -- what the edge admits ----------------------------------------------------------------------

    def admit(self, interaction: discord.Interaction[Any], about: About, table: Table | None) -> Callable[[], None] | None:
        """Every interaction the edge takes in, about ``table`` (None: no table's): a click pays its token unless
        it plays (free once per state), and a request on a table waits for the user's previous one there.
        Raises :class:`Limited`; returns what ends the request's flight (run when its task ends)."""
        if not self.on:
            return None
        if about.click:
            self.click(interaction.user.id, self.plays(interaction.user.id, about, table))
        return self.enter(interaction, table.id) if table is not None else None

    def plays(self, user_id: int, about: About, table: Table | None) -> bool:
        """Whether a click plays the user's own game at the table as it is now (and is their first such click in
        this state): an action or the card pick on their own turn at the current version, or 查看我的手牌 for
        a seated player. Read without the table's lock, as a gate: the handler checks again under it."""
        if about.plays is None or table is None or table.status != "playing" or table.game is None:
            return False
        if about.plays == "hand":
            if table.seat_of(user_id) is None:
                return False
        else:
            seat = about.seat
            if about.version != table.version or seat is None or not 0 <= seat < len(table.seats) \
                    or table.seats[seat].user_id != user_id or seat not in table.game.to_act():
                return False
        return self.free_once(user_id, about.plays, table.id, table.version)
