"""The baseline AI for every variant: fills empty seats and plays for absent players (托管)."""

from __future__ import annotations

from .core import Action, Game
from .registration import family_of, variant_of


def choose(game: Game, seat: int) -> Action:
    """A legal action for ``seat``, chosen by the policy its variant registered (:attr:`Variant.choose`, for a
    variant whose hands have steps of their own), else its family's (:attr:`Family.choose`); a family without one
    plays its first legal action, which is always legal."""
    variant = variant_of(game)
    if variant is not None and variant.choose is not None:
        return variant.choose(game, seat)
    family = family_of(game)
    if family is not None:
        return family.choose(game, seat)
    return game.legal_actions(seat)[0]
