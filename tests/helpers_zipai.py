"""Stacked-wall 字牌 hands for scripted game tests.

``stacked`` deals a :class:`ZipaiGame` from a chosen card order (the ``deck`` hook of ``ZipaiGame``). Tests
name only the cards that matter: each seat's special cards, the dealer's 亮张 and the first wall cards; the
rest of every hand is filled with **one card of each kind not yet held** (canonical order 一…十 壹…拾), so
the filler makes no pairs and no 坎 (no compulsory 偎/提/跑, no accidental wins), and the dealer's filler
pair is the 亮张's kind. Only when the special cards exhaust a kind does the filler pair up the most
plentiful kind left (big cards first). Remaining cards go to the end of the wall in canonical order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event
from engine.variants.paohuzi import OPTIONS, RULES
from engine.zipai.cards import N_KINDS, name, parse_cards
from engine.zipai.game import ZipaiGame
from engine.zipai.rules import ZipaiRules

DEFAULT_OPTIONS: dict[str, Any] = {o.key: o.default for o in OPTIONS}


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
    opts = DEFAULT_OPTIONS | dict(options or {})
    deck = stack_deck(hands, wall, dealer, liang, last, rules)
    return ZipaiGame(rules, opts, 0, dealer, carry, deck=deck)


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
    views = [game.public_view(), *[game.view(s) for s in range(game.seats)]]
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
