"""`python -m engine score` for the mahjong variants, through the registry's dispatch (`engine.calculator`):
every number of 红中麻将 §5 and 推倒胡 §5.1/§5.2/§5.5, and bad input as exit 2 with one line.

The scoring functions themselves are tested in tests/mahjong/; here each hand goes in as the JSON a user sends
(a handful as real subprocesses, the rest through ``evaluate(data, strict=True)``, what the command calls)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from engine.calculator import evaluate
from engine.core import InvalidInput


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def doc(variant: str, hand: Any, win: str | None, win_from: str = "self_draw", melds: list[Any] | None = None,
        context: dict[str, bool] | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"variant": variant, "hand": hand, "win_card": win, "win_from": win_from}
    for key, value in (("melds", melds), ("context", context), ("options", options)):
        if value is not None:
            data[key] = value
    return data


def cli(data: dict[str, Any]) -> dict[str, Any]:
    proc = run("score", stdin=json.dumps(data, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert isinstance(out, dict)
    return out


def strict(data: dict[str, Any]) -> dict[str, Any]:
    return evaluate(data, strict=True)


# -- the registry ---------------------------------------------------------------------------------------------------
def test_variants_lists_both_mahjong_variants_with_their_options() -> None:
    proc = run("variants")
    assert proc.returncode == 0, proc.stderr
    listed = {v["id"]: v for v in json.loads(proc.stdout)}
    hz, tdh = listed["hongzhong"], listed["tuidaohu"]
    assert (hz["name"], hz["family"], hz["seats"]) == ("红中麻将", "mahjong", 4)
    assert (tdh["name"], tdh["family"], tdh["seats"]) == ("推倒胡", "mahjong", 4)
    hz_opts = {o["key"]: o for o in hz["options"]}
    # hongzhong.md §6, keys and defaults
    assert {k: o["default"] for k, o in hz_opts.items()} == {
        "hongzhong_count": 4, "birds": 2, "bird_mode": "normal", "menmenqing": False, "menmenqing_points": 1,
        "qianggang": False, "hands": 8}
    assert hz_opts["hongzhong_count"]["values"] == [4, 8]
    assert hz_opts["bird_mode"]["values"] == ["normal", "hujijiangji", "yima"]
    assert hz_opts["qianggang"]["values"] == [False, True]
    # tuidaohu.md §6
    assert {o["key"]: o["default"] for o in tdh["options"]} == {"jiachui": True, "difen": 1, "hands": 8}


# -- 红中麻将 §5 -----------------------------------------------------------------------------------------------------
HZ_WITH = "123m456p789s11m2p7z"  # 13 tiles, a 红中 standing for 3p; win 3p (or anything making 2p·7z a group)
HZ_NONE = "123m456p789s11m23p"  # 13 tiles, no 红中; win 4p (or 1p)
KONGS = [{"type": "gang", "card": "5m"}, {"type": "angang", "cards": ["7p"] * 4}]
HZ_KONGS = "123m456s1p"  # 7 tiles + win 1p = 8, with two kongs = 14


@pytest.mark.parametrize(("hand", "win", "win_from", "melds", "options", "share"), [
    (HZ_WITH, "3p", "self_draw", None, None, 2),  # 自摸 2
    (HZ_WITH, "3p", "discard", None, None, 1),  # 小胡接炮 1 (a hand holding 红中 may win a discard, ruling 13)
    (HZ_NONE, "4p", "self_draw", None, None, 3),  # + 1 no 红中
    (HZ_NONE, "4p", "discard", None, None, 2),
    (HZ_KONGS, "1p", "self_draw", KONGS, None, 5),  # 2 + 2 declared kongs + 1 no 红中
    (HZ_KONGS, "1p", "discard", KONGS, None, 4),
    (HZ_KONGS, "1p", "self_draw", [{"type": "peng", "card": "5m"}, KONGS[1]], None, 4),  # a 碰 is no kong
    # 门门清 (off by default): + menmenqing_points; 暗杠 and 接炮 still count
    (HZ_KONGS, "1p", "discard", [KONGS[1], {"type": "angang", "card": "9s"}], None, 4),
    (HZ_KONGS, "1p", "discard", [KONGS[1], {"type": "angang", "card": "9s"}], {"menmenqing": True}, 5),
    (HZ_KONGS, "1p", "discard", [KONGS[1], {"type": "angang", "card": "9s"}],
     {"menmenqing": True, "menmenqing_points": 3}, 7),
    (HZ_KONGS, "1p", "discard", KONGS, {"menmenqing": True, "menmenqing_points": 3}, 4),  # 明杠 breaks it
    (HZ_WITH, "3p", "self_draw", None, {"menmenqing": True}, 3),
    # 抢杠胡 (option): scored as a 自摸 share (the konger pays three of them)
    (HZ_NONE, "1p", "robbing_kong", None, {"qianggang": True}, 3),  # the robbed tile is the winner's only one
    (HZ_WITH, "3p", "robbing_kong", None, {"qianggang": True}, 2),
])
def test_hongzhong_share(hand: str, win: str, win_from: str, melds: list[Any] | None,
                         options: dict[str, Any] | None, share: int) -> None:
    out = strict(doc("hongzhong", hand, win, win_from, melds, options=options))
    assert out == {"win": True, "patterns": [], "score": share}


FOUR_HZ = "135m79m2468p7777z"  # 13 tiles: no shape but four 红中


def test_hongzhong_four_hongzhong_is_a_zimo_through_the_command() -> None:
    assert cli(doc("hongzhong", FOUR_HZ, "1s")) == {"win": True, "patterns": ["四红中"], "score": 2}
    # dealt: a non-dealer's 13 tiles, the dealer's 14, with no win_card
    assert cli(doc("hongzhong", FOUR_HZ, None, "deal", context={"dealer": False})) == \
        {"win": True, "patterns": ["四红中"], "score": 2}
    assert strict(doc("hongzhong", FOUR_HZ + "1s", None, "deal", context={"dealer": True})) == \
        {"win": True, "patterns": ["四红中"], "score": 2}
    # not in the 8-红中 game, where the same tiles make no hand
    assert strict(doc("hongzhong", FOUR_HZ, "1s", options={"hongzhong_count": 8}))["win"] is False
    # nor on a discard
    assert strict(doc("hongzhong", FOUR_HZ, "1s", "discard"))["win"] is False


def test_hongzhong_refusals_through_the_command() -> None:
    assert cli(doc("hongzhong", HZ_NONE, "1p", "robbing_kong"))["win"] is False  # 抢杠胡 off by default
    assert strict(doc("hongzhong", HZ_WITH, "7z", "discard"))["win"] is False  # a discarded 红中
    out = strict(doc("hongzhong", HZ_NONE, "9s", "self_draw"))
    assert out["win"] is False and out["reason"]


def test_hongzhong_share_through_the_command() -> None:
    assert cli(doc("hongzhong", HZ_KONGS, "1p", "discard", KONGS)) == {"win": True, "patterns": [], "score": 4}


# -- 推倒胡 §5.1 / §5.2 / §5.5 ---------------------------------------------------------------------------------------
CHI = [{"type": "chi", "cards": ["1m", "2m", "3m"]}]
PENG_1Z = [{"type": "peng", "card": "1z"}]


@pytest.mark.parametrize(("hand", "win", "melds", "patterns", "fan"), [
    ("456p789s123s5z", "5z", CHI, ["平胡"], 2),
    ("123m456p789s123s5z", "5z", None, ["平胡", "门前清"], 4),
    ("222p333s55z77z", "7z", [{"type": "peng", "card": "1m"}], ["碰碰胡"], 8),
    ("111m222p333s55z77z", "7z", None, ["碰碰胡", "门前清"], 16),
    ("456m789m111m5m", "5m", CHI, ["清一色"], 8),
    ("123m456m789m111m5m", "5m", None, ["清一色", "门前清"], 16),
    ("1122m3344p5566s7z", "7z", None, ["七小对"], 8),
    ("1111m33p55s77s11z5z", "5z", None, ["龙七对", "门前清"], 16),
    ("222z333z555z7z", "7z", PENG_1Z, ["风一色"], 8),
    ("111z222z333z55z77z", "7z", None, ["风一色", "门前清"], 16),
    ("19m19p19s1234567z", "1m", None, ["十三幺"], 24),
    # 暗杠 keeps 门前清 (§7.6), a 明杠 does not
    ("456p789s123s5z", "5z", [{"type": "angang", "card": "1m"}], ["平胡", "门前清"], 4),
    ("456p789s123s5z", "5z", [{"type": "gang", "card": "1m"}], ["平胡"], 2),
    # several shapes: the highest single multiple, each name listed (清一色 碰碰胡 = 8 open)
    ("222m333m55m77m", "7m", [{"type": "peng", "card": "1m"}], ["碰碰胡", "清一色"], 8),
])
def test_tuidaohu_multiples_on_a_self_draw(hand: str, win: str, melds: list[Any] | None, patterns: list[str],
                                         fan: int) -> None:
    out = strict(doc("tuidaohu", hand, win, melds=melds))
    assert out["win"] is True and sorted(out["patterns"]) == sorted(patterns)
    assert (out["fan"], out["score"]) == (fan, fan)


@pytest.mark.parametrize(("hand", "win", "melds", "fan"), [
    ("456p789s123s5z", "5z", CHI, 2),
    ("123m456p789s123s5z", "5z", None, 4),
    ("111m222p333s55z77z", "7z", None, 16),
    ("19m19p19s1234567z", "1m", None, 24),
])
def test_tuidaohu_win_types(hand: str, win: str, melds: list[Any] | None, fan: int) -> None:
    """§5.2: 杠上炮 half a share, 抢杠 and 杠开 a 自摸 share ("杠开不另外翻倍"), a plain discard no win."""
    pao = strict(doc("tuidaohu", hand, win, "discard", melds, context={"after_kong": True}))
    assert (pao["win"], pao["fan"], pao["score"]) == (True, fan, fan // 2)
    kai = strict(doc("tuidaohu", hand, win, "self_draw", melds, context={"after_kong": True}))
    assert (kai["fan"], kai["score"]) == (fan, fan)
    plain = strict(doc("tuidaohu", hand, win, "discard", melds))
    assert plain["win"] is False and "自摸" in plain["reason"]


@pytest.mark.parametrize(("hand", "win", "patterns", "fan"), [
    ("123m456p789s13s55z", "2s", ["平胡", "门前清"], 4),
    # the robbed 9s is the winner's only one (the konger holds the other three); the pair is 1z
    ("19m19p1s11234567z", "9s", ["十三幺"], 24),
])
def test_tuidaohu_robbing_kong_is_a_self_draw_share(hand: str, win: str, patterns: list[str], fan: int) -> None:
    out = strict(doc("tuidaohu", hand, win, "robbing_kong"))
    assert out == {"win": True, "patterns": patterns, "fan": fan, "score": fan}


def test_tuidaohu_through_the_command() -> None:
    assert cli(doc("tuidaohu", "123m456p789s123s5z", "5z")) == {
        "win": True, "patterns": ["平胡", "门前清"], "fan": 4, "score": 4}
    out = cli(doc("tuidaohu", "111m222p333s55z77z", "7z", "discard", context={"after_kong": True}))
    assert (out["fan"], out["score"]) == (16, 8)


# -- bad input: exit 2, one line naming the problem -----------------------------------------------------------------
BAD = [
    (doc("hongzhong", HZ_NONE, "0m"), "0m"),  # unknown tile
    (doc("tuidaohu", "123m456p789s123s8z", "5z"), "8z"),
    (doc("hongzhong", "1111m23456789p1s", "1m"), "5 copies"),  # five copies
    (doc("tuidaohu", "1111m23456789p1s", "1m"), "5 copies"),
    (doc("hongzhong", "123m456p789s2p", "2p", melds=[{"type": "peng", "card": "7z"}]), "红中"),  # 红中 meld
    (doc("hongzhong", "123m456p789s2p", "2p", melds=[{"type": "chi", "cards": ["1s", "2s", "3s"]}]), "吃"),
    (doc("hongzhong", "123m456p789s11m2p", "4p"), "14 needed"),  # wrong tile count
    (doc("tuidaohu", "123m456p789s123s", "5z"), "14 tiles"),
    (doc("hongzhong", HZ_NONE, "4p", options={"birds": True}), "birds"),  # bool for an int option
    (doc("tuidaohu", HZ_NONE, "4p", options={"difen": True}), "difen"),
    (doc("tuidaohu", HZ_NONE, "4p", options={"difen": 2.0}), "difen"),
    (doc("tuidaohu", HZ_NONE, "4p", options={"jiachui": 1}), "jiachui"),
    (doc("hongzhong", "123m456p789s11m2p1z", "3p"), "1z"),  # a 风 tile is not in the 红中麻将 set
]


@pytest.mark.parametrize(("data", "words"), BAD)
def test_bad_input_is_invalid(data: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidInput, match=words):
        strict(data)


@pytest.mark.parametrize(("data", "words"), [BAD[0], BAD[2], BAD[4], BAD[5], BAD[6], BAD[9]])
def test_bad_input_exits_2_with_one_line(data: dict[str, Any], words: str) -> None:
    proc = run("score", stdin=json.dumps(data, ensure_ascii=False))
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("invalid input: ") and words in lines[0]


def test_the_worked_examples_of_the_docs_are_what_the_command_prints() -> None:
    """docs/calculator.md's mahjong examples: each JSON block, then → `its output`."""
    from pathlib import Path

    text = Path(__file__).resolve().parents[1].joinpath("docs", "calculator.md").read_text(encoding="utf-8")
    section = text[text.index("## Mahjong"):]
    examples = re.findall(r"```json\n(.*?)\n```\n→ `(\{.*?\})`", section, re.S)
    assert len(examples) == 2
    for given, printed in examples:
        assert strict(json.loads(given)) == json.loads(printed)


def test_changsha_seed_example_through_the_command() -> None:
    """The seed's worked example: 门清小七对, 基础番数 6 + 6 = 12 (长沙 §5.1), now that 长沙麻将 is registered."""
    doc = {"variant": "changsha", "hand": "1133557799m22p4p", "win_card": "4p", "win_from": "self_draw",
           "options": {"menmenqing": True}}
    out = run("score", stdin=json.dumps(doc))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"win": True, "patterns": ["七对子", "门门清"], "fan": 12, "score": 12}
    bad = run("score", stdin=json.dumps({**doc, "hand": "1133557799m22p4s"}))  # 长沙 has 条: a valid non-win
    assert bad.returncode == 0 and json.loads(bad.stdout)["win"] is False
    refused = run("score", stdin=json.dumps({**doc, "hand": "1133557799m22p1z"}))  # no 字 tiles in 108
    assert refused.returncode == 2 and refused.stderr.startswith("invalid input:")
