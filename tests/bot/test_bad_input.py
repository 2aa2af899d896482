"""Bad input never changes state and always gets a private, clear answer."""

from __future__ import annotations

import copy
from typing import Any

from fake_discord import playing
from fake_discord.layout import controls

from .conftest import VARIANTS, Env, short

MAIN = "paohuzi" if "paohuzi" in VARIANTS else "toy"


def actor(env: Env, users: list[int]) -> tuple[int, int]:
    """(user, panel message id) of a human whose DM panel offers actions right now."""
    for uid in users:
        mid = env.world.latest_dm(uid)
        if playing.action_choices(env.world, mid):
            assert mid is not None
            return uid, mid
    raise AssertionError("nobody may act")


async def state(env: Env) -> tuple[int, int]:
    return env.table().version, await env.bot.db.count_actions()


async def test_foreign_stale_double_and_unknown_clicks(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], "bot.seed=3")
    uid, mid = actor(env, [env.alice, env.bob])
    other = env.bob if uid == env.alice else env.alice
    cid, values = playing.action_choices(env.world, mid)[0]
    before = await state(env)

    p = await env.click(other, mid, cid, values)  # someone else clicks my panel
    assert p.ephemeral and "自己的座位" in p.text()
    assert await state(env) == before

    p = await env.click(uid, mid, "ht:nonsense:1", None)  # a custom id no template knows
    assert p.ephemeral and "无法识别" in p.text()
    assert await state(env) == before

    seen = copy.deepcopy(env.world.messages[mid])  # the panel as the player sees it
    p = await env.click(uid, mid, cid, values)  # the real click
    assert not p.ephemeral
    after = await state(env)
    assert after[0] > before[0] and after[1] > before[1]

    # the same (now old) control again: a double click or a stale message
    stale = await playing.click(env.world, env.bot, uid, mid, cid, values, message=seen)
    assert stale.ephemeral and "过期" in stale.text()
    assert await state(env) == after


async def test_select_value_not_offered(env: Env) -> None:
    await env.open_table(MAIN, [env.alice, env.bob], "bot.seed=3")
    uid, mid = actor(env, [env.alice, env.bob])
    selects = [c for c in env.world.components_of(mid) if c["custom_id"].startswith("ht:s:")]
    buttons = [c for c in env.world.components_of(mid) if c["custom_id"].startswith("ht:b:")]
    before = await state(env)
    if selects:
        p = await env.click(uid, mid, selects[0]["custom_id"], ["hu:不是牌"])
    else:  # a forged id on a button the message carries (discord.py drops a click on an id the message lacks)
        forged = buttons[0]["custom_id"].rsplit(":", 1)[0] + ":nope"
        message = copy.deepcopy(env.world.messages[mid])
        controls(message["components"])[0]["custom_id"] = forged
        p = await playing.click(env.world, env.bot, uid, mid, forged, None, message)
    assert p.ephemeral
    assert await state(env) == before


async def test_option_errors_and_host_only(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant=MAIN, options="hands=999")
    assert p.ephemeral and "hands" in p.text()
    assert env.table() is None
    p = await env.cmd(env.alice, "table create", variant=MAIN, options="nosuch=1")
    assert p.ephemeral and "nosuch" in p.text()
    p = await env.cmd(env.alice, "table create", variant=MAIN, options="bot.timer=7")
    assert p.ephemeral and "timer" in p.text()

    p = await env.cmd(env.alice, "table create", variant=MAIN)
    lobby = p.message_id
    assert lobby is not None
    table = env.table()
    # the room's own options (the bot's 出牌限时 comes first on the panel)
    selects = [c for c in env.world.components_of(lobby)
               if c["custom_id"].startswith("ht:opt:") and ":bot." not in c["custom_id"]]
    sel = selects[0]["custom_id"]
    key = sel.split(":", 3)[3]
    before = dict(table.options)
    p = await env.click(env.alice, lobby, sel, ["999"])  # out of range
    assert p.ephemeral and "取值" in p.text()
    await env.cmd(env.bob, "table join")
    p = await env.click(env.bob, lobby, sel, ["0"])  # not the host
    assert p.ephemeral and "房主" in p.text()
    assert table.options == before
    p = await env.click(env.alice, lobby, sel, ["0"])  # the host, in range
    assert not p.ephemeral
    decl = {o.key: o for o in table.variant.options}
    assert table.options[key] == decl[key].choices[0]
    stored = await env.bot.db.table(table.id)
    assert stored is not None and stored.options[key] == decl[key].choices[0]


async def test_start_with_too_few_players(env: Env) -> None:
    await env.cmd(env.alice, "table create", variant=MAIN)
    p = await env.cmd(env.alice, "table start")
    assert p.ephemeral and "人数不够" in p.text()
    assert env.table().status == "lobby"
    await env.cmd(env.bob, "table join")
    p = await env.cmd(env.bob, "table start")
    assert p.ephemeral and "房主" in p.text()
    while len(env.table().seats) < env.table().seat_count:
        await env.cmd(env.alice, "table ai")
    p = await env.cmd(env.carol, "table join")
    assert p.ephemeral and "已满" in p.text()


async def test_one_table_per_channel(env: Env) -> None:
    await env.cmd(env.alice, "table create", variant=MAIN)
    p = await env.cmd(env.bob, "table create", variant=MAIN)
    assert p.ephemeral and "已有牌桌" in p.text()
    other = env.world.add_channel(env.guild, "第二桌")
    p = await env.cmd(env.bob, "table create", channel=other, variant=MAIN)
    assert not p.ephemeral
    assert env.table(other).id != env.table().id


async def test_malformed_calc(env: Env) -> None:
    for text in ["{not json", "[1, 2]", "", '{"hand": 5}', "完全不是牌 ???"]:
        p = await env.cmd(env.alice, "calc", variant=MAIN, hand=text)
        assert p.ephemeral and "无法计算" in p.text(), (text, p.text())
    bad_fields = [{"melds": "碰"}, {"melds": "碰一一"}, {"flags": "大风"}, {"options": "chongtun"},
                  {"options": "chongtun=9"}, {"win": "一", "melds": "提一 碰一"}]
    for extra in bad_fields:
        fields: dict[str, Any] = {"win": "四", **extra}
        p = await env.cmd(env.alice, "calc", variant="paohuzi", hand="一二三", **fields)
        assert p.ephemeral and "无法计算" in p.text(), (extra, p.text())


async def test_calc_scores_a_typed_hand(env: Env) -> None:
    # Fixed: 偎壹 6 + 提肆 12 + 跑三 6 + 跑九 6 = 30; loose 贰柒拾 6 + 柒捌玖 0 + 将二二 → 36 胡息.
    # 囤 = 1 + (36 − 15) // 3 = 8; 6 red cards, no 名堂 → 番 1 → 8 from each loser.
    p = await env.cmd(env.alice, "calc", variant="paohuzi", hand="二贰柒柒捌玖拾", win="二",
                      source="other_draw", melds="偎壹 提肆 跑三 跑九")
    assert p.ephemeral  # the asker's own answer unless he shares it
    assert "能胡" in p.text() and "胡息：36" in p.text() and "得分：8" in p.text(), p.text()
    p = await env.cmd(env.alice, "calc", variant="paohuzi", hand="二贰柒柒捌玖拾", win="二",
                      source="discard", melds="偎壹 提肆 跑三 跑九")
    assert "不能胡" in p.text()  # 跑胡子 never wins a discard


async def test_dms_closed_game_goes_on(env: Env, rng) -> None:
    await env.open_table(MAIN, [env.alice, env.closed], f"bot.seed=5 {short(MAIN)}")
    notes = [m for m in env.world.channel_messages(env.channel) if "无法给你发私信" in m["content"]]
    assert len(notes) == 1 and f"<@{env.closed}>" in notes[0]["content"]
    assert env.world.latest_dm(env.closed) is None
    clicks = await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.closed], rng)
    assert clicks > 0 and env.table() is None
    # the private panel went as an ephemeral reply, never as a channel message
    for call in env.world.public_calls():
        assert "手牌**（" not in str(call.body)
    p = await env.cmd(env.outsider, "table hand")
    assert p.ephemeral
