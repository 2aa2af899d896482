"""麻将 困难 in a claim window (``engine/mahjong/hard.py``): 推倒胡 wins only by 自摸 and pays a 门前清 平胡 twice
(``rules/tuidaohu.md`` §5.1), so a concealed 困难 hand does not 碰 what 普通 would."""

from __future__ import annotations

from engine import ai
from engine.core import Action
from engine.registration import HARD, NORMAL
from tests.mahjong.stack import act, hand, pass_window


def test_tuidaohu_hard_keeps_a_concealed_hand_from_peng() -> None:
    # Seat 1 holds 5p5p and two more pairs; seat 0 throws 5p: 普通 碰s it (closer to a win), 困难 stays 门前清.
    g = hand("tuidaohu", ["5p", "123m456m5p5p9s9s1z1z", None, None], jiachui=False)
    act(g, 0, "discard:5p")
    pass_window(g, keep=[1])
    assert 1 in g.to_act()
    assert ai.choose(g, 1, NORMAL).kind == "peng"
    assert ai.choose(g, 1, HARD) == Action("pass")
