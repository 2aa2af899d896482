"""The baseline AI for every variant: fills empty seats and plays for absent players (托管)."""

from __future__ import annotations

from .core import Action, Game


def choose(game: Game, seat: int) -> Action:
    """A legal action for ``seat``, chosen by the family's baseline policy."""
    family = getattr(game, "family", "")
    if family == "zipai":
        from .zipai import ai

        return ai.choose(game, seat)
    return game.legal_actions(seat)[0]
