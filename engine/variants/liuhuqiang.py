"""湖南跑胡子 4人 / 六胡抢 (liuhuqiang) — ``../shared/rules/liuhuqiang.md`` (seed 003).

Only what is this variant's own: 4 players with 14 cards (+ 亮张) and 23 in the 墩, 5 方门子, 6 胡息 to win,
any shown draw or discard may be won (破跑胡 included), 天胡/地胡 on 2 提 or 4 坎 (automatic), 臭胡, 荒庄 →
the dealer's 下家 deals, and the spec's provisional house-rule scoring (囤 from 6, 自摸/天胡/地胡 ×2,
放炮: the discarder alone pays 3 shares).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import HandResult
from ..options import Option, int_option
from ..registration import MatchProgress
from ..settlement import Seating, nobody_pays, one_pays
from ..words import Arg, Msg, Seat, listing, msg
from ..zipai.derivation import base_line, each_pays, named, plain, tun_how, with_pays
from ..zipai.evaluate import Arrangement
from ..zipai.groups import Group
from ..zipai.rules import Explained, Priced, WinContext, Won, ZipaiRules
from ..zipai.scoring import each_loser_pays_score, mingtang, priced, start_hand_groups, tun
from ..zipai.variant import zipai_variant

OPTIONS = (
    int_option("hands", 8, 1, 32, "局数"),
    # the lobby says what the scoring is (§5), not only that there is one
    Option("scoring", "house", ("house",), "计分", ("6胡息1囤、每多3胡息加1囤；自摸、天胡、地胡翻倍；放炮者包三家",)),
)

MIN_HUXI = 6
TUN_STEP = 3
DISCARD_SHARES = 3  # 放炮: the discarder pays for all three losers (包三家)


def _units(huxi: int) -> int:
    """囤 = 1 + ⌊(胡息 − 6)/3⌋ (house rule)."""
    return tun(huxi, MIN_HUXI, TUN_STEP)


def price(arr: Arrangement, ctx: WinContext) -> Priced | None:
    if arr.huxi < MIN_HUXI:
        return None
    patterns: list[str] = []
    if ctx.win_from == "deal":
        patterns.append("天胡" if ctx.dealer else "地胡")
    fan = 2 if ctx.win_from in ("self_draw", "deal") else 1
    # 自摸 doubles without being a 名堂 of this ruleset; the explanation still names it.
    shown = [mingtang(patterns[0] if patterns else "自摸", 2, effect=msg("×{n}", n=2))] if fan == 2 else []
    u = _units(arr.huxi)
    return priced(u * fan, arr, {"patterns": patterns, "fan": fan, "units": u, "score": u * fan}, shown)


def start_win(counts: Sequence[int], melds: Sequence[Group], ctx: WinContext) -> Priced | None:
    """2 提 or 4 坎 after the deal (a 提 counts as a 坎, not the reverse): 天胡 (dealer) / 地胡, automatic,
    whatever the 门子; valued as a 6-胡息 hand unless its 提/坎 carry more (house rule, §7 5)."""
    arr = start_hand_groups(counts, melds, tis=2, kans=4)
    if arr is None:
        return None
    u = max(1, _units(arr.huxi))
    name = "天胡" if ctx.dealer else "地胡"
    return priced(u * 2, arr, {"patterns": [name], "fan": 2, "units": u, "score": u * 2},
                  [mingtang(name, 2, effect=msg("×{n}", n=2))])


def settle(seating: Seating, winner: int, p: Priced, win_from: str) -> list[int]:
    """Each loser pays one share; on a discard win the discarder alone pays three."""
    if win_from != "discard":
        return each_loser_pays_score(seating, winner, p, win_from)
    assert seating.from_seat is not None
    return one_pays(seating, winner, seating.from_seat, DISCARD_SHARES * p.out["score"])


def explain(won: Won) -> Explained:
    """胡息 → 囤 (6 胡息 1 囤, every 3 more 1 more), × 2 on 自摸/天胡/地胡; a discard's winner is paid three shares by
    the discarder alone (放炮包三家), any other win one share by each loser."""
    p = won.priced
    units, score = p.out["units"], p.out["score"]
    product: list[Arg] = [msg("{n} 囤", n=units), *(named(f.name, f.fan) for f in p.fans if f.fan is not None)]
    value = msg("{product} = {total}", product=listing(product, " × "), total=msg("{n} 分", n=score))
    head = base_line(p.huxi, units, tun_how(p.huxi, MIN_HUXI, TUN_STEP))
    payer = won.seating.from_seat
    if won.win_from == "discard" and payer is not None:
        paid = DISCARD_SHARES * score
        line = msg("{value}；放炮包三家：{payer} 付 {shares} × {score} = {paid}", value=value, payer=Seat(payer),
                   shares=DISCARD_SHARES, score=score, paid=paid)
        return Explained(plain(won, head, line, value=paid).steps, plain(won).hand, Msg("放炮包三家"))
    return plain(won, head, with_pays(value, each_pays(won, score)))


RULES = ZipaiRules(
    id="liuhuqiang", seats=4, deal_size=14, group_count=5, min_huxi=MIN_HUXI, win_discard="optional",
    own_discard_chou=True, chou_from_shangjia=True, louhu="huxi", start_win=start_win, start_win_forced=True,
    win_liang_in_ti=True,
    price=price, settle=settle, settle_draw=nobody_pays, explain=explain,
)


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """The winner deals next; after a 荒庄 the dealer's 下家 deals."""
    if result.draw:
        progress.dealer = (progress.dealer + 1) % progress.seats
    else:
        progress.dealer = result.winners[0]
    progress.over = progress.hand_no >= progress.options["hands"]


VARIANT = zipai_variant(
    RULES,
    name="四人跑胡子",
    name_en="Hunan paohuzi, 4 players (Liuhuqiang)",
    options=OPTIONS,
    after_hand=after_hand,
    summary=(
        "四人跑胡子（六胡抢）：80 张字牌，4 人，庄 14 张加亮张，闲 14 张，墩 23 张。5 方门子、6 胡息起胡，"
        "墩上示众的牌和打出的牌都可胡（可破跑胡），起手 2 提或 4 坎直接天胡/地胡，过胡不胡为臭胡。"
        "计分：6 胡息 1 囤，每多 3 胡息加 1 囤，自摸、天胡、地胡翻倍，放炮者包三家。荒庄由庄家下家坐庄。"
    ),
)
