"""Mahjong win-check benchmark (one core): our ``engine.mahjong.win`` against PyPI ``mahjong`` 2.1.0
``Agari().is_agari`` on the same hands, side by side in one run, plus the wildcard (红中) figures.

    python -m benchmarks.mahjong_bench [--hands 100000] [--seed 1] [--brute]

All figures are CPU time (``time.process_time``) of one pass over the hands, per check, loop included (the same
loop for both). Ours is measured cold (block prices forgotten before the pass: every new suit shape is priced
on first sight) and warm (the same hands again). Like with like: for the comparison ours runs with 七对 and
十三幺 on and with a 4-of-a-kind *not* counting as two 七对 pairs (``mahjong`` refuses it; our variants accept it:
the run counts the hands where that alone makes the two differ). The two must agree on every plain hand.

Decompositions (what scoring reads): ours (``Checker.decompositions``) beside ``mahjong``'s
``HandDivider.divide_hand`` on the same winning hands (4X+Y or 七对, no melds), cold and warm, with the count of
hands where the two find a different number of decompositions (expected: 0).

Also ``distance`` − 1 against ``mahjong``'s ``Shanten`` (向听数) on the random hands and the same hands less one tile.

``--brute`` also compares ``is_win`` and ``waits`` with the test suite's brute force on 100,000 hands of the
tests' generator (20,000 per wildcard count 0, 1, 2, 4, 8) and prints the mismatches (expected: 0). It needs the
repository's ``tests`` package on the path (run from the repository root).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence

from engine.mahjong import win
from engine.mahjong.tiles import ALL, SUITED, tile_set

Counts = list[int]


def random_hands(rng: random.Random, n: int, size: int, wild: int) -> list[Counts]:
    """``n`` random hands of ``size`` tiles, ``wild`` of them wildcards (not in the counts): 136-tile set when
    ``wild == 0``, else 万筒条 tiles beside the 红中."""
    wall = tile_set(136) if not wild else tile_set(108)
    out = []
    for _ in range(n):
        c = [0] * 34
        for t in rng.sample(wall, size - wild):
            c[t] += 1
        out.append(c)
    return out


def winning_hands(rng: random.Random, n: int, wild: int) -> list[Counts]:
    """``n`` random 4X+Y hands (14 tiles, at most four copies), ``wild`` random tiles of them turned wildcards."""
    kinds = 34 if not wild else 27
    out: list[Counts] = []
    while len(out) < n:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                first = rng.choice([t for t in range(27) if t % 9 <= 6])
                tiles += [first, first + 1, first + 2]
            else:
                tiles += [rng.randrange(kinds)] * 3
        tiles += [rng.randrange(kinds)] * 2
        c = [0] * 34
        for t in tiles:
            c[t] += 1
        if max(c) > 4:
            continue
        rng.shuffle(tiles)
        for t in tiles[:wild]:
            c[t] -= 1
        out.append(c)
    return out


def start() -> float:
    """The CPU clock at the start of a timed pass, after a full collection: a pass pays for its own garbage only, not
    for a collection of the whole heap (the hands: ~1 M objects, 50–120 ms) that earlier passes left due — which
    otherwise lands in whichever pass crosses the threshold (e.g. +1.1 µs per check on a 100,000-hand pass)."""
    gc.collect()
    return time.process_time()


def per_check(fn: Callable[[Sequence[int]], bool], hands: list[Counts]) -> tuple[float, int]:
    """µs per check over one pass, and how many hands won."""
    t0 = start()
    wins = 0
    for c in hands:
        if fn(c):
            wins += 1
    return (time.process_time() - t0) / len(hands) * 1e6, wins


def ours(wild: int, **kw: object) -> Callable[[Sequence[int]], bool]:
    checker = win.Checker(**kw)  # type: ignore[arg-type]
    is_win = checker.is_win
    if not wild:
        return is_win
    return lambda c: is_win(c, wild)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brute", action="store_true", help="also compare with the brute force on 100,000 hands")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    n = args.hands

    plain_random = random_hands(rng, n, 14, 0)
    plain_win = winning_hands(rng, n, 0)
    like = {"wild_targets": (), "qidui": True, "shisanyao": True, "qidui_quads": False}
    rows: list[tuple[str, str, str, str, str]] = []

    try:
        from mahjong.agari import Agari  # type: ignore[import-not-found]
        have_mahjong = True
    except ImportError:
        have_mahjong = False
        print("PyPI mahjong 2.1.0 is not installed: pip install mahjong==2.1.0 (or the 'bench' extra); "
              "its column is left empty.", file=sys.stderr)

    for label, hands in (("random 14 tiles (136 set)", plain_random), ("winning 14 tiles", plain_win)):
        win.clear_memo()
        fn = ours(0, **like)
        cold, wins = per_check(fn, hands)
        warm, _ = per_check(fn, hands)
        theirs = "—"
        if have_mahjong:
            agari = Agari().is_agari
            us_, their_wins = per_check(agari, hands)
            theirs = f"{us_:.2f}"
            check = win.Checker(**like)  # type: ignore[arg-type]
            disagree = sum(check.is_win(c) != agari(c) for c in hands)
            print(f"{label}: {wins} wins (ours) / {their_wins} (mahjong), disagreements: {disagree}")
        quads = win.Checker(wild_targets=(), shisanyao=True)
        extra = sum(quads.is_win(c) for c in hands) - wins
        print(f"{label}: hands that win only with a 4-of-a-kind as two 七对 pairs: {extra}")
        rows.append((label, "0", f"{cold:.2f}", f"{warm:.2f}", theirs))

    if have_mahjong:
        shanten_compare(plain_random, rng)
    divide_compare(plain_win[: max(n // 10, 1)])

    for wild in (4, 8):
        for label, hands in (
            (f"random 14 tiles, {wild} 红中", random_hands(rng, n, 14, wild)),
            (f"winning 14 tiles, {wild} 红中", winning_hands(rng, n, wild)),
        ):
            win.clear_memo()
            kw: dict[str, Iterable[int]] = {"wild_targets": SUITED, "universe": SUITED}
            fn = ours(wild, **kw)
            cold, wins = per_check(fn, hands)
            warm, _ = per_check(fn, hands)
            rows.append((label, str(wild), f"{cold:.2f}", f"{warm:.2f}", "—"))
            print(f"{label}: {wins} wins")

    # 听牌 lists and distance on 13-tile hands (what the AI and hints call).
    for wild in (0, 4):
        hands13 = [c for c in winning_hands(rng, n // 10, wild)]
        for c in hands13:
            c[next(t for t in range(34) if c[t])] -= 1
        kw = {"wild_targets": SUITED, "universe": SUITED} if wild else {"wild_targets": (), "universe": ALL}
        check = win.Checker(**kw)  # type: ignore[arg-type]
        win.clear_memo()
        t0 = start()
        for c in hands13:
            check.waits(c, wild)
        w_us = (time.process_time() - t0) / len(hands13) * 1e6
        t0 = start()
        for c in hands13:
            check.distance(c, wild)
        d_us = (time.process_time() - t0) / len(hands13) * 1e6
        print(f"13-tile hands, {wild} 红中: waits {w_us:.1f} µs, distance {d_us:.1f} µs per call (cold memo)")

    print()
    print("| hands | 红中 | ours cold µs/check | ours warm µs/check | mahjong 2.1.0 µs/check |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")

    if args.brute:
        return brute_compare()
    return 0


def divide_compare(hands: list[Counts]) -> None:
    """``decompositions`` against ``HandDivider.divide_hand`` on the same winning hands: µs per hand, CPU time."""
    win.clear_memo()
    fresh = win.Checker(wild_targets=(), qidui=True, shisanyao=False, qidui_quads=False)
    t0 = start()
    for c in hands:
        fresh.decompositions(c)
    cold = (time.process_time() - t0) / len(hands) * 1e6
    t0 = start()
    ours_n = [len(fresh.decompositions(c)) for c in hands]
    warm = (time.process_time() - t0) / len(hands) * 1e6
    try:
        from mahjong.hand_calculating.divider import HandDivider  # type: ignore[import-not-found]
    except ImportError:
        print(f"decompositions, {len(hands)} winning hands: ours {cold:.1f} µs cold, {warm:.1f} µs warm "
              "(mahjong not installed)")
        return
    divide = HandDivider.divide_hand
    t0 = start()
    theirs_n = [len(divide(c)) for c in hands]
    theirs = (time.process_time() - t0) / len(hands) * 1e6
    bad = sum(a != b for a, b in zip(ours_n, theirs_n, strict=True))
    print(f"decompositions, {len(hands)} winning hands: ours {cold:.1f} µs cold, {warm:.1f} µs warm; "
          f"mahjong HandDivider.divide_hand {theirs:.1f} µs; hands with a different count: {bad}")


def shanten_compare(hands14: list[Counts], rng: random.Random) -> None:
    """``distance`` − 1 against ``mahjong``'s 向听数 on the same hands (14 tiles, and 13 after dropping one)."""
    from mahjong.shanten import Shanten  # type: ignore[import-not-found]

    shanten = Shanten()
    hands13 = []
    for c in hands14:
        c13 = list(c)
        c13[rng.choice([t for t in range(34) if c13[t]])] -= 1
        hands13.append(c13)
    hands = hands14 + hands13
    regular = win.Checker(wild_targets=(), qidui=False)
    full = win.Checker(wild_targets=(), qidui=True, shisanyao=True, qidui_quads=False)
    for label, check, theirs in (
        ("4X+Y only", regular, shanten.calculate_shanten_for_regular_hand),
        ("with 七对 + 十三幺", full, shanten.calculate_shanten),
    ):
        t0 = start()
        ours_d = [check.distance(c) for c in hands]
        ours_us = (time.process_time() - t0) / len(hands) * 1e6
        t0 = start()
        their_s = [theirs(c) for c in hands]
        theirs_us = (time.process_time() - t0) / len(hands) * 1e6
        bad = sum(d != s + 1 for d, s in zip(ours_d, their_s, strict=True))
        print(
            f"distance vs mahjong 向听数 ({label}), {len(hands)} hands of 14 and 13 tiles: {bad} disagreements; "
            f"{ours_us:.1f} µs (ours, cold) vs {theirs_us:.1f} µs"
        )


def brute_compare() -> int:
    from tests.mahjong import brute
    from tests.mahjong.hands import drop_one, random_hand

    bad = checked = 0
    for wild in (0, 1, 2, 4, 8):
        rng = random.Random(100 + wild)
        configs = (
            (win.Checker(wild_targets=SUITED, universe=SUITED), {"targets": SUITED}, list(range(27)), 16_000),
            (
                win.Checker(wild_targets=ALL, shisanyao=True, universe=ALL),
                {"targets": ALL, "allow_shisanyao": True},
                list(range(34)),
                4_000,
            ),
        )
        for checker, kw, universe, count in configs:
            for _ in range(count):
                h = random_hand(rng, wild, universe)
                bad += checker.is_win(h.counts, h.wild) != brute.is_win(h.tiles, h.wild, **kw)  # type: ignore[arg-type]
                h13 = drop_one(rng, h)
                bad += checker.waits(h13.counts, h13.wild) != brute.waits(
                    h13.tiles, h13.wild, universe=universe, **kw  # type: ignore[arg-type]
                )
                checked += 1
            brute.standard.cache_clear()
    print(f"\nbrute force: {checked} hands (is_win and waits each), mismatches: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
