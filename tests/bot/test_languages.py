"""Each reader in their own language: a user's Discord locale for what is theirs alone (ephemeral replies, refusals,
their DM panel), the guild's for what the channel reads; a seat remembers its player's locale across a restart."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.engine_words import said
from bot.families.paodekuai.controls import pack
from bot.i18n import Lang, speaking
from bot.service.table import BOT_OPTIONS
from engine.core import Action, IllegalAction, OptionError
from engine.paodekuai.game import PaodekuaiGame
from engine.registry import all_variants, get_variant
from fake_discord import FakeDiscord, payload_text, playing, uninstall_webhook_edge
from fake_discord.layout import controls

from .conftest import Env, attach, manual_clock


async def world_env(tmp_path: Path, guild_locale: str) -> Env:
    world = FakeDiscord()
    users = {"alice": world.add_user("alice", locale="en-US"), "bob": world.add_user("bob", locale="zh-TW"),
             "carol": world.add_user("carol")}
    guild = world.add_guild("湖南牌友", users["alice"], locale=guild_locale)
    for uid in users.values():
        world.add_member(guild, uid)
    channel = world.add_channel(guild, "牌桌")
    db_url = f"sqlite:///{tmp_path}/bot.sqlite3"
    return Env(world, await attach(world, db_url, clock := manual_clock()), db_url, guild, channel, users, clock)


def dm_text(env: Env, uid: int) -> str:
    mid = env.world.latest_dm(uid)
    assert mid is not None
    return str(env.world.message_text(mid))


def channel_text(env: Env) -> str:
    return json.dumps([c.body for c in env.world.public_calls()], ensure_ascii=False)


async def open_pdk(env: Env) -> Any:
    p = await env.cmd(env.alice, "table create", variant="paodekuai", options="bot.timer=0 bot.seed=7 hands=1")
    assert not p.ephemeral
    assert "1号 alice" in p.text() and "Seat 1" not in p.text()  # the lobby is the channel's: the guild's zh-CN
    p = await env.cmd(env.bob, "table join")
    assert p.ephemeral and p.text() == f"你已加入牌桌 #{env.table().id}。"
    p = await env.cmd(env.bob, "table join")
    assert p.ephemeral and "你已經在這張牌桌上了。" in p.text()  # zh-TW, in traditional characters
    p = await env.cmd(env.alice, "table join")
    assert p.ephemeral and "You are already at this table." in p.text()
    p = await env.cmd(env.alice, "table ai")
    assert p.ephemeral and p.text() == "An AI player was added."
    p = await env.cmd(env.alice, "table start")
    assert p.ephemeral and p.text() == "Started! Hands have been sent by DM."
    return env.table()


async def test_lobby_to_first_moves_each_in_their_language(readers: Env) -> None:
    env = readers
    table = await open_pdk(env)
    assert [s.locale for s in table.seats] == ["en-US", "zh-TW", None]
    # the DM panels speak their players' languages; the channel's table message the guild's
    assert "Seat 1 alice" in dm_text(env, env.alice) and "1号 alice" not in dm_text(env, env.alice)
    assert "2號 bob" in dm_text(env, env.bob)
    assert "3號 電腦1" in dm_text(env, env.bob)
    channel = channel_text(env)
    assert "1号 alice" in channel and "2号 bob" in channel and "3号 电脑1" in channel
    assert "Seat " not in channel and "號" not in channel
    table_message = env.world.messages[env.sent(table).hand_messages[table.hand_no]]
    [show] = [c for c in controls(table_message["components"])]
    assert show["label"] == "查看我的手牌"
    # first moves: whoever must play plays a quick pick; the other's panel is edited in their own language
    acted = set()
    for _ in range(4):
        game = table.game
        if game is None or game.finished:
            break
        [seat] = game.to_act()
        uid = table.seats[seat].user_id
        assert uid is not None
        mid = env.world.latest_dm(uid)
        assert mid is not None
        quick = [c for c in controls(env.world.messages[mid]["components"])
                 if c["type"] == 2 and ":=" not in c["custom_id"] and not c.get("disabled")]
        labels = " ".join(c["label"] for c in quick)
        if uid == env.alice:  # the engine's play names, in English: Single 3, Pair 5, 不要 Pass
            assert not re.search("单张|对|顺子|连对|炸弹", labels), labels
            assert re.search("Single|Pair|Straight|Pairs|Trio|Plane|Bomb|Pass|Can't beat", labels), labels
        else:
            assert not re.search("单张|对|顺子|连对|炸弹", labels), labels  # 單張, 對 in traditional characters
        p = await env.click(uid, mid, quick[0]["custom_id"])
        acted.add(uid)
        assert not p.ephemeral
        assert "Seat 1 alice" in dm_text(env, env.alice) and "2號 bob" in dm_text(env, env.bob)
    assert acted == {env.alice, env.bob}
    # the public log is worded per reader: seat labels in each language, from the same line
    last = table.log[-1]
    with speaking("en"):
        english = f"{last}"
    with speaking("zh-TW"):
        traditional = f"{last}"
    assert "Seat " in english and "座位" not in english and "号" not in english
    assert "號" in traditional and "号" in last[:] and "座位" not in last[:]
    channel = channel_text(env)
    assert last[:] in channel and english not in channel and "Seat " not in channel


async def test_refusals_reach_the_clicker_in_their_language(readers: Env) -> None:
    env = readers
    table = await open_pdk(env)
    game = table.game
    [seat] = game.to_act()
    uid = table.seats[seat].user_id
    other = env.bob if uid == env.alice else env.alice
    mid = env.world.latest_dm(uid)
    assert mid is not None
    button = next(c for c in controls(env.world.messages[mid]["components"]) if c["type"] == 2)
    version = table.version
    # a foreign click on another player's panel
    p = await env.click(other, mid, button["custom_id"])
    assert p.ephemeral
    if other == env.alice:
        assert "These are not your cards" in p.text()
    else:
        assert "這不是你的牌" in p.text()
    # an illegal play: cards the player does not hold, refused by the engine in the clicker's words
    missing = [c for c in game.view((seat + 1) % 3).hand][:1]
    forged = f"ht:b:{table.id}:{table.version}:{seat}:={pack(missing)}"
    seen = json.loads(json.dumps(env.world.messages[mid]))  # the panel with a forged 出牌 (Discord sends what it got)
    next(c for c in controls(seen["components"]) if c["type"] == 2)["custom_id"] = forged
    p = await playing.click(env.world, env.bot, uid, mid, forged, message=seen)
    assert p.ephemeral
    with pytest.raises(IllegalAction) as why:
        game.classify(missing, seat)
    lang: Lang = "en" if uid == env.alice else "zh-TW"
    with speaking(lang):
        assert said(why.value) in p.text()
    if uid == env.alice:
        assert "You can't play that: you do not hold:" in p.text()
    else:
        assert "不能這樣出：你沒有這張牌：" in p.text()
    assert table.version == version


async def test_a_seat_keeps_its_locale_across_a_restart(readers: Env) -> None:
    env = readers
    table = await open_pdk(env)
    tid = table.id
    rows = await env.bot.db.table(tid)
    assert rows is not None and [s.locale for s in rows.seats] == ["en-US", "zh-TW", None]
    await env.restart()
    table = env.bot.service.tables[tid]
    assert [s.locale for s in table.seats] == ["en-US", "zh-TW", None]
    # after the restart nobody has clicked yet: a panel rendered now for alice still speaks English
    with speaking(env.bot.service.seat_lang(table, 0)):
        from bot.present.dm import dm_panel
        assert "Seat 1 alice" in dm_panel(table, 0).text()
    # a locale that changes is remembered and stored again
    env.world.locales[env.bob] = "en-GB"
    await env.cmd(env.bob, "table hand")
    rows = await env.bot.db.table(tid)
    assert rows is not None and rows.seats[1].locale == "en-GB"
    assert env.bot.service.seat_lang(table, 1) == "en"


async def test_an_english_guild_reads_its_channel_in_english(tmp_path: Path) -> None:
    env = await world_env(tmp_path, "en-US")
    try:
        p = await env.cmd(env.users["carol"], "table create", variant="paodekuai",
                          options="bot.timer=0 bot.seed=7 hands=1")
        assert "Seat 1 carol" in p.text()
        for user in ("bob", "alice"):
            await env.cmd(env.users[user], "table join")
        p = await env.cmd(env.users["carol"], "table start")
        assert p.ephemeral and p.text() == "开始！手牌已通过私信发出。"  # carol's own client is zh-CN
        table = env.table()
        message = env.world.messages[env.sent(table).hand_messages[table.hand_no]]
        [show] = [c for c in controls(message["components"])]
        assert show["label"] == "Show my hand"
        assert "Seat 1 carol" in channel_text(env)
        assert "1号 carol" in dm_text(env, env.users["carol"])  # her DM is hers: zh-CN
        # a user with no remembered locale is told in the guild's language
        table.seats[0].locale = None
        assert env.bot.service.seat_lang(table, 0) == "en"
    finally:
        await env.bot.close()
        uninstall_webhook_edge()
    assert not env.world.errors, env.world.errors


def test_every_engine_word_is_in_the_catalogue_in_every_language() -> None:
    """Variant names and summaries, option labels and their choice labels reach players through ``tr`` with keys
    the static scan cannot see: each must be a catalogue entry with zh-TW and English."""
    from bot.i18n import catalogue

    messages = catalogue()["messages"]
    words = []
    for v in all_variants():
        if v.id == "toy":  # the test suite's own variant
            continue
        words += [v.name, v.summary]
        for o in v.options:
            if not o.internal:
                words += [o.label, *(o.choice_label(c) for c in o.choices)]
    for o in BOT_OPTIONS:
        words += [o.label, *(o.choice_label(c) for c in o.choices)]
    chinese = [w for w in words if any("\u3400" <= ch <= "\u9fff" for ch in w)]
    assert len(chinese) > 100
    lacking = [w for w in chinese if not (messages.get(w, {}).get("en") and messages.get(w, {}).get("zh-TW"))]
    assert lacking == []
    with speaking("en"):
        from bot.options_text import choice_label, option_label, variant_name
        v = get_variant("changsha")
        birds = next(o for o in v.options if o.key == "birds")
        assert variant_name(v) == "Changsha Mahjong 长沙麻将"
        assert option_label(birds) == "bird tiles" and choice_label(birds, birds.choices[1]) == "4 birds"
    with speaking("zh-TW"):
        assert choice_label(birds, birds.choices[1]) == "四隻鳥"


def test_engine_refusals_are_typed_and_worded_per_language() -> None:
    """``str(e)`` stays the engine's zh-CN; its template and params let the bot word it in each language."""
    game = get_variant("paodekuai").new_hand(get_variant("paodekuai").validate({}), 3, 0, {})
    assert isinstance(game, PaodekuaiGame)
    [seat] = game.to_act()
    legal = game.legal_actions(seat)
    with pytest.raises(IllegalAction) as why:
        game.apply((seat + 1) % 3, legal[0])
    e = why.value
    assert str(e) == f"现在不轮到{(seat + 1) % 3 + 1}号"
    assert e.template == "现在不轮到{seat}号" and e.params == {"seat": (seat + 1) % 3 + 1}
    with speaking("en"):
        assert said(e) == f"it is not seat {(seat + 1) % 3 + 1}'s turn"
    with speaking("zh-TW"):
        assert said(e) == f"現在不輪到{(seat + 1) % 3 + 1}號"
    # an option error names the option's label in the reader's language
    with pytest.raises(OptionError) as bad:
        get_variant("changsha").validate({"birds": 5})
    assert str(bad.value) == "选项 「birds」（鸟牌张数）只能取 2、4、6（整数），不能是 5"
    with speaking("en"):
        assert said(bad.value).startswith("option 「birds」 (bird tiles) takes only 2、4、6")
        assert "(an integer)" in said(bad.value)


def test_every_control_label_of_every_family_is_worded_in_each_language() -> None:
    """Buttons and select options are the engine's ``ActionName`` labels: a template and its fields whose Chinese
    (the verb, the play's shape) is in the catalogue, so the English reader sees 碰 Pong, Single 7, Discard 五万."""
    import random

    from bot.engine_words import named, word
    from bot.i18n import catalogue
    from engine.ai import choose
    from engine.core import name_action

    messages = catalogue()["messages"]
    cjk = re.compile(r"[\u3400-\u9fff]")
    seen: set[str] = set()
    for v in all_variants():
        if v.id == "toy":
            continue
        rng = random.Random(5)
        game = v.new_hand(v.validate({}), rng.randrange(1 << 30), 0, {})
        for _ in range(120):
            if game.finished:
                break
            for seat in game.to_act():
                for action in game.legal_actions(seat):
                    n = name_action(game, action)
                    template = n.template or n.label
                    assert template.format(**dict(n.params)) == n.label  # the zh-CN label is the template filled
                    if cjk.search(template):
                        assert template in messages, (v.id, template)
                    verb = dict(n.params).get("verb")
                    if verb is not None:
                        assert verb in messages, (v.id, verb)
                    with speaking("en"):
                        english = named(n)
                    if template in messages or verb is not None:
                        assert english != n.label or messages.get(template, {}).get("en") == n.label, english
                    seen.add(template if verb is None else verb)
            seat = game.to_act()[0]
            game.apply(seat, choose(game, seat))
    assert {"碰", "胡", "过", "打"} <= seen and any(t.startswith("单张") for t in seen)
    with speaking("en"):
        assert word("{verb} {cards}", [("verb", "碰"), ("cards", "五")]) == "碰 Pong 五"
        assert word("单张 {rank}", [("rank", "7")]) == "Single 7"
    with speaking("zh-TW"):
        assert word("{verb} {cards}", [("verb", "补杠"), ("cards", "五万")]).startswith("補槓 ")


async def test_a_failing_locale_write_does_not_refuse_the_click(readers: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    env = readers
    table = await open_pdk(env)
    calls: list[tuple[int, int, str]] = []

    async def broken(table_id: int, seat: int, locale: str) -> None:
        calls.append((table_id, seat, locale))
        raise OSError("disk full")

    monkeypatch.setattr(env.bot.db, "set_seat_locale", broken)
    env.world.locales[env.alice] = "zh-TW"
    p = await env.cmd(env.alice, "table hand")
    assert calls == [(table.id, 0, "zh-TW")]
    assert p.ephemeral and "1號 alice" in p.text()  # answered, in the locale the click carried
    monkeypatch.undo()
    await env.cmd(env.alice, "table hand")  # the next click stores it
    row = await env.bot.db.table(table.id)
    assert row is not None and row.seats[0].locale == "zh-TW"


async def test_the_lobby_names_room_options_in_the_guilds_language(tmp_path: Path) -> None:
    env = await world_env(tmp_path, "zh-TW")
    try:
        p = await env.cmd(env.users["carol"], "table create", variant="changsha", options="bot.timer=0")
        first = payload_text(p.first)
        assert "出牌限時：不限時" in first and "人數：四人" in first  # the options most players change
        table = env.table()
        # the rest behind 規則詳情, in the guild's language too
        [details] = [c for c in controls(env.world.messages[table.lobby_message_id]["components"])
                     if c.get("label") == "規則詳情"]
        await env.click(env.users["carol"], table.lobby_message_id, details["custom_id"])
        assert "鳥牌張數：兩隻鳥" in env.world.message_text(table.lobby_message_id)
        await env.click(env.users["carol"], table.lobby_message_id, f"ht:lobby:{table.id}:page0")
        selects = [c for c in controls(env.world.messages[table.lobby_message_id]["components"])
                   if c["type"] == 3]
        assert selects and all("限时" not in c["placeholder"] for c in selects)
        assert any(o["label"] == "出牌限時：不限時" for c in selects for o in c["options"])
    finally:
        await env.bot.close()
        uninstall_webhook_edge()
    assert not env.world.errors, env.world.errors


@pytest.mark.parametrize("variant", ["paohuzi", "hongzhong", "paodekuai"])
def test_a_refused_action_names_it_in_the_readers_language(variant: str) -> None:
    """「现在不能「碰 五」」 names the action as the reader's controls do, not in the engine's zh-CN."""
    from bot.engine_words import named, said
    from bot.i18n import speaking

    v = get_variant(variant)
    game = v.new_hand(v.validate({}), 5, 0, {})
    seat = game.to_act()[0]
    code = "peng:5m" if v.family == "mahjong" else ("pass" if v.family == "paodekuai" else "hu")
    assert code not in {a.code for a in game.legal_actions(seat)}
    other = Action.parse(code)
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, other.code)
    assert str(caught.value) == f"现在不能「{game.name_action(other).label}」"
    with speaking("en"):
        english = said(caught.value)
        assert named(game.name_action(other)) in english and english != str(caught.value)


async def test_an_ai_seat_is_named_once_in_every_language(readers: Env) -> None:
    """issue 17: 「3号 电脑1（电脑）」 said AI twice on every line, when its name already says it. The lobby, the table
    message, the DM panels and the settlement name it once, each in its reader's language."""
    env = readers
    table = await open_pdk(env)
    [ai] = [s for s, seat in enumerate(table.seats) if seat.is_ai]
    lobby = env.world.message_text(table.lobby_message_id)
    assert f"{ai + 1}号 电脑1（普通）" in lobby and "（电脑）" not in lobby  # named once; its level after it
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(3))
    assert table.match.over
    channel = channel_text(env)
    posts = [payload_text(m) for m in env.world.channel_messages(env.channel)]
    [settled] = [p for p in posts if p.removeprefix("### ").startswith("🃏 第 1 局")]
    assert f"{ai + 1}号 电脑1" in settled and f"{ai + 1}号 电脑1" in channel
    assert "（电脑）" not in channel and "電腦" not in channel

    def dms(uid: int) -> str:
        return json.dumps([c.body for c in env.world.calls if c.body and c.channel_id == env.world.dm_channel(uid)],
                          ensure_ascii=False)
    english, traditional = dms(env.alice), dms(env.bob)
    assert f"Seat {ai + 1} Bot 1" in english and "(AI)" not in english
    assert f"{ai + 1}號 電腦1" in traditional and "（電腦）" not in traditional


@pytest.mark.parametrize(("locale", "line"), [
    ("zh-CN", "计分：6胡息1囤、每多3胡息加1囤；自摸、天胡、地胡翻倍；放炮者包三家"),
    ("zh-TW", "計分：6胡息1囤、每多3胡息加1囤；自摸、天胡、地胡翻倍；放炮者包三家"),
    ("en-US", "scoring: 1 囤 at 6 huxi, +1 per 3 more; 自摸, 天胡, 地胡 ×2; a discard win: the discarder pays 3 shares"),
])
async def test_the_four_player_lobby_says_what_its_scoring_is(tmp_path: Path, locale: str, line: str) -> None:
    """issue 17: 四人跑胡子's lobby said 计分：暂定规则; its scoring is decided (liuhuqiang.md §5): say it."""
    env = await world_env(tmp_path, locale)
    try:
        p = await env.cmd(env.users["carol"], "table create", variant="liuhuqiang", options="bot.timer=0")
        first = payload_text(p.first)
        assert line in first.split("\n") and not re.search("暂定|暫定|provisional", first)
    finally:
        await env.bot.close()
        uninstall_webhook_edge()
    assert not env.world.errors, env.world.errors
