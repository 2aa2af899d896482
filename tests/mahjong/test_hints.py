"""听牌提示 against the calculator: on seeded random 13 − 3k hands of every mahjong variant, every hinted tile is a
win by the variant's calculator with the same patterns and value, and every tile the calculator wins is hinted."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import InvalidInput
from engine.hints import hints
from engine.mahjong.rules import Meld
from engine.mahjong.tiles import KINDS, NOTATION, ids
from engine.registry import get_variant
from tests.mahjong.hands import drop_one, random_hand
from tests.scale import scaled

FULL_EVERY = 5  # every tile by both ways on one hand in five; the others check each hinted tile and 自摸 for all


def _game(variant: str, raw: dict[str, Any], seed: int) -> Any:
    v = get_variant(variant)
    return v.new_hand(v.validate(raw), seed, seed % 4, {})


def _place(game: Any, rng: random.Random, seat: int) -> None:
    """A random near-听 hand for ``seat`` (a 碰 down one time in five), wildcards where the variant has them."""
    universe = sorted(set(game.deck) - {game.rules.wild})
    wild = game.rules.wild
    melds: list[Meld] = []
    size = 14
    if rng.random() < 0.2:
        t = rng.choice(universe)
        melds = [Meld("peng", (t, t, t), (seat + 1) % game.seats)]
        size = 11
    wilds = rng.choice((0, 0, 1, 2, 3)) if wild is not None else 0
    while True:
        h = drop_one(rng, random_hand(rng, wilds, universe, size=size))
        counts = list(h.counts)
        if wild is not None:
            counts[wild] += h.wild
        if all(counts[m.tile] == 0 for m in melds):
            break
    game.hands[seat] = counts
    game.melds[seat] = melds


def _calc(game: Any, seat: int, tile: int, win_from: str) -> dict[str, Any]:
    hand = [NOTATION[t] for t in range(KINDS) for _ in range(game.hands[seat][t])]
    data = {"hand": hand, "win_from": win_from, "win_card": NOTATION[tile],
            "melds": [{"type": m.kind, "cards": [NOTATION[t] for t in m.tiles]} for m in game.melds[seat]],
            "options": dict(game.options), "context": {"dealer": seat == game.dealer}}
    score = get_variant(game.variant_id).score
    assert score is not None  # every mahjong variant has a calculator
    try:
        return score(data)
    except InvalidInput:
        return {"win": False}


def _same(game: Any, seat: int, tile: int, hinted: Any, out: dict[str, Any]) -> None:
    assert out["win"], (tile, hinted, out)
    assert hinted.open  # a fresh seat: nothing bars it
    if game.variant_id == "tuidaohu":
        assert out["fan"] == hinted.fan and hinted.score == out["fan"] * game.options["difen"]
    else:
        assert out["score"] == hinted.score, (tile, hinted, out)
    if out["patterns"] != list(hinted.patterns):  # four 红中 held, won on another tile: a plain hand in the game
        assert out["patterns"] == ["四红中"] and hinted.patterns == (), (tile, hinted, out)
        assert game.hands[seat][game.rules.wild] >= 4 and tile != game.rules.wild


# (variant, options, hands): 2,000 hands of each variant on its defaults, fewer on other options, in the deep run
# (tests/scale.py).
CONFIGS = [
    ("hongzhong", {}, 2000),
    ("hongzhong", {"hongzhong_count": 8, "menmenqing": True}, 500),
    ("hongzhong", {"qianggang": True}, 500),
    ("tuidaohu", {"difen": 3}, 2000),
    ("changsha", {}, 2000),
    ("changsha", {"menmenqing": True}, 500),
]


@pytest.mark.parametrize(("variant", "raw", "count"), CONFIGS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CONFIGS)])
def test_hints_are_the_calculators_wins(variant: str, raw: dict[str, Any], count: int) -> None:
    rng = random.Random(f"hints-{variant}-{len(raw)}")
    game = _game(variant, raw, 7)
    tenpai, count = 0, scaled(count)
    for i in range(count):
        seat = i % game.seats
        _place(game, rng, seat)
        found = {h.card: h for h in hints(game, seat)}
        tenpai += bool(found)
        held = list(game.hands[seat])
        for m in game.melds[seat]:
            for t in m.tiles:
                held[t] += 1
        for tile in sorted(set(game.deck)):
            name = NOTATION[tile]
            if held[tile] >= game.deck.count(tile):
                assert name not in found
                continue
            hint = found.get(name)
            zimo = _calc(game, seat, tile, "self_draw")
            assert zimo["win"] == (hint is not None), (variant, game.hands[seat], name, zimo, hint)
            if hint is None:
                if i % FULL_EVERY == 0:
                    assert not _calc(game, seat, tile, "discard")["win"], (variant, game.hands[seat], name)
                continue
            _same(game, seat, tile, hint.way("self_draw"), zimo)
            for way in ("discard", "robbing_kong"):
                if hint.way(way) is not None:
                    _same(game, seat, tile, hint.way(way), _calc(game, seat, tile, way))
                elif i % FULL_EVERY == 0 and (way == "discard" or held[tile] == 0):
                    assert not _calc(game, seat, tile, way)["win"], (variant, name, way)
    assert tenpai > count // 20  # the hands are near-wins: many are 听牌


def test_a_pinghu_wait_is_listed_with_both_ways_and_nothing_else() -> None:
    game = _game("changsha", {}, 3)
    counts = [0] * KINDS
    for t in ids("1m2m3m4m5m6m7m8m9m2p2p6s7s"):
        counts[t] += 1
    game.hands[1], game.melds[1] = counts, []
    got = hints(game, 1)
    assert [h.card for h in got] == ["5s", "8s"]
    assert got[0].way("self_draw").score == 2 and got[0].way("discard").score == 1


def test_a_tuidaohu_wait_cannot_be_won_off_a_discard_and_a_full_hand_has_no_hints() -> None:
    game = _game("tuidaohu", {}, 3)
    counts = [0] * KINDS
    for t in ids("1m2m3m4m5m6m7m8m9m2p2p6s7s"):
        counts[t] += 1
    game.hands[1], game.melds[1] = counts, []
    got = hints(game, 1)
    assert [h.card for h in got] == ["5s", "8s"] and all(h.way("discard") is None for h in got)
    counts[ids("5s")[0]] += 1
    assert hints(game, 1) == []


def test_other_families_have_no_hints_yet() -> None:
    v = get_variant("paohuzi")
    game = v.new_hand(v.validate({}), 1, 0, {})
    assert hints(game, 0) == []
