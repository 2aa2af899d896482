"""Words every family's text shares: lists in the reader's marks, and the engine's zh-CN prose said in the reader's
language (``engine_text``, clause by clause; each family reads its own cards in it through ``card_runs``)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from engine.core import ActionName
from engine.words import Card, Cards

from ..engine_words import named
from ..i18n import SOURCE, current_lang, tr

# What English puts for the Chinese list marks (a separator is not a word: it has no catalogue entry).
EN_MARKS = {"、": ", ", "；": "; ", "，": ", "}
# Each family's reader of its cards inside engine prose (``Presenter.card_run``), by family id, set by
# ``bot.families``: prose tries them all in order, an action's name its own family's.
_CARD_RUNS: dict[str, Callable[[str], str | None]] = {}
# Each family's words for the cards an engine message names (``Presenter.card_words``), by family id, set by
# ``bot.families``: the table's log words its messages with them without asking for the presenter.
_CARD_WORDS: dict[str, Callable[[Card | Cards], str]] = {}


def joined(parts: list[str] | tuple[str, ...], mark: str = "、") -> str:
    """Items of a list with the mark of the language spoken: 「碰、吃」, "碰, 吃"."""
    return (EN_MARKS.get(mark, mark) if current_lang() == "en" else mark).join(parts)


def card_runs(readers: dict[str, Callable[[str], str | None]]) -> None:
    """The families' readers of their cards in engine prose, by family id, in the order to try them."""
    _CARD_RUNS.clear()
    _CARD_RUNS.update(readers)


def action_words(family: str, name: ActionName) -> str:
    """An action's name (a control's label) in the reader's language, the cards it names in the family's writing
    (吃 壹贰叁 · 比 贰贰二 → 吃 壹貳參 · 比 貳貳二 in zh-TW): the live controls and the replay word it alike."""
    read = _CARD_RUNS.get(family)
    if read is not None:
        name = dataclasses.replace(name, params=tuple(
            (k, " ".join(read(part) or part for part in v.split(" "))) for k, v in name.params))
    return named(name)


def card_words(words: dict[str, Callable[[Card | Cards], str]]) -> None:
    """Each family's words for the cards of an engine message, by family id."""
    _CARD_WORDS.clear()
    _CARD_WORDS.update(words)


def cards_of_family(family: str) -> Callable[[Card | Cards], str] | None:
    """A family's words for the cards of an engine message (None: the catalogue's names)."""
    return _CARD_WORDS.get(family)


_NUMBER = re.compile(r"\d+")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
# Where an engine text divides into clauses; English writes the marks its own way.
_CLAUSE = re.compile(r"(，|；|：|、|（|）| \+ | × | ÷ | = | → )")
_EN_CLAUSE_MARKS = {"，": ", ", "；": "; ", "：": ": ", "、": ", ", "（": " (", "）": ")"}
_FIELDS = "abcdef"


def _clause(text: str) -> str:
    """One clause of an engine text: the whole clause when the catalogue has it with its numbers as fields
    (``剩 {n} 张``, ``座位{a} 剩 {b} 张``), else each run of Chinese that the catalogue names (a 名堂, a word of the game)."""
    numbers = _NUMBER.findall(text)
    if 0 < len(numbers) <= len(_FIELDS):
        names = ["n"] if len(numbers) == 1 else list(_FIELDS[:len(numbers)])  # one number is {n}, several {a} {b}…
        fields = iter(names)
        key = _NUMBER.sub(lambda m: "{" + next(fields) + "}", text)
        if key in _entries():
            return tr(key, **dict(zip(names, numbers, strict=True)))
    return _CJK_RUN.sub(lambda m: _run(m[0]), text)


def _run(run: str) -> str:
    """A run of Chinese inside an engine phrase: a catalogue word, or a family's cards (字牌 faces 叁肆伍, tiles of
    one suit 一二三条); else as written."""
    if run in _entries():
        return tr(run)
    for read in _CARD_RUNS.values():
        said = read(run)
        if said is not None:
            return said
    return run


def _entries() -> dict[str, Any]:
    from ..i18n import catalogue

    return catalogue()["messages"]


def engine_text(text: str) -> str:
    """A text the engine wrote in zh-CN (a payment's why, a hand's summary) in the language spoken, clause by
    clause: the engine stays Chinese and pure, its phrases are catalogue entries like any other."""
    lang = current_lang()
    if lang == SOURCE or not _CJK_RUN.search(text):
        return text
    if text in _entries():  # a whole sentence of the engine's (a calculator's refusal)
        return tr(text)
    out = []
    for part in _CLAUSE.split(text):
        if _CLAUSE.fullmatch(part):
            out.append(_EN_CLAUSE_MARKS.get(part, part) if lang == "en" else part)
        elif part:
            out.append(_clause(part))
    return "".join(out)


def effect_text(value: str) -> str:
    """A 名堂's effect as the engine writes it (4番, ×2, +1囤, +10胡, 算100胡息) in the language spoken."""
    return engine_text(value)
