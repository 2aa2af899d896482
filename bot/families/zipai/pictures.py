"""字牌's pictures: cards with their characters, red ones red, 小 (一二三) on white and 大 (壹贰叁) on a warm tint so the
two cases read apart at a glance; the hand in columns as players hold it, a 坎 or 提 its own column; the table with
each seat's 门子 (face-down cards as backs) and discards, the 亮张 or the card on offer; the winning arrangement."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.outcome import Outcome
from engine.zipai.views import ZipaiSeatView, ZipaiView

from ...i18n import current_lang
from ...pictures import HAND_KEYS, TABLE_KEYS, Picture, fields_json, hand_inputs, labels, table_inputs
from ...pictures.cache import sprite
from ...pictures.draw import INK, PHONE, Flow, back, card_base, centred, column, highlight, row, text
from ...pictures.draw import RED as RED_INK
from ...pictures.emoji import Face
from ...pictures.font import have_cjk
from ...pictures.table import DISCARDS_SHOWN, per_seat, seat_head, seats_of
from .words import BIG, RED, SMALL, rank_of

SMALL_FACE = (250, 250, 244)
BIG_FACE = (246, 226, 180)
HAND = 58  # px: a card of the player's own hand
TABLE = 40  # a card on the table
DISCARD = 32  # a discard on the table's picture: 32 of PHONE's 480 px is 26.7 px on a 400-px phone


def ascii_face(card: str) -> str:
    """Without the CJK font: ``x3`` for 小三, ``D3`` for 大叁."""
    r = rank_of(card)
    return "?" if r is None else ("D" if card in BIG else "x") + str(r + 1)


@sprite
def card(face: str, size: int) -> Image.Image:
    big = face in BIG
    img = card_base(size, size, BIG_FACE if big else SMALL_FACE)
    colour = RED_INK if face in RED else INK
    if have_cjk():
        centred(img, text(face, int(size * 0.72), colour))
    else:
        centred(img, text(ascii_face(face), int(size * 0.42), colour))
    if big:  # a bar under the character: 大 still reads apart in grey scale
        d = ImageDraw.Draw(img)
        d.line((size * 0.3, size - 6, size * 0.7, size - 6), fill=colour, width=2)
    return img


def faces() -> list[Face]:
    """Every card for the application's emojis, keyed as the ASCII labels write them (``x3`` 小三, ``D3`` 大叁)."""
    return [Face(c, ascii_face(c), card(c, 128)) for c in SMALL + BIG]


def cards(faces: str | list[str], size: int) -> list[Image.Image]:
    return [card(c, size) for c in faces if rank_of(c) is not None]


def hand_columns(hand: str | list[str]) -> list[list[str]]:
    """The hand as players hold it: one column per rank, 小 above 大 (二二贰); three or four of one face
    (坎, 提) stand in their own column."""
    by_rank: dict[int, list[str]] = {}
    for c in hand:
        r = rank_of(c)
        if r is not None:
            by_rank.setdefault(r, []).append(c)
    out: list[list[str]] = []
    for r in sorted(by_rank):
        rest: list[str] = []
        for face in (SMALL[r], BIG[r]):
            n = by_rank[r].count(face)
            if n >= 3:
                out.append([face] * n)
            else:
                rest += [face] * n
        if rest:
            out.append(rest)
    return out


@sprite
def _column(faces: str, size: int) -> Image.Image:
    """One column of the hand (few kinds: a rank's cards), drawn once."""
    return column(cards(faces, size), 2)


def meld_sprite(meld: dict[str, Any], size: int) -> Image.Image:
    """A laid meld with its kind above: face-down cards (偎, the three under a 提) as backs."""
    h = meld.get("hidden")
    return _meld(str(meld.get("type") or ""), str(meld.get("cards") or ""), h if isinstance(h, int) else 0, size,
                 current_lang())


@sprite
def _meld(kind: str, faces: str, hidden: int, size: int, lang: str) -> Image.Image:
    """Drawn once per meld as the view writes it (``cards`` checked here: a table picture has a dozen melds)."""
    sprites = [back(size, size)] * hidden + cards(faces, size)  # cards() keeps only 字牌's characters
    return column([text(labels.kind(kind), int(size * 0.45)), row(sprites, 2)], 1)


def melds_row(melds: Any, size: int) -> list[Image.Image]:
    return [meld_sprite(m, size) for m in melds or [] if isinstance(m, dict)]


def hand_flow(private: dict[str, Any]) -> Flow:
    """The seat's own picture: the hand in columns, then its melds face up."""
    flow = Flow()
    hand = private.get("hand") or ""
    columns = hand_columns(hand)
    flow.add(text(labels.in_hand(sum(len(c) for c in columns)), 22)).newline()
    for col in columns:
        flow.add(_column("".join(col), HAND))
    own = private.get("own")
    if own:
        flow.newline()
        for m in melds_row(own, TABLE):
            flow.add(m)
    return flow


def groups_flow(drawn: dict[str, Any]) -> Flow:
    """The settlement: who won on which card, the winning arrangement in its groups, each with its 胡息."""
    flow = Flow()
    seats = drawn["seats"]
    winner = drawn.get("winner")
    head = [text(labels.seat(winner), 24)] if isinstance(winner, int) and 0 <= winner < seats else []
    win_card = drawn.get("card")
    if isinstance(win_card, str) and rank_of(win_card) is not None:
        head += [text(labels.won(), 24), highlight(card(win_card, HAND))]
    if isinstance(drawn.get("huxi"), int):
        head.append(text(labels.huxi(drawn["huxi"]), 24))
    for h in head:
        flow.add(h)
    flow.newline()
    marked = False
    for g in drawn.get("groups") or []:
        if not isinstance(g, dict):
            continue
        faces = [c for c in g.get("cards") or [] if isinstance(c, str) and rank_of(c) is not None]
        sprites = []
        for c in faces:
            s = card(c, TABLE + 6)
            if not marked and c == win_card:  # the card that won, once
                s, marked = highlight(s), True
            sprites.append(s)
        parts = [text(labels.kind(str(g.get("kind") or "")), 18), column(sprites, 2)]
        if isinstance(g.get("huxi"), int):
            parts.append(text(str(g["huxi"]), 18))
        flow.add(column(parts, 3))
    return flow


def table_flow(view: dict[str, Any]) -> Flow:
    """The channel's picture from ``public_view()``, sized for a phone (:data:`~bot.pictures.draw.PHONE` wide): the
    底牌, the 亮张 while it is on offer (else the card on offer), then each seat's head beside its 门子, and its
    discards in rows that wrap (each one :data:`DISCARD` wide: ≥ 24 px once the picture is scaled to 400 px)."""
    flow = Flow(width=PHONE, margin=8, gap=6, line_gap=6)
    if isinstance(view.get("wall"), int):
        flow.add(text(labels.stock(view["wall"]), 22))
    # the 亮张 while it is on offer (the engine names it only then), else the card on offer: one card, once
    for label, key in ((labels.liang(), "liang"), (labels.on_offer(), "revealed")):
        c = view.get(key)
        if isinstance(c, str) and rank_of(c) is not None:
            flow.add(text(label, 20)).add(highlight(card(c, TABLE + 8)), tag="offer")
            break
    for s in range(seats_of(view)):
        flow.rule()
        for p in seat_head(view, s):
            flow.add(p)
        for m in melds_row(per_seat(view, "melds", s), TABLE):
            flow.add(m)
        outs = per_seat(view, "outs", s)
        if outs:
            flow.newline().add(text(labels.outs(), 18))
            for c in cards(str(outs)[-DISCARDS_SHOWN:], DISCARD):
                flow.add(c, tag="discard")
    return flow


def hand_picture(private: ZipaiSeatView) -> Picture | None:
    """The seat's own hand from its ``view(seat)``; None when it holds nothing to draw."""
    inputs = hand_inputs(fields_json(private, HAND_KEYS))
    return Picture("hand", inputs, hand_flow) if inputs["hand"] else None


def table_picture(public: ZipaiView) -> Picture:
    return Picture("table", table_inputs(fields_json(public, TABLE_KEYS)), table_flow)


def result_picture(outcome: Outcome | None, seats: int) -> Picture | None:
    """The winning arrangement in its groups, with the winning card and the hand's 胡息 (its groups' sum); None for a
    黄庄 (nothing to draw)."""
    if outcome is None or not outcome.winners or not outcome.winners[0].groups:
        return None
    w = outcome.winners[0]
    counted = [g.huxi for g in w.groups]
    inputs = {"family": "zipai", "seats": seats, "winner": w.seat, "card": w.card,
              "huxi": sum(h for h in counted if h is not None) if None not in counted else None,
              "groups": [g.to_json() for g in w.groups]}
    return Picture("result", inputs, groups_flow)



def table_png(view: dict[str, Any]) -> bytes:
    return table_flow(view).png()
