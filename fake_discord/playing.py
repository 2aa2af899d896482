"""Playing the bot's tables by clicking, as players do: read the controls on a panel, press one, wait until the
bot answered and delivered everything it caused; play a whole match with random legal clicks.

Unlike the rest of the package this knows the bot: its custom ids (``ht:b:`` buttons, ``ht:s:`` selects,
``ht:c:`` card pickers, ``ht:hand:`` on the table message) and its table service (``client.service``), read
duck-typed so the fake Discord itself imports nothing of the bot.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .fake import FakeDiscord
from .layout import SECTION, is_v2, texts, walk
from .records import PendingInteraction

ACTION_ID = re.compile(r"ht:[bs]:")
SHOW_HAND = "ht:hand:"


def is_table_message(body: dict[str, Any] | None) -> bool:
    """Whether a message (a request body or a stored message) is a hand's table message: the Components V2 message
    whose 查看我的手牌 sits beside the turn line (a channel notice carries that button in a row of its own)."""
    if not body or not is_v2(body):
        return False
    return any(c.get("type") == SECTION and str((c.get("accessory") or {}).get("custom_id", "")).startswith(SHOW_HAND)
               for c in walk(body.get("components")))


def table_message_parts(body: dict[str, Any]) -> tuple[str, list[str], list[str]]:
    """A table message read as its parts: the title, the state (turn line, the table's facts, each seat's block,
    the last moves) line by line, and the small print (timer, commitment)."""
    words = texts(body.get("components"))
    title = words[0].removeprefix("### ") if words else ""
    lines = [line for w in words[1:] for line in w.split("\n")]
    return title, [x for x in lines if not x.startswith("-# ")], [x[3:] for x in lines if x.startswith("-# ")]


def action_choices(world: FakeDiscord, message_id: int | None) -> list[tuple[str, list[str] | None]]:
    """Every (custom_id, values) a player could click on a panel: each button, each option of each select."""
    if message_id is None:
        return []
    out: list[tuple[str, list[str] | None]] = []
    for comp in world.components_of(message_id):
        cid = comp.get("custom_id", "")
        if not ACTION_ID.match(cid):
            continue
        if comp["type"] == 2:
            if not comp.get("disabled"):
                out.append((cid, None))
        else:
            out += [(cid, [o["value"]]) for o in comp.get("options", [])]
    return out


def card_picker(world: FakeDiscord, message_id: int | None) -> str | None:
    """The custom id of a panel's card multi-select (跑得快), if it has one."""
    if message_id is None:
        return None
    return next((c["custom_id"] for c in world.components_of(message_id)
                 if c.get("type") == 3 and str(c.get("custom_id", "")).startswith("ht:c:")), None)


def random_play_cards(game: Any, seat: int, rng: Any) -> list[str]:
    """Concrete cards (suits at random among a rank's copies) for a random legal play of ``seat``."""
    # the presenter that lays out the card picker knows which cards make a play
    from bot.present.registry import presenter_for

    plays = [a for a in game.legal_actions(seat) if a.kind != "pass"]
    if not plays:
        return []
    view = game.view(seat)
    codes = list(view.hand)  # the seat's cards in notation (a SeatView field)
    rng.shuffle(codes)
    return presenter_for(game.family).cards_for(codes, rng.choice(plays))


async def click(world: FakeDiscord, client: Any, user_id: int, message_id: int, custom_id: str,
                values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
    """Click and wait until the bot answered and delivered everything that click caused."""
    pend = await world.wait(world.feed_click(client, user_id, message_id, custom_id, values, message))
    await client.service.idle()
    return pend


async def command(world: FakeDiscord, client: Any, user_id: int, channel_id: int, name: str,
                  **options: Any) -> PendingInteraction:
    """Run a slash command and wait until the bot answered and delivered everything it caused."""
    pend = await world.wait(world.feed_command(client, user_id, channel_id, name, **options))
    await client.service.idle()
    return pend


def player_panel(world: FakeDiscord, client: Any, user_id: int) -> int | None:
    return world.latest_dm(user_id)


async def ephemeral_panel(world: FakeDiscord, client: Any, user_id: int, channel_id: int) -> int | None:
    """The DMs-closed path: "查看我的手牌" on the channel's table message answers with a private panel."""
    table = client.service.table_in(channel_id)
    mid = client.service.delivery.hand_message(table) if table is not None else None
    if mid is None:
        return None
    pend = await click(world, client, user_id, mid, f"ht:hand:{table.id}")
    return pend.message_id


async def play_match(world: FakeDiscord, client: Any, channel_id: int, users: list[int], rng: Any,
                     *, max_clicks: int = 20000, stop_after: int | None = None,
                     on_click: Callable[[int, str, list[str] | None], None] | None = None) -> int:
    """Humans click a random legal control on their own panel until the table ends; returns clicks made."""
    service = client.service
    clicks = 0
    while service.table_in(channel_id) is not None:
        table = service.table_in(channel_id)
        game = table.game
        waiting = set(game.to_act()) if game is not None else set()
        progressed = False
        for uid in users:
            seat = table.seat_of(uid)
            if seat is None or seat not in waiting or table.seats[seat].auto:
                continue
            if uid in world.dm_closed:
                mid = await ephemeral_panel(world, client, uid, channel_id)
            else:
                mid = player_panel(world, client, uid)
            choices = action_choices(world, mid)
            picker = card_picker(world, mid)
            if mid is None or not (choices or picker):
                continue
            if picker is not None and rng.random() < 0.7:
                # 跑得快: pick the cards of a random legal play (any suits) in the multi-select, then 出牌
                cards = random_play_cards(game, seat, rng)
                if cards:
                    if on_click is not None:
                        on_click(uid, picker, cards)
                    await click(world, client, uid, mid, picker, cards)
                    clicks += 1
                    choices = [(c, None) for c, v in action_choices(world, mid) if c.startswith(f"{picker.replace(':c:', ':b:')}:=")]
            if not choices:
                continue
            cid, values = rng.choice(choices)
            if on_click is not None:
                on_click(uid, cid, values)
            await click(world, client, uid, mid, cid, values)
            clicks += 1
            progressed = True
            if stop_after is not None and clicks >= stop_after:
                return clicks
            break  # state changed: look again from the top
        if not progressed:
            version = table.version
            await service.idle()
            if service.table_in(channel_id) is table and table.version == version:
                raise AssertionError(f"table stalled: {waiting} must act but nothing moves")
        if clicks >= max_clicks:
            raise AssertionError("too many clicks: the match does not end")
    return clicks
