"""听牌提示 for a mahjong seat: every tile that would win the hand now, valued by the variant's own pricing.

The game's own ``_spot`` / ``_price`` do the work (长沙's override prices 将将胡 and its 2-5-8 将; 红中 its
wildcards; 推倒胡 wins a discard only on 杠上炮), so a hint is worth what the win would be. Moment-bound flags
(杠开, 海底) are cleared: a hint tells what the hand is worth, not what this instant adds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from .rules import DISCARD, SELF_DRAW, Priced
from .tiles import NAMES, NOTATION


def _value(p: Priced | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"patterns": list(p.patterns), "fan": p.fan, "share": p.share, "parts": p.parts}


def price_wait(game: Any, seat: int, tile: int, win_from: str) -> Priced | None:
    """What ``tile`` would be worth to ``seat`` coming by ``win_from`` (the hand's value, no moment flags)."""
    rules = game.rules
    spot = game._spot(seat, tile, win_from, add=True)
    # Ruling 17: drawing the fourth 红中 wins on its own, whatever the rest of the hand.
    four = (rules.four_wild_win and win_from == SELF_DRAW and tile == rules.wild
            and game.hands[seat][tile] + 1 >= 4)
    return game._price(replace(spot, after_kong=False, last_card=False, four_wild=four))


def mahjong_hints(game: Any, seat: int) -> list[dict[str, Any]]:
    """``[{"tile", "name", "self_draw", "discard"}]`` for a hand of 13 − 3k tiles (else ``[]``): each value
    ``{"patterns", "fan", "share", "parts"}``; ``discard`` is None where the variant does not let that tile be
    won off a discard (推倒胡 outside 杠上炮, a discarded 红中)."""
    hand = game.hands[seat]
    if sum(hand) % 3 != 1:
        return []
    held = list(hand)
    for m in game.melds[seat]:
        for t in m.tiles:
            held[t] += 1
    rules = game.rules
    copies = Counter(game.deck)
    out: list[dict[str, Any]] = []
    for tile in sorted(copies):
        if held[tile] >= copies[tile]:
            continue  # every copy is already one's own
        self_draw = price_wait(game, seat, tile, SELF_DRAW)
        if self_draw is None:
            continue
        discard = None
        if rules.discard_win == "any" and tile != rules.wild:
            discard = price_wait(game, seat, tile, DISCARD)
        out.append({"tile": NOTATION[tile], "name": NAMES[tile], "self_draw": _value(self_draw),
                    "discard": _value(discard)})
    return out
