"""Second review of the 跑胡子 calculator: cases the first suite does not cover, against
``/work/shared/rules/paohuzi.md`` and the README "Engine contract conventions".

Every expected number is worked out by hand from the spec (arithmetic in the comments). ``R``/``S``/``B`` =
red / small / big cards over hand + melds + winning card; ``x`` = 胡息; 囤 = 1 + (x − 15) // 3 (§5.2);
units = (囤 + 自摸 + 充囤) × 黄番 (§5.6); score = units × Σ番.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.calculator import InvalidHand, evaluate
from tests.calc_helpers import check_win, score

SPEC_NAMES = {"天胡", "地胡", "海胡", "听胡", "红胡", "乌胡", "点胡", "大胡", "小胡", "对子胡", "大团圆", "行行息",
              "假行行", "四七红", "耍猴", "黄番", "自摸", "红乌"}


def calc(hand: str | list[str], win: str | None, win_from: str = "other_draw",
         melds: tuple[tuple[str, str], ...] = (), context: dict[str, bool] | None = None,
         **options: Any) -> dict[str, Any]:
    return score("paohuzi", hand, win, win_from, melds, context, options or None)


def check(out: dict[str, Any], huxi: int, patterns: set[str], fan: int, units: int, score: int) -> None:
    check_win(out, {"huxi": huxi, "patterns": patterns, "fan": fan, "units": units, "score": score}, SPEC_NAMES)


def no_win(out: dict[str, Any]) -> None:
    assert out["win"] is False and isinstance(out.get("reason"), str) and out["reason"], out


# RED13: a dealer's dealt hand, all in hand, with 13 red cards; the 亮张 五 completes 三四五.
#   坎七 3 + 坎柒 6 + 坎拾 6 + 绞二二贰 0 + 八九十 0 + 三四+五 0 + 肆伍陆 0 = 15 x → 1 囤.
#   R = 七3 + 柒3 + 拾3 + 二2 + 贰1 + 十1 = 13;  B = 柒3 拾3 贰1 肆伍陆3 = 10, S 11; with 息 3 of 7.
RED13 = "七七七柒柒柒拾拾拾二二贰八九十三四肆伍陆"


def test_tianhu_honghu_13_red_zimo_chongtun_huangfan_in_each_mode() -> None:
    # 全名堂: 天胡 6 + 听胡 6 (§7 2) + 红胡 3 + (13 − 10) = 6 → 18 番 (13+ red keeps adding, §7 5);
    # units (1 + 自摸 1 (天胡 算自摸) + 充囤 2) × 2 (黄番) = 8 → 144.
    opts: dict[str, Any] = {"chongtun": 2, "huangfan": 1}
    check(calc(RED13, "五", "deal", context={"dealer": True}, **opts), 15, {"天胡", "听胡", "红胡", "自摸", "黄番"},
          18, 8, 144)
    # 多红多番: 天胡 4 + 听胡 4 + 红胡 2 + 3 = 5 → 13; no 自摸 囤 (§7 10): (1 + 2) × 2 = 6 → 78.
    check(calc(RED13, "五", "deal", context={"dealer": True}, mingtang="duohong", **opts), 15,
          {"天胡", "听胡", "红胡", "黄番"}, 13, 6, 78)
    # 红黑点: only 红乌 4 (R ≥ 13, not 红胡); neither 自摸 nor 黄番: 1 + 2 = 3 → 12.
    check(calc(RED13, "五", "deal", context={"dealer": True}, mingtang="honghei", **opts), 15, {"红乌"}, 4, 3, 12)


def test_tianhu_with_null_win_card_is_the_same_hand() -> None:
    # win_card null with 'deal': the dealer's 21 dealt cards (亮张 included in hand) → same as above without
    # options: 18 番 × (1 + 1) = 36.
    check(calc(RED13 + "五", None, "deal", context={"dealer": True}), 15, {"天胡", "听胡", "红胡", "自摸"}, 18, 2, 36)
    check(calc(RED13, "五", "deal", context={"dealer": True}), 15, {"天胡", "听胡", "红胡", "自摸"}, 18, 2, 36)
    # A non-dealer has nothing to win with a null card.
    no_win(calc(RED13 + "五", None, "deal"))


# SIXKAN: six dealt 坎 + 九九 — the 亮张 九 is 碰-ed by a non-dealer (地胡) but must be 偎-ed by the dealer (rule 1).
SIXKAN = "壹壹壹十十十肆肆肆五五五六六六八八八九九"


def test_dihu_peng_vs_tianhu_wei_on_the_same_cards() -> None:
    # 地胡: 坎壹 6 + 坎十 3 + 坎肆 6 + 坎五 3 + 坎六 3 + 坎八 3 + 碰九 1 = 25 x → 1 + 10 // 3 = 4 囤.
    # R 3 (十), S 15, B 6; all 7 门子 same-card and with 息, no 将 → 对子胡 8 + 行行息 8; 地胡 6 + 听胡 6 → 28 → 112.
    check(calc(SIXKAN, "九", "deal"), 25, {"地胡", "听胡", "对子胡", "行行息"}, 28, 4, 112)
    # 天胡: the dealer's own 亮张 on his pair must be 偎 (3): 27 x → 1 + 12 // 3 = 5 (+ 自摸 1) = 6; 28 番 → 168.
    check(calc(SIXKAN, "九", "deal", context={"dealer": True}), 27, {"天胡", "听胡", "对子胡", "行行息", "自摸"},
          28, 6, 168)


SHUAHOU_MELDS = (("ti", "壹壹壹壹"), ("wei", "叁叁叁"), ("peng", "肆肆肆"), ("peng", "五五五"),
                 ("chouwei", "六六六"), ("pao", "八八八八"))


def test_shuahou_with_duizihu_jiahanghang_and_wuhu() -> None:
    # 提壹 12 + 偎叁 6 + 碰肆 3 + 碰五 1 + 臭偎六 3 + 跑八 6 + 将 九九 (hand 九 + win 九) = 31 x → 1 + 16 // 3 = 6.
    # R 0, S 五3 六3 八4 九2 = 12, B 10. 乌胡 8 + 对子胡 8 + 假行行 4 (6 with 息 + 将) + 耍猴 8 = 28 → 168.
    check(calc("九", "九", melds=SHUAHOU_MELDS), 31, {"乌胡", "对子胡", "假行行", "耍猴"}, 28, 6, 168)
    # 自摸 (a single 九 is not a pair, so the own draw stays the 将): 7 囤 → 196.
    check(calc("九", "九", "self_draw", melds=SHUAHOU_MELDS), 31, {"乌胡", "对子胡", "假行行", "耍猴", "自摸"},
          28, 7, 196)


def test_santuan_three_datuanyuan_is_24() -> None:
    # 提壹 12 + 跑一 6 + 提肆 12 + 跑四 6 + 提柒 12 + 跑七 6 + 将 三三 = 54 x → 1 + 39 // 3 = 14 囤 (26 cards).
    # R 8 (柒 七), S 14, B 12. 大团圆 ×3 = 24 + 对子胡 8 + 假行行 4 + 耍猴 8 = 44 → 616.
    melds = (("ti", "壹壹壹壹"), ("pao", "一一一一"), ("ti", "肆肆肆肆"), ("pao", "四四四四"),
             ("ti", "柒柒柒柒"), ("pao", "七七七七"))
    check(calc("三", "三", melds=melds), 54, {"大团圆", "对子胡", "假行行", "耍猴"}, 44, 14, 616)


def test_datuanyuan_completed_by_the_winning_card() -> None:
    # 提壹 + 坎一 + 四五六 肆伍陆 七八九 柒捌玖 将三三; R 2 (七 柒), S 12, B 10, with 息 2 of 7.
    hand = "一一一四五六肆伍陆七八九柒捌玖三三"
    melds = (("ti", "壹壹壹壹"),)
    # Another's draw 一 → 跑一 6 (the loose 一 has no partner): 12 + 6 = 18 → 2 囤; 大团圆 8 → 16.
    check(calc(hand, "一", melds=melds), 18, {"大团圆"}, 8, 2, 16)
    # Own draw onto the 坎 → 提 is forced (9): 21 → 3 + 自摸 1 = 4 → 32.
    check(calc(hand, "一", "self_draw", melds=melds), 21, {"大团圆", "自摸"}, 8, 4, 32)
    # A discard is never won in 跑胡子.
    no_win(calc(hand, "一", "discard", melds=melds))


# RDZ: 对子胡 with 18 red cards: 坎二 3 + 坎七 3 + 坎十 3 + 坎贰 6 + 碰柒 3 + 偎拾 6 + 碰九 (hand 九九 + win) 1
#      = 25 x → 4 囤. R 18, S 二七十 9 + 九3 = 12, B 9; no 将, all 7 with 息 → 行行息 too.
RDZ = ("二二二七七七十十十贰贰贰九九", (("peng", "柒柒柒"), ("wei", "拾拾拾")))


def test_red_duizihu_in_each_mode() -> None:
    # 全名堂: 红胡 3 + 8 = 11 + 对子胡 8 + 行行息 8 = 27 → 4 × 27 = 108.
    check(calc(RDZ[0], "九", melds=RDZ[1]), 25, {"红胡", "对子胡", "行行息"}, 27, 4, 108)
    # 红黑点: 红乌 4 + 对子胡 4 = 8 → 32.
    check(calc(RDZ[0], "九", melds=RDZ[1], mingtang="honghei"), 25, {"红乌", "对子胡"}, 8, 4, 32)
    # 多红多番: 红胡 2 + 8 = 10 + 对子胡 6 = 16 → 64.
    check(calc(RDZ[0], "九", melds=RDZ[1], mingtang="duohong"), 25, {"红胡", "对子胡"}, 16, 4, 64)


def test_duohong_huangfan_after_several_draws_with_chongtun() -> None:
    # RDZ in 多红多番 after 3 黄庄 (×2 once, §7 12), 充囤 5, no 自摸 囤 (§7 10), 番 16.
    # Own draw 九 on the pair 九九 must 偎 (3): 27 x → 1 + 12 // 3 = 5 囤 → (5 + 5) × 2 = 20 → 320.
    # Another's draw → 碰 九 (1): 25 x → 4 囤 → (4 + 5) × 2 = 18 → 288.
    check(calc(RDZ[0], "九", "self_draw", melds=RDZ[1], mingtang="duohong", chongtun=5, huangfan=3), 27,
          {"红胡", "对子胡", "黄番"}, 16, 20, 320)
    check(calc(RDZ[0], "九", melds=RDZ[1], mingtang="duohong", chongtun=5, huangfan=3), 25,
          {"红胡", "对子胡", "黄番"}, 16, 18, 288)


# ------------------------------------------------------------------------------------------ input forms
# NEUTRAL (15 x, no 名堂): 壹贰叁 6 + 贰柒拾 6 + 一二三 3 + 四五六 + 肆伍陆 + 肆伍陆 + 七八+九.
NEUTRAL = "壹贰叁贰柒拾一二三四五六肆伍陆肆伍陆七八"


@pytest.mark.parametrize("form", ["string", "list", "spaced", "melds_list_cards", "null_context"])
def test_input_forms_give_the_same_result(form: str) -> None:
    # NEUTRAL minus one 肆伍陆, given as a 吃 meld instead: 15 x → 1 囤, 番 1.
    hand = NEUTRAL[:-5] + "七八"
    assert hand == "壹贰叁贰柒拾一二三四五六肆伍陆七八"
    data: dict[str, Any] = {"variant": "paohuzi", "hand": hand, "win_card": "九", "win_from": "other_draw",
                            "melds": [{"type": "chi", "cards": "肆伍陆"}]}
    if form == "list":
        data["hand"] = list(hand)
    elif form == "spaced":
        data["hand"] = " ".join(hand)
    elif form == "melds_list_cards":
        data["melds"] = [{"type": "chi", "cards": ["肆", "伍", "陆"]}]
    elif form == "null_context":
        data["context"] = None
    check(evaluate(data), 15, set(), 1, 1, 1)


def test_omitted_or_null_melds_and_options() -> None:
    check(evaluate({"variant": "paohuzi", "hand": NEUTRAL, "win_card": "九", "win_from": "other_draw"}),
          15, set(), 1, 1, 1)
    check(evaluate({"variant": "paohuzi", "hand": NEUTRAL, "win_card": "九", "win_from": "other_draw",
                    "melds": None, "options": None, "context": {}}), 15, set(), 1, 1, 1)


# ---------------------------------------------------------------------------------------------- rejections
def _base() -> dict[str, Any]:
    return {"variant": "paohuzi", "hand": NEUTRAL, "win_card": "九", "win_from": "other_draw"}


REJECT: list[tuple[str, dict[str, Any]]] = [
    ("robbing_kong is mahjong only", {"win_from": "robbing_kong"}),
    ("unknown meld type", {"hand": NEUTRAL[:-5] + "七八", "melds": [{"type": "gang", "cards": "肆伍陆"}]}),
    ("chi of mixed case", {"hand": NEUTRAL[:-5] + "七八", "melds": [{"type": "chi", "cards": "肆五陆"}]}),
    ("chi of three identical", {"hand": NEUTRAL[:-5] + "七八", "melds": [{"type": "chi", "cards": "肆肆肆"}]}),
    ("ti of three cards", {"melds": [{"type": "ti", "cards": "十十十"}]}),
    ("four identical in hand", {"hand": NEUTRAL + "十十十十"}),
    ("five copies with the win card", {"hand": NEUTRAL, "melds": [{"type": "ti", "cards": "九九九九"}]}),
    ("pair in hand + wei meld", {"hand": NEUTRAL + "十十", "melds": [{"type": "wei", "cards": "十十十"}]}),
    ("win_card null without deal", {"win_card": None}),
    ("two win cards", {"win_card": "九八"}),
    ("huangfan out of range", {"options": {"huangfan": -1}}),
    ("mahjong tile", {"hand": NEUTRAL[:-1] + "5m"}),
]


@pytest.mark.parametrize(("label", "change"), REJECT, ids=[r[0] for r in REJECT])
def test_invalid_input_is_rejected(label: str, change: dict[str, Any]) -> None:
    with pytest.raises(InvalidHand):
        evaluate(_base() | change)


def test_cli_exit_2_one_stderr_line_for_each_rejection() -> None:
    # One subprocess for all cases would hide which failed; keep it to three representative ones.
    for _, change in (REJECT[0], REJECT[1], REJECT[6]):
        proc = subprocess.run([sys.executable, "-m", "engine", "score"],
                              input=json.dumps(_base() | change, ensure_ascii=False),
                              capture_output=True, text=True, timeout=60, check=False)
        assert proc.returncode == 2, (change, proc.stdout)
        assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_output_keys() -> None:
    out = calc(NEUTRAL, "九")
    assert {"win", "huxi", "patterns", "fan", "units", "score"} <= set(out)
    assert out["patterns"] == [] and out["fan"] == 1 and out["score"] == out["units"] * out["fan"]
