"""Every user-visible string in zh-CN, zh-TW and English, from gettext catalogues read with Babel.

Bot text is written in zh-CN at the place it is shown, as ``tr("{seat}号 付 {payee}号 {amount}", seat=…)``:
the zh-CN text is the message id (gettext's msgid), and the ``messages`` domain's catalogues give its zh-TW and
English forms (``bot/locales/<zh_TW|en>/LC_MESSAGES/messages.po``; zh-CN, the source, needs none). A count
is said with ``tr_n("{n} 局", n)``: English has a singular and a plural form ("1 hand", "3 hands"), Chinese one.
Which language a call speaks is the context's (``speaking(lang)``), set once where a payload is built for its
audience — the clicking user's Discord locale for a private reply or DM, the guild's for a channel message — so
renderers take no language argument and a string is never assembled twice.

Slash-command metadata is the one exception: discord.py sends its English source text as the default, so those
messages (the ``commands`` domain: ``bot/locales/<zh_CN|zh_TW>/LC_MESSAGES/commands.po``) are keyed by the
English and give zh-CN and zh-TW.

The ``.po`` files are read once per process with Babel (``read_po``), not compiled to ``.mo``: the ``.po`` is the
one file translators, the catalogue tool (``python -m bot.catalogue_tool``) and the bot all read, so nothing
built from it can go stale, and an editable install needs no build step. Fuzzy and empty translations read as
the source, as gettext does.

Game terms (碰, 胡息, 名堂 names, tiles and cards) stay Chinese in English text, glossed where it helps
("碰 Pong"); zh-TW writes them in traditional characters (紅中, 五萬) but keeps 胡 (never 鬍).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import discord
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from discord import app_commands

Lang = Literal["zh-CN", "zh-TW", "en"]
LANGS: tuple[Lang, ...] = ("zh-CN", "zh-TW", "en")
SOURCE: Lang = "zh-CN"
LOCALES = Path(__file__).with_name("locales")
MESSAGES = "messages"  # the bot's words: msgid zh-CN
COMMANDS = "commands"  # slash-command metadata: msgid English
# the languages each domain is translated into (its source needs no catalogue)
DOMAINS: dict[str, tuple[Lang, ...]] = {MESSAGES: ("zh-TW", "en"), COMMANDS: ("zh-CN", "zh-TW")}
GETTEXT_LOCALE: dict[Lang, str] = {"zh-CN": "zh_CN", "zh-TW": "zh_TW", "en": "en"}
# How each language writes the zh-CN list and clause marks (a separator is not a word: no catalogue entry).
MARKS: dict[Lang, dict[str, str]] = {"en": {"、": ", ", "；": "; ", "，": ", ", "：": ": "}}

_speaking: ContextVar[Lang] = ContextVar("speaking", default=SOURCE)


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """The language for a Discord locale: both Chinese locales as themselves, any other locale English.
    An unknown locale (no interaction yet, a guild we have not seen) is zh-CN, the players' own language."""
    if locale is None or str(locale) == "":
        return SOURCE
    value = str(locale.value if isinstance(locale, discord.Locale) else locale)
    if value in ("zh-CN", "zh-TW"):
        return value  # type: ignore[return-value]
    return "en"


@contextmanager
def speaking(lang: Lang) -> Iterator[None]:
    """Every ``tr`` inside this block answers in ``lang``."""
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def speak(lang: Lang) -> None:
    """Speak ``lang`` until the running task ends: for a check that runs before its handler in the same task (an
    interaction's), which :func:`speaking`'s block cannot hold open around the handler."""
    _speaking.set(lang)


def current_lang() -> Lang:
    return _speaking.get()


def po_path(domain: str, lang: Lang) -> Path:
    return LOCALES / GETTEXT_LOCALE[lang] / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str) -> Path:
    return LOCALES / f"{domain}.pot"


@cache
def read(domain: str, lang: Lang) -> Catalog:
    """One language's catalogue of one domain, as Babel reads it (the catalogue tool and the tests read this)."""
    with po_path(domain, lang).open("rb") as f:
        return read_po(f, locale=GETTEXT_LOCALE[lang], domain=domain)


@dataclass(frozen=True, slots=True)
class Book:
    """A catalogue ready to look up: the translated messages of one domain in one language."""

    texts: dict[tuple[str | None, str], str]  # (msgctxt, msgid) → msgstr
    plurals: dict[str, tuple[str, ...]]  # msgid → its forms, in the language's plural order
    plural_form: Callable[[int], int]  # a count → the index of its form (the catalogue's Plural-Forms)

    def text(self, source: str, context: str | None = None) -> str | None:
        return self.texts.get((context, source))

    def plural(self, source: str, n: int) -> str | None:
        forms = self.plurals.get(source)
        if not forms:
            return None
        return forms[min(self.plural_form(n), len(forms) - 1)] or None


@cache
def book(domain: str, lang: Lang) -> Book:
    catalog = read(domain, lang)
    texts: dict[tuple[str | None, str], str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for m in catalog:
        if not m.id or m.fuzzy:  # the header; a guess no human has checked reads as the source, as in gettext
            continue
        if isinstance(m.id, tuple | list):
            plurals[m.id[0]] = tuple(m.string or ()) if not isinstance(m.string, str) else (m.string,)
        elif m.string:
            texts[(m.context, m.id)] = str(m.string)
    return Book(texts, plurals, gettext.c2py(catalog.plural_expr))


def is_plural(source: str) -> bool:
    """Whether ``source`` is a plural entry of the ``messages`` domain (its forms chosen by a count)."""
    return source in book(MESSAGES, "en").plurals


def template_in(lang: Lang, source: str, n: object = None) -> str:
    """``source``'s text in ``lang``, its fields not yet filled: a plural entry's form for the count ``n`` (an int,
    or digits read out of text as ``words.engine_text`` does; none: the last form). A source missing from the
    catalogue, or untranslated, reads as zh-CN: ``tests/bot/test_i18n.py`` keeps that from shipping."""
    if lang == SOURCE:
        return source
    b = book(MESSAGES, lang)
    if source in b.plurals:
        count = n if isinstance(n, int) and not isinstance(n, bool) else int(n) if isinstance(n, str) and n.isdigit() \
            else None
        return (b.plural(source, count) if count is not None else b.plurals[source][-1]) or source
    return b.text(source) or source


def tr_in(lang: Lang, source: str, /, **params: Any) -> str:
    """``source`` (zh-CN, with ``{name}`` fields) in ``lang``, its fields filled from ``params``.

    Field values are inserted as given: translate a value that is itself text before passing it.
    ``tr_in(SOURCE, "…")`` marks a source that is worded later (``tr(NAME)``): the extractor finds it here."""
    text = template_in(lang, source, params.get("n"))
    return text.format(**params) if params else text


def tr(source: str, /, **params: Any) -> str:
    """``source`` in the language being spoken (see ``speaking``)."""
    return tr_in(_speaking.get(), source, **params)


def tr_n_in(lang: Lang, source: str, n: int, /, **params: Any) -> str:
    """A message about ``n`` things (``source`` has the field ``{n}``), in the form ``lang`` uses for ``n``:
    English "1 hand" / "3 hands", Chinese the one form."""
    return template_in(lang, source, n).format(**{"n": n, **params})


def tr_n(source: str, n: int, /, **params: Any) -> str:
    """``tr_n("{n} 局", 3)``: a count in the language being spoken (see ``tr_n_in``)."""
    return tr_n_in(_speaking.get(), source, n, **params)


def marked(mark: str, lang: Lang | None = None) -> str:
    """A zh-CN list or clause mark (、 ； ，) as ``lang`` (default: the one spoken) writes it."""
    return MARKS.get(lang or _speaking.get(), {}).get(mark, mark)


def catalogue() -> dict[str, dict[str, dict[str, str]]]:
    """The catalogues as plain mappings, for membership and checks: ``{"messages": {zh-CN: {"zh-TW": …, "en": …}},
    "commands": {English or its context: {"zh-CN": …, "zh-TW": …}}}`` (a plural entry by its last form; say a
    message with ``tr`` / ``tr_n``, which choose the form)."""
    return _catalogue()


@cache
def _catalogue() -> dict[str, dict[str, dict[str, str]]]:
    out: dict[str, dict[str, dict[str, str]]] = {}
    for domain, langs in DOMAINS.items():
        entries: dict[str, dict[str, str]] = {}
        for lang in langs:
            b = book(domain, lang)
            for (context, source), text in b.texts.items():
                entries.setdefault(context or source, {})[lang] = text
            for source, forms in b.plurals.items():
                if forms and forms[-1]:
                    entries.setdefault(source, {})[lang] = forms[-1]
        out[domain] = entries
    return out


def t(text: str, key: str | None = None) -> app_commands.locale_str:
    """Mark command metadata (English source, Discord's default) for the translator; ``key`` is the entry's
    context (msgctxt) when one English word means two things ("hand": 手牌, or the 牌局 to replay)."""
    return app_commands.locale_str(text, key=key) if key else app_commands.locale_str(text)


_LOCALES: dict[discord.Locale, Lang] = {discord.Locale.chinese: "zh-CN", discord.Locale.taiwan_chinese: "zh-TW"}


class CatalogueTranslator(app_commands.Translator):
    """Command, option and choice names and descriptions in zh-CN and zh-TW from the ``commands`` domain;
    every other locale sees the English source."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = _LOCALES.get(locale)
        if lang is None:
            return None
        return book(COMMANDS, lang).text(string.message, string.extras.get("key"))
