"""How a hand ended, as typed data every family fills the same way (python-chess's ``Outcome``): who won, from
whom, with what and worth how much — with the derivation of that worth, step by step (PyPI ``mahjong``'s
``fu_details``) — every payment with its reason, the birds and whom each hits, and who deals next.

The bot words these; it computes nothing from them but sums.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .ledger import Payment
from .melds import MeldView
from .words import Msg


class Termination(StrEnum):
    WIN = "win"  # one winner or several (一炮多响, 通炮); 跑得快: the first to play out
    DRAW = "draw"  # 黄庄 / 荒庄 / 流局: the wall ran out


class How(StrEnum):
    """Where the winning card came from."""

    SELF_DRAW = "self_draw"  # 自摸: one's own draw
    OTHER_DRAW = "other_draw"  # 字牌: a card another seat drew and showed
    DISCARD = "discard"  # 放炮 / 点炮 / 接炮
    ROBBING_KONG = "robbing_kong"  # 抢杠
    DEAL = "deal"  # the dealt hand (天胡, 起手胡, 四红中, the 亮张)
    OUT = "out"  # 跑得快: played out every card


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a score's derivation: what it says (with the rule's own numbers as arguments) and the value it
    comes to, where it comes to one (``胡息 21 → 3 囤``: 3)."""

    says: Msg
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"says": self.says.to_json(), "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        return cls(Msg.from_json(data["says"]), data.get("value"))


@dataclass(frozen=True, slots=True)
class Fan:
    """One 名堂 / 番种 / pricing factor of a win: ``name`` its catalogue word, ``effect`` what it does as the rules
    say it (4番, ×2, +1囤, 算100胡息), ``fan`` its 番 or factor and ``points`` what it adds, where it has them."""

    name: str
    effect: Msg | None = None
    fan: int | None = None
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "effect": None if self.effect is None else self.effect.to_json(), "fan": self.fan,
                "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fan:
        effect = data.get("effect")
        return cls(str(data["name"]), None if effect is None else Msg.from_json(effect), data.get("fan"),
                   data.get("points"))


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a winning hand as it was counted: ``kind`` the family's code (``shun``, ``kan``, ``peng``,
    ``pair`` …), its cards in notation, and its 胡息 where the family counts them."""

    kind: str
    cards: tuple[str, ...]
    huxi: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "huxi": self.huxi}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Group:
        return cls(str(data["kind"]), tuple(map(str, data["cards"])), data.get("huxi"))


@dataclass(frozen=True, slots=True)
class Winner:
    """One winner. ``hand`` is the complete winning hand in notation (the winning card included, once, however it
    came), ``melds`` what lay on the table, ``groups`` the hand as it was counted (melds included), ``card`` the
    winning card (None: a dealt hand won as a whole), ``from_seat`` whose card it was (None: one's own).
    ``value`` is what the win is worth in the family's unit before it is split among payers; ``steps`` say how."""

    seat: int
    how: How
    from_seat: int | None
    card: str | None
    hand: tuple[str, ...]
    melds: tuple[MeldView, ...] = ()
    groups: tuple[Group, ...] = ()
    patterns: tuple[str, ...] = ()
    fans: tuple[Fan, ...] = ()
    value: int = 0
    steps: tuple[Step, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "how": self.how.value, "from_seat": self.from_seat, "card": self.card,
                "hand": list(self.hand), "melds": [m.to_json() for m in self.melds],
                "groups": [g.to_json() for g in self.groups], "patterns": list(self.patterns),
                "fans": [f.to_json() for f in self.fans], "value": self.value,
                "steps": [s.to_json() for s in self.steps]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Winner:
        return cls(int(data["seat"]), How(data["how"]), data.get("from_seat"), data.get("card"),
                   tuple(data.get("hand") or ()), tuple(MeldView.from_json(m) for m in data.get("melds") or ()),
                   tuple(Group.from_json(g) for g in data.get("groups") or ()), tuple(data.get("patterns") or ()),
                   tuple(Fan.from_json(f) for f in data.get("fans") or ()), int(data.get("value", 0)),
                   tuple(Step.from_json(s) for s in data.get("steps") or ()))


@dataclass(frozen=True, slots=True)
class Bird:
    """A bird (扎鸟 / 抓鸟) turned up at the end: its card, the seat it lands on where birds land on seats
    (长沙; None: on nobody), and the winners it counts for (``hits``)."""

    card: str
    seat: int | None = None
    hits: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "hits": list(self.hits)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Bird:
        return cls(str(data["card"]), data.get("seat"), tuple(data.get("hits") or ()))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended. ``payments`` are every transfer that stands, each with its reason (the in-hand ledger's
    that stood and the settlement's), summing to the hand's deltas; ``cancelled`` the in-hand ones a draw undid.
    ``summary`` is the hand in one sentence; ``steps`` what the hand as a whole adds to its winners' derivations
    (a draw's penalty, what carries to the next hand). ``next_dealer`` None leaves the deal to the variant's rule."""

    termination: Termination
    winners: tuple[Winner, ...]
    payments: tuple[Payment, ...]
    summary: Msg
    cancelled: tuple[Payment, ...] = ()
    birds: tuple[Bird, ...] = ()
    birds_drawn: bool = False  # the variant turns birds up this hand (an empty wall leaves ``birds`` empty)
    steps: tuple[Step, ...] = ()
    next_dealer: int | None = None
    # every seat's cards at the end where the family shows them all (麻将, 跑得快); () where it does not (字牌)
    hands: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winners": [w.to_json() for w in self.winners],
                "payments": [p.to_json() for p in self.payments], "summary": self.summary.to_json(),
                "cancelled": [p.to_json() for p in self.cancelled], "birds": [b.to_json() for b in self.birds],
                "birds_drawn": self.birds_drawn, "steps": [s.to_json() for s in self.steps],
                "next_dealer": self.next_dealer, "hands": [list(h) for h in self.hands]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(Termination(data["termination"]), tuple(Winner.from_json(w) for w in data.get("winners") or ()),
                   tuple(Payment.from_json(p) for p in data.get("payments") or ()), Msg.from_json(data["summary"]),
                   tuple(Payment.from_json(p) for p in data.get("cancelled") or ()),
                   tuple(Bird.from_json(b) for b in data.get("birds") or ()), bool(data.get("birds_drawn")),
                   tuple(Step.from_json(s) for s in data.get("steps") or ()), data.get("next_dealer"),
                   tuple(tuple(map(str, h)) for h in data.get("hands") or ()))
