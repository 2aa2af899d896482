"""The win checker against the brute-force search (tests/mahjong/brute.py) on 100,000 seeded random hands.

20,000 hands per wildcard count (0, 1, 2, 4, 8), each count its own test so xdist spreads them: 16,000 红中麻将 hands
(万筒条, wildcards for any suited tile, 七对) and 4,000 hands of the 136-tile set with honour-reaching wildcards and
十三幺. is_win must agree on every hand, waits (听牌) on the first ``WAITS_PER_COUNT`` of them (the brute 听牌 list costs
34 searches; ``python -m benchmarks.mahjong_bench --brute`` compares it on all 100,000).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.mahjong.tiles import ALL, KINDS, SUITED, YAOJIU
from engine.mahjong.win import Checker, Decomposition, Group, _plain_way
from tests.mahjong import brute
from tests.mahjong.hands import Hand, drop_one, random_hand
from tests.scale import scaled

HANDS_PER_COUNT = scaled(20_000)
WAITS_PER_COUNT = scaled(4_000)
WILD_COUNTS = (0, 1, 2, 4, 8)

# (name, checker, brute keyword arguments, universe, share of the hands)
CONFIGS: tuple[tuple[str, Checker, dict[str, Any], list[int], float], ...] = (
    ("hongzhong", Checker(wild_targets=SUITED, universe=SUITED), {"targets": SUITED}, list(range(27)), 0.8),
    (
        "136",
        Checker(wild_targets=ALL, shisanyao=True, universe=ALL),
        {"targets": ALL, "allow_shisanyao": True},
        list(range(34)),
        0.2,
    ),
)


def _hands(seed: int, wild: int, n: int, universe: list[int]) -> list[Hand]:
    rng = random.Random(seed)
    return [random_hand(rng, wild, universe) for _ in range(n)]


@pytest.mark.parametrize("wild", WILD_COUNTS)
def test_is_win_and_waits_match_brute_force(wild: int) -> None:
    checked = wins = tenpai = 0
    for index, (name, checker, kw, universe, share) in enumerate(CONFIGS):
        n = round(HANDS_PER_COUNT * share)
        hands = _hands(1000 * wild + index, wild, n, universe)
        want = [brute.is_win(h.tiles, h.wild, **kw) for h in hands]
        bad = [h for h, w in zip(hands, want, strict=True) if checker.is_win(h.counts, h.wild) != w]
        assert not bad, f"{name}: {len(bad)} is_win mismatches, first {bad[0]}"
        wins += sum(want)
        checked += n
        rng = random.Random(wild)
        for h in hands[: round(WAITS_PER_COUNT * share)]:
            h13 = drop_one(rng, h)
            listed = brute.waits(h13.tiles, h13.wild, universe=universe, **kw)
            assert checker.waits(h13.counts, h13.wild) == listed, (name, h13)
            tenpai += bool(listed)
    assert checked == HANDS_PER_COUNT
    # The sample really holds both outcomes (winning hands and 听牌 hands are well represented).
    assert 0.15 * checked < wins <= checked
    assert tenpai > 0.1 * WAITS_PER_COUNT


def test_lazy_brute_force_equals_every_wildcard_assignment() -> None:
    """The brute force fills wildcards lazily; for 1 and 2 wildcards compare it with trying every assignment."""
    rng = random.Random(7)
    for wild, n in ((1, 600), (2, 120)):
        for _ in range(n):
            h = random_hand(rng, wild, list(range(27)))
            lazy = brute.is_win(h.tiles, h.wild, targets=SUITED)
            assert lazy == brute.literal_win(h.tiles, h.wild, targets=SUITED), h


@pytest.mark.parametrize("wild", (0, 1, 2))
def test_lone_honour_rejection_keeps_shisanyao(wild: int) -> None:
    """A lone 字 rejects before any block is priced when no wildcard may be a 字 — except a 十三幺, whose 字 are
    singles: the 推倒胡 checker (no wildcards) and one with suited wildcards and 十三幺, on 136-tile hands biased
    toward 十三幺 and 七对, agree with the brute force."""
    universe = list(range(34))
    for index, targets in enumerate((frozenset(), SUITED)):
        if wild and not targets:
            continue
        checker = Checker(wild_targets=targets, shisanyao=True, universe=ALL)
        hands = _hands(7000 + 10 * wild + index, wild, scaled(6_000, 500), universe)
        lone = 0
        for h in hands:
            want = brute.is_win(h.tiles, h.wild, targets=targets, allow_shisanyao=True)
            assert checker.is_win(h.counts, h.wild) == want, (targets, h)
            lone += 1 in h.counts[27:]
        shisanyao = sum(brute.shisanyao(tuple(h.tiles), h.wild, targets) for h in hands)
        assert lone > len(hands) // 4 and shisanyao > 0


def test_plain_decompositions_match_the_shared_out_search() -> None:
    """Without wildcards the 将's block is told by its tile count and each way is one split per block; every hand
    gets the very decompositions the general search (wildcards shared out block by block) finds."""
    rng = random.Random(23)
    checkers = (Checker(wild_targets=(), shisanyao=True), Checker(wild_targets=SUITED))
    found = 0
    for i in range(scaled(20_000, 2_000)):
        checker = checkers[i % 2]
        h = random_hand(rng, 0, list(range(34)) if i % 2 == 0 else list(range(27)))
        if max(h.counts) > 4:
            continue
        key = bytes(h.counts)
        blocks = [key[0:9], key[9:18], key[18:27], key[27:34]]
        general: set[Decomposition] = set()
        for pair_block in (0, 1, 2, 3, None):
            checker._combine(blocks, 0, pair_block, 0, (), None, (), general)
        ours = {d for d in checker.decompositions(h.counts) if d.shape == "standard"}
        assert ours == general, h
        found += len(ours)
    assert found > 300


def _reference_ways(counts: tuple[int, ...], checker: Checker) -> list[Decomposition]:
    """Every way a hand without wildcards wins, by the definitions alone, in ``decompositions``' documented order
    (shape, then 将, then groups by ``Group``'s order): the lowest tile left is the 将 (once), a 刻子 or a 顺子."""
    found: set[Decomposition] = set()

    def walk(c: list[int], groups: list[Group], pair: int | None) -> None:
        i = next((t for t in range(KINDS) if c[t]), None)
        if i is None:
            if pair is not None:
                found.add(Decomposition("standard", pair=pair, groups=tuple(sorted(groups))))
            return
        if pair is None and c[i] >= 2:
            c[i] -= 2
            walk(c, groups, i)
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            walk(c, [*groups, Group("ke", i)], pair)
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for t in (i, i + 1, i + 2):
                c[t] -= 1
            walk(c, [*groups, Group("shun", i)], pair)
            for t in (i, i + 1, i + 2):
                c[t] += 1

    if sum(counts) % 3 == 2:
        walk(list(counts), [], None)
    fourteen = sum(counts) == 14
    if fourteen and checker.qidui and all(x % 2 == 0 for x in counts) and (checker.qidui_quads or max(counts) <= 2):
        found.add(Decomposition("qidui", pairs=tuple(t for t in range(KINDS) for _ in range(counts[t] // 2))))
    yao = [counts[t] for t in YAOJIU]
    if fourteen and checker.shisanyao and sum(yao) == 14 and min(yao) >= 1 and max(yao) <= 2:
        found.add(Decomposition("shisanyao", pair=next(t for t in YAOJIU if counts[t] == 2)))
    return sorted(found, key=lambda d: (d.shape, -1 if d.pair is None else d.pair, d.groups, d.pairs))


def test_plain_decompositions_match_a_reference_enumeration() -> None:
    """Without wildcards ``decompositions`` is exactly the list the definitions give — the same ways, each once, in
    the same order — on random hands (many of them winning shapes, every meld count) and on one-suit hands (清一色,
    where a suit splits many ways), for the 推倒胡 checker (七对, 十三幺), one with suited wildcards and one that
    refuses a 4-of-a-kind as two pairs."""
    rng = random.Random(29)
    checkers = (
        Checker(wild_targets=(), shisanyao=True),
        Checker(wild_targets=SUITED),
        Checker(wild_targets=(), qidui_quads=False),
    )
    universes = (list(range(34)), list(range(27)), list(range(9, 18)), list(range(18, 34)))
    wins = several = 0
    for i in range(scaled(30_000, 3_000)):
        checker = checkers[i % 3]
        h = random_hand(rng, 0, universes[i // 3 % 4])
        ours = checker.decompositions(h.counts)
        assert ours == _reference_ways(h.counts, checker), h
        assert checker.decompositions(h.counts) == ours  # and again, from its memo
        wins += bool(ours)
        several += len(ours) > 1
    assert wins > 900 and several > 30  # (at the everyday scale: 1,230 and 41)


def test_a_plain_way_is_the_dataclass_it_stands_for() -> None:
    """``_plain_way`` fills a ``Decomposition``'s fields without its ``__init__``: the same fields, in order."""
    groups = (Group("ke", 4), Group("shun", 9))
    made = _plain_way(30, groups)
    assert vars(made) == vars(Decomposition("standard", pair=30, groups=groups))
    assert list(vars(made)) == [f.name for f in dataclasses.fields(Decomposition)]
    assert made == Decomposition("standard", pair=30, groups=groups) and hash(made) == hash(Decomposition(
        "standard", pair=30, groups=groups))
