"""推倒胡 scoring (rules/tuidaohu.md): every number of the spec and the seed's 加锤 example, computed by hand."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import InvalidInput
from engine.mahjong import tuidaohu
from engine.mahjong.tuidaohu import chui_factor, kong_payments, may_rob, score, win_payments
from engine.options import Option

SPEC_PATTERNS = {"平胡", "碰碰胡", "清一色", "七小对", "龙七对", "风一色", "十三幺", "门前清"}


def hand(text: str, win: str | None, win_from: str = "self_draw", melds: list[Any] | None = None,
         **ctx: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"variant": "tuidaohu", "hand": text, "win_card": win, "win_from": win_from}
    if melds is not None:
        data["melds"] = melds
    if ctx:
        data["context"] = ctx
    return data


def won(data: dict[str, Any]) -> tuple[set[str], int, int]:
    out = score(data)
    assert out["win"] is True, out
    assert set(out["patterns"]) <= SPEC_PATTERNS
    return set(out["patterns"]), out["fan"], out["score"]


CHI_123M = [{"type": "chi", "cards": ["1m", "2m", "3m"]}]


# §5.1 table, column 倍 (an open hand) and column 门前清; §5.5 Engine output: fan = the multiple, score = fan on 自摸.
@pytest.mark.parametrize(
    ("text", "win", "melds", "patterns", "fan"),
    [
        # §5.1 平胡 2 (a 吃 breaks 门前清, §7.6)
        ("456p789s123s5z", "5z", CHI_123M, {"平胡"}, 2),
        # §5.1 小胡门前清 4
        ("123m456p789s123s5z", "5z", None, {"平胡", "门前清"}, 4),
        # §5.1 碰碰胡 8 / 门前清 16
        ("222p333s55z77z", "7z", [{"type": "peng", "card": "1m"}], {"碰碰胡"}, 8),
        ("111m222p333s55z77z", "7z", None, {"碰碰胡", "门前清"}, 16),
        # §5.1 清一色 8 / 门前清 16
        ("456m789m111m5m", "5m", CHI_123M, {"清一色"}, 8),
        ("123m456m789m111m5m", "5m", None, {"清一色", "门前清"}, 16),
        # §5.1 七小对 8, not in the 门前清 list
        ("1122m3344p5566s7z", "7z", None, {"七小对"}, 8),
        # §5.1 / §7.4 龙七对 16 (a 4-of-a-kind is two pairs, §4)
        ("1111m33p55s77s11z5z", "5z", None, {"龙七对", "门前清"}, 16),
        # §5.1 风一色 8 / 门前清 16; §5.5 it replaces 碰碰胡
        ("222z333z555z7z", "7z", [{"type": "peng", "card": "1z"}], {"风一色"}, 8),
        ("111z222z333z55z77z", "7z", None, {"风一色", "门前清"}, 16),
        # §5.1 十三幺 24, not in the 门前清 list
        ("19m19p19s1234567z", "1m", None, {"十三幺"}, 24),
    ],
)
def test_pattern_multiples(text: str, win: str, melds: list[Any] | None, patterns: set[str], fan: int) -> None:
    got = won(hand(text, win, melds=melds))
    assert got == (patterns, fan, fan)


def test_highest_single_multiple_no_stacking() -> None:
    # §5.5 / §7.5: 清一色 + 碰碰胡 = 8, not 16 or 64
    peng = [{"type": "peng", "card": "1m"}]
    assert won(hand("222m555m888m9m", "9m", melds=peng)) == ({"清一色", "碰碰胡"}, 8, 8)
    # concealed: both are in the 大胡门前清 list → 16
    assert won(hand("111m333m555m888m9m", "9m")) == ({"清一色", "碰碰胡", "门前清"}, 16, 16)


def test_equal_multiples_report_every_shape_of_the_hand() -> None:
    # §5.5 "patterns = every qualifying special name": 222m333m444m is three 刻子 or three 234m 顺子; both 8
    peng = [{"type": "peng", "card": "1m"}]
    assert won(hand("222m333m444m9m", "9m", melds=peng)) == ({"清一色", "碰碰胡"}, 8, 8)


def test_equal_multiples_do_not_depend_on_the_checkers_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same hand with the checker's readings in reverse order (顺子 reading first): still both shapes
    original = tuidaohu.CHECKER.decompositions
    monkeypatch.setattr(tuidaohu.CHECKER, "decompositions", lambda *a, **k: list(reversed(list(original(*a, **k)))))
    peng = [{"type": "peng", "card": "1m"}]
    assert won(hand("222m333m444m9m", "9m", melds=peng)) == ({"清一色", "碰碰胡"}, 8, 8)


def test_dealt_complete_hand_is_a_self_draw() -> None:
    # README win_from deal (win_card null: the dealer's 14 dealt tiles); §4 every win is a 自摸
    assert won(hand("123m456p789s123s55z", None, "deal")) == ({"平胡", "门前清"}, 4, 4)
    assert won(hand("123m456p789s123s5z", "5z", "deal", dealer=True)) == ({"平胡", "门前清"}, 4, 4)


def test_qingyise_qidui_takes_the_qingyise_menqing_value() -> None:
    # §5.5: 门前清 is named when a qualifying shape (清一色) is in the 门前清 list; the highest multiple (16) counts
    assert won(hand("1122334455779m", "9m")) == ({"七小对", "清一色", "门前清"}, 16, 16)


def test_angang_keeps_menqing_but_minggang_and_peng_do_not() -> None:
    # §7.6: 门前清 = no 吃, 碰 or 明杠/补杠; 暗杠 allowed
    rest = "456p789s123s5z"
    assert won(hand(rest, "5z", melds=[{"type": "angang", "card": "1m"}])) == ({"平胡", "门前清"}, 4, 4)
    assert won(hand(rest, "5z", melds=[{"type": "gang", "card": "1m"}])) == ({"平胡"}, 2, 2)
    assert won(hand(rest, "5z", melds=[{"type": "peng", "card": "1m"}])) == ({"平胡"}, 2, 2)


def test_discard_wins_only_as_gangshangpao_at_half() -> None:
    # §4 "胡牌必须自摸，不能点炮"
    out = score(hand("123m456p789s123s5z", "5z", "discard"))
    assert out["win"] is False and "自摸" in out["reason"]
    # §4 (a) 杠上炮; §5.2 / §5.5: score = fan / 2 (点炮 1倍 : 自摸 2倍)
    assert won(hand("123m456p789s123s5z", "5z", "discard", after_kong=True)) == ({"平胡", "门前清"}, 4, 2)
    assert won(hand("456p789s123s5z", "5z", "discard", melds=CHI_123M, after_kong=True)) == ({"平胡"}, 2, 1)
    assert won(hand("19m19p19s1234567z", "1m", "discard", after_kong=True)) == ({"十三幺"}, 24, 12)


def test_robbing_kong_and_gangkai_count_as_zimo() -> None:
    # §5.2 抢杠 "按胡牌家自摸计算"; the winner holds no copy of the robbed tile (README robbing_kong)
    assert won(hand("123m456p789s12s55z", "3s", "robbing_kong")) == ({"平胡", "门前清"}, 4, 4)
    # §4 十三幺 may rob (even an 暗杠, §7.11)
    assert won(hand("9m19p19s12345677z", "1m", "robbing_kong")) == ({"十三幺"}, 24, 24)
    # §4 杠开 = 自摸, "杠开不另外翻倍"
    assert won(hand("456p789s123s5z", "5z", melds=[{"type": "angang", "card": "1m"}], after_kong=True)) == (
        {"平胡", "门前清"}, 4, 4)


def test_only_shisanyao_robs_an_angang() -> None:
    # §4 "暗杠不能抢（抢杠玩家胡十三幺除外）"; §7.11
    assert may_rob(False, ["平胡"])
    assert not may_rob(True, ["平胡", "门前清"])
    assert not may_rob(True, ["清一色", "门前清"])
    assert may_rob(True, ["十三幺"])


def test_not_a_win() -> None:
    out = score(hand("123m456p789s124s5z", "5z"))
    assert out == {"win": False, "reason": out["reason"]} and out["reason"]


def test_room_options_as_the_spec_declares_them() -> None:
    # §6: jiachui true, difen 1, hands 8
    assert {o.key: o.default for o in tuidaohu.OPTIONS} == {"jiachui": True, "difen": 1, "hands": 8}
    assert all(isinstance(o, Option) for o in tuidaohu.OPTIONS)


# §5.4 加锤
def test_seed_chui_example_pays_the_winner_1000() -> None:
    # [004] A, B, C 1 锤, D none, A wins 100: B 400, C 400, D 200, A +1000
    pays = win_payments(100, 0, (1, 1, 1, 0))
    assert pays == {1: 400, 2: 400, 3: 200}
    assert sum(pays.values()) == 1000


def test_chui_factor_pairwise() -> None:
    # §5.4 / §7.9: 2^(锤_winner + 锤_payer), 2 锤 on both sides = ×16
    assert chui_factor(0, 0) == 1
    assert chui_factor(1, 0) == 2
    assert chui_factor(1, 1) == 4
    assert chui_factor(2, 2) == 16
    with pytest.raises(ValueError):
        chui_factor(3, 0)


def test_win_payments_by_way() -> None:
    chui = (2, 0, 1, 0)
    # §5.2 自摸: each of the 3 others pays one share (平胡 2), × its own factor with the winner (seat 1, 0 锤)
    assert win_payments(2, 1, chui) == {0: 8, 2: 4, 3: 2}
    # §5.2 抢杠 / ruling 12: the robbed player (seat 0, 2 锤) pays all three shares, each × 2^(0+2)
    assert win_payments(2, 1, chui, win_from="robbing_kong", payer=0) == {0: 24}
    # §5.2 杠开 after a 点杠: the 点杠 player pays 3 shares
    assert win_payments(8, 3, chui, payer=2) == {2: 48}
    # §5.2 杠上炮: the discarder alone pays half a share (平胡 门前清 4 → 2), × 2^(1+0)
    assert win_payments(4, 3, chui, win_from="discard", payer=2) == {2: 4}


def test_kong_payments() -> None:
    none = (0, 0, 0, 0)
    # §5.3 直杠: "每家1倍，均由放杠者出" → the discarder pays 3
    assert kong_payments("zhigang", 0, none, discarder=2) == {2: 3}
    # §5.3 补杠: each of the others 1; 暗杠: each 2
    assert kong_payments("bugang", 0, none) == {1: 1, 2: 1, 3: 1}
    assert kong_payments("angang", 0, none) == {1: 2, 2: 2, 3: 2}
    # ruling 12: kong money carries the 锤 factor too
    assert kong_payments("angang", 0, (1, 2, 0, 0)) == {1: 16, 2: 4, 3: 4}
    # §5.3 / ruling 13: 荒庄 cancels all kong money
    assert kong_payments("angang", 0, (1, 2, 0, 0), huangzhuang=True) == {}


@pytest.mark.parametrize(
    "data",
    [
        hand("123m456p789s123s5z", "0m"),  # not a tile
        hand("123m456p789s123s5z", "5z5z"),  # two tiles as one
        {**hand("123m456p789s123s5z", "5z"), "hand": ["1m", "2m", 3]},  # a tile that is not a string
        hand("123m456p789s123s5z", "5z", "other_draw"),  # 字牌 only
        hand("123m456p789s123s5z", None),  # win_card null without deal
        hand("123m456p789s123s", "5z"),  # 13 tiles
        hand("1111m456p789s12s5z", "1m"),  # 5 copies
        hand("123m456p789s12s55z", "3s", "robbing_kong", melds=None) | {"hand": "123m456p789s13s55z"},
        {**hand("123m456p789s123s5z", "5z"), "context": {"after_kong": "false"}},
        {**hand("123m456p789s123s5z", "5z"), "context": {"gangkai": True}},
        {**hand("123m456p789s123s5z", "5z"), "contxt": {}},
        {**hand("123m456p789s123s5z", "5z"), "options": {"difen": 2.0}},
        {**hand("123m456p789s123s5z", "5z"), "options": {"dianpao": True}},
        hand("456p789s123s5z", "5z", melds=[{"type": "chi", "cards": ["1m", "2m", "4m"]}]),
        hand("456p789s123s5z", "5z", melds=[{"type": "chi", "cards": ["1z", "2z", "3z"]}]),
        hand("456p789s123s5z", "5z", melds=[{"type": "kan", "card": "1m"}]),
        {k: v for k, v in hand("123m456p789s123s5z", "5z").items() if k != "win_from"},
    ],
)
def test_invalid_input_raises(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput):
        score(data)
