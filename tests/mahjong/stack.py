"""Stacked walls for scripted mahjong hands, and small drivers for them.

The wall is laid out as ``engine.mahjong.game`` deals it: the dealer's 14 first, then each next seat's 13 in
turn order, then the draws from the front in order, and at the very back the kong replacement tiles (the first
replacement is the last tile). Whatever a test does not name is filled from the remaining tiles, spread so that
filler tiles rarely pair up or run with each other (a filler hand should not claim anything by accident).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import Game
from engine.mahjong.tiles import HONG_ZHONG, ids, tile_set
from engine.outcome import Outcome
from engine.registry import get_variant

HAND = 13


def _tiles(spec: str | Iterable[str] | None) -> list[int]:
    if spec is None:
        return []
    return ids(spec)


def _take(pool: Counter[int], tiles: Sequence[int], what: str) -> None:
    for t in tiles:
        if pool[t] <= 0:
            raise ValueError(f"{what}: no copy of tile {t} left in the set")
        pool[t] -= 1


def _related(a: int, b: int) -> bool:
    """Two tiles that could pair or run together."""
    return a == b or (a < 27 and b < 27 and a // 9 == b // 9 and abs(a - b) <= 2)


def _filler(pool: Counter[int], hand: list[int], n: int) -> list[int]:
    """``n`` tiles from ``pool`` unrelated to ``hand`` and to each other where possible; 红中 only if nothing else."""
    out: list[int] = []
    for _ in range(n):
        held = hand + out
        kinds = [t for t in sorted(pool) if pool[t] > 0]
        plain = [t for t in kinds if t != HONG_ZHONG] or kinds
        free = [t for t in plain if not any(_related(t, h) for h in held)]
        loose = [t for t in plain if t not in held]
        pick = (free or loose or plain)[0]
        pool[pick] -= 1
        out.append(pick)
    return out


def stack(size: int, hands: Sequence[str | Iterable[str] | None], draws: str | Iterable[str] = (),
          tails: str | Iterable[str] = (), dealer: int = 0, fill: str | Iterable[str] = ()) -> list[int]:
    """A full wall (a permutation of ``tile_set(size)``).

    ``hands[s]``: seat ``s``'s dealt tiles (the dealer's up to 14, the others' up to 13), completed with filler;
    ``draws``: the tiles drawn from the front, in order; ``tails``: the kong replacement tiles, in order;
    ``fill``: tiles to put right after the draws (e.g. birds), the rest of the set after them."""
    pool: Counter[int] = Counter(tile_set(size))
    seats = len(hands)
    wanted = [_tiles(h) for h in hands]
    draw_ids, tail_ids, fill_ids = _tiles(draws), _tiles(tails), _tiles(fill)
    for s, w in enumerate(wanted):
        limit = HAND + (s == dealer)
        if len(w) > limit:
            raise ValueError(f"seat {s}: {len(w)} tiles, {limit} at most")
        _take(pool, w, f"seat {s}")
    _take(pool, draw_ids, "draws")
    _take(pool, tail_ids, "tails")
    _take(pool, fill_ids, "fill")
    deal: list[int] = []
    for i in range(seats):
        s = (dealer + i) % seats
        w = wanted[s]
        deal += w + _filler(pool, w, HAND + (s == dealer) - len(w))
    rest = _filler(pool, [], sum(pool.values()))
    wall = deal + draw_ids + fill_ids + rest + tail_ids[::-1]
    assert sorted(wall) == tile_set(size)
    return wall


def options(variant: str, **raw: Any) -> dict[str, Any]:
    return get_variant(variant).validate(raw)


def hand(variant: str, hands: Sequence[str | None], draws: str | Iterable[str] = (),
         tails: str | Iterable[str] = (), dealer: int = 0, fill: str | Iterable[str] = (), seed: int = 1,
         **raw: Any) -> Any:
    """A stacked hand of ``variant`` with room options ``raw``."""
    opts = options(variant, **raw)
    rules = get_variant(variant).rules_for(opts)  # type: ignore[misc]
    wall = stack(rules.tiles, hands, draws, tails, dealer, fill)
    return get_variant(variant).new_hand(opts, seed, dealer, {}, wall=wall)


def act(game: Game, seat: int, code: str) -> list[Any]:
    legal = [a.code for a in game.legal_actions(seat)]
    assert code in legal, f"seat {seat}: {code} not in {legal} (to act: {game.to_act()})"
    return game.apply(seat, code)


def pass_window(game: Any, keep: Iterable[int] = ()) -> None:
    """Every seat asked in the open window passes, except those in ``keep`` (left to decide)."""
    keep = set(keep)
    while game.window is not None and not game.finished:
        asked = [s for s in game.to_act() if s not in keep]
        if not asked:
            return
        act(game, asked[0], "pass")


def discard(game: Any, seat: int, tile: str, keep: Iterable[int] = ()) -> None:
    """``seat`` discards ``tile``; every window it opens is passed except by the seats in ``keep``."""
    act(game, seat, f"discard:{tile}")
    pass_window(game, keep)


def play_out(game: Any) -> None:
    """摸打 to the end of the wall: each turn discards its drawn tile (or its first tile), every window passed."""
    while not game.finished:
        pass_window(game)
        if game.finished:
            break
        seat = game.to_act()[0]
        drawn = game.drawn
        code = f"discard:{game.view(seat).drawn}" if drawn is not None else \
            next(a.code for a in game.legal_actions(seat) if a.kind == "discard")
        act(game, seat, code)


def public_events(events: Iterable[Any]) -> list[Any]:
    return [e for e in events if e.audience is None]


def whys(result: Any) -> list[tuple[int, int, int, str]]:
    """Every payment of the hand's outcome with its reason in zh-CN (its stored form read back: the same)."""
    outcome = Outcome.from_json(result.outcome.to_json())
    assert outcome == result.outcome
    return [(p.payer, p.payee, p.amount, p.why.zh()) for p in outcome.payments]


def birds_seen(birds: Iterable[Any] | None, winners: Iterable[int]) -> dict[str, Any] | None:
    """A won hand's birds as the table reads them: each tile, whether it hit, and the hits each winner counts."""
    if birds is None:
        return None
    birds = list(birds)
    return {"tiles": [b.card for b in birds], "hit": [bool(b.hits) for b in birds],
            "hits": {str(s): sum(b.counts for b in birds if s in b.hits) for s in winners}}


def result_birds(result: Any) -> dict[str, Any] | None:
    """The birds of a hand's outcome, as :func:`birds_seen` reads them."""
    outcome = result.outcome
    return birds_seen(outcome.birds, [w.seat for w in outcome.winners]) if outcome.birds_drawn else None
