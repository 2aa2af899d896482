"""The room's 听牌提示 (bot.hints): on, a 听牌 mahjong hand's DM lists each waiting tile with what it wins; off (高手
tables), no 听牌 line at all. Typed as text, 「听牌提示=关」 turns it off."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.options_text import parse_options_text, validate_bot_options
from bot.present.dm import dm_panel
from bot.service.table import Seat, Table
from engine.mahjong.tiles import KINDS, ids
from engine.registry import get_variant

NAMES = ["小明", "阿强", "老王", "小红"]


def _table(variant: str, tiles: str, bot_options: dict[str, Any]) -> Table:
    v = get_variant(variant)
    options = v.validate({})
    game: Any = v.new_hand(options, 5, 0, {})
    counts = [0] * KINDS
    for t in ids(tiles):
        counts[t] += 1
    game.hands[1], game.melds[1] = counts, []
    table = Table(9, 1, 1, 1, variant, options, bot_options, "playing", [Seat(1 + i, n) for i, n in enumerate(NAMES)])
    table.match = SimpleNamespace(game=game, totals=[0] * 4, options=options,  # type: ignore[assignment]
                                  progress=SimpleNamespace(hand_no=0, carry={}))
    return table


def _hint_lines(table: Table) -> list[str]:
    return [line for line in dm_panel(table, 1).text().split("\n") if line.startswith("听牌")]


def test_hints_on_name_each_wait_and_its_value() -> None:
    # 123m 456m 789m 22p 67s: waits 5s and 8s, 平胡 without 红中 (自摸 2 + 无红中 1; 接炮 1 + 1).
    table = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": True})
    assert _hint_lines(table) == ["听牌：五条 八条（平胡，自摸每家 3，接炮 2） · 中（平胡，自摸每家 2）"]


def test_tuidaohu_hints_say_the_bei_and_no_discard_win() -> None:
    table = _table("tuidaohu", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": True})
    (line,) = _hint_lines(table)
    # 推倒胡 wins another's tile only by 抢杠 (a 补杠 robbed), priced like a 自摸 there.
    assert line.startswith("听牌：五条 八条（平胡、门前清 4 倍，自摸每家 4，抢杠 4）") and "接炮" not in line


def test_changsha_big_hand_wait_is_priced_as_a_big_hand() -> None:
    # 清一色 万: 1112345678999m waits on every 万 (九莲), each a 清一色 6 from every payer.
    table = _table("changsha", "1m1m1m2m3m4m5m6m7m8m9m9m9m", {"timer": 0, "hints": True})
    (line,) = _hint_lines(table)
    assert "一万 二万 三万 四万 五万 六万 七万 八万 九万" in line and "清一色" in line, line


def test_hints_off_show_no_wait_and_a_hand_not_ready_shows_none() -> None:
    off = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": False})
    assert _hint_lines(off) == []
    loose = _table("hongzhong", "1m3m5m7m9m2p4p6p8p1s4s7s9s", {"timer": 0, "hints": True})
    assert _hint_lines(loose) == []


def test_hints_option_typed_as_text() -> None:
    raw = parse_options_text("听牌提示=关", get_variant("hongzhong"))
    assert validate_bot_options({k[4:]: v for k, v in raw.items() if k.startswith("bot.")}) == {
        "timer": 60, "hints": False, "counter": False, "ai_level": "普通", "pictures": True, "hand_picture": False, "idle": 1800}
    assert validate_bot_options({})["hints"] is True


def _zipai_ready(variant: str) -> tuple[Any, int]:
    """An AI-played 跑胡子 position where some seat is 听牌 (the first one the seeds reach)."""
    from engine import ai
    from engine.hints import hints

    v = get_variant(variant)
    for seed in range(50):
        game: Any = v.new_hand(v.validate({}), seed, 0, {})
        while not game.finished:
            for seat in game.active:
                if hints(game, seat):
                    return game, seat
            s = game.to_act()[0]
            game.apply(s, ai.choose(game, s))
    raise AssertionError("no 听牌 position in 50 hands")


def test_zipai_hints_name_each_card_with_its_huxi_and_score() -> None:
    from engine.hints import hints

    game, seat = _zipai_ready("paohuzi")
    seats = [Seat(1 + i, n) for i, n in enumerate(NAMES[:3])]
    lines = {}
    for on in (True, False):
        table = Table(9, 1, 1, 1, "paohuzi", dict(game.options), {"timer": 0, "hints": on}, "playing", seats)
        table.match = SimpleNamespace(game=game, totals=[0] * 3, options=game.options,  # type: ignore[assignment]
                                      progress=SimpleNamespace(hand_no=0, carry={}))
        lines[on] = [line for line in dm_panel(table, seat).text().split("\n") if line.startswith("听牌")]
    first = hints(game, seat)[0]
    win = first.ways[0]
    (line,) = lines[True]
    assert f"{first.card}（" in line and f"胡息 {win.huxi} 得分 {win.score}" in line, line
    assert lines[False] == []


def _zipai_table(game: Any, on: bool = True) -> Table:
    seats = [Seat(1 + i, n) for i, n in enumerate(NAMES[:game.seats])]
    table = Table(9, 1, 1, 1, game.variant_id, dict(game.options), {"timer": 0, "hints": on}, "playing", seats)
    table.match = SimpleNamespace(game=game, totals=[0] * game.seats, options=game.options,  # type: ignore[assignment]
                                  progress=SimpleNamespace(hand_no=0, carry={}))
    return table


def _lines(table: Table, seat: int) -> list[str]:
    return dm_panel(table, seat).text().split("\n")


def test_zipai_panel_shows_the_hand_now_and_a_win_its_own_wei_offers() -> None:
    # Seat 1 draws 十 onto his pair: 偎, then his 自摸 is on offer — the panel says so, with what it is worth.
    from tests.helpers_zipai import stacked
    from tests.test_paohuzi_game import first_discard

    g = stacked(hands=("", "壹贰叁贰柒拾一二三四五六肆伍陆七八九十十", ""), wall="十", liang="玖")
    lines = _lines(_zipai_table(g), 1)
    assert any(line.startswith("**牌型**（15 胡息）：") and "一句话 壹贰叁 6" in line and "散 十十" in line
               for line in lines), lines
    first_discard(g)
    assert g.window_kind == "own"
    lines = _lines(_zipai_table(g), 1)
    assert "✅ 可以胡 十：胡息 18，得分 18" in lines, lines
    assert not any(line.startswith("**牌型**") for line in _lines(_zipai_table(g, on=False), 1))


def test_zipai_panel_names_a_bar_and_what_lifts_it() -> None:
    from engine.variants.liuhuqiang import RULES
    from tests.helpers_zipai import act, resolve, stacked_game

    g = stacked_game(RULES, {}, ["十", "一二三壹贰叁四五六肆伍陆十十", "", ""], liang="捌", wall="七")
    act(g, 0, "discard:十")
    resolve(g)  # seat 1 passes his win on it: 臭胡
    lines = _lines(_zipai_table(g), 1)
    assert "⛔ 臭胡：门子胡息变了才能胡这张（十）" in lines, lines
    (waits,) = [line for line in lines if line.startswith("听牌")]
    assert "十（自摸 胡息 12 得分 6 ⛔；" in waits and "拾（自摸 胡息 9 得分 4；" in waits, waits


def test_mahjong_panel_counts_xiangting_when_not_ready() -> None:
    table = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p5p6s9s", {"timer": 0, "hints": True})
    assert "向听：2（离听牌还差 2 张）" in _lines(table, 1)
    ready = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": True})
    assert not any(line.startswith("向听") for line in _lines(ready, 1))
    off = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p5p6s9s", {"timer": 0, "hints": False})
    assert not any(line.startswith("向听") for line in _lines(off, 1))


def test_mahjong_panel_says_a_win_on_offer_now() -> None:
    table = _table("hongzhong", "1m2m3m4m5m6m7m8m9m2p2p6s7s8s", {"timer": 0, "hints": True})
    game: Any = table.game
    game.turn, game.drawn = 1, ids("8s")[0]  # his own draw completes the hand
    lines = _lines(table, 1)
    assert "✅ 可以胡 八条：平胡，每家 3" in lines, lines
    assert not any(line.startswith("听牌") for line in lines)


def test_a_passed_win_is_named_in_the_variants_own_words_with_hints_off() -> None:
    """With hints off the panel still says the seat is barred: 长沙 calls it 漏胡 (ruling 29: that tile, until his
    draw, unless bigger), 推倒胡 过胡不胡 (no discard win until his draw, 碰 or 杠)."""
    from engine.mahjong.rules import Priced

    changsha = _table("changsha", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": False})
    changsha.match.game.lou[1][0] = Priced((), 1)  # type: ignore[union-attr]
    lines = dm_panel(changsha, 1).text().split("\n")
    assert any(line.startswith("漏胡：") for line in lines) and not any("过胡不胡" in line for line in lines)
    tuidaohu = _table("tuidaohu", "1m2m3m4m5m6m7m8m9m2p2p6s7s", {"timer": 0, "hints": False})
    tuidaohu.match.game.barred[1] = True  # type: ignore[union-attr]
    lines = dm_panel(tuidaohu, 1).text().split("\n")
    assert any(line.startswith("过胡不胡：") for line in lines) and not any("漏胡" in line for line in lines)
