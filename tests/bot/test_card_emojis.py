"""Cards and tiles as the application's own emojis: made at start-up only when missing or changed, reused across
restarts, and never in the way when Discord refuses them (the cards are then written as characters)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from PIL import Image

from bot.edge.client import HunanBot
from bot.pictures.emoji import Face, emoji_name
from bot.present.registry import presenters
from fake_discord import FakeDiscord, playing, uninstall_webhook_edge
from fake_discord.app_emojis import MAX_EMOJIS
from fake_discord.faults import http_error
from fake_discord.records import UnknownRoute

from .conftest import manual_clock

EMOJI_ROUTE = "/applications/{application_id}/emojis"
ALL_FACES = [(p.family, f) for p in presenters() for f in p.faces()]


@pytest.fixture
async def world() -> AsyncIterator[FakeDiscord]:
    w = FakeDiscord()
    owner = w.add_user("alice")
    guild = w.add_guild("湖南牌友", owner)
    w.add_member(guild, owner)
    w.add_channel(guild, "牌桌")
    yield w
    uninstall_webhook_edge()


async def start(world: FakeDiscord, db_url: str) -> HunanBot:
    bot = HunanBot(db_url, clock=manual_clock(), card_emojis=True)
    await world.attach(bot)
    assert bot.emoji_sync is not None
    await bot.emoji_sync
    return bot


def calls(world: FakeDiscord, method: str) -> list[Any]:
    return [c for c in world.calls if c.method == method and c.path.startswith(EMOJI_ROUTE)]


async def test_every_card_is_an_emoji_made_once_and_reused_after_a_restart(world: FakeDiscord, db_url: str) -> None:
    bot = await start(world, db_url)
    assert len(calls(world, "POST")) == len(ALL_FACES) == len(world.app_emojis) == len(bot.service.emoji)
    per_family = {fam: sum(1 for f, _ in ALL_FACES if f == fam) for fam in ("zipai", "mahjong", "paodekuai")}
    assert per_family == {"zipai": 20, "mahjong": 34, "paodekuai": 52}  # 小一…大拾, 34 tiles, 52 cards
    for image in world.emoji_images.values():
        assert Image.open(io.BytesIO(image)).size == (128, 128)
    five_wan = bot.service.emoji.emoji("mahjong", "5m")
    assert five_wan is not None and five_wan.id in world.app_emojis
    assert bot.service.emoji.inline("zipai", "壹") == str(bot.service.emoji.emoji("zipai", "壹"))
    await bot.close()

    world.calls.clear()
    bot = await start(world, db_url)
    assert calls(world, "GET") and not calls(world, "POST") and not calls(world, "DELETE")
    assert bot.service.emoji.emoji("mahjong", "5m") == five_wan  # the same emoji, by id
    await bot.close()
    assert not world.errors, world.errors


async def test_a_face_drawn_anew_replaces_its_emoji_alone(world: FakeDiscord, db_url: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bot = await start(world, db_url)
    old = bot.service.emoji.emoji("mahjong", "5m")
    assert old is not None
    await bot.close()
    mahjong = next(p for p in presenters() if p.family == "mahjong")
    drawn = mahjong.faces()

    def redrawn() -> list[Face]:
        return [Face(f.card, f.key, Image.new("RGBA", (96, 128), "red")) if f.card == "5m" else f for f in drawn]

    monkeypatch.setattr(type(mahjong), "faces", lambda self: redrawn())
    world.calls.clear()
    bot = await start(world, db_url)
    assert [c.body["name"] for c in calls(world, "POST")] == [emoji_name("mahjong", redrawn()[4])]
    assert [c.url.rsplit("/", 1)[1] for c in calls(world, "DELETE")] == [str(old.id)]
    new = bot.service.emoji.emoji("mahjong", "5m")
    assert new is not None and new != old and len(world.app_emojis) == len(ALL_FACES)
    await bot.close()
    assert not world.errors, world.errors


async def test_refused_emojis_leave_the_cards_as_characters(world: FakeDiscord, db_url: str) -> None:
    owner, channel = next(iter(world.users)), next(iter(world.channels))
    world.inject("POST", None, status=400, code=30018, message="Maximum number of emojis reached", times=3)
    bot = await start(world, db_url)
    assert len(bot.service.emoji) == len(ALL_FACES) - 3  # the three refused are missing, the rest made
    missing = [(fam, f.card) for fam, f in ALL_FACES if bot.service.emoji.emoji(fam, f.card) is None]
    assert len(missing) == 3
    family, card = missing[0]
    assert bot.service.emoji.line(family, [card]) is None  # a reader falls back to the card's words
    await bot.close()

    def down(call: Any, body: Any) -> Any:
        raise http_error(503, 0, "Service Unavailable")

    world._app_emoji_route = down  # type: ignore[method-assign]  # Discord's emoji routes down at start-up
    bot = await start(world, db_url)
    assert len(bot.service.emoji) == 0  # no emojis: the cards are words, and the bot runs
    p = await playing.command(world, bot, owner, channel, "table create", variant="changsha")
    assert not p.ephemeral, p.text()
    await bot.close()


async def test_the_fake_edge_refuses_what_discord_refuses_of_application_emojis(world: FakeDiscord,
                                                                                db_url: str) -> None:
    bot = HunanBot(db_url, clock=manual_clock())
    await world.attach(bot)
    png = Image.new("RGBA", (8, 8))
    out = io.BytesIO()
    png.save(out, format="PNG")
    image = out.getvalue()
    made = await bot.create_application_emoji(name="ok", image=image)
    assert int(made.id) in world.app_emojis
    for name in ("x", "a" * 33, "五万", "has space"):  # the spec's lengths, then the allowed letters
        with pytest.raises((discord.HTTPException, UnknownRoute)):
            await bot.create_application_emoji(name=name, image=image)
    with pytest.raises(discord.HTTPException):  # names are unique within the application
        await bot.create_application_emoji(name="ok", image=image)
    with pytest.raises(discord.HTTPException):  # 256 KiB at most
        await bot.create_application_emoji(name="big", image=b"\x89PNG\r\n\x1a\n" + bytes(256 * 1024))
    for i in range(MAX_EMOJIS - len(world.app_emojis)):
        world.app_emojis[10**6 + i] = {"id": str(10**6 + i), "name": f"n{i}"}
    with pytest.raises(discord.HTTPException):  # 2,000 per application
        await bot.create_application_emoji(name="one_more", image=image)
    await made.delete()
    assert int(made.id) not in world.app_emojis
    await bot.close()
    world.errors.clear()  # the refusals above were the point


def test_a_component_may_carry_only_the_applications_own_custom_emoji() -> None:
    from fake_discord.refusals import emoji_problem

    row = {"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "custom_id": "x", "emoji": {"name": "m5", "id": "123456789012345678"}}]}]}
    assert emoji_problem(row, custom={123456789012345678}) is None
    assert "not one of the application's" in (emoji_problem(row, custom={1}) or "")
