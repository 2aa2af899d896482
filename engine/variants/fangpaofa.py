"""放炮罚 (fangpaofa), 3 players, 娄底 style — ``../shared/rules/fangpaofa.md``.

Only what is this variant's own: the 胡息 race to 100, 放炮 (a winnable discard must be won; the 放炮 player
pays, capped at 100), the "=100" and 2番 名堂 (multiplied), 黄庄 −10 for the dealer, 打鸟 side stakes.
"""

from __future__ import annotations

from typing import Any

from ..core import HandResult
from ..match_rules import MAX_HANDS, pairwise_payments, race_over, settle_payments, winner_deals
from ..options import Option, bool_option
from ..registration import MatchProgress
from ..settlement import Seating
from ..words import Msg, Seat, Term, listing, msg
from ..zipai.derivation import booked, hand_line, named, steps
from ..zipai.evaluate import Arrangement
from ..zipai.rules import Explained, Priced, WinContext, Won, ZipaiRules
from ..zipai.scoring import colours, mingtang, priced
from ..zipai.variant import zipai_variant

OPTIONS = (
    bool_option("daniao", False, "打鸟"),
    Option("niao_value", 10, tuple(range(1, 101)), "鸟分"),
    Option("target", 100, tuple(range(10, 1001, 10)), "满胡结算"),
    MAX_HANDS,
)

CAP = 100  # 放炮者单局最多扣100胡息
HUNDRED = 100  # the "=100胡" 名堂 set the base to this
DRAW_PENALTY = 10  # 黄庄: 庄家扣10胡息


def _patterns(arr: Arrangement, ctx: WinContext) -> tuple[list[str], list[str]]:
    """(the "=100" 名堂, the 2番 名堂) of one arrangement (§5.2)."""
    col = colours(ctx)
    hundred: list[str] = []
    double: list[str] = []
    if ctx.win_from == "deal" and ctx.dealer:
        hundred.append("天胡")
    if ctx.win_from == "discard" and ctx.first_discard and ctx.no_draw_yet and not ctx.dealer:
        hundred.append("地胡")
    if col.red == 0:
        hundred.append("乌胡")
    if col.red >= 13:
        hundred.append("十三红")
    if arr.huxi == 30:
        hundred.append("卡胡")
    elif arr.huxi == 20:
        double.append("卡胡")
    if ctx.win_from == "self_draw":  # 天胡 is not also 自摸 (§5.3 3)
        double.append("自摸")
    if col.red == 1:
        double.append("一点红")
    # 条扁: every red card lies in one 3/4-card group made only of red cards (a red 将 alone does not count).
    if col.red >= 3 and any(len(g.cards) >= 3 and g.all_red() and len(g.cards) == col.red for g in arr.groups):
        double.append("条扁")
    if ctx.last_card and ctx.win_from in ("self_draw", "other_draw"):
        double.append("海底胡")
    if 10 <= col.red <= 12:
        double.append("红胡")
    return hundred, double


def price(arr: Arrangement, ctx: WinContext) -> Priced | None:
    if arr.huxi < RULES.min_huxi:  # 15胡起胡 on the raw 胡息, also for the "=100" 名堂 (§7 15)
        return None
    hundred, double = _patterns(arr, ctx)
    base = HUNDRED if hundred else arr.huxi
    fan = 2 ** len(double)
    value = base * fan
    score = min(value, CAP) if ctx.win_from == "discard" else value
    # Ranked on the uncapped value (§5.3 4): the winner picks the most profitable grouping.
    shown = [mingtang(n, effect=msg("算{n}胡息", n=HUNDRED)) for n in hundred] \
        + [mingtang(n, 2, effect=msg("×{n}", n=2)) for n in double]
    return priced(value, arr, {"patterns": hundred + double, "fan": fan, "score": score}, shown)


def settle(seating: Seating, winner: int, p: Priced, win_from: str) -> list[int]:
    """放炮: the discarder pays the (capped) value to the winner; other wins only credit the winner."""
    deltas = seating.zeros()
    deltas[winner] += p.out["score"]
    if win_from == "discard":
        assert seating.from_seat is not None
        deltas[seating.from_seat] -= p.out["score"]
    return deltas


def settle_draw(seating: Seating) -> list[int]:
    """黄庄: 庄家扣10胡息."""
    deltas = seating.zeros()
    deltas[seating.dealer] -= DRAW_PENALTY
    return deltas


def explain(won: Won) -> Explained:
    """胡息, or 100 where an "=100" 名堂 counts, × 2 per 2番 名堂; the 放炮 player pays it up to the cap, any other
    win is only booked."""
    p = won.priced
    score = p.out["score"]
    hundred = [f.name for f in p.fans if f.fan is None]
    doubles = [f.name for f in p.fans if f.fan is not None]
    value = (HUNDRED if hundred else p.huxi) * 2 ** len(doubles)
    head = msg("计分：胡息 {huxi}，{names} 算 {n} 胡息", huxi=p.huxi, names=listing(Term(n) for n in hundred),
               n=HUNDRED) if hundred else msg("计分：胡息 {huxi}", huxi=p.huxi)
    if doubles:
        head = msg("{head} × {factors} = {total}", head=head, factors=listing((named(n, 2) for n in doubles), " × "),
                   total=msg("{n} 胡息", n=value))
    elif not hundred:
        head = msg("{head} = {total}", head=head, total=msg("{n} 胡息", n=value))
    winner, payer = Seat(won.winner), won.seating.from_seat
    if won.win_from == "discard" and payer is not None:
        fields = {"payer": Seat(payer), "payee": winner, "score": score}
        pay = msg("{payer} 放炮，单局最多扣 {cap}，付 {payee} {score} 胡息", cap=CAP, **fields) if score < value \
            else msg("{payer} 放炮，付 {payee} {score} 胡息", **fields)
        return Explained(steps(head, value=score), (hand_line(pay),), Msg("放炮"))
    return Explained(steps(head, value=score),
                     (hand_line(msg("{seat} 记 +{score} 胡息（不是放炮，无人付分）", seat=winner, score=score)),))


def explain_draw(seating: Seating, deltas: tuple[int, ...]) -> Explained:
    """黄庄: the dealer loses 10 胡息, to nobody."""
    if deltas[seating.dealer] == -DRAW_PENALTY and sum(1 for d in deltas if d) == 1:
        return Explained(hand=(hand_line(msg("庄家扣 {n} 胡息：庄家 {dealer} -{n}（无人收分）", n=DRAW_PENALTY,
                                             dealer=Seat(seating.dealer))),))
    return Explained(hand=(hand_line(booked(deltas)),))


RULES = ZipaiRules(
    id="fangpaofa", price=price, settle=settle, settle_draw=settle_draw, explain=explain, explain_draw=explain_draw,
    win_discard="forced",
    win_liangzhang=False, stake_option="daniao",
    wei_shown=1,  # "偎牌、臭偎必须示众(两暗一明)" (§3): a plain 偎 shows one card, as a 臭偎 does
)


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """Winner deals next; 黄庄: the dealer keeps the deal; over once a total reaches the target (or at the
    hand cap)."""
    if "stakes" in result.detail:
        progress.carry["stakes"] = result.detail["stakes"]
    winner_deals(progress, result)
    race_over(progress, max(progress.totals) >= progress.options["target"])


def final_breakdown(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None,
                    ) -> list[dict[str, Any]]:
    """归0 then pairwise differences: in each pair the lower total pays the difference; with 打鸟 also the sum
    of both players' bird stakes (a player who did not 打鸟 has stake 0)."""
    stakes = set((carry or {}).get("stakes", [])) if options.get("daniao") else set()
    birds = [options["niao_value"] if s in stakes else 0 for s in range(len(totals))]
    return pairwise_payments(totals, birds)


def final_settlement(options: dict[str, Any], totals: list[int], carry: dict[str, Any] | None = None) -> list[int]:
    """Seat i gets Σ_j (T_i − T_j), plus or minus the pair's birds."""
    return settle_payments(len(totals), final_breakdown(options, totals, carry))


VARIANT = zipai_variant(
    RULES,
    name="放炮罚",
    name_en="Fangpaofa (Loudi, 3 players)",
    options=OPTIONS,
    after_hand=after_hand,
    final_settlement=final_settlement,
    final_breakdown=final_breakdown,
    summary=(
        "放炮罚：80 张字牌，3 人，庄 21 张（亮张）闲 20 张，墩 19 张。15 胡息起胡，可胡墩牌也可胡别人打出的牌，"
        "能胡的打出牌必须胡（放炮者付分，单局最多 100 胡息）。名堂相乘：自摸、一点红、条扁、海底胡、红胡、卡胡20 各 2 番；"
        "乌胡、十三红、卡胡30、天胡、地胡算 100 胡息。黄庄庄家扣 10 胡息。先满 100 胡结算，胡息最少者归 0，可打鸟。"
    ),
)
