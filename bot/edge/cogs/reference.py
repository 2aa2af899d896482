"""``/rules`` and ``/calc``: what a variant is and what a hand is worth, answered from the engine alone."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.registry import get_variant

from ...i18n import lang_of, speaking, t, tr, tr_n
from ...options_text import choice_label, option_label, variant_name, variant_named, variant_summary
from ...present.calc import SOURCES, CalcFormError, build_input, calculate, describe_result
from ...service.table import listing
from ...service.tables import TableService
from .choices import SOURCE_CHOICES, offering, variant_choices
from .limits import limited


def shared(interaction: discord.Interaction[Any]) -> bool:
    """/calc share:True: the answer is posted in the channel."""
    return bool(getattr(interaction.namespace, "share", False))


def reference_cog(service: TableService) -> commands.Cog:
    """The rules and the calculator, their variant choices read from the registry now (跑得快 has no
    calculator, its spec defines none: /calc does not offer it)."""
    variants, scored = offering(variant_choices()), offering(variant_choices(scored=True))

    class Reference(commands.Cog):
        @limited(service, "rules")
        @app_commands.command(name=t("rules"), description=t("Rules of a variant"))
        @app_commands.describe(variant=t("Game variant"))
        @app_commands.rename(variant=t("variant"))
        @variants
        async def rules(self, interaction: discord.Interaction[Any], variant: str) -> None:
            v = variant_named(variant)
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

        @limited(service, "calc", public=shared)
        @app_commands.command(name=t("calc"), description=t("Hand calculator"))
        @app_commands.describe(
            variant=t("Game variant"), hand=t("Cards in hand (e.g. 一二三四 or 123m456p), or the whole JSON input"),
            win=t("Winning card"), source=t("Where the winning card came from"),
            melds=t("Melds on the table, e.g. 碰一 偎三 or 碰5m 暗杠7p"), flags=t("Situation: 庄 海底 首张 未进张 杠上"),
            options=t("Room options, e.g. mingtang=honghei chongtun=2"),
            share=t("Show the answer to the whole channel (default: only you see it)"))
        @app_commands.rename(variant=t("variant"), hand=t("hand"), win=t("win"), source=t("source"),
                             melds=t("melds"), flags=t("flags"), options=t("options"), share=t("share"))
        @app_commands.choices(source=[app_commands.Choice(name=SOURCE_CHOICES[key], value=key)
                                      for key in SOURCES])
        @scored
        async def calc(self, interaction: discord.Interaction[Any], variant: str, hand: str, win: str | None = None,
                       source: str = "self_draw", melds: str | None = None, flags: str | None = None,
                       options: str | None = None, share: bool = False) -> None:
            try:
                data = build_input(variant, hand, win, source, melds, flags, options)
                result = calculate(data)
            except CalcFormError as e:
                await interaction.response.send_message(tr("⚠️ 无法计算：{reason}", reason=e), ephemeral=True)
                return
            v = get_variant(str(data["variant"]))  # a JSON hand may name its own variant
            # the answer is the asker's own unless he shares it: then the channel reads it in its language
            with speaking(lang_of(interaction.guild_locale if share else interaction.locale)):
                text = tr("**{variant}** 算分\n{result}", variant=variant_name(v),
                          result=describe_result(result, data))
            await interaction.response.send_message(text[:1900], ephemeral=not share)

    return Reference()
