"""剥皮 / 邵阳字牌 剥皮胡 (bopi) — ``../shared/rules/bopi.md``.

Only what is this variant's own: 4 seats with the dealer's opposite as 数醒 (sitter, half the winner's 胡),
10 胡息 to win, only wall cards (and the dealer's first discard, 地胡), +10 胡 per 名堂 (天胡/地胡/自摸),
等 (10 胡息 = 1, +5 → +1), the race to 100 胡 with 剥皮 pairwise settlement, 臭庄.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..core import HandResult
from ..match_rules import MAX_HANDS, pairwise_payments, race_over, settle_payments
from ..options import Option
from ..outcome import Step
from ..registration import MatchProgress
from ..settlement import Seating, each_loser_pays
from ..words import Msg, Seat, listing, msg
from ..zipai.cards import full_deck
from ..zipai.derivation import DENG, base_line, booked, each_pays, hand_line, named, steps, tun_how
from ..zipai.evaluate import Arrangement
from ..zipai.rules import Explained, Priced, WinContext, Won, ZipaiRules
from ..zipai.scoring import mingtang, priced, tun
from ..zipai.variant import zipai_variant

OPTIONS = (
    # labels without spaces or commas: the text form of room options splits on them (人数=4人（含数醒）)
    Option("players", 4, (4, 3), "人数", ("4人（含数醒）", "3人")),
    Option("target", 100, tuple(range(10, 1001, 10)), "满胡结束"),
    Option("scoring", "hu", ("hu", "deng"), "计分", ("打满胡数", "按等计分")),
    Option("huangzhuang", "stay", ("stay", "rotate"), "臭庄", ("庄家扣10胡给数醒并连庄", "庄家扣10胡给数醒并由下家坐庄")),
    MAX_HANDS,
)

MINGTANG_HU = 10  # 天胡、地胡、自摸 each +10 胡
DRAW_PENALTY = 10  # 臭庄: 庄家扣10胡息
MIN_HUXI, DENG_STEP = 10, 5  # 等: 10 胡息 1 等, every 5 more 1 more


def _dihu_discard(ctx: WinContext) -> bool:
    return ctx.win_from == "discard" and ctx.first_discard and not ctx.dealer


def price(arr: Arrangement, ctx: WinContext) -> Priced | None:
    if arr.huxi < RULES_4.min_huxi:
        return None
    if ctx.win_from == "discard" and not _dihu_discard(ctx):
        return None  # 不能胡别人打出的牌 — except 地胡 on the dealer's first discard
    patterns: list[str] = []
    if ctx.win_from == "deal":
        patterns.append("天胡" if ctx.dealer else "地胡")
    elif _dihu_discard(ctx):
        patterns.append("地胡")
    elif ctx.win_from == "self_draw":
        patterns.append("自摸")
    hu = arr.huxi + MINGTANG_HU * len(patterns)
    shown = [mingtang(n, points=MINGTANG_HU, effect=msg("+{n}胡", n=MINGTANG_HU)) for n in patterns]
    return priced(hu, arr, {"patterns": patterns, "units": tun(arr.huxi, MIN_HUXI, DENG_STEP), "score": hu}, shown)



def settle(seating: Seating, winner: int, p: Priced, win_from: str) -> list[int]:
    """胡 race: the winner is credited his hand 胡, the 数醒 half of it (rounded up), nobody pays.
    等 scoring: every other active player pays the winner the hand's 等."""
    if seating.options["scoring"] == "deng":
        return each_loser_pays(seating, winner, p.out["units"])
    deltas = seating.zeros()
    deltas[winner] += p.out["score"]
    if seating.sitter is not None:
        deltas[seating.sitter] += -(-p.out["score"] // 2)  # 半胡息进一胡
    return deltas


def settle_draw(seating: Seating) -> list[int]:
    """臭庄 (胡 race): the dealer loses 10 胡, which go to the 数醒 when there is one."""
    deltas = seating.zeros()
    if seating.options["scoring"] == "hu":
        deltas[seating.dealer] -= DRAW_PENALTY
        if seating.sitter is not None:
            deltas[seating.sitter] += DRAW_PENALTY
    return deltas


def explain(won: Won) -> Explained:
    """等 scoring: 胡息 → 等 (10 胡息 1 等, every 5 more 1 more), each other player pays it, no 名堂 added. The 胡
    race: 胡息 + 10 per 名堂, booked by the winner; the 数醒 books half of it, rounded up; nobody pays."""
    p = won.priced
    score, units = p.out["score"], p.out["units"]
    if won.seating.options["scoring"] == "deng":
        base = base_line(p.huxi, units, tun_how(p.huxi, MIN_HUXI, DENG_STEP, DENG), DENG)
        pays = each_pays(won, units)
        lines = [msg("{line}；{pays}", line=base, pays=pays) if pays is not None else base]
        if p.fans:
            lines.append(Msg("按等计分：名堂不加等"))
        return Explained(steps(*lines, value=units), (hand_line(booked(won.deltas)),))
    total = msg("{n} 胡", n=score)
    bonus = [named(f.name, f.points) for f in p.fans if f.points is not None]
    head = msg("计分：胡息 {huxi} + {bonus} = {total}", huxi=p.huxi, bonus=listing(bonus, " + "), total=total) \
        if bonus else msg("计分：胡息 {huxi} = {total}", huxi=p.huxi, total=total)
    winner, sitter = Seat(won.winner), won.seating.sitter
    if sitter is None:
        return Explained(steps(head, value=score),
                         (hand_line(msg("{seat} 记 +{score} 胡（记分，无人付分）", seat=winner, score=score)),))
    half = won.deltas[sitter]
    fields = {"seat": Seat(sitter), "score": score, "half": half}
    share = msg("数醒 {seat} 得胡牌者一半：{score} ÷ 2 进一 = {half} 胡", **fields) if score % 2 \
        else msg("数醒 {seat} 得胡牌者一半：{score} ÷ 2 = {half} 胡", **fields)
    return Explained((Step(head, score), Step(share, half)),  # the win's 胡, then what the 数醒 books of it
                     (hand_line(msg("{seat} 记 +{score} 胡；数醒 {sitter} +{half} 胡（记分，无人付分）", seat=winner,
                                    score=score, sitter=Seat(sitter), half=half)),))


def explain_draw(seating: Seating, deltas: tuple[int, ...]) -> Explained:
    """臭庄 (胡 race): the dealer's 10 胡 go to the 数醒, or to nobody without one."""
    dealer = Seat(seating.dealer)
    if seating.options["scoring"] != "hu":
        return Explained(hand=(hand_line(booked(deltas)),))
    if seating.sitter is None:
        return Explained(hand=(hand_line(msg("臭庄庄家扣 {n} 胡：庄家 {dealer} -{n}（无数醒，无人收分）", n=DRAW_PENALTY,
                                             dealer=dealer)),))
    return Explained(hand=(hand_line(msg("臭庄庄家扣 {n} 胡给数醒：庄家 {dealer} 付 数醒 {sitter} {n}", n=DRAW_PENALTY,
                                         dealer=dealer, sitter=Seat(seating.sitter))),), why=Msg("臭庄"))


RULES_4 = ZipaiRules(
    id="bopi", seats=4, sitter=True, min_huxi=10, win_discard="first_discard", own_discard_chou=True,
    louhu="intake", price=price, settle=settle, settle_draw=settle_draw, explain=explain, explain_draw=explain_draw,
    discard_is_pao=False,  # only the dealer's first discard may be won (地胡): 打出, never 放炮
)
RULES_3 = replace(RULES_4, seats=3, sitter=False)


def seats_for(options: dict[str, Any]) -> int:
    return int(options["players"])


def rules_for(options: dict[str, Any]) -> ZipaiRules:
    return RULES_4 if options["players"] == 4 else RULES_3


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """胡牌坐庄 (the dealer keeps the deal while winning); 臭庄 per option. The match ends after a hand in
    which a total reached the target — but a dealer who won plays on until the deal passes (下庄); at the hand
    cap it ends regardless."""
    old = progress.dealer
    if not result.draw:
        progress.dealer = result.winners[0]
    elif progress.options["huangzhuang"] == "rotate":
        progress.dealer = (old + 1) % progress.seats
    race_over(progress, max(progress.totals) >= progress.options["target"] and progress.dealer != old)


def final_breakdown(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None,
                    ) -> list[dict[str, Any]]:
    """剥皮 "胡数多者扣除胡数少者的胡数": in each pair the lower total pays the difference; 等 scoring is already
    settled hand by hand (no payments)."""
    if options["scoring"] == "deng":
        return []
    return pairwise_payments(totals, unit="胡数")


def final_settlement(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None) -> list[int]:
    """Pairwise differences, Σ_j (T_i − T_j); 等 scoring: the totals."""
    if options["scoring"] == "deng":
        return list(totals)
    return settle_payments(len(totals), final_breakdown(options, totals, carry))


def first_dealer(options: dict[str, Any], seats: int, rng: random.Random) -> int:
    """定庄 (§2): every seated player draws one card, the highest deals — 大字 beats 小字, then the higher rank;
    equal cards: the first drawer (seat 0 draws first)."""
    deck = full_deck()
    rng.shuffle(deck)
    return max(range(seats), key=lambda s: (deck[s] >= 10, deck[s] % 10, -s))


VARIANT = zipai_variant(
    RULES_4,
    name="剥皮",
    name_en="Bopi / Shaoyang zipai (3 players + sitter)",
    options=OPTIONS,
    rules_for=rules_for,
    after_hand=after_hand,
    seats_for=seats_for,
    final_settlement=final_settlement,
    final_breakdown=final_breakdown,
    first_dealer=first_dealer,
    summary=(
        "剥皮（邵阳字牌剥皮胡）：80 张字牌，4 人坐，庄家对家为数醒不打，得胡牌者一半胡数。庄 20 张加亮张，闲 20 张，"
        "墩 19 张。10 胡息起胡，只胡墩上示众的牌（地胡可胡庄家第一张打出的牌），自己打出的牌是臭牌，漏胡须换张。"
        "天胡、地胡、自摸各加 10 胡；打满 100 胡结束，胡多者扣胡少者（剥皮）。"
    ),
)
