"""The lobby message (Components V2, on one screen): host, seats, the options most players change with their selects
and the join / leave / AI / start buttons; the rest of the room's options behind 规则详情, a page at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from engine.ai import level_played
from engine.options import Option

from ..edge.components import LobbyButton, OptionSelect
from ..i18n import tr, tr_n
from ..options_text import choice_label, option_label, variant_name
from ..service.ai import room_level
from ..service.table import BOT_OPTIONS
from .layout import Beside, Block, Layout, Row, Text
from .panel import Panel
from .parts import seat_name

if TYPE_CHECKING:
    from ..service.table import Table

OPTIONS_PER_PAGE = 4


def all_options(table: Table) -> list[tuple[str, Option, Any]]:
    """(key, declaration, current value): the bot's own (``bot.*``, 出牌限时 on the first page of the room
    panel, where a host looks) then the variant's."""
    bot = [(f"bot.{o.key}", o, table.bot_options.get(o.key, o.default)) for o in BOT_OPTIONS]
    # 电脑难度, 图片, 手牌图 and 闲置解散 are rarely changed: after the game's own options
    late = [b for b in bot if b[0] in ("bot.ai_level", "bot.pictures", "bot.hand_picture", "bot.idle")]
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


# The options most players change, on the lobby's first screen: how long a turn may take, the variant's first
# rule option (the one its rules lead with: 名堂玩法, 人数, 打鸟, 张数, 计分 ...) and how long the match runs; the
# rest are behind 规则详情, a page at a time.
LENGTH_KEYS = ("target", "hands", "max_hands")  # a race's 满胡 first: it is what ends the match


def main_keys(table: Table) -> list[str]:
    opts = [key for key, _, _ in all_options(table)]
    variant = [o.key for o in table.variant.options if not o.internal]
    rules = [k for k in variant if k not in LENGTH_KEYS]
    main = ["bot.timer", *rules[:1], *[k for k in LENGTH_KEYS if k in variant][:1]]
    return [k for k in opts if k in main]


def option_pages(table: Table) -> list[list[tuple[str, Option, Any]]]:
    """The lobby's pages of option selects: the main options first, then the rest (规则详情) four at a time."""
    opts = all_options(table)
    main = set(main_keys(table))
    rest = [o for o in opts if o[0] not in main]
    return [[o for o in opts if o[0] in main],
            *[rest[k:k + OPTIONS_PER_PAGE] for k in range(0, len(rest), OPTIONS_PER_PAGE)]]


def lobby_pages(table: Table) -> int:
    """How many pages of option selects the lobby turns through."""
    return len(option_pages(table))


def page_of(table: Table, key: str) -> int:
    """The page whose selects hold option ``key``."""
    return next((i for i, page in enumerate(option_pages(table)) if any(k == key for k, _, _ in page)), 0)


def lobby_message(table: Table, page: int = 0) -> Panel:
    """The lobby laid out for a phone (Components V2), on one screen: the table, its seats, the options most players
    change with their selects, the join / leave / AI / start buttons, and 规则详情 for the rest, a page at a time.
    Once the match has started (or the table ended) it is the record of the room's rules: every option, no
    controls."""
    v = table.variant
    level = ai_level_word(table)
    seats = [f"{seat_name(table, i)}" + (tr("（{level}）", level=level) if s.is_ai else "")
             for i, s in enumerate(table.seats)]
    head = [tr("房主：<@{host}>", host=table.host_id),
            tr("玩家（{n}/{need}）：", n=len(table.seats), need=table.seat_count) + " · ".join(seats)]
    title = Text("### " + tr("{variant} · 牌桌 #{id}", variant=variant_name(v), id=table.id))
    small = tr("电脑按电脑难度出牌；托管一律按普通出牌。")
    if table.status != "lobby":
        lines = [option_line(o, val) for _, o, val in all_options(table)]
        done = tr("已开始。") if table.status == "playing" else tr("已结束。")
        blocks: list[Block] = [title, Text("\n".join(head)), Text("\n".join(lines)), Text(f"-# {small}\n{done}")]
        return Panel(layout=Layout(blocks, accent=discord.Colour.gold()))
    pages = option_pages(table)
    page = page % len(pages)
    shown = pages[page]
    blocks = [title, Text("\n".join(head))]
    if page:
        blocks.append(Text(tr("**规则详情** {page}/{pages}", page=page, pages=len(pages) - 1)))
    blocks.append(Text("\n".join(option_line(o, val) for _, o, val in shown)))
    for key, o, val in shown:
        choices = [discord.SelectOption(label=option_line(o, o.choices[i])[:100], value=str(i),
                                        default=o.choices[i] == val) for i in option_window(o, val)]
        blocks.append(Row((OptionSelect(table.id, key, options=choices, placeholder=option_label(o)[:150]),)))
    blocks.append(Row((LobbyButton(table.id, "join", style=discord.ButtonStyle.primary), LobbyButton(table.id, "leave"),
                       LobbyButton(table.id, "ai"), LobbyButton(table.id, "start", style=discord.ButtonStyle.success))))
    if len(pages) > 1 and not page:
        rest = sum(len(p) for p in pages[1:])
        blocks.append(Beside("-# " + tr_n("其余 {n} 项规则", rest), LobbyButton(table.id, "page1", label=tr("规则详情"))))
    elif page:
        turns = [LobbyButton(table.id, "page0", label=tr("返回常用选项"))]
        if page + 1 < len(pages):
            turns.append(LobbyButton(table.id, f"page{page + 1}", label=tr("下一页")))
        blocks.append(Row(tuple(turns)))
    blocks.append(Text(f"-# {small}\n" + tr("用 `/table join` 或下方按钮加入；房主可修改选项并开始。")))
    return Panel(layout=Layout(blocks, accent=discord.Colour.gold()))
