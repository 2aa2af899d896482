"""Turn timers: a seat that does not act in time goes on 托管 (the AI plays it until the player acts)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .render import (
    seat_name,
)
from .table import Table

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger(__name__)


class TurnTimers:
    """One timer per table, re-armed after every change; it fires only if the version is unchanged."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc

    def arm(self, table: Table) -> None:
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
                self._timeout(table, table.version, seconds * self.svc.timer_scale), name=f"timer-{table.id}")

    async def _timeout(self, table: Table, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self.svc.inflight += 1
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
                await self.svc.play.advance(table)
                self.svc.delivery.publish(table)
                self.arm(table)
        except Exception:
            log.exception("turn timer of table %s failed", table.id)
        finally:
            self.svc.inflight -= 1
