"""字牌 hints against the game itself: on seeded random near-win positions of every variant, with the 漏胡 / 臭胡
bars the variant can leave on a seat, each hinted way is offered by the game exactly when the hint says it can be
won now, winning it pays what the hint says, and a card the hints do not name is never offered. A draw that makes
one's own 偎/提 and wins is hinted before it comes and, while its 自摸 is on offer, as a win to take now."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.hints import CHOUHU, LOUHU, UNTIL_HUXI, UNTIL_INTAKE, Bar, Wait, hints
from engine.zipai.cards import N_KINDS, name
from engine.zipai.game import ZipaiGame
from engine.zipai.hints import ways
from tests.scale import scaled
from tests.zipai_positions import (
    OPTION_SETS,
    deliver,
    new_game,
    offered,
    positions,
    random_bars,
    seat,
    take_win,
)

COUNT = scaled(400, least=80)  # enough positions for the shares asserted below
CONFIGS = [(v, sets[0]) for v, sets in OPTION_SETS.items()] + [("paohuzi", {"mingtang": "honghei"}),
                                                                  ("bopi", {"players": 3})]


def _result(g: ZipaiGame) -> tuple[int, int, list[str]]:
    assert g.result is not None
    d = g.result.detail
    return d["huxi"], d["score"], list(d["patterns"])


def _check(game: ZipaiGame, s: int, rng: random.Random) -> tuple[int, int, int]:
    """(ways checked, of them barred, of them won through one's own 偎/提)."""
    found: dict[str, Wait] = {h.card: h for h in hints(game, s)}
    checked = barred = own = 0
    for wait in found.values():
        card = next(c for c in range(N_KINDS) if name(c) == wait.card)
        for w in wait.ways:
            g = deliver(game, s, card, w.way)
            assert offered(g, s, card, w.way) == w.open, (wait, w, g.window_kind)
            checked += 1
            if not w.open:
                barred += 1
                continue
            if g.window_kind == "own":  # the draw made his 偎/提: the hint is now that win, to take at once
                own += 1
                (now,) = hints(g, s)
                assert now.now == "self_draw" and now.card == wait.card and now.ways == (w,), (now, w)
            else:  # the card is on the table: the hint names it as a win to take now, first, then the waits
                assert hints(g, s)[0] == Wait(wait.card, wait.name, (w,), now=w.way)
            take_win(g, s)
            assert g.result is not None and g.result.winners == [s]
            assert _result(g) == (w.huxi, w.score, list(w.patterns)), (wait, w, g.result.detail)
    # A card the hints leave out is not offered either (one tried per position, by a random way).
    missing = [c for c in range(N_KINDS) if name(c) not in found]
    if missing:
        card = rng.choice(missing)
        way = rng.choice(ways(game.rules))
        held = game.hands[s][card] + sum(g.cards.count(card) for g in game._groups(s))
        if held < 4:
            assert not offered(deliver(game, s, card, way), s, card, way), (name(card), way)
    return checked, barred, own


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=[f"{v}-{i}" for i, (v, _) in enumerate(CONFIGS)])
def test_hinted_wins_are_the_games_offers(variant: str, options: dict[str, Any]) -> None:
    game = new_game(variant, options, seed=3)
    rng = random.Random(f"bars:{variant}:{sorted(options.items())}")
    checked = barred = own = 0
    for position in positions(game, COUNT, "bars"):
        s = seat(game, position)
        random_bars(game, s, rng)
        c, b, o = _check(game, s, rng)
        checked, barred, own = checked + c, barred + b, own + o
    assert checked > COUNT // 10 and own > 0
    if game.rules.louhu != "none":
        assert barred > 0  # the bars were met


# ---- scripted: the bars as the game's own flow leaves them


def test_bopi_louhu_bars_every_win_but_the_one_ones_own_wei_makes() -> None:
    # Seat 1 waits on 十 (his pair: 偎 on his own draw, 碰 on another's) and 二. He passes seat 3's shown 十:
    # 漏胡 until his own next intake or discard. His own draw of 二 is then refused by the game, and the hints
    # say so; a 十 of his own draw would be 偎-ed first, an intake that lifts the bar: that way stays open.
    from engine.variants.bopi import RULES_4
    from tests.helpers_zipai import act, legal, resolve, stacked_game

    g = stacked_game(RULES_4, {}, ["", "一二三壹贰叁四五六肆伍陆七八九柒捌玖十十", ""], liang="捌", wall="拾十十")
    assert g.window is None  # no 天胡/地胡 on the 亮张
    act(g, 0, "discard:伍")
    resolve(g)  # nobody takes it; seat 1 draws 拾
    assert g.window_from == 1
    resolve(g)
    assert g.window_from == 3 and "hu" in legal(g, 1)
    drawn = _waits(g, 1)["十"].way("other_draw")
    assert drawn is not None and drawn.open
    resolve(g)  # he passes that 十 (and so does the dealer's next 十)
    assert g.window_from == 1 and g.window is not None and g.window.card == 1  # his own 二
    waits = _waits(g, 1)
    assert "hu" not in legal(g, 1)
    assert waits["二"].way("self_draw").bar == Bar(LOUHU, UNTIL_INTAKE)
    assert waits["十"].way("other_draw").bar == Bar(LOUHU, UNTIL_INTAKE)
    assert waits["十"].way("self_draw").open
    act(g, 1, "chi:二二贰")  # an intake: the bar is lifted
    assert not g.hu_barred[1]


def test_liuhuqiang_chouhu_bars_that_card_until_the_table_huxi_changes() -> None:
    # Seat 1 waits on 十 and 拾; he passes the dealer's 十: 臭胡 on 十 every way (his own 偎 too), 拾 still open.
    # A 吃 of 二七十 (3 胡息) changes his table 胡息, which lifts it.
    from engine.variants.liuhuqiang import RULES
    from engine.zipai.hints import bar
    from tests.helpers_zipai import act, legal, resolve, stacked_game

    g = stacked_game(RULES, {}, ["十", "一二三壹贰叁四五六肆伍陆十十", "", ""], liang="捌", wall="七")
    assert g.window is None
    act(g, 0, "discard:十")
    assert "hu" in legal(g, 1)
    resolve(g)
    assert g.chouhu[1] == {9: 0}
    waits = _waits(g, 1)
    assert all(w.bar == Bar(CHOUHU, UNTIL_HUXI) for w in waits["十"].ways)
    assert all(w.open for w in waits["拾"].ways)
    act(g, 1, "chi:二七十")
    assert g.table_huxi(1) == 3
    assert all(bar(g, 1, 9, way) is None for way in ways(g.rules)) and g._may_win(1, 9)


def _waits(g: ZipaiGame, s: int) -> dict[str, Wait]:
    return {w.card: w for w in hints(g, s)}
