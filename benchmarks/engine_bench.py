"""Engine benchmarks: best-胡息 evaluations/s, 听牌 checks/s, self-play hands/s (one core).

    python -m benchmarks.engine_bench [--hands 2000] [--selfplay 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.registry import all_variants
from engine.selfplay import selfplay
from engine.zipai.decompose import NEG, clear_caches
from engine.zipai.evaluate import OWN, max_huxi
from engine.zipai.groups import Group


def random_complete_hand(rng: random.Random) -> tuple[list[int], list[Group], int]:
    """A random 7-group winning hand: (hand counts without the winning card, melds, winning card)."""
    while True:
        left = [4] * 20
        hand = [0] * 20
        melds: list[Group] = []
        groups = 0
        has_four = False
        ok = True
        while groups < 6 and ok:
            shape = rng.choice(("shun", "shun", "shun", "jiao", "kan", "peng", "wei", "pao", "ti", "27"))
            c = rng.randrange(20)
            if shape == "shun":
                c = rng.choice([x for x in range(20) if x % 10 <= 7])
                cards = [c, c + 1, c + 2]
            elif shape == "27":
                c = rng.choice((1, 11))
                cards = [c, c + 5, c + 8]
            elif shape == "jiao":
                other = c + 10 if c < 10 else c - 10
                cards = [c, c, other]
            else:
                cards = [c] * (4 if shape in ("pao", "ti") else 3)
            need = {x: cards.count(x) for x in cards}
            if any(left[x] < n for x, n in need.items()) or (shape == "kan" and hand[c]):
                ok = False
                break
            for x, n in need.items():
                left[x] -= n
            if shape in ("shun", "27", "jiao", "kan"):
                for x in cards:
                    hand[x] += 1
            else:
                melds.append(Group(shape, tuple(cards)))
            has_four |= shape in ("pao", "ti")
            groups += 1
        if not ok:
            continue
        if not has_four:  # seventh group: a sentence (no 将 without 跑/提)
            c = rng.choice([x for x in range(20) if x % 10 <= 7 and all(left[x + k] for k in range(3))] or [0])
            if not all(left[c + k] for k in range(3)):
                continue
            for k in range(3):
                left[c + k] -= 1
                hand[c + k] += 1
        else:  # with 跑/提 the seventh 方门子 is the 将
            pairs = [x for x in range(20) if left[x] >= 2 and hand[x] == 0]
            if not pairs:
                continue
            p = rng.choice(pairs)
            hand[p] += 2
        if any(n >= 3 for n in hand) or not any(hand):
            continue  # keep 坎 out of the loose pool so the winning card choice stays simple
        win = rng.choice([x for x in range(20) if hand[x]])
        hand[win] -= 1
        return hand, melds, win


def bench_evaluations(n: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    hands = [random_complete_hand(rng) for _ in range(n)]
    clear_caches()
    t = time.perf_counter()
    found = sum(1 for h, m, w in hands if max_huxi(h, m, w, OWN, 7) != NEG)
    cold = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(3):
        for h, m, w in hands:
            max_huxi(h, m, w, OWN, 7)
    warm = (time.perf_counter() - t) / 3
    return {"hands": n, "complete": found, "evals_per_s_cold": round(n / cold), "evals_per_s_warm": round(n / warm)}


def bench_ting(n: int, seed: int = 2) -> dict[str, float]:
    """One 听牌 check = try all 20 cards as the winning card on a 20-card hand."""
    rng = random.Random(seed)
    hands = [random_complete_hand(rng) for _ in range(n)]
    clear_caches()
    t = time.perf_counter()
    ting = 0
    for h, m, _w in hands:
        ting += any(max_huxi(h, m, c, OWN, 7) >= 15 for c in range(20) if h[c] < 3)
    elapsed = time.perf_counter() - t
    return {"hands": n, "ting_checks_per_s": round(n / elapsed), "waiting_15": ting}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--selfplay", type=int, default=1000)
    args = ap.parse_args()
    out = {"evaluation": bench_evaluations(args.hands), "ting": bench_ting(args.hands // 2), "selfplay": {}}
    for v in all_variants():
        if v.family == "zipai":
            r = selfplay(v.id, args.selfplay, seed=7)
            out["selfplay"][v.id] = r["hands_per_second"]
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
