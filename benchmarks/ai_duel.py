"""AI levels side by side on the same deals (duplicate deals, seats rotated), with a confidence interval.

    python -m benchmarks.ai_duel --variant V --deals N --seed S --challenger 困难 --field 普通

Each deal (a hand's seed from ``--seed`` and the deal's number, the first dealer seat 0, the variant's default
options) is played once per seat with the challenger in that seat and the field level in every other: the deal's
score is the challenger's mean points over its seats, so the cards cannot favour either level. The result is the
mean over the deals, per 100 hands, with a 95% confidence interval clustered by deal (the deals are the
independent draws; a deal's rotations share its cards). Decision times are the challenger's, CPU time
(``time.process_time``) per call of its policy. Everything is deterministic from the seed (the AIs are
deterministic given the game), so a run can be repeated exactly; times of course vary. ``--jobs J`` plays the deals
in J processes (one a core) and takes their results in deal order: the same points and interval as one process,
in about 1/J of the time (the decision times are each process's own; the CPU total counts every process).

Per variant the last line printed is
``V: 困难 vs 普通 <+x> points per 100 hands (95% CI [a, b]) over N deals, decision p50 <m> ms p99 <n> ms CPU``;
``--variant all`` (the default) runs every registered variant in turn. A level a variant's family has not
registered plays as 普通: a line before the result says so.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass

from engine import ai
from engine.core import Game
from engine.registration import LEVELS, Variant
from engine.registry import all_variants, get_variant


@dataclass
class Duel:
    variant: str
    challenger: str
    field: str  # the level in every other seat (this name hides dataclasses.field in the body: spelt out below)
    deal_means: list[float] = dataclasses.field(default_factory=list)  # the challenger's mean points per hand, per deal
    decisions: list[float] = dataclasses.field(default_factory=list)  # seconds of CPU per challenger decision
    choices: list[float] = dataclasses.field(default_factory=list)  # the same, of decisions with two legal actions or more
    cpu: float = 0.0  # seconds of CPU playing the deals, in whichever process played them

    @property
    def deals(self) -> int:
        return len(self.deal_means)

    def per_100(self) -> tuple[float, float, float]:
        """(mean, CI low, CI high) in points per 100 hands; the interval is normal over the deal means."""
        n = self.deals
        mean = statistics.fmean(self.deal_means) if n else 0.0
        half = 1.96 * statistics.stdev(self.deal_means) / math.sqrt(n) if n > 1 else 0.0
        return 100 * mean, 100 * (mean - half), 100 * (mean + half)

    def line(self) -> str:
        mean, lo, hi = self.per_100()
        p50, p99 = percentiles(self.decisions)
        return (f"{self.variant}: {self.challenger} vs {self.field} {mean:+.1f} points per 100 hands "
                f"(95% CI [{lo:+.1f}, {hi:+.1f}]) over {self.deals} deals, "
                f"decision p50 {p50:.2f} ms p99 {p99:.2f} ms CPU")


def percentiles(seconds: list[float]) -> tuple[float, float]:
    """(p50, p99) in ms, nearest rank."""
    ms = sorted(t * 1000 for t in seconds) or [0.0]
    return ms[len(ms) // 2], ms[min(len(ms) - 1, math.ceil(0.99 * len(ms)) - 1)]


def deal_seed(seed: int, deal: int) -> int:
    return (seed * 1_000_003 + deal) % (1 << 62)


def play(game: Game, levels: list[str], timed: int, times: list[float], choices: list[float] | None = None) -> Game:
    """Play the hand to its end, each seat at its level; the CPU time of seat ``timed``'s decisions goes in
    ``times``, and of those with a choice to make (two legal actions or more) in ``choices`` too."""
    while not game.finished:
        seats = game.to_act()
        if not seats:
            raise RuntimeError(f"{game.variant_id}: nobody to act in an unfinished hand")
        seat = seats[0]
        if seat == timed:
            started = time.process_time()
            action = ai.choose(game, seat, levels[seat])
            times.append(time.process_time() - started)
            if choices is not None and len(game.legal_actions(seat)) > 1:
                choices.append(times[-1])
        else:
            action = ai.choose(game, seat, levels[seat])
        game.apply(seat, action)
    return game


def play_deal(variant: Variant, d: int, seed: int, challenger: str, field_level: str
              ) -> tuple[float, list[float], list[float], float]:
    """Deal ``d`` played once per seat with the challenger there: (its mean points, its decision times, those of its
    decisions with a choice, the CPU time it took)."""
    started = time.process_time()
    options = variant.validate(None)
    seats = variant.seat_count(options)
    decisions: list[float] = []
    choices: list[float] = []
    points = []
    for c in range(seats):
        levels = [challenger if s == c else field_level for s in range(seats)]
        game = play(variant.new_hand(options, deal_seed(seed, d), 0, {}), levels, c, decisions, choices)
        assert game.result is not None
        points.append(game.result.deltas[c])
    return statistics.fmean(points), decisions, choices, time.process_time() - started


def _play_deal(job: tuple[str, int, int, str, str]) -> tuple[float, list[float], list[float], float]:
    variant_id, d, seed, challenger, field_level = job
    return play_deal(get_variant(variant_id), d, seed, challenger, field_level)


def duel(variant: Variant, deals: int, seed: int, challenger: str, field_level: str,
         every: int = 0, jobs: int = 1) -> Duel:
    """The duel over ``deals`` deals; with ``every``, the running line is printed after every that many deals (the
    figures so far are those of a run with fewer deals: deal d is the same in every run of one seed). ``jobs``
    processes play the deals side by side; their results are taken in deal order, so the points and the interval
    are those of one process (only the decision times, each measured in its own process, differ)."""
    out = Duel(variant.id, challenger, field_level)
    played: Iterable[tuple[float, list[float], list[float], float]]
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        if pool is None:
            played = (play_deal(variant, d, seed, challenger, field_level) for d in range(deals))
        else:
            played = pool.imap(_play_deal, ((variant.id, d, seed, challenger, field_level) for d in range(deals)))
        for d, (mean, decisions, choices, cpu) in enumerate(played):
            out.deal_means.append(mean)
            out.cpu += cpu
            out.decisions.extend(decisions)
            out.choices.extend(choices)
            if every and (d + 1) % every == 0 and d + 1 < deals:
                print(f"  so far: {out.line()}", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ai_duel", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="all", help="a variant id, or all (default)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--challenger", default="困难", choices=LEVELS)
    ap.add_argument("--field", default="普通", choices=LEVELS)
    ap.add_argument("--every", type=int, default=0, help="print the running result every that many deals")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing deals side by side (the same result)")
    args = ap.parse_args(argv)
    variants = all_variants() if args.variant == "all" else [get_variant(args.variant)]
    for v in variants:
        for level in sorted({args.challenger, args.field}, key=LEVELS.index):
            played = ai.level_played(v, level)
            if played != level:
                print(f"{v.id}: {level} is not registered for this family and plays as {played}", flush=True)
        result = duel(v, args.deals, args.seed, args.challenger, args.field, args.every, args.jobs)
        p50, p99 = percentiles(result.choices)
        print(f"{v.id}: {result.deals * v.seat_count(v.validate(None))} hands in "
              f"{result.cpu:.1f} s CPU; {len(result.choices)} of the challenger's "
              f"{len(result.decisions)} decisions had a choice: p50 {p50:.2f} ms p99 {p99:.2f} ms CPU", flush=True)
        print(result.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
