"""长沙麻将's game flow (engine.mahjong.changsha_game) on scripted walls: 起手胡, 开杠/补张, 海底, 通炮, 抢杠胡, 漏胡,
birds in every mode, 坐飘; and seeded self-play (tiles conserved, zero-sum, replay from the log)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from engine.core import IllegalAction
from engine.mahjong import changsha as cs
from engine.mahjong.changsha_game import ChangshaGame, choose, new_game
from engine.mahjong.tiles import KINDS, ids
from engine.mahjong.views import Shown
from engine.match import Match
from engine.outcome import Bird, How, Outcome
from engine.registry import get_variant
from engine.selfplay import play_hand

HAND = 13


def _related(a: int, b: int) -> bool:
    return a == b or (a // 9 == b // 9 and abs(a - b) <= 2)


def _filler(pool: Counter[int], hand: list[int], n: int) -> list[int]:
    out: list[int] = []
    for _ in range(n):
        held = hand + out
        kinds = [t for t in sorted(pool) if pool[t] > 0]
        free = [t for t in kinds if not any(_related(t, h) for h in held)]
        loose = [t for t in kinds if t not in held]
        pick = (free or loose or kinds)[0]
        pool[pick] -= 1
        out.append(pick)
    return out


def stack(options: dict, hands: Sequence[str | None], draws: str | Iterable[str] = (),
          tails: str | Iterable[str] = (), dealer: int = 0, fill: str | Iterable[str] = ()) -> list[int]:
    """A full wall as the game deals it: the dealer's 14, each next seat's 13, the draws from the front in order,
    ``fill`` after them (birds), the rest, and at the very back the tail tiles in the order they are taken."""
    pool: Counter[int] = Counter(cs.tile_set(options))
    wanted = [ids(h) if h else [] for h in hands]
    extra = [ids(x) if x else [] for x in (draws, fill, tails)]
    for tiles in [*wanted, *extra]:
        for t in tiles:
            assert pool[t] > 0, f"no copy of {t} left"
            pool[t] -= 1
    deal: list[int] = []
    for i in range(len(hands)):
        s = (dealer + i) % len(hands)
        deal += wanted[s] + _filler(pool, wanted[s], HAND + (s == dealer) - len(wanted[s]))
    rest = _filler(pool, [], sum(pool.values()))
    return deal + extra[0] + extra[1] + rest + extra[2][::-1]


def make(hands: Sequence[str | None], draws: str | Iterable[str] = (), tails: str | Iterable[str] = (),
         fill: str | Iterable[str] = (), dealer: int = 0, players: int = 4, **options: object) -> ChangshaGame:
    hands = [*hands, *[None] * (players - len(hands))]
    opts = cs.parse_options({"players": players, **options})
    return new_game(opts, 0, dealer, wall=stack(opts, hands, draws, tails, dealer, fill))


def idle(g: ChangshaGame, s: int) -> str:
    """What a seat not under test does: 过 any window, discard the tile it drew (else its last tile)."""
    if g.window is not None:
        return "pass"
    legal = [a.code for a in g.legal_actions(s) if a.kind == "discard"]
    drawn = g.view(s).drawn
    return f"discard:{drawn}" if drawn is not None and f"discard:{drawn}" in legal else legal[-1]


def until(g: ChangshaGame, seat: int) -> None:
    """Let every other seat idle (and every window, 起手胡 included, be passed) until ``seat``'s own turn."""
    for _ in range(500):
        assert not g.finished, g.result and g.result.outcome and g.result.outcome.summary.zh()
        todo = g.to_act()
        if todo == [seat] and g.window is None:
            return
        g.apply(todo[0], idle(g, todo[0]))
    raise AssertionError("never asked")


def close(g: ChangshaGame) -> None:
    """Everyone still asked in the open window passes."""
    while g.window is not None and g.window_kind in ("discard", "gangpao", "rob") and g.to_act():
        g.apply(g.to_act()[0], "pass")


def act(g: ChangshaGame, seat: int, code: str) -> None:
    until(g, seat)
    g.apply(seat, code)


def codes(g: ChangshaGame, seat: int) -> list[str]:
    return [a.code for a in g.legal_actions(seat)]


def paid(g: ChangshaGame) -> list[tuple[int, int, int]]:
    assert g.result is not None and g.result.outcome is not None
    return sorted((p.payer, p.payee, p.amount) for p in g.result.outcome.payments)


def outcome(g: ChangshaGame) -> Outcome:
    assert g.result is not None and g.result.outcome is not None
    return g.result.outcome


def bird_cards(g: ChangshaGame) -> list[str]:
    """The bird tiles turned up (3 and 2 players list each once per seat counted from: the first such seat's)."""
    birds = outcome(g).birds
    first = birds[0].counted_from if birds else None
    return [b.card for b in birds if b.counted_from == first]


def patterns(g: ChangshaGame) -> list[list[str]]:
    return [list(w.patterns) for w in outcome(g).winners]


def census_ok(g: ChangshaGame) -> bool:
    full = Counter(cs.tile_set(g.options))
    return g.census() == [full[t] for t in range(KINDS)]


# ---------------------------------------------------------------------------------------------------- 起手胡
def finish_idle(g: ChangshaGame) -> None:
    while not g.finished:
        s = g.to_act()[0]
        g.apply(s, idle(g, s))


def test_qishou_asked_in_turn_from_the_dealer_shown_and_paid_at_a_drawn_hand():
    # dealer seat 1: 四喜 (3m ×4); seat 3: 六六顺 (7p ×3, 9s ×3); seat 2 holds none
    g = make([None, "3m3m3m3m 2p4p6s 2s5s8s", "6m7m8m 4p5p6p 1s2s3s 7p8p9p 5m", "7p7p7p 9s9s9s 2m4m6m 1p"],
             dealer=1, tails="5p")
    assert g.window_kind == "qishou" and g.to_act() == [1]
    assert list(g.public_view().to_act) == [] and g.public_view().claims_pending  # who holds one stays hidden
    assert codes(g, 1) == ["qishou", "pass"]
    question = g.view(1).question
    assert question is not None and "四喜" in question.zh() and g.view(2).question is None  # asked of him alone
    assert "question" not in g.public_view().to_json()
    g.apply(1, "qishou")
    declared = [q for q in g.public_view().qishou if q.seat == 1]
    assert declared[0] == Shown(1, "四喜", ("3m",) * 4)
    said = g.events[-1].says
    assert said is not None and "起手胡：四喜" in said.zh() and g.events[-1].audience is None
    assert g.window_kind == "qishou" and g.to_act()[0] in (3, 0)  # seat 2 has none and is never asked
    asked = []
    while g.window_kind == "qishou":
        asked.append(g.to_act()[0])
        g.apply(asked[-1], "pass")
    assert 3 in asked and 2 not in asked and asked == sorted(asked, key=lambda s: (s - 1) % 4)
    assert g.to_act() == [1] and g.window is None  # then the dealer plays
    finish_idle(g)  # nobody takes the 海底: a drawn hand, whose last tile is the bird, counted twice
    r = g.result
    assert r is not None and r.draw
    assert bird_cards(g) == ["5p", "5p"]
    names = [q.name for q in g.public_view().qishou if q.seat == 1]
    assert names[0] == "四喜" and {q.seat for q in g.public_view().qishou} == {1}
    # 5p → rank 5 → the dealer (seat 1) itself: both birds hit every payer, 2 × count × 4 from each
    mine = sorted((p.payer, p.amount) for p in outcome(g).payments if p.payee == 1)
    assert mine == [(0, 8 * len(names)), (2, 8 * len(names)), (3, 8 * len(names))]
    assert sum(r.deltas) == 0 and r.next_dealer == 1  # no 海底 taken: the dealer keeps the deal
    assert census_ok(g)


def test_a_passed_qishou_is_not_paid_and_several_add():
    # dealer 0: 板板胡 (no 2/5/8) and 六六顺 (1m ×3, 9p ×3) declared together; seat 1 passes his 缺一色
    g = make(["1m1m1m 9p9p9p 3s4s6s7s 3p4p6p 7m", "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p"], tails="1s")
    assert g.to_act() == [0]
    g.apply(0, "qishou")
    shown = [q for q in g.public_view().qishou if q.seat == 0]
    assert [w.name for w in shown] == ["板板胡", "六六顺"]
    assert sorted(shown[0].tiles) == sorted(g.view(0).hand)  # 板板胡 shows the whole hand
    assert list(shown[1].tiles) == ["1m"] * 3 + ["9p"] * 3
    assert g.to_act() == [1]
    g.apply(1, "pass")
    finish_idle(g)
    r = g.result
    assert r is not None and r.draw
    # 1s bird → the dealer: × 4; two 起手胡 → 2 × 2 from each
    assert sorted((p.payer, p.amount) for p in outcome(g).payments) == [(1, 16), (2, 16), (3, 16)]
    assert all(p.payee == 0 for p in outcome(g).payments)


def test_midway_sixi_is_offered_right_after_the_draw_and_paid_with_the_win():
    # seat 1 holds 6s ×3 and draws the 4th: 中途四喜 on offer at that turn; the same draw wins by 自摸
    g = make([None, "6s6s6s 2m2m 3p4p5p 6m7m8m 4s5s", None, None], draws=["6s"], fill="1m1m")
    until(g, 1)
    assert g.view(1).drawn == "6s"
    assert codes(g, 1)[:2] == ["hu", "qishou"]
    assert g.name_action(g.legal_actions(1)[1]).label == "起手胡 中途四喜"
    g.apply(1, "qishou")
    assert g.public_view().qishou == (Shown(1, "中途四喜", ("6s",) * 4),)
    assert "qishou" not in codes(g, 1)
    g.apply(1, "hu")
    r = g.result
    assert r is not None and r.winners == [1] and patterns(g) == [["小胡"]]
    # birds 1m 1m → the dealer: his pair with seat 1 is hit twice (× 4), for the 起手胡 and the win alike
    assert paid(g) == [(0, 1, 8), (0, 1, 8), (2, 1, 2), (2, 1, 2), (3, 1, 2), (3, 1, 2)]
    assert sum(1 for p in outcome(g).payments if p.why.zh().startswith("起手胡 中途四喜")) == 3
    # the win's value is its own money (the dealer's 2 × 4 with his birds, 2 and 2), not the 起手胡's
    assert outcome(g).winners[0].value == 8 + 2 + 2 and r.wins[0].value == 12


# ---------------------------------------------------------------------------------------------------- 开杠 / 补张
KONGER = "5m5m5m5m 2p3p4p 6s7s8s 2m2m 7p8p"  # after the kong: 听 6p / 9p with a 2m 将


def test_kaigang_shows_two_tail_tiles_and_wins_either_gangshanghua():
    g = make([KONGER, None, None, None], draws=["1m", "3m"], tails=["1s", "6p"])
    until(g, 0)  # 5m ×4 is a 四喜: passed
    assert {"kaigang:5m", "buzhang:5m"} <= set(codes(g, 0))
    g.apply(0, "kaigang:5m")
    assert g.public_view().kong_tiles == ("1s", "6p") and g.locked[0]
    assert codes(g, 0) == ["hu", "pass"]
    g.apply(0, "hu")
    r = g.result
    assert r is not None and r.winners == [0] and patterns(g) == [["杠上花"]]
    assert outcome(g).winners[0].card == "6p"
    # birds 1m (→ dealer = winner: every payer) and 3m (→ 对家 seat 2 only): ×2, ×4 for seat 2
    assert paid(g) == [(1, 0, 12), (2, 0, 24), (3, 0, 12)]
    assert r.next_dealer == 0 and census_ok(g)


def test_kaigang_needs_tingpai_after_the_kong():
    g = make(["5m5m5m5m 2p3p4p 6s7s8s 2m9m 1p7p", None, None, None])
    until(g, 0)
    assert "buzhang:5m" in codes(g, 0) and "kaigang:5m" not in codes(g, 0)


def test_gangshangpao_tongpao_the_konger_pays_each_winner_and_deals_next():
    g = make([KONGER, "5p5p 2s3s 1m2m3m 7m8m9m 4p5p6p", "8p8p 6m7m 1m2m3m 3p3p3p 4s5s6s", None],
             draws=["1p", "9p"], tails=["1s", "8m"])
    until(g, 0)
    g.apply(0, "kaigang:5m")
    # neither 1s nor 8m wins for the konger: both go out together, only 胡 may be claimed
    assert g.window_kind == "gangpao" and g.public_view().claims_pending
    assert codes(g, 1) == ["hu", "pass"] and codes(g, 2) == ["hu", "pass"]
    g.apply(1, "hu")
    g.apply(2, "hu")
    r = g.result
    assert r is not None and r.winners == [1, 2]
    assert patterns(g) == [["杠上炮"], ["杠上炮"]]
    assert [w.card for w in outcome(g).winners] == ["1s", "8m"]
    # birds 1p → the dealer (the konger: hits both pairs), 9p → the dealer again: ×4 each
    assert paid(g) == [(0, 1, 24), (0, 2, 24)]
    assert r.next_dealer == 0 and sum(r.deltas) == 0 and census_ok(g)


def test_kaigang_tiles_nobody_wins_are_discarded_and_the_konger_is_locked():
    g = make([KONGER, None, None, None], draws=["2m", "9m", "4s", "1m"], tails=["1s", "3s"])
    until(g, 0)
    g.apply(0, "kaigang:5m")
    assert list(g.public_view().discards[0]) == ["1s", "3s"]
    assert g.to_act() == [1] and g.window is None  # nobody could win 1s/3s: the 下家 draws
    g.apply(1, "discard:2m")  # an unlocked seat 0 (2m 2m in hand) could 碰 it
    assert g.window is None or 0 not in g.window.options
    until(g, 0)
    assert codes(g, 0) == ["discard:1m"]  # no win, no kong with the drawn 1m: he may only discard it
    with pytest.raises(IllegalAction):
        g.apply(0, "discard:2m")


def test_a_second_kaigang_only_with_the_same_waits():
    # waits 2p/5p held in 3p4p; 7s ×3 kept whole: konging the kong tile 7s keeps the waits → offered
    same = make(["9m9m9m9m 7s7s7s 2m2m 3p4p 5p6p7p", None, None, None], tails=["7s", "1m", "8m", "1s"])
    until(same, 0)
    same.apply(0, "kaigang:9m")
    assert same.window_kind == "kaigang" and codes(same, 0) == ["kaigang:7s", "pass"]
    same.apply(0, "kaigang:7s")
    shown = [e.data["tiles"] for e in same.events if e.kind == "kaigang"]
    assert shown == [["7s", "1m"], ["8m", "1s"]]
    assert list(same.public_view().discards[0]) == ["1m", "8m", "1s"]
    assert [m.type for m in same.public_view().melds[0]] == ["angang", "angang"]
    assert census_ok(same)
    # 2s ×3 in 2s2s2s3s waits 1s/4s; konging a 2s leaves 3s alone (no 2-5-8 将): refused, both tiles go out
    changed = make(["9m9m9m9m 2s2s2s3s 3p4p5p 6m7m8m", None, None, None], tails=["2s", "9p"])
    until(changed, 0)
    changed.apply(0, "kaigang:9m")
    assert changed.window_kind != "kaigang"
    assert list(changed.public_view().discards[0]) == ["2s", "9p"]


def test_buzhang_on_a_discard_takes_one_tail_tile_and_does_not_lock():
    g = make(["4p", "4p4p4p 1m2m3m 5m6m7m 2s3s 8s8s"], tails=["9s"])
    until(g, 0)
    g.apply(0, "discard:4p")
    assert {"buzhang:4p", "peng:4p"} <= set(codes(g, 1))
    g.apply(1, "buzhang:4p")
    assert g.view(1).drawn == "9s" and not g.locked[1]
    assert g.public_view().melds[1][0].type == "gang"
    discards = [c for c in codes(g, 1) if c.startswith("discard")]
    assert len(discards) > 1  # free to discard any tile
    assert census_ok(g)


def test_qiangganghu_robs_a_buzhang_of_a_peng_and_the_konger_pays():
    # seat 1 碰 5s from the dealer, later draws the 4th and 补张s it; seat 2 (waiting 5s) robs
    g = make(["5s", "5s5s 1m2m3m 4m5m6m 7p8p9p 2p", "2m2m 3s4s 6p7p8p 1p2p3p 7m8m9m"],
             draws=["9s", "1s", "3m", "5s"], fill="2p6m")
    until(g, 0)
    g.apply(0, "discard:5s")
    assert "hu" in codes(g, 2)
    g.apply(2, "pass")
    g.apply(1, "peng:5s")
    g.apply(1, "discard:2p")
    until(g, 1)
    assert g.view(1).drawn == "5s"
    g.apply(1, "buzhang:5s")
    assert g.window_kind == "rob" and codes(g, 2) == ["hu", "pass"]
    g.apply(2, "hu")
    r = g.result
    assert r is not None and r.winners == [2] and outcome(g).winners[0].how is How.ROBBING_KONG
    assert patterns(g) == [["抢杠胡"]]
    # birds 2p (→ 下家 seat 1: the konger) and 6m (→ seat 1 again): ×4
    assert paid(g) == [(1, 2, 24)]
    assert census_ok(g)


# ---------------------------------------------------------------------------------------------------- 海底
def _to_haidi(g: ChangshaGame) -> None:
    for _ in range(400):
        if g.window_kind == "haidi":
            return
        s = g.to_act()[0]
        g.apply(s, idle(g, s))
    raise AssertionError("no 海底")


WAITS_6P = "2m2m 3p4p5p 6s7s8s 1m2m3m 7p8p"  # 听 6p / 9p


def test_haidi_offered_in_turn_taken_and_won_haidilaoyue_with_the_haidi_tile_as_bird():
    g = make([None, None, None, WAITS_6P], tails="6p", fill="9m")
    _to_haidi(g)
    assert len(g.wall) == 1
    offered = g.to_act()
    assert offered == [3] and codes(g, 3) == ["haidi", "pass"]
    assert g.name_action(g.legal_actions(3)[0]).label == "要海底"
    g.apply(3, "haidi")
    assert codes(g, 3) == ["hu", "discard:6p"]
    g.apply(3, "hu")
    r = g.result
    assert r is not None and patterns(g) == [["海底捞月"]]
    assert bird_cards(g) == ["6p"]
    # 6p → the dealer's 下家 (seat 1): only seat 1's pair is hit
    assert paid(g) == [(0, 3, 6), (1, 3, 12), (2, 3, 6)]
    assert census_ok(g)


def test_haidi_declined_by_all_is_a_drawn_hand_and_the_dealer_keeps_the_deal():
    g = make([None, None, None, None], dealer=2, tails="6p")
    _to_haidi(g)
    first = g.to_act()[0]
    for i in range(4):
        assert g.to_act() == [(first + i) % 4]
        assert "海底" in g.view((first + i) % 4).question.zh()
        g.apply((first + i) % 4, "pass")
    r = g.result
    assert r is not None and r.draw and r.next_dealer == 2 and r.deltas == [0, 0, 0, 0]


def test_haidipao_the_taker_pays_and_a_taken_haidi_nobody_wins_passes_the_deal():
    g = make([None, WAITS_6P, None, None], tails="6p")
    _to_haidi(g)
    assert g.to_act() == [3]
    g.apply(3, "haidi")
    assert codes(g, 3) == ["discard:6p"]
    g.apply(3, "discard:6p")
    assert codes(g, 1) == ["hu", "pass"]
    g.apply(1, "hu")
    r = g.result
    assert r is not None and patterns(g) == [["海底炮"]] and outcome(g).winners[0].from_seat == 3
    assert paid(g) == [(3, 1, 12)]  # the 海底 bird 6p lands on seat 1, the winner
    assert r.next_dealer == 1
    h = make([None, None, None, None], tails="6p")
    _to_haidi(h)
    h.apply(3, "haidi")
    h.apply(3, "discard:6p")
    assert h.finished and h.result is not None and h.result.draw and h.result.next_dealer == 3


def test_fewer_wall_tiles_than_birds_all_are_birds():
    # the last discard before the 海底 (one tile left) is won: that one tile is the only bird
    opts = cs.parse_options({})
    wall = stack(opts, [None, None, None, WAITS_6P], tails="6p")
    nine = ids("9p")[0]
    at = next(i for i in range(53, 106) if wall[i] == nine)
    wall[at], wall[106] = wall[106], wall[at]  # seat 2's last draw (the 54th) is a 9p
    g = new_game(opts, 0, 0, wall=wall)
    while not (g.window_kind == "discard" and len(g.wall) == 1):
        s = g.to_act()[0]
        g.apply(s, idle(g, s))
    assert g.window_from == 2 and g.window_card == nine and codes(g, 3)[0] == "hu"
    g.apply(3, "hu")
    close(g)
    assert g.result is not None and bird_cards(g) == ["6p"]
    assert paid(g) == [(2, 3, 1)]  # 小胡 点炮 1; 6p lands on seat 1: no hit


# ---------------------------------------------------------------------------------------------------- 通炮
def test_tongpao_the_discarder_pays_each_winner_with_birds_per_pair():
    g = make(["7p", "2m2m 3p4p5p 6s7s8s 1m2m3m 8p9p", "5s5s 1m2m3m 4m5m6m 9m9m9m 8p9p"], fill="4m6s")
    until(g, 0)
    g.apply(0, "discard:7p")
    g.apply(1, "hu")
    g.apply(2, "hu")
    r = g.result
    assert r is not None and r.winners == [1, 2] and r.next_dealer == 0
    assert patterns(g) == [["地胡"], ["地胡"]]
    # birds 4m → the dealer's 上家 (seat 3): nobody's pair; 6s → seat 1: seat 1's pair only
    assert paid(g) == [(0, 1, 12), (0, 2, 6)]


# ---------------------------------------------------------------------------------------------------- 漏胡
def test_louhu_bars_the_same_tile_until_the_next_draw_unless_the_win_grows():
    # seat 2 waits 2m/5m (小胡); seat 3 discards 5m and seat 2 passes; the dealer's 5m is then not offered;
    # seat 1's 开杠 shows a 5m nobody else wins: a 杠上炮 is a bigger win, so seat 2 may take it
    g = make(["9p", "9s9s9s 2p2p 6s7s 6p7p8p 1m2m3m", "2m2m 3m4m 6p7p8p 1s2s3s 4s5s6s", None],
             draws=["1p", "9m", "5m", "5m", "9s"], tails=["5m", "1p"])
    until(g, 0)
    g.apply(0, "discard:9p")
    until(g, 3)
    g.apply(3, "discard:5m")
    assert codes(g, 2)[0] == "hu"
    g.apply(2, "pass")
    close(g)
    assert g.view(2).barred and list(g.view(2).lou) == ["5m"]
    until(g, 0)
    g.apply(0, "discard:5m")
    assert 2 not in g.to_act()  # barred
    until(g, 1)
    g.apply(1, "kaigang:9s")
    assert g.window_kind == "gangpao" and codes(g, 2) == ["hu", "pass"]
    g.apply(2, "hu")
    r = g.result
    assert r is not None and patterns(g) == [["杠上炮"]] and outcome(g).winners[0].from_seat == 1


def test_passing_both_kong_tiles_bars_both():
    g = make([KONGER, None, "5p5p 2s3s 1m2m3m 7m8m9m 4p5p6p"], tails=["1s", "4s"])
    until(g, 0)
    g.apply(0, "kaigang:5m")
    assert g.window_kind == "gangpao" and g.to_act() == [2]
    g.apply(2, "pass")
    close(g)
    assert g.to_act() == [1] and list(g.view(2).lou) == ["1s", "4s"]


def test_louhu_ends_with_the_players_own_draw():
    g = make(["9p", None, "2m2m 3m4m 6p7p8p 1s2s3s 4s5s6s", "5m"], draws=["1p", "9m", "7s", "7m", "9s", "9p", "5m"])
    until(g, 3)
    g.apply(3, "discard:5m")
    g.apply(2, "pass")
    close(g)
    assert g.view(2).barred
    until(g, 2)
    assert g.view(2).drawn == "9p" and not g.view(2).barred
    g.apply(2, "discard:9p")
    until(g, 3)
    g.apply(3, "discard:5m")
    assert codes(g, 2)[0] == "hu"


# ---------------------------------------------------------------------------------------------------- 3 / 2 players, 坐飘
def test_three_players_count_birds_from_the_winner():
    g = make(["2m2m 3p4p5p 6s7s8s 1m2m3m 7p8p 1s"], draws=["9m", "1m", "6p"], fill="4p2s", players=3,
             birds=2)
    assert g.seats == 3 and len(g.deck) == 108
    until(g, 0)
    g.apply(0, "discard:1s")
    until(g, 0)
    assert g.view(0).drawn == "6p"
    g.apply(0, "hu")
    # birds 4p (4/8 → nobody) and 2s (2/6 → the winner's 下家, seat 1): only seat 1's pair
    assert g.result is not None and bird_cards(g) == ["4p", "2s"]
    assert paid(g) == [(1, 0, 4), (2, 0, 2)]


def test_two_players_queyimen_play_72_tiles_without_tiao():
    g = make(["2m2m 3p4p5p 6p7p8p 1m2m3m 7p8p 1p"], draws=["9m", "6p"], fill="3m", players=2,
             queyimen=True, birds=2)
    assert len(g.deck) == 72 and not any(18 <= t < 27 for t in g.deck)
    until(g, 0)
    g.apply(0, "discard:1p")
    until(g, 0)
    g.apply(0, "hu")
    # 3m: 3/7 → nobody with 2 players; the second bird is the next wall tile
    birds = bird_cards(g)
    assert birds[0] == "3m"
    assert get_variant("changsha").seat_count(cs.parse_options({"players": 2, "queyimen": True})) == 2


def test_zuopiao_chosen_at_once_shown_when_all_chose_and_paid_once():
    opts = cs.parse_options({"zuopiao": True})
    wall = stack(opts, ["2m2m 3p4p5p 6s7s8s 1m2m3m 7p8p 1s", None, None, None], draws=["9m", "1m", "3m", "6p"], fill="4m4s")
    g = new_game(opts, 0, 0, wall=wall)
    assert g.public_view().phase == "choose" and sorted(g.to_act()) == [0, 1, 2, 3]
    assert codes(g, 2) == ["piao:0", "piao:1", "piao:2", "piao:3", "piao:5"]
    for s, v in [(2, 3), (0, 2), (1, 0)]:
        g.apply(s, f"piao:{v}")
        assert g.public_view().piao is None
    g.apply(3, "piao:5")
    assert g.public_view().piao == (2, 0, 3, 5)
    act(g, 0, "discard:1s")
    act(g, 0, "hu")
    # 小胡自摸 2 each; birds 4m (→ seat 3) and 4s (→ seat 3): seat 3 × 4; 飘 = both seats' values, fixed
    assert paid(g) == [(1, 0, 2), (1, 0, 2), (2, 0, 2), (2, 0, 5), (3, 0, 7), (3, 0, 8)]


def test_tianhu_on_the_dealt_fourteen_after_the_qishou_stage():
    g = make(["2m2m 3p4p5p 6s7s8s 1m2m3m 7p8p9p"], fill="3m3m")
    until(g, 0)
    assert codes(g, 0)[0] == "hu"
    g.apply(0, "hu")
    r = g.result
    assert r is not None and outcome(g).winners[0].how is How.DEAL and patterns(g) == [["天胡"]]
    assert paid(g) == [(1, 0, 6), (2, 0, 24), (3, 0, 6)]  # both 3m birds on 对家 seat 2


def test_menmenqing_on_a_self_drawn_xiaohu_scores_it_alone():
    g = make(["2m2m 3p4p5p 6s7s8s 1m2m3m 7p8p 1s"], draws=["9m", "1m", "3m", "6p"], fill="4m4s", menmenqing=True)
    act(g, 0, "discard:1s")
    act(g, 0, "hu")
    assert g.result is not None and patterns(g) == [["门门清"]]
    assert paid(g) == [(1, 0, 6), (2, 0, 6), (3, 0, 24)]


# ---------------------------------------------------------------------------------------------------- AI, names
def test_the_changsha_ai_declares_qishou_kongs_open_and_takes_the_haidi_only_when_ready():
    g = make([KONGER, None, None, None])
    assert g.window_kind == "qishou" and g.to_act() == [0]
    assert g.name_action(g.legal_actions(0)[0]).label == "起手胡 四喜"
    assert choose(g, 0).code == "qishou"
    g.apply(0, "qishou")
    until(g, 0)
    labels = {g.name_action(a).label for a in g.legal_actions(0)}
    assert {"开杠 五万", "补张 五万"} <= labels
    assert choose(g, 0).code == "kaigang:5m"
    ready = make([None, None, None, WAITS_6P], tails="6p")
    _to_haidi(ready)
    assert choose(ready, 3).code == "haidi"
    assert ready.name_action(ready.legal_actions(3)[1]).label == "不要"
    idle_hand = make([None, None, None, None], tails="6p")
    _to_haidi(idle_hand)
    assert choose(idle_hand, idle_hand.to_act()[0]).code == "pass"


def test_piao_names():
    g = new_game(cs.parse_options({"zuopiao": True}), 3, 0)
    assert [g.name_action(a).label for a in g.legal_actions(0)] == ["不飘", "飘1", "飘2", "飘3", "飘5"]
    assert choose(g, 0).code == "piao:0"


# ---------------------------------------------------------------------------------------------------- properties
MODES = [{}, {"players": 3, "birds": 4}, {"players": 2, "queyimen": True, "birds": 6},
         {"zuopiao": True, "menmenqing": True, "bird_mode": "add"}, {"players": 3, "bird_mode": "fan"}]


@pytest.mark.parametrize("raw", MODES)
def test_selfplay_conserves_tiles_is_zero_sum_and_replays(raw):
    opts = cs.parse_options(raw)
    full = Counter(cs.tile_set(opts))
    kinds: Counter[str] = Counter()
    for seed in range(60):
        g = new_game(opts, seed, seed % opts["players"])
        while not g.finished:
            s = g.to_act()[0]
            a = choose(g, s)
            kinds[a.kind] += 1
            g.apply(s, a)
            assert g.census() == [full[t] for t in range(KINDS)]
        r = g.result
        assert r is not None and sum(r.deltas) == 0
        assert sum(p.amount for p in outcome(g).payments if p.payee == 0) - sum(
            p.amount for p in outcome(g).payments if p.payer == 0) == r.deltas[0]
        again = new_game(opts, seed, seed % opts["players"])
        for s, code in g.log:
            again.apply(s, code)
        assert again.result is not None and again.result.deltas == r.deltas
        assert json.dumps(again.public_view().to_json(), sort_keys=True) == json.dumps(g.public_view().to_json(),
                                                                                      sort_keys=True)
        assert again.result.outcome == r.outcome
    assert kinds["hu"] > 0 and kinds["discard"] > 0


def test_a_match_rotates_the_deal_by_the_hands_result():
    m = Match("changsha", {"hands": 4})
    for seed in range(4):
        g = m.new_hand(seed)
        play_hand(g)
        dealer = g.dealer
        r = m.finish_hand()
        expect = r.next_dealer if r.next_dealer is not None else dealer
        assert m.progress.dealer == expect
    assert m.over and sum(m.totals) == 0


def test_the_family_ai_can_play_it_and_the_cli_runs():
    out = subprocess.run([sys.executable, "-m", "engine", "selfplay", "--variant", "changsha", "--hands", "20"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1])["hands"] == 20


def test_options_the_spec_rules_out_are_refused():
    with pytest.raises(Exception, match="缺一门"):
        get_variant("changsha").validate({"players": 4, "queyimen": True})


@pytest.mark.parametrize("raw", MODES)
def test_random_play_reaches_every_stage_with_chinese_labels(raw):
    """Random players take every odd path (passed wins, 开杠 again, 海底 taken blind): tiles stay conserved."""
    opts = cs.parse_options(raw)
    full = Counter(cs.tile_set(opts))
    rng = random.Random(7)
    kinds: Counter[str] = Counter()
    for seed in range(40):
        g = new_game(opts, seed, 0)
        while not g.finished:
            s = g.to_act()[0]
            legal = g.legal_actions(s)
            for a in legal:
                label = g.name_action(a).label
                assert label and not re.search("[A-Za-z]", label), label
            a = rng.choice(legal)
            kinds[a.kind] += 1
            g.apply(s, a)
            assert g.census() == [full[t] for t in range(KINDS)]
        assert g.result is not None and sum(g.result.deltas) == 0
    assert {"discard", "pass"} <= set(kinds)


def test_the_changsha_ai_beats_a_random_player():
    opts = cs.parse_options({})
    rng = random.Random(3)
    ai_wins = random_wins = 0
    for seed in range(40):
        g = new_game(opts, seed, 0)
        rand = seed % 4
        while not g.finished:
            s = g.to_act()[0]
            g.apply(s, rng.choice(g.legal_actions(s)) if s == rand else choose(g, s))
        assert g.result is not None
        for w in g.result.winners:
            ai_wins += w != rand
            random_wins += w == rand
    assert ai_wins / 3 > 3 * random_wins and ai_wins >= 15


def test_three_players_drawn_hand_birds_land_counted_from_the_qishou_seat():
    """3 players count the birds of a 起手胡 from its own seat: the result says where they land for it, and the
    table reads them as the payments count them (not the first winner's landing, there being none)."""
    from bot.families.mahjong.words import birds_text

    g = make([None, "3m3m3m3m 2p4p6s 2s5s8s", None], dealer=1, tails="5p", players=3)
    g.apply(1, "qishou")
    while g.window_kind == "qishou":
        g.apply(g.to_act()[0], "pass")
    finish_idle(g)
    r = g.result
    assert r is not None and r.draw and bird_cards(g) == ["5p", "5p"]
    # 5p: rank 5 → the seat counted from, the 四喜 seat itself: both birds hit each of its pairs
    assert outcome(g).birds == (Bird("5p", 1, (1,), counted_from=1), Bird("5p", 1, (1,), counted_from=1))
    assert sorted((p.payer, p.amount) for p in outcome(g).payments if p.payee == 1) == [(0, 8), (2, 8)]
    assert birds_text(outcome(g).birds, lambda s: f"{s + 1}号") == "扎鸟：五筒→2号 · 五筒→2号"
