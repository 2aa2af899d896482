"""The hint lines every family says alike (room option 听牌提示): why a wait cannot be taken now (过胡不胡, 漏胡, 臭胡),
from ``engine.hints``' typed bars, worded through the catalogue. What the waits and the standing say is the family's
(its presenter's panel body)."""

from __future__ import annotations

from collections.abc import Callable

from engine.hints import CHOUHU, GUOHU, LOUHU, UNTIL_DRAW, Bar, Wait

from ..i18n import tr
from .words import joined


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


def bar_lines(waits: list[Wait], card: Callable[[Wait], str]) -> list[str]:
    """One line per distinct bar on the waits, naming the cards it holds back (``card``: a wait's card as the family
    says it)."""
    held: dict[Bar, list[str]] = {}
    for w in waits:
        for way in w.ways:
            if way.bar is not None and w.name not in held.setdefault(way.bar, []):
                held[way.bar].append(card(w))
    return [tr("⛔ {why}（{cards}）", why=bar_word(bar), cards=" ".join(cards)) for bar, cards in held.items()]


def now_line(waits: list[Wait], card: Callable[[Wait], str]) -> str | None:
    """The win the game offers right now, and what it is worth: ``✅ 可以胡 十：胡息 18，得分 18`` (a game that
    counts 胡息), ``✅ 可以胡 五条：清一色，每家 6`` (one that counts 名堂). ``card``: the wait's card as the family says
    it."""
    now = next((w for w in waits if w.now and w.ways), None)
    if now is None:
        return None
    win = now.ways[0]
    if win.huxi is not None:
        return tr("✅ 可以胡 {card}：胡息 {huxi}，得分 {score}", card=card(now), huxi=win.huxi, score=win.score)
    named = joined([tr(p) for p in win.patterns]) or tr("平胡")
    return tr("✅ 可以胡 {card}：{patterns}，每家 {score}", card=card(now), patterns=named, score=win.score)
