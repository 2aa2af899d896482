"""听牌提示 for a 字牌 seat: every card that would win the hand now, by the way it may come, priced as the game
prices a win (``price_best`` over the seat's own hand and groups), each way marked with the bar the game would
put on it now (漏胡, 臭胡); and the hand as it stands (its best arrangement and 胡息).

Moment-bound flags (海底, the dealer's first discard, the 亮张) are cleared: a hint tells what the hand is
worth, not what this instant adds. 听胡 is not one of them: until the seat's first intake, any win is 听胡.

A win the open window offers the seat leads the list (``Wait.now``), priced as the game would pay it now; a
drawn card that made one's own 偎/提 (the game's ``own`` window) is then the only entry, priced on the hand
before the 偎/提 as the game prices it (rule 1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core import Game
from ..hints import CHOUHU, LOUHU, UNTIL_HUXI, UNTIL_INTAKE, Bar, GroupNow, Standing, Wait, WayWin
from .cards import COPIES, N_KINDS, name, names, sort_key
from .decompose import best_partial, pack
from .game import ZipaiGame
from .groups import Group
from .rules import Priced, WinContext
from .win import price_best

SELF_DRAW = "self_draw"
OTHER_DRAW = "other_draw"
DISCARD = "discard"


def ways(rules: Any) -> list[str]:
    """How a card may reach a seat and be won: its own draw, another's shown draw, a discard (where allowed)."""
    out = [SELF_DRAW]
    if rules.win_other_draw:
        out.append(OTHER_DRAW)
    if rules.win_discard in ("optional", "forced"):
        out.append(DISCARD)
    return out


def makes_own_meld(counts: list[int], groups: list[Group], card: int) -> bool:
    """Whether one's own draw of ``card`` is 偎-ed or 提-ed at once (a pair or 坎 in hand, or one's 偎)."""
    return counts[card] in (2, 3) or any(g.cards[0] == card and g.kind in ("wei", "chouwei") for g in groups)


def bar(game: ZipaiGame, seat: int, card: int, way: str) -> Bar | None:
    """The game's 漏胡 / 臭胡 bar on winning ``card`` this way now (``ZipaiGame._may_win``, read without lifting
    anything). 漏胡 lasts until one's own next intake or discard, and a 偎/提 of one's own draw is an intake made
    before its 自摸 is offered; 臭胡 holds that card while one's table 胡息 is what it was."""
    if game.hu_barred[seat] and not (way == SELF_DRAW and makes_own_meld(game.hands[seat], game._groups(seat), card)):
        return Bar(LOUHU, UNTIL_INTAKE)
    passed = game.chouhu[seat].get(card)
    if passed is not None and passed == game.table_huxi(seat):
        return Bar(CHOUHU, UNTIL_HUXI)
    return None


def _context(game: ZipaiGame, seat: int, card: int, way: str) -> WinContext:
    ctx = game._win_context(seat, card, way)
    return replace(ctx, last_card=False, first_discard=False, no_draw_yet=game.intakes[seat] == 0)


def way_win(p: Priced, way: str, bar_now: Bar | None) -> WayWin:
    out = p.out
    groups = tuple(_group_now(g) for g in p.arrangement.groups) if p.arrangement is not None else ()
    return WayWin(way, int(out.get("score", 0)), tuple(out.get("patterns", ())), huxi=p.huxi, tun=out.get("units"),
                  fan=out.get("fan"), bar=bar_now, groups=groups)


def _now(game: ZipaiGame, seat: int) -> Wait | None:
    """The 胡 the open window offers the seat on its card, priced as the game would pay it: his own draw (shown,
    or made into his 偎/提: priced on the hand before it, rule 1), another's shown draw, a discard, the 亮张."""
    w = game.window
    if w is None or seat not in w.pending() or not any(a.kind == "hu" for a in w.options.get(seat, [])):
        return None
    kind = game.window_kind
    card = w.card
    if kind == "own":
        way, p = SELF_DRAW, game._win_price_before_own_meld(seat, card)
    elif kind == "draw":
        way = SELF_DRAW if game.window_from == seat else OTHER_DRAW
        p = game._win_price(seat, card, way)
    elif kind == "discard":
        way, p = DISCARD, game._win_price(seat, card, DISCARD)
    else:  # the 亮张: 天胡 / 地胡, or a start-of-hand win on the dealt cards
        p, won = game._liang_best[seat]
        way, card = "deal", won
    if p is None:
        return None
    shown = name(card) if card is not None else ""
    return Wait(shown, shown, (way_win(p, way, None),), now=way)


def zipai_hints(game: Game, seat: int) -> list[Wait]:
    assert isinstance(game, ZipaiGame)
    """Each card that wins the seat's hand some way (``[]`` for the 数醒 and once the hand is over)."""
    if game.finished or seat not in game.active:
        return []
    now = _now(game, seat)
    if game.window is not None and game.window_kind == "own" and game.window_from == seat:
        return [now] if now is not None else []  # the drawn card is in his 偎/提 already
    counts = game.hands[seat]
    groups = game._groups(seat)
    held = list(counts)
    for g in groups:
        for c in g.cards:
            held[c] += 1
    out: list[Wait] = []
    for card in range(N_KINDS):
        if held[card] >= COPIES:
            continue
        found = []
        for way in ways(game.rules):
            p = price_best(game.rules, counts, groups, _context(game, seat, card, way))
            if p is not None:
                found.append(way_win(p, way, bar(game, seat, card, way)))
        if found:
            out.append(Wait(name(card), name(card), tuple(found)))
    return ([now] if now is not None else []) + out


def _group_now(g: Group) -> GroupNow:
    return GroupNow(g.kind, names(sorted(g.cards, key=sort_key)), g.huxi)


def zipai_standing(game: Game, seat: int) -> Standing | None:
    assert isinstance(game, ZipaiGame)
    """The seat's laid-down groups, its 坎 and the 一句话/绞 its loose cards make now with the most 胡息 (then the
    most cards grouped, then the most pairs left: ``decompose.best_partial``), the cards left over, and the 胡息
    of it all."""
    if seat not in game.active:
        return None
    counts = list(game.hands[seat])
    laid = list(game._groups(seat))
    kans = [Group("kan", (c,) * 3) for c in range(N_KINDS) if counts[c] == 3]
    loose = [0 if n == 3 else n for n in counts]
    _, _, made = best_partial(pack(loose))
    for g in made:
        for c in g.cards:
            loose[c] -= 1
    groups = [*laid, *kans, *made]
    left = sorted((c for c in range(N_KINDS) for _ in range(loose[c])), key=sort_key)
    return Standing(huxi=sum(g.huxi for g in groups), groups=tuple(_group_now(g) for g in groups), loose=names(left))
