"""The skeleton every family's hand runs on (open_spiel's ``apply_action`` → ``_apply_action``).

:meth:`Hand.apply` does once, for every family, what taking an action means: read the code (a malformed one is
:class:`~engine.core.InvalidActionCode`), check it is legal now (else :class:`~engine.core.IllegalAction`, the
state unchanged), log it, move the version, then let the family take its step (:meth:`Hand._apply`) and return
the events that step emitted. A family implements its step, its legal actions, its views and its action names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from .core import Action, ActionName, Event, HandResult, LegalCache, admit, new_event
from .melds import MeldView
from .views import Draw, Offer, SeatView, TableView
from .words import Msg

# ``Draw(seat, card)`` without the frozen dataclass's ``__init__`` (an ``object.__setattr__`` per field), as
# ``core.new_event`` builds events: the same object, its slots filled directly (a 麻将 hand draws ~70 times).
_NEW_DRAW = object.__new__
_SET_SEAT = getattr(Draw, "seat").__set__  # noqa: B009 (a slot's descriptor: mypy knows the field only)
_SET_CARD = getattr(Draw, "card").__set__  # noqa: B009


class Hand(ABC):
    """One hand of one variant: a deterministic state machine. ``family`` names the family that registered it
    (its AI, hints and presenter are looked up by it)."""

    family: ClassVar[str]
    # the shuffled cards the hand deals from, in the family's card ids: the recorded wall a verified deal is checked
    # against (``engine.fairness``); a family sets it when it deals
    deck: tuple[int, ...] = ()

    def __init__(self, variant_id: str, seats: int, dealer: int) -> None:
        self.variant_id = variant_id
        self.seats = seats
        self.dealer = dealer
        self.finished = False
        self.result: HandResult | None = None
        self.version = 0
        self.log: list[tuple[int, str]] = []  # (seat, action code), what storage keeps and a replay applies
        self.events: list[Event] = []
        self.draws: list[Draw] = []  # every card taken from the wall, in order (a replay shows them)
        self._draw_watch: Callable[[int], None] | None = None
        self._legal_cache = LegalCache(self._legal)

    # -- what a family implements -------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """The seats that must decide now (empty once the hand is over)."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """The seat's legal actions now, computed (:meth:`legal_actions` caches them per version)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Take one legal, logged action: the family's step. Emits events through :meth:`emit`."""

    @abstractmethod
    def public_view(self) -> TableView: ...

    @abstractmethod
    def view(self, seat: int) -> SeatView: ...

    @abstractmethod
    def name_action(self, action: Action) -> ActionName:
        """How players call a legal action now (the control's label, its group, its role)."""

    # -- what a family may say of its state (the defaults hold for most) ------------------------------------------
    @property
    def pass_tells(self) -> bool:
        """A seat's only legal action is a pass, and taking it for him at once would tell the table he could not
        play (跑得快 without 有牌必压, where a pass may also be chosen): he takes it himself."""
        return False

    @property
    def secret_window(self) -> bool:
        """The seats to act answer a card on offer that the table has not seen (麻将's 暗杠 a robber may rob): a
        late seat is answered for, like a claim window, not put on 托管 (which would tell)."""
        return False

    # -- what the replay of a finished hand reads (engine/replay.py) ---------------------------------------------
    def offer(self) -> Offer | None:
        """What the claim window or one-seat question open now is about (the card, whose it is), else None."""
        return None

    def asked_on(self, seat: int) -> tuple[str, ...]:
        """The cards of the open window's offer that ``seat``'s options are about, where the offer holds several and
        a seat may take only some (长沙 杠上炮: the kong tiles it may 胡); (): the whole offer."""
        return ()

    def opens_turn(self) -> bool | None:
        """Whether the move about to be made begins a turn of the replay (跑得快: a lead begins a trick); None: the
        replay's own rule (a seat's draw, or a move of its own by a seat whose turn it was not)."""
        return None

    def face_up(self) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[MeldView, ...], ...]]:
        """Every seat's hand and its melds face up, as its own view shows them (a family may say it cheaper)."""
        views = [self.view(s) for s in range(self.seats)]
        return tuple(v.hand for v in views), tuple(v.melds[s] for s, v in enumerate(views))

    # -- the skeleton -------------------------------------------------------------------------------------------
    def parse_action(self, code: str) -> Action:
        """An action code as the log and custom ids carry it; :class:`~engine.core.InvalidActionCode` if malformed."""
        return Action.parse(code)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal_cache.get(self.version, seat))

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Take ``seat``'s action; returns the events it caused (public, or private to one seat)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        admit(self, seat, action, self._legal_cache.get(self.version, seat))
        self.log.append((seat, action.code))
        self.version += 1
        start = len(self.events)
        self._apply(seat, action)
        return self.events[start:]

    def drew(self, seat: int, card: str) -> None:
        """A family takes ``card`` from the wall for ``seat`` (into the hand, or turned over for it): it says so
        just before the card leaves the wall, so a watcher sees the table as it stood."""
        if self._draw_watch is not None:
            self._draw_watch(seat)
            self._legal_cache.forget(self.version)  # what it read mid-step is not the step's end
        draw: Draw = _NEW_DRAW(Draw)
        _SET_SEAT(draw, seat)
        _SET_CARD(draw, card)
        self.draws.append(draw)

    def watch_draws(self, watch: Callable[[int], None] | None) -> None:
        """Have ``watch(seat)`` called before each card leaves the wall (the replay: a draw that begins another
        seat's turn is a step of its own, though the engine draws it in the step of the move before)."""
        self._draw_watch = watch

    def forget_events(self) -> None:
        """The events so far were routed: a host that keeps the hand for long (the bot, for hours) drops them, as
        nothing in a decision reads them and each holds its data and its message (most of a hand's memory). Tests
        and self-play keep the whole list (:attr:`events`)."""
        self.events.clear()

    def emit(self, kind: str, data: dict[str, Any], audience: int | None, says: Msg | None = None) -> None:
        """Record an event: ``data`` for machines (the AI, tests), ``says`` the line players read."""
        self.events.append(new_event(kind, data, audience, says))
