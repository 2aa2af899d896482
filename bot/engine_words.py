"""The engine's words in the reader's language. The engine stays in zh-CN and gives what it says as a template and
its fields (``engine.core.Worded`` errors, ``ActionName`` labels); the template is the catalogue key."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import ActionName

from .i18n import SOURCE, catalogue, current_lang, tr


def word(template: str, params: Iterable[tuple[str, Any]]) -> str:
    """``template`` in the language being spoken, filled with ``params``; a field that is itself a word of the
    catalogue (an option's label, a verb such as 碰, 整数) is worded too. A template the catalogue lacks reads as
    the engine wrote it."""
    if current_lang() == SOURCE:  # the engine's own words: nothing to look up
        return template.format(**dict(params)) if params else template
    words = catalogue()["messages"]
    return tr(template, **{k: named(v) if isinstance(v, ActionName) else tr(v) if isinstance(v, str) and v in words
                           else v for k, v in params})


def said(e: Exception) -> str:
    """An engine error (``IllegalAction``, ``OptionError``) as the reader says it; ``str(e)`` without a template."""
    template = getattr(e, "template", None)
    if not isinstance(template, str):
        return str(e)
    return word(template, getattr(e, "params", {}).items())


def named(name: ActionName) -> str:
    """A control's label (碰 五, 打 五万, 单张 7) as the reader says it."""
    if current_lang() == SOURCE:
        return name.label
    return word(name.template or name.label, name.params)
