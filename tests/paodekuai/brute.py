"""An independent reading of the play types, straight from the definitions (§3, rulings 5, 7, 11, 13): every
sub-multiset of a hand is classified on its own, so the generator in ``engine.paodekuai.plays`` can be checked
against it."""

from __future__ import annotations

from collections import Counter
from itertools import product

from engine.paodekuai.cards import ACE, N_RANKS
from engine.paodekuai.plays import Play, PlayRules, beats


def _wings(sub: list[int], body: dict[int, int]) -> tuple[int, ...] | None:
    rest = list(sub)
    for r, k in body.items():
        if rest[r] < k:
            return None
        rest[r] -= k
    if any(rest[r] for r in body):
        return None  # a wing of a body rank would make four of it
    return tuple(r for r in range(N_RANKS) for _ in range(rest[r]))


def interpretations(sub: list[int], hand: list[int], rules: PlayRules) -> set[Play]:
    """Every play the cards ``sub`` (rank counts) can be, held in ``hand`` (rank counts)."""
    size = sum(sub)
    n = sum(hand)
    ranks = [r for r in range(N_RANKS) if sub[r]]
    bombs = {r for r in range(N_RANKS) if hand[r] == 4}
    out: set[Play] = set()
    if size == 0:
        return out
    touches_bomb = any(r in bombs for r in ranks)
    if size == 4 and len(ranks) == 1:
        out.add(Play("bomb", ranks[0]))
    for r in ranks:
        if sub[r] == 4 and rules.four_with_three:
            w = _wings(sub, {r: 4})
            if w is not None and len(w) == 3 and (rules.split_bombs or not any(x in bombs for x in w)):
                out.add(Play("four", r, 1, w))
    if touches_bomb and not rules.split_bombs:
        return out
    if size == 1:
        out.add(Play("single", ranks[0]))
    if size == 2 and len(ranks) == 1:
        out.add(Play("pair", ranks[0]))
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks))) and ranks[-1] <= ACE
    if consecutive and len(ranks) >= 5 and all(sub[r] == 1 for r in ranks):
        out.add(Play("straight", ranks[-1], len(ranks)))
    if consecutive and len(ranks) >= 2 and all(sub[r] == 2 for r in ranks):
        out.add(Play("pairs", ranks[-1], len(ranks)))
    triples = [r for r in range(N_RANKS) if sub[r] >= 3]
    for lo in triples:
        for hi in triples:
            k = hi - lo + 1
            if hi < lo or (k >= 2 and hi > ACE):
                continue
            w = _wings(sub, {r: 3 for r in range(lo, hi + 1)})
            if w is None:
                continue
            full = 2 * k
            if len(w) == full or (len(w) < full and size == n):
                out.add(Play("trio" if k == 1 else "plane", hi, k, w))
    return out


def brute_plays(hand: list[int], rules: PlayRules, cur: Play | None = None) -> Counter[tuple[str, str]]:
    """Every legal play of ``hand``: leading, or beating ``cur``."""
    found: Counter[tuple[str, str]] = Counter()
    for sub in product(*(range(c + 1) for c in hand)):
        for p in interpretations(list(sub), hand, rules):
            if cur is None or beats(p, cur, rules):
                found[(p.kind, p.code)] += 1
    return found
