"""Issue 19, messages laid out for a phone: the table message and the settlement post are Components V2 layouts (one
container: the words in short text sections, the picture inline, the control beside what it acts on), each within
Discord's limits and the spec, and shorter on a phone than the embeds they replace."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.pictures import Picture
from bot.present.layout import Layout, Text
from bot.present.layout import Picture as PictureBlock
from bot.present.lobby import all_options
from bot.present.panel import Panel
from bot.present.settlement import settlement_post, settlement_text
from bot.service.shown import Shown
from fake_discord import payload_text, playing
from fake_discord.layout import (
    CONTAINER,
    MEDIA_GALLERY,
    SECTION,
    TEXT_DISPLAY,
    controls,
    media_urls,
    phone_lines,
    texts,
    walk,
)

from .conftest import Env, short

# The lines a phone showed of the table message (an embed: title, description, footer, the row of 查看我的手牌)
# before issue 19, a few moves into the hand, with a timer (the countdown and its small print): 长沙 (4 seats) 19,
# 跑胡子 16, 跑得快 12 (measured with phone_lines on the code of commit 682631e).
BEFORE = {"changsha": 19, "paohuzi": 16, "paodekuai": 12}


async def _a_few_moves(env: Env, variant: str, clicks: int = 4) -> Any:
    players = [env.alice, env.bob]
    table = await env.open_table(variant, players, f"bot.seed=1 bot.timer=60 {short(variant, 1)}")
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5), stop_after=clicks)
    await env.bot.service.idle()
    return table


@pytest.mark.parametrize("variant", ["changsha", "paohuzi", "paodekuai"])
async def test_the_table_message_is_laid_out_for_a_phone(env: Env, variant: str) -> None:
    table = await _a_few_moves(env, variant)
    mid = env.sent(table).hand_messages[table.hand_no]
    message = env.world.messages[mid]
    assert playing.is_table_message(message) and not message["content"] and not message["embeds"]
    [box] = message["components"]
    assert box["type"] == CONTAINER
    kinds = [c["type"] for c in box["components"]]
    # the title, whose turn with 查看我的手牌 beside it, then the picture inline, then the seats
    assert kinds[:3] == [TEXT_DISPLAY, SECTION, MEDIA_GALLERY], kinds
    turn = box["components"][1]
    assert turn["accessory"]["custom_id"] == f"ht:hand:{table.id}"
    assert turn["components"][0]["content"].startswith("**轮到**")
    [shown] = media_urls(message["components"])
    assert any(a["url"] == shown and a["filename"].startswith("table-") for a in message["attachments"])
    title, lines, small = playing.table_message_parts(message)
    assert "牌桌 #" in title and "局" in title
    assert any(line.startswith(f"**{table.seat_label(0)}**") for line in lines)
    assert small[0].startswith("出牌限时") and any("发牌承诺" in s for s in small)
    # the one control is the one button; nothing of a seat's own hand is on it (hidden information)
    assert [c["custom_id"] for c in controls(message["components"])] == [f"ht:hand:{table.id}"]
    # shorter on a phone than the embed it replaces
    after = phone_lines(message)
    print(f"\n{variant}: the table message shows {after} lines on a phone (before: {BEFORE[variant]})")
    assert after < BEFORE[variant]


@pytest.mark.parametrize("variant", ["changsha", "paohuzi", "paodekuai"])
async def test_the_settlement_post_is_laid_out_for_a_phone(env: Env, variant: str) -> None:
    players = [env.alice, env.bob]
    table = await env.open_table(variant, players, f"bot.seed=1 {short(variant, 1)}")
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5))
    await env.bot.service.idle()
    [post] = [m for m in env.world.channel_messages(env.channel) if "累计：" in payload_text(m)
              and m["flags"] & (1 << 15) and not playing.is_table_message(m)]
    [box] = post["components"]
    words = texts(post["components"])
    assert words[0].startswith("### ") and "第 1 局" in words[0]
    assert [c["type"] for c in walk(box["components"])][:2] == [TEXT_DISPLAY, MEDIA_GALLERY]
    assert any(a["filename"].startswith("result-") and a["url"] in media_urls(post["components"])
               for a in post["attachments"])
    assert words[-1].split("\n")[-1].startswith("累计：")  # the running totals close the money part
    assert "本局" in words[-1]
    result = table.match.last_result  # the one hand of a one-hand match
    assert result is not None and result.outcome is not None
    if result.outcome.payments:
        assert "本局" not in "\n".join(words[:-1])  # the money apart from the derivation


async def test_the_post_says_what_the_stored_text_says(env: Env) -> None:
    """The settlement's words are the same in the V2 post as in the stored text a restart posts."""
    players = [env.alice, env.bob]
    table = await env.open_table("changsha", players, f"bot.seed=1 {short('changsha', 1)}")
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5))
    result = table.match.last_result
    assert result is not None
    panel = settlement_post(table, result, 0)
    assert panel.text().removeprefix("### ") == settlement_text(table, result, 0)
    rows = await env.bot.db.fetch("SELECT content FROM channel_posts WHERE table_id = ?", (table.id,))
    assert rows[0]["content"] == panel.text()


# The lobby before issue 19 (an embed listing every option, four selects a page and the buttons), a full table
# waiting to start: 长沙 33 lines on a phone, 跑胡子 26, 跑得快 36 (measured as BEFORE above).
LOBBY_BEFORE = {"changsha": 33, "paohuzi": 26, "paodekuai": 36}
ONE_SCREEN = 20  # lines a phone shows at once beside a keyboard-less chat (~700 px of a 800 px screen)


@pytest.mark.parametrize("variant", ["changsha", "paohuzi", "paodekuai"])
async def test_the_lobby_fits_one_screen_and_keeps_every_option_a_tap_away(env: Env, variant: str) -> None:
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=1 bot.timer=60 {short(variant, 1)}",
                                 start=False)
    mid = table.lobby_message_id
    first = env.world.messages[mid]
    after = phone_lines(first)
    print(f"\n{variant}: the lobby shows {after} lines on a phone (before: {LOBBY_BEFORE[variant]})")
    assert after <= ONE_SCREEN and after < LOBBY_BEFORE[variant]
    words = env.world.message_text(mid)
    assert "出牌限时：60秒" in words and ("局数" in words or "满胡" in words)
    # every room option is on the first screen or behind 规则详情, a page at a time
    keys = {f"ht:opt:{table.id}:{k}" for k, _, _ in all_options(table)}
    seen: set[str] = set()
    details = [c for c in controls(first["components"]) if c.get("label") == "规则详情"]
    assert details
    seen |= {c["custom_id"] for c in controls(first["components"]) if c["type"] == 3}
    await env.click(env.alice, mid, details[0]["custom_id"])
    for _ in range(10):
        shown = env.world.messages[mid]
        assert "**规则详情**" in env.world.message_text(mid)
        seen |= {c["custom_id"] for c in controls(shown["components"]) if c["type"] == 3}
        onward = [c for c in controls(shown["components"]) if c.get("label") == "下一页"]
        if not onward:
            break
        await env.click(env.alice, mid, onward[0]["custom_id"])
    assert seen == keys
    back = [c for c in controls(env.world.messages[mid]["components"]) if c.get("label") == "返回常用选项"]
    await env.click(env.alice, mid, back[0]["custom_id"])
    assert phone_lines(env.world.messages[mid]) == after


def test_an_unchanged_picture_is_named_by_its_address_and_a_new_one_uploaded() -> None:
    """A V2 message names its picture by ``attachment://`` only for a file of the same request: an edit keeping the
    picture names the address Discord gave it (nothing uploaded); one whose address is unknown (after a restart)
    uploads it again; a changed picture goes with the edit."""
    def panel(what: str) -> Panel:
        def draw(inputs: Any) -> Any:  # a drawing whose PNG is its inputs: enough to tell two pictures apart
            return SimpleNamespace(png=lambda: b"\x89PNG\r\n\x1a\n" + str(inputs).encode())
        pic = Picture("hand", {"cards": what}, draw)
        return Panel(layout=Layout([Text("手牌"), PictureBlock()]), picture=pic)

    def gallery(kwargs: dict[str, Any]) -> list[str]:
        return media_urls(kwargs["view"].to_components())

    shown, first = Shown(), panel("一二三")
    address = f"https://cdn.discordapp.com/attachments/1/2/{first.picture.filename}"  # type: ignore[union-attr]
    message = SimpleNamespace(attachments=[SimpleNamespace(filename=first.picture.filename, url=address)])  # type: ignore[union-attr]
    shown.record(7, first, message=message)
    same = shown.edit_kwargs(panel("一二三"), 7)
    assert gallery(same) == [address] and "attachments" not in same
    changed = shown.edit_kwargs(panel("四五六"), 7)
    [upload] = changed["attachments"]
    assert gallery(changed) == [f"attachment://{upload.filename}"]
    again = Shown().edit_kwargs(panel("一二三"), 7)  # a new process: nothing known of message 7
    [upload] = again["attachments"]
    assert gallery(again) == [f"attachment://{upload.filename}"]
