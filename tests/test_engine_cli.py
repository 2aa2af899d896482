"""The engine's command line: `variants`, `selfplay`, and `score` error handling, as real subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def test_variants_lists_paohuzi_with_spec_options() -> None:
    proc = run("variants")
    assert proc.returncode == 0
    variants = {v["id"]: v for v in json.loads(proc.stdout)}
    pao = variants["paohuzi"]
    assert pao["seats"] == 3 and pao["name"] == "跑胡子"
    opts = {o["key"]: o for o in pao["options"]}
    assert opts["mingtang"]["values"] == ["quan", "honghei", "duohong"] and opts["mingtang"]["default"] == "quan"
    assert opts["chongtun"]["values"] == [0, 1, 2, 3, 4, 5] and opts["chongtun"]["default"] == 0
    assert opts["banker"]["values"] == ["owner", "random"] and opts["banker"]["default"] == "owner"
    assert opts["hands"]["default"] == 8 and opts["huangfan"]["default"] == 0


def test_selfplay_prints_one_json_object_and_is_deterministic() -> None:
    a = run("selfplay", "--variant", "paohuzi", "--hands", "30", "--seed", "4")
    b = run("selfplay", "--variant", "paohuzi", "--hands", "30", "--seed", "4")
    assert a.returncode == 0, a.stderr
    out = json.loads(a.stdout)
    assert set(out) >= {"variant", "hands", "wins", "draws", "totals", "hands_per_second"}
    assert out["hands"] == 30 and out["wins"] + out["draws"] == 30
    assert sum(out["totals"]) == 0 and len(out["totals"]) == 3
    assert json.loads(b.stdout)["totals"] == out["totals"]
    # every hand takes decisions (at least the dealer's discard), counted for the actions-per-CPU-second figure
    assert out["actions"] == json.loads(b.stdout)["actions"] >= 30 and out["cpu_seconds"] > 0


def test_selfplay_rejects_a_bad_option_naming_it() -> None:
    proc = run("selfplay", "--variant", "paohuzi", "--hands", "1", "--options", '{"chongtun": 9}')
    assert proc.returncode == 2 and "chongtun" in proc.stderr


def test_score_invalid_inputs_exit_2_with_one_line() -> None:
    cases = {
        "not json": "{",
        "unknown variant": json.dumps({"variant": "nope", "hand": "", "win_card": "一", "win_from": "self_draw"}),
        "unknown card": json.dumps({"variant": "paohuzi", "hand": "一X", "win_card": "一", "win_from": "self_draw"}),
        "unknown option": json.dumps({"variant": "paohuzi", "hand": "一", "win_card": "一", "win_from": "self_draw",
                                      "options": {"bogus": 1}}),
        "missing field": json.dumps({"variant": "paohuzi", "win_card": "一", "win_from": "self_draw"}),
        "five copies": json.dumps({"variant": "paohuzi", "hand": "一一三三", "win_card": "一", "win_from": "self_draw",
                                   "melds": [{"type": "peng", "cards": ["一", "一", "一"]}]}),
    }
    for what, stdin in cases.items():
        proc = run("score", stdin=stdin)
        assert proc.returncode == 2, what
        assert proc.stdout == "", what
        assert len(proc.stderr.strip().splitlines()) == 1, (what, proc.stderr)


def test_score_pathological_inputs_exit_2_with_one_line_and_no_traceback() -> None:
    # issue 7: the reviewer's commands printed a RecursionError / ValueError traceback and exited 1
    cases = {
        "2000 brackets": "[" * 2000 + "]" * 2000,
        "5000-digit integer": '{"variant": "paohuzi", "hand": ' + "9" * 5000 + "}",
        "NaN": '{"variant": "paohuzi", "hand": "一", "win_card": "一", "win_from": "self_draw", "options": NaN}',
        "unknown field": json.dumps({"variant": "paohuzi", "hand": "一", "win_card": "一", "win_from": "self_draw",
                                     "contxt": {}}),
    }
    for what, stdin in cases.items():
        proc = run("score", stdin=stdin)
        assert proc.returncode == 2, (what, proc.stderr[-300:])
        assert proc.stdout == "" and "Traceback" not in proc.stderr, what
        assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("invalid input:"), what
    raw = subprocess.run([sys.executable, "-m", "engine", "score"], input=b"\xff\xfe{", capture_output=True,
                         timeout=120)
    assert raw.returncode == 2 and raw.stderr.decode().count("\n") == 1, raw.stderr[-300:]


# A family registered at run time (named nowhere in engine/), its calculator failing in the way given.
_FAILING_FAMILY = """
import sys
from engine.core import InvalidInput
from engine.registration import Variant, register
from engine.__main__ import main

def score(data):
    if data["hand"] == "bad":
        raise InvalidInput("hand: not a stub card")
    return {}["no such key"]

register(Variant(id="stub", name="桩", name_en="Stub", family="stub", seats=2, options=(), new_hand=None,
                 after_hand=None, score=score))
sys.exit(main(["score"]))
"""


def test_score_a_bug_in_a_family_calculator_is_a_traceback_not_invalid_input() -> None:
    def score(hand: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", _FAILING_FAMILY], input=json.dumps({"variant": "stub",
                              "hand": hand}), capture_output=True, text=True, timeout=120)

    bad = score("bad")
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr == "invalid input: hand: not a stub card\n"
    bug = score("一二")
    assert bug.returncode == 1 and bug.stdout == "", bug.stderr[-300:]
    assert "Traceback" in bug.stderr and "KeyError: 'no such key'" in bug.stderr
    assert "invalid input" not in bug.stderr


def test_score_a_bug_inside_the_zipai_calculator_is_a_traceback() -> None:
    # the same hand exits 0 unpatched (a valid 字牌 hand); a fault in the pricing must not pass as bad input
    code = ("import sys, engine.zipai.calc as calc\n"
            "def broken(*args, **kwargs):\n    raise IndexError('pricing bug')\n"
            "calc.price_best = broken\n"
            "from engine.__main__ import main\nsys.exit(main(['score']))\n")
    hand = json.dumps({"variant": "paohuzi", "hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "win_card": "拾",
                       "win_from": "self_draw"})
    assert run("score", stdin=hand).returncode == 0
    proc = subprocess.run([sys.executable, "-c", code], input=hand, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and proc.stdout == "", proc.stderr[-300:]
    assert "IndexError: pricing bug" in proc.stderr and "invalid input" not in proc.stderr
