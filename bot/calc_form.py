"""`/calc` input in the words players type, turned into the calculator's JSON contract, and its answer
turned back into a readable line.

``hand`` may also be a whole JSON object (``python -m engine score`` input), which is used as it is.
Melds: ``碰一 偎三 臭偎五 跑九 提四 吃一二三 吃二二贰`` or ``peng:一一一``. Flags: ``庄 海底 首张 未进张``
(dealer, last_card, first_discard, no_draw_yet). Options: ``mingtang=honghei chongtun=2``.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core import OptionError

from .options_text import json_object, parse_options_text


class CalcFormError(ValueError):
    """Input a player typed that cannot be read; the message says what is wrong, in Chinese."""


SOURCES = {"self_draw": "自摸", "other_draw": "胡别人摸的牌", "discard": "点炮/放炮", "deal": "起手（天胡/地胡）"}
MELD_WORDS = {"碰": "peng", "偎": "wei", "臭偎": "chouwei", "跑": "pao", "提": "ti", "吃": "chi", "杠": "gang",
              "暗杠": "angang"}
FLAG_WORDS = {
    "庄": "dealer", "庄家": "dealer", "dealer": "dealer",
    "海底": "last_card", "海胡": "last_card", "last_card": "last_card",
    "首张": "first_discard", "first_discard": "first_discard",
    "未进张": "no_draw_yet", "听胡": "no_draw_yet", "no_draw_yet": "no_draw_yet",
    "杠后": "after_kong", "after_kong": "after_kong",
}
_SPLIT = re.compile(r"[\s,，、;；]+")


def _tokens(text: str | None) -> list[str]:
    return [t for t in _SPLIT.split(text or "") if t]


def _cards(text: str) -> list[str]:
    """Zipai cards are one character each; mahjong tiles are written 1m 2p … (no shorthand)."""
    text = "".join(_tokens(text))
    if re.fullmatch(r"([1-9][mpsz])+", text):
        return re.findall(r"[1-9][mpsz]", text)
    return list(text)


def _meld(token: str) -> dict[str, Any]:
    if ":" in token or "：" in token:
        kind, cards = re.split("[:：]", token, maxsplit=1)
        return {"type": MELD_WORDS.get(kind, kind), "cards": _cards(cards)}
    for word in sorted(MELD_WORDS, key=len, reverse=True):
        if token.startswith(word) and len(token) > len(word):
            return {"type": MELD_WORDS[word], "cards": _cards(token[len(word):])}
    raise CalcFormError(f"看不懂的门子 {token!r}：请写成 碰一、偎三、吃一二三 或 peng:一一一")


def build_input(variant: str, hand: str, win: str | None = None, source: str = "self_draw",
                melds: str | None = None, flags: str | None = None, options: str | None = None) -> dict[str, Any]:
    text = (hand or "").strip()
    if not text:
        raise CalcFormError("手牌为空：请给出手牌（如 一二三四），或一个 JSON 对象。")
    if text.startswith("{"):
        try:
            return {"variant": variant, **json_object(text)}
        except ValueError as e:
            raise CalcFormError(str(e)) from None
    if text.startswith("["):
        raise CalcFormError("请给出 JSON 对象 {...}，或直接写牌，而不是列表。")
    if source not in SOURCES:
        raise CalcFormError(f"来源必须是 {'、'.join(SOURCES)} 之一。")
    data: dict[str, Any] = {"variant": variant, "hand": _cards(text), "melds": [_meld(t) for t in _tokens(melds)],
                            "win_card": _cards(win)[0] if win and _cards(win) else None, "win_from": source}
    context: dict[str, bool] = {}
    for word in _tokens(flags):
        if word not in FLAG_WORDS:
            raise CalcFormError(f"看不懂的情形 {word!r}：可用 {'、'.join(k for k in FLAG_WORDS if not k.isascii())}")
        context[FLAG_WORDS[word]] = True
    data["context"] = context
    try:
        data["options"] = parse_options_text(options or "")
    except OptionError as e:
        raise CalcFormError(f"房间选项写法不对（应写成 键=值，如 chongtun=2）：{e}") from None
    return data


def describe_result(result: dict[str, Any]) -> str:
    """One readable block: win or not, 胡息, 名堂, 番, 囤/等, score, and the arrangement."""
    if not result.get("win"):
        return f"不能胡：{result.get('reason', '')}"
    lines = ["**能胡**"]
    if "huxi" in result:
        lines.append(f"胡息：{result['huxi']}")
    lines.append("名堂：" + ("、".join(result.get("patterns") or []) or "无"))
    if "fan" in result:
        lines.append(f"番数：{result['fan']}")
    if "units" in result:
        lines.append(f"囤/等：{result['units']}")
    lines.append(f"得分：{result.get('score')}")
    if result.get("arrangement"):
        lines.append("组牌：" + " ".join(result["arrangement"]))
    return "\n".join(lines)
