"""红中麻将 played on stacked walls: each hand's money checked against the spec's own numbers
(``rules/hongzhong.md`` §5 and the rulings §8), with the result, the ledger and the public events."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import MeldView, Win
from engine.mahjong.tiles import tile_set, to_counts
from engine.outcome import How
from tests.mahjong.stack import (
    act,
    birds_seen,
    discard,
    hand,
    pass_window,
    play_out,
    public_events,
    result_birds,
    whys,
)

# Seat 1 waits on 5p with no 红中: a 自摸 share is 自摸 2 + 无红中 1 = 3.
READY_5P = "123m456m789m123p5p"
# Seat 1 with one 红中: waits 5p (12p中 + 5p5p) or 3p; a 接炮 share is 接炮 1 (it holds a 红中).
READY_5P_RED = "123m456m789m12p5p7z"


def test_zimo_each_pays_two_plus_extras_and_birds() -> None:
    g = hand("hongzhong", ["9s", READY_5P, None, None], draws="5p", fill="1s2s")
    discard(g, 0, "9s")
    assert g.to_act() == [1] and "hu" in g.view(1).legal
    events = act(g, 1, "hu")
    r = g.result
    assert r is not None and r.winners == [1] and not r.draw
    # 3 per payer + 1 bird hit (1s) × 2: each of the three others pays 5.
    assert r.deltas == [-5, 15, -5, -5]
    assert r.wins == [Win(1, None, "5p", (), 15)]
    assert r.ledger == [] and r.next_dealer == 1
    assert whys(r) == [(s, 1, 5, "自摸：自摸 2 + 无红中 1，中鸟 1 × 2") for s in (0, 2, 3)]
    # the table and the result read the same birds: which tile hit, and the hits the winner counts
    assert birds_seen(g.public_view().birds, r.winners) == result_birds(r) == {"tiles": ["1s", "2s"], "hit": [True, False],
                                                             "hits": {"1": 1}}
    hu = [e for e in public_events(events) if e.kind == "hu"]
    assert len(hu) == 1 and hu[0].data["deltas"] == [-5, 15, -5, -5] and "座位2 自摸 五筒" in hu[0].says.zh()
    assert g.census() == to_counts(tile_set(112))


def test_jiepao_the_discarder_pays_one_plus_birds() -> None:
    # 0 throws 9s, 1 draws and throws 8s, 2 draws 8s and throws its 5p: 1 wins it holding a 红中.
    g = hand("hongzhong", ["9s", READY_5P_RED, "5p", None], draws="8s8s", fill="5s9s")
    discard(g, 0, "9s")
    discard(g, 1, "8s")
    act(g, 2, "discard:5p")
    assert list(g.public_view().to_act) == [] and g.public_view().claims_pending is True
    pass_window(g, keep=[1])
    assert g.to_act() == [1] and list(g.view(1).legal) == ["hu", "pass"]
    act(g, 1, "hu")
    r = g.result
    assert r is not None
    # 接炮 1 (a 红中 in hand: no 无红中) + 2 hits (5s, 9s) × 1 = 3, from the discarder alone.
    assert r.deltas == [0, 3, -3, 0]
    assert r.wins == [Win(1, 2, "5p", (), 3)]
    assert whys(r) == [(2, 1, 3, "放炮：接炮 1，中鸟 2 × 1")]
    assert r.next_dealer == 1


def test_yipao_duoxiang_two_winners_birds_drawn_once_next_dealer_the_discarder() -> None:
    # Seat 2 throws 5p; seats 3 and 1 both wait on it (3 with no 红中: 接炮 1 + 无红中 1).
    g = hand("hongzhong", ["9s", READY_5P_RED, "5p", "123s456s789s234m5p"], draws="8s8s", fill="1m2m")
    discard(g, 0, "9s")
    discard(g, 1, "8s")
    act(g, 2, "discard:5p")
    assert sorted(g.to_act()) == [1, 3]
    act(g, 3, "hu")
    assert g.to_act() == [1]  # a 胡 chosen: only the other open 胡 is still asked
    act(g, 1, "hu")
    r = g.result
    assert r is not None and r.winners == [3, 1]  # in order from the discarder
    # birds once (2 tiles): 1m 2m → 1 hit for each winner; 3: 2 + 1 = 3, 1: 1 + 1 = 2.
    assert result_birds(r) == {"tiles": ["1m", "2m"], "hit": [True, False], "hits": {"3": 1, "1": 1}}
    assert r.deltas == [0, 2, -5, 3]
    assert r.next_dealer == 2
    assert [w.seat for w in r.wins] == [3, 1] and all(w.from_seat == 2 for w in r.wins)
    assert sum(g.census()) == 112 and len(g.bird_tiles) == 2
    assert "一炮多响" in r.outcome.summary.zh()


def _bird_hits(r: Any) -> dict[str, int]:
    birds = result_birds(r)
    assert birds is not None  # the hand drew birds
    return birds["hits"]


def _bugang_hand(**options: Any):  # noqa: ANN202
    """Seat 1 pengs the dealer's 6s and later draws the 4th; seat 2 waits on 3s/6s (no 红中)."""
    g = hand("hongzhong", ["6s", "6s6s9p", "123m456m789m45s99p", None],
             draws="8p8p8p6s", fill="2m3m", **options)
    discard(g, 0, "6s", keep=[1])
    assert "peng:6s" in g.view(1).legal
    act(g, 1, "peng:6s")
    discard(g, 1, "9p")
    for seat in (2, 3, 0):
        discard(g, seat, "8p")
    assert g.to_act() == [1] and "bugang:6s" in g.view(1).legal
    return g


def test_qianggang_the_konger_pays_three_shares_and_earns_no_kong_money() -> None:
    g = _bugang_hand(qianggang=True)
    events = act(g, 1, "bugang:6s")
    assert [e.kind for e in public_events(events)] == ["bugang_declared"]
    pv = g.public_view()
    assert pv.claims_pending and list(pv.to_act) == [] and pv.revealed == "6s"
    assert g.to_act() == [2] and list(g.view(2).legal) == ["hu", "pass"]
    events = act(g, 2, "hu")
    r = g.result
    assert r is not None
    # 自摸-priced: 2 + 无红中 1 = 3 per share, no hits (2m 3m); the konger pays 3 × 3.
    assert r.deltas == [0, -9, 9, 0]
    assert r.ledger == [] and list(g.public_view().kong_money) == [0, 0, 0, 0]
    assert whys(r) == [(1, 2, 9, "抢杠胡包赔三家：3 × （自摸 2 + 无红中 1）")]
    assert r.wins == [Win(2, 1, "6s", (), 9)]
    assert "robbed" in [e.kind for e in public_events(events)]
    assert sum(g.census()) == 112


def test_without_qianggang_a_bugang_cannot_be_robbed_and_earns_one_each() -> None:
    g = _bugang_hand()
    events = act(g, 1, "bugang:6s")
    assert g.window is None and g.to_act() == [1]  # straight to the replacement draw
    kong_money = [e for e in public_events(events) if e.kind == "kong_money"]
    assert len(kong_money) == 1 and "座位1 付 座位2 1" in kong_money[0].says.zh()
    assert list(g.public_view().kong_money) == [-1, 3, -1, -1]
    assert [m.type for m in g.public_view().melds[1]] == ["bugang"]


def test_kong_money_angang_bugang_minggang_paid_at_once_and_kept_after_liuju() -> None:
    # Dealer 0 holds 1m×4 (暗杠 at the opening) and 2m×3 (明杠 on seat 3's 2m); seat 1 pengs 6s, draws the 4th.
    g = hand("hongzhong", ["1m1m1m1m2m2m2m6s", "6s6s9p", None, "2m"],
             draws="8p8p6s", tails="9s8s", seed=3)
    assert "angang:1m" in g.view(0).legal
    events = act(g, 0, "angang:1m")
    assert list(g.public_view().kong_money) == [6, -2, -2, -2]
    assert [p.why.zh() for p in g.public_view().payments] == ["暗杠 2"] * 3
    assert any(e.kind == "kong_money" for e in public_events(events))
    # The 暗杠 shows one tile to the table, four to its owner.
    assert list(g.public_view().melds[0]) == [MeldView("angang", ("1m",), 3)]
    assert g.view(0).melds[0][0].cards == ("1m",) * 4
    assert g.view(0).drawn == "9s"
    discard(g, 0, "6s", keep=[1])
    act(g, 1, "peng:6s")
    discard(g, 1, "9p")
    discard(g, 2, "8p")
    act(g, 3, "discard:2m")
    pass_window(g, keep=[0])
    assert "gang:2m" in g.view(0).legal
    act(g, 0, "gang:2m")
    assert list(g.public_view().kong_money) == [9, -2, -2, -5]
    assert g.view(0).drawn == "8s"
    discard(g, 0, "8s")
    act(g, 1, "bugang:6s")
    assert list(g.public_view().kong_money) == [8, 1, -3, -6]
    play_out(g)
    r = g.result
    assert r is not None and r.draw and r.winners == []
    assert r.deltas == [8, 1, -3, -6] and sum(r.deltas) == 0
    assert list(g.public_view().kong_money) == [8, 1, -3, -6] and len(g.public_view().payments) == 7
    assert r.outcome.cancelled == () and len(r.ledger) == 7
    assert r.next_dealer == 0  # a drawn hand: the dealer keeps the deal
    assert [p[3] for p in whys(r)] == ["暗杠 2"] * 3 + ["放杠 3"] + ["补杠 1"] * 3


def test_a_discarded_hongzhong_cannot_be_claimed_or_won() -> None:
    # Seat 1 holds 中中 and waits on anything 红中 could be; seat 2 holds 中中 too.
    g = hand("hongzhong", ["7z9s", "123m456m789m12p7z", "7z7z", None], draws="8s")
    act(g, 0, "discard:7z")
    assert g.window is None and g.to_act() == [1]  # nobody is even asked
    assert g.view(1).drawn == "8s"


def test_four_hongzhong_dealt_to_the_dealer_wins_at_the_first_turn() -> None:
    g = hand("hongzhong", ["7z7z7z7z1m4m7m1p4p7p1s4s7s9s", None, None, None], fill="2m3m")
    assert "hu" in g.view(0).legal
    act(g, 0, "hu")
    r = g.result
    assert r is not None and r.wins[0].patterns == ("四红中",)
    assert r.deltas == [6, -2, -2, -2]  # a 自摸: 2 each, a 红中 held, no bird hits
    assert r.outcome.winners[0].how is How.DEAL


def test_four_hongzhong_dealt_to_a_non_dealer_are_offered_at_his_first_turn_and_never_konged() -> None:
    g = hand("hongzhong", ["9s", "7z7z7z7z1m4m7m1p4p7p1s4s7s", None, None], draws="8p", fill="2m3m")
    discard(g, 0, "9s")
    legal = g.view(1).legal
    assert "hu" in legal and "angang:7z" not in legal  # 红中 can be neither 碰 nor 杠
    act(g, 1, "hu")
    r = g.result
    assert r is not None and r.wins == [Win(1, None, "7z", ("四红中",), 6)]
    assert r.outcome.winners[0].how is How.SELF_DRAW


def test_tianhu_in_hujijiangji_draws_ten_birds() -> None:
    # The dealer's dealt 14 win (天胡): no winning tile, so 胡几奖几 takes 10 birds; 2 of them hit.
    g = hand("hongzhong", ["123m456m789m123p55p", None, None, None], fill="1s2s3s4s5s6s7s8s2m3m",
             bird_mode="hujijiangji")
    assert "hu" in g.view(0).legal
    act(g, 0, "hu")
    r = g.result
    assert r is not None and r.outcome.winners[0].how is How.DEAL
    assert len(r.outcome.birds) == 10 and _bird_hits(r) == {"0": 2}
    assert r.deltas == [3 * 7, -7, -7, -7]  # 自摸 2 + 无红中 1 + 2 hits × 2


def test_four_hongzhong_offered_after_drawing_the_fourth_then_not_any_more() -> None:
    g = hand("hongzhong", ["9s", "7z7z7z1m4m7m1p4p7p1s4s7s2m", None, None], draws="7z8p8p8p8s", fill="")
    discard(g, 0, "9s")
    assert "hu" in g.view(1).legal  # the draw that gave the fourth 红中
    discard(g, 1, "2m")
    for seat in (2, 3, 0):
        discard(g, seat, g.view(seat).drawn)
    assert g.to_act() == [1] and "hu" not in g.view(1).legal  # played on: no more four-红中 win


def test_a_later_plain_win_with_four_hongzhong_is_not_the_four_hongzhong_win() -> None:
    # Seat 1 draws its 4th 红中 (offered, declined: throws 2s), plays on and later 自摸s 9p as a plain hand.
    g = hand("hongzhong", ["9s", "7z7z7z123m456m1p5p9p2s", None, None], draws="7z8p8p8p9p", fill="2m3m")
    discard(g, 0, "9s")
    assert "hu" in g.view(1).legal
    discard(g, 1, "2s")
    for seat in (2, 3, 0):
        discard(g, seat, g.view(seat).drawn)
    assert g.view(1).drawn == "9p" and "hu" in g.view(1).legal
    act(g, 1, "hu")
    r = g.result
    assert r is not None and r.wins == [Win(1, None, "9p", (), 6)]


def test_no_four_hongzhong_win_in_the_eight_hongzhong_game() -> None:
    g = hand("hongzhong", ["7z7z7z7z1m4m7m1p4p7p1s4s7s9s", None, None, None], hongzhong_count=8)
    assert "hu" not in g.view(0).legal


@pytest.mark.parametrize(("mode", "fill", "birds", "hits", "each"), [
    ("normal", "1s5s9s2s", 3, 3, 3 + 3 * 2),  # 3 birds, all of rank 1/5/9
    ("hujijiangji", "1s2s3s4s5s6s", 5, 2, 3 + 2 * 2),  # win on 5p: five birds, 1s and 5s hit
    ("yima", "7s", 1, 7, 3 + 7 * 2),  # one bird, its rank is the hits
    ("yima", "7z", 1, 10, 3 + 10 * 2),  # 红中 counts 10
])
def test_bird_modes(mode: str, fill: str, birds: int, hits: int, each: int) -> None:
    # The 8-红中 set leaves 红中 for the bird.
    g = hand("hongzhong", ["9s", READY_5P, None, None], draws="5p", fill=fill, bird_mode=mode, birds=3,
             hongzhong_count=8)
    discard(g, 0, "9s")
    act(g, 1, "hu")
    r = g.result
    assert r is not None
    assert len(r.outcome.birds) == birds and _bird_hits(r) == {"1": hits}
    assert r.deltas == [-each, 3 * each, -each, -each]


def test_qianggang_by_two_the_konger_pays_each_robber_in_full() -> None:
    # Seats 2 (45s) and 3 (78s) both wait on 6s when seat 1 adds its 4th 6s to its 碰.
    g = hand("hongzhong", ["6s", "6s6s9s", "123m456m789m45s99p", "123p456p789p78s1m1m"],
             draws="8p8p8p6s", fill="2m3m", qianggang=True)
    discard(g, 0, "6s", keep=[1])
    act(g, 1, "peng:6s")
    discard(g, 1, "9s")
    for seat in (2, 3, 0):
        discard(g, seat, "8p")
    act(g, 1, "bugang:6s")
    assert sorted(g.to_act()) == [2, 3]
    act(g, 3, "hu")
    act(g, 2, "hu")
    r = g.result
    assert r is not None and r.winners == [2, 3]
    # each robber: 3 × (自摸 2 + 无红中 1), birds drawn once (2m 3m: no hit).
    assert r.deltas == [0, -18, 9, 9]
    assert [(p[0], p[1], p[2]) for p in whys(r)] == [(1, 2, 9), (1, 3, 9)]
    assert [b.card for b in r.outcome.birds] == ["2m", "3m"] and r.next_dealer == 1


def test_match_books_the_hand_and_the_discarder_deals_after_yipao_duoxiang() -> None:
    from engine.match import Match
    from tests.mahjong.stack import stack

    m = Match("hongzhong", {}, first_dealer=0)
    g = m.new_hand(7, wall=stack(112, ["9s", READY_5P_RED, "5p", "123s456s789s234m5p"], draws="8s8s",
                                 fill="1m2m"))
    discard(g, 0, "9s")
    discard(g, 1, "8s")
    act(g, 2, "discard:5p")
    act(g, 3, "hu")
    act(g, 1, "hu")
    result = m.finish_hand()
    assert m.totals == result.deltas == [0, 2, -5, 3]
    assert m.progress.dealer == 2
    assert m.new_hand(8).dealer == 2
