"""Stacked-wall helpers for scripted 字牌 tests: build a hand with chosen deals and wall order, and drive it."""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.registry import get_variant
from engine.zipai.cards import N_KINDS, parse_cards
from engine.zipai.game import ZipaiGame
from engine.zipai.rules import ZipaiRules


def stacked_deck(rules: ZipaiRules, hands: list[str], liang: str, wall: str = "", dealer: int = 0) -> list[int]:
    """An 80-card deck order for ``ZipaiGame(deck=...)``.

    ``hands`` are the dealt cards of the active seats in deal order (dealer first, without his 亮张), each
    padded to the deal size with cards of kinds the hand does not hold yet (so padding adds no pairs while
    it can); ``wall`` lists the first wall cards in draw order, the rest of the pack follows."""
    pool = [4] * N_KINDS
    wanted = [parse_cards(h) for h in hands] + [parse_cards(liang), parse_cards(wall)]
    for cards in wanted:
        for c in cards:
            pool[c] -= 1
            assert pool[c] >= 0, f"more than 4 of card {c}"
    deck: list[int] = []
    for k, cards in enumerate(wanted[: len(hands)]):
        hand = list(cards)
        counts = [hand.count(c) for c in range(N_KINDS)]
        for limit in (1, 2):  # singles first, pairs only when the pool forces them
            for step in range(N_KINDS):
                c = (7 * step + 3 * k) % N_KINDS
                while len(hand) < rules.deal_size and pool[c] and counts[c] < limit:
                    hand.append(c)
                    counts[c] += 1
                    pool[c] -= 1
        assert len(hand) == rules.deal_size, "could not pad the hand"
        deck += hand
        if k == 0:
            deck += wanted[len(hands)]  # the dealer's last dealt card is the 亮张
    deck += wanted[-1]
    deck += [c for c in range(N_KINDS) for _ in range(pool[c])]
    assert len(deck) == 80
    return deck


def stacked_game(rules: ZipaiRules, options: dict[str, Any] | None, hands: list[str], liang: str, wall: str = "",
                 dealer: int = 0, carry: dict[str, Any] | None = None) -> ZipaiGame:
    """A hand of ``rules`` (a variant's ZipaiRules) with the variant's validated options and a stacked deck."""
    opts = get_variant(rules.id).validate(options)
    game = ZipaiGame(rules, opts, 0, dealer, carry, deck=stacked_deck(rules, hands, liang, wall, dealer))
    return game


def pass_until(game: ZipaiGame, seat: int, kinds: tuple[str, ...] = ()) -> None:
    """Let every other seat pass until ``seat`` is to act (and, if given, has an action of ``kinds``)."""
    for _ in range(200):
        to_act = game.to_act()
        if seat in to_act and (not kinds or any(a.kind in kinds for a in game.legal_actions(seat))):
            return
        others = [s for s in to_act if s != seat]
        assert others, f"seat {seat} never gets to act; to_act={to_act}"
        other = others[0]
        legal = game.legal_actions(other)
        if Action("pass") in legal:
            game.apply(other, "pass")
        else:  # a discard: throw the first legal card
            game.apply(other, legal[0])
    raise AssertionError("pass_until did not converge")


def codes(game: ZipaiGame, seat: int) -> list[str]:
    return [a.code for a in game.legal_actions(seat)]
