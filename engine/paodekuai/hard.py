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

Under 有牌必压 a pass says something: the seat held nothing that beats the play on the table then. A deal is drawn
again (up to ``REDRAWS`` times) until every pass the others made is honest in it — their cards then (the cards
dealt to them now and those they played since) beat nothing they passed on. The loop itself (deals, play-outs on
the same deals, the choice) is the shared one in ``engine/search.py``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

from ..core import Action, Game, LegalCache
from ..ledger import Ledger
from ..search import best_by_sampling, info_seed
from . import ai
from .cards import DECK, HEART10, counts_of, deck_for
from .game import PASS, SEATS, PaodekuaiGame, action_of, play_of
from .plays import Play, follow_plays

SAMPLES = 10  # deals of the unseen cards per decision
CANDIDATES = 6  # actions compared per decision (普通's choice always among them)
REDRAWS = 30  # deals drawn at most for one sample until the others' passes are honest in it
MENDS = 300  # swaps tried at most to mend the least dishonest of them

# A pass seen: (who passed, the play he passed on, how many cards he had played by then)
Passed = tuple[int, Play, int]


def _seed(game: PaodekuaiGame, seat: int) -> int:
    """A seed from the seat's information set alone: its seat, its own cards and the public log."""
    return info_seed(seat, tuple(game.hands[seat]), tuple(game.log), game.options.get("cards", 16))


def _passes(game: PaodekuaiGame, seat: int) -> list[Passed]:
    """Every pass another seat made under 有牌必压, read from the public log: what it passed on and how many
    cards it had played then (so its hand then is its hand now and what it played after)."""
    if not game.options.get("must_beat", True):
        return []
    out: list[Passed] = []
    played = [0] * SEATS
    top: Play | None = None
    passes = 0
    for s, code in game.log:
        action = Action.parse(code)
        if action.kind == "pass":
            if s != seat and top is not None:
                out.append((s, top, played[s]))
            passes += 1
            if passes >= SEATS - 1:
                top, passes = None, 0
        elif action.kind != "stake":
            top = play_of(action)
            played[s] += top.size
            passes = 0
    return out


def _lies(game: PaodekuaiGame, hands: dict[int, list[int]], passes: Sequence[Passed]) -> int:
    """How many passes seen would not have been forced had the others held ``hands``: the passer's cards then
    (these and those he played since) beat the play he passed on."""
    return sum(1 for s, top, before in passes
               if follow_plays(counts_of(hands[s] + game.played[s][before:]), top, game.rules))


def _honest(game: PaodekuaiGame, passes: Sequence[Passed]) -> bool:
    """Whether every pass seen was forced in this deal."""
    return _lies(game, {s: game.hands[s] for s in range(SEATS)}, passes) == 0


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


def _dealt(game: PaodekuaiGame, seat: int, unseen: list[int], rng: random.Random) -> dict[int, list[int]]:
    """A random deal of the unseen cards to the other seats at their hand sizes (the rest out of play)."""
    pool = list(unseen)
    rng.shuffle(pool)
    out: dict[int, list[int]] = {}
    at = 0
    for s in range(SEATS):
        if s != seat:
            n = len(game.hands[s])
            out[s] = pool[at:at + n]
            at += n
    out[seat] = pool[at:]  # out of play (15 cards a seat, 随机抽取4张): never the seat's own hand
    return out


def _laid(game: PaodekuaiGame, seat: int, hands: dict[int, list[int]]) -> PaodekuaiGame:
    """A copy of the game with the other seats holding ``hands`` (and so whoever holds ♥10 in that deal holds it,
    or nobody when it is out of play)."""
    g = _fork(game)
    for s in range(SEATS):
        if s != seat:
            g.hands[s] = sorted(hands[s])
            g.counts[s] = counts_of(g.hands[s])
    g.hearts10 = next((s for s in range(SEATS) if HEART10 in g.hands[s] or HEART10 in g.played[s]), None)
    return g


def _sampled(game: PaodekuaiGame, seat: int, unseen: list[int], rng: random.Random) -> PaodekuaiGame:
    """A copy of the game whose other seats hold a random deal of the unseen cards, blind to the passes."""
    return _laid(game, seat, _dealt(game, seat, unseen, rng))


def honest_deal(game: PaodekuaiGame, seat: int, rng: random.Random, unseen: list[int],
                passes: Sequence[Passed]) -> PaodekuaiGame:
    """A deal of the unseen cards in which every pass seen was forced: drawn afresh up to ``REDRAWS`` times,
    then (when the passes are many) the least dishonest draw mended by swapping cards between the unseen places
    (two other hands and the cards out of play), a swap kept when it makes no more passes dishonest."""
    best: tuple[int, dict[int, list[int]]] | None = None
    for _ in range(REDRAWS):
        hands = _dealt(game, seat, unseen, rng)
        lies = _lies(game, hands, passes)
        if best is None or lies < best[0]:
            best = (lies, hands)
        if lies == 0:
            break
    assert best is not None
    lies, hands = best
    places = [s for s in range(SEATS) if hands[s]]
    for _ in range(MENDS):
        if lies == 0:
            break
        s, t = rng.sample(places, 2)
        i, j = rng.randrange(len(hands[s])), rng.randrange(len(hands[t]))
        hands[s][i], hands[t][j] = hands[t][j], hands[s][i]
        now = _lies(game, hands, passes)
        if now <= lies:
            lies = now
        else:
            hands[s][i], hands[t][j] = hands[t][j], hands[s][i]
    return _laid(game, seat, hands)


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


def _normal(game: Game, seat: int) -> Action:
    return ai.choose(game, seat)


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
    unseen = _unseen(game, seat)
    passes = _passes(game, seat)

    def redeal(g: PaodekuaiGame, s: int, rng: random.Random) -> PaodekuaiGame:
        return honest_deal(g, s, rng, unseen, passes)

    return best_by_sampling(game, seat, candidates, redeal, _normal, SAMPLES, _seed(game, seat), copy_hand=_fork)


__all__ = ["choose"]
