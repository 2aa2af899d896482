"""Hand-written win-checker cases: 七对, 十三幺, wildcards, melded hands, 九莲宝灯, honours, decompositions."""

from __future__ import annotations

import pytest

from engine.mahjong import win
from engine.mahjong.tiles import ALL, HONG_ZHONG, SUITED, to_counts
from engine.mahjong.win import Checker, Group

HONGZHONG = Checker(wild_targets=SUITED, universe=SUITED)
TUIDAOHU = Checker(wild_targets=(), shisanyao=True, universe=ALL)


def c(text: str) -> list[int]:
    return to_counts(text)


def test_qidui_counts_a_four_of_a_kind_as_two_pairs() -> None:
    hand = c("1111m22p33p44s55s66z")
    assert TUIDAOHU.is_win(hand)
    (d,) = TUIDAOHU.decompositions(hand)
    assert d.shape == "qidui" and d.quads == 1 and d.pairs == (0, 0, 10, 11, 21, 22, 32)
    assert not Checker(wild_targets=(), qidui_quads=False).is_win(hand)
    assert not Checker(wild_targets=(), qidui=False).is_win(hand)
    assert TUIDAOHU.decompositions(c("1122m3344p5566s77z"))[0].quads == 0


def test_qidui_with_wildcards_completing_pairs() -> None:
    hand = c("1133m5577p99s24s")  # 12 tiles: five pairs and two singles; two 红中 pair the singles
    assert HONGZHONG.is_win(hand, 2)
    (d,) = HONGZHONG.decompositions(hand, 2)
    assert d.shape == "qidui" and d.wild_as == (19, 21) and d.free_pairs == 0
    assert not Checker(wild_targets=SUITED, qidui=False).is_win(hand, 2)
    assert not HONGZHONG.is_win(c("1199m1199p5m258s"), 2)  # four singles, two wildcards
    (d,) = [d for d in HONGZHONG.decompositions(c("1133m5577p99s"), 4) if d.shape == "qidui"]
    assert d.free_pairs == 2 and d.wild_as == ()


def test_shisanyao() -> None:
    hand = c("119m19p19s1234567z")
    assert TUIDAOHU.is_win(hand)
    assert not Checker(wild_targets=()).is_win(hand)  # 十三幺 off
    assert TUIDAOHU.decompositions(hand)[0].pair == 0
    # With a wildcard for a missing honour, only if wildcards may be honours.
    hand = c("119m19p19s123467z")
    assert Checker(wild_targets=ALL, shisanyao=True).is_win(hand, 1)
    assert not Checker(wild_targets=SUITED, shisanyao=True).is_win(hand, 1)
    # Thirteen different ones and a wildcard as the pair; and with a 9m missing the suited wildcard fills it.
    assert Checker(wild_targets=SUITED, shisanyao=True).is_win(c("19m19p19s1234567z"), 1)
    assert Checker(wild_targets=SUITED, shisanyao=True).is_win(c("11m19p19s1234567z"), 1)
    assert not TUIDAOHU.is_win(c("1199m19p19s123456z"))  # two doubles, 中 missing
    assert TUIDAOHU.waits(c("19m19p19s1234567z")) == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def test_four_hongzhong_and_junk_is_not_a_standard_win() -> None:
    junk = c("1357m2468p9s")  # ten tiles, no two of them in one group
    assert not HONGZHONG.is_win(junk, 4)
    assert HONGZHONG.is_win(c("123m456p789s1s"), 4)  # the wildcards finish 1s-pair and a group


def test_eight_wildcards() -> None:
    assert HONGZHONG.is_win(c("123m456p"), 8)
    assert HONGZHONG.is_win(c("1m5p9s2m6p8s"), 8)  # 12m 56p 89s each take one, five 红中 make a group and 将
    assert HONGZHONG.is_win(c("159m159p"), 8)  # 七对: six wildcards pair the lone tiles, two are a pair
    no_qidui = Checker(wild_targets=SUITED, qidui=False)
    assert not no_qidui.is_win(c("159m159p"), 8)  # as 4X+Y six lone tiles need 1 + 5 × 2 = 11 wildcards
    assert HONGZHONG.is_win([0] * 34, 8)  # 8 wildcards: two groups and a pair (two melds down)
    assert HONGZHONG.is_win([0] * 34, 2) and not HONGZHONG.is_win([0] * 34, 3)
    ws = HONGZHONG.waits(c("1m5p9s2m6p"), 8)
    assert ws == sorted(set(ws)) and all(t < 27 for t in ws)


@pytest.mark.parametrize(
    ("hand", "wins"),
    [
        ("123m456p789s11z", True),  # 11 tiles: one meld down
        ("123m55p666s", True),  # 8 tiles: two melds
        ("111m22p", True),  # 5 tiles
        ("55s", True),  # 2 tiles: four melds
        ("56s", False),
        ("123m55p667s", False),
        ("1234m", False),  # 3n+1 never wins
    ],
)
def test_melded_hands_need_fewer_groups(hand: str, wins: bool) -> None:
    assert TUIDAOHU.is_win(c(hand)) is wins


def test_melded_hands_with_wildcards() -> None:
    assert HONGZHONG.is_win(c("13m"), 0) is False
    assert HONGZHONG.is_win(c("5s"), 1)  # 2 tiles: 5s + 红中 as 将
    assert HONGZHONG.is_win(c("13m5s"), 1) is False
    assert HONGZHONG.is_win(c("13m55s"), 1)  # 5 tiles: 1?3m + 55s
    assert HONGZHONG.waits(c("13m55s"), 0, wild_tile=HONG_ZHONG) == [1, HONG_ZHONG]
    assert HONGZHONG.waits(c("13m5s"), 1) == [1, 22]  # 2m (the 红中 pairs 5s) or 5s (the 红中 is 2m)
    assert HONGZHONG.waits(c("5s"), 3) == list(range(27))  # 5s + two 红中 a group, any tile + one the 将


def test_nine_gates_waits_on_all_nine() -> None:
    assert win.waits(c("1112345678999m")) == list(range(9))
    assert TUIDAOHU.waits(c("1112345678999p")) == list(range(9, 18))


def test_honours_make_pairs_and_ke_only() -> None:
    assert TUIDAOHU.is_win(c("111222333444z55z"))
    assert not TUIDAOHU.is_win(c("111m222m333m44m123z"))
    assert TUIDAOHU.is_win(c("111m222m333m44m123p"))
    # A wildcard may not make a 顺子 of 字 either, even where it may stand for 字.
    assert not Checker(wild_targets=ALL).is_win(c("111m222m333m44m12z"), 1)
    assert Checker(wild_targets=ALL).is_win(c("111m222m333m44m11z"), 1)
    assert TUIDAOHU.waits(c("111m222m333m44m12z")) == []
    assert TUIDAOHU.waits(c("111m222m333m44m11z")) == [0, 3, 27]  # 1m: 111 123 234 234 + 11z


def test_decompositions_report_what_scoring_needs() -> None:
    # 碰碰胡 shape and the 顺子 reading of the same tiles.
    ds = TUIDAOHU.decompositions(c("111222333m456p77p"))
    kinds = sorted(tuple(sorted(g.kind for g in d.groups)) for d in ds)
    assert kinds == [("ke", "ke", "ke", "shun"), ("shun", "shun", "shun", "shun")]
    assert all(d.pair == 15 for d in ds)
    assert any(d.all_ke for d in TUIDAOHU.decompositions(c("111m222p333s444m55p")))
    assert not any(d.all_ke for d in ds)
    # Wildcards: what they stand for, and free groups/pairs of wildcards alone.
    ds = HONGZHONG.decompositions(c("12m456p789s11s"), 1)
    assert any(Group("shun", 0, (2,)) in d.groups and d.wild_as == (2,) for d in ds)
    free = [d for d in HONGZHONG.decompositions(c("123m456p789s"), 2) if d.free_pairs]
    assert free and free[0].pair is None and free[0].free_groups == 0
    ds = HONGZHONG.decompositions(c("123m456p11s"), 3)
    assert any(d.free_groups == 1 and d.pair == 18 for d in ds)
    assert HONGZHONG.decompositions(c("1357m2468p9s"), 4) == []
    # 清一色 and 将将胡 read the completed tiles (wildcards replaced).
    (d,) = TUIDAOHU.decompositions(c("11123456789999m"))
    assert d.tiles() == [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]
    ds = HONGZHONG.decompositions(c("222555m88p"), 3)  # 11 tiles, one meld down
    assert any(all(t % 9 + 1 in (2, 5, 8) for t in d.tiles()) for d in ds)  # e.g. 888p with a 红中
    assert not all(all(t % 9 + 1 in (2, 5, 8) for t in d.tiles()) for d in ds)  # e.g. 678p


def test_decompositions_agree_with_is_win_and_rebuild_the_hand() -> None:
    import random

    from tests.mahjong.hands import random_hand

    rng = random.Random(3)
    for wild in (0, 1, 2, 3):
        for _ in range(600):
            h = random_hand(rng, wild, list(range(27)))
            ds = HONGZHONG.decompositions(h.counts, h.wild)
            assert bool(ds) == HONGZHONG.is_win(h.counts, h.wild), h
            for d in ds:
                used = 3 * d.free_groups + 2 * d.free_pairs + len(d.wild_as)
                assert used == h.wild, (h, d)
                rebuilt = d.tiles()
                for t in d.wild_as:
                    rebuilt.remove(t)
                assert sorted(rebuilt) == h.tiles, (h, d)


def test_module_functions_take_any_iterable_of_targets() -> None:
    assert win.is_win(c("123m"), 2, wild_targets={0})  # the two wildcards are 1m: 123m + 11m
    assert win.is_win(c("123m"), 2, wild_targets=[30])  # a pair of 北
    assert not win.is_win(c("12m"), 3, wild_targets=[30])  # 3m is no target
    assert win.distance(c("1112345678999m"), universe=range(9)) == 1


def test_honour_prices_match_the_block_search() -> None:
    """The 字 block is priced by a per-kind table; it must equal the general block search."""
    import itertools

    from engine.mahjong.win import INF, _cost, _honour_prices

    for counts in itertools.product(range(5), repeat=5):
        c = counts + (0, 2)
        for mask in (0, 0b1111111, 0b0100101):
            want = (min(_cost(c, False, True, mask), INF), min(_cost(c, True, True, mask), INF))
            assert _honour_prices(c, mask) == want, (c, mask)


def test_block_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from tests.mahjong.hands import random_hand

    monkeypatch.setattr(win, "MEMO_LIMIT", 50)
    small = Checker(wild_targets=SUITED, universe=SUITED)
    rng = random.Random(9)
    hands = [random_hand(rng, 1, list(range(27))) for _ in range(400)]
    got = [small.is_win(h.counts, h.wild) for h in hands]
    assert all(len(t) <= 50 for t in small._tables)
    assert got == [HONGZHONG.is_win(h.counts, h.wild) for h in hands]
