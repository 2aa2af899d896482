"""``distance`` (tiles away from a win, for the AI) against a brute force: the fewest hand tiles that, swapped for
tiles of one's choice (wildcards that may be any tile of the game), make the hand win."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.mahjong.tiles import ALL, SUITED, to_counts
from engine.mahjong.win import Checker
from tests.mahjong import brute
from tests.mahjong.hands import drop_one, random_hand
from tests.scale import scaled

MAX_R = 3


def _brute_distance(tiles: list[int], wild: int, targets: frozenset[int], **kw: bool) -> int | None:
    extra = 1 if (len(tiles) + wild) % 3 == 1 else 0
    for r in range(MAX_R + 1):
        for out in set(itertools.combinations(sorted(tiles), r)):
            rest = list(tiles)
            for t in out:
                rest.remove(t)
            if brute.is_win(rest, wild + r + extra, targets=targets, **kw):
                return r + extra
    return None


@pytest.mark.parametrize(
    ("checker", "targets", "universe", "kw", "wild_counts"),
    [
        (Checker(wild_targets=SUITED, universe=SUITED), SUITED, list(range(27)), {}, (0, 1, 2)),
        (Checker(wild_targets=(), shisanyao=True), ALL, list(range(34)), {"allow_shisanyao": True}, (0,)),
    ],
)
def test_distance_matches_brute_force(
    checker: Checker, targets: frozenset[int], universe: list[int], kw: dict[str, bool], wild_counts: tuple[int, ...]
) -> None:
    rng = random.Random(11)
    seen = set()
    for wild in wild_counts:
        for _ in range(600 // len(wild_counts)):
            h = random_hand(rng, wild, universe)
            if rng.random() < 0.5:
                h = drop_one(rng, h)
            got = checker.distance(h.counts, h.wild)
            want = _brute_distance(h.tiles, h.wild, targets, **kw)
            if want is None:
                assert got > MAX_R + (1 if (sum(h.counts) + h.wild) % 3 == 1 else 0), h
            else:
                assert got == want, h
            seen.add(got)
    assert {0, 1, 2, 3} <= seen


def test_distance_examples() -> None:
    tdh = Checker(wild_targets=(), shisanyao=True)
    assert tdh.distance(to_counts("11123456789999m")) == 0
    assert tdh.distance(to_counts("1112345678999m")) == 1  # 听牌 (九莲宝灯)
    assert tdh.distance(to_counts("1112345678999m1z")) == 1  # discard 1z: 听牌
    assert tdh.distance(to_counts("119m19p19s123456z")) == 1  # 十三幺 听牌 on 中
    assert tdh.distance(to_counts("1122m3344p5566s7z")) == 1  # 七对 听牌
    assert tdh.distance(to_counts("147m258p369s1234z")) > 3
    # 七对 with a 4-of-a-kind: a win as two pairs; counted as one pair it needs a seventh kind (2 draws).
    quads = to_counts("1111m2233p4455s66z")
    assert Checker(wild_targets=()).distance(quads) == 0
    assert Checker(wild_targets=(), qidui_quads=False).distance(quads) == 2
    assert Checker(wild_targets=(), qidui=False).distance(quads) == 3
    hz = Checker(wild_targets=SUITED, universe=SUITED)
    assert hz.distance(to_counts("147m258p369s1s"), 4) < tdh.distance(to_counts("147m258p369s1s"))
    with pytest.raises(ValueError):
        hz.distance(to_counts("123m"))


def test_distance_survives_its_memo_tables_being_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    """The interned frontier ids are forgotten together when a table fills: a checker whose tables fill every few
    hands answers as one that never forgets (and the tables did fill: they stayed small)."""
    from engine.mahjong import win

    rng = random.Random(11)
    hands = [random_hand(rng, wild, list(range(27)), size=14) for wild in (0, 0, 1, 2) for _ in range(150)]
    hands += [drop_one(rng, h) for h in hands]
    roomy = Checker(wild_targets=SUITED, universe=SUITED)
    want = [roomy.distance(h.counts, h.wild) for h in hands]
    monkeypatch.setattr(win, "MEMO_LIMIT", 7)
    tight = Checker(wild_targets=SUITED, universe=SUITED)
    assert [tight.distance(h.counts, h.wild) for h in hands] == want
    assert len(tight._pairs) <= 9 and len(tight._matches) <= 8


@pytest.mark.parametrize(
    ("checker", "universe", "wild_counts"),
    [
        (Checker(wild_targets=(), shisanyao=True), list(range(34)), (0,)),  # 推倒胡
        (Checker(wild_targets=(), universe=SUITED), list(range(27)), (0,)),  # 长沙
        (Checker(wild_targets=(), shisanyao=True, qidui_quads=False), list(range(34)), (0,)),
        (Checker(wild_targets=SUITED, universe=SUITED), list(range(27)), (0, 1, 2, 4)),  # 红中
        (Checker(wild_targets=(), qidui=False), list(range(34)), (0,)),
    ],
)
def test_first_discard_is_distance_one_tile_out(
    checker: Checker, universe: list[int], wild_counts: tuple[int, ...]
) -> None:
    """The AI's search (each candidate one tile out of the hand, its unchanged half looked up by id) gives
    ``distance`` of every candidate's hand, and stops where a search asking ``distance`` in turn stops."""
    rng = random.Random(31)
    checked = 0
    for _ in range(scaled(3_000, 300)):
        wild = rng.choice(wild_counts)
        h = random_hand(rng, wild, universe)
        c = list(h.counts)
        if max(c) > 4 or not any(c):
            continue
        hand = bytes(c)
        for t in range(34):
            if c[t]:
                c[t] -= 1
                want = checker.distance(c, wild)
                c[t] += 1
                assert checker.first_discard(hand, wild, [t], 99) == (t, want), (c, wild, t)
                checked += 1
        ranked = [t for t in range(34) if c[t]]
        rng.shuffle(ranked)
        target = max(checker.distance(c, wild), 1)
        expected: tuple[int, int] | None = None
        for t in ranked:
            c[t] -= 1
            d = checker.distance(c, wild, limit=target)
            c[t] += 1
            if d <= target:
                expected = (t, d)
                break
            if expected is None or d < expected[1]:
                expected = (t, d)
        assert checker.first_discard(hand, wild, ranked, target) == expected
        assert checker.first_discard(hand, wild, ranked) == expected  # its own target: the hand's distance
    assert checked > 1_000
