"""跑胡子 (paohuzi), 3 players, 常德 style — ``../shared/rules/paohuzi.md``.

Only what is this variant's own: its options, the three 名堂 modes (全名堂 / 红黑点 / 多红多番), 囤, 黄番, 充囤.
"""

from __future__ import annotations

from typing import Any

from ..core import HandResult
from ..match_rules import winner_deals
from ..options import Option, int_option
from ..registration import MatchProgress
from ..settlement import Seating, nobody_pays
from ..words import Arg, Msg, Term, listing, msg
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
from ..zipai.rules import Explained, Priced, WinContext, Won, ZipaiRules
from ..zipai.scoring import colours, each_loser_pays_score, is_self_draw, mingtang, priced, tun
from ..zipai.variant import zipai_variant

OPTIONS = (
    Option("mingtang", "quan", ("quan", "honghei", "duohong"), "名堂玩法", ("全名堂", "红黑点", "多红多番")),
    int_option("chongtun", 0, 0, 5, "充囤"),
    int_option("huangfan", 0, 0, 99, "黄番（黄庄次数）", internal=True),
    Option("banker", "owner", ("owner", "random"), "首局庄家", ("房主庄", "随机庄")),
    Option("hands", 8, (1, 2, 4, 6, 8, 10, 12, 16, 20, 24, 32), "局数"),
)
MIN_HUXI, TUN_STEP = 15, 3  # 囤 = 1 + ⌊(胡息 − 15) / 3⌋ (§5.2)
# The 名堂 modes in which 自摸 adds no 囤 (§7 10), as the room option names them.
NO_ZIMO_MODES = {"honghei": "红黑点", "duohong": "多红多番"}


def _mingtang(arr: Arrangement, ctx: WinContext) -> dict[str, int]:
    """番 per 名堂 of the room's mode (§5.3–5.5)."""
    mode = ctx.options["mingtang"]
    col = colours(ctx)
    tianhu = ctx.win_from == "deal" and ctx.dealer
    dihu = ctx.win_from == "deal" and not ctx.dealer
    duizi = all(g.same_card for g in arr.groups)
    fan: dict[str, int] = {}
    if mode == "honghei":
        if 10 <= col.red < 13:
            fan["红胡"] = 2
        if col.red == 1:
            fan["点胡"] = 3
        if col.red >= 13:
            fan["红乌"] = 4
        if col.red == 0:
            fan["乌胡"] = 5
        if duizi:
            fan["对子胡"] = 4
        return fan
    quan = mode == "quan"
    big_four = 6 if quan else 4
    if tianhu:
        fan["天胡"] = big_four
    if dihu:
        fan["地胡"] = big_four
    if ctx.last_card and ctx.win_from in ("self_draw", "other_draw"):
        fan["海胡"] = big_four
    if ctx.no_draw_yet or tianhu or dihu:  # 天胡地胡都是听胡 (§7 2)
        fan["听胡"] = big_four
    if col.red >= 10:
        fan["红胡"] = (3 if quan else 2) + col.red - 10
    if col.red == 0:
        fan["乌胡"] = 8 if quan else 6
    if col.red == 1:
        fan["点胡"] = 6 if quan else 4
    if duizi:
        fan["对子胡"] = 8 if quan else 6
    if not quan:
        return fan
    if col.big >= 18:
        fan["大胡"] = 8 + col.big - 18
    if col.small >= 16:
        fan["小胡"] = 10 + col.small - 16
    tuanyuan = sum(1 for r in range(10) if ctx.all_cards.count(r) == 4 and ctx.all_cards.count(r + 10) == 4)
    if tuanyuan:
        fan["大团圆"] = 8 * tuanyuan
    with_xi = sum(1 for g in arr.groups if g.huxi > 0)
    if with_xi == len(arr.groups):
        fan["行行息"] = 8
    elif arr.has_jiang and with_xi == len(arr.groups) - 1:
        fan["假行行"] = 4
    if col.red in (4, 7):
        fan["四七红"] = 2
    if arr.hand_size == 1 and arr.has_jiang:
        fan["耍猴"] = 8
    return fan


def price(arr: Arrangement, ctx: WinContext) -> Priced | None:
    if arr.huxi < RULES.min_huxi:
        return None
    opts = ctx.options
    fans = _mingtang(arr, ctx)
    patterns = list(fans)
    shown = [mingtang(n, f) for n, f in fans.items()]
    base = tun(arr.huxi, MIN_HUXI, TUN_STEP)
    units = base + opts["chongtun"]
    if opts["mingtang"] == "quan" and is_self_draw(ctx):
        units += 1
        patterns.append("自摸")
        shown.append(mingtang("自摸", effect=msg("+{n}囤", n=1)))
    if opts["mingtang"] in ("quan", "duohong") and opts["huangfan"] > 0:
        units *= 2
        patterns.append("黄番")
        shown.append(mingtang("黄番", effect=msg("囤×{n}", n=2)))
    fan = sum(fans.values()) or 1
    return priced(units * fan, arr, {"patterns": patterns, "fan": fan, "units": units, "score": units * fan}, shown)


def explain(won: Won) -> Explained:
    """胡息 → 囤 (15 胡息 1 囤, every 3 more 1 more), + 自摸 1 囤 (全名堂) + 充囤, × 2 on 黄番, × the 名堂's 番 summed,
    and every loser pays the score."""
    p, opts = won.priced, won.seating.options
    units, fan, score = p.out["units"], p.out["fan"], p.out["score"]
    base = tun(p.huxi, MIN_HUXI, TUN_STEP)
    zimo = 1 if any(f.name == "自摸" for f in p.fans) else 0
    chong = opts["chongtun"]
    double = any(f.name == "黄番" for f in p.fans)
    head = base_line(p.huxi, base, tun_how(p.huxi, MIN_HUXI, TUN_STEP))
    mode = opts["mingtang"]
    if won.win_from == "self_draw" and not zimo and mode in NO_ZIMO_MODES:
        head = msg("{line}；{mode}不计自摸", line=head, mode=Term(NO_ZIMO_MODES[mode]))
    lines = [head]
    if zimo or chong or double:
        adds: list[Arg] = [msg("{n} 囤", n=base)]
        adds += [Msg("自摸 1 囤")] if zimo else []
        adds += [msg("充囤 {n} 囤", n=chong)] if chong else []
        added = msg("{parts} = {n} 囤", parts=listing(adds, " + "), n=base + zimo + chong) if len(adds) > 1 \
            else msg("{n} 囤", n=base)
        lines.append(msg("{sum}，黄番 ×2 = {n} 囤", sum=added, n=units) if double else added)
    counted = [named(f.name, f.fan) for f in p.fans if f.fan is not None]
    value = msg("{units} 囤 × {fan} 番（{named}）= {score} 分", units=units, fan=fan, named=listing(counted, " + "),
                score=score) if counted else msg("{units} 囤 × 1（无番）= {score} 分", units=units, score=score)
    lines.append(with_pays(value, each_pays(won, score)))
    return plain(won, *lines)


def explain_draw(seating: Seating, deltas: tuple[int, ...]) -> Explained:
    """A 黄庄 books nothing; in 全名堂 and 多红多番 the next win gets 黄番."""
    if seating.options["mingtang"] in ("quan", "duohong"):
        return Explained(hand=(hand_line(Msg("无人输赢；下一局胡牌得黄番（囤×2）")),))
    return nobody_pays_draw(seating, deltas)


RULES = ZipaiRules(id="paohuzi", price=price, settle=each_loser_pays_score, settle_draw=nobody_pays,
                   explain=explain, explain_draw=explain_draw, chou_from_shangjia=True)


def hand_options(options: dict[str, Any], carry: dict[str, Any]) -> dict[str, Any]:
    """A hand's 黄番 counts the 黄庄 since the last win."""
    return dict(options) | {"huangfan": carry.get("huangzhuang", 0)}


def after_hand(progress: MatchProgress, result: HandResult) -> None:
    """Winner deals next; after a 黄庄 the dealer keeps the deal and the next win gets 黄番."""
    winner_deals(progress, result)
    progress.over = progress.hand_no >= progress.options["hands"]


VARIANT = zipai_variant(
    RULES,
    name="跑胡子",
    name_en="Paohuzi (Changde, 3 players)",
    options=OPTIONS,
    hand_options=hand_options,
    after_hand=after_hand,
    summary=(
        "跑胡子：80 张字牌，3 人，庄 21 张（亮张）闲 20 张，墩 19 张。偎/提/跑强制，碰吃可选（吃须比牌）。"
        "7 方门子、15 胡息起胡，只胡墩上示众的牌。15 胡息 1 囤，每 3 胡息加 1 囤；分数 = 囤 × 名堂番数（全名堂累加）。"
    ),
)
