"""The contract's common fields are read once (engine/contract.py): every family refuses them alike."""

from __future__ import annotations

from typing import Any

import pytest

from engine.calculator import evaluate
from engine.core import InvalidInput
from engine.mahjong import hongzhong, tuidaohu

ZIPAI = {"variant": "paohuzi", "hand": "一二三", "win_card": "四", "win_from": "self_draw"}
MAHJONG = {"hand": "123m456m789m123p5p", "win_card": "5p", "win_from": "self_draw"}
CALCULATORS = [("zipai", evaluate, ZIPAI), ("hongzhong", hongzhong.score, MAHJONG),
               ("tuidaohu", tuidaohu.score, MAHJONG)]


@pytest.mark.parametrize(("change", "words"), [
    ({"contxt": {}}, "unknown field 'contxt'"),
    ({"context": {"dealer": "false"}}, "context flag 'dealer' must be true or false"),
    ({"context": {"dealer": None}}, "context flag 'dealer' must be true or false, not null"),
    ({"context": {"dealr": True}}, "unknown context flag 'dealr'"),
    ({"context": []}, "context must be an object"),
    ({"win_card": None}, "win_card may be null only with win_from 'deal'"),
])
@pytest.mark.parametrize(("family", "score", "base"), CALCULATORS, ids=[c[0] for c in CALCULATORS])
def test_common_fields_are_refused_alike(family: str, score: Any, base: dict[str, Any],
                                         change: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidInput, match=words.replace("(", r"\(")):
        score({**base, **change})


@pytest.mark.parametrize(("family", "score", "base"), CALCULATORS, ids=[c[0] for c in CALCULATORS])
def test_missing_hand_and_unknown_source(family: str, score: Any, base: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput, match="missing field 'hand'"):
        score({k: v for k, v in base.items() if k != "hand"})
    with pytest.raises(InvalidInput, match="win_from 「sky」 is not one of"):
        score({**base, "win_from": "sky"})
