"""Issue 20 through the fake Discord edge: deal commitments on the table message and their reveal, share codes
(/replay, /history, /verify; only after the hand has ended, only in its own server, across restarts, on both
backends), ratings equal to openskill's own numbers and to a rebuild, seasons opened and closed by admins only,
/rank and /leaderboard by rating or points."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from openskill.models import PlackettLuce

from engine.fairness import commitment
from fake_discord import playing
from fake_discord.gateway import UserOption
from fake_discord.layout import texts
from storage.ratings import Ladder, cli, ladder_points, ruleset_of

from .conftest import Env, short

VARIANT = "paohuzi"  # three seats: two humans and an AI


def footer(payload: dict[str, Any]) -> str:
    """The small print: an embed's footer (the replay), or a V2 message's ``-#`` lines (the table message)."""
    small = [line for t in texts(payload.get("components")) for line in t.split("\n") if line.startswith("-# ")]
    return " ".join([*(str((e.get("footer") or {}).get("text", "")) for e in payload.get("embeds", [])), *small])


async def play(env: Env, humans: list[int], rng: random.Random, seed: int) -> Any:
    table = await env.open_table(VARIANT, humans, f"bot.seed={seed} {short(VARIANT)}")
    await playing.play_match(env.world, env.bot, env.channel, humans, rng)
    return table


async def final_scores(env: Env, table_id: int) -> dict[int, int]:
    """Each human's final score as the hands stored it (the running totals, with a race's match settlement)."""
    rows = await env.bot.db.fetch(
        "SELECT hs.user_id, SUM(hs.delta) FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
        " WHERE h.table_id = ? AND hs.user_id IS NOT NULL GROUP BY hs.user_id", (table_id,))
    return {int(r[0]): int(r[1]) for r in rows}


@pytest.mark.both_backends
async def test_commitment_codes_and_verification(env: Env, rng: random.Random) -> None:
    table = await env.open_table(VARIANT, [env.alice, env.bob], f"bot.seed=5 {short(VARIANT)}")
    hand = await env.bot.db.hand(table.hand_id)
    assert hand is not None and hand["settled_at"] is None
    # the table message shows the commitment of this very seed and the secret salt, and nothing of the salt
    assert table.commitment == hand["commitment"] == commitment(VARIANT, int(hand["seed"]), hand["salt"])
    mid = env.bot.service.delivery.hand_message(table)
    assert mid is not None
    shown = env.world.messages[mid]
    assert hand["commitment"] in footer(shown) and "发牌承诺" in footer(shown)
    assert not any(hand["salt"] in json.dumps(c.body) for c in env.world.public_calls())
    code = hand["code"]
    assert len(code) == 6 and not set(code) & set("0O1IL")
    # nothing of a hand before it has ended: not by its code, not by its id, not its deal
    for cmd, kw in (("replay", {"code": code}), ("verify", {"code": code}), ("history", {"hand": hand["id"]})):
        p = await env.cmd(env.carol, cmd, **kw)
        assert p.ephemeral and "还没有结束" in p.text(), (cmd, p.text())

    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    # /history lists the hand with its players, variant, result and code
    p = await env.cmd(env.carol, "history")
    assert code in p.text() and "跑胡子" in p.text() and "alice" in p.text() and "bob" in p.text()
    # anyone of the server opens the replay by its code, in any case; its last step reveals seed and salt
    p = await env.cmd(env.carol, "replay", code=code.lower())
    assert p.ephemeral and "回放" in p.text() and "第 0/" in p.text() and p.message_id is not None
    end = [c["custom_id"] for c in env.world.components_of(p.message_id) if "结尾" in c.get("label", "")][0]
    p = await env.click(env.carol, p.message_id, end)
    revealed = " ".join(footer(r) for r in p.replies)
    assert f"种子 {hand['seed']}" in revealed and hand["salt"] in revealed and code in revealed
    # /verify recomputes the deal from the stored seed and salt
    p = await env.cmd(env.carol, "verify", code=code)
    assert p.ephemeral and "✅" in p.text() and hand["salt"] in p.text()
    record = json.loads(p.text().split("```json", 1)[1].split("```", 1)[0])
    assert record["commitment"] == hand["commitment"] and record["seed"] == int(hand["seed"])

    # a code from another server is refused, privately, as one that does not exist; a malformed one too
    other = env.world.add_guild("别的服务器", env.outsider)
    env.world.add_member(other, env.outsider)
    elsewhere = env.world.add_channel(other, "大厅")
    p = await env.cmd(env.outsider, "replay", channel=elsewhere, code=code)
    assert p.ephemeral and "找不到分享码" in p.text() and "回放" not in p.text()
    p = await env.cmd(env.outsider, "verify", channel=elsewhere, code=code)
    assert p.ephemeral and "找不到分享码" in p.text()
    p = await env.cmd(env.carol, "replay", code="I0L1O!")
    assert p.ephemeral and "无效" in p.text()

    # codes survive a restart (a new client and database connection)
    await env.restart()
    p = await env.cmd(env.bob, "replay", code=code)
    assert p.ephemeral and "回放" in p.text()

    # one card of the stored wall changed: verification fails
    wall = json.loads(hand["wall"])
    wall[0] = next(c for c in wall if c != wall[0])
    await env.bot.db.execute("UPDATE hands SET wall = ? WHERE id = ?", (json.dumps(wall), hand["id"]))
    p = await env.cmd(env.carol, "verify", code=code)
    assert p.ephemeral and "❌" in p.text() and "✅" not in p.text()


@pytest.mark.both_backends
async def test_ratings_are_openskills_and_a_rebuild_gives_them_again(env: Env, rng: random.Random) -> None:
    model = PlackettLuce()
    expected = {env.alice: model.rating(), env.bob: model.rating()}
    for seed in (3, 4):
        table = await play(env, [env.alice, env.bob], rng, seed)
        scores = await final_scores(env, table.id)
        users = sorted(scores)
        ranks = [1.0 + sum(scores[o] > scores[u] for o in users) for u in users]
        new = model.rate([[expected[u]] for u in users], ranks=ranks)
        expected.update({u: team[0] for u, team in zip(users, new, strict=True)})
    ruleset = ruleset_of(VARIANT, table.match.options)
    live = await Ladder(env.bot.db).all_ratings()
    assert [(r[3], r[4], r[5], r[6]) for r in live] == [
        (u, pytest.approx(expected[u].mu, abs=1e-9), pytest.approx(expected[u].sigma, abs=1e-9), 2)
        for u in sorted(expected)]
    assert {(r[0], r[1], r[2]) for r in live} == {(env.guild, 0, ruleset)}
    # a match with one human is not rated; AI seats never are
    await play(env, [env.carol], rng, 6)
    assert await Ladder(env.bot.db).all_ratings() == live
    # the command recomputes every rating from the stored matches: the same numbers
    assert await cli(["rebuild", "--url", env.db_url]) == 0
    assert await Ladder(env.bot.db).all_ratings() == live

    # a crash between a match's settlement and its ratings: the next start applies what is pending
    await env.bot.db.execute("DELETE FROM rating_changes")
    await env.bot.db.execute("DELETE FROM ratings")
    await env.bot.db.execute("UPDATE rated_matches SET rated = 0")
    await env.restart()
    assert await Ladder(env.bot.db).all_ratings() == live

    # /rank: points, tier (定级赛 until five matches), recent form; /leaderboard by rating and by points
    p = await env.cmd(env.carol, "rank", player=UserOption(env.alice))
    points = ladder_points(expected[env.alice].mu, expected[env.alice].sigma)
    assert p.ephemeral and f"{points} 分" in p.text() and "定级赛 2/5" in p.text() and "近况" in p.text()
    p = await env.cmd(env.carol, "rank")
    assert p.ephemeral and "还没有计分的比赛" in p.text()
    p = await env.cmd(env.carol, "leaderboard", by="rating")
    assert "全部玩法 段位榜 · 总榜" in p.text() and str(env.alice) in p.text() and str(env.carol) not in p.text()
    p = await env.cmd(env.carol, "leaderboard")
    assert "全部玩法 排行榜" in p.text() and str(env.carol) in p.text()
    p = await env.cmd(env.carol, "leaderboard", variant=VARIANT, by="rating")
    assert "跑胡子 段位榜" in p.text() and str(env.bob) in p.text()


async def test_seasons_by_admins_only(env: Env, rng: random.Random) -> None:
    for user in (env.alice, env.bob):
        p = await env.cmd(user, "season start")
        assert p.ephemeral and "管理服务器" in p.text()
    p = await env.cmd(env.mod, "season end")
    assert p.ephemeral and "没有进行中的赛季" in p.text()
    reader = env.world.add_user("eve", locale="en-US")  # the refusal in the reader's language, through the catalogue
    env.world.add_member(env.guild, reader)
    p = await env.cmd(reader, "season start")
    assert p.ephemeral and "Only admins with the Manage Server permission" in p.text()
    p = await env.cmd(env.mod, "season start")
    assert not p.ephemeral and "第 1 赛季开始" in p.text()
    p = await env.cmd(env.mod, "season start")
    assert p.ephemeral and "还在进行中" in p.text()
    await play(env, [env.alice, env.bob], rng, 8)
    ladder = Ladder(env.bot.db)
    ratings = await ladder.all_ratings()
    assert {r[1] for r in ratings} == {0, 1}  # all-time and the season's own ladder
    season_rows = sorted((r[3], r[4], r[5]) for r in ratings if r[1] == 1)
    assert season_rows == sorted((r[3], r[4], r[5]) for r in ratings if r[1] == 0)  # both started afresh
    p = await env.cmd(env.alice, "rank")
    assert "第 1 赛季" in p.text() and "总榜" in p.text()
    p = await env.cmd(env.bob, "season end")
    assert p.ephemeral and "管理服务器" in p.text()
    p = await env.cmd(env.bob, "season table", number=1)
    assert p.ephemeral and "还在进行中" in p.text()
    p = await env.cmd(env.mod, "season end")
    assert not p.ephemeral and "第 1 赛季 · 最终排名" in p.text() and str(env.alice) in p.text()
    # the final table is kept: a match after the season changes the all-time ladder only
    await play(env, [env.alice, env.bob], rng, 9)
    p = await env.cmd(env.bob, "season table", number=1)
    assert p.ephemeral and str(env.alice) in p.text() and str(env.bob) in p.text()
    standing = await ladder.standings(env.guild, 1)
    assert sorted((r["user_id"], r["mu"], r["sigma"]) for r in standing) == season_rows
    assert {r[1] for r in await ladder.all_ratings() if r[6] == 2} == {0}
    p = await env.cmd(env.bob, "season table", number=2)
    assert p.ephemeral and "没有第 2 赛季" in p.text()
