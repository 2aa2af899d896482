"""The memoised decomposition search against a brute-force enumeration, on generated hands."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.engine_bench import random_complete_hand
from engine.zipai.decompose import NEG, all_splits, best_huxi, pack
from engine.zipai.evaluate import OTHER_DRAW, OWN, arrangements, max_huxi
from engine.zipai.groups import group_huxi, is_jiao, is_sentence


def brute_best(counts: list[int], pair: bool) -> int:
    """Try every way to peel a group off the lowest card, without memo — slow but obviously right."""
    if not any(counts):
        return NEG if pair else 0
    i = next(c for c in range(20) if counts[c])
    best = NEG
    cards = [c for c in range(20) for _ in range(counts[c])]
    if pair and counts[i] >= 2:
        rest = list(counts)
        rest[i] -= 2
        best = max(best, brute_best(rest, False))
    for a, b in itertools.combinations_with_replacement(sorted(set(cards)), 2):
        for trio in [(i, a, b)]:
            rest = list(counts)
            ok = True
            for c in trio:
                rest[c] -= 1
                ok &= rest[c] >= 0
            if not ok or not (is_sentence(trio) or is_jiao(trio)):
                continue
            sub = brute_best(rest, pair)
            if sub != NEG:
                best = max(best, sub + group_huxi("shun", tuple(sorted(trio))))
    return best


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 20
    for c in cards:
        counts[c] = min(2, counts[c] + 1)  # loose cards: at most two copies (a third would be a 坎)
    return counts


loose_hands = st.lists(st.integers(0, 19), min_size=3, max_size=14).map(_counts)


@settings(max_examples=300, deadline=None)
@given(loose_hands, st.booleans())
def test_best_huxi_matches_brute_force(counts: list[int], pair: bool) -> None:
    assert best_huxi(pack(counts), pair) == brute_best(counts, pair)


@settings(max_examples=200, deadline=None)
@given(loose_hands, st.booleans())
def test_all_splits_agree_with_best(counts: list[int], pair: bool) -> None:
    splits = all_splits(pack(counts), pair)
    best = best_huxi(pack(counts), pair)
    if best == NEG:
        assert splits == ()
    else:
        assert max(sum(g.huxi for g in s) for s in splits) == best
        for s in splits:
            used = [0] * 20
            for g in s:
                for c in g.cards:
                    used[c] += 1
            assert used == counts


def test_generated_complete_hands_evaluate_consistently() -> None:
    rng = random.Random(5)
    for _ in range(300):
        hand, melds, win = random_complete_hand(rng)
        for source in (OWN, OTHER_DRAW):
            arrs = arrangements(hand, melds, win, source, 7)
            top = max_huxi(hand, melds, win, source, 7)
            assert (max(a.huxi for a in arrs) if arrs else NEG) == top
            for a in arrs:
                assert len(a.groups) == 7
                assert sum(1 for g in a.groups if g.kind == "jiang") == (
                    1 if any(g.kind in ("pao", "ti") for g in a.groups) else 0)


def test_memo_is_bounded_and_results_do_not_depend_on_it(monkeypatch) -> None:  # noqa: ANN001
    from engine.zipai import decompose

    rng = random.Random(5)
    hands = [random_complete_hand(rng) for _ in range(300)]
    decompose.clear_caches()
    unbounded = [max_huxi(h, m, w, OWN, 7) for h, m, w in hands]
    splits = [len(arrangements(h, m, w, OWN, 7)) for h, m, w in hands]
    assert len(decompose._best_cache) > 200  # the hands need more entries than the small limit below
    monkeypatch.setattr(decompose, "MEMO_LIMIT", 200)
    decompose.clear_caches()
    assert [max_huxi(h, m, w, OWN, 7) for h, m, w in hands] == unbounded
    assert [len(arrangements(h, m, w, OWN, 7)) for h, m, w in hands] == splits
    assert len(decompose._best_cache) <= 200 and len(decompose._all_cache) <= 200
    decompose.clear_caches()
