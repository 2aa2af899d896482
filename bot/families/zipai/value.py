"""A settlement's value as a derivation a player can check with pencil and paper: 胡息 → 囤/等 (with this
hand's numbers), + 自摸 / 充囤, × 黄番, × 番, the per-payer score and who pays whom and why.

Every step is read from the engine's own numbers (``huxi``, ``units``, ``fan``, ``score``, each 名堂's
``value`` and the per-seat deltas) and checked against them: where a step cannot be told from the detail, the
engine's number is stated without a derivation rather than a rule recomputed differently.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...i18n import SOURCE, tr, tr_in
from ...present.words import joined

if TYPE_CHECKING:
    from ...service.table import Table

# 胡息 → 囤/等: (胡息 at which the first unit counts, 胡息 per further unit) as each spec's scoring section says.
TUN_STEPS = {"paohuzi": (15, 3), "liuhuqiang": (6, 3), "bopi": (10, 5)}
DRAW_PENALTY = 10
MODE_WORDS = {"honghei": tr_in(SOURCE, "红黑点"), "duohong": tr_in(SOURCE, "多红多番")}  # 跑胡子 名堂 modes without 自摸  # 放炮罚 黄庄 / 剥皮 臭庄: 庄家扣10胡息


class Explained:
    """The derivation lines and, where the variant says why, its own 本局 line (else the plain payments)."""

    def __init__(self, lines: list[str], pay: str | None = None) -> None:
        self.lines = lines
        self.pay = pay


def _seat(table: Table, seat: int) -> str:
    return table.seat_label(seat) if 0 <= seat < len(table.seats) else "—"


def _options(table: Table) -> dict[str, Any]:
    return table.match.options if table.match else table.options


def _ints(detail: dict[str, Any], *keys: str) -> list[int] | None:
    """The detail's numbers under ``keys``, or None when one is missing (an older or foreign result)."""
    values = [detail.get(k) for k in keys]
    return [v for v in values if isinstance(v, int)] if all(isinstance(v, int) for v in values) else None


def _fans(detail: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in detail.get("fans") or [] if isinstance(f, dict) and f.get("name")]


TUN = tr_in(SOURCE, "囤")
DENG = tr_in(SOURCE, "等")


def _has(detail: dict[str, Any], name: str, value: str | None = None) -> bool:
    return any(f["name"] == name and (value is None or f.get("value") == value) for f in _fans(detail))


def tun_text(huxi: int, minimum: int, step: int, unit: str = TUN) -> tuple[int, str]:
    """(units, how) for 1 unit at ``minimum`` 胡息 and one more per full ``step`` above it — the engine's
    ``scoring.tun``, said with the hand's numbers. ``unit``: the source word (囤 or 等)."""
    from engine.zipai.scoring import tun

    units = tun(huxi, minimum, step)
    extra = huxi - minimum
    word = tr(unit)
    if extra < 0:
        return units, ""
    if extra == 0:
        how = tr("{minimum} 胡息 1 {unit}", minimum=minimum, unit=word)
    elif extra < step:
        how = tr("{minimum} 胡息 1 {unit}，多出 {extra} 不满 {step} 不算", minimum=minimum, unit=word, extra=extra,
                 step=step)
    else:
        rest = extra % step
        fields = {"minimum": minimum, "unit": word, "extra": extra, "step": step}
        how = tr("{minimum} 胡息 1 {unit}，多出 {extra}，每 {step} 胡息加 1 {unit}，余 {rest} 不算", rest=rest, **fields) \
            if rest else tr("{minimum} 胡息 1 {unit}，多出 {extra}，每 {step} 胡息加 1 {unit}", **fields)
    return units, how


def _base_line(huxi: int, units: int, derived: int, how: str, unit: str) -> str:
    word = tr(unit)
    if derived == units and how:
        return tr("计分：胡息 {huxi} → {units} {unit}（{how}）", huxi=huxi, units=units, unit=word, how=how)
    if derived < 1 and units == 1:
        return tr("计分：胡息 {huxi} → 1 {unit}（不足起胡胡息，至少 1 {unit}）", huxi=huxi, unit=word)
    return tr("计分：胡息 {huxi} → {units} {unit}", huxi=huxi, units=units, unit=word)


def _losers(deltas: list[int], winner: int) -> list[tuple[int, int]]:
    return [(s, -d) for s, d in enumerate(deltas) if d < 0 and s != winner]


def _each_pays(table: Table, deltas: list[int], winner: int, per: int) -> str | None:
    """"输家各付 N" when every loser pays the same ``per``; None when the deltas say otherwise."""
    losers = _losers(deltas, winner)
    if not losers or any(n != per for _, n in losers):
        return None
    return tr("输家各付 {amount}", amount=per) if len(losers) > 1 \
        else tr("{payer} 付 {amount}", payer=_seat(table, losers[0][0]), amount=per)


def _fan_sum(detail: dict[str, Any]) -> tuple[int, str]:
    """(Σ番, "红胡 3 + 四七红 2") of the 名堂 that carry 番 (跑胡子 adds them)."""
    named = [(f["name"], f["fan"]) for f in _fans(detail) if isinstance(f.get("fan"), int)]
    return sum(n for _, n in named), " + ".join(f"{tr(name)} {n}" for name, n in named)


def paohuzi(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    got = _ints(detail, "huxi", "units", "fan", "score")
    if got is None:
        return None
    huxi, units, fan, score = got
    minimum, step = TUN_STEPS["paohuzi"]
    base, how = tun_text(huxi, minimum, step)
    zimo = 1 if _has(detail, "自摸", "+1囤") else 0  # i18n: input (the engine's 名堂 and its effect)
    chong = _options(table).get("chongtun") or 0
    double = _has(detail, "黄番")  # i18n: input
    ok = (base + zimo + chong) * (2 if double else 1) == units
    lines = [_base_line(huxi, base, base, how, TUN) if ok and how else _base_line(huxi, units, units, "", TUN)]
    mode = _options(table).get("mingtang")
    if detail.get("win_from") == "self_draw" and not zimo and mode in MODE_WORDS:  # §5.6: 自摸 +1 囤 only in 全名堂
        lines[0] = tr("{line}；{mode}不计自摸", line=lines[0], mode=tr(MODE_WORDS[mode]))
    if ok and (zimo or chong or double):
        adds = [tr("{n} 囤", n=base)] + ([tr("自摸 1 囤")] if zimo else []) + ([tr("充囤 {n} 囤", n=chong)] if chong else [])
        step_line = " + ".join(adds) + (" = " + tr("{n} 囤", n=base + zimo + chong) if len(adds) > 1 else "")
        if double:
            step_line = tr("{sum}，黄番 ×2 = {n} 囤", sum=step_line, n=units)
        lines.append("　" + step_line)
    total, named = _fan_sum(detail)
    if total == fan and named:
        value = tr("{units} 囤 × {fan} 番（{named}）= {score} 分", units=units, fan=fan, named=named, score=score)
    elif fan == 1:
        value = tr("{units} 囤 × 1（无番）= {score} 分", units=units, score=score)
    else:
        value = tr("{units} 囤 × {fan} 番 = {score} 分", units=units, fan=fan, score=score)
    pays = _each_pays(table, deltas, winner, score)
    lines.append("　" + (tr("{value}，{pays}", value=value, pays=pays) if pays else value))
    return Explained(lines)


def fangpaofa(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    got = _ints(detail, "huxi", "fan", "score")
    if got is None:
        return None
    huxi, fan, score = got
    from engine.variants.fangpaofa import CAP, HUNDRED

    hundred = [f["name"] for f in _fans(detail) if str(f.get("value", "")).startswith("算")]  # i18n: input
    doubles = [f["name"] for f in _fans(detail) if f.get("value") == "×2"]
    base = HUNDRED if hundred else huxi
    value = base * 2 ** len(doubles)
    discard = detail.get("win_from") == "discard"
    if 2 ** len(doubles) != fan or score not in (value, min(value, CAP) if discard else value):
        return Explained([tr("计分：胡息 {huxi}，得 {score} 胡息", huxi=huxi, score=score)])
    calc = tr("计分：胡息 {huxi}，{names} 算 {n} 胡息", huxi=huxi, names=joined([tr(n) for n in hundred]), n=HUNDRED) \
        if hundred else tr("计分：胡息 {huxi}", huxi=huxi)
    if doubles:
        calc += "".join(f" × {tr(n)} 2" for n in doubles) + " = " + tr("{n} 胡息", n=value)
    elif not hundred:
        calc += " = " + tr("{n} 胡息", n=value)
    lines = [calc]
    from_seat = detail.get("from_seat")
    if discard and isinstance(from_seat, int) and deltas[from_seat] == -score:
        fields = {"payer": _seat(table, from_seat), "payee": _seat(table, winner), "score": score}
        if score < value:
            return Explained(lines, tr("{payer} 放炮，单局最多扣 {cap}，付 {payee} {score} 胡息", cap=CAP, **fields))
        return Explained(lines, tr("{payer} 放炮，付 {payee} {score} 胡息", **fields))
    if deltas[winner] == score and sum(1 for d in deltas if d) == 1:
        return Explained(lines, tr("{seat} 记 +{score} 胡息（不是放炮，无人付分）", seat=_seat(table, winner), score=score))
    return Explained(lines)


def bopi(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    got = _ints(detail, "huxi", "units", "score")
    if got is None:
        return None
    huxi, units, score = got
    if _options(table).get("scoring") == "deng":
        minimum, step = TUN_STEPS["bopi"]
        derived, how = tun_text(huxi, minimum, step, DENG)
        pays = _each_pays(table, deltas, winner, units)
        base = _base_line(huxi, units, derived, how, DENG)
        lines = [tr("{line}；{pays}", line=base, pays=pays) if pays else base]
        if _fans(detail):
            lines.append("　" + tr("按等计分：名堂不加等"))
        return Explained(lines)
    bonus = [(f["name"], f["points"]) for f in _fans(detail) if isinstance(f.get("points"), int)]
    if huxi + sum(p for _, p in bonus) != score:
        return Explained([tr("计分：胡息 {huxi}，得 {score} 胡", huxi=huxi, score=score)])
    calc = tr("计分：胡息 {huxi}", huxi=huxi) + "".join(f" + {tr(n)} {p}" for n, p in bonus) + " = " \
        + tr("{n} 胡", n=score)
    lines = [calc]
    winner_seat = _seat(table, winner)
    sitters = [(s, d) for s, d in enumerate(deltas) if d > 0 and s != winner]
    half = -(-score // 2)
    if len(sitters) == 1 and sitters[0][1] == half:
        seat = _seat(table, sitters[0][0])
        lines.append("　" + (tr("数醒 {seat} 得胡牌者一半：{score} ÷ 2 进一 = {half} 胡", seat=seat, score=score, half=half)
                            if score % 2 else
                            tr("数醒 {seat} 得胡牌者一半：{score} ÷ 2 = {half} 胡", seat=seat, score=score, half=half)))
        return Explained(lines, tr("{seat} 记 +{score} 胡；数醒 {sitter} +{half} 胡（记分，无人付分）", seat=winner_seat,
                                   score=score, sitter=seat, half=half))
    if sitters:
        return Explained(lines)
    return Explained(lines, tr("{seat} 记 +{score} 胡（记分，无人付分）", seat=winner_seat, score=score))


def anhua(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    got = _ints(detail, "huxi", "units", "fan", "score")
    if got is None:
        return None
    huxi, units, fan, score = got
    from engine.variants.anhua import units as anhua_units

    opts = _options(table)
    step = 3 if opts.get("tun", "3xi") == "3xi" else 1
    derived = anhua_units(huxi, {"tun": opts.get("tun", "3xi")})
    _, how = tun_text(huxi, 15, step)
    if how:
        how = tr("三息一囤：{how}", how=how) if step == 3 else tr("一息一囤：{how}", how=how)
    lines = [_base_line(huxi, units, derived, how, TUN)]
    factors = [(f["name"], f["fan"]) for f in _fans(detail) if isinstance(f.get("fan"), int)]
    product = 1
    for _, n in factors:
        product *= n
    if product == fan and factors:
        value = tr("{n} 囤", n=units) + "".join(f" × {tr(name)} {n}" for name, n in factors) + " = " \
            + tr("{n} 分", n=score)
    else:
        value = tr("{units} 囤 × {fan} 番 = {score} 分", units=units, fan=fan, score=score) if fan > 1 \
            else tr("{units} 囤（无名堂）= {score} 分", units=units, score=score)
    losers = _losers(deltas, winner)
    paid = losers[0][1] if losers and all(n == losers[0][1] for _, n in losers) else None
    difen = opts.get("difen") or 1
    if paid is not None and score and paid != score and paid % score == 0:
        factor = paid // score
        if factor == difen:
            value += " × " + tr("底分 {n}", n=difen)
        elif factor == 2 * difen and opts.get("papo"):
            value += (" × " + tr("底分 {n}", n=difen) if difen > 1 else "") + " × " + tr("爬坡 2")
        else:
            value += f" × {factor}"
        value += f" = {paid}"
    pays = _each_pays(table, deltas, winner, paid) if paid is not None else None
    lines.append("　" + (tr("{value}，{pays}", value=value, pays=pays) if pays else value))
    return Explained(lines)


def liuhuqiang(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    got = _ints(detail, "huxi", "units", "fan", "score")
    if got is None:
        return None
    huxi, units, fan, score = got
    from engine.variants.liuhuqiang import DISCARD_SHARES

    minimum, step = TUN_STEPS["liuhuqiang"]
    derived, how = tun_text(huxi, minimum, step)
    lines = [_base_line(huxi, units, derived, how, TUN)]
    doubled = [f["name"] for f in _fans(detail) if f.get("fan") == 2]
    value = tr("{n} 囤", n=units) + (f" × {tr(doubled[0])} 2" if fan == 2 and doubled
                                    else (f" × {fan}" if fan > 1 else ""))
    value += " = " + tr("{n} 分", n=score)
    from_seat = detail.get("from_seat")
    if detail.get("win_from") == "discard" and isinstance(from_seat, int) \
            and -deltas[from_seat] == DISCARD_SHARES * score:
        paid = DISCARD_SHARES * score
        lines.append("　" + tr("{value}；放炮包三家：{payer} 付 {shares} × {score} = {paid}", value=value,
                               payer=_seat(table, from_seat), shares=DISCARD_SHARES, score=score, paid=paid))
        return Explained(lines)
    pays = _each_pays(table, deltas, winner, score)
    lines.append("　" + (tr("{value}，{pays}", value=value, pays=pays) if pays else value))
    return Explained(lines)


EXPLAINERS: dict[str, Callable[[Table, dict[str, Any], list[int], int], Explained | None]] = {
    "paohuzi": paohuzi, "fangpaofa": fangpaofa, "bopi": bopi, "anhua": anhua, "liuhuqiang": liuhuqiang,
}


def explain_win(table: Table, detail: dict[str, Any], deltas: list[int], winner: int) -> Explained | None:
    explain = EXPLAINERS.get(table.variant_id)
    if explain is None or not 0 <= winner < len(deltas):
        return None
    return explain(table, detail, deltas, winner)


def explain_draw(table: Table, deltas: list[int]) -> str | None:
    """Why a drawn hand books what it books: 放炮罚 庄家扣10胡息, 剥皮 臭庄 10 胡 to the 数醒; where nobody
    pays, what the draw does to the next hand (跑胡子 黄番, 安化 爬坡)."""
    variant, opts = table.variant_id, _options(table)
    losers = [s for s, d in enumerate(deltas) if d < 0]
    gainers = [s for s, d in enumerate(deltas) if d > 0]
    if not losers and not gainers:
        if variant == "paohuzi" and opts.get("mingtang") in ("quan", "duohong"):
            return tr("无人输赢；下一局胡牌得黄番（囤×2）")
        if variant == "anhua" and opts.get("papo"):
            return tr("无人输赢；下一局胡牌爬坡（×2）")
        return None
    if variant not in ("fangpaofa", "bopi") or len(losers) != 1 or deltas[losers[0]] != -DRAW_PENALTY:
        return None
    dealer = _seat(table, losers[0])
    if variant == "fangpaofa" and not gainers:
        return tr("庄家扣 {n} 胡息：庄家 {dealer} -{n}（无人收分）", n=DRAW_PENALTY, dealer=dealer)
    if variant == "bopi" and not gainers:
        return tr("臭庄庄家扣 {n} 胡：庄家 {dealer} -{n}（无数醒，无人收分）", n=DRAW_PENALTY, dealer=dealer)
    if variant == "bopi" and len(gainers) == 1 and deltas[gainers[0]] == DRAW_PENALTY:
        return tr("臭庄庄家扣 {n} 胡给数醒：庄家 {dealer} 付 数醒 {sitter} {n}", n=DRAW_PENALTY, dealer=dealer,
                  sitter=_seat(table, gainers[0]))
    return None
