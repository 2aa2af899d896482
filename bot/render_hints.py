"""The hint lines of a DM panel that say more than the waits (room option 听牌提示): the hand as it stands (字牌: its
best arrangement and 胡息; 麻将: 向听), a win on offer right now, and why a wait cannot be taken now (过胡不胡,
漏胡, 臭胡) — all from ``engine.hints``' typed records, worded through the catalogue."""

from __future__ import annotations

from engine.hints import CHOUHU, GUOHU, LOUHU, UNTIL_DRAW, Bar, Standing, Wait

from .i18n import tr, tr_n
from .words import faces, group_word, is_mahjong_tile, joined, tile_word


def bar_word(bar: Bar) -> str:
    """Why the game would refuse the win now, and what lifts it."""
    if bar.rule == GUOHU:
        return tr("过胡不胡：自己摸牌、碰或杠之前不能胡别人的牌")
    if bar.rule == LOUHU and bar.until == UNTIL_DRAW:
        return tr("漏胡：自己摸牌之前不能再胡这张别人打的牌（胡得更大除外）")
    if bar.rule == LOUHU:
        return tr("漏胡：自己进牌或出牌之前不能胡")
    if bar.rule == CHOUHU:
        return tr("臭胡：门子胡息变了才能胡这张")
    return tr("此刻不能胡")


def bar_lines(waits: list[Wait]) -> list[str]:
    """One line per distinct bar on the waits, naming the cards it holds back."""
    held: dict[Bar, list[str]] = {}
    for w in waits:
        for way in w.ways:
            if way.bar is not None and w.name not in held.setdefault(way.bar, []):
                held[way.bar].append(faces(w.name))
    return [tr("⛔ {why}（{cards}）", why=bar_word(bar), cards=" ".join(cards)) for bar, cards in held.items()]


def now_line(waits: list[Wait]) -> str | None:
    """The win the game offers right now, and what it is worth: ``✅ 可以胡 十：胡息 18，得分 18`` (字牌),
    ``✅ 可以胡 五条：清一色，每家 6`` (麻将)."""
    now = next((w for w in waits if w.now and w.ways), None)
    if now is None:
        return None
    win = now.ways[0]
    card = tile_word(now.card) if is_mahjong_tile(now.card) else (faces(now.name) if now.name else tr("起手牌"))
    if win.huxi is not None:
        return tr("✅ 可以胡 {card}：胡息 {huxi}，得分 {score}", card=card, huxi=win.huxi, score=win.score)
    named = joined([tr(p) for p in win.patterns]) or tr("平胡")
    return tr("✅ 可以胡 {card}：{patterns}，每家 {score}", card=card, patterns=named, score=win.score)


def standing_line(standing: Standing | None) -> str | None:
    """字牌 ``牌型（21 胡息）：坎 五五五 3 · 一句话 壹贰叁 6 · … ｜ 散 七九``; 麻将 ``向听：2`` when not 听牌."""
    if standing is None:
        return None
    if standing.xiangting is not None:
        if standing.xiangting <= 0:
            return None  # 听牌 (the waits line says so) or a winning hand
        return tr_n("向听：{n}（离听牌还差 {n} 张）", standing.xiangting)
    if not standing.groups and not standing.loose:
        return None
    parts = [f"{group_word(g.kind)} {faces(g.cards)}" + (f" {g.huxi}" if g.huxi else "") for g in standing.groups]
    text = " · ".join(parts) or "—"
    if standing.loose:
        text += tr(" ｜ 散 {cards}", cards=faces(standing.loose))
    return tr("**牌型**（{huxi} 胡息）：{groups}", huxi=standing.huxi or 0, groups=text)
