"""长沙麻将 shows no hidden tile: at every step of seeded hands (AI and random players, 4/3/2 players), each part of
the public view names no more copies of a tile than the table may see — rivers, melds (an 暗杠 one tile), the
起手胡 tiles shown, the two 开杠 tiles, the tile on offer — and a window never names who is asked."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.mahjong.game import MahjongGame
from engine.mahjong.tiles import tile_id
from engine.registry import get_variant
from engine.selfplay import choose

TILE = re.compile(r'"([1-9][mps]|[1-7]z)"')


def _allowed(g: Any) -> Counter[int]:
    seen: Counter[int] = Counter()
    for s in range(g.seats):
        seen.update(g.discards[s])
        for m in g.melds[s]:
            seen.update([m.tile] if m.kind == "angang" else m.tiles)
    for found in g.qishou.values():
        for q in found:
            seen.update(q.tiles)
    seen.update(g.kong_tiles)
    if g.window is not None and g.window_card is not None:
        seen[g.window_card] += 1
    return seen


def _named(value: Any) -> Counter[int]:
    return Counter(tile_id(t) for t in TILE.findall(json.dumps(value, ensure_ascii=False)))


def check(g: Any) -> None:
    if g.finished:
        return
    pv = g.public_view()
    allowed = _allowed(g)
    for key, value in pv.to_json().items():
        over = {t: n - allowed[t] for t, n in _named(value).items() if n > allowed[t]}
        assert not over, (key, over)
    if g.window is not None:
        assert list(pv.to_act) == [] and pv.claims_pending is True


@pytest.mark.parametrize("raw", [{}, {"players": 3, "birds": 4}, {"players": 2, "queyimen": True},
                                 {"zuopiao": True, "menmenqing": True}])
def test_no_hidden_tile_in_the_public_view(raw: dict[str, Any]) -> None:
    variant = get_variant("changsha")
    options = variant.validate(raw)
    rng = random.Random(7)
    steps = 0
    for i in range(30):
        g = variant.new_hand(options, 1000 + i, i % variant.seat_count(options), {})
        randoms = {i % g.seats} if i % 2 else set()
        while not g.finished:
            check(g)
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)) if seat in randoms else choose(g, seat))
            steps += 1
    assert steps > 30 * 20


def test_the_check_catches_a_shown_hand() -> None:
    g = get_variant("changsha").new_hand(get_variant("changsha").validate({}), 1, 0, {})
    assert isinstance(g, MahjongGame)
    real = g.public_view
    g.public_view = lambda: dataclasses.replace(real(), discards=(tuple(g._names(1)),) * g.seats)  # type: ignore[method-assign]
    with pytest.raises(AssertionError):
        check(g)
