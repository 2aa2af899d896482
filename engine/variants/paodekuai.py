"""跑得快 (paodekuai), 3 players, 16 or 15 cards each — ``../shared/rules/paodekuai.md``; the family is in
``engine.paodekuai``."""

from __future__ import annotations

from ..paodekuai.variant import paodekuai_variant

VARIANT = paodekuai_variant(
    name="跑得快",
    name_en="Paodekuai (Run Fast, 3 players)",
    summary=(
        "跑得快：一副牌去掉大小王、三个2和一个A共 48 张，3 人各 16 张（或再去两个A一个K，各 15 张）。"
        "首局有黑桃3者先出，之后上局赢家先出。牌型：单张、对子、顺子（5张起，不含2）、连对、三带二、飞机带翅膀、炸弹；"
        "2 > A > K … > 3。有牌必压，报单必顶。先出完者胜，输家按剩余张数付分，报单不输，全关加倍，炸弹现结每家 10 分。"
    ),
)
