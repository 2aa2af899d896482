"""Every game the engine can host, looked up by id: importing :mod:`engine.variants` registers each variant and its
family (:mod:`engine.registration`), so ``get_variant`` / ``all_variants`` / ``get_family`` find them all, and
``engine.ai`` and ``python -m engine score`` dispatch through them without naming any family."""

from __future__ import annotations

from . import variants  # noqa: F401  (importing the variants registers them)
from .registration import Family, Variant, registered_family, registered_variant, registered_variants


def get_family(family_id: str) -> Family | None:
    """The family record, or None for a family that registered none (its games fall back to the first legal
    action)."""
    return registered_family(family_id)


def get_variant(variant_id: str) -> Variant:
    return registered_variant(variant_id)


def all_variants() -> list[Variant]:
    return registered_variants()
