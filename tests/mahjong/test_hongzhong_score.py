"""红中麻将 scoring: every number of ``shared/rules/hongzhong.md``, hand-computed from the spec's own words.

Inputs go in as full JSON documents, read as ``python -m engine score`` reads them (``parse_json``, strict types),
since the variant is not registered yet."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.calculator import parse_json
from engine.core import InvalidInput
from engine.mahjong import hongzhong as hz
from engine.mahjong.tiles import HONG_ZHONG, ids, tile_id
from engine.options import validate_options

# 123m 456m 789m 12p + 红中 + 5p: the 红中 stands for 3p, the 5p pair waits on 5p.
WITH_HZ = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "7z", "5p"]
# the same without a 红中: 123m 456m 789m 123p 5p, waiting on 5p.
NO_HZ = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"]
JUNK = ["1m", "3m", "5m", "7m", "2p", "4p", "6p", "8p", "9s"]  # nine tiles no two of which share a group


def calc(doc: dict[str, Any] | str) -> dict[str, Any]:
    """An ``evaluate``-like call: JSON text in, the calculator's dict out."""
    text = doc if isinstance(doc, str) else json.dumps({"variant": "hongzhong", **doc}, ensure_ascii=False)
    data = parse_json(text)
    assert isinstance(data, dict)
    return hz.score(data, strict=True)


def opts(**over: Any) -> dict[str, Any]:
    return validate_options(hz.OPTIONS, over)


# -- §6 room options ----------------------------------------------------------------------------------------------
def test_room_options_keys_and_defaults_are_the_specs() -> None:
    """§6: hongzhong_count 4, birds 2, bird_mode normal, menmenqing false, menmenqing_points 1, qianggang false,
    hands 8."""
    assert {o.key: o.default for o in hz.OPTIONS} == {
        "hongzhong_count": 4, "birds": 2, "bird_mode": "normal", "menmenqing": False, "menmenqing_points": 1,
        "qianggang": False, "hands": 8,
    }
    by_key = {o.key: o for o in hz.OPTIONS}
    assert by_key["hongzhong_count"].choices == (4, 8)
    assert by_key["bird_mode"].choices == ("normal", "hujijiangji", "yima")


# -- §5 base -------------------------------------------------------------------------------------------------------
def test_zimo_pays_two_each() -> None:
    """§5 "自摸 each of the 3 others pays 2": a hand holding a 红中 (no +1), no kongs → 2."""
    out = calc({"hand": WITH_HZ, "win_card": "5p", "win_from": "self_draw"})
    assert out == {"win": True, "patterns": [], "score": 2}


def test_jiepao_pays_one_and_a_hand_with_hongzhong_may_win_a_discard() -> None:
    """§5 "小胡接炮 the discarder pays 1"; ruling 13: winning a discard while holding 红中 is allowed."""
    out = calc({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard"})
    assert out == {"win": True, "patterns": [], "score": 1}
    assert "fan" not in out  # §5 Engine output: fan omitted


def test_no_hongzhong_adds_one() -> None:
    """§5 "胡牌后,手中无红中加1分": 自摸 2 + 1 = 3, 接炮 1 + 1 = 2."""
    assert calc({"hand": NO_HZ, "win_card": "5p", "win_from": "self_draw"})["score"] == 3
    assert calc({"hand": NO_HZ, "win_card": "5p", "win_from": "discard"})["score"] == 2


def test_a_self_drawn_hongzhong_is_in_the_hand() -> None:
    """§5 no-红中 bonus counts the winning hand: a drawn 红中 (standing for 5p) leaves 2, not 3."""
    assert calc({"hand": NO_HZ, "win_card": "7z", "win_from": "self_draw"})["score"] == 2


def test_each_declared_kong_adds_one() -> None:
    """§5 "胡牌方有几个杠则加几分": a 明杠 and an 暗杠 → +2; with a 红中: 接炮 1 + 2 = 3, 自摸 2 + 2 = 4."""
    melds = [{"type": "gang", "cards": ["1s"] * 4}, {"type": "angang", "card": "2s"}]
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7z"]
    assert calc({"hand": hand, "win_card": "5p", "win_from": "discard", "melds": melds})["score"] == 3
    assert calc({"hand": hand, "win_card": "5p", "win_from": "self_draw", "melds": melds})["score"] == 4
    # a 碰 is no kong: 接炮 1, with a 红中
    peng = [{"type": "peng", "cards": ["1s"] * 3}, {"type": "peng", "card": "2s"}]
    assert calc({"hand": hand, "win_card": "5p", "win_from": "discard", "melds": peng})["score"] == 1


def test_four_kept_in_hand_are_no_kong() -> None:
    """Ruling 3 "抓手中不算": 1111m held (111m + 123m), no 红中: 自摸 2 + 1 = 3, no kong bonus."""
    hand = ["1m", "1m", "1m", "1m", "2m", "3m", "4p", "5p", "6p", "7p", "8p", "9p", "5s"]
    assert calc({"hand": hand, "win_card": "5s", "win_from": "self_draw"})["score"] == 3


# -- §4 shapes ------------------------------------------------------------------------------------------------------
def test_seven_pairs_with_four_identical() -> None:
    """§4 F 11×7; ruling 8: 1111m is two pairs. 接炮 1 + no 红中 1 = 2."""
    hand = ["1m", "1m", "1m", "1m", "2p", "2p", "3p", "3p", "4s", "4s", "5s", "5s", "6s"]
    assert calc({"hand": hand, "win_card": "6s", "win_from": "discard"}) == {"win": True, "patterns": [], "score": 2}


def test_hongzhong_may_be_a_fifth_copy() -> None:
    """Ruling 12: 1111m + 红中 = 111m and a 11m pair (a fifth 1m). 自摸 2 (holds a 红中)."""
    hand = ["1m", "1m", "1m", "1m", "7z", "2p", "3p", "4p", "5p", "6p", "7p", "8s", "9s"]
    assert calc({"hand": hand, "win_card": "7s", "win_from": "self_draw"})["score"] == 2


def test_any_pair_no_258_needed_and_a_non_win() -> None:
    """§4 "无需2.5.8做将": the 9s pair wins; a hand one tile off does not."""
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "9s"]
    assert calc({"hand": hand, "win_card": "9s", "win_from": "discard"})["win"] is True
    out = calc({"hand": hand, "win_card": "8s", "win_from": "discard"})
    assert out["win"] is False and out["reason"]


def test_a_discarded_hongzhong_cannot_be_won() -> None:
    """Ruling 2: nobody may 胡 a discarded 红中 (it would complete NO_HZ as the 5p)."""
    out = calc({"hand": NO_HZ, "win_card": "7z", "win_from": "discard"})
    assert out["win"] is False


# -- 门门清 ---------------------------------------------------------------------------------------------------------
def test_menmenqing_default_one_point_when_on() -> None:
    """§5/§6 门门清 off by default; on: + menmenqing_points (默认1分). 接炮 1 + no 红中 1 + 1 = 3."""
    base = {"hand": NO_HZ, "win_card": "5p", "win_from": "discard"}
    assert calc(base)["score"] == 2
    assert calc({**base, "options": {"menmenqing": True}})["score"] == 3
    assert calc({**base, "options": {"menmenqing": True, "menmenqing_points": 3}})["score"] == 5


def test_menmenqing_allows_angang_not_peng_or_gang() -> None:
    """§5 "暗杠 and 接炮 still count as 门门清": 暗杠 → 接炮 1 + kong 1 + 门门清 1 = 3 (holding 红中);
    a 碰 or 明杠 ends it: 1 (碰) and 1 + 1 (明杠)."""
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "7z"]
    on = {"menmenqing": True}

    def with_meld(kind: str) -> int:
        doc = {"hand": hand, "win_card": "5p", "win_from": "discard", "melds": [{"type": kind, "card": "1s"}],
               "options": on}
        return int(calc(doc)["score"])

    assert with_meld("angang") == 3
    assert with_meld("peng") == 1
    assert with_meld("gang") == 2


# -- four 红中 ------------------------------------------------------------------------------------------------------
def test_four_hongzhong_dealt_wins_as_zimo() -> None:
    """§2, §4, §5, ruling 7/17: four 红中 win at once, scored as a 自摸 → 2 (the hand holds 红中); patterns 四红中.
    A non-dealer is dealt 13 tiles, the dealer 14."""
    hand = JUNK + ["7z"] * 4
    out = calc({"hand": hand, "win_card": None, "win_from": "deal", "context": {"dealer": False}})
    assert out == {"win": True, "patterns": ["四红中"], "score": 2}
    out = calc({"hand": hand, "win_card": None, "win_from": "deal", "options": {"menmenqing": True}})
    assert out["score"] == 3  # + 门门清 1
    out = calc({"hand": hand + ["2s"], "win_card": None, "win_from": "deal", "context": {"dealer": True}})
    assert out == {"win": True, "patterns": ["四红中"], "score": 2}
    with pytest.raises(InvalidInput, match="a non-dealer is dealt 13"):
        calc({"hand": hand + ["2s"], "win_card": None, "win_from": "deal"})


def test_four_hongzhong_collected_mid_game() -> None:
    """Ruling 7/17: the draw that gives the fourth 红中 wins as a 自摸 → 2."""
    hand = JUNK + ["2s", "7z", "7z", "7z"]
    out = calc({"hand": hand, "win_card": "7z", "win_from": "self_draw"})
    assert out == {"win": True, "patterns": ["四红中"], "score": 2}


def test_four_hongzhong_do_not_win_a_discard() -> None:
    """Ruling 17: the four-红中 win is the holder's own (deal or draw); on a discard the hand must win normally."""
    hand = JUNK + ["7z"] * 4
    assert calc({"hand": hand, "win_card": "2s", "win_from": "discard"})["win"] is False
    # holding four 红中 that do complete a hand, a discard is a plain 接炮: 1, no patterns
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"] + ["7z"] * 4
    assert calc({"hand": hand, "win_card": "5p", "win_from": "discard"}) == {"win": True, "patterns": [], "score": 1}


def test_four_hongzhong_is_no_win_in_the_eight_hongzhong_game() -> None:
    """§4 "选择八个红中玩法时，起手和中途四个红中都不能算胡牌"."""
    eight = {"hongzhong_count": 8}
    hand = JUNK + ["7z"] * 4
    assert calc({"hand": hand, "win_card": None, "win_from": "deal", "options": eight})["win"] is False
    dealer = {"dealer": True}
    assert calc({"hand": hand + ["2s"], "win_card": None, "win_from": "deal", "context": dealer,
                 "options": eight})["win"] is False
    mid = JUNK + ["2s", "7z", "7z", "7z"]
    assert calc({"hand": mid, "win_card": "7z", "win_from": "self_draw", "options": eight})["win"] is False
    # six 红中 are legal there and may still complete a normal hand: 123m + 5 红中 … 自摸 2
    hand6 = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m"] + ["7z"] * 5
    out = calc({"hand": hand6, "win_card": "7z", "win_from": "self_draw", "options": eight})
    assert out == {"win": True, "patterns": [], "score": 2}


def test_tianhu_is_a_zimo_for_the_dealer_only() -> None:
    """README "deal": the dealer's 14 tiles; priced as a 自摸 (no 大胡, ruling 8): no 红中 → 2 + 1 = 3."""
    out = calc({"hand": NO_HZ, "win_card": "5p", "win_from": "deal", "context": {"dealer": True}})
    assert out == {"win": True, "patterns": [], "score": 3}
    out = calc({"hand": NO_HZ + ["5p"], "win_card": None, "win_from": "deal", "context": {"dealer": True}})
    assert out["score"] == 3
    assert calc({"hand": NO_HZ, "win_card": None, "win_from": "deal"})["win"] is False  # a non-dealer's 13


# -- 抢杠胡 ---------------------------------------------------------------------------------------------------------
ROB = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "4p", "6p", "9s", "9s"]


def test_qianggang_is_a_zimo_share_paid_three_times_by_the_konger() -> None:
    """§5 / ruling 11: the robber scores a 自摸 share — 2 + 1 (no 红中) = 3 — and the konger pays all 3 shares = 9."""
    out = calc({"hand": ROB, "win_card": "5p", "win_from": "robbing_kong", "options": {"qianggang": True}})
    assert out == {"win": True, "patterns": [], "score": 3}
    assert hz.payments("robbing_kong", 3, 0) == {"konger": 9}


def test_qianggang_off_cannot_rob() -> None:
    """Ruling 9: with the option off a 补杠 cannot be robbed."""
    assert calc({"hand": ROB, "win_card": "5p", "win_from": "robbing_kong"})["win"] is False


def test_robbed_tile_may_not_be_in_the_winners_tiles() -> None:
    """README robbing_kong: the konger holds the other three copies."""
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "5p", "5p", "9s", "9s"]
    with pytest.raises(InvalidInput, match="robbing_kong"):
        calc({"hand": hand, "win_card": "5p", "win_from": "robbing_kong", "options": {"qianggang": True}})
    with pytest.raises(InvalidInput, match="红中"):
        calc({"hand": ROB, "win_card": "7z", "win_from": "robbing_kong", "options": {"qianggang": True}})


# -- birds ----------------------------------------------------------------------------------------------------------
def test_normal_birds_hit_on_one_five_nine() -> None:
    """§5 standard: each tile of rank 1, 5 or 9 is a hit; 红中 has no rank 1/5/9."""
    o = opts()
    assert hz.bird_hits(o, ids(["1m", "5p", "9s", "7s", "7z", "2m"])) == 3
    assert hz.bird_hits(o, ids(["2m", "8p"])) == 0
    assert hz.bird_hits(o, []) == 0


def test_birds_drawn_never_more_than_the_wall() -> None:
    """§5 "fewer tiles left than birds → take all; none left → no birds"; default 2 birds."""
    o = opts()
    assert hz.birds_to_draw(o, tile_id("5p"), 50) == 2
    assert hz.birds_to_draw(opts(birds=6), tile_id("5p"), 4) == 4
    assert hz.birds_to_draw(o, tile_id("5p"), 0) == 0


def test_hujijiangji_draws_the_winning_rank_and_hits_on_159() -> None:
    """§5 胡几奖几 / ruling 6: N = rank of the winning tile (红中 or 天胡: 10), only 1/5/9 hit."""
    o = opts(bird_mode="hujijiangji")
    assert hz.birds_to_draw(o, tile_id("8m"), 50) == 8
    assert hz.birds_to_draw(o, HONG_ZHONG, 50) == 10
    assert hz.birds_to_draw(o, None, 50) == 10  # 天胡 / four 红中 on the deal
    assert hz.birds_to_draw(o, tile_id("8m"), 3) == 3
    assert hz.bird_hits(o, ids(["1m", "2m", "5s", "8p"])) == 2


def test_yima_counts_the_ranks_of_one_tile() -> None:
    """§5 一码全中: one tile; its rank = number of hits (8万 → 8), 红中 = 10."""
    o = opts(bird_mode="yima")
    assert hz.birds_to_draw(o, tile_id("3m"), 50) == 1
    assert hz.birds_to_draw(o, tile_id("3m"), 0) == 0
    assert hz.bird_hits(o, ids(["8m"])) == 8
    assert hz.bird_hits(o, [HONG_ZHONG]) == 10
    assert hz.bird_hits(o, []) == 0


def test_each_hit_adds_one_base_never_the_extras() -> None:
    """Ruling 16: a hit adds 2 per payer on 自摸, 1 on 接炮. Share 3 (自摸 + no 红中), 2 hits → 3 + 4 = 7 each;
    接炮 share 2, 2 hits → 4; 抢杠 share 3, 1 hit → 3 × (3 + 2) = 15 from the konger."""
    assert hz.payments("self_draw", 3, 2) == {"each": 7}
    assert hz.payments("deal", 2, 0) == {"each": 2}
    assert hz.payments("discard", 2, 2) == {"discarder": 4}
    assert hz.payments("robbing_kong", 3, 1) == {"konger": 15}


# -- the contract's types -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "melds": [{"type": "chi", "cards": ["1s", "2s", "3s"]}]},
         "吃"),
        ({"hand": WITH_HZ[:10], "win_card": "5p", "win_from": "discard", "melds": [{"type": "peng", "card": "7z"}]},
         "红中"),
        ({"hand": WITH_HZ[:12] + ["1z"], "win_card": "5p", "win_from": "discard"}, "1z"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "context": {"dealer": "false"}}, "true or false"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "options": {"birds": 2.0}}, "birds"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "options": {"birds": "2"}}, "birds"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "options": {"hongzhong_count": 6}},
         "hongzhong_count"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "options": {"fan": 1}}, "fan"),
        ({"hand": WITH_HZ[:12], "win_card": "5p", "win_from": "discard"}, "14 needed"),
        ({"hand": WITH_HZ, "win_card": None, "win_from": "self_draw"}, "null"),
        ({"hand": WITH_HZ, "win_from": "discard"}, "win_card"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "other_draw"}, "win_from"),
        ({"hand": WITH_HZ, "win_card": "5p", "win_from": "discard", "contxt": {}}, "contxt"),
        ({"hand": WITH_HZ, "win_card": "55p", "win_from": "discard"}, "55p"),
        ({"hand": ["5p"] * 4 + WITH_HZ[:9], "win_card": "5p", "win_from": "discard"}, "copies"),
        ({"hand": JUNK + ["7z"] * 4, "win_card": "7z", "win_from": "self_draw"}, "红中"),
    ],
)
def test_invalid_input_names_the_problem(doc: dict[str, Any], words: str) -> None:
    """README "Types are strict" and "Invalid input": one InvalidInput naming the problem."""
    with pytest.raises(InvalidInput, match=words):
        calc(doc)


def test_text_options_are_read_outside_strict_mode() -> None:
    """README: the /calc form converts "2" → 2 when not strict; the calculator's JSON never does."""
    data = {"variant": "hongzhong", "hand": NO_HZ, "win_card": "5p", "win_from": "discard",
            "options": {"menmenqing": "true"}}
    assert hz.score(data)["score"] == 3
    with pytest.raises(InvalidInput):
        hz.score(data, strict=True)


def test_compact_hand_string_and_wrong_variant() -> None:
    """A hand may be one compact string; a document for another variant is refused."""
    assert calc({"hand": "123456789m12p3p5p", "win_card": "5p", "win_from": "self_draw"})["score"] == 3
    with pytest.raises(InvalidInput, match="variant"):
        calc(json.dumps({"variant": "changsha", "hand": NO_HZ, "win_card": "5p", "win_from": "discard"}))
