"""字牌 at the table and in a seat's panel: the 底牌 and the card on offer, each seat's 门子 with their 胡息 and its
discards, and the player's own hand with its 坎, 胡息 and 听牌 hints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import MeldView
from engine.hints import Standing as StandingRecord
from engine.hints import Wait, hints, standing
from engine.zipai.cards import parse_card
from engine.zipai.groups import group_huxi
from engine.zipai.views import ZipaiSeatView, ZipaiView

from ...i18n import SOURCE, tr, tr_in
from ...pictures.emoji import LINE_BUDGET
from ...present.hints import bar_lines, now_line
from ...present.parts import others_lines, recent_line, seats_text
from ...present.words import joined
from .words import faces, group_word, hand_groups, hand_text, is_hand, melds_text

if TYPE_CHECKING:
    from engine.core import Game

    from ...pictures.emoji import EmojiBook
    from ...present.contract import Presenter
    from ...service.table import Table

WAYS = {"self_draw": tr_in(SOURCE, "自摸"), "other_draw": tr_in(SOURCE, "别家摸出"), "discard": tr_in(SOURCE, "放炮")}


def table_facts(table: Table, view: ZipaiView) -> list[str]:
    """The 底牌 and the card everybody sees now; 打鸟 when the hand has it (数醒 is marked at the seat)."""
    facts = []
    if view.wall is not None:
        facts.append(tr("底牌剩余 {n}", n=view.wall))
    if view.liang:  # the engine names the 亮张 only while it is on offer (天胡/地胡), before it is a hand card
        facts.append(tr("亮张 {card}", card=faces(view.liang)))
    elif view.revealed:
        facts.append(tr("示众 {card}", card=faces(view.revealed)))
    lines = [" · ".join(facts)] if facts else []
    if view.stakes:
        lines.append(tr("打鸟：{seats}", seats=seats_text(table, view.stakes)))
    if view.choosing is not None and view.choosing.of:  # who chose what stays hidden until all have
        lines.append(tr("打鸟：已选 {chosen}/{of}（全部选完后公布）", chosen=view.choosing.chosen, of=view.choosing.of))
    return lines


def melds_part(view: ZipaiView, seat: int) -> str:
    melds = view.melds[seat] if seat < len(view.melds) else ()
    if not melds:
        return ""
    if seat < len(view.huxi_shown):
        return tr("门子（{huxi} 胡息）：{melds}", huxi=view.huxi_shown[seat], melds=melds_text(melds))
    return tr("门子：{melds}", melds=melds_text(melds))


def outs_part(view: ZipaiView, seat: int) -> str:
    outs = view.outs[seat] if seat < len(view.outs) else ""
    return tr("弃牌：{tiles}", tiles=faces(outs)) if outs else ""


def _own_huxi(melds: Sequence[MeldView]) -> int | None:
    values = [m.huxi for m in melds]
    return sum(v for v in values if v is not None) if values else None


def hand_huxi(cards: list[str]) -> dict[str, int]:
    """The 胡息 a 字牌 hand already holds whatever else it becomes, per kind: each 坎 (three alike) and 提
    (four alike) kept in hand, by the engine's own 胡息 table."""
    held = {"kan": 0, "ti": 0}
    if not is_hand(cards):
        return held
    for face in sorted(set(cards)):
        n = cards.count(face)
        if n >= 3:
            kind = "kan" if n == 3 else "ti"
            held[kind] += group_huxi(kind, (parse_card(face),) * n)
    return held


def own_huxi_line(melds: Sequence[MeldView], cards: list[str]) -> str | None:
    """``我的胡息：门子 3 + 坎 3 = 6`` — what the player holds counts as much as what he has laid down."""
    held = hand_huxi(cards)
    laid = _own_huxi(melds) or 0
    parts = ([tr("门子 {n}", n=laid)] if laid else []) + ([tr("坎 {n}", n=held["kan"])] if held["kan"] else []) \
        + ([tr("提 {n}", n=held["ti"])] if held["ti"] else [])
    if len(parts) == (1 if laid else 0):
        return None  # nothing in hand: the 门子 line already says it
    total = laid + held["kan"] + held["ti"]
    return tr("**我的胡息**：{sum}", sum=" + ".join(parts) + (f" = {total}" if len(parts) > 1 else ""))


def hint_line(hints: list[Wait]) -> str | None:
    """``听牌：肆（自摸 胡息 18 得分 3；别家摸出 胡息 18 得分 2）``: each card that wins, by each way it may come."""
    parts = []
    for h in hints:
        if h.now:  # a win on offer now has its own line (now_line)
            continue
        ways = []
        for w in h.ways:
            named = joined([tr(p) for p in w.patterns if p != WAYS[w.way]])
            fields = {"way": tr(WAYS[w.way]), "huxi": w.huxi, "score": w.score}
            ways.append((tr("{way} 胡息 {huxi} 得分 {score} {patterns}", patterns=named, **fields) if named
                         else tr("{way} 胡息 {huxi} 得分 {score}", **fields)) + (" ⛔" if w.bar is not None else ""))
        parts.append(tr("{tiles}（{value}）", tiles=faces(str(h.card)), value=joined(ways, "；")))
    return tr("听牌：{waits}", waits=" · ".join(parts)) if parts else None


def wait_word(wait: Wait) -> str:
    """A wait's card as the hint lines name it (起手牌: a win on the dealt hand)."""
    return faces(wait.name) if wait.name else tr("起手牌")


def standing_line(standing: StandingRecord | None) -> str | None:
    """``牌型（21 胡息）：坎 五五五 3 · 一句话 壹贰叁 6 · … ｜ 散 七九``: the hand's best arrangement now."""
    if standing is None or (not standing.groups and not standing.loose):
        return None
    parts = [f"{group_word(g.kind)} {faces(g.cards)}" + (f" {g.huxi}" if g.huxi else "") for g in standing.groups]
    text = " · ".join(parts) or "—"
    if standing.loose:
        text += tr(" ｜ 散 {cards}", cards=faces(standing.loose))
    return tr("**牌型**（{huxi} 胡息）：{groups}", huxi=standing.huxi or 0, groups=text)


def emoji_hand(book: EmojiBook, cards: list[str]) -> str | None:
    """The hand as card emojis, grouped as the hand line groups it (「」 a 坎); None without them all."""
    groups = [(book.line("zipai", list(text)), kan) for text, kan, _ in hand_groups(cards)]
    if any(line is None for line, _ in groups) or sum(len(line or "") for line, _ in groups) > LINE_BUDGET:
        return None
    return " ".join(f"「{line}」" if kan else str(line) for line, kan in groups)


def panel_body(presenter: Presenter, table: Table, game: Game, private: ZipaiSeatView, seat: int) -> list[str]:
    """The hand as players hold it, own 门子 and 胡息, the hints, 臭牌, the table and the other seats."""
    cards = list(private.hand)
    text = hand_text(cards)
    pictured = emoji_hand(table.emoji, cards) if is_hand(cards) else None
    if pictured is not None:  # the red cards are red on their faces: only the 坎 need marking
        lines = [tr("**手牌**（{n} 张）（「」为坎）：{hand}", n=len(cards), hand=pictured)]
    else:
        lines = [tr("**手牌**（{n} 张）（「」为坎，粗体为红字）：{hand}", n=len(cards), hand=text)
                 if is_hand(cards) else tr("**手牌**（{n} 张）：{hand}", n=len(cards), hand=text)]
    own = private.melds[seat] if seat < len(private.melds) else ()
    if own:
        huxi = _own_huxi(own)
        lines.append(tr("**我的门子**（{huxi} 胡息）：{melds}", huxi=huxi, melds=melds_text(own)) if huxi is not None
                     else tr("**我的门子**：{melds}", melds=melds_text(own)))
    mine = own_huxi_line(own, cards)
    if mine:
        lines.append(mine)
    if table.bot_options.get("hints", True):
        waits = hints(game, seat)
        told = [now_line(waits, wait_word), hint_line(waits)]
        lines += [t for t in (standing_line(standing(game, seat)), *told) if t]
        lines += bar_lines(waits, wait_word_of_bar)
    if private.chou:
        lines.append(tr("臭牌（不能再吃/碰，仍可胡）：{cards}", cards=faces(private.chou)))
    lines += table_facts(table, private)
    recent = recent_line(table)
    if recent:
        lines.append(recent)
    return lines + others_lines(presenter, table, private, seat)


def wait_word_of_bar(wait: Wait) -> str:
    """A wait's card as a bar line names it."""
    return faces(wait.name)
