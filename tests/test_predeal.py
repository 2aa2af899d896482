"""The step before play where every seat chooses at once (engine/predeal.py), and 放炮罚's 打鸟 on it."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from engine.predeal import PreDeal
from engine.registry import get_variant
from engine.variants import fangpaofa
from engine.views import Choosing
from engine.zipai.game import ZipaiGame
from tests.helpers_zipai import codes, stacked_game

CHUI = [Action("chui", ("0",)), Action("chui", ("1",)), Action("chui", ("2",))]  # 推倒胡 加锤 0/1/2 锤


def test_every_listed_seat_chooses_and_the_choices_come_in_table_order() -> None:
    step = PreDeal([2, 3, 0, 1], {0: CHUI, 1: CHUI, 2: CHUI})  # seat 3 (a 数醒) does not choose
    assert step.to_act() == [2, 0, 1] and step.legal(3) == [] and step.legal(0) == CHUI
    step.choose(1, CHUI[2])
    step.choose(2, CHUI[0])
    assert step.to_act() == [0] and not step.complete and step.legal(1) == []
    with pytest.raises(IllegalAction):
        step.result()
    step.choose(0, CHUI[1])
    assert step.complete and step.to_act() == []
    assert list(step.result().items()) == [(2, CHUI[0]), (0, CHUI[1]), (1, CHUI[2])]


def test_a_wrong_choice_is_refused_and_changes_nothing() -> None:
    step = PreDeal([0, 1], {0: CHUI[:2], 1: CHUI[:2]})
    step.choose(0, CHUI[0])
    for seat, action in [(0, CHUI[1]), (1, CHUI[2]), (5, CHUI[0])]:  # twice, not offered, not choosing
        with pytest.raises(IllegalAction):
            step.choose(seat, action)
    assert step.chosen == {0: CHUI[0]} and step.to_act() == [1]


def test_nonsense_setups_are_rejected() -> None:
    with pytest.raises(ValueError):
        PreDeal([0, 1], {2: CHUI})
    with pytest.raises(ValueError):
        PreDeal([0, 1], {0: []})


def test_the_public_part_counts_who_chose_never_what() -> None:
    low, high = PreDeal([0, 1, 2], {s: CHUI for s in range(3)}), PreDeal([0, 1, 2], {s: CHUI for s in range(3)})
    assert low.public() == {"chosen": 0, "of": 3}
    low.choose(1, CHUI[0])
    high.choose(1, CHUI[2])
    assert low.public() == high.public() == {"chosen": 1, "of": 3}


def _daniao(dealer: int = 0):  # noqa: ANN202
    return stacked_game(fangpaofa.RULES, {"daniao": True}, ["七", "", ""], liang="十", dealer=dealer)


def test_daniao_is_hidden_until_everyone_chose_then_shown_to_all() -> None:
    staked, declined = _daniao(), _daniao()
    assert staked.public_view().phase == "choose" and staked.public_view().stakes is None
    events = staked.apply(1, "stake") + staked.apply(0, "pass")
    declined.apply(1, "pass")
    declined.apply(0, "stake")
    # Same seats have chosen, different choices: the table sees exactly the same thing.
    assert staked.public_view() == declined.public_view()
    pv = staked.public_view()
    assert pv.stakes is None and pv.choosing == Choosing(2, 3) and pv.to_act == (2,)
    assert [(e.kind, e.audience, e.says.zh()) for e in events] == [
        ("stake", 1, "你选择了打鸟"), ("pass", 0, "你选择了不打鸟")]
    assert staked.view(0).stakes is None  # nor does a seat's own view tell the others' choices
    last = staked.apply(2, "stake")
    assert [(e.kind, e.public) for e in last[1:2]] == [("stakes", True)]
    assert staked.stakes == [1, 2] and staked.public_view().stakes == (1, 2)
    assert last[1].says.zh() == "打鸟：座位2、座位3"
    assert staked.public_view().choosing is None and staked.public_view().phase == "discard"  # play starts


def test_the_choice_is_named_as_打鸟_or_不打鸟() -> None:
    game = _daniao()
    assert codes(game, 0) == ["stake", "pass"]
    assert [game.name_action(a).label for a in game.legal_actions(0)] == ["打鸟", "不打鸟"]


# A 放炮罚 打鸟 hand recorded before 打鸟 moved onto PreDeal (seed 24, dealer 1): the stored log must replay as it
# did then — same codes in the same places, same stakes, same result.
STORED_LOG = [(2, "stake"), (1, "pass"), (0, "stake"), (1, "discard:一"), (2, "chi:一二三"), (2, "discard:壹"),
              (1, "hu")]


def test_a_stored_daniao_log_replays_unchanged() -> None:
    variant = get_variant("fangpaofa")
    game = variant.new_hand(variant.validate({"daniao": True}), 24, 1, {})
    assert isinstance(game, ZipaiGame)
    assert game.to_act() == [1, 2, 0]
    for seat, code in STORED_LOG:
        game.apply(seat, code)
    assert game.log == STORED_LOG
    assert game.finished and game.stakes == [2, 0]
    assert game.result is not None and game.result.winners == [1] and game.result.deltas == [0, 30, -30]
    assert game.result.detail["stakes"] == [2, 0]
