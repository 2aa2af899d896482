"""The AI for every variant: fills empty seats and plays for absent players (托管), at a level (``LEVELS``)."""

from __future__ import annotations

from collections.abc import Callable

from .core import Action, Game
from .registration import (
    EASY,
    HARD,
    LEVELS,
    NORMAL,
    Family,
    Variant,
    family_of,
    registered_family,
    variant_of,
)

__all__ = ["EASY", "HARD", "LEVELS", "NORMAL", "choose", "level_played"]

Policy = Callable[[Game, int], Action]


def _policy(variant: Variant | None, family: Family | None, level: str) -> tuple[str, Policy | None]:
    """(the level actually played, its policy): the variant's own at that level, else its family's; a level
    neither registered is played at 普通 (the variant's ``choose``, else the family's)."""
    if level != NORMAL:
        if variant is not None and level in variant.levels:
            return level, variant.levels[level]
        if family is not None and level in family.levels:
            return level, family.levels[level]
    if variant is not None and variant.choose is not None:
        return NORMAL, variant.choose
    if family is not None:
        return NORMAL, family.choose
    return NORMAL, None


def level_played(variant: Variant, level: str) -> str:
    """The level an AI asked to play ``variant`` at ``level`` really plays at (困难 where its family has none yet
    plays 普通: the lobby says so rather than promise it)."""
    return _policy(variant, registered_family(variant.family), level if level in LEVELS else NORMAL)[0]


def choose(game: Game, seat: int, level: str = NORMAL) -> Action:
    """A legal action for ``seat`` at ``level``, by the policy its variant registered for it, else its family's
    (:attr:`Variant.levels`, :attr:`Family.levels`; 普通 is :attr:`Variant.choose` / :attr:`Family.choose`); a
    family without one plays its first legal action, which is always legal. Deterministic given the game."""
    _, policy = _policy(variant_of(game), family_of(game), level if level in LEVELS else NORMAL)
    if policy is not None:
        return policy(game, seat)
    return game.legal_actions(seat)[0]
