"""Pictures through the fake edge: the table message and the settlement carry a PNG, and the DM panel the hand's
when the room asks for it (手牌图); an unchanged picture is never uploaded again, ``bot.pictures=off`` sends none;
and the edge refuses uploads Discord would."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import discord
import pytest
from PIL import Image

from fake_discord import Call, UnknownRoute, Upload, playing
from fake_discord.layout import media_refs, media_urls
from fake_discord.uploads import MAX_FILES, MAX_UPLOAD, upload_problem

from .conftest import Env, short

PNG = b"\x89PNG\r\n\x1a\n"


def _uploads(env: Env) -> list[Call]:
    return [c for c in env.world.calls if c.files]


async def _play_hand(env: Env, variant: str, options: str = "") -> Any:
    players = [env.alice, env.bob]
    table = await env.open_table(variant, players, f"bot.seed=1 {short(variant, 1)} {options}".strip())
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5))
    await env.bot.service.idle()
    return table


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai"])
async def test_a_hand_with_pictures(env: Env, variant: str) -> None:
    table = await _play_hand(env, variant)
    calls = _uploads(env)
    dm = [c for c in calls if not env.world.is_guild_channel(c.channel_id)]
    channel = [c for c in calls if env.world.is_guild_channel(c.channel_id)]
    assert channel and not dm  # the DM panel writes the whole hand: its picture only on request (手牌图)
    assert not any(media_urls((c.body or {}).get("components")) for c in env.world.calls
                   if not env.world.is_guild_channel(c.channel_id))
    for c in calls:
        for f in c.files:
            assert f.data.startswith(PNG) and f.filename.endswith(".png")
            Image.open(io.BytesIO(f.data)).verify()
    # the table message: a V2 message whose media gallery shows the uploaded file inline
    hand_msg = env.world.messages[env.sent(table).hand_messages[0]]
    [image] = media_urls(hand_msg["components"])
    [shown] = [a for a in hand_msg["attachments"] if a["url"] == image]
    assert shown["filename"].startswith("table-")
    first = next(c for c in env.world.calls if c.files and any(f.filename.startswith("table-") for f in c.files))
    assert media_refs((first.body or {}).get("components")) == [first.files[0].filename]
    # the settlement post: the winning hand (跑得快: what was left) drawn
    result = table.match.last_result  # the match's one hand
    assert result is not None and result.winners  # (seed 1 is won in each family)
    assert any(f.filename.startswith("result-") for c in channel for f in c.files)
    # never the same picture twice to one message: an edit that keeps the picture sends no file
    sent: dict[str, set[str]] = {}
    kept = 0
    for c in env.world.calls:
        target = c.url.rsplit("/", 1)[-1] if c.method == "PATCH" else None
        if target is None:
            continue
        names = sent.setdefault(target, set())
        for f in c.files:
            assert f.filename not in names, f"{f.filename} uploaded twice to message {target}"
            names.add(f.filename)
        kept += not c.files
    assert kept  # some edits changed the text and left the picture as it was


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai"])
async def test_the_hand_picture_on_request(env: Env, variant: str) -> None:
    table = await _play_hand(env, variant, "手牌图=开")
    assert table.bot_options["hand_picture"] is True
    dm = [c for c in _uploads(env) if not env.world.is_guild_channel(c.channel_id)]
    assert dm and all(f.filename.startswith("hand-") and f.data.startswith(PNG) for c in dm for f in c.files)
    assert any(media_urls((c.body or {}).get("components")) for c in dm)  # inline in the panel


async def test_a_waiting_seats_panel_keeps_its_picture_while_others_play(env: Env) -> None:
    await _play_hand(env, "changsha", "bot.hand_picture=on")
    dm_edits = [c for c in env.world.calls if c.method == "PATCH" and not env.world.is_guild_channel(c.channel_id)]
    # a click is answered before the edits it sets off: a panel's changed picture may go with that answer
    answers = [c for c in env.world.calls if c.kind == "interaction" and not env.world.is_guild_channel(c.channel_id)]
    without = [c for c in dm_edits if not c.files]
    assert without and (len(without) < len(dm_edits) or any(c.files for c in answers))
    for c in without:
        msg = env.world.messages.get(int(c.url.rsplit("/", 1)[-1]))
        if msg is not None:
            assert any(a["filename"].startswith("hand-") for a in msg["attachments"])


async def test_pictures_off_sends_none_and_the_text_stays_complete(env: Env) -> None:
    table = await _play_hand(env, "paohuzi", "bot.pictures=off")
    assert table.bot_options["pictures"] is False
    assert _uploads(env) == []
    assert all("image" not in e for c in env.world.calls if c.body for e in c.body.get("embeds") or [])
    hand_msg = env.world.messages[env.sent(table).hand_messages[0]]
    assert media_urls(hand_msg["components"]) == []
    assert "1号" in env.world.message_text(int(hand_msg["id"]))


# -- the edge's checks of uploads ----------------------------------------------------------------------------

def _files(n: int, size: int = 10) -> list[Upload]:
    return [Upload(i, f"f{i}.png", b"x" * size) for i in range(n)]


def _listed(files: list[Upload]) -> list[dict[str, Any]]:
    return [{"id": f.index, "filename": f.filename} for f in files]


def test_upload_problems_as_discord_refuses_them() -> None:
    ok = _files(2)
    assert upload_problem({"attachments": _listed(ok)}, ok, []) is None
    many = _files(MAX_FILES + 1)
    assert "at most" in (upload_problem({"attachments": _listed(many)}, many, []) or "")
    big = [Upload(0, "big.png", b"x" * (MAX_UPLOAD + 1))]
    assert "limit" in (upload_problem({"attachments": _listed(big)}, big, []) or "")
    bad = [Upload(0, "a/b.png", b"x")]
    assert "file name" in (upload_problem({"attachments": _listed(bad)}, bad, []) or "")
    assert "attachments array" in (upload_problem({}, ok, []) or "")
    assert "not in the attachments" in (upload_problem({"attachments": _listed(ok[:1])}, ok, []) or "")
    embed = {"embeds": [{"image": {"url": "attachment://missing.png"}}], "attachments": _listed(ok)}
    assert "missing.png" in (upload_problem(embed, ok, []) or "")
    # an edit without ``attachments`` keeps the message's own, which an embed may name
    old = [{"id": "55", "filename": "kept.png"}]
    assert upload_problem({"embeds": [{"image": {"url": "attachment://kept.png"}}]}, [], old) is None
    assert "kept.png" in (upload_problem({"embeds": [{"image": {"url": "attachment://kept.png"}}],
                                          "attachments": []}, [], old) or "")
    assert "neither" in (upload_problem({"attachments": [{"id": "99"}]}, [], old) or "")


async def test_the_edge_refuses_a_bad_upload(env: Env) -> None:
    channel = env.bot.get_partial_messageable(env.channel, guild_id=env.guild, type=discord.ChannelType.text)
    files = [discord.File(io.BytesIO(PNG), filename=f"p{i}.png") for i in range(MAX_FILES + 1)]
    with pytest.raises((UnknownRoute, ValueError)):  # discord.py itself refuses more than 10 before the edge
        await channel.send(files=files)
    embed = discord.Embed(description="x").set_image(url="attachment://other.png")
    with pytest.raises(UnknownRoute):
        await channel.send(embed=embed, files=[discord.File(io.BytesIO(PNG), filename="p.png")])
    env.world.errors.clear()  # refused on purpose: not a failure of the bot
    msg = await channel.send(embed=discord.Embed(description="y").set_image(url="attachment://p.png"),
                             files=[discord.File(io.BytesIO(PNG), filename="p.png")])
    stored = env.world.messages[msg.id]
    assert [a["filename"] for a in stored["attachments"]] == ["p.png"]
    assert json.loads(json.dumps(stored))["attachments"][0]["size"] == len(PNG)


async def test_a_channel_without_attach_files_gets_the_text_alone(env: Env) -> None:
    players = [env.alice, env.bob]
    table = await env.open_table("changsha", players, f"bot.seed=1 {short('changsha', 1)} 手牌图=开", start=False)
    # Discord refuses files where the bot lacks Attach Files (403, 50013): the next publish posts the text alone
    env.world.inject("POST", env.channel, status=403, code=50013)
    p = await env.cmd(env.alice, "table start")
    assert "开始" in p.text()
    await env.bot.service.idle()
    assert env.sent(table).hand_messages.get(0) is None
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(5), stop_after=6)
    await env.bot.service.idle()
    hand_msg = env.world.messages[env.sent(table).hand_messages[0]]
    assert hand_msg["attachments"] == [] and media_urls(hand_msg["components"]) == []
    later = [c for c in env.world.calls if env.world.is_guild_channel(c.channel_id) and c.kind == "rest"]
    assert later and not any(c.files for c in later)
    assert any(c.files for c in env.world.calls if not env.world.is_guild_channel(c.channel_id))  # DMs keep theirs
