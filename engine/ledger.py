"""Money that changes hands inside a hand, when it happens (红中/推倒胡 杠钱, 跑得快 炸弹现结).

A :class:`Ledger` records each :class:`Payment` at the moment of the event, so the table can announce it then.
At the end of the hand the variant's rule decides what stays: ``"keep"`` (红中: kong money stands after 流局) or
``"cancel_on_draw"`` (推倒胡: 荒庄 cancels it). Every payment moves an amount from one seat to another, so any set
of payments nets to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .words import Msg

EndRule = Literal["keep", "cancel_on_draw"]
KEEP: EndRule = "keep"
CANCEL_ON_DRAW: EndRule = "cancel_on_draw"


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` gives ``payee`` ``amount`` (seats 0-based); ``why`` is the reason the table reads, a message."""

    payer: int
    payee: int
    amount: int
    why: Msg

    def to_json(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "why": self.why.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Payment:
        """Also a payment stored before reasons were messages (its ``why`` a zh-CN string)."""
        return cls(int(data["payer"]), int(data["payee"]), int(data["amount"]), Msg.from_json(data["why"]))


def net(seats: int, payments: list[Payment] | tuple[Payment, ...]) -> list[int]:
    """Per-seat net of ``payments``."""
    out = [0] * seats
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


class Ledger:
    """The payments of one hand, in the order they happened."""

    def __init__(self, seats: int, payments: list[Payment] | None = None) -> None:
        self.seats = seats
        self.payments: list[Payment] = []
        for p in payments or ():
            self._check(p)
            self.payments.append(p)

    def _check(self, p: Payment) -> None:
        # A payment to oneself or of a negative amount would let a variant bug pass as money.
        if not (0 <= p.payer < self.seats and 0 <= p.payee < self.seats) or p.payer == p.payee:
            raise ValueError(f"payment between seats {p.payer} and {p.payee} of {self.seats}")
        if type(p.amount) is not int or p.amount < 0:
            raise ValueError(f"payment amount {p.amount!r}")

    def pay(self, payer: int, payee: int, amount: int, why: Msg) -> Payment:
        """Record a payment now; returns it so the caller can announce it."""
        p = Payment(payer, payee, amount, why)
        self._check(p)
        self.payments.append(p)
        return p

    def settle(self, drawn: bool, rule: EndRule) -> list[Payment]:
        """The payments that stand once the hand is over: all of them, or none after a drawn hand under
        ``cancel_on_draw``."""
        if rule == KEEP:
            return list(self.payments)
        if rule == CANCEL_ON_DRAW:
            return [] if drawn else list(self.payments)
        raise ValueError(f"unknown ledger rule {rule!r}")

    def totals(self, seats: int | None = None) -> list[int]:
        """Per-seat net of every payment recorded so far (the 杠钱 shown during play)."""
        return net(self.seats if seats is None else seats, self.payments)

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "payments": [p.to_json() for p in self.payments]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ledger:
        return cls(int(data["seats"]), [Payment.from_json(p) for p in data["payments"]])

    def __len__(self) -> int:
        return len(self.payments)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ledger) and (self.seats, self.payments) == (other.seats, other.payments)

    __hash__ = None  # type: ignore[assignment]
