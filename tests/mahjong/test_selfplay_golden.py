"""The 麻将 AI's decisions and every score, pinned over seeded self-play: speeding up the win checker, the AI's
primitives, legal actions or views must not change one action or one point.

The digests were taken from the code before the speed work of issue 22 (goals 4 and 5); a digest changes only when
some hand's action sequence, deltas or outcome changed. ``python -m tests.mahjong.test_selfplay_golden`` prints
them afresh (to update after a deliberate rule or AI change, never to make a speed change pass)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine.ai import choose
from engine.core import Action, Game
from engine.registry import get_variant
from engine.selfplay import play_hand

HANDS = 150

GOLDEN = {
    "changsha": "6c7ae9c341c028ce015534d17f52ada6c0c18b3487c8d8c17bb11d56cb7b0f06",
    "hongzhong": "f1f41545ec23405a5f9e61ff0629300df9daea5300b5047a071aac69ade6fb27",
    "tuidaohu": "3bd310480109fb47104b6b9f72f708636d02b71ac9146b9b3774f5d78f5c2632",
}


def digest(variant_id: str, hands: int = HANDS) -> str:
    """sha256 over each hand's log, deltas and outcome: seats 0–2 the 普通 AI, seat 3 the 简单 AI on even hands
    and a seeded random player on odd ones (so claims and odd positions are reached too)."""
    variant = get_variant(variant_id)
    options = variant.validate({})
    h = hashlib.sha256()
    for i in range(hands):
        rng = random.Random(i)

        def odd(game: Game, seat: int, rng: random.Random = rng) -> Action:
            return rng.choice(game.legal_actions(seat))

        def easy(game: Game, seat: int) -> Action:
            return choose(game, seat, "简单")

        game = variant.new_hand(options, 7_000 + i, i % 4, {})
        play_hand(game, policies={3: odd if i % 2 else easy})
        result = game.result
        assert result is not None
        outcome = result.outcome.to_json() if result.outcome is not None else None
        h.update(json.dumps([game.log, list(result.deltas), outcome], ensure_ascii=False, sort_keys=True,
                            default=str).encode())
    return h.hexdigest()


@pytest.mark.parametrize("variant_id", sorted(GOLDEN))
def test_selfplay_actions_and_scores_unchanged(variant_id: str) -> None:
    assert digest(variant_id) == GOLDEN[variant_id]


if __name__ == "__main__":
    for v in sorted(GOLDEN):
        print(f'    "{v}": "{digest(v)}",')
