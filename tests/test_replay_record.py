"""``engine.replay.record`` against the engine itself, for every variant: a hand played by the AI is recorded again
from its seed and log, and every step must show each seat's hand and melds exactly as that seat's own view showed
them when played, each card taken from the wall (the wall shrinks by exactly the draws told), every window's asked
seats with what they could choose and what they answered, and turns that start at the deal and only move on."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import choose
from engine.hand import Hand
from engine.match import Match
from engine.registry import all_variants
from engine.replay import record
from engine.views import Phase

VARIANTS = sorted(v.id for v in all_variants())


def played(variant: str, seed: int) -> tuple[list[tuple[int, str]], list[dict[str, Any]]]:
    """One hand played by the AI: its log, and before each action (and at the end) what the engine showed."""
    game = Match(variant, None, 0).new_hand(seed)
    assert isinstance(game, Hand)
    seen: list[dict[str, Any]] = []

    def look() -> None:
        views = [game.view(s) for s in range(game.seats)]
        public = game.public_view()
        asked = {s: [game.name_action(a) for a in game.legal_actions(s)] for s in game.to_act()} \
            if public.phase in (Phase.CLAIM, Phase.ASK) else {}
        seen.append({"hands": tuple(v.hand for v in views), "melds": tuple(v.melds[s] for s, v in enumerate(views)),
                     "wall": public.wall, "asked": asked})

    look()
    while not game.finished:
        seat = game.to_act()[0]
        game.apply(seat, choose(game, seat).code)
        look()
    return list(game.log), seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_recorded_hand_is_the_engines_own_at_every_step(variant: str) -> None:
    windows = draws = 0
    for seed in range(3):
        log, seen = played(variant, seed)
        game = Match(variant, None, 0).new_hand(seed)
        assert isinstance(game, Hand)
        replay = record(game, log)
        assert len(replay.steps) == len(log) + 1 == len(seen)
        for i, (step, then) in enumerate(zip(replay.steps, seen, strict=True)):
            assert step.hands == then["hands"], (seed, i)
            assert step.melds == then["melds"], (seed, i)
            assert not any(m.hidden for melds in step.melds for m in melds), (seed, i)  # 偎, 暗杠 face up
            assert step.turn == replay.turn_of(i)
            if i and then["wall"] is not None and seen[i - 1]["wall"] is not None and not step.public.finished:
                # every card that left the wall is told as a draw, and nothing else is
                assert seen[i - 1]["wall"] - then["wall"] == len(step.draws), (seed, i, step.draws)
            draws += len(step.draws)
        for i, (seat, code) in enumerate(log):
            asked = seen[i]["asked"]
            before = replay.steps[i]
            if not asked:
                continue
            # a window was open: the replay names it, every seat asked with its options, and this seat's answer
            assert before.window is not None and replay.steps[i + 1].answers == before.window, (seed, i)
            window = replay.windows[before.window]
            by_seat = {a.seat: a for a in window.asked}
            for s, options in asked.items():
                assert list(by_seat[s].options) == options, (seed, i, s)
            answer = by_seat[seat]
            assert answer.answered_at == i + 1 and answer.answer is not None
            assert answer.answer.label == game_name(variant, seed, log[:i], seat, code)
            windows += 1
        assert replay.turns[0] == 0 and list(replay.turns) == sorted(set(replay.turns))
        assert len(replay.turn_seats) == len(replay.turns) and replay.turn_seats[0] is None
    if not variant.startswith("paodekuai"):
        assert windows and draws, (windows, draws)  # the checks above did check something


def game_name(variant: str, seed: int, before: list[tuple[int, str]], seat: int, code: str) -> str:
    """The label the engine gives the action at the state it was taken in (replayed afresh here)."""
    game = Match(variant, None, 0).new_hand(seed)
    for s, c in before:
        game.apply(s, c)
    return game.name_action(game.parse_action(code)).label
