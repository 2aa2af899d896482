"""听牌提示 for a mahjong seat: every tile that would win the hand now, valued by the variant's own pricing and
marked with the bar the game would put on taking it now; and how far a hand not yet 听牌 is (向听).

The game's own ``_spot`` / ``_price`` do the work (长沙's override prices 将将胡 and its 2-5-8 将; 红中 its
wildcards; 推倒胡 wins a discard only on 杠上炮), so a hint is worth what the win would be. Moment-bound flags
(杠开, 海底) are cleared: a hint tells what the hand is worth, not what this instant adds. The bars are the game's
own: 过胡不胡 (推倒胡: a passed win bars others' tiles until one's next draw, 碰 or 杠) and 长沙's 漏胡 (ruling 29:
a tile passed off a discard may not be won off a discard until one's next draw, unless the hand is now bigger).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..core import Game
from ..hints import GUOHU, LOUHU, UNTIL_DRAW, Bar, Standing, Wait, WayWin
from .game import MahjongGame
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, Priced
from .tiles import NAMES, NOTATION


def _value(p: Priced, way: str, bar: Bar | None = None) -> WayWin:
    return WayWin(way, p.share, tuple(p.patterns), fan=p.fan, label=p.name, bar=bar)


def price_wait(game: MahjongGame, seat: int, tile: int, win_from: str) -> Priced | None:
    """What ``tile`` would be worth to ``seat`` coming by ``win_from`` (the hand's value, no moment flags)."""
    rules = game.rules
    spot = game._spot(seat, tile, win_from, add=True)
    # Ruling 17: drawing the fourth 红中 wins on its own, whatever the rest of the hand.
    four = (rules.four_wild_win and win_from == SELF_DRAW and tile == rules.wild
            and game.hands[seat][tile] + 1 >= 4)
    return game._price(replace(spot, after_kong=False, last_card=False, four_wild=four))


def discard_bar(game: MahjongGame, seat: int, tile: int, value: Priced) -> Bar | None:
    """The bar on winning ``tile`` off another player — his discard or his 补杠 (抢杠) — now (None: the game would
    take it): 过胡不胡, or 长沙's 漏胡 on that tile while the hand is no bigger than the win passed."""
    if getattr(game.rules, "pass_bars", False) and game.barred[seat]:
        return Bar(GUOHU, UNTIL_DRAW)
    passed = getattr(game, "lou", None)
    if passed is not None and tile in passed[seat]:
        from .changsha import is_bigger

        if not is_bigger(value, passed[seat][tile]):
            return Bar(LOUHU, UNTIL_DRAW, bigger=True)
    return None


def _now(game: MahjongGame, seat: int) -> Wait | None:
    """The 胡 the game offers the seat this moment, priced as it would pay it now (杠开, 海底 … included): his own
    draw on his turn (天胡 on the dealer's dealt 14), or the tile of a discard / rob window he is asked about.
    长沙's own steps (起手胡, 海底, 开杠) ask their own question and are left out."""
    w = game.window
    if w is not None:
        if game.window_kind not in ("discard", "rob") or seat not in w.pending():
            return None
        if not any(a.kind == "hu" for a in w.options.get(seat, [])):
            return None
        way = DISCARD if game.window_kind == "discard" else ROBBING
        tile, p = w.card, game._can_win_tile(seat, w.card, way)
    else:
        if game.turn != seat or not any(a.kind == "hu" for a in game.legal_actions(seat)):
            return None
        way = DEAL if game._opening(seat) else SELF_DRAW
        tile, p = game.drawn, game._self_win(seat)
    if p is None:
        return None
    return Wait(NOTATION[tile] if tile is not None else "", NAMES[tile] if tile is not None else "",
                (_value(p, way),), now=way)


def mahjong_hints(game: Game, seat: int) -> list[Wait]:
    assert isinstance(game, MahjongGame)
    """The win on offer now, if any (``Wait.now``), then one :class:`Wait` per winning tile of a 13 − 3k hand,
    by ``self_draw``; where the variant
    lets that tile be won off a discard (not 推倒胡 outside 杠上炮, not a discarded 红中), ``discard``; and where
    a 补杠 may be robbed and the seat holds no copy of the tile (the konger holds the other three),
    ``robbing_kong``."""
    if game.finished:
        return []
    now = _now(game, seat)
    first = [now] if now is not None else []
    hand = game.hands[seat]
    if sum(hand) % 3 != 1:
        return first
    held = list(hand)
    for m in game.melds[seat]:
        for t in m.tiles:
            held[t] += 1
    rules = game.rules
    copies = Counter(game.deck)
    out: list[Wait] = []
    for tile in sorted(copies):
        if held[tile] >= copies[tile]:
            continue  # every copy is already one's own
        self_draw = price_wait(game, seat, tile, SELF_DRAW)
        if self_draw is None:
            continue
        found = [_value(self_draw, SELF_DRAW)]
        if rules.discard_win == "any" and tile != rules.wild:
            discard = price_wait(game, seat, tile, DISCARD)
            if discard is not None:
                found.append(_value(discard, DISCARD, discard_bar(game, seat, tile, discard)))
        if rules.rob_bugang and held[tile] == 0 and tile != rules.wild:  # another's 碰 + this tile, 补杠-ed
            robbed = price_wait(game, seat, tile, ROBBING)
            if robbed is not None:
                found.append(_value(robbed, ROBBING, discard_bar(game, seat, tile, robbed)))
        out.append(Wait(NOTATION[tile], NAMES[tile], tuple(found)))
    return first + out


def mahjong_standing(game: Game, seat: int) -> Standing | None:
    assert isinstance(game, MahjongGame)
    """向听 of the seat's hand (13 − 3k or 14 − 3k tiles) by the shared checker's ``distance``: 0 = 听牌."""
    counts = list(game.hands[seat])
    if sum(counts) % 3 == 0:
        return None
    plain, wild = game._split(counts) if hasattr(game, "_split") else (counts, 0)
    return Standing(xiangting=int(game.rules.checker.distance(plain, wild)) - 1)
