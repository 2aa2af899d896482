"""字牌's words: its cards in the reader's writing (zh-TW 貳 陸), a hand laid out the way players hold it, group and
meld kinds, where a winning card came from.

Shared by the table text and the ``/calc`` reply, so a 跑 reads 跑 everywhere and no ``pao:`` leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import MeldView
from engine.words import Card, Cards

from ...i18n import SOURCE, current_lang, tr, tr_in

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
# 字牌 faces that zh-TW writes otherwise (貳 參 陸); the other characters are the same in every language.
CARD_FACES = (tr_in(SOURCE, "贰"), tr_in(SOURCE, "叁"), tr_in(SOURCE, "陆"))


def faces(cards: str) -> str:
    """字牌 characters as the language spoken writes them: zh-TW 貳 陸; English keeps the Chinese names."""
    if current_lang() == SOURCE or not any(c in CARD_FACES for c in cards):
        return cards
    return "".join(tr(c) if c in CARD_FACES else c for c in cards)


def card_words(cards: Card | Cards) -> str:
    """The cards an engine message names, in the reader's writing (their notation is their characters)."""
    return faces("".join(cards.codes) if isinstance(cards, Cards) else cards.code)


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


def is_hand(cards: list[str]) -> bool:
    """Whether every card is a 字牌 character."""
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


def hand_text(hand: str | list[str]) -> str:
    """``二贰 四 「六六六」 陆 **七七柒**``: 「」 a 坎, bold the red cards; anything else as it is."""
    cards = list(hand)
    if not is_hand(cards):
        return (hand if isinstance(hand, str) else " ".join(map(str, hand))) or "—"
    parts = []
    for text, kan, red in hand_groups(cards):
        shown = f"**{faces(text)}**" if red else faces(text)
        parts.append(f"「{shown}」" if kan else shown)
    return " ".join(parts)


def meld_text(meld: MeldView) -> str:
    """A laid-down meld: ``碰十十十``; a face-down one ``偎（暗）``; a 提 shows its one open card (``提叁``)."""
    cards = faces("".join(meld.cards))
    if not cards and meld.hidden:
        return tr("{meld}（暗）", meld=group_word(meld.type))
    return f"{group_word(meld.type)}{cards}"


def melds_text(melds: Sequence[MeldView]) -> str:
    return " ".join(meld_text(m) for m in melds)


def parse_group_code(code: str) -> tuple[str, str]:
    """``pao:壹壹壹壹`` (the engine's arrangement entry) → (kind, cards)."""
    kind, _, cards = code.partition(":")
    return kind, cards
