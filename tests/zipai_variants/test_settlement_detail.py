"""The settlement explanation in a won hand's ``HandResult.detail`` (issue 7): ``groups`` (the winning arrangement
with each group's 胡息), ``from_seat`` (whose card was won) and ``fans`` (each 名堂's own price)."""

from __future__ import annotations

from engine.variants import bopi, fangpaofa, liuhuqiang
from tests.helpers_zipai import pass_until, stacked, stacked_game

# Seat 1 waits on 七 (or 十) for 八九: 坎陆伍捌玖 24 + 一二三 3 = 27 胡息.
WAIT_QI = "陆陆陆 伍伍伍 捌捌捌 玖玖玖 三四五 一二三 八九"
QI_GROUPS = sorted([("kan", ["陆", "陆", "陆"], 6), ("kan", ["伍", "伍", "伍"], 6), ("kan", ["捌", "捌", "捌"], 6),
                    ("kan", ["玖", "玖", "玖"], 6), ("shun", ["三", "四", "五"], 0), ("shun", ["一", "二", "三"], 3),
                    ("shun", ["七", "八", "九"], 0)])


def groups(detail: dict) -> list[tuple[str, list[str], int]]:
    return sorted((g["kind"], g["cards"], g["huxi"]) for g in detail["groups"])


def test_fangpaofa_discard_win_names_the_discarder_and_prices_each_mingtang() -> None:
    game = stacked_game(fangpaofa.RULES, {}, ["七", WAIT_QI, ""], liang="十")
    pass_until(game, 0, ("discard",))
    game.apply(0, "discard:七")
    game.apply(1, "hu")
    d = game.result.detail
    assert d["from_seat"] == 0 and groups(d) == QI_GROUPS and sum(g["huxi"] for g in d["groups"]) == d["huxi"] == 27
    assert d["fans"] == [{"name": "地胡", "fan": None, "points": None, "value": "算100胡息"}]
    assert [f["name"] for f in d["fans"]] == d["patterns"]
    assert {"huxi", "patterns", "fan", "score", "text", "arrangement", "winner"} <= set(d)  # the old keys stay


def test_bopi_self_draw_adds_points_not_fan() -> None:
    game = stacked_game(bopi.RULES_4, {}, ["", WAIT_QI, ""], liang="贰", wall="七")
    pass_until(game, 0, ("discard",))
    game.apply(0, next(a for a in game.legal_actions(0) if a.code != "discard:七"))
    pass_until(game, 1, ("hu",))
    game.apply(1, "hu")
    d = game.result.detail
    assert d["win_from"] == "self_draw" and d["from_seat"] is None
    assert d["fans"] == [{"name": "自摸", "fan": None, "points": 10, "value": "+10胡"}]
    assert d["score"] == d["huxi"] + 10 and groups(d) == QI_GROUPS


def test_paohuzi_other_draw_names_the_drawer() -> None:
    # Seat 1 (the dealer's 下家) draws 壹 and lets it go; seat 2 draws and shows 七; seat 1 wins it.
    game = stacked(hands=("", WAIT_QI, ""), wall="壹七")
    while "hu" not in [a.code for a in game.legal_actions(1)]:
        seat = game.to_act()[0]
        legal = [a.code for a in game.legal_actions(seat)]
        game.apply(seat, "pass" if "pass" in legal else next(c for c in legal if c != "discard:七"))
    assert game.window_kind == "draw" and game.window_from == 2
    game.apply(1, "hu")
    d = game.result.detail
    assert d["win_from"] == "other_draw" and d["from_seat"] == 2 and groups(d) == QI_GROUPS
    assert [f["name"] for f in d["fans"]] == d["patterns"]
    assert all(f["value"] == f"{f['fan']}番" for f in d["fans"]) and sum(f["fan"] for f in d["fans"]) in (0, d["fan"])


def test_paohuzi_self_draw_zimo_is_one_tun() -> None:
    game = stacked(hands=("", WAIT_QI, ""), wall="七")
    while "hu" not in [a.code for a in game.legal_actions(1)]:
        seat = game.to_act()[0]
        legal = [a.code for a in game.legal_actions(seat)]
        game.apply(seat, "pass" if "pass" in legal else next(c for c in legal if c != "discard:七"))
    game.apply(1, "hu")
    d = game.result.detail
    assert d["from_seat"] is None and {"name": "自摸", "fan": None, "points": None, "value": "+1囤"} in d["fans"]


def test_liuhuqiang_start_win_fans_and_no_from_seat() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["", "一一一一 二二二二", "", ""], liang="十")
    d = game.result.detail
    assert d["from_seat"] is None and d["fans"] == [{"name": "地胡", "fan": 2, "points": None, "value": "×2"}]
    assert groups(d) == [("ti", ["一"] * 4, 9), ("ti", ["二"] * 4, 9)]


def test_liuhuqiang_liang_won_from_the_dealer() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["十十十", "陆陆陆 伍伍伍 一二三 三四五 八九", "", ""], liang="十")
    game.apply(1, "hu")
    assert game.result.detail["from_seat"] == 0
