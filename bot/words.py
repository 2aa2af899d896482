"""The game's own words for what the engine names in codes: group kinds, where a winning card came from,
and a 字牌 hand laid out the way players hold it.

Shared by the table renderer and the ``/calc`` reply, so a 跑 reads 跑 everywhere and no ``pao:`` leaks.
"""

from __future__ import annotations

from typing import Any

SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
RED = frozenset("二七十贰柒拾")

GROUP_WORDS = {
    "ti": "提", "pao": "跑", "wei": "偎", "chouwei": "臭偎", "peng": "碰", "kan": "坎", "chi": "吃",
    "jiao": "绞", "jiang": "将", "shun": "一句话", "gang": "杠", "angang": "暗杠", "long": "提",
}
WIN_FROM_WORDS = {"self_draw": "自摸", "other_draw": "胡别人翻出的牌", "discard": "放炮", "deal": "起手牌"}


def group_word(kind: str) -> str:
    """A group kind in Chinese; an unknown code is never shown raw."""
    return GROUP_WORDS.get(kind, "门子")


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


def hand_text(hand: str | list[str]) -> str:
    """``二贰 四 「六六六」 陆 **七七柒**``: 「」 a 坎, bold the red cards; other families' tiles as they are."""
    cards = list(hand)
    if not is_zipai_hand(cards):
        return (hand if isinstance(hand, str) else " ".join(map(str, hand))) or "—"
    parts = []
    for text, kan, red in hand_groups(cards):
        shown = f"**{text}**" if red else text
        parts.append(f"「{shown}」" if kan else shown)
    return " ".join(parts)


def meld_text(meld: Any) -> str:
    """A laid-down meld: ``碰十十十``; a face-down one ``偎（暗）``; a 提 shows its one open card (``提叁``)."""
    if isinstance(meld, dict):
        kind = str(meld.get("type") or meld.get("kind") or "")
        cards = "".join(map(str, meld.get("cards") or ""))
        if not cards and meld.get("hidden"):
            return f"{group_word(kind)}（暗）"
        return f"{group_word(kind)}{cards}"
    if isinstance(meld, list | tuple):
        return "".join(map(str, meld))
    return str(meld)


def melds_text(melds: Any) -> str:
    if not melds:
        return ""
    if isinstance(melds, list) and melds and all(isinstance(m, str) and len(m) == 1 for m in melds):
        return "".join(melds)  # a family that lists meld cards one by one (碰 of three 一 → 一一一)
    return " ".join(meld_text(m) for m in melds) if isinstance(melds, list) else str(melds)


def parse_group_code(code: str) -> tuple[str, str]:
    """``pao:壹壹壹壹`` (the engine's arrangement entry) → (kind, cards)."""
    kind, _, cards = code.partition(":")
    return kind, cards

