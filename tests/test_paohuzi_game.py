"""Scripted 跑胡子 hands on stacked walls (foundation issue): compulsory 偎/臭偎/提/跑, optional 碰/吃, 比,
过张, 重跑, dealt 提, claim priority, 天胡/地胡/海胡, 黄庄, settlement, dealer rotation and illegal actions.

Seats 0…2 counter-clockwise, seat s+1 is s's 下家; seat 0 deals unless stated. Hands are built by
``tests.helpers_zipai.stacked``: the cards named per seat, the rest one card of each kind (so no filler pair
or 坎), the dealer's filler pair being his 亮张 (拾 unless stated). Expected values come from
``/work/shared/rules/paohuzi.md``; the arithmetic is in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action, IllegalAction, InvalidActionCode
from engine.match import Match
from engine.zipai.cards import parse_cards
from engine.zipai.game import ZipaiGame
from engine.zipai.views import ZipaiView
from tests.helpers_zipai import (
    act,
    kinds,
    legal,
    meld_types,
    resolve,
    run_passive,
    snapshot,
    stack_deck,
    stacked,
)

# 20 cards waiting on 九 (calculator NEUTRAL): 壹贰叁 6 + 贰柒拾 6 + 一二三 3 + 四五六 肆伍陆 肆伍陆 七八+九 = 15 胡息,
# 1 囤, R 6, S 9, B 12 → no colour/size 名堂.
NEUTRAL = "壹贰叁贰柒拾一二三四五六肆伍陆七八肆伍陆"


def shown(view: ZipaiView, seat: int) -> list[tuple[str, str | tuple[str, ...], int]]:
    """A seat's melds as that view shows them: (type, visible cards, hidden count)."""
    return [(m.type, m.cards, m.hidden) for m in view.melds[seat]]


def discards(game: ZipaiGame, seat: int) -> set[str]:
    return {c for c in legal(game, seat) if c.startswith("discard:")}


def chis(game: ZipaiGame, seat: int) -> set[str]:
    return {c for c in legal(game, seat) if c.startswith("chi:")}


def first_discard(game: ZipaiGame, card: str = "拾") -> None:
    """The dealer (seat 0) opens with ``card``; nobody claims it."""
    assert game.to_act() == [0]
    act(game, 0, f"discard:{card}")
    if game.window is not None and game.window_kind == "discard":
        resolve(game)


# ------------------------------------------------------------------------------------------- 偎 / 臭偎 / 提
def test_wei_own_draw_on_pair_is_compulsory_and_face_down() -> None:
    g = stacked(hands=("", "九九", ""), wall="九")
    first_discard(g)
    # seat 1 drew the 3rd 九: laid down at once as 偎 (no choice offered), then he discards.
    assert meld_types(g, 1) == [("wei", "九")]
    assert g.hands[1][parse_cards("九")[0]] == 0
    assert g.to_act() == [1] and legal(g, 1) == discards(g, 1)
    assert shown(g.public_view(), 1) == [("wei", "", 3)]
    assert shown(g.view(1), 1) == [("wei", "九九九", 0)]
    assert shown(g.view(2), 1) == [("wei", "", 3)]


def test_chouwei_after_renpeng() -> None:
    # seat 1 holds 九九; the dealer discards 九; seat 1 declines the 碰 (忍碰), then draws the 4th 九 himself.
    g = stacked(hands=("九", "九九", ""), wall="九")
    act(g, 0, "discard:九")
    assert "peng:九" in legal(g, 1) and "pass" in legal(g, 1)
    resolve(g)  # everybody passes
    assert g.view(1).chou == "九"  # 过张 …
    # … but 偎 is never blocked: it is a 臭偎, shown 2 down 1 up.
    assert meld_types(g, 1) == [("chouwei", "九")]
    assert shown(g.public_view(), 1) == [("chouwei", "九", 2)]
    assert g.to_act() == [1] and legal(g, 1) == discards(g, 1)


def test_ti_own_draw_on_kan() -> None:
    g = stacked(hands=("", "九九九", ""), wall="九")
    first_discard(g)
    assert meld_types(g, 1) == [("ti", "九")]
    assert shown(g.public_view(), 1) == [("ti", "九", 3)]
    # First 跑/提 of the hand: a discard follows.
    assert g.to_act() == [1] and legal(g, 1) == discards(g, 1)


def test_ti_own_draw_on_wei() -> None:
    g = stacked(hands=("", "九九", ""), wall="九壹贰九")
    first_discard(g)
    assert meld_types(g, 1) == [("wei", "九")]
    act(g, 1, "discard:一")
    resolve(g)  # the 一 is not taken
    resolve(g)  # seat 2's draw 壹
    resolve(g)  # seat 0's draw 贰
    assert meld_types(g, 1) == [("ti", "九")]  # the 偎 became the 提 (one 门子)
    assert shown(g.public_view(), 1) == [("ti", "九", 3)]
    assert g.to_act() == [1] and legal(g, 1) == discards(g, 1)


# -------------------------------------------------------------------------------------------------- 跑
def test_pao_kan_plus_other_players_draw() -> None:
    g = stacked(hands=("", "", "九九九"), wall="九")
    first_discard(g)
    # seat 1 draws 九: seat 2's 跑 is compulsory and outranks seat 1's 吃; nobody is asked.
    assert meld_types(g, 2) == [("pao", "九")]
    assert shown(g.public_view(), 2) == [("pao", "九九九九", 0)]
    assert g.to_act() == [2] and legal(g, 2) == discards(g, 2)


def test_pao_kan_plus_discard() -> None:
    g = stacked(hands=("九", "", "九九九"))
    act(g, 0, "discard:九")
    assert meld_types(g, 2) == [("pao", "九")]
    assert g.to_act() == [2]


def test_pao_wei_plus_other_players_draw() -> None:
    g = stacked(hands=("", "", "九九"), wall="壹九九")
    first_discard(g)
    resolve(g)  # seat 1's draw 壹
    assert meld_types(g, 2) == [("wei", "九")]
    act(g, 2, "discard:一")
    resolve(g)
    # seat 0 draws the 4th 九 → seat 2 must 跑 (from his 偎), then discards (his first 跑/提).
    assert meld_types(g, 2) == [("pao", "九")]
    assert g.to_act() == [2]


def test_pao_wei_plus_discard() -> None:
    # seat 2 偎s 九; then the dealer 偎s 五 and discards his 九 → seat 2 must 跑.
    g = stacked(hands=("五五九", "", "九九"), wall="壹九五")
    first_discard(g)
    resolve(g)  # seat 1's draw 壹
    act(g, 2, "discard:一")
    resolve(g)
    assert meld_types(g, 0) == [("wei", "五")]
    act(g, 0, "discard:九")
    assert meld_types(g, 2) == [("pao", "九")]
    assert g.to_act() == [2]


def test_pao_peng_plus_other_players_draw() -> None:
    g = stacked(hands=("九", "", "九九"), wall="九")
    act(g, 0, "discard:九")
    resolve(g, {2: "peng:九"})
    assert meld_types(g, 2) == [("peng", "九")]
    act(g, 2, "discard:一")
    resolve(g)
    # seat 0 draws 九: compulsory 跑 onto seat 2's 碰.
    assert meld_types(g, 2) == [("pao", "九")]
    assert g.to_act() == [2]


def test_pao_peng_plus_own_draw() -> None:
    g = stacked(hands=("九", "", "九九"), wall="壹贰九")
    act(g, 0, "discard:九")
    resolve(g, {2: "peng:九"})
    act(g, 2, "discard:一")
    resolve(g)
    resolve(g)  # seat 0's draw 壹
    resolve(g)  # seat 1's draw 贰
    assert meld_types(g, 2) == [("pao", "九")]  # his own draw of the 4th
    assert g.to_act() == [2]


def test_no_pao_peng_plus_discard() -> None:
    # seat 2 碰s 九; later seat 1 (after a 偎 of 五) discards the 4th 九: a discard never joins a 碰.
    g = stacked(hands=("九", "九五五", "九九"), wall="壹五")
    act(g, 0, "discard:九")
    resolve(g, {2: "peng:九"})
    act(g, 2, "discard:一")
    resolve(g)
    resolve(g)  # seat 0's draw 壹
    assert meld_types(g, 1) == [("wei", "五")]
    act(g, 1, "discard:九")
    assert all(not c.startswith("pao") for s in range(3) for c in legal(g, s))
    resolve(g)
    assert meld_types(g, 2) == [("peng", "九")]
    assert g.public_view().outs[1] == "九"


# ----------------------------------------------------------------------------------------- 碰 / 吃 / 比
def test_peng_is_optional_and_taken_on_request() -> None:
    g = stacked(hands=("九", "", "九九"))
    act(g, 0, "discard:九")
    assert {"peng:九", "pass"} <= legal(g, 2)
    resolve(g, {2: "peng:九"})
    assert meld_types(g, 2) == [("peng", "九")]
    assert shown(g.public_view(), 2) == [("peng", "九九九", 0)]
    assert g.to_act() == [2] and legal(g, 2) == discards(g, 2)


def test_chi_sentence_2710_and_jiao_with_bi() -> None:
    # seat 1 (one card of each kind) on the dealer's 二: every group must also lay the 二 he holds (比).
    #   一二三 + 比 二七十 | 二三四 + 比 二七十 | 二七十 + 比 一二三 or 二三四 | 绞 二二贰 (no 二 left).
    g = stacked()
    act(g, 0, "discard:二")
    assert chis(g, 1) == {"chi:一二三|二七十", "chi:二三四|二七十", "chi:二七十|一二三", "chi:二七十|二三四",
                          "chi:二二贰"}
    resolve(g, {1: "chi:二七十|一二三"})
    assert meld_types(g, 1) == [("chi", "二"), ("chi", "一")]
    # the event line keeps the 比 group apart from the 吃 one
    assert [e.says.zh() if e.says is not None else "" for e in g.events if e.kind == "chi"][-1].endswith(
        "吃 二：二七十 · 比 一二三")
    assert g.view(1).hand.count("二") == 0 and "一" not in g.view(1).hand
    assert g.to_act() == [1]


def test_chi_123_45_with_bi_of_the_held_3() -> None:
    # 手中有一二三四五, 以四五吃三 → the held 三 must go down as 一二三 at the same time. 二三四 leaves a 三
    # that cannot be placed (一 五 left) → refused. 绞 三三叁 uses the held 三 → fine.
    g = stacked()
    act(g, 0, "discard:三")
    assert chis(g, 1) == {"chi:三四五|一二三", "chi:一二三|三四五", "chi:三三叁"}
    resolve(g, {1: "chi:三四五|一二三"})
    melds = sorted("".join(m.cards) for m in g.view(1).melds[1])
    assert melds == ["一二三", "三四五"]
    hand = g.view(1).hand
    assert not any(c in hand for c in "一二三四五")


def test_chi_refused_when_held_copy_cannot_be_bi() -> None:
    # seat 1: 三四五 + pairs, no 一 二 叁. 三四五 would leave his 三 unplaceable → no 吃 at all.
    hand1 = "三四五六六七七八八九九十十陆陆柒柒捌捌玖"
    g = stacked(hands=("", hand1, ""))
    act(g, 0, "discard:三")
    assert chis(g, 1) == set()
    # Without the held 三 the same 吃 is allowed.
    hand1b = "四五六六七七八八九九十十陆陆柒柒捌捌玖玖"
    g2 = stacked(hands=("", hand1b, ""))
    act(g2, 0, "discard:三")
    assert chis(g2, 1) == {"chi:三四五"}


def test_chi_only_for_the_next_player() -> None:
    g = stacked()
    act(g, 0, "discard:二")
    assert chis(g, 2) == set() and 2 not in g.to_act()


def test_chi_of_own_draw_and_next_players_chi_of_a_draw() -> None:
    g = stacked(wall="五")
    first_discard(g)
    # seat 1 draws 五: he and his 下家 (seat 2) may 吃 it, the 上家 (seat 0) may not.
    assert chis(g, 1) and chis(g, 2) and not chis(g, 0)


# --------------------------------------------------------------------------------------------------- 过张
def test_guozhang_declined_chi_blocks_later_chi() -> None:
    g = stacked(wall="壹贰二")
    act(g, 0, "discard:二")
    assert chis(g, 1)
    resolve(g)  # seat 1 declines
    assert g.view(1).chou == "二"
    resolve(g)  # seat 1's draw 壹
    resolve(g)  # seat 2's draw 贰
    # seat 0 draws 二: seat 1 (his 下家) would have 吃 options, but 二 is his 臭牌.
    assert g.window is not None and g.window.card == parse_cards("二")[0]
    assert chis(g, 1) == set()


def test_guozhang_declined_peng_blocks_later_peng() -> None:
    g = stacked(hands=("九", "九九", ""), wall="壹九")
    act(g, 0, "discard:九")
    resolve(g)  # 忍碰
    resolve(g)  # seat 1's draw 壹
    # seat 2 draws the 4th 九: seat 1 may not 碰 it now.
    assert g.window is not None and g.window.card == parse_cards("九")[0]
    assert "peng:九" not in legal(g, 1)


def test_declined_peng_of_the_xiajias_card_is_only_renpeng() -> None:
    """§3.9 / seed 玩法6: 过张 is a card "上家打出或摸出…或玩家自己摸出" one could take; seat 2 passing a 碰 of seat 0's
    discard (his 下家) may still 碰 the same card when his 上家 (seat 1) shows it — and a later 偎 is 臭偎."""
    g = stacked(hands=("九", "", "九九"), wall="九")
    act(g, 0, "discard:九")
    resolve(g)  # nobody takes it: seat 2's 忍碰
    assert g.view(2).chou == "" and parse_cards("九")[0] in g.renpeng[2]
    assert g.window is not None and g.window.card == parse_cards("九")[0] and g.window_from == 1
    assert "peng:九" in legal(g, 2)


def test_blocked_by_anothers_peng_is_not_guozhang() -> None:
    # seat 1 could 吃 the 九 but seat 2 碰s it: no 臭牌 for seat 1.
    g = stacked(hands=("九", "", "九九"))
    act(g, 0, "discard:九")
    assert chis(g, 1) and "peng:九" in legal(g, 2)
    resolve(g, {1: "pass", 2: "peng:九"})
    assert g.view(1).chou == ""
    # Whereas when nobody takes it, the declined 吃 is a 过张. Seat 2 declined a 碰 of his 下家's (seat 0's)
    # card: §3.9 counts 过张 only "from 上家's discard or draw, or his own draw", so that is 忍碰 alone.
    g2 = stacked(hands=("九", "", "九九"))
    act(g2, 0, "discard:九")
    resolve(g2)
    assert g2.view(1).chou == "九" and g2.view(2).chou == ""
    assert parse_cards("九")[0] in g2.renpeng[2]


def test_guozhang_may_still_be_won() -> None:
    # seat 1 waits on 九 (NEUTRAL), declines to 吃 the dealer's 九 (a discard cannot be won), then wins
    # another 九 drawn by seat 2.
    g = stacked(hands=("九", NEUTRAL, ""), wall="壹九")
    act(g, 0, "discard:九")
    assert "hu" not in legal(g, 1) and chis(g, 1)
    resolve(g)
    assert g.view(1).chou == "九"
    resolve(g)  # seat 1's draw 壹
    assert "hu" in legal(g, 1)
    resolve(g, {1: "hu"})
    # 15 胡息 → 1 囤; 听胡 6 (nothing taken in) → 6; both others pay 6.
    assert g.finished and g.result is not None
    assert g.result.winners == [1] and g.result.deltas == [-6, 12, -6]
    assert set(g.result.detail["patterns"]) == {"听胡"}


def test_guozhang_declined_chi_of_own_draw() -> None:
    g = stacked(hands=("六六", "", ""), wall="五九六")
    first_discard(g)
    assert chis(g, 1) and chis(g, 2)  # seat 1's own draw 五: he and his 下家 may 吃
    resolve(g)
    assert "五" in g.view(1).chou and "五" in g.view(2).chou
    resolve(g)  # seat 2's draw 九
    assert meld_types(g, 0) == [("wei", "六")]  # seat 0 drew 六 onto his pair
    act(g, 0, "discard:五")
    # seat 1 (the 下家) is not offered the 吃 any more; nobody else wants it → put out, seat 1 draws.
    assert g.public_view().outs[0].endswith("五")
    assert g.window is None or g.window_from == 1


def test_drawer_chi_comes_before_next_players_chi() -> None:
    g = stacked(wall="五")
    first_discard(g)
    act(g, 2, sorted(chis(g, 2))[0])
    assert not g.finished and g.to_act() == [1]
    act(g, 1, "chi:五五伍")
    assert meld_types(g, 1) == [("chi", "五")] and meld_types(g, 2) == []
    assert g.to_act() == [1]


# ------------------------------------------------------------------------------------------ 重跑 / 八块
def test_second_pao_needs_no_discard() -> None:
    g = stacked(hands=("九", "", "九九九八八八"), wall="八")
    act(g, 0, "discard:九")
    assert meld_types(g, 2) == [("pao", "九")]
    act(g, 2, "discard:一")
    wall_before = len(g.wall)
    resolve(g)
    # seat 0 drew 八 → seat 2's second 跑: no discard, his 下家 (seat 0) draws next.
    assert meld_types(g, 2) == [("pao", "九"), ("pao", "八")]
    assert g.must_discard != 2
    assert len(g.wall) == wall_before - 2
    assert g.window is not None and g.window_from == 0


def test_second_ti_needs_no_discard() -> None:
    g = stacked(hands=("九", "", "九九九八八八"), wall="壹贰八")
    act(g, 0, "discard:九")
    act(g, 2, "discard:一")
    resolve(g)
    resolve(g)  # seat 0's draw 壹
    resolve(g)  # seat 1's draw 贰
    assert meld_types(g, 2) == [("pao", "九"), ("ti", "八")]
    assert g.must_discard != 2
    assert g.window is not None and g.window_from == 0  # seat 0 has drawn


def test_dealt_ti_is_laid_down_and_counts_for_chongpao() -> None:
    g = stacked(hands=("八", "九九九九八八八", ""))
    assert meld_types(g, 1) == [("ti", "九")]
    assert any(e.kind == "ti" and e.data.get("dealt") for e in g.events)
    assert shown(g.public_view(), 1) == [("ti", "九", 3)]
    act(g, 0, "discard:八")
    # seat 1's 跑 of 八 is his second 跑/提 → no discard; seat 2 draws.
    assert meld_types(g, 1) == [("ti", "九"), ("pao", "八")]
    assert g.must_discard != 1
    assert g.window is not None and g.window_from == 2


def test_two_dealt_ti_skip_one_discard() -> None:
    g = stacked(hands=("", "九九九九八八八八五五", ""), wall="五")
    assert sorted(meld_types(g, 1)) == [("ti", "九"), ("ti", "八")]
    first_discard(g)
    # seat 1 偎s 五: the second dealt 提 owes him one discard-free intake → seat 2 draws.
    assert sorted(meld_types(g, 1)) == [("ti", "九"), ("ti", "八"), ("wei", "五")]
    assert g.must_discard != 1
    assert g.window is not None and g.window_from == 2
    # 20 dealt + 1 偎 card = 21 cards, none discarded (20 + q with q = 2 needs 22 with the winning card).
    assert sum(g.hands[1]) + sum(len(m.group.cards) for m in g.melds[1]) == 21


def test_dealer_with_two_dealt_ti_opens_with_a_discard_then_skips_one() -> None:
    # [001] 3.13 (the spec's source for this decision): 庄家第一轮必须打出, the owed intake comes later.
    g = stacked(hands=("九九九九八八八八五五", "", ""), wall="壹贰五")
    assert sorted(meld_types(g, 0)) == [("ti", "九"), ("ti", "八")]
    assert g.to_act() == [0] and legal(g, 0) == discards(g, 0)
    first_discard(g)
    resolve(g)  # seat 1's draw 壹
    resolve(g)  # seat 2's draw 贰
    # the dealer 偎s 五: no discard, seat 1 draws.
    assert ("wei", "五") in meld_types(g, 0)
    assert g.must_discard != 0 and g.window is not None and g.window_from == 1


def test_tianhu_with_the_liang_inside_a_dealt_ti() -> None:
    # Dealer: 九九九 + 亮张 九 (dealt 提 九, 9) + 壹贰叁 6 贰柒拾 6 一二三 3 四五六 肆伍陆 + 将 八八 = 24 胡息
    # → 1 + 9 // 3 = 4 囤 + 自摸 1 = 5; 天胡 6 + 听胡 6 = 12 → 60 each. R 5, S 12, B 9.
    g = stacked(hands=("九九九壹贰叁贰柒拾一二三四五六肆伍陆八八", "", ""), liang="九")
    assert meld_types(g, 0) == [("ti", "九")]
    assert legal(g, 0) == {"hu", "pass"}
    assert legal(g, 1) == set() and legal(g, 2) == set()  # a card inside a 提 is nobody's 地胡
    act(g, 0, "hu")
    assert g.result is not None and g.result.deltas == [120, -60, -60]
    assert g.result.detail["huxi"] == 24
    assert set(g.result.detail["patterns"]) == {"天胡", "听胡", "自摸"}


# -------------------------------------------------------------------------------------------- priority
@pytest.mark.parametrize(("held", "kind"), [("九九", "wei"), ("九九九", "ti")])
def test_wei_and_ti_beat_hu(held: str, kind: str) -> None:
    # seat 2 waits on 九 but seat 1 draws it onto his pair / 坎: 偎 / 提 first, nobody else may win that card.
    g = stacked(hands=("", held, NEUTRAL), wall="九")
    first_discard(g)
    assert meld_types(g, 1) == [(kind, "九")]
    assert g.to_act() == [1] and "hu" not in legal(g, 2)
    assert not g.finished


def test_wei_then_zimo_with_the_wei() -> None:
    # seat 1: S + 七八九 + 十十, draws 十 → 偎 十, then may win: 18 胡息 → 2 囤 + 自摸 1 = 3; 听胡 6 (the
    # winning card is not an earlier 进张) → 18; each loser pays 18. (亮张 玖: with a 拾 he could 地胡.)
    g = stacked(hands=("", "壹贰叁贰柒拾一二三四五六肆伍陆七八九十十", ""), wall="十", liang="玖")
    first_discard(g)
    assert g.to_act() == [1] and legal(g, 1) == {"hu", "pass"}
    act(g, 1, "hu")
    assert g.result is not None and g.result.deltas == [-18, 36, -18]
    assert set(g.result.detail["patterns"]) == {"听胡", "自摸"}


def test_hu_beats_compulsory_pao() -> None:
    # seat 0 draws 九: seat 1 may win it (胡 > 跑); seat 2's 跑 from his 坎 happens only if seat 1 passes.
    def deal() -> ZipaiGame:
        g = stacked(hands=("", NEUTRAL, "九九九"), wall="壹贰九")
        first_discard(g)
        resolve(g)  # seat 1's draw 壹
        resolve(g)  # seat 2's draw 贰
        assert g.to_act() == [1] and "hu" in legal(g, 1)
        return g

    g = deal()
    act(g, 1, "hu")
    assert g.result is not None and g.result.winners == [1]
    assert meld_types(g, 2) == []
    g = deal()
    act(g, 1, "pass")
    assert meld_types(g, 2) == [("pao", "九")]


def test_peng_beats_chi_even_if_chi_chosen_first() -> None:
    g = stacked(hands=("九", "", "九九"))
    act(g, 0, "discard:九")
    chi = sorted(chis(g, 1))[0]
    act(g, 1, chi)
    assert g.to_act() == [2]
    act(g, 2, "peng:九")
    assert meld_types(g, 2) == [("peng", "九")] and meld_types(g, 1) == []
    assert g.to_act() == [2]


def test_chi_taken_when_nobody_pengs() -> None:
    # seat 1 holds one 九 himself: 七八九 / 八九十 would leave it unplaced (比), only 绞 九九玖 is offered.
    g = stacked(hands=("九", "", "九九"))
    act(g, 0, "discard:九")
    assert chis(g, 1) == {"chi:九九玖"}
    act(g, 1, "chi:九九玖")
    act(g, 2, "pass")
    assert meld_types(g, 1) == [("chi", "九")]
    # seat 2 passed a 碰 that would have won: 忍碰 — not 过张, the card came from his 下家 (§3.9).
    assert g.view(2).chou == "" and parse_cards("九")[0] in g.renpeng[2]


def test_seat_order_between_two_winners() -> None:
    # seat 0 draws 九 and both others wait on it: the drawer's 下家 (seat 1) comes before seat 2.
    hand2 = "壹贰叁贰柒拾一二三四五六柒捌玖七八肆伍陆"  # NEUTRAL with one 肆伍陆 → 柒捌玖 (R 7 → 四七红)

    def deal() -> ZipaiGame:
        g = stacked(hands=("", NEUTRAL, hand2), wall="捌捌九")
        first_discard(g)
        resolve(g)
        resolve(g)
        assert "hu" in legal(g, 1) and "hu" in legal(g, 2)
        return g

    g = deal()
    act(g, 2, "hu")
    assert not g.finished and g.to_act() == [1]  # seat 1 could still beat him
    act(g, 1, "hu")
    assert g.result is not None and g.result.winners == [1]
    g = deal()
    act(g, 2, "hu")
    act(g, 1, "pass")
    # seat 2: 15 胡息 → 1 囤; 听胡 6 + 四七红 2 = 8 → 8 from each.
    assert g.result is not None and g.result.winners == [2] and g.result.deltas == [-8, -8, 16]


def test_drawer_wins_before_the_others() -> None:
    # seat 1 draws the 九 both seat 1 and seat 2 wait on: the drawer's 自摸 has precedence.
    hand2 = "壹贰叁贰柒拾一二三四五六柒捌玖七八肆伍陆"

    def deal() -> ZipaiGame:
        g = stacked(hands=("", NEUTRAL, hand2), wall="九")
        first_discard(g)
        assert "hu" in legal(g, 1) and "hu" in legal(g, 2)
        return g

    g = deal()
    act(g, 1, "hu")
    # 自摸: (1 + 1) × 听胡 6 = 12 each.
    assert g.result is not None and g.result.winners == [1] and g.result.deltas == [-12, 24, -12]
    g = deal()
    act(g, 2, "hu")
    assert not g.finished and g.to_act() == [1]
    act(g, 1, "hu")
    assert g.result is not None and g.result.winners == [1]


def test_discards_are_never_won() -> None:
    g = stacked(hands=("九", NEUTRAL, ""))
    act(g, 0, "discard:九")
    assert "hu" not in legal(g, 1)


# ------------------------------------------------------------------------------------- 天胡 / 地胡 / 海胡
def test_tianhu() -> None:
    # The dealer's 21 cards (NEUTRAL + 亮张 九) win: 天胡 6 + 听胡 6 = 12 番; (1 + 自摸 1) = 2 囤 → 24 each.
    g = stacked(hands=(NEUTRAL, "", ""), liang="九")
    assert g.to_act() == [0] and legal(g, 0) == {"hu", "pass"}
    act(g, 0, "hu")
    assert g.result is not None
    assert g.result.winners == [0] and g.result.deltas == [48, -24, -24]
    assert set(g.result.detail["patterns"]) == {"天胡", "听胡", "自摸"}
    assert g.result.detail["score"] == 24


def test_tianhu_passed_then_dealer_discards() -> None:
    g = stacked(hands=(NEUTRAL, "", ""), liang="九")
    act(g, 0, "pass")
    assert g.to_act() == [0] and legal(g, 0) == discards(g, 0)


def test_dihu() -> None:
    # seat 1 wins the dealer's 亮张 九: 地胡 6 + 听胡 6 = 12 番 × 1 囤 = 12 each.
    g = stacked(hands=("", NEUTRAL, ""), liang="九")
    assert g.to_act() == [1] and legal(g, 1) == {"hu", "pass"}
    act(g, 1, "hu")
    assert g.result is not None
    assert g.result.winners == [1] and g.result.deltas == [-12, 24, -12]
    assert set(g.result.detail["patterns"]) == {"地胡", "听胡"}


def test_haihu_self_draw_on_the_last_card() -> None:
    # The 19th wall card is drawn by seat 1 (dealer 0: draws go 1, 2, 0, …, 19 → seat 1). Everything else
    # passes. NEUTRAL also waits on 三 and 六: those and the other three 九 sit in the other hands.
    g = stacked(hands=("九九三三六六", NEUTRAL, "九"), last="九")
    run_passive(g, stop=lambda game: "hu" in legal(game, 1))
    assert g.wall == [] and g.window is not None and g.window_from == 1
    act(g, 1, "hu")
    # 海胡 6 + 听胡 6 = 12 番; 1 囤 + 自摸 1 = 2 → 24 each.
    assert g.result is not None and g.result.deltas == [-24, 48, -24]
    assert set(g.result.detail["patterns"]) == {"海胡", "听胡", "自摸"}


def test_haihu_on_another_players_last_draw() -> None:
    # Dealer seat 1 (NEUTRAL + 亮张 拾, opens with the 拾). Draws go 2, 0, 1, …: the 19th is seat 2's.
    g = stacked(hands=("九九", NEUTRAL, "九三三六六"), dealer=1, last="九")
    assert g.to_act() == [1]
    act(g, 1, "discard:拾")
    run_passive(g, stop=lambda game: "hu" in legal(game, 1))
    assert g.wall == [] and g.window_from == 2
    act(g, 1, "hu")
    # 海胡 6 + 听胡 6 (the dealer took nothing in since his first discard) = 12 × 1 囤 → 12 each.
    assert g.result is not None and g.result.deltas == [-12, 24, -12]
    assert set(g.result.detail["patterns"]) == {"海胡", "听胡"}


def test_huangzhuang_no_payment() -> None:
    g = stacked()
    run_passive(g)
    assert g.finished and g.result is not None
    assert g.result.draw and g.result.winners == [] and g.result.deltas == [0, 0, 0]
    assert g.wall == []


# ------------------------------------------------------------------------------------------------ match
def test_match_huangfan_dealer_rotation_and_length() -> None:
    # hand 1: 黄庄 (dealer 0 keeps the deal); hand 2: seat 1 地胡 with 黄番 (seat 1 deals next);
    # hand 3: dealer seat 1 天胡 (no 黄番 any more); hand 4: 黄庄 (seat 1 keeps the deal); 4 hands → over.
    decks = {
        1: stack_deck(("", "", "")),
        2: stack_deck(("", NEUTRAL, ""), liang="九"),
        3: stack_deck(("", NEUTRAL, ""), dealer=1, liang="九"),
        4: stack_deck(("", "", ""), dealer=1),
    }
    seen: list[dict[str, Any]] = []
    m = Match("paohuzi", {"hands": 4})

    def deal(seed: int) -> ZipaiGame:
        game = m.new_hand(seed, wall=decks[seed])
        assert isinstance(game, ZipaiGame)
        seen.append({"dealer": game.dealer, "huangfan": game.options["huangfan"]})
        return game
    g = deal(1)
    run_passive(g)
    r = m.finish_hand()
    assert r.draw and m.totals == [0, 0, 0] and m.progress.dealer == 0 and not m.over

    g = deal(2)
    act(g, 1, "hu")
    r = m.finish_hand()
    # 地胡 6 + 听胡 6 = 12 番; 1 囤 × 2 (黄番) = 2 → 24 each.
    assert set(r.detail["patterns"]) == {"地胡", "听胡", "黄番"}
    assert r.deltas == [-24, 48, -24]
    assert m.progress.dealer == 1 and not m.over

    g = deal(3)
    act(g, 1, "hu")
    r = m.finish_hand()
    # 天胡 6 + 听胡 6 = 12; (1 + 自摸 1) = 2 囤, no 黄番 any more → 24 each.
    assert set(r.detail["patterns"]) == {"天胡", "听胡", "自摸"}
    assert r.deltas == [-24, 48, -24]
    assert m.totals == [-48, 96, -48] and sum(m.totals) == 0
    assert m.progress.dealer == 1 and not m.over

    g = deal(4)
    run_passive(g)
    r = m.finish_hand()
    assert r.draw and r.deltas == [0, 0, 0] and m.totals == [-48, 96, -48]
    assert m.progress.dealer == 1
    assert m.over
    with pytest.raises(RuntimeError):
        m.new_hand(5)
    assert seen == [{"dealer": 0, "huangfan": 0}, {"dealer": 0, "huangfan": 1}, {"dealer": 1, "huangfan": 0},
                    {"dealer": 1, "huangfan": 0}]


def test_match_length_option_default_is_eight() -> None:
    assert Match("paohuzi").options["hands"] == 8
    m = Match("paohuzi", {"hands": 1})
    assert m.options["hands"] == 1 and not m.over


# ------------------------------------------------------------------------------------- illegal actions
def _illegal(game: ZipaiGame, seat: int, action: Any) -> None:
    before = snapshot(game)
    with pytest.raises((IllegalAction, InvalidActionCode)):
        game.apply(seat, action)
    assert snapshot(game) == before


def test_illegal_actions_change_nothing() -> None:
    g = stacked(hands=("九", "", "九九"))
    # The dealer must discard first: nobody else may act, nothing but a discard of a held card is legal.
    _illegal(g, 1, "discard:一")
    _illegal(g, 2, "pass")
    _illegal(g, 0, "pass")
    _illegal(g, 0, "hu")
    _illegal(g, 0, "discard:X")
    _illegal(g, 0, "discard")
    _illegal(g, 0, "!!")
    _illegal(g, 0, Action("peng", ("九",)))
    _illegal(g, 0, "discard:九九")
    act(g, 0, "discard:九")
    # Claim window on 九: seat 1 may 吃 (with 比), seat 2 may 碰; the discarder has nothing to say.
    _illegal(g, 0, "discard:一")
    _illegal(g, 0, "pass")
    _illegal(g, 1, "peng:九")
    _illegal(g, 1, "hu")
    _illegal(g, 1, "chi:八九十")  # his own 九 would stay in hand: needs 比
    _illegal(g, 2, "chi:七八九")  # not his 上家's card
    _illegal(g, 2, "pao:九")
    resolve(g, {2: "peng:九"})
    _illegal(g, 2, "discard:九")  # no 九 left in hand
    _illegal(g, 1, "discard:一")
    act(g, 2, "discard:一")
    # game over → everything is illegal
    g2 = stacked(hands=(NEUTRAL, "", ""), liang="九")
    act(g2, 0, "hu")
    _illegal(g2, 0, "discard:一")
    _illegal(g2, 1, "pass")


def test_events_and_views_are_consistent_after_scripted_play() -> None:
    g = stacked(hands=("九", "", "九九"))
    act(g, 0, "discard:九")
    events = resolve(g, {2: "peng:九"})
    assert "peng" in kinds(events)
    assert g.public_view().hand_sizes == (20, 20, 18)
    assert g.census() == [4] * 20
