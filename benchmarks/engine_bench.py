"""Engine benchmarks (one core): best-胡息 evaluations/s, 听牌 checks/s, self-play actions per CPU-second, and the
bounded decomposition memo against an unbounded one.

    python -m benchmarks.engine_bench [--hands 5000] [--selfplay 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from engine.registry import all_variants
from engine.selfplay import selfplay
from engine.zipai import decompose
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


def bench_evaluations(n: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    hands = [random_complete_hand(rng) for _ in range(n)]
    clear_caches()
    t = time.process_time()
    found = sum(1 for h, m, w in hands if max_huxi(h, m, w, OWN, 7) != NEG)
    cold = time.process_time() - t
    t = time.process_time()
    for _ in range(3):
        for h, m, w in hands:
            max_huxi(h, m, w, OWN, 7)
    warm = (time.process_time() - t) / 3
    return {"hands": n, "complete": found, "evals_per_s_cold": round(n / cold), "evals_per_s_warm": round(n / warm)}


def candidates(hand: list[int], melds: list[Group]) -> list[int]:
    """Every card that could still come: fewer than its 4 copies are in the player's own hand and melds."""
    used = list(hand)
    for g in melds:
        for c in g.cards:
            used[c] += 1
    return [c for c in range(20) if used[c] < 4]


def bench_ting(n: int, seed: int = 2) -> dict[str, Any]:
    """One 听牌 check = the best 胡息 of every candidate card (each kind with a copy left outside the player's own
    hand and melds) on a 20-card hand: what a 听 list needs, not just whether some card wins."""
    rng = random.Random(seed)
    hands = [random_complete_hand(rng) for _ in range(n)]
    clear_caches()
    t = time.process_time()
    waiting = 0
    winning_cards = 0
    for h, m, _w in hands:
        wins = sum(1 for c in candidates(h, m) if max_huxi(h, m, c, OWN, 7) >= 15)
        waiting += wins > 0
        winning_cards += wins
    elapsed = time.process_time() - t
    return {"hands": n, "ting_checks_per_s": round(n / elapsed), "waiting_15": waiting,
            "winning_cards": winning_cards}


def bench_selfplay(hands: int) -> dict[str, Any]:
    """Actions (every decision applied) per CPU-second, per 字牌 variant; the memo is cleared before each."""
    out: dict[str, Any] = {}
    for v in all_variants():
        if v.family == "zipai":
            clear_caches()
            r = selfplay(v.id, hands, seed=7)
            out[v.id] = {"actions_per_cpu_s": round(r["actions"] / r["cpu_seconds"]),
                         "hands_per_cpu_s": round(hands / r["cpu_seconds"], 1), "actions": r["actions"]}
    return out


def bench_memo(n: int, hands: int) -> dict[str, Any]:
    """The same cold evaluations and 跑胡子 self-play with the memo bounded (``MEMO_LIMIT``) and unbounded,
    alternated twice; the largest memo size seen and the speeds of each run."""
    bounded = decompose.MEMO_LIMIT
    rng = random.Random(3)
    pool = [random_complete_hand(rng) for _ in range(n)]
    runs: dict[str, list[dict[str, Any]]] = {"bounded": [], "unbounded": []}
    try:
        for _ in range(2):
            for label, limit in (("bounded", bounded), ("unbounded", 10**12)):
                decompose.MEMO_LIMIT = limit
                clear_caches()
                t = time.process_time()
                ting_cards = sum(1 for h, m, _w in pool for c in candidates(h, m) if max_huxi(h, m, c, OWN, 7) >= 15)
                ting = time.process_time() - t
                peak = len(decompose._best_cache)
                r = selfplay("paohuzi", hands, seed=11)
                runs[label].append({"ting_checks_per_s": round(n / ting), "winning_cards": ting_cards,
                                    "selfplay_actions_per_cpu_s": round(r["actions"] / r["cpu_seconds"]),
                                    "memo_entries_after": len(decompose._best_cache) + len(decompose._all_cache),
                                    "memo_entries_after_ting": peak})
    finally:
        decompose.MEMO_LIMIT = bounded
    return {"limit": bounded, **runs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--selfplay", type=int, default=1000)
    ap.add_argument("--memo-hands", type=int, default=20000, help="hands for the bounded/unbounded memo comparison")
    args = ap.parse_args()
    out = {"evaluation": bench_evaluations(args.hands), "ting": bench_ting(args.hands // 2),
           "selfplay": bench_selfplay(args.selfplay), "memo": bench_memo(args.memo_hands, args.selfplay)}
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
