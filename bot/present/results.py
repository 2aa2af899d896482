"""Words of a settled hand that every family says alike: who won on what, who pays whom and why, the stakes, the
match's running totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.ledger import Payment
from engine.words import Msg

from ..i18n import tr
from .words import joined

if TYPE_CHECKING:
    from ..service.table import Table

MAX_TEXT = 2000


def seat_or_dash(table: Table, seat: Any) -> str:
    """A seat by name, ``—`` for what is no seat of the table."""
    if isinstance(seat, int) and 0 <= seat < len(table.seats):
        return table.seat_label(seat)
    return "—"


def payments(table: Table, deltas: list[int]) -> list[str]:
    """Who pays whom, read from the per-seat deltas: one payee (or one payer) names every transfer;
    a hand that only credits (a 胡 race) says what each seat books."""
    payers = [(s, -d) for s, d in enumerate(deltas) if d < 0]
    payees = [(s, d) for s, d in enumerate(deltas) if d > 0]
    if not payers and not payees:
        return [tr("无人输赢")]
    if sum(deltas) == 0 and len(payees) == 1:
        to = seat_or_dash(table, payees[0][0])
        return [tr("{payer} 付 {payee} {amount}", payer=seat_or_dash(table, s), payee=to, amount=n) for s, n in payers]
    if sum(deltas) == 0 and len(payers) == 1:
        frm = seat_or_dash(table, payers[0][0])
        return [tr("{payer} 付 {payee} {amount}", payer=frm, payee=seat_or_dash(table, s), amount=n) for s, n in payees]
    booked = joined([f"{seat_or_dash(table, s)} {d:+d}" for s, d in enumerate(deltas) if d])
    return [booked if sum(deltas) == 0 else tr("{booked}（记分，无人付分）", booked=booked)]


def stakes_line(table: Table, stakes: Any) -> str | None:
    """``打鸟：1号 小明（鸟分 5）``: who staked 打鸟, with the stake when the room sets one."""
    if not isinstance(stakes, list):
        return None
    who = joined([seat_or_dash(table, s) for s in stakes]) or tr("无人")
    value = (table.match.options if table.match else table.options).get("niao_value")
    if stakes and isinstance(value, int):
        return tr("打鸟：{seats}（鸟分 {value}）", seats=who, value=value)
    return tr("打鸟：{seats}", seats=who)


def won_line(who: str, card: str, how: str) -> str:
    """``2号 小明 胡了 五万（自摸）``: who won, on what, and where it came from, as far as the result tells."""
    if card and how:
        return tr("{who} 胡了 {card}（{how}）", who=who, card=card, how=how)
    if card:
        return tr("{who} 胡了 {card}", who=who, card=card)
    if how:
        return tr("{who} 胡了（{how}）", who=who, how=how)
    return tr("{who} 胡了", who=who)


def win_head(hand_no: int, who: str, card: str, how: str) -> str:
    """``🀄 第 3 局 2号 小明 胡了 五万（1号 阿强 放炮）！``: the tile and where it came from when known."""
    n = hand_no + 1
    if card and how:
        return tr("🀄 第 {n} 局 {who} 胡了 {card}（{how}）！", n=n, who=who, card=card, how=how)
    if card:
        return tr("🀄 第 {n} 局 {who} 胡了 {card}！", n=n, who=who, card=card)
    if how:
        return tr("🀄 第 {n} 局 {who} 胡了（{how}）！", n=n, who=who, how=how)
    return tr("🀄 第 {n} 局 {who} 胡了！", n=n, who=who)


def payment_lines(table: Table, payments: Sequence[Payment]) -> list[str]:
    """Every payment with its why, worded; payers of the same amount for the same reason to the same seat share
    one line (``1号、3号、4号 各付 2号 4（自摸 2 + 杠 1）``)."""
    merged: dict[tuple[int, int, Msg], list[int]] = {}
    for p in payments:
        merged.setdefault((p.payee, p.amount, p.why), []).append(p.payer)
    return [payment_line(joined([seat_or_dash(table, s) for s in sorted(payers)]), seat_or_dash(table, payee),
                         amount, table.say(why), each=len(payers) > 1)
            for (payee, amount, why), payers in merged.items()]


def payment_line(payer: str, payee: str, amount: int, why: str, *, each: bool = False) -> str:
    """``1号、3号 各付 2号 4（自摸 2 + 杠 1）``: one payment (or the same one from several payers) with its why."""
    fields = {"payer": payer, "payee": payee, "amount": amount}
    if each:
        return tr("{payer} 各付 {payee} {amount}（{why}）", why=why, **fields) if why \
            else tr("{payer} 各付 {payee} {amount}", **fields)
    return tr("{payer} 付 {payee} {amount}（{why}）", why=why, **fields) if why \
        else tr("{payer} 付 {payee} {amount}", **fields)


def deltas_line(table: Table, deltas: list[int]) -> str:
    """``本局：1号 小明 +4 ｜ 2号 阿强 -4`` (or 无人输赢)."""
    return tr("本局：{deltas}", deltas=" ｜ ".join(f"{seat_or_dash(table, s)} {d:+d}" for s, d in enumerate(deltas))
              if any(deltas) else tr("无人输赢"))


def totals_line(table: Table) -> str:
    totals = table.match.totals if table.match else [0] * len(table.seats)
    return " ｜ ".join(f"{table.seat_label(i)} {t:+d}" for i, t in enumerate(totals))


def fit(lines: list[str], optional: frozenset[int] | set[int]) -> str:
    """Within the message limit: the winning hands go first, the money lines stay."""
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        text = "\n".join(line for i, line in enumerate(lines) if i not in optional)
    return text[:MAX_TEXT]
