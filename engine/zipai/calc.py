"""The hand calculator for 字牌 variants: decode the JSON contract, validate it, price the best arrangement."""

from __future__ import annotations

from typing import Any

from ..contract import check_fields, read_context, read_head
from ..core import InvalidInput, OptionError
from ..options import shown_value
from .cards import COPIES, N_KINDS, counts_of, name, parse_card, parse_cards
from .evaluate import arrangements
from .groups import MELD_KINDS, Group, chi_group_ok
from .rules import WinContext, ZipaiRules
from .win import price_best, source_of

WIN_FROM = ("self_draw", "other_draw", "discard", "deal")
# README "context"; after_kong is a mahjong flag and means nothing to a 字牌 hand.
CONTEXT_FLAGS = ("dealer", "last_card", "first_discard", "no_draw_yet", "after_kong")
# "kind" is the older spelling of "type"; any other key is a typo that would be ignored.
MELD_FIELDS = ("type", "kind", "cards", "card")
_KIND_ALIASES = {"kan": "kan", "chou_wei": "chouwei", "chouwei": "chouwei", "long": "ti"}


class CalcInputError(InvalidInput):
    """Invalid 字牌 calculator input (exit status 2)."""


def _card(value: Any, what: str) -> int:
    """One card: a string naming exactly one card ("十一" and "" are not cards)."""
    if not isinstance(value, str):
        raise CalcInputError(f"{what}: a card must be a string, not {shown_value(value)}")
    try:
        return parse_card(value)
    except ValueError:
        raise CalcInputError(f"{what}: {shown_value(value)} is not one 字牌 card") from None


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def _cards(value: Any, what: str) -> list[int]:
    """A list of cards, each a one-card string, or one string of cards ("一二三"; spaces and commas between
    cards are ignored)."""
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except ValueError:
            bad = next(ch for ch in value if not ch.isspace() and ch not in ",，、" and not _is_card(ch))
            raise CalcInputError(f"{what}: unknown 字牌 card {shown_value(bad)}") from None
    if isinstance(value, list):
        return [_card(item, what) for item in value]
    raise CalcInputError(f"{what} must be a list of cards or a string of cards, not {shown_value(value)}")


def parse_meld(raw: Any) -> Group:
    """A meld as ``{"type": "peng", "cards": ["一","一","一"]}``, ``{"type": "peng", "card": "一"}``,
    ``["peng", "一一一"]`` or ``"peng:一一一"``."""
    if isinstance(raw, dict):
        for key in raw:
            if key not in MELD_FIELDS:
                raise CalcInputError(f"meld field {key!r} unknown (fields: type, cards or card)")
        kind = raw.get("type", raw.get("kind"))
        cards_raw = raw.get("cards", raw.get("card"))
    elif isinstance(raw, list | tuple) and len(raw) == 2:
        kind, cards_raw = raw
    elif isinstance(raw, str) and ":" in raw:
        kind, cards_raw = raw.split(":", 1)
    else:
        raise CalcInputError(f'meld {shown_value(raw)}: expected {{"type": ..., "cards": [...]}}')
    if not isinstance(kind, str):
        raise CalcInputError(f"meld {shown_value(raw)}: missing type")
    kind = _KIND_ALIASES.get(kind.lower(), kind.lower())
    if kind not in MELD_KINDS and kind != "kan":
        raise CalcInputError(f"meld type {shown_value(kind)} unknown (zipai: {', '.join(MELD_KINDS)})")
    if cards_raw is None:
        raise CalcInputError(f"meld {shown_value(raw)}: missing cards")
    if isinstance(raw, dict) and "cards" not in raw:  # "card": exactly one card, standing for the group
        cards = [_card(cards_raw, f"meld {kind}")]
    else:
        cards = _cards(cards_raw, f"meld {kind}")
    size = {"pao": 4, "ti": 4}.get(kind, 3)
    if kind != "chi" and len(cards) == 1:
        cards = cards * size
    if len(cards) != size:
        raise CalcInputError(f"meld {kind} needs {size} cards, got {len(cards)}")
    if kind == "chi":
        if not chi_group_ok(tuple(cards)):
            raise CalcInputError(f"chi meld {shown_value(raw)} is neither a 一句话 nor a 绞")
    elif len(set(cards)) != 1:
        raise CalcInputError(f"{kind} meld {shown_value(raw)} must be identical cards")
    return Group(kind, tuple(sorted(cards)))


def parse_input(data: Any, options: dict[str, Any]) -> tuple[list[int], list[Group], WinContext]:
    win_from, win_raw = read_head(check_fields(data), WIN_FROM, "字牌")
    win = None if win_raw is None else [_card(win_raw, "win_card")]
    hand = _cards(data["hand"], "hand")
    melds_raw = data.get("melds")
    if melds_raw is None:  # null = omitted, as for ``context``
        melds_raw = []
    if not isinstance(melds_raw, list):
        raise CalcInputError("melds must be a list")
    melds = [parse_meld(m) for m in melds_raw]
    counts = counts_of(hand)
    if any(n >= 4 for n in counts):
        raise CalcInputError("four identical cards in hand: a dealt 4-of-a-kind must be given as a 'ti' meld")
    # A 'kan' given as a meld is the same as three cards in hand.
    for g in [m for m in melds if m.kind == "kan"]:
        counts[g.cards[0]] += 3
        if counts[g.cards[0]] > 3:
            raise CalcInputError("kan meld plus more copies in hand")
    melds = [m for m in melds if m.kind != "kan"]
    every = [c for c in range(N_KINDS) for _ in range(counts[c])] + [c for m in melds for c in m.cards] + (win or [])
    total = counts_of(every)
    for c in range(N_KINDS):
        if total[c] > COPIES:
            raise CalcInputError(f"{total[c]} copies of {name(c)}: the set has {COPIES}")
    context = read_context(data.get("context"), CONTEXT_FLAGS)
    ctx = WinContext(
        win_card=win[0] if win else None,
        win_from=win_from,
        dealer=context["dealer"],
        last_card=context["last_card"],
        first_discard=context["first_discard"],
        no_draw_yet=context["no_draw_yet"],
        all_cards=tuple(every),
        options=options,
        melds=tuple(melds),
    )
    return counts, melds, ctx


def refusal(rules: ZipaiRules, ctx: WinContext) -> str | None:
    """Why this variant never lets a card from ``win_from`` be won (None when it may be)."""
    if ctx.win_from == "discard":
        if rules.win_discard == "never":
            return f"{rules.id}: a discarded card cannot be won (no 放炮)"
        if rules.win_discard == "first_discard" and not (ctx.first_discard and not ctx.dealer):
            return f"{rules.id}: only the dealer's first discard may be won (地胡)"
    if ctx.win_from == "other_draw" and not rules.win_other_draw:
        return f"{rules.id}: another player's draw cannot be won"
    if ctx.win_from == "deal" and not ctx.dealer and not rules.win_liangzhang:
        return f"{rules.id}: the dealer's 亮张 cannot be won"
    return rules.refuse(ctx) if rules.refuse else None


def score_hand(data: dict[str, Any], rules: ZipaiRules, validate: Any) -> dict[str, Any]:
    """The calculator for one zipai variant. Raises CalcInputError / OptionError on invalid input."""
    raw_options = data.get("options") if isinstance(data, dict) else None
    if raw_options is None:  # null = omitted: every option takes its default
        raw_options = {}
    if not isinstance(raw_options, dict):
        raise CalcInputError("options must be an object")
    options = validate(raw_options)
    counts, melds, ctx = parse_input(data, options)
    if ctx.win_card is None:
        if rules.start_win is not None and ctx.win_from == "deal":
            start = rules.start_win(counts, melds, ctx)
            if start is not None:
                return {"win": True, **start.out}
        # win_card null with 'deal' for the dealer: his dealt hand as it stands (天胡 with the 亮张 inside a
        # dealt 提, which the game awards); otherwise a null card wins only through a start-of-hand win.
        if not (ctx.win_from == "deal" and ctx.dealer):
            return {"win": False, "reason": "no winning card and no start-of-hand win"}
    reason = refusal(rules, ctx)
    if reason:
        return {"win": False, "reason": reason}
    n = sum(counts) + sum(len(m.cards) for m in melds) + (0 if ctx.win_card is None else 1)
    priced = price_best(rules, counts, melds, ctx)
    if priced is None:
        arrs = arrangements(counts, melds, ctx.win_card, source_of(ctx.win_from, ctx.dealer), rules.group_count)
        if not arrs:
            return {"win": False, "reason": f"{n} cards do not form {rules.group_count} 方门子"}
        best = max(a.huxi for a in arrs)
        return {"win": False, "reason": f"best arrangement has {best} 胡息, {rules.min_huxi} needed"}
    return {"win": True, **priced.out}


__all__ = ["CalcInputError", "OptionError", "parse_input", "parse_meld", "score_hand"]
