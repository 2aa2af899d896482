"""Parts of the ``/calc`` answer every family's form shares: the contract's field names as players read them, and
the lines of a win's value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import SOURCE, tr, tr_in
from .words import joined

FIELD_WORDS = {"hand": tr_in(SOURCE, "手牌"), "win_from": tr_in(SOURCE, "来源"), "win_card": tr_in(SOURCE, "胡的牌"),
               "variant": tr_in(SOURCE, "玩法"), "melds": tr_in(SOURCE, "门子"), "context": tr_in(SOURCE, "情形"),
               "options": tr_in(SOURCE, "房间选项")}


def field_word(key: str) -> str:
    """A field of the calculator's contract as the reader says it (``hand`` → 手牌)."""
    return tr(FIELD_WORDS[key]) if key in FIELD_WORDS else key


def value_lines(result: dict[str, Any], group: Callable[[str], str] = str) -> list[str]:
    """胡息, 名堂, 番, 囤/等, 得分 and the groups (``group``: one arrangement entry in words) of a win; fields a
    result does not have (mahjong: no 胡息, no 囤) are left out, not shown empty."""
    lines = []
    if "huxi" in result:
        lines.append(tr("胡息：{huxi}", huxi=result["huxi"]))
    lines.append(tr("名堂：{names}", names=joined([tr(str(p)) for p in result.get("patterns") or []]) or tr("无")))
    if "fan" in result:
        lines.append(tr("番数：{fan}", fan=result["fan"]))
    if "units" in result:
        lines.append(tr("囤/等：{units}", units=result["units"]))
    lines.append(tr("得分：{score}", score=result.get("score")))
    if result.get("arrangement"):
        lines.append(tr("组牌：{groups}", groups=" ".join(group(str(g)) for g in result["arrangement"])))
    return lines
