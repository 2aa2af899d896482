"""The channel's picture of the table, drawn from ``public_view()`` only: each seat's melds (face-down cards as
backs), discards, the 亮张 and the card on offer, the wall, the current trick (跑得快), the birds and whom they hit.
Nothing here can show a hidden card: a private view's ``hand`` is never read."""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..words import rank_of
from . import labels, mahjong, paodekuai, zipai
from .draw import GOLD, Flow, column, highlight, row, text

DISCARDS_SHOWN = 24  # latest discards per seat: older ones are in the text log


def _seat_head(view: dict[str, Any], seat: int) -> list[Image.Image]:
    """``2号 庄 · 手牌 13 张`` (跑得快: no 庄, as in the text; 报单)."""
    parts = [text(labels.seat(seat), 22, GOLD if seat in (view.get("to_act") or []) else (235, 235, 220))]
    if view.get("dealer") == seat and view.get("family") != "paodekuai":
        parts.append(text(labels.dealer(), 20))
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list) and seat < len(sizes) and isinstance(sizes[seat], int) and view.get("sitter") != seat:
        parts.append(text(labels.in_hand(sizes[seat]), 18))
    baodan = view.get("baodan")
    if isinstance(baodan, list) and seat < len(baodan) and baodan[seat]:
        parts.append(text(labels.last_card(), 20, (255, 120, 120)))
    return parts


def _per_seat(view: dict[str, Any], key: str, seat: int) -> Any:
    value = view.get(key)
    return value[seat] if isinstance(value, list) and seat < len(value) else None


def seats_of(view: dict[str, Any]) -> int:
    sizes = view.get("hand_sizes")
    return len(sizes) if isinstance(sizes, list) else 0


def zipai_png(view: dict[str, Any]) -> bytes:
    flow = Flow()
    head: list[Image.Image] = []
    if isinstance(view.get("wall"), int):
        head.append(text(labels.stock(view["wall"]), 22))
    # the 亮张 while it is on offer (the engine names it only then), else the card on offer: one card, once
    for label, key in ((labels.liang(), "liang"), (labels.on_offer(), "revealed")):
        c = view.get(key)
        if isinstance(c, str) and rank_of(c) is not None:
            head += [text(label, 20), highlight(zipai.card(c, zipai.TABLE + 8))]
            break
    for h in head:
        flow.add(h)
    for s in range(seats_of(view)):
        flow.rule()
        for p in _seat_head(view, s):
            flow.add(p)
        melds = zipai.melds_row(_per_seat(view, "melds", s), zipai.TABLE)
        if melds:
            flow.newline()
            for m in melds:
                flow.add(m)
        outs = _per_seat(view, "outs", s)
        if outs:
            flow.newline().add(text(labels.outs(), 18))
            flow.add(row(zipai.cards(str(outs)[-DISCARDS_SHOWN:], zipai.TABLE - 8), 2))
    return flow.png()


def mahjong_png(view: dict[str, Any]) -> bytes:
    flow = Flow()
    if isinstance(view.get("wall"), int):
        flow.add(text(labels.wall(view["wall"]), 22))
    offer = view.get("revealed")
    if isinstance(offer, str) and mahjong.tiles_of([offer]):
        flow.add(text(labels.on_offer(), 20)).add(highlight(mahjong.tile(offer, *mahjong.TABLE)))
    for s in range(seats_of(view)):
        flow.rule()
        for p in _seat_head(view, s):
            flow.add(p)
        melds = [m for m in _per_seat(view, "melds", s) or [] if isinstance(m, dict)]
        if melds:
            flow.newline()
            for m in melds:
                flow.add(mahjong.meld_sprite(m, mahjong.TABLE))
        discards = mahjong.tiles_of(_per_seat(view, "discards", s))[-DISCARDS_SHOWN:]
        if discards:
            flow.newline()
            small = (mahjong.TABLE[0] - 4, mahjong.TABLE[1] - 5)
            for t in mahjong.tiles(discards, small):
                flow.add(t)
    if view.get("birds") is not None:
        flow.rule()
        mahjong.birds_line(flow, view.get("birds"), seats_of(view))
    flow.gap = 4
    return flow.png()


def paodekuai_png(view: dict[str, Any]) -> bytes:
    """Each seat's count (and 报单), then the current trick in order, the play to beat framed."""
    flow = Flow()
    for s in range(seats_of(view)):
        if s:
            flow.space(18)
        for p in _seat_head(view, s):
            flow.add(p)
    trick = [t for t in view.get("trick") or [] if isinstance(t, dict)]
    if trick:
        flow.rule().add(text(labels.trick(), 20))
        top = view.get("top")
        for play in trick:
            seat = play.get("seat")
            who = text(labels.seat(seat), 16) if isinstance(seat, int) else text(" ", 16)
            faces = paodekuai.cards(play.get("cards"), paodekuai.TABLE)
            body = row(faces, 1) if faces else text(labels.passed(), 18)
            if faces and play == top:
                body = highlight(body)
            flow.add(column([who, body], 2))
    return flow.png()


def png(view: dict[str, Any]) -> bytes:
    family = view.get("family")
    if family == "mahjong":
        return mahjong_png(view)
    if family == "paodekuai":
        return paodekuai_png(view)
    return zipai_png(view)
