"""The example family's bot folder (what ``bot/families/<family>/`` holds for a real one): its presenter."""

from .presenter import PRESENTER

__all__ = ["PRESENTER"]
