"""红中麻将 (hongzhong), 4 players, 红中 wild — ``../shared/rules/hongzhong.md``; its rules live in
``engine.mahjong.hongzhong``."""

from __future__ import annotations

from ..mahjong import hongzhong as rules
from ..mahjong.variant import mahjong_variant

VARIANT = mahjong_variant(
    rules.VARIANT_ID, rules.rules_for, rules.score,
    name="红中麻将",
    name_en="Hongzhong mahjong (red dragons wild)",
    options=rules.OPTIONS,
    summary=(
        "红中麻将：万筒条 108 张加 4 张红中（可选 8 张），4 人。红中是赖子，可代替任意牌，不能碰、杠，打出的红中不能胡。"
        "可碰、杠，不能吃；任意一对做将，七对可胡。自摸每家 2 分，接炮放炮者付 1 分；每个杠加 1 分，手中无红中加 1 分。"
        "暗杠每家 2、补杠每家 1、明杠放杠者 3，当场结算，流局照算。可扎鸟（159 中鸟 / 胡几奖几 / 一码全中），一炮多响。"
    ),
)
