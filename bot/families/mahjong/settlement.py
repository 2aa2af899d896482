"""A 麻将 hand settled, from the hand's typed outcome: every winner (一炮多响, several robbers of one 补杠), each win
as the variant names it and its share (the engine's steps), its whole hand, every payment of the hand with its
why (win money and kong money alike, the engine's words), kong money 荒庄 cancelled, birds and 加锤."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mahjong.stored import stored_outcome
from engine.outcome import Outcome, Termination, Winner
from engine.words import Card, Listing, Msg, Seats

from ...i18n import tr
from ...present.contract import Settlement
from ...present.results import deltas_line, payment_lines, seat_or_dash, win_head
from ...present.words import joined
from .words import birds_text, melds_text, tile_word, tiles_text

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...service.table import Table


def stored(table: Table, result: dict[str, Any]) -> Outcome:
    """The stored hand's outcome (read from the older form for hands stored before it)."""
    return stored_outcome(table.variant_id, result)


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """``2号 小明 胡了 五万（1号 阿强 放炮）``, ``荒庄``."""
    return table.say(stored(table, result).summary)


def _word(table: Table, value: Any) -> str:
    """One part of the engine's summary as the head line says it: the winners, the tile, where it came from."""
    if isinstance(value, Seats):
        return joined([seat_or_dash(table, s) for s in value.seats])
    if isinstance(value, Card):
        return tile_word(value.code)
    if isinstance(value, Listing):
        return joined([_word(table, v) for v in value.items], value.mark)
    if isinstance(value, Msg):
        return table.say(value)
    return ""


def _head(table: Table, outcome: Outcome, hand_no: int) -> str:
    """Every winner at once (一炮多响, several robbers of one 补杠), the tile and where it came from, as the engine's
    summary says them."""
    said = outcome.summary
    return win_head(hand_no, _word(table, said.arg("who")), _word(table, said.arg("card")),
                    _word(table, said.arg("how")))


def _win_lines(table: Table, win: Winner) -> tuple[str, str | None]:
    """(the win as the variant names it and one share, his winning hand): ``2号 小明：清一色、碰碰胡（8 番）· 一份 8``."""
    parts = [table.say(win.steps[0].says), table.say(win.steps[-1].says)] if win.steps else []
    head = "　" + tr("{seat}：{value}", seat=seat_or_dash(table, win.seat), value=" · ".join(parts))
    # the whole hand, the winning tile in it and marked, whether drawn or won on another's tile
    melds = melds_text(list(win.melds))
    shown = " ｜ ".join(p for p in (tiles_text(list(win.hand), win.card), melds) if p)
    return head, ("　　" + tr("胡牌：{tiles}", tiles=shown) if shown else None)


def settlement_body(table: Table, result: HandResult, hand_no: int) -> Settlement:
    outcome = result.outcome
    assert outcome is not None, "a mahjong hand is told as an Outcome"
    optional: set[int] = set()
    if outcome.termination is Termination.DRAW or not outcome.winners:
        lines = [tr("🤝 第 {n} 局 荒庄（流局）", n=hand_no + 1)]
    else:
        lines = [_head(table, outcome, hand_no)]
        for w in outcome.winners:
            head, hand = _win_lines(table, w)
            lines.append(head)
            if hand:
                optional.add(len(lines))
                lines.append(hand)
    if outcome.birds_drawn:
        birds = birds_text(outcome.birds, table.seat_label, [w.seat for w in outcome.winners])
        if birds:
            lines.append(birds)
    lines += [table.say(step.says) for step in outcome.steps]  # 加锤
    money = len(lines)
    paid = payment_lines(table, outcome.payments)
    if paid:
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    cancelled = payment_lines(table, outcome.cancelled)
    if cancelled:
        lines.append(tr("荒庄：杠钱作废（{payments}）", payments=joined(cancelled, "；")))
    lines.append(deltas_line(table, list(result.deltas)))
    return Settlement(lines, frozenset(optional), money)
