"""A family plugs in through the registry alone: a family registered here (never named in engine/ai.py or
engine/calculator.py) has its AI reached by ``engine.ai.choose`` and its calculator by the ``score`` command, and
only the core input error becomes "invalid input"."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import ai, calculator
from engine.core import Action, InvalidInput, OptionError
from engine.registration import Family, Variant, register, register_family, unregister, unregister_family
from engine.registry import get_family, get_variant
from engine.zipai import ai as zipai_ai
from engine.zipai.calc import CalcInputError


class StubGame:
    """The least of a game the AI dispatch needs: a family, a variant id and the legal actions."""

    family = "stub"
    variant_id = "stub"

    def legal_actions(self, seat: int) -> list[Action]:
        return [Action("pass"), Action("hu")]


def _last_legal(game: Any, seat: int) -> Action:
    return game.legal_actions(seat)[-1]


def _stub_variant(score: Callable[[dict[str, Any]], dict[str, Any]]) -> Variant:
    def new_hand(*args: Any, **kwargs: Any) -> Any:
        return StubGame()

    return Variant(id="stub", name="桩", name_en="Stub", family="stub", seats=2, options=(), new_hand=new_hand,
                   after_hand=lambda progress, result: None, score=score)


def _stub_score(data: dict[str, Any]) -> dict[str, Any]:
    hand = data.get("hand")
    if hand == "bad":
        raise InvalidInput("hand: 'bad' is not one stub card")
    if hand == "bug":
        raise KeyError("a bug in the stub calculator")
    return {"win": True, "stub_hand": hand}


@pytest.fixture
def stub() -> Iterator[None]:
    register(_stub_variant(_stub_score))
    register_family(Family(id="stub", choose=_last_legal))
    yield
    unregister("stub")
    unregister_family("stub")


def test_engine_ai_plays_a_registered_family_policy_and_falls_back_without_one() -> None:
    game: Any = StubGame()  # duck-typed: only family and legal_actions are read
    assert ai.choose(game, 0) == Action("pass")  # no family registered: the first legal action
    register_family(Family(id="stub", choose=_last_legal))
    try:
        assert ai.choose(game, 0) == Action("hu")
    finally:
        unregister_family("stub")
    assert get_family("stub") is None and ai.choose(game, 0) == Action("pass")


def test_zipai_registers_its_ai_with_the_family() -> None:
    family = get_family("zipai")
    assert family is not None and family.choose is zipai_ai.choose
    variant = get_variant("paohuzi")
    game = variant.new_hand(variant.validate({}), 7, 0, {})
    seat = game.to_act()[0]
    assert ai.choose(game, seat) == zipai_ai.choose(game, seat)


def test_score_reaches_a_registered_family_calculator(stub: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert calculator.evaluate({"variant": "stub", "hand": "一二"}) == {"win": True, "stub_hand": "一二"}
    assert calculator.main(json.dumps({"variant": "stub", "hand": "一二"})) == 0
    assert json.loads(capsys.readouterr().out) == {"win": True, "stub_hand": "一二"}


def test_only_the_core_input_error_is_invalid_input(stub: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert calculator.main(json.dumps({"variant": "stub", "hand": "bad"})) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == "invalid input: hand: 'bad' is not one stub card\n"
    # a bug in the family's calculator is not the player's fault: it propagates (a traceback, exit 1)
    with pytest.raises(KeyError, match="a bug in the stub calculator"):
        calculator.main(json.dumps({"variant": "stub", "hand": "bug"}))


def test_the_stub_is_gone_once_unregistered(stub: None) -> None:
    unregister("stub")
    with pytest.raises(InvalidInput, match="unknown variant"):
        calculator.evaluate({"variant": "stub", "hand": "一二"})
    with pytest.raises(OptionError):
        get_variant("stub")


def test_every_calculator_input_error_is_the_core_one() -> None:
    assert issubclass(CalcInputError, InvalidInput) and issubclass(OptionError, InvalidInput)
    assert calculator.InvalidHand is InvalidInput  # the older name still catches everything
    with pytest.raises(CalcInputError):
        calculator.evaluate({"variant": "paohuzi", "hand": "一X", "win_card": "一", "win_from": "self_draw"})
    with pytest.raises(OptionError):
        calculator.evaluate({"variant": "paohuzi", "hand": "一", "win_card": "一", "win_from": "self_draw",
                             "options": {"bogus": 1}})
