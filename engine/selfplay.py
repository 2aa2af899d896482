"""Self-play: the baseline AI plays every seat for N hands; used by the CLI, tests and benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .ai import choose
from .core import Game
from .match import book_dealer
from .registry import MatchProgress, get_variant


def play_hand(game: Game, on_step: Callable[[Game], None] | None = None) -> Game:
    """Play one hand to the end with the AI in every seat."""
    while not game.finished:
        seats = game.to_act()
        if not seats:
            raise RuntimeError(f"{game.variant_id}: nobody to act in an unfinished hand")
        seat = seats[0]
        game.apply(seat, choose(game, seat))
        if on_step is not None:
            on_step(game)
    return game


def selfplay(variant_id: str, hands: int = 100, seed: int = 0, options: dict[str, Any] | None = None) -> dict[str, Any]:
    variant = get_variant(variant_id)
    opts = variant.validate(options)
    seats = variant.seat_count(opts)
    progress = MatchProgress(options={**opts, "hands": 10**9} if "hands" in opts else opts, seats=seats,
                             totals=[0] * seats)
    wins = [0] * seats
    draws = 0
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(hands):
        game = variant.new_hand(opts, seed * 1_000_003 + i, progress.dealer, dict(progress.carry))
        play_hand(game)
        actions += len(getattr(game, "log", ()))
        result = game.result
        assert result is not None
        for s, d in enumerate(result.deltas):
            progress.totals[s] += d
        for w in result.winners:
            wins[w] += 1
        draws += result.draw
        progress.hand_no += 1
        variant.after_hand(progress, result)
        book_dealer(progress, result)
    elapsed = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
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
    }
