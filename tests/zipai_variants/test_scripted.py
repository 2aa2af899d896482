"""Scripted hands on stacked walls for the rules where the four variants differ from 跑胡子."""

from __future__ import annotations

import pytest

from engine.core import HandResult, IllegalAction
from engine.match import Match
from engine.outcome import How
from engine.registration import MatchProgress
from engine.variants import anhua, bopi, fangpaofa, liuhuqiang
from engine.zipai.cards import parse_cards
from engine.zipai.game import ZipaiGame
from tests.helpers_zipai import codes, pass_until, stacked_game

# Seat 1's 20 dealt cards wait on 七 (or 十) for 八九: 坎陆伍捌玖 24 + 一二三 3 = 27 胡息.
WAIT_QI = "陆陆陆 伍伍伍 捌捌捌 玖玖玖 三四五 一二三 八九"


def card(c: str) -> int:
    return parse_cards(c)[0]


def to_first_discard(game, discard: str) -> None:  # noqa: ANN001
    pass_until(game, game.dealer, ("discard",))
    game.apply(game.dealer, f"discard:{discard}")


# ------------------------------------------------------------------ 放炮罚
def test_fangpaofa_winnable_discard_must_be_won_and_the_discarder_pays() -> None:
    game = stacked_game(fangpaofa.RULES, {}, ["七", WAIT_QI, ""], liang="十")
    to_first_discard(game, "七")
    assert game.to_act()[0] == 1 and codes(game, 1) == ["hu"]
    with pytest.raises(IllegalAction):
        game.apply(1, "pass")
    game.apply(1, "hu")
    result = game.result
    assert result is not None
    assert result.winners == [1] and "地胡" in result.detail["patterns"]  # untouched hand, dealer's 1st discard
    assert result.deltas == [-100, 100, 0]  # 放炮: capped at 100


def test_fangpaofa_huangzhuang_and_match_end_with_daniao() -> None:
    progress = MatchProgress(options=fangpaofa.VARIANT.validate({"daniao": True, "niao_value": 5}), seats=3,
                             dealer=2, totals=[0, 0, 0])
    fangpaofa.after_hand(progress, HandResult([], [0, 0, -10], True, {"stakes": [0, 2]}))
    assert progress.dealer == 2 and not progress.over and progress.carry["stakes"] == [0, 2]
    progress.totals = [120, 40, -10]
    fangpaofa.after_hand(progress, HandResult([0], [60, 0, 0], False, {}))
    assert progress.over and progress.dealer == 0
    # Pairwise: 0 gets (80 + 5+0) + (130 + 5+5); 1 gets (−80 − 5) + (50 + 0+5); 2 the rest.
    assert fangpaofa.final_settlement(progress.options, progress.totals, progress.carry) == [225, -30, -195]


def test_fangpaofa_stakes_are_chosen_once_before_play() -> None:
    game = stacked_game(fangpaofa.RULES, {"daniao": True}, ["七", WAIT_QI, ""], liang="十")
    assert game.to_act() == [0, 1, 2] and codes(game, 0) == ["stake", "pass"]
    game.apply(1, "stake")
    game.apply(0, "pass")
    assert game.to_act() == [2]
    game.apply(2, "stake")
    assert game.stakes == [1, 2] and game.public_view().stakes == (1, 2)
    again = stacked_game(fangpaofa.RULES, {"daniao": True}, ["七", WAIT_QI, ""], liang="十",
                         carry={"stakes": [1, 2]})
    assert again.stakes is None and "stake" not in codes(again, 0)


# ------------------------------------------------------------------ 剥皮
def test_bopi_sitter_takes_no_part_and_turns_skip_him() -> None:
    game = bopi.VARIANT.new_hand(bopi.VARIANT.validate({}), 3, 1, {})
    assert isinstance(game, ZipaiGame)
    assert game.sitter == 3 and game.active_seats() == [0, 1, 2]
    assert sum(game.hands[3]) == 0 and len(game.wall) == 19
    assert [sum(game.hands[s]) + sum(len(m.group.cards) for m in game.melds[s]) for s in (1, 2, 0)] == [21, 20, 20]
    assert game.next_seat(2) == 0 and game.next_seat(0) == 1
    three = bopi.VARIANT.new_hand(bopi.VARIANT.validate({"players": 3}), 3, 1, {})
    assert isinstance(three, ZipaiGame)
    assert three.sitter is None and three.seats == 3


def test_bopi_sitter_gets_half_rounded_up_and_draw_penalty() -> None:
    game = stacked_game(bopi.RULES_4, {}, ["七", WAIT_QI, ""], liang="贰")
    to_first_discard(game, "七")
    assert "hu" in codes(game, 1) and "pass" in codes(game, 1)  # 地胡 on the first discard: optional
    game.apply(1, "hu")
    assert game.result is not None
    assert game.result.detail["patterns"] == ["地胡"]
    assert game.result.deltas == [0, 37, 19, 0]  # 27 + 10; 数醒 (seat 2) ⌈37/2⌉
    assert bopi.settle_draw(game.seating()) == [-10, 0, 10, 0]


def test_bopi_only_the_first_discard_and_louhu() -> None:
    game = stacked_game(bopi.RULES_4, {}, ["七", WAIT_QI, ""], liang="贰", wall="十")
    to_first_discard(game, "七")
    game.apply(1, "pass")  # 漏胡 until seat 1's own next intake or discard
    while game.window is not None and game.window_kind == "discard":
        game.apply(game.to_act()[0], "pass")
    assert game.hu_barred[1]
    pass_until(game, 1)
    assert game.floating == card("十") and "hu" not in codes(game, 1)  # his own draw, still barred


def test_bopi_own_discards_are_chou() -> None:
    game = stacked_game(bopi.RULES_4, {}, ["七", WAIT_QI, ""], liang="十")
    to_first_discard(game, "七")
    assert card("七") in game.chou[0]


def test_bopi_match_dealer_over_target_plays_on_until_the_deal_passes() -> None:
    progress = MatchProgress(options=bopi.VARIANT.validate({}), seats=4, dealer=0, totals=[105, 0, 50, 0])
    bopi.after_hand(progress, HandResult([0], [30, 0, 15, 0], False, {}))
    assert not progress.over and progress.dealer == 0
    bopi.after_hand(progress, HandResult([1], [0, 20, 0, 10], False, {}))
    assert progress.over and progress.dealer == 1
    assert bopi.final_settlement(progress.options, [105, 20, 50, 10]) == [420 - 185, 80 - 185, 200 - 185,
                                                                          40 - 185]


# ------------------------------------------------------------------ 安化跑胡子
def test_anhua_dealt_ti_owes_hidden_bupai_without_discard() -> None:
    game = stacked_game(anhua.RULES, {}, ["三", "一一一一 二二二二 五七九", ""], liang="十", wall="捌")
    assert game.bupai[1] == 1 and game.paoti[1] == 2
    to_first_discard(game, "三")
    size, before = sum(game.hands[1]), game.hands[1][card("捌")]
    pass_until(game, 2)  # seat 1's turn came and went: a 补牌, no draw shown, no discard
    assert sum(game.hands[1]) == size + 1 and game.bupai[1] == 0 and game.hands[1][card("捌")] == before + 1
    kinds = [e.kind for e in game.events]
    assert "bupai" in kinds and game.must_discard != 1
    assert all("捌" not in str(e.data) for e in game.events if e.public and e.kind == "bupai")


def test_anhua_non_dealer_dealt_ti_is_shown_at_his_first_intake() -> None:
    """安化 3.13: "闲家在第一次进牌（吃碰提跑偎）时放下" — until then the table sees a 20-card hand."""
    game = stacked_game(anhua.RULES, {}, ["五", "一一一一 五五 七九", ""], liang="十")
    public = game.public_view()
    assert public.hand_sizes is not None
    assert public.melds[1] == () and public.hand_sizes[1] == 20
    assert not any(e.public and e.kind == "ti" for e in game.events)
    assert [m.cards for m in game.view(1).melds[1]] == ["一一一一"]  # he knows his own
    to_first_discard(game, "五")
    game.apply(1, "peng:五")  # his first intake lays the dealt 提 down
    public = game.public_view()
    assert {m.type for m in public.melds[1]} == {"ti", "peng"}
    assert public.hand_sizes is not None
    assert public.hand_sizes[1] == sum(game.hands[1])
    shown = [e for e in game.events if e.public and e.kind == "ti"]
    assert len(shown) == 1 and shown[0].data["seat"] == 1 and shown[0].data["card"] == "一"


def test_anhua_guozhang_case_2_and_no_liangzhang_win() -> None:
    seat1 = "二三四五 七八九 壹贰 肆伍陆 柒捌玖 六六 拾拾 十"  # a 三 cannot be 吃: 比牌 fails
    game = stacked_game(anhua.RULES, {}, ["三", seat1, ""], liang="三")
    assert 1 not in game.to_act()  # nobody but the dealer may ever win the 亮张 — and not he either
    to_first_discard(game, "三")  # nobody may take it: it is put out at once
    assert card("三") in game.outs[0] and card("三") in game.chou[1]
    assert card("三") not in game.chou[2]  # seat 2 holds nothing to group it with


def test_anhua_santi_wukan_and_mingwei() -> None:
    game = stacked_game(anhua.RULES, {}, ["一一一一 二二二二 四四四四 五七九"], liang="十")
    assert codes(game, 0) == ["hu", "pass"]
    game.apply(0, "hu")
    assert game.result is not None and game.result.outcome is not None
    assert game.result.detail["patterns"] == ["三提五坎"] and game.result.outcome.winners[0].card is None
    assert game.result.deltas == [game.result.detail["score"] * 2, -game.result.detail["score"],
                                  -game.result.detail["score"]]
    mw = anhua.VARIANT.new_hand(anhua.VARIANT.validate({"mingwei": True}), 1, 0, {})
    assert isinstance(mw, ZipaiGame)
    assert mw.rules.wei_shown == 1


# ------------------------------------------------------------------ 四人跑胡子
# 14 cards waiting on 七 for 八九: 坎陆 6 + 坎伍 6 + 一二三 3 + 三四五 … = 15 胡息.
WAIT_QI_14 = "陆陆陆 伍伍伍 一二三 三四五 八九"


def test_liuhuqiang_deal_counts_and_discard_win_pays_three_shares() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["七", WAIT_QI_14, "", ""], liang="十")
    assert len(game.wall) == 23 and game.sitter is None
    to_first_discard(game, "七")
    assert "hu" in codes(game, 1) and "pass" in codes(game, 1)
    game.apply(1, "hu")
    assert game.result is not None
    share = game.result.detail["score"]
    assert game.result.detail["huxi"] == 15 and share == 4
    assert game.result.deltas == [-3 * share, 3 * share, 0, 0]


def test_liuhuqiang_two_ti_win_automatically() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["", "一一一一 二二二二", "", ""], liang="十")
    assert game.finished and game.result is not None and game.result.winners == [1]
    assert game.result.outcome is not None
    assert game.result.detail["patterns"] == ["地胡"] and game.result.outcome.winners[0].how == How.DEAL


def test_liuhuqiang_chouhu_until_table_huxi_changes() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["七", WAIT_QI_14, "", ""], liang="贰")
    to_first_discard(game, "七")
    game.apply(1, "pass")
    assert game.chouhu[1] == {card("七"): 0}
    assert not game._may_win(1, card("七")) and game._may_win(1, card("十"))


def test_liuhuqiang_huangzhuang_passes_the_deal() -> None:
    progress = MatchProgress(options=liuhuqiang.VARIANT.validate({}), seats=4, dealer=3, totals=[0] * 4)
    liuhuqiang.after_hand(progress, HandResult([], [0] * 4, True, {}))
    assert progress.dealer == 0
    match = Match("liuhuqiang", {"hands": 1})
    assert match.seats == 4
