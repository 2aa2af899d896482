"""The per-user cooldown of each slash command, as a discord.py check on the command (``app_commands.check``):
the table service's limiter counts it on the service's clock (``bot/service/limits.py``) and raises discord.py's
``CommandOnCooldown`` (as ``Cooling``), which the tree's ``on_error`` answers privately with the moment to try
again. The check runs before the command's body, so a refused command costs no work of the command's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from ...service.tables import TableService

T = TypeVar("T")
Asks = Callable[[discord.Interaction[Any]], bool]


def limited(service: TableService, kind: str, *, public: bool | Asks = False, free: Asks | None = None) -> Callable[[T], T]:
    """The command's cooldown (``kind``, e.g. ``calc``, ``table.create``); ``public``: its answer is posted in the
    channel (the stricter cooldown), for every use or as the interaction's options say; ``free``: a use that
    costs nothing (``/table hand`` once per state of one's own game)."""
    async def predicate(interaction: discord.Interaction[Any]) -> bool:
        service.limiter.command(interaction, kind, public=public(interaction) if callable(public) else public,
                                free=free(interaction) if free is not None else False)
        return True
    return app_commands.check(predicate)
