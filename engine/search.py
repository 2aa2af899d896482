"""Search over what a seat cannot see (the 困难 level of every family): determinized sampling and play-outs.

A 困难 decision in any family is the same loop: deal the cards the seat has not seen — the other hands, the wall,
face-down groups — at random but consistently with what it has seen (the family's ``redeal``), play each
candidate action out to the end of the hand with a fast policy in every seat, and take the candidate with the
most points for the seat on average under the variant's own settlement (the hand's ``deltas``). Every candidate
is played on the same deals, so they are compared on the same cards (common random numbers), and ties go to
the candidate listed first (a family lists its baseline's choice first).

The random stream is seeded from the seat's information set alone (:func:`info_seed`: its own view of the table
and the public log), never from the deal, so the choice is the same whatever the hidden cards are and again when
a table is restored from its log. A family writes what only it knows: which cards are unseen and how a deal of
them is laid into a copy of its hand (``redeal``), which candidates are worth weighing, and its fast policy.
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .core import Action, Game, LegalCache

G = TypeVar("G")

Policy = Callable[[Any, int], Action]
Redeal = Callable[[Any, int, random.Random], Any]


def info_seed(*parts: object) -> int:
    """A 64-bit seed from what a seat knows (pass its view, its seat and the public log, never a hidden card)."""
    text = repr(parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def fork(game: G, shared: Sequence[object] = ()) -> G:
    """A copy of a hand that can be played on without touching ``game``: its state copied deeply, its rules,
    options and recorded wall shared (never changed by play), its log and events started empty, and its own
    legal-action cache. ``shared`` names more objects play never changes (kept, not copied)."""
    src: Any = game
    memo: dict[int, Any] = {id(o): o for o in shared}
    for name in ("rules", "options", "deck", "carry"):
        value = getattr(src, name, None)
        if value is not None:
            memo[id(value)] = value
    memo[id(src.log)] = []
    memo[id(src.events)] = []
    memo[id(src._legal_cache)] = None
    out: Any = copy.deepcopy(game, memo)
    out._legal_cache = LegalCache(out._legal)
    return out  # type: ignore[no-any-return]


def deal_out(pool: list[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """The pool shuffled and cut into parts of the given sizes, in order (what is left over is the last part)."""
    cards = list(pool)
    rng.shuffle(cards)
    parts: list[list[int]] = []
    at = 0
    for n in sizes:
        parts.append(cards[at:at + n])
        at += n
    parts.append(cards[at:])
    return parts


def play_out(game: Game, seat: int, first: Action, policy: Policy, *, limit: int = 2000) -> int:
    """The points ``seat`` ends the hand with after taking ``first`` at its next decision, every other decision
    played by ``policy``. In a deal where the others settle a claim window before ``seat`` is asked (a better
    claim in their re-dealt hands), ``first`` is moot there and ``policy`` plays that seat too."""
    pending: Action | None = first
    steps = 0
    while not game.finished:
        seats = game.to_act()
        if pending is not None and seat in seats:
            action = pending if pending in game.legal_actions(seat) else policy(game, seat)
            pending = None
            game.apply(seat, action)
        else:
            s = seats[0]
            game.apply(s, policy(game, s))
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{game.variant_id}: a play-out ran past {limit} actions")
    assert game.result is not None
    return int(game.result.deltas[seat])


def best_by_sampling(game: Game, seat: int, candidates: Sequence[Action], redeal: Redeal, policy: Policy,
                     samples: int, seed: int, *, copy_hand: Callable[[Any], Any] = fork,
                     confidence: float = 0.0) -> Action:
    """The candidate with the most points for ``seat`` summed over ``samples`` deals of the unseen cards (each
    deal drawn by ``redeal(game, seat, rng)`` from a stream seeded with ``seed``), every candidate played out
    on the same deals with ``policy``; ties go to the earliest candidate. ``copy_hand`` copies a deal for one
    play-out (a family may bring a faster copy than :func:`fork`). With ``confidence`` z > 0 another candidate
    displaces the first (the family's baseline) only when its gain over it, deal by deal, is more than z
    standard errors above zero: a few noisy play-outs do not overturn a sound default."""
    if len(candidates) == 1:
        return candidates[0]
    rng = random.Random(seed)
    points: list[list[int]] = [[] for _ in candidates]
    for _ in range(samples):
        deal = redeal(game, seat, rng)
        for i, a in enumerate(candidates):
            points[i].append(play_out(copy_hand(deal), seat, a, policy))
    totals = [sum(p) for p in points]
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    if best == 0 or confidence <= 0 or samples < 2:
        return candidates[best]
    gains = [b - a for a, b in zip(points[0], points[best], strict=True)]
    mean = sum(gains) / samples
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (samples - 1) / samples)
    return candidates[best] if mean > confidence * spread else candidates[0]


__all__ = ["best_by_sampling", "deal_out", "fork", "info_seed", "play_out"]
