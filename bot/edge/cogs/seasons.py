"""``/season …``: a server's admins (Manage Server) start and end rating seasons; anyone reads a season's final table.

A season's ladder starts every player afresh (the all-time ladder goes on); ending it freezes its final table
(storage/ratings.py). Refusals are private, in the asker's language, like every command's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage.ratings import Ladder

from ...i18n import speaking, t, tr, tr_n
from ...ladder import rating_line, ruleset_name
from ...service.tables import TableService
from ..errors import Denied
from .limits import limited


def admin_only(interaction: discord.Interaction[Any]) -> None:
    if not interaction.permissions.manage_guild:
        raise Denied(tr("只有有「管理服务器」权限的管理员才能开始或结束赛季。"))


def seasons_cog(service: TableService) -> commands.Cog:
    ladder: Ladder = service.play.ladder

    class Season(commands.GroupCog, group_name=t("season"), group_description=t("Rating seasons of this server")):
        def __init__(self) -> None:
            group = self.app_command
            assert group is not None
            group.guild_only = True

        @limited(service, "season.start")
        @app_commands.command(name=t("start"), description=t("Start a new rating season (Manage Server)"))
        async def start(self, interaction: discord.Interaction[Any]) -> None:
            assert interaction.guild_id is not None
            admin_only(interaction)
            await ladder.rate_pending(interaction.guild_id)  # matches of before belong to the ladders of before
            number = await ladder.start_season(interaction.guild_id, interaction.user.id)
            if number is None:
                season = await ladder.open_season(interaction.guild_id)
                raise Denied(tr("第 {n} 赛季还在进行中：先用 /season end 结束它。", n=season["number"] if season else "?"))
            with speaking(service.public_lang(interaction)):
                text = tr("🏁 第 {n} 赛季开始！从现在起打完的比赛计入本赛季段位，人人从头定级。", n=number)
            await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

        @limited(service, "season.end")
        @app_commands.command(name=t("end"), description=t("End the season and keep its final table (Manage Server)"))
        async def end(self, interaction: discord.Interaction[Any]) -> None:
            assert interaction.guild_id is not None
            admin_only(interaction)
            season = await ladder.end_season(interaction.guild_id, interaction.user.id)
            if season is None:
                raise Denied(tr("现在没有进行中的赛季：用 /season start 开始一个。"))
            with speaking(service.public_lang(interaction)):
                embed = await final_table(interaction.guild_id, season["number"])
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

        @limited(service, "season.table")
        @app_commands.command(name=t("table"), description=t("A past season's final table"))
        @app_commands.describe(number=t("Season number"))
        @app_commands.rename(number=t("number"))
        async def table(self, interaction: discord.Interaction[Any],
                        number: app_commands.Range[int, 1, 1_000_000]) -> None:
            assert interaction.guild_id is not None
            known = {int(s["number"]): s for s in await ladder.seasons(interaction.guild_id)}
            if number not in known:
                raise Denied(tr("本服务器没有第 {n} 赛季。", n=number))
            if known[number]["ended_at"] is None:
                raise Denied(tr("第 {n} 赛季还在进行中：用 /leaderboard by:rating 看当前段位榜。", n=number))
            await interaction.response.send_message(embed=await final_table(interaction.guild_id, number),
                                                    ephemeral=True)

    async def final_table(guild_id: int, number: int) -> discord.Embed:
        rows = await ladder.standings(guild_id, number, limit=20)
        lines = [tr("{i}. {user} {rating}（{ruleset}，{matches}）", i=r["position"], user=f"<@{r['user_id']}>",
                    rating=rating_line(r), ruleset=ruleset_name(r["ruleset"]), matches=tr_n("{n} 场", int(r["matches"])))
                 for r in rows] or [tr("本赛季没有计分的比赛。")]
        return discord.Embed(title=tr("第 {n} 赛季 · 最终排名", n=number), description="\n".join(lines)[:4000])

    return Season()
