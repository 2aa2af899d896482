"""The 跑得快 beginner AI: plays out when it can, beats with the least, keeps bombs, beats a random player."""

from __future__ import annotations

from engine.ai import choose
from engine.paodekuai.game import PaodekuaiGame
from engine.selfplay import selfplay

from .helpers import play, scripted


def test_goes_out_in_one_play_when_it_can() -> None:
    g = scripted(["S5 H5 C5 S3 S4", "SA", "SK"])
    assert choose(g, 0).code == "trio:5+3+4"


def test_leads_its_weakest_combination_and_keeps_the_bomb_whole() -> None:
    g = scripted(["S3 S4 S5 S6 S7 S9 H9 C9 D9 SK", "SA", "SK"])
    assert choose(g, 0).code == "straight:3-7"
    h = scripted(["S9 H9 C9 D9 SK HK", "SA", "SQ"])
    assert choose(h, 0).code == "pair:K"  # not a 9 out of the bomb


def test_follows_with_the_smallest_play_that_beats() -> None:
    g = scripted(["S5 S9", "S6 S8 SA S2 H2", "SK"])
    play(g, "single:5")
    assert choose(g, 1).code == "single:6"


def test_keeps_a_bomb_when_it_may_pass_and_bombs_when_it_must() -> None:
    hands = ["S5 S9 SQ SJ S10", "S4 H4 C4 D4 S6 S7 S8", "S3 H3 C3"]
    forced = scripted(hands)
    play(forced, "single:5")
    assert choose(forced, 1).code == "single:6"
    only = scripted(["SK S9 SQ SJ S10", "S4 H4 C4 D4 S6 S7 S8", "S3 H3 C3"], must_beat=False)
    play(only, "single:K")
    assert choose(only, 1).code == "pass"
    near = scripted(["SK S9", "S4 H4 C4 D4 S6 S7 S8", "S3 H3 C3"], must_beat=False)
    play(near, "single:K")
    assert choose(near, 1).code == "bomb:4"  # seat 0 is down to one card


def test_never_stakes() -> None:
    g = PaodekuaiGame({"daniao": True}, 3)
    assert {choose(g, s).code for s in g.to_act()} == {"pass"}


def test_beats_a_random_player() -> None:
    out = selfplay("paodekuai", 300, seed=5, random_seats=1)["versus_random"]
    assert out["ai_wins_per_seat_hand"] > 3 * out["random_wins_per_seat_hand"]
