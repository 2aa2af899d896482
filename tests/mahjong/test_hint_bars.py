"""Mahjong hints say, per wait and way, whether the game would let it be won now — from the game's own bar state,
on scripted hands: 长沙's 漏胡 (ruling 29) and 推倒胡's 过胡不胡 (ruling 15); and a hand not 听牌 is given its 向听."""

from __future__ import annotations

from typing import Any

from engine.hints import GUOHU, LOUHU, UNTIL_DRAW, Bar, Standing, Wait, WayWin, hints, standing
from engine.mahjong.tiles import KINDS, ids
from engine.registry import get_variant
from tests.mahjong.stack import discard
from tests.mahjong.test_changsha_game import close, codes, make, until
from tests.mahjong.test_tuidaohu_game import round_of_discards, tdh


def _waits(g: Any, seat: int) -> dict[str, Wait]:
    return {w.card: w for w in hints(g, seat) if not w.now}


def _way(wait: Wait, way: str) -> WayWin:
    """The wait's ``way``, which the test expects to be priced."""
    won = wait.way(way)
    assert won is not None, way
    return won


def _standing(g: Any, seat: int) -> Standing:
    held = standing(g, seat)
    assert held is not None
    return held


def test_changsha_louhu_bars_that_tile_off_a_discard_until_the_next_draw() -> None:
    # seat 2 waits 2m/5m; seat 3 throws 5m and seat 2 passes: 5m off a discard is barred (unless bigger), 自摸 5m
    # and a discarded 2m stay open; the dealer's next 5m is refused by the game too; seat 2's own draw lifts it.
    g = make(["9p", None, "2m2m 3m4m 6p7p8p 1s2s3s 4s5s6s", "5m"], draws=["1p", "9m", "7s", "7m", "9s", "9p", "5m"])
    until(g, 3)
    before = _waits(g, 2)
    assert all(w.open for wait in before.values() for w in wait.ways)
    g.apply(3, "discard:5m")
    offer = hints(g, 2)[0]  # asked about that 5m: the win on offer leads, priced as the game would pay it
    assert offer.now == "discard" and offer.card == "5m" and offer.ways[0].score == _way(before["5m"], "discard").score
    assert [w.card for w in hints(g, 2)[1:]] == ["2m", "5m"]
    g.apply(2, "pass")
    close(g)
    assert not any(w.now for w in hints(g, 2))
    waits = _waits(g, 2)
    assert set(waits) == {"2m", "5m"}
    assert _way(waits["5m"], "discard").bar == Bar(LOUHU, UNTIL_DRAW, bigger=True)
    assert _way(waits["5m"], "self_draw").open and _way(waits["2m"], "discard").open
    assert _way(waits["5m"], "discard").score == _way(before["5m"], "discard").score  # still worth the same
    assert g._can_win_tile(2, ids("5m")[0], "discard") is None and g._can_win_tile(2, ids("2m")[0], "discard")
    until(g, 2)  # his own draw lifts it
    assert not g.lou[2]
    g.apply(2, "discard:9p")
    assert all(w.open for wait in _waits(g, 2).values() for w in wait.ways)
    until(g, 3)
    g.apply(3, "discard:5m")
    assert codes(g, 2)[0] == "hu"


def test_tuidaohu_guohu_bars_robbing_a_kong_until_the_next_draw() -> None:
    # Seat 2 waits on 3p/6p, draws 3p and plays on (a declined 自摸): 过胡不胡. 推倒胡 wins another's tile only by
    # 抢杠 (or 杠上炮, a moment no hint prices): that way is barred until his own next draw; 自摸 stays open.
    g = tdh(["6s", None, "123m456m789m45p99s", None], draws="8s3p1p1p4m9s9s")
    discard(g, 0, "6s")
    discard(g, 1, "8s")
    (offer,) = hints(g, 2)  # his own 3p: a 自摸 to take now, and nothing else (he holds 14)
    assert offer.now == "self_draw" and offer.card == "3p" and offer.ways[0].open
    discard(g, 2, "3p")
    assert g.view(2).barred is True
    waits = _waits(g, 2)
    assert set(waits) == {"3p", "6p"}
    for wait in waits.values():
        assert _way(wait, "self_draw").open and wait.way("discard") is None
        assert _way(wait, "robbing_kong").bar == Bar(GUOHU, UNTIL_DRAW)
    assert g._can_win_tile(2, ids("6p")[0], "robbing_kong") is None
    round_of_discards(g, (3, 0, 1))
    assert g.to_act() == [2] and g.view(2).barred is False
    g.apply(2, "discard:" + g.view(2).drawn)
    waits = _waits(g, 2)
    assert waits and all(w.open for wait in waits.values() for w in wait.ways)
    assert g._can_win_tile(2, ids("6p")[0], "robbing_kong") is not None


def _counts(tiles: str) -> list[int]:
    counts = [0] * KINDS
    for t in ids(tiles):
        counts[t] += 1
    return counts


def test_xiangting_of_a_hand_not_ready() -> None:
    v = get_variant("hongzhong")
    g: Any = v.new_hand(v.validate({}), 3, 0, {})
    g.melds[1] = []
    g.hands[1] = _counts("1m2m3m4m5m6m7m8m9m2p2p6s7s")  # 听牌 on 5s/8s
    assert _standing(g, 1).xiangting == 0 and hints(g, 1)
    g.hands[1] = _counts("1m2m3m4m5m6m7m8m9m2p2p6s9s")  # one tile off: 一向听
    assert _standing(g, 1).xiangting == 1 and not hints(g, 1)
    g.hands[1] = _counts("1m2m3m4m5m6m7m8m9m2p5p6s9s")  # 二向听
    assert _standing(g, 1).xiangting == 2
    g.hands[1] = _counts("1m2m3m4m5m6m7m8m9m2p2p6s7s8s")  # a winning 14
    assert _standing(g, 1).xiangting == -1


def test_random_bars_agree_with_the_games_own_check() -> None:
    """On random near-听 hands with random bar states (过胡不胡 for 推倒胡; 长沙 漏胡 on random tiles, passed at a
    value as big as today's or smaller), each hinted way taken from another player is open exactly when the game's
    own ``_can_win_tile`` takes it."""
    import random

    from engine.mahjong import changsha as cs
    from engine.mahjong.rules import Priced
    from tests.mahjong.test_hints import _game, _place

    rng = random.Random("mahjong-bars")
    checked = barred = 0
    for variant, raw in (("tuidaohu", {}), ("changsha", {}), ("hongzhong", {"qianggang": True})):
        game = _game(variant, raw, 7)
        for i in range(300):
            s = i % game.seats
            _place(game, rng, s)
            game.barred[s] = variant == "tuidaohu" and rng.random() < 0.5
            if variant == "changsha":
                game.lou[s] = {}
            for wait in hints(game, s):
                tile = ids(wait.card)[0]
                for way in wait.ways:
                    if way.way == "self_draw":
                        assert way.open
                        continue
                    if variant == "changsha" and rng.random() < 0.5:
                        small = Priced((cs.XIAOHU,), 1)
                        game.lou[s][tile] = small if rng.random() < 0.5 else Priced(way.patterns, way.score)
                        way = next(w for w in hints(game, s) if w.card == wait.card).way(way.way)
                    assert way is not None
                    assert way.open == (game._can_win_tile(s, tile, way.way) is not None), (variant, wait, way)
                    checked += 1
                    barred += not way.open
    assert checked > 100 and barred > 20
