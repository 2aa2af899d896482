"""Variant modules; importing this package registers every variant."""

from . import anhua, bopi, fangpaofa, liuhuqiang, paohuzi  # noqa: F401
