"""Variant modules; importing this package registers every variant."""

from . import paohuzi  # noqa: F401
