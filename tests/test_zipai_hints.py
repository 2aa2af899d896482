"""字牌 听牌提示 against the calculator (the evaluation ``/calc`` and ``python -m engine score`` run).

Two sources of positions: thousands of seeded random near-win hands of every 字牌 variant and its option sets
(``tests/zipai_positions.py``), and positions of AI-played hands. At each one, for every card and every way it
may come, the hints name it exactly when the calculator wins it, with the same 胡息, 囤, 番, 得分 and 名堂."""

from __future__ import annotations

from typing import Any

import pytest

from engine import ai
from engine.calculator import evaluate
from engine.core import InvalidInput
from engine.hints import Wait, hints
from engine.registry import get_variant
from engine.zipai.cards import N_KINDS, name
from engine.zipai.game import ZipaiGame
from engine.zipai.hints import ways
from tests.scale import scaled
from tests.zipai_positions import OPTION_SETS, Position, new_game, positions, seat

DEFAULT_COUNT = 600  # positions on a variant's default options; fewer on each other option set
OTHER_COUNT = 300
CONFIGS = [(v, opts, DEFAULT_COUNT if not opts else OTHER_COUNT) for v, sets in OPTION_SETS.items() for opts in sets]


def _calc(variant: str, data: dict[str, Any]) -> dict[str, Any]:
    """The calculator as ``python -m engine score`` runs it (strict JSON options); bad input is no win."""
    try:
        return evaluate({**data, "variant": variant}, strict=True)
    except InvalidInput:
        return {"win": False}


def _same(hint: Any, out: dict[str, Any], what: Any) -> None:
    assert out["win"], what
    assert (hint.huxi, hint.score, list(hint.patterns)) == (out["huxi"], out["score"], out["patterns"]), what
    assert (hint.tun, hint.fan) == (out.get("units"), out.get("fan")), what
    # ... and the same winning arrangement, group by group with its 胡息
    assert sorted((g.kind, "".join(sorted(g.cards))) for g in hint.groups) == sorted(
        (kind, "".join(sorted(cards))) for kind, cards in (a.split(":") for a in out["arrangement"])), what
    assert hint.huxi == sum(g.huxi for g in hint.groups), what


def _check_position(game: ZipaiGame, position: Position) -> tuple[bool, bool, bool]:
    """(the hand waits on something, some wait is won through one's own 偎/提, some card completes the hand
    short of the 胡息 minimum)."""
    s = seat(game, position)
    found: dict[str, Wait] = {h.card: h for h in hints(game, s)}
    held = list(position.hand)
    for g in position.melds:
        for c in g.cards:
            held[c] += 1
    own_meld = short = False
    for card in range(N_KINDS):
        if held[card] >= 4:
            assert name(card) not in found, position.describe()
            continue
        for way in ways(game.rules):
            out = _calc(position.variant, position.calculator_input(card, way))
            wait = found.get(name(card))
            hint = None if wait is None else wait.way(way)
            what = (position.describe(), name(card), way, out, hint)
            short |= "needed" in out.get("reason", "")
            assert bool(out["win"]) == (hint is not None), what
            if hint is not None:
                _same(hint, out, what)
                assert hint.open  # nothing bars a fresh seat
                own_meld |= way == "self_draw" and (position.hand[card] >= 2 or any(
                    g.cards[0] == card and g.kind in ("wei", "chouwei") for g in position.melds))
    return bool(found), own_meld, short


@pytest.mark.parametrize(("variant", "options", "count"), CONFIGS,
                         ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(CONFIGS)])
def test_random_positions_hint_exactly_the_calculators_wins(variant: str, options: dict[str, Any],
                                                            count: int) -> None:
    game = new_game(variant, options)
    count = scaled(count, least=120)  # enough near-wins for the shares asserted below
    ready = own_meld = short = 0
    for position in positions(game, count, "hints"):
        waits, through_meld, under = _check_position(game, position)
        ready += waits
        own_meld += through_meld
        short += under
    # Near-wins: many wait on something, many others have the shape but fall short of the 胡息 minimum, and
    # some win through the 偎/提 their own draw makes.
    assert ready > count // 10 and short > count // 10, (variant, options, ready, short)
    assert own_meld > 0, (variant, options)


def test_every_zipai_variant_and_thousands_of_positions_are_covered() -> None:
    from engine.registry import all_variants

    zipai = {v.id for v in all_variants() if v.family == "zipai"}
    assert set(OPTION_SETS) == zipai
    assert sum(count for _, _, count in CONFIGS) >= 5000  # in the deep run (tests/scale.py)


AI_VARIANTS = [("paohuzi", 30), ("fangpaofa", 20), ("bopi", 20), ("anhua", 20), ("liuhuqiang", 20)]
EVERY = 3  # AI positions checked: one step in three


def _check_ai(game: Any, s: int) -> int:
    found = {h.card: h for h in hints(game, s) if not h.now}  # a win on offer now: tests/test_zipai_hint_bars.py
    if game.window is not None and game.window_kind == "own":
        return 0  # the hand holds the drawn card in its 偎/提: tests/test_zipai_hint_bars.py
    held = list(game.hands[s])
    for g in game._groups(s):
        for c in g.cards:
            held[c] += 1
    hand = [name(c) for c in range(N_KINDS) for _ in range(game.hands[s][c])]
    melds = [{"type": g.kind, "cards": [name(c) for c in g.cards]} for g in game._groups(s)]
    for card in range(N_KINDS):
        if held[card] >= 4:
            assert name(card) not in found
            continue
        for way in ways(game.rules):
            data = {"hand": hand, "win_card": name(card), "win_from": way, "melds": melds,
                    "options": dict(game.options),
                    "context": {"dealer": s == game.dealer, "no_draw_yet": game.intakes[s] == 0}}
            out = _calc(game.variant_id, data)
            hint = found[name(card)].way(way) if name(card) in found else None
            assert bool(out["win"]) == (hint is not None), (game.variant_id, name(card), way, out, hint)
            if hint is not None:
                _same(hint, out, (game.variant_id, name(card), way))
    return bool(found)


@pytest.mark.parametrize(("variant", "count"), AI_VARIANTS)
def test_zipai_hints_are_the_calculators_wins(variant: str, count: int) -> None:
    v = get_variant(variant)
    options = v.validate({})
    ready = 0
    for seed in range(scaled(count, least=8)):
        game: Any = v.new_hand(options, 500 + seed, seed % 3, {})
        step = 0
        while not game.finished:
            if step % EVERY == 0:
                for s in game.active:
                    ready += _check_ai(game, s)
            step += 1
            s = game.to_act()[0]
            game.apply(s, ai.choose(game, s))
    assert ready > 0
