"""麻将 at the table and in a seat's panel: the 牌墙, the tile on offer, 长沙's public steps, 加锤, kong money and
birds; each seat's melds and latest discards; the player's own tiles with the one just drawn, 听 and 过胡不胡."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.hints import Standing, Wait, hints, standing
from engine.mahjong.tiles import tile_id
from engine.mahjong.views import ChangshaSeatView, ChangshaView, MahjongSeatView, MahjongView

from ...i18n import SOURCE, tr, tr_in, tr_n
from ...present.hints import bar_lines, now_line
from ...present.parts import money_text, others_lines, per_seat, recent_line, seat_name
from ...present.results import seat_or_dash
from ...present.words import joined
from ...say import say
from .words import (
    MELD_WORDS,
    birds_text,
    chui_word,
    discards_text,
    hand_text,
    is_hand,
    is_tile,
    melds_text,
    tile_word,
    tiles_text,
)

if TYPE_CHECKING:
    from engine.core import Game
    from engine.melds import MeldView

    from ...pictures.emoji import EmojiBook
    from ...present.contract import Presenter
    from ...service.table import Table

FAMILY = "mahjong"
DISCARDS_SHOWN = 12  # latest discards per seat: four seats' blocks still fit a phone screen


def waiting_words(table: Table, view: MahjongView) -> str:
    """What a claim window waits for in this variant's words (the view's ``claim_words``: 红中 has no 吃); 长沙's
    one-seat steps say which step, never whom."""
    asking = view.asking if isinstance(view, ChangshaView) else None
    if asking:
        if asking == "qishou":
            return tr("等待玩家表态（起手胡）")
        if asking == "haidi":
            return tr("等待玩家表态（要不要海底）")
        if asking == "kaigang":
            return tr("等待玩家表态（开杠：胡或打出）")
        return tr("等待玩家表态")
    if "吃" in view.claim_words:  # i18n: input
        return tr("等待玩家表态（吃/碰/杠/胡）")
    return tr("等待玩家表态（碰/杠/胡）")


def chui_text(table: Table, chui: tuple[int, ...] | None) -> str | None:
    if not chui:
        return None
    return tr("加锤：{seats}", seats=" · ".join(f"{seat_or_dash(table, s)} {chui_word(n)}" for s, n in enumerate(chui)
                                               if s < len(table.seats)))


def table_facts(table: Table, view: MahjongView) -> list[str]:
    """牌墙, the tile on offer, the 加锤 step (nobody's choice shows until all have chosen), kong money so far
    and the birds of a won hand: the words of 麻将, not 字牌's 底牌/打鸟."""
    facts = []
    if view.wall is not None:
        facts.append(tr("牌墙剩余 {n}", n=view.wall))
    if is_tile(view.revealed):
        facts.append(tr("打出 {tile}", tile=tile_word(view.revealed)))
    inline, extra = step_facts(table, view) if isinstance(view, ChangshaView) else ([], [])
    facts += inline  # short facts share the wall's line: four seats must still fit a phone screen
    lines = [" · ".join(facts)] if facts else []
    choosing = view.choosing
    if choosing is not None and choosing.of:  # the choice before the deal: 长沙's 飘, 推倒胡's 锤
        told = tr("坐飘：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.chosen, of=choosing.of) \
            if isinstance(view, ChangshaView) else tr("加锤：已选 {chosen}/{of}（全部选完后公布）",
                                                      chosen=choosing.chosen, of=choosing.of)
        lines.append(told)
    chui = chui_text(table, view.chui)
    if chui:
        lines.append(chui)
    lines += extra
    if any(view.kong_money):
        lines.append(tr("杠钱：{money}", money=money_text(table, list(view.kong_money))))
    winners = view.result.winners if view.result is not None else ()
    birds = None if view.birds is None else birds_text(view.birds, table.seat_label, winners)
    if birds:
        lines.append(birds)
    return lines


def step_facts(table: Table, view: ChangshaView) -> tuple[list[str], list[str]]:
    """长沙's public steps as (short facts for the wall's line, lines of their own): the two 开杠 tiles, who took
    the 海底, who is locked after 开杠; each seat's 飘 and the 起手胡 shown with their tiles."""
    inline: list[str] = []
    lines = []
    piao = view.piao
    if piao and any(piao):
        lines.append(tr("坐飘：{seats}", seats=" · ".join(tr("{seat} 飘{n}", seat=seat_name(table, s), n=n)
                                                          for s, n in enumerate(piao) if s < len(table.seats))))
    for seat in sorted({q.seat for q in view.qishou}):
        if seat >= len(table.seats):
            continue
        shown = joined([tr("{name}（{tiles}）", name=tr(q.name), tiles=tiles_text(list(q.tiles)))
                        for q in view.qishou if q.seat == seat])
        lines.append(tr("起手胡：{seat} {shown}", seat=seat_name(table, seat), shown=shown))
    kong = [t for t in view.kong_tiles if is_tile(t)]
    if kong:
        inline.append(tr("开杠亮牌：{tiles}", tiles=" ".join(tile_word(t) for t in kong)))
    haidi = view.haidi
    if haidi is not None and 0 <= haidi < len(table.seats):
        inline.append(tr("海底：{seat} 要了海底", seat=seat_name(table, haidi)))
    locked = [s for s, on in enumerate(view.locked) if on and s < len(table.seats)]  # one flag per seat
    if locked:
        inline.append(tr("开杠后锁牌：{seats}", seats=joined([seat_name(table, s) for s in locked])))
    return inline, lines


def melds_part(view: MahjongView, seat: int) -> str:
    melds = per_seat(view, "melds", seat)
    return tr("副露：{melds}", melds=melds_text(melds)) if melds else ""


def outs_part(view: MahjongView, seat: int) -> str:
    discards = per_seat(view, "discards", seat)
    return tr("弃牌：{tiles}", tiles=discards_text(list(discards), DISCARDS_SHOWN)) if is_hand(discards) else ""


def _hint_value(h: Wait) -> str:
    """「平胡，自摸每家 3，接炮 2」: the 名堂 of the win (with its 倍 where the variant counts so) and what it pays."""
    zimo = h.way("self_draw")
    assert zimo is not None
    label = say(zimo.label) if zimo.label is not None else joined([tr(p) for p in zimo.patterns]) or tr("平胡")
    text = tr("{label}，自摸每家 {share}", label=label, share=zimo.score)
    discard = h.way("discard")
    if discard is not None:
        text += tr("，接炮 {score}", score=discard.score) + (" ⛔" if discard.bar is not None else "")
    robbed = h.way("robbing_kong")
    if robbed is not None:
        text += tr("，抢杠 {score}", score=robbed.score) + (" ⛔" if robbed.bar is not None else "")
    return text


def hint_line(hints: list[Wait]) -> str | None:
    """``听牌：三万 六万（平胡，自摸每家 3，接炮 2）· 中（…）``: tiles worth the same share one bracket."""
    groups: dict[str, list[str]] = {}
    for h in hints:
        if not h.now:  # a win on offer now has its own line (now_line)
            groups.setdefault(_hint_value(h), []).append(tile_word(h.card))
    if not groups:
        return None
    return tr("听牌：{waits}", waits=" · ".join(tr("{tiles}（{value}）", tiles=" ".join(tiles), value=value)
                                              for value, tiles in groups.items()))


def wait_word(wait: Wait) -> str:
    """A wait's tile as the hint lines name it (起手牌: a win on the dealt hand)."""
    if is_tile(wait.card):
        return tile_word(wait.card)
    return wait.name or tr("起手牌")


def bar_word(wait: Wait) -> str:
    return wait.name


def standing_line(standing: Standing | None) -> str | None:
    """``向听：2`` when not 听牌."""
    if standing is None or standing.xiangting is None or standing.xiangting <= 0:
        return None  # 听牌 (the waits line says so) or a winning hand
    return tr_n("向听：{n}（离听牌还差 {n} 张）", standing.xiangting)


def own_lines(private: MahjongSeatView, cards: list[str], hints: list[Wait] | None = None,
              book: EmojiBook | None = None) -> list[str]:
    """``手牌（14 张）：一二三万 五五筒 中 ｜ 摸到 五万``: the tile just drawn stands apart from the sorted hand
    (taken out of it when the hand lists it too: a hand of 3n+2 tiles holds the draw), then 听 with what each
    tile wins (``hints``; None: the room's 听牌提示 is off) and 过胡不胡. With the tiles' emojis (``book``
    holding every one) the hand is a line of tiles, read alike in every language."""
    drawn = private.drawn
    shown = list(cards)
    if is_tile(drawn) and drawn in shown and len(shown) % 3 == 2:
        shown.remove(drawn)
    held = len(shown) + (1 if is_tile(drawn) else 0)
    text = hand_text(shown) if shown else "—"
    drawn_word = tile_word(drawn) if is_tile(drawn) else ""
    pictured = book.line(FAMILY, sort_tiles(shown)) if book is not None and shown else None
    pictured_draw = book.inline(FAMILY, drawn) if book is not None and is_tile(drawn) else None
    if pictured is not None and (pictured_draw is not None or not is_tile(drawn)):
        text, drawn_word = pictured, pictured_draw or ""
    if is_tile(drawn):
        lines = [tr("**手牌**（{n} 张）：{hand} ｜ 摸到 **{tile}**", n=held, hand=text, tile=drawn_word)]
    else:
        lines = [tr("**手牌**（{n} 张）：{hand}", n=held, hand=text)]
    if hints is not None:  # a game that values no tile (or holds every copy of its wait) still shows 听
        waits = [t for t in private.waits if is_tile(t)]
        told = hint_line(hints) or (tr("听牌：{waits}", waits=" ".join(map(tile_word, waits))) if waits else None)
        lines += [t for t in (now_line(hints, wait_word), told) if t]
    bars = bar_lines(hints or [], bar_word)  # each bar on the waits it holds back, else the view's flag
    lines += bars
    if private.barred and not bars:  # hints off: the view's own flag, in its variant's words
        lines.append(tr("漏胡：自己摸牌之前不能再胡这张别人打的牌（胡得更大除外）") if isinstance(private, ChangshaSeatView)
                     else tr("过胡不胡：刚过了胡，自己摸牌之前不能再胡别人打的牌"))
    return lines


def sort_tiles(tiles: list[str]) -> list[str]:
    return sorted((t for t in tiles if is_tile(t)), key=tile_id)


def own_melds_text(melds: list[MeldView] | list[dict[str, Any]], book: EmojiBook) -> str:
    """The seat's own melds, each its word and its tiles as emoji (``碰 🀄🀄🀄``) when the book has them all (a
    player's own melds are few, so the line stays short); else in words, as the table shows them."""
    parts = []
    for meld in melds:
        shown = meld.to_json() if not isinstance(meld, dict) else meld
        line = book.line(FAMILY, [t for t in shown.get("cards") or [] if is_tile(t)])
        if not line:
            return melds_text(melds)
        parts.append(f"{tr(MELD_WORDS.get(str(shown.get('type') or '')) or tr_in(SOURCE, '副露'))} {line}")
    return joined(parts)


def panel_body(presenter: Presenter, table: Table, game: Game, private: MahjongSeatView, seat: int) -> list[str]:
    """The tiles with the draw apart, 听 and 向听, own melds, the table and the other seats."""
    cards = list(private.hand)
    helped = bool(table.bot_options.get("hints", True))
    lines = own_lines(private, cards, hints(game, seat) if helped else None, table.emoji)
    if helped:
        lines += [t for t in [standing_line(standing(game, seat))] if t]
    own = per_seat(private, "melds", seat)
    if own:
        lines.append(tr("**我的副露**：{melds}", melds=own_melds_text(own, table.emoji)))
    lines += table_facts(table, private)
    recent = recent_line(table)
    if recent:
        lines.append(recent)
    return lines + others_lines(presenter, table, private, seat)
