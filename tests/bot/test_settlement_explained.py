"""Settlements explain themselves: the value line is a derivation a player can check against the engine's
numbers, drawn hands say why a seat books −10, the 数醒's half is named, and the DM counts 坎 in hand."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.demo import leaderboard_lines
from bot.families.zipai.text import own_huxi_line
from bot.present.settlement import settlement_text
from bot.service.table import Seat, Table
from engine.core import HandResult, MeldView
from engine.match import Match
from engine.outcome import How, Outcome, Termination, Winner
from engine.registry import get_variant
from engine.selfplay import play_hand
from engine.settlement import Seating
from engine.variants import anhua, fangpaofa
from engine.words import Seat as Seat_
from engine.words import msg
from engine.zipai.rules import Explained, Priced, Won
from engine.zipai.scoring import mingtang
from fake_discord import payload_text, playing

from .conftest import Env

NAMES = ["小明", "阿强", "老王", "小红"]


def _table(match: Match) -> Table:
    seats = [Seat(1 + i, n) for i, n in enumerate(NAMES[:match.seats])]
    table = Table(9, 1, 1, 1, match.variant.id, match.options, {"timer": 0}, "playing", seats)
    table.match = match
    return table


def played(variant: str, options: dict[str, Any], matches: int = 6) -> list[tuple[Table, HandResult, dict[str, Any]]]:
    """Real hands of real self-played matches, each with its settlement text and the carry it was dealt with."""
    out = []
    for m_seed in range(matches):
        match = Match(variant, options, seed=m_seed)
        table = _table(match)
        hand = 0
        while not match.over and hand < 24:
            carry = dict(match.progress.carry)
            play_hand(match.new_hand(m_seed * 1000 + hand))
            result = match.finish_hand()
            out.append((table, result, {"carry": carry, "text": settlement_text(table, result, hand)}))
            hand += 1
    return out


def _won(result: HandResult) -> Winner:
    """The hand's winner as the engine tells it (how, from whom, its 名堂 with their effects)."""
    assert result.outcome is not None and result.outcome.winners
    return result.outcome.winners[0]


def _effect(fan: Any) -> str:
    return fan.effect.zh() if fan.effect is not None else ""


def _loser_pays(result: HandResult) -> set[int]:
    return {-d for s, d in enumerate(result.deltas) if d < 0 and s not in result.winners}


def test_paohuzi_every_step_from_huxi_to_each_payer() -> None:
    hands = played("paohuzi", {"chongtun": 2, "hands": 8}) + played("paohuzi", {"hands": 8})
    seen = {"zimo": 0, "huangfan": 0, "chongtun": 0}
    for table, result, got in hands:
        text, d = got["text"], result.detail
        assert len(text) <= 2000
        if result.draw:
            assert "下一局胡牌得黄番（囤×2）" in text, text
            continue
        base = 1 + (d["huxi"] - 15) // 3
        assert f"计分：胡息 {d['huxi']} → {base} 囤（15 胡息 1 囤" in text, text
        if _won(result).how is How.SELF_DRAW:
            assert "自摸 +1囤" in text and "+ 自摸 1 囤" in text, text
            seen["zimo"] += 1
        if "黄番" in d["patterns"]:
            assert f"黄番 ×2 = {d['units']} 囤" in text, text
            seen["huangfan"] += 1
        assert table.match is not None
        if table.match.options["chongtun"]:
            assert "+ 充囤 2 囤" in text, text
            seen["chongtun"] += 1
        assert f"{d['units']} 囤 × " in text and f"= {d['score']} 分，输家各付 {d['score']}" in text, text
        assert _loser_pays(result) == {d["score"]}
    assert all(seen.values()), seen


def test_paohuzi_modes_without_zimo_say_so() -> None:
    seen = 0
    for _, result, got in played("paohuzi", {"mingtang": "duohong", "hands": 8}):
        if not result.draw and _won(result).how is How.SELF_DRAW:
            assert "多红多番不计自摸" in got["text"] and "+ 自摸" not in got["text"], got["text"]
            seen += 1
    assert seen


def test_fangpaofa_value_payer_and_the_dealers_draw_penalty() -> None:
    seen = {"draw": 0, "discard": 0, "credit": 0, "double": 0}
    for table, result, got in played("fangpaofa", {}):
        text, d = got["text"], result.detail
        if result.draw:
            dealer = next(s for s, x in enumerate(result.deltas) if x < 0)
            assert f"庄家扣 10 胡息：庄家 {table.seat_label(dealer)} -10（无人收分）" in text, text
            seen["draw"] += 1
            continue
        winner, won = result.winners[0], _won(result)
        assert f"计分：胡息 {d['huxi']}" in text, text
        doubles = [f.name for f in won.fans if _effect(f) == "×2"]
        if doubles and not any(_effect(f).startswith("算") for f in won.fans):
            assert f"胡息 {d['huxi']}" + "".join(f" × {n} 2" for n in doubles) + f" = {d['huxi'] * d['fan']} 胡息" \
                in text, text
            seen["double"] += 1
        if won.how is How.DISCARD:
            assert won.from_seat is not None
            payer = table.seat_label(won.from_seat)
            assert f"本局：{payer} 放炮" in text and f"付 {table.seat_label(winner)} {d['score']} 胡息" in text, text
            seen["discard"] += 1
        else:
            assert f"本局：{table.seat_label(winner)} 记 +{d['score']} 胡息（不是放炮，无人付分）" in text, text
            seen["credit"] += 1
    assert all(seen.values()), seen


def test_bopi_names_the_sitter_and_his_half_and_the_draw_that_pays_him() -> None:
    seen = {"half": 0, "draw": 0, "mingtang": 0}
    for table, result, got in played("bopi", {"target": 100}):
        text, d = got["text"], result.detail
        if result.draw:
            dealer = next(s for s, x in enumerate(result.deltas) if x < 0)
            sitter = next(s for s, x in enumerate(result.deltas) if x > 0)
            assert f"臭庄庄家扣 10 胡给数醒：庄家 {table.seat_label(dealer)} 付 数醒 {table.seat_label(sitter)} 10" \
                in text, text
            seen["draw"] += 1
            continue
        winner = result.winners[0]
        sitter = next(s for s, x in enumerate(result.deltas) if x > 0 and s != winner)
        half = (d["score"] + 1) // 2
        assert f"数醒 {table.seat_label(sitter)} 得胡牌者一半：{d['score']} ÷ 2" in text and f"= {half} 胡" in text
        assert f"数醒 {table.seat_label(sitter)} +{half} 胡" in text, text
        fans = _won(result).fans
        if fans:
            assert f"胡息 {d['huxi']} + {fans[0].name} 10 = {d['score']} 胡" in text, text
            seen["mingtang"] += 1
        seen["half"] += 1
    assert all(seen.values()), seen


def test_bopi_deng_scoring_counts_deng_only() -> None:
    for _, result, got in played("bopi", {"scoring": "deng"}, matches=2):
        if result.draw:
            continue
        d = result.detail
        assert f"计分：胡息 {d['huxi']} → {d['units']} 等（10 胡息 1 等" in got["text"], got["text"]
        assert _loser_pays(result) == {d["units"]}
        assert ("按等计分：名堂不加等" in got["text"]) == bool(_won(result).fans)


def test_anhua_factors_difen_and_papo() -> None:
    seen = {"papo": 0, "difen": 0}
    for _, result, got in played("anhua", {"papo": True, "difen": 2}):
        text, d = got["text"], result.detail
        if result.draw:
            assert "下一局胡牌爬坡（×2）" in text
            continue
        paid = d["score"] * 2 * (2 if got["carry"].get("huangzhuang") else 1)
        assert _loser_pays(result) == {paid}
        if got["carry"].get("huangzhuang"):
            assert f"= {d['score']} 分 × 底分 2 × 爬坡 2 = {paid}，输家各付 {paid}" in text, text
            seen["papo"] += 1
        else:
            assert f"= {d['score']} 分 × 底分 2 = {paid}，输家各付 {paid}" in text, text
            seen["difen"] += 1
        assert f"计分：胡息 {d['huxi']} → {d['units']} 囤（三息一囤：15 胡息 1 囤" in text, text
    assert all(seen.values()), seen


def test_liuhuqiang_discarder_pays_three_shares() -> None:
    seen = 0
    for table, result, got in played("liuhuqiang", {"hands": 8}):
        d = result.detail
        if not result.draw and _won(result).how is How.DISCARD:
            share, payer = d["score"], _won(result).from_seat
            assert payer is not None
            assert f"放炮包三家：{table.seat_label(payer)} 付 3 × {share} = {3 * share}" in got["text"]
            seen += 1
    assert seen


def _hand_built(variant: str, explain: Any, priced: Priced, win_from: str, deltas: list[int],
                from_seat: int | None = None, options: dict[str, Any] | None = None, winner: int = 0) -> str:
    """The settlement of a win priced by hand: the variant's own derivation (``explain``) of it, told as the game
    tells a hand (its steps under the winner, its 本局 line under the hand), worded by the bot."""
    v = get_variant(variant)
    seating = Seating.everyone(len(deltas), 0, from_seat=from_seat, options=v.validate(options or {}))
    explained: Explained = explain(Won(seating, winner, priced, win_from, tuple(deltas)))
    won = Winner(winner, How(win_from), from_seat, None, (), fans=priced.fans, value=priced.out["score"],
                 steps=explained.steps)
    outcome = Outcome(Termination.WIN, (won,), (), msg("{seat} 胡了", seat=Seat_(winner)), steps=explained.hand)
    return settlement_text(_table(Match(variant, options or {}, first_dealer=0)),
                           HandResult([winner], deltas, False, dict(priced.out), outcome=outcome), 0)


def test_fangpaofa_discard_cap_is_said() -> None:
    fans = (mingtang("乌胡", effect=msg("算{n}胡息", n=100)), mingtang("红胡", 2, effect=msg("×{n}", n=2)))
    priced = Priced(200, 20, {"huxi": 20, "fan": 2, "score": 100, "patterns": ["乌胡", "红胡"]}, None, fans)
    text = _hand_built("fangpaofa", fangpaofa.explain, priced, "discard", [100, -100, 0], from_seat=1)
    assert "胡息 20，乌胡 算 100 胡息 × 红胡 2 = 200 胡息" in text
    assert "本局：2号 阿强 放炮，单局最多扣 100，付 1号 小明 100 胡息" in text


def test_a_hand_under_the_minimum_is_worth_one_unit() -> None:
    # 安化 三提五坎 under 15 胡息: at least 1 囤
    priced = Priced(6, 12, {"huxi": 12, "units": 1, "fan": 6, "score": 6, "patterns": ["三提五坎"]}, None,
                    (mingtang("三提五坎", 6),))
    text = _hand_built("anhua", anhua.explain, priced, "deal", [12, -6, -6])
    assert "胡息 12 → 1 囤（不足起胡胡息，至少 1 囤）" in text and "1 囤 × 三提五坎 6 = 6 分，输家各付 6" in text


def test_own_huxi_counts_kan_and_ti_in_hand() -> None:
    peng = [MeldView("peng", "十十十", huxi=1), MeldView("pao", "捌捌捌捌", huxi=9)]
    assert own_huxi_line(peng, list("伍伍伍一二")) == "**我的胡息**：门子 10 + 坎 6 = 16"
    assert own_huxi_line([], list("五五五贰贰贰贰")) == "**我的胡息**：坎 3 + 提 12 = 15"
    assert own_huxi_line(peng, list("伍伍一")) is None  # nothing held: the 门子 line says it all
    assert own_huxi_line([], list("五五五")) == "**我的胡息**：坎 3"


async def test_real_dm_counts_the_kan_held(env: Env) -> None:
    seen = 0
    for seed in range(1, 8):
        table = await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed={seed} hands=1")
        for uid in (env.alice, env.bob):
            hand = list(table.game.view(table.seat_of(uid)).hand)
            kans = [c for c in set(hand) if hand.count(c) == 3]
            panel = env.world.latest_dm(uid)
            assert panel is not None
            content = env.world.message_text(panel)
            if kans:
                want = sum(6 if c in "壹贰叁肆伍陆柒捌玖拾" else 3 for c in kans)
                assert re.search(rf"\*\*我的胡息\*\*：(门子 \d+ \+ )?坎 {want}\b", content), content
                seen += 1
            else:
                assert "我的胡息" not in content
        await env.cmd(env.alice, "table end")
    assert seen


@pytest.mark.heavy
async def test_played_self_draws_show_the_extra_tun(env: Env) -> None:
    users = [env.alice, env.bob]
    texts: list[str] = []
    for seed in (5, 6, 7):
        await env.open_table("paohuzi", users, f"bot.seed={seed} hands=8")
        await playing.play_match(env.world, env.bot, env.channel, users, random.Random(seed))
        texts = [payload_text(m) for m in env.world.channel_messages(env.channel) if "胡了" in payload_text(m)]
    zimo = [t for t in texts if "（自摸）" in t]
    assert texts and all("计分：胡息" in t for t in texts)
    assert zimo and all("+ 自摸 1 囤" in t for t in zimo)


def test_demo_leaderboard_lines() -> None:
    assert leaderboard_lines([("小明", -9, 2, 0), ("阿强", 9, 2, 2)]) == ["1. 小明 -9 分 · 2 局 0 胜",
                                                                          "2. 阿强 +9 分 · 2 局 2 胜"]


def test_a_hand_stored_before_outcomes_reads_as_one_stored_since() -> None:
    """/history and /stats read a stored hand's summary from its outcome; a hand stored before hands carried one
    (the winner's card, source and discarder in ``detail``) reads the same, in every variant and language."""
    from bot.i18n import speaking
    from bot.present.settlement import hand_summary

    seen = {"discard": 0, "self_draw": 0, "draw": 0}
    for variant in ("paohuzi", "fangpaofa", "bopi", "liuhuqiang"):
        for table, result, _ in played(variant, {}, matches=2):
            assert result.outcome is not None
            stored = {"winners": result.winners, "deltas": result.deltas, "draw": result.draw,
                      "detail": dict(result.detail), "outcome": result.outcome.to_json()}
            before = {k: v for k, v in stored.items() if k != "outcome"}
            if result.outcome.winners:
                won = result.outcome.winners[0]
                before["detail"] = dict(result.detail, win_from=won.how.value, card=won.card, from_seat=won.from_seat)
                seen[won.how.value] = seen.get(won.how.value, 0) + 1
            else:
                seen["draw"] += 1
            for lang in ("zh-CN", "en"):
                with speaking(lang):
                    assert hand_summary(table, before) == hand_summary(table, stored), (before, stored)
            if result.outcome.winners and won.how is How.DISCARD and won.from_seat is not None:
                said = hand_summary(table, before)
                assert table.seat_label(won.from_seat) in said and table.seat_label(won.seat) in said
    assert seen["discard"] and seen["self_draw"] and seen["draw"], seen
