"""The baseline AI for every variant: fills empty seats and plays for absent players (托管)."""

from __future__ import annotations

from .core import Action, Game
from .registry import get_family


def choose(game: Game, seat: int) -> Action:
    """A legal action for ``seat``, chosen by the policy its family registered (see :class:`~engine.registry.Family`);
    a family without one plays its first legal action, which is always legal."""
    family = get_family(getattr(game, "family", ""))
    if family is not None:
        return family.choose(game, seat)
    return game.legal_actions(seat)[0]
