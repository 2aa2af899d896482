"""Every user-visible string in zh-CN, zh-TW and English, from one catalogue: ``bot/locales/messages.toml``.

Bot text is written in zh-CN at the place it is shown, as ``tr("{seat}号 付 {payee}号 {amount}", seat=…)``:
the zh-CN text is the catalogue key, and the catalogue gives its zh-TW and English forms. Which language a
call speaks is the context's (``speaking(lang)``), set once where a payload is built for its audience — the
clicking user's Discord locale for a private reply or DM, the guild's for a channel message — so renderers
take no language argument and a string is never assembled twice.

Slash-command metadata is the one exception: discord.py sends its English source text as the default, so
those entries (the ``[commands]`` table) are keyed by the English and give zh-CN and zh-TW.

Game terms (碰, 胡息, 名堂 names, tiles and cards) stay Chinese in English text, glossed where it helps
("碰 Pong"); zh-TW writes them in traditional characters (紅中, 五萬) but keeps 胡 (never 鬍).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands

Lang = Literal["zh-CN", "zh-TW", "en"]
LANGS: tuple[Lang, ...] = ("zh-CN", "zh-TW", "en")
SOURCE: Lang = "zh-CN"
CATALOGUE_PATH = Path(__file__).with_name("locales") / "messages.toml"

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


def current_lang() -> Lang:
    return _speaking.get()


@cache
def catalogue() -> dict[str, dict[str, dict[str, str]]]:
    """``{"messages": {zh-CN text: {"zh-TW": …, "en": …}}, "commands": {English: {"zh-CN": …, "zh-TW": …}}}``."""
    with CATALOGUE_PATH.open("rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    return {"messages": data.get("messages", {}), "commands": data.get("commands", {})}


def tr_in(lang: Lang, source: str, /, **params: Any) -> str:
    """``source`` (zh-CN, with ``{name}`` fields) in ``lang``, its fields filled from ``params``.

    A source missing from the catalogue reads as zh-CN: ``tests/bot/test_i18n.py`` keeps that from shipping.
    Field values are inserted as given: translate a value that is itself text before passing it."""
    text = source
    if lang != SOURCE:
        text = catalogue()["messages"].get(source, {}).get(lang, source)
    return text.format(**params) if params else text


def tr(source: str, /, **params: Any) -> str:
    """``source`` in the language being spoken (see ``speaking``)."""
    return tr_in(_speaking.get(), source, **params)


def t(text: str, key: str | None = None) -> app_commands.locale_str:
    """Mark command metadata (English source, Discord's default) for the translator; ``key`` names the
    ``[commands]`` entry when one English word means two things ("hand": 手牌, or the 牌局 to replay)."""
    return app_commands.locale_str(text, key=key) if key else app_commands.locale_str(text)


_LOCALES: dict[discord.Locale, Lang] = {discord.Locale.chinese: "zh-CN", discord.Locale.taiwan_chinese: "zh-TW"}


class CatalogueTranslator(app_commands.Translator):
    """Command, option and choice names and descriptions in zh-CN and zh-TW from the ``[commands]`` table;
    every other locale sees the English source."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = _LOCALES.get(locale)
        if lang is None:
            return None
        return catalogue()["commands"].get(string.extras.get("key", string.message), {}).get(lang)
