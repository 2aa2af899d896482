"""The time the bot waits on: turn timers, the back-off between retried Discord writes, the pause before a table
carries on after a failed write, and a forwarded click's window.

Everything that waits asks the service's :class:`Clock` instead of ``asyncio.sleep`` and ``time``: the running bot
has the :class:`SystemClock`; tests (and the demo) give it a :class:`ManualClock`, whose time moves only when the
test says, so a test of a 30 s turn timer neither waits 30 s nor depends on how fast a loaded machine runs.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Protocol


class Clock(Protocol):
    def time(self) -> float:
        """Seconds since the epoch: deadlines players see (``<t:…:R>``)."""
        ...

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back: how long something has been waiting."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""
        ...


class SystemClock:
    """The machine's clocks and asyncio's sleep."""

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


SYSTEM = SystemClock()

# When a ManualClock's time was last moved (a Unix time, so rendered deadlines look like real ones).
EPOCH = 1_750_000_000.0


class ManualClock:
    """Time that moves only when told: :meth:`advance` wakes each sleeper whose moment has come, in order.

    Sleeps of at most ``instant`` seconds pass at once, moving the clock on by their length: a test sets it
    above the back-off pauses (a retried write, carrying on after a failed one), which then never hold it up,
    and below the turn timers, which wait for the test to :meth:`advance` past them. 0: every sleep waits."""

    def __init__(self, *, instant: float = 0.0, start: float = EPOCH) -> None:
        self.instant = instant
        self._start = start
        self._now = 0.0
        self._order = itertools.count()  # sleepers due at one moment wake in the order they slept
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []

    def time(self) -> float:
        return self._start + self._now

    def monotonic(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= self.instant:
            self._now += max(seconds, 0.0)
            self._wake_due()
            await asyncio.sleep(0)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), fut))
        await fut  # cancelled with its task: the entry is skipped when its moment comes

    def next_deadline(self) -> float | None:
        """The monotonic moment of the earliest sleeper still waiting (None: nobody sleeps)."""
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    async def advance(self, seconds: float, settle: Callable[[], Awaitable[None]] | None = None) -> None:
        """Move time on by ``seconds``. Each sleeper wakes at its own moment, in order, and ``settle`` (e.g. the
        service's ``idle``) runs after each wake-up: what a wake-up starts (a timeout's moves, a new turn's
        timer) happens at that moment, and a timer armed then counts from it."""
        target = self._now + seconds
        while (due := self.next_deadline()) is not None and due <= target:
            self._now = max(self._now, due)
            self._wake_due()
            await asyncio.sleep(0)
            if settle is not None:
                await settle()
        self._now = max(self._now, target)

    def think(self, seconds: float) -> None:
        """Move time on by ``seconds`` with nothing to wake meanwhile: a player thinking between two clicks,
        from code that cannot await (a play loop's ``on_click``). A sleeper due by then is a test's mistake:
        :meth:`advance` is the way past it."""
        due = self.next_deadline()
        if due is not None and due <= self._now + seconds:
            raise AssertionError(f"a sleeper is due at {due}: advance() the clock past it instead")
        self._now += seconds

    def _wake_due(self) -> None:
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, fut = heapq.heappop(self._sleepers)
            if not fut.done():
                fut.set_result(None)
