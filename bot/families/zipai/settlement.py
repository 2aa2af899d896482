"""字牌 settlements that explain themselves: the winner's groups each with its 胡息, 胡息 → 囤/等, each 名堂 with its 番,
who 放炮, who pays whom, and the 打鸟 stakes.

Written against the richer win detail (``groups``, ``fans``, ``from_seat``) and falling back to what older
results carry (``arrangement``, ``patterns``, ``fan``), so every stored hand still reads well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.zipai.cards import parse_cards
from engine.zipai.groups import group_huxi

from ...i18n import SOURCE, tr, tr_in
from ...present.contract import Settlement
from ...present.results import payments, seat_or_dash, stakes_line, win_head, won_line
from ...present.words import effect_text, engine_text, joined
from .value import explain_draw, explain_win
from .words import WIN_FROM_WORDS, faces, group_word, parse_group_code

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...service.table import Table

# 剥皮 prices a hand in 等 (10 胡息 = 1 等); the other 字牌 variants count 囤.
UNIT_WORDS = {"bopi": tr_in(SOURCE, "等")}
TUN = tr_in(SOURCE, "囤")


def _huxi_of(kind: str, cards: str) -> int | None:
    """A group's 胡息 by the rules' own table, for results that list groups without it."""
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


def win_how(table: Table, detail: dict[str, Any], winner: int) -> str:
    """Where a 字牌 winning card came from: 自摸, or whose card it was."""
    word = WIN_FROM_WORDS.get(str(detail.get("win_from")))
    how = tr(word) if word else ""
    from_seat = detail.get("from_seat")
    if isinstance(from_seat, int) and from_seat != winner:
        # whose card it was: a discard is 放炮; a card another drew and showed, or the dealer's 亮张, is not
        # (剥皮's 地胡 on the dealer's first discard makes him pay nothing: 打出, not 放炮)
        seat = seat_or_dash(table, from_seat)
        how = {"discard": tr("{seat} 打出", seat=seat) if table.variant_id == "bopi" else tr("{seat} 放炮", seat=seat),
               "other_draw": tr("{seat} 摸出", seat=seat),
               "deal": tr("{seat} 的亮张", seat=seat)}.get(str(detail.get("win_from")), tr("{seat} 的牌", seat=seat))
    return how


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """``2号 小明 胡了 叁（1号 阿强 放炮）``, ``黄庄``."""
    raw = result.get("detail")
    detail: dict[str, Any] = raw if isinstance(raw, dict) else {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return tr("黄庄")
    card = detail.get("card")
    return won_line(joined([seat_or_dash(table, w) for w in winners]), faces(str(card)) if card else "",
                    win_how(table, detail, winners[0]))


def settlement_body(table: Table, result: HandResult, hand_no: int) -> Settlement:
    detail = result.detail or {}
    pay: str | None = None
    if result.draw or not result.winners:
        lines = [tr("🤝 第 {n} 局 黄庄（流局）", n=hand_no + 1)]
        pay = explain_draw(table, list(result.deltas))
    else:
        winner = result.winners[0]
        card = detail.get("card")
        how = win_how(table, detail, winner)
        who = joined([seat_or_dash(table, w) for w in result.winners])
        lines = [win_head(hand_no, who, faces(str(card)) if card else "", how)]
        explained = explain_win(table, detail, list(result.deltas), winner)
        value = explained.lines if explained else [_value_line(table, detail, list(result.deltas))]
        pay = explained.pay if explained else None
        for line in (_groups_line(detail), _fans_line(detail), *value):
            if line:
                lines.append(line)
        if not any(k in detail for k in ("huxi", "score", "groups")) and detail.get("text"):
            lines.append(table.name_seats(engine_text(str(detail["text"]))))  # a result without 胡息 says it in its own words
    stakes = stakes_line(table, detail.get("stakes"))
    if stakes:
        lines.append(stakes)
    lines.append(tr("本局：{deltas}", deltas=pay or joined(payments(table, list(result.deltas)), "；")))
    return Settlement(lines)

