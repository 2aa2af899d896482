"""Hidden information in the public view (issue 7): who is asked in a claim window is secret, and the leak
checks of ``tests/property_checks.py`` count copies per seat, so a face-down card cannot hide behind a face-up
copy of the same card elsewhere."""

from __future__ import annotations

import pytest

import engine.variants.fangpaofa as fangpaofa
from engine.core import Event
from engine.words import Card, Seat, msg
from engine.zipai.views import ZipaiView
from tests.helpers_zipai import act, legal, stacked, stacked_game
from tests.property_checks import check_public, check_public_events, table_extras, visible_by_seat


def _without_version(view: ZipaiView) -> dict:
    return {k: v for k, v in view.to_json().items() if k != "version"}


def test_claim_window_does_not_name_the_seats_asked() -> None:
    # The dealer's 九 may be 吃-ed by seat 1 (七八) and 碰-ed by seat 2 (九九): both are asked.
    g = stacked(hands=("九", "七八", "九九"))
    act(g, 0, "discard:九")
    assert sorted(g.to_act()) == [1, 2]  # the engine still tells the bot whom to ask
    pv = g.public_view()
    assert pv.to_act == () and pv.claims_pending is True and pv.revealed == "九"
    assert "peng:九" in g.view(2).legal and any(c.startswith("chi:") for c in g.view(1).legal)
    assert g.view(0).legal == () and g.view(0).to_act == ()
    # Seat 1 passes; seat 2 is still asked: the public view does not change.
    act(g, 1, "pass")
    assert g.to_act() == [2]
    assert _without_version(g.public_view()) == _without_version(pv)
    act(g, 2, "peng:九")
    pv = g.public_view()
    assert pv.claims_pending is False and pv.to_act == (2,)  # a discard is everyone's business


def test_stake_window_names_who_has_not_chosen() -> None:
    game = stacked_game(fangpaofa.RULES, {"daniao": True}, ["七", "", ""], liang="十")
    assert game.public_view().to_act == (0, 1, 2) and game.public_view().claims_pending is False
    game.apply(1, "stake")
    assert game.public_view().to_act == (0, 2)


def _wei_behind_face_up_copy():  # noqa: ANN202
    """Seat 1 偎s 九 face down while another 九 (the 亮张) was shown to everybody at the deal."""
    g = stacked(hands=("", "九九", ""), wall="九", liang="九")
    assert any(e.kind == "liang" and e.public and e.data["card"] == "九" for e in g.events)
    act(g, 0, "discard:拾")
    while g.window is not None:
        act(g, g.to_act()[0], "pass")
    assert [m.kind for m in g.melds[1]] == ["wei"]
    return g


def test_leak_check_counts_copies_per_seat() -> None:
    g = _wei_behind_face_up_copy()
    check_public(g, [])  # the honest view passes
    g.melds[1][0].shown = 3  # a view that turns the 偎 face up: 九 is a visible kind, but not at seat 1
    with pytest.raises(AssertionError, match="seat 1 shows unseen cards"):
        check_public(g, [])


def test_leak_check_catches_an_event_naming_a_face_down_card() -> None:
    g = _wei_behind_face_up_copy()
    visible = visible_by_seat(g)
    allowed = [sum(col) for col in zip(*visible, table_extras(g), strict=True)]
    leak = Event("wei", {"seat": 1}, None, msg("{seat} 偎 {card}", seat=Seat(1), card=Card("九", "九")))
    with pytest.raises(AssertionError, match="hides"):
        check_public_events(g, [leak], visible, allowed)
    with pytest.raises(AssertionError, match="hides"):  # the card named in the data alone leaks as well
        check_public_events(g, [Event("wei", {"seat": 1, "card": "九"})], visible, allowed)
    check_public_events(g, [Event("wei", {"seat": 1}, None, msg("{seat} 偎牌", seat=Seat(1)))], visible, allowed)


def test_claims_pending_only_in_a_card_window() -> None:
    g = stacked(hands=("", "", ""))
    assert g.window is None  # the dealer must discard
    assert g.public_view().claims_pending is False and g.public_view().to_act == (0,)
    assert legal(g, 0)


def test_a_possible_zimo_after_ones_own_wei_looks_like_an_ordinary_turn() -> None:
    # Seat 1 holds 九九 and a hand that wins with the 偎 of his drawn 九; in the second hand the pair alone.
    wins = "九九 壹贰叁 贰柒拾 一二三 四五六 肆伍陆 五六七"  # 偎九 3 + 6 + 6 + 3 = 18 胡息
    g = stacked(hands=("", wins, ""), wall="九")
    act(g, 0, "discard:拾")
    while g.window is not None and g.window_kind != "own":
        act(g, g.to_act()[0], "pass")
    assert g.window_kind == "own" and g.to_act() == [1] and "hu" in legal(g, 1)
    pv = g.public_view()
    assert pv.to_act == (1,) and pv.claims_pending is False and pv.phase == "discard"
    plain = stacked(hands=("", "九九", ""), wall="九")
    act(plain, 0, "discard:拾")
    while plain.window is not None:
        act(plain, plain.to_act()[0], "pass")
    other = plain.public_view()
    assert (other.to_act, other.claims_pending, other.phase) == ((1,), False, "discard")
