"""The calculator's strict types (README "Types are strict", issue 7): every input field of the wrong JSON type
exits 2 with one line on stderr naming the problem, instead of being read some other way."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.calculator import evaluate, main

# 跑胡子, a plain win: 壹贰叁 6 + 贰柒拾 6 + 一二三 3 = 15 胡息 (tests/test_paohuzi_calc.py NEUTRAL), won on 九.
HAND = list("壹贰叁贰柒拾一二三四五六肆伍陆七八肆伍陆")
BASE: dict[str, Any] = {"variant": "paohuzi", "hand": HAND, "win_card": "九", "win_from": "other_draw",
                        "melds": [], "context": {}, "options": {}}


def run(data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(json.dumps(data, ensure_ascii=False))
    out, err = capsys.readouterr()
    return code, out, err


def test_base_input_wins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(BASE, capsys)
    assert code == 0 and json.loads(out)["win"] is True and json.loads(out)["score"] == 1


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("context flag as a string", {"context": {"dealer": "false"}}, "'dealer'"),
    ("context flag as a number", {"context": {"last_card": 1}}, "'last_card'"),
    ("unknown context flag", {"context": {"dealr": True}}, "'dealr'"),
    ("int option as a float", {"options": {"chongtun": 2.0}}, "'chongtun'"),
    ("int option as a bool", {"options": {"huangfan": True}}, "'huangfan'"),
    ("int option as a string", {"options": {"chongtun": "2"}}, "'chongtun'"),
    ("bool option as a number (安化)", {"variant": "anhua", "options": {"papo": 1}}, "'papo'"),
    ("bool option as a string (安化)", {"variant": "anhua", "options": {"papo": "false"}}, "'papo'"),
    ("enum option as a number", {"options": {"mingtang": 1}}, "'mingtang'"),
    ("enum option unknown", {"options": {"mingtang": "quanbu"}}, "'mingtang'"),
    ("enum int option as a float (剥皮 players)", {"variant": "bopi", "options": {"players": 3.0}}, "'players'"),
    ("hand element naming three cards", {"hand": ["五五五", *HAND[3:]]}, "'五五五'"),
    ("hand element empty", {"hand": ["", *HAND]}, "''"),
    ("hand element a number", {"hand": [5, *HAND[1:]]}, "5"),
    ("hand neither list nor string", {"hand": 5}, "hand"),
    ("win_card empty", {"win_card": ""}, "win_card"),
    ("win_card two cards", {"win_card": "九九"}, "win_card"),
    ("win_card as a list", {"win_card": ["九"]}, "win_card"),
    ("meld card naming two cards", {"melds": [{"type": "peng", "card": "一一"}]}, "meld peng"),
    ("meld cards element empty", {"melds": [{"type": "peng", "cards": ["一", "", "一", "一"]}]}, "meld peng"),
    ("meld cards element three cards", {"melds": [{"type": "peng", "cards": ["一一一"]}]}, "meld peng"),
    ("meld type not a string", {"melds": [{"type": 3, "cards": "一一一"}]}, "type"),
    ("win_from not a string", {"win_from": ["discard"]}, "win_from"),
    ("variant not a string", {"variant": 1}, "variant"),
]


@pytest.mark.parametrize(("why", "change", "named"), BAD, ids=[b[0] for b in BAD])
def test_wrong_type_exits_2_naming_it(why: str, change: dict[str, Any], named: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run({**BASE, **change}, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("invalid input:") and named in err, err


def test_strings_of_cards_and_the_room_text_forms_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    # A hand or meld given as one string of cards is the documented shorthand.
    code, out, _ = run({**BASE, "hand": "".join(HAND), "melds": [], "context": None, "options": None}, capsys)
    assert code == 0 and json.loads(out)["score"] == 1
    # The bot's /calc form passes options as typed ("chongtun=2" → "2"): evaluate() converts them unless strict.
    data = {**BASE, "options": {"chongtun": "2"}}
    assert evaluate(data)["units"] == 3
    assert evaluate({**BASE, "options": {"chongtun": 2}}, strict=True)["units"] == 3
