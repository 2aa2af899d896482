"""``/leaderboard``, ``/stats`` and ``/history``: what was played, read through the storage API."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.fairness import verify as verify_deal
from engine.registry import get_variant
from storage.db import Database
from storage.ratings import ALL_TIME

from ...i18n import speaking, t, tr, tr_n
from ...ladder import form_text, rating_line, ruleset_name
from ...options_text import variant_name, variant_named
from ...present.settlement import hand_summary
from ...service.table import Seat, Table
from ...service.tables import TableService
from ..errors import Denied
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
    ladder = service.play.ladder

    class Records(commands.Cog):
        @limited(service, "leaderboard", public=True)
        @app_commands.command(name=t("leaderboard"), description=t("Leaderboard of this server"))
        @app_commands.describe(variant=t("Game variant (default: all variants)"), period=t("Period"),
                               by=t("Rank by points or by rating"))
        @app_commands.rename(variant=t("variant"), period=t("period"), by=t("by"))
        @app_commands.choices(period=[app_commands.Choice(name=t("all time"), value="all"),
                                      app_commands.Choice(name=t("this month"), value="month")],
                              by=[app_commands.Choice(name=t("points"), value="points"),
                                  app_commands.Choice(name=t("rating"), value="rating")])
        @variants
        @app_commands.guild_only()
        async def leaderboard(self, interaction: discord.Interaction[Any], variant: str | None = None,
                              period: str = "all", by: str = "points") -> None:
            assert interaction.guild_id is not None
            v = variant_named(variant) if variant is not None else None
            if by == "rating":
                await ladder.rate_pending(interaction.guild_id)
                season = await ladder.open_season(interaction.guild_id)
                rated = await ladder.board(interaction.guild_id, int(season["id"]) if season else ALL_TIME,
                                           v.id if v else None)
                with speaking(service.public_lang(interaction)):
                    lines = [tr("{i}. {user} {rating}（{ruleset}，{matches}）", i=i, user=f"<@{r['user_id']}>",
                                rating=rating_line(r), ruleset=ruleset_name(r["ruleset"]),
                                matches=tr_n("{n} 场", int(r["matches"])))
                             for i, r in enumerate(rated, 1)] or [tr("还没有人上榜。")]
                    whose = variant_name(v) if v else tr("全部玩法")
                    title = (tr("{variant} 段位榜 · 第 {n} 赛季", variant=whose, n=season["number"]) if season
                             else tr("{variant} 段位榜 · 总榜", variant=whose))
                    embed = discord.Embed(title=title, description="\n".join(lines)[:4000])
                await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
                return
            since = month_start() if period == "month" else None
            rows = await db.leaderboard(interaction.guild_id, v.id if v else None, since)
            with speaking(service.public_lang(interaction)):  # the whole channel reads the board
                lines = [tr("{i}. {user} {points} 分 · {hands} {wins}", i=i, user=f"<@{r['user_id']}>",
                            points=f"{r['points']:+d}", hands=hands_count(r["hands"]), wins=wins_count(r["wins"]))
                         for i, r in enumerate(rows, 1)] or [tr("还没有人上榜。")]
                whose = variant_name(v) if v else tr("全部玩法")
                title = (tr("{variant} 排行榜 · 本月", variant=whose) if since
                         else tr("{variant} 排行榜 · 全部", variant=whose))
                embed = discord.Embed(title=title, description="\n".join(lines))
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

        @limited(service, "rank")
        @app_commands.command(name=t("rank"), description=t("A player's rating, rank tier and recent form"))
        @app_commands.describe(player=t("Player (default: you)"), variant=t("Game variant (default: all variants)"))
        @app_commands.rename(player=t("player"), variant=t("variant"))
        @variants
        @app_commands.guild_only()
        async def rank(self, interaction: discord.Interaction[Any], player: discord.User | None = None,
                       variant: str | None = None) -> None:
            assert interaction.guild_id is not None
            who = player or interaction.user
            v = variant_named(variant) if variant is not None else None
            await ladder.rate_pending(interaction.guild_id)
            season = await ladder.open_season(interaction.guild_id)
            ladders = [(int(season["id"]), tr("第 {n} 赛季", n=season["number"]))] if season else []
            ladders.append((ALL_TIME, tr("总榜")))
            embed = discord.Embed(title=tr("{name} 的段位", name=who.display_name))
            for season_id, label in ladders:
                for r in (await ladder.player(interaction.guild_id, season_id, who.id, v.id if v else None))[:5]:
                    form = await ladder.form(interaction.guild_id, season_id, who.id, r["ruleset"])
                    value = tr("{rating}（μ {mu}，σ {sigma}，{matches}）\n近况：{form}", rating=rating_line(r),
                               mu=f"{r['mu']:.1f}", sigma=f"{r['sigma']:.1f}", matches=tr_n("{n} 场", int(r["matches"])),
                               form=form_text(form) or "—")
                    embed.add_field(name=f"{label} · {ruleset_name(r['ruleset'])}"[:256], value=value[:1000],
                                    inline=False)
            if not embed.fields:
                embed.description = tr("还没有计分的比赛：至少两位玩家打完一场比赛后才有段位。")
            await interaction.response.send_message(embed=embed, ephemeral=True)

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
                lines.append(tr("#{hand} · `{code}` · {variant} · 牌桌 {table} 第 {n} 局 · {result}", hand=r["id"],
                                code=r["code"] or "—", variant=variant_name(get_variant(r["variant_id"])),
                                table=r["table_id"], n=r["hand_no"] + 1, result=hand_summary(names, res)))
                deltas = [d for d in res.get("deltas", []) if isinstance(d, int)]
                lines.append("　" + " ｜ ".join(f"{names.seat_label(i)} {d:+d}" if i < len(names.seats) else f"{d:+d}"
                                               for i, d in enumerate(deltas)))
            embed = discord.Embed(title=tr("本频道最近的牌局"),
                                  description="\n".join(lines)[:4000] or tr("本频道还没有打完的牌局。"))
            embed.set_footer(text=tr("用 /history hand:<编号> 或 /replay code:<分享码> 逐步回放"))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        @limited(service, "replay")
        @app_commands.command(name=t("replay"), description=t("Replay a hand by its share code"))
        @app_commands.describe(code=t("The hand's share code (6 letters)"))
        @app_commands.rename(code=t("code"))
        @app_commands.guild_only()
        async def replay(self, interaction: discord.Interaction[Any], code: str) -> None:
            await service.history.replay_code(interaction, code)

        @limited(service, "verify")
        @app_commands.command(name=t("verify"), description=t("Check that a hand's deal was fixed before play"))
        @app_commands.describe(code=t("The hand's share code (6 letters)"))
        @app_commands.rename(code=t("code"))
        @app_commands.guild_only()
        async def verify(self, interaction: discord.Interaction[Any], code: str) -> None:
            info = await service.history.ended_hand_of(interaction, code)
            if not info.get("salt"):
                raise Denied(tr("牌局 #{hand} 发牌时还没有发牌承诺，无法验证。", hand=info["id"]))
            wall = json.loads(info["wall"])
            verdict = verify_deal(info["variant_id"], info["options"], int(info["seed"]), info["salt"], info["commitment"], wall)
            record = {"variant": info["variant_id"], "options": info["options"], "seed": int(info["seed"]),
                      "salt": info["salt"], "commitment": info["commitment"], "wall": wall}
            head = (tr("✅ 牌局 #{hand}（`{code}`）的发牌已验证：开局前公布的承诺与种子、盐相符，牌墙由种子重新洗出，一张不差。",
                       hand=info["id"], code=info["code"]) if verdict.ok else
                    tr("❌ 牌局 #{hand}（`{code}`）的发牌验证失败。", hand=info["id"], code=info["code"]))
            body = tr("承诺 `{digest}`\n种子 {seed} · 盐 `{salt}`\n自己验证：把下面的记录交给 `python -m engine verify`（标准输入）。",
                      digest=info["commitment"], seed=info["seed"], salt=info["salt"])
            embed = discord.Embed(title=tr("发牌验证"), description=f"{head}\n{body}\n```json\n"
                                  f"{json.dumps(record, ensure_ascii=False, separators=(',', ':'))}\n```"[:4000])
            await interaction.response.send_message(embed=embed, ephemeral=True)

    return Records()
