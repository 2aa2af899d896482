"""``/calc`` for 红中麻将 and 推倒胡: tiles and melds as players type them, every English message of the mahjong
calculators in Chinese, and the answer as 番种 / 倍数 / 得分."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.present.calc import (
    BAD_INPUT,
    CalcFormError,
    build_input,
    calculate,
    calculator_error,
    describe_result,
    refusal_reason,
)
from engine.core import InvalidInput
from engine.mahjong import hongzhong, tuidaohu

from .conftest import Env

HZ_NONE = "123m456p789s11m23p"


# -- tiles ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "123m456p789s11m23p",
    "1m 2m 3m 4p 5p 6p 7s 8s 9s 1m 1m 2p 3p",
    "1m2m3m，4p5p6p、789s 11m 23p",
    "一二三万 四五六筒 七八九条 一万一万 二三筒",
    "一万二万三万四饼五饼六饼七索八索九索一万一万二筒三筒",
])
def test_a_hand_in_every_notation(text: str) -> None:
    assert build_input("hongzhong", text, "4p")["hand"] == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                                          "1m", "1m", "2p", "3p"]


def test_honours_and_hongzhong_by_name() -> None:
    assert build_input("tuidaohu", "东南西北白发中 红中", "中")["hand"] == ["1z", "2z", "3z", "4z", "5z", "6z", "7z", "7z"]
    assert build_input("hongzhong", "77z", "红中")["win_card"] == "7z"


@pytest.mark.parametrize(("text", "words"), [
    ("123m456x", "「x」"), ("123", "缺少花色"), ("三四", "缺少花色"), ("8z", "没有「8z」"), ("0m", "没有「0m」"),
    ("一二三", "缺少花色"),
])
def test_unreadable_tiles_say_how_to_write_them(text: str, words: str) -> None:
    with pytest.raises(CalcFormError) as e:
        build_input("hongzhong", text, "4p")
    assert words in str(e.value) and "1m…9m" in str(e.value)


def test_one_winning_tile_only() -> None:
    with pytest.raises(CalcFormError, match="只能写一张"):
        build_input("tuidaohu", HZ_NONE, "4p5p")


# -- melds ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("token", "meld"), [
    ("碰5m", {"type": "peng", "cards": ["5m"] * 3}),
    ("peng:5m5m5m", {"type": "peng", "cards": ["5m"] * 3}),
    ("peng:5m", {"type": "peng", "cards": ["5m"] * 3}),
    ("碰：五万", {"type": "peng", "cards": ["5m"] * 3}),
    ("杠5m", {"type": "gang", "cards": ["5m"] * 4}),
    ("明杠5m", {"type": "gang", "cards": ["5m"] * 4}),
    ("补杠5m", {"type": "gang", "cards": ["5m"] * 4}),
    ("暗杠7p", {"type": "angang", "cards": ["7p"] * 4}),  # the longer word wins over 杠
    ("angang:7p7p7p7p", {"type": "angang", "cards": ["7p"] * 4}),
    ("吃345s", {"type": "chi", "cards": ["3s", "4s", "5s"]}),
    ("吃三四五条", {"type": "chi", "cards": ["3s", "4s", "5s"]}),
    ("碰东", {"type": "peng", "cards": ["1z"] * 3}),
])
def test_each_mahjong_meld(token: str, meld: dict[str, Any]) -> None:
    assert build_input("tuidaohu", "11m", "1m", melds=token)["melds"] == [meld]


@pytest.mark.parametrize("token", ["偎5m", "5m5m5m", "碰", "跑九"])
def test_unreadable_mahjong_meld(token: str) -> None:
    with pytest.raises(CalcFormError, match="看不懂的门子") as e:
        build_input("hongzhong", "11m", "1m", melds=token)
    assert "碰5m" in str(e.value) and "暗杠7p" in str(e.value)


def test_bad_tile_inside_a_meld_names_the_meld() -> None:
    with pytest.raises(CalcFormError, match="门子「碰5x」"):
        build_input("hongzhong", "11m", "1m", melds="碰5x")


# -- sources and flags ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("source", "win_from", "after_kong"), [
    ("self_draw", "self_draw", False), ("自摸", "self_draw", False), ("杠开", "self_draw", True),
    ("杠上花", "self_draw", True), ("点炮", "discard", False), ("接炮", "discard", False), ("放炮", "discard", False),
    ("杠上炮", "discard", True), ("抢杠", "robbing_kong", False), ("抢杠胡", "robbing_kong", False),
    ("robbing_kong", "robbing_kong", False), ("天胡", "deal", False),
])
def test_sources(source: str, win_from: str, after_kong: bool) -> None:
    data = build_input("tuidaohu", HZ_NONE, "4p", source)
    assert data["win_from"] == win_from
    assert data["context"] == ({"after_kong": True} if after_kong else {})


@pytest.mark.parametrize("word", ["杠上", "杠后", "杠开", "杠上花", "杠上炮"])
def test_after_kong_flag_words(word: str) -> None:
    assert build_input("tuidaohu", HZ_NONE, "4p", "discard", flags=f"{word} 庄家")["context"] == {
        "after_kong": True, "dealer": True}


def test_unknown_source_lists_the_words() -> None:
    with pytest.raises(CalcFormError, match="来源必须是") as e:
        build_input("tuidaohu", HZ_NONE, "4p", "海底捞月")
    assert "杠上炮" in str(e.value) and "抢杠" in str(e.value)


# -- options by their Chinese names -----------------------------------------------------------------------------------
def test_hongzhong_options_by_chinese_name() -> None:
    data = build_input("hongzhong", HZ_NONE, "4p", options="红中数=8 鸟牌张数=4 扎鸟=一码全中 门门清=开 门门清分=2 "
                                                          "抢杠胡=开 局数=4")
    assert data["options"] == {"hongzhong_count": "8", "birds": "4", "bird_mode": "yima", "menmenqing": True,
                               "menmenqing_points": "2", "qianggang": True, "hands": "4"}
    assert hongzhong.parse_options(data) == {"hongzhong_count": 8, "birds": 4, "bird_mode": "yima",
                                             "menmenqing": True, "menmenqing_points": 2, "qianggang": True,
                                             "hands": 4}


def test_tuidaohu_options_by_chinese_name_and_raw_keys_unchanged() -> None:
    data = build_input("tuidaohu", HZ_NONE, "4p", options="加锤=关 底分=2")
    assert data["options"] == {"jiachui": False, "difen": "2"}
    assert build_input("tuidaohu", HZ_NONE, "4p", options="jiachui=false difen=5")["options"] == {
        "jiachui": "false", "difen": "5"}
    # an unknown key is the calculator's to name
    assert build_input("tuidaohu", HZ_NONE, "4p", options="番=2")["options"] == {"番": "2"}
    with pytest.raises(CalcFormError, match="没有选项 「番」"):
        calculate(build_input("tuidaohu", HZ_NONE, "4p", options="番=2"))


def test_option_name_given_twice_or_ambiguous() -> None:
    with pytest.raises(CalcFormError, match="写了两次"):
        build_input("tuidaohu", HZ_NONE, "4p", options="加锤=开 jiachui=关")
    with pytest.raises(CalcFormError, match="「门门清」、「门门清分」|可以指"):
        build_input("hongzhong", HZ_NONE, "4p", options="门门=开")


def test_a_wrong_option_value_is_answered_in_chinese() -> None:
    with pytest.raises(CalcFormError) as e:
        calculate(build_input("hongzhong", HZ_NONE, "4p", options="红中数=6"))
    assert "红中数" in str(e.value) and "4、8" in str(e.value) and BAD_INPUT not in str(e.value)


# -- every mahjong calculator message in Chinese ----------------------------------------------------------------------
def doc(variant: str, hand: Any, win: Any = "4p", win_from: str = "self_draw", **extra: Any) -> dict[str, Any]:
    return {"variant": variant, "hand": hand, "win_card": win, "win_from": win_from, **extra}


INVALID = [
    doc("hongzhong", [5] * 13),
    doc("tuidaohu", [5] * 13),
    doc("hongzhong", HZ_NONE, "0m"),
    doc("tuidaohu", HZ_NONE, "0m"),
    doc("hongzhong", HZ_NONE, "1z"),
    doc("hongzhong", "123m45x"),
    doc("tuidaohu", "123m45x"),
    doc("hongzhong", 5),
    doc("tuidaohu", 5),
    doc("hongzhong", HZ_NONE, melds=[{"type": "chi", "cards": ["1s", "2s", "3s"]}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "peng", "cards": ["1s"] * 3, "card": "1s"}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "peng", "cards": ["1s"] * 3, "card": "1s"}]),
    doc("tuidaohu", HZ_NONE, melds=[5]),
    doc("hongzhong", HZ_NONE, melds=[5]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "peng", "tiles": []}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "peng", "tiles": []}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "wei", "card": "1s"}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "wei", "card": "1s"}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "chi", "card": "1s"}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "chi", "cards": ["1z", "2z", "3z"]}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "peng", "cards": ["1s", "1s"]}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "peng", "cards": ["1s", "1s"]}]),
    doc("tuidaohu", HZ_NONE, melds=[{"type": "peng", "cards": ["1s", "1s", "2s"]}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "peng", "cards": ["1s", "1s", "2s"]}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "gang", "card": "7z"}]),
    doc("hongzhong", HZ_NONE, melds=[{"type": "peng", "card": "9s"}] * 5),
    doc("hongzhong", "123m"),
    doc("tuidaohu", "123m"),
    doc("hongzhong", "1111m23456789p1s", "1m"),
    doc("tuidaohu", "1111m23456789p1s", "1m"),
    doc("hongzhong", "77777z23456789p", "1m"),
    doc("hongzhong", HZ_NONE[:-2] + "7z", "7z", "robbing_kong", options={"qianggang": True}),
    doc("hongzhong", HZ_NONE, "3p", "robbing_kong", options={"qianggang": True}),
    doc("tuidaohu", HZ_NONE, "3p", "robbing_kong"),
    doc("hongzhong", HZ_NONE, win_from="other_draw"),
    doc("tuidaohu", HZ_NONE, win_from="other_draw"),
    doc("tuidaohu", HZ_NONE, context={"gangkai": True}),
    doc("hongzhong", HZ_NONE, context={"after_kong": 1}),
    doc("hongzhong", HZ_NONE, None),
    doc("tuidaohu", HZ_NONE, options=[]),
    doc("hongzhong", HZ_NONE, options=[]),
    doc("tuidaohu", HZ_NONE, melds={}),
    doc("hongzhong", HZ_NONE, melds={}),
]


def engine_message(data: dict[str, Any]) -> str:
    module = hongzhong if data["variant"] == "hongzhong" else tuidaohu
    with pytest.raises(InvalidInput) as e:
        module.score(data)
    return str(e.value)


# The JSON words a player may have to type (field names, meld types, booleans) and what he typed, in 「」.
JSON_WORDS = re.compile(r"「[^」]*」|\b(type|cards|card|chi|peng|gang|angang|true|false)\b")


def english(text: str) -> bool:
    return re.search(r"[A-Za-z]{2,}", JSON_WORDS.sub("", text)) is not None


@pytest.mark.parametrize("data", INVALID)
def test_every_invalid_input_message_is_chinese(data: dict[str, Any]) -> None:
    said = calculator_error(engine_message(data))
    assert said != BAD_INPUT, engine_message(data)
    assert not english(said), said
    with pytest.raises(CalcFormError) as e:
        calculate(data)
    assert str(e.value) == said


@pytest.mark.parametrize(("data", "words"), [
    (INVALID[4], "红中麻将没有「东」"),
    (INVALID[9], "红中麻将不能吃牌"),
    (INVALID[24], "红中不能碰，也不能杠"),
    (INVALID[26], "共 4 张，有 0 个门子时应是 14 张"),
    (INVALID[27], "共 4 张，有 0 个门子时应是 14 张"),
    (INVALID[28], "「一万」有 5 张"),
    (INVALID[29], "「一万」有 5 张"),
    (INVALID[30], "红中有 5 张：这副牌只有 4 张红中"),
    (INVALID[32], "抢杠胡：被抢的人手里有另外三张"),
    (INVALID[33], "抢杠胡：被抢的人手里有另外三张"),
    (INVALID[34], "红中麻将的来源必须是"),
    (INVALID[35], "推倒胡的来源必须是"),
    (INVALID[19], "同一花色的连张"),
])
def test_the_chinese_says_what_is_wrong(data: dict[str, Any], words: str) -> None:
    assert words in calculator_error(engine_message(data))


REFUSED = [
    doc("hongzhong", "123m456p789s11m2p7z", "7z", "discard"),
    doc("hongzhong", HZ_NONE, "1p", "robbing_kong"),
    doc("hongzhong", HZ_NONE, None, "deal"),
    doc("hongzhong", HZ_NONE, "9s"),
    doc("tuidaohu", HZ_NONE, "4p", "discard"),
    doc("tuidaohu", HZ_NONE, "9s"),
]


@pytest.mark.parametrize("data", REFUSED)
def test_every_refusal_reason_is_chinese(data: dict[str, Any]) -> None:
    result = calculate(data)
    assert result["win"] is False
    said = refusal_reason(result["reason"])
    assert said != "这手牌不能胡。" and not re.search(r"[A-Za-z]", said), (result["reason"], said)
    assert describe_result(result, data) == f"不能胡：{said}"


def test_refusal_words() -> None:
    said = [refusal_reason(calculate(d)["reason"]) for d in REFUSED]
    assert said[0] == "打出的红中不能胡。"
    assert "抢杠胡=开" in said[1]
    assert "只有庄家" in said[2]
    assert "七对" in said[3]
    assert "必须自摸" in said[4]


# -- the answer -----------------------------------------------------------------------------------------------------
def test_hongzhong_answer_in_words() -> None:
    data = build_input("hongzhong", "123m456s1p", "1p", "接炮", melds="杠5m 暗杠7p")
    assert describe_result(calculate(data), data).split("\n") == [
        "**能胡**", "番种：无（小胡）", "得分：4（接炮：放炮的人付这一份；未计扎鸟和杠钱）"]
    data = build_input("hongzhong", "135m79m2468p7777z", "1s")
    assert describe_result(calculate(data), data).split("\n") == [
        "**能胡**", "番种：四红中", "得分：2（自摸：其他三家各付这一份；未计扎鸟和杠钱）"]
    data = build_input("hongzhong", HZ_NONE, "1p", "抢杠", options="抢杠胡=开")
    assert describe_result(calculate(data), data).split("\n")[2] == (
        "得分：3（抢杠胡按自摸算：被抢杠的人包三家，付三份；未计扎鸟和杠钱）")


def test_tuidaohu_answer_in_words() -> None:
    data = build_input("tuidaohu", "111m222p333s55z77z", "7z", "杠上炮")
    assert describe_result(calculate(data), data).split("\n") == [
        "**能胡**", "番种：碰碰胡、门前清", "倍数：16 倍",
        "得分：8（杠上炮：放炮的人付这一份，是自摸的一半；未计加锤和杠钱，底分 1）"]
    data = build_input("tuidaohu", "19m19p19s1234567z", "1m", "杠开")
    assert describe_result(calculate(data), data).split("\n")[1:] == [
        "番种：十三幺", "倍数：24 倍", "得分：24（自摸：其他三家各付这一份；未计加锤和杠钱，底分 1）"]


def test_zipai_answers_are_unchanged_with_the_input() -> None:
    data = build_input("paohuzi", "二贰柒柒捌玖拾", win="二", source="other_draw", melds="偎壹 提肆 跑三 跑九")
    text = describe_result(calculate(data), data)
    assert "胡息：36" in text and "番种" not in text and "倍数" not in text



def test_messages_fit_the_variant() -> None:
    hz_source = calculator_error(engine_message(doc("hongzhong", HZ_NONE, win_from="other_draw")))
    tdh_source = calculator_error(engine_message(doc("tuidaohu", HZ_NONE, win_from="other_draw")))
    assert "四红中" in hz_source and "杠上炮" not in hz_source
    assert "杠上炮" in tdh_source and "四红中" not in tdh_source
    eight = doc("hongzhong", "777777777z2345p", "1m", options={"hongzhong_count": 8})
    assert calculator_error(engine_message(eight)) == "红中有 9 张：这副牌只有 8 张红中。"
    assert "红中数=8" in calculator_error(engine_message(INVALID[30]))
    assert "碰5m" in calculator_error(engine_message(INVALID[13]))


@pytest.mark.parametrize(("variant", "text", "expected"), [
    ("hongzhong", "红中数=八红中 鸟牌张数=6 扎鸟=胡几奖几 门门清=开 门门清分=3 抢杠胡=开 局数=16",
     {"hongzhong_count": 8, "birds": 6, "bird_mode": "hujijiangji", "menmenqing": True, "menmenqing_points": 3,
      "qianggang": True, "hands": 16}),
    ("hongzhong", "红中=8 扎鸟=一码", {"hongzhong_count": 8, "bird_mode": "yima"}),  # the one label containing it
    ("tuidaohu", "加锤=关 底分=5分 局数=4局", {"jiachui": False, "difen": 5, "hands": 4}),
])
def test_table_create_reads_the_mahjong_options_by_chinese_name(variant: str, text: str,
                                                              expected: dict[str, Any]) -> None:
    from bot.options_text import parse_options_text
    from engine.registry import get_variant

    v = get_variant(variant)
    assert v.validate(parse_options_text(text, v)) == {**v.validate({}), **expected}


def test_table_create_names_an_ambiguous_mahjong_option() -> None:
    from bot.options_text import parse_options_text
    from engine.core import OptionError
    from engine.registry import get_variant

    with pytest.raises(OptionError, match="「鸟牌张数」、「扎鸟」"):
        parse_options_text("鸟=4", get_variant("hongzhong"))


async def test_the_calc_command_answers_a_mahjong_hand_in_words(env: Env) -> None:
    p = await env.cmd(env.alice, "calc", variant="tuidaohu", hand="111m222p333s55z77z", win="7z", source="discard",
                      flags="杠上")
    assert p.ephemeral  # the asker's own answer unless he shares it
    assert "推倒胡" in p.text() and "番种：碰碰胡、门前清" in p.text() and "倍数：16 倍" in p.text()
    assert "得分：8（杠上炮" in p.text(), p.text()
    p = await env.cmd(env.alice, "calc", variant="hongzhong", hand="123m456p789s2p", win="2p", melds="吃123s")
    assert p.ephemeral and "红中麻将不能吃牌" in p.text(), p.text()


# -- four 红中 dealt to a non-dealer (issue 17 item 1) -----------------------------------------------------------
FOUR_DEALT = "135m79m2468p7777z"  # a non-dealer's 13 dealt tiles: no shape, four 红中


def test_a_non_dealers_thirteen_dealt_tiles_with_four_hongzhong_win() -> None:
    """hongzhong.md §2/§4, ruling 17: typed as a player types it (起手, no winning tile, no 庄家), it wins as
    四红中, a 自摸 share of 2 that each of the three others pays."""
    data = build_input("hongzhong", FOUR_DEALT, None, "天胡")
    result = calculate(data)
    assert result == {"win": True, "patterns": ["四红中"], "score": 2}
    said = describe_result(result, data)
    assert "四红中" in said and "得分：2（自摸：其他三家各付这一份" in said
    # the dealer's 14 with four 红中 give the same
    assert calculate(build_input("hongzhong", FOUR_DEALT + "1s", None, "天胡", flags="庄家")) == result
    # the 8-红中 game: no win, said why
    eight = calculate(build_input("hongzhong", FOUR_DEALT, None, "天胡", options="红中数=8"))
    assert eight["win"] is False and refusal_reason(eight["reason"]) == "八红中玩法里四个红中不算胡：闲家起手 13 张不能胡。"


@pytest.mark.parametrize(("hand", "win", "flags", "words"), [
    (FOUR_DEALT + "1s", None, None, "起手手牌 14 张：闲家起手是 13 张"),
    ("135m79m2468p777z", "7z", None, "闲家起手胡（四红中）没有胡的牌"),
    (FOUR_DEALT, None, "庄家", "应是 14 张"),
])
def test_a_dealt_hand_of_the_wrong_size_says_who_is_dealt_what(hand: str, win: str | None, flags: str | None,
                                                               words: str) -> None:
    with pytest.raises(CalcFormError, match=words):
        calculate(build_input("hongzhong", hand, win, "天胡", flags=flags))
