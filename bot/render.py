"""What each audience sees: channel payloads from public information only, DM panels from ``view(seat)``.

Channel renderers take ``public_view()`` and the table's public event log, never ``view(seat)``: hidden
cards cannot reach a channel by construction, and the tests check every channel payload anyway.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import discord

from engine.core import Action, HandResult
from engine.options import Option

from .components import (
    MAX_CUSTOM_ID,
    ActionButton,
    ActionSelect,
    AutoOffButton,
    LobbyButton,
    OptionSelect,
    ShowHandButton,
)
from .table import BOT_OPTIONS, Table

KIND_LABELS = {
    "discard": "打", "play": "出", "chi": "吃", "peng": "碰", "pao": "跑", "ti": "提", "wei": "偎", "gang": "杠",
    "hu": "胡", "zimo": "自摸", "pass": "过", "stake": "打鸟", "draw": "摸", "bi": "比", "bird": "鸟", "piao": "飘", "chui": "锤",
}
PUBLIC_LABELS = {
    "discards": "弃牌", "melds": "门子", "wall": "底牌剩余", "to_act": "轮到", "dealer": "庄家", "hand_sizes": "手牌数",
    "huxi": "胡息", "shown": "亮张", "last": "最近", "revealed": "示众", "scores": "分数", "liang": "亮张",
    "outs": "打出/过张", "huxi_shown": "明胡息", "chou": "臭牌", "sitter": "数醒", "stakes": "打鸟",
}
# bookkeeping fields of a public view that say nothing to a player (the result gets its own message)
HIDDEN_KEYS = {"variant", "version", "finished", "result", "phase", "seat", "legal"}
EMBED_LIMIT = 4000
OPTIONS_PER_PAGE = 4


@dataclass(slots=True)
class Panel:
    """A rendered message: text, optional embed and view. ``signature`` detects no-op re-renders."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None

    @property
    def signature(self) -> str:
        ids = [getattr(c, "custom_id", "") for c in self.view.children] if self.view else []
        desc = self.embed.description if self.embed else ""
        return f"{self.content}|{desc}|{ids}"

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view}


def seat_name(table: Table, seat: int) -> str:
    return table.seat_label(seat)


def _fmt(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_fmt(v) for v in value) if value else "—"
    if isinstance(value, dict) and "type" in value and "cards" in value:  # a meld: 偎(五五五) / 提(五+3暗)
        hidden = value.get("hidden") or 0
        return f"{KIND_LABELS.get(value['type'], value['type'])}({''.join(map(str, value['cards']))}" + (
            f"+{hidden}暗)" if hidden else ")")
    if isinstance(value, dict):
        return "，".join(f"{k}:{_fmt(v)}" for k, v in value.items()) or "—"
    return str(value)


def public_lines(table: Table, view: dict[str, Any]) -> list[str]:
    """Generic rendering of a variant's public view: per-seat lists by seat name, scalars as they are."""
    n = len(table.seats)
    lines = []
    for key, value in view.items():
        if key in HIDDEN_KEYS:
            continue
        label = PUBLIC_LABELS.get(key, key)
        if key == "to_act":
            lines.append(f"**{label}**：" + ("、".join(seat_name(table, s) for s in value) or "—"))
        elif key == "dealer" and isinstance(value, int):
            lines.append(f"**{label}**：{seat_name(table, value)}")
        elif isinstance(value, list) and len(value) == n and n > 1:
            lines.append(f"**{label}**")
            lines += [f"　{seat_name(table, i)}：{_fmt(v)}" for i, v in enumerate(value)]
        else:
            lines.append(f"**{label}**：{_fmt(value)}")
    return lines


def totals_line(table: Table) -> str:
    totals = table.match.totals if table.match else [0] * len(table.seats)
    return " ｜ ".join(f"{seat_name(table, i)} {t:+d}" for i, t in enumerate(totals))


def table_message(table: Table) -> Panel:
    """The one channel message of the current hand, edited as play goes on."""
    game = table.game
    assert game is not None
    view = game.public_view()
    v = table.variant
    lines = public_lines(table, view)
    auto = [seat_name(table, i) for i, s in enumerate(table.seats) if s.auto]
    if auto:
        lines.append("**托管中**：" + "、".join(auto))
    if table.log:
        lines.append("")
        lines += [f"› {line}" for line in table.log]
    embed = discord.Embed(title=f"{v.name} · 牌桌 #{table.id} · 第 {table.hand_no + 1} 局",
                          description="\n".join(lines)[:EMBED_LIMIT], colour=discord.Colour.dark_red())
    embed.add_field(name="累计", value=totals_line(table)[:1000], inline=False)
    timer = table.bot_options.get("timer", 0)
    embed.set_footer(text=f"出牌限时 {timer} 秒，超时由电脑托管" if timer else "不限时")
    dview = discord.ui.View(timeout=None)
    dview.add_item(ShowHandButton(table.id))
    return Panel(embed=embed, view=dview)


def action_label(action: Action) -> str:
    return f"{KIND_LABELS.get(action.kind, action.kind)} {''.join(action.cards)}".strip()


def _choice(action: Action, index: int, prefix_len: int) -> str:
    # The code is the readable choice; a code too long for the custom id falls back to its index, which
    # is just as exact because the version pins the legal-action list.
    return action.code if prefix_len + len(action.code) <= MAX_CUSTOM_ID else f"#{index}"


def action_view(table: Table, seat: int) -> discord.ui.View | None:
    """Buttons for single choices (胡/碰/过), selects for many (which card, which 吃): ≤5 rows, ≤25 per select."""
    game = table.game
    s = table.seats[seat]
    view = discord.ui.View(timeout=None)
    if s.auto:
        view.add_item(AutoOffButton(table.id, seat))
        return view
    if game is None or game.finished or seat not in game.to_act():
        return None
    legal = game.legal_actions(seat)
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    by_kind: dict[str, list[tuple[int, Action]]] = defaultdict(list)
    for i, a in enumerate(legal):
        by_kind[a.kind].append((i, a))
    buttons = [(i, a) for group in by_kind.values() if len(group) == 1 for i, a in group]
    selects = [group for group in by_kind.values() if len(group) > 1]
    chunks = [g[k:k + 25] for g in selects for k in range(0, len(g), 25)]
    rows_needed = (len(buttons) + 4) // 5 + len(chunks)
    if rows_needed > 5:  # too many kinds for one panel: everything into plain selects
        buttons, chunks = [], [list(enumerate(legal))[k:k + 25] for k in range(0, len(legal), 25)][:5]
    for n, (i, a) in enumerate(buttons):
        style = (discord.ButtonStyle.success if a.kind in ("hu", "zimo") else
                 discord.ButtonStyle.secondary if a.kind == "pass" else discord.ButtonStyle.primary)
        view.add_item(ActionButton(table.id, table.version, seat, _choice(a, i, prefix), label=action_label(a)[:80],
                                   style=style, row=n // 5))
    first_select_row = (len(buttons) + 4) // 5
    for n, chunk in enumerate(chunks):
        kind = chunk[0][1].kind
        opts = [discord.SelectOption(label=action_label(a)[:100], value=_choice(a, i, 0)[:100]) for i, a in chunk]
        view.add_item(ActionSelect(table.id, table.version, seat, n, options=opts,
                                   placeholder=f"选择{KIND_LABELS.get(kind, kind)}…", row=first_select_row + n))
    return view


def dm_panel(table: Table, seat: int) -> Panel:
    """A player's private panel: their hand, what they must decide now, and the controls to do it."""
    game = table.game
    assert game is not None
    v = table.variant
    private = game.view(seat)
    public = game.public_view()
    s = table.seats[seat]
    dealer = " · 庄" if getattr(game, "dealer", None) == seat else ""
    hand = private.get("hand", [])
    lines = [f"**{v.name}** 牌桌 #{table.id} · 第 {table.hand_no + 1} 局 · {seat_name(table, seat)}{dealer}",
             f"**手牌**（{len(hand)} 张）：{_fmt(hand)}"]
    own_melds = private.get("melds")
    if isinstance(own_melds, list) and len(own_melds) == len(table.seats) and own_melds[seat]:
        lines.append(f"**我的门子**：{_fmt(own_melds[seat])}")
    for key, value in private.items():
        # what only this seat sees besides the hand (e.g. own concealed melds, 胡息)
        if key not in HIDDEN_KEYS and key != "hand" and key not in public and value not in (None, [], {}):
            lines.append(f"**{PUBLIC_LABELS.get(key, key)}**：{_fmt(value)}")
    if table.log:
        lines.append(f"最近：{table.log[-1]}")
    if game.finished:
        lines.append("本局已结束。")
    elif s.auto:
        lines.append("⏱ 托管中：电脑正在替你出牌。点击「取消托管」收回。")
    elif seat in game.to_act():
        lines.append("👉 **轮到你了**，请选择：")
    else:
        waiting = "、".join(seat_name(table, i) for i in game.to_act())
        lines.append(f"等待 {waiting} …")
    return Panel(content="\n".join(lines)[:2000], view=action_view(table, seat))


def hand_over_panel(table: Table, hand_no: int) -> Panel:
    return Panel(content=f"牌桌 #{table.id} 第 {hand_no + 1} 局已结束，结果见频道。", view=None)


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    if result.draw or not result.winners:
        head = f"🤝 第 {hand_no + 1} 局 黄庄（流局）"
    else:
        head = f"🀄 第 {hand_no + 1} 局 " + "、".join(seat_name(table, w) for w in result.winners) + " 胡了！"
    lines = [head]
    detail = result.detail or {}
    if detail.get("text"):
        lines.append(table.name_seats(str(detail["text"])))
    for key in ("patterns", "huxi", "score"):
        if detail.get(key) not in (None, [], {}):
            lines.append(f"{ {'patterns': '名堂', 'huxi': '胡息', 'score': '得分'}[key] }：{_fmt(detail[key])}")
    lines.append("本局：" + " ｜ ".join(f"{seat_name(table, i)} {d:+d}" for i, d in enumerate(result.deltas)))
    lines.append("累计：" + totals_line(table))
    return "\n".join(lines)[:2000]


def final_text(table: Table) -> str:
    assert table.match is not None
    scores = table.match.final_scores()
    lines = [f"🏁 牌桌 #{table.id} 比赛结束 · 最终排名"]
    for rank, seat in enumerate(table.match.ranking(), 1):
        lines.append(f"{rank}. {seat_name(table, seat)} {scores[seat]:+d}")
    return "\n".join(lines)[:2000]


def all_options(table: Table) -> list[tuple[str, Option, Any]]:
    """(key, declaration, current value) for the variant's options then the bot's own (``bot.*``)."""
    # Internal options (e.g. 跑胡子's 黄番 count) are match state the calculator accepts, not room settings.
    out = [(o.key, o, table.options.get(o.key, o.default)) for o in table.variant.options if not o.internal]
    out += [(f"bot.{o.key}", o, table.bot_options.get(o.key, o.default)) for o in BOT_OPTIONS]
    return out


def option_window(opt: Option, current: Any) -> list[int]:
    """Indexes of the ≤25 choices shown in a select, centred on the current value."""
    n = len(opt.choices)
    if n <= 25:
        return list(range(n))
    i = opt.choices.index(current) if current in opt.choices else 0
    lo = max(0, min(i - 12, n - 25))
    return list(range(lo, lo + 25))


def lobby_message(table: Table, page: int = 0) -> Panel:
    v = table.variant
    need = table.seat_count
    lines = [f"房主：<@{table.host_id}>", f"玩家（{len(table.seats)}/{need}）："]
    lines += [f"　{seat_name(table, i)}" for i in range(len(table.seats))]
    lines.append("")
    opts = all_options(table)
    lines += [f"{o.label}：{o.choice_label(val)}" for _, o, val in opts]
    if table.status == "lobby":
        lines.append("\n用 `/table join` 或下方按钮加入；房主可修改选项并开始。")
    else:
        lines.append("\n已开始。" if table.status == "playing" else "\n已结束。")
    embed = discord.Embed(title=f"{v.name}（{v.name_en}） · 牌桌 #{table.id}", description="\n".join(lines)[:EMBED_LIMIT],
                          colour=discord.Colour.gold())
    if table.status != "lobby":
        return Panel(embed=embed, view=None)
    view = discord.ui.View(timeout=None)
    pages = max(1, (len(opts) + OPTIONS_PER_PAGE - 1) // OPTIONS_PER_PAGE)
    page = page % pages
    for row, (key, o, val) in enumerate(opts[page * OPTIONS_PER_PAGE:(page + 1) * OPTIONS_PER_PAGE]):
        choices = [discord.SelectOption(label=f"{o.label}：{o.choice_label(o.choices[i])}"[:100], value=str(i),
                                        default=o.choices[i] == val) for i in option_window(o, val)]
        view.add_item(OptionSelect(table.id, key, options=choices, placeholder=o.label, row=row))
    view.add_item(LobbyButton(table.id, "join", style=discord.ButtonStyle.primary))
    view.add_item(LobbyButton(table.id, "leave"))
    view.add_item(LobbyButton(table.id, "ai"))
    view.add_item(LobbyButton(table.id, "start", style=discord.ButtonStyle.success))
    if pages > 1:
        view.add_item(LobbyButton(table.id, f"page{(page + 1) % pages}", label=f"更多选项 {page + 1}/{pages}"))
    return Panel(embed=embed, view=view)


def public_snapshot(table: Table, view: dict[str, Any], text: str, step: int, total: int) -> str:
    lines = [f"回放 · 第 {step}/{total - 1} 步：{text}"] + public_lines(table, view)
    return "\n".join(lines)[:EMBED_LIMIT]
