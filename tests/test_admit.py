"""Every family refuses an action through the same check (``engine.core.admit``), in the words players read,
and changes nothing."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.registry import get_variant


@pytest.mark.parametrize("variant", ["paohuzi", "hongzhong", "changsha", "paodekuai"])
def test_a_refused_action_says_why_in_chinese_and_changes_nothing(variant: str) -> None:
    v = get_variant(variant)
    game = v.new_hand(v.validate({}), 5, 0, {})
    seat = game.to_act()[0]
    idle = next(s for s in range(game.seats) if s not in game.to_act())
    before = (game.version, len(game.log), game.public_view())
    with pytest.raises(IllegalAction, match=f"现在不轮到{idle + 1}号"):
        game.apply(idle, game.legal_actions(seat)[0])
    not_legal = "discard:9z" if v.family == "mahjong" else ("pass" if v.family == "paodekuai" else "hu")
    if not_legal not in {a.code for a in game.legal_actions(seat)}:
        with pytest.raises(IllegalAction, match="^现在不能「"):
            game.apply(seat, not_legal)
    assert (game.version, len(game.log), game.public_view()) == before


def test_a_finished_hand_refuses_everything() -> None:
    from engine.selfplay import play_hand

    v = get_variant("hongzhong")
    game = play_hand(v.new_hand(v.validate({}), 2, 0, {}))
    with pytest.raises(IllegalAction, match="本局已经结束"):
        game.apply(0, "pass")
