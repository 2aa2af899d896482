"""The one place the bot asks for a computer move (AI seats and 托管), so the engine's AI can be swapped in."""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from engine.core import Action, Game
from engine.registration import EASY, LEVELS, NORMAL

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


@cache
def _engine_ai() -> ModuleType | None:
    try:
        return importlib.import_module("engine.ai")
    except ImportError:
        return None


def _engine_choose() -> Callable[[Game, int, str], Action] | None:
    # looked up on every call (the module is cached), so a replaced engine.ai.choose takes effect at once
    module = _engine_ai()
    return getattr(module, "choose", None) if module is not None else None


def room_level(table: Table) -> str:
    """The room's 电脑难度 (``bot.ai_level``); a table stored before the option existed plays 普通."""
    level = table.bot_options.get("ai_level", NORMAL)
    return level if level in LEVELS else NORMAL


def seat_level(table: Table, seat: int) -> str:
    """The level the computer plays ``seat`` at: an AI seat at the room's 电脑难度; a player's seat on 托管 (or
    answered for after a timeout) at 普通 whatever the room's level — the option sets how hard the opponents
    are, and nobody's own hand should be thrown away by a 简单 stand-in, nor won for them by a 困难 one."""
    return room_level(table) if table.seats[seat].is_ai else NORMAL


def choose(game: Game, seat: int, level: str = NORMAL) -> Action:
    """The engine's AI at ``level`` when it exists, else the first legal action (always legal either way).
    Every level is deterministic given the game, so a table restored from its log plays on exactly as it would
    have. Called on the event loop only for the levels that decide in well under a few milliseconds (see
    :func:`decide`).

    An AI that raises must not stall a table (nobody would ever be asked to move again): the seat then
    plays its first legal action and the failure is logged for us to fix."""
    engine_choose = _engine_choose()
    if engine_choose is not None:
        try:
            return engine_choose(game, seat, level)
        except Exception:
            log.exception("engine AI failed for seat %s; playing its first legal action instead", seat)
    return game.legal_actions(seat)[0]


# Levels whose every decision takes well under a few ms (benchmarks/ai_duel.py: p99 ≤ 2 ms CPU): taken on the
# event loop. Any other (困难 searches: up to ~150 ms) runs on a worker thread, so no table waits on another's AI.
FAST_LEVELS = frozenset({EASY, NORMAL})


async def decide(game: Game, seat: int, level: str = NORMAL) -> Action:
    """:func:`choose`, off the event loop unless the level is a fast one. The caller holds the table's lock, so
    nothing changes the game while the worker reads it (a search plays on copies of it)."""
    if level in FAST_LEVELS:
        return choose(game, seat, level)
    return await asyncio.to_thread(choose, game, seat, level)
