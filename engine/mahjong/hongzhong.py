"""红中麻将 (hongzhong) scoring — ``../shared/rules/hongzhong.md`` §4–§6 and the binding rulings §8.

Pure: one hand's value (one share, before birds), the birds of each mode as a function of the tiles drawn, and
the calculator ``score(data)`` of the README contract. The variant is
registered by ``engine.variants.hongzhong``; the game hooks (:func:`rules_for`) turn these values into
payments between seats for the shared mahjong game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import check_fields, read_context, read_head
from ..core import InvalidInput
from ..ledger import KEEP, Payment
from ..options import Option, bool_option, int_option, shown_value, validate_options
from ..outcome import Fan, Step
from ..words import Arg, Term, msg
from .calc_input import read_tile, read_tiles
from .rules import Birds, MahjongRules, Meld, Priced, WinSpot, pattern_label, pattern_names
from .tiles import HONG_ZHONG, KINDS, SUITED
from .win import Checker

VARIANT_ID = "hongzhong"
SEATS = 4
COPIES = 4  # of each suited tile

OPTIONS = (
    Option("hongzhong_count", 4, (4, 8), "红中数", ("四红中", "八红中")),
    int_option("birds", 2, 0, 10, "鸟牌张数"),
    Option("bird_mode", "normal", ("normal", "hujijiangji", "yima"), "扎鸟", ("159中鸟", "胡几奖几", "一码全中")),
    bool_option("menmenqing", False, "门门清"),
    int_option("menmenqing_points", 1, 1, 10, "门门清分"),
    bool_option("qianggang", False, "抢杠胡"),
    int_option("hands", 8, 1, 32, "局数"),
)

# §5 base per share: 自摸 2 each / 小胡接炮 1; the four-红中 win and 抢杠胡 are priced as 自摸 (rulings 7, 11).
ZIMO_BASE = 2
JIEPAO_BASE = 1
NO_HONGZHONG_BONUS = 1
KONG_BONUS = 1
FOUR_HONGZHONG = "四红中"
BIRD_RANKS = frozenset((1, 5, 9))
# 胡几奖几 / 一码全中: "红中奖10鸟，天胡也奖10鸟" [000 九4–5].
HONGZHONG_BIRD_RANK = 10
ROBBED_SHARES = 3  # 抢杠胡包赔: the konger pays the other three players' shares (ruling 11)

WIN_FROM = ("self_draw", "discard", "deal", "robbing_kong")
CONTEXT_FLAGS = ("dealer", "last_card", "first_discard", "after_kong", "no_draw_yet")
MELD_TYPES = ("chi", "peng", "gang", "angang")
MELD_FIELDS = ("type", "cards", "card")
HAND_TILES = 14  # a kong counts as three: 14 − 3k in hand for k melds
DEALT = 13  # a non-dealer's dealt hand (§2): his start-of-hand win is four 红中 among these (ruling 17)

# §4: any pair, shapes A–F and 七对 (a 4-of-a-kind is two pairs, ruling 8); 红中 stands for any suited tile
# with no cap on copies (ruling 12). Honours other than 红中 do not exist in the 112/116 sets.
CHECKER = Checker(wild_targets=SUITED, qidui=True, shisanyao=False, universe=SUITED)


@dataclass(frozen=True, slots=True)
class Hand:
    """A validated winning attempt: ``counts`` of the suited tiles in hand (win tile included), ``hongzhong``
    the 红中 among them, ``win_card`` None for a start-of-hand win on the dealt hand."""

    counts: tuple[int, ...]
    hongzhong: int
    melds: tuple[Meld, ...]
    win_card: int | None
    win_from: str
    dealer: bool


# -- the value of one hand -------------------------------------------------------------------------------------------
def is_self_draw(win_from: str) -> bool:
    """自摸-priced wins: own draw, the dealt hand (天胡 / four 红中), 抢杠胡 (ruling 11)."""
    return win_from != "discard"


def declared_kongs(melds: Sequence[Meld]) -> int:
    """"杠出去的才算,抓手中不算" (ruling 3): 明杠, 补杠 and 暗杠 laid down count; four kept in hand do not."""
    return sum(1 for m in melds if m.kind in ("gang", "angang"))


def is_menmenqing(melds: Sequence[Meld]) -> bool:
    """门门清: no 碰 and no exposed kong; 暗杠 and 接炮 still count [000 九2]."""
    return all(m.kind == "angang" for m in melds)


def share_steps(win_from: str, melds: Sequence[Meld], hongzhong_held: int, options: dict[str, Any]) -> list[Step]:
    """How one paying player's share is made up (§5 decision), each part with its points: the base (自摸 2 /
    接炮 1), declared kongs, no 红中, 门门清."""
    if is_self_draw(win_from):
        steps = [Step(msg("自摸 {n}", n=ZIMO_BASE), ZIMO_BASE)]
    else:
        steps = [Step(msg("接炮 {n}", n=JIEPAO_BASE), JIEPAO_BASE)]
    kongs = declared_kongs(melds)
    if kongs:
        steps.append(Step(msg("{kongs} 杠 {n}", kongs=kongs, n=KONG_BONUS * kongs), KONG_BONUS * kongs))
    if hongzhong_held == 0:
        steps.append(Step(msg("无红中 {n}", n=NO_HONGZHONG_BONUS), NO_HONGZHONG_BONUS))
    if options["menmenqing"] and is_menmenqing(melds):
        points = int(options["menmenqing_points"])
        steps.append(Step(msg("门门清 {n}", n=points), points))
    return steps


def share(win_from: str, melds: Sequence[Meld], hongzhong_held: int, options: dict[str, Any]) -> int:
    """One paying player's share before birds: the sum of :func:`share_steps`."""
    return sum(s.value or 0 for s in share_steps(win_from, melds, hongzhong_held, options))


# -- birds ------------------------------------------------------------------------------------------------------------
def bird_rank(tile: int) -> int:
    """A tile's 牌面点数 for the birds: 1–9 for 万筒条, 10 for 红中."""
    if tile == HONG_ZHONG:
        return HONGZHONG_BIRD_RANK
    if tile not in SUITED:
        raise ValueError(f"no such tile in 红中麻将: {tile}")
    return tile % 9 + 1


def birds_to_draw(options: dict[str, Any], win_card: int | None, wall_left: int) -> int:
    """How many bird tiles the winner takes: the room's number (normal), the winning tile's rank (胡几奖几; 红中
    or 天胡 — no winning tile — 10), or one (一码全中); never more than the wall holds [000 八2]."""
    mode = options["bird_mode"]
    if mode == "normal":
        wanted = int(options["birds"])
    elif mode == "hujijiangji":
        wanted = HONGZHONG_BIRD_RANK if win_card is None else bird_rank(win_card)
    else:
        wanted = 1
    return max(0, min(wanted, wall_left))


def bird_hits(options: dict[str, Any], birds: Sequence[int]) -> int:
    """中鸟 among the drawn bird tiles: those of rank 1, 5, 9 (normal and 胡几奖几, ruling 6); 一码全中: the one
    tile's rank (红中 10). No tiles drawn (empty wall) → no hits."""
    if options["bird_mode"] == "yima":
        return sum(bird_rank(t) for t in birds[:1])
    return sum(birds_hit(options, birds))


def birds_hit(options: dict[str, Any], birds: Sequence[int]) -> list[bool]:
    """Whether each drawn bird tile hits: a 1, 5 or 9 (never 红中); 一码全中: the one tile, counting its rank."""
    if options["bird_mode"] == "yima":
        return [i == 0 for i in range(len(birds))]
    return [t != HONG_ZHONG and bird_rank(t) in BIRD_RANKS for t in birds]


def bird_value(win_from: str) -> int:
    """Each hit adds one base per payer — 2 on a 自摸, 1 on 接炮 — never the extras (ruling 16)."""
    return ZIMO_BASE if is_self_draw(win_from) else JIEPAO_BASE


def payments(win_from: str, one_share: int, hits: int) -> dict[str, int]:
    """What each payer owes the winner, birds included: {"each": n} for the three others on 自摸 / dealt wins,
    {"discarder": n} on 接炮, {"konger": n} on 抢杠胡 (包赔: three shares, ruling 11)."""
    per = one_share + hits * bird_value(win_from)
    if win_from == "discard":
        return {"discarder": per}
    if win_from == "robbing_kong":
        return {"konger": ROBBED_SHARES * per}
    return {"each": per}


# -- the win ----------------------------------------------------------------------------------------------------------
def four_hongzhong(hand: Hand, options: dict[str, Any]) -> bool:
    """The four-红中 win: 4-红中 game only, on the winner's own tiles (dealt or drawn; ruling 17). Reported as 四红中
    even when the tiles also make a plain hand: that is the 胡 on offer at that moment, and the share is the same."""
    return options["hongzhong_count"] == 4 and hand.hongzhong >= 4 and hand.win_from in ("self_draw", "deal")


def refusal(hand: Hand, options: dict[str, Any]) -> str | None:
    """Why the rules never let this tile be won (None when they may)."""
    if hand.win_from == "discard" and hand.win_card == HONG_ZHONG:
        return "a discarded 红中 cannot be won (ruling 2)"
    if hand.win_from == "robbing_kong" and not options["qianggang"]:
        return "抢杠胡 is off: a 补杠 cannot be robbed (ruling 9)"
    if hand.win_from == "deal" and not hand.dealer:
        if hand.hongzhong >= 4 and options["hongzhong_count"] == 8:
            return "the 8-红中 game has no four-红中 win (§4): a non-dealer's dealt 13 tiles do not win"
        return "only the dealer wins on his dealt 14 tiles (天胡); others need four 红中"
    return None


def evaluate_hand(hand: Hand, options: dict[str, Any]) -> dict[str, Any]:
    value = share(hand.win_from, hand.melds, hand.hongzhong, options)
    if four_hongzhong(hand, options):
        return {"win": True, "patterns": [FOUR_HONGZHONG], "score": value}
    reason = refusal(hand, options)
    if reason:
        return {"win": False, "reason": reason}
    if not CHECKER.is_win(hand.counts, hand.hongzhong):
        return {"win": False, "reason": "the tiles form neither 4 groups and a pair nor 七对"}
    return {"win": True, "patterns": [], "score": value}


# -- the calculator ---------------------------------------------------------------------------------------------------
def _refuse(tid: int) -> str | None:
    return None if tid in SUITED or tid == HONG_ZHONG else "is not in the 红中麻将 set (万筒条 and 红中 7z only)"


def _tile(value: Any, what: str) -> int:
    return read_tile(value, what, _refuse)


def _tiles(value: Any, what: str) -> list[int]:
    return read_tiles(value, what, _refuse, "1m…9m 1p…9p 1s…9s 7z")


def _meld(raw: Any) -> Meld:
    if not isinstance(raw, dict):
        raise InvalidInput(f'meld {shown_value(raw)}: expected {{"type": ..., "cards": [...]}}')
    for key in raw:
        if key not in MELD_FIELDS:
            raise InvalidInput(f"meld field {shown_value(key)} unknown (fields: type, cards or card)")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in MELD_TYPES:
        raise InvalidInput(f"meld type {shown_value(kind)} unknown (mahjong: {', '.join(MELD_TYPES)})")
    if kind == "chi":
        raise InvalidInput("chi meld: 红中麻将 has no 吃")
    size = 3 if kind == "peng" else 4
    if "cards" in raw and "card" in raw:
        raise InvalidInput(f"meld {kind}: give cards or card, not both")
    if "cards" in raw:
        tiles = _tiles(raw["cards"], f"meld {kind}")
    elif "card" in raw:
        tiles = [_tile(raw["card"], f"meld {kind}")] * size
    else:
        raise InvalidInput(f"meld {kind}: missing cards")
    if len(tiles) != size:
        raise InvalidInput(f"meld {kind} needs {size} tiles, got {len(tiles)}")
    if len(set(tiles)) != 1:
        raise InvalidInput(f"{kind} meld must be identical tiles")
    if tiles[0] == HONG_ZHONG:
        raise InvalidInput(f"{kind} meld of 红中: 红中 can be neither 碰 nor 杠")
    return Meld(kind, (tiles[0],) * size)


def parse_options(data: dict[str, Any], strict: bool = False) -> dict[str, Any]:
    raw = data.get("options")
    if raw is None:  # null = omitted: every option takes its default
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidInput("options must be an object")
    return validate_options(OPTIONS, raw, strict)


def parse_hand(data: Any, options: dict[str, Any]) -> Hand:
    check_fields(data)
    if "variant" in data and data["variant"] != VARIANT_ID:
        raise InvalidInput(f"variant {shown_value(data['variant'])} is not {VARIANT_ID}")
    win_from, win_raw = read_head(data, WIN_FROM, "红中麻将")
    win = None if win_raw is None else _tile(win_raw, "win_card")
    tiles = _tiles(data["hand"], "hand")
    melds_raw = data.get("melds")
    if melds_raw is None:
        melds_raw = []
    if not isinstance(melds_raw, list):
        raise InvalidInput("melds must be a list")
    melds = tuple(_meld(m) for m in melds_raw)
    if len(melds) > 4:
        raise InvalidInput(f"{len(melds)} melds: a hand has at most 4")
    context = read_context(data.get("context"), CONTEXT_FLAGS)
    held = tiles + ([] if win is None else [win])
    if win_from == "deal" and not context["dealer"]:
        # A non-dealer's start-of-hand win is on the 13 tiles he was dealt (§2, ruling 17): no 14th, no melds.
        if win is not None:
            raise InvalidInput("win_card: a non-dealer's dealt hand has no winning tile (win_card null; "
                               "the dealer's 14: context dealer)")
        if melds:
            raise InvalidInput("melds: a non-dealer's dealt hand has no melds")
        if len(held) != DEALT:
            raise InvalidInput(f"{len(held)} tiles in hand on the deal: a non-dealer is dealt {DEALT} "
                               f"(the dealer {HAND_TILES}: context dealer)")
    elif len(held) + 3 * len(melds) != HAND_TILES:
        raise InvalidInput(f"{len(held)} tiles in hand (win_card included) with {len(melds)} melds: "
                           f"{HAND_TILES - 3 * len(melds)} needed")
    total = [0] * KINDS
    for t in held:
        total[t] += 1
    for m in melds:
        total[m.tile] += 3 if m.kind == "peng" else 4
    for t in SUITED:
        if total[t] > COPIES:
            raise InvalidInput(f"{total[t]} copies of {shown_value(_name(t))}: the set has {COPIES}")
    if total[HONG_ZHONG] > options["hongzhong_count"]:
        raise InvalidInput(f"{total[HONG_ZHONG]} 红中: the set has {options['hongzhong_count']}")
    if win_from == "robbing_kong" and win is not None:
        if win == HONG_ZHONG:
            raise InvalidInput("robbing_kong of 红中: 红中 cannot be konged")
        if total[win] != 1:
            raise InvalidInput("robbing_kong: the konger holds the other three copies of the win_card, so it may "
                               "not be in the winner's hand or melds")
    counts = [0] * KINDS
    for t in held:
        if t != HONG_ZHONG:
            counts[t] += 1
    return Hand(tuple(counts), held.count(HONG_ZHONG), melds, win, win_from, context["dealer"])


def _name(tile: int) -> str:
    return f"{tile % 9 + 1}{'mps'[tile // 9]}"


def score(data: dict[str, Any], strict: bool = False) -> dict[str, Any]:
    """The calculator of 红中麻将 (README contract): ``{"win", "patterns", "score"}`` — ``score`` one share, before
    birds (spec §5 "Engine output"; the 抢杠胡 konger pays three of them), no ``fan``. Raises InvalidInput."""
    if not isinstance(data, dict):
        raise InvalidInput("input must be a JSON object")
    options = parse_options(data, strict)
    return evaluate_hand(parse_hand(data, options), options)


# -- the game's hooks (engine.mahjong.game) ---------------------------------------------------------------------------
def _meld_of(m: Meld) -> Meld:
    """A game's meld as scored here (a 补杠 is a 杠 laid down)."""
    return Meld("gang" if m.kind == "bugang" else m.kind, m.tiles)


def price(spot: WinSpot, options: dict[str, Any]) -> Priced | None:
    hand = Hand(spot.counts, spot.wild, tuple(_meld_of(m) for m in spot.melds), spot.win_card, spot.win_from,
                spot.dealer)
    if spot.four_wild:
        hand = Hand(spot.counts, spot.wild, hand.melds, HONG_ZHONG, "deal" if spot.win_from == "deal" else "self_draw",
                    spot.dealer)
    out = evaluate_hand(hand, options)
    if not out["win"]:
        return None
    steps = tuple(share_steps(hand.win_from, hand.melds, spot.wild, options))
    # Four 红中 held is the four-红中 win only when the game offers it (ruling 17: first turn, or the draw of
    # the fourth); a later win with them is a plain hand, though the calculator names any 4-红中 自摸 so.
    patterns = tuple(p for p in out["patterns"] if spot.four_wild or p != FOUR_HONGZHONG)
    return Priced(patterns, out["score"], None, steps=steps, fans=tuple(Fan(p) for p in patterns),
                  label=pattern_label(patterns), name=pattern_names(patterns))


def pay_win(*, winner: int, win_from: str, payer: int | None, kong_feeder: int | None, priced: Priced,
                 hits: int, chui: Sequence[int] | None, options: dict[str, Any]) -> list[Payment]:
    """§5: 自摸 (and the dealt / four-红中 wins) each of the three others pays; 接炮 the discarder; 抢杠胡 the
    konger pays all three shares (包赔). Each 中鸟 adds one base per payer (ruling 16). 红中 has no 杠开 包赔."""
    base = bird_value(win_from)
    per = priced.share + hits * base
    why: Arg = priced.phrase
    if hits:
        why = msg("{price}，中鸟 {hits} × {base}", price=why, hits=hits, base=base)
    due = payments(win_from, priced.share, hits)
    if "each" in due:
        return [Payment(s, winner, per, msg("自摸：{why}", why=why)) for s in range(SEATS) if s != winner]
    assert payer is not None
    if "konger" in due:
        return [Payment(payer, winner, due["konger"], msg("抢杠胡包赔三家：3 × （{why}）", why=why))]
    return [Payment(payer, winner, due["discarder"], msg("放炮：{why}", why=why))]


# §5: 暗杠 each other pays 2, 补杠 each other 1, 明杠 the discarder (放杠者) 3; paid at once, kept after 流局.
KONG_MONEY = {"angang": 2, "bugang": 1}
KONG_WORDS = {"angang": Term("暗杠"), "bugang": Term("补杠")}
FANG_GANG = 3


def pay_kong(*, kind: str, konger: int, discarder: int | None, chui: Sequence[int] | None,
                  options: dict[str, Any]) -> list[Payment]:
    if kind == "gang":
        assert discarder is not None
        return [Payment(discarder, konger, FANG_GANG, msg("放杠 {n}", n=FANG_GANG))]
    why = msg("{kong} {n}", kong=KONG_WORDS[kind], n=KONG_MONEY[kind])
    return [Payment(s, konger, KONG_MONEY[kind], why) for s in range(SEATS) if s != konger]


def draw_birds(options: dict[str, Any], win_card: int | None, wall: Sequence[int],
               winners: Sequence[int]) -> Birds:
    """The bird tiles taken from the front of the wall after the win (once, even for 一炮多响: ruling 14), which
    of them hit, and the hits each winner counts (the same for every winner)."""
    tiles = list(wall[:birds_to_draw(options, win_card, len(wall))])
    hits = bird_hits(options, tiles)
    counts = tuple(bird_rank(t) if options["bird_mode"] == "yima" else 1 for t in tiles)
    return Birds(tuple(tiles), tuple(birds_hit(options, tiles)), {w: hits for w in winners}, counts)


def next_dealer(*, winners: Sequence[int], from_seat: int | None, dealer: int, last_drawer: int,
                drawn: bool) -> int:
    """§7 1: the winner; 一炮多响 → the discarder; a drawn hand → the dealer keeps the deal."""
    if drawn or not winners:
        return dealer
    if len(winners) > 1 and from_seat is not None:
        return from_seat
    return winners[0]


def rules_for(options: dict[str, Any]) -> MahjongRules:
    """The hand's rules from its room options (the one place they are derived)."""
    opts = dict(options)
    return MahjongRules(
        id=VARIANT_ID, tiles=116 if opts["hongzhong_count"] == 8 else 112, checker=CHECKER,
        price=lambda spot: price(spot, opts), win_payments=pay_win, kong_payments=pay_kong,
        next_dealer=next_dealer, wild=HONG_ZHONG, chi=False, discard_win="any",
        rob_bugang=bool(opts["qianggang"]), four_wild_win=opts["hongzhong_count"] == 4, ledger_rule=KEEP,
        multi_win=True, birds=draw_birds,
    )
