"""推倒胡 played on stacked walls: 加锤, the patterns' multiples, 杠上炮, 抢杠, 杠开包赔, 过胡不胡, kongs now or
never and 荒庄, each checked against ``rules/tuidaohu.md`` §5 and the rulings §8."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core import MeldView, Win
from engine.mahjong.tiles import tile_set, to_counts
from engine.outcome import How, Step
from engine.views import Choosing
from engine.words import Msg
from tests.mahjong.stack import act, discard, hand, pass_window, play_out, public_events, whys

FULL = to_counts(tile_set(136))


def tdh(hands: list[str | None], draws: str = "", tails: str = "", **options: Any):  # noqa: ANN201
    options.setdefault("jiachui", False)
    return hand("tuidaohu", hands, draws=draws, tails=tails, **options)


def round_of_discards(g, seats: tuple[int, ...]) -> None:  # noqa: ANN001
    """Each seat in turn throws the tile it just drew (every window passed)."""
    for seat in seats:
        assert g.to_act() == [seat]
        discard(g, seat, g.view(seat).drawn)


# -- 加锤 ---------------------------------------------------------------------------------------------------------------
def test_jiachui_every_seat_chooses_at_once_before_the_deal_and_nothing_shows_until_all_chose() -> None:
    g = hand("tuidaohu", ["123m456m789m234p5s1z", None, None, None], draws="9p9p9p5s", difen=25)
    assert g.to_act() == [0, 1, 2, 3]
    pv = g.public_view()
    assert pv.phase == "choose" and pv.hand_sizes is None and pv.chui is None
    assert pv.choosing == Choosing(0, 4)
    for s in range(4):
        v = g.view(s)
        assert v.hand == () and v.legal == ("chui:0", "chui:1", "chui:2")
    assert [g.name_action(a).label for a in g.legal_actions(0)] == ["不加锤", "加1锤", "加2锤"]
    events = act(g, 2, "chui:1")
    assert public_events(events) == [] and g.to_act() == [0, 1, 3]
    assert g.public_view().choosing == Choosing(1, 4) and g.public_view().chui is None
    assert g.census() == FULL
    act(g, 0, "chui:1")
    act(g, 3, "chui:0")
    assert list(g.view(0).hand) == [] and g.public_view().wall is None
    assert not [e for e in g.events if e.kind in ("deal", "dealt", "draw")]  # nothing dealt yet
    events = act(g, 1, "chui:1")
    shown = [e for e in public_events(events) if e.kind == "chui_all"]
    assert len(shown) == 1 and shown[0].data["chui"] == [1, 1, 1, 0]
    assert list(g.public_view().chui) == [1, 1, 1, 0] and g.public_view().phase == "discard"
    assert list(g.public_view().hand_sizes) == [14, 13, 13, 13] and len(g.view(0).hand) == 14
    # The seed's example: A, B, C 1 锤, D none; A wins one share of 100 (底分 25 × 平胡门前清 4).
    discard(g, 0, "1z")
    round_of_discards(g, (1, 2, 3))
    act(g, 0, "hu")
    r = g.result
    assert r is not None and r.winners == [0]
    assert r.deltas == [1000, -400, -400, -200]
    assert r.wins == [Win(0, None, "5s", ("平胡", "门前清"), 1000)]
    assert [s.says.zh() for s in r.outcome.steps] == ["加锤：座位1 加1锤 · 座位2 加1锤 · 座位3 加1锤 · 座位4 不加锤"]
    assert r.outcome.winners[0].steps[-1] == Step(Msg("一份 {share}", (("share", 100),)), 100)
    assert whys(r) == [(1, 0, 400, "自摸：平胡、门前清 4 倍 × 锤 4"), (2, 0, 400, "自摸：平胡、门前清 4 倍 × 锤 4"),
                       (3, 0, 200, "自摸：平胡、门前清 4 倍 × 锤 2")]


# -- 自摸 patterns --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("ready", "win", "patterns", "fan"), [
    ("123m456m789m234p5s", "5s", ("平胡", "门前清"), 4),
    ("111m222p333s444m5z", "5z", ("碰碰胡", "门前清"), 16),
    ("123m456m789m234m5m", "5m", ("清一色", "门前清"), 16),
    ("11m33m55p77p99s1z1z2z", "2z", ("七小对",), 8),
    ("1111m33m55p77p99s1z", "1z", ("龙七对", "门前清"), 16),
    ("1m9m1p9p1s9s1z2z3z4z5z6z7z", "7z", ("十三幺",), 24),
])
def test_zimo_patterns_each_of_three_pays_the_multiple(ready: str, win: str, patterns: tuple[str, ...],
                                                       fan: int) -> None:
    g = tdh(["6s", ready, None, None], draws=win)
    discard(g, 0, "6s")
    assert g.to_act() == [1] and "hu" in g.view(1).legal
    act(g, 1, "hu")
    r = g.result
    assert r is not None
    assert r.wins == [Win(1, None, win, patterns, 3 * fan)]
    assert r.deltas == [-fan, 3 * fan, -fan, -fan]
    assert r.outcome.winners[0].steps[0].value == fan and r.next_dealer == 1


def test_pinghu_with_a_peng_is_two_not_menqing() -> None:
    g = tdh(["9s", "9s9s123m456m789m5s1z", None, None], draws="1p1p1p5s", difen=3)
    discard(g, 0, "9s", keep=[1])
    act(g, 1, "peng:9s")
    discard(g, 1, "1z")
    round_of_discards(g, (2, 3, 0))
    act(g, 1, "hu")
    r = g.result
    assert r is not None and r.wins == [Win(1, None, "5s", ("平胡",), 18)]
    assert r.deltas == [-6, 18, -6, -6]  # 底分 3 × 平胡 2


# -- discards, 杠上炮 -------------------------------------------------------------------------------------------------
def test_a_plain_discard_cannot_be_won() -> None:
    g = tdh(["7s", "123p456p789p55s68s", None, None])
    assert "7s" in g.view(1).waits
    act(g, 0, "discard:7s")
    assert "hu" not in g.view(1).legal and "hu" not in [a.code for s in range(4) for a in g.legal_actions(s)]


def test_gangshangpao_the_kongers_discard_after_his_replacement_pays_half() -> None:
    g = tdh(["1m", "1m1m1m", "123p456p789p55s68s", None], tails="7s")
    act(g, 0, "discard:1m")
    pass_window(g, keep=[1])
    act(g, 1, "gang:1m")
    assert g.view(1).drawn == "7s"
    act(g, 1, "discard:7s")
    assert "hu" in g.view(2).legal
    act(g, 2, "hu")
    r = g.result
    assert r is not None and r.winners == [2]
    # 门前清 平胡 4 → half a share, 2, from the discarder; he got 3 from the dealer for the 直杠.
    assert r.deltas == [-3, 1, 2, 0]
    assert r.wins == [Win(2, 1, "7s", ("平胡", "门前清"), 2)]
    assert whys(r) == [(0, 1, 3, "直杠：放杠者包三家 3 × 1"), (1, 2, 2, "杠上炮：平胡、门前清 4 倍 ÷ 2")]
    assert r.next_dealer == 2


def test_yipao_duoxiang_on_gangshangpao_next_dealer_the_first_winner_after_the_discarder() -> None:
    # Seat 1 gangs the dealer's 1m and throws its replacement 7s; seats 3 and 0 (not 2) wait on it.
    g = tdh(["1m123p456p789p55s68s", "1m1m1m", None, "234m567m222z33z68s"], tails="7s")
    act(g, 0, "discard:1m")
    pass_window(g, keep=[1])
    act(g, 1, "gang:1m")
    act(g, 1, "discard:7s")
    assert sorted(g.to_act()) == [0, 3]
    act(g, 0, "hu")
    act(g, 3, "hu")
    r = g.result
    assert r is not None and r.winners == [3, 0]
    assert r.deltas == [-3 + 2, 3 - 4, 0, 2]
    assert r.next_dealer == 3


# -- 抢杠 --------------------------------------------------------------------------------------------------------------
def test_qianggang_of_a_bugang_the_konger_pays_three_shares() -> None:
    g = tdh(["9s", "9s9s2z", "123m456m789m11p78s", None], draws="3z3z3z9s")
    discard(g, 0, "9s", keep=[1])
    act(g, 1, "peng:9s")
    discard(g, 1, "2z")
    round_of_discards(g, (2, 3, 0))
    act(g, 1, "bugang:9s")
    assert g.to_act() == [2] and g.public_view().claims_pending
    act(g, 2, "hu")
    r = g.result
    assert r is not None
    assert r.deltas == [0, -12, 12, 0]  # 3 × 门前清 平胡 4, no kong money for a robbed kong
    assert r.ledger == []
    assert whys(r) == [(1, 2, 12, "抢杠（被抢杠包三家）：3 × 平胡、门前清 4 倍")]
    assert r.wins == [Win(2, 1, "9s", ("平胡", "门前清"), 12)]
    assert g.census() == FULL


def test_shisanyao_robs_an_angang_and_nobody_else_may() -> None:
    # Seat 1 holds 1m×3 and draws the 4th; seat 2's 十三幺 waits on 1m, seat 3's 平胡 too (23m).
    g = tdh(["6s", "1m1m1m", "9m1p9p1s9s1z2z3z4z5z6z7z7z", "23m456p789p123s55s"], draws="1m")
    discard(g, 0, "6s")
    assert "angang:1m" in g.view(1).legal
    assert g.name_action(g.parse_action("angang:1m")).label == "暗杠 一万"
    before = dataclasses.replace(g.public_view(), version=0)
    act(g, 1, "angang:1m")
    assert g.to_act() == [2]  # seat 3 is not asked: only 十三幺 robs an 暗杠
    # Nothing shows that someone may rob: the table still sees seat 1's turn, hand and all (the 暗杠 is not shown).
    assert dataclasses.replace(g.public_view(), version=0) == before
    assert g.secret_window and not [e for e in g.events[-3:] if e.audience is None and "暗杠" in e.says.zh()]
    act(g, 2, "hu")
    r = g.result
    assert r is not None and r.deltas == [0, -72, 72, 0]
    assert r.wins[0].patterns == ("十三幺",) and r.ledger == []


def test_an_angang_nobody_may_rob_stands_at_once() -> None:
    g = tdh(["6s", "1m1m1m", None, "23m456p789p123s55s"], draws="1m", tails="8p")
    discard(g, 0, "6s")
    act(g, 1, "angang:1m")
    assert g.window is None and g.to_act() == [1] and g.view(1).drawn == "8p"
    assert list(g.public_view().kong_money) == [-2, 6, -2, -2]
    assert list(g.public_view().melds[1]) == [MeldView("angang", ("1m",), 3)]


# -- 杠开 after 点杠 --------------------------------------------------------------------------------------------------
def test_gangkai_after_diangang_the_feeder_pays_three_shares() -> None:
    g = tdh(["1m", "1m1m1m123p456p789p5s", None, None], tails="5s")
    act(g, 0, "discard:1m")
    pass_window(g, keep=[1])
    act(g, 1, "gang:1m")
    assert "hu" in g.view(1).legal
    act(g, 1, "hu")
    r = g.result
    assert r is not None
    # 平胡 2 (a 明杠 is down), the feeder pays 3 × 2 and the 直杠's 3.
    assert r.deltas == [-9, 9, 0, 0]
    assert whys(r) == [(0, 1, 3, "直杠：放杠者包三家 3 × 1"), (0, 1, 6, "自摸（点杠包自摸）：3 × 平胡 2 倍")]


# -- 过胡不胡 ----------------------------------------------------------------------------------------------------------
def test_guohu_declining_a_win_bars_every_win_until_ones_own_draw() -> None:
    # Seat 2 waits on 3p/6p, draws 3p and plays on; seat 3 then 暗杠s 2z and throws 6p (杠上炮): seat 2 may not.
    g = tdh(["6s", None, "123m456m789m45p99s", "2z2z2z"], draws="8s3p2z8s8s", tails="6p")
    discard(g, 0, "6s")
    discard(g, 1, "8s")
    assert "hu" in g.view(2).legal
    discard(g, 2, "3p")
    assert g.view(2).barred is True
    act(g, 3, "angang:2z")
    act(g, 3, "discard:6p")
    assert "hu" not in g.view(2).legal
    pass_window(g)
    round_of_discards(g, (0, 1))
    assert g.to_act() == [2] and g.view(2).barred is False


def test_guohu_a_chi_does_not_lift_the_bar() -> None:
    # Seat 2 declines its 自摸 3p (throws 1m: now waits 1m/4m), then 吃s seat 1's 4m before its own next draw:
    # still barred (ruling 15: only a draw, a 碰 or a 杠 lifts it).
    g = tdh(["6s", None, "123m456m789m45p99s", None], draws="8s3p1p1p4m")
    discard(g, 0, "6s")
    discard(g, 1, "8s")
    assert "hu" in g.view(2).legal
    discard(g, 2, "1m")
    assert g.view(2).barred is True
    round_of_discards(g, (3, 0))
    act(g, 1, "discard:4m")
    pass_window(g, keep=[2])
    act(g, 2, "chi:2m|3m|4m")
    assert g.view(2).barred is True


def test_guohu_declining_a_gangshangpao_bars_the_next_one() -> None:
    # Seat 2 (waiting on 6s/9s) passes seat 1's 杠上炮 9s; seat 3 直杠s that 9s and throws 6s: seat 2 is barred.
    g = tdh(["1m", "1m1m1m", "234m567m789p55p78s", "9s9s9s"], tails="9s6s")
    act(g, 0, "discard:1m")
    pass_window(g, keep=[1])
    act(g, 1, "gang:1m")
    act(g, 1, "discard:9s")
    assert "hu" in g.view(2).legal and "gang:9s" in g.view(3).legal
    act(g, 2, "pass")
    act(g, 3, "gang:9s")
    assert g.view(2).barred is True
    assert g.view(3).drawn == "6s"
    act(g, 3, "discard:6s")
    assert "6s" in g.view(2).waits and "hu" not in g.view(2).legal
    pass_window(g)
    assert g.to_act() == [0]


# -- kongs now or never ------------------------------------------------------------------------------------------------
def test_bugang_not_made_when_first_possible_is_lost() -> None:
    g = tdh(["9s", "9s9s2z", None, None], draws="3z3z3z9s4z4z4z5z")
    discard(g, 0, "9s", keep=[1])
    act(g, 1, "peng:9s")
    discard(g, 1, "2z")
    round_of_discards(g, (2, 3, 0))
    assert g.view(1).drawn == "9s" and "bugang:9s" in g.view(1).legal
    other = next(t for t in g.view(1).hand if t != "9s")
    discard(g, 1, other)
    round_of_discards(g, (2, 3, 0))
    assert "9s" in g.view(1).hand and "bugang:9s" not in g.view(1).legal


def test_peng_instead_of_zhigang_loses_the_kong_of_that_tile() -> None:
    # Seat 1 holds 9s×3 and pengs the dealer's 9s instead of 杠-ing it: the 4th in hand is never a 补杠.
    g = tdh(["9s", "9s9s9s2z", None, None], draws="3z3z3z4z")
    act(g, 0, "discard:9s")
    pass_window(g, keep=[1])
    assert {"gang:9s", "peng:9s"} <= set(g.view(1).legal)
    act(g, 1, "peng:9s")
    discard(g, 1, "2z")
    round_of_discards(g, (2, 3, 0))
    assert "9s" in g.view(1).hand and "bugang:9s" not in g.view(1).legal


# -- 荒庄 --------------------------------------------------------------------------------------------------------------
def test_huangzhuang_cancels_kong_money_and_the_last_drawer_deals() -> None:
    g = tdh(["6s", "1m1m1m", None, None], draws="1m")
    discard(g, 0, "6s")
    act(g, 1, "angang:1m")
    assert list(g.public_view().kong_money) == [-2, 6, -2, -2]
    play_out(g)
    r = g.result
    assert r is not None and r.draw and r.deltas == [0, 0, 0, 0]
    assert r.ledger == [] and [c.why.zh() for c in r.outcome.cancelled] == ["暗杠 2"] * 3
    assert r.outcome.payments == ()
    # The seat of the last draw (the last 摸牌 event) deals next.
    last = [e.data["seat"] for e in g.events if e.kind == "drew"][-1]
    assert r.next_dealer == last and g.public_view().wall == 0
    assert g.census() == FULL
    # The table is shown the money that stands: none.
    assert list(g.public_view().kong_money) == [0, 0, 0, 0] and list(g.public_view().payments) == []


def test_after_huangzhuang_a_non_dealer_last_drawer_deals() -> None:
    # Seat 1 draws and throws one tile more than the others before the wall runs out (136 − 53 = 83 draws:
    # seats 1, 2, 3, 0, … — the 83rd draw is seat 83 % 4 = 3's).
    g = tdh([None, None, None, None])
    play_out(g)
    r = g.result
    assert r is not None and r.draw and r.next_dealer == 3


# -- 吃 -----------------------------------------------------------------------------------------------------------------
def test_chi_only_from_the_shangjia() -> None:
    g = tdh(["3m", "12m45m", "24m", "12m45m"])
    act(g, 0, "discard:3m")
    assert sorted(a.code for a in g.legal_actions(1) if a.kind == "chi") == ["chi:1m|2m|3m", "chi:2m|3m|4m",
                                                                             "chi:3m|4m|5m"]
    assert 2 not in g.to_act() and 3 not in g.to_act()
    assert g.name_action(g.parse_action("chi:2m|3m|4m")).label == "吃 二三四万"
    act(g, 1, "chi:2m|3m|4m")
    assert list(g.public_view().melds[1]) == [MeldView("chi", ("2m", "3m", "4m"), 0, 0)]
    assert g.to_act() == [1]


def test_chui_scales_kong_money_between_the_two_players() -> None:
    g = hand("tuidaohu", ["6s", "1m1m1m", None, None], draws="1m")
    for seat, n in ((0, 0), (1, 2), (2, 1), (3, 0)):
        act(g, seat, f"chui:{n}")
    discard(g, 0, "6s")
    act(g, 1, "angang:1m")
    # 暗杠 2 each × 2^(锤 of the konger + 锤 of the payer): 2 × 4, 2 × 8, 2 × 4.
    assert list(g.public_view().kong_money) == [-8, 32, -16, -8]
    assert [(p.payer, p.amount, p.why.zh()) for p in g.public_view().payments] == [
        (0, 8, "暗杠 2 × 锤 4"), (2, 16, "暗杠 2 × 锤 8"), (3, 8, "暗杠 2 × 锤 4")]


def test_gangkai_after_an_angang_each_of_three_pays() -> None:
    g = tdh(["6s", "1m1m1m123p456p789p5s", None, None], draws="1m", tails="5s")
    discard(g, 0, "6s")
    act(g, 1, "angang:1m")
    assert g.view(1).drawn == "5s"
    act(g, 1, "hu")
    r = g.result
    assert r is not None
    # 门前清 平胡 4 each (an 暗杠 keeps it 门前清), nobody 包s; plus the 暗杠's 2 each.
    assert r.deltas == [-6, 18, -6, -6]
    assert r.wins == [Win(1, None, "5s", ("平胡", "门前清"), 12)]
    assert r.outcome.winners[0].how is How.SELF_DRAW


def test_an_angang_then_a_bugang_in_the_same_turn() -> None:
    # Seat 1 holds 1m×4 and a 碰 of 9s, draws the 4th 9s: both kongs are possible now; the 暗杠 first does not
    # lose the 补杠 (the turn goes on after the replacement tile); throwing without it does.
    g = tdh(["9s", "9s9s1m1m1m1m2z", None, None], draws="3z3z3z9s4z4z4z5z", tails="8p")
    discard(g, 0, "9s", keep=[1])
    act(g, 1, "peng:9s")
    discard(g, 1, "2z")
    round_of_discards(g, (2, 3, 0))
    assert {"angang:1m", "bugang:9s"} <= set(g.view(1).legal)
    act(g, 1, "angang:1m")
    assert g.view(1).drawn == "8p" and "bugang:9s" in g.view(1).legal
    discard(g, 1, "8p")
    round_of_discards(g, (2, 3, 0))
    assert "9s" in g.view(1).hand and "bugang:9s" not in g.view(1).legal
