"""The 字牌 hand as it stands (听牌提示's 「牌型」): its laid-down groups, its 坎 and the 一句话/绞 its loose cards
make with the most 胡息 (then the most cards grouped), the cards left over, and the 胡息 of it all — checked on
scripted hands and against a brute-force search on random ones."""

from __future__ import annotations

from typing import Any

from engine.hints import GroupNow, standing
from engine.zipai.cards import N_KINDS, names, parse_cards
from engine.zipai.decompose import best_partial, pack
from engine.zipai.game import Meld
from engine.zipai.groups import Group, chi_group_ok, group_huxi
from tests.zipai_positions import SHOWN, new_game, positions, seat


def _set(game: Any, s: int, hand: str, melds: list[Group]) -> None:
    counts = [0] * N_KINDS
    for c in parse_cards(hand):
        counts[c] += 1
    game.hands[s] = counts
    game.melds[s] = [Meld(g, SHOWN[g.kind]) for g in melds]


def test_a_waiting_hand_shows_its_sentences_with_their_huxi_and_the_pair_loose() -> None:
    game = new_game("paohuzi", {})
    _set(game, 1, "一二三壹贰叁四五六肆伍陆七八九柒捌玖十十", [])
    now = standing(game, 1)
    assert now is not None and now.huxi == 9 and now.loose == "十十"
    assert set(now.groups) == set([GroupNow("shun", "一二三", 3), GroupNow("shun", "壹贰叁", 6),
                                        GroupNow("shun", "四五六", 0), GroupNow("shun", "肆伍陆", 0),
                                        GroupNow("shun", "七八九", 0), GroupNow("shun", "柒捌玖", 0)]) and len(now.groups) == 6


def test_melds_and_kan_count_and_the_higher_huxi_sentence_wins() -> None:
    # 贰柒拾 (6) beats 柒捌玖 (0) for the 柒; the 坎 八八八 is never split for 七八九.
    game = new_game("paohuzi", {})
    _set(game, 0, "八八八七九贰柒捌玖拾", [Group("peng", (9, 9, 9)), Group("wei", (13, 13, 13))])
    now = standing(game, 0)
    assert now is not None
    assert now.groups == (GroupNow("peng", "十十十", 1), GroupNow("wei", "肆肆肆", 6), GroupNow("kan", "八八八", 3),
                          GroupNow("shun", "贰柒拾", 6))
    assert now.huxi == 16 and now.loose == "七捌九玖"


def _brute(counts: list[int]) -> tuple[int, int]:
    """Most (胡息, cards grouped) over every set of disjoint 一句话/绞 — tried in any order, no memo."""
    shapes = sorted({tuple(sorted(g)) for a in range(N_KINDS) for b in range(a, N_KINDS) for c in range(b, N_KINDS)
                     for g in [(a, b, c)] if chi_group_ok(g)})
    best = (0, 0)

    def go(start: int, left: list[int], huxi: int, grouped: int) -> None:
        nonlocal best
        best = max(best, (huxi, grouped))
        for k in range(start, len(shapes)):
            g = shapes[k]
            need = [g.count(c) for c in range(N_KINDS)]
            if all(left[c] >= need[c] for c in g):
                for c in g:
                    left[c] -= 1
                kind = "jiao" if len({c % 10 for c in g}) == 1 else "shun"
                go(k, left, huxi + group_huxi(kind, g), grouped + 3)
                for c in g:
                    left[c] += 1

    go(0, list(counts), 0, 0)
    return best


def test_random_hands_get_the_best_arrangement_there_is() -> None:
    game = new_game("paohuzi", {})
    for position in positions(game, 300, "standing"):
        s = seat(game, position)
        now = standing(game, s)
        assert now is not None
        # The groups and the loose cards are exactly the seat's cards; 坎 and melds are kept whole.
        cards = sorted(c for c in range(N_KINDS) for _ in range(position.hand[c])) + sorted(
            c for g in position.melds for c in g.cards)
        shown = sorted(parse_cards("".join(g.cards for g in now.groups) + now.loose))
        assert shown == sorted(cards), position.describe()
        kans = {c for c in range(N_KINDS) if position.hand[c] == 3}
        assert {parse_cards(g.cards)[0] for g in now.groups if g.kind == "kan"} == kans
        assert now.huxi == sum(g.huxi for g in now.groups)
        loose = [0 if n == 3 else n for n in position.hand]
        huxi, grouped, _ = best_partial(pack(loose))
        assert (huxi, grouped) == _brute(loose), (position.describe(), names(c for c in range(N_KINDS)
                                                                              for _ in range(loose[c])))
