"""跑得快 by clicking: cards picked in a multi-select of the hand and confirmed with 出牌, quick picks, refusals in
the game's words, automatic 要不起 under 有牌必压 (a pass is public as 不出 without it, never taken for the player), and a
table message that shows counts, 报单, the trick and bombs, never a hand."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.families.paodekuai import pictures as pdk_picture
from bot.families.paodekuai.controls import cards_for, pack, quick_picks
from bot.i18n import speaking
from bot.pictures import table_inputs
from bot.present import pictures
from bot.present.contract import View
from bot.present.table_message import public_lines, table_message
from bot.service.table import replay_steps
from engine.core import Action, IllegalAction, name_action
from engine.paodekuai.cards import CARD_OF, NOTATION, SIGNED, deck_for
from engine.paodekuai.game import PaodekuaiGame, play_label, play_of, shown
from engine.paodekuai.views import TrickEntry
from engine.registry import get_variant
from fake_discord import Call, PendingInteraction, payload_text, playing
from fake_discord.layout import controls

from .conftest import Env

SIGNED_CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])")


async def open_pdk(env: Env, seed: int, extra: str = "") -> Any:
    hands = "" if "hands=" in extra else "hands=1 "
    return await env.open_table("paodekuai", [env.alice, env.bob], f"bot.seed={seed} {hands}{extra}".strip())


def deciding(env: Env, table: Any) -> tuple[int, int, int]:
    """(seat, user, DM message) of the human who must play now: AI seats and forced passes never wait."""
    [seat] = table.game.to_act()
    uid = table.seats[seat].user_id
    assert uid in (env.alice, env.bob)
    mid = env.world.latest_dm(uid)
    assert mid is not None
    return seat, uid, mid


def comps(env: Env, mid: int) -> list[dict[str, Any]]:
    return env.world.components_of(mid)


def picker(env: Env, mid: int) -> dict[str, Any]:
    [sel] = [c for c in comps(env, mid) if c["type"] == 3 and c["custom_id"].startswith("ht:c:")]
    return sel


def confirm_button(env: Env, mid: int) -> dict[str, Any]:
    [b] = [c for c in comps(env, mid) if c["type"] == 2 and ":=" in c["custom_id"]]
    return b


async def pick(env: Env, uid: int, mid: int, cards: list[str]) -> PendingInteraction:
    return await env.click(uid, mid, picker(env, mid)["custom_id"], cards)


async def test_pick_in_the_multi_select_then_play(env: Env) -> None:
    table = await open_pdk(env, 7)
    seat, uid, mid = deciding(env, table)
    game = table.game
    sel = picker(env, mid)
    hand = list(game.view(seat).hand)
    assert [o["value"] for o in sel["options"]] == hand  # the hand by rank, suits shown
    assert [o["label"] for o in sel["options"]] == [SIGNED[CARD_OF[c]] for c in hand]
    assert sel["min_values"] == 1 and sel["max_values"] == len(hand)
    assert confirm_button(env, mid)["disabled"]  # nothing picked yet
    longest = max((a for a in game.legal_actions(seat) if a.kind != "pass"), key=lambda a: len(cards_for(hand, a)))
    cards = cards_for(list(reversed(hand)), longest)  # any suits of the ranks: the engine names it by ranks
    version, logged = table.version, list(game.log)
    p = await pick(env, uid, mid, cards)
    assert not p.ephemeral
    assert table.version == version and game.log == logged  # a pick changes nothing
    chosen = [o["value"] for o in picker(env, mid)["options"] if o.get("default")]
    assert sorted(chosen) == sorted(cards)
    button = confirm_button(env, mid)
    named = name_action(game, longest).label
    assert not button["disabled"] and button["label"] == f"出牌：{named}"
    assert button["custom_id"].endswith("=" + pack(cards)) and len(button["custom_id"]) <= 100
    assert f"→ **{named}**" in env.world.message_text(mid)
    await env.click(uid, mid, button["custom_id"])
    assert game.log[len(logged)] == (seat, longest.code)
    rows = await env.bot.db.actions(table.hand_id)
    assert rows[len(logged)].code == longest.code and not rows[len(logged)].by_ai
    assert table.version > version


async def test_an_illegal_pick_is_refused_in_chinese_and_nothing_changes(env: Env) -> None:
    for seed in range(1, 30):
        table = await open_pdk(env, seed)
        seat, uid, mid = deciding(env, table)
        hand = list(table.game.view(seat).hand)
        triples = [r for r in {c[1:] for c in hand} if sum(c[1:] == r for c in hand) == 3]
        if triples:
            break
        await env.cmd(env.alice, "table end")
    else:
        pytest.fail("no seed dealt the first player a triple")
    game = table.game
    cards = [c for c in hand if c[1:] == triples[0]]
    version, logged, held = table.version, list(game.log), list(hand)
    await pick(env, uid, mid, cards)
    assert "⚠️ 三带二 要带两张" in env.world.message_text(mid)
    button = confirm_button(env, mid)
    assert button["label"] == "出牌" and not button["disabled"]  # 出牌 answers with the reason
    p = await env.click(uid, mid, button["custom_id"])
    assert p.ephemeral and "三带二 要带两张" in p.text()
    assert table.version == version and game.log == logged and list(game.view(seat).hand) == held
    # two cards that make no play: the engine's own reason, word for word
    odd = [hand[0], hand[-1]]
    with pytest.raises(IllegalAction) as why:
        game.classify(odd, seat)
    await pick(env, uid, mid, odd)
    p = await env.click(uid, mid, confirm_button(env, mid)["custom_id"])
    assert p.ephemeral and str(why.value) in p.text() and "不能这样出" in p.text()
    assert table.version == version and game.log == logged


async def test_a_stale_play_and_a_foreign_click_change_nothing(env: Env) -> None:
    table = await open_pdk(env, 7)
    seat, uid, mid = deciding(env, table)
    game = table.game
    smallest = quick_picks(game, seat, game.view(seat))[0]
    await pick(env, uid, mid, cards_for(list(game.view(seat).hand), smallest))
    old = json.loads(json.dumps(env.world.messages[mid]))  # the panel as the player saw it
    play_id = confirm_button(env, mid)["custom_id"]
    select_id = picker(env, mid)["custom_id"]
    # somebody else: a seated player of another seat and a user not at the table
    other = env.bob if uid == env.alice else env.alice
    for intruder in (other, env.outsider):
        version = table.version
        p = await env.click(intruder, mid, play_id)
        assert p.ephemeral and "这不是你的牌" in p.text()
        p = await env.click(intruder, mid, select_id, [controls(old["components"])[0]["options"][0]["value"]])
        assert p.ephemeral and "这不是你的牌" in p.text()
        assert table.version == version
    # the player plays by a quick pick; the 出牌 picked before it is then stale
    [quick] = [c for c in comps(env, mid) if c["custom_id"].endswith(f":{smallest.code}")]
    await env.click(uid, mid, quick["custom_id"])
    version, logged = table.version, list(table.game.log)
    p = await playing.click(env.world, env.bot, uid, mid, play_id, message=old)
    assert p.ephemeral and "已过期" in p.text()
    p = await playing.click(env.world, env.bot, uid, mid, select_id, [smallest.cards[0]], message=old)
    assert p.ephemeral and "已过期" in p.text()
    assert table.version == version and table.game.log == logged


async def test_the_picked_play_survives_a_restart(env: Env) -> None:
    """Nothing of a pick lives on the server: the 出牌 sent before a restart carries the cards and still plays."""
    table = await open_pdk(env, 7)
    seat, uid, mid = deciding(env, table)
    game = table.game
    action = quick_picks(game, seat, game.view(seat))[0]
    await pick(env, uid, mid, cards_for(list(game.view(seat).hand), action))
    play_id = confirm_button(env, mid)["custom_id"]
    seen = json.loads(json.dumps(env.world.messages[mid]))  # the panel as the player clicks it
    logged = len(game.log)
    await env.restart()
    # the restarted bot may have refreshed the panel already (the pick is nowhere on the server): the click
    # carries the message the player saw, as Discord sends it
    p = await playing.click(env.world, env.bot, uid, mid, play_id, message=seen)
    assert not p.ephemeral, p.text()
    assert env.table().game.log[logged] == (seat, action.code)


async def test_quick_picks_are_named_by_the_engine(env: Env) -> None:
    table = await open_pdk(env, 7)
    seat, uid, mid = deciding(env, table)
    game = table.game
    picks = quick_picks(game, seat, game.view(seat))
    buttons = [c for c in comps(env, mid) if c["type"] == 2 and ":=" not in c["custom_id"]]
    assert [b["label"] for b in buttons] == [name_action(game, a).label for a in picks]
    assert buttons[0]["label"] == "单张 3"  # 黑桃3先出: the smallest first lead is the ♠3 alone
    logged = len(game.log)
    await env.click(uid, mid, buttons[0]["custom_id"])
    assert game.log[logged] == (seat, "single:3")
    assert "♠3" in json.dumps([c.body for c in env.world.public_calls()], ensure_ascii=False)  # played: public


def test_quick_picks_offer_the_longest_straight_when_leading() -> None:
    # seat 0 holds one card of each rank 3…A, ♠2 and ♥5 ♥6 ♥7; seats 1 and 2 the rest of the 48 cards
    mine = [f"{'S' if r != '2' else 'S'}{r}" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    mine += ["HA", "S2", "H5", "H6", "H7"]
    rest = [c for c in deck_for(16, False) if NOTATION[c] not in mine]
    game = PaodekuaiGame({}, 1, wall=[CARD_OF[c] for c in mine] + rest)
    assert game.to_act() == [0]
    names = [name_action(game, a).label for a in quick_picks(game, 0, game.view(0))]
    assert names == ["单张 3", "顺子 3-A"]


async def test_whole_match_by_clicking_never_shows_a_hand_card_in_the_channel(env: Env) -> None:
    table = await open_pdk(env, 5, "hands=2")
    clicked: list[str] = []
    rng = random.Random(21)
    seen = checked = 0
    while env.table() is not None:
        hand_no = table.hand_no
        await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng, stop_after=1,
                                 on_click=lambda uid, cid, values: clicked.append(cid))
        calls = env.world.public_calls()[seen:]
        seen += len(calls)
        game = table.game
        if game is None or table.hand_no != hand_no or game.finished:
            continue  # a settlement shows what was left, once the hand is over
        held = {SIGNED[CARD_OF[c]] for s in range(3) for c in game.view(s).hand}
        for call in calls:
            text = json.dumps(call.body, ensure_ascii=False)
            assert "ht:c:" not in text and "手牌**（" not in text
            assert not held & set(SIGNED_CARD.findall(text)), text[:300]
            checked += 1
        # the table message: every seat's count and 报单 at its block, the trick with who played it
        view = game.public_view()
        lines = table_message(table).text().split("\n")[1:]  # under the title
        for s in range(3):
            [block] = [line for line in lines if line.startswith(f"**{table.seat_label(s)}**")]
            assert view.hand_sizes is not None and f"手牌 {view.hand_sizes[s]}" in block
            assert ("报单" in block) == view.baodan[s]
        if view.top is not None and view.top.play is not None:
            assert lines[1].startswith(f"本轮：{table.seat_label(view.top.seat)} 出 {view.top.play.name.zh()}")
    assert table.match.over and table.hand_no == 2
    assert checked > 20  # the channel payloads of play were all looked at
    assert any(c.startswith("ht:c:") for c in clicked)  # picked in the multi-select …
    assert any(":=" in c for c in clicked)  # … confirmed with 出牌
    assert any(c.startswith("ht:b:") and ":=" not in c for c in clicked)  # and quick picks
    assert any("出完牌，获胜" in payload_text(m) for m in env.world.channel_messages(env.channel))


async def test_nothing_beats_so_yao_bu_qi_is_played_for_the_player(env: Env) -> None:
    """有牌必压: a pass is legal only when nothing beats, and then it is no decision — never a button."""
    table = await open_pdk(env, 3)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(4))
    humans = {s for s, seat in enumerate(table.seats) if not seat.is_ai}
    rows = await env.bot.db.actions(table.hand_id)
    forced = [r for r in rows if r.seat in humans and r.code == "pass"]
    assert forced and all(r.by_ai for r in forced)
    dm_bodies = [c.body for c in env.world.calls if c.body and not env.world.is_guild_channel(c.channel_id)]
    assert not any(c.get("custom_id", "").endswith(":pass") for b in dm_bodies for c in controls(b.get("components")))
    channel = json.dumps([c.body for c in env.world.public_calls()], ensure_ascii=False)
    assert "要不起（自动）" in channel


async def test_without_must_beat_the_pass_is_a_quick_pick_named_bu_yao(env: Env) -> None:
    table = await open_pdk(env, 7, "must_beat=false")
    rng = random.Random(5)
    for _ in range(60):
        seat, uid, mid = deciding(env, table)
        game = table.game
        passes = [c for c in comps(env, mid) if c["custom_id"].endswith(":pass")]
        if game.public_view().top is not None and any(a.kind != "pass" for a in game.legal_actions(seat)):
            assert [b["label"] for b in passes] == ["不要"]
            logged = len(game.log)
            await env.click(uid, mid, passes[0]["custom_id"])
            assert game.log[logged] == (seat, "pass")
            lines = [str(line) for line in table.log]
            assert f"{table.seat_label(seat)} 不出" in lines  # the table's one word for any pass
            return
        await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng, stop_after=1)
    pytest.fail("no human ever followed a play he could beat")


async def test_table_facts_name_the_trick_and_the_bombs_paid(env: Env) -> None:
    table = await open_pdk(env, 7)
    bomb = TrickEntry(0, shown(play_of(Action.parse("bomb:9"))), ("S9", "H9", "C9", "D9"))
    view = replace(table.game.public_view(), trick=(bomb, TrickEntry(1, None)), top=bomb, bombs_paid=(0,),
                   bomb_money=(20, -10, -10), baodan=(False, False, True), hand_sizes=(9, 12, 1))
    lines = public_lines(table, view)
    assert lines[1] == f"本轮：{table.seat_label(0)} 出 炸弹 9（♠9 ♥9 ♣9 ♦9） · {table.seat_label(1)} 不出"
    assert lines[2].startswith("炸弹现结 1 个（每个另两家各付 10 分）：")
    assert f"{table.seat_label(0)} +20" in lines[2] and f"{table.seat_label(2)} -10" in lines[2]
    [third] = [line for line in lines if line.startswith(f"**{table.seat_label(2)}**")]
    assert "〔报单〕" in third and "手牌 1" in third and "庄" not in "".join(lines)


async def test_da_niao_is_chosen_by_buttons_and_settled_at_the_end_in_pdk_words(env: Env) -> None:
    table = await open_pdk(env, 9, "daniao=true")
    assert table.game.public_view().phase == "choose"
    for uid in (env.alice, env.bob):
        mid = env.world.latest_dm(uid)
        assert mid is not None
        [stake] = [c for c in comps(env, mid) if c.get("label") == "打鸟"]  # the generic buttons, no card select
        assert not any(c["custom_id"].startswith("ht:c:") for c in comps(env, mid))
        await env.click(uid, mid, stake["custom_id"])
    assert table.game.public_view().stakes == tuple(s for s, seat in enumerate(table.seats) if not seat.is_ai)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(8))
    [final] = [payload_text(m) for m in env.world.channel_messages(env.channel) if "最终排名" in payload_text(m)]
    assert "积分少者另付双方鸟分之和" in final and "胡数" not in final


async def test_the_card_counter_shows_only_when_the_room_turns_it_on(env: Env) -> None:
    from engine.hints import hints

    table = await open_pdk(env, 3, "bot.counter=true")
    seat, _, mid = deciding(env, table)
    text = env.world.message_text(mid)
    unseen = hints(table.game, seat)[0].unseen
    assert "**记牌器** 未出：" + " ".join(f"{r}×{n}" for r, n in reversed(unseen)) in text
    await env.cmd(env.alice, "table end")
    table = await open_pdk(env, 3)
    _, _, mid = deciding(env, table)
    assert "记牌器" not in env.world.message_text(mid)


# --- issue 17, item 6: what the table and the settlement say of 报单, 庄 and plays that carry cards -----------

async def first_hand(env: Env, wanted: Callable[[list[dict[str, Any]], Any], bool]) -> tuple[Any, Any, Any]:
    """The first one-hand match played by clicking (seeds 1, 2, …) whose stored hand is ``wanted``: (table, its
    public steps replayed from the database, its result)."""
    for seed in range(1, 40):
        table = await open_pdk(env, seed)
        await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(seed))
        row = await env.bot.db.table(table.id)
        assert row is not None and table.hand_id is not None
        steps, _ = replay_steps(row, table.hand_id)
        result = table.match.last_result
        assert result is not None
        if wanted(steps, result):
            return table, steps, result
    pytest.fail("no seed played such a hand")


async def test_a_seat_that_went_out_is_no_longer_marked_baodan(env: Env) -> None:
    """The winner who went out from 报单 holds no card: the last table message and the picture's input no longer
    mark him 报单; a loser left on one card still is."""
    table, steps, result = await first_hand(  # he was on 报单 before his last play
        env, lambda steps, result: any(step["view"].baodan[result.winners[0]] for step in steps))
    [winner] = result.winners
    final = steps[-1]["view"]
    assert final.finished and final.hand_sizes[winner] == 0
    assert final.baodan == tuple(size == 1 for size in final.hand_sizes)
    assert table_inputs(pdk_picture._drawn_table(final))["baodan"][winner] is False  # the picture reads the view
    _, lines, _ = playing.table_message_parts(env.world.messages[env.sent(table).hand_messages[0]])
    assert lines[0] == "**本局结束**"
    for s, size in enumerate(final.hand_sizes):
        [block] = [line for line in lines if line.startswith(f"**{table.seat_label(s)}**")]
        assert f"手牌 {size}" in block and ("〔报单〕" in block) == (size == 1), block


def _drawn(view: View) -> bytes:
    """The table picture's bytes (every family here draws one)."""
    picture = pictures.table_picture(view)
    assert picture is not None
    return picture.data


def test_the_table_picture_marks_no_dealer_in_paodekuai() -> None:
    """跑得快 has no 庄 (the text names the leader on the turn line): the picture draws none either, while a 字牌
    table still marks its 庄."""
    v = get_variant("paodekuai")
    view = v.new_hand(v.validate({}), 3, 0, {}).public_view()
    assert view.dealer is not None
    other = (view.dealer + 1) % 3
    assert _drawn(view) == _drawn(replace(view, dealer=other))
    z = get_variant("paohuzi")
    zview = z.new_hand(z.validate({}), 3, 0, {}).public_view()
    assert zview.dealer is not None
    assert _drawn(zview) != _drawn(dataclasses.replace(zview, dealer=(zview.dealer + 1) % 3))


async def test_a_play_that_carries_cards_reads_as_players_write_it(env: Env) -> None:
    """三带二 333+48 (its own cards + the cards carried), not 三带二 3带48; Trio+2 333+48 in English."""
    table = await open_pdk(env, 7)
    code, cards = "trio:3+4+8", ("S3", "H3", "C3", "S4", "S8")
    entry = TrickEntry(0, shown(play_of(Action.parse(code))), cards)
    assert play_label(play_of(Action.parse(code))) == "三带二 333+48"
    view = replace(table.game.public_view(), trick=(entry,), top=entry)
    said = {}
    for lang in ("zh-CN", "zh-TW", "en"):
        with speaking(lang):
            said[lang] = public_lines(table, view)[1]
    assert said["zh-CN"] == f"本轮：{table.seat_label(0)} 出 三带二 333+48（♠3 ♥3 ♣3 ♠4 ♠8）"
    assert "出 三帶二 333+48（" in said["zh-TW"]
    assert "Trio+2 333+48" in said["en"] and not re.search(r"[\u3400-\u9fff]", said["en"].split("Trio")[1])


async def test_a_baodan_loser_pays_nothing_and_the_text_and_picture_say_so(env: Env,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """§5: a loser left on one card (报单) pays nothing for it (ruling 14: bomb money stands). The settlement post
    and its picture say so in the same words."""
    table, _, result = await first_hand(env, lambda _, result: 1 in [
        len(h) for s, h in enumerate(result.outcome.hands) if s != result.winners[0]])
    [winner] = result.winners
    outcome = result.outcome
    seat = next(s for s, h in enumerate(outcome.hands) if s != winner and len(h) == 1)
    label = table.seat_label(seat)
    assert not [p for p in outcome.payments if p.payer == seat and p.why.id.startswith("剩")]  # no card paid
    post = [payload_text(m) for m in env.world.channel_messages(env.channel)
            if payload_text(m).removeprefix("### ").startswith("🃏 第 1 局")][-1]  # this table's, the last one opened
    words = "剩 1 张（报单，剩牌不付分）"
    assert f"{label} {words}：{SIGNED[CARD_OF[outcome.hands[seat][0]]]}" in post.split("\n")
    assert not any(line.strip().startswith(f"{label} 付") for line in post.split("\n"))
    drawn: list[str] = []
    draw = pdk_picture.text

    def text(s: str, *args: Any) -> Any:
        drawn.append(s)
        return draw(s, *args)

    monkeypatch.setattr(pdk_picture, "text", text)
    pdk_picture.result_png(pdk_picture.drawn_result(outcome, 3))
    assert drawn[drawn.index(f"{seat + 1}号") + 1] == words


# -- a pass tells the table nothing (issue 17 item 2) ------------------------------------------------------------
# alice (seat 0) leads the bomb 3333 with ♠3; bob (seat 1) holds the bomb 4444 (he could beat it) or, the ♦4 swapped
# with the AI's ♦6, no bomb at all (he could not); the AI (seat 2) has no bomb either way and passes, and alice
# leads again. Nothing else differs: alice's hand, every count, every play on the table.
ALICE = "S3 H3 C3 D3 S5 H5 S6 H6 S7 H7 S8 H8 S9 H9 S10 H10"
BOB = "S4 H4 C4 D4 C5 D5 C6 C7 C8 C9 C10 SJ HJ SQ HQ SK"
AI = "D6 D7 D8 D9 D10 CJ DJ CQ DQ HK CK DK HA CA DA S2"


def _swapped(hand: str, out: str, into: str) -> str:
    return " ".join(into if c == out else c for c in hand.split())


def _wall(bob_can_beat: bool) -> list[int]:
    bob, ai = (BOB, AI) if bob_can_beat else (_swapped(BOB, "D4", "D6"), _swapped(AI, "D6", "D4"))
    return [CARD_OF[c] for hand in (ALICE, bob, ai) for c in hand.split()]


def _public(env: Env, calls: list[Call], table_id: int) -> list[str]:
    """What the channel and alice (who is not passing) were sent, the table's number left out."""
    seen = []
    alice_dm = env.world.dm_of_user.get(env.alice)
    for call in calls:
        if call.body is None or call.ephemeral:
            continue
        if not (env.world.is_guild_channel(call.channel_id) or call.channel_id == alice_dm):
            continue
        body = {k: v for k, v in call.body.items() if k != "nonce"}  # discord.py's random per-request nonce
        text = json.dumps(body, ensure_ascii=False, sort_keys=True)
        text = re.sub(rf"(#|:){table_id}\b", r"\1T", text)
        text = re.sub(r"`[0-9a-f]{64}`", "`commitment`", text)  # each hand's deal commitment (random salt) differs
        pictures = [(f.filename, hashlib.sha256(f.data).hexdigest()) for f in call.files]
        seen.append(f"{call.method} {text} {pictures}")
    return seen


async def _pass_seen(env: Env, channel: int, bob_can_beat: bool) -> tuple[list[str], list[str]]:
    """Play to bob's decision on alice's bomb, let him click the pass, and return (what the others were sent
    for it, the table's log as shown)."""
    await env.cmd(env.alice, "table create", channel=channel, variant="paodekuai",
                  options="bot.timer=0 bot.seed=1 hands=1 must_beat=false")
    await env.cmd(env.bob, "table join", channel=channel)
    await env.cmd(env.alice, "table ai", channel=channel)
    await env.cmd(env.alice, "table start", channel=channel)
    table = env.table(channel)
    game = table.game
    assert [" ".join(game.view(s).hand) for s in (0, 2)] == [ALICE, AI if bob_can_beat else
                                                                      _swapped(AI, "D6", "D4")]
    mid = env.world.latest_dm(env.alice)
    assert mid is not None
    await pick(env, env.alice, mid, ["S3", "H3", "C3", "D3"])
    await env.click(env.alice, mid, confirm_button(env, mid)["custom_id"])
    assert game.log == [(0, "bomb:3")] and game.to_act() == [1]
    assert (len(game.legal_actions(1)) > 1) is bob_can_beat
    mid = env.world.latest_dm(env.bob)
    assert mid is not None
    [button] = [c for c in comps(env, mid) if c["custom_id"].endswith(":pass")]
    # his own control may say why: only he sees it
    assert button["label"] == ("不要" if bob_can_beat else "要不起")
    before = len(env.world.calls)
    p = await env.click(env.bob, mid, button["custom_id"])
    assert not p.ephemeral
    assert game.log == [(0, "bomb:3"), (1, "pass"), (2, "pass")] and game.to_act() == [0]
    return _public(env, env.world.calls[before:], table.id), [str(line) for line in table.log]


async def test_without_must_beat_a_pass_looks_the_same_whether_or_not_he_could_beat(
        env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """有牌必压 off: the channel's table message (its log and picture), the other player's DM and the log
    lines are the same payloads whether the passer held a bomb or nothing — and the pass he could not avoid
    is his to click, not taken for him at once (which would show he had nothing)."""
    from engine.match import Match

    walls = [_wall(True), _wall(False)]
    dealt = Match.new_hand

    def stacked(self: Match, seed: int, *, wall: Any = None) -> Any:
        return dealt(self, seed, wall=walls.pop(0))

    monkeypatch.setattr(Match, "new_hand", stacked)
    could, log_could = await _pass_seen(env, env.channel, True)
    other = env.world.add_channel(env.guild, "第二桌")
    could_not, log_could_not = await _pass_seen(env, other, False)
    assert could and could == could_not
    assert log_could == log_could_not
    assert log_could[1:3] == ["2号 bob 不出", "3号 电脑1 不出"]
    assert not any("要不起" in line or "不要" in line or "（自动）" in line for line in log_could_not)


async def test_a_settled_hand_stores_its_outcome_and_a_hand_stored_before_still_reads(env: Env) -> None:
    """The stored result holds the hand's Outcome (winner, every payment with its reason, each loser's cards left),
    read back equal; a hand stored before outcomes were (no ``outcome``) still shows in /history and its replay."""
    from engine.outcome import Outcome

    table = await open_pdk(env, 4)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(4))
    result = table.match.last_result
    [row] = await env.bot.db.history(env.channel)
    stored = await env.bot.db.hand(row["id"])
    assert stored is not None and result is not None and result.outcome is not None
    assert Outcome.from_json(stored["result"]["outcome"]) == result.outcome
    assert stored["result"]["outcome"]["summary"]["id"] == "{seat} 出完牌，获胜；{losers}"
    label = table.seat_label(result.winners[0])

    async def history_and_replay() -> tuple[str, str]:
        listed = (await env.cmd(env.alice, "history")).text()
        p = await env.cmd(env.alice, "history", hand=row["id"])
        assert p.message_id is not None
        [end] = [b for b in env.world.components_of(p.message_id) if b.get("label") == "结尾 ⏭"]
        return listed, (await env.click(env.alice, p.message_id, end["custom_id"])).text()

    now = await history_and_replay()
    assert all(f"{label} 出完牌" in text for text in now), now
    older = {k: v for k, v in stored["result"].items() if k != "outcome"}
    await env.bot.db.execute("UPDATE hands SET result = ? WHERE id = ?", (json.dumps(older, ensure_ascii=False),
                                                                           row["id"]))
    assert "outcome" not in ((await env.bot.db.hand(row["id"])) or {})["result"]
    assert await history_and_replay() == now
