"""Settlements explain themselves: the value line is a derivation a player can check against the engine's
numbers, drawn hands say why a seat books −10, the 数醒's half is named, and the DM counts 坎 in hand."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.demo import leaderboard_lines
from bot.families.zipai.text import own_huxi_line
from bot.present.settlement import settlement_text
from bot.service.table import Seat, Table
from engine.core import HandResult
from engine.match import Match
from engine.selfplay import play_hand
from fake_discord import playing

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
        if d["win_from"] == "self_draw":
            assert "自摸 +1囤" in text and "+ 自摸 1 囤" in text, text
            seen["zimo"] += 1
        if "黄番" in d["patterns"]:
            assert f"黄番 ×2 = {d['units']} 囤" in text, text
            seen["huangfan"] += 1
        if table.match.options["chongtun"]:
            assert "+ 充囤 2 囤" in text, text
            seen["chongtun"] += 1
        assert f"{d['units']} 囤 × " in text and f"= {d['score']} 分，输家各付 {d['score']}" in text, text
        assert _loser_pays(result) == {d["score"]}
    assert all(seen.values()), seen


def test_paohuzi_modes_without_zimo_say_so() -> None:
    seen = 0
    for _, result, got in played("paohuzi", {"mingtang": "duohong", "hands": 8}):
        if not result.draw and result.detail["win_from"] == "self_draw":
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
        winner = result.winners[0]
        assert f"计分：胡息 {d['huxi']}" in text, text
        doubles = [f["name"] for f in d["fans"] if f["value"] == "×2"]
        if doubles and not any(f["value"].startswith("算") for f in d["fans"]):
            assert f"胡息 {d['huxi']}" + "".join(f" × {n} 2" for n in doubles) + f" = {d['huxi'] * d['fan']} 胡息" \
                in text, text
            seen["double"] += 1
        if d["win_from"] == "discard":
            payer = table.seat_label(d["from_seat"])
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
        if d["fans"]:
            assert f"胡息 {d['huxi']} + {d['fans'][0]['name']} 10 = {d['score']} 胡" in text, text
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
        assert ("按等计分：名堂不加等" in got["text"]) == bool(d["fans"])


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
        if not result.draw and d["win_from"] == "discard":
            share = d["score"]
            assert f"放炮包三家：{table.seat_label(d['from_seat'])} 付 3 × {share} = {3 * share}" in got["text"]
            seen += 1
    assert seen


def _hand_built(variant: str, detail: dict[str, Any], deltas: list[int], options: dict[str, Any] | None = None,
                winner: int = 0) -> str:
    return settlement_text(_table(Match(variant, options or {}, first_dealer=0)),
                           HandResult([winner], deltas, False, detail), 0)


def test_fangpaofa_discard_cap_is_said() -> None:
    detail = {"huxi": 20, "fan": 2, "score": 100, "win_from": "discard", "from_seat": 1, "card": "二",
              "patterns": ["乌胡", "自摸"], "fans": [{"name": "乌胡", "fan": None, "points": None, "value": "算100胡息"},
                                                  {"name": "红胡", "fan": 2, "points": None, "value": "×2"}]}
    text = _hand_built("fangpaofa", detail, [100, -100, 0])
    assert "胡息 20，乌胡 算 100 胡息 × 红胡 2 = 200 胡息" in text
    assert "本局：2号 阿强 放炮，单局最多扣 100，付 1号 小明 100 胡息" in text


def test_a_step_the_detail_cannot_show_keeps_the_engines_number() -> None:
    # units that no rule of the room gives: the engine's 囤 stands, no derivation is invented
    detail = {"huxi": 18, "units": 7, "fan": 1, "score": 7, "win_from": "other_draw", "from_seat": 1, "fans": []}
    text = _hand_built("paohuzi", detail, [14, -7, -7])
    assert "计分：胡息 18 → 7 囤\n" in text and "每 3 胡息" not in text
    # 安化 三提五坎 under 15 胡息: at least 1 囤
    detail = {"huxi": 12, "units": 1, "fan": 6, "score": 6, "win_from": "deal", "patterns": ["三提五坎"],
              "fans": [{"name": "三提五坎", "fan": 6, "points": None, "value": "6番"}]}
    text = _hand_built("anhua", detail, [12, -6, -6])
    assert "胡息 12 → 1 囤（不足起胡胡息，至少 1 囤）" in text and "1 囤 × 三提五坎 6 = 6 分，输家各付 6" in text


def test_own_huxi_counts_kan_and_ti_in_hand() -> None:
    peng = [{"type": "peng", "cards": "十十十", "huxi": 1}, {"type": "pao", "cards": "捌捌捌捌", "huxi": 9}]
    assert own_huxi_line(peng, list("伍伍伍一二")) == "**我的胡息**：门子 10 + 坎 6 = 16"
    assert own_huxi_line([], list("五五五贰贰贰贰")) == "**我的胡息**：坎 3 + 提 12 = 15"
    assert own_huxi_line(peng, list("伍伍一")) is None  # nothing held: the 门子 line says it all
    assert own_huxi_line([], list("五五五")) == "**我的胡息**：坎 3"


async def test_real_dm_counts_the_kan_held(env: Env) -> None:
    seen = 0
    for seed in range(1, 8):
        table = await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed={seed} hands=1")
        for uid in (env.alice, env.bob):
            hand = table.game.view(table.seat_of(uid))["hand"]
            kans = [c for c in set(hand) if hand.count(c) == 3]
            content = env.world.messages[env.world.latest_dm(uid)]["content"]
            if kans:
                want = sum(6 if c in "壹贰叁肆伍陆柒捌玖拾" else 3 for c in kans)
                assert re.search(rf"\*\*我的胡息\*\*：(门子 \d+ \+ )?坎 {want}\b", content), content
                seen += 1
            else:
                assert "我的胡息" not in content
        await env.cmd(env.alice, "table end")
    assert seen


async def test_played_self_draws_show_the_extra_tun(env: Env) -> None:
    users = [env.alice, env.bob]
    texts: list[str] = []
    for seed in (5, 6, 7):
        await env.open_table("paohuzi", users, f"bot.seed={seed} hands=8")
        await playing.play_match(env.world, env.bot, env.channel, users, random.Random(seed))
        texts = [m["content"] for m in env.world.channel_messages(env.channel) if "胡了" in (m.get("content") or "")]
    zimo = [t for t in texts if "（自摸）" in t]
    assert texts and all("计分：胡息" in t for t in texts)
    assert zimo and all("+ 自摸 1 囤" in t for t in zimo)


def test_demo_leaderboard_lines() -> None:
    assert leaderboard_lines([("小明", -9, 2, 0), ("阿强", 9, 2, 2)]) == ["1. 小明 -9 分 · 2 局 0 胜",
                                                                          "2. 阿强 +9 分 · 2 局 2 胜"]
