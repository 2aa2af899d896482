"""Settlement messages that explain themselves: the winner's groups each with its 胡息, 胡息 → 囤/等, each
名堂 with its 番, who 放炮, who pays whom, and at the end of a race the pairwise final and 打鸟 stakes.

Written against the richer win detail (``groups``, ``fans``, ``from_seat``) and falling back to what older
results carry (``arrangement``, ``patterns``, ``fan``), so every stored hand still reads well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import HandResult
from engine.words import Msg

from .i18n import SOURCE, tr, tr_in
from .render_value import explain_draw, explain_win
from .words import (
    WIN_FROM_WORDS,
    birds_text,
    chui_word,
    effect_text,
    engine_text,
    faces,
    group_word,
    is_mahjong_tile,
    joined,
    mahjong_melds_text,
    parse_group_code,
    tile_word,
    tiles_text,
    winning_hand,
)

if TYPE_CHECKING:
    from .service.table import Table

# 剥皮 prices a hand in 等 (10 胡息 = 1 等); the other 字牌 variants count 囤.
UNIT_WORDS = {"bopi": tr_in(SOURCE, "等")}
TUN = tr_in(SOURCE, "囤")
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
    parts = [f"{group_word(k)}{faces(c)}" + (f" {h}" if h is not None else "") for k, c, h in groups]
    return tr("组牌（胡息）：{groups}", groups=" · ".join(parts))


def _fans_line(detail: dict[str, Any]) -> str | None:
    fans = detail.get("fans")
    if isinstance(fans, list) and fans:
        parts = []
        for f in fans:
            if not isinstance(f, dict):
                continue
            name = tr(str(f.get("name"))) if f.get("name") else tr("名堂")
            if f.get("value"):  # the engine's own effect: 4番, ×2, +1囤, 算100胡息
                parts.append(f"{name} {effect_text(str(f['value']))}")
            elif isinstance(f.get("fan"), int):
                parts.append(tr("{name} {fan} 番", name=name, fan=f["fan"]))
            elif isinstance(f.get("points"), int):
                parts.append(f"{name} +{f['points']}")
            else:
                parts.append(name)
        return tr("名堂：{names}", names=joined(parts)) if parts else None
    patterns = [tr(str(p)) for p in detail.get("patterns") or []]
    if not patterns:
        return tr("名堂：无") if "huxi" in detail else None
    fan = detail.get("fan")
    if isinstance(fan, int) and fan > 1:
        return tr("名堂：{names}（共 {fan} 番）", names=joined(patterns), fan=fan)
    return tr("名堂：{names}", names=joined(patterns))


def _value_line(table: Table, detail: dict[str, Any], deltas: list[int]) -> str | None:
    huxi, units, fan, score = (detail.get(k) for k in ("huxi", "units", "fan", "score"))
    unit = tr(UNIT_WORDS.get(table.variant_id, TUN))
    if isinstance(units, int) and isinstance(score, int) and units * (fan if isinstance(fan, int) else 1) != score \
            and score in [abs(d) for d in deltas]:
        units = None  # the hand is paid in 胡 (剥皮 打满胡数): its 等 would only confuse
    parts = []
    if isinstance(huxi, int):
        parts.append(tr("胡息 {huxi} → {units} {unit}", huxi=huxi, units=units, unit=unit) if isinstance(units, int)
                     else tr("胡息 {huxi}", huxi=huxi))
    if isinstance(score, int):
        if isinstance(units, int) and isinstance(fan, int) and units * fan == score and fan > 1:
            parts.append(tr("得分 {units} {unit} × {fan} 番 = {score}", units=units, unit=unit, fan=fan, score=score))
        elif isinstance(huxi, int) and isinstance(fan, int) and huxi * fan == score and fan > 1:
            parts.append(tr("得分 {huxi} 胡息 × {fan} 番 = {score}", huxi=huxi, fan=fan, score=score))
        else:
            parts.append(tr("得分 {score}", score=score))
    return joined(parts, "；") or None


def payments(table: Table, deltas: list[int]) -> list[str]:
    """Who pays whom, read from the per-seat deltas: one payee (or one payer) names every transfer;
    a hand that only credits (a 胡 race) says what each seat books."""
    payers = [(s, -d) for s, d in enumerate(deltas) if d < 0]
    payees = [(s, d) for s, d in enumerate(deltas) if d > 0]
    if not payers and not payees:
        return [tr("无人输赢")]
    if sum(deltas) == 0 and len(payees) == 1:
        to = _seat(table, payees[0][0])
        return [tr("{payer} 付 {payee} {amount}", payer=_seat(table, s), payee=to, amount=n) for s, n in payers]
    if sum(deltas) == 0 and len(payers) == 1:
        frm = _seat(table, payers[0][0])
        return [tr("{payer} 付 {payee} {amount}", payer=frm, payee=_seat(table, s), amount=n) for s, n in payees]
    booked = joined([f"{_seat(table, s)} {d:+d}" for s, d in enumerate(deltas) if d])
    return [booked if sum(deltas) == 0 else tr("{booked}（记分，无人付分）", booked=booked)]


def _stakes_line(table: Table, stakes: Any) -> str | None:
    if not isinstance(stakes, list):
        return None
    who = joined([_seat(table, s) for s in stakes]) or tr("无人")
    value = (table.match.options if table.match else table.options).get("niao_value")
    if stakes and isinstance(value, int):
        return tr("打鸟：{seats}（鸟分 {value}）", seats=who, value=value)
    return tr("打鸟：{seats}", seats=who)


def _win_how(table: Table, win: dict[str, Any]) -> str:
    """Where one 麻将 win came from, in the game's words: 自摸, 放炮, 杠上炮 (推倒胡 wins a discard only
    right after the discarder's kong), 抢 N号 的补杠, 起手 (天胡)."""
    how = str(win.get("win_from") or "")
    frm = win.get("from_seat")
    if how == "discard":
        if table.variant_id == "tuidaohu" or "杠上炮" in (win.get("patterns") or []):  # i18n: input
            return tr("{seat} 杠上炮", seat=_seat(table, frm))
        return tr("{seat} 放炮", seat=_seat(table, frm))
    if how == "robbing_kong":
        return tr("抢 {seat} 的补杠", seat=_seat(table, frm))
    return {"self_draw": tr("自摸"), "deal": tr("起手胡牌")}.get(how, "")


def _zipai_how(table: Table, detail: dict[str, Any], winner: int) -> str:
    """Where a 字牌 winning card came from: 自摸, or whose card it was."""
    word = WIN_FROM_WORDS.get(str(detail.get("win_from")))
    how = tr(word) if word else ""
    from_seat = detail.get("from_seat")
    if isinstance(from_seat, int) and from_seat != winner:
        # whose card it was: a discard is 放炮; a card another drew and showed, or the dealer's 亮张, is not
        # (剥皮's 地胡 on the dealer's first discard makes him pay nothing: 打出, not 放炮)
        seat = _seat(table, from_seat)
        how = {"discard": tr("{seat} 打出", seat=seat) if table.variant_id == "bopi" else tr("{seat} 放炮", seat=seat),
               "other_draw": tr("{seat} 摸出", seat=seat),
               "deal": tr("{seat} 的亮张", seat=seat)}.get(str(detail.get("win_from")), tr("{seat} 的牌", seat=seat))
    return how


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """One stored hand's outcome in a line, in the reader's language, from its typed result (never the engine's
    zh-CN text): ``2号 小明 胡了 五万（1号 阿强 放炮）``, ``1号 阿强 出完牌``, ``黄庄``. ``table`` names the seats."""
    raw = result.get("detail")
    detail: dict[str, Any] = raw if isinstance(raw, dict) else {}
    mahjong = isinstance(detail.get("payments"), list)
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return tr("荒庄") if mahjong else tr("黄庄")
    if table.variant.family == "paodekuai":
        return tr("{who} 出完牌", who=joined([_seat(table, w) for w in winners]))
    if mahjong:
        wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
        who = joined([_seat(table, w.get("seat")) for w in wins] or [_seat(table, w) for w in winners])
        card = next((w["card"] for w in wins if is_mahjong_tile(w.get("card"))), None)
        how = joined([h for h in dict.fromkeys(_win_how(table, w) for w in wins) if h], "；")
        return won_line(who, tile_word(card) if card else "", how)
    card = detail.get("card")
    return won_line(joined([_seat(table, w) for w in winners]), faces(str(card)) if card else "",
                    _zipai_how(table, detail, winners[0]))


def won_line(who: str, card: str, how: str) -> str:
    """``2号 小明 胡了 五万（自摸）``: who won, on what, and where it came from, as far as the result tells."""
    if card and how:
        return tr("{who} 胡了 {card}（{how}）", who=who, card=card, how=how)
    if card:
        return tr("{who} 胡了 {card}", who=who, card=card)
    if how:
        return tr("{who} 胡了（{how}）", who=who, how=how)
    return tr("{who} 胡了", who=who)


def _mahjong_head(table: Table, wins: list[dict[str, Any]], hand_no: int) -> str:
    """Every winner at once (一炮多响, several robbers of one 补杠), the tile and where it came from."""
    who = joined([_seat(table, w.get("seat")) for w in wins])
    card = next((w["card"] for w in wins if is_mahjong_tile(w.get("card"))), None)
    hows = list(dict.fromkeys(_win_how(table, w) for w in wins))
    how = joined([h for h in hows if h], "；")
    if len(wins) > 1 and wins[0].get("win_from") == "discard":
        how = tr("{how}，一炮多响", how=how)
    elif len(wins) > 1 and wins[0].get("win_from") == "robbing_kong":
        how = tr("{how}，多家抢杠", how=how)
    return win_head(hand_no, who, tile_word(card) if card else "", how)


def win_head(hand_no: int, who: str, card: str, how: str) -> str:
    """``🀄 第 3 局 2号 小明 胡了 五万（1号 阿强 放炮）！``: the tile and where it came from when known."""
    n = hand_no + 1
    if card and how:
        return tr("🀄 第 {n} 局 {who} 胡了 {card}（{how}）！", n=n, who=who, card=card, how=how)
    if card:
        return tr("🀄 第 {n} 局 {who} 胡了 {card}！", n=n, who=who, card=card)
    if how:
        return tr("🀄 第 {n} 局 {who} 胡了（{how}）！", n=n, who=who, how=how)
    return tr("🀄 第 {n} 局 {who} 胡了！", n=n, who=who)


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
    head = "　" + tr("{seat}：{value}", seat=_seat(table, win.get("seat")), value=" · ".join(parts))
    # the whole hand, the winning tile in it and marked, whether drawn or won on another's tile
    card = win.get("card")
    melds = mahjong_melds_text(win.get("melds") or [])
    shown = " ｜ ".join(p for p in (tiles_text(winning_hand(win), card if is_mahjong_tile(card) else None), melds)
                       if p)
    return head, ("　　" + tr("胡牌：{tiles}", tiles=shown) if shown else None)


def payment_lines(table: Table, rows: Any) -> list[str]:
    """Every payment with its why; payers of the same amount for the same reason to the same seat share
    one line (``1号、3号、4号 各付 2号 4（自摸 2 + 杠 1）``)."""
    merged: dict[tuple[Any, Any, str], list[Any]] = {}
    for p in rows if isinstance(rows, list) else []:
        if isinstance(p, dict) and isinstance(p.get("amount"), int):
            why = Msg.from_json(p["why"]).zh() if p.get("why") else ""
            merged.setdefault((p.get("payee"), p["amount"], why), []).append(p.get("payer"))
    out = []
    for (payee, amount, why), payers in merged.items():
        who = joined([_seat(table, s) for s in sorted(payers, key=lambda s: s if isinstance(s, int) else 99)])
        out.append(payment_line(who, _seat(table, payee), amount, engine_text(why), each=len(payers) > 1))
    return out


def payment_line(payer: str, payee: str, amount: int, why: str, *, each: bool = False) -> str:
    """``1号、3号 各付 2号 4（自摸 2 + 杠 1）``: one payment (or the same one from several payers) with its why."""
    fields = {"payer": payer, "payee": payee, "amount": amount}
    if each:
        return tr("{payer} 各付 {payee} {amount}（{why}）", why=why, **fields) if why \
            else tr("{payer} 各付 {payee} {amount}", **fields)
    return tr("{payer} 付 {payee} {amount}（{why}）", why=why, **fields) if why \
        else tr("{payer} 付 {payee} {amount}", **fields)


def _fit(lines: list[str], optional: set[int]) -> str:
    """Within the message limit: the winning hands go first, the money lines stay."""
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        text = "\n".join(line for i, line in enumerate(lines) if i not in optional)
    return text[:MAX_TEXT]


def chui_text(table: Table, chui: Any) -> str | None:
    if not isinstance(chui, list) or not chui:
        return None
    return tr("加锤：{seats}", seats=" · ".join(f"{_seat(table, s)} {chui_word(n)}" for s, n in enumerate(chui)
                                               if s < len(table.seats)))


def mahjong_settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    """A 麻将 hand: every winner, each win's 番种 and share, every payment of the hand with its why (win
    money and kong money alike), kong money 荒庄 cancelled, birds and 加锤, then 本局 and 累计."""
    detail = result.detail or {}
    wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
    optional: set[int] = set()
    if result.draw or not wins:
        lines = [tr("🤝 第 {n} 局 荒庄（流局）", n=hand_no + 1)]
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
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    cancelled = payment_lines(table, detail.get("cancelled"))
    if cancelled:
        lines.append(tr("荒庄：杠钱作废（{payments}）", payments=joined(cancelled, "；")))
    deltas = list(result.deltas)
    lines.append(tr("本局：{deltas}", deltas=" ｜ ".join(f"{_seat(table, s)} {d:+d}" for s, d in enumerate(deltas))
                    if any(deltas) else tr("无人输赢")))
    lines.append(tr("累计：{totals}", totals=totals_line(table)))
    return _fit(lines, optional)


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    detail = result.detail or {}
    if isinstance(detail.get("payments"), list):  # 麻将: the hand's own ledger says who pays whom and why
        return mahjong_settlement_text(table, result, hand_no)
    pay: str | None = None
    if result.draw or not result.winners:
        lines = [tr("🤝 第 {n} 局 黄庄（流局）", n=hand_no + 1)]
        pay = explain_draw(table, list(result.deltas))
    else:
        winner = result.winners[0]
        card = detail.get("card")
        how = _zipai_how(table, detail, winner)
        who = joined([_seat(table, w) for w in result.winners])
        lines = [win_head(hand_no, who, faces(str(card)) if card else "", how)]
        explained = explain_win(table, detail, list(result.deltas), winner)
        value = explained.lines if explained else [_value_line(table, detail, list(result.deltas))]
        pay = explained.pay if explained else None
        for line in (_groups_line(detail), _fans_line(detail), *value):
            if line:
                lines.append(line)
        if not any(k in detail for k in ("huxi", "score", "groups")) and detail.get("text"):
            lines.append(table.name_seats(engine_text(str(detail["text"]))))  # a family without 胡息 says it in its own words
    stakes = _stakes_line(table, detail.get("stakes"))
    if stakes:
        lines.append(stakes)
    lines.append(tr("本局：{deltas}", deltas=pay or joined(payments(table, list(result.deltas)), "；")))
    lines.append(tr("累计：{totals}", totals=totals_line(table)))
    return "\n".join(lines)[:MAX_TEXT]


def totals_line(table: Table) -> str:
    totals = table.match.totals if table.match else [0] * len(table.seats)
    return " ｜ ".join(f"{table.seat_label(i)} {t:+d}" for i, t in enumerate(totals))


def final_text(table: Table) -> str:
    match = table.match
    assert match is not None
    scores = match.final_scores()
    totals = list(match.totals)
    lines = [tr("🏁 牌桌 #{id} 比赛结束 · 最终排名", id=table.id)]
    for rank, seat in enumerate(match.ranking(), 1):
        lines.append(f"{rank}. {_seat(table, seat)} {scores[seat]:+d}")
    if scores != totals:
        lines.append(tr("各家累计：{totals}", totals=" ｜ ".join(f"{_seat(table, i)} {t:+d}" for i, t in enumerate(totals))))
        lines.append(tr("结算明细（两两相比，少者付多者）："))
        for row in match.final_breakdown():
            lines.append("　" + payment_line(_seat(table, row["payer"]), _seat(table, row["payee"]), row["amount"],
                                             engine_text(str(row.get("why") or ""))))
        stakes = _stakes_line(table, match.progress.carry.get("stakes"))
        if stakes and match.options.get("daniao"):
            staked = match.progress.carry.get("stakes")
            if not staked:
                lines.append(stakes)
            elif table.variant.family == "paodekuai":  # 跑得快 counts cards, not 胡
                lines.append(tr("{stakes}；每一对中积分少者另付双方鸟分之和", stakes=stakes))
            else:
                lines.append(tr("{stakes}；每一对中胡数少者另付双方鸟分之和", stakes=stakes))
    return "\n".join(lines)[:MAX_TEXT]
