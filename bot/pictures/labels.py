"""Every word the pictures draw, through ``tr`` (one catalogue): seat numbers, counts, group kinds.

Player names are never drawn (they are arbitrary Unicode, and the message text carries them). Without the CJK
font a label is drawn from its English form with everything outside ASCII left out ("碰 Pong" → "Pong").
"""

from __future__ import annotations

import string
from collections.abc import Callable

from ..i18n import LANGS, catalogue, tr_in
from ..i18n import tr as speak
from .font import have_cjk

SUIT_SYMBOLS = "♠♥♣♦"


def tr(source: str, /, **params: object) -> str:
    """``bot.i18n.tr``, or without the CJK font the English with everything outside ASCII dropped."""
    if have_cjk():
        return speak(source, **params)
    return shown_ascii(tr_in("en", source, **params))

# Group and meld kinds as the engine names them (字牌 arrangement, 麻将 melds and groups).
KIND_LABELS: dict[str, Callable[[], str]] = {
    "ti": lambda: tr("提"), "long": lambda: tr("提"), "pao": lambda: tr("跑"), "wei": lambda: tr("偎"),
    "chouwei": lambda: tr("臭偎"), "peng": lambda: tr("碰"), "kan": lambda: tr("坎"), "chi": lambda: tr("吃"),
    "jiao": lambda: tr("绞"), "jiang": lambda: tr("将"), "shun": lambda: tr("一句话"), "gang": lambda: tr("杠"),
    "angang": lambda: tr("暗杠"), "bugang": lambda: tr("补杠"), "ke": lambda: tr("刻子"),
    "seq": lambda: tr("顺子"), "pair": lambda: tr("将"),
}


def seat(n: int) -> str:
    """A seat as players count it (1-based)."""
    return tr("{n}号", n=n + 1)


def dealer() -> str:
    return tr("庄")


def wall(n: int) -> str:
    """麻将's wall, as its text says (牌墙剩余)."""
    return tr("牌墙 {n} 张", n=n)


def stock(n: int) -> str:
    """字牌's 底牌 (the 墩), in the words of the text's own line."""
    return tr("底牌剩余 {n}", n=n)


def in_hand(n: int) -> str:
    return tr("手牌 {n} 张", n=n)


def liang() -> str:
    return tr("亮张")


def on_offer() -> str:
    return tr("翻牌")


def outs() -> str:
    return tr("打出的牌")


def birds() -> str:
    return tr("扎鸟")


def no_birds() -> str:
    return tr("无鸟")


def birds_hit(n: int) -> str:
    return tr("中鸟 {n}", n=n)


def trick() -> str:
    return tr("本轮")


def passed() -> str:
    return tr("不出")


def last_card() -> str:
    return tr("报单")


def won() -> str:
    return tr("胡")


def huxi(n: int) -> str:
    return tr("{n} 胡息", n=n)


def went_out() -> str:
    return tr("出完牌")


def cards_left(n: int) -> str:
    return tr("剩 {n} 张", n=n)


def closed_out(n: int) -> str:
    """跑得快 全关: a loser who played no card (his payment doubles)."""
    return tr("剩 {n} 张（全关）", n=n)


def last_card_free() -> str:
    """跑得快 报单 at the end: the one card left is not paid for (ruling 14), as the settlement text says."""
    return tr("剩 1 张（报单，剩牌不付分）")


def draw_game() -> str:
    return tr("荒庄")


def kind(code: str) -> str:
    label = KIND_LABELS.get(code)
    return label() if label else tr("门子")


def shown_ascii(text: str) -> str:
    return " ".join("".join(c for c in text if c.isascii()).split())


def sources() -> list[str]:
    """Every label source this module passes to ``tr`` (read from the module itself, as the catalogue tool does)."""
    from pathlib import Path

    from ..tr_sources import sources as tr_sources

    return [s for _, s in tr_sources(Path(__file__))]


def charset(cards: str = "") -> str:
    """Every character a picture may draw, in every language, with the families' ``cards`` (their faces): the font
    subset keeps exactly these (``bot.present.pictures.charset`` adds every family's)."""
    chars = set(string.printable.strip()) | {" "} | set(cards) | set(SUIT_SYMBOLS) | set("→·×+-")
    messages = catalogue()["messages"]
    for source in sources():
        chars |= set(source)
        for lang in LANGS:
            chars |= set(messages.get(source, {}).get(lang, ""))
    return "".join(sorted(c for c in chars if not c.isspace() or c == " "))
