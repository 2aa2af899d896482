"""Second review of the calculator for 四人跑胡子 (`liuhuqiang`), expected values computed by hand from
shared/rules/liuhuqiang.md (§4 winning, §5 provisional scoring) and the README contract; plus the input
forms and rejections of the contract, checked on the three reviewed variants.

5 方门子, 15 cards (14 + one per 跑/提), ≥ 6 胡息; 囤 = 1 + (胡息 − 6)//3; fan 2 on self_draw and deal, else 1;
score = 囤 × fan = one loser's share. ``hand`` never contains the winning card.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.calculator import InvalidHand, evaluate
from tests.calc_helpers import score


def lhq(hand: str, win: str | None, win_from: str = "other_draw", melds: str = "", **context: bool) -> dict[str, Any]:
    return score("liuhuqiang", hand, win, win_from, melds, context or None)


# (hand, win, melds): five groups each.
# L8: 碰玖 3 + 偎八 3 + 碰一 1 + 碰二 1 + 四五六 0 = 8 → 1 + 2//3 = 1 囤.
L8 = ("四五", "六", "peng:玖玖玖 wei:八八八 peng:一一一 peng:二二二")
# L9: 碰玖 3 + 偎八 3 + 一二三 3 + 四五六 + 伍陆柒 = 9 → 1 + 3//3 = 2 囤.
L9 = ("一二三 四五六 伍陆", "柒", "peng:玖玖玖 wei:八八八")
# L11: 碰玖 3 + 偎八 3 + 碰四 1 + 碰五 1 + 一二三 3 = 11 → 1 + 5//3 = 2 囤.
L11 = ("一二", "三", "peng:玖玖玖 wei:八八八 peng:四四四 peng:五五五")
# L12: 碰玖 3 + 偎八 3 + 偎九 3 + 一二三 3 + 四五六 = 12 → 1 + 6//3 = 3 囤.
L12 = ("一二三 四五", "六", "peng:玖玖玖 wei:八八八 wei:九九九")


@pytest.mark.parametrize(("hand", "huxi", "units"), [(L8, 8, 1), (L9, 9, 2), (L11, 11, 2), (L12, 12, 3)])
def test_tun_boundaries(hand: tuple[str, str, str], huxi: int, units: int) -> None:
    out = lhq(hand[0], hand[1], "other_draw", hand[2])
    assert out["win"] is True
    assert out["huxi"] == huxi and out["units"] == units and out["fan"] == 1 and out["score"] == units
    assert out["patterns"] == []


def test_five_huxi_does_not_win() -> None:
    # 碰玖 3 + 碰一 1 + 碰二 1 + 三四五 + 六七八 = 5 < 6.
    out = lhq("三四五 六七", "八", "other_draw", "peng:玖玖玖 peng:一一一 peng:二二二")
    assert out["win"] is False


def test_fifteen_cards_are_five_groups_not_seven() -> None:
    # A 21-card 3-player hand is not a 四人跑胡子 hand: 5 groups only.
    out = lhq("陆陆陆 二三四 五六", "七", "other_draw", "wei:捌捌捌 peng:玖玖玖 peng:一一一 peng:四四四")
    assert out["win"] is False


class TestFan:
    def test_self_draw_doubles(self) -> None:
        out = lhq(L12[0], L12[1], "self_draw", L12[2])  # 3 囤 × 2 = 6
        assert out["fan"] == 2 and out["score"] == 6 and out["patterns"] == []

    def test_discard_is_one_share(self) -> None:
        out = lhq(L12[0], L12[1], "discard", L12[2])  # 3 × 1 (the discarder pays 3 shares, not shown here)
        assert out["win"] and out["fan"] == 1 and out["score"] == 3

    def test_liangzhang_tianhu_and_dihu_double(self) -> None:
        out = lhq(L9[0], L9[1], "deal", L9[2], dealer=True)  # 2 囤 × 2 = 4
        assert out["patterns"] == ["天胡"] and out["fan"] == 2 and out["score"] == 4
        out = lhq(L9[0], L9[1], "deal", L9[2])
        assert out["patterns"] == ["地胡"] and out["fan"] == 2 and out["score"] == 4

    def test_last_card_is_no_mingtang(self) -> None:
        out = lhq(L12[0], L12[1], "other_draw", L12[2], last_card=True)
        assert out["patterns"] == [] and out["score"] == 3


class TestFourCardGroups:
    def test_ti_needs_the_one_jiang(self) -> None:
        # 提壹 12 + 碰玖 3 + 三四五 + 六七八 + 将九九 = 15 → 1 + 9//3 = 4 囤; 16 cards = 15 + 1 提.
        out = lhq("三四五 六七 九九", "八", "other_draw", "ti:壹壹壹壹 peng:玖玖玖")
        assert out["win"] and out["huxi"] == 15 and out["units"] == 4 and out["score"] == 4
        assert lhq("三四五 六七 九九", "八", "self_draw", "ti:壹壹壹壹 peng:玖玖玖")["score"] == 8

    def test_po_pao_hu_on_a_wei(self) -> None:
        # Discard 三 onto one's 偎三 would be 跑; winning it in 二三四 instead (破跑胡):
        # 偎三 3 + 碰玖 3 + 坎陆 6 + 二三四 + 五六七 = 12 → 3 囤 × 1.  (As 跑, 二四五六七 cannot be grouped.)
        out = lhq("陆陆陆 二四 五六七", "三", "discard", "wei:三三三 peng:玖玖玖")
        assert out["win"] and out["huxi"] == 12 and out["score"] == 3

    def test_discard_may_pao_a_wei(self) -> None:
        # 跑三 6 (偎 + discard) + 坎陆 6 + 五六七 + 将九九 + 碰玖 3 = 15 → 4 囤 × 1 = 4.
        out = lhq("陆陆陆 五六七 九九", "三", "discard", "wei:三三三 peng:玖玖玖")
        assert out["win"] and out["huxi"] == 15 and out["score"] == 4

    def test_own_peng_takes_a_drawn_fourth_but_never_a_discard(self) -> None:
        hand, melds = "陆陆陆 五六七 九九", "peng:三三三 peng:玖玖玖"
        # "自己桌面上碰的牌不能跑任何人手中打出的牌": a discarded 三 stays loose → 三 + 九九 left over.
        assert lhq(hand, "三", "discard", melds)["win"] is False
        # Drawn (by anyone): 跑三 6 + 坎陆 6 + 五六七 + 将九九 + 碰玖 3 = 15 → 4 囤; own draw × 2.
        out = lhq(hand, "三", "other_draw", melds)
        assert out["win"] and out["huxi"] == 15 and out["score"] == 4
        assert lhq(hand, "三", "self_draw", melds)["score"] == 8


def test_dealers_liangzhang_onto_his_pair_must_be_wei() -> None:
    """The dealer's own 亮张 九 onto his 九九 must be 偎 (rule 1) → 七八 玖 are left: no 天胡.
    A non-dealer with the same 14 cards takes the 亮张 freely: 七八九 + 九九玖 + 一二三 3 + 坎陆 6 + 贰柒拾 6
    = 15 → 4 囤 × 2 (地胡) = 8."""
    hand = "七八九九玖 一二三 陆陆陆 贰柒拾"
    assert lhq(hand, "九", "deal", dealer=True)["win"] is False
    out = lhq(hand, "九", "deal")
    assert out["win"] and out["patterns"] == ["地胡"] and out["huxi"] == 15 and out["score"] == 8


class TestStartHand:
    """2 提 or 4 坎 right after the deal (win_card null, win_from deal): 胡息 of the 提/坎, fan 2."""

    def test_two_ti_non_dealer_is_dihu(self) -> None:
        # 提一 9 + 提二 9 = 18 → 1 + 12//3 = 5 囤 × 2 = 10.
        out = lhq("三五七九 肆陆", None, "deal", "ti:一一一一 ti:二二二二")
        assert out["win"] and out["patterns"] == ["地胡"] and out["huxi"] == 18
        assert out["units"] == 5 and out["fan"] == 2 and out["score"] == 10

    def test_four_big_kan_dealer_is_tianhu(self) -> None:
        # 坎壹 贰 叁 肆 6 × 4 = 24 → 1 + 18//3 = 7 囤 × 2 = 14 (dealer: 15 cards).
        out = lhq("壹壹壹 贰贰贰 叁叁叁 肆肆肆 五七九", None, "deal", dealer=True)
        assert out["win"] and out["patterns"] == ["天胡"] and out["huxi"] == 24 and out["score"] == 14

    def test_one_ti_three_kan(self) -> None:
        # 提壹 12 + 坎三 四 五 3 × 3 = 21 → 1 + 15//3 = 6 囤 × 2 = 12.
        out = lhq("三三三 四四四 五五五 七", None, "deal", "ti:壹壹壹壹")
        assert out["win"] and out["huxi"] == 21 and out["units"] == 6 and out["score"] == 12

    def test_two_ti_and_a_kan(self) -> None:
        # 2 提 already qualify; the 坎 counts too: 9 + 9 + 3 = 21 → 6 囤 × 2 = 12.
        out = lhq("三三三 五七九", None, "deal", "ti:一一一一 ti:二二二二")
        assert out["win"] and out["huxi"] == 21 and out["score"] == 12

    @pytest.mark.parametrize(("hand", "melds"), [
        ("三三三 四四四 五五五 七八九十 壹", ""),       # 3 坎
        ("三三三 四四四 七八九十", "ti:五五五五"),      # 1 提 + 2 坎 (a 坎 is never a 提)
    ])
    def test_not_enough(self, hand: str, melds: str) -> None:
        assert lhq(hand, None, "deal", melds)["win"] is False


# ------------------------------------------------------------------ contract: input forms
def _run(data: Any) -> subprocess.CompletedProcess[str]:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return subprocess.run([sys.executable, "-m", "engine", "score"], input=text, capture_output=True, text=True,
                          timeout=60)


class TestInputForms:
    def test_hand_as_list_melds_with_card_lists(self) -> None:
        data = {"variant": "liuhuqiang", "hand": ["一", "二", "三", "四", "五"], "win_card": "六",
                "win_from": "other_draw",
                "melds": [{"type": "peng", "cards": ["玖", "玖", "玖"]}, {"type": "wei", "cards": "八八八"},
                          {"type": "wei", "cards": ["九", "九", "九"]}]}
        out = evaluate(data)
        assert out["win"] and out["huxi"] == 12 and out["score"] == 3  # = L12

    def test_no_melds_key_and_no_context(self) -> None:
        # bopi: 天胡 hand given without "melds" (dealer flag needed: no context → a non-dealer → 地胡).
        hand = "陆陆陆 九九 一二三 四五六 柒捌玖 贰柒拾 伍伍伍"
        out = evaluate({"variant": "bopi", "hand": hand, "win_card": "陆", "win_from": "deal"})
        # non-dealer: 跑陆 9 + 将九九 + 一二三 3 + 四五六 + 柒捌玖 + 贰柒拾 6 + 坎伍 6 = 24; 地胡 +10 = 34.
        assert out["win"] and out["patterns"] == ["地胡"] and out["huxi"] == 24 and out["score"] == 34

    def test_deal_without_win_card_key(self) -> None:
        # win_card may be left out (null) for a start-of-hand win.
        out = evaluate({"variant": "anhua", "hand": "一三五七九四六八", "win_from": "deal",
                        "melds": [{"type": "ti", "cards": "壹壹壹壹"}, {"type": "ti", "cards": "贰贰贰贰"},
                                  {"type": "ti", "cards": "叁叁叁叁"}]})
        assert out["win"] and out["score"] == 48

    def test_a_valid_hand_that_does_not_win_is_not_an_error(self) -> None:
        out = evaluate({"variant": "liuhuqiang", "hand": "一二三四五六七", "win_card": "八", "win_from": "self_draw"})
        assert out["win"] is False and isinstance(out["reason"], str)

    def test_cli_prints_one_json_object(self) -> None:
        data = {"variant": "liuhuqiang", "hand": "一二三 四五", "win_card": "六", "win_from": "self_draw",
                "melds": [{"type": "peng", "cards": "玖玖玖"}, {"type": "wei", "cards": "八八八"},
                          {"type": "wei", "cards": "九九九"}]}
        proc = _run(data)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert {k: out[k] for k in ("win", "huxi", "patterns", "fan", "units", "score")} == {
            "win": True, "huxi": 12, "patterns": [], "fan": 2, "units": 3, "score": 6}


BASE = {"variant": "liuhuqiang", "hand": "一二三四五", "win_card": "六", "win_from": "other_draw",
        "melds": [{"type": "peng", "cards": "玖玖玖"}, {"type": "wei", "cards": "八八八"}]}


@pytest.mark.parametrize("data", [
    {**BASE, "variant": "shaoyang"},                                     # unknown variant
    {**BASE, "options": {"tun": "3xi"}},                                 # option of another variant
    {**BASE, "variant": "anhua", "options": {"tun": "2xi"}},             # bad option value
    {**BASE, "variant": "bopi", "options": {"players": 5}},
    {**BASE, "hand": "一二三四X"},                                       # unknown card
    {**BASE, "win_card": "11"},
    {k: v for k, v in BASE.items() if k != "hand"},                      # missing fields
    {k: v for k, v in BASE.items() if k != "win_from"},
    {k: v for k, v in BASE.items() if k != "win_card"},
    {**BASE, "win_card": None},                                          # null card outside 'deal'
    {**BASE, "win_from": "zimo"},                                        # unknown win_from
    {**BASE, "hand": "一一一一二三"},                                     # four identical in hand
    {**BASE, "hand": "玖玖三四五"},                                       # 5 × 玖 (3 in melds + 2 in hand)
    {**BASE, "win_card": "八", "hand": "八二三四五"},                       # 5 × 八
    {**BASE, "melds": [{"type": "gang", "cards": "玖玖玖玖"}]},            # mahjong meld type
    {**BASE, "melds": [{"type": "peng", "cards": "玖玖"}]},               # wrong meld size
    {**BASE, "melds": [{"type": "chi", "cards": "一三五"}]},              # not a 一句话/绞
])
def test_invalid_input_raises(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidHand):
        evaluate(data)


@pytest.mark.parametrize("text", [
    "not json",
    json.dumps({**BASE, "variant": "anhua", "hand": "一二三四Q"}, ensure_ascii=False),
    json.dumps({**BASE, "variant": "bopi", "hand": "玖玖二三四"}, ensure_ascii=False),
])
def test_cli_invalid_input_exits_2_with_one_stderr_line(text: str) -> None:
    proc = _run(text)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1
