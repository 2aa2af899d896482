"""Phone-first play (issue 19): a discard is one tap on a tile's button carrying its emoji in every 麻将 variant
(and 字牌 where its hand fits), the tile just drawn set apart as 摸切, the discards that keep 听 marked with their
waits when hints are on; the hand written as emoji when the application has them, as characters when not; every
control valid for Discord in zh-CN, zh-TW and English (the fake edge holds each payload to the spec)."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from bot.edge.client import HunanBot
from bot.families.mahjong.words import tile_word
from engine.mahjong import changsha as cs
from engine.match import Match
from fake_discord import FakeDiscord, playing, uninstall_webhook_edge
from tests.mahjong.stack import stack
from tests.mahjong.test_changsha_game import stack as changsha_stack

from .conftest import Env, manual_clock, short

# 14 different tiles, every suit and a 2/5/8 in it: no 长沙 起手胡 (缺一色, 板板胡), nothing to claim
SPREAD = "1m2m3m5m9m1p4p5p6p8p2s5s7s9s"
# discarding 9s leaves 123m 456m 789m 123p 5p, waiting on 5p; discarding 5p waits on 9s
READY = "123m456m789m123p5p9s"
EMOJI = re.compile(r"<:mahjong_([0-9a-z]{2})_[0-9a-f]{6}:\d+>")


def stacked(monkeypatch: pytest.MonkeyPatch, variant: str, hand: str, draws: str = "") -> None:
    """The match's first hand dealt with ``hand`` to the dealer, seat 0 (the player)."""
    if variant == "changsha":
        wall = changsha_stack(cs.parse_options({}), [hand, None, None, None], draws=draws)
    else:
        wall = stack({"hongzhong": 112, "tuidaohu": 136}[variant], [hand, None, None, None], draws=draws)
    real = Match.new_hand
    dealt = wall

    def new_hand(self: Match, seed: int, *, wall: Sequence[int] | None = None) -> Any:
        # every deal of the (one-hand) match, the player the dealer (推倒胡 draws its first dealer at random)
        self.progress.dealer = 0
        return real(self, seed, wall=dealt if wall is None else wall)

    monkeypatch.setattr(Match, "new_hand", new_hand)


@pytest.fixture(params=[True, False], ids=["emoji", "characters"])
async def env(request: pytest.FixtureRequest, db_url: str) -> AsyncIterator[Env]:
    """A table's world whose bot has the card emojis (synced at start-up) or none."""
    world = FakeDiscord()
    users = {n: world.add_user(n, locale=loc) for n, loc in (("alice", "zh-CN"), ("bob", "zh-TW"), ("eve", "en-US"))}
    guild = world.add_guild("湖南牌友", users["alice"])
    for uid in users.values():
        world.add_member(guild, uid)
    channel = world.add_channel(guild, "牌桌")
    clock = manual_clock()
    bot = HunanBot(db_url, clock=clock, card_emojis=request.param)
    await world.attach(bot)
    if bot.emoji_sync is not None:
        await bot.emoji_sync
    e = Env(world, bot, db_url, guild, channel, users, clock)
    yield e
    await e.bot.close()
    uninstall_webhook_edge()
    assert not world.errors, world.errors


def emoji_on(env: Env) -> bool:
    return len(env.bot.service.emoji) > 0


async def to_turn(env: Env, uid: int, seat: int = 0) -> int:
    """Answer what comes before the player's turn to discard (加锤: none) and return his panel's message id."""
    for _ in range(10):
        game = env.table().game
        legal = game.legal_actions(seat) if seat in game.to_act() else []
        mid = playing.player_panel(env.world, env.bot, uid)
        assert mid is not None
        if any(a.kind == "discard" for a in legal):
            return mid
        choices = playing.action_choices(env.world, mid)
        code = next(a.code for a in legal if a.code in ("chui:0", "pass"))
        cid = next(c for c, v in choices if v is None and c.endswith(f":{code}"))
        await env.click(uid, mid, cid)
    raise AssertionError("never the player's turn")


def tile_buttons(env: Env, mid: int, seat: int = 0) -> dict[str, list[dict[str, Any]]]:
    """The panel's discard buttons by the tile each discards (摸切's ``#i`` read through the legal actions)."""
    legal = env.table().game.legal_actions(seat)
    out: dict[str, list[dict[str, Any]]] = {}
    for comp in env.world.components_of(mid):
        code = str(comp.get("custom_id", "")).split(":", 5)[-1]
        action = legal[int(code[1:])] if code.startswith("#") else next((a for a in legal if a.code == code), None)
        if comp["type"] == 2 and action is not None and action.kind == "discard":
            out.setdefault(action.cards[0], []).append(comp)
    return out


def hand_line(env: Env, mid: int) -> str:
    content = env.world.message_text(mid)
    return next(line for line in content.split("\n") if "手牌" in line or "Hand" in line)


@pytest.mark.parametrize("variant", ["changsha", "hongzhong", "tuidaohu"])
async def test_a_14_tile_hand_is_one_tap_from_each_discard(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                           variant: str) -> None:
    stacked(monkeypatch, variant, SPREAD)
    await env.open_table(variant, [env.alice], "hands=1")
    mid = await to_turn(env, env.alice)
    game = env.table().game
    assert len(game.view(0).hand) == 14
    buttons = tile_buttons(env, mid)
    book = env.bot.service.emoji
    # one button per tile, no dropdown: nothing to open before the tap
    assert sorted(buttons) == sorted(SPREAD[i:i + 2] for i in range(0, len(SPREAD), 2))
    assert all(len(b) == 1 for b in buttons.values())
    assert not [c for c in env.world.components_of(mid) if c["type"] == 3]
    for tile, (button,) in buttons.items():
        if emoji_on(env):
            made = book.emoji("mahjong", tile)
            assert made is not None and int(button["emoji"]["id"]) == made.id
        else:
            assert "emoji" not in button and button["label"] == tile_word(tile)
    # the tap: the tile's button discards it, at once
    taps = 0
    await env.click(env.alice, mid, buttons["9m"][0]["custom_id"])
    taps += 1
    assert [code for seat, code in game.log if seat == 0 and code.startswith("discard")] == ["discard:9m"]
    assert taps == 1


@pytest.mark.parametrize("variant", ["changsha", "hongzhong", "tuidaohu"])
async def test_the_drawn_tile_is_set_apart_as_mo_qie(env: Env, monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    stacked(monkeypatch, variant, SPREAD)
    await env.open_table(variant, [env.alice], "hands=1")
    mid = await to_turn(env, env.alice)
    await env.click(env.alice, mid, tile_buttons(env, mid)["9m"][0]["custom_id"])
    mid = await to_turn(env, env.alice)  # the others played; the player drew
    game = env.table().game
    drawn = game.view(0).drawn
    assert drawn
    moqie = [c for c in env.world.components_of(mid) if c["type"] == 2 and "摸切" in c.get("label", "")]
    assert len(moqie) == 1, env.world.components_of(mid)
    if emoji_on(env):
        assert int(moqie[0]["emoji"]["id"]) == env.bot.service.emoji.emoji("mahjong", drawn).id  # type: ignore[union-attr]
        assert moqie[0]["label"] == "摸切"
    ids = [c["custom_id"] for c in env.world.components_of(mid) if "custom_id" in c]
    assert len(ids) == len(set(ids))  # a drawn tile the hand holds again: 摸切 carries its own id
    before = len(game.log)
    await env.click(env.alice, mid, moqie[0]["custom_id"])
    assert (0, f"discard:{drawn}") in game.log[before:]


@pytest.mark.parametrize("user,mark", [("alice", "听 九条"), ("bob", "聽 九條"), ("eve", "Wait 9s")])
async def test_discards_that_keep_ting_are_marked_with_their_waits_in_each_language(
        env: Env, monkeypatch: pytest.MonkeyPatch, user: str, mark: str) -> None:
    stacked(monkeypatch, "hongzhong", READY)
    uid = env.users[user]
    await env.open_table("hongzhong", [uid], "hands=1", start=False)
    await env.cmd(uid, "table start")
    mid = await to_turn(env, uid)
    buttons = tile_buttons(env, mid)
    five = buttons["5p"][0]
    label = five["label"]
    assert label.endswith(mark), label  # discarding 五筒 waits on 九条
    assert five["style"] == 1  # primary: it keeps 听
    assert buttons["9s"][0]["label"].endswith(mark.replace("九条", "五筒").replace("九條", "五筒").replace("9s", "5p"))
    assert all(b[0]["style"] == 2 for t, b in buttons.items() if t not in ("5p", "9s"))  # the others: grey
    if not emoji_on(env):  # no emoji: the tile's name leads the label (English: its ASCII key)
        assert label.startswith({"alice": "五筒", "bob": "五筒", "eve": "5p"}[user]), label
    for comp in env.world.components_of(mid):
        assert len(comp.get("label", "")) <= 80 and len(comp.get("custom_id", "")) <= 100


async def test_no_ting_marks_when_hints_are_off(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, "hongzhong", READY)
    await env.open_table("hongzhong", [env.alice], "hands=1 bot.hints=off")
    buttons = tile_buttons(env, await to_turn(env, env.alice))
    assert all("听" not in b[0].get("label", "") and b[0]["style"] == 2 for b in buttons.values())


async def test_the_hand_line_is_emoji_or_falls_back_to_characters(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    stacked(monkeypatch, "hongzhong", SPREAD)
    await env.open_table("hongzhong", [env.alice], "hands=1")
    line = hand_line(env, await to_turn(env, env.alice))
    if emoji_on(env):
        assert [m for m in EMOJI.findall(line)] == [SPREAD[i:i + 2] for i in range(0, len(SPREAD), 2)], line
        assert "万" not in line
    else:
        assert "<:" not in line
        assert line == "**手牌**（14 张）：一二三五九万 一四五六八筒 二五七九条", line


async def until_discard(env: Env, uid: int, rng: random.Random) -> int:
    """Click the player's controls (a pass where there is one, else any) until it is his turn to discard."""
    for _ in range(60):
        table = env.table()
        game, seat = table.game, table.seat_of(uid)
        mid = playing.player_panel(env.world, env.bot, uid)
        legal = game.legal_actions(seat) if seat in game.to_act() else []
        if any(a.kind == "discard" for a in legal):
            assert mid is not None
            return mid
        choices = playing.action_choices(env.world, mid)
        assert mid is not None and choices, "the player is asked nothing and nobody else is human"
        passes = [c for c in choices if c[0].endswith(":pass")]
        cid, values = passes[0] if passes else rng.choice(choices)
        await env.click(uid, mid, cid, values)
        confirm = [c for c, v in playing.action_choices(env.world, mid) if v is None and c.endswith(":pass")]
        if cid.endswith(":?pass") and confirm:
            await env.click(uid, mid, confirm[0])
    raise AssertionError("never the player's turn to discard")


async def test_a_zipai_discard_is_one_tap_on_its_card(env: Env, rng: random.Random) -> None:
    await env.open_table("paohuzi", [env.alice], "hands=1")
    mid = await until_discard(env, env.alice, rng)
    table = env.table()
    seat = table.seat_of(env.alice)
    game = table.game
    legal = game.legal_actions(seat)
    free = {a.cards[0] for a in legal if a.kind == "discard"}
    buttons = {}
    for comp in env.world.components_of(mid):
        code = str(comp.get("custom_id", "")).split(":", 5)[-1]
        if comp["type"] == 2 and code.startswith("discard:"):
            buttons[code.split(":")[1]] = comp
    assert set(buttons) == free  # 字牌's free faces are twenty at most: they always fit
    book = env.bot.service.emoji
    for card, button in buttons.items():
        made = book.emoji("zipai", card)
        assert (int(button["emoji"]["id"]) == made.id) if emoji_on(env) and made else button["label"] == card
    line = hand_line(env, mid)
    pictured = len(re.findall(r"<:zipai_[xD]\d+_[0-9a-f]{6}:\d+>", line))
    assert pictured == (len(game.view(seat).hand) if emoji_on(env) else 0), line
    card = sorted(free)[0]
    before = len(game.log)
    await env.click(env.alice, mid, buttons[card]["custom_id"])
    assert game.log[before] == (seat, f"discard:{card}")


async def test_the_paodekuai_picker_carries_each_cards_emoji(env: Env) -> None:
    for _ in range(8):  # a hand whose every pass of ours is forced (有牌必压) ends without our deciding: deal again
        await env.open_table("paodekuai", [env.alice], short("paodekuai"))
        table = env.table()
        mid = playing.player_panel(env.world, env.bot, env.alice)
        assert mid is not None
        if table is not None and any(c["type"] == 3 for c in env.world.components_of(mid)):
            break
    assert table is not None and mid is not None
    seat = table.seat_of(env.alice)
    picker = next(c for c in env.world.components_of(mid) if c["type"] == 3)
    assert [o["value"] for o in picker["options"]] == list(table.game.view(seat).hand)
    for option in picker["options"]:
        made = env.bot.service.emoji.emoji("paodekuai", option["value"])
        if emoji_on(env):
            assert made is not None and int(option["emoji"]["id"]) == made.id
        else:
            assert "emoji" not in option
        assert option["label"][0] in "♠♥♣♦"  # the sign still reads where an emoji does not show
    line = hand_line(env, mid)
    pictured = len(re.findall(r"<:paodekuai_[SHCD]\w+_[0-9a-f]{6}:\d+>", line))
    assert pictured == (len(table.game.view(seat).hand) if emoji_on(env) else 0), line
    assert ("♠" in line) != emoji_on(env)
