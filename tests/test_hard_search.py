"""困难 in 字牌 and 麻将 (``engine/zipai/hard.py``, ``engine/mahjong/hard.py`` on ``engine/search.py``): its choice is
a function of what the seat may know — unchanged when the cards it cannot see are dealt otherwise, consistently
with its view — and the same check catches a search that reads the real hidden cards."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import ai, search
from engine.mahjong import hard as mahjong_hard
from engine.mahjong.game import MahjongGame
from engine.registration import HARD, NORMAL
from engine.registry import get_variant
from engine.zipai import hard as zipai_hard
from engine.zipai.game import ZipaiGame

VARIANTS = ["paohuzi", "liuhuqiang", "hongzhong", "changsha", "tuidaohu"]


def _searched(game: Any, seat: int) -> bool:
    """Whether 困难 plays out candidates here (not a step it leaves to 普通 or a discard it ranks alone)."""
    if ai.choose(game, seat, NORMAL).kind != "discard" or game.window is not None or not game.wall:
        return False
    if isinstance(game, MahjongGame):
        kept, dist = mahjong_hard._ranked(game, seat, game.legal_actions(seat))
        return len(kept) > 1 and dist <= mahjong_hard.near(game)
    return len([a for a in game.legal_actions(seat) if a.kind == "discard"]) > 1


def _copy(game: Any) -> Any:
    """A deep copy sharing the rules: they hold the win checker and its memo tables, which play never changes and
    which would cost far more to copy than the table itself."""
    return copy.deepcopy(game, {id(game.rules): game.rules})


def _positions(variant_id: str, seed: int, every: int, count: int,
               where: Callable[[Any, int], bool] = _searched) -> list[tuple[Any, int]]:
    """Copies of the first ``count`` of every ``every``-th position of a 普通 self-play hand where 困难 searches
    (or ``where`` says)."""
    variant = get_variant(variant_id)
    game = variant.new_hand(variant.validate(None), seed, 0, {})
    out: list[tuple[Any, int]] = []
    seen = 0
    while not game.finished and len(out) < count:
        seat = game.to_act()[0]
        if where(game, seat):
            if seen % every == 0:
                out.append((_copy(game), seat))
            seen += 1
        game.apply(seat, ai.choose(game, seat, NORMAL))
    return out


def _hidden_places(game: Any, seat: int) -> list[int]:
    others = game.active if isinstance(game, ZipaiGame) else range(game.seats)
    return [s for s in others if s != seat]


def _redealt(game: Any, seat: int, rng: random.Random) -> Any:
    """The same table with the cards the seat cannot see (the other hands and the wall) dealt anew among those
    places at their sizes; asserted to look exactly the same from the seat."""
    other = _copy(game)
    places = _hidden_places(game, seat)
    kinds = len(game.hands[seat])
    pool = [c for s in places for c in range(kinds) for _ in range(game.hands[s][c])] + list(game.wall)
    rng.shuffle(pool)
    at = 0
    for s in places:
        n = sum(game.hands[s])
        counts = [0] * kinds
        for c in pool[at:at + n]:
            counts[c] += 1
        other.hands[s] = counts
        at += n
    other.wall = pool[at:]
    assert other.view(seat).to_json() == game.view(seat).to_json()
    return other


def _moved(game: Any, other: Any, seat: int) -> bool:
    return any(game.hands[s] != other.hands[s] for s in _hidden_places(game, seat)) or game.wall != other.wall


def _check(variant_id: str, choose: Callable[[Any, int], Any],
           where: Callable[[Any, int], bool] = _searched) -> tuple[int, int]:
    """(positions compared, positions whose choice changed when the hidden cards were dealt anew)."""
    rng = random.Random(7)
    compared = changed = 0
    for seed in (1, 2, 3, 4):
        for game, seat in _positions(variant_id, seed, every=2, count=2, where=where):
            choice = choose(game, seat)
            assert choice in game.legal_actions(seat)
            other = _redealt(game, seat, rng)
            assert _moved(game, other, seat)
            compared += 1
            changed += choose(other, seat) != choice
    return compared, changed


@pytest.fixture
def fewer_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zipai_hard, "SAMPLES", 3)
    monkeypatch.setattr(mahjong_hard, "SAMPLES", 3)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_hard_chooses_the_same_whatever_the_hidden_cards_consistent_with_its_view(
        variant_id: str, fewer_samples: None) -> None:
    compared, changed = _check(variant_id, lambda g, s: ai.choose(g, s, HARD))
    assert compared >= 4 and changed == 0, (compared, changed)


@pytest.mark.parametrize("variant_id", ["paohuzi", "hongzhong"])
def test_the_check_catches_a_search_that_peeks(variant_id: str, fewer_samples: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The control for the test above: the same search playing out on the real hidden cards instead of a deal of
    them (what a sampler that peeked would do) changes its choice when they are dealt otherwise."""
    module = zipai_hard if variant_id == "paohuzi" else mahjong_hard
    monkeypatch.setattr(module, "redeal", lambda game, seat, rng: search.fork(game))
    compared, changed = _check(variant_id, lambda g, s: ai.choose(g, s, HARD))
    assert changed, compared


@pytest.mark.parametrize("variant_id", ["paohuzi", "hongzhong"])
def test_hard_sometimes_chooses_otherwise_than_normal(variant_id: str, fewer_samples: None) -> None:
    """The search decides something: over a few hands 困难's discard is not always 普通's."""
    differs = sum(ai.choose(g, s, HARD) != ai.choose(g, s, NORMAL)
                  for seed in (1, 2, 3) for g, s in _positions(variant_id, seed, every=2, count=4))
    assert differs


def test_tuidaohu_hard_discards_by_effective_tiles_far_from_a_win() -> None:
    """推倒胡's 困难 ranks discards by effective tiles at every distance (``EFFECTIVE_EVERYWHERE``), not only where
    it plays out: five tiles from a win, with a lone 1索 and a lone 东 among the tiles it may throw at no cost, 普通
    throws the 1索 (the lower tile among equally lonely ones) while 困难 throws the 东, which only a second 东 could
    use, and keeps the 1索 that 1索, 2索 or 3索 would build on."""
    from tests.mahjong.stack import hand

    game = hand("tuidaohu", ["1m1m5m6m7m9m9m5p1s5s1z3z6z7z", None, None, None], jiachui=False)
    kept, dist = mahjong_hard._ranked(game, 0, game.legal_actions(0))
    assert dist > mahjong_hard.near(game)  # too far from a win to play candidates out
    assert ai.choose(game, 0, NORMAL).code == "discard:1s"
    assert ai.choose(game, 0, HARD).code == "discard:1z"


def _ranked_far(game: Any, seat: int) -> bool:
    """A discard 推倒胡's 困难 ranks by effective tiles alone, too far from a win to play out, where it throws
    another tile than 普通."""
    if ai.choose(game, seat, NORMAL).kind != "discard" or game.window is not None:
        return False
    _, dist = mahjong_hard._ranked(game, seat, game.legal_actions(seat))
    return dist > mahjong_hard.near(game) and ai.choose(game, seat, HARD) != ai.choose(game, seat, NORMAL)


def test_tuidaohu_ranked_discards_far_from_a_win_are_the_same_whatever_the_hidden_tiles() -> None:
    """The effective tiles count what the seat has not seen (4 a kind less its hand, the melds and the rivers),
    never the real other hands or wall: its discard far from a win is unchanged when those are dealt anew."""
    compared, changed = _check("tuidaohu", lambda g, s: ai.choose(g, s, HARD), where=_ranked_far)
    assert compared >= 4 and changed == 0, (compared, changed)


def test_the_check_catches_effective_tiles_that_peek(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control for the test above: effective tiles counted as if the seat had seen the other hands (what a
    ranking reading the real hidden tiles would do) change its discard when those are dealt otherwise."""
    seen = mahjong_hard._seen

    def peeking(game: Any, seat: int) -> list[int]:
        out = seen(game, seat)
        for s in _hidden_places(game, seat):
            out = [a + b for a, b in zip(out, game.hands[s], strict=True)]
        return out

    monkeypatch.setattr(mahjong_hard, "_seen", peeking)
    compared, changed = _check("tuidaohu", lambda g, s: ai.choose(g, s, HARD), where=_ranked_far)
    assert changed, compared
