"""Controls say what they do: 吃·比 labels, Chinese action labels, 过 with 胡 on offer asks to confirm;
the room panel shows 出牌限时 first; settlements and the race final explain themselves; /calc never goes
silent."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from bot.present.controls import ASK_BACK, ASK_PASS, PASS_WARNING, action_view
from bot.present.results import payments
from bot.present.settlement import final_text, settlement_text
from bot.service.table import Seat, Table
from engine.core import Action, HandResult
from engine.match import Match
from engine.outcome import Group as Counted
from engine.outcome import How, Outcome, Termination, Winner
from engine.registry import all_variants, get_variant
from engine.settlement import Seating
from engine.variants import fangpaofa, paohuzi
from engine.words import Card, Msg
from engine.zipai.derivation import won_how, won_summary
from engine.zipai.labels import VERBS, name_action
from engine.zipai.rules import Explained, Priced, Won
from engine.zipai.scoring import mingtang
from fake_discord import payload_text, playing
from fake_discord.layout import controls

from .conftest import VARIANTS, Env, short


def test_chi_with_bi_says_which_is_which() -> None:
    assert name_action(Action("chi", ("二二贰", "二七十"))).label == "吃 二二贰 · 比 二七十"
    assert name_action(Action("chi", ("一二三", "二二贰", "贰柒拾"))).label == "吃 一二三 · 比 二二贰 · 比 贰柒拾"
    assert name_action(Action("chi", ("一二三",))).label == "吃 一二三"
    assert name_action(Action("pass"), staking=True).label == "不打鸟"
    assert name_action(Action("pass")).label == "过"
    assert all(not re.search(r"[A-Za-z]", label) for label in VERBS.values())
    assert name_action(Action("whatever", ("一",))).label == "操作 一"  # an unknown verb never shows its code


async def _until_hu_offered(env: Env, users: list[int], rng: random.Random) -> tuple[int, int, str] | None:
    """Play by random clicks (never the ask) until some player's panel offers 胡 and a 过 that asks first."""
    for _ in range(3000):
        table = env.table()
        if table is None:
            return None
        for uid in users:
            seat = table.seat_of(uid)
            if seat not in table.game.to_act() or table.seats[seat].auto:
                continue
            mid = env.world.latest_dm(uid)
            choices = playing.action_choices(env.world, mid)
            ask = [cid for cid, _ in choices if cid.endswith(":" + ASK_PASS)]
            if ask:
                return uid, mid, ask[0]  # type: ignore[return-value]
            cid, values = rng.choice(choices)
            await env.click(uid, mid, cid, values)  # type: ignore[arg-type]
            break
    return None


async def test_pass_with_hu_on_offer_asks_to_confirm(env: Env) -> None:
    users = [env.alice, env.bob, env.carol]
    rng = random.Random(5)
    found = None
    for seed in range(1, 30):
        await env.open_table("paohuzi", users, f"bot.seed={seed} hands=8")
        found = await _until_hu_offered(env, users, rng)
        if found:
            break
        if env.table() is not None:
            await env.cmd(env.alice, "table end")
    assert found, "no 胡 was offered to a human in 30 matches"
    uid, mid, ask_id = found
    table = env.table()
    seat = table.seat_of(uid)
    version, seq, hand_id = table.version, table.seq, table.hand_id
    panel_before = env.world.message_text(mid)

    # someone else clicking the ask is refused and nothing changes
    other = next(u for u in users if u != uid)
    p = await env.click(other, mid, ask_id)
    assert p.ephemeral and "自己的座位" in p.text()

    p = await env.click(uid, mid, ask_id)
    assert not p.ephemeral
    assert PASS_WARNING in env.world.message_text(mid)
    buttons = {c["label"]: c["custom_id"] for c in env.world.components_of(mid)}
    assert set(buttons) == {"确认过", "返回"}
    assert buttons["确认过"] == f"ht:b:{table.id}:{version}:{seat}:pass"
    assert buttons["返回"].endswith(":" + ASK_BACK)
    assert (table.version, table.seq) == (version, seq) and seat in table.game.to_act()

    p = await env.click(uid, mid, buttons["返回"])  # back: the panel again, still nothing changed
    assert env.world.message_text(mid) == panel_before
    assert any(c["custom_id"] == ask_id for c in env.world.components_of(mid))
    assert (table.version, table.seq) == (version, seq)
    seen_panel = copy.deepcopy(env.world.messages[mid])  # as the player saw it, to click again later

    await env.click(uid, mid, ask_id)
    await env.click(uid, mid, buttons["确认过"])  # the real pass
    assert table.version > version
    stored = await env.bot.db.table(table.id)
    assert stored is not None
    hand = next(h for h in stored.hands if h.id == hand_id)
    assert (hand.actions[seq].seat, hand.actions[seq].code) == (seat, "pass")

    # the old ask, now stale, is refused and changes nothing
    version = table.version
    p = await playing.click(env.world, env.bot, uid, mid, ask_id, message=seen_panel)
    assert p.ephemeral and "过期" in p.text()
    assert table.version == version


async def test_plain_pass_without_hu_passes_at_once(env: Env) -> None:
    table = await env.open_table("paohuzi", [env.alice, env.bob], "bot.seed=1 hands=1")
    game = table.game

    class Offer:
        """A stand-in hand offering 碰/过 (no 胡), then 胡/过."""
        legal = [Action("peng", ("一",)), Action("pass")]

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def to_act(self) -> list[int]:
            return [0]

        def legal_actions(self, seat: int) -> list[Action]:
            return self.legal

    table.match.game = Offer()  # type: ignore[assignment]
    ids = [c.custom_id for c in action_view(table, 0).children]  # type: ignore[union-attr,attr-defined]
    assert ids[-1].endswith(":pass")
    Offer.legal = [Action("hu"), Action("pass")]
    ids = [c.custom_id for c in action_view(table, 0).children]  # type: ignore[union-attr,attr-defined]
    assert ids == [f"ht:b:{table.id}:{table.version}:0:hu", f"ht:b:{table.id}:{table.version}:0:{ASK_PASS}"]
    table.match.game = game


async def test_chi_bi_label_in_real_panels(env: Env) -> None:
    """Whole matches by clicking: every 吃 option that carries 比 groups is labelled 吃 … · 比 …."""
    seen = 0
    users = [env.alice, env.bob]
    for seed in range(1, 4):
        await env.open_table("paohuzi", users, f"bot.seed={seed} hands=2")
        await playing.play_match(env.world, env.bot, env.channel, users, random.Random(seed))
    for call in env.world.calls:
        for c in controls((call.body or {}).get("components")):
            for o in c.get("options") or []:
                groups = o["value"].removeprefix("chi:").split("|")
                if o["value"].startswith("chi:") and len(groups) > 1:
                    assert o["label"] == f"吃 {groups[0]} · " + " · ".join(f"比 {g}" for g in groups[1:])
                    seen += 1
    assert seen


async def test_timer_option_first_and_option_labels_chinese(env: Env) -> None:
    for v in all_variants():
        p = await env.cmd(env.alice, "table create", variant=v.id)
        assert not p.ephemeral, p.text()
        comps = env.world.components_of(p.message_id)  # type: ignore[arg-type]
        opt_ids = [c["custom_id"] for c in comps if c["custom_id"].startswith("ht:opt:")]
        assert opt_ids[0].endswith(":bot.timer")
        for c in comps:
            for o in c.get("options") or []:
                assert not re.search(r"[A-Za-z]", o["label"]), o["label"]
        title, *lines = env.world.message_text(p.message_id).split("\n")  # type: ignore[arg-type]
        assert title.startswith(f"### {v.name} · 牌桌") and v.name_en not in title
        assert any(line.startswith("出牌限时") for line in lines)  # on the lobby's first screen
        await env.cmd(env.alice, "table end")
    assert env.table() is None


def _table(variant: str, options: dict[str, Any] | None = None) -> Table:
    match = Match(variant, options or {}, first_dealer=0)
    seats = [Seat(1 + i, n) for i, n in enumerate(["小明", "阿强", "老王", "小红"][:match.seats])]
    table = Table(9, 1, 1, 1, variant, match.options, {"timer": 0}, "playing", seats)
    table.match = match
    return table


def _told(table: Table, explained: Explained, deltas: list[int], won: Winner | None,
          summary: Msg) -> HandResult:
    """A hand as the engine tells it: the winner with the variant's derivation, the hand's own lines."""
    termination = Termination.DRAW if won is None else Termination.WIN
    outcome = Outcome(termination, () if won is None else (won,), (), summary, steps=explained.hand)
    return HandResult([] if won is None else [won.seat], deltas, won is None, {}, outcome=outcome)


def test_settlement_with_the_engines_richer_detail() -> None:
    table = _table("paohuzi")
    fans = (mingtang("四七红", 2), mingtang("自摸", points=10))
    priced = Priced(6, 21, {"huxi": 21, "units": 3, "fan": 2, "score": 6, "patterns": ["四七红"]}, None, fans)
    groups = (Counted("chouwei", ("五", "五", "五"), 3), Counted("pao", ("壹",) * 4, 9), Counted("jiang", ("四", "四"), 0))
    deltas = [-6, 12, -6]

    def told(win_from: str) -> str:
        seating = Seating.everyone(3, 0, from_seat=2, options=table.match.options)  # type: ignore[union-attr]
        explained = paohuzi.explain(Won(seating, 1, priced, win_from, tuple(deltas)))
        won = Winner(1, How(win_from), 2, "四", (), groups=groups, patterns=("四七红",), fans=fans, value=6,
                     steps=explained.steps)
        summary = won_summary(1, Card("四", "四"), won_how(1, win_from, 2))
        return settlement_text(table, _told(table, explained, deltas, won, summary), 0)

    text = told("discard")
    assert "2号 阿强 胡了 四（3号 老王 放炮）" in text
    assert "臭偎五五五 3 · 跑壹壹壹壹 9 · 将四四 0" in text
    assert "胡息 21 → 3 囤（15 胡息 1 囤，多出 6，每 3 胡息加 1 囤）" in text
    assert "3 囤 × 2 番（四七红 2）= 6 分" in text
    assert "四七红 2番" in text and "自摸 +10" in text
    assert "1号 小明 付 2号 阿强 6" in text and "3号 老王 付 2号 阿强 6" in text
    assert "None" not in text and "chouwei" not in text
    # a card another player drew and showed is his, but not a 放炮
    drawn = told("other_draw")
    assert "2号 阿强 胡了 四（3号 老王 摸出）" in drawn and "放炮" not in drawn


def test_draw_says_huangzhuang_once() -> None:
    table = _table("fangpaofa")
    seating = Seating.everyone(3, 0, options=table.match.options)  # type: ignore[union-attr]
    deltas = [-10, 0, 0]
    text = settlement_text(table, _told(table, fangpaofa.explain_draw(seating, tuple(deltas)), deltas, None,
                                        Msg("黄庄")), 3)
    assert text.count("黄庄") == 1 and "第 4 局" in text
    assert "1号 小明 -10" in text


def test_who_pays_whom() -> None:
    table = _table("bopi")
    assert payments(table, [0, 21, 11, 0]) == ["2号 阿强 +21、3号 老王 +11（记分，无人付分）"]
    assert payments(table, [-5, 15, -5, -5]) == [f"{table.seat_label(s)} 付 2号 阿强 5" for s in (0, 2, 3)]
    assert payments(table, [0, 30, 0, -30]) == ["4号 小红 付 2号 阿强 30"]


@pytest.mark.heavy
async def test_settlements_of_real_games_show_group_huxi_and_payments(env: Env) -> None:
    users = [env.alice, env.bob]
    checked = 0
    for variant in [v for v in VARIANTS if v != "toy" and get_variant(v).family == "zipai"]:  # groups with 胡息
        table = await env.open_table(variant, users, f"bot.seed=21 {short(variant, 4)}")
        await playing.play_match(env.world, env.bot, env.channel, users, random.Random(3))
        texts = [payload_text(m) for m in env.world.channel_messages(env.channel) if "胡了" in payload_text(m)]
        wins = [h for h in await env.bot.db.history(env.channel, limit=100)
                if h["table_id"] == table.id and not h["result"]["draw"]]
        assert len(texts) >= len(wins)
        for text in texts[-len(wins):] if wins else []:
            m = re.search(r"组牌（胡息）：(.*)", text)
            assert m, text
            values = [int(v) for v in re.findall(r" (\d+)(?: ·|$)", m[1])]
            assert values, text
            assert f"胡息 {sum(values)}" in text, text  # each group's 胡息 adds up to the hand's
            assert re.search(r"本局：.*(付|记分|无人输赢)", text), text
            checked += 1
    assert checked >= 3


async def test_race_final_explains_the_pairwise_settlement(env: Env) -> None:
    table = _table("fangpaofa", {"daniao": True, "niao_value": 5, "target": 10})
    assert table.match is not None
    table.match.progress.totals[:] = [30, 10, 0]
    table.match.progress.carry["stakes"] = [0]
    text = final_text(table)
    # the engine's pairwise breakdown: 胡息 differences, and 1号's 打鸟 paid by whoever has fewer
    assert "2号 阿强 付 1号 小明 25（胡息差 20，鸟分 5+0）" in text
    assert "3号 老王 付 1号 小明 35（胡息差 30，鸟分 5+0）" in text
    assert "3号 老王 付 2号 阿强 10（胡息差 10）" in text
    assert "1. 1号 小明 +60" in text and "2. 2号 阿强 -15" in text and "3. 3号 老王 -45" in text
    assert "打鸟：1号 小明（鸟分 5）" in text


async def test_calc_pathological_input_gets_a_chinese_reply(env: Env) -> None:
    cases = {
        '{"hand": ' + "[" * 1000 + "]" * 1000 + "}": "嵌套太深",
        '{"hand": "一", "win_card": "二", "win_from": "self_draw", "options": {"chongtun": 1e400}}': "超出范围",
        '{"hand": "一", "x": NaN}': "NaN",
        '{"hand": ' + "9" * 5000 + "}": "数字太大",
        '{"hand": "' + "一" * 600 + '"}': "太长",
        "一" * 300: "太长",
        '{"hand": "一二三", "win_card": "四", "win_from": "self_draw", "melds": [{"type": "foo", "cards": "一"}]}':
            "门子种类",
        '{"hand": "一二三"}': "缺少「来源」",
        '{"hand": "一一一一", "win_card": "二", "win_from": "self_draw"}': "提",
    }
    for hand, words in cases.items():
        p = await env.cmd(env.alice, "calc", variant="paohuzi", hand=hand)
        assert p.ephemeral and "无法计算" in p.text() and words in p.text(), (hand[:40], p.text())
        assert not re.search(r"[A-Za-z]{3,}", re.sub(r"`[^`]*`|NaN|JSON", "", p.text())), p.text()
    # a hand that cannot win says why in Chinese
    p = await env.cmd(env.alice, "calc", variant="paohuzi", hand="二贰柒柒捌玖拾", win="二",
                      source="discard", melds="偎壹 提肆 跑三 跑九")
    assert "不能胡" in p.text() and not re.search(r"[A-Za-z]{3,}", p.text()), p.text()
    p = await env.cmd(env.alice, "calc", variant="paohuzi", hand="二贰柒柒捌玖拾", win="二",
                      source="other_draw", melds="偎壹 提肆 跑三 跑九")
    assert "组牌：" in p.text() and "偎壹壹壹" in p.text() and ":" not in p.text().split("组牌：")[1], p.text()
