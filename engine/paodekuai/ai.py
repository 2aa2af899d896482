"""The 跑得快 baseline AI (托管 and empty seats): a sensible beginner.

It plays out when one play takes every card; leads its weakest combination (lowest cards first, as many of
them as one play sheds), keeping bombs whole; follows with the smallest play that beats; keeps its bombs unless
it must play one (有牌必压), the bomb wins the hand, or an opponent is about to go out; never 打鸟.
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from .game import PASS, SEATS, action_of, play_of
from .plays import Play, lead_plays


def _goes_out(game: Any, seat: int, p: Play) -> bool:
    return p.size == len(game.hands[seat])


def _splits_bomb(counts: list[int], p: Play) -> bool:
    return p.kind not in ("bomb", "four") and any(counts[r] == 4 for r in set(p.ranks()))


def _weakness(counts: list[int], p: Play) -> tuple[int, ...]:
    """Lower is led first: no bomb broken, lowest card, most cards shed, cheapest wings."""
    body = p.body()
    return (_splits_bomb(counts, p), p.kind in ("bomb", "four"), min(body), -p.size, sum(p.wings), p.main)


def _after(counts: list[int], p: Play) -> list[int]:
    left = list(counts)
    for r in p.ranks():
        left[r] -= 1
    return left


def _one_play(game: Any, counts: list[int]) -> bool:
    """Could these cards all go in one lead?"""
    n = sum(counts)
    return n == 0 or any(q.size == n for q in lead_plays(counts, game.rules))


def choose(game: Any, seat: int) -> Action:
    legal = game.legal_actions(seat)
    if legal[0].kind in ("stake", "pass") and game.predeal is not None:
        return PASS
    plays = [play_of(a) for a in legal if a.kind != "pass"]
    if not plays:
        return PASS
    counts = game.counts[seat]
    for p in plays:
        if _goes_out(game, seat, p):
            return action_of(p)
    threatened = any(game.baodan[s] or len(game.hands[s]) <= 2 for s in range(SEATS) if s != seat)
    if game.top is None:
        nxt_single = game.baodan[(seat + 1) % SEATS]
        key = (lambda p: (p.kind == "single", *_weakness(counts, p))) if nxt_single else (
            lambda p: _weakness(counts, p))
        return action_of(min(plays, key=key))
    plain = [p for p in plays if p.kind != "bomb"]
    if plain:
        return action_of(min(plain, key=lambda p: (_splits_bomb(counts, p), p.main, sum(p.wings))))
    bomb = min(plays, key=lambda p: p.main)
    if PASS not in legal or threatened or _one_play(game, _after(counts, bomb)):
        return action_of(bomb)
    return PASS
