"""The fake edge takes Components V2 messages as Discord does: the spec's schema for every layout component, and what
the spec cannot say (the IS_COMPONENTS_V2 flag forbids content and embeds, 40 components counting nested ones, 4,000
characters of text displays, media named by ``attachment://`` uploaded with the same request, the flag kept on edit);
and one reader gives a message's words whichever kind it is."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from fake_discord import UnknownRoute, Upload, payload_text
from fake_discord.layout import COMPONENTS_V2, edit_problem, flags_after_edit, v2_problem
from fake_discord.refusals import payload_limit_problem, request_problem
from fake_discord.uploads import upload_problem

from .conftest import Env

CREATE = ("POST", "/channels/{channel_id}/messages")
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
CALLBACK = ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
PNG = b"\x89PNG\r\n\x1a\n"


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str = "ht:hand:1", label: str = "查看我的手牌") -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


def gallery(url: str = "attachment://table.png") -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}}]}


def v2(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": COMPONENTS_V2, "components": list(components), **extra}


def container(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0x8B0000, "components": list(components)}


def test_a_v2_message_passes_the_spec_and_the_limits() -> None:
    body = v2(container(text("## 长沙麻将 · 牌桌 #1"), gallery(), {"type": 14, "divider": True},
                        {"type": 9, "components": [text("**轮到**：1号 小明")], "accessory": button()},
                        {"type": 1, "components": [button("ht:b:1:1:0:d:1m", "一万")]}),
              attachments=[{"id": 0, "filename": "table.png"}])
    assert request_problem(*CREATE, body) is None
    assert request_problem(*EDIT, body) is None
    assert request_problem(*CALLBACK, {"type": 7, "data": body}) is None
    assert request_problem(*CALLBACK, {"type": 4, "data": dict(body, flags=COMPONENTS_V2 | 64)}) is None


def test_the_spec_refuses_malformed_layout_components() -> None:
    # a section holds one to three text displays and needs an accessory; a text display is never empty
    four = {"type": 9, "components": [text("a")] * 4, "accessory": button()}
    assert "components" in (request_problem(*CREATE, v2(four)) or "")
    bare = {"type": 9, "components": [text("a")]}
    assert "'accessory' is a required property" in (request_problem(*CREATE, v2(bare)) or "")
    assert "content" in (request_problem(*CREATE, v2(text(""))) or "")
    # a container cannot nest a container; a gallery holds 1-10 items
    assert request_problem(*CREATE, v2(container(container(text("x"))))) is not None
    assert request_problem(*CREATE, v2({"type": 12, "items": []})) is not None


def test_the_flag_forbids_content_and_embeds() -> None:
    assert "cannot have content" in (v2_problem(v2(text("x"), content="牌桌")) or "")
    assert "cannot have content" in (v2_problem(v2(text("x"), embeds=[{"description": "x"}])) or "")
    # discord.py clears them as null / [] when a classic message becomes V2: that is no content
    assert v2_problem(v2(text("x"), content=None, embeds=[])) is None
    # without the flag, layout components are refused
    assert "needs the IS_COMPONENTS_V2 flag" in (v2_problem({"components": [text("x")]}) or "")
    assert "needs the IS_COMPONENTS_V2 flag" in (request_problem(*CREATE, {"components": [container(text("x"))]}) or "")


def test_forty_components_counting_nested_ones() -> None:
    rows = [{"type": 1, "components": [button(f"b{r}{i}", str(i)) for i in range(4)]} for r in range(7)]
    # 1 container + 7 rows + 28 buttons + 4 texts = 40
    ok = v2(container(*rows, *[text(str(i)) for i in range(4)]))
    assert v2_problem(ok) is None and request_problem(*CREATE, ok) is None
    over = v2(container(*rows, *[text(str(i)) for i in range(5)]))
    assert "41 components" in (v2_problem(over) or "")
    # a section's accessory counts too
    section = {"type": 9, "components": [text("x")], "accessory": button("acc")}
    assert "41 components" in (v2_problem(v2(container(*rows, *[text(str(i)) for i in range(2)], section))) or "")
    # five action rows is a classic message's limit only
    many = v2(*[{"type": 1, "components": [button(f"r{r}")]} for r in range(8)])
    assert request_problem(*CREATE, many) is None
    assert "more than 5 action rows" in (request_problem(*CREATE, {"components": many["components"]}) or "")


def test_text_displays_hold_4000_characters_in_all() -> None:
    assert v2_problem(v2(text("好" * 2000), text("好" * 2000))) is None
    assert "4001 characters" in (v2_problem(v2(text("好" * 2000), container(text("好" * 2001)))) or "")


def test_rows_anywhere_keep_their_limits_and_ids_are_unique() -> None:
    six = {"type": 1, "components": [button(f"b{i}", str(i)) for i in range(6)]}
    assert "too long" in (request_problem(*CREATE, v2(container(six))) or "")  # the spec says it first
    assert "more than 5 buttons" in (payload_limit_problem(v2(container(six))) or "")
    twice = {"type": 1, "components": [button("same", "a"), button("same", "b")]}
    assert "custom_id used twice" in (request_problem(*CREATE, v2(container(twice))) or "")
    accessory = {"type": 9, "components": [text("x")], "accessory": button("b", "l" * 81)}
    assert "label over 80" in (payload_limit_problem(v2(accessory)) or "")


def test_media_must_be_uploaded_with_the_same_request() -> None:
    files = [Upload(0, "table.png", PNG)]
    listed = [{"id": 0, "filename": "table.png"}]
    assert upload_problem(v2(gallery(), attachments=listed), files, []) is None
    # the message holds table.png from before, but a V2 gallery names only what this request uploads
    kept = [{"id": "55", "filename": "table.png"}]
    assert "was not uploaded with this request" in (upload_problem(v2(gallery()), [], kept) or "")
    thumb = {"type": 9, "components": [text("x")],
             "accessory": {"type": 11, "media": {"url": "attachment://hand.png"}}}
    assert "hand.png" in (upload_problem(v2(thumb, attachments=listed), files, []) or "")
    # a picture anywhere on the web is no attachment
    assert upload_problem(v2(gallery("https://cdn.discordapp.com/x.png")), [], []) is None


def test_the_flag_stays_once_sent() -> None:
    before = {"flags": COMPONENTS_V2, "content": "", "embeds": [], "components": [text("x")]}
    assert "cannot be removed" in (edit_problem(before, {"flags": 0, "components": []}) or "")
    assert "cannot be given content" in (edit_problem(before, {"content": "牌桌", "components": []}) or "")
    assert edit_problem(before, v2(text("y"), content=None, embeds=[])) is None
    assert flags_after_edit(before, {"components": [text("y")]}) == COMPONENTS_V2
    classic = {"flags": 0, "content": "牌桌", "embeds": [], "components": []}
    assert edit_problem(classic, v2(text("y"), content=None, embeds=[])) is None  # a classic message may become V2
    assert flags_after_edit(classic, v2(text("y"))) == COMPONENTS_V2


def test_one_reader_for_both_kinds() -> None:
    assert payload_text({"content": "牌桌", "embeds": [{"title": "长沙", "description": "轮到"}]}) == "牌桌\n长沙\n轮到"
    body = v2(container(text("一"), {"type": 9, "components": [text("二"), text("三")], "accessory": button()},
                        {"type": 1, "components": [button("x", "不读按钮")]}), text("四"))
    assert payload_text(body) == "一\n二\n三\n四"


class _Layout(discord.ui.LayoutView):
    def __init__(self, words: str, *, picture: str | None = None) -> None:
        super().__init__(timeout=None)
        box: discord.ui.Container[_Layout] = discord.ui.Container(accent_colour=discord.Colour.dark_red())
        box.add_item(discord.ui.TextDisplay(words))
        if picture is not None:
            box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}")))
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="胡", custom_id="ht:probe"))
        box.add_item(row)
        self.add_item(box)


async def test_discord_py_layout_views_through_the_edge(env: Env) -> None:
    channel = env.bot.get_partial_messageable(env.channel, guild_id=env.guild, type=discord.ChannelType.text)
    png = discord.File(io.BytesIO(PNG), filename="table.png")
    msg = await channel.send(view=_Layout("轮到 1号", picture="table.png"), files=[png])
    stored = env.world.messages[msg.id]
    assert stored["flags"] & COMPONENTS_V2
    assert env.world.message_text(msg.id) == "轮到 1号"
    assert [c["custom_id"] for c in env.world.components_of(msg.id)] == ["ht:probe"]
    # an edit that names the picture without uploading it again is refused; one that uploads it passes
    with pytest.raises(UnknownRoute, match="not uploaded with this request"):
        await channel.get_partial_message(msg.id).edit(view=_Layout("轮到 2号", picture="table.png"))
    again = discord.File(io.BytesIO(PNG), filename="table.png")
    await channel.get_partial_message(msg.id).edit(view=_Layout("轮到 2号", picture="table.png"), attachments=[again])
    assert env.world.message_text(msg.id) == "轮到 2号"
    # the flag cannot be dropped: a classic edit is refused
    with pytest.raises(UnknownRoute, match="cannot be given content"):
        await channel.get_partial_message(msg.id).edit(content="牌桌", view=None)
    # a classic message may become V2 when the edit clears its content
    old = await channel.send("牌桌")
    await channel.get_partial_message(old.id).edit(content=None, view=_Layout("新"))
    assert env.world.messages[old.id]["flags"] & COMPONENTS_V2 and env.world.message_text(old.id) == "新"
    assert len(env.world.errors) == 2
    env.world.errors.clear()  # refused on purpose: not the bot's own calls


async def test_stored_media_name_the_attachment_as_discord_returns_it(env: Env) -> None:
    channel = env.bot.get_partial_messageable(env.channel, guild_id=env.guild, type=discord.ChannelType.text)
    msg = await channel.send(view=_Layout("牌", picture="table.png"),
                             files=[discord.File(io.BytesIO(PNG), filename="table.png")])
    stored = env.world.messages[msg.id]
    [attachment] = stored["attachments"]
    [media] = [i["media"] for c in stored["components"][0]["components"] if c["type"] == 12 for i in c["items"]]
    assert media["url"] == attachment["url"] and media["attachment_id"] == attachment["id"]
    sent = [c for c in env.world.calls if c.method == "POST"][-1].body
    assert sent is not None and "attachment://table.png" in str(sent)  # the request as sent is unchanged
    assert msg.attachments[0].url == attachment["url"]


def test_phone_lines_count_what_a_phone_shows() -> None:
    from fake_discord.layout import phone_lines

    classic = {"content": "", "embeds": [{"title": "长沙麻将", "description": "轮到\n" + "好" * 30,
                                          "footer": {"text": "不限时"}}],
               "components": [{"type": 1, "components": [button()]}]}
    assert phone_lines(classic) == 1 + 1 + 2 + 1 + 1  # title, 轮到, 30 Chinese wrapped in two, footer, the row
    layout = v2(container(text("### 长沙麻将"), {"type": 9, "components": [text("**轮到**：1号")],
                                                  "accessory": button()}, gallery()))
    assert phone_lines(layout) == 2  # the button sits beside its text: no line of its own
