"""``/table …``: a ``GroupCog`` with one method per subcommand, each handing over to the table service at once
(the service answers, refuses by raising ``Denied``, and the tree's one ``on_error`` words the refusal)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ...i18n import t
from ...service.tables import TableService
from ..errors import About
from .choices import offering, variant_choices
from .limits import limited


def table_cog(service: TableService) -> commands.Cog:
    """The ``/table`` group, its variant choices read from the registry now."""
    variants = offering(variant_choices())

    def reads_own_hand(interaction: discord.Interaction[Any]) -> bool:
        """/table hand by a seated player, the first time in this state of the game: free, like 查看我的手牌."""
        return service.limiter.plays(interaction.user.id, About(plays="hand"),
                                     service.table_in(interaction.channel_id))

    class Table(commands.GroupCog, group_name=t("table"), group_description=t("Hunan card tables")):
        def __init__(self, service: TableService) -> None:
            self.service = service
            # guild only as Discord has always been told (dm_permission false); the guild_only decorator on the
            # class would also send a contexts list
            group = self.app_command
            assert group is not None  # a GroupCog's own group
            group.guild_only = True

        @limited(service, "table.create", public=True)
        @app_commands.command(name=t("create"), description=t("Open a table in this channel"))
        @app_commands.describe(variant=t("Game variant"), options=t("Room options, e.g. hands=4 bot.timer=30"))
        @app_commands.rename(variant=t("variant"), options=t("options"))
        @variants
        async def create(self, interaction: discord.Interaction[Any], variant: str,
                         options: str | None = None) -> None:
            await self.service.lobby.create(interaction, variant, options)

        @limited(service, "table.join")
        @app_commands.command(name=t("join"), description=t("Join the table in this channel"))
        async def join(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "join")

        @limited(service, "table.leave")
        @app_commands.command(name=t("leave"), description=t("Leave the table (AI takes over mid-match)"))
        async def leave(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "leave")

        @limited(service, "table.ai")
        @app_commands.command(name=t("ai"), description=t("Add an AI player"))
        async def ai(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "ai")

        @limited(service, "table.start")
        @app_commands.command(name=t("start"), description=t("Start the match (host)"))
        async def start(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "start")

        @limited(service, "table.end", public=True)
        @app_commands.command(name=t("end"), description=t("End the table (host, manager, or majority vote)"))
        async def end(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "end")

        @limited(service, "table.hand", free=reads_own_hand)
        @app_commands.command(name=t("hand"), description=t("Show my hand privately"))
        async def hand(self, interaction: discord.Interaction[Any]) -> None:
            await self.service.lobby.command(interaction, "hand")

        @limited(service, "table.kick")
        @app_commands.command(name=t("kick"), description=t("Remove a player from the lobby (host)"))
        @app_commands.describe(player=t("The player to remove"))
        @app_commands.rename(player=t("player"))
        async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
            await self.service.lobby.kick(interaction, player)

    return Table(service)
