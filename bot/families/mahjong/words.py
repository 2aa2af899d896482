"""麻将's words: tiles by name (``5m`` → 五万, zh-TW 五萬), a hand by suit as players sort it, melds (a 杠 on a
discard is a 明杠 here), 加锤, and the birds with whom they hit."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeGuard

from engine.mahjong.tiles import SUITS, TileError, tile_id, tile_name
from engine.melds import MeldView
from engine.outcome import Bird

from ...i18n import SOURCE, tr, tr_in
from ...present.words import joined

MELD_WORDS = {"chi": tr_in(SOURCE, "吃"), "peng": tr_in(SOURCE, "碰"), "gang": tr_in(SOURCE, "明杠"),
              "bugang": tr_in(SOURCE, "补杠"), "angang": tr_in(SOURCE, "暗杠")}
TILE = re.compile(r"[1-9][mpsz]")
NUMERALS = "一二三四五六七八九"  # i18n: input
_SUIT_OF = {"万": "m", "筒": "p", "条": "s"}  # i18n: input (the engine's suit words, read)


def is_tile(tile: Any) -> TypeGuard[str]:
    if not isinstance(tile, str) or not TILE.fullmatch(tile):
        return False
    try:
        tile_id(tile)
    except TileError:
        return False
    return True


def is_hand(tiles: Any) -> bool:
    return isinstance(tiles, list | tuple) and bool(tiles) and all(is_tile(t) for t in tiles)


def is_run(codes: Sequence[str]) -> bool:
    """Three tiles of one suit in a row (a 吃's run)."""
    if len(codes) != 3 or not all(is_tile(c) for c in codes):
        return False
    ids = sorted(tile_id(c) for c in codes)
    return codes[0][1] != "z" and len({c[1] for c in codes}) == 1 and ids == list(range(ids[0], ids[0] + 3))


def tile_word(tile: str) -> str:
    """``5m`` → 五万 (zh-TW 五萬), ``7z`` → 中; anything else never shows raw."""
    return tr(tile_name(tile_id(tile))) if is_tile(tile) else "？"


def card_run(run: str) -> str | None:
    """Tiles of one suit inside an engine text (一二三条) in the reader's writing; None for other words."""
    if len(run) > 1 and run[-1] in _SUIT_OF and all(c in NUMERALS for c in run[:-1]):
        return suit_run(run[:-1], _SUIT_OF[run[-1]])
    return None


def winning_hand(win: dict[str, Any]) -> list[str]:
    """A winner's whole hand with the winning tile in it, as one ``wins`` entry of a result gives it: a hand won on
    another's tile (a discard, a robbed kong) is one tile short of complete and gets it; a drawn win's hand already
    holds it. Complete: 14 tiles, 3 fewer per meld (a kong's fourth tile is its replacement's)."""
    hand = [t for t in win.get("hand") or [] if is_tile(t)]
    melds = [m for m in win.get("melds") or [] if isinstance(m, dict)]
    card = win.get("card")
    if is_tile(card) and (len(hand) + 3 * len(melds)) % 3 == 1:
        hand.append(card)
    return hand


def tiles_text(tiles: list[str], mark: str | None = None) -> str:
    """Tiles by suit as players sort them: ``一二三万 五五筒 东东 中``; one suit name per run of a suit. ``mark``
    (the winning tile): its last copy in bold, in its place (``五六七**七**万``)."""
    parts: list[str] = []
    by_suit: dict[str, list[int]] = {}
    for t in sorted((t for t in tiles if is_tile(t)), key=tile_id):
        by_suit.setdefault(t[1], []).append(tile_id(t))
    marked = tile_id(mark) if is_tile(mark) else None
    for suit in SUITS:
        ids = by_suit.get(suit, [])
        words = [tr(tile_name(t)) if suit == "z" else tile_name(t)[0] for t in ids]
        if marked in ids:
            i = len(ids) - 1 - ids[::-1].index(marked)
            words[i] = f"**{words[i]}**"
        if suit == "z":
            # each honour kind stands apart (东东 中)
            parts += ["".join(w for w, t in zip(words, ids, strict=True) if t == tid) for tid in sorted(set(ids))]
        elif ids:
            parts.append(suit_run("".join(words), suit))
    return " ".join(parts)


def suit_run(ranks: str, suit: str) -> str:
    """``一二三`` of 万 → 一二三万 (zh-TW 一二三萬): the numerals are the same in every language."""
    if suit == "m":
        return tr("{ranks}万", ranks=ranks)
    if suit == "p":
        return tr("{ranks}筒", ranks=ranks)
    return tr("{ranks}条", ranks=ranks)


def discards_text(tiles: list[str], keep: int | None = None) -> str:
    """Discards in the order played, each by name; with ``keep`` only the latest, saying how many in all."""
    shown = tiles[-keep:] if keep is not None and len(tiles) > keep else tiles
    text = " ".join(tile_word(t) for t in shown)
    return tr("…{tiles}（共 {n} 张）", tiles=text, n=len(tiles)) if len(shown) < len(tiles) else text


def hand_text(hand: str | list[str]) -> str:
    """Tiles by suit (``一二三万 五五筒 中``); anything else as it is."""
    cards = list(hand)
    if is_hand(cards):
        return tiles_text(cards)
    return (hand if isinstance(hand, str) else " ".join(map(str, hand))) or "—"


def meld_text(meld: MeldView | dict[str, Any]) -> str:
    """``碰 五万``, ``吃 三四五万``; a public 暗杠 shows its one open tile and says how many lie face down
    (``暗杠 五万（三张扣着）``), the owner's own (all four up) just ``暗杠 五万``."""
    if isinstance(meld, MeldView):
        meld = meld.to_json()
    kind = str(meld.get("type") or "")
    cards = [t for t in meld.get("cards") or [] if is_tile(t)]
    word = tr(MELD_WORDS.get(kind) or tr_in(SOURCE, "副露"))
    if kind == "chi":
        body = tiles_text(cards)
    else:
        body = tile_word(cards[0]) if cards else ""
    text = f"{word} {body}" if body else word
    hidden = meld.get("hidden")
    if kind == "angang" and isinstance(hidden, int) and 0 < hidden <= 4:
        face_down = (tr("{meld}（一张扣着）", meld=text), tr("{meld}（两张扣着）", meld=text),
                     tr("{meld}（三张扣着）", meld=text), tr("{meld}（四张扣着）", meld=text))
        return face_down[hidden - 1]
    return text


def melds_text(melds: Any) -> str:
    """A seat's melds, ``碰 五万、暗杠 九筒（三张扣着）``, whatever their tiles show."""
    if not isinstance(melds, list | tuple):
        return ""
    return joined([meld_text(m) for m in melds if isinstance(m, dict | MeldView)])


def chui_word(n: Any) -> str:
    """The 加锤 button's own words: 不加锤, 加1锤, 加2锤."""
    return tr("加{n}锤", n=n) if isinstance(n, int) and n > 0 else tr("不加锤")


def birds_json(birds: Sequence[Bird], winners: Sequence[int] = ()) -> dict[str, Any]:
    """Typed birds in the drawing's form (what the pictures and the stored positions draw): the tiles, whether each
    hit, the hits each winner counts (红中: the same birds for every winner); where birds land on seats (长沙) the
    landing counted from each seat paid with them (4 players: one landing for all)."""
    winners = winners or sorted({s for b in birds for s in b.hits})  # none named: whom the birds hit
    if any(b.seat is not None or b.counted_from is not None for b in birds):
        counted = list(dict.fromkeys(b.counted_from for b in birds))
        if None in counted:  # 4 players: one landing for every seat paid
            first = list(birds)
            landing = [{"from": min((s for b in birds for s in b.hits), default=-1), "seats": [b.seat for b in first],
                        "hit": [bool(b.hits) for b in first]}]
        else:  # 3 and 2: each seat paid counts from itself, the same tiles listed once per such seat
            first = [b for b in birds if b.counted_from == counted[0]]
            landing = [{"from": s, "seats": [b.seat for b in birds if b.counted_from == s],
                        "hit": [s in b.hits for b in birds if b.counted_from == s]} for s in counted]
        return {"tiles": [b.card for b in first], "seats": [b.seat for b in first], "landing": landing}
    return {"tiles": [b.card for b in birds], "hit": [bool(b.hits) for b in birds],
            "hits": {str(s): sum(b.counts for b in birds if s in b.hits) for s in winners}}


def birds_text(birds: Any, seat_name: Callable[[int], str] | None = None,
               winners: Sequence[int] = ()) -> str | None:
    """The birds and whom they hit, as the payments count them. 红中: ``扎鸟：九条 六条 → 4号 小红 中鸟 1（九条）``
    (一炮多响: ``→ 2号 阿强、4号 小红 各中鸟 1``); where birds land on seats (长沙) ``扎鸟：八万→4号 小红 · 六万（未中）→2号
    阿强`` — 未中: on nobody the payments pair with it; 3 and 2 players count from each seat paid, so
    several seats read ``从 2号 阿强 数起：…；从 3号 老王 数起：…``. ``birds``: typed (``winners``: whom a
    红中 bird counts for), or in the drawing's form."""
    if isinstance(birds, tuple | list) and all(isinstance(b, Bird) for b in birds):
        birds = birds_json(birds, winners)
    if not isinstance(birds, dict):
        return None
    tiles = [t for t in birds.get("tiles") or [] if is_tile(t)]
    if not tiles:
        return tr("扎鸟：牌墙已空，无鸟")
    if seat_name is not None:
        landings = bird_landings(birds, len(tiles))
        if landings:
            return tr("扎鸟：{birds}", birds=_landed_text(tiles, landings, seat_name))
    shown = " ".join(map(tile_word, tiles))
    hits = birds.get("hits")
    if isinstance(hits, dict):
        by_seat = _hits_by_seat(hits)
        scored = {s: n for s, n in by_seat.items() if n}
        if not scored:
            return tr("扎鸟：{tiles} → 未中鸟", tiles=shown)
        if seat_name is None:
            return tr("扎鸟：{tiles} → 中鸟 {hits}", tiles=shown, hits=max(scored.values()))
        counts = set(scored.values())
        if len(counts) == 1 and len(scored) > 1:
            who = tr("{seats} 各中鸟 {hits}", seats=joined([seat_name(s) for s in scored]), hits=counts.pop())
        else:
            who = joined([tr("{seat} 中鸟 {hits}", seat=seat_name(s), hits=n) for s, n in scored.items()])
        hit = birds.get("hit")
        if isinstance(hit, list) and len(hit) == len(tiles) and any(hit) and not all(hit):
            # which of them hit, when not every one did
            who = tr("{hit}（{tiles}）", hit=who, tiles=" ".join(tile_word(t) for t, h in zip(tiles, hit, strict=True)
                                                               if h is True))
        return tr("扎鸟：{tiles} → {hit}", tiles=shown, hit=who)
    if isinstance(hits, int) and hits:
        return tr("扎鸟：{tiles} → 中鸟 {hits}", tiles=shown, hits=hits)
    return tr("扎鸟：{tiles} → 未中鸟", tiles=shown)


def _hits_by_seat(hits: dict[Any, Any]) -> dict[int, int]:
    """A result's hits per winner (``{"3": 1}``), in seat order."""
    out = {int(s): n for s, n in hits.items() if str(s).isdigit() and isinstance(n, int)}
    return dict(sorted(out.items()))


def bird_landings(birds: dict[str, Any], n: int) -> list[tuple[list[int], list[int | None], list[bool] | None]]:
    """长沙's birds on seats: (the seats they are counted from, the seat each lands on, whether each hits) once per
    different landing — 4 players: one (from the dealer); 3 and 2: one per seat paid with them. A bird hits when
    it hits for any seat it lands the same for. Older results: the one landing ``seats``, hits unknown."""
    out: list[tuple[list[int], list[int | None], list[bool] | None]] = []
    landing = birds.get("landing")
    if isinstance(landing, list):
        for entry in landing:
            if not isinstance(entry, dict):
                continue
            on, hit, frm = entry.get("seats"), entry.get("hit"), entry.get("from")
            if not (isinstance(on, list) and len(on) == n and isinstance(hit, list) and len(hit) == n
                    and isinstance(frm, int)):
                continue
            seats = [s if isinstance(s, int) else None for s in on]
            same = next((o for o in out if o[1] == seats), None)
            if same is None:
                out.append(([frm], seats, [h is True for h in hit]))
            else:
                same[0].append(frm)
                assert same[2] is not None
                same[2][:] = [a or h is True for a, h in zip(same[2], hit, strict=True)]
        if out:
            return out
    landed = birds.get("seats")
    if isinstance(landed, list) and len(landed) == n and any(isinstance(s, int) for s in landed):
        return [([], [s if isinstance(s, int) else None for s in landed], None)]
    return []


def _landed_text(tiles: list[str], landings: list[tuple[list[int], list[int | None], list[bool] | None]],
                 seat_name: Callable[[int], str]) -> str:
    def one(seats: list[int | None], hit: list[bool] | None) -> str:
        parts = []
        for i, (t, s) in enumerate(zip(tiles, seats, strict=True)):
            bird = tr("{tile}（未中）", tile=tile_word(t)) if hit is not None and s is not None and not hit[i] \
                else tile_word(t)
            parts.append(f"{bird}→{seat_name(s) if s is not None else tr('空')}")
        return " · ".join(parts)

    if len(landings) == 1:
        return one(*landings[0][1:])
    return "；".join(tr("从 {seat} 数起：{birds}", seat=joined([seat_name(s) for s in frm]), birds=one(seats, hit))
                    for frm, seats, hit in landings)
