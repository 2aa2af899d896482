"""What one 字牌 variant changes in the shared game: counts, who may win which card, and its pricing.

A variant module builds one :class:`ZipaiRules` and registers it; everything else (deal, 示众, claim window,
compulsory 偎/提/跑, 比, 过张, 重跑, decomposition) lives in the shared modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..outcome import Fan, Step
from ..settlement import Seating
from ..words import Msg
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
    # What the settlement shows besides ``out``: the winning arrangement and, per 名堂 or factor, its own price
    # (see ``scoring.mingtang``).
    arrangement: Arrangement | None = None
    fans: tuple[Fan, ...] = ()


@dataclass(frozen=True, slots=True)
class Won:
    """A settled win, as its derivation reads it: the seating (options and carry-over included), the winner, the
    priced hand, where the card came from and the deltas the variant's settlement booked."""

    seating: Seating
    winner: int
    priced: Priced
    win_from: str
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Explained:
    """How a settled hand comes to its numbers, in the rule's own numbers: ``steps`` the winner's derivation (胡息 →
    囤/等 → the score → what each payer pays), ``hand`` the hand's own lines (who pays whom or books what, and
    why; what a draw does to the next hand), ``why`` the reason each payment of the win stands (None: the win)."""

    steps: tuple[Step, ...] = ()
    hand: tuple[Step, ...] = ()
    why: Msg | None = None


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
    win_discard: str = "never"  # never | optional | forced (window offers only 胡) | first_discard
    win_liangzhang: bool = True  # a non-dealer may win the dealer's 亮张 (地胡)
    # ... even when the 亮张 completes the dealer's dealt 提 ("庄家亮张的牌正好构成一提，其他玩家任然能胡这张亮张牌").
    win_liang_in_ti: bool = False
    own_discard_chou: bool = False  # one's own discards are one's 臭牌 too
    # 过张 only for a card from one's 上家 (discard or draw) or one's own draw — "当上家打出或摸出一只牌或玩家自己
    # 摸出一只牌" ([000 跑胡子 6], [003]); declining a 碰 of the 下家's card is then only 忍碰.
    chou_from_shangjia: bool = False
    # 数醒: with 4 seats the dealer's opposite sits the hand out (no cards, never asked, skipped in turn order).
    sitter: bool = False
    # After passing a possible win: "none"; "intake" = 漏胡, no win at all until one's own next intake or
    # discard; "huxi" = 臭胡, that card may not be won until one's table 胡息 changes.
    louhu: str = "none"
    # 起始提 补牌 (安化): each dealt 提 beyond the first is owed as one hidden replacement card, given on the
    # player's turn instead of his draw and followed by no discard; otherwise it is a no-discard intake.
    dealt_ti_bupai: bool = False
    # 安化 3.13: a non-dealer's dealt 提 is shown only when he takes his first card (吃碰提跑偎).
    dealt_ti_on_intake: bool = False
    # 过张 case (2) of 安化 3.6: a card one could have grouped for 吃 but could not take (比牌 fails)
    # becomes one's 臭牌 as well.
    chou_unchiable: bool = False
    # Start-of-hand instant win (三提五坎, 2提/4坎) on the dealt cards, priced without a winning card;
    # offered in the 亮张 window (dealer, 下家, 上家), taken automatically when ``start_win_forced``.
    start_win: Callable[[Sequence[int], Sequence[Group], WinContext], Priced | None] | None = None
    start_win_forced: bool = False
    # A bool room option (e.g. 打鸟 ``daniao``) that makes every player choose at once (a PreDeal), once per
    # match before play starts, whether to put up a stake (action ``stake``) or not (``pass``); the choice is
    # carried over.
    stake_option: str = ""
    # Cards of a plain 偎 the other players see (0 = all face down; 1 = 明偎, shown 2 down 1 up).
    wei_shown: int = 0
    price: Pricer | None = None
    # Zero-sum (or not) per-seat deltas for a won hand / a 黄庄.
    settle: Callable[[Seating, int, Priced, str], list[int]] | None = None
    settle_draw: Callable[[Seating], list[int]] | None = None
    # The derivation of a settled win / a 黄庄, with the variant's own numbers (``engine/zipai/derivation.py``
    # words what every variant says alike).
    explain: Callable[[Won], Explained] | None = None
    explain_draw: Callable[[Seating, tuple[int, ...]], Explained] | None = None
    # Whether winning a discard is 放炮 (the discarder pays for it); 剥皮's 地胡 on the dealer's first discard is
    # not: the card was only 打出.
    discard_is_pao: bool = True
    # A variant's own reason why a calculator input can never win (beyond the flags above), or "".
    refuse: Callable[[WinContext], str] | None = None
