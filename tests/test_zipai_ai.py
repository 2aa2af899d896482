"""The baseline AI plays sensibly: it takes its wins and beats a player choosing legal moves at random."""

from __future__ import annotations

import random

from engine.ai import choose
from engine.registry import get_variant


def test_ai_outscores_random_players() -> None:
    variant = get_variant("paohuzi")
    opts = variant.validate({})
    totals = [0, 0, 0]
    wins = [0, 0, 0]
    for i in range(300):
        rng = random.Random(i)
        game = variant.new_hand(opts, 5000 + i, i % 3, {})
        while not game.finished:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, choose(game, seat) if seat == 0 else rng.choice(legal))
        assert game.result is not None
        for s in range(3):
            totals[s] += game.result.deltas[s]
        for w in game.result.winners:
            wins[w] += 1
    assert wins[0] > 2 * max(wins[1], wins[2]), wins
    assert totals[0] > 0 > max(totals[1], totals[2]), totals


def test_ai_always_takes_a_win() -> None:
    variant = get_variant("paohuzi")
    opts = variant.validate({})
    seen = 0
    for i in range(200):
        game = variant.new_hand(opts, i, 0, {})
        while not game.finished:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = choose(game, seat)
            if any(a.kind == "hu" for a in legal):
                assert action.kind == "hu"
                seen += 1
            game.apply(seat, action)
    assert seen > 50
