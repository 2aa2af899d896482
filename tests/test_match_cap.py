"""Race matches (放炮罚, 剥皮) end at the 局数上限 ``max_hands`` as if the target were reached, and the match-end
settlement is exposed as pairwise payments (issue 7)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.core import HandResult
from engine.match import Match
from engine.registration import MatchProgress
from engine.selfplay import play_hand
from engine.variants import bopi, fangpaofa


def play(match: Match, seed: int = 500) -> None:
    while not match.over:
        play_hand(match.new_hand(seed))
        match.finish_hand()
        seed += 1


@pytest.mark.parametrize(("variant", "options"), [
    ("fangpaofa", {"target": 1000, "max_hands": 10, "daniao": True, "niao_value": 7}),
    ("bopi", {"target": 1000, "max_hands": 10}),
])
def test_a_capped_match_ends_after_n_hands_with_the_final_settlement(variant: str, options: dict[str, Any]) -> None:
    match = Match(variant, options)
    play(match)
    assert match.progress.hand_no == 10 and match.capped
    totals = match.totals
    assert max(totals) < 1000  # the target was not reached: the cap ended it
    n = len(totals)
    stakes = set(match.progress.carry.get("stakes", [])) if options.get("daniao") else set()
    bird = [7 if s in stakes else 0 for s in range(n)]
    expected = [sum(totals[i] - totals[j] + (bird[i] + bird[j]) * ((totals[i] > totals[j]) - (totals[i] < totals[j]))
                    for j in range(n) if j != i) for i in range(n)]
    assert match.final_scores() == expected
    with pytest.raises(RuntimeError):
        match.new_hand(1)


def test_the_default_cap_is_20_and_a_reached_target_still_ends_first() -> None:
    match = Match("fangpaofa", {"target": 1000})
    assert match.options["max_hands"] == 20
    for _ in range(10):
        play_hand(match.new_hand(900 + match.progress.hand_no))
        match.finish_hand()
    assert not match.over  # 10 hands under the default cap of 20
    progress = MatchProgress(options=fangpaofa.VARIANT.validate({}), seats=3, totals=[100, 0, 0], hand_no=1)
    fangpaofa.after_hand(progress, HandResult([0], [100, 0, 0], False, {}))
    assert progress.over


def test_bopi_cap_overrides_the_dealer_playing_on() -> None:
    # The dealer won past the target: normally play goes on until the deal passes — not past the cap.
    opts = bopi.VARIANT.validate({"max_hands": 10})
    progress = MatchProgress(options=opts, seats=4, dealer=0, totals=[120, 0, 0, 0], hand_no=9)
    bopi.after_hand(progress, HandResult([0], [30, 0, 15, 0], False, {}))
    assert not progress.over  # hand 9 of 10: the dealer plays on
    progress.hand_no = 10
    bopi.after_hand(progress, HandResult([0], [30, 0, 15, 0], False, {}))
    assert progress.over


def test_invalid_cap_is_refused() -> None:
    from engine.core import OptionError

    with pytest.raises(OptionError, match="max_hands"):
        Match("fangpaofa", {"max_hands": 7})


def test_variants_lists_the_cap_for_the_race_variants_only() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "variants"], capture_output=True, text=True, timeout=120)
    variants = {v["id"]: {o["key"]: o for o in v["options"]} for v in json.loads(proc.stdout)}
    for race in ("fangpaofa", "bopi"):
        cap = variants[race]["max_hands"]
        assert cap["default"] == 20 and cap["values"] == [10, 20, 30, 50] and cap["label"] == "局数上限"
    assert all("max_hands" not in variants[v] for v in ("paohuzi", "anhua", "liuhuqiang"))


# ---------------------------------------------------------------- the final settlement as payments
def test_fangpaofa_breakdown_with_birds_sums_to_the_final_scores() -> None:
    opts = fangpaofa.VARIANT.validate({"daniao": True, "niao_value": 5})
    totals, carry = [120, 40, -10], {"stakes": [0, 2]}
    pays = [dict(p, why=p["why"].zh()) for p in fangpaofa.final_breakdown(opts, totals, carry)]  # reasons: messages
    assert pays == [
        {"payer": 1, "payee": 0, "amount": 85, "diff": 80, "birds": 5, "why": "胡息差 80，鸟分 5+0"},
        {"payer": 2, "payee": 0, "amount": 140, "diff": 130, "birds": 10, "why": "胡息差 130，鸟分 5+5"},
        {"payer": 2, "payee": 1, "amount": 55, "diff": 50, "birds": 5, "why": "胡息差 50，鸟分 0+5"},
    ]
    assert fangpaofa.final_settlement(opts, totals, carry) == [225, -30, -195]


def test_bopi_breakdown_and_match_accessor() -> None:
    opts = bopi.VARIANT.validate({})
    pays = bopi.final_breakdown(opts, [60, 0, 30, 30], {})
    assert [(p["payer"], p["payee"], p["amount"], p["why"].zh()) for p in pays] == [
        (1, 0, 60, "胡数差 60"), (2, 0, 30, "胡数差 30"), (3, 0, 30, "胡数差 30"), (1, 2, 30, "胡数差 30"),
        (1, 3, 30, "胡数差 30")]  # seats 2 and 3 are level: no payment between them
    assert bopi.final_breakdown(bopi.VARIANT.validate({"scoring": "deng"}), [3, -3, 0, 0], {}) == []
    match = Match("bopi", {"max_hands": 10, "target": 1000})
    play(match, 40)
    net = [0] * match.seats
    for p in match.final_breakdown():
        net[p["payee"]] += p["amount"]
        net[p["payer"]] -= p["amount"]
    assert net == match.final_scores()
    assert Match("paohuzi", {"hands": 1}).final_breakdown() == []
