"""The channel's post of a settled hand (Components V2: the family's body, its picture inline, then the money and the
match's running totals, within Discord's limit), the match's final ranking, and a stored hand's outcome in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from engine.words import Msg

from ..i18n import tr
from . import pictures
from .layout import Block, Layout, Picture, Rule, Text
from .panel import Panel
from .registry import presenter_of
from .results import MAX_TEXT, fit, payment_line, seat_or_dash, stakes_line, totals_line

if TYPE_CHECKING:
    from engine.core import HandResult

    from ..service.table import Table


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    """The channel post of a settled hand, in its family's words, with 累计 last."""
    body = presenter_of(table).settlement_body(table, result, hand_no)
    return fit([*body.lines, tr("累计：{totals}", totals=totals_line(table))], body.optional)


def settlement_post(table: Table, result: HandResult, hand_no: int) -> Panel:
    """The settlement post laid out for a phone (Components V2): the result as its heading, the settled hand's
    picture inline (room option 图片), the derivation, then the money (who pays whom and why, 本局) and 累计."""
    body = presenter_of(table).settlement_body(table, result, hand_no)
    lines = [*body.lines, tr("累计：{totals}", totals=totals_line(table))]
    kept = fit(lines, body.optional).split("\n") if lines else []
    if len(kept) < len(lines):  # the optional lines went: the money begins as many lines earlier
        money = None if body.money is None else body.money - sum(1 for i in body.optional if i < body.money)
    else:
        money = body.money
    head, rest = (kept[0], kept[1:]) if kept else ("", [])
    cut = len(rest) if money is None else max(0, min(len(rest), money - 1))
    blocks: list[Block] = [Text(f"### {head}"), Picture()]
    if rest[:cut]:
        blocks.append(Text("\n".join(rest[:cut])))
    if rest[:cut] and rest[cut:]:
        blocks.append(Rule())
    if rest[cut:]:
        blocks.append(Text("\n".join(rest[cut:])))
    return Panel(layout=Layout(blocks, accent=discord.Colour.gold()), picture=pictures.settlement(table, result))


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """One stored hand's outcome in a line, in the reader's language, from its typed result (never the engine's
    zh-CN text): ``2号 小明 胡了 五万（1号 阿强 放炮）``, ``1号 阿强 出完牌``, ``黄庄``. ``table`` names the seats."""
    return presenter_of(table).hand_summary(table, result)


def _why(table: Table, why: Any) -> str:
    """A final payment's reason: the engine's message worded at the table."""
    return table.say(why) if isinstance(why, Msg) else "—"


def final_text(table: Table) -> str:
    """The match's end: the ranking, and for a match settled as a whole (pairwise), each payment and why."""
    match = table.match
    assert match is not None
    scores = match.final_scores()
    totals = list(match.totals)
    lines = [tr("🏁 牌桌 #{id} 比赛结束 · 最终排名", id=table.id)]
    for rank, seat in enumerate(match.ranking(), 1):
        lines.append(f"{rank}. {seat_or_dash(table, seat)} {scores[seat]:+d}")
    if scores != totals:
        lines.append(tr("各家累计：{totals}", totals=" ｜ ".join(f"{seat_or_dash(table, i)} {t:+d}"
                                                            for i, t in enumerate(totals))))
        lines.append(tr("结算明细（两两相比，少者付多者）："))
        for row in match.final_breakdown():
            lines.append("　" + payment_line(seat_or_dash(table, row["payer"]), seat_or_dash(table, row["payee"]),
                                             row["amount"], _why(table, row.get("why"))))
        stakes = stakes_line(table, match.progress.carry.get("stakes"))
        if stakes and match.options.get("daniao"):
            staked = match.progress.carry.get("stakes")
            lines.append(presenter_of(table).final_stakes(stakes) if staked else stakes)
    return "\n".join(lines)[:MAX_TEXT]
