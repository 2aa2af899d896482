"""The calculator (``engine.calculator.evaluate``) on every table number of the four variant specs, and the
real ``python -m engine score`` subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.calculator import InvalidHand, evaluate
from engine.variants import anhua, bopi, fangpaofa
from engine.zipai.scoring import tun
from tests.calc_helpers import calc, hand_input

# Reusable winning hands (cards held including the winning card; melds).
# W20: all black, 20 胡息: 坎陆 6 + 坎三 3 + 四五六 0 + 偎捌 6 + 碰玖 3 + 碰四 1 + 碰一 1.
W20 = ("陆陆陆 三三三 四五六", "wei:捌 peng:玖 peng:四 peng:一")
# K30: all black, 30 胡息: 坎陆 6 + 坎伍 6 + 三四五 0 + 偎捌 6 + 碰玖 3 + 碰肆 3 + 偎壹 6.
K30 = ("陆陆陆 伍伍伍 三四五", "wei:捌 peng:玖 peng:肆 wei:壹")
# TB33: K30 with 二七十 instead of 三四五 — every red card in one all-red group (条扁), 33 胡息.
TB33 = ("陆陆陆 伍伍伍 二七十", "wei:捌 peng:玖 peng:肆 wei:壹")
# R15: 15 red cards, 19 胡息: 二七十 3 + 坎柒 6 + 三四五 + 肆伍陆 + 吃贰柒拾 6 + 碰拾 3 + 碰二 1.
R15 = ("二七十 柒柒柒 三四五 肆伍陆", "chi:贰柒拾 peng:拾 peng:二")
# R12: R15 with 碰一 instead of 碰二: 12 red, 19 胡息.
R12 = ("二七十 柒柒柒 三四五 肆伍陆", "chi:贰柒拾 peng:拾 peng:一")
# D26: one red card (一二三), 26 胡息.
D26 = ("陆陆陆 伍伍伍 一二三", "wei:捌 peng:玖 peng:四 peng:一")
# L11: 11 胡息 (under 15, over 10): 坎陆 6 + 碰玖 3 + 碰四 1 + 碰一 1 + three 0-息 sentences.
L11 = ("陆陆陆 二三四 五六七 捌玖拾", "peng:玖 peng:四 peng:一")
# T30: with a 提 and a 将: 提壹 12 + 碰玖 3 + 偎捌 6 + 坎陆 6 + 三四五 + 二七十 3 + 将九九 = 30.
T30 = ("陆陆陆 三四五 二七十 九九", "ti:壹 peng:玖 wei:捌")


# ------------------------------------------------------------------ 放炮罚
class TestFangpaofa:
    def test_seed_example_20hu_wuhu_is_100_times_2(self) -> None:
        out = calc("fangpaofa", *W20[:1], "六", melds=W20[1])
        assert out["win"] and out["huxi"] == 20
        assert set(out["patterns"]) == {"乌胡", "卡胡"} and out["fan"] == 2 and out["score"] == 200
        assert "units" not in out

    def test_discard_win_is_capped_at_100(self) -> None:
        out = calc("fangpaofa", W20[0], "六", "discard", W20[1])
        assert out["score"] == 100 and out["fan"] == 2

    def test_kahu_30_is_100_once_with_wuhu(self) -> None:
        out = calc("fangpaofa", K30[0], "四", melds=K30[1])
        assert out["huxi"] == 30 and set(out["patterns"]) == {"乌胡", "卡胡"} and out["fan"] == 1
        assert out["score"] == 100

    def test_tiaobian_and_zimo_multiply(self) -> None:
        out = calc("fangpaofa", TB33[0], "七", melds=TB33[1])
        assert out["huxi"] == 33 and out["patterns"] == ["条扁"] and out["score"] == 66
        out = calc("fangpaofa", TB33[0], "七", "self_draw", TB33[1])
        assert set(out["patterns"]) == {"条扁", "自摸"} and out["fan"] == 4 and out["score"] == 132

    def test_shisanhong_and_honghu(self) -> None:
        out = calc("fangpaofa", R15[0], "五", melds=R15[1])
        assert out["huxi"] == 19 and out["patterns"] == ["十三红"] and out["score"] == 100
        out = calc("fangpaofa", R12[0], "五", melds=R12[1])
        assert out["patterns"] == ["红胡"] and out["score"] == 38

    def test_yidianhong_and_haidi(self) -> None:
        out = calc("fangpaofa", D26[0], "二", melds=D26[1])
        assert out["huxi"] == 26 and out["patterns"] == ["一点红"] and out["score"] == 52
        out = calc("fangpaofa", D26[0], "二", melds=D26[1], last_card=True)
        assert set(out["patterns"]) == {"一点红", "海底胡"} and out["score"] == 104

    def test_tianhu_and_dihu(self) -> None:
        out = calc("fangpaofa", TB33[0], "七", "deal", TB33[1], dealer=True)
        assert set(out["patterns"]) == {"天胡", "条扁"} and out["score"] == 200  # 天胡 is not also 自摸
        out = calc("fangpaofa", TB33[0], "七", "discard", TB33[1], first_discard=True, no_draw_yet=True)
        assert set(out["patterns"]) == {"地胡", "条扁"} and out["score"] == 100  # capped: a discard win
        out = calc("fangpaofa", TB33[0], "七", "discard", TB33[1], first_discard=True)
        assert out["patterns"] == ["条扁"]  # the hand has changed: no 地胡

    def test_15_huxi_minimum_even_for_100_patterns(self) -> None:
        out = calc("fangpaofa", L11[0], "三", melds=L11[1])
        assert out == {"win": False, "reason": "best arrangement has 11 胡息, 15 needed"}

    def test_kahu30_with_a_2fan_pattern_multiplies_the_100(self) -> None:
        out = calc("fangpaofa", T30[0], "四", melds=T30[1])
        assert out["huxi"] == 30 and set(out["patterns"]) == {"卡胡", "条扁"} and out["score"] == 200


# ------------------------------------------------------------------ 剥皮
class TestBopi:
    def test_huxi_table_and_deng(self) -> None:
        out = calc("bopi", T30[0], "四", melds=T30[1])
        assert out["huxi"] == 30 and out["patterns"] == [] and out["score"] == 30 and out["units"] == 5
        assert "fan" not in out

    @pytest.mark.parametrize(("huxi", "deng"), [(10, 1), (14, 1), (15, 2), (19, 2), (20, 3), (30, 5)])
    def test_deng_formula(self, huxi: int, deng: int) -> None:
        assert tun(huxi, 10, 5) == deng

    def test_ten_huxi_minimum(self) -> None:
        out = calc("bopi", L11[0], "三", melds=L11[1])
        assert out["win"] and out["huxi"] == 11 and out["units"] == 1 and out["score"] == 11

    def test_mingtang_add_ten_hu(self) -> None:
        assert calc("bopi", L11[0], "三", "self_draw", L11[1])["patterns"] == ["自摸"]
        assert calc("bopi", L11[0], "三", "self_draw", L11[1])["score"] == 21
        out = calc("bopi", L11[0], "三", "deal", L11[1], dealer=True)
        assert out["patterns"] == ["天胡"] and out["score"] == 21
        out = calc("bopi", L11[0], "三", "deal", L11[1])
        assert out["patterns"] == ["地胡"] and out["score"] == 21

    def test_discard_only_as_dihu_on_the_dealers_first_discard(self) -> None:
        assert not calc("bopi", L11[0], "三", "discard", L11[1])["win"]
        assert not calc("bopi", L11[0], "三", "discard", L11[1], first_discard=True, dealer=True)["win"]
        out = calc("bopi", L11[0], "三", "discard", L11[1], first_discard=True)
        assert out["patterns"] == ["地胡"] and out["score"] == 21

    def test_kan_may_not_be_split(self) -> None:
        # Seed 002: 二二二三四 + 贰 cannot be split as 二二贰 + 二三四; 二二二 stays a 坎.
        hand = "二二二 三四贰 陆陆陆 五六七"
        out = calc("bopi", hand, "贰", melds="peng:玖 peng:肆 wei:捌")
        assert out["win"] is False
        # With the 坎 kept whole (a 五 instead of the 贰) the hand wins: 坎二 3 + 坎陆 6 + 碰 3 + 3 + 偎 6.
        out = calc("bopi", "二二二 三四五 陆陆陆 五六七", "五", melds="peng:玖 peng:肆 wei:捌")
        assert out["win"] and out["huxi"] == 21 and "kan:二二二" in out["arrangement"]


# ------------------------------------------------------------------ 安化跑胡子
class TestAnhua:
    SEED = ("一二三 二七十 五五五 六六六", "wei:八 wei:九 wei:四")

    def test_seed_example_21_huxi_zimo_shibaxiao(self) -> None:
        out = calc("anhua", self.SEED[0], "三", "self_draw", self.SEED[1])
        assert out["huxi"] == 21 and out["units"] == 3 and out["fan"] == 12 and out["score"] == 36
        assert set(out["patterns"]) == {"十八小", "自摸"}

    def test_seed_example_settles_36_each_72_in_all(self) -> None:
        from engine.settlement import Seating
        from engine.zipai.rules import Priced

        p = Priced(36, 21, {"score": 36})
        plain = Seating.everyone(3, options=anhua.VARIANT.validate({}))
        assert anhua.settle(plain, 1, p, "self_draw") == [-36, 72, -36]
        papo = Seating.everyone(3, options=anhua.VARIANT.validate({"papo": True, "difen": 2}),
                                carry={"huangzhuang": 1})
        assert anhua.settle(papo, 1, p, "self_draw") == [-144, 288, -144]  # 爬坡 ×2, 底分 2

    def test_zimo_without_fanbei_adds_nothing(self) -> None:
        out = calc("anhua", self.SEED[0], "三", "self_draw", self.SEED[1], options={"zimo_fanbei": False})
        assert out["patterns"] == ["十八小"] and out["fan"] == 6 and out["score"] == 18

    def test_yixi_yitun(self) -> None:
        out = calc("anhua", self.SEED[0], "三", "other_draw", self.SEED[1], options={"tun": "1xi"})
        assert out["units"] == 7 and out["score"] == 42

    @pytest.mark.parametrize(("hand", "win", "name", "fan", "units"), [
        (R12, "五", "小红胡", 2, 2), (D26, "二", "点胡", 3, 4), (R15, "五", "大红胡", 4, 2), (W20, "六", "黑胡", 5, 2),
    ])
    def test_mingtang_table(self, hand: tuple[str, str], win: str, name: str, fan: int, units: int) -> None:
        out = calc("anhua", hand[0], win, melds=hand[1])
        assert out["patterns"] == [name] and out["fan"] == fan and out["units"] == units
        assert out["score"] == fan * units

    def test_zimo_heihu_is_10_fan(self) -> None:
        out = calc("anhua", W20[0], "六", "self_draw", W20[1])
        assert set(out["patterns"]) == {"黑胡", "自摸"} and out["fan"] == 10 and out["score"] == 20

    def test_only_the_largest_mingtang(self) -> None:
        # All small and all black: 黑胡 5 and 十八小 6 → only 十八小.
        out = calc("anhua", "一一一 三四五 六六六", "五", melds="wei:八 wei:九 wei:四 peng:三")
        assert out["patterns"] == ["十八小"] and out["fan"] == 6

    def test_no_pao_and_no_liangzhang(self) -> None:
        assert not calc("anhua", self.SEED[0], "三", "discard", self.SEED[1])["win"]
        assert not calc("anhua", self.SEED[0], "三", "deal", self.SEED[1])["win"]
        assert not calc("anhua", self.SEED[0], "三", "deal", self.SEED[1], dealer=True)["win"]

    def test_under_15_huxi(self) -> None:
        assert not calc("anhua", L11[0], "三", melds=L11[1])["win"]

    def test_santi_wukan(self) -> None:
        out = calc("anhua", "一三五七九 壹叁伍", None, "deal", "ti:二 ti:四 ti:六")
        assert out["win"] and out["patterns"] == ["三提五坎"] and out["huxi"] == 27
        assert out["units"] == 5 and out["fan"] == 6 and out["score"] == 30
        out = calc("anhua", "七七七 八八八 九九九 一三", None, "deal", "ti:二 ti:四")
        assert out["win"] and out["huxi"] == 27
        assert not calc("anhua", "七七七 八八八 一三五九", None, "deal", "ti:二 ti:四")["win"]
        off = calc("anhua", "一三五七九 壹叁伍", None, "deal", "ti:二 ti:四 ti:六", options={"santi_wukan": False})
        assert not off["win"]


# ------------------------------------------------------------------ 四人跑胡子
class TestLiuhuqiang:
    L18 = ("陆陆陆 三四五 二七十", "peng:玖 wei:捌")

    def test_five_groups_and_tun(self) -> None:
        out = calc("liuhuqiang", self.L18[0], "四", melds=self.L18[1])
        assert out["huxi"] == 18 and out["units"] == 5 and out["fan"] == 1 and out["score"] == 5
        assert out["patterns"] == []

    def test_zimo_doubles_and_discard_is_one_share(self) -> None:
        assert calc("liuhuqiang", self.L18[0], "四", "self_draw", self.L18[1])["score"] == 10
        out = calc("liuhuqiang", self.L18[0], "四", "discard", self.L18[1])
        assert out["win"] and out["score"] == 5

    def test_six_huxi_minimum(self) -> None:
        assert calc("liuhuqiang", "三四五 六七八 伍陆柒", "五", melds="peng:玖 wei:八")["huxi"] == 6
        out = calc("liuhuqiang", "三四五 六七八 伍陆柒", "五", melds="peng:九 wei:八")
        assert out == {"win": False, "reason": "best arrangement has 4 胡息, 6 needed"}

    def test_liangzhang_tianhu_dihu(self) -> None:
        out = calc("liuhuqiang", self.L18[0], "四", "deal", self.L18[1], dealer=True)
        assert out["patterns"] == ["天胡"] and out["fan"] == 2 and out["score"] == 10
        assert calc("liuhuqiang", self.L18[0], "四", "deal", self.L18[1])["patterns"] == ["地胡"]

    def test_start_hand_two_ti_or_four_kan(self) -> None:
        out = calc("liuhuqiang", "一三五七九 叁伍", None, "deal", "ti:壹 ti:贰", dealer=True)
        assert out["win"] and out["patterns"] == ["天胡"] and out["huxi"] == 24 and out["units"] == 7
        assert out["score"] == 14
        out = calc("liuhuqiang", "三三三 四四四 五五五 六六六 一九", None, "deal")
        assert out["patterns"] == ["地胡"] and out["huxi"] == 12 and out["score"] == 6
        out = calc("liuhuqiang", "三三三 四四四 五五五 一九", None, "deal", "ti:六")
        assert out["win"] and out["huxi"] == 18
        assert not calc("liuhuqiang", "三三三 四四四 一五七九", None, "deal", "ti:六")["win"]

    def test_pao_po_hu(self) -> None:
        # 破跑胡: a discard matching one's 坎 may be won inside a sentence instead of being 跑-ed.
        out = calc("liuhuqiang", "陆陆陆 三三三 二三四 五六七", "三", "discard", "peng:玖")
        assert out["win"] and out["huxi"] == 12 and "kan:三三三" in out["arrangement"]


# ------------------------------------------------------------------ contract
def test_invalid_option_and_card() -> None:
    with pytest.raises(InvalidHand):
        evaluate(hand_input("bopi", L11[0], "三", melds=L11[1], options={"players": 5}))
    with pytest.raises(InvalidHand):
        evaluate({"variant": "anhua", "hand": "一一一一", "win_card": "二", "win_from": "self_draw"})


def test_room_options_exactly_as_specs() -> None:
    keys = {v: [o.key for o in m.OPTIONS] for v, m in (("fangpaofa", fangpaofa), ("bopi", bopi), ("anhua", anhua))}
    assert keys == {
        "fangpaofa": ["daniao", "niao_value", "target", "max_hands"],  # + 局数上限 (issue 7)
        "bopi": ["players", "target", "scoring", "huangzhuang", "max_hands"],
        "anhua": ["tun", "zimo_fanbei", "santi_wukan", "papo", "mingwei", "banker", "difen"],
    }
    assert bopi.VARIANT.validate({}) == {"players": 4, "target": 100, "scoring": "hu", "huangzhuang": "stay",
                                         "max_hands": 20}
    assert anhua.VARIANT.validate({}) == {"tun": "3xi", "zimo_fanbei": True, "santi_wukan": True, "papo": False,
                                          "mingwei": False, "banker": "random", "difen": 1}
    assert fangpaofa.VARIANT.validate({}) == {"daniao": False, "niao_value": 10, "target": 100, "max_hands": 20}


@pytest.mark.parametrize(("variant", "data", "expect"), [
    ("fangpaofa", hand_input("fangpaofa", W20[0], "六", melds=W20[1]), {"score": 200, "fan": 2}),
    ("anhua", hand_input("anhua", TestAnhua.SEED[0], "三", "self_draw", TestAnhua.SEED[1]), {"score": 36}),
    ("bopi", hand_input("bopi", L11[0], "三", "self_draw", L11[1]), {"score": 21, "units": 1}),
    ("liuhuqiang", hand_input("liuhuqiang", *TestLiuhuqiang.L18[:1], "四", "discard", TestLiuhuqiang.L18[1]),
     {"score": 5, "units": 5}),
])
def test_score_subprocess(variant: str, data: dict, expect: dict) -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "score"], input=json.dumps(data, ensure_ascii=False),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["win"] is True
    assert {k: out[k] for k in expect} == expect


def test_fangpaofa_prefers_kahu_30_over_a_36_huxi_arrangement() -> None:
    """§5.3 4: the arrangement with the highest settled value wins, not the highest 胡息.
    Fixed groups: 偎壹 6 + 提肆 12 + 跑三 6 + 跑九 6 = 30. Loose 二二贰 柒柒 捌玖拾 (二 is the drawn card):
    A = 绞二二贰 0 + 捌玖拾 0 + 将柒柒 → 30 胡息 = 卡胡 → 100;  B = 贰柒拾 6 + 柒捌玖 0 + 将二二 → 36 胡息, no 名堂
    (6 red cards) → 36. A is settled at 100 > 36."""
    data = {
        "variant": "fangpaofa", "hand": "二贰柒柒捌玖拾", "win_card": "二", "win_from": "other_draw",
        "melds": [{"type": "wei", "cards": "壹壹壹"}, {"type": "ti", "cards": "肆肆肆肆"},
                  {"type": "pao", "cards": "三三三三"}, {"type": "pao", "cards": "九九九九"}],
    }
    out = evaluate(data)
    assert out["win"] and out["huxi"] == 30 and set(out["patterns"]) == {"卡胡"}
    assert out["fan"] == 1 and out["score"] == 100
    discard = evaluate({**data, "win_from": "discard"})  # 放炮: min(100, 100)
    assert discard["huxi"] == 30 and discard["score"] == 100
