"""长沙麻将 (changsha) — pure scoring, ``../shared/rules/changsha.md`` §4–§6 and the binding rulings §8.

One win's value (小胡, the 大胡 added up, 门门清), who pays it, the birds (扎鸟 / 三人抓鸟) and 坐飘 between seats,
the 起手胡 payments (detection in :mod:`engine.mahjong.changsha_qishou`), the next dealer, and the calculator
``score(data)`` of the README contract. The game flow (开杠/补张, 海底, declarations) calls these; the variant is
not registered yet.

For the game: :func:`price` (a win on offer; 将将胡 needs no ``checker.is_win`` first), :func:`winning_tiles` (听牌 under
长沙 rules, the 开杠 test), :func:`is_bigger` (漏胡), ``changsha_qishou.detect`` / ``midway`` (起手胡 on offer),
:func:`bird_tiles` / :func:`drawn_hand_birds`, :func:`hand_payments` (the whole end of a hand: 起手胡, wins, birds,
飘), :func:`pay_kong` (none), :func:`next_dealer`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import check_fields, read_context, read_head
from ..core import InvalidInput, OptionError
from ..ledger import Payment
from ..options import Option, bool_option, int_option, shown_value, validate_options
from ..outcome import Fan, Step
from ..words import Listing, Msg, Term, msg
from . import changsha_qishou as qishou
from .calc_input import meld_tiles, read_tile, read_tiles
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, Meld, Priced, WinSpot, pattern_label, pattern_names
from .tiles import KINDS, SUITED, tile_str
from .win import Checker, Decomposition

VARIANT_ID = "changsha"
COPIES = 4
TIAO = frozenset(range(18, 27))  # 条, removed in the 2-player 缺一门 game (§1, §7 14)
PIAO_VALUES = (0, 1, 2, 3, 5)  # 坐飘 (§7 13)

OPTIONS = (
    Option("players", 4, (4, 3, 2), "人数", ("四人", "三人", "二人")),
    bool_option("queyimen", False, "缺一门"),
    Option("birds", 2, (2, 4, 6), "鸟牌张数", ("两只鸟", "四只鸟", "六只鸟")),
    Option("bird_mode", "multiply", ("multiply", "add", "fan"), "扎鸟", ("乘法", "加法", "中鸟加一番")),
    bool_option("zuopiao", False, "坐飘"),
    bool_option("menmenqing", False, "门门清"),
    bool_option("qishou_extra", True, "步步高/金童玉女/三同/一枝花/中途六六顺/中途四喜"),
    bool_option("situational_luanjiang", False, "天胡/地胡/杠上花/杠上炮/海底/抢杠可乱将"),
    int_option("hands", 8, 1, 32, "局数"),
)

# §5.1: 小胡 自摸 2 from each other player, 点炮 1; every 大胡 6, added (ruling 21); 七对 family ruling 19.
XIAOHU = "小胡"
XIAOHU_ZIMO = 2
XIAOHU_DIANPAO = 1
BIG = 6
QISHOU_EACH = XIAOHU_ZIMO  # each 起手胡 = one 小胡自摸
QIDUI_NAMES = ("七对子", "豪华七对", "超豪华七对", "超超豪华七对")
MENMENQING = "门门清"
# patterns are reported in this order
ORDER = ("天胡", "地胡", "碰碰胡", "将将胡", "清一色", *QIDUI_NAMES, "全求人", "杠上花", "杠上炮", "海底捞月", "海底炮",
         "抢杠胡", MENMENQING)
SITUATIONAL = frozenset(("天胡", "地胡", "杠上花", "杠上炮", "海底捞月", "海底炮", "抢杠胡"))
JIANG_RANKS = frozenset((2, 5, 8))

WIN_FROM = (SELF_DRAW, DISCARD, DEAL, ROBBING)
CONTEXT_FLAGS = ("dealer", "last_card", "first_discard", "after_kong", "no_draw_yet")
MELD_TYPES = ("chi", "peng", "gang", "angang")
MELD_FIELDS = ("type", "cards", "card")
HAND_TILES = 14  # a kong counts as three
DEALT = (13, 14)

# No wildcards, 七对 with a 4-of-a-kind as two pairs; 乱将 here — the 2-5-8 将 of a 小胡 is checked on each reading.
CHECKER = Checker(wild_targets=(), qidui=True, shisanyao=False, universe=SUITED)
QUEYIMEN_CHECKER = Checker(wild_targets=(), qidui=True, shisanyao=False, universe=SUITED - TIAO)


def big_value(name: str) -> int:
    """Ruling 19: the 七对 family doubles per 4-of-a-kind (6, 12, 24, 48); every other 大胡 and 门门清 6."""
    if name in QIDUI_NAMES:
        return BIG << QIDUI_NAMES.index(name)
    return BIG


def _rank(tile: int) -> int:
    return tile % 9 + 1


# -- options ---------------------------------------------------------------------------------------------------------
def parse_options(raw: Any, strict: bool = False) -> dict[str, Any]:
    """The full option dict (§6), defaults filled in; the combinations the spec rules out raise OptionError."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidInput("options must be an object")
    out = validate_options(OPTIONS, raw, strict)
    if out["queyimen"] and out["players"] != 2:
        raise OptionError("缺一门只在二人长沙麻将可选")
    if out["players"] == 4 and out["birds"] != 2:
        raise OptionError("四人长沙麻将扎两只鸟；鸟牌张数只在三人、二人玩法可选")
    return out


def tile_set(options: Mapping[str, Any]) -> list[int]:
    """The hand's tiles: 108 (万筒条 ×4), or 72 without 条 in the 2-player 缺一门 game (§1)."""
    kinds = SUITED - TIAO if options.get("queyimen") else SUITED
    return [t for t in sorted(kinds) for _ in range(COPIES)]


def checker_for(options: Mapping[str, Any]) -> Checker:
    """The checker whose ``waits`` / ``distance`` only consider the tiles of this game."""
    return QUEYIMEN_CHECKER if options.get("queyimen") else CHECKER


# -- one win's value -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Situation:
    """How the winning tile came (the calculator's ``win_from`` and ``context``).

    ``after_kong``: 杠上花 on a self draw, 杠上炮 on a discard; ``last_card``: 海底捞月 / 海底炮; ``first_discard``
    with a discard won by a non-dealer: 地胡; ``deal`` by the dealer: 天胡; ``robbing_kong``: 抢杠胡."""

    win_from: str
    dealer: bool = False
    after_kong: bool = False
    last_card: bool = False
    first_discard: bool = False


@dataclass(frozen=True, slots=True)
class Value:
    """A win as §5.1 values it: ``patterns`` the 大胡 (and 门门清) in spec order, or ``("小胡",)``; ``fan`` their
    sum, 1 for a 小胡."""

    patterns: tuple[str, ...]
    fan: int

    @property
    def big(self) -> bool:
        return self.patterns != (XIAOHU,)


def self_draw_type(win_from: str) -> bool:
    """自摸-type wins (自摸, 杠上花, 海底捞月, 天胡): each other player pays; else the discarder / konger."""
    return win_from in (SELF_DRAW, DEAL)


def share(value: Value, win_from: str) -> int:
    """What one paying player owes before birds and 飘 (§5.1): a 大胡's total, a 小胡 2 (自摸-type) or 1."""
    if value.big:
        return value.fan
    return XIAOHU_ZIMO if self_draw_type(win_from) else XIAOHU_DIANPAO


def situational(sit: Situation) -> list[str]:
    """The situational 大胡 of this tile's coming (§4)."""
    out: list[str] = []
    if sit.win_from == DEAL:
        if sit.dealer:
            out.append("天胡")
    elif sit.win_from == SELF_DRAW:
        if sit.after_kong:
            out.append("杠上花")
        if sit.last_card:
            out.append("海底捞月")
    elif sit.win_from == DISCARD:
        if sit.first_discard and not sit.dealer:
            out.append("地胡")
        if sit.after_kong:
            out.append("杠上炮")
        if sit.last_card:
            out.append("海底炮")
    elif sit.win_from == ROBBING:
        out.append("抢杠胡")
    return out


def menmenqing(melds: Sequence[Meld], sit: Situation, options: Mapping[str, Any]) -> bool:
    """门门清 (§4, §7 11): the option on, a 自摸 (杠上花 / 海底捞月 included; 天胡 is no draw), no 吃/碰/明杠."""
    return bool(options.get("menmenqing")) and sit.win_from == SELF_DRAW and all(m.kind == "angang" for m in melds)


def _readings(counts: Sequence[int], melds: Sequence[Meld]) -> list[tuple[list[str], bool, bool]]:
    """Each way the tiles win: (牌型 大胡 names, a 2-5-8 将, is 4X+Y)."""
    every = [t for t in range(KINDS) for _ in range(counts[t])] + [t for m in melds for t in m.tiles]
    jiangjiang = all(_rank(t) in JIANG_RANKS for t in every)  # ruling 20: melds included, no shape needed
    one_suit = len({t // 9 for t in every}) == 1
    no_chi = all(m.kind != "chi" for m in melds)
    out: list[tuple[list[str], bool, bool]] = []
    decs: list[Decomposition] = CHECKER.decompositions(counts)
    for d in decs:
        names: list[str] = []
        if d.shape == "qidui":
            names.append(QIDUI_NAMES[min(d.quads, len(QIDUI_NAMES) - 1)])
        else:
            if d.all_ke and no_chi:
                names.append("碰碰胡")
            if len(melds) == 4:
                names.append("全求人")
        if one_suit:
            names.append("清一色")
        if jiangjiang:
            names.append("将将胡")
        standard = d.shape == "standard"
        out.append((names, standard and d.pair is not None and _rank(d.pair) in JIANG_RANKS, standard))
    if jiangjiang and not decs:
        out.append((["将将胡"], False, False))
    return out


def evaluate(counts: Sequence[int], melds: Sequence[Meld], sit: Situation,
             options: Mapping[str, Any]) -> Value | None:
    """The best value of the hand ``counts`` (34 kinds, winning tile included) with ``melds``, or None when it does
    not win. A reading is legal with a 牌型 大胡 (乱将), or a 2-5-8 将 on 4X+Y, or — with ``situational_luanjiang``
    and a situational 大胡 — any 4X+Y (§4, §7 6, 16)."""
    situ = situational(sit)
    mmq = [MENMENQING] if menmenqing(melds, sit, options) else []
    luanjiang = bool(situ) and bool(options.get("situational_luanjiang"))
    best: Value | None = None
    for names, jiang258, standard in _readings(counts, melds):
        if not (names or jiang258 or (luanjiang and standard)):
            continue
        bigs = sorted(set(names + situ + mmq), key=ORDER.index)
        value = Value(tuple(bigs), sum(big_value(n) for n in bigs)) if bigs else Value((XIAOHU,), 1)
        if best is None or (value.fan, len(value.patterns)) > (best.fan, len(best.patterns)):
            best = value
    return best


def winning_tiles(counts: Sequence[int], melds: Sequence[Meld], options: Mapping[str, Any],
                  sit: Situation | None = None) -> list[int]:
    """The tiles that would win a 13 − 3k tile hand under 长沙 rules (2-5-8 将, 将将胡, …) coming as ``sit``
    (default a plain 自摸), sorted; a kind whose four copies are all the player's own is left out. The game's
    开杠 test (听牌 after the kong, §7 17) and its re-kong test (the same waits, ruling 26) compare these —
    ``Checker.waits`` would accept any pair."""
    sit = sit or Situation(SELF_DRAW)
    seen = list(counts)
    for m in melds:
        for x in m.tiles:
            seen[x] += 1
    hand = list(counts)
    out = []
    # A hand neither 4X+Y / 七对 nor every tile a 2-5-8 has no reading (``_readings``): skip its evaluation.
    melds_258 = all(_rank(t) in JIANG_RANKS for m in melds for t in m.tiles)
    for x in checker_for(options).universe:
        if seen[x] >= COPIES:
            continue
        hand[x] += 1
        if not CHECKER.is_win(hand) and not (
            melds_258 and all(_rank(t) in JIANG_RANKS for t in range(KINDS) if hand[t])
        ):
            hand[x] -= 1
            continue
        if evaluate(hand, melds, sit, options) is not None:
            out.append(x)
        hand[x] -= 1
    return out


def share_steps(value: Value, win_from: str) -> tuple[Step, ...]:
    """How the share is made up (§5.1, ruling 21): each 大胡 with its points (「清一色 6」), or the 小胡's base
    (「小胡 自摸 2」)."""
    if not value.big:
        how = Term("自摸") if self_draw_type(win_from) else Term("点炮")
        n = share(value, win_from)
        return (Step(msg("小胡 {how} {n}", how=how, n=n), n),)
    return tuple(Step(msg("{name} {n}", name=Term(name), n=big_value(name)), big_value(name))
                 for name in value.patterns)


def share_words(value: Value, win_from: str) -> Msg:
    """The share as the table shows it in a payment's reason: 「清一色 6 + 碰碰胡 6 = 12」, 「小胡 自摸 2」."""
    steps = share_steps(value, win_from)
    if len(steps) == 1:
        return steps[0].says
    return msg("{parts} = {total}", parts=Listing(tuple(s.says for s in steps), " + "), total=value.fan)


def is_bigger(new: Priced, old: Priced | None) -> bool:
    """漏胡's exception (§3): the hand now wins bigger — 小胡 → 大胡, or more 大胡 than the win passed."""
    def count(p: Priced) -> int:
        return 0 if tuple(p.patterns) == (XIAOHU,) else len(p.patterns)
    return old is None or count(new) > count(old)


# -- the calculator --------------------------------------------------------------------------------------------------
def _refusal(options: Mapping[str, Any]) -> Callable[[int], str | None]:
    def refuse(tid: int) -> str | None:
        if tid not in SUITED:
            return "is not in the 长沙麻将 set (万筒条 only, no 字)"
        if tid in TIAO and options["queyimen"]:
            return "— the 缺一门 game has no 条"
        return None
    return refuse


def _tile(value: Any, what: str, options: Mapping[str, Any]) -> int:
    return read_tile(value, what, _refusal(options))


def _tiles(value: Any, what: str, options: Mapping[str, Any]) -> list[int]:
    return read_tiles(value, what, _refusal(options), "1m…9m 1p…9p 1s…9s")


def _meld(raw: Any, i: int, options: Mapping[str, Any]) -> Meld:
    what = f"melds[{i}]"
    if not isinstance(raw, dict):
        raise InvalidInput(f'{what} {shown_value(raw)}: expected {{"type": ..., "cards": [...]}}')
    for key in raw:
        if key not in MELD_FIELDS:
            raise InvalidInput(f"{what}: unknown field {shown_value(key)} (fields: type, cards or card)")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in MELD_TYPES:
        raise InvalidInput(f"{what}: type {shown_value(kind)} unknown (mahjong: {', '.join(MELD_TYPES)})")
    tiles = meld_tiles(raw, what, kind, lambda v, w: _tile(v, w, options), lambda v, w: _tiles(v, w, options))
    return Meld(kind, tuple(tiles))


def _counts(tiles: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    total = [0] * KINDS
    for t in tiles:
        total[t] += 1
    for m in melds:
        for t in m.tiles:
            total[t] += 1
    for t in SUITED:
        if total[t] > COPIES:
            raise InvalidInput(f"{total[t]} copies of {shown_value(tile_str(t))}: the set has {COPIES}")
    return total


def score(data: dict[str, Any], strict: bool = False) -> dict[str, Any]:
    """The calculator of 长沙麻将 (README contract, §5.1 "Engine output"): ``{"win", "patterns", "fan", "score"}``,
    ``score`` one paying player's amount before birds and 飘. A ``deal`` with ``win_card: null`` evaluates the
    起手胡 of the dealt 13/14 tiles (ruling 30). Raises InvalidInput."""
    check_fields(data)
    if "variant" in data and data["variant"] != VARIANT_ID:
        raise InvalidInput(f"variant {shown_value(data['variant'])} is not {VARIANT_ID}")
    options = parse_options(data.get("options"), strict)
    win_from, win_raw = read_head(data, WIN_FROM, "长沙麻将")
    win = None if win_raw is None else _tile(win_raw, "win_card", options)
    tiles = _tiles(data["hand"], "hand", options)
    melds_raw = data.get("melds")
    if melds_raw is None:
        melds_raw = []
    if not isinstance(melds_raw, list):
        raise InvalidInput(f"melds must be a list, not {shown_value(melds_raw)}")
    melds = [_meld(m, i, options) for i, m in enumerate(melds_raw)]
    if len(melds) > 4:
        raise InvalidInput(f"{len(melds)} melds: a hand has at most 4")
    ctx = read_context(data.get("context"), CONTEXT_FLAGS)
    if win_from == DEAL and melds:
        raise InvalidInput("win_from deal: a dealt hand has no melds")
    if win is None:
        if len(tiles) not in DEALT:
            raise InvalidInput(f"a dealt hand has 13 or 14 tiles, not {len(tiles)}")
        return _qishou_result(_counts(tiles, []), options)
    held = tiles + [win]
    if len(held) + 3 * len(melds) != HAND_TILES:
        raise InvalidInput(f"{len(held)} tiles in hand (win_card included) with {len(melds)} melds: "
                           f"{HAND_TILES - 3 * len(melds)} needed")
    total = _counts(held, melds)
    if win_from == ROBBING and total[win] != 1:
        raise InvalidInput("robbing_kong: the konger holds the other three copies of the win_card, so it may not "
                           "be in the winner's hand or melds")
    if win_from == DEAL and not ctx["dealer"]:
        return {"win": False, "reason": "只有庄家起手十四张可以天胡"}
    sit = Situation(win_from, ctx["dealer"], ctx["after_kong"], ctx["last_card"], ctx["first_discard"])
    value = evaluate(_counts(held, []), melds, sit, options)
    if value is None:
        return {"win": False, "reason": "没有胡牌：小胡需 4 副顺子/刻子加 2、5、8 将；大胡需碰碰胡、将将胡、清一色、七对或全求人"}
    return {"win": True, "patterns": list(value.patterns), "fan": value.fan, "score": share(value, win_from)}


def _qishou_result(counts: Sequence[int], options: Mapping[str, Any]) -> dict[str, Any]:
    found = qishou.detect(counts, dict(options))
    if not found:
        return {"win": False, "reason": "没有起手胡"}
    return {"win": True, "patterns": [q.name for q in found], "fan": len(found), "score": QISHOU_EACH * len(found)}


# -- the game's pricing hook -----------------------------------------------------------------------------------------
def melds_of(melds: Sequence[Meld]) -> list[Meld]:
    """The game's melds as scored here (a 补杠 is a 杠 laid down)."""
    return [Meld("gang" if m.kind == "bugang" else m.kind, tuple(m.tiles)) for m in melds]


def price(spot: WinSpot, options: Mapping[str, Any], *, first_discard: bool = False) -> Priced | None:
    """A win on offer (``spot.counts`` with the winning tile; a 补张 tile robbed is ``robbing_kong``), or None.

    Does not need ``checker.is_win`` first: 将将胡 wins without 4X+Y. ``first_discard``: the tile is the dealer's
    first discard (地胡). ``Priced.share`` is one payer's amount before birds and 飘."""
    if spot.win_from == DEAL and not spot.dealer:
        return None
    sit = Situation(spot.win_from, spot.dealer, spot.after_kong, spot.last_card, first_discard)
    value = evaluate(spot.counts, melds_of(spot.melds), sit, options)
    if value is None:
        return None
    fans = tuple(Fan(n, points=big_value(n)) for n in value.patterns) if value.big \
        else (Fan(XIAOHU, points=share(value, spot.win_from)),)
    return Priced(value.patterns, share(value, spot.win_from), value.fan, says=share_words(value, spot.win_from),
                  steps=share_steps(value, spot.win_from), fans=fans, label=pattern_label(value.patterns, value.fan),
                  name=pattern_names(value.patterns))


# -- birds (§5.2, §5.3, rulings 22, 23) ------------------------------------------------------------------------------
def bird_seat(tile: int, *, players: int, dealer: int, winner: int) -> int | None:
    """The seat a bird tile lands on. 4 players: from the dealer, counter-clockwise (1/5/9 dealer, 2/6 下家,
    3/7 对家, 4/8 上家). 3 and 2 players: from the winner (1/5/9 winner, 2/6 his 下家, 3/7 the next, 4/8 nobody;
    2 players: 3/7 nobody too, ruling 23)."""
    step = (_rank(tile) - 1) % 4
    if players == 4:
        return (dealer + step) % 4
    if step >= players:
        return None
    return (winner + step) % players


def bird_seats(tiles: Sequence[int], *, players: int, dealer: int, winner: int) -> list[int | None]:
    return [bird_seat(t, players=players, dealer=dealer, winner=winner) for t in tiles]


def pair_hits(seats: Sequence[int | None], winner: int, payer: int) -> int:
    """Ruling 22: a bird on the winner or on this payer hits the pair — 点炮 (winner or discarder) and 自摸 (the
    winner: every payer; another seat: that payer only) alike."""
    return sum(1 for s in seats if s is not None and s in (winner, payer))


def with_birds(amount: int, hits: int, mode: str) -> int:
    """Ruling 22: 乘法 × 2^hits, 加法 × (1 + hits), 中鸟加一番 + hits."""
    if mode == "multiply":
        return amount << hits
    if mode == "add":
        return amount * (1 + hits)
    if mode == "fan":
        return amount + hits
    raise ValueError(f"no bird mode {mode!r}")


def with_bird_note(why: Msg, hits: int, mode: str) -> Msg:
    """A payment's reason with the birds that hit its pair (ruling 22): 「，中鸟 2 只 × 4」, 「，中鸟加 1 番」."""
    if not hits:
        return why
    if mode == "multiply":
        return msg("{why}，中鸟 {hits} 只 × {factor}", why=why, hits=hits, factor=1 << hits)
    if mode == "add":
        return msg("{why}，中鸟 {hits} 只 × {factor}", why=why, hits=hits, factor=1 + hits)
    return msg("{why}，中鸟加 {hits} 番", why=why, hits=hits)


def bird_tiles(options: Mapping[str, Any], wall: Sequence[int], *, haidi: int | None = None) -> list[int]:
    """The birds after a win: the room's number of next wall tiles (``wall`` in drawing order; fewer left → all,
    none → none, §5.3); on a 海底 win the 海底 tile itself, alone (§5.2)."""
    if haidi is not None:
        return [haidi]
    return list(wall[:max(0, min(options["birds"], len(wall)))])


def drawn_hand_birds(last_tile: int | None) -> list[int]:
    """起手胡 then 黄庄 (§5.2, ruling 24): the last wall tile is the bird, counted twice."""
    return [] if last_tile is None else [last_tile, last_tile]


# -- 坐飘 (§5.4) -----------------------------------------------------------------------------------------------------
def check_piao(piao: Sequence[int], players: int) -> None:
    if len(piao) != players or any(type(p) is not int or p not in PIAO_VALUES for p in piao):
        raise ValueError(f"飘 per seat from {PIAO_VALUES}: {list(piao)!r}")


def piao_between(piao: Sequence[int] | None, a: int, b: int) -> int:
    """The 飘 two players exchange: the sum of both values, fixed (birds do not touch it)."""
    return 0 if piao is None else piao[a] + piao[b]


def piao_payments(piao: Sequence[int] | None, payee: int, payers: Sequence[int], *,
                  qishou: bool = False) -> list[Payment]:
    """One 飘 payment from each payer (those owing nothing make none); ``qishou``: for a 起手胡."""
    out = []
    for p in payers:
        amount = piao_between(piao, payee, p)
        if amount and piao is not None:
            why = msg("起手胡坐飘 {own} + {other}", own=piao[payee], other=piao[p]) if qishou \
                else msg("坐飘 {own} + {other}", own=piao[payee], other=piao[p])
            out.append(Payment(p, payee, amount, why))
    return out


# -- payments --------------------------------------------------------------------------------------------------------
_HOW = {SELF_DRAW: Term("自摸"), DEAL: Term("自摸"), DISCARD: Term("点炮"), ROBBING: Term("被抢杠")}


@dataclass(frozen=True, slots=True)
class HandWin:
    """One win of the hand: ``payer`` the discarder / konger (None on a 自摸-type win)."""

    winner: int
    win_from: str
    payer: int | None
    priced: Priced


def _others(seat: int, players: int) -> list[int]:
    return [(seat + i) % players for i in range(1, players)]


def win_payers(win: HandWin, players: int) -> list[int]:
    """§5.1: every other player on a 自摸-type win, else the discarder / konger."""
    if self_draw_type(win.win_from):
        return _others(win.winner, players)
    if win.payer is None or win.payer == win.winner:
        raise ValueError(f"{win.win_from}: name the player who pays")
    return [win.payer]


def win_payments(win: HandWin, *, players: int, dealer: int, birds: Sequence[int], options: Mapping[str, Any],
                 piao: Sequence[int] | None = None, no_hits: Collection[int] = ()) -> list[Payment]:
    """One win's money: each payer's share scaled by the birds of that (winner, payer) pair, then 飘 once.
    ``no_hits``: payers whose 中鸟加一番 this seat's 起手胡 already counted (only the ``fan`` mode shares it)."""
    seats = bird_seats(birds, players=players, dealer=dealer, winner=win.winner)
    mode = options["bird_mode"]
    how = _HOW[win.win_from]
    out = []
    payers = win_payers(win, players)
    for p in payers:
        hits = 0 if (mode == "fan" and p in no_hits) else pair_hits(seats, win.winner, p)
        amount = with_birds(win.priced.share, hits, mode)
        why = msg("{how}：{price}", how=how, price=win.priced.phrase)
        out.append(Payment(p, win.winner, amount, with_bird_note(why, hits, mode)))
    if options.get("zuopiao"):
        out += piao_payments(piao, win.winner, payers)
    return out


def qishou_payments(seat: int, names: Sequence[str], *, players: int, dealer: int, birds: Sequence[int],
                    options: Mapping[str, Any], piao: Sequence[int] | None = None,
                    no_hits: Collection[int] = ()) -> list[Payment]:
    """A seat's declared 起手胡 (中途 ones included), settled with the hand (§5.1): each is a 小胡自摸, 2 from each
    other player, added; the birds of the hand apply (counted from this seat with 3 or 2 players); 飘 once for
    them all. ``no_hits``: payers whose 中鸟加一番 this seat's final win counts instead (``fan`` mode)."""
    if not names:
        return []
    seats = bird_seats(birds, players=players, dealer=dealer, winner=seat)
    mode = options["bird_mode"]
    base = QISHOU_EACH * len(names)
    label = Listing(tuple(Term(n) for n in names))
    out = []
    payers = _others(seat, players)
    for p in payers:
        hits = 0 if (mode == "fan" and p in no_hits) else pair_hits(seats, seat, p)
        amount = with_birds(base, hits, mode)
        why = msg("起手胡 {names}：{count} × {each}", names=label, count=len(names), each=QISHOU_EACH)
        out.append(Payment(p, seat, amount, with_bird_note(why, hits, mode)))
    if options.get("zuopiao"):
        out += piao_payments(piao, seat, payers, qishou=True)
    return out


@dataclass(frozen=True, slots=True)
class HandMoney:
    """The money of one hand's end, by what it pays: each seat's 起手胡 (with its 飘), and each win's (with its
    飘), in the order of ``wins``."""

    qishou: tuple[Payment, ...]
    wins: tuple[tuple[Payment, ...], ...]

    @property
    def payments(self) -> list[Payment]:
        return [*self.qishou, *(p for paid in self.wins for p in paid)]


def hand_money(*, players: int, dealer: int, options: Mapping[str, Any], wins: Sequence[HandWin],
               qishou: Mapping[int, Sequence[str]], birds: Sequence[int],
               piao: Sequence[int] | None = None) -> HandMoney:
    """All the money of one hand's end: each seat's 起手胡, then each win (通炮: every winner with the discarder),
    the same bird tiles for all (drawn once, ruling 22; after 黄庄 :func:`drawn_hand_birds`). With 中鸟加一番 a
    seat's 起手胡 and its win count the birds once per payer: the win carries them."""
    if options.get("zuopiao"):
        if piao is None:
            raise ValueError("坐飘: give each seat's 飘")
        check_piao(piao, players)
    paid_by: dict[int, set[int]] = {}
    for w in wins:
        paid_by.setdefault(w.winner, set()).update(win_payers(w, players))
    declared: list[Payment] = []
    for seat in sorted(qishou):
        declared += qishou_payments(seat, qishou[seat], players=players, dealer=dealer, birds=birds, options=options,
                                    piao=piao, no_hits=paid_by.get(seat, ()))
    won = tuple(tuple(win_payments(w, players=players, dealer=dealer, birds=birds, options=options, piao=piao))
                for w in wins)
    return HandMoney(tuple(declared), won)


def hand_payments(*, players: int, dealer: int, options: Mapping[str, Any], wins: Sequence[HandWin],
                  qishou: Mapping[int, Sequence[str]], birds: Sequence[int],
                  piao: Sequence[int] | None = None) -> list[Payment]:
    """:func:`hand_money`'s payments in one list: the 起手胡 first, then each win's."""
    return hand_money(players=players, dealer=dealer, options=options, wins=wins, qishou=qishou, birds=birds,
                      piao=piao).payments


def paid_with_birds(*, players: int, wins: Sequence[HandWin], qishou: Collection[int]) -> dict[int, set[int]]:
    """Each seat paid with the birds (a winner, a 起手胡 seat) and the seats that pay it: its bird pairs."""
    paid: dict[int, set[int]] = {}
    for w in wins:
        paid.setdefault(w.winner, set()).update(win_payers(w, players))
    for seat in sorted(qishou):
        paid.setdefault(seat, set()).update(_others(seat, players))
    return paid


def bird_landing(tiles: Sequence[int], *, players: int, dealer: int,
                 paid: Mapping[int, Collection[int]]) -> list[tuple[int, list[int | None], list[bool]]]:
    """For each seat paid with the birds: where each bird lands counted for it (4 players: from the dealer, the
    same for all; 3 and 2: from that seat) and whether it hits one of its pairs — on it or on one of its payers
    (ruling 22), as :func:`pair_hits` counts them."""
    out = []
    for seat, payers in paid.items():
        seats = bird_seats(tiles, players=players, dealer=dealer, winner=seat)
        out.append((seat, seats, [s is not None and (s == seat or s in payers) for s in seats]))
    return out


def pay_kong(**_: Any) -> list[Payment]:
    """长沙麻将 pays no 杠钱: the seed prices no kong, a kong only draws (开杠 / 补张)."""
    return []


def next_dealer(*, winners: Sequence[int], from_seat: int | None, dealer: int, drawn: bool,
                haidi_taker: int | None = None, last_drawer: int | None = None) -> int:
    """Ruling 28: one winner deals; 通炮 → the discarder; a drawn hand → the last player who took the 海底 tile,
    else the dealer keeps the deal (``last_drawer`` is not used: 长沙 follows the 海底)."""
    if drawn or not winners:
        return dealer if haidi_taker is None else haidi_taker
    if len(winners) > 1 and from_seat is not None:
        return from_seat
    return winners[0]
