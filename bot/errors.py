"""Errors a handler raises to refuse a request, and the engine's refusals in the reader's language."""

from __future__ import annotations

from .i18n import catalogue, tr


class Denied(Exception):
    """A request refused with a private, human-readable reason; nothing was changed."""


def said(e: Exception) -> str:
    """An engine error (``IllegalAction``, ``OptionError``) in the language being spoken: the engine gives its
    zh-CN ``template`` and ``params``, which are the catalogue key and its fields; an error without them (or a
    template the catalogue lacks) reads as the engine wrote it. A field that is itself a word of the catalogue
    (an option's label, 整数) is worded too."""
    template = getattr(e, "template", None)
    if not isinstance(template, str):
        return str(e)
    words = catalogue()["messages"]
    params = {k: tr(v) if isinstance(v, str) and v in words else v for k, v in getattr(e, "params", {}).items()}
    return tr(template, **params)
