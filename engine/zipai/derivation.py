"""What every 字牌 variant says alike when it tells how a settled hand comes to its numbers: 胡息 → 囤 or 等 with the
rule's minimum and step, who pays what, who only books, the 本局 line. Each variant's module (``engine/variants/``)
puts its own numbers in (its 囤, its 名堂's 番 or ×, its caps) through its ``explain`` hook; the bot only words the
steps.

A step's message reads as a line of the settlement post: the first step of a win is its 计分 line, each further one
a line under it.
"""

from __future__ import annotations

from ..outcome import Step
from ..settlement import Seating
from ..words import Arg, Card, Listing, Msg, Seat, Term, listing, msg
from .rules import Explained, Won

TUN = Term("囤")
DENG = Term("等")


def tun_how(huxi: int, minimum: int, step: int, unit: Term = TUN) -> Msg | None:
    """How ``huxi`` comes to its units at 1 unit for ``minimum`` 胡息 and one more per full ``step`` above it (the
    engine's ``scoring.tun``), with this hand's numbers; None under the minimum."""
    extra = huxi - minimum
    if extra < 0:
        return None
    if extra == 0:
        return msg("{minimum} 胡息 1 {unit}", minimum=minimum, unit=unit)
    if extra < step:
        return msg("{minimum} 胡息 1 {unit}，多出 {extra} 不满 {step} 不算", minimum=minimum, unit=unit, extra=extra,
                   step=step)
    rest = extra % step
    if rest:
        return msg("{minimum} 胡息 1 {unit}，多出 {extra}，每 {step} 胡息加 1 {unit}，余 {rest} 不算", minimum=minimum,
                   unit=unit, extra=extra, step=step, rest=rest)
    return msg("{minimum} 胡息 1 {unit}，多出 {extra}，每 {step} 胡息加 1 {unit}", minimum=minimum, unit=unit,
               extra=extra, step=step)


def base_line(huxi: int, units: int, how: Msg | None, unit: Term = TUN) -> Msg:
    """``计分：胡息 21 → 3 囤（15 胡息 1 囤，多出 6，每 3 胡息加 1 囤）``; a hand valued at least 1 unit under the
    minimum (三提五坎) says so."""
    if how is not None:
        return msg("计分：胡息 {huxi} → {units} {unit}（{how}）", huxi=huxi, units=units, unit=unit, how=how)
    if units == 1:
        return msg("计分：胡息 {huxi} → 1 {unit}（不足起胡胡息，至少 1 {unit}）", huxi=huxi, unit=unit)
    return msg("计分：胡息 {huxi} → {units} {unit}", huxi=huxi, units=units, unit=unit)


def losers(won: Won) -> list[tuple[int, int]]:
    """(seat, amount) of every seat that pays the winner."""
    return [(s, -d) for s, d in enumerate(won.deltas) if d < 0 and s != won.winner]


def each_pays(won: Won, per: int) -> Msg | None:
    """``输家各付 9`` (``座位2 付 9`` when one pays) where every loser pays ``per``; None otherwise."""
    paying = losers(won)
    if not paying or any(n != per for _, n in paying):
        return None
    if len(paying) > 1:
        return msg("输家各付 {amount}", amount=per)
    return msg("{payer} 付 {amount}", payer=Seat(paying[0][0]), amount=per)


def with_pays(value: Msg, pays: Msg | None) -> Msg:
    """The value line, and who pays it where that is plain (``… = 9 分，输家各付 9``)."""
    return msg("{value}，{pays}", value=value, pays=pays) if pays is not None else value


def steps(*lines: Msg, value: int | None = None) -> tuple[Step, ...]:
    """The lines of a derivation, the last one carrying the value it comes to."""
    return tuple(Step(line, value if i == len(lines) - 1 else None) for i, line in enumerate(lines))


def named(name: str, n: int) -> Msg:
    """A 名堂 or factor with its number inside a sum or product (``红胡 3``, ``自摸 2``)."""
    return msg("{name} {n}", name=Term(name), n=n)


def hand_line(line: Msg | Listing) -> Step:
    """The hand's own 本局 line."""
    return Step(msg("本局：{deltas}", deltas=line))


def booked(deltas: tuple[int, ...]) -> Msg | Listing:
    """Who pays whom, read from the deltas where the variant has nothing of its own to say: one payee (or one payer)
    names every transfer; a hand that only credits says what each seat books."""
    payers = [(s, -d) for s, d in enumerate(deltas) if d < 0]
    payees = [(s, d) for s, d in enumerate(deltas) if d > 0]
    if not payers and not payees:
        return Msg("无人输赢")
    if sum(deltas) == 0 and len(payees) == 1:
        return listing((msg("{payer} 付 {payee} {amount}", payer=Seat(s), payee=Seat(payees[0][0]), amount=n)
                        for s, n in payers), "；")
    if sum(deltas) == 0 and len(payers) == 1:
        return listing((msg("{payer} 付 {payee} {amount}", payer=Seat(payers[0][0]), payee=Seat(s), amount=n)
                        for s, n in payees), "；")
    books: list[Arg] = [msg("{seat} +{n}", seat=Seat(s), n=d) if d > 0 else msg("{seat} -{n}", seat=Seat(s), n=-d)
                        for s, d in enumerate(deltas) if d]
    return listing(books) if sum(deltas) == 0 else msg("{booked}（记分，无人付分）", booked=listing(books))


def plain(won: Won, *lines: Msg, value: int | None = None) -> Explained:
    """A derivation whose payments need no words of their own: its lines (the last coming to ``value``, by default
    the hand's score), then 本局 as the deltas say."""
    value = won.priced.out["score"] if value is None else value
    return Explained(steps(*lines, value=value), (hand_line(booked(won.deltas)),))


def won_how(seat: int, win_from: str, from_seat: int | None, discard_is_pao: bool = True) -> Msg | Term:
    """Where the winning card came from, as the table says it: whose card it was (放炮 — or only 打出 where winning a
    discard costs its discarder nothing —, 摸出, the dealer's 亮张), or 自摸 / the dealt hand."""
    if from_seat is not None and from_seat != seat:
        if win_from == "discard":
            return msg("{seat} 放炮", seat=Seat(from_seat)) if discard_is_pao else msg("{seat} 打出", seat=Seat(from_seat))
        if win_from == "other_draw":
            return msg("{seat} 摸出", seat=Seat(from_seat))
        if win_from == "deal":
            return msg("{seat} 的亮张", seat=Seat(from_seat))
    return {"self_draw": Term("自摸"), "other_draw": Term("胡别人翻出的牌"), "discard": Term("放炮"),
            "deal": Term("起手牌")}[win_from]


def won_summary(seat: int, card: Card | None, how: Msg | Term | None) -> Msg:
    """The hand in one line: ``座位2 胡了 叁（座位1 放炮）``."""
    if card is not None and how is not None:
        return msg("{seat} 胡了 {card}（{how}）", seat=Seat(seat), card=card, how=how)
    if card is not None:
        return msg("{seat} 胡了 {card}", seat=Seat(seat), card=card)
    if how is not None:
        return msg("{seat} 胡了（{how}）", seat=Seat(seat), how=how)
    return msg("{seat} 胡了", seat=Seat(seat))


def nobody_pays_draw(seating: Seating, deltas: tuple[int, ...]) -> Explained:
    """A 黄庄 that books nothing and carries nothing."""
    return Explained(hand=(hand_line(booked(deltas)),))
