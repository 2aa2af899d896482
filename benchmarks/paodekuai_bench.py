"""跑得快 legal-play generation benchmark (one core): ``engine.paodekuai.plays.lead_plays`` against PyPI
``douzero`` 1.1.0 ``MovesGener(cards).gen_moves()`` (斗地主's move generator) on the same hands, side by side
in one run.

    python -m benchmarks.paodekuai_bench [--hands 20000] [--seed 1] [--size 16]

Hands are random ``--size``-card hands of the 48-card 跑得快 deck (no jokers); douzero gets the same cards in its
encoding (3–14, 2 = 17). Speed only: the two games have different play types (douzero: 斗地主's 三带一/三带对,
四带二, rockets; ours: 三带二 with any two wings, 连对 from two pairs, 飞机 with any wings, 4带3 on), so the
move counts differ and are printed only as a sanity figure. All figures are CPU time (``time.process_time``) of
one pass over the hands, per hand, loop included (the same loop for both):

* ``ours``: ``plays._lead`` per hand, the generator itself with no memo (``lead_plays`` memoises a hand's plays,
  which a game asks for more than once per turn: not counted here; the fixed tables built at import — every
  run and every 三带二 as a ready object — are used, as they are in play);
* ``douzero``: ``MovesGener(cards).gen_moves()`` per hand, its constructor included (it is the generator's
  set-up per hand, as ours is).

Also: ``follow``: our plays that beat a random lead of another hand (what a following seat asks for).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from engine.paodekuai import plays
from engine.paodekuai.cards import counts_of, deck_for
from engine.paodekuai.plays import PlayRules

Counts = list[int]


def douzero_cards(counts: Counts) -> list[int]:
    return [(17 if r == 12 else r + 3) for r in range(13) for _ in range(counts[r])]


def _forget() -> None:
    plays._lead_cached.cache_clear()
    plays._follow_cached.cache_clear()


def per_hand(fn: Callable[[Any], int], hands: list[Any]) -> tuple[float, int]:
    """µs per hand over one pass, and the moves found in all."""
    t0 = time.process_time()
    moves = 0
    for h in hands:
        moves += fn(h)
    return (time.process_time() - t0) / len(hands) * 1e6, moves


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=16)
    args = ap.parse_args(argv)
    try:
        from douzero.env.move_generator import MovesGener  # type: ignore[import-not-found, import-untyped]
    except ImportError:
        raise SystemExit("douzero is not installed: pip install --no-deps douzero==1.1.0") from None

    rng = random.Random(args.seed)
    deck = deck_for(16, False)
    hands = [counts_of(rng.sample(deck, args.size)) for _ in range(args.hands)]
    theirs = [douzero_cards(h) for h in hands]
    rules = PlayRules(four_with_three=True, triple_tail=True, split_bombs=True)

    def ours(h: Counts) -> int:
        return len(plays._lead(tuple(h), rules))

    def dz(cards: list[int]) -> int:
        return len(MovesGener(cards).gen_moves())

    leads = [rng.choice(plays.lead_plays(counts_of(rng.sample(deck, args.size)), rules)) for _ in hands]
    pairs = list(zip(hands, leads, strict=True))

    def follow(pair: tuple[Counts, plays.Play]) -> int:
        return len(plays._follow(tuple(pair[0]), pair[1], rules))

    _forget()
    d_us, d_moves = per_hand(dz, theirs)
    c_us, c_moves = per_hand(ours, hands)
    _forget()
    f_us, f_moves = per_hand(follow, pairs)
    print(f"{args.hands} random {args.size}-card hands, seed {args.seed}: µs per hand (CPU), moves per hand")
    print(f"  douzero MovesGener(...).gen_moves()  {d_us:8.1f} µs  {d_moves / len(hands):7.1f} moves")
    print(f"  ours lead plays (no memo)            {c_us:8.1f} µs  {c_moves / len(hands):7.1f} moves"
          f"  ({d_us / c_us:.2f}× douzero's speed)")
    print(f"  ours follow_plays (beat a lead)      {f_us:8.1f} µs  {f_moves / len(hands):7.1f} moves")


if __name__ == "__main__":
    main()
