"""跑得快's 记牌器: the unseen cards and the plays nothing unseen can beat."""

from __future__ import annotations

from engine.hints import hints
from engine.paodekuai.cards import RANKS, counts_of
from engine.paodekuai.game import PaodekuaiGame
from engine.registry import get_variant
from engine.selfplay import choose


def test_unseen_cards_are_the_deck_less_own_hand_and_every_played_card() -> None:
    v = get_variant("paodekuai")
    opts = v.validate({})
    for seed in range(20):
        g = v.new_hand(opts, seed, 0, {})
        assert isinstance(g, PaodekuaiGame)
        for _ in range(12):
            if g.finished:
                break
            seat = g.to_act()[0]
            told = dict(hints(g, seat)[0].unseen)
            deck = counts_of(g.deck)
            own = counts_of(g.hands[seat])
            played = counts_of([c for p in g.played for c in p])
            for r, name in enumerate(RANKS):
                assert told.get(name, 0) == deck[r] - own[r] - played[r]
            g.apply(seat, choose(g, seat))


def test_the_last_two_is_safe_exactly_when_no_bomb_is_unseen() -> None:
    """16-card game: one 2 is left in the deck. Its holder's single 2 can be beaten only by a bomb, so it is 管不上
    exactly when no rank has all four copies unseen."""
    v = get_variant("paodekuai")
    opts = v.validate({})
    checked = 0
    for seed in range(60):
        g = v.new_hand(opts, seed, 0, {})
        assert isinstance(g, PaodekuaiGame)
        seat = g.to_act()[0]
        if counts_of(g.hands[seat])[RANKS.index("2")] != 1:
            continue
        told = hints(g, seat)[0]
        bomb_unseen = any(n == 4 for _, n in told.unseen)
        single_two = any(play.code == "single:2" and play.name.zh() == "单张 2" for play in told.safe)
        assert single_two == (not bomb_unseen), (seed, told)
        checked += 1
    assert checked >= 10


def test_no_counter_before_the_deal_or_after_the_hand() -> None:
    v = get_variant("paodekuai")
    g = v.new_hand(v.validate({"daniao": True}), 1, 0, {})
    assert isinstance(g, PaodekuaiGame)
    assert hints(g, 0) == []  # 打鸟 is still being chosen
    while not g.finished:
        seat = g.to_act()[0]
        if g.predeal is None:
            assert hints(g, seat)  # in play the seat to act has a counter
        g.apply(seat, choose(g, seat))
    assert all(hints(g, s) == [] for s in range(3))  # the hand is over: nothing left to count
