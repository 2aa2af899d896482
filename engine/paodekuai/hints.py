"""跑得快's card counter (记牌器) for one seat: which ranks are still unseen, and which of its plays nothing unseen
can beat.

Unseen = the cards in play less the seat's own hand and every card already played (face up). The two opponents
share them, so "some unseen cards beat it" only says it *may* be beaten; "nothing unseen beats it" is certain:
those plays are 管不上 for everyone else."""

from __future__ import annotations

from ..core import Game
from .cards import RANKS, counts_of
from .game import PaodekuaiGame, play_of, shown
from .plays import follow_plays
from .views import Counter


def unseen_counts(game: PaodekuaiGame, seat: int) -> list[int]:
    """Per rank (3 … 2), the copies neither in this seat's hand nor played."""
    known = list(game.hands[seat]) + [c for p in game.played for c in p]
    left = counts_of(game.deck)
    for r, n in enumerate(counts_of(known)):
        left[r] -= n
    return left


def paodekuai_hints(game: Game, seat: int) -> list[Counter]:
    """The seat's :class:`Counter` (one entry), or none before the deal and once the hand is over."""
    assert isinstance(game, PaodekuaiGame)
    if game.finished or game.predeal is not None:
        return []
    left = unseen_counts(game, seat)
    safe = []
    for action in game.legal_actions(seat):
        if action.kind in ("pass", "stake"):
            continue
        play = play_of(action)
        if not follow_plays(left, play, game.rules):
            safe.append(play)
    safe.sort(key=lambda p: (p.kind == "bomb", p.main), reverse=True)  # the strongest first
    return [Counter(tuple((RANKS[r], n) for r, n in enumerate(left) if n), tuple(shown(p) for p in safe))]
