"""The one place the bot asks for a computer move (AI seats and 托管), so the engine's AI can be swapped in."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

from engine.core import Action, Game


@cache
def _engine_choose() -> Callable[[Game, int], Action] | None:
    try:
        module = importlib.import_module("engine.ai")
    except ImportError:
        return None
    return getattr(module, "choose", None)


def choose(game: Game, seat: int) -> Action:
    """The engine's baseline AI when it exists, else the first legal action (always legal either way)."""
    engine_choose = _engine_choose()
    if engine_choose is not None:
        return engine_choose(game, seat)
    return game.legal_actions(seat)[0]
