"""A 麻将 hand settled: every winner (一炮多响, several robbers of one 补杠), each win's 番种 and share, its whole hand,
every payment of the hand with its why (win money and kong money alike), kong money 荒庄 cancelled, birds and 加锤."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import tr
from ...present.contract import Settlement
from ...present.results import deltas_line, payment_lines, seat_or_dash, win_head, won_line
from ...present.words import joined
from .text import chui_text
from .words import birds_text, is_tile, melds_text, tile_word, tiles_text, winning_hand

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...service.table import Table


def win_how(table: Table, win: dict[str, Any]) -> str:
    """Where one 麻将 win came from, in the game's words: 自摸, 放炮, 杠上炮 (推倒胡 wins a discard only
    right after the discarder's kong), 抢 N号 的补杠, 起手 (天胡)."""
    how = str(win.get("win_from") or "")
    frm = win.get("from_seat")
    if how == "discard":
        if table.variant_id == "tuidaohu" or "杠上炮" in (win.get("patterns") or []):  # i18n: input
            return tr("{seat} 杠上炮", seat=seat_or_dash(table, frm))
        return tr("{seat} 放炮", seat=seat_or_dash(table, frm))
    if how == "robbing_kong":
        return tr("抢 {seat} 的补杠", seat=seat_or_dash(table, frm))
    return {"self_draw": tr("自摸"), "deal": tr("起手胡牌")}.get(how, "")


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """``2号 小明 胡了 五万（1号 阿强 放炮）``, ``荒庄``."""
    raw = result.get("detail")
    detail: dict[str, Any] = raw if isinstance(raw, dict) else {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return tr("荒庄")
    wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
    who = joined([seat_or_dash(table, w.get("seat")) for w in wins] or [seat_or_dash(table, w) for w in winners])
    card = next((w["card"] for w in wins if is_tile(w.get("card"))), None)
    how = joined([h for h in dict.fromkeys(win_how(table, w) for w in wins) if h], "；")
    return won_line(who, tile_word(card) if card else "", how)


def _head(table: Table, wins: list[dict[str, Any]], hand_no: int) -> str:
    """Every winner at once (一炮多响, several robbers of one 补杠), the tile and where it came from."""
    who = joined([seat_or_dash(table, w.get("seat")) for w in wins])
    card = next((w["card"] for w in wins if is_tile(w.get("card"))), None)
    hows = list(dict.fromkeys(win_how(table, w) for w in wins))
    how = joined([h for h in hows if h], "；")
    if len(wins) > 1 and wins[0].get("win_from") == "discard":
        how = tr("{how}，一炮多响", how=how)
    elif len(wins) > 1 and wins[0].get("win_from") == "robbing_kong":
        how = tr("{how}，多家抢杠", how=how)
    return win_head(hand_no, who, tile_word(card) if card else "", how)


def _win_lines(table: Table, win: dict[str, Any]) -> tuple[str, str | None]:
    """(番种 and share of one winner, his winning hand): ``2号 小明：清一色、碰碰胡（8 番）· 一份 8``."""
    patterns = [tr(str(p)) for p in win.get("patterns") or [] if p]
    parts = [joined(patterns) if patterns else tr("无番种")]
    fan = win.get("fan")
    if isinstance(fan, int) and fan > 0:  # 推倒胡 counts 倍 of 底分
        parts[0] = tr("{patterns}（{fan} 倍）", patterns=parts[0], fan=fan) if table.variant_id == "tuidaohu" \
            else tr("{patterns}（{fan} 番）", patterns=parts[0], fan=fan)
    if isinstance(win.get("share"), int):
        parts.append(tr("一份 {share}", share=win["share"]))
    head = "　" + tr("{seat}：{value}", seat=seat_or_dash(table, win.get("seat")), value=" · ".join(parts))
    # the whole hand, the winning tile in it and marked, whether drawn or won on another's tile
    card = win.get("card")
    melds = melds_text(win.get("melds") or [])
    shown = " ｜ ".join(p for p in (tiles_text(winning_hand(win), card if is_tile(card) else None), melds)
                       if p)
    return head, ("　　" + tr("胡牌：{tiles}", tiles=shown) if shown else None)


def settlement_body(table: Table, result: HandResult, hand_no: int) -> Settlement:
    detail = result.detail or {}
    wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
    optional: set[int] = set()
    if result.draw or not wins:
        lines = [tr("🤝 第 {n} 局 荒庄（流局）", n=hand_no + 1)]
    else:
        lines = [_head(table, wins, hand_no)]
        for w in wins:
            head, hand = _win_lines(table, w)
            lines.append(head)
            if hand:
                optional.add(len(lines))
                lines.append(hand)
    birds = birds_text(detail.get("birds"), table.seat_label)
    if birds:
        lines.append(birds)
    chui = chui_text(table, detail.get("chui"))
    if chui:
        lines.append(chui)
    paid = payment_lines(table, detail.get("payments"))
    if paid:
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    cancelled = payment_lines(table, detail.get("cancelled"))
    if cancelled:
        lines.append(tr("荒庄：杠钱作废（{payments}）", payments=joined(cancelled, "；")))
    lines.append(deltas_line(table, list(result.deltas)))
    return Settlement(lines, frozenset(optional))
