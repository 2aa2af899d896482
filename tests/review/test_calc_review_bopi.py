"""Second review of the calculator for 剥皮 (`bopi`), expected values computed by hand from
shared/rules/bopi.md (§4 winning, §5.1 胡息, §5.2 等, §5.3 名堂, §5.5 output) and the README contract.

Hands are given exactly as the contract says: ``hand`` = cards held at the moment of winning, *without*
the winning card. 胡息 (bopi §5.1): 碰 1/3, 偎·坎 3/6, 跑 6/9, 提 9/12, 一二三·二七十 3, 壹贰叁·贰柒拾 6.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.calc_helpers import score


def bopi(hand: str, win: str | None, win_from: str, melds: str = "", **context: bool) -> dict[str, Any]:
    return score("bopi", hand, win, win_from, melds, context or None)


# Seven-group hands at the 等 boundaries (win card 七/五/四/八 from another player's draw, loose sentences 0 胡息).
# H10: 坎三 3 + 碰玖 3 + 偎四 3 + 碰一 1 = 10; loose 五六七 肆伍陆 捌玖拾 0.          → 等 1 + (0//5) = 1
H10 = ("三三三 五六 肆伍陆 捌玖拾", "七", "peng:玖玖玖 wei:四四四 peng:一一一")
# H14: 坎陆 6 + 偎四 3 + 碰玖 3 + 碰一 1 + 碰二 1 = 14; loose 五六七 捌玖拾.          → 等 1 + (4//5) = 1
H14 = ("陆陆陆 六七 捌玖拾", "五", "wei:四四四 peng:玖玖玖 peng:一一一 peng:二二二")
# H15: 坎陆 6 + 偎四 3 + 碰玖 3 + 偎八 3 = 15; loose 二三四 五六七 捌玖拾.             → 等 1 + (5//5) = 2
H15 = ("陆陆陆 二三四 五六 捌玖拾", "七", "wei:四四四 peng:玖玖玖 wei:八八八")
# H19: 坎陆 6 + 偎捌 6 + 碰玖 3 + 偎四 3 + 碰一 1 = 19; loose 二三四 五六七.            → 等 1 + (9//5) = 2
H19 = ("陆陆陆 二三四 五六", "七", "wei:捌捌捌 peng:玖玖玖 wei:四四四 peng:一一一")
# H20: 坎陆 6 + 偎捌 6 + 碰玖 3 + 偎四 3 + 碰一 1 + 碰三 1 = 20; loose 五六七.          → 等 1 + (10//5) = 3
H20 = ("陆陆陆 五六", "七", "wei:捌捌捌 peng:玖玖玖 wei:四四四 peng:一一一 peng:三三三")


@pytest.mark.parametrize(("hand", "huxi", "deng"), [(H10, 10, 1), (H14, 14, 1), (H15, 15, 2), (H19, 19, 2),
                                                     (H20, 20, 3)])
def test_deng_boundaries_through_the_calculator(hand: tuple[str, str, str], huxi: int, deng: int) -> None:
    out = bopi(hand[0], hand[1], "other_draw", hand[2])
    # Another player's draw: no 名堂, hand 胡 = 胡息.
    assert out["win"] is True
    assert out["huxi"] == huxi and out["units"] == deng and out["score"] == huxi
    assert out["patterns"] == []
    assert "fan" not in out  # §5.5: no fan for bopi


def test_nine_huxi_does_not_win() -> None:
    # 坎三 3 + 偎四 3 + 碰一 1 + 碰二 1 + 碰五 1 = 9 < 10; loose 六七八 捌玖拾 are 0.
    out = bopi("三三三 六七 捌玖拾", "八", "other_draw", "wei:四四四 peng:一一一 peng:二二二 peng:五五五")
    assert out["win"] is False and "reason" in out


class TestMingtang:
    def test_zimo_adds_ten_hu_but_not_to_deng(self) -> None:
        # H15 self-drawn (七 is a single in hand → loose): 15 + 10 = 25 胡; 等 from raw 胡息 = 2.
        out = bopi(H15[0], H15[1], "self_draw", H15[2])
        assert out["patterns"] == ["自摸"] and out["huxi"] == 15 and out["score"] == 25 and out["units"] == 2

    def test_tianhu_is_not_also_zimo(self) -> None:
        # Dealer wins his own 亮张: 天胡 only (§5.3 decision): 20 + 10 = 30 胡, 等 3.
        out = bopi(H20[0], H20[1], "deal", H20[2], dealer=True)
        assert out["patterns"] == ["天胡"] and out["score"] == 30 and out["units"] == 3

    def test_dihu_on_the_liangzhang(self) -> None:
        # A non-dealer wins the 亮张: 地胡, 14 + 10 = 24 胡, 等 1.
        out = bopi(H14[0], H14[1], "deal", H14[2])
        assert out["patterns"] == ["地胡"] and out["score"] == 24 and out["units"] == 1

    def test_dihu_on_the_dealers_first_discard_only_for_a_non_dealer(self) -> None:
        out = bopi(H19[0], H19[1], "discard", H19[2], first_discard=True)
        assert out["win"] and out["patterns"] == ["地胡"] and out["score"] == 29 and out["units"] == 2  # 19+10
        # any other discard: 不能胡别人打出的牌
        assert bopi(H19[0], H19[1], "discard", H19[2])["win"] is False
        # the dealer cannot win on his own first discard
        assert bopi(H19[0], H19[1], "discard", H19[2], first_discard=True, dealer=True)["win"] is False

    def test_other_draw_and_flags_without_a_mingtang_add_nothing(self) -> None:
        # 海底 / 听胡 are not 剥皮 名堂: still 10 胡.
        out = bopi(H10[0], H10[1], "other_draw", H10[2], last_card=True, no_draw_yet=True)
        assert out["patterns"] == [] and out["score"] == 10

    def test_tianhu_liangzhang_must_make_the_ti(self) -> None:
        """Rule 1: the dealer's own 亮张 陆 onto his 坎陆 must be 提 (12) and then needs a 将.
        Dealer's 21 cards: 提陆 12 + 将九九 + 一二三 3 + 四五六 0 + 柒捌玖 0 + 贰柒拾 6 + 坎伍 6 = 27 胡息;
        天胡 → 27 + 10 = 37 胡; 等 1 + (17//5) = 4."""
        hand = "陆陆陆 九九 一二三 四五六 柒捌玖 贰柒拾 伍伍伍"
        out = bopi(hand, "陆", "deal", dealer=True)
        assert out["win"] and out["huxi"] == 27 and out["score"] == 37 and out["units"] == 4
        assert out["patterns"] == ["天胡"]
        # Drawn and shown by another player the same 陆 is a 跑 (9), not a 提: 24 胡息, 等 1 + 14//5 = 3.
        out = bopi(hand, "陆", "other_draw")
        assert out["huxi"] == 24 and out["score"] == 24 and out["units"] == 3 and out["patterns"] == []


class TestArrangement:
    # 坎陆 6 + 三四 + 五五 + 伍, melds 碰玖 3 + 偎捌 6 + 碰一 1 + 碰二 1; the winning card is 五.
    HAND = "陆陆陆 三四 五五 伍"
    MELDS = "peng:玖玖玖 wei:捌捌捌 peng:一一一 peng:二二二"

    def test_someone_elses_draw_may_go_into_a_sentence(self) -> None:
        # Rule 2: 三四五 + 绞五五伍 + 坎陆 6 + melds 11 = 17 胡息, 等 1 + 7//5 = 2.
        out = bopi(self.HAND, "五", "other_draw", self.MELDS)
        assert out["win"] and out["huxi"] == 17 and out["units"] == 2 and out["score"] == 17

    def test_own_draw_onto_a_pair_must_be_wei(self) -> None:
        # Rule 1: 五 self-drawn onto 五五 must form 偎 → 三 四 伍 are left over: no win.
        assert bopi(self.HAND, "五", "self_draw", self.MELDS)["win"] is False

    def test_seed_002_kan_is_not_split(self) -> None:
        """[002]: 二二二三四 + 贰 cannot be played as 二二贰 + 二三四. With 五六 and the winning 七 the split
        would give 7 groups (二二贰, 二三四, 五六七 + 4 melds); kept whole, 三四 贰 五六七 cannot be grouped."""
        melds = "peng:玖玖玖 wei:捌捌捌 peng:一一一 wei:壹壹壹"
        assert bopi("二二二 三四 贰 五六", "七", "other_draw", melds)["win"] is False
        # "要胡牌必须丢掉贰听牌": without the 贰 (a 五 instead) it wins on 八: 坎二 3 + 三四五 + 六七八
        # + 碰玖 3 + 偎捌 6 + 碰一 1 + 偎壹 6 = 19 胡息, 等 2.
        out = bopi("二二二 三四五 六七", "八", "other_draw", melds)
        assert out["win"] and out["huxi"] == 19 and out["units"] == 2

    def test_no_pair_without_pao_or_ti(self) -> None:
        # Rule 4: 20 cards = 6 groups (melds 11 + 坎陆 6 + 三四五) + 伍伍; a pair is a 方门子 only as the 将
        # of a hand with 跑/提, so this is not 7 方门子: no win.
        assert bopi("陆陆陆 三四 伍伍", "五", "other_draw", self.MELDS)["win"] is False


class TestMeldTable:
    def test_pao_chouwei_and_big_chi_melds(self) -> None:
        """跑三 6 + 臭偎捌 6 + 吃壹贰叁 6 + 碰玖 3 = 21 胡息; loose 四五六 七八九 + 将九九 (a 跑 needs one 将);
        21 cards + 1 跑 = 22. 等 1 + 11//5 = 3, another player's draw: 21 胡."""
        melds = "pao:三三三三 chouwei:捌捌捌 chi:壹贰叁 peng:玖玖玖"
        out = bopi("四五六 七八 九九", "九", "other_draw", melds)
        assert out["win"] and out["huxi"] == 21 and out["units"] == 3 and out["score"] == 21
        # Self-drawn, the 九 must be 偎-ed onto 九九 → 七八 left over: no win (rule 1).
        assert bopi("四五六 七八 九九", "九", "self_draw", melds)["win"] is False

    def test_someone_elses_card_on_a_pair_is_peng_not_kan(self) -> None:
        """Rule 2: the 九 joins 九九 as 碰 (1), never as 坎 (3): 碰玖 3 + 偎捌 6 + 碰一 1 + 坎陆 6 + 三四五
        + 碰九 1 + 二七十 3 = 20 胡息, 等 3."""
        out = bopi("陆陆陆 三四五 九九 二七十", "九", "other_draw", "peng:玖玖玖 wei:捌捌捌 peng:一一一")
        assert out["win"] and out["huxi"] == 20 and out["units"] == 3 and out["score"] == 20
