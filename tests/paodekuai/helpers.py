"""Scripted 跑得快 hands: a game whose three hands are set card by card."""

from __future__ import annotations

from typing import Any

from engine.paodekuai.cards import counts_of, parse_cards
from engine.paodekuai.game import PaodekuaiGame
from engine.registry import get_variant


def options(**kw: Any) -> dict[str, Any]:
    return get_variant("paodekuai").validate(kw)


def scripted(hands: list[str], leader: int = 0, carry: dict[str, Any] | None = None, **kw: Any) -> PaodekuaiGame:
    """A later hand (no lead-card rule) led by ``leader`` whose hands are exactly ``hands`` (``"S3 H3 …"``):
    the deal is replaced, so a rule can be shown on a few cards."""
    game = PaodekuaiGame(options(**kw), 1, leader, {"hands_played": 1, **(carry or {})})
    for s, text in enumerate(hands):
        cards = sorted(parse_cards(text))
        game.hands[s] = cards
        game.counts[s] = counts_of(cards)
    game.hearts10 = next((s for s, h in enumerate(game.hands) if 4 * 7 + 1 in h), None)
    game.deck = tuple(c for h in game.hands for c in h)
    return game


def codes(game: PaodekuaiGame, seat: int | None = None) -> list[str]:
    seat = game.to_act()[0] if seat is None else seat
    return [a.code for a in game.legal_actions(seat)]


def play(game: PaodekuaiGame, *moves: str) -> None:
    """Apply moves for whoever is to act: action codes (``pair:7``, ``pass``)."""
    for m in moves:
        game.apply(game.to_act()[0], m)
