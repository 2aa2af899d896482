"""The mahjong baseline AI (托管 and empty seats): a sensible beginner, by the checker's distance to a win.

It wins whenever it may; discards the tile whose loss leaves the hand closest to winning (ties: the tile with
the fewest neighbours, honours and terminals first — what a beginner throws); claims a 碰/吃/杠 only when that
brings the hand closer; makes a kong when it costs no distance; never raises the stakes (不加锤).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import Action, Game
from .game import DISCARDS, PASS, MahjongGame
from .tiles import KINDS, tile_id


def _split(game: MahjongGame, counts: Sequence[int]) -> tuple[list[int], int]:
    return game._split(counts)


def _distance(game: MahjongGame, counts: Sequence[int], limit: int | None = None) -> int:
    """The checker's distance of a hand's counts (its memo is keyed by bytes: a ``bytes`` or ``bytearray`` hand
    is its own key at once, a list takes longer to turn into one)."""
    if game.rules.wild is None:
        return int(game.rules.checker.distance(counts, 0, limit=limit))  # nothing to split off
    plain, wild = _split(game, counts)
    return int(game.rules.checker.distance(plain, wild, limit=limit))


# Per tile: where its neighbours lie in a hand's counts (its suit's tiles within two; a 字 itself), and what breaks
# a tie between tiles as near (terminals and 字 before middle tiles, then the tile itself).
_NEAR_FROM = tuple(t if t >= 27 else max(t - 2, t - t % 9) for t in range(KINDS))
_NEAR_TO = tuple(t + 1 if t >= 27 else min(t + 3, t - t % 9 + 9) for t in range(KINDS))
_TIE = tuple((100 if t < 27 and 0 < t % 9 < 8 else 0) + t for t in range(KINDS))


def _useless(counts: Sequence[int], t: int, wild: int | None) -> int:
    """How little a tile is worth keeping, smallest first: fewer copies and neighbours, then terminals and 字
    before middle tiles, then the lower tile, folded into one int (a decision sorts a dozen; tuples cost more than
    the search they order); 红中 (wild) is never thrown before another."""
    if t == wild:
        return 999_900 + t
    return sum(counts[_NEAR_FROM[t]:_NEAR_TO[t]]) * 10_000 + _TIE[t]


def _byte_mask(keep: Callable[[int], bool]) -> int:
    return int.from_bytes(bytes(255 if keep(t) else 0 for t in range(KINDS)), "little")


# The counts each suited tile takes from a neighbour one or two kinds lower (``_LOW1``, ``_LOW2``) or higher, as byte
# masks of the counts read as one int (a 字 has no neighbours)
_LOW1 = _byte_mask(lambda t: t < 27 and t % 9 != 8)
_LOW2 = _byte_mask(lambda t: t < 27 and t % 9 < 7)
_HIGH1 = _byte_mask(lambda t: t < 27 and t % 9 != 0)
_HIGH2 = _byte_mask(lambda t: t < 27 and t % 9 > 1)


def _ranked(counts: Sequence[int], choices: list[int], wild: int | None) -> list[int]:
    """``choices`` least useful first: sorted by ``_useless``, worked out for every tile at once — the counts as one
    int, a byte a tile, plus the counts shifted one and two tiles either way within each suit give each tile its
    neighbours' sum (at most 20: no carry) — each value ending in its tile (``_TIE`` holds it under 100), so the
    ints alone sort and carry it (a key function per tile cost more than the sort)."""
    x = int.from_bytes(bytes(counts), "little")
    near = (x + ((x & _LOW1) << 8) + ((x & _LOW2) << 16) + ((x & _HIGH1) >> 8) + ((x & _HIGH2) >> 16)).to_bytes(
        KINDS + 2, "little")
    if wild is None:
        keys = [near[t] * 10_000 + _TIE[t] for t in choices]
    else:
        keys = [near[t] * 10_000 + _TIE[t] if t != wild else 999_900 + t for t in choices]
    keys.sort()
    return [k % 100 for k in keys]


def best_discard(game: MahjongGame, seat: int, counts: Sequence[int], choices: list[int]) -> tuple[int, int]:
    """(tile, distance after discarding it) of the best discard among ``choices``: the least useful tile among
    those leaving the hand closest to a win.

    Cheap because the best distance is known in advance: a 14 − 3k hand ``d`` tiles from a win keeps a
    13 − 3k hand ``max(d, 1)`` away after its best discard (the first tile an optimal replacement gives up), so
    the candidates are tried from the least useful and the first that keeps that distance is the answer."""
    wild = game.rules.wild
    checker = game.rules.checker
    # the hand as the checker takes it (``_split``)
    plain = bytearray(counts)
    held = 0
    if wild is not None:
        held, plain[wild] = plain[wild], 0
    hand = bytes(plain)
    ranked = _ranked(counts, choices, wild)  # the wildcard last
    others = [t for t in ranked if t != wild]
    # the hand's own distance (the checker works it out itself when there is no wildcard to set aside)
    target = None if wild is None else max(checker.distance(hand, held), 1)
    best: tuple[int, int] | None = None
    if others:  # the checker's own search, one tile out at a time, least useful first
        best = checker.first_discard(hand, held, others, target)
        if target is None or best[1] <= target:
            return best
    if target is not None and wild in ranked:  # (a target is set when the rules have a wildcard)
        d = checker.distance(hand, held - 1, limit=target)
        if d <= target:
            return wild, d
        if best is None or d < best[1]:
            best = (wild, d)
    assert best is not None
    return best


# the tile of each shared discard action (legal lists hold these very objects), read without parsing its code
_DISCARD_TILE = {id(a): t for t, a in enumerate(DISCARDS)}


def _discard_tile(action: Action) -> int:
    """A discard's tile: looked up for a shared action, parsed for any other."""
    tile = _DISCARD_TILE.get(id(action))
    return tile_id(action.cards[0]) if tile is None else tile


def _obvious(legal: list[Action]) -> Action | None:
    """What every level does alike: win when it may, and never raise the stakes (加锤 0). A 麻将 legal list puts
    its 胡 first (the turn's, a claim window's options, a rob window's only one)."""
    first = legal[0]
    if first.kind == "hu":
        return first
    if first.kind != "chui":
        return None
    return next((a for a in legal if a.cards == ("0",)), Action("chui", ("0",)))  # (the list's own: found by identity)


def choose(game: Game, seat: int) -> Action:
    assert isinstance(game, MahjongGame)
    legal = game.legal_actions(seat)
    obvious = _obvious(legal)
    if obvious is not None:
        return obvious
    counts = bytes(game.hands[seat])  # (the checker's memo key, and trials copied from it at once)
    if game.window is not None:
        return _claim(game, seat, counts, legal)
    before = legal  # what may hold a kong
    if type(game) is MahjongGame:
        # the family's turn ends with exactly the discards of ``_discard_order``, after the 胡 and the kongs
        choices = game._discard_order(seat)
        before = legal[:len(legal) - len(choices)]
    else:
        choices = [_discard_tile(a) for a in legal if a.kind == "discard"]
    tile, after = best_discard(game, seat, counts, choices)
    for a in before:
        if a.kind in ("angang", "bugang"):
            t = tile_id(a.cards[0])
            trial = bytearray(counts)
            trial[t] -= 4 if a.kind == "angang" else 1
            if sum(trial) % 3 == 1 and _distance(game, trial) <= after:
                return a
    return DISCARDS[tile]


def _claim(game: MahjongGame, seat: int, counts: Sequence[int], legal: list[Action]) -> Action:
    now = _distance(game, counts)
    card = game.window_card
    assert card is not None, "a claim answers a tile on offer"
    best: tuple[int, int, Action] | None = None
    hand = bytearray(counts)  # each trial a copy of it (bytes-like: the checker's memo key made at once)
    for a in legal:
        if a.kind not in ("peng", "chi", "gang"):
            continue
        trial = bytearray(hand)
        if a.kind == "peng":
            trial[card] -= 2
        elif a.kind == "gang":
            trial[card] -= 3
        else:
            for c in a.cards:
                t = tile_id(c)
                if t != card:
                    trial[t] -= 1
        if a.kind == "gang":
            after = _distance(game, trial) if sum(trial) % 3 == 1 else now
            rank = 0
        else:
            if max(_distance(game, trial), 1) >= now:
                continue  # its best discard keeps at least that: never closer (most claims), no search
            choices = [t for t in range(KINDS) if trial[t]]
            _, after = best_discard(game, seat, trial, choices)
            rank = 1
        closer = after < now or (a.kind == "gang" and after <= now)
        if closer and (best is None or (after, rank) < (best[0], best[1])):
            best = (after, rank, a)
    return best[2] if best is not None else PASS


def choose_easy(game: Game, seat: int) -> Action:
    """简单: a beginner. Wins when it may and never raises the stakes, but never claims (碰/吃/杠 pass by),
    never kongs, and discards by a glance at the hand — the tile with the fewest neighbours, honours and
    terminals first — without counting how far the hand is from a win."""
    assert isinstance(game, MahjongGame)
    legal = game.legal_actions(seat)
    obvious = _obvious(legal)
    if obvious is not None:
        return obvious
    if game.window is not None:
        passes = [a for a in legal if a.kind == "pass"]
        return passes[0] if passes else choose(game, seat)
    return easy_discard(game, seat, legal)


def easy_discard(game: MahjongGame, seat: int, legal: list[Action]) -> Action:
    """The 简单 discard: the least connected tile at a glance (no distance counted)."""
    counts = game.hands[seat]
    wild = game.rules.wild
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return choose(game, seat)
    return min(discards, key=lambda a: _useless(counts, tile_id(a.cards[0]), wild))
