"""Slash commands: ``/table …``, ``/rules``, ``/calc``, ``/leaderboard``, ``/stats``, ``/history``.

Choices come from the engine's variant registry at start-up, so a new variant needs no bot change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine.registry import all_variants, get_variant

from .calc_form import SOURCES, CalcFormError, build_input, calculate, describe_result
from .errors import Denied
from .i18n import lang_of, speaking, t, tr, tr_n
from .options_text import choice_label, option_label, variant_name, variant_named, variant_summary
from .render_result import hand_summary
from .service import month_start
from .table import Seat, Table, listing

if TYPE_CHECKING:
    from .client import HunanBot


def variant_choices(*, scored: bool = False) -> list[app_commands.Choice[str]]:
    """Every variant (``scored``: those with a hand calculator, for /calc), named in English with its Chinese
    name ("Paohuzi 跑胡子"); the translator gives zh-CN and zh-TW their own names (the ``commands`` catalogues)."""
    return [app_commands.Choice(name=t(choice_name(v.id)), value=v.id) for v in all_variants()
            if v.score is not None or not scored][:25]


def choice_name(variant_id: str) -> str:
    """The English source of a variant's slash-command choice: the catalogue's English name of the variant."""
    v = get_variant(variant_id)
    with speaking("en"):
        return variant_name(v)[:100]


# /calc's 来源 choices (English source; zh-CN and zh-TW from the ``commands`` catalogues, as calc_form names them)
SOURCE_CHOICES = {"self_draw": t("self-drawn (self_draw)"), "other_draw": t("another player's draw (other_draw)"),
                  "discard": t("a discard (discard)"), "deal": t("the dealt hand (deal)"),
                  "robbing_kong": t("robbing a kong (robbing_kong)")}


def hands_count(n: int) -> str:
    """「3 局」, in English "1 hand" / "3 hands": a plural entry of the catalogue."""
    return tr_n("{n} 局", n)


def wins_count(n: int) -> str:
    return tr_n("{n} 胜", n)


def named_table(hand: dict[str, Any]) -> Table:
    """A stored hand's table as far as naming its seats goes (``table_id``, ``variant_id``, ``seats`` as
    ``Database.hand_results`` reads them): a result is worded with the players' names, not 座位N."""
    return Table(hand["table_id"], 0, 0, 0, hand["variant_id"], {}, {}, "ended",
                 [Seat(user_id, name) for user_id, name in hand["seats"]])


def private(interaction: discord.Interaction[Any]) -> Any:
    """Speak the user's language: the reply is for them alone."""
    return speaking(lang_of(interaction.locale))


def public(interaction: discord.Interaction[Any]) -> Any:
    """Speak the guild's language: the whole channel reads the reply."""
    return speaking(lang_of(interaction.guild_locale))


def setup_commands(bot: HunanBot) -> None:
    tree = bot.tree
    choices = variant_choices()
    # 跑得快 has no calculator (its spec defines none): /calc does not offer it
    calc_choices = variant_choices(scored=True)

    def with_variants(func: Any) -> Any:
        return app_commands.choices(variant=choices)(func) if choices else func

    def with_calc_variants(func: Any) -> Any:
        return app_commands.choices(variant=calc_choices)(func) if calc_choices else func

    table = app_commands.Group(name=t("table"), description=t("Hunan card tables"), guild_only=True)

    @table.command(name=t("create"), description=t("Open a table in this channel"))
    @app_commands.describe(variant=t("Game variant"), options=t("Room options, e.g. hands=4 bot.timer=30"))
    @app_commands.rename(variant=t("variant"), options=t("options"))
    @with_variants
    async def create(interaction: discord.Interaction[Any], variant: str, options: str | None = None) -> None:
        await bot.service.lobby.create(interaction, variant, options)

    def verb_command(name: app_commands.locale_str, description: app_commands.locale_str) -> None:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await bot.service.lobby.command(interaction, name.message)
        table.command(name=name, description=description)(callback)

    verb_command(t("join"), t("Join the table in this channel"))
    verb_command(t("leave"), t("Leave the table (AI takes over mid-match)"))
    verb_command(t("ai"), t("Add an AI player"))
    verb_command(t("start"), t("Start the match (host)"))
    verb_command(t("end"), t("End the table (host, manager, or majority vote)"))
    verb_command(t("hand"), t("Show my hand privately"))
    tree.add_command(table)

    @tree.command(name=t("rules"), description=t("Rules of a variant"))
    @app_commands.describe(variant=t("Game variant"))
    @app_commands.rename(variant=t("variant"))
    @with_variants
    async def rules(interaction: discord.Interaction[Any], variant: str) -> None:
        with private(interaction):
            try:
                v = variant_named(variant)
            except Denied as e:
                await interaction.response.send_message(f"⚠️ {e}", ephemeral=True)
                return
            opts = "\n".join(tr("• {option}：默认 {default}；可选 {choices}", option=option_label(o),
                                default=choice_label(o, o.default),
                                choices=listing(choice_label(o, c) for c in o.choices[:12])
                                + ("…" if len(o.choices) > 12 else ""))
                             for o in v.options if not o.internal)
            head = tr("**房间选项**（开桌时可写 `选项名=取值`，或在大厅里选）")
            embed = discord.Embed(title=tr_n("{variant} · {n} 人", v.seats, variant=variant_name(v)),
                                  description=(variant_summary(v) or tr("（暂无简介）"))[:3000] + (
                "\n\n" + head + "\n" + opts if opts else ""))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tree.command(name=t("calc"), description=t("Hand calculator"))
    @app_commands.describe(
        variant=t("Game variant"), hand=t("Cards in hand (e.g. 一二三四 or 123m456p), or the whole JSON input"),
        win=t("Winning card"), source=t("Where the winning card came from"),
        melds=t("Melds on the table, e.g. 碰一 偎三 or 碰5m 暗杠7p"), flags=t("Situation: 庄 海底 首张 未进张 杠上"),
        options=t("Room options, e.g. mingtang=honghei chongtun=2"),
        share=t("Show the answer to the whole channel (default: only you see it)"))
    @app_commands.rename(variant=t("variant"), hand=t("hand"), win=t("win"), source=t("source"), melds=t("melds"),
                         flags=t("flags"), options=t("options"), share=t("share"))
    @app_commands.choices(source=[app_commands.Choice(name=SOURCE_CHOICES[key], value=key) for key in SOURCES])
    @with_calc_variants
    async def calc(interaction: discord.Interaction[Any], variant: str, hand: str, win: str | None = None,
                   source: str = "self_draw", melds: str | None = None, flags: str | None = None,
                   options: str | None = None, share: bool = False) -> None:
        try:
            with private(interaction):
                data = build_input(variant, hand, win, source, melds, flags, options)
                result = calculate(data)
        except CalcFormError as e:
            with private(interaction):
                text = tr("⚠️ 无法计算：{reason}", reason=e)
            await interaction.response.send_message(text, ephemeral=True)
            return
        v = get_variant(str(data["variant"]))  # a JSON hand may name its own variant
        # the answer is the asker's own unless he shares it: then the channel reads it in its language
        with public(interaction) if share else private(interaction):
            text = tr("**{variant}** 算分\n{result}", variant=variant_name(v), result=describe_result(result, data))
        await interaction.response.send_message(text[:1900], ephemeral=not share)

    @tree.command(name=t("leaderboard"), description=t("Leaderboard of this server"))
    @app_commands.describe(variant=t("Game variant"), period=t("Period"))
    @app_commands.rename(variant=t("variant"), period=t("period"))
    @app_commands.choices(period=[app_commands.Choice(name=t("all time"), value="all"),
                                  app_commands.Choice(name=t("this month"), value="month")])
    @with_variants
    @app_commands.guild_only()
    async def leaderboard(interaction: discord.Interaction[Any], variant: str, period: str = "all") -> None:
        assert interaction.guild_id is not None
        try:
            with private(interaction):
                v = variant_named(variant)
        except Denied as e:
            await interaction.response.send_message(f"⚠️ {e}", ephemeral=True)
            return
        since = month_start() if period == "month" else None
        rows = await bot.db.leaderboard(interaction.guild_id, v.id, since)
        with public(interaction):
            lines = [tr("{i}. {user} {points} 分 · {hands} {wins}", i=i, user=f"<@{r['user_id']}>",
                        points=f"{r['points']:+d}", hands=hands_count(r["hands"]), wins=wins_count(r["wins"]))
                     for i, r in enumerate(rows, 1)] or [tr("还没有人上榜。")]
            title = (tr("{variant} 排行榜 · 本月", variant=variant_name(v)) if since
                     else tr("{variant} 排行榜 · 全部", variant=variant_name(v)))
            embed = discord.Embed(title=title, description="\n".join(lines))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @tree.command(name=t("stats"), description=t("A player's statistics"))
    @app_commands.describe(player=t("Player (default: you)"))
    @app_commands.rename(player=t("player"))
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = player or interaction.user
        rows = await bot.db.stats(interaction.guild_id, who.id)
        best = await bot.db.hand_results(r["best_hand_id"] for r in rows if r["best_hand_id"] is not None)
        with private(interaction):
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

    @tree.command(name=t("history"), description=t("Recent hands here, or replay one"))
    @app_commands.describe(hand=t("Hand id to replay"))
    @app_commands.rename(hand=t("hand", key="hand to replay"))
    @app_commands.guild_only()
    async def history(interaction: discord.Interaction[Any], hand: int | None = None) -> None:
        if hand is not None:
            await bot.service.history.replay(interaction, hand, 0, edit=False)
            return
        assert interaction.channel_id is not None
        rows = await bot.db.history(interaction.channel_id)
        seats = await bot.db.seat_names(r["table_id"] for r in rows)
        with private(interaction):
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

