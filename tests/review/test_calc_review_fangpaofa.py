"""Second review of the 放炮罚 calculator: cases the first suite does not cover, against
``/work/shared/rules/fangpaofa.md`` and the README "Engine contract conventions".

Expected numbers are worked out by hand (§5.3): base = 100 if any "=100" 名堂 (乌胡, 十三红, 卡胡30, 天胡, 地胡;
once however many) else 胡息; fan = 2^k over the 2番 名堂 (自摸, 一点红, 条扁, 海底胡, 红胡, 卡胡20);
score = base × fan, capped at 100 for a discard win. ``R`` = red cards over hand + melds + winning card,
``x`` = raw 胡息 of the arrangement.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.calculator import InvalidHand, evaluate
from tests.calc_helpers import check_win, score

SPEC_NAMES = {"天胡", "地胡", "乌胡", "十三红", "卡胡", "自摸", "一点红", "条扁", "海底胡", "红胡"}


def calc(hand: str | list[str], win: str | None, win_from: str = "other_draw",
         melds: tuple[tuple[str, str], ...] = (), **context: bool) -> dict[str, Any]:
    return score("fangpaofa", hand, win, win_from, melds, context)


def check(out: dict[str, Any], huxi: int, patterns: set[str], fan: int, score: int) -> None:
    check_win(out, {"huxi": huxi, "patterns": patterns, "fan": fan, "score": score}, SPEC_NAMES)
    assert "units" not in out, out  # §5.5: no `units` in 放炮罚


def no_win(out: dict[str, Any]) -> None:
    assert out["win"] is False and isinstance(out.get("reason"), str) and out["reason"], out


# BLACK: 偎捌 6 + 碰玖 3 + 碰四 1 + 碰一 1 on the table, 坎陆 6 + 三四 in hand (the win card 五 completes 三四五):
#        17 x, 0 red, 6 门子 — one more 3-card group (in hand or as a meld) completes the hand.
BLACK_MELDS = (("wei", "捌捌捌"), ("peng", "玖玖玖"), ("peng", "四四四"), ("peng", "一一一"))
BLACK_HAND = "陆陆陆三四"


def test_four_2fan_patterns_multiply() -> None:
    # + 二七十 (3): 20 x → 卡胡 2番; R 3 all in 二七十 → 条扁 2番.
    hand = BLACK_HAND + "二七十"
    # 自摸 + 海底胡 too: 20 × 2^4 = 320 (uncapped: not a discard).
    check(calc(hand, "五", "self_draw", BLACK_MELDS, last_card=True), 20, {"卡胡", "条扁", "自摸", "海底胡"}, 16, 320)
    # Another's last wall card: 海底胡 but no 自摸: 20 × 8 = 160.
    check(calc(hand, "五", "other_draw", BLACK_MELDS, last_card=True), 20, {"卡胡", "条扁", "海底胡"}, 8, 160)
    # A discard is not a wall card: no 海底胡 even with last_card (§5.3 3): 20 × 4 = 80 (under the cap).
    check(calc(hand, "五", "discard", BLACK_MELDS, last_card=True), 20, {"卡胡", "条扁"}, 4, 80)
    # 天胡 (=100) with the 2番 名堂 of the hand, not also 自摸: 100 × 2 × 2 = 400.
    check(calc(hand, "五", "deal", BLACK_MELDS, dealer=True), 20, {"天胡", "卡胡", "条扁"}, 4, 400)
    # A non-dealer may not win the dealer's 亮张 in 放炮罚 (§2/§4: only the dealer's 天胡).
    no_win(calc(hand, "五", "deal", BLACK_MELDS))


@pytest.mark.parametrize(("label", "extra_hand", "extra_melds", "huxi", "patterns", "fan", "score"), [
    # red 坎 柒柒柒 (6): 23 x, R 3 → 条扁: 46.
    ("red kan", "柒柒柒", (), 23, {"条扁"}, 2, 46),
    # red 绞 二二贰 (0): 17 x → 34.
    ("red jiao", "二二贰", (), 17, {"条扁"}, 2, 34),
    # red 碰 拾 (3): 20 x → 卡胡 2番 × 条扁 2番: 80.
    ("red peng", "", (("peng", "拾拾拾"),), 20, {"条扁", "卡胡"}, 4, 80),
    # red 偎 / 臭偎 七 (3): 20 → 80.
    ("red wei", "", (("wei", "七七七"),), 20, {"条扁", "卡胡"}, 4, 80),
    ("red chouwei", "", (("chouwei", "七七七"),), 20, {"条扁", "卡胡"}, 4, 80),
    # red 一句话 贰柒拾 as 吃 (6): 23 → 46.
    ("red chi", "", (("chi", "贰柒拾"),), 23, {"条扁"}, 2, 46),
    # red 绞 as 吃 贰二二 (0): 17 → 34.
    ("red chi jiao", "", (("chi", "二二贰"),), 17, {"条扁"}, 2, 34),
])
def test_tiaobian_three_card_red_groups(label: str, extra_hand: str, extra_melds: tuple[tuple[str, str], ...],
                                        huxi: int, patterns: set[str], fan: int, score: int) -> None:
    check(calc(BLACK_HAND + extra_hand, "五", melds=BLACK_MELDS + extra_melds), huxi, patterns, fan, score)


# BLACK4: 偎捌 6 + 碰玖 3 + 碰四 1 + 坎陆 6 + 三四五 0 = 16 x, with a 将 九九; a 4-card group completes it.
BLACK4_MELDS = BLACK_MELDS[:3]


def test_tiaobian_red_ti_and_pao() -> None:
    # red 提 拾 meld (12): 28 x, R 4 all in it → 条扁: 56.
    check(calc("陆陆陆三四九九", "五", melds=BLACK4_MELDS + (("ti", "拾拾拾拾"),)), 28, {"条扁"}, 2, 56)
    # red 坎 拾 + own draw 拾 → 提 forced (12): 28 → 条扁 × 自摸: 112.
    check(calc("陆陆陆三四五九九拾拾拾", "拾", "self_draw", BLACK4_MELDS), 28, {"条扁", "自摸"}, 4, 112)
    # red 坎 七 + another's draw / a discard 七 → 跑 (6), the only way to place it: 22 → 44.
    check(calc("陆陆陆三四五九九七七七", "七", "other_draw", BLACK4_MELDS), 22, {"条扁"}, 2, 44)
    check(calc("陆陆陆三四五九九七七七", "七", "discard", BLACK4_MELDS), 22, {"条扁"}, 2, 44)



def test_fourth_card_onto_a_red_peng_or_chouwei_meld() -> None:
    # BLACK4 (16 x) + 将九九 + a meld of 七; R 4, all in the 七 group once it has 4 cards → 条扁.
    peng = BLACK4_MELDS + (("peng", "七七七"),)
    # 碰 + a wall card → 跑七 6: 22 x; own draw 自摸 → 22 × 4 = 88; another's draw → 44.
    check(calc("陆陆陆三四五九九", "七", "self_draw", peng), 22, {"条扁", "自摸"}, 4, 88)
    check(calc("陆陆陆三四五九九", "七", "other_draw", peng), 22, {"条扁"}, 2, 44)
    # A discard never joins a 碰 (rule 2) and the loose 七 has no partner → no win.
    no_win(calc("陆陆陆三四五九九", "七", "discard", peng))
    chou = BLACK4_MELDS + (("chouwei", "七七七"),)
    # 臭偎 + own draw → 提 forced (9): 25 x → 25 × 4 = 100;  + another's card → 跑 (6): 22 → 44.
    check(calc("陆陆陆三四五九九", "七", "self_draw", chou), 25, {"条扁", "自摸"}, 4, 100)
    check(calc("陆陆陆三四五九九", "七", "other_draw", chou), 22, {"条扁"}, 2, 44)
    check(calc("陆陆陆三四五九九", "七", "discard", chou), 22, {"条扁"}, 2, 44)

def test_not_tiaobian() -> None:
    # A red 将 alone (二二) is not 条扁 (§7 8): 提壹 12 + 偎捌 6 + 碰玖 3 + 碰四 1 + 坎陆 6 + 三四五 + 将二二 = 28,
    # R 2 → no 名堂: 28.
    check(calc("陆陆陆三四二二", "五", melds=BLACK4_MELDS + (("ti", "壹壹壹壹"),)), 28, set(), 1, 28)
    # Two red groups (坎柒 + 二七十, R 6): 坎陆 6 + 坎柒 6 + 二七十 3 + 偎捌 6 + 碰玖 3 + 碰四 1 + 三四五 = 25 → 25.
    check(calc("陆陆陆三四柒柒柒二七十", "五", melds=BLACK4_MELDS), 25, set(), 1, 25)


def test_kahu_20_beats_a_higher_huxi_arrangement() -> None:
    # Fixed: 提肆 12 + 跑三 6 + 碰一 1 + 碰四 1 = 20. Loose 二(win) 二贰 柒柒 捌玖拾:
    #   A = 绞二二贰 + 捌玖拾 + 将柒柒 → 20 x = 卡胡 2番 → 40;  B = 贰柒拾 6 + 柒捌玖 + 将二二 → 26 x, R 7 → 26.
    melds = (("ti", "肆肆肆肆"), ("pao", "三三三三"), ("peng", "一一一"), ("peng", "四四四"))
    check(calc("二贰柒柒捌玖拾", "二", "other_draw", melds), 20, {"卡胡"}, 2, 40)
    check(calc("二贰柒柒捌玖拾", "二", "discard", melds), 20, {"卡胡"}, 2, 40)
    # 自摸 (a single 二 in hand: no forced 偎): A 20 × 4 = 80 vs B 26 × 2 = 52 → 80.
    check(calc("二贰柒柒捌玖拾", "二", "self_draw", melds), 20, {"卡胡", "自摸"}, 4, 80)


def test_wuhu_with_2fan_patterns_and_the_cap() -> None:
    # BLACK + 坎叁 (6): 23 x, R 0 → 乌胡 = 100.
    hand = BLACK_HAND + "叁叁叁"
    check(calc(hand, "五", "other_draw", BLACK_MELDS), 23, {"乌胡"}, 1, 100)
    # 自摸 + 海底胡: 100 × 4 = 400.
    check(calc(hand, "五", "self_draw", BLACK_MELDS, last_card=True), 23, {"乌胡", "自摸", "海底胡"}, 4, 400)
    # Discard: no 自摸/海底胡; min(100, 100) = 100.
    check(calc(hand, "五", "discard", BLACK_MELDS, last_card=True), 23, {"乌胡"}, 1, 100)


def test_discard_cap_without_a_100_pattern() -> None:
    # 提壹 12 + 提肆 12 + 跑伍 9 + 提捌 12 + 坎陆 6 + 一二+三 3 + 将九九 = 54 x; R 1 (二) → 一点红: 108.
    melds = (("ti", "壹壹壹壹"), ("ti", "肆肆肆肆"), ("pao", "伍伍伍伍"), ("ti", "捌捌捌捌"))
    check(calc("陆陆陆一二九九", "三", "other_draw", melds), 54, {"一点红"}, 2, 108)
    # 放炮: the discarder pays at most 100.
    check(calc("陆陆陆一二九九", "三", "discard", melds), 54, {"一点红"}, 2, 100)


# KA30: a dealt hand, all black, 30 x: 坎陆 6 + 坎伍 6 + 坎叁 6 + 坎八 3 + 坎九 3 + 坎肆 6 + 三四+五 0.
KA30 = "陆陆陆伍伍伍叁叁叁八八八九九九肆肆肆三四"


def test_several_100_patterns_do_not_add() -> None:
    # 天胡 + 乌胡 + 卡胡30: base 100 once, no 2番 (天胡 is not 自摸) → 100.
    check(calc(KA30, "五", "deal", dealer=True), 30, {"天胡", "乌胡", "卡胡"}, 1, 100)
    # The same dealt hand with win_card null (亮张 in hand).
    check(calc(KA30 + "五", None, "deal", dealer=True), 30, {"天胡", "乌胡", "卡胡"}, 1, 100)
    # 乌胡 + 卡胡30 by 自摸 on the last card: 100 × 2 × 2 = 400.
    check(calc(KA30, "五", "self_draw", last_card=True), 30, {"乌胡", "卡胡", "自摸", "海底胡"}, 4, 400)
    # A null win card is no win for a non-dealer.
    no_win(calc(KA30 + "五", None, "deal"))


# RED13: dealt, 13 red: 坎七 3 + 坎柒 6 + 坎拾 6 + 绞二二贰 + 八九十 + 三四+五 + 肆伍陆 = 15 x.
RED13 = "七七七柒柒柒拾拾拾二二贰八九十三四肆伍陆"


def test_shisanhong_with_tianhu_zimo_haidi() -> None:
    # 天胡 + 十三红 = 100 once, fan 1 → 100.
    check(calc(RED13, "五", "deal", dealer=True), 15, {"天胡", "十三红"}, 1, 100)
    # 十三红 by 自摸 on the last card: 100 × 4 = 400; not also 红胡 (10–12 only).
    check(calc(RED13, "五", "self_draw", last_card=True), 15, {"十三红", "自摸", "海底胡"}, 4, 400)
    check(calc(RED13, "五", "discard", last_card=True), 15, {"十三红"}, 1, 100)


# DI15: untouched black hand: 坎陆 6 + 坎八 3 + 坎九 3 + 坎一 3 + 三四五 + 四+五六 + 叁肆伍 = 15 x.
DI15 = "陆陆陆八八八九九九三四五四六叁肆伍一一一"
# DI12: the 坎一 replaced by 绞 一一壹: 12 x.
DI12 = "陆陆陆八八八九九九三四五四六叁肆伍一一壹"


def test_dihu_and_tianhu_and_the_15_minimum() -> None:
    # 地胡 + 乌胡 on the dealer's first discard: 100 once → min(100, 100) = 100.
    check(calc(DI15, "五", "discard", first_discard=True, no_draw_yet=True), 15, {"地胡", "乌胡"}, 1, 100)
    check(calc(DI15, "五", "deal", dealer=True), 15, {"天胡", "乌胡"}, 1, 100)
    # 12 x: no win however many "=100" 名堂 would apply (§7 15).
    no_win(calc(DI12, "五", "discard", first_discard=True, no_draw_yet=True))
    no_win(calc(DI12, "五", "deal", dealer=True))
    no_win(calc(DI12, "五", "self_draw"))
    # 地胡 needs both flags and a non-dealer: otherwise a plain discard win (乌胡 100).
    check(calc(DI15, "五", "discard", first_discard=True), 15, {"乌胡"}, 1, 100)
    check(calc(DI15, "五", "discard", no_draw_yet=True), 15, {"乌胡"}, 1, 100)


# ------------------------------------------------------------------------------------ input forms, rejections
def _base() -> dict[str, Any]:
    return {"variant": "fangpaofa", "hand": BLACK_HAND + "叁叁叁", "win_card": "五", "win_from": "discard",
            "melds": [{"type": k, "cards": c} for k, c in BLACK_MELDS]}


@pytest.mark.parametrize("change", [
    {},
    {"hand": list(BLACK_HAND + "叁叁叁")},
    {"melds": [{"type": k, "cards": list(c)} for k, c in BLACK_MELDS]},
    {"options": {"daniao": True, "niao_value": 20, "target": 200}},  # room options do not change a hand's value
    {"context": None},
])
def test_input_forms(change: dict[str, Any]) -> None:
    check(evaluate(_base() | change), 23, {"乌胡"}, 1, 100)


REJECT: list[tuple[str, dict[str, Any]]] = [
    ("robbing_kong", {"win_from": "robbing_kong"}),
    ("unknown meld type", {"melds": [{"type": "gang", "cards": "捌捌捌捌"}]}),
    ("bad chi", {"melds": [{"type": "chi", "cards": "二三五"}]}),
    ("chi 二七拾 mixed case", {"melds": [{"type": "chi", "cards": "二七拾"}]}),
    ("four identical in hand", {"hand": BLACK_HAND + "叁叁叁叁"}),
    # 五 once in hand + 碰五 + the win card 五 = 5 copies.
    ("five copies with the win card", {"hand": BLACK_HAND + "五", "melds": [{"type": "peng", "cards": "五五五"}]}),
    ("paohuzi option", {"options": {"mingtang": "quan"}}),
    ("unknown card", {"win_card": "零"}),
]


@pytest.mark.parametrize(("label", "change"), REJECT, ids=[r[0] for r in REJECT])
def test_invalid_input_is_rejected(label: str, change: dict[str, Any]) -> None:
    with pytest.raises(InvalidHand):
        evaluate(_base() | change)


def test_cli_rejection_and_output_keys() -> None:
    bad = subprocess.run([sys.executable, "-m", "engine", "score"],
                         input=json.dumps(_base() | REJECT[4][1], ensure_ascii=False),
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
    ok = subprocess.run([sys.executable, "-m", "engine", "score"], input=json.dumps(_base(), ensure_ascii=False),
                        capture_output=True, text=True, timeout=60, check=False)
    assert ok.returncode == 0, ok.stderr
    out = json.loads(ok.stdout)
    assert {"win", "huxi", "patterns", "fan", "score"} <= set(out) and "units" not in out
    check(out, 23, {"乌胡"}, 1, 100)
