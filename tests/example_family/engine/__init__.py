"""The example family's engine folder (what ``engine/<family>/`` holds for a real one): its hand and its variant.
Importing it registers both (:func:`engine.registration.register`, ``register_family``)."""

from .game import VARIANT, ToyHand

__all__ = ["VARIANT", "ToyHand"]
