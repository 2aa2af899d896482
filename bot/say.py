"""An engine :class:`~engine.words.Msg` worded in the reader's language: the one place the bot turns what the
engine says into text.

The template (the Msg's id, its zh-CN text) goes through the catalogue; its arguments are worded by type —
a ``Seat`` by the caller's seat namer (at a table: the player's name), a ``Card`` / ``Cards`` by the caller's card
words (the family presenter's), a ``Term`` through the catalogue, a ``Listing`` joined with the language's list
mark, a nested ``Msg`` as a sentence of its own, an ``int`` as a number (choosing the form of a plural entry by
its ``{n}``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import ActionName
from engine.words import Card, Cards, Listing, Msg, Seat, Seats, Term

from .i18n import MARKS, Lang, current_lang, marked, template_in, tr_in

_WORD = re.compile(r"[\u3400-\u9fff]")
SeatNamer = Callable[[int], str]  # a seat (0-based) → its name where it is read
CardWords = Callable[[Card | Cards], str]  # a card or cards → their words (the family presenter's)


def seat_word(seat: int, lang: Lang | None = None) -> str:
    """A seat with no table to name it (a calculator, a test): 座位1, "Seat 1"."""
    return tr_in(lang or current_lang(), "座位{n}", n=seat + 1)


def _word(value: Any, seat: SeatNamer | None, cards: CardWords | None, speak: Lang) -> str:
    """One argument of a Msg in words. A function of its own, not a closure inside :func:`say`: a nested
    function calling itself is a reference cycle (its cell holds it), garbage only a full collection frees."""
    if isinstance(value, int):  # a count, or a flag (no word of the game)
        return str(value)
    if isinstance(value, Seat):
        return seat(value.seat) if seat else seat_word(value.seat, speak)
    if isinstance(value, Seats):
        names = [seat(s) if seat else seat_word(s, speak) for s in value.seats]
        return marked("、", speak).join(names) if names else tr_in(speak, "无人")
    if isinstance(value, Card | Cards):
        return cards(value) if cards else tr_in(speak, value.zh())
    if isinstance(value, Term):
        return tr_in(speak, value.word)
    if isinstance(value, Listing):
        return marked(value.mark, speak).join(_word(item, seat, cards, speak) for item in value.items)
    if isinstance(value, Msg):
        return say(value, seat=seat, cards=cards, lang=speak)
    if isinstance(value, ActionName):  # a control's name in an error (「现在不能「碰 五」」)
        return tr_in(speak, value.template or value.label, **{k: _word(v, seat, cards, speak) for k, v in value.params})
    if isinstance(value, str):  # an error's field typed before Msgs: a word of the catalogue, or as written
        return tr_in(speak, value)
    return str(value)


def say(message: Msg, *, seat: SeatNamer | None = None, cards: CardWords | None = None,
        lang: Lang | None = None) -> str:
    """``message`` in ``lang`` (default: the language spoken), its seats named by ``seat`` (default 座位N) and its
    cards by ``cards`` (default: their zh-CN names through the catalogue, 五万 → 五萬 in zh-TW)."""
    speak = lang or current_lang()
    args = {key: _word(value, seat, cards, speak) for key, value in message.args}
    text = template_in(speak, message.id, message.arg("n"))
    if not _WORD.search(message.id):  # fields and marks alone (「{value}，{pays}」): no word, no catalogue entry
        for mark in MARKS.get(speak, {}):
            text = text.replace(mark, marked(mark, speak))
    return text.format(**args) if args else text
