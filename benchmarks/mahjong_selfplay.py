"""Mahjong self-play speed and AI strength (one core), per variant:

    python -m benchmarks.mahjong_selfplay [--hands 1000]

* ``random agents``: hands per CPU-second of the game alone, every seat a random player (uniform over the legal
  actions) — like for like with RLCard's mahjong environment run with random agents (43 games per CPU-second on
  this machine, the issue's figure);
* ``AI``: hands per CPU-second with the baseline AI in every seat (its distance search included);
* ``versus random``: the AI's wins per seat-hand against a random player's, one random seat rotating.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from engine.registry import all_variants
from engine.selfplay import play_hand, random_policy, selfplay

RLCARD_RANDOM_GAMES_PER_CPU_S = 43


def random_agents(variant_id: str, hands: int, seed: int) -> dict[str, Any]:
    from engine.registry import get_variant

    variant = get_variant(variant_id)
    options = variant.validate({})
    rng = random.Random(seed)
    policy = random_policy(rng)
    actions = 0
    cpu = time.process_time()
    for i in range(hands):
        game = variant.new_hand(options, seed * 1_000_003 + i, i % 4, {})
        play_hand(game, policies=dict.fromkeys(range(4), policy))
        actions += len(getattr(game, "log", ()))
    spent = time.process_time() - cpu
    return {"hands_per_cpu_s": round(hands / spent, 1), "actions_per_hand": round(actions / hands, 1),
            "vs_rlcard": round(hands / spent / RLCARD_RANDOM_GAMES_PER_CPU_S, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out: dict[str, Any] = {}
    for v in all_variants():
        if v.family != "mahjong":
            continue
        ai = selfplay(v.id, args.hands, seed=args.seed)
        versus = selfplay(v.id, args.hands, seed=args.seed, random_seats=1)["versus_random"]
        out[v.id] = {"random_agents": random_agents(v.id, args.hands, args.seed),
                     "ai": {"hands_per_cpu_s": ai["hands_per_cpu_second"],
                            "actions_per_hand": round(ai["actions"] / args.hands, 1), "draws": ai["draws"]},
                     "versus_random": versus}
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
