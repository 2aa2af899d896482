"""`/calc` for the 麻将 variants: tiles and melds as players type them, the mahjong calculators' (English)
messages in the reader's words, and the answer as 番种 / 倍数 / 得分.

Tiles: ``123m456p77z`` (digits, then the suit letter), ``1m 2m …``, or Chinese names ``一万 五筒 九条 东 中 红中``
(also ``三四五万``: numerals, then the suit). Melds: ``碰5m`` ``杠5m`` (明杠/补杠) ``暗杠7p`` ``吃345s`` or
``peng:5m5m5m``; one tile for a 碰/杠 stands for all of its tiles.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.mahjong.tiles import TileError, tile_id, tile_name

from ...i18n import SOURCE, tr, tr_in, tr_n
from ...present.contract import CalcFormError, Say
from ...present.words import joined

SUIT_WORDS = {"万": "m", "筒": "p", "饼": "p", "条": "s", "索": "s"}  # i18n: input
HONOUR_WORDS = {"东": "1z", "南": "2z", "西": "3z", "北": "4z", "白": "5z", "发": "6z", "發": "6z", "中": "7z"}  # i18n: input
NUMERALS = "一二三四五六七八九"  # i18n: input
MELD_WORDS = {"碰": "peng", "杠": "gang", "明杠": "gang", "补杠": "gang", "直杠": "gang",  # i18n: input
              "暗杠": "angang", "吃": "chi"}  # i18n: input
MELD_SIZE = {"peng": 3, "gang": 4, "angang": 4}
KIND_WORDS = {"chi": tr_in(SOURCE, "吃"), "peng": tr_in(SOURCE, "碰"), "gang": tr_in(SOURCE, "明杠"),
              "angang": tr_in(SOURCE, "暗杠")}
# /calc's 来源 for a mahjong hand (sources: the words a player may type for them are bot/present/calc.py's).
SOURCES = {"self_draw": tr_in(SOURCE, "自摸（含杠开）"), "discard": tr_in(SOURCE, "点炮/接炮"),
           "robbing_kong": tr_in(SOURCE, "抢杠胡"), "deal": tr_in(SOURCE, "起手（天胡）")}
_SOURCE_NOTES = {"红中麻将": {"deal": tr_in(SOURCE, "起手（天胡、四红中）")},  # i18n: input (the variant's name, read)
                 "推倒胡": {"discard": tr_in(SOURCE, "杠上炮（推倒胡只有杠上炮可胡别人的牌）")}}  # i18n: input
MELD_EXAMPLE = '{"type": "peng", "cards": ["5m"]}'


def notation() -> str:
    return tr("麻将牌写成 1m…9m（万）、1p…9p（筒）、1s…9s（条）、1z…7z（东南西北白发中，红中是 7z），如 123m456p77z")


class TileTextError(ValueError):
    """Tiles a player typed that cannot be read (the message is in the player's language)."""


def is_notation(text: str) -> bool:
    """``123m4p`` / ``1m 2m``: the mahjong notation, which no 字牌 hand can be mistaken for."""
    return re.fullmatch(r"([1-9]+[mpsz])+", re.sub(r"[\s,，、]+", "", text)) is not None


def tiles(text: str) -> list[str]:
    """Every tile of the text in notation, in the order written."""
    out: list[str] = []
    digits = ""
    numerals = ""
    text = re.sub(r"[\s,，、;；]+", "", text).replace("红中", "中")  # i18n: input
    for ch in text:
        if ch.isdigit() and ch.isascii():
            digits += ch
        elif ch in "mpsz" and digits:
            out += [d + ch for d in digits]
            digits = ""
        elif ch in NUMERALS and not digits:
            numerals += ch
        elif ch in SUIT_WORDS and numerals:
            out += [f"{NUMERALS.index(n) + 1}{SUIT_WORDS[ch]}" for n in numerals]
            numerals = ""
        elif ch in HONOUR_WORDS and not digits and not numerals:
            out.append(HONOUR_WORDS[ch])
        else:
            raise TileTextError(tr("看不懂的牌「{tile}」（在「{text}」里）：{notation}。", tile=ch, text=text[:30],
                                   notation=notation()))
    if digits or numerals:
        raise TileTextError(tr("「{tiles}」后面缺少花色：{notation}。", tiles=digits or numerals, notation=notation()))
    for t in out:
        try:
            tile_id(t)
        except TileError:
            raise TileTextError(tr("没有「{tile}」这张牌：{notation}。", tile=t, notation=notation())) from None
    return out


def meld(token: str) -> dict[str, Any] | None:
    """``碰5m`` / ``peng:5m`` → the contract's meld; None when the token is no mahjong meld word."""
    if ":" in token or "：" in token:
        head, body = re.split("[:：]", token, maxsplit=1)
        kind = MELD_WORDS.get(head, head)
    else:
        for word in sorted(MELD_WORDS, key=len, reverse=True):
            if token.startswith(word) and len(token) > len(word):
                kind, body = MELD_WORDS[word], token[len(word):]
                break
        else:
            return None
    cards = tiles(body)
    if len(cards) == 1 and kind in MELD_SIZE:
        cards *= MELD_SIZE[kind]
    return {"type": kind, "cards": cards}


def tile_word(text: str) -> str:
    """``5m`` → 五万 in a message; anything else as typed (cut short)."""
    try:
        return tr(tile_name(tile_id(text)))
    except TileError:
        return text[:10]


def _what(text: str) -> str:
    """The calculator's field name in a message (``hand``, ``win_card``, ``meld peng``, ``melds[0]``)."""
    if text == "hand":
        return tr("手牌")
    if text == "win_card":
        return tr("胡的牌")
    m = re.fullmatch(r"melds\[(\d+)\]", text)
    if m:
        return tr("第 {n} 个门子", n=int(m[1]) + 1)
    m = re.fullmatch(r"meld (\w+)", text)
    return tr("{kind}的牌", kind=tr(_kind(m[1]))) if m else tr("牌")


def _sources(variant_name: str) -> list[str]:
    return list({**SOURCES, **_SOURCE_NOTES.get(variant_name, {})}.values())


def _kind(word: str) -> str:
    return KIND_WORDS.get(word) or tr_in(SOURCE, "门子")


# engine/mahjong/hongzhong.py, tuidaohu.py and changsha.py, in the order to try them (the more specific first).
_ERRORS: list[tuple[str, Any]] = [
    (r"^(.+?): a tile must be a string", lambda m: tr("{what}：每张牌要写成文字，如 5m。", what=_what(m[1]))),
    (r"^(.+?): 「(.*?)」 is not one mahjong tile",
     lambda m: tr("{what}：不认识的牌「{tile}」；{notation}。", what=_what(m[1]), tile=m[2][:10], notation=notation())),
    (r"^(.+?): 「(.*?)」 is not in the 红中麻将 set",  # i18n: input
     lambda m: tr("{what}：红中麻将没有「{tile}」，只有万、筒、条和红中（7z）。", what=_what(m[1]), tile=tile_word(m[2]))),
    (r"^(.+?): (?:「(.*?)」 is not mahjong notation|cannot read 「(.*?)」 as tiles)",
     lambda m: tr("{what}：看不懂「{text}」；{notation}。", what=_what(m[1]), text=(m[2] or m[3] or "")[:20],
                  notation=notation())),
    (r"^(.+?) must be a list of tiles or a string of tiles",
     lambda m: tr("{what}要写成一串牌，如 123m456p。", what=_what(m[1]))),
    (r"^chi meld: 红中麻将 has no 吃", lambda m: tr("红中麻将不能吃牌：门子只有 碰、明杠、暗杠。")),  # i18n: input
    (r"give cards or card, not both", lambda m: tr("门子里 cards 和 card 只能写一个。")),
    (r"^melds\[\d+\] must be an object",
     lambda m: tr("门子写法不对：请写成 碰5m、暗杠7p、吃345s，或 {json}。", json=MELD_EXAMPLE)),
    (r"^melds\[\d+\]: unknown field 「(.*?)」|^meld field 「(.*?)」 unknown",
     lambda m: tr("门子里不认识的字段「{field}」：只有 type 和 cards（或 card）。", field=(m[1] or m[2] or "")[:20])),
    (r"^melds\[\d+\]: type must be one of|^meld type .* unknown \(mahjong",
     lambda m: tr("不认识的门子种类：麻将可用 吃（chi）、碰（peng）、明杠（gang）、暗杠（angang）。")),
    (r"a chi needs its three cards", lambda m: tr("吃要写出三张牌，如 吃345s。")),
    (r"a chi is three consecutive tiles", lambda m: tr("吃的三张必须是同一花色的连张，如 吃345s（字牌不能吃）。")),
    (r"^meld (\w+) needs (\d+) tiles, got (\d+)|^melds\[\d+\]: a (\w+) has (\d+) tiles, not (\d+)",
     lambda m: tr_n("{kind}要 {need} 张牌，给了 {n} 张。", int(m[3] or m[6]), kind=tr(_kind(m[1] or m[4])),
                    need=m[2] or m[5])),
    (r"^(\w+) meld must be identical tiles|^melds\[\d+\]: a (\w+) is \d+ identical tiles",
     lambda m: tr("{kind}必须是相同的牌。", kind=tr(_kind(m[1] or m[2])))),
    (r"meld of 红中: 红中 can be neither", lambda m: tr("红中不能碰，也不能杠。")),  # i18n: input
    (r"^(\d+) melds: a hand has at most 4", lambda m: tr("门子有 {n} 个：一手牌最多 4 个门子。", n=m[1])),
    (r"^(\d+) tiles in hand \(win_card included\) with (\d+) melds: (\d+) needed",
     lambda m: tr_n("手牌加胡的牌共 {n} 张，有 {melds} 个门子时应是 {need} 张（胡牌时共 14 张，杠算 3 张）。", int(m[1]),
                    melds=m[2], need=m[3])),
    (r"^(\d+) tiles in hand on the deal: a non-dealer is dealt (\d+)",
     lambda m: tr_n("起手手牌 {n} 张：闲家起手是 {dealt} 张（庄家 14 张，请在情形写「庄家」）。", int(m[1]), dealt=m[2])),
    (r"^win_card: a non-dealer's dealt hand has no winning tile",
     lambda m: tr("闲家起手胡（四红中）没有胡的牌：起手 13 张都写进手牌，胡的牌留空（庄家天胡请在情形写「庄家」）。")),
    (r"^melds: a non-dealer's dealt hand has no melds", lambda m: tr("闲家起手的牌没有门子。")),
    (r"^hand \+ win_card \+ melds make (\d+) \+ (\d+) melds",
     lambda m: tr_n("手牌加胡的牌共 {n} 张，有 {melds} 个门子时应是 {need} 张（胡牌时共 14 张，杠算 3 张）。", int(m[1]),
                    melds=m[2], need=14 - 3 * int(m[2]))),
    (r"^(\d+) copies of 「(\w+)」: the set has (\d+)",
     lambda m: tr("「{tile}」有 {n} 张：一副牌每种只有 {most} 张。", tile=tile_word(m[2]), n=m[1], most=m[3])),
    (r"^(\d+) 红中: the set has (\d+)",  # i18n: input
     lambda m: tr("红中有 {n} 张：这副牌只有 {most} 张红中（八红中玩法请设 红中数=8）。", n=m[1], most=m[2]) if m[2] == "4"
     else tr("红中有 {n} 张：这副牌只有 {most} 张红中。", n=m[1], most=m[2])),
    (r"^robbing_kong of 红中", lambda m: tr("红中不能杠，也就不能抢杠。")),  # i18n: input
    (r"^robbing_kong: the (?:robbed )?konger holds",
     lambda m: tr("抢杠胡：被抢的人手里有另外三张，所以胡的这张牌不能再出现在你的手牌或门子里。")),
    (r"^win_from .* is not one of .* for (红中麻将|推倒胡)",  # i18n: input
     lambda m: tr("{variant}的来源必须是 {sources} 之一。", variant=tr(m[1]), sources=joined([tr(s) for s in _sources(m[1])]))),
    (r"^variant .* is not \w+|^variant must be 「", lambda m: tr("JSON 里的玩法和所选玩法不一致。")),
]

# The calculators' refusals (a valid hand that does not win).
_REASONS: list[tuple[str, Any]] = [
    (r"a discarded 红中 cannot be won", lambda m: tr("打出的红中不能胡。")),  # i18n: input
    (r"抢杠胡 is off", lambda m: tr("房间没有开抢杠胡（抢杠胡=开），补杠不能抢。")),  # i18n: input
    (r"the 8-红中 game has no four-红中 win",  # i18n: input
     lambda m: tr("八红中玩法里四个红中不算胡：闲家起手 13 张不能胡。")),
    (r"only the dealer wins on his dealt 14 tiles",
     lambda m: tr("只有庄家能用起手 14 张胡（天胡）；闲家起手只有四个红中（四红中玩法）才能胡。")),
    (r"the tiles form neither 4 groups and a pair nor 七对",  # i18n: input
     lambda m: tr("这手牌不成胡：需要四副顺子/刻子/杠加一对将，或七对（红中可代替任意牌）。")),
]


def describe(result: dict[str, Any], data: dict[str, Any] | None = None) -> list[str]:
    """The lines of a mahjong win: 番种, 倍数 (推倒胡), 得分 with who pays it."""
    patterns = [tr(str(p)) for p in result.get("patterns") or []]
    lines = [tr("番种：{names}", names=joined(patterns) or tr("无（小胡）"))]
    if "fan" in result:
        lines.append(tr("倍数：{fan} 倍", fan=result["fan"]))
    lines.append(tr("得分：{score}（{how}；{left_out}）", score=result.get("score"), **_who_pays(result, data)))
    return lines


def _who_pays(result: dict[str, Any], data: dict[str, Any] | None) -> dict[str, str]:
    """``how`` (who pays the share) and ``left_out`` (what the calculator does not count) of a mahjong win."""
    tuidaohu = "fan" in result
    left_out = tr("未计加锤和杠钱，底分 1") if tuidaohu else tr("未计扎鸟和杠钱")
    source = (data or {}).get("win_from")
    if source == "discard":
        how = tr("杠上炮：放炮的人付这一份，是自摸的一半") if tuidaohu else tr("接炮：放炮的人付这一份")
    elif source == "robbing_kong":
        how = tr("抢杠胡按自摸算：被抢杠的人包三家，付三份")
    elif source in ("self_draw", "deal") or "四红中" in (result.get("patterns") or []):  # i18n: input
        how = tr("自摸：其他三家各付这一份")
    else:
        how = tr("每个付分的人付这一份")
    return {"how": how, "left_out": left_out}


class MahjongForm:
    errors: list[tuple[re.Pattern[str], Say]] = [(re.compile(p), f) for p, f in _ERRORS]
    reasons: list[tuple[re.Pattern[str], Say]] = [(re.compile(p), f) for p, f in _REASONS]

    def reads(self, text: str) -> bool:
        return is_notation(text)

    def cards(self, text: str, field: str) -> list[str]:
        try:
            return tiles(text)
        except TileTextError as e:
            raise CalcFormError(str(e)) from None

    def meld(self, token: str, cards: Callable[[str], list[str]]) -> dict[str, Any]:
        try:
            found = meld(token)
        except TileTextError as e:
            raise CalcFormError(tr("门子「{meld}」：{why}", meld=token[:20], why=e)) from None
        if found is not None:
            return found
        raise CalcFormError(tr("看不懂的门子「{meld}」：请写成 碰5m、杠5m、暗杠7p、吃345s 或 peng:5m5m5m", meld=token[:20]))

    def describe(self, result: dict[str, Any], data: dict[str, Any] | None) -> list[str]:
        return describe(result, data)
