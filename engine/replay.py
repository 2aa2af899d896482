"""A finished hand told step by step for its replay (回放), as typed data: every seat's hand face up at every step,
the cards drawn from the wall, each claim window (or one-seat question) with the seats asked, what each could
choose and what each answered, and the turns a replay jumps by.

Nothing here is shown while a hand is played: the bot builds a replay only once the hand has ended. Each family
says what only it knows through two hooks of :class:`~engine.hand.Hand`: :meth:`~engine.hand.Hand.offer` (what a
window open now is about: the card, whose it is, in the family's words) and :meth:`~engine.hand.Hand.drew`
(each card it takes from the wall, kept in the hand's ``draws``). Who is asked and what they may answer is
the hand's own ``to_act()`` / ``legal_actions()``; what they answered is the action log.

A turn begins at the deal, then wherever a seat other than the one whose turn it is draws from the wall or makes a
move of its own (a discard, a play) rather than answer a window: one seat's draw and discard with the claims they
bring. A family may say where its turns begin instead (:meth:`~engine.hand.Hand.opens_turn`: 跑得快's tricks).

The engine draws in the step of the move before (a discard nobody may claim is followed at once by the next seat's
draw; the last pass on a discard, by the draw after it): the hand tells each draw before the card leaves the wall
(:meth:`~engine.hand.Hand.watch_draws`), and a draw for another seat than the one the step is about is a step of
its own, the table shown as it stood before it, so the drawer's turn opens with its draw.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field

from .core import ActionName
from .hand import Hand
from .melds import MeldView
from .views import Draw, Offer, Phase, TableView
from .words import Msg


@dataclass(frozen=True, slots=True)
class Asked:
    """One seat asked in a window: what it could choose (its pass included), and its answer (None: the window
    closed without needing it, another seat's answer having settled the card). ``on``: the cards of a
    several-card offer its options are about (长沙 杠上炮: the kong tiles it may 胡); (): the whole offer."""

    seat: int
    options: tuple[ActionName, ...]
    answer: ActionName | None = None
    answered_at: int | None = None  # the step that took its answer
    on: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Window:
    """A claim window or a one-seat question: what it was about, the step whose state first shows it and the seats
    asked in the order they were first asked."""

    offer: Offer
    opened: int
    asked: tuple[Asked, ...]

    def answered_by(self, step: int) -> tuple[Asked, ...]:
        """The seats asked, with only the answers given up to ``step``."""
        return tuple(a if a.answered_at is not None and a.answered_at <= step else Asked(a.seat, a.options, on=a.on)
                     for a in self.asked)


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The hand after one action (step 0: after the deal and what runs by itself before anyone decides), or after a
    draw the engine made inside an action for another seat (``seat`` the drawer, ``action`` and ``code`` None).

    ``seat`` / ``action`` / ``code``: who acted and how (None at step 0); ``answers``: the window this action
    answered, if it was an answer; ``says``: the public lines it caused; ``draws``: the wall's cards it drew;
    ``public``: the table's view; ``hands`` / ``melds``: each seat's hand and melds face up; ``window``: the window open
    after it, if any; ``turn``: the turn it belongs to."""

    seat: int | None
    action: ActionName | None
    code: str | None
    answers: int | None
    says: tuple[Msg, ...]
    draws: tuple[Draw, ...]
    public: TableView
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[MeldView, ...], ...]
    window: int | None
    turn: int


@dataclass(frozen=True, slots=True)
class HandReplay:
    steps: tuple[ReplayStep, ...]
    windows: tuple[Window, ...]
    turns: tuple[int, ...]  # the step each turn begins at; the first is 0, the deal
    turn_seats: tuple[int | None, ...]  # whose turn each is (None: the deal)

    def turn_of(self, step: int) -> int:
        return bisect_right(self.turns, step) - 1

    def turn_steps(self, turn: int) -> range:
        end = self.turns[turn + 1] if turn + 1 < len(self.turns) else len(self.steps)
        return range(self.turns[turn], end)


# the choice every seat makes before the deal (打鸟, 加锤, 坐飘) is asked of all at once, like a window
BEFORE_THE_DEAL = Msg("开局前的选择")


@dataclass
class _Open:
    offer: Offer
    opened: int
    asked: dict[int, Asked] = field(default_factory=dict)


def _offer(game: Hand) -> Offer | None:
    offer = game.offer()
    if offer is None and not game.finished and game.public_view().phase is Phase.CHOOSE:
        return Offer(BEFORE_THE_DEAL)
    return offer


@dataclass
class _Piece:
    """A step being told: who moved (or drew) and how, and where its lines and draws begin."""

    seat: int | None
    action: ActionName | None
    code: str | None
    answers: int | None
    events: int
    draws: int


def record(game: Hand, actions: Iterable[tuple[int, str]]) -> HandReplay:
    """Replay ``actions`` on ``game`` (just dealt, nothing applied yet) and tell every step."""
    windows: list[_Open] = []
    steps: list[ReplayStep] = []
    turns = [0]
    turn_seats: list[int | None] = [None]
    turn_seat: int | None = None
    piece: _Piece | None = None  # the step being told while an action is applied
    family_turns = False  # the action being applied keeps to the family's own turns (跑得快's tricks)

    def observe() -> int | None:
        """The window open now, if any: the one still open, or a new one; the seats asked now join it."""
        offer = _offer(game)
        if offer is None:
            return None
        asking = game.to_act()
        current = windows[-1] if windows and steps and steps[-1].window == len(windows) - 1 else None
        if current is None or current.offer != offer or any(
                current.asked.get(s) is not None and current.asked[s].answer is not None for s in asking):
            current = _Open(offer, len(steps))
            windows.append(current)
        for s in asking:
            if s not in current.asked:
                current.asked[s] = Asked(s, tuple(game.name_action(a) for a in game.legal_actions(s)),
                                         on=game.asked_on(s))
        return len(windows) - 1

    def close(told: _Piece, window: int | None) -> None:
        """The step ``told`` as the table stands now: its public lines and draws since it began."""
        says = tuple(e.says for e in game.events[told.events:] if e.audience is None and e.says is not None)
        hands, melds = game.face_up()
        steps.append(ReplayStep(told.seat, told.action, told.code, told.answers, says, tuple(game.draws[told.draws:]),
                                game.public_view(), hands, melds, window, len(turns) - 1))

    def drawing(seat: int) -> None:
        """A card is about to leave the wall for ``seat`` in the middle of an action. Drawn for another seat than
        the one the step is about (the next seat's draw after an unclaimed discard, the konger's replacement after
        a pass on its kong), it is a step of its own, told after what came before it; drawn for another seat than
        the one whose turn it is, it begins that seat's turn."""
        nonlocal piece, turn_seat
        if piece is None or family_turns or seat == piece.seat and seat == turn_seat:
            return
        close(piece, None)  # nothing is open while a card is drawn
        if seat != turn_seat:
            turn_seat = seat
            turns.append(len(steps))
            turn_seats.append(seat)
        piece = _Piece(seat, None, None, None, len(game.events), len(game.draws))

    close(_Piece(None, None, None, None, 0, 0), observe())
    game.watch_draws(drawing)
    try:
        for seat, code in actions:
            action = game.parse_action(code)
            named = game.name_action(action)
            at = len(steps)
            window = steps[-1].window
            answers = window if window is not None and seat in windows[window].asked else None
            if answers is not None:
                asked = windows[answers].asked[seat]
                windows[answers].asked[seat] = Asked(seat, asked.options, named, at, asked.on)
            own = answers is None and steps[-1].public.phase is not Phase.CHOOSE
            opens = game.opens_turn()  # the family's own turns (跑得快's tricks), else the rule below
            family_turns = opens is not None
            begins = bool(opens)
            if opens:
                turn_seat = seat
            if own and seat != turn_seat and opens is None:
                begins, turn_seat = True, seat  # a move of its own by a seat whose turn it was not
            if begins:
                turns.append(at)
                turn_seats.append(turn_seat)
            piece = _Piece(seat, named, code, answers, len(game.events), len(game.draws))
            game.apply(seat, action)
            told, piece = piece, None
            close(told, observe())
    finally:
        game.watch_draws(None)
    return HandReplay(tuple(steps), tuple(Window(w.offer, w.opened, tuple(w.asked.values())) for w in windows),
                      tuple(turns), tuple(turn_seats))
