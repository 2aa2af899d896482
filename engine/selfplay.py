"""Self-play: the baseline AI plays every seat for N hands; used by the CLI, tests and benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from .ai import choose
from .core import Action, Game
from .match_rules import book_dealer
from .registration import MatchProgress
from .registry import get_variant

Policy = Callable[[Game, int], Action]


def random_policy(rng: random.Random) -> Policy:
    """A player who picks any legal action at random (the yardstick the baseline AI must clearly beat)."""
    return lambda game, seat: rng.choice(game.legal_actions(seat))


def play_hand(game: Game, on_step: Callable[[Game], None] | None = None,
              policies: dict[int, Policy] | None = None, *, steps: int | None = None) -> Game:
    """Play one hand to the end with the AI in every seat (``policies`` seats another player in some); with
    ``steps``, only that many actions (a position in the middle of a hand, to look at)."""
    played = 0
    while not game.finished and (steps is None or played < steps):
        played += 1
        seats = game.to_act()
        if not seats:
            raise RuntimeError(f"{game.variant_id}: nobody to act in an unfinished hand")
        seat = seats[0]
        policy = policies.get(seat, choose) if policies else choose
        game.apply(seat, policy(game, seat))
        if on_step is not None:
            on_step(game)
    return game


def selfplay(variant_id: str, hands: int = 100, seed: int = 0, options: dict[str, Any] | None = None,
             *, random_seats: int = 0) -> dict[str, Any]:
    """The AI plays ``hands`` hands of a match against itself; with ``random_seats`` that many seats (moving one
    seat on every hand, so no seat is favoured) are a random player instead, and the result compares the two:
    wins per AI seat-hand against wins per random seat-hand."""
    variant = get_variant(variant_id)
    opts = variant.validate(options)
    seats = variant.seat_count(opts)
    progress = MatchProgress(options={**opts, "hands": 10**9} if "hands" in opts else opts, seats=seats,
                             totals=[0] * seats)
    wins = [0] * seats
    draws = 0
    rng = random.Random(seed)
    versus = {"ai": 0, "random": 0}
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(hands):
        game = variant.new_hand(opts, seed * 1_000_003 + i, progress.dealer, dict(progress.carry))
        randoms = {(i + k) % seats for k in range(random_seats)}
        play_hand(game, policies={s: random_policy(rng) for s in randoms})
        actions += len(game.log)
        result = game.result
        assert result is not None
        for s, d in enumerate(result.deltas):
            progress.totals[s] += d
        for w in result.winners:
            wins[w] += 1
            versus["random" if w in randoms else "ai"] += 1
        draws += result.draw
        progress.hand_no += 1
        variant.after_hand(progress, result)
        book_dealer(progress, result)
    elapsed = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    out_versus: dict[str, Any] = {}
    if random_seats:
        ai_seat_hands = hands * (seats - random_seats)
        out_versus = {"versus_random": {
            "random_seats": random_seats, "ai_wins": versus["ai"], "random_wins": versus["random"],
            "ai_wins_per_seat_hand": round(versus["ai"] / ai_seat_hands, 4),
            "random_wins_per_seat_hand": round(versus["random"] / (hands * random_seats), 4)}}
    return {
        "variant": variant_id,
        "hands": hands,
        "wins": sum(wins),
        "wins_by_seat": wins,
        "draws": draws,
        "totals": progress.totals,
        "hands_per_second": round(hands / elapsed, 1) if elapsed > 0 else None,
        "actions": actions,  # decisions applied (every seat's, AI's included)
        "cpu_seconds": cpu_seconds,
        "hands_per_cpu_second": round(hands / cpu_seconds, 1) if cpu_seconds > 0 else None,
        **out_versus,
    }
