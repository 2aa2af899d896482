"""The one place the bot asks for a computer move (AI seats and 托管), so the engine's AI can be swapped in."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from functools import cache
from types import ModuleType

from engine.core import Action, Game

log = logging.getLogger(__name__)


@cache
def _engine_ai() -> ModuleType | None:
    try:
        return importlib.import_module("engine.ai")
    except ImportError:
        return None


def _engine_choose() -> Callable[[Game, int], Action] | None:
    # looked up on every call (the module is cached), so a replaced engine.ai.choose takes effect at once
    module = _engine_ai()
    return getattr(module, "choose", None) if module is not None else None


def choose(game: Game, seat: int) -> Action:
    """The engine's baseline AI when it exists, else the first legal action (always legal either way).

    An AI that raises must not stall a table (nobody would ever be asked to move again): the seat then
    plays its first legal action and the failure is logged for us to fix."""
    engine_choose = _engine_choose()
    if engine_choose is not None:
        try:
            return engine_choose(game, seat)
        except Exception:
            log.exception("engine AI failed for seat %s; playing its first legal action instead", seat)
    return game.legal_actions(seat)[0]
