"""The lobby message: host, seats, the room's options (the bot's own, then the variant's), and for the host the
option selects a page at a time with the join / leave / AI / start buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from engine.ai import level_played
from engine.options import Option

from ..edge.components import LobbyButton, OptionSelect
from ..i18n import tr
from ..options_text import choice_label, option_label, variant_name
from ..service.ai import room_level
from ..service.table import BOT_OPTIONS
from .panel import Panel
from .parts import EMBED_LIMIT, seat_name

if TYPE_CHECKING:
    from ..service.table import Table

OPTIONS_PER_PAGE = 4


def all_options(table: Table) -> list[tuple[str, Option, Any]]:
    """(key, declaration, current value): the bot's own (``bot.*``, 出牌限时 on the first page of the room
    panel, where a host looks) then the variant's."""
    bot = [(f"bot.{o.key}", o, table.bot_options.get(o.key, o.default)) for o in BOT_OPTIONS]
    # 电脑难度, 图片 and 闲置解散 are rarely changed: after the game's own options
    late = [b for b in bot if b[0] in ("bot.ai_level", "bot.pictures", "bot.idle")]
    out = [b for b in bot if b not in late]
    # Internal options (e.g. 跑胡子's 黄番 count) are match state the calculator accepts, not room settings.
    out += [(o.key, o, table.options.get(o.key, o.default)) for o in table.variant.options if not o.internal]
    return out + late


def option_window(opt: Option, current: Any) -> list[int]:
    """Indexes of the ≤25 choices shown in a select, centred on the current value."""
    n = len(opt.choices)
    if n <= 25:
        return list(range(n))
    i = opt.choices.index(current) if current in opt.choices else 0
    lo = max(0, min(i - 12, n - 25))
    return list(range(lo, lo + 25))


def option_line(o: Option, value: Any) -> str:
    """``出牌限时：60 秒``: an option and one of its choices (their words are the engine's: lang1's entries)."""
    return tr("{option}：{choice}", option=option_label(o), choice=choice_label(o, value))


def ai_level_word(table: Table) -> str:
    """The level the room's AI seats play at, as the lobby says it: a level this game has no AI for yet (困难)
    plays 普通, and the lobby says so rather than promise it."""
    chosen = room_level(table)
    opt = next(o for o in BOT_OPTIONS if o.key == "ai_level")
    played = level_played(table.variant, chosen)
    if played == chosen:
        return choice_label(opt, chosen)
    return tr("{chosen}，暂按{played}", chosen=choice_label(opt, chosen), played=choice_label(opt, played))


def lobby_pages(table: Table) -> int:
    """How many pages of option selects the lobby turns through."""
    return max(1, -(-len(all_options(table)) // OPTIONS_PER_PAGE))


def lobby_message(table: Table, page: int = 0) -> Panel:
    v = table.variant
    need = table.seat_count
    lines = [tr("房主：<@{host}>", host=table.host_id), tr("玩家（{n}/{need}）：", n=len(table.seats), need=need)]
    level = ai_level_word(table)
    lines += [f"　{seat_name(table, i)}" + (tr("（{level}）", level=level) if s.is_ai else "")
              for i, s in enumerate(table.seats)]
    lines.append("")
    opts = all_options(table)
    lines += [option_line(o, val) for _, o, val in opts]
    lines.append(tr("电脑按电脑难度出牌；托管一律按普通出牌。"))
    if table.status == "lobby":
        lines.append("\n" + tr("用 `/table join` 或下方按钮加入；房主可修改选项并开始。"))
    else:
        lines.append("\n" + (tr("已开始。") if table.status == "playing" else tr("已结束。")))
    embed = discord.Embed(title=tr("{variant} · 牌桌 #{id}", variant=variant_name(v), id=table.id), description="\n".join(lines)[:EMBED_LIMIT],
                          colour=discord.Colour.gold())
    if table.status != "lobby":
        return Panel(embed=embed, view=None)
    view = discord.ui.View(timeout=None)
    pages = lobby_pages(table)
    page = page % pages
    for row, (key, o, val) in enumerate(opts[page * OPTIONS_PER_PAGE:(page + 1) * OPTIONS_PER_PAGE]):
        choices = [discord.SelectOption(label=option_line(o, o.choices[i])[:100], value=str(i),
                                        default=o.choices[i] == val) for i in option_window(o, val)]
        view.add_item(OptionSelect(table.id, key, options=choices, placeholder=option_label(o)[:150], row=row))
    view.add_item(LobbyButton(table.id, "join", style=discord.ButtonStyle.primary))
    view.add_item(LobbyButton(table.id, "leave"))
    view.add_item(LobbyButton(table.id, "ai"))
    view.add_item(LobbyButton(table.id, "start", style=discord.ButtonStyle.success))
    if pages > 1:
        view.add_item(LobbyButton(table.id, f"page{(page + 1) % pages}", label=tr("更多选项 {page}/{pages}", page=page + 1, pages=pages)))
    return Panel(embed=embed, view=view)
