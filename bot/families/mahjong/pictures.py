"""麻将's pictures: tiles drawn with the faces players know (``faces.py``: the Unicode mahjong block shows on few
phones): 筒 circles, 条 sticks, 万 the numeral over a red 萬; 中 red, 发 green, 白 an empty blue frame; the drawn tile set apart; the table with each
seat's melds and discards and the birds; each win's hand in its groups."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.mahjong.tiles import HONOUR_BASE, KINDS, tile_id, tile_name, tile_str
from engine.mahjong.views import MahjongSeatView, MahjongView
from engine.mahjong.win import decompositions
from engine.outcome import Outcome

from ...i18n import current_lang
from ...pictures import Picture, hand_inputs, labels, result_inputs, table_inputs
from ...pictures.cache import sprite
from ...pictures.draw import (
    BLUE,
    GREEN,
    INK,
    PHONE,
    RED,
    Colour,
    Flow,
    back,
    card_base,
    centred,
    column,
    highlight,
    row,
    text,
)
from ...pictures.emoji import Face
from ...pictures.font import font, have_cjk
from ...pictures.table import DISCARDS_SHOWN, per_seat, seat_head, seats_of
from . import faces as faces_drawn
from .words import bird_landings, birds_json, is_tile, winning_hand

FACE = (250, 248, 236)
HAND = (48, 66)  # px (w, h) of a tile in the player's own hand
TABLE = (34, 46)
DISCARD = (32, 44)  # a discard on the table's picture: 32 of PHONE's 480 px is 26.7 px on a 400-px phone
HONOUR_INK = (INK, INK, INK, INK, BLUE, GREEN, RED)  # 东 南 西 北 白 发 中
WHITE_DRAGON = HONOUR_BASE + 4
WAN = "萬"  # i18n: input  (printed on 万 tiles: a tile's face, like 字牌's card characters, not words to translate)


_CODES: dict[str, bool] = {}  # is_tile of each string seen (a regex and a parse): a table picture checks ~60 discards


def tiles_of(value: Any) -> list[str]:
    out = []
    for t in value or []:
        if isinstance(t, str):
            ok = _CODES.get(t)
            if ok is None:
                ok = is_tile(t)
                if len(_CODES) < 1024:  # the tiles' codes, and a few strays
                    _CODES[t] = ok
            if ok:
                out.append(t)
    return out


@sprite
def tile(code: str, w: int, h: int) -> Image.Image:
    """A tile's face as players know it: 筒 circles, 条 sticks (一条 a bird), 万 the numeral over a red 萬, 红中 a
    red 中, 发 green, 白 an empty blue frame. Without the CJK font the characters' tiles read as their code."""
    tid = tile_id(code)
    img = card_base(w, h, FACE, (90, 140, 100))
    ImageDraw.Draw(img).rectangle((2, h - 7, w - 3, h - 3), fill=(60, 150, 90))  # the tile's green back edge
    suit, number = divmod(tid, 9)
    if tid < HONOUR_BASE and suit > 0:  # 筒 and 条 need no font
        mx, top = max(3, round(w * 0.1)), max(3, round(h * 0.07))
        fw, fh = w - 2 * mx, h - 8 - top - max(1, round(h * 0.03))
        img.alpha_composite((faces_drawn.dots if suit == 1 else faces_drawn.sticks)(number + 1, fw, fh), (mx, top))
    elif not have_cjk():
        centred(img, text(code, int(w * 0.5), RED if tid < HONOUR_BASE else INK))
    elif tid == WHITE_DRAGON:
        ImageDraw.Draw(img).rectangle((w * 0.22, h * 0.18, w * 0.78, h * 0.72), outline=BLUE, width=3)
    elif tid >= HONOUR_BASE:
        centred(img, text(tile_name(tid), int(w * 0.72), HONOUR_INK[tid - HONOUR_BASE]), y=int(h * 0.08))
    else:  # 万: the numeral in ink over a red 萬, as the tiles are printed
        centred(img, glyphs(tile_name(tid)[0], int(w * 0.5), INK), y=round(h * 0.04))
        centred(img, glyphs(WAN, int(w * 0.54), RED), y=round(h * 0.44))
    return img


def glyphs(value: str, size: int, colour: Colour) -> Image.Image:
    """A label without the font's room above its characters (CJK fonts leave a quarter of the line empty there),
    cut at the same height for every numeral, so 一 sits where it would beside 九."""
    label = text(value, size, colour)
    top = font(size).getbbox(tile_name(8)[0])[1]  # the tallest numeral's top
    return label.crop((0, top, label.width, label.height))


def faces() -> list[Face]:
    """Every tile for the application's emojis, keyed by its code (``5m``, ``7z``)."""
    return [Face(tile_str(tid), tile_str(tid), tile(tile_str(tid), 96, 128)) for tid in range(KINDS)]


def tiles(codes: list[str], size: tuple[int, int]) -> list[Image.Image]:
    return [tile(c, *size) for c in codes]


def sort_key(code: str) -> int:
    return tile_id(code)


def meld_sprite(meld: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """A meld with its kind above; a public 暗杠 shows its open tile and the rest as backs."""
    h = meld.get("hidden")
    return _meld(str(meld.get("type") or ""), tuple(tiles_of(meld.get("cards"))), h if isinstance(h, int) else 0,
                 size, current_lang())


@sprite
def _meld(kind: str, codes: tuple[str, ...], hidden: int, size: tuple[int, int], lang: str) -> Image.Image:
    sprites = tiles(list(codes), size) + [back(*size)] * hidden
    return column([text(labels.kind(kind), int(size[1] * 0.36)), row(sprites, 1)], 1)


def hand_flow(private: dict[str, Any]) -> Flow:
    """The seat's own tiles sorted by suit, the drawn tile apart (framed), then its melds."""
    flow = Flow()
    hand = tiles_of(private.get("hand"))
    drawn = private.get("drawn") if is_tile(private.get("drawn")) else None
    if drawn is not None and drawn in hand:
        hand.remove(drawn)  # shown on its own, as the player sees it arrive
    flow.add(text(labels.in_hand(len(hand) + (drawn is not None)), 22)).newline()
    flow.add_row(tiles(sorted(hand, key=sort_key), HAND), 2)
    if drawn is not None:
        flow.space(10).add(highlight(tile(drawn, *HAND)))
    own = private.get("own")
    if isinstance(own, list):
        flow.newline()
        for m in own:
            if isinstance(m, dict):
                flow.add(meld_sprite(m, TABLE))
    return flow


def win_groups(codes: list[str]) -> list[tuple[str, list[str]]]:
    """(Stored positions from before the outcome carried the engine's groups.) The whole winning hand (the winning tile in it: :func:`bot.families.mahjong.words.winning_hand`) in its groups: 刻子/顺子 and
    the 将, 七对 as pairs; 红中 wildcards stay where the split put them. A hand no split explains is shown as it
    stands."""
    counts = [0] * 34
    for c in codes:
        counts[tile_id(c)] += 1
    wild = counts[HONOUR_BASE + 6] if "7z" in codes and not _plain_win(counts) else 0
    if wild:
        counts[HONOUR_BASE + 6] = 0
    found = decompositions(counts, wild, allow_qidui=True, allow_shisanyao=True)
    if not found:
        return [("", sorted(codes, key=sort_key))]
    d = found[0]
    out: list[tuple[str, list[str]]] = []
    if d.shape == "qidui":
        out += [("pair", [tile_str(p)] * 2) for p in d.pairs] + [("pair", ["7z", "7z"])] * d.free_pairs
        return out
    if d.shape == "shisanyao":
        return [("", sorted(codes, key=sort_key))]
    for g in d.groups:
        real = list(g.tiles)
        for w in g.wild:
            real.remove(w)
        # 麻将 calls a run 顺子 (字牌's 一句话 is the same code)
        out.append(("seq" if g.kind == "shun" else g.kind, [tile_str(t) for t in real] + ["7z"] * len(g.wild)))
    out += [("ke", ["7z"] * 3)] * d.free_groups
    out.append(("pair", [tile_str(d.pair)] * 2 if d.pair is not None else ["7z", "7z"]))
    return out


def _plain_win(counts: list[int]) -> bool:
    return bool(decompositions(counts, 0, allow_qidui=True, allow_shisanyao=True))


def result_flow(detail: dict[str, Any]) -> Flow:
    """Each win of the hand (一炮多响: several): the winner, the tile, the melds and the hand in its groups;
    then the birds and whom they hit."""
    flow = Flow()
    seats = detail["seats"]
    wins = [w for w in detail.get("wins") or [] if isinstance(w, dict)]
    if not wins:
        flow.add(text(labels.draw_game(), 26))
    for w in wins:
        seat = w.get("seat")
        card = w.get("card") if is_tile(w.get("card")) else None
        flow.newline()
        if isinstance(seat, int) and 0 <= seat < seats:
            flow.add(text(labels.seat(seat), 24))
        if card is not None:
            flow.add(text(labels.won(), 24)).add(highlight(tile(card, *HAND)))
        flow.newline()
        for m in w.get("melds") or []:
            if isinstance(m, dict):
                flow.add(meld_sprite(m, TABLE))
        marked = False
        groups = w.get("groups")  # the engine's groups (a stored position from before them: split here)
        for kind, codes in groups if isinstance(groups, list) else win_groups(winning_hand(w)):
            sprites = []
            for c in codes:
                s = tile(c, *TABLE)
                if not marked and c == card:
                    s, marked = highlight(s), True
                sprites.append(s)
            flow.add(column([text(labels.kind(kind) if kind else " ", 16), row(sprites, 1)], 1))
    birds_line(flow, detail.get("birds"), seats)
    return flow


def birds_line(flow: Flow, birds: Any, seats: int) -> None:
    """扎鸟: the bird tiles, each with the seat it lands on (长沙; 3 and 2 players: a row per seat counted from,
    when they differ) or, framed, those that hit and each winner's count (红中), as the settlement text says."""
    if not isinstance(birds, dict):
        return
    codes = tiles_of(birds.get("tiles"))
    flow.newline().add(text(labels.birds(), 20))
    if not codes:
        flow.add(text(labels.no_birds(), 20))
        return
    landings = bird_landings(birds, len(codes))
    for n, (frm, on, _) in enumerate(landings):
        if n:
            flow.newline()
        if len(landings) > 1:
            flow.add(text("/".join(labels.seat(s) for s in frm if 0 <= s < seats), 16))
        for code, s in zip(codes, on, strict=True):
            parts = [tile(code, *TABLE)]
            if s is not None and 0 <= s < seats:
                parts.append(text("→" + labels.seat(s), 16))
            flow.add(column(parts, 1))
    if landings:
        return
    if "seats" in birds:  # 长沙 birds all on nobody: the tiles say it
        flow.add(row(tiles(codes, TABLE), 2))
        return
    hit = birds.get("hit")
    marked = hit if isinstance(hit, list) and len(hit) == len(codes) else [False] * len(codes)
    flow.add(row([highlight(tile(c, *TABLE)) if h is True else tile(c, *TABLE) for c, h in zip(codes, marked,
                                                                                             strict=True)], 2))
    hits = birds.get("hits")
    if isinstance(hits, dict):  # each winner's count: 一炮多响 counts the same birds for each, not their sum
        counts = {n for n in hits.values() if isinstance(n, int)}
        if len(counts) > 1:
            for s, n in sorted((int(s), n) for s, n in hits.items() if str(s).isdigit() and isinstance(n, int)):
                flow.add(text(f"{labels.seat(s)} {labels.birds_hit(n)}", 20))
            return
        hits = counts.pop() if counts else 0
    if isinstance(hits, int):
        flow.add(text(labels.birds_hit(hits), 20))


def table_flow(view: dict[str, Any]) -> Flow:
    """The channel's picture from ``public_view()``, sized for a phone (:data:`~bot.pictures.draw.PHONE` wide): the
    wall and the tile on offer, then each seat's head beside its melds, and its latest discards in rows that wrap
    (each one :data:`DISCARD` wide: ≥ 24 px once the picture is scaled to 400 px); the birds of a won hand."""
    flow = Flow(width=PHONE, margin=8, gap=4, line_gap=6)
    if isinstance(view.get("wall"), int):
        flow.add(text(labels.wall(view["wall"]), 22))
    offer = view.get("revealed")
    if isinstance(offer, str) and tiles_of([offer]):
        flow.add(text(labels.on_offer(), 20)).add(highlight(tile(offer, *TABLE)), tag="offer")
    for s in range(seats_of(view)):
        flow.rule()
        for p in seat_head(view, s):
            flow.add(p)
        for m in per_seat(view, "melds", s) or []:
            if isinstance(m, dict):
                flow.add(meld_sprite(m, TABLE))
        discards = tiles_of(per_seat(view, "discards", s))[-DISCARDS_SHOWN:]
        if discards:
            flow.newline()
            for t in tiles(discards, DISCARD):
                flow.add(t, tag="discard")
    if view.get("birds") is not None:
        flow.rule()
        birds_line(flow, view.get("birds"), seats_of(view))
    return flow


def _drawn_hand(private: MahjongSeatView) -> dict[str, Any]:
    """What the hand's picture draws of the seat's view: its tiles, the one just drawn, its own melds."""
    return {"family": "mahjong", "seat": private.seat, "hand": list(private.hand), "drawn": private.drawn,
            "melds": [[m.to_json() for m in melds] for melds in private.melds]}


def _drawn_table(view: MahjongView) -> dict[str, Any]:
    """What the table's picture draws of the view: the wall and the tile on offer, each seat's head, melds and
    discards, a won hand's birds."""
    winners = view.result.winners if view.result is not None else ()
    return {"family": "mahjong", "dealer": view.dealer, "wall": view.wall, "revealed": view.revealed,
            "hand_sizes": None if view.hand_sizes is None else list(view.hand_sizes),
            "melds": [[m.to_json() for m in melds] for melds in view.melds],
            "discards": [list(d) for d in view.discards], "to_act": list(view.to_act),
            "birds": None if view.birds is None else birds_json(view.birds, winners)}


def drawn_result(outcome: Outcome, seats: int) -> dict[str, Any]:
    """What the settlement's picture draws of the outcome: each win's tile, melds and hand in the engine's groups,
    and the birds."""
    wins = [{"seat": w.seat, "card": w.card, "melds": [m.to_json() for m in w.melds], "hand": list(w.hand),
             "groups": [[g.kind, list(g.cards)] for g in w.groups]} for w in outcome.winners]
    birds = birds_json(outcome.birds, [w.seat for w in outcome.winners]) if outcome.birds_drawn else None
    return result_inputs("mahjong", {"wins": wins, "birds": birds}, seats)


def hand_picture(private: MahjongSeatView | dict[str, Any]) -> Picture | None:
    """The seat's own tiles from its ``view(seat)``; None when it holds nothing to draw."""
    inputs = hand_inputs(private if isinstance(private, dict) else _drawn_hand(private))
    return Picture("hand", inputs, hand_flow) if inputs["hand"] else None


def table_picture(public: MahjongView | dict[str, Any]) -> Picture:
    return Picture("table", table_inputs(public if isinstance(public, dict) else _drawn_table(public)), table_flow)


def result_picture(outcome: Outcome | None, seats: int) -> Picture | None:
    """Each win's hand in its groups and the birds (荒庄: the word alone), from the hand's outcome."""
    if outcome is None:
        return None
    return Picture("result", drawn_result(outcome, seats), result_flow)


def settlement_picture(detail: dict[str, Any] | None, seats: int) -> Picture | None:
    """Each win's hand in its groups and the birds (荒庄: the word alone)."""
    if not detail:
        return None
    return Picture("result", result_inputs("mahjong", detail, seats), result_flow)

