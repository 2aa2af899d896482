"""``/leaderboard``, ``/stats`` and ``/history``: what was played, read through the storage API."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.registry import get_variant
from storage.db import Database

from ...i18n import speaking, t, tr, tr_n
from ...options_text import variant_name, variant_named
from ...present.settlement import hand_summary
from ...service.table import Seat, Table
from ...service.tables import TableService
from .choices import offering, variant_choices
from .limits import limited


def month_start(now: datetime | None = None) -> datetime:
    now = now or datetime.now(UTC)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def hands_count(n: int) -> str:
    """「3 局」, in English "1 hand" / "3 hands": the catalogue gives the one and the many apart."""
    return tr_n("{n} 局", n)


def wins_count(n: int) -> str:
    return tr_n("{n} 胜", n)


def named_table(hand: dict[str, Any]) -> Table:
    """A stored hand's table as far as naming its seats goes (``table_id``, ``variant_id``, ``seats`` as
    ``Database.hand_results`` reads them): a result is worded with the players' names, not 座位N."""
    return Table(hand["table_id"], 0, 0, 0, hand["variant_id"], {}, {}, "ended",
                 [Seat(user_id, name) for user_id, name in hand["seats"]])


def records_cog(db: Database, service: TableService) -> commands.Cog:
    """The boards and the history of this server, its variant choices read from the registry now."""
    variants = offering(variant_choices())

    class Records(commands.Cog):
        @limited(service, "leaderboard", public=True)
        @app_commands.command(name=t("leaderboard"), description=t("Leaderboard of this server"))
        @app_commands.describe(variant=t("Game variant"), period=t("Period"))
        @app_commands.rename(variant=t("variant"), period=t("period"))
        @app_commands.choices(period=[app_commands.Choice(name=t("all time"), value="all"),
                                      app_commands.Choice(name=t("this month"), value="month")])
        @variants
        @app_commands.guild_only()
        async def leaderboard(self, interaction: discord.Interaction[Any], variant: str, period: str = "all") -> None:
            assert interaction.guild_id is not None
            v = variant_named(variant)
            since = month_start() if period == "month" else None
            rows = await db.leaderboard(interaction.guild_id, v.id, since)
            with speaking(service.public_lang(interaction)):  # the whole channel reads the board
                lines = [tr("{i}. {user} {points} 分 · {hands} {wins}", i=i, user=f"<@{r['user_id']}>",
                            points=f"{r['points']:+d}", hands=hands_count(r["hands"]), wins=wins_count(r["wins"]))
                         for i, r in enumerate(rows, 1)] or [tr("还没有人上榜。")]
                title = (tr("{variant} 排行榜 · 本月", variant=variant_name(v)) if since
                         else tr("{variant} 排行榜 · 全部", variant=variant_name(v)))
                embed = discord.Embed(title=title, description="\n".join(lines))
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

        @limited(service, "stats")
        @app_commands.command(name=t("stats"), description=t("A player's statistics"))
        @app_commands.describe(player=t("Player (default: you)"))
        @app_commands.rename(player=t("player"))
        @app_commands.guild_only()
        async def stats(self, interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
            assert interaction.guild_id is not None
            who = player or interaction.user
            rows = await db.stats(interaction.guild_id, who.id)
            best = await db.hand_results(r["best_hand_id"] for r in rows if r["best_hand_id"] is not None)
            embed = discord.Embed(title=tr("{name} 的战绩", name=who.display_name))
            for r in rows:
                name = variant_name(get_variant(r["variant_id"])) if r["variant_id"] else r["variant_id"]
                hand = best.get(r["best_hand_id"])
                told = tr("{delta}（牌局 #{hand}）{text}", delta=f"{r['best_delta']:+d}", hand=r["best_hand_id"],
                          text=hand_summary(named_table(hand), hand["result"]) if hand else "") \
                    if r["best_delta"] is not None else "—"
                value = tr("{hands} · {wins} · 总分 {points}\n最佳：{best}", hands=hands_count(r["hands"]),
                           wins=wins_count(r["wins"]), points=f"{r['points']:+d}", best=told)
                embed.add_field(name=name, value=value[:1000], inline=False)
            if not rows:
                embed.description = tr("还没有打过牌。")
            await interaction.response.send_message(embed=embed, ephemeral=True)

        @limited(service, "history")
        @app_commands.command(name=t("history"), description=t("Recent hands here, or replay one"))
        @app_commands.describe(hand=t("Hand id to replay"))
        @app_commands.rename(hand=t("hand", key="hand to replay"))
        @app_commands.guild_only()
        async def history(self, interaction: discord.Interaction[Any], hand: int | None = None) -> None:
            if hand is not None:
                await service.history.replay(interaction, hand, 0, edit=False)
                return
            assert interaction.channel_id is not None
            rows = await db.history(interaction.channel_id)
            seats = await db.seat_names(r["table_id"] for r in rows)
            lines = []
            for r in rows:
                names = named_table({"table_id": r["table_id"], "variant_id": r["variant_id"],
                                     "seats": seats.get(r["table_id"], [])})
                res = r["result"]
                lines.append(tr("#{hand} · 牌桌 {table} 第 {n} 局 · {result}", hand=r["id"], table=r["table_id"],
                                n=r["hand_no"] + 1, result=hand_summary(names, res)))
                deltas = [d for d in res.get("deltas", []) if isinstance(d, int)]
                lines.append("　" + " ｜ ".join(f"{names.seat_label(i)} {d:+d}" if i < len(names.seats) else f"{d:+d}"
                                               for i, d in enumerate(deltas)))
            embed = discord.Embed(title=tr("本频道最近的牌局"),
                                  description="\n".join(lines)[:4000] or tr("本频道还没有打完的牌局。"))
            embed.set_footer(text=tr("用 /history hand:<编号> 逐步回放"))
            await interaction.response.send_message(embed=embed, ephemeral=True)

    return Records()
