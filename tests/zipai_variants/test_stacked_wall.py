"""A stacked wall (tests only) deals the cards it is given and nothing else: the hand's rules and options are
exactly those of a shuffled hand with the same options, and a wrong wall is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.match import Match
from engine.registry import get_variant
from engine.variants import bopi
from engine.zipai.cards import full_deck, parse_cards
from engine.zipai.game import ZipaiGame
from engine.zipai.variant import hand_rules
from tests.helpers_zipai import stacked_deck, stacked_game


def _hand(variant_id: str, options: dict[str, Any], seed: int, dealer: int = 0,
          carry: dict[str, Any] | None = None, wall: list[int] | None = None) -> ZipaiGame:
    variant = get_variant(variant_id)
    game = variant.new_hand(variant.validate(options), seed, dealer, dict(carry or {}), wall=wall)
    assert isinstance(game, ZipaiGame)
    return game


def _wall(seed: int) -> list[int]:
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return deck


# Options away from the defaults, each changing what the hand is: rules, a stake window, the scoring mode.
NON_DEFAULT = [
    ("fangpaofa", {"daniao": True, "niao_value": 30}),
    ("paohuzi", {"mingtang": "honghei", "chongtun": 2}),
    ("bopi", {"players": 4}),
    ("bopi", {"players": 3}),
    ("anhua", {"mingwei": True, "tun": "1xi"}),
]


@pytest.mark.parametrize(("variant_id", "options"), NON_DEFAULT)
def test_stacked_hand_has_the_rules_its_options_give(variant_id: str, options: dict[str, Any]) -> None:
    carry = {"huangzhuang": 2}
    shuffled = _hand(variant_id, options, 5, dealer=1, carry=carry)
    stacked = _hand(variant_id, options, 0, dealer=1, carry=carry, wall=_wall(99))
    assert stacked.rules is shuffled.rules
    assert stacked.rules is hand_rules(get_variant(variant_id), stacked.options)
    assert stacked.options == shuffled.options
    assert (stacked.seats, stacked.sitter, stacked.window_kind, stacked.predeal is None) == (
        shuffled.seats, shuffled.sitter, shuffled.window_kind, shuffled.predeal is None)


def test_the_options_really_change_the_rules() -> None:
    # Without this the comparison above could pass with one rules object for everything.
    four, three = _hand("bopi", {"players": 4}, 0), _hand("bopi", {"players": 3}, 0, wall=_wall(1))
    assert (four.rules.seats, four.sitter) == (4, 2) and (three.rules.seats, three.sitter) == (3, None)
    assert _hand("anhua", {"mingwei": True}, 0, wall=_wall(1)).rules.wei_shown == 1
    assert _hand("anhua", {}, 0, wall=_wall(1)).rules.wei_shown == 0
    # 打鸟: the stake step comes before the 亮张, stacked or not.
    assert _hand("fangpaofa", {"daniao": True}, 0, wall=_wall(1)).predeal is not None
    assert _hand("fangpaofa", {}, 0, wall=_wall(1)).predeal is None
    # 跑胡子's 黄番 comes from the carry-over on a stacked hand too.
    assert _hand("paohuzi", {}, 0, carry={"huangzhuang": 3}, wall=_wall(1)).options["huangfan"] == 3


def test_the_wall_is_dealt_in_the_documented_order() -> None:
    # 剥皮 4 players, dealer 1: the 数醒 is seat 3; seat 1 gets 21 (the 21st is the 亮张), then seats 2 and 0.
    wall = _wall(7)
    m = Match("bopi", {"players": 4}, first_dealer=1)
    game = m.new_hand(123, wall=wall)
    assert isinstance(game, ZipaiGame) and game.sitter == 3
    dealt = {1: wall[:21], 2: wall[21:41], 0: wall[41:61]}
    for seat, cards in dealt.items():
        held = [c for c in range(20) for _ in range(game.hands[seat][c])]
        held += [c for meld in game.melds[seat] for c in meld.group.cards]
        assert sorted(held) == sorted(cards)
    assert sum(game.hands[3]) == 0 and not game.melds[3]
    assert game.liang == wall[20] and game.wall == wall[61:]
    assert game.deck == tuple(wall)


def test_without_a_wall_the_seed_deals_as_before() -> None:
    # Stored tables replay from the seed: its shuffle is the plain Random(seed) one, wall or no wall parameter.
    for seed in (0, 1, 424242):
        m = Match("paohuzi")
        game = m.new_hand(seed)
        assert isinstance(game, ZipaiGame) and list(game.deck) == _wall(seed)
        assert game.log == [] and game.rules is get_variant("paohuzi").rules_for(m.options)  # type: ignore[misc]


@pytest.mark.parametrize(("wall", "message"), [
    (_wall(3)[:79], "79 cards, need 80"),
    (_wall(3) + [0], "81 cards, need 80"),
    (sorted(_wall(3))[:-1] + parse_cards("一"), "too many: 一×5; too few: 拾×3"),
    (_wall(3)[:-1] + [20], "not 字牌 codes"),
])
def test_a_wrong_wall_is_refused(wall: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _hand("paohuzi", {}, 0, wall=wall)
    with pytest.raises(ValueError, match=message):
        Match("paohuzi").new_hand(0, wall=wall)


def test_a_short_wall_names_the_missing_kind() -> None:
    wall = _wall(3)
    wall.remove(parse_cards("拾")[0])
    with pytest.raises(ValueError, match="too few: 拾×3"):
        _hand("bopi", {}, 0, wall=wall)


def test_the_helpers_refuse_rules_the_options_do_not_give() -> None:
    # The old trap: 剥皮's 4-seat rules with 人数 3 in the options.
    with pytest.raises(AssertionError, match="give other rules"):
        stacked_game(bopi.RULES_4, {"players": 3}, ["", "", ""], liang="十")
    game = stacked_game(bopi.RULES_3, {"players": 3}, ["", "", ""], liang="十")
    assert game.rules is bopi.RULES_3 and game.sitter is None
    assert list(game.deck) == stacked_deck(bopi.RULES_3, ["", "", ""], liang="十")
