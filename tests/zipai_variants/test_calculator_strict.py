"""The calculator's strict types (README "Types are strict", issue 7): every input field of the wrong JSON type
exits 2 with one line on stderr naming the problem, instead of being read some other way."""

from __future__ import annotations

import io
import json
import random
import sys
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
    ("int option as a float", {"options": {"chongtun": 2.0}}, "「chongtun」"),
    ("int option as a bool", {"options": {"huangfan": True}}, "「huangfan」"),
    ("int option as a string", {"options": {"chongtun": "2"}}, "「chongtun」"),
    ("bool option as a number (安化)", {"variant": "anhua", "options": {"papo": 1}}, "「papo」"),
    ("bool option as a string (安化)", {"variant": "anhua", "options": {"papo": "false"}}, "「papo」"),
    ("enum option as a number", {"options": {"mingtang": 1}}, "「mingtang」"),
    ("enum option unknown", {"options": {"mingtang": "quanbu"}}, "「mingtang」"),
    ("enum int option as a float (剥皮 players)", {"variant": "bopi", "options": {"players": 3.0}}, "「players」"),
    ("hand element naming three cards", {"hand": ["五五五", *HAND[3:]]}, "「五五五」"),
    ("hand element empty", {"hand": ["", *HAND]}, "「」"),
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
    # values are written as JSON writes them, not as Python reprs (True, None, '九')
    ("context flag null", {"context": {"dealer": None}}, "not null"),
    ("win_from a bool", {"win_from": True}, "win_from true is not"),
    ("hand element a bool", {"hand": [False, *HAND[1:]]}, "not false"),
    ("meld type unknown", {"melds": [{"type": "gang", "cards": "一一一一"}]}, "meld type 「gang」 unknown"),
    ("meld not an object", {"melds": [None]}, "meld null"),
    ("variant unknown", {"variant": "paohuzi "}, "unknown variant 「paohuzi 」"),
    ("hand card unknown", {"hand": "".join(HAND[1:]) + "X"}, "unknown 字牌 card 「X」"),
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


# ------------------------------------------------------------------------------------ pathological input
PATHOLOGICAL: list[tuple[str, str, str]] = [
    ("nested 2000 deep", "[" * 2000 + "]" * 2000, "nested"),
    ("nested deep inside a field", json.dumps({k: v for k, v in BASE.items() if k != "options"})[:-1] + ', "options": ' + "[" * 30 + "]" * 30
     + "}", "nested"),
    ("a 5000-digit integer", '{"variant": "paohuzi", "options": {"chongtun": ' + "9" * 5000 + "}}", "5000 digits"),
    ("a 40-digit integer option", json.dumps({**BASE, "options": {"chongtun": 10**39}}), "40 digits"),
    ("NaN", json.dumps({**BASE, "options": {"chongtun": float("nan")}}), "NaN"),
    ("Infinity", json.dumps({**BASE, "options": {"chongtun": float("inf")}}), "Infinity"),
    ("-Infinity", json.dumps({**BASE, "options": {"chongtun": float("-inf")}}), "-Infinity"),
    ("1e400", json.dumps({**BASE, "options": {}})[:-2] + '"chongtun": 1e400}}', "1e400"),
    ("a list", json.dumps([BASE]), "JSON object"),
    ("a string", '"paohuzi"', "JSON object"),
    ("a number", "3", "JSON object"),
    ("null", "null", "JSON object"),
    ("empty", "", "not JSON"),
    ("a field twice", json.dumps(BASE)[:-1] + ', "win_from": "self_draw"}', "'win_from' given twice"),
    ("unknown field meld", json.dumps({**BASE, "meld": [{"type": "peng", "cards": "一一一"}]}), "'meld'"),
    ("unknown field contxt", json.dumps({**BASE, "contxt": {}}), "'contxt'"),
    ("unknown meld field", json.dumps({**BASE, "hand": HAND[3:], "melds": [{"type": "chi", "cards": HAND[:3],
                                                                             "from": "上家"}]}), "'from'"),
]


@pytest.mark.parametrize(("why", "text", "named"), PATHOLOGICAL, ids=[p[0] for p in PATHOLOGICAL])
def test_pathological_input_exits_2_with_one_line(why: str, text: str, named: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(text)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("invalid input:") and named in err, err


def test_the_documented_fields_are_all_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    # every field of docs/calculator.md "Input" at once, melds in each documented form (and "kind")
    data = {**BASE, "hand": HAND[3:], "melds": [{"type": "chi", "cards": HAND[:3]}], "win_card": "九",
            "context": {"dealer": False, "last_card": False, "first_discard": False, "no_draw_yet": False}}
    code, out, err = run(data, capsys)
    assert code == 0 and json.loads(out)["win"] is True, err
    assert evaluate({**data, "melds": [{"kind": "chi", "cards": "".join(HAND[:3])}]})["win"] is True


def _stdin_bytes(monkeypatch: pytest.MonkeyPatch, raw: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))


def test_bytes_that_are_not_utf8_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _stdin_bytes(monkeypatch, b'{"variant": "\xff\xfe"}')
    assert main() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "UTF-8" in err
    # a byte-order mark is not an error
    _stdin_bytes(monkeypatch, "\ufeff".encode() + json.dumps(BASE).encode())
    assert main() == 0 and json.loads(capsys.readouterr().out)["win"] is True


CARDS = list("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")
OPTIONS = ["chongtun", "mingtang", "huangfan", "banker", "hands", "players", "target", "scoring", "papo", "difen"]


def _junk(r: random.Random, depth: int = 0) -> Any:
    """Any JSON value, leaning towards the shapes the contract uses."""
    k = r.randrange(10 if depth < 3 else 7)
    if k == 0:
        return r.choice([True, False, None])
    if k == 1:
        return r.choice([0, 1, -1, 2, 5, 10**6, 2.0, 0.5, -0.0, 1e300])
    if k == 2:
        return r.choice(CARDS)
    if k == 3:
        return "".join(r.choice([*CARDS, " ", ",", "x", ""]) for _ in range(r.randrange(25)))
    if k == 4:
        return r.choice(["self_draw", "other_draw", "discard", "deal", "peng", "chi", "kan", "quan", "", "paohuzi"])
    if k == 5:
        return [r.choice(CARDS) for _ in range(r.randrange(22))]
    if k == 6:
        return r.choice(["paohuzi", "fangpaofa", "bopi", "anhua", "liuhuqiang", "mahjong"])
    if k == 7:
        return [_junk(r, depth + 1) for _ in range(r.randrange(4))]
    if k == 8:
        return {r.choice(["type", "cards", "card", "dealer", "chongtun", "x"]): _junk(r, depth + 1)
                for _ in range(r.randrange(4))}
    return {"type": r.choice(["peng", "chi", "wei", "ti", "pao", "kan", "chouwei", "gang"]), "cards": _junk(r, depth + 1)}


def _mutated(r: random.Random) -> bytes:
    """BASE with a few fields changed, dropped, laid down or set to junk; sometimes one byte broken."""
    data: dict[str, Any] = json.loads(json.dumps(BASE))
    for _ in range(r.randrange(1, 4)):
        field = r.choice(list(BASE))
        step = r.randrange(6)
        if step == 0:
            data[field] = _junk(r)
        elif step == 1:
            data.pop(field, None)
        elif step == 2:
            data["options"] = {r.choice(OPTIONS): r.choice([_junk(r), 0, 2, 8, 100, True, "quan", "random"])}
        elif step == 3:
            data["context"] = {r.choice(["dealer", "last_card", "first_discard", "no_draw_yet", "after_kong"]):
                               r.random() < 0.5 for _ in range(r.randrange(4))}
        elif step == 4:
            hand = data["hand"] if isinstance(data.get("hand"), list) else []
            n = r.randrange(4)
            data["hand"], laid = hand[n:], hand[:n]
            data["melds"] = [{"type": r.choice(["peng", "wei", "chouwei", "pao", "ti", "kan", "chi"]),
                              "cards": laid or r.choice(CARDS)}]
        else:
            data["variant"] = r.choice(["paohuzi", "fangpaofa", "bopi", "anhua", "liuhuqiang"])
            data["win_from"] = r.choice(["self_draw", "other_draw", "discard", "deal"])
            data["win_card"] = r.choice([*CARDS, None])
    raw = json.dumps(data, ensure_ascii=r.random() < 0.5).encode()
    if r.random() < 0.2:
        i = r.randrange(len(raw))
        raw = raw[:i] + bytes([r.randrange(256)]) + raw[i + 1:]
    return raw


def test_fuzz_never_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Random bytes and random changes of a winning input: exit 0 with one JSON line, or 2 with one line."""
    r = random.Random(7)
    seen = set()
    for i in range(600):
        raw = bytes(r.randrange(256) for _ in range(r.randrange(40))) if i % 5 == 0 else _mutated(r)
        _stdin_bytes(monkeypatch, raw)
        code = main()
        out, err = capsys.readouterr()
        assert code in (0, 2), raw
        if code == 0:
            assert err == "" and isinstance(json.loads(out)["win"], bool), raw
        else:
            assert out == "" and err.count("\n") == 1 and err.startswith("invalid input:"), (raw, err)
            assert "internal error" not in err, (raw, err)
        seen.add((code, json.loads(out)["win"] if code == 0 else None))
    # the fuzz reaches the scoring, not only the parser
    assert seen == {(0, True), (0, False), (2, None)}
