"""Turn timers: one per table, re-armed after every change, firing only if what the table can see is unchanged.

A timer is a source of events like a click: when one fires it hands the table to the handler it was built with
(``Play.timed_out``: 托管, or in a claim window the AI's answer for that one card), and knows nothing of what
that handler does."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from .clock import Clock
from .table import Table

log = logging.getLogger(__name__)

Fire = Callable[[Table, str], Awaitable[None]]  # the table, and the public state its timer waited in


def public_key(table: Table) -> str:
    """What the table can see of the current decision: the hand and its public view (less the version)."""
    game = table.game
    view = {k: v for k, v in game.public_view().to_json().items() if k != "version"} if game is not None else None
    return json.dumps([table.hand_no, view], sort_keys=True, ensure_ascii=False, default=str)


class TurnTimers:
    def __init__(self, clock: Clock, fire: Fire) -> None:
        self.clock = clock  # tests move a ManualClock themselves
        self.fire = fire
        self._tasks: dict[int, asyncio.Task[None]] = {}  # table -> its running timer
        self._armed: dict[int, str] = {}  # table -> the public state its timer waits in

    def arm(self, table: Table) -> None:
        """Start the turn's timer and set ``table.turn_deadline`` (None: no timer runs). Idempotent for one
        state: arming again in the state the timer already waits in changes nothing.

        The deadline is public (it is on the table message), so it is keyed on what the table can see: a
        pass in a claim window, or on one's 自摸, changes nothing public and must not restart the clock
        (a fresh countdown would tell everyone that someone else was asked)."""
        seconds = int(table.bot_options.get("timer", 0) or 0)
        game = table.game
        waiting = False
        if seconds and table.status == "playing" and game is not None and not game.finished:
            waiting = any(not table.seats[s].is_ai and not table.seats[s].auto for s in game.to_act())
        key = public_key(table) if waiting else None
        task = self._tasks.get(table.id)
        if key is not None and task is not None and not task.done() and self._armed.get(table.id) == key:
            return
        self.stop(table.id)
        table.turn_deadline = None
        if key is None:
            self._armed.pop(table.id, None)
            return
        delay = float(seconds)
        table.turn_deadline = self.clock.time() + delay
        self._armed[table.id] = key
        self._tasks[table.id] = asyncio.get_running_loop().create_task(
            self._timeout(table, key, delay), name=f"timer-{table.id}")

    def due(self, table: Table, key: str) -> bool:
        """Whether the table still waits in the state a timer was armed in."""
        return public_key(table) == key

    def fired(self, table: Table) -> None:
        """The timer that woke is acting now: no deadline is shown, and arming anew starts another timer
        instead of cancelling the one acting."""
        self._tasks.pop(table.id, None)
        table.turn_deadline = None

    def running(self, table_id: int) -> bool:
        task = self._tasks.get(table_id)
        return task is not None and not task.done()

    def stop(self, table_id: int) -> None:
        task = self._tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    async def _timeout(self, table: Table, key: str, delay: float) -> None:
        await self.clock.sleep(delay)
        await self.fire(table, key)
