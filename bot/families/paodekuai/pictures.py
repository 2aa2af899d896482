"""跑得快's pictures: playing cards with rank and suit, ♥ and ♦ red; the hand in rank order, each seat's count and the
current trick, what each seat had left.

A picture draws from plain inputs (its digest names it): the typed views and the outcome are read into them here,
cards as the table shows them (♠3). A stored position (the golden images') is such inputs already."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.outcome import Outcome
from engine.paodekuai.cards import NOTATION, SIGNED
from engine.paodekuai.game import CLOSED_LEFT
from engine.paodekuai.views import PaodekuaiSeatView, PaodekuaiView, TrickEntry
from engine.words import Msg, Seat

from ...i18n import current_lang
from ...pictures import RESULT_KEYS, Picture, hand_inputs, labels, table_inputs
from ...pictures.cache import sprite
from ...pictures.draw import (
    INK,
    PHONE,
    RED,
    Flow,
    Parts,
    card_base,
    centred,
    column,
    highlight,
    row,
    row_parts,
    text,
)
from ...pictures.emoji import Face
from ...pictures.font import have_cjk
from ...pictures.table import seat_head, seats_of
from .controls import signed

__all__ = ["RESULT_KEYS", "card", "hand_png", "result_png", "table_png"]

FACE = (252, 252, 250)
HAND = (50, 72)
TABLE = (36, 52)  # a card of the trick: 36 of PHONE's 480 px is 30 px on a 400-px phone
PER_ROW = 12  # cards of one play in a row of the table's picture: 12 × 37 px fit PHONE's width
SUITS = "♠♥♣♦"
SUIT_LETTERS = "SHCD"
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def parse(card: Any) -> tuple[str, str] | None:
    """``♠10`` → (``♠``, ``10``); anything else None."""
    if not isinstance(card, str) or len(card) < 2 or card[0] not in SUITS or card[1:] not in RANKS:
        return None
    return card[0], card[1:]


def sort_key(card: str) -> tuple[int, int]:
    parsed = parse(card)
    assert parsed is not None
    return RANKS.index(parsed[1]), SUITS.index(parsed[0])


@sprite
def card(face: str, w: int, h: int) -> Image.Image:
    parsed = parse(face)
    assert parsed is not None
    suit, rank = parsed
    ink = RED if suit in "♥♦" else INK
    img = card_base(w, h, FACE)
    img.alpha_composite(text(rank, int(h * 0.36), ink), (3, 1))
    if have_cjk():
        centred(img, text(suit, int(h * 0.46), ink), y=int(h * 0.42))
    else:
        centred(img, text(SUIT_LETTERS[SUITS.index(suit)], int(h * 0.36), ink), y=int(h * 0.5))
    return img


def faces() -> list[Face]:
    """Every card for the application's emojis, by its notation (``S10``, ``HA``: what views and actions carry,
    and ASCII, so also the emoji's key)."""
    return [Face(code, code, card(signed, 90, 128)) for signed, code in zip(SIGNED, NOTATION, strict=True)]


def cards(faces: Any, size: tuple[int, int]) -> list[Image.Image]:
    return [card(c, *size) for c in faces or [] if parse(c) is not None]


def hand_flow(private: dict[str, Any]) -> Flow:
    flow = Flow()
    hand = sorted((c for c in private.get("hand") or [] if parse(c) is not None), key=sort_key)
    flow.add(text(labels.in_hand(len(hand)), 22)).newline()
    for c in cards(hand, HAND):
        flow.add(c)
    flow.gap = 3
    return flow


def left_words(n: int, closed: bool) -> str:
    """A loser's cards left in the settlement's words: 报单 pays nothing for its card, 全关 doubles."""
    if n == 1:
        return labels.last_card_free()
    return labels.closed_out(n) if closed else labels.cards_left(n)


def result_flow(detail: dict[str, Any]) -> Flow:
    """What each seat had left when the winner went out (hands are shown once the hand is over), worded as
    the settlement text words it."""
    flow = Flow()
    seats = detail["seats"]
    winner = detail.get("winner")
    hands = detail.get("hands") or []
    closed = detail.get("closed") or []
    for s in range(seats):
        flow.newline().add(text(labels.seat(s), 22))
        if s == winner:
            flow.add(text(labels.went_out(), 22))
            continue
        left = hands[s] if s < len(hands) and isinstance(hands[s], list) else []
        flow.add(text(left_words(len(left), s in closed), 20))
        flow.add(row(cards(sorted((c for c in left if parse(c)), key=sort_key), TABLE), 2))
    return flow


@sprite
def play_sprite(seat: int | None, faces: tuple[str, ...], framed: bool, lang: str) -> tuple[Image.Image, Parts]:
    """One play of the trick: who played it above its cards, in rows of at most :data:`PER_ROW` (a long 飞机 stays
    within a phone's picture), the play to beat framed; with where each card landed in it. Drawn once (a trick's
    plays stay on the table for several clicks)."""
    who = text(labels.seat(seat), 16) if seat is not None else text(" ", 16)
    sprites = cards(list(faces), TABLE)
    rows = [row_parts(sprites[k:k + PER_ROW], 1) for k in range(0, len(sprites), PER_ROW)]
    body = column([r for r, _ in rows], 2)
    parts = []
    y = 0
    for r, inner in rows:
        dx = (body.width - r.width) // 2
        parts += [(x + dx, y + py, w, h) for x, py, w, h in inner]
        y += r.height + 2
    if framed:
        body = highlight(body)
        parts = [(x + 3, y + 3, w, h) for x, y, w, h in parts]
    out = column([who, body], 2)
    dx, dy = (out.width - body.width) // 2, who.height + 2
    return out, tuple((x + dx, y + dy, w, h) for x, y, w, h in parts)


@sprite
def passed_sprite(seat: int | None, lang: str) -> Image.Image:
    """A seat that passed, under its name."""
    who = text(labels.seat(seat), 16) if seat is not None else text(" ", 16)
    return column([who, text(labels.passed(), 18)], 2)


@sprite
def head_sprite(seat: int, acting: bool, size: Any, baodan: bool, lang: str) -> Image.Image:
    """A seat's words as one sprite (they wrap as one; no 庄, as in the text), the same sprite while they read the
    same: its seat, gold while it is to act, its count, 报单."""
    head = seat_head({"to_act": [seat] if acting else [], "hand_sizes": [None] * seat + [size]}, seat, dealer=False)
    if baodan:
        head.append(text(labels.last_card(), 20, (255, 120, 120)))
    return row(head, 8)


def table_flow(view: dict[str, Any]) -> Flow:
    """Each seat's count (and 报单; no 庄, as in the text), then the current trick in order, the play to beat
    framed; sized for a phone (:data:`~bot.pictures.draw.PHONE` wide: each card of the trick ≥ 24 px once the
    picture is scaled to 400 px)."""
    flow = Flow(width=PHONE, margin=8, gap=8, line_gap=6)
    sizes, baodan = view.get("hand_sizes"), view.get("baodan")
    for s in range(seats_of(view)):
        size = sizes[s] if isinstance(sizes, list) and view.get("sitter") != s else None
        told = isinstance(baodan, list) and s < len(baodan) and bool(baodan[s])
        flow.add(head_sprite(s, s in (view.get("to_act") or []), size, told, current_lang())).space(12)
    trick = [t for t in view.get("trick") or [] if isinstance(t, dict)]
    if trick:
        flow.rule().add(text(labels.trick(), 20))
        top = view.get("top")
        for play in trick:
            seat = play.get("seat")
            faces = tuple(c for c in play.get("cards") or [] if parse(c) is not None)
            if not faces:
                flow.add(passed_sprite(seat if isinstance(seat, int) else None, current_lang()))
                continue
            sprite, parts = play_sprite(seat if isinstance(seat, int) else None, faces, play == top, current_lang())
            flow.add(sprite, tag="discard", parts=parts)
    return flow


def _signed(codes: Any) -> list[str]:
    return [signed(c) for c in codes]


def _entry(entry: TrickEntry) -> dict[str, Any]:
    return {"seat": entry.seat, "play": None if entry.play is None else entry.play.code, "cards": _signed(entry.cards)}


def _drawn_table(view: PaodekuaiView) -> dict[str, Any]:
    """What the table's picture draws of the view: each seat's count, 报单, the trick and the play to beat."""
    return {"family": "paodekuai", "dealer": view.dealer, "to_act": list(view.to_act),
            "hand_sizes": None if view.hand_sizes is None else list(view.hand_sizes), "baodan": list(view.baodan),
            "trick": [_entry(e) for e in view.trick], "top": None if view.top is None else _entry(view.top)}


def hand_picture(private: PaodekuaiSeatView | dict[str, Any]) -> Picture | None:
    """The seat's own cards from its ``view(seat)``; None when it holds nothing to draw."""
    inputs = hand_inputs(private if isinstance(private, dict) else
                         {"family": "paodekuai", "hand": _signed(private.hand), "seat": private.seat})
    return Picture("hand", inputs, hand_flow) if inputs["hand"] else None


def table_picture(public: PaodekuaiView | dict[str, Any]) -> Picture:
    return Picture("table", table_inputs(public if isinstance(public, dict) else _drawn_table(public)), table_flow)


def result_picture(outcome: Outcome | None, seats: int) -> Picture | None:
    """What each seat had left when the winner went out, from the hand's outcome: each loser's step says what he
    was left with (全关 where he played nothing)."""
    if outcome is None or not outcome.winners:
        return None
    return Picture("result", drawn_result(outcome, seats), result_flow)


def drawn_result(outcome: Outcome, seats: int) -> dict[str, Any]:
    """What the settlement's picture draws of the outcome: the winner, every hand left, who was 全关."""
    winner = outcome.winners[0]
    closed = []
    for step in winner.steps:
        seat, left = step.says.arg("seat"), step.says.arg("left")
        if isinstance(seat, Seat) and isinstance(left, Msg) and left.id == CLOSED_LEFT:
            closed.append(seat.seat)
    return {"family": "paodekuai", "seats": seats, **dict.fromkeys(RESULT_KEYS), "winner": winner.seat,
            "hands": [_signed(h) for h in outcome.hands], "closed": closed}



def hand_png(private: dict[str, Any]) -> bytes:
    return hand_flow(private).png()


def result_png(detail: dict[str, Any]) -> bytes:
    return result_flow(detail).png()


def table_png(view: dict[str, Any]) -> bytes:
    return table_flow(view).png()
