"""Registering 跑得快: its room options (§6 keys exactly), the match of ``hands`` 局, 打鸟 at the match's end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Action, Game, HandResult
from ..match_rules import settle_payments
from ..options import Option, bool_option, int_option
from ..registration import EASY, HARD, Family, MatchProgress, Traits, Variant, register, register_family
from ..words import msg
from .ai import choose, choose_easy
from .game import SEATS, VARIANT_ID, PaodekuaiGame, rules_from
from .hard import choose as choose_hard
from .hints import paodekuai_hints


def _classify(game: Game, cards: list[str], seat: int) -> Action:
    """The play a set of picked cards makes (``PaodekuaiGame.classify``), or its IllegalAction saying why none."""
    assert isinstance(game, PaodekuaiGame)
    return game.classify(cards, seat)


FAMILY = register_family(Family(
    id="paodekuai", choose=choose, traits=Traits(card_picking=True, hints=True), hints=paodekuai_hints,
    classify=_classify, levels={EASY: choose_easy, HARD: choose_hard}))

OPTIONS = (
    Option("cards", 16, (16, 15), "张数", ("16张", "15张")),
    bool_option("random_remove4", False, "随机抽取4张"),
    bool_option("spade3_first", True, "黑桃3先出"),
    bool_option("hearts10_double", False, "红桃10翻倍"),
    bool_option("must_beat", True, "有牌必压"),
    bool_option("baodan_must_top", True, "报单必顶"),
    bool_option("full_close_double", True, "全关加倍"),
    bool_option("bomb_instant", True, "炸弹现结"),
    bool_option("four_with_three", False, "允许4带3"),
    bool_option("triple_tail", False, "最后三条可甩尾"),
    bool_option("daniao", False, "打鸟"),
    Option("niao_value", 10, tuple(range(1, 101)), "鸟分"),
    bool_option("split_bombs", True, "炸弹可拆"),
    int_option("hands", 8, 1, 32, "局数"),
)


def new_hand(options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
             wall: Sequence[int] | None = None) -> Game:
    return PaodekuaiGame(options, seed, dealer, carry, wall=wall)


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """The winner leads the next hand (``HandResult.next_dealer``); stakes chosen in the first hand carry; a
    match of ``hands`` 局."""
    progress.carry["hands_played"] = progress.hand_no
    if "stakes" in result.detail:
        progress.carry["stakes"] = list(result.detail["stakes"])
    progress.over = progress.hand_no >= progress.options["hands"]


def final_breakdown(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None,
                    ) -> list[dict[str, Any]]:
    """打鸟 "总结算时玩家两两结算打鸟分": in each pair the lower total pays the higher both players' stakes (a
    player who did not 打鸟 stakes 0). The hands' points are already in the totals, so only the birds move here:
    the payments sum to ``final_scores() − totals``."""
    if not options.get("daniao"):
        return []
    stakes = set((carry or {}).get("stakes", []))
    birds = [options["niao_value"] if s in stakes else 0 for s in range(len(totals))]
    out = []
    for i in range(len(totals)):
        for j in range(i + 1, len(totals)):
            bird = birds[i] + birds[j]
            if totals[i] == totals[j] or not bird:
                continue
            payee, payer = (i, j) if totals[i] > totals[j] else (j, i)
            out.append({"payer": payer, "payee": payee, "amount": bird, "diff": totals[payee] - totals[payer],
                        "birds": bird, "why": msg("鸟分 {a}+{b}", a=birds[payee], b=birds[payer])})
    return out


def final_settlement(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None) -> list[int]:
    birds = settle_payments(len(totals), final_breakdown(options, totals, carry))
    return [t + b for t, b in zip(totals, birds, strict=True)]


def paodekuai_variant(**fields: Any) -> Variant:
    variant = Variant(id=VARIANT_ID, family="paodekuai", seats=SEATS, options=OPTIONS, new_hand=new_hand,
                      after_hand=after_hand, score=None, final_settlement=final_settlement,
                      final_breakdown=final_breakdown, rules_for=rules_from, **fields)
    return register(variant)
