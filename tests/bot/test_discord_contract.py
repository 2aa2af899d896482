"""The fake edge refuses what Discord would refuse: component emoji Discord does not know, and any request
body outside Discord's published OpenAPI spec. Whole matches of every variant pass that check."""

from __future__ import annotations

import io
import json
import random
import unicodedata
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import handle_message_parameters
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from PIL import Image
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from bot.edge.components import ShowHandButton
from fake_discord import UnknownRoute, contract_available, playing
from fake_discord.refusals import emoji_problem, request_problem
from fake_discord.spec import (
    SHARED_SPEC,
    SNOWFLAKE,
    SPEC_OPERATIONS,
    SPEC_PATH,
    VENDORED_SPEC,
    load_spec,
    schema_problem,
)

from .conftest import VARIANTS, Env, short

CREATE = ("POST", "/channels/{channel_id}/messages")
CALLBACK = ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
REPO = Path(__file__).resolve().parents[2]


def row(*components: Mapping[str, Any]) -> dict[str, Any]:
    return {"content": "牌桌", "components": [{"type": 1, "components": list(components)}]}


def button(**extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": "查看我的手牌", "custom_id": "ht:hand:1", **extra}


def test_the_spec_is_there() -> None:
    # without the spec every payload check would be void, so say so here
    assert SPEC_PATH.is_file(), f"Discord's OpenAPI spec is missing at {SPEC_PATH}"
    assert contract_available()


def test_the_vendored_spec_is_the_shared_one() -> None:
    """A clone without ../shared checks against the copy in tests/data; it must not drift from ../shared's."""
    shared, vendored = SHARED_SPEC, VENDORED_SPEC
    assert vendored.is_file()
    if shared.is_file():
        assert shared.read_bytes() == vendored.read_bytes(), "refresh tests/data/discord-api-spec from ../shared"


def test_every_served_route_is_an_operation_of_the_spec() -> None:
    ops = load_spec().operations
    assert set(ops) == set(SPEC_OPERATIONS.values())
    for (method, _path), op_id in SPEC_OPERATIONS.items():
        assert ops[op_id][1] == method.lower(), op_id
    assert "not mapped" in (request_problem("DELETE", "/channels/{channel_id}", None) or "")  # the bot never deletes a channel


def test_component_emoji() -> None:
    # 🂠 (a playing-card back) and 🀫 (a mahjong tile back) are symbols, not emoji: Discord answers 50035
    for symbol in ("🂠", "🀫", "好", "x", ""):
        problem = emoji_problem(row(button(emoji={"name": symbol})))
        assert problem and "$.components[0].components[0].emoji" in problem, symbol
    assert emoji_problem(row(button(emoji={"name": "🀄"}))) is None
    assert emoji_problem(row(button(emoji={"name": "🎴"}))) is None
    assert emoji_problem(row(button(emoji={"name": "hu", "id": 1234567890123}))) is None  # custom emoji
    select = {"type": 3, "custom_id": "s", "options": [{"label": "吃", "value": "c", "emoji": {"name": "🂠"}}]}
    assert "options[0].emoji" in (emoji_problem(row(select)) or "")
    assert request_problem(*CREATE, row(button(emoji={"name": "🂠"}))) is not None


def test_schema_violations_name_the_route_the_place_and_the_reason() -> None:
    assert request_problem(*CREATE, row(button())) is None
    assert request_problem(*CREATE, {"content": 5}) == \
        "create_message: at $.content: 5 is not of type 'string', 'null'"
    assert request_problem(*CREATE, row(button(style=9))) == \
        "create_message: at $.components[0].components[0].style: 9 is not one of [1, 2, 3, 4, 5, 6]"
    missing_type = {k: v for k, v in button().items() if k != "type"}
    assert request_problem(*CREATE, row(missing_type)) == \
        "create_message: at $.components[0].components[0]: 'type' is a required property"
    assert request_problem(*CREATE, row(button(emoji={"name": "🀄", "id": "abc"}))) == \
        "create_message: at $.components[0].components[0].emoji.id: 'abc' does not match '^(0|[1-9][0-9]*)$'"
    select: dict[str, Any] = {"type": 3, "custom_id": "s", "options": [{"label": "吃"}]}
    assert request_problem(*CREATE, row(select)) == \
        "create_message: at $.components[0].components[0].options[0]: 'value' is a required property"
    assert request_problem(*CALLBACK, {"type": 4, "data": row(button(style=0))}) == \
        "create_interaction_response: at $.data.components[0].components[0].style: 0 is not one of [1, 2, 3, 4, 5, 6]"
    assert request_problem(*CALLBACK, {"type": 99}) == \
        "create_interaction_response: at $.type: 99 is not one of [8, 4, 5, 12, 9, 1, 13, 6, 7]"
    # discord.py sends snowflakes as integers, which Discord accepts; a string must still be digits
    assert request_problem("POST", "/users/@me/channels", {"recipient_id": 1234567890123}) is None
    assert request_problem("POST", "/users/@me/channels", {"recipient_id": "12a"}) is not None
    # the limits the spec does not state still hold (one select alone in its row)
    select["options"][0]["value"] = "c"
    assert "select beside" in (request_problem(*CREATE, row(select, button())) or "")


def test_no_card_back_symbol_where_a_player_could_see_it() -> None:
    """The mahjong and playing-card blocks hold two emoji (🀄 🃏); the rest render as boxes or get a button
    refused."""
    found = []
    for path in sorted([*(REPO / "bot").rglob("*.py"), *(REPO / "engine").rglob("*.py")]):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n} {unicodedata.name(c)}" for c in line
                      if 0x1F000 <= ord(c) <= 0x1F0FF and c not in "\U0001F004\U0001F0CF"]
    assert not found, found


def test_show_hand_button_has_an_emoji_discord_knows() -> None:
    assert emoji_problem(row(ShowHandButton(1).item.to_component_dict())) is None


async def test_the_edge_refuses_a_message_discord_would_refuse(env: Env) -> None:
    channel = env.bot.get_channel(env.channel)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="查看我的手牌", emoji="🂠", custom_id="ht:probe"))
    with pytest.raises(UnknownRoute, match=r"POST /channels/\{channel_id\}/messages: .*'🂠' is neither"):
        await channel.send("牌桌", view=view)
    params = handle_message_parameters(content="牌桌")
    params.payload["content"] = 5  # type: ignore[index]
    with pytest.raises(UnknownRoute, match=r"create_message: at \$\.content: 5 is not of type"):
        await env.bot.http.send_message(env.channel, params=params)
    assert len(env.world.errors) == 2
    env.world.errors.clear()  # refused on purpose: the fixture's "no errors" check is for the bot's own calls
    png = io.BytesIO()
    Image.new("RGBA", (8, 8)).save(png, format="PNG")
    hu = await env.bot.create_application_emoji(name="hu", image=png.getvalue())  # the application's own
    for emoji in ("🀄", discord.PartialEmoji(name="hu", id=hu.id)):
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="胡", emoji=emoji, custom_id="ht:probe"))
        await channel.send("牌桌", view=view)
    bodies = [c.body for c in env.world.calls if c.path == CREATE[1]][-2:]
    sent = [b for b in bodies if b is not None]  # (a missing one fails the comparison below: two names)
    assert [b["components"][0]["components"][0]["emoji"]["name"] for b in sent] == ["🀄", "hu"]
    view = discord.ui.View()  # a custom emoji the application does not have: 50035 Invalid emoji
    view.add_item(discord.ui.Button(label="胡", emoji=discord.PartialEmoji(name="hu", id=1234567890123),
                                    custom_id="ht:probe"))
    with pytest.raises(UnknownRoute, match="not one of the application's"):
        await channel.send("牌桌", view=view)
    env.world.errors.clear()


async def test_command_sync_passes_the_spec(env: Env) -> None:
    synced = await env.bot.tree.sync()
    assert {c.name for c in synced} >= {"table", "rules", "calc"}
    put = env.world.calls[-1]
    assert (put.method, put.path) == ("PUT", "/applications/{application_id}/commands")
    assert request_problem(put.method, put.path, put.sent) is None
    assert request_problem(put.method, put.path, [dict(put.sent[0], options=[{"type": 99}])]) is not None


@pytest.mark.parametrize("variant", VARIANTS)
async def test_a_played_hand_passes_the_spec(env: Env, variant: str) -> None:
    """One hand of each variant, a player by DM and one with DMs closed (the 查看我的手牌 path): every body
    the bot sent passed the edge's check (it raises otherwise), and it covered every kind of request."""
    table = await env.open_table(variant, [env.alice, env.closed], f"bot.seed=3 {short(variant, 1)}")
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.closed], random.Random(7),
                             stop_after=200)
    assert table.hand_no, "no hand was settled"
    if env.table() is not None:
        await env.cmd(env.alice, "table end")
    seen: Counter[str] = Counter()
    for call in env.world.calls:
        sent = call.body if call.sent is None else call.sent
        assert request_problem(call.method, call.path, sent) is None
        seen[SPEC_OPERATIONS[(call.method, call.path)]] += 1
    assert {"create_dm", "create_message", "update_message", "create_interaction_response"} <= set(seen), seen
    assert any(c.path == CALLBACK[1] and c.ephemeral and c.body and c.body.get("components")
               for c in env.world.calls), "the DMs-closed player never got a private panel"



def _published_registry() -> Any:
    """The published spec as it is (snowflakes widened alike), for comparison with the edge's rewritten one."""
    spec = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    spec["components"]["schemas"]["SnowflakeType"] = SNOWFLAKE
    return Registry().with_resource("urn:x", Resource.from_contents(spec, default_specification=DRAFT202012))


def _published_validator(registry: Any, op_id: str) -> Any:
    path, method, _ = load_spec().operations[op_id]
    pointer = "/".join(x.replace("~", "~0").replace("/", "~1") for x in
                       ("paths", path, method, "requestBody", "content", "application/json", "schema"))
    return Draft202012Validator({"$ref": f"urn:x#/{pointer}"}, registry=registry)


def _spoiled(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The body with one thing wrong at a time: a component's style, type, custom_id, label or options; the
    content's type."""
    out = []
    for spoil in ("style", "type", "custom_id", "label", "options", "content"):
        bad = json.loads(json.dumps(body))
        data = bad.get("data") if "data" in bad else bad
        if not isinstance(data, dict):
            continue
        comps = [c for r in data.get("components") or [] for c in r.get("components", [])]
        target = data if spoil == "content" else next((c for c in comps if spoil in c), None)
        if target is not None and spoil in target:
            target[spoil] = {"style": 9, "type": 99, "custom_id": "", "label": 5, "options": [], "content": 1}[spoil]
            out.append(bad)
    return out


async def test_the_fast_check_agrees_with_the_published_spec(env: Env) -> None:
    """The edge checks a rewritten spec (unions as dispatches, plain fields without a descent): on a played
    hand's bodies, and on each of them spoiled, it accepts and refuses exactly what the published one does
    (which takes ~5 ms a body: a sample of each kind of request)."""
    await env.open_table("paohuzi", [env.alice, env.closed], "bot.seed=3 hands=1")
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.closed], random.Random(7))
    sample: dict[str, list[Any]] = {}
    for call in env.world.calls:
        op_id = SPEC_OPERATIONS[(call.method, call.path)]
        sent = call.body if call.sent is None else call.sent
        if sent is None:  # a request without a body (GET, DELETE): nothing to validate
            continue
        if len(sample.setdefault(op_id, [])) < 4:
            sample[op_id].append((call, sent))
    checked = refused = 0
    registry = _published_registry()
    for op_id, calls in sample.items():
        published = _published_validator(registry, op_id)
        for call, sent in calls:
            for body in [sent, *_spoiled(sent)]:
                ours = schema_problem(call.method, call.path, body)
                assert (ours is None) == published.is_valid(body), (op_id, ours, body)
                checked += 1
                refused += ours is not None
    assert refused > 10 and checked - refused > 10, (checked, refused)


async def test_a_multipart_body_is_checked_through_its_payload_json(env: Env) -> None:
    channel = env.bot.get_channel(env.channel)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("牌谱", file=discord.File(io.BytesIO(b"hand"), filename="hand.txt"))
    assert env.world.calls[-1].body["attachments"][0]["filename"] == "hand.txt"  # type: ignore[index]
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", emoji="🀫", custom_id="ht:probe"))
    with pytest.raises(UnknownRoute, match="'🀫' is neither"):
        await channel.send("牌谱", file=discord.File(io.BytesIO(b"hand"), filename="hand.txt"), view=view)
    env.world.errors.clear()  # refused on purpose
