"""Turn timers: a seat that does not act in time goes on 托管 (the AI plays it until the player acts).

In a claim window, where who is asked is hidden, a late seat's answer is the AI's for that card alone."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

from ..i18n import tr
from .table import Line, SeatList, Table

if TYPE_CHECKING:
    from .tables import TableService

log = logging.getLogger(__name__)


def public_key(table: Table) -> str:
    """What the table can see of the current decision: the hand and its public view (less the version)."""
    game = table.game
    view = {k: v for k, v in game.public_view().items() if k != "version"} if game is not None else None
    return json.dumps([table.hand_no, view], sort_keys=True, ensure_ascii=False, default=str)


class TurnTimers:
    """One timer per table, re-armed after every change; it fires only if the version is unchanged."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self._armed: dict[int, str] = {}  # table -> the public state its timer waits in

    def arm(self, table: Table) -> None:
        """Start the turn's timer and set ``table.turn_deadline`` (None: no timer runs). Idempotent for one
        state: delivery arms before it renders the countdown, and the caller's own arm then changes nothing.

        The deadline is public (it is on the table message), so it is keyed on what the table can see: a
        pass in a claim window, or on one's 自摸, changes nothing public and must not restart the clock
        (a fresh countdown would tell everyone that someone else was asked)."""
        seconds = int(table.bot_options.get("timer", 0) or 0)
        game = table.game
        waiting = False
        if seconds and table.status == "playing" and game is not None and not game.finished:
            waiting = any(not table.seats[s].is_ai and not table.seats[s].auto for s in game.to_act())
        key = public_key(table) if waiting else None
        task = table.timer_task
        if key is not None and task is not None and not task.done() and self._armed.get(table.id) == key:
            return
        if task is not None:
            task.cancel()
            table.timer_task = None
        table.turn_deadline = None
        if key is None:
            self._armed.pop(table.id, None)
            return
        delay = float(seconds)
        table.turn_deadline = self.svc.clock.time() + delay
        self._armed[table.id] = key
        table.timer_task = asyncio.get_running_loop().create_task(
            self._timeout(table, key, delay), name=f"timer-{table.id}")

    async def _timeout(self, table: Table, key: str, delay: float) -> None:
        await self.svc.clock.sleep(delay)
        self.svc.inflight += 1
        try:
            async with table.lock:
                game = table.game
                if game is None or table.status != "playing" or public_key(table) != key:
                    return
                late = [s for s in game.to_act() if not table.seats[s].is_ai]
                table.timer_task = None
                table.turn_deadline = None
                if game.public_view().get("claims_pending") or getattr(game, "secret_window", False):
                    # Naming the late seats, or marking them 托管, would tell the table who holds a claim:
                    # the AI answers this one card for them, and their next turn of their own has a timer.
                    await self.svc.play.answer_for(table, late)
                else:
                    for s in late:
                        table.set_auto(s, True)
                    seats = SeatList(table, late)
                    table.log.append(Line(lambda: tr("超时：{seats} 由电脑托管", seats=seats)))
                    await self.svc.play.advance(table)
                self.svc.delivery.publish(table)
                self.arm(table)
        except Exception:
            log.exception("turn timer of table %s failed", table.id)
        finally:
            self.svc.inflight -= 1
