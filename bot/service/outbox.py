"""Per-table ordered delivery of Discord writes, off the interaction's critical path.

The click is answered as soon as its action is durable; channel and DM updates follow from these queues: one
worker for a table's channel and one per DM seat, so a turn DM never waits behind a channel edit that
discord.py is holding for a rate limit. Posts keep their order; a queued edit of a message that gets a newer edit is replaced in
place, so a table never spams a channel even while discord.py waits out a rate limit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


@dataclass(slots=True)
class _Op:
    key: Hashable | None
    job: Job


class Outbox:
    def __init__(self, name: str) -> None:
        self.name = name
        self._ops: list[_Op] = []
        self._by_key: dict[Hashable, _Op] = {}
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self._held = 0  # while held, nothing queued starts (a job already running finishes)

    def post(self, job: Job) -> None:
        self._push(_Op(None, job))

    def edit(self, key: Hashable, job: Job) -> None:
        op = self._by_key.get(key)
        if op is not None:
            op.job = job  # coalesce: only the newest content of a message is worth sending
            return
        op = _Op(key, job)
        self._by_key[key] = op
        self._push(op)

    def _push(self, op: _Op) -> None:
        self._ops.append(op)
        self._idle.clear()
        self._start()

    def _start(self) -> None:
        if self._ops and not self._held and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run(), name=f"outbox-{self.name}")

    def hold(self) -> None:
        """Start nothing queued until :meth:`release` (as often as held): what a click queues waits until the
        click is answered, instead of running in its commits' waits ahead of the answer."""
        self._held += 1

    def release(self) -> None:
        self._held -= 1
        self._start()

    async def _run(self) -> None:
        while self._ops and not self._held:
            op = self._ops.pop(0)
            if op.key is not None:
                self._by_key.pop(op.key, None)
            try:
                await op.job()
            except Exception:
                # A failed delivery must not stop the table; the next edit carries the latest state anyway.
                log.exception("outbox %s: delivery failed", self.name)
        if not self._ops:  # held with work queued: not idle, and release() starts it
            self._idle.set()

    async def idle(self) -> None:
        while not self._idle.is_set():
            await self._idle.wait()

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def drop(self) -> None:
        """Forget what is queued but let the running job finish (it may be the one that called this)."""
        self._ops.clear()
        self._by_key.clear()
        if self._task is None or self._task.done():  # nothing running (held) sets it when done
            self._idle.set()

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._ops.clear()
        self._by_key.clear()
        self._idle.set()
