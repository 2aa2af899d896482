"""Issue 20's replay viewer through the fake Discord edge: one whole hand of each family replayed step by step after
it ended, every seat's hand face up at every step checked against the engine replaying the stored log on its own,
the wall's draws and each claim window's asked seats with their options and answers, jumps by step, by turn and
through the select of turns, the controls disabled where nothing precedes or follows, nothing before the end,
stale and foreign clicks refused privately, codes across a restart, on both backends."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from bot.engine_words import named
from bot.i18n import marked, speaking, tr
from bot.present.registry import presenter_for
from bot.present.replay import step_lines
from bot.service.table import Seat, Table
from engine.match import Match
from engine.replay import record
from engine.views import Phase
from fake_discord import playing

from ..test_replay_record import gangpao_hand
from .conftest import Env, short
from .test_history_words import READERS, play_one_hand, reads_in

FAMILIES = ("changsha", "paohuzi", "paodekuai")


def embeds_of(env: Env, mid: int) -> list[dict[str, Any]]:
    return list(env.world.messages[mid].get("embeds", []))


def shown(env: Env, mid: int) -> list[str]:
    """The replay message's lines (every embed's description)."""
    return [line for e in embeds_of(env, mid) for line in str(e.get("description", "")).split("\n")]


def at_step(env: Env, mid: int) -> int:
    """The step the replay message shows (its first line: 第 t/T 轮 · 第 s/S 步)."""
    found = re.search(r"· 第 (\d+)/\d+ 步", shown(env, mid)[0])
    assert found is not None, shown(env, mid)[:2]
    return int(found[1])


def controls(env: Env, mid: int) -> dict[str, dict[str, Any]]:
    """The replay's buttons by label and its select (under ``"select"``)."""
    out = {}
    for c in env.world.components_of(mid):
        out["select" if c["type"] == 3 else c["label"]] = c
    return out


async def click_as_seen(env: Env, user: int, mid: int, custom_id: str, values: list[str] | None) -> Any:
    """A click on a control the replay message carried in a form it no longer has (an old or forged id): the
    message as the clicker saw it carries that control."""
    seen = copy.deepcopy(env.world.messages[mid])
    kind = 3 if values is not None else 2
    for row in seen["components"]:
        for c in row["components"]:
            if c["type"] == kind:
                c["custom_id"] = custom_id
                break
    return await playing.click(env.world, env.bot, user, mid, custom_id, values, message=seen)


def within_discord_limits(env: Env, mid: int) -> None:
    message = env.world.messages[mid]
    embeds = message.get("embeds", [])
    assert len(message.get("components", [])) <= 5
    assert all(len(e.get("description", "")) <= 4096 for e in embeds)
    assert sum(len(e.get("title", "")) + len(e.get("description", "")) + len((e.get("footer") or {}).get("text", ""))
               for e in embeds) <= 6000
    for c in env.world.components_of(mid):
        if c["type"] == 3:
            assert 1 <= len(c["options"]) <= 25 and len({o["value"] for o in c["options"]}) == len(c["options"])
    ids = [c["custom_id"] for c in env.world.components_of(mid)]
    assert len(ids) == len(set(ids))  # Discord refuses two controls of one id


@pytest.mark.both_backends
@pytest.mark.parametrize("variant", FAMILIES)
async def test_a_whole_replay_of_each_family(env: Env, variant: str) -> None:
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=3 bot.pictures=off {short(variant)}")
    hand_id, seats = table.hand_id, len(table.seats)
    hand = await env.bot.db.hand(hand_id)
    assert hand is not None
    code = hand["code"]
    # nothing before the end: not to a player of this table, not to anyone else, by id or by code
    for user in (env.alice, env.carol):
        for cmd, kw in (("replay", {"code": code}), ("history", {"hand": hand_id})):
            p = await env.cmd(user, cmd, **kw)
            assert p.ephemeral and "还没有结束" in p.text() and "手牌" not in p.text(), p.text()
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(3))
    row = await env.bot.db.table(table.id)
    assert row is not None
    [stored] = [h for h in row.hands if h.id == hand_id]
    names = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.variant_id, row.options, row.bot_options,
                  row.status, [Seat(s.user_id, s.name) for s in row.seats])
    labels = [names.seat_label(s) for s in range(seats)]
    presenter = presenter_for(table.variant.family)

    p = await env.cmd(env.carol, "replay", code=code)
    mid = p.message_id
    assert p.ephemeral and mid is not None
    found = re.search(r"· 第 0/(\d+) 步", shown(env, mid)[0])
    assert found is not None, shown(env, mid)[:2]
    last = int(found[1])
    # every step, forward one by one: its lines, and the step controls disabled where nothing precedes or follows
    pages: list[list[str]] = []
    for at in range(last + 1):
        lines = shown(env, mid)
        within_discord_limits(env, mid)
        assert f"· 第 {at}/{last} 步" in lines[0], lines[:3]
        buttons = controls(env, mid)
        for label in ("⏮ 开头", "⏪ 上一轮", "◀ 上一步"):
            assert buttons[label].get("disabled", False) == (at == 0), (at, label)
        for label in ("下一步 ▶", "下一轮 ⏩", "结尾 ⏭"):
            assert buttons[label].get("disabled", False) == (at == last), (at, label)
        pages.append(lines)
        if at < last:
            p = await env.click(env.carol, mid, buttons["下一步 ▶"]["custom_id"])
            assert not p.text().startswith("⚠️"), p.text()

    def moved(lines: list[str]) -> bool:
        """A step of an action (**who**：what); the others are the deal and draws told as steps of their own."""
        return lines[1].startswith("**")

    # the engine on its own: the stored seed and actions replayed here, every seat's own view after each action
    game = Match(row.variant_id, row.options, row.first_dealer).new_hand(stored.seed)
    actions = iter(stored.actions)
    answered = drawn = moves = 0
    wall = game.public_view().wall
    shown_drawn = 0
    for at, lines in enumerate(pages):
        if at and moved(lines):
            action = next(actions)
            seat, code_ = action.seat, action.code
            asked = game.to_act() if game.public_view().phase in (Phase.CLAIM, Phase.ASK) else []
            with speaking("zh-CN"):
                options = {s: marked("、").join(named(game.name_action(a)) for a in game.legal_actions(s))
                           for s in asked}
                answer = named(game.name_action(game.parse_action(code_)))
            wall = game.public_view().wall
            game.apply(seat, code_)
            moves += 1
            shown_drawn = 0
            # who was asked what in the window and what they answered: every seat asked, the answer of this one
            for s in asked:
                prefix = f"　{labels[s]}：可选 {options[s]} → "
                assert any(line.startswith(prefix) for line in lines), (at, prefix, lines)
            if asked:
                assert f"　{labels[seat]}：可选 {options[seat]} → {answer}" in lines, (at, lines)
                answered += 1
            # an action's step shows only its mover's draws: another seat's draw opens a step (and a turn) of its own
            assert all(line.startswith(f"› {labels[seat]} 从牌墙摸到") for line in lines if "从牌墙摸到" in line), \
                (at, lines)
        elif at:
            assert moves, (at, lines)  # a draw is told after the action whose step drew it
            assert sum("从牌墙摸到" in line for line in lines), (at, lines)
        shown_drawn += sum("从牌墙摸到" in line for line in lines)
        if at < last and moved(pages[at + 1]) or at == last:
            # the action's last step: every seat's hand face up under its name, as the engine has it now
            for s in range(seats):
                with speaking("zh-CN"):
                    hand_line = "　手牌：" + presenter.hand_text(game.view(s).hand)
                assert any(a.startswith(f"**{labels[s]}**") and b == hand_line
                           for a, b in zip(lines, lines[1:], strict=False)), (at, labels[s], hand_line, lines)
            left = game.public_view().wall
            if at and wall is not None and left is not None and not game.finished:
                # every card that left the wall in the action is shown drawn, and nothing else
                n = wall - left
                assert shown_drawn == n, (at, lines)
                drawn += n
    assert moves == len(stored.actions)
    assert game.finished
    if variant != "paodekuai":
        assert answered and drawn, (answered, drawn)  # windows and draws were shown, not only checked absent
    # the last step: the settlement with its derivation in an embed of its own, the deal revealed
    text = "\n".join(shown(env, mid))
    assert "结算" in [e.get("title") for e in embeds_of(env, mid)]
    assert f"种子 {hand['seed']}" in (embeds_of(env, mid)[-1].get("footer") or {}).get("text", "")
    assert game.result is not None
    with speaking("zh-CN"):
        assert presenter.settlement_body(names, game.result, 0).lines[0] in text

    # jumps: 开头, then by turn forward through every turn, and back
    buttons = controls(env, mid)
    await env.click(env.carol, mid, buttons["⏮ 开头"]["custom_id"])
    assert at_step(env, mid) == 0
    starts, listed = [], set()
    while True:
        buttons = controls(env, mid)
        select = buttons.get("select")
        assert select is not None
        chosen = [o for o in select["options"] if o.get("default")]
        assert len(chosen) == 1 and int(chosen[0]["value"]) <= at_step(env, mid)  # the turn shown is chosen
        listed |= {int(o["value"]) for o in select["options"]}
        if buttons["下一轮 ⏩"].get("disabled"):
            break
        await env.click(env.carol, mid, buttons["下一轮 ⏩"]["custom_id"])
        starts.append(at_step(env, mid))
    assert starts == sorted(starts) and starts[-1] == last and len(starts) >= 2
    assert set(starts[:-1]) <= listed  # every turn can be chosen in the select, page by page
    # a turn chosen in the select: the step it begins at
    buttons = controls(env, mid)
    options = buttons["select"]["options"]
    target = options[len(options) // 2]
    p = await env.click(env.carol, mid, buttons["select"]["custom_id"], values=[target["value"]])
    assert at_step(env, mid) == int(target["value"]), p.text()
    assert [o["value"] for o in controls(env, mid)["select"]["options"] if o.get("default")] == [target["value"]]
    # one step on, 上一轮 goes back to where that turn began
    await env.click(env.carol, mid, controls(env, mid)["下一步 ▶"]["custom_id"])
    assert at_step(env, mid) == int(target["value"]) + 1
    await env.click(env.carol, mid, controls(env, mid)["⏪ 上一轮"]["custom_id"])
    assert at_step(env, mid) == int(target["value"])

    # a stale click (a step this hand does not have) and a click from another server: private errors in Chinese
    for custom_id, values in ((f"ht:rp:{hand_id}:{last + 5}:n", None), (f"ht:rs:{hand_id}:0", ["x"])):
        p = await click_as_seen(env, env.carol, mid, custom_id, values)
        assert p.ephemeral and "没有第" in p.text() and "什么也没有改变" in p.text(), p.text()
        assert at_step(env, mid) == int(target["value"])  # the replay unchanged
    other = env.world.add_guild("别的服务器", env.outsider)
    env.world.add_member(other, env.outsider)
    elsewhere = env.world.add_channel(other, "大厅")
    p = await env.cmd(env.outsider, "replay", channel=elsewhere, code=code)
    assert p.ephemeral and "找不到分享码" in p.text() and "手牌" not in p.text()
    p = await env.cmd(env.outsider, "history", channel=elsewhere, hand=hand_id)
    assert p.ephemeral and "找不到牌局" in p.text() and "手牌" not in p.text()

    # across a restart: the old message's controls and the code still work
    await env.restart()
    p = await env.click(env.carol, mid, controls(env, mid)["⏮ 开头"]["custom_id"])
    assert at_step(env, mid) == 0, p.text()
    p = await env.cmd(env.bob, "replay", code=code)
    assert p.ephemeral and p.message_id is not None and at_step(env, p.message_id) == 0


@pytest.mark.parametrize("variant", ("paohuzi", "paodekuai"))
async def test_every_step_reads_in_each_language(readers: Env, variant: str) -> None:
    """Each step of a 字牌 and a 跑得快 hand in English, traditional and simplified Chinese: no simplified leftover
    in zh-TW, only game terms in Chinese in English, seats by name, within Discord's limits (the fake edge holds
    every payload to the OpenAPI spec)."""
    env = readers
    hand = await play_one_hand(env, variant, 3)
    for user, lang in READERS:
        uid = getattr(env, user)
        with speaking(lang):
            forward, settled = tr("下一步 ▶"), tr("结算")
        p = await env.cmd(uid, "replay", code=hand["code"])
        mid = p.message_id
        assert p.ephemeral and mid is not None
        steps = 0
        while True:
            reads_in(p.text(), lang)
            within_discord_limits(env, mid)
            button = next(c for c in env.world.components_of(mid) if c.get("label") == forward)
            if button.get("disabled"):
                break
            p = await env.click(uid, mid, button["custom_id"])
            steps += 1
        assert steps > 5 and settled in [e.get("title") for e in embeds_of(env, mid)]


def test_a_changsha_kong_window_reads_both_tiles_and_the_tile_each_seat_was_asked_on() -> None:
    """After a 开杠 both tiles go out together: the replay's window names both, and each seat asked with the tile
    it could 胡 (seat 1 the 1s, seat 2 the 8m) and its answer, in each language."""
    game, log = gangpao_hand()
    replay = record(game, log)
    table = Table(7, 1, 1, 1, "changsha", game.options, {}, "ended",
                  [Seat(101 + i, name) for i, name in enumerate(("甲", "乙", "丙", "丁"))])
    [window] = [w for w in replay.windows if w.offer.cards]
    answered = next(i for i, s in enumerate(replay.steps) if s.answers == replay.windows.index(window)
                    and s.seat == 2)
    with speaking("zh-CN"):
        opened = step_lines(table, replay, window.opened)
        assert "**表态**：1号 甲 打出的杠牌 一条 八万" in opened, opened
        assert "　2号 乙（一条）：可选 胡、过 → （待表态）" in opened, opened
        assert "　3号 丙（八万）：可选 胡、过 → （待表态）" in opened, opened
        closed = step_lines(table, replay, answered)
        assert "　2号 乙（一条）：可选 胡、过 → 过" in closed and "　3号 丙（八万）：可选 胡、过 → 胡" in closed, closed
    with speaking("en"):
        english = "\n".join(step_lines(table, replay, answered))
    with speaking("zh-TW"):
        traditional = "\n".join(step_lines(table, replay, answered))
    assert "kong tiles 一条 八万 discarded by Seat 1 甲" in english and "Seat 2 乙 (on 一条): could" in english, english
    assert "（一條）" in traditional and "（八萬）" in traditional, traditional
