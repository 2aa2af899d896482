"""`/calc` for the 字牌 variants: cards are one character each (一…十, 壹…拾), melds as players say them
(``碰一 偎三 臭偎五 跑九 提四 吃一二三 吃二二贰`` or ``peng:一一一``), the 字牌 calculator's (English) messages in the
reader's words, and a win as 胡息, 名堂, 番, 囤/等 and its groups."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.zipai.cards import parse_card

from ...i18n import SOURCE, tr, tr_in, tr_n
from ...present.calc_parts import value_lines
from ...present.contract import CalcFormError, Say
from .words import GROUP_WORDS, faces, group_word, parse_group_code

MELD_WORDS = {"碰": "peng", "偎": "wei", "臭偎": "chouwei", "跑": "pao", "提": "ti", "吃": "chi",  # i18n: input
              "杠": "gang", "暗杠": "angang"}  # i18n: input
_SPLIT = re.compile(r"[\s,，、;；]+")


def _kind(word: str) -> str:
    """The source word of a meld kind the calculator names (``peng`` → 碰), or a Chinese word as written."""
    return GROUP_WORDS.get(word, word if not word.isascii() else tr_in(SOURCE, "门子"))


# The 字牌 calculator's error lines (engine/zipai/calc.py) in the players' words.
ERRORS: list[tuple[re.Pattern[str], Say]] = [(re.compile(p), f) for p, f in [
    (r"unknown 字牌 card 「(.*)」",  # i18n: input
     lambda m: tr("不认识的牌「{card}」：字牌是 一…十 和 壹…拾。", card=m[1][:10])),
    (r"card must be a string", lambda m: tr("牌要写成文字，如 一二三。")),
    (r"meld type .* unknown \(zipai", lambda m: tr("不认识的门子种类：可用 吃、碰、偎、臭偎、跑、提、坎。")),
    (r"meld (\w+) needs (\d+) cards, got (\d+)",
     lambda m: tr_n("{kind}要 {need} 张牌，给了 {n} 张。", int(m[3]), kind=tr(_kind(m[1])), need=m[2])),
    (r"chi meld .* is neither", lambda m: tr("吃的三张既不是一句话也不是绞。")),
    (r"(\w+) meld .* must be identical cards", lambda m: tr("{kind}必须是相同的牌。", kind=tr(_kind(m[1])))),
    (r"four identical cards in hand", lambda m: tr("手里有四张相同的牌：起手的四张请写成「提」门子。")),
    (r"kan meld plus more copies", lambda m: tr("坎之外手里还有同样的牌。")),
    (r"(\d+) copies of (.): the set has (\d+)",
     lambda m: tr("「{card}」有 {n} 张：一副牌每种只有 {most} 张。", card=faces(m[2]), n=m[1], most=m[3])),
]]
REASONS: list[tuple[re.Pattern[str], Say]] = [(re.compile(p), f) for p, f in [
    (r"no winning card and no start-of-hand win", lambda m: tr("没有胡的牌，也不是起手即胡。")),
    (r"a discarded card cannot be won", lambda m: tr("这个玩法不能胡别人打出的牌（不能放炮）。")),
    (r"only the dealer's first discard may be won", lambda m: tr("只能胡庄家打出的第一张牌（地胡）。")),
    (r"another player's draw cannot be won", lambda m: tr("这个玩法不能胡别人翻出的牌。")),
    (r"亮张 cannot be won", lambda m: tr("这个玩法不能胡庄家的亮张。")),  # i18n: input
    (r"(\d+) cards do not form (\d+) 方门子",  # i18n: input
     lambda m: tr_n("{n} 张牌凑不成 {groups} 方门子。", int(m[1]), groups=m[2])),
    (r"best arrangement has (\d+) 胡息, (\d+) needed",  # i18n: input
     lambda m: tr("最好的组法只有 {huxi} 胡息，要 {need} 胡息才能胡。", huxi=m[1], need=m[2])),
]]


def _is_card(card: str) -> bool:
    try:
        parse_card(card)
    except ValueError:
        return False
    return True


def group(code: str) -> str:
    """``pao:壹壹壹壹`` → ``跑壹壹壹壹``; an entry already in words stays as it is."""
    kind, cards = parse_group_code(code)
    return f"{group_word(kind)}{faces(cards)}" if cards else code


class ZipaiForm:
    errors = ERRORS
    reasons = REASONS

    def reads(self, text: str) -> bool:
        return False  # any character is read as a 字牌 card: one that is none is named

    def cards(self, text: str, field: str) -> list[str]:
        """Characters that are no 字牌 card are named at once, all of them, before anything else is judged (a hand
        of unknown cards would otherwise be answered about whatever the calculator checks first)."""
        cards = list("".join(t for t in _SPLIT.split(text or "") if t))
        unknown = list(dict.fromkeys(c for c in cards if not _is_card(c)))
        if unknown:
            raise CalcFormError(tr("{field}里有不认识的牌：{cards}。字牌是 一…十 和 壹…拾。", field=field,
                                   cards="".join(f"「{c[:10]}」" for c in unknown[:10])))
        return cards

    def meld(self, token: str, cards: Callable[[str], list[str]]) -> dict[str, Any]:
        if ":" in token or "：" in token:
            kind, body = re.split("[:：]", token, maxsplit=1)
            return {"type": MELD_WORDS.get(kind, kind), "cards": cards(body)}
        for word in sorted(MELD_WORDS, key=len, reverse=True):
            if token.startswith(word) and len(token) > len(word):
                return {"type": MELD_WORDS[word], "cards": cards(token[len(word):])}
        raise CalcFormError(tr("看不懂的门子「{meld}」：请写成 碰一、偎三、吃一二三 或 peng:一一一", meld=token[:20]))

    def describe(self, result: dict[str, Any], data: dict[str, Any] | None) -> list[str]:
        return value_lines(result, group)

