"""The slash commands as cogs: ``/table …`` (a ``GroupCog``), ``/rules`` and ``/calc`` (reference),
``/leaderboard``, ``/rank``, ``/stats``, ``/history``, ``/replay`` and ``/verify`` (records), ``/season …`` (seasons). Each is built when the bot starts, so its variant
choices come from the engine's registry as it is then."""

from __future__ import annotations

from discord.ext import commands

from storage.db import Database

from ...service.tables import TableService
from .records import records_cog
from .reference import reference_cog
from .seasons import seasons_cog
from .table import table_cog


def cogs(service: TableService, db: Database) -> list[commands.Cog]:
    return [table_cog(service), reference_cog(service), records_cog(db, service), seasons_cog(service)]
