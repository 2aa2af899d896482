"""字牌 听牌提示 against the calculator: at positions of AI-played hands of every 字牌 variant, each card the hints
name wins by the calculator the same ways with the same 胡息, 囤 and 名堂, and every card the calculator wins is named."""

from __future__ import annotations

from typing import Any

import pytest

from engine import ai
from engine.core import InvalidInput
from engine.hints import hints
from engine.registry import get_variant
from engine.zipai.cards import N_KINDS, name
from engine.zipai.hints import ways

VARIANTS = [("paohuzi", 30), ("fangpaofa", 20), ("bopi", 20), ("anhua", 20), ("liuhuqiang", 20)]
EVERY = 3  # positions checked: one step in three


def _calc(game: Any, seat: int, card: int, way: str) -> dict[str, Any]:
    hand = [name(c) for c in range(N_KINDS) for _ in range(game.hands[seat][c])]
    melds = [{"type": g.kind, "cards": [name(c) for c in g.cards]} for g in game._groups(seat)]
    data = {"hand": hand, "win_card": name(card), "win_from": way, "melds": melds, "options": dict(game.options),
            "context": {"dealer": seat == game.dealer}}
    try:
        return get_variant(game.variant_id).score(data)
    except InvalidInput:
        return {"win": False}


def _check(game: Any, seat: int) -> int:
    found = {h["card"]: h["wins"] for h in hints(game, seat)}
    held = list(game.hands[seat])
    for g in game._groups(seat):
        for c in g.cards:
            held[c] += 1
    for card in range(N_KINDS):
        if held[card] >= 4:
            assert name(card) not in found
            continue
        for way in ways(game.rules):
            out = _calc(game, seat, card, way)
            hint = found.get(name(card), {}).get(way)
            assert bool(out["win"]) == (hint is not None), (game.variant_id, name(card), way, out, hint)
            if hint is not None:
                assert (out["huxi"], out["score"], out["patterns"]) == (hint["huxi"], hint["score"],
                                                                          hint["patterns"])
    return bool(found)


@pytest.mark.parametrize(("variant", "count"), VARIANTS)
def test_zipai_hints_are_the_calculators_wins(variant: str, count: int) -> None:
    v = get_variant(variant)
    options = v.validate({})
    ready = 0
    for seed in range(count):
        game: Any = v.new_hand(options, 500 + seed, seed % 3, {})
        step = 0
        while not game.finished:
            if step % EVERY == 0:
                for seat in game.active:
                    ready += _check(game, seat)
            step += 1
            seat = game.to_act()[0]
            game.apply(seat, ai.choose(game, seat))
    assert ready > 0
