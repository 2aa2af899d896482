"""Matches: running totals, dealer rotation, 黄番 carry-over, match length, random first dealer."""

from __future__ import annotations

from engine.match import Match
from engine.selfplay import play_hand


def test_match_runs_its_hands_with_running_totals_and_rotation() -> None:
    match = Match("paohuzi", {"hands": 6})
    seed = 100
    while not match.over:
        dealer = match.progress.dealer
        carry = dict(match.progress.carry)
        game = match.new_hand(seed)
        assert game.dealer == dealer
        assert game.options["huangfan"] == carry.get("huangzhuang", 0)
        play_hand(game)
        before = list(match.totals)
        result = match.finish_hand()
        assert [b + d for b, d in zip(before, result.deltas, strict=True)] == match.totals
        if result.draw:  # 黄庄: the dealer keeps the deal, the next win gets 黄番
            assert match.progress.dealer == dealer
            assert match.progress.carry["huangzhuang"] == carry.get("huangzhuang", 0) + 1
        else:
            assert match.progress.dealer == result.winners[0]
            assert match.progress.carry["huangzhuang"] == 0
        seed += 1
    assert match.progress.hand_no == 6
    assert sum(match.totals) == 0
    ranking = match.ranking()
    assert sorted(ranking) == [0, 1, 2]
    assert match.totals[ranking[0]] == max(match.totals)


def test_random_banker_is_reproducible_and_varies() -> None:
    dealers = {Match("paohuzi", {"banker": "random"}, seed=s).progress.dealer for s in range(30)}
    assert dealers == {0, 1, 2}
    assert Match("paohuzi", {"banker": "random"}, seed=7).progress.dealer == Match(
        "paohuzi", {"banker": "random"}, seed=7).progress.dealer
    assert Match("paohuzi", {}, first_dealer=2).progress.dealer == 2


def test_a_given_first_dealer_is_kept_even_with_random_banker() -> None:
    """A stored match is rebuilt with the dealer it had: 随机庄 must not draw again."""
    for seed in range(10):
        assert Match("paohuzi", {"banker": "random"}, first_dealer=1, seed=seed).progress.dealer == 1


def test_bopi_first_dealer_is_drawn_by_cards() -> None:
    """剥皮 定庄: each seated player draws a card; 大字 beats 小字, then rank; equal cards → first drawer."""
    import random

    from engine.variants import bopi
    from engine.zipai.cards import full_deck

    for seed in range(40):
        deck = full_deck()
        random.Random(seed).shuffle(deck)
        for players in (4, 3):
            draws = deck[:players]
            best = max(draws, key=lambda c: (c >= 10, c % 10))
            expected = draws.index(best)  # the first drawer of the best card
            match = Match("bopi", {"players": players}, seed=seed)
            assert match.progress.dealer == expected == bopi.first_dealer({}, players, random.Random(seed))
