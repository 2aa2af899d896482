"""推倒胡 with 加锤 (tuidaohu) — pure scoring, ``../shared/rules/tuidaohu.md`` (seed 004).

The calculator ``score(data)`` follows the README contract; ``win_payments`` / ``kong_payments`` settle one hand's
money between the seats with the 加锤 pairwise factor; :func:`rules_for` gives the shared mahjong game this
variant's rules (registered by ``engine.variants.tuidaohu``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract import check_fields, read_context, read_head
from ..core import InvalidInput
from ..ledger import CANCEL_ON_DRAW, Payment
from ..options import bool_option, int_option, shown_value, validate_options
from ..outcome import Fan, Step
from ..words import Listing, Msg, Term, msg
from .calc_input import meld_tiles, read_tile
from .rules import MahjongRules, Meld, Priced, WinSpot, pattern_label
from .tiles import HONOUR_BASE, KINDS, tile_str
from .win import Checker, Decomposition

OPTIONS = (
    bool_option("jiachui", True, "加锤"),
    int_option("difen", 1, 1, 100, "底分"),
    int_option("hands", 8, 1, 32, "局数"),
)

WIN_FROM = ("self_draw", "discard", "deal", "robbing_kong")
CONTEXT_FLAGS = ("dealer", "last_card", "first_discard", "after_kong", "no_draw_yet")
MELD_TYPES = ("chi", "peng", "gang", "angang")
MELD_FIELDS = ("type", "kind", "cards", "card")
COPIES = 4
SEATS = 4
MAX_CHUI = 2

# §5.1: (倍, 门前清 倍); a 门前清 value only for the shapes the seed's 门前清 lists name.
MULTIPLES: dict[str, tuple[int, int]] = {
    "平胡": (2, 4),
    "碰碰胡": (8, 16),
    "清一色": (8, 16),
    "七小对": (8, 8),
    "龙七对": (16, 16),
    "风一色": (8, 16),
    "十三幺": (24, 24),
}
MENQING_SHAPES = frozenset({"平胡", "碰碰胡", "清一色", "龙七对", "风一色"})

# No 赖子 in 推倒胡; 七对 (a 4-of-a-kind is two pairs) and 十三幺 allowed.
CHECKER = Checker(wild_targets=(), qidui=True, shisanyao=True)


def _invalid(message: str) -> InvalidInput:
    return InvalidInput(message)


def _tile(value: Any, what: str) -> int:
    return read_tile(value, what)


def _tiles(value: Any, what: str) -> list[int]:
    """A list of one-tile strings, or one compact string ("123m77z")."""
    if isinstance(value, list):
        return [_tile(item, what) for item in value]
    if isinstance(value, str):
        out: list[int] = []
        digits: list[str] = []
        for ch in value:
            if ch.isspace() or ch in ",，":
                continue
            if ch.isdigit():
                digits.append(ch)
            elif ch in "mpsz" and digits:
                out += [_tile(d + ch, what) for d in digits]
                digits = []
            else:
                raise _invalid(f"{what}: cannot read {shown_value(value)} as tiles")
        if digits:
            raise _invalid(f"{what}: cannot read {shown_value(value)} as tiles")
        return out
    raise _invalid(f"{what} must be a list of tiles or a string of tiles, not {shown_value(value)}")


def _meld(raw: Any, i: int) -> Meld:
    what = f"melds[{i}]"
    if isinstance(raw, str) and ":" in raw:
        head, _, body = raw.partition(":")
        raw = {"type": head, "cards": body}
    elif isinstance(raw, list) and len(raw) == 2:
        raw = {"type": raw[0], "cards": raw[1]}
    if not isinstance(raw, dict):
        raise _invalid(f"{what} must be an object {{\"type\": …, \"cards\": […]}}, not {shown_value(raw)}")
    for key in raw:
        if key not in MELD_FIELDS:
            raise _invalid(f"{what}: unknown field {shown_value(key)} (fields: type, cards, card)")
    kind = raw.get("type", raw.get("kind"))
    if kind not in MELD_TYPES:
        raise _invalid(f"{what}: type must be one of {', '.join(MELD_TYPES)}, not {shown_value(kind)}")
    cards = meld_tiles(raw, what, str(kind), _tile, _tiles)
    return Meld(str(kind), tuple(cards))


def _qualifying(d: Decomposition, melds: Sequence[Meld], tiles: Sequence[int]) -> list[str]:
    """§4/§5.5: every special shape this decomposition is (龙七对 replaces 七小对, 风一色 replaces 碰碰胡)."""
    found: list[str] = []
    if d.shape == "shisanyao":
        return ["十三幺"]
    if d.shape == "qidui":
        found.append("龙七对" if d.quads else "七小对")
    elif d.all_ke and all(m.kind != "chi" for m in melds):
        # §7.7: 风一色 is "全部是风的碰碰胡", pungs only.
        found.append("风一色" if all(t >= HONOUR_BASE for t in tiles) else "碰碰胡")
    suits = {t // 9 for t in tiles}
    if len(suits) == 1 and next(iter(suits)) < 3:
        found.append("清一色")
    return found


def _value(d: Decomposition, melds: Sequence[Meld], tiles: Sequence[int],
           concealed: bool) -> tuple[int, list[str]]:
    """(倍, patterns) of one decomposition: the single highest multiple counts (§5.5, no stacking)."""
    names = _qualifying(d, melds, tiles) or ["平胡"]
    fan = max(MULTIPLES[n][1 if concealed else 0] for n in names)
    if concealed and any(n in MENQING_SHAPES for n in names):
        names.append("门前清")
    return fan, names


def best_value(hand_counts: Sequence[int], melds: Sequence[Meld],
               every: Sequence[int]) -> tuple[int, list[str]] | None:
    """(倍, patterns) of the most valuable reading of a winning hand, None when it does not win. ``every``: all
    its tiles, melds included; 门前清 when no meld but 暗杠 is laid down (§7 6)."""
    menqing = all(m.kind == "angang" for m in melds)
    best: tuple[int, list[str]] | None = None
    for d in CHECKER.decompositions(hand_counts):
        value = _value(d, melds, every, menqing)
        # equal multiples: report the reading naming more of the hand's shapes (清一色 碰碰胡 over 清一色 alone)
        if best is None or (value[0], len(value[1])) > (best[0], len(best[1])):
            best = value
    return best


def may_rob(angang: bool, patterns: Sequence[str]) -> bool:
    """§4 / §7.11: a 补杠 may be robbed by any win; an 暗杠 only by 十三幺."""
    return not angang or "十三幺" in patterns


def score(data: dict[str, Any]) -> dict[str, Any]:
    """The README calculator contract for ``tuidaohu``; raises InvalidInput for bad input."""
    check_fields(data)
    if "variant" in data and data["variant"] != "tuidaohu":
        raise _invalid(f"variant must be 「tuidaohu」, not {shown_value(data['variant'])}")
    raw_options = data.get("options")
    if raw_options is not None and not isinstance(raw_options, dict):
        raise _invalid(f"options must be an object, not {shown_value(raw_options)}")
    validate_options(OPTIONS, raw_options)
    win_from, win_raw = read_head(data, WIN_FROM, "推倒胡")
    hand = _tiles(data["hand"], "hand")
    win_card = None if win_raw is None else _tile(win_raw, "win_card")
    raw_melds = data.get("melds")
    if raw_melds is None:
        raw_melds = []
    if not isinstance(raw_melds, list):
        raise _invalid(f"melds must be a list, not {shown_value(raw_melds)}")
    melds = [_meld(m, i) for i, m in enumerate(raw_melds)]
    ctx = read_context(data.get("context"), CONTEXT_FLAGS)

    concealed = hand + ([] if win_card is None else [win_card])
    every = concealed + [t for m in melds for t in m.tiles]
    counts = [0] * KINDS
    for t in every:
        counts[t] += 1
    for t, n in enumerate(counts):
        if n > COPIES:
            raise _invalid(f"{n} copies of {shown_value(tile_str(t))}: the set has {COPIES}")
    if len(concealed) + 3 * len(melds) != 14:
        raise _invalid(f"hand + win_card + melds make {len(concealed)} + {len(melds)} melds; a winning hand is "
                       "14 tiles, a kong counting as 3")
    if win_from == "robbing_kong" and win_card is not None and counts[win_card] != 1:
        raise _invalid("robbing_kong: the robbed konger holds the other three copies of win_card")

    if win_from == "discard" and not ctx["after_kong"]:
        return {"win": False, "reason": "推倒胡胡牌必须自摸，不能点炮（只有杠上炮可胡别人打出的牌）"}
    hand_counts = [0] * KINDS
    for t in concealed:
        hand_counts[t] += 1
    best = best_value(hand_counts, melds, every)
    if best is None:
        return {"win": False, "reason": "没有胡牌：需要四副顺子/刻子/杠加一对将，或七小对、十三幺"}
    fan, patterns = best
    share = fan // 2 if win_from == "discard" else fan
    return {"win": True, "patterns": patterns, "fan": fan, "score": share}


def chui_factor(chui_a: int, chui_b: int) -> int:
    """§5.4 / ruling 12: every transfer between two players is ×2 for each 锤 of either: 2^(锤_a + 锤_b)."""
    for c in (chui_a, chui_b):
        if type(c) is not int or not 0 <= c <= MAX_CHUI:
            raise ValueError(f"锤 is 0, 1 or 2, not {c!r}")
    return 1 << (chui_a + chui_b)


def _check_seats(chui: Sequence[int], *seats: int | None) -> None:
    if len(chui) != SEATS:
        raise ValueError(f"one 锤 per seat ({SEATS}), not {len(chui)}")
    for s in seats:
        if s is not None and not 0 <= s < SEATS:
            raise ValueError(f"no seat {s}")


def win_payments(share: int, winner: int, chui: Sequence[int], *, win_from: str = "self_draw",
                 payer: int | None = None) -> dict[int, int]:
    """What each loser pays the winner (seat → amount), ``share`` = 底分 × §5.1 倍 before 锤.

    §5.2: 自摸 each of the 3 others pays a share; with ``payer`` (杠开 after his 点杠) he pays all three.
    抢杠: the robbed ``payer`` pays the three shares. 杠上炮 (``discard``): the discarder pays half a share.
    Ruling 12: each share carries the 锤 factor of the one who pays it and the winner."""
    _check_seats(chui, winner, payer)
    if payer == winner:
        raise ValueError("the winner does not pay himself")
    if win_from in ("robbing_kong", "discard") and payer is None:
        raise ValueError(f"{win_from}: name the player who pays")
    if win_from == "discard":
        assert payer is not None
        return {payer: share // 2 * chui_factor(chui[winner], chui[payer])}
    if win_from not in ("self_draw", "robbing_kong"):
        raise ValueError(f"no win from {win_from!r}")
    if payer is not None:
        return {payer: 3 * share * chui_factor(chui[winner], chui[payer])}
    return {s: share * chui_factor(chui[winner], chui[s]) for s in range(SEATS) if s != winner}


# §5.3: units each of the 3 others pays (直杠: all three by the discarder).
KONG_UNITS = {"zhigang": 1, "bugang": 1, "angang": 2}


def kong_payments(kind: str, konger: int, chui: Sequence[int], *, difen: int = 1,
                  discarder: int | None = None, huangzhuang: bool = False) -> dict[int, int]:
    """What each player pays the konger for one kong (seat → amount), 锤 included (ruling 12).

    ``zhigang`` (直杠 on ``discarder``'s tile): the discarder pays 3 × 1; ``bugang`` each other 1; ``angang`` each
    other 2. 荒庄 (ruling 13): nothing at all."""
    if kind not in KONG_UNITS:
        raise ValueError(f"no kong {kind!r}")
    _check_seats(chui, konger, discarder)
    if huangzhuang:
        return {}
    unit = KONG_UNITS[kind] * difen
    if kind == "zhigang":
        if discarder is None or discarder == konger:
            raise ValueError("直杠: name the discarder")
        return {discarder: 3 * unit * chui_factor(chui[konger], chui[discarder])}
    return {s: unit * chui_factor(chui[konger], chui[s]) for s in range(SEATS) if s != konger}


# -- the game's hooks (engine.mahjong.game) ---------------------------------------------------------------------------
def _melds_of(melds: Sequence[Meld]) -> list[Meld]:
    """A game's melds as scored here (a 补杠 is a 杠 laid down)."""
    return [Meld("gang" if m.kind == "bugang" else m.kind, m.tiles) for m in melds]


def price(spot: WinSpot, options: dict[str, Any]) -> Priced | None:
    """§5.1/§5.5: the single highest multiple of the best reading; ``share`` = 底分 × 倍 (杠上炮's half is taken
    when paying)."""
    if spot.win_from == "discard" and not spot.after_kong:
        return None  # 胡牌必须自摸: only 杠上炮 wins a discard
    melds = _melds_of(spot.melds)
    every = [t for t in range(KINDS) for _ in range(spot.counts[t])] + [t for m in melds for t in m.tiles]
    best = best_value(spot.counts, melds, every)
    if best is None:
        return None
    fan, patterns = best
    difen = int(options["difen"])
    concealed = all(m.kind == "angang" for m in melds)
    says = msg("{patterns} {fan} 倍", patterns=Listing(tuple(Term(p) for p in patterns)), fan=fan)
    steps = [Step(says, fan)]
    if difen != 1:
        steps.append(Step(msg("× 底分 {n}", n=difen), fan * difen))
    fans = tuple(Fan(p, fan=MULTIPLES[p][1 if concealed else 0] if p in MULTIPLES else None) for p in patterns)
    return Priced(tuple(patterns), fan * difen, fan, says=says, steps=tuple(steps), fans=fans,
                  label=pattern_label(patterns, fan, times=True), name=says)


_HOW = {"self_draw": Term("自摸"), "deal": Term("自摸"), "robbing_kong": Term("抢杠"), "discard": Term("杠上炮")}


def _with_chui(why: Msg, factor: int) -> Msg:
    """Ruling 12's factor on a transfer, where a 锤 makes one (× 锤 4)."""
    return msg("{why} × 锤 {factor}", why=why, factor=factor) if factor > 1 else why


def pay_win(*, winner: int, win_from: str, payer: int | None, kong_feeder: int | None, priced: Priced,
                 hits: int, chui: Sequence[int] | None, options: dict[str, Any]) -> list[Payment]:
    """§5.2 with ruling 12: each share carries the 锤 factor of its payer and the winner. 抢杠: the konger pays
    the three shares; 杠开 after a 点杠: the feeder pays them (包赔); 杠上炮: the discarder pays half a share."""
    seats_chui = list(chui) if chui is not None else [0] * SEATS
    how = "self_draw" if win_from == "deal" else win_from
    bao = payer if how == "robbing_kong" else kong_feeder
    if how == "discard":
        due = win_payments(priced.share, winner, seats_chui, win_from="discard", payer=payer)
    else:
        due = win_payments(priced.share, winner, seats_chui, win_from=how, payer=bao)
    word = _HOW[win_from]
    out = []
    for seat, amount in sorted(due.items()):
        factor = chui_factor(seats_chui[winner], seats_chui[seat])
        if how == "discard":
            why = msg("{how}：{price} ÷ 2", how=word, price=priced.phrase)
        elif bao is not None:
            cause = Term("被抢杠包三家") if how == "robbing_kong" else Term("点杠包自摸")
            why = msg("{how}（{cause}）：3 × {price}", how=word, cause=cause, price=priced.phrase)
        else:
            why = msg("{how}：{price}", how=word, price=priced.phrase)
        out.append(Payment(seat, winner, amount, _with_chui(why, factor)))
    return out


_KONG_WORD = {"gang": Term("直杠"), "bugang": Term("补杠"), "angang": Term("暗杠")}


def pay_kong(*, kind: str, konger: int, discarder: int | None, chui: Sequence[int] | None,
                       options: dict[str, Any]) -> list[Payment]:
    """§5.3 with 锤 (ruling 12); 荒庄 cancels them all at the end (ruling 13, the ledger's rule)."""
    seats_chui = list(chui) if chui is not None else [0] * SEATS
    name = "zhigang" if kind == "gang" else kind
    due = kong_payments(name, konger, seats_chui, difen=options["difen"], discarder=discarder)
    word = _KONG_WORD[kind]
    unit = KONG_UNITS[name] * options["difen"]
    out = []
    for seat, amount in sorted(due.items()):
        factor = chui_factor(seats_chui[konger], seats_chui[seat])
        why = msg("{kong}：放杠者包三家 3 × {unit}", kong=word, unit=unit) if kind == "gang" \
            else msg("{kong} {n}", kong=word, n=unit)
        out.append(Payment(seat, konger, amount, _with_chui(why, factor)))
    return out


def next_dealer(*, winners: Sequence[int], from_seat: int | None, dealer: int, last_drawer: int,
                drawn: bool) -> int:
    """§2: the winner deals (连庄 when it is the dealer); 一炮多响 → the first winner after the discarder (ruling 14;
    ``winners`` are in that order); 荒庄 → whoever drew the last tile."""
    if drawn or not winners:
        return last_drawer
    return winners[0]


def rob_angang(patterns: Sequence[str]) -> bool:
    return may_rob(True, patterns)


def rules_for(options: dict[str, Any]) -> MahjongRules:
    opts = dict(options)
    return MahjongRules(
        id="tuidaohu", tiles=136, checker=CHECKER, price=lambda spot: price(spot, opts), win_payments=pay_win,
        kong_payments=pay_kong, next_dealer=next_dealer, wild=None, chi=True,
        discard_win="after_kong", rob_bugang=True, rob_angang=rob_angang, pass_bars=True, kong_now_or_never=True,
        ledger_rule=CANCEL_ON_DRAW, multi_win=True, chui=bool(opts["jiachui"]),
    )
