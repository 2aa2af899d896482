"""The 跑得快 baseline AI (托管 and empty seats): a sensible beginner.

It plays out when one play takes every card; leads its weakest combination (lowest cards first, as many of
them as one play sheds, cheapest wings), keeping bombs whole, and avoids a single when the next seat has 报单;
follows with the smallest play that beats; keeps its bombs unless it must play one (有牌必压), the bomb leaves a
hand that goes out in one play, or an opponent is down to two cards; never 打鸟.
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from .game import PASS, SEATS, action_of, play_of
from .plays import Play, lead_plays


def _weakness(bombs: frozenset[int], p: Play) -> tuple[int, ...]:
    """Lower is led first: no bomb broken, no bomb spent, lowest card, most cards shed, cheapest wings."""
    broken = bool(bombs) and p.kind not in ("bomb", "four") and not bombs.isdisjoint(p.ranks())
    return (broken, p.kind in ("bomb", "four"), p.low, -p.size, sum(p.wings), p.main)


def _after(counts: list[int], p: Play) -> list[int]:
    left = list(counts)
    for r in p.ranks():
        left[r] -= 1
    return left


def _one_play(game: Any, counts: list[int]) -> bool:
    """Could these cards all go in one lead?"""
    n = sum(counts)
    return n == 0 or any(q.size == n for q in lead_plays(counts, game.rules))


def _obvious(game: Any, seat: int) -> tuple[list[Any], Action | None]:
    """What every level does alike: no 打鸟, a pass when nothing beats, going out when one play sheds the hand;
    else the plays to choose among (and None)."""
    if game.predeal is not None:
        return [], PASS  # 不打鸟
    plays = [play_of(a) for a in game.legal_actions(seat) if a.kind != "pass"]
    if not plays:
        return [], PASS
    held = len(game.hands[seat])
    out = next((p for p in plays if p.size == held), None)
    return plays, (action_of(out) if out is not None else None)


def choose(game: Any, seat: int) -> Action:
    plays, obvious = _obvious(game, seat)
    if obvious is not None:
        return obvious
    counts = game.counts[seat]
    bombs = frozenset(r for r in range(13) if counts[r] == 4)
    if game.top is None:
        if game.baodan[(seat + 1) % SEATS]:
            return action_of(min(plays, key=lambda p: (p.kind == "single", *_weakness(bombs, p))))
        return action_of(min(plays, key=lambda p: _weakness(bombs, p)))
    plain = [p for p in plays if p.kind != "bomb"]
    if plain:
        return action_of(min(plain, key=lambda p: (*_weakness(bombs, p)[:2], p.main, sum(p.wings))))
    bomb = min(plays, key=lambda p: p.main)
    threatened = any(len(game.hands[s]) <= 2 for s in range(SEATS) if s != seat)
    if PASS not in game.legal_actions(seat) or threatened or _one_play(game, _after(counts, bomb)):
        return action_of(bomb)
    return PASS


def choose_easy(game: Any, seat: int) -> Action:
    """简单: a beginner. Plays out when one play takes every card, but leads its lowest card alone (never a
    pair, a straight or a trio it could shed together), blind to the next seat's 报单 unless the rules force it,
    and follows with the lowest play that beats, a bomb as readily as anything else."""
    plays, obvious = _obvious(game, seat)
    if obvious is not None:
        return obvious
    if game.top is None:
        return action_of(min(plays, key=lambda p: (p.low, p.size, p.main, sum(p.wings))))
    return action_of(min(plays, key=lambda p: (p.main, p.size, sum(p.wings))))
