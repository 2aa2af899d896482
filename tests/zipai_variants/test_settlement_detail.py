"""A won hand's typed outcome (issue 7, issue 18): the winner's ``groups`` (the winning arrangement with each group's
胡息), ``from_seat`` (whose card was won), ``fans`` (each 名堂's own price), the complete winning hand (the winning
card once), and the derivation the engine gives of the value, with the rule's own numbers."""

from __future__ import annotations

from engine.outcome import Fan, How, Termination, Winner
from engine.variants import bopi, fangpaofa, liuhuqiang
from engine.words import msg
from engine.zipai.game import ZipaiGame
from tests.helpers_zipai import pass_until, stacked, stacked_game

# Seat 1 waits on 七 (or 十) for 八九: 坎陆伍捌玖 24 + 一二三 3 = 27 胡息.
WAIT_QI = "陆陆陆 伍伍伍 捌捌捌 玖玖玖 三四五 一二三 八九"
QI_GROUPS = sorted([("kan", ("陆", "陆", "陆"), 6), ("kan", ("伍", "伍", "伍"), 6), ("kan", ("捌", "捌", "捌"), 6),
                    ("kan", ("玖", "玖", "玖"), 6), ("shun", ("三", "四", "五"), 0), ("shun", ("一", "二", "三"), 3),
                    ("shun", ("七", "八", "九"), 0)])


def winner(game: ZipaiGame) -> Winner:
    assert game.result is not None and game.result.outcome is not None
    assert game.result.outcome.termination is Termination.WIN
    (won,) = game.result.outcome.winners
    return won


def groups(won: Winner) -> list[tuple[str, tuple[str, ...], int | None]]:
    return sorted((g.kind, g.cards, g.huxi) for g in won.groups)


def steps(won: Winner) -> list[str]:
    return [s.says.zh() for s in won.steps]


def test_fangpaofa_discard_win_names_the_discarder_and_prices_each_mingtang() -> None:
    game = stacked_game(fangpaofa.RULES, {}, ["七", WAIT_QI, ""], liang="十")
    pass_until(game, 0, ("discard",))
    game.apply(0, "discard:七")
    game.apply(1, "hu")
    won = winner(game)
    assert game.result is not None and game.result.outcome is not None  # (winner() checked it)
    assert won.how is How.DISCARD and won.from_seat == 0 and won.card == "七" and groups(won) == QI_GROUPS
    assert sum(g.huxi or 0 for g in won.groups) == game.result.detail["huxi"] == 27
    assert won.fans == (Fan("地胡", msg("算{n}胡息", n=100)),) and won.patterns == ("地胡",)
    assert won.hand.count("七") == 1 and len(won.hand) == 21  # his 20 cards and the one he won, once
    # 地胡 counts 100; the discarder pays it, up to the cap of 100
    assert steps(won) == ["计分：胡息 27，地胡 算 100 胡息"] and won.value == 100
    outcome = game.result.outcome
    assert [s.says.zh() for s in outcome.steps] == ["本局：座位1 放炮，付 座位2 100 胡息"]
    assert [(p.payer, p.payee, p.amount, p.why.zh()) for p in outcome.payments] == [(0, 1, 100, "放炮")]
    assert outcome.summary.zh() == "座位2 胡了 七（座位1 放炮）"
    assert {"huxi", "patterns", "fan", "score", "arrangement"} <= set(game.result.detail)  # the calculator's keys


def test_bopi_self_draw_adds_points_not_fan() -> None:
    game = stacked_game(bopi.RULES_4, {}, ["", WAIT_QI, ""], liang="贰", wall="七")
    pass_until(game, 0, ("discard",))
    game.apply(0, next(a for a in game.legal_actions(0) if a.code != "discard:七"))
    pass_until(game, 1, ("hu",))
    game.apply(1, "hu")
    won = winner(game)
    assert game.result is not None and game.result.outcome is not None  # (winner() checked it)
    assert won.how is How.SELF_DRAW and won.from_seat is None
    assert won.fans == (Fan("自摸", msg("+{n}胡", n=10), None, 10),)
    assert won.value == 27 + 10 and groups(won) == QI_GROUPS
    # the 数醒 (seat 2, the dealer's opposite) books half, rounded up
    assert steps(won) == ["计分：胡息 27 + 自摸 10 = 37 胡", "数醒 座位3 得胡牌者一半：37 ÷ 2 进一 = 19 胡"]
    assert game.result.deltas == [0, 37, 19, 0] and game.result.outcome.payments == ()
    assert [s.says.zh() for s in game.result.outcome.steps] == ["本局：座位2 记 +37 胡；数醒 座位3 +19 胡（记分，无人付分）"]


def test_paohuzi_other_draw_names_the_drawer() -> None:
    # Seat 1 (the dealer's 下家) draws 壹 and lets it go; seat 2 draws and shows 七; seat 1 wins it.
    game = stacked(hands=("", WAIT_QI, ""), wall="壹七")
    while "hu" not in [a.code for a in game.legal_actions(1)]:
        seat = game.to_act()[0]
        legal = [a.code for a in game.legal_actions(seat)]
        game.apply(seat, "pass" if "pass" in legal else next(c for c in legal if c != "discard:七"))
    assert game.window_kind == "draw" and game.window_from == 2
    game.apply(1, "hu")
    won = winner(game)
    assert game.result is not None and game.result.outcome is not None  # (winner() checked it)
    assert won.how is How.OTHER_DRAW and won.from_seat == 2 and groups(won) == QI_GROUPS
    assert [f.name for f in won.fans] == list(won.patterns) == game.result.detail["patterns"]
    assert all(f.fan is not None and f.effect == msg("{n}番", n=f.fan) for f in won.fans)
    assert game.result.outcome.summary.zh() == "座位2 胡了 七（座位3 摸出）"
    # 27 胡息: 1 + (27 − 15) // 3 = 5 囤
    assert steps(won)[0] == "计分：胡息 27 → 5 囤（15 胡息 1 囤，多出 12，每 3 胡息加 1 囤）"
    assert steps(won)[-1].endswith(f"= {won.value} 分，输家各付 {won.value}")


def test_paohuzi_self_draw_zimo_is_one_tun() -> None:
    game = stacked(hands=("", WAIT_QI, ""), wall="七")
    while "hu" not in [a.code for a in game.legal_actions(1)]:
        seat = game.to_act()[0]
        legal = [a.code for a in game.legal_actions(seat)]
        game.apply(seat, "pass" if "pass" in legal else next(c for c in legal if c != "discard:七"))
    game.apply(1, "hu")
    won = winner(game)
    assert won.from_seat is None and Fan("自摸", msg("+{n}囤", n=1)) in won.fans
    assert steps(won)[1] == "5 囤 + 自摸 1 囤 = 6 囤"


def test_liuhuqiang_start_win_fans_and_no_from_seat() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["", "一一一一 二二二二", "", ""], liang="十")
    won = winner(game)
    assert game.result is not None and game.result.outcome is not None  # (winner() checked it)
    assert won.from_seat is None and won.card is None and won.fans == (Fan("地胡", msg("×{n}", n=2), 2),)
    assert groups(won) == [("ti", ("一",) * 4, 9), ("ti", ("二",) * 4, 9)]
    assert game.result.outcome.summary.zh() == "座位2 胡了（起手牌）"
    # 18 胡息: 1 + (18 − 6) // 3 = 5 囤, ×2; each of the three others pays it
    assert steps(won) == ["计分：胡息 18 → 5 囤（6 胡息 1 囤，多出 12，每 3 胡息加 1 囤）",
                          "5 囤 × 地胡 2 = 10 分，输家各付 10"]


def test_liuhuqiang_liang_won_from_the_dealer() -> None:
    game = stacked_game(liuhuqiang.RULES, {}, ["十十十", "陆陆陆 伍伍伍 一二三 三四五 八九", "", ""], liang="十")
    game.apply(1, "hu")
    won = winner(game)
    assert game.result is not None and game.result.outcome is not None  # (winner() checked it)
    assert won.from_seat == 0 and won.how is How.DEAL
    assert game.result.outcome.summary.zh() == "座位2 胡了 十（座位1 的亮张）"
