"""``engine.replay.record`` against the engine itself, for every variant: a hand played by the AI is recorded again
from its seed and log, and every step must show each seat's hand and melds exactly as that seat's own view showed
them when played, each card taken from the wall (the wall shrinks by exactly the draws told), every window's asked
seats with what they could choose and what they answered, and turns that start at the deal and only move on."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import choose
from engine.hand import Hand
from engine.mahjong.game import MahjongGame
from engine.match import Match
from engine.registry import all_variants
from engine.replay import HandReplay, record
from engine.views import Phase

from .mahjong.test_changsha_game import KONGER, make, until

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


def recorded(variant: str, seed: int) -> tuple[list[tuple[int, str]], list[dict[str, Any]], HandReplay]:
    """A hand played by the AI (its log and each step's views, see ``played``) and its replay recorded afresh."""
    log, seen = played(variant, seed)
    game = Match(variant, None, 0).new_hand(seed)
    assert isinstance(game, Hand)
    return log, seen, record(game, log)


def moves(replay: HandReplay) -> list[int]:
    """The step each action of the log is told at (the others are draws made inside an action, or the deal)."""
    return [i for i, step in enumerate(replay.steps) if step.code is not None]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_recorded_hand_is_the_engines_own_at_every_step(variant: str) -> None:
    windows = draws = 0
    for seed in range(3):
        log, seen, replay = recorded(variant, seed)
        at = moves(replay)
        assert [replay.steps[i].code for i in at] == [code for _, code in log]
        # each action's last step (the deal: step 0) shows the table as the engine did once it was taken
        ends = [*(i - 1 for i in at), len(replay.steps) - 1]
        assert len(ends) == len(seen)
        for i, then in zip(ends, seen, strict=True):
            step = replay.steps[i]
            assert step.hands == then["hands"], (seed, i)
            assert step.melds == then["melds"], (seed, i)
        for i, step in enumerate(replay.steps):
            assert not any(m.hidden for melds in step.melds for m in melds), (seed, i)  # 偎, 暗杠 face up
            assert step.turn == replay.turn_of(i)
            if step.code is None and i:  # a draw told as a step of its own: the drawer's, nothing else
                assert step.action is None and step.answers is None and step.draws, (seed, i)
                assert {d.seat for d in step.draws} == {step.seat}, (seed, i, step.draws)
            before = replay.steps[i - 1].public.wall if i else None
            if before is not None and step.public.wall is not None and not step.public.finished:
                # every card that left the wall is told as a draw, and nothing else, step by step
                assert before - step.public.wall == len(step.draws), (seed, i, step.draws)
            draws += len(step.draws)
        for n, (seat, code) in enumerate(log):
            asked = seen[n]["asked"]
            before_step = replay.steps[at[n] - 1]
            if not asked:
                continue
            # a window was open: the replay names it, every seat asked with its options, and this seat's answer
            assert before_step.window is not None and replay.steps[at[n]].answers == before_step.window, (seed, n)
            window = replay.windows[before_step.window]
            by_seat = {a.seat: a for a in window.asked}
            for s, options in asked.items():
                assert list(by_seat[s].options) == options, (seed, n, s)
            answer = by_seat[seat]
            assert answer.answered_at == at[n] and answer.answer is not None
            assert answer.answer.label == game_name(variant, seed, log[:n], seat, code)
            windows += 1
        assert replay.turns[0] == 0 and list(replay.turns) == sorted(set(replay.turns))
        assert len(replay.turn_seats) == len(replay.turns) and replay.turn_seats[0] is None
        if not variant.startswith("paodekuai"):
            # a turn opens with its seat's draw or a move of its own, never with an answer to another's card
            for t, start in enumerate(replay.turns[1:], 1):
                first = replay.steps[start]
                assert first.answers is None and first.seat == replay.turn_seats[t], (seed, start)
    if not variant.startswith("paodekuai"):
        assert windows and draws, (windows, draws)  # the checks above did check something


@pytest.mark.parametrize("variant", ["changsha", "hongzhong", "tuidaohu"])
def test_a_mahjong_draw_opens_the_drawers_turn(variant: str) -> None:
    """The engine draws for the next seat in the step of the discard nobody may claim (or of the last pass on it):
    the replay tells that draw as a step of its own opening the drawer's turn, the step before showing the table
    as it stood before the draw."""
    after_discard = after_pass = 0
    for seed in range(12):
        log, _, replay = recorded(variant, seed)
        for i, step in enumerate(replay.steps[1:], 1):
            if step.code is not None:
                continue
            [draw] = step.draws
            move = replay.steps[i - 1]
            assert move.draws == () and draw.seat == step.seat, (seed, i)
            if draw.seat != replay.turn_seats[move.turn]:  # another seat's draw: its turn begins here
                assert i in replay.turns and replay.turn_seats[step.turn] == draw.seat, (seed, i)
                assert step.turn == move.turn + 1
            # the tile was not in hand before its draw, and only the draw's step says it was drawn
            assert len(move.hands[draw.seat]) == len(step.hands[draw.seat]) - 1, (seed, i)
            assert any(m.id in ("{seat} 摸牌", "{seat} 杠后补牌") for m in step.says), (seed, i, step.says)
            assert not any(m.id in ("{seat} 摸牌", "{seat} 杠后补牌") for m in move.says), (seed, i)
            if move.answers is None and move.code is not None and move.code.startswith("discard"):
                after_discard += 1
            elif move.answers is not None and move.action is not None and move.action.label == "过":
                after_pass += 1
        if after_discard and after_pass:
            break
    assert after_discard and after_pass, (after_discard, after_pass)


def game_name(variant: str, seed: int, before: list[tuple[int, str]], seat: int, code: str) -> str:
    """The label the engine gives the action at the state it was taken in (replayed afresh here)."""
    game = Match(variant, None, 0).new_hand(seed)
    for s, c in before:
        game.apply(s, c)
    return game.name_action(game.parse_action(code)).label


def gangpao_hand() -> tuple[MahjongGame, list[tuple[int, str]]]:
    """长沙: seat 0's 开杠 turns 1s and 8m, neither of which it wins; seat 1 may 胡 the 1s, seat 2 the 8m (a hand of
    tests/mahjong/test_changsha_game.py): seat 1 passes, seat 2 wins. A fresh deal and the log that played it."""
    hands = [KONGER, "5p5p 2s3s 1m2m3m 7m8m9m 4p5p6p", "8p8p 6m7m 1m2m3m 3p3p3p 4s5s6s", None]
    g = make(hands, draws=["1p", "9p"], tails=["1s", "8m"])
    until(g, 0)
    g.apply(0, "kaigang:5m")
    assert g.window_kind == "gangpao"
    g.apply(1, "pass")
    g.apply(2, "hu")
    assert g.finished
    return make(hands, draws=["1p", "9p"], tails=["1s", "8m"]), list(g.log)


def test_a_changsha_kong_window_offers_both_tiles_and_says_which_each_seat_was_asked_on() -> None:
    game, log = gangpao_hand()
    replay = record(game, log)
    [window] = [w for w in replay.windows if w.offer.from_seat == 0 and w.offer.cards]
    assert window.offer.cards == ("1s", "8m") and window.offer.card is None
    assert "一条" in window.offer.says.zh() and "八万" in window.offer.says.zh(), window.offer.says.zh()
    by_seat = {a.seat: a for a in window.asked}
    assert set(by_seat) == {1, 2}
    assert by_seat[1].on == ("1s",) and by_seat[2].on == ("8m",)  # what the engine offered each: its own tile
    assert [o.label for o in by_seat[1].options] == ["胡", "过"] == [o.label for o in by_seat[2].options]
    assert by_seat[1].answer is not None and by_seat[1].answer.label == "过"
    assert by_seat[2].answer is not None and by_seat[2].answer.label == "胡"
