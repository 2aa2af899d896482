"""Second review of the calculator for 安化跑胡子 (`anhua`), expected values computed by hand from
shared/rules/anhua.md (§4 winning, §5.1 胡息, §5.2 囤, §5.3 名堂, §5.4 三提五坎 value, §5.5 output).

``hand`` = cards held at the moment of winning, without the winning card. Red = 二七十 贰柒拾; colour and
small counts are over all 21 (or more) cards: hand + melds + winning card (README rule 6).
囤 三息一囤 = 1 + (胡息 − 15)//3; 一息一囤 = 1 + (胡息 − 15). 番 = largest 名堂 × (2 if 自摸 and 自摸翻倍).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.calc_helpers import score


def anhua(hand: str, win: str | None, win_from: str = "other_draw", melds: str = "",
          options: dict[str, Any] | None = None, **context: bool) -> dict[str, Any]:
    return score("anhua", hand, win, win_from, melds, context or None, options)


# (hand, win, melds, 胡息, red, small)
# RED9: 吃贰柒拾 6 + 碰拾 3 + 偎捌 6 + 坎陆 6 + 二七十 3 + 三四五 + 四五六 = 24; red 3+3+3 = 9; small 9.
RED9 = ("陆陆陆 二七十 三四五 四五", "六", "chi:贰柒拾 peng:拾拾拾 wei:捌捌捌")
# RED10: RED9 with 六七八 (one red) for 四五六: 24 胡息; red 9 + 1 = 10; small 9.
RED10 = ("陆陆陆 二七十 三四 六七八", "五", "chi:贰柒拾 peng:拾拾拾 wei:捌捌捌")
# RED12: 吃贰柒拾 6 + 碰拾 3 + 偎捌 6 + 二七十 3 + 一二三 3 + 六七八 + 八九十 = 21; red 3+3+3+1+1+1 = 12.
RED12 = ("一二三 二七十 六七八 八十", "九", "chi:贰柒拾 peng:拾拾拾 wei:捌捌捌")
# RED13: 吃贰柒拾 6 + 碰拾 3 + 吃七七柒 0 + 二七十 3 + 坎陆 6 + 六七八 + 三四五 = 18; red 3+3+3+3+1 = 13.
RED13 = ("陆陆陆 二七十 六七八 三四", "五", "chi:贰柒拾 peng:拾拾拾 chi:七七柒")
# RED1: 一二三 3 + 坎陆 6 + 四五六 + 偎捌 6 + 碰玖 3 + 碰肆 3 + 偎壹 6 = 27; the one red card is 二.
RED1 = ("陆陆陆 一二三 四五", "六", "wei:捌捌捌 peng:玖玖玖 peng:肆肆肆 wei:壹壹壹")
# RED0: 坎陆 6 + 三四五 + 四五六 + 偎捌 6 + 碰玖 3 + 碰肆 3 + 偎壹 6 = 24; no red; small 6.
RED0 = ("陆陆陆 三四五 四五", "六", "wei:捌捌捌 peng:玖玖玖 peng:肆肆肆 wei:壹壹壹")
# SMALL18: 一二三 3 + 二七十 3 + 坎四 3 + 五六七 + 偎八 3 + 偎九 3 + 偎捌 6 = 21; small 18, red 5.
SMALL18 = ("一二三 二七十 四四四 六七", "五", "wei:八八八 wei:九九九 wei:捌捌捌")
# SMALL17: SMALL18 with 吃九九玖 0 for 偎九 3: 18 胡息; small 17, red 5.
SMALL17 = ("一二三 二七十 四四四 六七", "五", "wei:八八八 chi:九九玖 wei:捌捌捌")


@pytest.mark.parametrize(("hand", "huxi", "units", "patterns", "fan"), [
    (RED9, 24, 4, [], 1),            # 1 + 9//3 = 4 囤; red 9: no 名堂 → 4 × 1 = 4
    (RED10, 24, 4, ["小红胡"], 2),    # red 10 → 小红胡 2: 4 × 2 = 8
    (RED12, 21, 3, ["小红胡"], 2),    # 1 + 6//3 = 3; red 12 still 小红胡: 3 × 2 = 6
    (RED13, 18, 2, ["大红胡"], 4),    # 1 + 3//3 = 2; red 13 → 大红胡 4: 2 × 4 = 8
    (RED1, 27, 5, ["点胡"], 3),       # 1 + 12//3 = 5; red 1 → 点胡 3: 15
    (RED0, 24, 4, ["黑胡"], 5),       # 1 + 9//3 = 4; red 0 → 黑胡 5: 20
    (SMALL18, 21, 3, ["十八小"], 6),  # 1 + 6//3 = 3; small 18 → 十八小 6: 18
    (SMALL17, 18, 2, [], 1),          # 1 + 3//3 = 2; small 17, red 5: nothing → 2
])
def test_mingtang_thresholds(hand: tuple[str, str, str], huxi: int, units: int, patterns: list[str],
                             fan: int) -> None:
    out = anhua(hand[0], hand[1], "other_draw", hand[2])
    assert out["win"] is True
    assert out["huxi"] == huxi and out["units"] == units
    assert sorted(out["patterns"]) == sorted(patterns) and out["fan"] == fan
    assert out["score"] == units * fan


def test_the_winning_card_is_the_one_red_card() -> None:
    # RED1 with 二 as the winning card: still exactly one red card among the 21 → 点胡, 27 胡息, 5 × 3 = 15.
    out = anhua("陆陆陆 一三 四五六", "二", "other_draw", RED1[2])
    assert out["patterns"] == ["点胡"] and out["huxi"] == 27 and out["score"] == 15


def test_only_the_largest_shibaxiao_over_xiaohonghu() -> None:
    """21 small cards, 10 red: 二七十 3 + 八九十 0 + 坎三 3 + 坎四 3 + 碰二 1 + 偎七 3 + 偎一 3 = 16 胡息;
    red 3 + 1 + 3 + 3 = 10 (小红胡 2) and small 21 (十八小 6) → only 十八小: 1 + 1//3 = 1 囤 × 6 = 6."""
    out = anhua("二七十 八十 三三三 四四四", "九", "other_draw", "peng:二二二 wei:七七七 wei:一一一")
    assert out["huxi"] == 16 and out["patterns"] == ["十八小"] and out["fan"] == 6 and out["score"] == 6


def test_four_card_melds_in_the_huxi_table() -> None:
    """提十 9 + 跑叁 9 + 臭偎四 3 + 一二三 3 + 五六七 + 伍陆柒 + 将八八 = 24 胡息 (22 cards);
    red 十×4 + 二 + 七 + 柒 = 7, small 15: no 名堂. 1 + 9//3 = 4 囤 × 1; self-drawn 自摸 × 2 = 8."""
    hand, melds = "一二三 五七 伍陆柒 八八", "ti:十十十十 pao:叁叁叁叁 chouwei:四四四"
    out = anhua(hand, "六", "other_draw", melds)
    assert out["win"] and out["huxi"] == 24 and out["units"] == 4 and out["patterns"] == [] and out["score"] == 4
    out = anhua(hand, "六", "self_draw", melds)
    assert out["patterns"] == ["自摸"] and out["score"] == 8


class TestZimo:
    def test_zimo_doubles_the_one_mingtang(self) -> None:
        # SMALL18 self-drawn (五 is a single in hand): 3 囤 × (6 × 2) = 36 — the seed's 21胡息自摸十八小 = 36.
        out = anhua(SMALL18[0], SMALL18[1], "self_draw", SMALL18[2])
        assert set(out["patterns"]) == {"十八小", "自摸"} and out["fan"] == 12 and out["units"] == 3
        assert out["score"] == 36

    def test_zimo_alone_is_two_fan(self) -> None:
        # RED9 self-drawn: no colour 名堂, 自摸 2 → 4 × 2 = 8.
        out = anhua(RED9[0], RED9[1], "self_draw", RED9[2])
        assert out["patterns"] == ["自摸"] and out["fan"] == 2 and out["score"] == 8

    def test_zimo_without_zimo_fanbei_is_nothing(self) -> None:
        out = anhua(RED9[0], RED9[1], "self_draw", RED9[2], options={"zimo_fanbei": False})
        assert out["patterns"] == [] and out["fan"] == 1 and out["score"] == 4

    def test_other_players_draw_is_not_zimo(self) -> None:
        out = anhua(RED0[0], RED0[1], "other_draw", RED0[2])
        assert "自摸" not in out["patterns"]
        out = anhua(RED0[0], RED0[1], "self_draw", RED0[2])
        assert set(out["patterns"]) == {"黑胡", "自摸"} and out["fan"] == 10 and out["score"] == 40  # 4 × 10


class TestTun:
    def test_yixi_yitun(self) -> None:
        # RED0 (24 胡息): 一息一囤 1 + 9 = 10 囤 × 黑胡 5 = 50; 三息一囤 1 + 9//3 = 4 × 5 = 20.
        out = anhua(RED0[0], RED0[1], "other_draw", RED0[2], options={"tun": "1xi"})
        assert out["units"] == 10 and out["score"] == 50
        out = anhua(RED0[0], RED0[1], "other_draw", RED0[2], options={"tun": "3xi"})
        assert out["units"] == 4 and out["score"] == 20

    def test_less_than_three_extra_huxi_is_no_extra_tun(self) -> None:
        # 不满3胡不算囤: 坎陆 6 + 偎捌 6 + 碰玖 3 + 碰一 1 + 碰四 1 = 17; loose 二三四 五六七 (red 2, small 12).
        # 三息一囤: 1 + 2//3 = 1 囤 → score 1; 一息一囤: 1 + 2 = 3.
        hand, melds = "陆陆陆 二三四 五六", "wei:捌捌捌 peng:玖玖玖 peng:一一一 peng:四四四"
        out = anhua(hand, "七", "other_draw", melds)
        assert out["huxi"] == 17 and out["units"] == 1 and out["score"] == 1
        assert anhua(hand, "七", "other_draw", melds, options={"tun": "1xi"})["units"] == 3

    def test_fifteen_is_one_tun_and_fourteen_does_not_win(self) -> None:
        # 坎陆 6 + 碰捌 3 + 碰一 1 + 碰四 1 + 偎九 3 + 碰二 1 = 15; loose 五六七 (win 七); red 4, small 15.
        melds = "peng:捌捌捌 peng:一一一 peng:四四四 wei:九九九 peng:二二二"
        out = anhua("陆陆陆 五六", "七", "other_draw", melds)
        assert out["huxi"] == 15 and out["units"] == 1
        # 碰二 1 → 吃贰叁肆 0: 14 胡息 → no win.
        melds14 = "peng:捌捌捌 peng:一一一 peng:四四四 wei:九九九 chi:贰叁肆"
        assert anhua("陆陆陆 五六", "七", "other_draw", melds14)["win"] is False


    def test_difen_and_papo_are_not_in_the_score(self) -> None:
        # README: score is one share before 底分 and 爬坡 → RED0 stays 4 囤 × 5 = 20.
        out = anhua(RED0[0], RED0[1], "other_draw", RED0[2], options={"difen": 3, "papo": True, "mingwei": True})
        assert out["score"] == 20 and out["fan"] == 5


class TestNoWin:
    def test_no_pao(self) -> None:
        assert anhua(RED0[0], RED0[1], "discard", RED0[2])["win"] is False
        assert anhua(RED0[0], RED0[1], "discard", RED0[2], first_discard=True)["win"] is False

    def test_not_the_liangzhang_for_anyone(self) -> None:
        assert anhua(RED0[0], RED0[1], "deal", RED0[2])["win"] is False
        assert anhua(RED0[0], RED0[1], "deal", RED0[2], dealer=True)["win"] is False


class TestSantiWukan:
    """三提五坎 after the deal: win_card null, win_from deal; 胡息 = its 提/坎, 囤 normal (≥ 1), 番 6."""

    def test_three_big_ti(self) -> None:
        # 提壹 12 + 提贰 12 + 提叁 12 = 36 → 1 + 21//3 = 8 囤 × 6 = 48.
        out = anhua("一三五七九 四六八", None, "deal", "ti:壹壹壹壹 ti:贰贰贰贰 ti:叁叁叁叁")
        assert out["win"] and out["patterns"] == ["三提五坎"] and out["huxi"] == 36
        assert out["units"] == 8 and out["fan"] == 6 and out["score"] == 48

    def test_three_ti_yixi_yitun(self) -> None:
        # 36 胡息, 一息一囤: 1 + 21 = 22 囤 × 6 = 132.
        out = anhua("一三五七九 四六八", None, "deal", "ti:壹壹壹壹 ti:贰贰贰贰 ti:叁叁叁叁",
                    options={"tun": "1xi"})
        assert out["units"] == 22 and out["score"] == 132

    def test_five_small_kan(self) -> None:
        # 5 坎 × 3 = 15 胡息 → 1 囤 × 6 = 6 (门子 and 胡息 do not matter).
        out = anhua("一一一 三三三 五五五 七七七 九九九 贰肆陆捌拾", None, "deal")
        assert out["win"] and out["patterns"] == ["三提五坎"] and out["huxi"] == 15
        assert out["units"] == 1 and out["fan"] == 6 and out["score"] == 6

    def test_one_ti_and_four_kan(self) -> None:
        # 提壹 12 + 坎二 四 六 八 3 × 4 = 24 → 1 + 9//3 = 4 囤 × 6 = 24.
        out = anhua("二二二 四四四 六六六 八八八 一三五七", None, "deal", "ti:壹壹壹壹")
        assert out["win"] and out["huxi"] == 24 and out["units"] == 4 and out["score"] == 24

    def test_dealer_is_not_zimo(self) -> None:
        # The dealer's 21 cards (3 提 + 9 singles): still 6 番 ("庄家三提五坎不与自摸叠加").
        out = anhua("一三五七九 四六八 十", None, "deal", "ti:壹壹壹壹 ti:贰贰贰贰 ti:叁叁叁叁", dealer=True)
        assert out["win"] and out["patterns"] == ["三提五坎"] and out["fan"] == 6 and out["score"] == 48

    @pytest.mark.parametrize(("hand", "melds"), [
        ("一一一 三三三 五五五 七七七 二四六八九十 贰肆", ""),          # 4 坎
        ("一一一 三三三 五五五 二四六七八九十", "ti:壹壹壹壹"),        # 1 提 + 3 坎
        ("一一一 三三三 二四六八九十", "ti:壹壹壹壹 ti:贰贰贰贰"),       # 2 提 + 2 坎
    ])
    def test_not_enough(self, hand: str, melds: str) -> None:
        assert anhua(hand, None, "deal", melds)["win"] is False

    def test_option_off(self) -> None:
        out = anhua("一一一 三三三 五五五 七七七 九九九 贰肆陆捌拾", None, "deal", options={"santi_wukan": False})
        assert out["win"] is False
