"""No concealed card in any channel payload over 200 hands; read-only commands; storage basics."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.core import Event
from engine.match import Match
from engine.registry import get_variant
from engine.views import SeatView
from engine.words import Msg
from fake_discord import UserOption, playing
from storage.db import Database, path_from_url
from tests.scale import scaled

from .conftest import VARIANTS, Env, short

SECRET = "SECRET"


def _marked_says(says: Msg | None) -> Msg | None:
    """A private event's line, marked: a message no catalogue has reads as its id, marker included."""
    return None if says is None else Msg(says.id + SECRET, says.args)


def marked(game: Any) -> Any:
    """The game, its private information now carrying a marker: private events and each seat's hand. If any of it
    ever reached a channel payload, the marker would be there. The game stays an instance of its own class (a
    subclass of it), so whatever dispatches on its family still recognises it."""
    base = type(game)

    class Marked(base):  # type: ignore[valid-type,misc]
        def apply(self, seat: int, action: Any) -> list[Event]:
            return [e if e.audience is None else Event(e.kind, dict(e.data, text=f"{e.data.get('text', '')}{SECRET}"),
                                                      e.audience, _marked_says(e.says))
                    for e in base.apply(self, seat, action)]

        def view(self, seat: int) -> Any:
            v = base.view(self, seat)
            if isinstance(v, SeatView):  # a typed view: its hand in notation, one more "card"
                return replace(v, hand=(*v.hand, SECRET))
            v = dict(v)
            hand = v.get("hand", [])
            v["hand"] = hand + SECRET if isinstance(hand, str) else [*hand, SECRET]
            return v

    game.__class__ = Marked
    return game


@pytest.mark.heavy
@pytest.mark.parametrize("variant", VARIANTS)
async def test_no_concealed_card_in_any_channel_payload(env: Env, monkeypatch: pytest.MonkeyPatch,
                                                        variant: str) -> None:
    real_new_hand = Match.new_hand

    def marked_new_hand(self: Match, seed: int) -> Any:
        self.game = marked(real_new_hand(self, seed))
        return self.game

    monkeypatch.setattr(Match, "new_hand", marked_new_hand)
    # 200 hands of the main variant and 20 of each other in the deep run (tests/scale.py), fewer every day
    hands_target = scaled(200, least=50) if variant == "paohuzi" else scaled(20, least=10)
    played, seed = 0, 0
    rng = random.Random(99)
    players = [env.alice, env.closed]  # one player by DM, one through ephemeral panels
    while played < hands_target:
        seed += 1
        # pictures off: a PNG is no JSON body this test could read, and tests/pictures/test_public_only.py
        # proves the channel's pictures blind to hidden hands; drawing 200 hands of them only slows the suite
        table = await env.open_table(variant, players, f"bot.seed={seed} bot.pictures=off {short(variant, 8)}")
        while env.table() is not None and table.hand_no < hands_target - played:
            await playing.play_match(env.world, env.bot, env.channel, players, rng, stop_after=40)
        played += table.hand_no
        if env.table() is not None:
            await env.cmd(env.alice, "table end")
    checked = 0
    for call in env.world.public_calls():
        text = json.dumps(call.body, ensure_ascii=False)
        assert SECRET not in text, text[:400]
        checked += 1
    assert checked > played  # every hand produced several channel payloads, all checked
    # the markers did reach the private side, so the check above is not vacuous
    assert any(SECRET in json.dumps(c.body, ensure_ascii=False) for c in env.world.calls
               if c.ephemeral or not env.world.is_guild_channel(c.channel_id))


@pytest.mark.both_backends  # leaderboards, stats and history read back alike
async def test_rules_stats_history_and_replay(env: Env, rng: random.Random) -> None:
    variant = "paohuzi" if "paohuzi" in VARIANTS else VARIANTS[0]
    p = await env.cmd(env.alice, "rules", variant=variant)
    assert p.ephemeral and "房间选项" in p.text()
    v = get_variant(variant)
    # the game's own words: no English name, no option keys
    assert v.name_en not in p.text() and not any(f"`{o.key}`" in p.text() for o in v.options)
    await env.open_table(variant, [env.alice, env.bob], f"bot.seed=2 {short(variant)}")
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    p = await env.cmd(env.bob, "stats")
    assert "1 局" in p.text()
    p = await env.cmd(env.alice, "stats", player=UserOption(env.bob))
    assert "bob" in p.text() and "1 局" in p.text()
    p = await env.cmd(env.alice, "leaderboard", variant=variant, period="month")
    assert "本月" in p.text() and str(env.alice) in p.text()
    p = await env.cmd(env.alice, "history")
    hand_id = int(p.text().split("#", 1)[1].split(" ", 1)[0])
    p = await env.cmd(env.carol, "history", hand=hand_id)
    assert p.ephemeral and "回放" in p.text() and "第 0/" in p.text()
    mid = p.message_id
    assert mid is not None
    nxt = [c["custom_id"] for c in env.world.components_of(mid) if "下一步" in c.get("label", "")][0]
    p = await env.click(env.carol, mid, nxt)
    assert "第 1/" in p.text()
    end = [c["custom_id"] for c in env.world.components_of(mid) if "结尾" in c.get("label", "")][0]
    p = await env.click(env.carol, mid, end)
    assert "结算" in p.text()
    p = await env.cmd(env.alice, "history", hand=999999)
    assert p.ephemeral and "找不到" in p.text()


async def test_storage_migrations_and_urls(tmp_path) -> None:
    assert path_from_url("sqlite:///data/x.sqlite3") == "data/x.sqlite3"
    assert path_from_url("sqlite:////abs/x.db") == "/abs/x.db"
    url = f"sqlite:///{tmp_path}/m.db"
    db = await Database.open(url)
    version = await db.migrate()
    assert version >= 1 and await db.migrate() == version  # applying again is a no-op
    assert (await db.fetch("PRAGMA journal_mode"))[0][0] == "wal"
    await db.close()
    with pytest.raises(ValueError):
        path_from_url("postgres://x")
