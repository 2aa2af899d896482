"""长沙麻将 (changsha), 4 / 3 / 2 players, 108 tiles (72 in the 2-player 缺一门 game) —
``../shared/rules/changsha.md``; scoring in ``engine.mahjong.changsha``, the hand's flow in
``engine.mahjong.changsha_game``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action, Game
from ..mahjong import changsha as rules
from ..mahjong.changsha_game import ChangshaGame, rules_for
from ..mahjong.changsha_game import choose as changsha_choose
from ..mahjong.changsha_game import choose_easy as changsha_easy
from ..mahjong.hard import choose as choose_hard
from ..mahjong.variant import hands_over
from ..registration import EASY, HARD, Variant, register


@dataclass(frozen=True)
class ChangshaVariant(Variant):
    def validate(self, raw: dict[str, Any] | None, strict: bool = False) -> dict[str, Any]:
        """The options with the spec's combinations checked (缺一门 only with 2 players, 4 players 2 birds)."""
        return rules.parse_options(raw, strict)


def new_hand(options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
             wall: Sequence[int] | None = None) -> Game:
    return ChangshaGame(rules_for(options), options, seed, dealer, carry, wall=wall)


def choose(game: Game, seat: int) -> Action:
    """The family's AI with 长沙's own steps (起手胡, 海底, 开杠/补张, 坐飘)."""
    assert isinstance(game, ChangshaGame)
    return changsha_choose(game, seat)


def choose_easy(game: Game, seat: int) -> Action:
    """简单 with 长沙's own steps taken as 普通 takes them."""
    assert isinstance(game, ChangshaGame)
    return changsha_easy(game, seat)


def seats_for(options: dict[str, Any]) -> int:
    return int(options.get("players", 4))


VARIANT = register(ChangshaVariant(
    id="changsha", name="长沙麻将", name_en="Changsha mahjong", family="mahjong", seats=4,
    options=rules.OPTIONS, new_hand=new_hand, after_hand=hands_over, score=rules.score, seats_for=seats_for,
    rules_for=rules_for, choose=choose, levels={EASY: choose_easy, HARD: choose_hard},
    summary=(
        "长沙麻将：108 张万筒条（二人缺一门去条 72 张），4/3/2 人，可吃（上家）碰杠，胡 > 杠/补张/碰 > 吃，可通炮。"
        "小胡须 2、5、8 作将：自摸每家 2、点炮 1；大胡（碰碰胡、将将胡、清一色、七对、全求人、杠上花、杠上炮、海底、抢杠、天胡、地胡）"
        "每种 6 分相加。起手胡（四喜、板板胡、缺一色、六六顺等）自选亮牌，局末按小胡自摸结算。开杠须听牌，亮杠底两张；补张不锁牌。"
        "最后一张为海底，轮流选择要不要。扎鸟、坐飘可选。"
    ),
))
