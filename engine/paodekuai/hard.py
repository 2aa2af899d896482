"""The 跑得快 困难 AI: information-set sampling over what the seat cannot see.

For each decision that is a real choice it deals the cards the seat has not seen (the deck less its own hand and
every card played) to the other two seats at their known hand sizes — the rest, in a 15-card or 随机抽取4张 game,
out of play — ``SAMPLES`` times, plays each candidate out in every sample with 普通 (``ai.choose``) in every seat,
and takes the candidate with the most points for itself on average (the hand's own settlement: cards left, 全关,
♥10, bombs paid now), the same samples for every candidate so they are compared on the same cards.

It reads only what the seat may know: its own cards, the cards played, the hand sizes, the trick, 报单 and the
public log. Its random stream is seeded from exactly those (never from the deal), so its choice is a function of the
seat's information set: the same whatever the hidden cards are (``tests/test_ai_levels.py`` shuffles them), and the
same again when a table is restored from its log. Candidates are pruned with 普通's own order (its choice first,
then the weakest leads / cheapest follows, a pass where legal), so a decision stays within a few tens of ms.
"""

from __future__ import annotations

import copy
import hashlib
import random

from ..core import Action, Game, LegalCache
from ..ledger import Ledger
from . import ai
from .cards import DECK, HEART10, counts_of, deck_for
from .game import PASS, SEATS, PaodekuaiGame, action_of, play_of

SAMPLES = 10  # deals of the unseen cards per decision
CANDIDATES = 6  # actions compared per decision (普通's choice always among them)


def _seed(game: PaodekuaiGame, seat: int) -> int:
    """A seed from the seat's information set alone: its seat, its own cards and the public log."""
    text = repr((seat, tuple(game.hands[seat]), tuple(game.log), game.options.get("cards", 16)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _unseen(game: PaodekuaiGame, seat: int) -> list[int]:
    """The cards this seat has not seen: the game's deck (all 52 when 随机抽取4张 removed four unknown ones) less
    its own hand and everything played."""
    each = int(game.options.get("cards", 16))
    random4 = each == 16 and bool(game.options.get("random_remove4"))
    deck = DECK if random4 else deck_for(each, False)
    seen = set(game.hands[seat]) | {c for pile in game.played for c in pile}
    return [c for c in deck if c not in seen]


def _fork(game: PaodekuaiGame) -> PaodekuaiGame:
    """A copy that can be played on without touching ``game`` (what a play changes is copied; the rules, options
    and the trick's immutable plays are shared)."""
    g = copy.copy(game)
    g.hands = [list(h) for h in game.hands]
    g.counts = [list(c) for c in game.counts]
    g.plays_made = list(game.plays_made)
    g.baodan = list(game.baodan)
    g.ledger = Ledger(game.ledger.seats, list(game.ledger.payments))
    g.bombs_paid = list(game.bombs_paid)
    g.played = [list(p) for p in game.played]
    g.trick = list(game.trick)
    g.log = []
    g.events = []
    g._legal_cache = LegalCache(g._legal)
    return g


def _sampled(game: PaodekuaiGame, seat: int, unseen: list[int], rng: random.Random) -> PaodekuaiGame:
    """A copy of the game whose other seats hold a random deal of the unseen cards at their hand sizes (and so
    whoever holds ♥10 in that deal holds it, or nobody when it is out of play)."""
    pool = list(unseen)
    rng.shuffle(pool)
    g = _fork(game)
    at = 0
    for s in range(SEATS):
        if s != seat:
            n = len(game.hands[s])
            g.hands[s] = sorted(pool[at:at + n])
            g.counts[s] = counts_of(g.hands[s])
            at += n
    g.hearts10 = next((s for s in range(SEATS) if HEART10 in g.hands[s] or HEART10 in g.played[s]), None)
    return g


def _rollout(game: PaodekuaiGame, seat: int, first: Action) -> int:
    game.apply(seat, first)
    while not game.finished:
        s = game.to_act()[0]
        game.apply(s, ai.choose(game, s))
    assert game.result is not None
    return game.result.deltas[seat]


def _candidates(game: PaodekuaiGame, seat: int, legal: list[Action]) -> list[Action]:
    baseline = ai.choose(game, seat)
    counts = game.counts[seat]
    bombs = frozenset(r for r in range(13) if counts[r] == 4)
    plays = sorted((play_of(a) for a in legal if a.kind != "pass"), key=lambda p: ai._weakness(bombs, p))
    out = [baseline]
    if PASS in legal and PASS not in out:
        out.append(PASS)
    for p in plays:
        if len(out) >= CANDIDATES:
            break
        a = action_of(p)
        if a not in out:
            out.append(a)
    return out


def choose(game: Game, seat: int) -> Action:
    """困难: the candidate with the most points on average over sampled deals of the unseen cards."""
    assert isinstance(game, PaodekuaiGame)
    legal = game.legal_actions(seat)
    if game.predeal is not None or len(legal) <= 1:
        return ai.choose(game, seat)
    held = len(game.hands[seat])
    for a in legal:
        if a.kind != "pass" and play_of(a).size == held:
            return a  # out in one play: nothing to weigh
    candidates = _candidates(game, seat, legal)
    if len(candidates) == 1:
        return candidates[0]
    rng = random.Random(_seed(game, seat))
    unseen = _unseen(game, seat)
    totals = [0] * len(candidates)
    for _ in range(SAMPLES):
        deal = _sampled(game, seat, unseen, rng)
        for i, a in enumerate(candidates):
            totals[i] += _rollout(_fork(deal), seat, a)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))  # ties: 普通's order
    return candidates[best]


__all__ = ["choose"]
