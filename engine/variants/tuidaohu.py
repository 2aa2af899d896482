"""推倒胡 with 加锤 (tuidaohu), 4 players, 136 tiles — ``../shared/rules/tuidaohu.md``; its rules live in
``engine.mahjong.tuidaohu``."""

from __future__ import annotations

import random
from typing import Any

from ..mahjong import tuidaohu as rules
from ..mahjong.variant import mahjong_variant


def first_dealer(options: dict[str, Any], seats: int, rng: random.Random) -> int:
    """§2: the first hand's dealer is drawn at random."""
    return rng.randrange(seats)


VARIANT = mahjong_variant(
    "tuidaohu", rules.rules_for, rules.score,
    name="推倒胡",
    name_en="Tuidaohu mahjong with 加锤",
    options=rules.OPTIONS,
    first_dealer=first_dealer,
    summary=(
        "推倒胡：136 张（含风、字），4 人，可吃可碰可杠。胡牌必须自摸，只有杠上炮和抢杠可胡别人的牌（暗杠只有十三幺能抢），"
        "一炮多响。平胡 2 倍、门前清 4 倍；碰碰胡、清一色、风一色 8 倍（门前清 16）；七小对 8、龙七对 16、十三幺 24 倍。"
        "直杠放杠者付 3、补杠每家 1、暗杠每家 2，荒庄杠钱作废。每局开始前可加锤（0/1/2 锤），两人之间每锤翻一倍。"
    ),
)
