"""The 麻将 困难 AI: 向听 and effective tiles to prune, sampled deals of the unseen tiles to choose.

On its own turn, when 普通 would discard and its hand is 听牌 after the discard (红中麻将: 一向听 or closer,
``NEAR_BY_VARIANT``): the discards that keep it that close (the checker's ``distance``, 向听 + 1) are ranked by
their effective tiles — how many tiles bringing it closer (when 听牌, winning) it has not seen (4 a kind, less its
own, every meld and every river) — and 普通's choice and the best others, ``CANDIDATES`` in all,
are played out: the tiles it has not seen (the other hands and the wall, their sizes public) are dealt at random
``SAMPLES`` times, each candidate is played to the end of the hand with 普通 in every seat on the same deals, and
the most points on average under the variant's own settlement wins — another discard than 普通's only when its gain
deal by deal is ``CONFIDENCE`` standard errors above zero (``engine.search``).
In 推倒胡 (``EFFECTIVE_EVERYWHERE``) its discard is ranked by effective tiles at every distance, not only where it
plays out, and that discard (not 普通's) is the one a play-out must beat. Otherwise,
farther from a win, and for wins, kongs, claims and the other steps, it plays 普通: a claim window's state (who
may claim what) comes from hands the seat cannot see, so a deal is only re-dealt where no window is open.
(Also measured no better, and dropped: in 红中麻将, letting a 接炮 go while a 自摸 — 2 from each of three against 1
from the discarder — was at least 40% likely before the wall ends, -6.5 per 100 hands, 95% CI [-35.5, +22.5] over
100 deals; in 推倒胡, keeping a 门前清 hand from 吃/碰 since 门前清 doubles 平胡, -32.2 [-79.4, +14.9] over 100 deals,
and on top of the effective-tiles ranking, a 门前清 hand claiming only what makes it 听牌, +34.1 [+0.0, +68.2] over 200
deals against +66.0 [+34.0, +98.0] without.)
(Ranking every discard by effective tiles alone, far from a win too, measured no better than 普通 in 红中麻将:
-12.2 per 100 hands, 95% CI [-32.9, +8.4] over 100 deals.)

It reads only what the seat may know: its hand, the melds and rivers, the hand sizes and the wall's length; the
random stream is seeded from its view of the table, so its choice is the same whatever the hidden tiles are
(``tests/test_hard_search.py`` re-deals them).
"""

from __future__ import annotations

import random

from .. import ai as levels
from ..core import Action, Game
from ..search import best_by_sampling, deal_out, fork, info_seed
from . import ai
from .game import DISCARDS, MahjongGame
from .tiles import KINDS, tile_id, tile_set

SAMPLES = 8  # deals of the unseen tiles per decision
CANDIDATES = 3  # discards compared by play-outs
CONFIDENCE = 1.0  # standard errors of gain another discard needs over 普通's
NEAR = 1  # play out only when the hand is this close to a win after the discard (听牌 = 1)
NEAR_BY_VARIANT = {"hongzhong": 2}  # 红中麻将 from 一向听 too: measured better than 听牌 alone (benchmarks/README.md)
# Variants whose 困难 discards by effective tiles at every distance, not only where it plays out: 推倒胡 (every win
# a 自摸, so a discard is about speed alone) measured +49.1 per 100 hands over 1,000 deals with it, no search at
# all; 红中麻将 measured no better (benchmarks/README.md).
EFFECTIVE_EVERYWHERE = frozenset({"tuidaohu"})


def near(game: MahjongGame) -> int:
    """How close to a win a discard must leave the hand for 困难 to play candidates out in this variant."""
    return NEAR_BY_VARIANT.get(game.variant_id, NEAR)


def _normal(game: Game, seat: int) -> Action:
    return levels.choose(game, seat, levels.NORMAL)


def _full(game: MahjongGame) -> list[int]:
    """How many of each kind the variant's tile set holds."""
    full = [0] * KINDS
    for t in game.rules.tile_list or tile_set(game.rules.tiles):
        full[t] += 1
    return full


def _seen(game: MahjongGame, seat: int) -> list[int]:
    """How many of each kind the seat has seen: its own hand, every meld (an 暗杠 shows its kind) and every river."""
    seen = list(game.hands[seat])
    for melds in game.melds:
        for m in melds:
            for t in m.tiles:
                seen[t] += 1
    for river in game.discards:
        for t in river:
            seen[t] += 1
    return seen


def redeal(game: MahjongGame, seat: int, rng: random.Random) -> MahjongGame:
    """A copy of the hand whose other seats hold a random deal of the tiles this seat has not seen, at their hand
    sizes, the rest the wall in a random order. The unseen tiles are those in no place it can see (the other
    hands and the wall); only their multiset, sorted, is read — the same for every deal consistent with its view.
    What other seats' past passes left on them (过胡不胡, 长沙's 漏胡) is forgotten: who passed is hidden."""
    others = [s for s in range(game.seats) if s != seat]
    pool = sorted([t for s in others for t in range(KINDS) for _ in range(game.hands[s][t])] + game.wall)
    parts = deal_out(pool, [sum(game.hands[s]) for s in others], rng)
    g = fork(game)
    for s, part in zip(others, parts[:-1], strict=True):
        counts = [0] * KINDS
        for t in part:
            counts[t] += 1
        g.hands[s] = counts
        g.barred[s] = False
    g.wall = parts[-1]
    _forget(g, others)
    return g


def _forget(g: MahjongGame, others: list[int]) -> None:
    """长沙's state drawn from the other hands: 漏胡 forgotten, the dealt hand the new one, a lock's waits anew."""
    lou = getattr(g, "lou", None)
    if lou is None:
        return
    for s in others:
        lou[s] = {}
        g.dealt[s] = list(g.hands[s])  # type: ignore[attr-defined]
        if g.locked[s]:  # type: ignore[attr-defined]
            g.locked_waits[s] = g.cs_waits(s)  # type: ignore[attr-defined]


def _effective(game: MahjongGame, counts: list[int], unseen: list[int], dist: int) -> int:
    """The unseen tiles that bring a 13 − 3k hand ``dist`` from a win closer."""
    total = 0
    for t in range(KINDS):
        if unseen[t] <= 0:
            continue
        counts[t] += 1
        if ai._distance(game, counts, limit=dist - 1) < dist:
            total += unseen[t]
        counts[t] -= 1
    return total


def _ranked(game: MahjongGame, seat: int, legal: list[Action]) -> tuple[list[int], int]:
    """(the discards keeping the fewest tiles from a win, best effective tiles first; that distance)."""
    counts = list(game.hands[seat])
    wild = game.rules.wild
    kinds = sorted({tile_id(a.cards[0]) for a in legal if a.kind == "discard"} - ({wild} if wild is not None else set()))
    if not kinds:
        kinds = sorted({tile_id(a.cards[0]) for a in legal if a.kind == "discard"})
    dist: dict[int, int] = {}
    for t in kinds:
        counts[t] -= 1
        dist[t] = ai._distance(game, counts)
        counts[t] += 1
    best = min(dist.values())
    keep = [t for t in kinds if dist[t] == best]
    if len(keep) == 1:
        return keep, best
    seen = _seen(game, seat)
    unseen = [max(0, n - k) for n, k in zip(_full(game), seen, strict=True)]
    gains: dict[int, int] = {}
    for t in keep:
        counts[t] -= 1
        gains[t] = _effective(game, counts, unseen, best)
        counts[t] += 1
    keep.sort(key=lambda t: (-gains[t], ai._useless(game.hands[seat], t, wild)))
    return keep, best


def choose(game: Game, seat: int) -> Action:
    """困难: 普通 except where it discards; there the discard with the best prospects (see the module docstring)."""
    assert isinstance(game, MahjongGame)
    baseline = _normal(game, seat)
    if baseline.kind != "discard" or game.window is not None or game.predeal is not None:
        return baseline
    legal = game.legal_actions(seat)
    kept, dist = _ranked(game, seat, legal)
    if game.variant_id in EFFECTIVE_EVERYWHERE:
        baseline = DISCARDS[kept[0]]
    if len(kept) == 1 or dist > near(game) or not game.wall:
        return baseline
    candidates = [baseline] + [DISCARDS[t] for t in kept if DISCARDS[t] != baseline][:CANDIDATES - 1]
    seed = info_seed(seat, game.view(seat).to_json())
    return best_by_sampling(game, seat, candidates, redeal, _normal, SAMPLES, seed, confidence=CONFIDENCE)


__all__ = ["choose", "redeal"]
