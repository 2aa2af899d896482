"""麻将 困难 in a claim window (``engine/mahjong/hard.py``): where waiting pays more than 普通's answer.

红中麻将 pays a 接炮 1 a share from the discarder and a 自摸 2 from each of three (``rules/hongzhong.md`` §5), so
困难 lets a discard go by while a 自摸 is likely, and takes it once the wall runs short; 推倒胡 wins only by 自摸 and
pays a 门前清 平胡 twice (``rules/tuidaohu.md`` §5.1), so a concealed 困难 hand does not 碰 what 普通 would."""

from __future__ import annotations

from engine import ai
from engine.core import Action
from engine.mahjong import hard
from engine.registration import HARD, NORMAL
from tests.mahjong.stack import act, discard, hand, pass_window

# Seat 1 holds one 红中: 123m456m789m12p5p中 wins on 3p, 5p or a drawn 红中.
READY_5P_RED = "123m456m789m12p5p7z"


def _offered_5p() -> object:
    """Seat 2 throws a 5p early in the hand; seat 1 may win it (the window left open for seat 1 alone)."""
    g = hand("hongzhong", ["9s", READY_5P_RED, "5p", None], draws="8s8s", fill="5s9s")
    discard(g, 0, "9s")
    discard(g, 1, "8s")
    act(g, 2, "discard:5p")
    pass_window(g, keep=[1])
    assert g.to_act() == [1] and [a.code for a in g.legal_actions(1)] == ["hu", "pass"]
    return g


def test_hongzhong_hard_lets_an_early_jiepao_go_for_the_likelier_richer_zimo() -> None:
    g = _offered_5p()
    assert ai.choose(g, 1, NORMAL) == Action("hu")
    assert hard._self_draw_chance(g, 1) >= hard.HOLD_FOR_SELF_DRAW
    assert ai.choose(g, 1, HARD) == Action("pass")


def test_hongzhong_hard_takes_the_jiepao_when_the_wall_is_nearly_out() -> None:
    g = _offered_5p()
    g.wall = g.wall[:5]  # one draw left for each seat: a 自摸 is unlikely now
    assert hard._self_draw_chance(g, 1) < hard.HOLD_FOR_SELF_DRAW
    assert ai.choose(g, 1, HARD) == Action("hu")


def test_tuidaohu_hard_keeps_a_concealed_hand_from_peng() -> None:
    # Seat 1 holds 5p5p and two more pairs; seat 0 throws 5p: 普通 碰s it (closer to a win), 困难 stays 门前清.
    g = hand("tuidaohu", ["5p", "123m456m5p5p9s9s1z1z", None, None], jiachui=False)
    act(g, 0, "discard:5p")
    pass_window(g, keep=[1])
    assert 1 in g.to_act()
    assert ai.choose(g, 1, NORMAL).kind == "peng"
    assert ai.choose(g, 1, HARD) == Action("pass")
