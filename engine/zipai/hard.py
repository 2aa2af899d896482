"""The 字牌 困难 AI: 普通's own ranking to prune, sampled deals of the unseen cards to choose a discard.

When it must discard, the ``CANDIDATES`` discards 普通 rates best (cards that fit the hand least — pairs, 坎,
一句话, 绞 and 二七十 partners kept, so the hand's 胡息 prospects), 普通's own choice first, are played out: the
cards it has not seen — the other hands, the 墩, the cards of face-down 偎 / 提 — are dealt at random ``SAMPLES``
times (each face-down group given a kind the unseen cards can still make, every other hand at its public size),
each candidate played to the end of the hand with 普通 in every seat on the same deals, and the most points on
average under the variant's own scoring (囤, 名堂, 放炮, 打鸟 …) wins, 普通's choice on a tie (``engine.search``).
Wins, 吃 / 碰 / 跑 and the rest are 普通's: who may claim a card comes from hands the seat cannot see, so a deal is
only re-dealt where no claim window is open.

It reads only what the seat may know: its hand, the face-up melds, the cards put out, the hand sizes and the 墩's
length; the random stream is seeded from its view of the table, so its choice is the same whatever the hidden
cards are (``tests/test_hard_search.py`` re-deals them).
"""

from __future__ import annotations

import dataclasses
import random

from .. import ai as levels
from ..core import Action, Game
from ..search import best_by_sampling, deal_out, fork, info_seed
from . import ai
from .cards import N_KINDS
from .game import Meld, ZipaiGame
from .groups import Group

SAMPLES = 8  # deals of the unseen cards per decision
CANDIDATES = 3  # discards compared by play-outs


def _normal(game: Game, seat: int) -> Action:
    return levels.choose(game, seat, levels.NORMAL)


def _face_down(melds: list[Meld]) -> list[int]:
    """The groups whose kind the table has not seen (a 偎, a dealt 提 set aside)."""
    return [i for i, m in enumerate(melds) if m.shown == 0 or m.concealed]


def redeal(game: ZipaiGame, seat: int, rng: random.Random) -> ZipaiGame:
    """A copy of the hand where the cards this seat has not seen are dealt at random: first a kind for every
    face-down group of another seat (one the unseen cards hold enough copies of), then each other hand at its
    size, the rest the 墩 in a random order. The unseen cards are those in no place it can see; only their
    multiset, sorted, is read. What other seats' past passes left on them (臭牌, 忍碰, 臭胡, 漏胡) is forgotten:
    who passed is hidden. No hand is dealt four of a kind (a dealt four is a 提 at once, so none is held)."""
    others = [s for s in game.active if s != seat]
    pool = [c for s in others for c in range(N_KINDS) for _ in range(game.hands[s][c])] + list(game.wall)
    hidden = {s: _face_down(game.melds[s]) for s in others}
    for s in others:
        for i in hidden[s]:
            pool.extend(game.melds[s][i].group.cards)
    pool.sort()
    g = fork(game)
    for s in others:
        for i in hidden[s]:
            meld = game.melds[s][i]
            n = len(meld.group.cards)
            kinds = sorted({c for c in pool if pool.count(c) >= n})
            k = rng.choice(kinds)
            for _ in range(n):
                pool.remove(k)
            g.melds[s][i] = dataclasses.replace(meld, group=Group(meld.group.kind, (k,) * n))
    sizes = [sum(game.hands[s]) for s in others]
    for _ in range(20):
        parts = deal_out(pool, sizes, rng)
        if all(part.count(c) < 4 for part in parts[:-1] for c in set(part)):
            break
    for s, part in zip(others, parts[:-1], strict=True):
        counts = [0] * N_KINDS
        for c in part:
            counts[c] += 1
        g.hands[s] = counts
        g.chou[s] = set()
        g.renpeng[s] = set()
        g.chouhu[s] = {}
        g.hu_barred[s] = False
    g.wall = parts[-1]
    return g


def choose(game: Game, seat: int) -> Action:
    """困难: 普通 except where it discards; there the discard with the most points over sampled deals."""
    assert isinstance(game, ZipaiGame)
    baseline = _normal(game, seat)
    if baseline.kind != "discard" or game.window is not None or game.predeal is not None or not game.wall:
        return baseline
    legal = [a for a in game.legal_actions(seat) if a.kind == "discard"]
    ranked = sorted(legal, key=lambda a: ai.discard_badness(game, seat, a))
    candidates = [baseline] + [a for a in ranked if a != baseline][:CANDIDATES - 1]
    if len(candidates) == 1:
        return baseline
    seed = info_seed(seat, game.view(seat).to_json())
    return best_by_sampling(game, seat, candidates, redeal, _normal, SAMPLES, seed)


__all__ = ["choose", "redeal"]
