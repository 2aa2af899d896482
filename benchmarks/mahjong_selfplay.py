"""Mahjong self-play speed and AI strength (one core), per variant, beside RLCard's mahjong environment in the
same run:

    python -m benchmarks.mahjong_selfplay [--hands 1000] [--rlcard-games 300] [--variants changsha,tuidaohu]

* ``rlcard``: games per CPU-second of PyPI ``rlcard`` 1.2.0's ``mahjong`` environment with ``RandomAgent`` in every
  seat (``env.run``), measured in this run (the optional extra ``bench`` installs it); without it installed the
  fixed figure of 43 games per CPU-second measured earlier on this machine is used and the run says so;
* ``ai``: hands per CPU-second with the 普通 AI in every seat (its distance searches included) and ``vs_rlcard``;
* ``random agents``: hands per CPU-second of the game alone, every seat a random player (uniform over the legal
  actions) — like for like with RLCard's random agents — and ``vs_rlcard``;
* ``versus random``: the AI's wins per seat-hand against a random player's, one random seat rotating
  (``--strength``; off by default: it is a strength figure, not a speed one).

All times are CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from engine.registry import all_variants
from engine.selfplay import play_hand, random_policy, selfplay

RLCARD_RANDOM_GAMES_PER_CPU_S = 43.0  # measured earlier on this machine; used only without rlcard installed


def rlcard_random(games: int, seed: int) -> float | None:
    """Games per CPU-second of RLCard's mahjong environment, a ``RandomAgent`` in every seat (None: not installed)."""
    try:
        import rlcard  # type: ignore[import-not-found, import-untyped]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found, import-untyped]
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    cpu = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return games / (time.process_time() - cpu)


def random_agents(variant_id: str, hands: int, seed: int, peer: float) -> dict[str, Any]:
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
            "vs_rlcard": round(hands / spent / peer, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rlcard-games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default="", help="comma-separated variant ids (default: every 麻将 variant)")
    ap.add_argument("--strength", action="store_true", help="also the AI against one random seat")
    args = ap.parse_args(argv)
    wanted = {v for v in args.variants.split(",") if v}
    measured = rlcard_random(args.rlcard_games, args.seed)
    if measured is None:
        print("rlcard is not installed (pip install '.[bench]'): using the earlier figure of "
              f"{RLCARD_RANDOM_GAMES_PER_CPU_S} games per CPU-second", file=sys.stderr)
    peer = measured or RLCARD_RANDOM_GAMES_PER_CPU_S
    out: dict[str, Any] = {"rlcard_random_games_per_cpu_s": round(peer, 1), "rlcard_measured": measured is not None}
    for v in all_variants():
        if v.family != "mahjong" or (wanted and v.id not in wanted):
            continue
        ai = selfplay(v.id, args.hands, seed=args.seed)
        row: dict[str, Any] = {
            "ai": {"hands_per_cpu_s": ai["hands_per_cpu_second"],
                   "vs_rlcard": round(ai["hands_per_cpu_second"] / peer, 1),
                   "actions_per_hand": round(ai["actions"] / args.hands, 1), "draws": ai["draws"]},
            "random_agents": random_agents(v.id, args.hands, args.seed, peer),
        }
        if args.strength:
            row["versus_random"] = selfplay(v.id, args.hands, seed=args.seed, random_seats=1)["versus_random"]
        out[v.id] = row
    if measured is not None:
        # The peer again at the end: the machine is shared, so the two figures bracket the run's load.
        out["rlcard_random_games_per_cpu_s_after"] = round(rlcard_random(args.rlcard_games, args.seed + 1) or 0, 1)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
