"""Settlement messages that explain themselves: the winner's groups each with its 胡息, 胡息 → 囤/等, each
名堂 with its 番, who 放炮, who pays whom, and at the end of a race the pairwise final and 打鸟 stakes.

Written against the richer win detail (``groups``, ``fans``, ``from_seat``) and falling back to what older
results carry (``arrangement``, ``patterns``, ``fan``), so every stored hand still reads well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import HandResult

from .render_value import explain_draw, explain_win
from .words import (
    WIN_FROM_WORDS,
    birds_text,
    chui_word,
    group_word,
    is_mahjong_tile,
    mahjong_melds_text,
    parse_group_code,
    tile_word,
    tiles_text,
)

if TYPE_CHECKING:
    from .table import Table

# 剥皮 prices a hand in 等 (10 胡息 = 1 等); the other 字牌 variants count 囤.
UNIT_WORDS = {"bopi": "等"}
MAX_TEXT = 2000


def _seat(table: Table, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(table.seats):
        return table.seat_label(seat)
    return "—"


def _huxi_of(kind: str, cards: str) -> int | None:
    """A group's 胡息 by the rules' own table, for results that list groups without it."""
    from engine.zipai.cards import parse_cards
    from engine.zipai.groups import group_huxi

    try:
        return group_huxi(kind, tuple(parse_cards(cards))) if cards else None
    except (ValueError, IndexError):
        return None


def win_groups(detail: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    """(kind, cards, 胡息) of the winner's groups; 胡息 None where it cannot be told."""
    groups = detail.get("groups")
    if isinstance(groups, list):
        out = []
        for g in groups:
            if isinstance(g, dict):
                cards = g.get("cards") or ""
                huxi = g.get("huxi")
                out.append((str(g.get("kind") or g.get("type") or ""), "".join(map(str, cards)),
                            huxi if isinstance(huxi, int) else None))
        return out
    arrangement = detail.get("arrangement")
    if not isinstance(arrangement, list):
        return []
    out = [(kind, cards, _huxi_of(kind, cards)) for kind, cards in map(parse_group_code, map(str, arrangement))]
    total = detail.get("huxi")
    if isinstance(total, int) and sum(h or 0 for _, _, h in out) != total:
        # the variant counted these groups its own way: say what they are, not a sum that disagrees
        out = [(k, c, None) for k, c, _ in out]
    return out


def _groups_line(detail: dict[str, Any]) -> str | None:
    groups = win_groups(detail)
    if not groups:
        return None
    parts = [f"{group_word(k)}{c}" + (f" {h}" if h is not None else "") for k, c, h in groups]
    return "组牌（胡息）：" + " · ".join(parts)


def _fans_line(detail: dict[str, Any]) -> str | None:
    fans = detail.get("fans")
    if isinstance(fans, list) and fans:
        parts = []
        for f in fans:
            if not isinstance(f, dict):
                continue
            name = str(f.get("name") or "名堂")
            if f.get("value"):
                parts.append(f"{name} {f['value']}")  # the engine's own effect: 4番, ×2, +1囤, 算100胡息
            elif isinstance(f.get("fan"), int):
                parts.append(f"{name} {f['fan']} 番")
            elif isinstance(f.get("points"), int):
                parts.append(f"{name} +{f['points']}")
            else:
                parts.append(name)
        return "名堂：" + "、".join(parts) if parts else None
    patterns = [str(p) for p in detail.get("patterns") or []]
    if not patterns:
        return "名堂：无" if "huxi" in detail else None
    fan = detail.get("fan")
    return "名堂：" + "、".join(patterns) + (f"（共 {fan} 番）" if isinstance(fan, int) and fan > 1 else "")


def _value_line(table: Table, detail: dict[str, Any], deltas: list[int]) -> str | None:
    huxi, units, fan, score = (detail.get(k) for k in ("huxi", "units", "fan", "score"))
    unit = UNIT_WORDS.get(table.variant_id, "囤")
    if isinstance(units, int) and isinstance(score, int) and units * (fan if isinstance(fan, int) else 1) != score \
            and score in [abs(d) for d in deltas]:
        units = None  # the hand is paid in 胡 (剥皮 打满胡数): its 等 would only confuse
    parts = []
    if isinstance(huxi, int):
        parts.append(f"胡息 {huxi}" + (f" → {units} {unit}" if isinstance(units, int) else ""))
    if isinstance(score, int):
        if isinstance(units, int) and isinstance(fan, int) and units * fan == score and fan > 1:
            parts.append(f"得分 {units} {unit} × {fan} 番 = {score}")
        elif isinstance(huxi, int) and isinstance(fan, int) and huxi * fan == score and fan > 1:
            parts.append(f"得分 {huxi} 胡息 × {fan} 番 = {score}")
        else:
            parts.append(f"得分 {score}")
    return "；".join(parts) or None


def payments(table: Table, deltas: list[int]) -> list[str]:
    """Who pays whom, read from the per-seat deltas: one payee (or one payer) names every transfer;
    a hand that only credits (a 胡 race) says what each seat books."""
    payers = [(s, -d) for s, d in enumerate(deltas) if d < 0]
    payees = [(s, d) for s, d in enumerate(deltas) if d > 0]
    if not payers and not payees:
        return ["无人输赢"]
    if sum(deltas) == 0 and len(payees) == 1:
        to = _seat(table, payees[0][0])
        return [f"{_seat(table, s)} 付 {to} {n}" for s, n in payers]
    if sum(deltas) == 0 and len(payers) == 1:
        frm = _seat(table, payers[0][0])
        return [f"{frm} 付 {_seat(table, s)} {n}" for s, n in payees]
    booked = "、".join(f"{_seat(table, s)} {d:+d}" for s, d in enumerate(deltas) if d)
    return [booked if sum(deltas) == 0 else booked + "（记分，无人付分）"]


def _stakes_line(table: Table, stakes: Any) -> str | None:
    if not isinstance(stakes, list):
        return None
    who = "、".join(_seat(table, s) for s in stakes) or "无人"
    value = (table.match.options if table.match else table.options).get("niao_value")
    return f"打鸟：{who}" + (f"（鸟分 {value}）" if stakes and isinstance(value, int) else "")


def _win_how(table: Table, win: dict[str, Any]) -> str:
    """Where one 麻将 win came from, in the game's words: 自摸, 放炮, 杠上炮 (推倒胡 wins a discard only
    right after the discarder's kong), 抢 N号 的补杠, 起手 (天胡)."""
    how = str(win.get("win_from") or "")
    frm = win.get("from_seat")
    if how == "discard":
        shot = "杠上炮" if table.variant_id == "tuidaohu" or "杠上炮" in (win.get("patterns") or []) else "放炮"
        return f"{_seat(table, frm)} {shot}"
    if how == "robbing_kong":
        return f"抢 {_seat(table, frm)} 的补杠"
    return {"self_draw": "自摸", "deal": "起手胡牌"}.get(how, "")


def _mahjong_head(table: Table, wins: list[dict[str, Any]], hand_no: int) -> str:
    """Every winner at once (一炮多响, several robbers of one 补杠), the tile and where it came from."""
    who = "、".join(_seat(table, w.get("seat")) for w in wins)
    card = next((w["card"] for w in wins if is_mahjong_tile(w.get("card"))), None)
    hows = list(dict.fromkeys(_win_how(table, w) for w in wins))
    how = "；".join(h for h in hows if h)
    if len(wins) > 1 and wins[0].get("win_from") == "discard":
        how += "，一炮多响"
    elif len(wins) > 1 and wins[0].get("win_from") == "robbing_kong":
        how += "，多家抢杠"
    return (f"🀄 第 {hand_no + 1} 局 {who} 胡了" + (f" {tile_word(card)}" if card else "")
            + (f"（{how}）" if how else "") + "！")


def _win_lines(table: Table, win: dict[str, Any]) -> tuple[str, str | None]:
    """(番种 and share of one winner, his winning hand): ``2号 小明：清一色、碰碰胡（8 番）· 一份 8``."""
    patterns = [str(p) for p in win.get("patterns") or [] if p]
    parts = ["、".join(patterns) if patterns else "无番种"]
    fan = win.get("fan")
    if isinstance(fan, int) and fan > 0:
        parts[0] += f"（{fan} {'倍' if table.variant_id == 'tuidaohu' else '番'}）"  # 推倒胡 counts 倍 of 底分
    if isinstance(win.get("share"), int):
        parts.append(f"一份 {win['share']}")
    head = f"　{_seat(table, win.get('seat'))}：" + " · ".join(parts)
    hand = [t for t in win.get("hand") or [] if is_mahjong_tile(t)]
    melds = mahjong_melds_text(win.get("melds") or [])
    shown = " ｜ ".join(p for p in (tiles_text(hand), melds) if p)
    return head, (f"　　胡牌：{shown}" if shown else None)


def payment_lines(table: Table, rows: Any) -> list[str]:
    """Every payment with its why; payers of the same amount for the same reason to the same seat share
    one line (``1号、3号、4号 各付 2号 4（自摸 2 + 杠 1）``)."""
    merged: dict[tuple[Any, Any, str], list[Any]] = {}
    for p in rows if isinstance(rows, list) else []:
        if isinstance(p, dict) and isinstance(p.get("amount"), int):
            merged.setdefault((p.get("payee"), p["amount"], str(p.get("why") or "")), []).append(p.get("payer"))
    out = []
    for (payee, amount, why), payers in merged.items():
        who = "、".join(_seat(table, s) for s in sorted(payers, key=lambda s: s if isinstance(s, int) else 99))
        verb = "各付" if len(payers) > 1 else "付"
        out.append(f"{who} {verb} {_seat(table, payee)} {amount}" + (f"（{why}）" if why else ""))
    return out


def _fit(lines: list[str], optional: set[int]) -> str:
    """Within the message limit: the winning hands go first, the money lines stay."""
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        text = "\n".join(line for i, line in enumerate(lines) if i not in optional)
    return text[:MAX_TEXT]


def chui_text(table: Table, chui: Any) -> str | None:
    if not isinstance(chui, list) or not chui:
        return None
    return "加锤：" + " · ".join(f"{_seat(table, s)} {chui_word(n)}" for s, n in enumerate(chui)
                              if s < len(table.seats))


def mahjong_settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    """A 麻将 hand: every winner, each win's 番种 and share, every payment of the hand with its why (win
    money and kong money alike), kong money 荒庄 cancelled, birds and 加锤, then 本局 and 累计."""
    detail = result.detail or {}
    wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
    optional: set[int] = set()
    if result.draw or not wins:
        lines = [f"🤝 第 {hand_no + 1} 局 荒庄（流局）"]
    else:
        lines = [_mahjong_head(table, wins, hand_no)]
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
        lines.append("付分：")
        lines += [f"　{line}" for line in paid]
    cancelled = payment_lines(table, detail.get("cancelled"))
    if cancelled:
        lines.append(f"荒庄：杠钱作废（{'；'.join(cancelled)}）")
    deltas = list(result.deltas)
    lines.append("本局：" + (" ｜ ".join(f"{_seat(table, s)} {d:+d}" for s, d in enumerate(deltas))
                          if any(deltas) else "无人输赢"))
    lines.append("累计：" + totals_line(table))
    return _fit(lines, optional)


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    detail = result.detail or {}
    if isinstance(detail.get("payments"), list):  # 麻将: the hand's own ledger says who pays whom and why
        return mahjong_settlement_text(table, result, hand_no)
    pay: str | None = None
    if result.draw or not result.winners:
        lines = [f"🤝 第 {hand_no + 1} 局 黄庄（流局）"]
        pay = explain_draw(table, list(result.deltas))
    else:
        winner = result.winners[0]
        card = detail.get("card")
        how = WIN_FROM_WORDS.get(str(detail.get("win_from")), "")
        from_seat = detail.get("from_seat")
        if isinstance(from_seat, int) and from_seat != winner:
            # whose card it was: a discard is 放炮; a card another drew and showed, or the dealer's 亮张, is not
            # (剥皮's 地胡 on the dealer's first discard makes him pay nothing: 打出, not 放炮)
            discard = "打出" if table.variant_id == "bopi" else "放炮"
            how = f"{_seat(table, from_seat)} " + {"discard": discard, "other_draw": "摸出",
                                                   "deal": "的亮张"}.get(str(detail.get("win_from")), "的牌")
        head = f"🀄 第 {hand_no + 1} 局 " + "、".join(_seat(table, w) for w in result.winners) + " 胡了"
        head += (f" {card}" if card else "") + (f"（{how}）" if how else "") + "！"
        lines = [head]
        explained = explain_win(table, detail, list(result.deltas), winner)
        value = explained.lines if explained else [_value_line(table, detail, list(result.deltas))]
        pay = explained.pay if explained else None
        for line in (_groups_line(detail), _fans_line(detail), *value):
            if line:
                lines.append(line)
        if not any(k in detail for k in ("huxi", "score", "groups")) and detail.get("text"):
            lines.append(table.name_seats(str(detail["text"])))  # a family without 胡息 says it in its own words
    stakes = _stakes_line(table, detail.get("stakes"))
    if stakes:
        lines.append(stakes)
    lines.append("本局：" + (pay or "；".join(payments(table, list(result.deltas)))))
    lines.append("累计：" + totals_line(table))
    return "\n".join(lines)[:MAX_TEXT]


def totals_line(table: Table) -> str:
    totals = table.match.totals if table.match else [0] * len(table.seats)
    return " ｜ ".join(f"{table.seat_label(i)} {t:+d}" for i, t in enumerate(totals))


def final_text(table: Table) -> str:
    match = table.match
    assert match is not None
    scores = match.final_scores()
    totals = list(match.totals)
    lines = [f"🏁 牌桌 #{table.id} 比赛结束 · 最终排名"]
    for rank, seat in enumerate(match.ranking(), 1):
        lines.append(f"{rank}. {_seat(table, seat)} {scores[seat]:+d}")
    if scores != totals:
        lines.append("各家累计：" + " ｜ ".join(f"{_seat(table, i)} {t:+d}" for i, t in enumerate(totals)))
        lines.append("结算明细（两两相比，少者付多者）：")
        for row in match.final_breakdown():
            why = f"（{row['why']}）" if row.get("why") else ""
            lines.append(f"　{_seat(table, row['payer'])} 付 {_seat(table, row['payee'])} {row['amount']}{why}")
        stakes = _stakes_line(table, match.progress.carry.get("stakes"))
        if stakes and match.options.get("daniao"):
            staked = match.progress.carry.get("stakes")
            score = "积分" if table.variant.family == "paodekuai" else "胡数"  # 跑得快 counts cards, not 胡
            lines.append(stakes + (f"；每一对中{score}少者另付双方鸟分之和" if staked else ""))
    return "\n".join(lines)[:MAX_TEXT]
