"""Seeded self-play over the option space: cards conserved, zero-sum with the ledger, replay from the log, no
hidden card in anything the table sees."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.__main__ import main
from engine.ai import choose
from engine.core import IllegalAction
from engine.ledger import net
from engine.outcome import Outcome
from engine.paodekuai.cards import NOTATION, SIGNED
from engine.paodekuai.game import PaodekuaiGame, play_of
from engine.registration import MatchProgress
from engine.registry import get_variant
from engine.selfplay import play_hand, random_policy
from tests.scale import scaled

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"cards": 15},
    {"random_remove4": True, "hearts10_double": True},
    {"four_with_three": True, "triple_tail": True, "split_bombs": False},
    {"must_beat": False, "baodan_must_top": False, "full_close_double": False, "bomb_instant": False},
    {"daniao": True, "spade3_first": False, "hearts10_double": True, "four_with_three": True},
]


def _hidden(game: PaodekuaiGame) -> set[str]:
    """Every card still in a hand, in notation and as the table writes it (♠3)."""
    return {table[c] for h in game.hands for c in h for table in (NOTATION, SIGNED)}


def _check_public(game: PaodekuaiGame, start: int) -> None:
    """The public view's JSON and every public event (its data and what it says) name no card still in a hand."""
    events = [e for e in game.events[start:] if e.public]
    shown = json.dumps(game.public_view().to_json(), ensure_ascii=False)
    shown += json.dumps([e.data for e in events], ensure_ascii=False)
    shown += json.dumps([e.says.to_json() for e in events if e.says is not None], ensure_ascii=False)
    shown += "".join(e.says.zh() for e in events if e.says is not None)
    assert all(e.says is not None for e in events)  # every public event has its line
    if not game.finished:
        leaked = [c for c in _hidden(game) if c in shown]
        assert not leaked, (leaked, shown[:400])


def _replayed(variant_id: str, opts: dict[str, Any], game: PaodekuaiGame, dealer: int,
              carry: dict[str, Any]) -> PaodekuaiGame:
    again = get_variant(variant_id).new_hand(opts, game.seed, dealer, carry)
    assert isinstance(again, PaodekuaiGame)
    for seat, code in game.log:
        again.apply(seat, code)
    return again


@pytest.mark.parametrize("k", range(len(OPTION_SETS)))
def test_selfplay_hands_conserve_cards_sum_to_zero_replay_and_hide_hands(k: int) -> None:
    variant = get_variant("paodekuai")
    opts = variant.validate(OPTION_SETS[k])
    progress = MatchProgress(options={**opts, "hands": 32}, seats=3, totals=[0] * 3)
    per_set = scaled(170)  # 6 × 170 > 1,000 hands in the deep run (tests/scale.py)
    rng = random.Random(k)
    total = 45 if opts["cards"] == 15 else 48
    for i in range(per_set):
        dealer, carry = progress.dealer, dict(progress.carry)
        game = variant.new_hand(opts, 7919 * k + i, dealer, carry)
        assert isinstance(game, PaodekuaiGame)
        seen = 0

        def step(g: Any) -> None:
            nonlocal seen
            assert len(g.census()) == total and len(set(g.census())) == total
            _check_public(g, seen)
            seen = len(g.events)

        policies = {i % 3: random_policy(rng)} if i % 2 else None
        play_hand(game, on_step=step, policies=policies)
        r = game.result
        assert r is not None
        assert sum(r.deltas) == 0 and sum(r.ledger_net) == 0
        outcome = r.outcome
        assert outcome is not None and Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
        cards = [p for p in outcome.payments if p.why.id != "炸弹现结 {play}"]
        bombs = [p for p in outcome.payments if p.why.id == "炸弹现结 {play}"]
        assert bombs == r.ledger and all(p.amount == 10 for p in bombs)
        assert r.deltas == [a + b for a, b in zip(net(3, cards), r.ledger_net, strict=True)]
        assert net(3, outcome.payments) == r.deltas
        [winner] = outcome.winners
        assert winner.value == sum(p.amount for p in cards) == sum(s.value or 0 for s in winner.steps)
        assert [len(h) for h in outcome.hands] == [len(h) for h in game.hands]
        assert r.winners == [next(s for s in range(3) if not game.hands[s])] == [r.next_dealer]
        again = _replayed("paodekuai", opts, game, dealer, carry)
        assert again.result is not None and again.result.deltas == r.deltas
        assert again.public_view() == game.public_view()
        for s, d in enumerate(r.deltas):
            progress.totals[s] += d
        progress.hand_no += 1
        variant.after_hand(progress, r)
        assert r.next_dealer is not None  # (the winner: checked above)
        progress.dealer = r.next_dealer


def test_selfplay_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--variant", "paodekuai", "--hands", "30"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 30 and out["wins"] == 30 and sum(out["totals"]) == 0


def test_every_legal_play_chosen_as_cards_classifies_back_and_other_sets_say_why() -> None:
    variant = get_variant("paodekuai")
    rng = random.Random(99)
    checked = refused = 0
    for i in range(120):
        opts = variant.validate(OPTION_SETS[i % len(OPTION_SETS)])
        game = variant.new_hand(opts, 500 + i, 0, {})
        assert isinstance(game, PaodekuaiGame)
        while not game.finished:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if game.predeal is None:
                hand = game.hands[seat]
                for a in rng.sample(legal, min(4, len(legal))):
                    if a.kind == "pass":
                        continue
                    want = list(play_of(a).ranks())
                    pool = list(hand)
                    rng.shuffle(pool)  # any suits of those ranks
                    cards = []
                    for r in want:
                        c = next(c for c in pool if c // 4 == r and c not in cards)
                        cards.append(c)
                    got = game.classify(" ".join(NOTATION[c] for c in cards), seat)
                    assert got in legal and play_of(got).ranks() == tuple(want)
                    checked += 1
                pick = rng.sample(hand, rng.randint(1, min(6, len(hand))))
                try:
                    got = game.classify([NOTATION[c] for c in pick], seat)
                    assert got in legal
                except IllegalAction as e:
                    assert any("\u4e00" <= ch <= "\u9fff" for ch in str(e)) and "None" not in str(e)
                    refused += 1
            game.apply(seat, choose(game, seat))
    assert checked > 1000 and refused > 100
