"""长沙麻将 scoring (rules/changsha.md §4–§6, rulings 19–30): every number of the spec, computed by hand.

Calculator inputs go in as JSON text, read as ``python -m engine score`` reads them (``parse_json``, strict), since
the variant is not registered yet."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.calculator import parse_json
from engine.core import InvalidInput, OptionError
from engine.ledger import Payment, net
from engine.mahjong import changsha as cs
from engine.mahjong import changsha_qishou as qs
from engine.mahjong.rules import Meld as GameMeld
from engine.mahjong.rules import Priced, WinSpot
from engine.mahjong.tiles import ids, tile_id, to_counts
from engine.words import Msg


def calc(hand: str | list[str], win: str | None, win_from: str = "self_draw", *, melds: list[Any] | None = None,
         options: dict[str, Any] | None = None, **ctx: bool) -> dict[str, Any]:
    doc: dict[str, Any] = {"variant": "changsha", "hand": hand, "win_card": win, "win_from": win_from}
    if melds is not None:
        doc["melds"] = melds
    if options is not None:
        doc["options"] = options
    if ctx:
        doc["context"] = ctx
    data = parse_json(json.dumps(doc, ensure_ascii=False))
    assert isinstance(data, dict)
    return cs.score(data, strict=True)


def won(*args: Any, **kw: Any) -> tuple[set[str], int, int]:
    out = calc(*args, **kw)
    assert out["win"] is True, out
    return set(out["patterns"]), out["fan"], out["score"]


def opts(**over: Any) -> dict[str, Any]:
    return cs.parse_options(over)


def peng(tile: str) -> dict[str, Any]:
    return {"type": "peng", "card": tile}


def t(text: str) -> int:
    return tile_id(text)


# A plain 4X+Y: 123m 456m 789m 123p + a 2-5-8 将 (5p) / a 4p pair
XIAOHU_5P = "123m456m789m123p5p"
XIAOHU_4P = "123m456m789m123p4p"
# 七对: 22m 44m 66m 88p 11s 33s 5s + 5s
QIDUI = "22m44m66m88p11s33s5s"


# -- §6 room options -------------------------------------------------------------------------------------------------
def test_room_options_are_the_specs() -> None:
    assert {o.key: o.default for o in cs.OPTIONS} == {
        "players": 4, "queyimen": False, "birds": 2, "bird_mode": "multiply", "zuopiao": False, "menmenqing": False,
        "qishou_extra": True, "situational_luanjiang": False, "hands": 8,
    }
    by_key = {o.key: o for o in cs.OPTIONS}
    assert by_key["players"].choices == (4, 3, 2)
    assert by_key["bird_mode"].choices == ("multiply", "add", "fan")
    assert by_key["bird_mode"].labels == ("乘法", "加法", "中鸟加一番")
    assert by_key["birds"].choices == (2, 4, 6)
    assert all(o.label and not o.label.isascii() for o in cs.OPTIONS)


def test_option_combinations_the_spec_rules_out() -> None:
    """§1: 缺一门 only with 2 players; §6: 4 players 扎 two birds, 3 players choose 2/4/6."""
    with pytest.raises(OptionError, match="二人"):
        opts(queyimen=True)
    assert opts(players=2, queyimen=True)["queyimen"] is True
    with pytest.raises(OptionError, match="两只鸟"):
        opts(birds=4)
    assert opts(players=3, birds=6)["birds"] == 6
    with pytest.raises(OptionError):
        opts(bird_mode="double")


def test_tile_set_is_108_or_72_without_tiao() -> None:
    assert len(cs.tile_set(opts())) == 108
    queyimen = cs.tile_set(opts(players=2, queyimen=True))
    assert len(queyimen) == 72 and not any(18 <= x < 27 for x in queyimen)
    assert cs.checker_for(opts(players=2, queyimen=True)).universe == tuple(range(18))


# -- §5.1 the seed's example and the 小胡 -----------------------------------------------------------------------------
def test_seed_example_menqing_xiaoqidui_is_12() -> None:
    """[000] "1门清小七对, 基础番数为6+6=12"."""
    out = calc(QIDUI, "5s", "self_draw", options={"menmenqing": True})
    assert out["win"] is True
    assert set(out["patterns"]) == {"七对子", "门门清"} and out["fan"] == 12 and out["score"] == 12


def test_qidui_without_the_option_or_on_a_discard_is_6() -> None:
    assert won(QIDUI, "5s", "self_draw") == ({"七对子"}, 6, 6)
    assert won(QIDUI, "5s", "discard", options={"menmenqing": True}) == ({"七对子"}, 6, 6)


def test_xiaohu_zimo_pays_2_each_dianpao_1() -> None:
    assert won(XIAOHU_5P, "5p", "self_draw") == ({"小胡"}, 1, 2)
    assert won(XIAOHU_5P, "5p", "discard") == ({"小胡"}, 1, 1)


def test_xiaohu_needs_a_258_jiang() -> None:
    out = calc(XIAOHU_4P, "4p", "self_draw")
    assert out["win"] is False and out["reason"]
    assert calc(XIAOHU_4P, "4p", "discard")["win"] is False


def test_menmenqing_replaces_a_xiaohu_and_still_needs_the_258_jiang() -> None:
    """§7 16: 门门清 on a 小胡 scores 门门清 alone (6); the 2-5-8 将 is still required."""
    o = {"menmenqing": True}
    assert won(XIAOHU_5P, "5p", "self_draw", options=o) == ({"门门清"}, 6, 6)
    assert calc(XIAOHU_4P, "4p", "self_draw", options=o)["win"] is False
    assert won(XIAOHU_5P, "5p", "discard", options=o) == ({"小胡"}, 1, 1)  # 自摸 only


def test_menmenqing_broken_by_peng_and_chi_not_by_angang() -> None:
    o = {"menmenqing": True}
    assert won("456m789m123p5p", "5p", melds=[{"type": "angang", "card": "9s"}], options=o) == ({"门门清"}, 6, 6)
    assert won("456m789m123p5p", "5p", melds=[peng("9s")], options=o) == ({"小胡"}, 1, 2)
    assert won("456m789m123p5p", "5p", melds=[{"type": "chi", "cards": ["1s", "2s", "3s"]}], options=o)[0] == {"小胡"}
    assert won("456m789m123p5p", "5p", melds=[{"type": "gang", "card": "9s"}], options=o)[0] == {"小胡"}


# -- §4 the 牌型 大胡 --------------------------------------------------------------------------------------------------
def test_pengpenghu_counts_melds_and_may_luanjiang() -> None:
    """碰碰胡 = 4 刻子 incl. 碰/杠 + any pair: 6 on a discard; a 吃 breaks it."""
    assert won("111m999p1s", "1s", "discard", melds=[peng("4m"), {"type": "gang", "card": "7p"}]) == (
        {"碰碰胡"}, 6, 6)
    out = calc("111m999p1s", "1s", "discard", melds=[peng("4m"), {"type": "chi", "cards": "789s"}])
    assert out["win"] is False  # 吃 + a 1s pair: neither 碰碰胡 nor a 2-5-8 将


def test_jiangjianghu_needs_no_shape() -> None:
    """All 14 tiles of rank 2/5/8, no 4X+Y."""
    assert won("2258m2258p22558s", "8s", "discard") == ({"将将胡"}, 6, 6)
    assert calc("2258m2258p22558s", "9s", "discard")["win"] is False


def test_jiangjianghu_counts_meld_tiles_ruling_20() -> None:
    assert won("258m258p2258s", "8s", "discard", melds=[peng("5p")]) == ({"将将胡"}, 6, 6)
    assert won("258p2258s", "8s", "discard", melds=[peng("5p"), {"type": "gang", "card": "2m"}])[0] == {"将将胡"}
    assert calc("258m258p2258s", "8s", "discard", melds=[peng("1p")])["win"] is False


def test_qingyise_may_luanjiang() -> None:
    assert won("123456789234m1m", "1m", "discard") == ({"清一色"}, 6, 6)


def test_qingyise_pengpenghu_is_12_ruling_21() -> None:
    assert won("111222333444m5m", "5m", "discard") == ({"清一色", "碰碰胡"}, 12, 12)


def test_qingyise_haohua_qidui_is_18_ruling_21() -> None:
    """1111m 22 33 44 55 66m: also 123 123 456 456 + 11 (清一色 6); the 七对 reading is worth more."""
    assert won("1111223344556m", "6m", "self_draw") == ({"清一色", "豪华七对"}, 18, 18)


def test_qidui_family_doubles_per_quad_ruling_19() -> None:
    assert won("1111m44m66m88p11s3s", "3s", "discard") == ({"豪华七对"}, 12, 12)
    assert won("1111m2222p44s66s8s", "8s", "discard") == ({"超豪华七对"}, 24, 24)
    assert won("1111m2222p3333s5m", "5m", "discard") == ({"超超豪华七对"}, 48, 48)


def test_qidui_and_jiangjiang_add() -> None:
    assert won("22m55m88m22p55p88p2s", "2s", "discard") == ({"七对子", "将将胡"}, 12, 12)


def test_quanqiuren_single_wait_after_four_melds() -> None:
    melds = [{"type": "chi", "cards": "123m"}, {"type": "chi", "cards": "456p"}, peng("7s"),
             {"type": "gang", "card": "9m"}]
    assert won("1p", "1p", "discard", melds=melds) == ({"全求人"}, 6, 6)
    assert won("1p", "1p", "self_draw", melds=melds) == ({"全求人"}, 6, 6)
    pengs = [peng("1m"), peng("4p"), peng("7s"), peng("9m")]
    assert won("3p", "3p", "discard", melds=pengs) == ({"全求人", "碰碰胡"}, 12, 12)


# -- §4 situational 大胡 -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("win_from", "ctx", "name"), [
    ("self_draw", {"after_kong": True}, "杠上花"),
    ("discard", {"after_kong": True}, "杠上炮"),
    ("self_draw", {"last_card": True}, "海底捞月"),
    ("discard", {"last_card": True}, "海底炮"),
    ("discard", {"first_discard": True}, "地胡"),
    ("robbing_kong", {}, "抢杠胡"),
])
def test_each_situational_dahu_is_6_on_a_258_hand(win_from: str, ctx: dict[str, Any], name: str) -> None:
    # the winning 1m is single (a robbed tile's other three copies are the konger's)
    assert won("23m456m789m123p55p", "1m", win_from, **ctx) == ({name}, 6, 6)
    # §7 6: a 4X+Y with another pair is no win unless the room lets situational 大胡 乱将
    assert calc("23m456m789m123p44p", "1m", win_from, **ctx)["win"] is False
    assert won("23m456m789m123p44p", "1m", win_from, options={"situational_luanjiang": True}, **ctx) == (
        {name}, 6, 6)


def test_tianhu_is_the_dealers_dealt_14() -> None:
    assert won(XIAOHU_5P, "5p", "deal", dealer=True) == ({"天胡"}, 6, 6)
    assert calc(XIAOHU_5P, "5p", "deal")["win"] is False  # not the dealer
    assert calc(XIAOHU_4P, "4p", "deal", dealer=True)["win"] is False
    assert won(XIAOHU_4P, "4p", "deal", dealer=True, options={"situational_luanjiang": True})[1] == 6


def test_the_dealer_winning_a_first_discard_is_no_dihu() -> None:
    assert won(XIAOHU_5P, "5p", "discard", first_discard=True, dealer=True) == ({"小胡"}, 1, 1)


def test_situational_and_pattern_dahu_add() -> None:
    assert won("111222333444m5m", "5m", "self_draw", last_card=True) == ({"清一色", "碰碰胡", "海底捞月"}, 18, 18)
    assert won("123456789234m1m", "1m", "discard", after_kong=True) == ({"清一色", "杠上炮"}, 12, 12)
    o = {"menmenqing": True}
    assert won("456m789m123p5p", "5p", "self_draw", melds=[{"type": "angang", "card": "9s"}], options=o,
               after_kong=True) == ({"杠上花", "门门清"}, 12, 12)


def test_robbing_kong_pattern_by_the_real_hand() -> None:
    assert won("23456789m23455m", "1m", "robbing_kong") == ({"清一色", "抢杠胡"}, 12, 12)


# -- ruling 30: the 起手胡 through the calculator -----------------------------------------------------------------------
def test_deal_with_no_win_card_gives_the_qishou_names_and_2_each() -> None:
    out = calc("1112223334445m", None, "deal")
    assert out == {"win": True, "patterns": ["缺一色", "六六顺", "步步高"], "fan": 3, "score": 6}
    assert calc("1347m1369p13479s", None, "deal")["patterns"] == ["板板胡"]
    none = calc("123m456p789s258m5p", None, "deal")
    assert none["win"] is False


def test_qishou_extra_off_keeps_the_four_basic() -> None:
    out = calc("1112223334445m", None, "deal", options={"qishou_extra": False})
    assert out["patterns"] == ["缺一色", "六六顺"] and out["score"] == 4


# -- 起手胡 detection -------------------------------------------------------------------------------------------------
def names(hand: str, **options: Any) -> list[str]:
    return [q.name for q in qs.detect(to_counts(hand), options)]


def shown(hand: str, name: str) -> list[int]:
    return [list(q.tiles) for q in qs.detect(to_counts(hand), {}) if q.name == name][0]


# A 13-tile hand with no 起手胡 at all: every suit, 2/5/8 more than once, no pair.
PLAIN = "1234m3467p23578s"


def test_plain_hand_has_no_qishou() -> None:
    assert names(PLAIN) == []


def test_sixi_four_identical_shows_them() -> None:
    hand = "3333m467p23578s15p"
    assert "四喜" in names(hand)
    assert shown(hand, "四喜") == ids("3333m")
    assert "四喜" not in names("333m4467p23578s15p")


def test_banban_no_258_shows_the_whole_hand() -> None:
    hand = "1347m1369p13479s"
    assert names(hand) == ["板板胡"]
    assert shown(hand, "板板胡") == sorted(ids(hand))
    assert "板板胡" not in names("1347m1369p13475s")


def test_queyise_one_suit_missing() -> None:
    assert "缺一色" in names("1234m3467p23578p")
    assert "缺一色" not in names(PLAIN)
    # §7 18: never in the 2-player 缺一门 game
    assert "缺一色" not in names("1234m3467p23578p", players=2, queyimen=True)


def test_liuliushun_two_triples() -> None:
    hand = "111m999p3467p258s"
    assert "六六顺" in names(hand)
    assert shown(hand, "六六顺") == ids("111m999p")
    assert "六六顺" in names("1111m999p467p258s")  # a 4-of-a-kind holds a 刻子
    assert "六六顺" not in names("111m99p34678p258s")


def test_bubugao_three_consecutive_pairs_in_one_suit() -> None:
    hand = "112233m47p25789s"
    assert "步步高" in names(hand)
    assert shown(hand, "步步高") == ids("112233m")
    assert "步步高" not in names("112244m47p25789s")
    assert "步步高" not in names("11m22p33s4m47p5789s")


def test_jintong_yunv_pairs_of_2tong_and_2tiao() -> None:
    hand = "22p22s1479m3467p5s"
    assert "金童玉女" in names(hand)
    assert shown(hand, "金童玉女") == ids("22p22s")
    assert "金童玉女" not in names("22m22p1479m3467p5s")


def test_santong_same_rank_pair_in_each_suit() -> None:
    hand = "11m11p11s3467m258p"
    assert "三同" in names(hand)
    assert shown(hand, "三同") == ids("11m11p11s")
    assert "三同" not in names("11m11p22s3467m258p")


def test_yizhihua_lone_five_of_a_suit() -> None:
    hand = "1234678m123467p5s"  # 条 is one tile, a 5
    assert "一枝花" in names(hand)
    assert shown(hand, "一枝花") == sorted(ids(hand))
    assert "一枝花" not in names("1234678m123467p4s")


def test_yizhihua_the_only_258_tile_is_a_five() -> None:
    hand = "1347m1369p1349s5p"
    assert "一枝花" in names(hand)
    assert "一枝花" not in names("1347m1369p1349s8p")
    assert "一枝花" not in names("1347m1369p1345s5p")  # two 将 tiles


def test_qishou_extra_off_and_queyimen_exclusions() -> None:
    assert qs.allowed({}) == qs.ORDER
    assert qs.allowed({"qishou_extra": False}) == ("四喜", "板板胡", "缺一色", "六六顺")
    assert set(qs.allowed({"players": 2, "queyimen": True})) == set(qs.ORDER) - {"金童玉女", "三同", "缺一色"}
    assert "三同" in qs.allowed({"players": 2})
    assert names("11m11p11s3467m258p", qishou_extra=False) == []


def test_each_qishou_counts_once() -> None:
    assert names("1111m9999p3467p25s").count("四喜") == 1
    assert names("111m999p222s3467p").count("六六顺") == 1


def test_midway_sixi_a_new_four_of_a_kind() -> None:
    dealt = to_counts("333m4467p23578s15p")
    now = to_counts("3333m4467p2357s15p")
    assert [(q.name, list(q.tiles)) for q in qs.midway(dealt, now, {})] == [("中途四喜", ids("3333m"))]
    assert qs.midway(dealt, now, {}, used_quads={t("3m")}) == []
    assert qs.midway(now, now, {}) == []  # dealt as 四喜: nothing new
    assert qs.midway(dealt, now, {"qishou_extra": False}) == []


def test_midway_liuliushun_two_new_kan_since_the_deal() -> None:
    dealt = to_counts("111m22p33s4567m89p1s")
    one_new = to_counts("111m222p33s4567m9p1s")
    assert qs.midway(dealt, one_new, {}) == []
    two_new = to_counts("111m222p333s4567m9p")
    out = qs.midway(dealt, two_new, {})
    assert [(q.name, list(q.tiles)) for q in out] == [("中途六六顺", ids("222p333s"))]
    assert qs.midway(dealt, two_new, {}, used_kan={t("2p"), t("3s")}) == []


# -- birds (§5.2, §5.3, rulings 22, 23) ----------------------------------------------------------------------------------
RANKS = [f"{r}m" for r in range(1, 10)]


def test_four_player_birds_count_from_the_dealer() -> None:
    assert [cs.bird_seat(t(x), players=4, dealer=0, winner=2) for x in RANKS] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [cs.bird_seat(t(x), players=4, dealer=2, winner=0) for x in RANKS] == [2, 3, 0, 1, 2, 3, 0, 1, 2]
    assert cs.bird_seat(t("6p"), players=4, dealer=3, winner=0) == 0  # 2/6 → the dealer's 下家


def test_three_player_birds_count_from_the_winner_48_empty() -> None:
    assert [cs.bird_seat(t(x), players=3, dealer=0, winner=1) for x in RANKS] == [1, 2, 0, None, 1, 2, 0, None, 1]


def test_two_player_birds_count_from_the_winner_ruling_23() -> None:
    assert [cs.bird_seat(t(x), players=2, dealer=0, winner=1) for x in RANKS] == [
        1, 0, None, None, 1, 0, None, None, 1]


def test_pair_hits() -> None:
    """点炮: a bird on the winner or the discarder; 自摸: on the winner hits all, on a payer that payer only."""
    seats = [1, 3]
    assert cs.pair_hits(seats, 1, 3) == 2
    assert cs.pair_hits(seats, 1, 0) == 1
    assert cs.pair_hits([2, 2], 1, 2) == 2
    assert cs.pair_hits([None, 0], 1, 2) == 0


@pytest.mark.parametrize(("mode", "one", "two"), [("multiply", 4, 8), ("add", 4, 6), ("fan", 3, 4)])
def test_bird_modes(mode: str, one: int, two: int) -> None:
    """§5.2: 乘法 1 hit ×2, 2 hits ×4; 加法 ×2, ×3; 中鸟加一番 + hits (here of 2)."""
    assert cs.with_birds(2, 0, mode) == 2
    assert cs.with_birds(2, 1, mode) == one
    assert cs.with_birds(2, 2, mode) == two


def test_bird_tiles_from_the_wall_haidi_and_drawn_hand() -> None:
    o = opts(players=3, birds=4)
    assert cs.bird_tiles(o, [5, 6, 7, 8, 9]) == [5, 6, 7, 8]
    assert cs.bird_tiles(o, [5, 6]) == [5, 6]
    assert cs.bird_tiles(o, []) == []
    assert cs.bird_tiles(opts(), [5, 6, 7], haidi=20) == [20]
    assert cs.drawn_hand_birds(4) == [4, 4]
    assert cs.drawn_hand_birds(None) == []


# -- payments -------------------------------------------------------------------------------------------------------------
def priced(hand: str, win: str, win_from: str, **ctx: bool) -> Priced:
    counts = to_counts(hand + win)
    spot = WinSpot(0, tuple(counts), 0, (), t(win), win_from, ctx.pop("dealer", False), **ctx)
    p = cs.price(spot, opts())
    assert p is not None
    return p


def amounts(payments: list[Payment]) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for p in payments:
        out[(p.payer, p.payee)] = out.get((p.payer, p.payee), 0) + p.amount
    return out


def test_zimo_xiaohu_with_birds_multiply() -> None:
    """Winner 1, dealer 0, birds 1m (→ dealer 0) and 2m (→ winner 1): seat 0 two hits (2 × 4), 2 and 3 one (2 × 2)."""
    win = cs.HandWin(1, "self_draw", None, priced(XIAOHU_5P, "5p", "self_draw"))
    out = cs.win_payments(win, players=4, dealer=0, birds=ids("1m2m"), options=opts())
    assert amounts(out) == {(0, 1): 8, (2, 1): 4, (3, 1): 4}
    whys = {p.payer: p.why.zh() for p in out}
    assert whys[0] == "自摸：小胡 自摸 2，中鸟 2 只 × 4" and whys[2] == "自摸：小胡 自摸 2，中鸟 1 只 × 2"


def test_dianpao_dahu_discarder_pays_the_total_times_birds() -> None:
    p = priced("111222333444m5m", "5m", "discard")
    assert p.share == 12 and p.says is not None and p.says.zh() == "碰碰胡 6 + 清一色 6 = 12"
    win = cs.HandWin(2, "discard", 3, p)
    birds = ids("1m4m")  # dealer 0: 1m → 0 (no hit), 4m → 3 the discarder: one hit
    assert amounts(cs.win_payments(win, players=4, dealer=0, birds=birds, options=opts())) == {(3, 2): 24}
    assert amounts(cs.win_payments(win, players=4, dealer=0, birds=birds, options=opts(bird_mode="add"))) == {
        (3, 2): 24}
    assert amounts(cs.win_payments(win, players=4, dealer=0, birds=birds, options=opts(bird_mode="fan"))) == {
        (3, 2): 13}


def test_three_player_zimo_two_payers() -> None:
    win = cs.HandWin(0, "self_draw", None, Priced(("小胡",), 2, 1, Msg("小胡 自摸 2")))
    o = opts(players=3, birds=2)
    # counted from the winner 0: 2m → seat 1, 4m → empty
    assert amounts(cs.win_payments(win, players=3, dealer=2, birds=ids("2m4m"), options=o)) == {(1, 0): 4, (2, 0): 2}


def test_zuopiao_pairs_the_seed_example() -> None:
    """§5.4: both 飘 2, 甲 放炮 to 乙 → 甲 pays 乙 an extra 4, untouched by the birds."""
    o = opts(zuopiao=True)
    win = cs.HandWin(1, "discard", 0, Priced(("小胡",), 1, 1, says=Msg("小胡 点炮 1")))
    out = cs.win_payments(win, players=4, dealer=0, birds=ids("1m1m"), options=o, piao=[2, 2, 0, 0])
    assert [(p.payer, p.payee, p.amount) for p in out] == [(0, 1, 4), (0, 1, 4)]  # 1 × 2² and the 飘 4
    assert "坐飘" in out[1].why.zh()
    assert cs.piao_between([1, 5, 0, 3], 1, 3) == 8


def test_qishou_each_other_pays_2_each_birds_apply_piao_once() -> None:
    o = opts(zuopiao=True)
    out = cs.qishou_payments(2, ["四喜", "六六顺"], players=4, dealer=0, birds=ids("3m9p"), options=o,
                             piao=[0, 1, 2, 3])
    # 3m → 对家 of dealer 0 = seat 2 (this seat): every payer one hit; 9p → dealer 0: seat 0 a second hit
    money = [(p.payer, p.amount) for p in out if "坐飘" not in p.why.zh()]
    assert money == [(3, 8), (0, 16), (1, 8)]
    piao = [(p.payer, p.amount) for p in out if "坐飘" in p.why.zh()]
    assert piao == [(3, 5), (0, 2), (1, 3)]


def test_drawn_hand_qishou_last_tile_is_two_birds() -> None:
    birds = cs.drawn_hand_birds(t("5s"))  # 5 → the dealer (0)
    out = cs.hand_payments(players=4, dealer=0, options=opts(), wins=[], qishou={1: ["板板胡"]}, birds=birds)
    assert amounts(out) == {(0, 1): 8, (2, 1): 2, (3, 1): 2}


def test_tongpao_each_winner_with_the_discarder() -> None:
    """通炮: birds drawn once; seat 1 and seat 2 win seat 0's discard; bird 2m → seat 1 (dealer 0's 下家)."""
    a = cs.HandWin(1, "discard", 0, Priced(("小胡",), 1, 1, says=Msg("小胡 点炮 1")))
    b = cs.HandWin(2, "discard", 0, Priced(("七对子",), 6, 6, Msg("七对子 6")))
    out = cs.hand_payments(players=4, dealer=0, options=opts(), wins=[a, b], qishou={}, birds=ids("2m9s"))
    # 2m → 1 (winner a) and 9s → 0 (the discarder): a two hits (1 × 4); b one, 9s on the discarder (6 × 2)
    assert amounts(out) == {(0, 1): 4, (0, 2): 12}
    assert sum(net(4, out)) == 0


def test_fan_mode_counts_a_seats_birds_once_for_qishou_and_win() -> None:
    o = opts(bird_mode="fan")
    win = cs.HandWin(1, "discard", 3, Priced(("小胡",), 1, 1, says=Msg("小胡 点炮 1")))
    birds = ids("2m2m")  # both on seat 1
    out = cs.hand_payments(players=4, dealer=0, options=o, wins=[win], qishou={1: ["四喜"]}, birds=birds)
    qishou = {p.payer: p.amount for p in out if p.why.zh().startswith("起手胡")}
    # seat 3 pays the win too: his hits ride on the win (1 + 2), not on the 起手胡 (2)
    assert qishou == {0: 4, 2: 4, 3: 2}
    assert [p.amount for p in out if p.why.zh().startswith("点炮")] == [3]
    multiply = cs.hand_payments(players=4, dealer=0, options=opts(), wins=[win], qishou={1: ["四喜"]}, birds=birds)
    assert {p.payer: p.amount for p in multiply if p.why.zh().startswith("起手胡")} == {0: 8, 2: 8, 3: 8}


def test_hand_payments_needs_piao_when_zuopiao() -> None:
    with pytest.raises(ValueError):
        cs.hand_payments(players=4, dealer=0, options=opts(zuopiao=True), wins=[], qishou={}, birds=[])
    with pytest.raises(ValueError):
        cs.hand_payments(players=4, dealer=0, options=opts(zuopiao=True), wins=[], qishou={}, birds=[],
                         piao=[0, 4, 0, 0])


def test_kongs_pay_nothing() -> None:
    assert cs.pay_kong(kind="angang", konger=1, discarder=None, chui=None, options=opts()) == []


def test_next_dealer_ruling_28() -> None:
    assert cs.next_dealer(winners=[2], from_seat=0, dealer=1, drawn=False) == 2
    assert cs.next_dealer(winners=[2, 3], from_seat=0, dealer=1, drawn=False) == 0
    assert cs.next_dealer(winners=[], from_seat=None, dealer=1, drawn=True, haidi_taker=3) == 3
    assert cs.next_dealer(winners=[], from_seat=None, dealer=1, drawn=True) == 1


# -- the game's price hook ------------------------------------------------------------------------------------------------
def test_price_hook_reads_the_spot() -> None:
    counts = tuple(to_counts("258m258p2258s8s"))
    spot = WinSpot(0, counts, 0, (GameMeld("bugang", (t("5p"),) * 4, None),), t("8s"), "discard", False)
    p = cs.price(spot, opts())
    assert p is not None and p.patterns == ("将将胡",) and p.share == 6 and p.fan == 6
    opening = WinSpot(0, tuple(to_counts(XIAOHU_5P + "5p")), 0, (), None, "deal", True)
    p = cs.price(opening, opts())
    assert p is not None and p.patterns == ("天胡",)
    assert cs.price(WinSpot(1, opening.counts, 0, (), None, "deal", False), opts()) is None
    dihu = WinSpot(1, tuple(to_counts(XIAOHU_5P + "5p")), 0, (), t("5p"), "discard", False)
    p = cs.price(dihu, opts(), first_discard=True)
    assert p is not None and p.patterns == ("地胡",)
    xiao = cs.price(dihu, opts())
    assert xiao is not None and xiao.share == 1 and xiao.says is not None and xiao.says.zh() == "小胡 点炮 1"
    assert cs.is_bigger(p, xiao) and not cs.is_bigger(xiao, p)


# -- invalid input (exit 2) -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("doc", [
    {"hand": "123m456m789m123p5z", "win_card": "5p", "win_from": "discard"},  # 字 tiles
    {"hand": XIAOHU_5P, "win_card": "7z", "win_from": "discard"},
    {"hand": "11112m456m789m123p", "win_card": "1m", "win_from": "discard"},  # a fifth 1m
    {"hand": "123m456m789m123p", "win_card": "5p", "win_from": "discard"},  # 13 tiles with the win card
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "other_draw"},
    {"hand": XIAOHU_5P, "win_card": None, "win_from": "discard"},
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "robbing_kong"},  # the robbed tile in his own hand
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "discard", "context": {"dealer": "true"}},
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "discard", "options": {"hands": 8.0}},
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "discard", "options": {"piao": 2}},
    {"hand": "456m789m123p5p", "win_card": "5p", "win_from": "discard",
     "melds": [{"type": "chi", "cards": ["1s", "3s", "5s"]}]},
    {"hand": "456m789m123p5p", "win_card": "5p", "win_from": "discard", "melds": [{"type": "peng", "card": "1s",
                                                                                    "from": 2}]},
    {"hand": "12345m678p999s", "win_card": None, "win_from": "deal"},  # 12 dealt tiles
    {"hand": "456m789m123p5p", "win_card": None, "win_from": "deal", "melds": [{"type": "peng", "card": "1s"}]},
    {"hand": "123m456m789m123p", "win_card": "5s", "win_from": "discard",
     "options": {"players": 2, "queyimen": True}},  # no 条 in 缺一门
    {"hand": XIAOHU_5P, "win_card": "5p", "win_from": "discard", "variant": "hongzhong"},
])
def test_invalid_input_raises(doc: dict[str, Any]) -> None:
    data = {"variant": "changsha", **doc}
    with pytest.raises(InvalidInput):
        cs.score(parse_json(json.dumps(data)), strict=True)


# -- waits under 长沙 rules (the 开杠 test) --------------------------------------------------------------------------------
def test_winning_tiles_need_the_258_jiang_or_a_dahu() -> None:
    """123m 456m 789m 123p 4p waits only on 4p — a 4p pair, no 小胡 — so nothing; 5p single waits on 5p."""
    assert cs.winning_tiles(to_counts("123m456m789m123p4p"), [], opts()) == []
    assert cs.winning_tiles(to_counts(XIAOHU_5P), [], opts()) == [t("5p")]
    # with 杠上花 乱将 the 4p pair and 1p (11p 234p) count
    sit = cs.Situation("self_draw", after_kong=True)
    assert cs.winning_tiles(to_counts("123m456m789m123p4p"), [], opts(situational_luanjiang=True), sit) == ids(
        "14p")


def test_winning_tiles_see_jiangjiang_and_own_copies() -> None:
    melds = [cs.Meld("peng", (t("5p"),) * 3)]
    # 将将胡: any 2/5/8 tile completes it, but 5p's four copies are all his (the 碰 and one in hand)
    waits = cs.winning_tiles(to_counts("258m258p2258s"), melds, opts())
    assert waits == sorted(ids("258m28p258s"))
    full = cs.winning_tiles(to_counts("2258m222p2258s"), [cs.Meld("angang", (t("5m"),) * 4)], opts())
    assert t("5m") not in full
