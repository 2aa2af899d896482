"""The smallest family, used by the tests and shown in ``docs/architecture.md``: a new family is its two folders —
``engine/`` (its hand, views, outcome and registered variant; ``engine/<family>/`` in the real tree) and ``bot/``
(its presenter; ``bot/families/<family>/``) — and one registration on each layer."""

from __future__ import annotations

from bot.present.registry import register as register_presenter
from engine.registration import Variant

from .bot import PRESENTER
from .engine.game import register_toy


def ensure_registered() -> Variant:
    """Register 玩具牌 with the engine and its presenter with the bot (a real family is listed in
    ``engine/variants/__init__.py`` and ``bot/families/__init__.py`` instead)."""
    register_presenter(PRESENTER)
    return register_toy()
