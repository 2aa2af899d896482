"""Family-independent game machinery: actions, events, the game protocol and room options.

Every variant's hand is a deterministic state machine (see ``docs/architecture.md``):

* ``game.to_act()``            -> seats that must decide now (empty when the hand is over)
* ``game.legal_actions(seat)`` -> the actions that seat may take now
* ``game.apply(seat, action)`` -> list of :class:`Event`; raises :class:`IllegalAction` and changes nothing
* ``game.view(seat)`` / ``game.public_view()`` -> JSON-able dicts of what that audience may see
* ``game.result``              -> :class:`HandResult` once ``game.finished``

Chance is one seeded shuffle per hand; (variant, options, seed, actions) replays to the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game state is unchanged."""


class OptionError(ValueError):
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
            raise IllegalAction(f"malformed action {code!r}")
        return cls(kind, tuple(rest.split("|")) if rest else ())

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``audience`` is ``None`` for public events, or the one seat allowed to see it."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: int | None = None

    @property
    def public(self) -> bool:
        return self.audience is None


@dataclass(slots=True)
class HandResult:
    """How a hand ended. ``deltas`` are the per-seat score changes (zero-sum where the variant is)."""

    winners: list[int]
    deltas: list[int]
    draw: bool = False
    detail: dict[str, Any] = field(default_factory=dict)


class Game(Protocol):
    variant_id: str
    seats: int
    dealer: int
    finished: bool
    result: HandResult | None

    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, seat: int, action: Action | str) -> list[Event]: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def public_view(self) -> dict[str, Any]: ...
    def parse_action(self, code: str) -> Action: ...
