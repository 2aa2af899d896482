"""Legal plays from rank counts against a brute-force reading of every sub-multiset of the hand: the same plays,
leading and following, on thousands of random hands and rule sets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.paodekuai.cards import counts_of, deck_for
from engine.paodekuai.plays import Play, PlayRules, beats, follow_plays, lead_plays, parse_play

from .brute import brute_plays


def _generated(plays: list[Play]) -> Counter[tuple[str, str]]:
    return Counter((p.kind, p.code) for p in plays)


def _rules(rng: random.Random) -> PlayRules:
    return PlayRules(four_with_three=rng.random() < 0.5, triple_tail=rng.random() < 0.5,
                     split_bombs=rng.random() < 0.7)


def _hand(rng: random.Random, deck: list[int], n: int) -> list[int]:
    if rng.random() < 0.3:  # rich in triples and fours, where wings and planes live
        ranks = rng.sample(range(12), 4)
        pool = [c for c in deck if c // 4 in ranks]
        rest = [c for c in deck if c // 4 not in ranks]
        cards = rng.sample(pool, min(n, len(pool), 9))
        cards += rng.sample(rest, n - len(cards))
        return counts_of(cards)
    return counts_of(rng.sample(deck, n))


@pytest.mark.parametrize("block", range(4))
def test_leading_plays_are_exactly_the_brute_force_set(block: int) -> None:
    rng = random.Random(1000 + block)
    deck = deck_for(16, False)
    for _ in range(600):
        rules = _rules(rng)
        hand = _hand(rng, deck, rng.randint(1, 11))
        assert _generated(lead_plays(hand, rules)) == brute_plays(hand, rules), (hand, rules)


@pytest.mark.parametrize("block", range(4))
def test_following_plays_are_exactly_the_brute_force_set(block: int) -> None:
    rng = random.Random(2000 + block)
    deck = deck_for(16, False)
    for _ in range(500):
        rules = _rules(rng)
        hand = _hand(rng, deck, rng.randint(1, 11))
        other = lead_plays(_hand(rng, deck, 16), rules)
        for cur in rng.sample(other, min(3, len(other))):
            got = _generated(follow_plays(hand, cur, rules))
            assert got == brute_plays(hand, rules, cur), (hand, cur, rules)


def test_full_hands_lead_the_brute_force_set() -> None:
    rng = random.Random(7)
    deck = deck_for(16, False)
    for _ in range(40):
        rules = _rules(rng)
        hand = counts_of(rng.sample(deck, 16))
        assert _generated(lead_plays(hand, rules)) == brute_plays(hand, rules)


def test_codes_parse_back() -> None:
    hand = counts_of(range(0, 40))  # 3 through Q, four of each
    for p in lead_plays(hand, PlayRules(four_with_three=True)):
        assert parse_play(p.kind, p.code) == p


def test_ranking_and_bombs() -> None:
    r = PlayRules()
    two, ace, three = Play("single", 12), Play("single", 11), Play("single", 0)
    assert beats(two, ace, r) and beats(ace, three, r) and not beats(three, two, r)
    bomb3, bomb9 = Play("bomb", 0), Play("bomb", 6)
    assert beats(bomb3, two, r) and beats(bomb3, Play("plane", 5, 2, (0, 0, 1, 1)), r)
    assert beats(bomb9, bomb3, r) and not beats(bomb3, bomb9, r)
    # same type, same length only
    assert not beats(Play("straight", 8, 6), Play("straight", 7, 5), r)
    assert not beats(Play("pair", 5), Play("single", 3), r)
    # a 四带三 never beats a 三带二 and falls to a higher one or a bomb
    four = Play("four", 5, 1, (0, 1, 2))
    assert not beats(four, Play("trio", 3, 1, (0, 1)), r)
    assert beats(Play("four", 6, 1, (0, 1, 2)), four, r) and beats(bomb3, four, r)


def test_no_two_in_runs_and_ace_may_end_one() -> None:
    r = PlayRules()
    hand = counts_of([4 * k for k in range(7, 13)])  # 10 J Q K A 2
    straights = {p.code for p in lead_plays(hand, r) if p.kind == "straight"}
    assert straights == {"10-A"}
