"""The engine's words in the reader's language. The engine stays in zh-CN and gives what it says as a template and
its fields (``engine.core.Worded`` errors, whose ``.msg`` is an ``engine.words.Msg``, and ``ActionName`` labels);
the template is the catalogue key, and ``bot.say.say`` words it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from engine.core import ActionName, Worded
from engine.words import Msg

from .i18n import SOURCE, current_lang
from .say import say


def word(template: str, params: Iterable[tuple[str, Any]]) -> str:
    """``template`` in the language being spoken, filled with ``params``; a field that is itself a word of the
    catalogue (an option's label, a verb such as 碰, 整数) is worded too. A template the catalogue lacks reads as
    the engine wrote it."""
    return say(Msg(template, cast(Any, tuple(params))))


def said(e: Exception) -> str:
    """An engine error (``IllegalAction``, ``OptionError``) as the reader says it; ``str(e)`` without a template."""
    if isinstance(e, Worded) and e.template:
        return say(e.msg)
    return str(e)


def named(name: ActionName) -> str:
    """A control's label (碰 五, 打 五万, 单张 7) as the reader says it."""
    if current_lang() == SOURCE:
        return name.label
    return word(name.template or name.label, name.params)
