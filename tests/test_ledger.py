"""The in-hand payments ledger (杠钱, 炸弹现结) and the typed wins every family reports."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Win
from engine.ledger import CANCEL_ON_DRAW, KEEP, Ledger, Payment, net
from engine.outcome import How
from engine.registry import all_variants, get_variant
from engine.selfplay import play_hand
from engine.words import Msg


@st.composite
def ledgers(draw: st.DrawFn) -> Ledger:
    seats = draw(st.integers(2, 4))
    ledger = Ledger(seats)
    for _ in range(draw(st.integers(0, 12))):
        payer = draw(st.integers(0, seats - 1))
        payee = draw(st.integers(0, seats - 2))
        payee += payee >= payer  # any other seat
        ledger.pay(payer, payee, draw(st.integers(0, 1000)), Msg(draw(st.sampled_from(["暗杠", "补杠", "放杠", "炸弹"]))))
    return ledger


@settings(max_examples=300, deadline=None)
@given(ledgers(), st.booleans(), st.sampled_from([KEEP, CANCEL_ON_DRAW]))
def test_ledger_is_zero_sum_under_either_end_rule(ledger: Ledger, drawn: bool, rule: str) -> None:
    assert sum(ledger.totals()) == 0
    stood = ledger.settle(drawn, rule)  # type: ignore[arg-type]
    assert sum(net(ledger.seats, stood)) == 0
    if rule == CANCEL_ON_DRAW and drawn:
        assert stood == []
    else:
        assert stood == ledger.payments
    # each seat's total is what it received minus what it paid
    for seat in range(ledger.seats):
        got = sum(p.amount for p in ledger.payments if p.payee == seat)
        gave = sum(p.amount for p in ledger.payments if p.payer == seat)
        assert ledger.totals()[seat] == got - gave


@settings(max_examples=200, deadline=None)
@given(ledgers())
def test_ledger_survives_a_json_round_trip(ledger: Ledger) -> None:
    text = json.dumps(ledger.to_json(), ensure_ascii=False)
    back = Ledger.from_json(json.loads(text))
    assert back == ledger
    assert back.totals() == ledger.totals()
    assert [Payment.from_json(json.loads(json.dumps(p.to_json()))) for p in ledger.payments] == ledger.payments


def test_kong_money_kept_after_liuju_and_cancelled_on_huangzhuang() -> None:
    """红中: 暗杠 2 from each, kept after 流局; 推倒胡: the same money cancelled on 荒庄, kept on a win."""
    ledger = Ledger(4)
    for payer in (1, 2, 3):
        ledger.pay(payer, 0, 2, Msg("暗杠"))
    ledger.pay(2, 3, 3, Msg("放杠"))
    assert ledger.totals() == [6, -2, -5, 1]
    assert net(4, ledger.settle(True, KEEP)) == [6, -2, -5, 1]
    assert ledger.settle(True, CANCEL_ON_DRAW) == []
    assert net(4, ledger.settle(False, CANCEL_ON_DRAW)) == [6, -2, -5, 1]
    with pytest.raises(ValueError):
        ledger.settle(True, "sometimes")  # type: ignore[arg-type]


@pytest.mark.parametrize(("payer", "payee", "amount"), [(1, 1, 2), (0, 4, 1), (-1, 0, 1), (0, 1, -3)])
def test_ledger_refuses_payments_that_are_not_money_between_seats(payer: int, payee: int, amount: int) -> None:
    ledger = Ledger(4)
    with pytest.raises(ValueError):
        ledger.pay(payer, payee, amount, Msg("暗杠"))
    assert len(ledger) == 0
    with pytest.raises(ValueError):
        Ledger(4, [Payment(payer, payee, amount, Msg("暗杠"))])


def test_win_round_trips_through_json() -> None:
    for win in (Win(1, 2, "三", ("红胡", "自摸"), 12), Win(0, None, None, (), 3)):
        assert Win.from_json(json.loads(json.dumps(win.to_json(), ensure_ascii=False))) == win


ZIPAI = [v.id for v in all_variants() if v.family == "zipai"]


@pytest.mark.parametrize("variant_id", ZIPAI)
def test_zipai_wins_match_their_detail_in_self_played_hands(variant_id: str) -> None:
    variant = get_variant(variant_id)
    opts = variant.validate({})
    seats = variant.seat_count(opts)
    won = 0
    for seed in range(40):
        game = play_hand(variant.new_hand(opts, seed, seed % seats, {}))
        result = game.result
        assert result is not None
        assert result.ledger == [] and result.next_dealer is None  # 字牌 has no in-hand money, keeps its rotation
        if result.draw:
            assert result.wins == []
            continue
        won += 1
        d = result.detail
        assert result.outcome is not None
        [told] = result.outcome.winners
        assert told.value == d["score"] and told.patterns == tuple(d.get("patterns", ()))
        assert result.wins == [Win(told.seat, told.from_seat, told.card, told.patterns, told.value)]
        assert [w.seat for w in result.wins] == result.winners
        win = result.wins[0]
        # the typed win agrees with how the money moved: the winner gains, a discarder (放炮) loses
        assert result.deltas[win.seat] > 0 or win.value == 0
        if win.from_seat is not None and told.how is How.DISCARD:
            assert result.deltas[win.from_seat] <= 0
    assert won > 0
