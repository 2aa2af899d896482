"""What the commands offer to choose from: the variants (from the engine's registry when the commands are built,
so a new variant needs no bot change) and /calc's sources."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from engine.registry import all_variants, get_variant

from ...i18n import speaking, t
from ...options_text import variant_name

F = TypeVar("F", bound=Callable[..., Any])


def variant_choices(*, scored: bool = False) -> list[app_commands.Choice[str]]:
    """Every variant (``scored``: those with a hand calculator, for /calc), named in English with its Chinese
    name ("Paohuzi 跑胡子"); the translator gives zh-CN and zh-TW their own names (``[commands]`` of the
    catalogue)."""
    return [app_commands.Choice(name=t(choice_name(v.id)), value=v.id) for v in all_variants()
            if v.score is not None or not scored][:25]


def choice_name(variant_id: str) -> str:
    """The English source of a variant's slash-command choice: the catalogue's English name of the variant."""
    v = get_variant(variant_id)
    with speaking("en"):
        return variant_name(v)[:100]


def offering(choices: list[app_commands.Choice[str]]) -> Callable[[F], F]:
    """``app_commands.choices(variant=…)``, or nothing when there is nothing to choose (Discord refuses an
    empty list of choices)."""
    def decorate(func: F) -> F:
        return app_commands.choices(variant=choices)(func) if choices else func
    return decorate


# /calc's 来源 choices (English source; zh-CN and zh-TW from the ``commands`` catalogues, as the /calc form names them)
SOURCE_CHOICES = {"self_draw": t("self-drawn (self_draw)"), "other_draw": t("another player's draw (other_draw)"),
                  "discard": t("a discard (discard)"), "deal": t("the dealt hand (deal)"),
                  "robbing_kong": t("robbing a kong (robbing_kong)")}
