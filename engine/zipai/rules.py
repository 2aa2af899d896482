"""What one 字牌 variant changes in the shared game: counts, who may win which card, and its pricing.

A variant module builds one :class:`ZipaiRules` and registers it; everything else (deal, 示众, claim window,
compulsory 偎/提/跑, 比, 过张, 重跑, decomposition) lives in the shared modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .evaluate import Arrangement
from .groups import Group


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything a variant needs to price an arrangement (the calculator's input, decoded)."""

    win_card: int | None
    win_from: str  # self_draw | other_draw | discard | deal
    dealer: bool
    last_card: bool
    first_discard: bool
    no_draw_yet: bool
    all_cards: tuple[int, ...]  # hand + melds + winning card
    options: dict[str, Any]
    melds: tuple[Group, ...] = ()


@dataclass(frozen=True, slots=True)
class Priced:
    """A priced win: the settled value ranks arrangements; ``out`` is the calculator's output."""

    value: int
    huxi: int
    out: dict[str, Any]


# Price one arrangement; ``None`` when that arrangement does not win (e.g. under the 胡息 minimum).
Pricer = Callable[[Arrangement, WinContext], Priced | None]


@dataclass(frozen=True)
class ZipaiRules:
    id: str
    seats: int = 3
    deal_size: int = 20  # non-dealer; the dealer gets one more, the 亮张
    group_count: int = 7
    min_huxi: int = 15
    # Which revealed cards a player may win besides his own wall draw.
    win_other_draw: bool = True
    win_discard: str = "never"  # never | optional | forced | first_discard
    win_liangzhang: bool = True  # a non-dealer may win the dealer's 亮张 (地胡)
    own_discard_chou: bool = False  # one's own discards are one's 臭牌 too
    price: Pricer | None = None
    # Zero-sum (or not) per-seat deltas for a won hand / a 黄庄.
    settle: Callable[[Any, int, Priced, str], list[int]] | None = None
    settle_draw: Callable[[Any], list[int]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
