"""麻将 wins played through the bot on stacked walls: the settlement post the channel gets says which birds hit
whom as the payments count them (红中's hits, 长沙's birds on seats, 一炮多响), and shows each winner's whole hand,
the winning tile in it and marked, whether drawn or won on a discard."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.mahjong import changsha as cs
from engine.match import Match
from fake_discord import payload_text, playing
from tests.mahjong.stack import stack
from tests.mahjong.test_changsha_game import stack as changsha_stack

from .conftest import Env

# Seat 1 waits on 5p alone, with no 红中 (123m 456m 789m 123p + 5p).
READY_5P = "123m456m789m123p5p"


def stacked(monkeypatch: pytest.MonkeyPatch, *walls: Sequence[int]) -> None:
    """The match's next hands are dealt from these walls (in the family's deal order), not shuffled."""
    real = Match.new_hand
    queue = [list(w) for w in walls]

    def new_hand(self: Match, seed: int, *, wall: Sequence[int] | None = None) -> Any:
        return real(self, seed, wall=queue.pop(0) if wall is None and queue else wall)

    monkeypatch.setattr(Match, "new_hand", new_hand)


async def play(env: Env, uid: int, code: str) -> None:
    """The player clicks the control for ``code`` on his DM panel (a button, or a select's option)."""
    mid = playing.player_panel(env.world, env.bot, uid)
    choices = playing.action_choices(env.world, mid)
    for cid, values in choices:
        if values == [code] or (values is None and cid.endswith(f":{code}")):
            assert mid is not None
            await env.click(uid, mid, cid, values)
            await env.bot.service.idle()
            return
    raise AssertionError(f"no control for {code}: {choices}")


def settlement(env: Env) -> str:
    """The settlement post, as the channel got it."""
    posts = [payload_text(m) for m in env.world.channel_messages(env.channel)]
    won = [p for p in posts if p.removeprefix("### ").startswith("🀄")]
    assert len(won) == 1, posts
    return won[0].removeprefix("### ")  # the heading of the V2 post


async def test_hongzhong_self_draw_names_the_bird_that_hit_and_whom(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, stack(112, ["9p9p9p", READY_5P, None, None], draws="5p", fill="9s6s"))
    table = await env.open_table("hongzhong", [env.alice], "hands=1")
    await play(env, env.alice, "discard:9p")
    lines = settlement(env).split("\n")
    winner = table.seat_label(1)
    # 9s is a 1/5/9 bird, 6s is not: one hit, for the winner, from each of the three payers (2 a hit on 自摸)
    assert f"扎鸟：九条 六条 → {winner} 中鸟 1（九条）" in lines, lines
    payers = "、".join(table.seat_label(s) for s in (0, 2, 3))
    assert f"　{payers} 各付 {winner} 5（自摸：自摸 2 + 无红中 1，中鸟 1 × 2）" in lines, lines
    # the whole hand, the drawn 5p in it and marked: as a discard win of the same hand reads (below)
    assert "　　胡牌：一二三四五六七八九万 一二三五**五**筒" in lines, lines


async def test_hongzhong_one_discard_two_winners_each_hit_by_the_same_birds(env: Env,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, stack(112, ["5p", READY_5P, None, "123s456s789s234m5p"], fill="1m2m"))
    table = await env.open_table("hongzhong", [env.alice], "hands=1")
    await play(env, env.alice, "discard:5p")
    lines = settlement(env).split("\n")
    first, second, discarder = table.seat_label(1), table.seat_label(3), table.seat_label(0)
    # the birds are drawn once (ruling 14): 1m hits, for each winner, not two hits between them
    assert f"扎鸟：一万 二万 → {first}、{second} 各中鸟 1（一万）" in lines, lines
    for winner in (first, second):
        assert f"　{discarder} 付 {winner} 3（放炮：接炮 1 + 无红中 1，中鸟 1 × 1）" in lines, lines
    # each winner's whole hand, the discarded 5p in it and marked, as a 自摸 of the same hand reads (above)
    assert lines[lines.index(f"　{first}：无番种 · 一份 2") + 1] == "　　胡牌：一二三四五六七八九万 一二三五**五**筒"
    assert lines[lines.index(f"　{second}：无番种 · 一份 2") + 1] == "　　胡牌：二三四万 五**五**筒 一二三四五六七八九条"


async def test_a_qidui_won_on_a_discard_shows_all_seven_pairs(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, stack(112, ["9s", "1m1m3m3m5p5p7p7p2s2s4s4s9s", None, None]))
    table = await env.open_table("hongzhong", [env.alice], "hands=1")
    await play(env, env.alice, "discard:9s")
    lines = settlement(env).split("\n")
    assert lines[0] == f"🀄 第 1 局 {table.seat_label(1)} 胡了 九条（{table.seat_label(0)} 放炮）！", lines
    assert "　　胡牌：一一三三万 五五七七筒 二二四四九**九**条" in lines, lines


async def test_changsha_bird_on_a_seat_outside_the_pair_says_it_missed(env: Env,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    opts = cs.parse_options({})
    stacked(monkeypatch, changsha_stack(opts, ["7p", None, "2m2m 3p4p5p 6s7s8s 1m2m3m 8p9p", None], fill="3m2m"))
    table = await env.open_table("changsha", [env.alice], "hands=1")
    await play(env, env.alice, "discard:7p")
    lines = settlement(env).split("\n")
    # counted from the dealer: 3m → 对家 (the winner, seat 2): a hit; 2m → 下家 (seat 1), who neither won nor paid
    assert f"扎鸟：三万→{table.seat_label(2)} · 二万（未中）→{table.seat_label(1)}" in lines, lines
    assert f"　{table.seat_label(0)} 付 {table.seat_label(2)} 12（点炮：地胡 6，中鸟 1 只 × 2）" in lines, lines


async def test_changsha_three_players_two_winners_count_the_birds_from_each(env: Env,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    opts = cs.parse_options({"players": 3})
    stacked(monkeypatch, changsha_stack(opts, ["7p", "2m2m 3p4p5p 6s7s8s 1m2m3m 8p9p", "5s5s 1m2m3m 4m5m6m 9m9m9m 8p9p"],
                                        fill="1m2s"))
    table = await env.open_table("changsha", [env.alice], "players=3 hands=1")
    await play(env, env.alice, "discard:7p")
    lines = settlement(env).split("\n")
    alice, first, second = (table.seat_label(s) for s in range(3))
    # three players count the birds from each winner: 1m is on the winner both times; 2s is on the other
    # winner for the first (outside his pair with the discarder), on the discarder for the second
    assert (f"扎鸟：从 {first} 数起：一万→{first} · 二条（未中）→{second}；从 {second} 数起：一万→{second} · "
            f"二条→{alice}") in lines, lines
    assert f"　{alice} 付 {first} 12（点炮：地胡 6，中鸟 1 只 × 2）" in lines, lines
    assert f"　{alice} 付 {second} 24（点炮：地胡 6，中鸟 2 只 × 4）" in lines, lines


@pytest.mark.parametrize(("variant", "seed"), [("hongzhong", 1), ("changsha", 2)])
async def test_a_settled_hand_stores_its_outcome_and_a_hand_stored_before_still_reads(
        env: Env, variant: str, seed: int) -> None:
    """The stored result holds the hand's Outcome (winners, ways, tile, every payment with its reason, the birds),
    read back equal; a hand stored before outcomes were (each win in its ``detail.wins`` instead) still reads the
    same in /history and its replay."""
    from engine.outcome import Outcome

    rng = random.Random(seed)
    for _ in range(12):  # the table deals from a seed of its own: play hands until one is won (most are)
        table = await env.open_table(variant, [env.alice], "hands=1")
        await playing.play_match(env.world, env.bot, env.channel, [env.alice], rng)
        result = table.match.last_result
        assert result is not None
        if result.winners:
            break
    row = max(await env.bot.db.history(env.channel), key=lambda r: r["id"])
    stored = await env.bot.db.hand(row["id"])
    assert stored is not None and result.outcome is not None and result.winners, "a won hand"
    assert Outcome.from_json(stored["result"]["outcome"]) == result.outcome
    assert stored["result"]["outcome"]["summary"]["id"].startswith("{who} 胡了")
    won = table.say(result.outcome.summary)
    assert table.seat_label(result.winners[0]) in won

    async def history_and_replay() -> tuple[str, str]:
        listed = (await env.cmd(env.alice, "history")).text()
        p = await env.cmd(env.alice, "history", hand=row["id"])
        assert p.message_id is not None
        [end] = [b for b in env.world.components_of(p.message_id) if b.get("label") == "结尾 ⏭"]
        return listed, (await env.click(env.alice, p.message_id, end["custom_id"])).text()

    now = await history_and_replay()
    assert all(won in text for text in now), now
    # the form stored before: no outcome, each win in the detail (a hand won off another without that tile)
    wins = []
    for w in result.outcome.winners:
        hand = list(w.hand)
        if w.from_seat is not None and w.card is not None:
            hand.remove(w.card)
        wins.append({"seat": w.seat, "from_seat": w.from_seat, "card": w.card, "win_from": w.how.value,
                     "patterns": list(w.patterns), "share": w.steps[-1].value, "hand": hand,
                     "melds": [m.to_json() for m in w.melds]})
    older = {k: v for k, v in stored["result"].items() if k != "outcome"}
    older["detail"] = {"wins": wins}
    await env.bot.db.execute("UPDATE hands SET result = ? WHERE id = ?", (json.dumps(older, ensure_ascii=False),
                                                                           row["id"]))
    assert "outcome" not in ((await env.bot.db.hand(row["id"])) or {})["result"]
    assert await history_and_replay() == now
