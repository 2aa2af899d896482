"""Issue 7 rules on shown cards: 放炮罚 shows a plain 偎 like a 臭偎, one card up; in 四人 the 亮张 that completes
the dealer's dealt 提 may still be won by the others."""

from __future__ import annotations

from dataclasses import replace

import engine.variants.fangpaofa as fangpaofa
import engine.variants.liuhuqiang as liuhuqiang
import engine.variants.paohuzi as paohuzi
from engine.outcome import How
from engine.zipai.cards import parse_cards
from engine.zipai.game import ZipaiGame
from tests.helpers_zipai import codes, pass_until, stacked_deck, stacked_game


def _wei_of_nine(rules):  # noqa: ANN001, ANN202
    """Seat 1 holds 九九 and draws the third 九 (the fourth stays in the 墩, out of the dealer's hand)."""
    game = stacked_game(rules, {}, ["", "九九", ""], liang="十", wall="九九")
    pass_until(game, 0, ("discard",))
    game.apply(0, next(a for a in game.legal_actions(0) if a.code != "discard:九"))
    start = len(game.events)
    while game.window is not None:  # nobody claims the discard; seat 1 then draws his 九
        game.apply(game.to_act()[0], "pass")
    assert [m.kind for m in game.melds[1]] == ["wei"]
    return game, game.events[start:]


def test_fangpaofa_wei_is_shown_two_down_one_up() -> None:
    game, events = _wei_of_nine(fangpaofa.RULES)
    meld = game.public_view().melds[1][0]
    assert (meld.type, meld.cards, meld.hidden) == ("wei", "九", 2)
    assert meld.huxi == 3  # the shown card tells the table the 偎's 胡息
    assert game.view(2).melds[1][0].cards == "九"
    wei = [e for e in events if e.kind == "wei"]
    assert len(wei) == 1 and wei[0].public and wei[0].data["card"] == "九" and "偎 九" in wei[0].says.zh()


def test_paohuzi_wei_stays_face_down() -> None:
    game, events = _wei_of_nine(paohuzi.RULES)
    meld = game.public_view().melds[1][0]
    assert (meld.cards, meld.hidden) == ("", 3)
    assert all("card" not in e.data for e in events if e.kind == "wei" and e.public)


# ------------------------------------------------------------------ 四人 亮张 inside the dealer's 提
# 14 cards waiting on 七 or 十 (八九): 坎陆 6 + 坎伍 6 + 一二三 3 = 15 胡息.
WAIT_SHI_14 = "陆陆陆 伍伍伍 一二三 三四五 八九"


def test_liuhuqiang_liang_completing_the_dealers_ti_may_still_be_won() -> None:
    # The dealer holds 十十十 and his 亮张 is the fourth 十: a dealt 提. Seat 1 waits on 十.
    game = stacked_game(liuhuqiang.RULES, {}, ["十十十", WAIT_SHI_14, "", ""], liang="十")
    assert [(m.kind, m.card) for m in game.melds[0]] == [("ti", parse_cards("十")[0])]
    assert game.to_act() == [1] and codes(game, 1) == ["hu", "pass"]
    assert game.public_view().claims_pending is True and game.public_view().revealed == "十"
    game.apply(1, "hu")
    assert game.result is not None and game.result.outcome is not None
    detail, won = game.result.detail, game.result.outcome.winners[0]
    assert game.result.winners == [1] and won.card == "十" and won.how == How.DEAL and won.from_seat == 0
    assert detail["patterns"] == ["地胡"] and detail["huxi"] == 15 and detail["fan"] == 2
    share = detail["score"]  # 囤 1 + (15 − 6) // 3 = 4, ×2
    assert share == 8 and game.result.deltas == [-share, 3 * share, -share, -share]


def test_liuhuqiang_liang_in_ti_passed_play_goes_on() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["十十十", WAIT_SHI_14, "", ""], liang="十")
    game.apply(1, "pass")
    assert game.to_act() == [0] and all(a.kind == "discard" for a in game.legal_actions(0))
    assert game.chouhu[1] == {parse_cards("十")[0]: 0}  # 臭胡: the passed 十 stays barred


def test_paohuzi_liang_in_ti_is_not_offered() -> None:
    # Only 四人 has the rule; elsewhere the 亮张 inside a dealt 提 is the dealer's own.
    waits_shi = "陆陆陆 伍伍伍 一二三 壹贰叁 三四五 柒捌玖 八九"  # 21 胡息 with 十
    plain = stacked_game(paohuzi.RULES, {}, ["十十十", waits_shi, ""], liang="十")
    assert plain.to_act() == [0] and plain.window is None
    # The flag alone, on 跑胡子's table: no option of 跑胡子 reaches it, so the hand is built by hand here.
    rules = replace(paohuzi.RULES, win_liang_in_ti=True)
    deck = stacked_deck(rules, ["十十十", waits_shi, ""], liang="十")
    ruled = ZipaiGame(rules, paohuzi.VARIANT.validate({}), 0, 0, None, deck=deck)
    assert ruled.to_act() == [1] and codes(ruled, 1) == ["hu", "pass"]
