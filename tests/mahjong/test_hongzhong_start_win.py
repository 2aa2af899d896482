"""红中麻将's start-of-hand win with four 红中 (``rules/hongzhong.md`` §2, §4 and ruling 17): the calculator
(``python -m engine score``) and the game must agree on every dealt hand.

A non-dealer holds 13 dealt tiles; the game offers him the four-红中 胡 at the start of his first turn and
prices it as a 自摸. The calculator is asked about exactly those 13 tiles (``win_from: "deal"``, ``win_card:
null``, ``dealer: false``) and must give the same share; the dealer's 14 likewise. In the 8-红中 game four 红中
are no win (§4), so neither may call it one."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.calculator import evaluate, parse_json
from engine.core import InvalidInput
from engine.mahjong.game import MahjongGame
from engine.mahjong.tiles import HONG_ZHONG, NOTATION, tile_set
from engine.registry import get_variant

SEATS = 4


def calc(hand: list[int], win: int | None, win_from: str, *, dealer: bool, **options: Any) -> dict[str, Any]:
    """What ``python -m engine score`` answers (the JSON read as the command reads it, strict types)."""
    doc = {"variant": "hongzhong", "hand": [NOTATION[t] for t in hand],
           "win_card": None if win is None else NOTATION[win], "win_from": win_from,
           "context": {"dealer": dealer}, "options": options}
    data = parse_json(json.dumps(doc, ensure_ascii=False))
    return evaluate(data, strict=True)


def dealt_wall(rng: random.Random, size: int, holder: int, dealer: int, reds: int) -> list[int]:
    """A shuffled wall whose deal gives seat ``holder`` exactly ``reds`` 红中 (the set's others, if any, go to
    the wall after the deal). The deal order is the game's: the dealer's 14, then each next seat's 13."""
    tiles = tile_set(size)
    plain = [t for t in tiles if t != HONG_ZHONG]
    spare = tiles.count(HONG_ZHONG) - reds
    rng.shuffle(plain)
    deal: list[int] = []
    for i in range(SEATS):
        seat = (dealer + i) % SEATS
        n = 13 + (seat == dealer)
        if seat == holder:
            block = [HONG_ZHONG] * reds + [plain.pop() for _ in range(n - reds)]
            rng.shuffle(block)
        else:
            block = [plain.pop() for _ in range(n)]
        deal += block
    rest = plain + [HONG_ZHONG] * spare
    rng.shuffle(rest)
    wall = deal + rest
    assert sorted(wall) == tiles
    return wall


def to_first_turn(g: MahjongGame, seat: int) -> None:
    """Play until ``seat``'s first turn: nobody claims anything, every other seat throws what it drew (the
    dealer his first tile), so the hand reaches him as dealt plus his first draw."""
    while not (g.to_act() == [seat] and g.window is None):
        assert not g.finished
        if g.window is not None:
            for s in g.to_act():
                g.apply(s, "pass")
            continue
        [s] = g.to_act()
        tile = g.drawn if g.drawn is not None else next(t for t in range(34) if g.hands[s][t] and t != HONG_ZHONG)
        g.apply(s, f"discard:{NOTATION[tile]}")
    assert g.turns_taken[seat] == 0 and not g.melds[seat]


def dealt(g: MahjongGame, seat: int, drawn: int | None) -> list[int]:
    held = Counter({t: n for t, n in enumerate(g.hands[seat]) if n})
    if drawn is not None:
        held[drawn] -= 1
    return sorted(held.elements())


CASES = [(holder, dealer, mmq) for holder in range(SEATS) for dealer in (0, 2) for mmq in (False, True)]


@pytest.mark.parametrize(("holder", "dealer", "menmenqing"), CASES)
def test_the_game_and_the_calculator_price_four_dealt_hongzhong_alike(holder: int, dealer: int,
                                                                      menmenqing: bool) -> None:
    rng = random.Random(holder * 100 + dealer * 10 + menmenqing)
    options = {"birds": 0, "menmenqing": menmenqing}
    variant = get_variant("hongzhong")
    for n in range(6):
        wall = dealt_wall(rng, 112, holder, dealer, 4)
        g = variant.new_hand(variant.validate(options), n, dealer, {}, wall=wall)
        assert isinstance(g, MahjongGame)
        to_first_turn(g, holder)
        is_dealer = holder == dealer
        drawn = None if is_dealer else g.drawn
        hand = dealt(g, holder, drawn)
        assert len(hand) == (14 if is_dealer else 13) and hand.count(HONG_ZHONG) == 4
        out = calc(hand, None, "deal", dealer=is_dealer, **options)
        assert out["win"] is True and out["patterns"] == ["四红中"]
        assert out["score"] == 2 + menmenqing  # §5: a 自摸, the hand holds 红中, 门门清 with no melds
        assert "hu" in [a.code for a in g.legal_actions(holder)]
        g.apply(holder, "hu")
        r = g.result
        assert r is not None and r.winners == [holder]
        assert r.wins[0].patterns == ("四红中",)
        # each of the three others pays the calculator's share (no birds drawn)
        assert r.deltas == [3 * out["score"] if s == holder else -out["score"] for s in range(SEATS)]


@pytest.mark.parametrize("reds", [4, 8])
@pytest.mark.parametrize("holder", [0, 1, 3])
def test_in_the_eight_hongzhong_game_four_are_no_start_win_for_either(reds: int, holder: int) -> None:
    """§4 "选择八个红中玩法时，起手和中途四个红中都不能算胡牌": the calculator refuses the 13 dealt tiles, and the game
    offers a 胡 at the first turn only when the tiles make a hand, priced as the calculator prices that hand."""
    rng = random.Random(reds * 10 + holder)
    options = {"birds": 0, "hongzhong_count": 8}
    variant = get_variant("hongzhong")
    for n in range(8):
        wall = dealt_wall(rng, 116, holder, 0, reds)
        g = variant.new_hand(variant.validate(options), n, 0, {}, wall=wall)
        assert isinstance(g, MahjongGame)
        to_first_turn(g, holder)
        if holder == 0:
            hand, win, how = dealt(g, 0, None), None, "deal"
        else:
            out = calc(dealt(g, holder, g.drawn), None, "deal", dealer=False, **options)
            assert out["win"] is False and "8-红中" in out["reason"]
            hand, win, how = dealt(g, holder, g.drawn), g.drawn, "self_draw"
        out = calc(hand, win, how, dealer=holder == 0, **options)
        offered = "hu" in [a.code for a in g.legal_actions(holder)]
        assert offered == out["win"]
        assert "四红中" not in out.get("patterns", [])
        if offered:
            g.apply(holder, "hu")
            r = g.result
            assert r is not None and r.wins[0].patterns == ()
            assert r.deltas[holder] == 3 * out["score"]


def test_a_non_dealer_is_dealt_thirteen() -> None:
    """No 14th tile, no melds, no 14 tiles for a non-dealer on the deal; the dealer still needs his 14."""
    reds = [HONG_ZHONG] * 4
    thirteen = [0, 2, 4, 6, 8, 10, 12, 14, 16] + reds
    assert calc(thirteen, None, "deal", dealer=False) == {"win": True, "patterns": ["四红中"], "score": 2}
    with pytest.raises(InvalidInput, match="a non-dealer is dealt 13"):
        calc(thirteen + [20], None, "deal", dealer=False)
    with pytest.raises(InvalidInput, match="no winning tile"):
        calc(thirteen[:-1], HONG_ZHONG, "deal", dealer=False)
    with pytest.raises(InvalidInput, match="14 needed"):
        calc(thirteen, None, "deal", dealer=True)
    # no four 红中: a non-dealer's dealt hand is no win, whatever it holds
    plain = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]
    out = calc(plain, None, "deal", dealer=False)
    assert out["win"] is False and "only the dealer" in out["reason"]
