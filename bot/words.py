"""The game's own words for what the engine names in codes: group kinds, where a winning card came from,
and a 字牌 hand laid out the way players hold it.

Shared by the table renderer and the ``/calc`` reply, so a 跑 reads 跑 everywhere and no ``pao:`` leaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeGuard

from engine.mahjong.tiles import SUITS, TileError, tile_id, tile_name

from .i18n import SOURCE, current_lang, tr, tr_in

SMALL = "一二三四五六七八九十"  # i18n: input
BIG = "壹贰叁肆伍陆柒捌玖拾"  # i18n: input
RED = frozenset("二七十贰柒拾")  # i18n: input

# Sources (zh-CN) of the words: ``tr(GROUP_WORDS[kind])`` shows one in the language spoken.
GROUP_WORDS = {
    "ti": tr_in(SOURCE, "提"), "pao": tr_in(SOURCE, "跑"), "wei": tr_in(SOURCE, "偎"),
    "chouwei": tr_in(SOURCE, "臭偎"), "peng": tr_in(SOURCE, "碰"), "kan": tr_in(SOURCE, "坎"),
    "chi": tr_in(SOURCE, "吃"), "jiao": tr_in(SOURCE, "绞"), "jiang": tr_in(SOURCE, "将"),
    "shun": tr_in(SOURCE, "一句话"), "gang": tr_in(SOURCE, "杠"), "angang": tr_in(SOURCE, "暗杠"),
    "long": tr_in(SOURCE, "提"), "bugang": tr_in(SOURCE, "补杠"),
}
# 麻将's own words: a 杠 on a discard is a 明杠 there (字牌's calculator keeps its plain 杠 above).
MAHJONG_MELD_WORDS = {"chi": tr_in(SOURCE, "吃"), "peng": tr_in(SOURCE, "碰"), "gang": tr_in(SOURCE, "明杠"),
                      "bugang": tr_in(SOURCE, "补杠"), "angang": tr_in(SOURCE, "暗杠")}
MAHJONG_TILE = re.compile(r"[1-9][mpsz]")
WIN_FROM_WORDS = {"self_draw": tr_in(SOURCE, "自摸"), "other_draw": tr_in(SOURCE, "胡别人翻出的牌"),
                  "discard": tr_in(SOURCE, "放炮"), "deal": tr_in(SOURCE, "起手牌")}
# 字牌 faces that zh-TW writes otherwise (貳 參 陸); the other characters are the same in every language.
CARD_FACES = (tr_in(SOURCE, "贰"), tr_in(SOURCE, "叁"), tr_in(SOURCE, "陆"))
# What English puts for the Chinese list marks (a separator is not a word: it has no catalogue entry).
EN_MARKS = {"、": ", ", "；": "; ", "，": ", "}


def joined(parts: list[str] | tuple[str, ...], mark: str = "、") -> str:
    """Items of a list with the mark of the language spoken: 「碰、吃」, "碰, 吃"."""
    return (EN_MARKS.get(mark, mark) if current_lang() == "en" else mark).join(parts)


def faces(cards: str) -> str:
    """字牌 characters as the language spoken writes them: zh-TW 貳 陸; English keeps the Chinese names."""
    if current_lang() == SOURCE or not any(c in CARD_FACES for c in cards):
        return cards
    return "".join(tr(c) if c in CARD_FACES else c for c in cards)


def group_word(kind: str) -> str:
    """A group kind in the game's words; an unknown code is never shown raw."""
    return tr(GROUP_WORDS.get(kind) or tr_in(SOURCE, "门子"))


def rank_of(card: str) -> int | None:
    """牌点 0…9 of a 字牌 character, None for anything else (other families' tiles)."""
    if card in SMALL:
        return SMALL.index(card)
    if card in BIG:
        return BIG.index(card)
    return None


def is_zipai_hand(cards: list[str]) -> bool:
    return bool(cards) and all(rank_of(c) is not None for c in cards)


def hand_groups(cards: list[str]) -> list[tuple[str, bool, bool]]:
    """The hand by rank, 小 before 大 (二二贰): ``(cards, is_kan, is_red)`` per rank held.

    A 坎 (three identical dealt cards) stands apart from its rank's other case, as players keep it."""
    by_rank: dict[int, list[str]] = {}
    for c in cards:
        r = rank_of(c)
        assert r is not None
        by_rank.setdefault(r, []).append(c)
    out: list[tuple[str, bool, bool]] = []
    for r in sorted(by_rank):
        group = sorted(by_rank[r], key=lambda c: c in BIG)
        red = group[0] in RED
        rest = []
        for face in (SMALL[r], BIG[r]):
            n = group.count(face)
            if n == 3:
                out.append((face * 3, True, red))
            else:
                rest.append(face * n)
        if "".join(rest):
            out.append(("".join(rest), False, red))
    return out


def is_mahjong_tile(tile: Any) -> TypeGuard[str]:
    if not isinstance(tile, str) or not MAHJONG_TILE.fullmatch(tile):
        return False
    try:
        tile_id(tile)
    except TileError:
        return False
    return True


def is_mahjong_hand(tiles: Any) -> bool:
    return isinstance(tiles, list | tuple) and bool(tiles) and all(is_mahjong_tile(t) for t in tiles)


def tile_word(tile: str) -> str:
    """``5m`` → 五万 (zh-TW 五萬), ``7z`` → 中; anything else never shows raw."""
    return tr(tile_name(tile_id(tile))) if is_mahjong_tile(tile) else "？"


def winning_hand(win: dict[str, Any]) -> list[str]:
    """A 麻将 winner's whole hand with the winning tile in it, as one ``wins`` entry of a result gives it: a hand
    won on another's tile (a discard, a robbed kong) is one tile short of complete and gets it; a drawn win's
    hand already holds it. Complete: 14 tiles, 3 fewer per meld (a kong's fourth tile is its replacement's)."""
    hand = [t for t in win.get("hand") or [] if is_mahjong_tile(t)]
    melds = [m for m in win.get("melds") or [] if isinstance(m, dict)]
    card = win.get("card")
    if is_mahjong_tile(card) and (len(hand) + 3 * len(melds)) % 3 == 1:
        hand.append(card)
    return hand


def tiles_text(tiles: list[str], mark: str | None = None) -> str:
    """Tiles by suit as players sort them: ``一二三万 五五筒 东东 中``; one suit name per run of a suit. ``mark``
    (the winning tile): its last copy in bold, in its place (``五六七**七**万``)."""
    parts: list[str] = []
    by_suit: dict[str, list[int]] = {}
    for t in sorted((t for t in tiles if is_mahjong_tile(t)), key=tile_id):
        by_suit.setdefault(t[1], []).append(tile_id(t))
    marked = tile_id(mark) if is_mahjong_tile(mark) else None
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
    """``二贰 四 「六六六」 陆 **七七柒**``: 「」 a 坎, bold the red cards; 麻将 tiles by suit (``一二三万 五五筒
    中``); other families' tiles as they are."""
    cards = list(hand)
    if is_mahjong_hand(cards):
        return tiles_text(cards)
    if not is_zipai_hand(cards):
        return (hand if isinstance(hand, str) else " ".join(map(str, hand))) or "—"
    parts = []
    for text, kan, red in hand_groups(cards):
        shown = f"**{faces(text)}**" if red else faces(text)
        parts.append(f"「{shown}」" if kan else shown)
    return " ".join(parts)


def meld_text(meld: Any) -> str:
    """A laid-down meld: ``碰十十十``; a face-down one ``偎（暗）``; a 提 shows its one open card (``提叁``)."""
    if isinstance(meld, dict) and is_mahjong_hand(meld.get("cards")):
        return mahjong_meld_text(meld)
    if isinstance(meld, dict):
        kind = str(meld.get("type") or meld.get("kind") or "")
        cards = faces("".join(map(str, meld.get("cards") or "")))
        if not cards and meld.get("hidden"):
            return tr("{meld}（暗）", meld=group_word(kind))
        return f"{group_word(kind)}{cards}"
    if isinstance(meld, list | tuple):
        return faces("".join(map(str, meld)))
    return faces(str(meld))


def mahjong_meld_text(meld: dict[str, Any]) -> str:
    """``碰 五万``, ``吃 三四五万``; a public 暗杠 shows its one open tile and says how many lie face down
    (``暗杠 五万（三张扣着）``), the owner's own (all four up) just ``暗杠 五万``."""
    kind = str(meld.get("type") or "")
    cards = [t for t in meld.get("cards") or [] if is_mahjong_tile(t)]
    word = tr(MAHJONG_MELD_WORDS.get(kind) or tr_in(SOURCE, "副露"))
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


def mahjong_melds_text(melds: Any) -> str:
    """A 麻将 seat's melds, ``碰 五万、暗杠 九筒（三张扣着）``, whatever their tiles show."""
    if not isinstance(melds, list):
        return ""
    return joined([mahjong_meld_text(m) for m in melds if isinstance(m, dict)])


def melds_text(melds: Any) -> str:
    if not melds:
        return ""
    if isinstance(melds, list) and any(isinstance(m, dict) and is_mahjong_hand(m.get("cards")) for m in melds):
        return mahjong_melds_text(melds)
    if isinstance(melds, list) and melds and all(isinstance(m, str) and len(m) == 1 for m in melds):
        return faces("".join(melds))  # a family that lists meld cards one by one (碰 of three 一 → 一一一)
    return " ".join(meld_text(m) for m in melds) if isinstance(melds, list) else str(melds)


def parse_group_code(code: str) -> tuple[str, str]:
    """``pao:壹壹壹壹`` (the engine's arrangement entry) → (kind, cards)."""
    kind, _, cards = code.partition(":")
    return kind, cards


def chui_word(n: Any) -> str:
    """The 加锤 button's own words: 不加锤, 加1锤, 加2锤."""
    return tr("加{n}锤", n=n) if isinstance(n, int) and n > 0 else tr("不加锤")


def birds_text(birds: Any, seat_name: Callable[[int], str] | None = None) -> str | None:
    """The birds and whom they hit, as the payments count them. 红中: ``扎鸟：九条 六条 → 4号 小红 中鸟 1（九条）``
    (一炮多响: ``→ 2号 阿强、4号 小红 各中鸟 1``); where birds land on seats (长沙) ``扎鸟：八万→4号 小红 · 六万（未中）→2号
    阿强`` — 未中: on nobody the payments pair with it; 3 and 2 players count from each seat paid, so
    several seats read ``从 2号 阿强 数起：…；从 3号 老王 数起：…``."""
    if not isinstance(birds, dict):
        return None
    tiles = [t for t in birds.get("tiles") or [] if is_mahjong_tile(t)]
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


_NUMBER = re.compile(r"\d+")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
# Where an engine text divides into clauses; English writes the marks its own way.
_CLAUSE = re.compile(r"(，|；|：|、|（|）| \+ | × | ÷ | = | → )")
_EN_CLAUSE_MARKS = {"，": ", ", "；": "; ", "：": ": ", "、": ", ", "（": " (", "）": ")"}
_FIELDS = "abcdef"
_SUIT_OF = {"万": "m", "筒": "p", "条": "s"}  # i18n: input (the engine's suit words, read)


def _clause(text: str) -> str:
    """One clause of an engine text: the whole clause when the catalogue has it with its numbers as fields
    (``剩 {n} 张``, ``座位{a} 剩 {b} 张``), else each run of Chinese that the catalogue names (a 名堂, a word of the game)."""
    numbers = _NUMBER.findall(text)
    if 0 < len(numbers) <= len(_FIELDS):
        names = ["n"] if len(numbers) == 1 else list(_FIELDS[:len(numbers)])  # one number is {n}, several {a} {b}…
        fields = iter(names)
        key = _NUMBER.sub(lambda m: "{" + next(fields) + "}", text)
        if key in _entries():
            return tr(key, **dict(zip(names, numbers, strict=True)))
    return _CJK_RUN.sub(lambda m: _run(m[0]), text)


def _run(run: str) -> str:
    """A run of Chinese inside an engine phrase: a catalogue word, 字牌 faces (叁肆伍), or tiles of one suit
    (一二三条); else as written."""
    if run in _entries():
        return tr(run)
    if all(rank_of(c) is not None for c in run):
        return faces(run)
    if len(run) > 1 and run[-1] in _SUIT_OF and all(c in SMALL[:9] for c in run[:-1]):
        return suit_run(run[:-1], _SUIT_OF[run[-1]])
    return run


def _entries() -> dict[str, Any]:
    from .i18n import catalogue

    return catalogue()["messages"]


def engine_text(text: str) -> str:
    """A text the engine wrote in zh-CN (a payment's why, a hand's summary) in the language spoken, clause by
    clause: the engine stays Chinese and pure, its phrases are catalogue entries like any other."""
    lang = current_lang()
    if lang == SOURCE or not _CJK_RUN.search(text):
        return text
    if text in _entries():  # a whole sentence of the engine's (a calculator's refusal)
        return tr(text)
    out = []
    for part in _CLAUSE.split(text):
        if _CLAUSE.fullmatch(part):
            out.append(_EN_CLAUSE_MARKS.get(part, part) if lang == "en" else part)
        elif part:
            out.append(_clause(part))
    return "".join(out)


def effect_text(value: str) -> str:
    """A 名堂's effect as the engine writes it (4番, ×2, +1囤, +10胡, 算100胡息) in the language spoken."""
    return engine_text(value)
