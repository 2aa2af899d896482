"""Pricing helpers shared by the 字牌 variants: card colour counts, 囤, standard settlements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..outcome import Fan
from ..outcome import Group as Counted
from ..settlement import Seating, each_loser_pays
from ..words import Msg, msg
from .cards import NAMES, RED, names, sort_key
from .evaluate import Arrangement
from .groups import Group
from .rules import Priced, WinContext


@dataclass(frozen=True, slots=True)
class Colours:
    red: int
    big: int
    small: int


def colours(ctx: WinContext) -> Colours:
    cards = ctx.all_cards
    big = sum(1 for c in cards if c >= 10)
    return Colours(sum(1 for c in cards if c in RED), big, len(cards) - big)


def tun(huxi: int, minimum: int, step: int) -> int:
    """囤: 1 at the minimum, one more per ``step`` 胡息 above it (不满 step 不算)."""
    return 1 + (huxi - minimum) // step


def arrangement_out(arr: Arrangement) -> list[str]:
    return [f"{g.kind}:{names(g.cards)}" for g in arr.groups]


def priced(value: int, arr: Arrangement, out: dict[str, Any], fans: Sequence[Fan] = ()) -> Priced:
    out = {"huxi": arr.huxi, **out, "arrangement": arrangement_out(arr)}
    return Priced(value, arr.huxi, out, arr, tuple(fans))


def mingtang(name: str, fan: int | None = None, points: int | None = None, effect: Msg | None = None) -> Fan:
    """One 名堂 (or pricing factor such as 自摸) as the settlement shows it: ``fan`` its 番 or multiplier,
    ``points`` what it adds (剥皮 +10 胡), ``effect`` what it does in the game's words (4番 unless said: ×2, +1囤,
    算100胡息)."""
    if effect is None:
        effect = msg("{n}番", n=fan) if fan is not None else msg("+{n}", n=points or 0)
    return Fan(name, effect, fan, points)


def groups_out(arr: Arrangement) -> tuple[Counted, ...]:
    """The winning arrangement group by group: kind (``shun`` 一句话, ``jiao`` 绞, ``jiang`` 将, ``kan``, ``chi``,
    ``peng``, ``wei``, ``chouwei``, ``pao``, ``ti``), its cards and its 胡息."""
    return tuple(Counted(g.kind, tuple(NAMES[c] for c in sorted(g.cards, key=sort_key)), g.huxi) for g in arr.groups)


def is_self_draw(ctx: WinContext) -> bool:
    return ctx.win_from == "self_draw" or (ctx.win_from == "deal" and ctx.dealer)


def start_hand_groups(counts: Sequence[int], melds: Sequence[Group], tis: int, kans: int) -> Arrangement | None:
    """A start-of-hand instant win (安化 三提五坎, 四人 2提/4坎): ``tis`` 提, or ``kans`` 坎 counting each 提 as a
    坎 (never the reverse). The arrangement holds every dealt 提 and 坎, and its 胡息 is theirs; None if short."""
    ti_groups = [g for g in melds if g.kind == "ti"]
    kan_groups = [Group("kan", (c,) * 3) for c in range(len(counts)) if counts[c] == 3]
    if len(ti_groups) < tis and len(ti_groups) + len(kan_groups) < kans:
        return None
    groups = tuple(ti_groups + kan_groups)
    return Arrangement(groups, sum(g.huxi for g in groups), sum(counts))


def each_loser_pays_score(seating: Seating, winner: int, p: Priced, win_from: str) -> list[int]:
    """Every other active seat pays the hand's score to the winner (zero-sum)."""
    return each_loser_pays(seating, winner, p.out["score"])
