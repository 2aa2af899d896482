"""``/calc`` fields as players type them -> the calculator's JSON contract, and its answer -> words."""

from __future__ import annotations

import json

import pytest

from bot.present.calc import FLAG_WORDS, CalcFormError, build_input, describe_result
from engine.calculator import evaluate


def test_json_object_is_used_as_it_is() -> None:
    data = {"hand": ["一", "二", "三"], "win_card": None, "melds": [{"type": "peng", "cards": ["一"]}]}
    assert build_input("paohuzi", json.dumps(data, ensure_ascii=False)) == {"variant": "paohuzi", **data}
    # the other fields are ignored when the hand is JSON: the JSON says everything
    assert build_input("paohuzi", '  {"hand": "一"} ', win="二", melds="碰三", flags="庄") == \
        {"variant": "paohuzi", "hand": "一"}
    # a variant inside the JSON is the JSON's word
    assert build_input("paohuzi", '{"variant": "fangpaofa", "hand": []}')["variant"] == "fangpaofa"


@pytest.mark.parametrize(("hand", "message"), [
    ("", "手牌为空"), ("   ", "手牌为空"),
    ("{not json", "JSON 格式错误"), ('{"hand": [1,}', "JSON 格式错误"),
    ("[1, 2]", "JSON 对象"),
])
def test_bad_hand_text(hand: str, message: str) -> None:
    with pytest.raises(CalcFormError, match=message):
        build_input("paohuzi", hand)


def test_words_become_the_json_contract() -> None:
    data = build_input("paohuzi", "一二三 四五六，七", win="八", source="discard",
                       melds="碰一 偎三 臭偎五 跑九 提四 吃一二三 peng:一一一", flags="庄 海底",
                       options="mingtang=honghei chongtun=2")
    assert data == {
        "variant": "paohuzi",
        "hand": ["一", "二", "三", "四", "五", "六", "七"],
        "melds": [
            {"type": "peng", "cards": ["一"]},
            {"type": "wei", "cards": ["三"]},
            {"type": "chouwei", "cards": ["五"]},
            {"type": "pao", "cards": ["九"]},
            {"type": "ti", "cards": ["四"]},
            {"type": "chi", "cards": ["一", "二", "三"]},
            {"type": "peng", "cards": ["一", "一", "一"]},
        ],
        "win_card": "八",
        "win_from": "discard",
        "context": {"dealer": True, "last_card": True},
        "options": {"mingtang": "honghei", "chongtun": "2"},  # strings: the engine validates and converts
    }


@pytest.mark.parametrize(("token", "meld"), [
    ("碰一", {"type": "peng", "cards": ["一"]}),
    ("偎三", {"type": "wei", "cards": ["三"]}),
    ("臭偎五", {"type": "chouwei", "cards": ["五"]}),  # the longer word wins over 偎
    ("跑九", {"type": "pao", "cards": ["九"]}),
    ("提四", {"type": "ti", "cards": ["四"]}),
    ("吃一二三", {"type": "chi", "cards": ["一", "二", "三"]}),
    ("吃二二贰", {"type": "chi", "cards": ["二", "二", "贰"]}),
    ("peng:一一一", {"type": "peng", "cards": ["一", "一", "一"]}),
    ("碰：壹", {"type": "peng", "cards": ["壹"]}),  # a full-width colon, as a Chinese keyboard types it
    ("wei:三", {"type": "wei", "cards": ["三"]}),
    ("暗杠1m", {"type": "angang", "cards": ["1m"]}),  # mahjong tiles keep their two characters
    ("杠5p5p5p5p", {"type": "gang", "cards": ["5p", "5p", "5p", "5p"]}),
])
def test_each_meld_word(token: str, meld: dict) -> None:
    assert build_input("paohuzi", "一", melds=token)["melds"] == [meld]


def test_meld_separators_and_empty_fields() -> None:
    data = build_input("paohuzi", "一", melds="碰一，偎三、跑九;提四；吃一二三")
    assert [m["type"] for m in data["melds"]] == ["peng", "wei", "pao", "ti", "chi"]
    data = build_input("paohuzi", "一二三")
    assert data["melds"] == [] and data["context"] == {} and data["options"] == {}
    assert data["win_card"] is None and data["win_from"] == "self_draw"
    assert build_input("paohuzi", "一", win=" ")["win_card"] is None
    assert build_input("majiang", "1m2m3m 4p")["hand"] == ["1m", "2m", "3m", "4p"]


@pytest.mark.parametrize("token", ["碰", "花一", "一一一", "吃"])
def test_unreadable_meld(token: str) -> None:
    with pytest.raises(CalcFormError, match="看不懂的门子") as e:
        build_input("paohuzi", "一", melds=token)
    assert token in str(e.value) and "碰一" in str(e.value)  # says what was wrong and how to write it


@pytest.mark.parametrize(("word", "key"), [
    ("庄", "dealer"), ("庄家", "dealer"), ("dealer", "dealer"), ("海底", "last_card"), ("海胡", "last_card"),
    ("首张", "first_discard"), ("未进张", "no_draw_yet"), ("听胡", "no_draw_yet"), ("杠后", "after_kong"),
    ("after_kong", "after_kong"),
])
def test_each_flag_word(word: str, key: str) -> None:
    assert build_input("paohuzi", "一", flags=word)["context"] == {key: True}


def test_unknown_flag_lists_the_chinese_words() -> None:
    with pytest.raises(CalcFormError) as e:
        build_input("paohuzi", "一", flags="庄 大风")
    msg = str(e.value)
    assert "看不懂的情形" in msg and "大风" in msg
    for word in FLAG_WORDS:
        assert (word in msg) == (not word.isascii())


def test_bad_source_and_options() -> None:
    with pytest.raises(CalcFormError, match="来源必须是"):
        build_input("paohuzi", "一", source="robbed")
    with pytest.raises(CalcFormError, match="应写成 键=值"):
        build_input("paohuzi", "一", options="chongtun")
    assert build_input("paohuzi", "一", options="a=1，b=x=y")["options"] == {"a": "1", "b": "x=y"}


def test_words_are_what_the_engine_reads() -> None:
    # single-card melds are expanded by the engine: 碰一 is a 碰 of three 一 (documented 36 胡息 hand)
    data = build_input("paohuzi", "二贰柒柒捌玖拾", win="二", source="other_draw", melds="偎壹 提肆 跑三 跑九")
    result = evaluate(data)
    assert result["win"] and result["huxi"] == 36 and result["score"] == 8


def test_describe_result() -> None:
    assert describe_result({"win": False, "reason": "不够 15 胡息"}) == "不能胡：不够 15 胡息"
    assert describe_result({"win": False}) == "不能胡："
    full = {"win": True, "huxi": 36, "patterns": ["红胡", "点胡"], "fan": 2, "units": 8, "score": 16,
            "arrangement": ["偎壹", "提肆"]}
    assert describe_result(full).split("\n") == [
        "**能胡**", "胡息：36", "名堂：红胡、点胡", "番数：2", "囤/等：8", "得分：16", "组牌：偎壹 提肆"]
    # fields a family does not have (mahjong: no 胡息, no 囤) are left out, not shown empty
    bare = describe_result({"win": True, "patterns": [], "score": 4})
    assert bare.split("\n") == ["**能胡**", "名堂：无", "得分：4"]


def test_room_options_text_forms() -> None:
    from bot.options_text import parse_options_text
    from engine.core import OptionError

    assert parse_options_text(" hands=4，bot.timer=30 ") == {"hands": "4", "bot.timer": "30"}
    assert parse_options_text('{"hands": 4}') == {"hands": 4}
    assert parse_options_text("") == {}
    for bad, words in (("{hands: 4}", "JSON 格式错误"), ("[1]", "选项=值"), ("[]", "选项=值"), ("hands", "选项=值")):
        try:
            parse_options_text(bad)
        except OptionError as e:
            assert words in str(e), (bad, str(e))
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_option_errors_name_the_option_and_its_values() -> None:
    """The engine's own option messages reach the player, worded from their message ids (the option, what it
    takes, what the room options are), not the generic apology; in English too."""
    from bot.i18n import speaking
    from bot.present.calc import BAD_INPUT, calculate

    said = []
    for lang in ("zh-CN", "en"):
        for raw in ({"bogus": 1}, {"chongtun": 9}):
            with speaking(lang), pytest.raises(CalcFormError) as err:
                calculate({"variant": "paohuzi", "hand": ["一"], "options": raw})
            said.append(str(err.value))
    assert said[0].startswith("房间选项：没有选项 「bogus」；可用：") and "chongtun（充囤）" in said[0]
    assert said[1].startswith("房间选项：选项 「chongtun」（充囤）只能取 0、1、2、3、4、5") and BAD_INPUT not in said
    assert said[2].startswith("Room options: no option 「bogus」; available: ")
    assert said[3].startswith("Room options: option 「chongtun」 (") and "takes only 0、1、2、3、4、5" in said[3]
