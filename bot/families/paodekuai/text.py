"""跑得快 at the table and in a seat's panel: card counts, 报单, the trick on the table, bombs paid, 打鸟, and the
seat's own hand by rank with its pick; the settlement from the hand's outcome (出完牌, 剩几张, 报单, 全关).

Channel lines come from ``public_view()`` only; the hand is read from ``view(seat)`` for that seat's own DM. What
the engine says (a play's name, a refusal, a payment's reason, a loser's cards left) is a message, worded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core import Action, Game
from engine.hints import hints
from engine.paodekuai.game import BOMB_MONEY
from engine.paodekuai.views import Counter, PaodekuaiSeatView, PaodekuaiView, TrickEntry
from engine.views import Phase
from engine.words import Msg, Seat

from ...i18n import tr
from ...pictures.emoji import LINE_BUDGET
from ...present.contract import Settlement
from ...present.results import deltas_line, payment_lines
from ...present.words import joined
from .controls import preview, signed

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...pictures.emoji import EmojiBook
    from ...service.table import Table

SAFE_SHOWN = 4


def hand_line(view: PaodekuaiSeatView, book: EmojiBook | None = None) -> str:
    """``**手牌**（16 张）：♠3♥3　♣4　♦5♠5 …``: one group per rank, as a fan is held; the cards' emojis when
    ``book`` has every one."""
    groups: list[list[str]] = []
    last = None
    for code in view.hand:
        if code[1:] != last:  # S10 → 10: a suit letter, then the rank
            groups.append([])
            last = code[1:]
        groups[-1].append(code)
    pictured = [book.line("paodekuai", g) for g in groups] if book is not None else [None]
    if all(p is not None for p in pictured) and sum(len(p or "") for p in pictured) <= LINE_BUDGET:
        text = " ".join(p or "" for p in pictured) or "—"
    else:
        text = "　".join("".join(signed(c) for c in g) for g in groups) or "—"
    return tr("**手牌**（{n} 张）：{hand}", n=sum(len(g) for g in groups), hand=text)


def cards_text(cards: Sequence[str]) -> str:
    return " ".join(signed(c) for c in cards)


def play_name(table: Table, entry: TrickEntry) -> str:
    """A play on the table as the reader writes it (三带二 333+48, Trio+2 333+48): the engine's name of it."""
    return table.say(entry.play.name) if entry.play is not None else tr("不出")


def _play_text(table: Table, entry: TrickEntry) -> str:
    return tr("{seat} 出 {play}（{cards}）", seat=table.seat_label(entry.seat), play=play_name(table, entry),
              cards=cards_text(entry.cards))


def trick_line(table: Table, view: PaodekuaiView) -> str | None:
    """``本轮：2号 bob 出 对7（♠7 ♥7） · 3号 carol 不出``: the play to beat, who played it, who passed since."""
    if view.phase == Phase.CHOOSE:
        return None
    top = view.top
    if top is None:
        if view.finished:
            return tr("本轮：{trick}", trick="—")
        who = table.seat_label(view.to_act[0]) if view.to_act else "—"
        return tr("本轮：新一轮，{seat} 先出（任意牌型）", seat=who)
    last = max((i for i, e in enumerate(view.trick) if e.play is not None), default=-1)
    passes = [tr("{seat} 不出", seat=table.seat_label(e.seat)) for e in view.trick[last + 1:]]
    return " · ".join([tr("本轮：{trick}", trick=_play_text(table, top)), *passes])


def bombs_line(table: Table, view: PaodekuaiView) -> str | None:
    """``炸弹现结 2 个（每个另两家各付 10 分）：1号 alice +20 ｜ …``: the ledger's money so far."""
    if not view.bombs_paid:
        return None
    parts = [f"{table.seat_label(s)} {v:+d}" for s, v in enumerate(view.bomb_money) if s < len(table.seats)]
    return tr("炸弹现结 {n} 个（每个另两家各付 {money} 分）：{seats}", n=len(view.bombs_paid), money=BOMB_MONEY,
              seats=" ｜ ".join(parts))


def facts(table: Table, view: PaodekuaiView) -> list[str]:
    """The facts under the turn line: the trick, bombs paid, and 打鸟 (chosen, or being chosen)."""
    lines = [line for line in (trick_line(table, view), bombs_line(table, view)) if line]
    if view.stakes:
        lines.append(tr("打鸟：{seats}", seats=joined([table.seat_label(s) for s in view.stakes
                                                      if 0 <= s < len(table.seats)])))
    if view.choosing is not None and view.choosing.of:  # nobody's choice shows until all have chosen
        lines.insert(0, tr("打鸟：已选 {chosen}/{of}（全部选完后公布）", chosen=view.choosing.chosen,
                           of=view.choosing.of))
    return lines


def marks(view: PaodekuaiView, seat: int) -> list[str]:
    return [tr("报单")] if seat < len(view.baodan) and view.baodan[seat] else []


def picked_line(table: Table, picked: Sequence[str], read: tuple[Action | None, Msg]) -> str:
    cards = " ".join(signed(c) for c in picked)
    action, said = read
    return tr("已选：{cards} → **{play}**", cards=cards, play=table.say(said)) if action is not None \
        else tr("已选：{cards} ⚠️ {why}", cards=cards, why=table.say(said))


def counter_lines(table: Table, game: Game, seat: int) -> list[str]:
    """记牌器 (room option): 「记牌器 未出：2×1 A×3 …」 and the plays nothing unseen can beat."""
    told = hints(game, seat)
    if not told or not isinstance(told[0], Counter):
        return []
    counter = told[0]
    lines = [tr("**记牌器** 未出：{ranks}", ranks=" ".join(f"{r}×{n}" for r, n in reversed(counter.unseen)) or tr("无"))]
    safe = counter.safe
    if safe:
        shown = joined([table.say(p.name) for p in safe[:SAFE_SHOWN]])
        lines.append(tr("外面管不上：{plays} 等 {n} 种", plays=shown, n=len(safe)) if len(safe) > SAFE_SHOWN
                     else tr("外面管不上：{plays}", plays=shown))
    return lines


def panel_lines(table: Table, game: Game, view: PaodekuaiSeatView, seat: int, picked: Sequence[str], *,
                deciding: bool) -> list[str]:
    """The seat's hand by rank with suits, the trick to beat (or the lead), the pick and the others' counts."""
    lines = [hand_line(view, table.emoji)]
    if deciding and view.top is not None:
        lines.append(tr("**要管**：{play}", play=_play_text(table, view.top)))
    elif deciding:
        must = view.must_show
        lines.append(tr("**你先出**：任意牌型，首出必须带 {card}", card=signed(must)) if must
                     else tr("**你先出**：任意牌型"))
    trick = trick_line(table, view) if deciding else None  # the trick to beat is said above
    for line in facts(table, view):
        if line != trick:
            lines.append(line)
    if table.bot_options.get("counter", False):
        lines += counter_lines(table, game, seat)
    if deciding and picked:
        lines.append(picked_line(table, picked, preview(game, seat, picked)))
    elif deciding:
        lines.append(tr("在下方选牌后点「出牌」，或点快捷出牌。"))
    event = str(table.log[-1]) if table.log else ""
    if event and not any(event in line for line in lines):  # not twice when it is the trick's play
        lines.append(tr("最近：{event}", event=event))
    sizes = view.hand_sizes or ()
    for other in range(len(table.seats)):
        if other == seat:
            continue
        parts = [table.seat_label(other), *([tr("托管")] if table.seats[other].auto else [])]
        if other < len(sizes):
            parts.append(tr("手牌 {n}", n=sizes[other]))
        parts += marks(view, other)
        lines.append(" · ".join(parts))
    return lines


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """``1号 阿强 出完牌``: from the stored result's winners (stored before outcomes were, too)."""
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return tr("荒庄")
    return tr("{who} 出完牌", who=joined([table.seat_label(w) if 0 <= w < len(table.seats) else "—" for w in winners]))


def settlement_body(table: Table, result: HandResult, hand_no: int) -> Settlement:
    """``🃏 第 1 局 3号 出完牌，获胜！``, then what was left in each hand (hands are shown once the hand is
    over), every payment with its why (cards left, 全关, 红桃10, bombs), the hand's own steps (打鸟) and 本局."""
    outcome = result.outcome
    assert outcome is not None, "this family tells a hand's end as an Outcome"
    winner = outcome.winners[0] if outcome.winners else None
    who = table.seat_label(winner.seat) if winner is not None and winner.seat < len(table.seats) else "—"
    lines = [tr("🃏 第 {n} 局 {who} 出完牌，获胜！", n=hand_no + 1, who=who)]
    for step in winner.steps if winner is not None else ():
        # each loser: what he was left with (the engine's words), then the cards themselves, face up now
        seat = step.says.arg("seat")
        state = table.say(step.says)
        left = outcome.hands[seat.seat] if isinstance(seat, Seat) and seat.seat < len(outcome.hands) else ()
        lines.append(tr("{state}：{cards}", state=state, cards=cards_text(left)) if left else state)
    money = len(lines)
    paid = payment_lines(table, outcome.payments)
    if paid:
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    lines += [table.say(step.says) for step in outcome.steps]
    lines.append(deltas_line(table, list(result.deltas)))
    return Settlement(lines, money=money)
