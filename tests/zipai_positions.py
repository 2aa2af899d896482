"""Seeded random near-win 字牌 positions for the hint tests.

A position is dealt as a winning hand of the variant's 方门子 count — 一句话 (二七十 too), 绞, 坎 in hand and
吃/碰/偎/臭偎/跑/提 laid down, with the one 将 a hand with 跑/提 needs — then one card of the hand part is taken
out, so the hand waits on it (and maybe on others). Nothing is forced to reach the variant's 胡息 minimum: some
positions do, some fall short, by chance. Now and then a second card is swapped for a random one, which leaves a
hand that waits on nothing or on something else. At most four copies of a card, at most three of them in hand.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import Action
from engine.registry import get_variant
from engine.zipai.cards import N_KINDS, name, names
from engine.zipai.game import Meld, ZipaiGame
from engine.zipai.groups import Group
from engine.zipai.variant import hand_rules

HAND_KINDS = ("shun", "shun", "shun", "jiao", "kan")
MELD_KINDS = ("chi", "chi", "peng", "wei", "chouwei", "pao", "ti")
# How each meld kind shows to the others (as the game lays it: 偎 face down, 臭偎/提 one up, the rest open).
SHOWN = {"chi": 3, "peng": 3, "wei": 0, "chouwei": 1, "pao": 4, "ti": 1}

# Every 字牌 variant with option sets that change its pricing or its rules.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "paohuzi": [{}, {"mingtang": "honghei"}, {"mingtang": "duohong", "chongtun": 2}, {"huangfan": 1}],
    "fangpaofa": [{}, {"daniao": True}],
    "bopi": [{}, {"players": 3}, {"scoring": "deng"}],
    "anhua": [{}, {"tun": "1xi", "zimo_fanbei": False}, {"mingwei": True, "papo": True}],
    "liuhuqiang": [{}],
}


@dataclass(frozen=True)
class Position:
    """One seat's cards: ``hand`` counts per card and laid-down ``melds``; ``dealer`` and ``intakes`` (0: no card
    taken yet, so a win is 听胡) are the context the pricing reads."""

    variant: str
    options: dict[str, Any]
    hand: tuple[int, ...]
    melds: tuple[Group, ...]
    dealer: bool
    intakes: int

    def describe(self) -> str:
        held = names(c for c in range(N_KINDS) for _ in range(self.hand[c]))
        return f"{self.variant} {self.options} hand {held} melds {[str(m) for m in self.melds]} dealer {self.dealer}"

    def calculator_input(self, card: int, way: str) -> dict[str, Any]:
        """What a player would type into /calc for this hand won on ``card`` coming ``way``."""
        return {"variant": self.variant,
                "hand": [name(c) for c in range(N_KINDS) for _ in range(self.hand[c])], "win_card": name(card),
                "win_from": way, "melds": [{"type": g.kind, "cards": [name(c) for c in g.cards]} for g in self.melds],
                "options": dict(self.options),
                "context": {"dealer": self.dealer, "no_draw_yet": self.intakes == 0}}


def _sentence(rng: random.Random) -> tuple[int, ...]:
    base = 10 * rng.randrange(2)
    if rng.random() < 0.2:
        return (base + 1, base + 6, base + 9)  # 二七十
    low = rng.randrange(8)
    return (base + low, base + low + 1, base + low + 2)


def _jiao(rng: random.Random) -> tuple[int, ...]:
    r = rng.randrange(10)
    return (r, r, r + 10) if rng.random() < 0.5 else (r, r + 10, r + 10)


def _group(rng: random.Random, kind: str) -> Group:
    if kind == "shun":
        return Group("shun", _sentence(rng))
    if kind == "jiao":
        return Group("jiao", _jiao(rng))
    if kind == "chi":
        return Group("chi", tuple(sorted(_sentence(rng) if rng.random() < 0.8 else _jiao(rng))))
    card = rng.randrange(N_KINDS)
    size = 4 if kind in ("pao", "ti") else 3
    return Group(kind, (card,) * size)


def _winning(rng: random.Random, group_count: int) -> tuple[list[int], list[Group]] | None:
    """A complete hand: hand card counts (some 坎 among them, a 将 when a 跑/提 is down) and melds."""
    melds_wanted = rng.choice((0, 1, 1, 2, 2, 3, 3, 4))
    fours = 0
    hand: list[int] = [0] * N_KINDS
    melds: list[Group] = []
    total = [0] * N_KINDS
    for k in range(group_count):
        kind = rng.choice(MELD_KINDS) if k < melds_wanted else rng.choice(HAND_KINDS)
        if kind in ("pao", "ti"):
            if fours >= 2:
                kind = "peng"
            else:
                fours += 1
        g = _group(rng, kind)
        if g.kind in ("shun", "jiao", "kan"):
            for c in g.cards:
                hand[c] += 1
        else:
            melds.append(g)
        for c in g.cards:
            total[c] += 1
    if fours:
        pair = rng.randrange(N_KINDS)
        hand[pair] += 2
        total[pair] += 2
    if max(total) > 4 or max(hand) > 3:
        return None
    same = {g.cards[0] for g in melds if g.kind != "chi"}
    if any(hand[c] for c in same if rng.random() < 0.8):
        return None  # mostly: the 4th card of a 碰/偎 is not also held
    return hand, melds


def positions(game: ZipaiGame, count: int, seed: str) -> Iterator[Position]:
    """``count`` positions for a seat of ``game`` (its variant, rules and options), the same for the same
    ``seed``."""
    rules = game.rules
    variant, opts = game.variant_id, dict(game.options)
    rng = random.Random(f"{seed}:{variant}:{sorted(opts.items())}")
    made = 0
    while made < count:
        found = _winning(rng, rules.group_count)
        if found is None:
            continue
        hand, melds = found
        held = [c for c in range(N_KINDS) for _ in range(hand[c])]
        if not held:
            continue
        hand[rng.choice(held)] -= 1
        if rng.random() < 0.15:  # one more card swapped: often no wait at all, sometimes another one
            held = [c for c in range(N_KINDS) for _ in range(hand[c])]
            if held:
                hand[rng.choice(held)] -= 1
                hand[rng.randrange(N_KINDS)] += 1
        total = list(hand)
        for g in melds:
            for c in g.cards:
                total[c] += 1
        if max(total) > 4 or max(hand) > 3:
            continue
        yield Position(variant, opts, tuple(hand), tuple(melds), dealer=rng.random() < 0.35,
                       intakes=0 if rng.random() < 0.2 else rng.randrange(1, 6))
        made += 1


def new_game(variant: str, options: dict[str, Any], seed: int = 0) -> ZipaiGame:
    """A hand of ``variant`` on ``options``; 跑胡子's 黄番 (a hand option the match carries) from ``huangfan``."""
    v = get_variant(variant)
    carry = {"huangzhuang": options["huangfan"]} if "huangfan" in options else {}
    opts = v.validate({k: o for k, o in options.items() if k != "huangfan"})
    game = v.new_hand(opts, seed, seed % hand_rules(v, opts).seats, carry)
    assert isinstance(game, ZipaiGame)
    return game


def seat(game: ZipaiGame, position: Position) -> int:
    """Give the position's cards to one active seat of ``game`` (its dealer when the position is the dealer's),
    with no 漏胡 / 臭胡 on it; the seat."""
    dealer = game.dealer
    seat = dealer if position.dealer else next(s for s in game.active if s != dealer)
    game.hands[seat] = list(position.hand)
    game.melds[seat] = [Meld(g, SHOWN[g.kind]) for g in position.melds]
    game.intakes[seat] = position.intakes
    game.hu_barred[seat] = False
    game.chouhu[seat] = {}
    return seat


def random_bars(game: ZipaiGame, seat: int, rng: random.Random) -> None:
    """Put on ``seat`` what the variant's own bars could leave there: 漏胡 (a passed win: no win until one's next
    intake or discard) or 臭胡 (passed cards, some at today's table 胡息 — still barred — some at another, lifted)."""
    if game.rules.louhu == "intake":
        game.hu_barred[seat] = rng.random() < 0.4
    elif game.rules.louhu == "huxi" and rng.random() < 0.5:
        now = game.table_huxi(seat)
        game.chouhu[seat] = {rng.randrange(N_KINDS): now if rng.random() < 0.7 else now + 3 for _ in range(3)}


def deliver(game: ZipaiGame, seat: int, card: int, way: str) -> ZipaiGame:
    """A copy of ``game`` where ``card`` reaches ``seat`` by ``way`` through the game's own path: his wall draw
    (``self_draw``), the next seat's wall draw shown (``other_draw``) or the next seat's discard (``discard``);
    that other seat holds no copy of the card, so nothing of his takes it first."""
    g = copy.deepcopy(game)
    g.window = None
    g.predeal = None
    g.must_discard = None
    g.bupai = [0] * g.seats
    g.free_turns = [0] * g.seats
    other = g.next_seat(seat)
    if way != "self_draw":
        g.hands[other][card] = 0
        g.melds[other] = [m for m in g.melds[other] if m.card != card or m.kind == "chi"]
    if way == "discard":
        g.discards_made[other] += 1
        g._open_discard_window(other, card)
    else:
        g.wall.insert(0, card)
        g._draw(seat if way == "self_draw" else other)
    return g


def offered(game: ZipaiGame, seat: int, card: int, way: str) -> bool:
    """After ``deliver``: the game offers ``seat`` a 胡 on that very card (not on a later one, once the card
    found no taker and play went on)."""
    w = game.window
    source = seat if way == "self_draw" else game.next_seat(seat)
    return (w is not None and w.card == card and game.window_from == source
            and Action("hu") in w.options.get(seat, []))


def take_win(game: ZipaiGame, seat: int) -> None:
    """``seat`` wins the card on offer; everybody else asked passes."""
    game.apply(seat, Action("hu"))
    while not game.finished:
        pending = game.to_act()
        assert pending, "the window stayed open with nobody to act"
        game.apply(pending[0], Action("pass"))
