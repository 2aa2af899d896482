"""字牌 hints against the game itself: on seeded random near-win positions of every variant, with the 漏胡 / 臭胡
bars the variant can leave on a seat, each hinted way is offered by the game exactly when the hint says it can be
won now, winning it pays what the hint says, and a card the hints do not name is never offered. A draw that makes
one's own 偎/提 and wins is hinted before it comes and, while its 自摸 is on offer, as a win to take now."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.hints import Wait, hints
from engine.zipai.cards import N_KINDS, name
from engine.zipai.game import ZipaiGame
from engine.zipai.hints import ways
from tests.zipai_positions import (
    OPTION_SETS,
    deliver,
    new_game,
    offered,
    positions,
    random_bars,
    seat,
    take_win,
)

COUNT = 400
CONFIGS = [(v, sets[0]) for v, sets in OPTION_SETS.items()] + [("paohuzi", {"mingtang": "honghei"}),
                                                                  ("bopi", {"players": 3})]


def _result(g: ZipaiGame) -> tuple[int, int, list[str]]:
    assert g.result is not None
    d = g.result.detail
    return d["huxi"], d["score"], list(d["patterns"])


def _check(game: ZipaiGame, s: int, rng: random.Random) -> tuple[int, int, int]:
    """(ways checked, of them barred, of them won through one's own 偎/提)."""
    found: dict[str, Wait] = {h.card: h for h in hints(game, s)}
    checked = barred = own = 0
    for wait in found.values():
        card = next(c for c in range(N_KINDS) if name(c) == wait.card)
        for w in wait.ways:
            g = deliver(game, s, card, w.way)
            assert offered(g, s, card, w.way) == w.open, (wait, w, g.window_kind)
            checked += 1
            if not w.open:
                barred += 1
                continue
            if g.window_kind == "own":  # the draw made his 偎/提: the hint is now that win, to take at once
                own += 1
                (now,) = hints(g, s)
                assert now.now and now.card == wait.card and now.ways == (w,), (now, w)
            take_win(g, s)
            assert g.result is not None and g.result.winners == [s]
            assert _result(g) == (w.huxi, w.score, list(w.patterns)), (wait, w, g.result.detail)
    # A card the hints leave out is not offered either (one tried per position, by a random way).
    missing = [c for c in range(N_KINDS) if name(c) not in found]
    if missing:
        card = rng.choice(missing)
        way = rng.choice(ways(game.rules))
        held = game.hands[s][card] + sum(g.cards.count(card) for g in game._groups(s))
        if held < 4:
            assert not offered(deliver(game, s, card, way), s, card, way), (name(card), way)
    return checked, barred, own


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=[f"{v}-{i}" for i, (v, _) in enumerate(CONFIGS)])
def test_hinted_wins_are_the_games_offers(variant: str, options: dict[str, Any]) -> None:
    game = new_game(variant, options, seed=3)
    rng = random.Random(f"bars:{variant}:{sorted(options.items())}")
    checked = barred = own = 0
    for position in positions(game, COUNT, "bars"):
        s = seat(game, position)
        random_bars(game, s, rng)
        c, b, o = _check(game, s, rng)
        checked, barred, own = checked + c, barred + b, own + o
    assert checked > COUNT // 10 and own > 0
    if game.rules.louhu != "none":
        assert barred > 0  # the bars were met
