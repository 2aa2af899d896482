"""听牌提示 for a 字牌 seat: every card that would win the hand now, by the way it may come, priced as the game
prices a win (``price_best`` over the seat's own hand and groups), with moment-bound flags (海底, 地胡, 天胡) cleared."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cards import N_KINDS, name
from .win import price_best

COPIES = 4


def ways(rules: Any) -> list[str]:
    """How a card may reach a seat and be won: its own draw, another's shown draw, a discard (where allowed)."""
    out = ["self_draw"]
    if rules.win_other_draw:
        out.append("other_draw")
    if rules.win_discard in ("optional", "forced"):
        out.append("discard")
    return out


def zipai_hints(game: Any, seat: int) -> list[dict[str, Any]]:
    """``[{"card", "wins": {way: {"huxi", "score", "patterns"}}}]``, one per card that wins some way."""
    counts = game.hands[seat]
    groups = game._groups(seat)
    held = list(counts)
    for g in groups:
        for c in g.cards:
            held[c] += 1
    out: list[dict[str, Any]] = []
    for card in range(N_KINDS):
        if held[card] >= COPIES:
            continue
        wins: dict[str, Any] = {}
        for way in ways(game.rules):
            ctx = replace(game._win_context(seat, card, way), last_card=False, first_discard=False,
                          no_draw_yet=False)
            p = price_best(game.rules, counts, groups, ctx)
            if p is not None:
                wins[way] = {"huxi": p.huxi, "score": p.out.get("score"), "patterns": list(p.out.get("patterns", []))}
        if wins:
            out.append({"card": name(card), "wins": wins})
    return out
