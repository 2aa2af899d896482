"""跑胡子 calculator tests (foundation issue) against ``/work/shared/rules/paohuzi.md`` and the README's
"Engine contract conventions".

Every expected number is worked out by hand from the spec; the arithmetic is in the comments. Notation in
the comments: ``R`` red cards (二七十贰柒拾), ``S``/``B`` small/big card counts over hand + melds + win card,
``x`` 胡息. Unless a test is about them, hands are built to carry no 名堂: R in {2,3,5,6,8,9}, S ≤ 15,
B ≤ 17, not every 门子 with 息.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.calculator import InvalidHand, evaluate
from engine.zipai.cards import parse_cards
from engine.zipai.decompose import NEG
from engine.zipai.evaluate import DISCARD, OTHER_DRAW, OWN, max_huxi
from engine.zipai.groups import Group
from tests.calc_helpers import check_win, score


def meld(kind: str, cards: str) -> dict[str, Any]:
    return {"type": kind, "cards": list(cards)}


def calc(hand: str, win: str | None, win_from: str = "other_draw", melds: tuple[tuple[str, str], ...] = (),
         context: dict[str, bool] | None = None, **options: Any) -> dict[str, Any]:
    """Hand and meld cards go in as lists (the review tests use strings: both forms are the contract's)."""
    return score("paohuzi", list(hand), win, win_from, [(k, list(c)) for k, c in melds], context or None,
                 options or None)


def check(out: dict[str, Any], huxi: int, patterns: set[str], fan: int, units: int, score: int) -> None:
    check_win(out, {"huxi": huxi, "patterns": patterns, "fan": fan, "units": units, "score": score})


def no_win(out: dict[str, Any]) -> None:
    assert out["win"] is False, out
    assert isinstance(out.get("reason"), str) and out["reason"], out


# ---------------------------------------------------------------------------------------------------------
# Base hands.
# S: 壹贰叁(6) 贰柒拾(6) 一二三(3) 四五六(0) 肆伍陆(0) 七八+九(0) = 15 x, 18 cards; R = 贰 + 贰柒拾 + 二 + 七 = 6,
#    S 9 (一…九), B 9. Win card 九 completes 七八九. A 3-card X group makes it 21 cards / 7 门子.
S_HAND = "壹贰叁贰柒拾一二三四五六肆伍陆七八"
# NEUTRAL = S + 肆伍陆 (0): 15 x → 1 囤; R 6, S 9, B 12; 门子 with 息: 3 of 7 → no 名堂.
NEUTRAL = S_HAND + "肆伍陆"
# B4: 壹贰叁(6) 贰柒拾(6) 一二三(3) 四五+六(0) 肆伍陆(0) + 将 九九 = 15 x, 17 cards (win 六), R 5, S 8, B 9;
#     plus one 4-card meld of 八/捌 (21 cards).
B4_HAND = "壹贰叁贰柒拾一二三四五肆伍陆九九"


# ------------------------------------------------------------------------------------- 5.1 胡息 per group
@pytest.mark.parametrize(("label", "hand", "melds", "huxi", "units"), [
    # 坎 small 十十十: 15 + 3 = 18 → 囤 1 + (3 // 3) = 2. R 6 + 3 = 9, S 12.
    ("坎 small", S_HAND + "十十十", (), 18, 2),
    # 坎 big 玖玖玖: 15 + 6 = 21 → 1 + 6 // 3 = 3. R 6, B 12.
    ("坎 big", S_HAND + "玖玖玖", (), 21, 3),
    ("偎 small", S_HAND, (("wei", "十十十"),), 18, 2),
    ("偎 big", S_HAND, (("wei", "玖玖玖"),), 21, 3),
    ("臭偎 small", S_HAND, (("chouwei", "十十十"),), 18, 2),
    ("臭偎 big", S_HAND, (("chouwei", "玖玖玖"),), 21, 3),
    # 碰 small: 15 + 1 = 16 → 1 + 1 // 3 = 1;  碰 big: 15 + 3 = 18 → 2.
    ("碰 small", S_HAND, (("peng", "十十十"),), 16, 1),
    ("碰 big", S_HAND, (("peng", "玖玖玖"),), 18, 2),
    # 二七十 in hand / as 吃: 15 + 3 = 18 → 2 (R 9, S 12).
    ("二七十 hand", S_HAND + "二七十", (), 18, 2),
    ("二七十 chi", S_HAND, (("chi", "二七十"),), 18, 2),
    # 绞 and other 一句话 carry nothing: 15 + 0.
    ("other sentence", S_HAND + "肆伍陆", (), 15, 1),
    ("other sentence chi", S_HAND, (("chi", "肆伍陆"),), 15, 1),
    # hand 九九玖 + win 九: 碰 九 would strand 七八玖, so 七八九 + 绞 九九玖 (0) = 15.
    ("绞 hand", S_HAND + "九九玖", (), 15, 1),
    ("绞 chi", S_HAND, (("chi", "八捌捌"),), 15, 1),
])
def test_three_card_group_huxi(label: str, hand: str, melds: tuple[tuple[str, str], ...], huxi: int,
                               units: int) -> None:
    check(calc(hand, "九", melds=melds), huxi, set(), 1, units, units)


def test_sentences_count_the_same_in_hand_and_as_chi() -> None:
    # 壹贰叁 6 + 贰柒拾 6 + 一二三 3 = 15 whether they sit in hand or were taken by 吃.
    check(calc(NEUTRAL, "九"), 15, set(), 1, 1, 1)
    hand = "四五六肆伍陆七八肆伍陆"
    melds = (("chi", "壹贰叁"), ("chi", "贰柒拾"), ("chi", "一二三"))
    check(calc(hand, "九", melds=melds), 15, set(), 1, 1, 1)


def test_small_sentences_are_half_the_big_ones() -> None:
    # 壹贰叁 → 一二三 (second copy): 3 + 6 + 3 + 0 + 0 + 0 = 12, + 坎 十 3 = 15 → 1 囤. R: 二二 + 贰柒拾 + 七 +
    # 十十十 = 9.
    hand = "一二三贰柒拾一二三四五六肆伍陆七八十十十"
    check(calc(hand, "九"), 15, set(), 1, 1, 1)


@pytest.mark.parametrize(("label", "kind", "card", "huxi", "units"), [
    # B4 15 + 提 八 9 = 24 → 1 + 9 // 3 = 4; 提 捌 12 → 27 → 5; 跑 八 6 → 21 → 3; 跑 捌 9 → 24 → 4.
    # R 5; S 12 (八) or 8 (捌); B 9 or 13; with 息: 4 of 7 → no 名堂. The 将 九九 adds 0.
    ("提 small", "ti", "八", 24, 4),
    ("提 big", "ti", "捌", 27, 5),
    ("跑 small", "pao", "八", 21, 3),
    ("跑 big", "pao", "捌", 24, 4),
])
def test_four_card_group_huxi(label: str, kind: str, card: str, huxi: int, units: int) -> None:
    check(calc(B4_HAND, "六", melds=((kind, card * 4),)), huxi, set(), 1, units, units)


# ----------------------------------------------------------------------------------------------- 5.2 囤
@pytest.mark.parametrize(("hand", "melds", "win", "huxi", "tun"), [
    (NEUTRAL, (), "九", 15, 1),  # 1 + 0 // 3
    (S_HAND, (("peng", "十十十"),), "九", 16, 1),  # 1 + 1 // 3
    # 壹贰叁 6 + 贰柒拾 6 + 碰十 1 + 碰九 1 + 一二三 3 + 四五+六 + 肆伍陆 = 17 → 1 + 2 // 3 = 1.
    # R: 贰 + 3 + 十十十 + 二 = 8; S 12.
    ("壹贰叁贰柒拾一二三四五肆伍陆", (("peng", "十十十"), ("peng", "九九九")), "六", 17, 1),
    (S_HAND + "十十十", (), "九", 18, 2),  # 坎 十: 1 + 3 // 3
    # 壹贰叁 6 + 贰柒拾 6 + 一二三 3 + 二七十 3 + 碰九 1 + 碰八 1 + 肆伍+陆 = 20 → 1 + 5 // 3 = 2.
    # R: 贰 + 3 + 二 + 3 = 8; S 12.
    ("壹贰叁贰柒拾一二三二七十肆伍", (("peng", "九九九"), ("peng", "八八八")), "陆", 20, 2),
    (S_HAND + "玖玖玖", (), "九", 21, 3),  # 坎 玖: 1 + 6 // 3
])
def test_tun_formula(hand: str, melds: tuple[tuple[str, str], ...], win: str, huxi: int, tun: int) -> None:
    check(calc(hand, win, melds=melds), huxi, set(), 1, tun, tun)


def test_below_fifteen_huxi_does_not_win() -> None:
    # 壹贰叁 → 肆伍陆 in NEUTRAL: 贰柒拾 6 + 一二三 3 = 9 < 15. 7 门子 are fine, 胡息 are not.
    out = calc("肆伍陆贰柒拾一二三四五六肆伍陆七八柒捌玖", "九")
    no_win(out)
    assert "15" in out["reason"]


# ------------------------------------------------------------------------------ 5.3 全名堂, one 名堂 each
def test_no_mingtang_means_fan_one() -> None:
    check(calc(NEUTRAL, "九"), 15, set(), 1, 1, 1)


def test_tianhu() -> None:
    # Dealer wins on his own 亮张 九 (loose, no pair of 九): 天胡 6 + 听胡 6 = 12 番; 自摸: 1 + 1 = 2 囤 → 24.
    out = calc(NEUTRAL, "九", "deal", context={"dealer": True})
    check(out, 15, {"天胡", "听胡", "自摸"}, 12, 2, 24)


def test_dihu() -> None:
    # Non-dealer wins the 亮张: 地胡 6 + 听胡 6 = 12 番, no 自摸: 1 囤 → 12.
    check(calc(NEUTRAL, "九", "deal"), 15, {"地胡", "听胡"}, 12, 1, 12)


def test_haihu_other_draw_and_self_draw() -> None:
    # 海胡 6 番, 1 囤 → 6; by 自摸: (1 + 1) × 6 = 12.
    check(calc(NEUTRAL, "九", context={"last_card": True}), 15, {"海胡"}, 6, 1, 6)
    check(calc(NEUTRAL, "九", "self_draw", context={"last_card": True}), 15, {"海胡", "自摸"}, 6, 2, 12)


def test_tinghu() -> None:
    check(calc(NEUTRAL, "九", context={"no_draw_yet": True}), 15, {"听胡"}, 6, 1, 6)


def test_zimo_adds_one_tun_and_no_fan() -> None:
    check(calc(NEUTRAL, "九", "self_draw"), 15, {"自摸"}, 1, 2, 2)


# R12: 壹贰叁(6) 贰柒拾(6) 一二三(3) 二七十(3) 肆伍陆 七八+九 + 碰 十(1) = 19 x → 1 + 4 // 3 = 2 囤.
#      R = 贰 1 + 贰柒拾 3 + 二 1 + 二七十 3 + 七 1 + 十十十 3 = 12; S 12, B 9.
R12 = ("壹贰叁贰柒拾一二三二七十肆伍陆七八", (("peng", "十十十"),))
# R13: 肆伍陆 → 陆柒捌 (+柒): R 13, 19 x, 2 囤.
R13 = ("壹贰叁贰柒拾一二三二七十陆柒捌七八", (("peng", "十十十"),))
# R10: 壹贰叁 贰柒拾 一二三 二七十 柒捌玖 七八+九 + 碰 八(1) = 19 x, 2 囤; R = 1 + 3 + 1 + 3 + 柒 + 七 = 10.
R10 = ("壹贰叁贰柒拾一二三二七十柒捌玖七八", (("peng", "八八八"),))
# W (乌胡): 坎 肆(6) 偎 壹(6) 碰 叁(3) 三四五 四五+六 八八捌 九九玖 = 15 x; R 0; S 10, B 11. Win 六.
W = ("肆肆肆三四五四五八八捌九九玖", (("wei", "壹壹壹"), ("peng", "叁叁叁")))
# D (点胡): W with 九九玖 → 七八九 and 八八捌 → 八捌捌 (七八八九捌捌 splits only as 七八九 + 八捌捌): R 1 (七).
D = ("肆肆肆三四五四五八捌捌七八九", (("wei", "壹壹壹"), ("peng", "叁叁叁")))
# DZ (对子胡): 碰 壹(3) 碰 十(1) 碰 肆(3) 偎 五(3) 坎 六(3) 坎 八(3) + 九九 + win 九 → 碰(1) = 17 x → 1 囤.
#     R 3 (十十十); S 15, B 6; no 跑/提 → no 将, every 门子 has 息 → also 行行息.
DZ = ("六六六八八八九九", (("peng", "壹壹壹"), ("peng", "十十十"), ("peng", "肆肆肆"), ("wei", "五五五")))


def test_honghu_red_10_12_13() -> None:
    # 3 + (R − 10): R10 → 3 番 × 2 囤 = 6; R12 → 5 × 2 = 10; R13 → 6 × 2 = 12 (no cap, no 红乌 in 全名堂).
    check(calc(R10[0], "九", melds=R10[1]), 19, {"红胡"}, 3, 2, 6)
    check(calc(R12[0], "九", melds=R12[1]), 19, {"红胡"}, 5, 2, 10)
    check(calc(R13[0], "九", melds=R13[1]), 19, {"红胡"}, 6, 2, 12)


def test_wuhu() -> None:
    check(calc(W[0], "六", melds=W[1]), 15, {"乌胡"}, 8, 1, 8)


def test_dianhu() -> None:
    check(calc(D[0], "六", melds=D[1]), 15, {"点胡"}, 6, 1, 6)


@pytest.mark.parametrize(("hand", "big", "fan"), [
    # 壹贰叁 ×2 (12) + 碰 捌 (3) + 肆伍陆 ×2 + 九玖玖 + 十拾拾 = 15 x → 1 囤. B = 6 + 3 + 6 + 2 + 2 = 19,
    # S 2, R = 贰贰 + 拾拾 + 十 = 5 → 大胡 8 + (19 − 18) = 9.
    ("壹贰叁壹贰叁肆伍陆肆伍九玖玖十拾拾", 19, 9),
    # 十拾拾 → 十十拾: B 18 → 大胡 8.
    ("壹贰叁壹贰叁肆伍陆肆伍九玖玖十十拾", 18, 8),
])
def test_dahu(hand: str, big: int, fan: int) -> None:
    check(calc(hand, "陆", melds=(("peng", "捌捌捌"),)), 15, {"大胡"}, fan, 1, fan)


@pytest.mark.parametrize(("hand", "melds", "win", "fan"), [
    # 吃 一二三(3) + 一二三(3) 二七十(3) 坎九(3) 坎八(3) 四五六 肆伍+陆 = 15 x; S 18, B 3, R 二二二七十 = 5
    # → 小胡 10 + (18 − 16) = 12.
    ("一二三二七十九九九八八八四五六肆伍", (("chi", "一二三"),), "陆", 12),
    # 四五六 肆伍陆 → 四肆肆 陆柒+捌: S 16, B 5, R 6 → 小胡 10.
    ("一二三二七十九九九八八八四肆肆陆柒", (("chi", "一二三"),), "捌", 10),
])
def test_xiaohu(hand: str, melds: tuple[tuple[str, str], ...], win: str, fan: int) -> None:
    check(calc(hand, win, melds=melds), 15, {"小胡"}, fan, 1, fan)


def test_duizihu_comes_with_hanghangxi() -> None:
    # §7 8: 对子胡 8 + 行行息 8 = 16 番 × 1 囤.
    check(calc(DZ[0], "九", melds=DZ[1]), 17, {"对子胡", "行行息"}, 16, 1, 16)


def test_duizihu_with_ti_comes_with_jiahanghang() -> None:
    # 提 一(9) 碰 肆(3) 偎 五(3) 坎 陆(6) 坎 八(3) 碰 十(1) + 将 九九 (hand 九 + win 九) = 25 x → 1 + 10 // 3 = 4 囤.
    # R 3, S 一4 五3 八3 十3 九2 = 15, B 6. 对子胡 8 + 假行行 4 = 12 → 48.
    melds = (("ti", "一一一一"), ("peng", "肆肆肆"), ("wei", "五五五"), ("peng", "十十十"))
    check(calc("陆陆陆八八八九", "九", melds=melds), 25, {"对子胡", "假行行"}, 12, 4, 48)


def test_datuanyuan_single_double_and_whole_hand() -> None:
    # 提 壹(12) 跑 一(6) 四五六 肆伍陆 柒捌玖 七八+九 将 三三 = 18 x → 2 囤; 22 cards (two 4-card groups).
    # R 2 (柒 七), S 12, B 10. 大团圆 8 → 16.
    melds = (("ti", "壹壹壹壹"), ("pao", "一一一一"))
    check(calc("四五六肆伍陆柒捌玖七八三三", "九", melds=melds), 18, {"大团圆"}, 8, 2, 16)
    # 双团: + 提 肆(12) 跑 四(6) instead of 四五六 肆伍陆: 36 x → 1 + 21 // 3 = 8 囤; 24 cards.
    # R 2, S 13, B 11. 大团圆 8 × 2 = 16 番 → 128.
    melds2 = (("ti", "壹壹壹壹"), ("pao", "一一一一"), ("ti", "肆肆肆肆"), ("pao", "四四四四"))
    check(calc("柒捌玖七八三三", "九", melds=melds2), 36, {"大团圆"}, 16, 8, 128)
    # §7 7: counted over the whole hand: 提 壹(12) 吃 一二三(3) 坎 一(3) 四五六 肆伍陆 七八+九 将 捌捌 = 18 x → 2.
    melds3 = (("ti", "壹壹壹壹"), ("chi", "一二三"))
    check(calc("一一一四五六肆伍陆七八捌捌", "九", melds=melds3), 18, {"大团圆"}, 8, 2, 16)


def test_hanghangxi() -> None:
    # 壹贰叁(6) 贰柒拾(6) 一二+三(3) 二七十(3) 碰四(1) 碰五(1) 坎六(3) = 23 x → 1 + 8 // 3 = 3 囤.
    # Every 门子 has 息, no 将. R 8, S 15, B 6. 行行息 8 → 24.
    melds = (("peng", "四四四"), ("peng", "五五五"))
    check(calc("壹贰叁贰柒拾一二二七十六六六", "三", melds=melds), 23, {"行行息"}, 8, 3, 24)


def test_jiahanghang() -> None:
    # 提 八(9) 壹贰叁(6) 贰柒拾(6) 一二+三(3) 二七十(3) 碰四(1) + 将 九九 = 28 x → 1 + 13 // 3 = 5 囤.
    # 6 门子 with 息 + 将. R 8, S 八4 一二三 二七十 四3 九2 = 15, B 6. 假行行 4 → 20.
    melds = (("ti", "八八八八"), ("peng", "四四四"))
    check(calc("壹贰叁贰柒拾一二二七十九九", "三", melds=melds), 28, {"假行行"}, 4, 5, 20)


def test_siqihong_four_and_seven() -> None:
    # 壹贰叁(6) 贰柒拾(6) 偎叁(6) 三四五 四五+六 肆伍陆 九九玖 = 18 x → 2 囤; R = 贰 + 贰柒拾 = 4, S 8, B 13.
    # 四七红 2 → 4.
    check(calc("壹贰叁贰柒拾三四五四五肆伍陆九九玖", "六", melds=(("wei", "叁叁叁"),)), 18, {"四七红"}, 2, 2, 4)
    # 四五六 → 二七+十 (3): 21 x → 3 囤; R 7 → 四七红 2 → 6.
    check(calc("壹贰叁贰柒拾三四五二七肆伍陆九九玖", "十", melds=(("wei", "叁叁叁"),)), 21, {"四七红"}, 2, 3, 6)


def test_shuahou() -> None:
    # One card (九) left in hand, won as the 将. 提 八(9) 吃 壹贰叁(6) 贰柒拾(6) 一二三(3) 四五六 肆伍陆 = 24 x
    # → 4 囤; R 5, S 12, B 9. 耍猴 8 → 32; by 自摸 (4 + 1) × 8 = 40.
    melds = (("ti", "八八八八"), ("chi", "壹贰叁"), ("chi", "贰柒拾"), ("chi", "一二三"), ("chi", "四五六"),
             ("chi", "肆伍陆"))
    check(calc("九", "九", melds=melds), 24, {"耍猴"}, 8, 4, 32)
    check(calc("九", "九", "self_draw", melds=melds), 24, {"耍猴", "自摸"}, 8, 5, 40)


def test_huangfan_doubles_total_tun_once() -> None:
    check(calc(NEUTRAL, "九", huangfan=1), 15, {"黄番"}, 1, 2, 2)
    # §7 12: no escalation after several 黄庄; order (1 囤 + 自摸 1 + 充囤 2) × 2 = 8.
    check(calc(NEUTRAL, "九", "self_draw", huangfan=3, chongtun=2), 15, {"自摸", "黄番"}, 1, 8, 8)


def test_value_order_tun_zimo_chongtun_then_huangfan_then_fan() -> None:
    # W by 自摸: (1 囤 + 1 自摸 + 5 充囤) × 2 黄番 = 14 囤; × 乌胡 8 = 112.
    check(calc(W[0], "六", "self_draw", melds=W[1], chongtun=5, huangfan=1), 15, {"乌胡", "自摸", "黄番"}, 8, 14, 112)


@pytest.mark.parametrize("chongtun", range(6))
def test_chongtun(chongtun: int) -> None:
    # 充囤 is added before multiplying by 番 and is not a 名堂: W (1 囤, 乌胡 8): (1 + c) × 8.
    check(calc(W[0], "六", melds=W[1], chongtun=chongtun), 15, {"乌胡"}, 8, 1 + chongtun, 8 * (1 + chongtun))


def test_patterns_add_up() -> None:
    # 海胡 6 + 听胡 6 + 乌胡 8 = 20 番; 1 囤 + 自摸 = 2 → 40.
    out = calc(W[0], "六", "self_draw", melds=W[1], context={"last_card": True, "no_draw_yet": True})
    check(out, 15, {"海胡", "听胡", "乌胡", "自摸"}, 20, 2, 40)


# ----------------------------------------------------------------------------- 5.4 红黑点 / 5.5 多红多番
@pytest.mark.parametrize(("hand", "melds", "win", "huxi", "tun", "honghei", "duohong"), [
    # R10: 红黑点 红胡 2; 多红多番 红胡 2 + 0.        R12: 红胡 2 (12 < 13); 2 + 2 = 4.
    # R13: 红乌 4; 红胡 2 + 3 = 5.                   W: 乌胡 5; 6.    D: 点胡 3; 4.
    (*R10, "九", 19, 2, ({"红胡"}, 2), ({"红胡"}, 2)),
    (*R12, "九", 19, 2, ({"红胡"}, 2), ({"红胡"}, 4)),
    (*R13, "九", 19, 2, ({"红乌"}, 4), ({"红胡"}, 5)),
    (*W, "六", 15, 1, ({"乌胡"}, 5), ({"乌胡"}, 6)),
    (*D, "六", 15, 1, ({"点胡"}, 3), ({"点胡"}, 4)),
    # DZ: 对子胡 4 / 6; 行行息 exists only in 全名堂.
    (*DZ, "九", 17, 1, ({"对子胡"}, 4), ({"对子胡"}, 6)),
    # NEUTRAL: nothing in either mode, 番 1.
    (NEUTRAL, (), "九", 15, 1, (set(), 1), (set(), 1)),
])
def test_other_modes(hand: str, melds: tuple[tuple[str, str], ...], win: str, huxi: int, tun: int,
                     honghei: tuple[set[str], int], duohong: tuple[set[str], int]) -> None:
    check(calc(hand, win, melds=melds, mingtang="honghei"), huxi, honghei[0], honghei[1], tun, tun * honghei[1])
    check(calc(hand, win, melds=melds, mingtang="duohong"), huxi, duohong[0], duohong[1], tun, tun * duohong[1])


def test_duohong_tian_di_hai_ting_are_four() -> None:
    # 天胡 4 + 听胡 4 = 8; no 自摸 囤 outside 全名堂 (§7 10) → 1 × 8.
    check(calc(NEUTRAL, "九", "deal", context={"dealer": True}, mingtang="duohong"), 15, {"天胡", "听胡"}, 8, 1, 8)
    check(calc(NEUTRAL, "九", "deal", mingtang="duohong"), 15, {"地胡", "听胡"}, 8, 1, 8)
    check(calc(NEUTRAL, "九", context={"last_card": True}, mingtang="duohong"), 15, {"海胡"}, 4, 1, 4)
    check(calc(NEUTRAL, "九", context={"no_draw_yet": True}, mingtang="duohong"), 15, {"听胡"}, 4, 1, 4)


def test_zimo_and_huangfan_only_where_listed() -> None:
    # 红黑点 lists neither 自摸 nor 黄番: 1 囤, 番 1.
    check(calc(NEUTRAL, "九", "self_draw", mingtang="honghei", huangfan=1), 15, set(), 1, 1, 1)
    # 多红多番 has 黄番 but not 自摸: 1 × 2 = 2.
    check(calc(NEUTRAL, "九", "self_draw", mingtang="duohong", huangfan=1), 15, {"黄番"}, 1, 2, 2)
    # 红黑点 ignores 天胡/地胡 too.
    check(calc(NEUTRAL, "九", "deal", context={"dealer": True}, mingtang="honghei"), 15, set(), 1, 1, 1)
    # 充囤 applies in every mode: (1 + 2) × 乌胡 5 = 15.
    check(calc(W[0], "六", melds=W[1], mingtang="honghei", chongtun=2), 15, {"乌胡"}, 5, 3, 15)


# ------------------------------------------------------------------------------ best arrangement (rule 5)
def test_best_jiang_choice_beats_greedy_pair() -> None:
    # 提 八(9) + loose 一一二二三三四四 壹贰叁 贰柒拾 肆伍+陆. Greedy "lowest pair is the 将": 将 一一 + 二三四 ×2
    # → 9 + 6 + 6 = 21. Best: 一二三 ×2 (6) + 将 四四 → 9 + 6 + 6 + 3 + 3 = 27 → 1 + 12 // 3 = 5 囤.
    # R 二二贰贰柒拾 = 6, S 12, B 9; with 息 5 of 7 → no 名堂.
    check(calc("一一二二三三四四壹贰叁贰柒拾肆伍", "陆", melds=(("ti", "八八八八"),)), 27, set(), 1, 5, 5)


def test_other_draw_on_kan_may_pao_when_that_is_better() -> None:
    # 坎 一 + 壹壹 + 贰柒拾 二七十 四五六 肆伍陆 + 偎 玖; another's draw 一.
    # 跑 一 (6) + 将 壹壹: 6 + 6 + 3 + 6 (偎 玖) = 21 → 3 囤.  Keeping the 坎: 坎 3 + 绞 一壹壹 0 + 15 = 18.
    # R 6, S 10, B 11; with 息 4 of 7.
    hand = "一一一壹壹贰柒拾二七十四五六肆伍陆"
    check(calc(hand, "一", melds=(("wei", "玖玖玖"),)), 21, set(), 1, 3, 3)
    # Own draw of the 4th: 提 is forced (rule 1): 9 + 15 = 24 → 4 囤 + 自摸 = 5.
    check(calc(hand, "一", "self_draw", melds=(("wei", "玖玖玖"),)), 24, {"自摸"}, 1, 5, 5)


# --------------------------------------------------------------------------------- README arrangement rules
def test_rule1_own_draw_on_pair_must_wei() -> None:
    # Hand holds 七八 九九玖; a 九: loose it makes 七八九 + 九九玖 (15 x). Own draw must 偎 九九九 → 七八玖 stranded.
    hand = "壹贰叁贰柒拾一二三四五六肆伍陆七八九九玖"
    no_win(calc(hand, "九", "self_draw"))
    # Dealer's own 亮张 is his own draw too.
    no_win(calc(hand, "九", "deal", context={"dealer": True}))
    # Another player's draw may stay loose (碰 九 would strand 七八玖): R 6, S 11, B 10 → 15 x, 1.
    check(calc(hand, "九"), 15, set(), 1, 1, 1)


def test_rule1_own_draw_on_pair_forms_wei() -> None:
    # S + 七八九 complete + 十十; own draw 十 → 偎 十 (3): 18 x → 2 囤 + 自摸 1 = 3. R 9, S 12.
    hand = "壹贰叁贰柒拾一二三四五六肆伍陆七八九十十"
    check(calc(hand, "十", "self_draw"), 18, {"自摸"}, 1, 3, 3)
    # Another's draw: 碰 十 (1) → 16 x, 1 囤 (十十十 loose is impossible, 二七十 cannot be formed).
    check(calc(hand, "十"), 16, set(), 1, 1, 1)


def test_rule1_own_draw_on_kan_or_wei_must_ti() -> None:
    # 坎 九 + 七八 + 5 groups (15): another's draw 九 → 坎 3 + 七八九 = 18 → 2 (跑 would strand 七八).
    hand = "壹贰叁贰柒拾一二三四五六肆伍陆七八九九九"
    check(calc(hand, "九"), 18, set(), 1, 2, 2)
    no_win(calc(hand, "九", "self_draw"))
    # The same with a 偎 九 on the table.
    hand2 = "壹贰叁贰柒拾一二三四五六肆伍陆七八"
    check(calc(hand2, "九", melds=(("wei", "九九九"),)), 18, set(), 1, 2, 2)
    no_win(calc(hand2, "九", "self_draw", melds=(("wei", "九九九"),)))
    no_win(calc(hand2, "九", "self_draw", melds=(("chouwei", "九九九"),)))


def test_rule1_forced_ti_wins() -> None:
    # B4 (with 六) + 坎 八, own draw 八 → 提 (9): 24 → 4 囤 + 自摸 = 5.
    check(calc(B4_HAND + "六八八八", "八", "self_draw"), 24, {"自摸"}, 1, 5, 5)
    # 偎 八 on the table + own draw 八 → 提: the same.
    check(calc(B4_HAND + "六", "八", "self_draw", melds=(("wei", "八八八"),)), 24, {"自摸"}, 1, 5, 5)
    # Another's draw onto the 坎: 跑 (6) + 将 九九 → 21 → 3 (loose 八 cannot be placed).
    check(calc(B4_HAND + "六八八八", "八"), 21, set(), 1, 3, 3)
    check(calc(B4_HAND + "六", "八", melds=(("wei", "八八八"),)), 21, set(), 1, 3, 3)


def test_rule2_other_draw_may_stay_loose_beside_kan() -> None:
    # 坎 十 + 二七 + 5 groups; another's draw 十 → 二七十 (3) + 坎 十 (3) + 15 = 21 → 3 囤 (跑 would strand 二七).
    # R = 贰 + 贰柒拾 3 + 二 + 二七十 3 + 十十十 3 = 11 → 红胡 3 + 1 = 4 → 12.
    check(calc("壹贰叁贰柒拾一二三四五六肆伍陆二七十十十", "十"), 21, {"红胡"}, 4, 3, 12)


def test_rule2_peng_plus_wall_draw_is_pao_any_drawer() -> None:
    # 碰 八 + B4 (with 六): the 4th 八 from any wall draw makes 跑 八 (6): 21 → 3 (+ 自摸 on one's own draw).
    check(calc(B4_HAND + "六", "八", melds=(("peng", "八八八"),)), 21, set(), 1, 3, 3)
    check(calc(B4_HAND + "六", "八", "self_draw", melds=(("peng", "八八八"),)), 21, {"自摸"}, 1, 4, 4)


def test_rule2_discard_never_joins_a_peng() -> None:
    # The arrangement search itself: the same cards complete via an own/other draw but never via a discard.
    hand = [0] * 20
    for c in parse_cards(B4_HAND + "六"):
        hand[c] += 1
    peng = [Group("peng", (7, 7, 7))]  # 八
    assert max_huxi(hand, peng, 7, OTHER_DRAW, 7) == 21
    assert max_huxi(hand, peng, 7, OWN, 7) == 21
    assert max_huxi(hand, peng, 7, DISCARD, 7) == NEG


def test_discards_are_never_won_in_paohuzi() -> None:
    # §4 "never a discard (no 放炮 in this variant)": a complete hand on a discard is not a win.
    no_win(calc(NEUTRAL, "九", "discard"))


def test_rule3_kan_is_never_split() -> None:
    # 一一一 二 三 壹: split as 一二三 + 一一壹 it would make 一二三 3 + 贰柒拾 6 + 壹贰叁 6 + 四五六 + 七八九 ×2 = 15;
    # the 坎 一 must stay whole, and 二 三 壹 then cannot be placed.
    no_win(calc("一一一二三壹贰柒拾壹贰叁四五六七八九七八", "九"))


def test_rule4_pair_only_with_pao_or_ti() -> None:
    # 20 cards: 6 groups + a pair without any 跑/提 is not a hand (NEUTRAL minus 七八九 plus 九九 将).
    no_win(calc("壹贰叁贰柒拾一二三四五六肆伍陆肆伍陆九", "九"))
    # 21 cards with a 提 but no pair: 提 八 + 壹贰叁 贰柒拾 一二三 四五六 肆伍+陆 = 22 cards → no.
    no_win(calc("壹贰叁贰柒拾一二三四五六肆伍陆肆伍", "陆", melds=(("ti", "八八八八"),)))


def test_win_card_null_deal() -> None:
    # 天胡 with the 亮张 inside a dealt 提 (the game awards it, see test_paohuzi_game): the dealer's hand as
    # dealt. 提 九 9 + 壹贰叁 6 + 贰柒拾 6 + 一二三 3 + 四五六 + 肆伍陆 + 将 八八 = 24 → 4 囤 + 自摸 1 = 5;
    # 天胡 6 + 听胡 6 = 12 → 60. R 5, S 12, B 9.
    hand = "壹贰叁贰柒拾一二三四五六肆伍陆八八"
    out = calc(hand, None, "deal", melds=(("ti", "九九九九"),), context={"dealer": True})
    check(out, 24, {"天胡", "听胡", "自摸"}, 12, 5, 60)
    # A non-dealer has no start-of-hand win in 跑胡子.
    no_win(calc(hand, None, "deal", melds=(("ti", "九九九九"),)))
    # Nor does a dealt hand that is not complete.
    no_win(calc(NEUTRAL + "十", None, "deal", context={"dealer": True}))


# ---------------------------------------------------------------------------------------- invalid input
def _base() -> dict[str, Any]:
    return {"variant": "paohuzi", "hand": list(NEUTRAL), "win_card": "九", "win_from": "other_draw"}


@pytest.mark.parametrize(("label", "change"), [
    ("not an object", lambda d: ["paohuzi"]),
    ("unknown variant", lambda d: d | {"variant": "nosuchgame"}),
    ("missing variant", lambda d: {k: v for k, v in d.items() if k != "variant"}),
    ("missing hand", lambda d: {k: v for k, v in d.items() if k != "hand"}),
    ("missing win_from", lambda d: {k: v for k, v in d.items() if k != "win_from"}),
    ("missing win_card", lambda d: {k: v for k, v in d.items() if k != "win_card"}),
    ("unknown option", lambda d: d | {"options": {"bogus": 1}}),
    ("option out of range", lambda d: d | {"options": {"chongtun": 6}}),
    ("unknown mode", lambda d: d | {"options": {"mingtang": "other"}}),
    ("unknown card", lambda d: d | {"hand": [*d["hand"][:-1], "X"]}),
    ("unknown win card", lambda d: d | {"win_card": "5m"}),
    ("bad win_from", lambda d: d | {"win_from": "robbing_kong"}),
    ("five copies", lambda d: d | {"melds": [meld("peng", "九九九")], "hand": [*d["hand"], "九"]}),
    ("four identical in hand", lambda d: d | {"hand": [*d["hand"][3:], "十", "十", "十", "十"]}),
    ("peng of mixed cards", lambda d: d | {"melds": [meld("peng", "九九玖")]}),
    ("chi not a sentence", lambda d: d | {"melds": [meld("chi", "一三五")]}),
    ("unknown meld type", lambda d: d | {"melds": [meld("gang", "九九九九")]}),
])
def test_invalid_input_raises(label: str, change: Any) -> None:
    with pytest.raises(InvalidHand):
        evaluate(change(_base()))


# ------------------------------------------------------------------------------- the real command line
def _score(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "score"], input=stdin, capture_output=True,
                          text=True, timeout=60, check=False)


def test_cli_scores_a_hand() -> None:
    data = {"variant": "paohuzi", "hand": list(W[0]), "melds": [meld(k, c) for k, c in W[1]], "win_card": "六",
            "win_from": "self_draw", "context": {"last_card": True}, "options": {"chongtun": 1}}
    proc = _score(json.dumps(data, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    # 乌胡 8 + 海胡 6 = 14 番; 1 + 自摸 1 + 充囤 1 = 3 囤 → 42.
    check(out, 15, {"乌胡", "海胡", "自摸"}, 14, 3, 42)


def test_cli_non_winning_hand_exits_zero() -> None:
    proc = _score(json.dumps({"variant": "paohuzi", "hand": NEUTRAL, "win_card": "九", "win_from": "discard"}))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["win"] is False


@pytest.mark.parametrize("stdin", [
    "{not json",
    json.dumps({"variant": "nosuchgame", "hand": NEUTRAL, "win_card": "九", "win_from": "self_draw"}),
    json.dumps({"variant": "paohuzi", "hand": NEUTRAL + "九九九九", "win_card": "一", "win_from": "self_draw"},
               ensure_ascii=False),
    json.dumps({"variant": "paohuzi", "hand": NEUTRAL, "win_from": "self_draw"}, ensure_ascii=False),
    json.dumps({"variant": "paohuzi", "hand": NEUTRAL, "win_card": "九", "win_from": "self_draw",
                "options": {"nope": True}}, ensure_ascii=False),
])
def test_cli_invalid_input_exit_2_one_stderr_line(stdin: str) -> None:
    proc = _score(stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0], proc.stderr
