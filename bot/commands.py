"""Slash commands: ``/table …``, ``/rules``, ``/calc``, ``/leaderboard``, ``/stats``, ``/history``.

Choices come from the engine's variant registry at start-up, so a new variant needs no bot change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine.registry import all_variants, get_variant

from .calc_form import SOURCES, CalcFormError, build_input, calculate, describe_result
from .i18n import t
from .service import month_start

if TYPE_CHECKING:
    from .client import HunanBot


def variant_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=v.name[:100], value=v.id) for v in all_variants()][:25]


def setup_commands(bot: HunanBot) -> None:
    tree = bot.tree
    choices = variant_choices()

    def with_variants(func: Any) -> Any:
        return app_commands.choices(variant=choices)(func) if choices else func

    table = app_commands.Group(name=t("table"), description=t("Hunan card tables"), guild_only=True)

    @table.command(name=t("create"), description=t("Open a table in this channel"))
    @app_commands.describe(variant=t("Game variant"), options=t("Room options, e.g. hands=4 bot.timer=30"))
    @with_variants
    async def create(interaction: discord.Interaction[Any], variant: str, options: str | None = None) -> None:
        await bot.service.lobby.create(interaction, variant, options)

    def verb_command(verb: str, description: str) -> None:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await bot.service.lobby.command(interaction, verb)
        table.command(name=t(verb), description=t(description))(callback)

    verb_command("join", "Join the table in this channel")
    verb_command("leave", "Leave the table (AI takes over mid-match)")
    verb_command("ai", "Add an AI player")
    verb_command("start", "Start the match (host)")
    verb_command("end", "End the table (host, manager, or majority vote)")
    verb_command("hand", "Show my hand privately")
    tree.add_command(table)

    @tree.command(name=t("rules"), description=t("Rules of a variant"))
    @app_commands.describe(variant=t("Game variant"))
    @with_variants
    async def rules(interaction: discord.Interaction[Any], variant: str) -> None:
        try:
            v = get_variant(variant)
        except ValueError as e:
            await interaction.response.send_message(f"⚠️ {e}", ephemeral=True)
            return
        opts = "\n".join(f"• {o.label}：默认 {o.choice_label(o.default)}；可选 "
                         + "、".join(o.choice_label(c) for c in o.choices[:12]) + ("…" if len(o.choices) > 12 else "")
                         for o in v.options if not o.internal)
        embed = discord.Embed(title=f"{v.name} · {v.seats} 人",
                              description=(v.summary or "（暂无简介）")[:3000] + (
            "\n\n**房间选项**（开桌时可写 `选项名=取值`，或在大厅里选）\n" + opts if opts else ""))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tree.command(name=t("calc"), description=t("Hand calculator"))
    @app_commands.describe(
        variant=t("Game variant"), hand=t("Cards in hand (e.g. 一二三四 or 123m456p), or the whole JSON input"),
        win=t("Winning card"), source=t("Where the winning card came from"),
        melds=t("Melds on the table, e.g. 碰一 偎三 or 碰5m 暗杠7p"), flags=t("Situation: 庄 海底 首张 未进张 杠上"),
        options=t("Room options, e.g. mingtang=honghei chongtun=2"))
    @app_commands.choices(source=[app_commands.Choice(name=f"{label} {key}", value=key)
                                  for key, label in SOURCES.items()])
    @with_variants
    async def calc(interaction: discord.Interaction[Any], variant: str, hand: str, win: str | None = None,
                   source: str = "self_draw", melds: str | None = None, flags: str | None = None,
                   options: str | None = None) -> None:
        try:
            data = build_input(variant, hand, win, source, melds, flags, options)
            result = calculate(data)
        except CalcFormError as e:
            await interaction.response.send_message(f"⚠️ 无法计算：{e}", ephemeral=True)
            return
        v = get_variant(variant)
        await interaction.response.send_message(f"**{v.name}** 算分\n{describe_result(result, data)}"[:1900])

    @tree.command(name=t("leaderboard"), description=t("Leaderboard of this server"))
    @app_commands.describe(variant=t("Game variant"), period=t("Period"))
    @app_commands.choices(period=[app_commands.Choice(name=t("all time"), value="all"),
                                  app_commands.Choice(name=t("this month"), value="month")])
    @with_variants
    @app_commands.guild_only()
    async def leaderboard(interaction: discord.Interaction[Any], variant: str, period: str = "all") -> None:
        assert interaction.guild_id is not None
        try:
            v = get_variant(variant)
        except ValueError as e:
            await interaction.response.send_message(f"⚠️ {e}", ephemeral=True)
            return
        since = month_start() if period == "month" else None
        rows = await bot.db.leaderboard(interaction.guild_id, v.id, since)
        lines = [f"{i}. <@{r['user_id']}> {r['points']:+d} 分 · {r['hands']} 局 {r['wins']} 胜"
                 for i, r in enumerate(rows, 1)] or ["还没有人上榜。"]
        embed = discord.Embed(title=f"{v.name} 排行榜 · {'本月' if since else '全部'}", description="\n".join(lines))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @tree.command(name=t("stats"), description=t("A player's statistics"))
    @app_commands.describe(player=t("Player (default: you)"))
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = player or interaction.user
        rows = await bot.db.stats(interaction.guild_id, who.id)
        embed = discord.Embed(title=f"{who.display_name} 的战绩")
        for r in rows:
            name = get_variant(r["variant_id"]).name if r["variant_id"] else r["variant_id"]
            best = f"{r['best_delta']:+d}（牌局 #{r['best_hand_id']}）{r['best_text'] or ''}" if r["best_delta"] is not None else "—"
            embed.add_field(name=name, value=f"{r['hands']} 局 · {r['wins']} 胜 · 总分 {r['points']:+d}\n最佳：{best}"[:1000],
                            inline=False)
        if not rows:
            embed.description = "还没有打过牌。"
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tree.command(name=t("history"), description=t("Recent hands here, or replay one"))
    @app_commands.describe(hand=t("Hand id to replay"))
    @app_commands.guild_only()
    async def history(interaction: discord.Interaction[Any], hand: int | None = None) -> None:
        if hand is not None:
            await bot.service.history.replay(interaction, hand, 0, edit=False)
            return
        assert interaction.channel_id is not None
        rows = await bot.db.history(interaction.channel_id)
        lines = []
        for r in rows:
            res = r["result"]
            winners = "、".join(f"{w + 1}号" for w in res.get("winners", [])) or "黄庄"
            deltas = " ".join(f"{d:+d}" for d in res.get("deltas", []))
            lines.append(f"#{r['id']} · 牌桌 {r['table_id']} 第 {r['hand_no'] + 1} 局 · {winners} · {deltas}")
        embed = discord.Embed(title="本频道最近的牌局", description="\n".join(lines) or "本频道还没有打完的牌局。")
        embed.set_footer(text="用 /history hand:<编号> 逐步回放")
        await interaction.response.send_message(embed=embed, ephemeral=True)

