"""Matches: running totals, dealer rotation, 黄番 carry-over, match length, random first dealer."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.core import HandResult, Win
from engine.ledger import CANCEL_ON_DRAW, KEEP, Ledger, net
from engine.match import Match
from engine.selfplay import play_hand
from engine.words import msg
from engine.zipai.game import ZipaiGame


def test_match_runs_its_hands_with_running_totals_and_rotation() -> None:
    match = Match("paohuzi", {"hands": 6})
    seed = 100
    while not match.over:
        dealer = match.progress.dealer
        carry = dict(match.progress.carry)
        game = match.new_hand(seed)
        assert isinstance(game, ZipaiGame)
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


def _book(match: Match, result: HandResult) -> HandResult:
    """Finish a hand whose result is given, as a variant that names its next dealer would end it."""
    match.game = SimpleNamespace(finished=True, result=result)  # type: ignore[assignment]
    return match.finish_hand()


def test_a_hand_that_names_its_next_dealer_decides_the_deal() -> None:
    """通炮 → the discarder deals next, not the first winner the common rotation would pick."""
    match = Match("paohuzi", {"hands": 6}, first_dealer=0)
    wins = [Win(1, 2, "三", ("红胡",), 4), Win(0, 2, "三", (), 2)]
    _book(match, HandResult([1, 0], [2, 4, -6], wins=wins, next_dealer=2))
    assert match.progress.dealer == 2
    assert match.progress.carry["huangzhuang"] == 0  # the variant's own bookkeeping still ran
    # a drawn hand naming its 海底 taker: he deals, and the drawn-hand count still grows
    _book(match, HandResult([], [0, 0, 0], draw=True, next_dealer=1))
    assert match.progress.dealer == 1
    assert match.progress.carry["huangzhuang"] == 1
    # naming nobody keeps today's rule: the winner deals
    _book(match, HandResult([0], [2, -1, -1], wins=[Win(0, None, "四", (), 1)]))
    assert match.progress.dealer == 0
    with pytest.raises(ValueError):
        _book(match, HandResult([0], [0, 0, 0], next_dealer=3))


def test_totals_stay_zero_sum_with_the_in_hand_ledger() -> None:
    """The deltas hold the standing kong money; the match books them once and the totals still net to zero."""
    match = Match("paohuzi", {"hands": 6}, first_dealer=0)
    for drawn, rule in ((False, KEEP), (True, KEEP), (True, CANCEL_ON_DRAW), (False, CANCEL_ON_DRAW)):
        ledger = Ledger(3)
        ledger.pay(1, 0, 2, msg("暗杠"))
        ledger.pay(2, 0, 2, msg("暗杠"))
        ledger.pay(0, 1, 3, msg("放杠"))
        stood = ledger.settle(drawn, rule)
        settlement = [0, 0, 0] if drawn else [-3, 6, -3]
        deltas = [s + m for s, m in zip(settlement, net(3, stood), strict=True)]
        before = list(match.totals)
        result = _book(match, HandResult([] if drawn else [1], deltas, draw=drawn, ledger=stood))
        assert result.ledger_net == net(3, stood)
        assert [b + d for b, d in zip(before, deltas, strict=True)] == match.totals
        assert sum(match.totals) == 0
    # the ledger nets [1, 1, -2]: two wins with it, one 流局 keeping it, one 荒庄 cancelling it
    assert match.totals == [2 * -3 + 3 * 1, 2 * 6 + 3 * 1, 2 * -3 + 3 * -2]


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai"])
def test_a_match_keeps_no_past_hand_and_a_dropped_hand_needs_no_collector(variant: str) -> None:
    """A live table keeps its match for hours: the settled result is kept only until the next deal, and a hand
    the match lets go of is freed at once (no reference cycle left for a full collection to find)."""
    import gc
    import weakref

    from engine import ai

    match = Match(variant, {}, first_dealer=0)
    gc.collect()
    gc.disable()
    try:
        for seed in (3, 4):
            game = match.new_hand(seed)
            while not game.finished:
                seat = game.to_act()[0]
                game.apply(seat, ai.choose(game, seat, "普通"))
            gone = weakref.ref(game)
            del game
            result = match.finish_hand()
            assert match.last_result is result
            assert gone() is None  # freed by its reference count alone
            match.new_hand(seed + 10)
            assert match.last_result is None  # the next deal lets the last result go
            assert not hasattr(match, "results")
            match.game = None
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai"])
def test_a_deep_copied_hand_is_played_on_its_own(variant: str) -> None:
    """Tests and search copy a hand to try a move: the copy's legal actions are the copy's (its cache asks the
    copy, not the hand it was copied from), and playing on it leaves the original as it was."""
    import copy

    match = Match(variant, {}, first_dealer=0)
    game = match.new_hand(5)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    twin = copy.deepcopy(game)
    twin.apply(seat, legal[0])
    assert twin.version == game.version + 1
    assert game.legal_actions(seat) == legal and game.log == []
    assert [twin.legal_actions(s) for s in twin.to_act()] != [legal]  # the copy moved on
