"""安化跑胡子 (anhua), 3 players — ``../shared/rules/anhua.md`` (the ruleset of seed 001).

Only what is this variant's own: no 放炮 and no win on the 亮张, 起始提 补牌, 过张 case (2), own discards are
臭牌, 三提五坎, the 名堂 (only the largest, × 自摸 when 自摸翻倍 is on), 三息一囤 / 一息一囤, 爬坡, 明偎.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import HandResult
from ..match_rules import winner_deals
from ..options import Option, bool_option
from ..outcome import Fan
from ..registration import MatchProgress
from ..settlement import Seating, nobody_pays
from ..words import Arg, Msg, listing, msg
from ..zipai.derivation import (
    base_line,
    each_pays,
    hand_line,
    named,
    nobody_pays_draw,
    plain,
    tun_how,
    with_pays,
)
from ..zipai.evaluate import Arrangement
from ..zipai.groups import Group
from ..zipai.rules import Explained, Priced, WinContext, Won, ZipaiRules
from ..zipai.scoring import (
    colours,
    each_loser_pays_score,
    is_self_draw,
    mingtang,
    priced,
    start_hand_groups,
)
from ..zipai.variant import zipai_variant

OPTIONS = (
    Option("tun", "3xi", ("3xi", "1xi"), "囤", ("三息一囤", "一息一囤")),
    bool_option("zimo_fanbei", True, "自摸翻倍"),
    bool_option("santi_wukan", True, "三提五坎"),
    bool_option("papo", False, "爬坡"),
    bool_option("mingwei", False, "明偎"),
    Option("banker", "random", ("random", "owner"), "定庄", ("随机庄", "房主庄")),
    Option("difen", 1, tuple(range(1, 101)), "底分"),
)

HANDS = 8  # match length: neither the seed nor the spec's options give one (decision, as paohuzi's default)
SANTI_WUKAN_FAN = 6
MIN_HUXI = 15


def tun_step(options: Mapping[str, Any]) -> int:
    """胡息 per further 囤: 三息一囤 3, 一息一囤 1."""
    return 3 if options["tun"] == "3xi" else 1


def units(huxi: int, options: Mapping[str, Any]) -> int:
    """囤 from 15 胡息: 三息一囤 1 + ⌊(胡息−15)/3⌋, 一息一囤 1 + (胡息−15)."""
    return 1 + (huxi - MIN_HUXI) // tun_step(options)


def _mingtang(ctx: WinContext) -> tuple[str, int] | None:
    """The one counted 名堂: the largest of 小红胡 2 / 点胡 3 / 大红胡 4 / 黑胡 5 / 十八小 6."""
    col = colours(ctx)
    found: list[tuple[int, str]] = []
    if 10 <= col.red < 13:
        found.append((2, "小红胡"))
    if col.red == 1:
        found.append((3, "点胡"))
    if col.red >= 13:
        found.append((4, "大红胡"))
    if col.red == 0:
        found.append((5, "黑胡"))
    if col.small >= 18:
        found.append((6, "十八小"))
    if not found:
        return None
    fan, name = max(found)
    return name, fan


def price(arr: Arrangement, ctx: WinContext) -> Priced | None:
    if arr.huxi < RULES.min_huxi or ctx.win_from in ("discard", "deal"):
        return None  # 不能放炮; 不能胡庄家砌牌的亮张 (the dealer neither: no 天胡 in this ruleset)
    opts = ctx.options
    patterns: list[str] = []
    shown: list[Fan] = []
    fan = 1
    top = _mingtang(ctx)
    if top is not None:
        patterns.append(top[0])
        shown.append(mingtang(*top))
        fan = top[1]
    if opts["zimo_fanbei"] and is_self_draw(ctx):
        patterns.append("自摸")
        shown.append(mingtang("自摸", 2, effect=msg("×{n}", n=2)))
        fan *= 2
    u = units(arr.huxi, opts)
    return priced(u * fan, arr, {"patterns": patterns, "fan": fan, "units": u, "score": u * fan}, shown)


def start_win(counts: Sequence[int], melds: Sequence[Group], ctx: WinContext) -> Priced | None:
    """三提五坎 (option): 3 提, or 5 坎 counting a 提 as a 坎, after the deal wins at once, whatever the 胡息
    and 门子; 胡息 = those groups', 囤 by the normal formula but at least 1, 6 番 (never 自摸 at the deal)."""
    if not ctx.options["santi_wukan"]:
        return None
    arr = start_hand_groups(counts, melds, tis=3, kans=5)
    if arr is None:
        return None
    u = max(1, units(arr.huxi, ctx.options))
    return priced(u * SANTI_WUKAN_FAN, arr, {"patterns": ["三提五坎"], "fan": SANTI_WUKAN_FAN, "units": u,
                                            "score": u * SANTI_WUKAN_FAN}, [mingtang("三提五坎", SANTI_WUKAN_FAN)])


def refuse(ctx: WinContext) -> str:
    if ctx.win_from == "deal" and ctx.win_card is not None:
        return "安化跑胡子: 不能胡庄家砌牌的亮张"
    return ""


def papo(seating: Seating) -> bool:
    """爬坡: the first win after a 荒庄 is paid double."""
    return bool(seating.options["papo"] and seating.carry.get("huangzhuang"))


def settle(seating: Seating, winner: int, p: Priced, win_from: str) -> list[int]:
    """Each loser pays 分数 × 底分, ×2 under 爬坡 after a 荒庄."""
    factor = seating.options["difen"] * (2 if papo(seating) else 1)
    return [d * factor for d in each_loser_pays_score(seating, winner, p, win_from)]


def explain(won: Won) -> Explained:
    """胡息 → 囤 (三息一囤 or 一息一囤 from 15), × the one 名堂's 番 × 2 on 自摸 (自摸翻倍), then × 底分 and × 2 on
    爬坡: what each loser pays."""
    p, opts = won.priced, won.seating.options
    n, score = p.out["units"], p.out["score"]
    how = tun_how(p.huxi, MIN_HUXI, tun_step(opts))
    if how is not None:
        how = msg("三息一囤：{how}", how=how) if tun_step(opts) == 3 else msg("一息一囤：{how}", how=how)
    factors = [named(f.name, f.fan) for f in p.fans if f.fan is not None]
    value = msg("{product} = {total}", product=listing([msg("{n} 囤", n=n), *factors], " × "),
                total=msg("{n} 分", n=score)) if factors else msg("{units} 囤（无名堂）= {score} 分", units=n, score=score)
    difen = opts["difen"]
    extra: list[Arg] = []
    if difen > 1:
        extra.append(named("底分", difen))
    if papo(won.seating):
        extra.append(named("爬坡", 2))
    paid = score * difen * (2 if papo(won.seating) else 1)
    if extra:
        value = msg("{value} × {factors} = {paid}", value=value, factors=listing(extra, " × "), paid=paid)
    return plain(won, base_line(p.huxi, n, how), with_pays(value, each_pays(won, paid)), value=paid)


def explain_draw(seating: Seating, deltas: tuple[int, ...]) -> Explained:
    """A 荒庄 books nothing; with 爬坡 the next win is paid double."""
    if seating.options["papo"]:
        return Explained(hand=(hand_line(Msg("无人输赢；下一局胡牌爬坡（×2）")),))
    return nobody_pays_draw(seating, deltas)


RULES = ZipaiRules(
    id="anhua", price=price, settle=settle, settle_draw=nobody_pays, explain=explain, explain_draw=explain_draw,
    win_liangzhang=False,
    own_discard_chou=True, chou_unchiable=True, dealt_ti_bupai=True, dealt_ti_on_intake=True, start_win=start_win,
    refuse=refuse,
)
RULES_MINGWEI = replace(RULES, wei_shown=1)


def rules_for(options: dict[str, Any]) -> ZipaiRules:
    return RULES_MINGWEI if options["mingwei"] else RULES


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """Winner deals next; 荒庄: the dealer keeps the deal and the table enters 爬坡 for the next win."""
    winner_deals(progress, result)
    progress.over = progress.hand_no >= HANDS


VARIANT = zipai_variant(
    RULES,
    name="安化跑胡子",
    name_en="Anhua paohuzi (3 players)",
    options=OPTIONS,
    rules_for=rules_for,
    after_hand=after_hand,
    fixed_hands=HANDS,
    summary=(
        "安化跑胡子：80 张字牌，3 人，庄 21 张（亮张）闲 20 张，墩 19 张。15 胡息起胡，只胡墩上示众的牌，"
        "不能放炮，不能胡亮张，自己打出的牌是臭牌。名堂只取最大：小红胡 2、点胡 3、大红胡 4、黑胡 5、十八小 6 番，"
        "自摸翻倍可叠加；三提五坎 6 番。分数 = 囤 × 番，三息一囤或一息一囤，可选爬坡、明偎。"
    ),
)
