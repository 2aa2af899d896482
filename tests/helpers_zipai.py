"""Stacked-wall helpers for scripted 字牌 tests: build a hand with chosen deals and wall order, and drive it.

Every hand is built through ``Variant.new_hand(..., wall=...)``, so its rules and options are exactly those a
shuffled hand with the same options gets. Two deck builders:

* ``stacked_deck`` / ``stacked_game`` (any variant): hands in deal order, padded with unheld kinds.
* ``stack_deck`` / ``stacked`` (跑胡子 by default): hands by absolute seat, each filled with **one card of each
  kind not yet held** (canonical order 一…十 壹…拾), so the filler makes no pairs and no 坎 (no compulsory
  偎/提/跑, no accidental wins); the dealer's filler pair is the 亮张's kind. Only when the named cards exhaust
  a kind does the filler pair up the most plentiful kind left (big cards first). ``wall`` cards are drawn
  first, ``last`` ones last, the rest in canonical order between.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event
from engine.registry import get_variant
from engine.variants.paohuzi import RULES
from engine.zipai.cards import N_KINDS, name, parse_cards
from engine.zipai.game import ZipaiGame
from engine.zipai.rules import ZipaiRules
from engine.zipai.variant import hand_rules


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


def stacked_hand(variant_id: str, options: Mapping[str, Any] | None, deck: Sequence[int], dealer: int = 0,
                 carry: dict[str, Any] | None = None) -> ZipaiGame:
    """A hand of the variant with its validated ``options`` dealt from ``deck``, the way a match deals it."""
    variant = get_variant(variant_id)
    game = variant.new_hand(variant.validate(dict(options or {})), 0, dealer, dict(carry or {}), wall=deck)
    assert isinstance(game, ZipaiGame)
    return game


def _same_rules(rules: ZipaiRules, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The validated options, refusing ``rules`` the options would not give (a stacked hand must be a real one)."""
    variant = get_variant(rules.id)
    opts = variant.validate(dict(options or {}))
    derived = hand_rules(variant, opts)
    assert derived == rules, f"{rules.id}: the options {opts} give other rules than those asked for"
    return opts


def stacked_game(rules: ZipaiRules, options: dict[str, Any] | None, hands: list[str], liang: str, wall: str = "",
                 dealer: int = 0, carry: dict[str, Any] | None = None) -> ZipaiGame:
    """A hand of ``rules`` (a variant's ZipaiRules, which ``options`` must give) with a stacked deck."""
    opts = _same_rules(rules, options)
    return stacked_hand(rules.id, opts, stacked_deck(rules, hands, liang, wall, dealer), dealer, carry)


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


# ---- 跑胡子 scripted tests (absolute seats, one-of-each filler)


def stack_deck(hands: Sequence[str], wall: str = "", dealer: int = 0, liang: str = "拾", last: str = "",
               rules: ZipaiRules = RULES) -> list[int]:
    """The 80-card deck (dealer's 21 with the 亮张 last, then 下家, then 上家, then the wall: ``wall`` first,
    ``last`` at the very end)."""
    seats = rules.seats
    assert len(hands) == seats
    pool = [4] * N_KINDS

    def take(cards: list[int], what: str) -> None:
        for c in cards:
            if pool[c] <= 0:
                raise ValueError(f"{what}: no {name(c)} left")
            pool[c] -= 1

    wall_cards = parse_cards(wall)
    take(wall_cards, "wall")
    last_cards = parse_cards(last)
    take(last_cards, "last")
    liang_card = parse_cards(liang)[0]
    take([liang_card], "liang")
    special = [parse_cards(h) for h in hands]
    for s in range(seats):
        take(special[s], f"seat {s}")
    dealt: list[list[int]] = [[] for _ in range(seats)]
    for k in range(seats):
        seat = (dealer + k) % seats
        size = rules.deal_size  # the dealer's 亮张 comes on top
        held = list(special[seat])
        if len(held) > size:
            raise ValueError(f"seat {seat}: {len(held)} special cards")
        for c in range(N_KINDS):
            if len(held) < size and c not in held and pool[c] > 0:
                held.append(c)
                pool[c] -= 1
        while len(held) < size:  # kinds ran out: pair up the most plentiful kind (big cards first)
            c = max((k for k in range(N_KINDS) if pool[k] > 0 and held.count(k) < 3),
                    key=lambda k: (pool[k], -held.count(k), k))
            held.append(c)
            pool[c] -= 1
        assert len(held) == size
        dealt[seat] = held + ([liang_card] if seat == dealer else [])
    rest = [c for c in range(N_KINDS) for _ in range(pool[c])]
    deck: list[int] = []
    for k in range(seats):
        deck.extend(dealt[(dealer + k) % seats])
    deck.extend(wall_cards + rest + last_cards)
    assert sorted(deck) == sorted(c for c in range(N_KINDS) for _ in range(4))
    return deck


def stacked(hands: Sequence[str] = ("", "", ""), wall: str = "", dealer: int = 0, liang: str = "拾",
            last: str = "", options: Mapping[str, Any] | None = None, carry: dict[str, Any] | None = None,
            rules: ZipaiRules = RULES) -> ZipaiGame:
    opts = _same_rules(rules, dict(options or {}))
    deck = stack_deck(hands, wall, dealer, liang, last, rules)
    return stacked_hand(rules.id, opts, deck, dealer, carry)


def legal(game: ZipaiGame, seat: int) -> set[str]:
    return {a.code for a in game.legal_actions(seat)}


def act(game: ZipaiGame, seat: int, code: str) -> list[Event]:
    assert code in legal(game, seat), (seat, code, sorted(legal(game, seat)), game.to_act())
    return game.apply(seat, Action.parse(code))


def resolve(game: ZipaiGame, choices: Mapping[int, str] | None = None) -> list[Event]:
    """Decide the open claim window: seats in ``choices`` take that action, everybody else asked passes."""
    choices = dict(choices or {})
    window = game.window
    assert window is not None, "no claim window open"
    events: list[Event] = []
    while game.window is window and not game.finished:
        pending = game.to_act()
        assert pending, "window open but nobody to act"
        seat = pending[0]
        code = choices.pop(seat, "pass")
        events += act(game, seat, code)
    assert not choices, f"seats never asked: {choices}"
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def snapshot(game: ZipaiGame) -> str:
    views = [game.public_view().to_json(), *[game.view(s).to_json() for s in range(game.seats)]]
    state = {"views": views, "log": list(game.log), "events": len(game.events), "wall": list(game.wall),
             "hands": [list(h) for h in game.hands], "chou": [sorted(c) for c in game.chou]}
    return json.dumps(state, ensure_ascii=False, sort_keys=True)


def meld_types(game: ZipaiGame, seat: int) -> list[tuple[str, str]]:
    return [(m.kind, name(m.card)) for m in game.melds[seat]]


def run_passive(game: ZipaiGame, stop: Any = None) -> None:
    """Everybody passes every claim and discards his first legal card, until ``stop(game)`` or the end."""
    while not game.finished and not (stop and stop(game)):
        if game.window is not None:
            seat = game.to_act()[0]
            act(game, seat, "pass")
        else:
            seat = game.to_act()[0]
            act(game, seat, game.legal_actions(seat)[0].code)
