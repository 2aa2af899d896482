"""Family-independent game machinery: actions, events, the game protocol and room options.

Every variant's hand is a deterministic state machine (see ``docs/architecture.md``):

* ``game.to_act()``            -> seats that must decide now (empty when the hand is over)
* ``game.legal_actions(seat)`` -> the actions that seat may take now
* ``game.apply(seat, action)`` -> list of :class:`Event`; raises :class:`IllegalAction` and changes nothing
* ``game.view(seat)`` / ``game.public_view()`` -> JSON-able dicts of what that audience may see
* ``game.result``              -> :class:`HandResult` once ``game.finished``
* ``game.name_action(action)`` -> :class:`ActionName`: how players call a legal action now, so the bot
  lays out any family's controls without knowing its verbs

Chance is one seeded shuffle per hand; (variant, options, seed, actions) replays to the same state.
"""

from __future__ import annotations

import copy
import inspect
import types
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, Protocol

from .ledger import Payment, net
from .melds import MeldView as MeldView  # re-exported: engine.outcome takes it from engine.melds
from .outcome import Outcome
from .views import SeatView, TableView
from .words import Msg


class Worded(ValueError):
    """An error players read, typed like python-chess's: ``template`` is its zh-CN text with ``{fields}`` and
    ``params`` their values, so a caller speaking another language words it from its own catalogue; ``str(e)``
    is the zh-CN text. A message with no params is its own template."""

    def __init__(self, template: str = "", /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    @property
    def msg(self) -> Msg:
        """The error as a message id with its arguments (what the bot words)."""
        return Msg(self.template, tuple(self.params.items()))


class IllegalAction(Worded):
    """An action the rules do not allow now; the game state is unchanged (python-chess's ``IllegalMoveError``)."""


class InvalidActionCode(Worded):
    """An action code that names no action at all (python-chess's ``InvalidMoveError``): a malformed code from a
    log or a custom id, refused before any rule is asked."""


class InvalidInput(Worded):
    """Input that breaks a documented contract (a calculator hand, a room option); the message names the problem.

    The one error every family's calculator raises for bad input: ``python -m engine score`` turns it, and only
    it, into exit status 2, so any other exception from a family is a bug and shows as a traceback."""


class OptionError(InvalidInput):
    """A room option that is unknown or out of range; the message names the option."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. ``kind`` is a verb (``discard``, ``chi``, ``peng``, ``hu``, ``pass`` …);
    ``cards`` are card or group strings in notation (a 吃 with 比 carries one string per group).
    ``code`` (``chi:一二三|二二贰``) is the compact form stored in logs and carried in custom ids."""

    kind: str
    cards: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        return self.kind if not self.cards else f"{self.kind}:{'|'.join(self.cards)}"

    @classmethod
    def parse(cls, code: str) -> Action:
        kind, sep, rest = code.strip().partition(":")
        if not kind or not kind.isascii() or not kind.replace("_", "").isalpha() or (sep and not rest):
            raise InvalidActionCode("不是一个操作：「{code}」", code=code[:40])
        return cls(kind, tuple(rest.split("|")) if rest else ())

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class ActionName:
    """A legal action as players read it, named by its family.

    ``label`` is the control's text (``吃 二二贰 · 比 二七十``, ``打 五``, ``胡``); actions sharing a ``group``
    (``打`` for every discard) are offered together in one list, a group of one is a button. ``role`` marks
    a win (``"win"``: it stands out) and a pass (``"pass"``: while a win is on offer it asks first, since
    passing a win forfeits it)."""

    label: str
    group: str
    role: str = ""
    # the label as a zh-CN template and its fields (see :class:`Worded`): a bot speaking another language words
    # it from its own catalogue; empty: the label is its own template
    template: str = ""
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def worded(cls, template: str, group: str, role: str = "", **params: str) -> ActionName:
        """A name whose label is ``template`` filled with ``params`` (``"{verb} {cards}"``, verb 碰, cards 五)."""
        return cls(template.format(**params), group, role, template, tuple(params.items()))

    def __str__(self) -> str:
        # a name inside a Worded error's params reads as its label (the bot words it in the reader's language)
        return self.label


WIN_ROLE = "win"
PASS_ROLE = "pass"


def name_action(game: Game, action: Action) -> ActionName:
    """``game.name_action(action)``: how players call the action now, in its family's words."""
    return game.name_action(action)


class LegalCache:
    """A game's legal actions per (version, seat): the bot, the AI and ``apply`` each ask for them several times
    at one version, and they are costly to list (mahjong claims, 跑得快 plays). A few versions are kept; any
    other is computed afresh. A game's own method is held weakly: a cache holding its game's bound method made
    every hand a reference cycle, garbage only a full collection frees (a live bot drops one a hand at every
    table)."""

    KEEP = 8

    def __init__(self, compute: Callable[[int], list[Action]]) -> None:
        # a bound method as its object, held weakly, and its function (called with the object: a ``WeakMethod``
        # rebuilt the bound method in Python on every call); any other callable as it is
        self._owner: Callable[[], Any] | None = None
        self._func: Callable[..., list[Action]] = compute
        if inspect.ismethod(compute):
            self._owner = weakref.ref(compute.__self__)
            self._func = compute.__func__
        self._by: dict[tuple[int, int], list[Action]] = {}

    def _compute(self) -> Callable[[int], list[Action]]:
        """What the cache asks, as one callable (a bound method again for a game's own)."""
        if self._owner is None:
            return self._func
        owner = self._owner()
        assert owner is not None  # (its game is alive: it is asking)
        return types.MethodType(self._func, owner)

    def __deepcopy__(self, memo: dict[int, Any]) -> LegalCache:
        """A deep-copied game's cache, empty, asking the copy: its method, deep-copied through ``memo``, is the
        copy's own (a weak reference cannot be copied, and the copy's legal actions are the copy's)."""
        return LegalCache(copy.deepcopy(self._compute(), memo))

    def get(self, version: int, seat: int) -> list[Action]:
        """The cached list itself: callers handing it out copy it."""
        key = (version, seat)
        legal = self._by.get(key)
        if legal is None:
            if len(self._by) > self.KEEP:
                self._by.clear()
            if self._owner is None:
                legal = self._func(seat)
            else:
                owner = self._owner()
                assert owner is not None  # (its game is alive: it is asking)
                legal = self._func(owner, seat)
            self._by[key] = legal
        return legal

    def forget(self, version: int) -> None:
        """Drop what was worked out at ``version``: the table was read in the middle of a step (a replay's look
        before a draw), and the step's end is another state at the same version."""
        for key in [k for k in self._by if k[0] == version]:
            del self._by[key]


def admit(game: Any, seat: int, action: Action, legal: list[Action]) -> None:
    """The one check every family's ``apply`` makes before changing anything, with the words players read: the
    hand is still on, it is this seat's decision, the action is one of ``legal`` (the very objects
    ``legal_actions`` gave are found by identity first: the AI and the bot pass those)."""
    if game.finished:
        raise IllegalAction("本局已经结束")
    if seat not in game.to_act():
        raise IllegalAction("现在不轮到{seat}号", seat=seat + 1)
    if not any(map(is_, legal, repeat(action))) and action not in legal:
        label: ActionName | str
        try:
            label = name_action(game, action)
        except (IllegalAction, ValueError):
            label = action.code
        raise IllegalAction("现在不能「{label}」", label=label)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``audience`` is ``None`` for public events, or the one seat allowed to see it;
    ``data`` is for machines (the AI, tests), ``says`` the line players read (a message id and its arguments)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: int | None = None
    says: Msg | None = None

    @property
    def public(self) -> bool:
        return self.audience is None


# ``Event(kind, data, audience, says)`` without the frozen dataclass's ``__init__`` (one ``object.__setattr__``
# call per field): the same object, its slots filled directly. Every step emits a few (a 麻将 hand ~120), so the
# families' ``emit`` builds them this way.
_NEW_EVENT = object.__new__
_EVENT_SLOTS = tuple(getattr(Event, name).__set__ for name in ("kind", "data", "audience", "says"))


def new_event(kind: str, data: dict[str, Any], audience: int | None, says: Msg | None) -> Event:
    event: Event = _NEW_EVENT(Event)
    set_kind, set_data, set_audience, set_says = _EVENT_SLOTS
    set_kind(event, kind)
    set_data(event, data)
    set_audience(event, audience)
    set_says(event, says)
    return event


@dataclass(frozen=True, slots=True)
class Win:
    """One winner of a hand, as every family reports it: ``seat``; ``from_seat`` the seat whose card was won
    (放炮/点炮, a robbed kong), ``None`` when the winner drew or was dealt it; ``card`` the winning card in the
    family's notation (``None``: a dealt hand won as a whole); ``patterns`` the named patterns (名堂, 番种);
    ``value`` what the win is worth in the family's unit before it is split among payers."""

    seat: int
    from_seat: int | None
    card: str | None
    patterns: tuple[str, ...]
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "from_seat": self.from_seat, "card": self.card, "patterns": list(self.patterns),
                "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Win:
        src = data.get("from_seat")
        return cls(int(data["seat"]), None if src is None else int(src), data.get("card"),
                   tuple(data.get("patterns", ())), int(data["value"]))


@dataclass(slots=True)
class HandResult:
    """How a hand ended.

    ``deltas`` are the per-seat score changes of the whole hand (zero-sum where the variant is) and INCLUDE the
    ``ledger``: the payments made during the hand that stand after the variant's end rule
    (:meth:`engine.ledger.Ledger.settle`), so ``deltas`` minus :attr:`ledger_net` is the end-of-hand settlement
    alone. ``wins`` are the typed winners (several on 一炮多响/通炮), ``winners`` their seats in the variant's order.
    ``next_dealer`` names who deals next when the hand decides it (通炮, 海底); ``None`` leaves it to the
    variant's ``after_hand`` rule."""

    winners: list[int]
    deltas: list[int]
    draw: bool = False
    detail: dict[str, Any] = field(default_factory=dict)
    wins: list[Win] = field(default_factory=list)
    ledger: list[Payment] = field(default_factory=list)
    next_dealer: int | None = None
    # how the hand ended as typed data (winners, payments with their reasons, the derivation): what the bot words
    outcome: Outcome | None = None

    @property
    def ledger_net(self) -> list[int]:
        """Per-seat share of ``deltas`` that came from the in-hand payments."""
        return net(len(self.deltas), self.ledger)


class Game(Protocol):
    variant_id: str
    seats: int
    dealer: int
    finished: bool
    result: HandResult | None
    version: int
    log: list[tuple[int, str]]

    deck: tuple[int, ...]  # the recorded wall (``engine.hand.Hand.deck``)

    @property
    def family(self) -> str: ...  # read only: a family's hands declare it on the class (engine.hand.Hand)

    @property
    def pass_tells(self) -> bool: ...  # see ``engine.hand.Hand``

    @property
    def secret_window(self) -> bool: ...

    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, seat: int, action: Action | str) -> list[Event]: ...
    def forget_events(self) -> None: ...  # the events applied so far were routed (``engine.hand.Hand``)
    def view(self, seat: int) -> SeatView: ...  # a family's typed views (``engine.views``)
    def public_view(self) -> TableView: ...
    def parse_action(self, code: str) -> Action: ...
    def name_action(self, action: Action) -> ActionName: ...
