"""What players read: every channel and DM payload of whole matches is in the game's words (no ``None``, no
raw key, no pinyin code, no 0-based seat); the table message leads with 轮到 and the wall and stays short;
the DM hand is grouped as players hold it; settlements show each group's 胡息 and who pays whom."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from bot.families.zipai.words import BIG, RED, SMALL
from bot.present.table_message import public_lines, table_message
from fake_discord import playing
from fake_discord.layout import controls, media_urls, texts

from .conftest import VARIANTS, Env, short

USER_NAMES = ("alice", "bob", "carol", "mod", "closed", "outsider")
# markup players never read as words: timestamps, mentions, code spans (`/table join`)
MARKUP = re.compile(r"<t:\d+:[A-Za-z]>|<@!?\d+>|`[^`]*`")
LATIN = re.compile(r"[A-Za-z]{2,}")
# 跑得快 ranks as players write a play's cards (三带二 KKK+45, 飞机 JJJQQQ+35): letters, but no word
RANK_RUN = re.compile(r"(?<![A-Za-z])[JQKA0-9]*[JQKA][JQKA0-9]*(?=\+|$|\s|[（）])")
ZERO_SEAT = re.compile(r"(数醒|庄家|轮到|放炮)\**[：:]\s*\d+(?!号)")


def payload_texts(body: dict[str, Any]) -> list[str]:
    """Every string of a message body a player reads: content, embed parts, button and option labels."""
    out = [body.get("content") or ""]
    for e in body.get("embeds") or []:
        out += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or ""]
        out += [f.get(k) or "" for f in e.get("fields") or [] for k in ("name", "value")]
    out += texts(body.get("components"))
    for c in controls(body.get("components")):
        out += [c.get("label") or "", c.get("placeholder") or ""]
        out += [o.get("label") or "" for o in c.get("options") or []]
    return [t for t in out if t]


def reader_problems(text: str, seats: int) -> list[str]:
    problems = []
    if "None" in text or "null" in text:
        problems.append("None")
    plain = MARKUP.sub("", text)
    for name in USER_NAMES:
        plain = plain.replace(name, "")
    plain = RANK_RUN.sub("", plain)
    if LATIN.search(plain):
        problems.append(f"latin word {LATIN.search(plain)[0]!r}")  # type: ignore[index]
    if "座位" in plain or ZERO_SEAT.search(plain):
        problems.append("0-based seat")
    for n in re.findall(r"(\d+)号", plain):
        if not 1 <= int(n) <= seats:
            problems.append(f"seat {n}号 out of range")
    return problems


def all_bodies(env: Env) -> list[dict[str, Any]]:
    return [c.body for c in env.world.calls if c.body]


@pytest.mark.parametrize("variant", VARIANTS)
async def test_every_payload_reads_in_the_games_words(env: Env, variant: str) -> None:
    rng = random.Random(7)
    extra = " daniao=true" if variant == "fangpaofa" else ""
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=3 bot.timer=30 {short(variant, 2)}{extra}")
    seats = len(table.seats)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    assert table.hand_no, "no hand was played"
    checked = 0
    for body in all_bodies(env):
        for text in payload_texts(body):
            assert not reader_problems(text, seats), (reader_problems(text, seats), text[:600])
            checked += 1
    assert checked > 20
    # the sweep did see the kinds of text that used to leak (melds, settlements, 吃 choices)
    everything = "\n".join(t for b in all_bodies(env) for t in payload_texts(b))
    assert any(word in everything for word in ("胡了", "黄庄", "荒庄", "出完牌"))  # 跑得快: 出完牌，获胜
    assert "最终排名" in everything


def test_reader_check_catches_what_used_to_leak() -> None:
    # the old generic key dump, a pinyin meld, a raw arrangement, a 0-based 数醒, the English title
    for bad in ["**数醒**：None", "chouwei(五五五)", "组牌：jiang:二二 pao:一一一一", "**数醒**：3",
                "跑胡子（Paohuzi (Changde, 3 players)）", "**hand_sizes**", "5号 x"]:
        assert reader_problems(bad, 4), bad
    assert not reader_problems("**轮到**：1号 alice · ⏱ <t:1700000000:R>\n用 `/table join` 加入", 3)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "toy"])
async def test_table_message_leads_with_turn_and_wall_and_stays_short(env: Env, variant: str) -> None:
    rng = random.Random(11)
    table = await env.open_table(variant, [env.alice, env.bob], f"bot.seed=5 {short(variant, 1)}")
    seats = len(table.seats)
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    states = [playing.table_message_parts(b) for b in all_bodies(env) if playing.is_table_message(b)]
    assert len(states) > 5
    active = seats - (1 if variant == "bopi" and seats == 4 else 0)
    for title, lines, _ in states:
        assert "牌桌 #" in title and "局" in title
        d = "\n".join(lines)
        assert lines[0].startswith(("**轮到**：", "**本局结束**")), lines[0]
        assert lines[1].startswith(("底牌剩余", "牌墙剩余", "加锤：已选", "本轮：", "打鸟：已选")), d
        # ≤ 15 lines for 3 seats (a 4-seat table gets 3 more for its 4th block)
        assert len(lines) <= 15 + 3 * (seats - 3), d
        assert sum(1 for line in lines if line.startswith("**") and "号" in line.split("**")[1]) == seats
        assert active >= 3


async def test_countdown_and_claim_window_in_the_turn_line(env: Env) -> None:
    table = await env.open_table("paohuzi", [env.alice, env.bob], "bot.seed=2 hands=1")
    deadline = 1_800_000_123.7
    table.turn_deadline = deadline
    first = table_message(table).text().split("\n")[1]  # under the title
    assert first.startswith("**轮到**：") and "<t:1800000124:R>" in first  # rounded up: never shows less time than is left
    # during a claim window nobody is named: the public view then carries claims_pending and no to_act
    view = dataclasses.replace(table.game.public_view(), claims_pending=True, to_act=())
    turn = public_lines(table, view)[0]
    assert "等待玩家表态（吃/碰/胡）" in turn and "号" not in turn
    table.turn_deadline = None
    assert "<t:" not in table_message(table).text()


async def test_title_counts_hands_played_of_the_target(env: Env, rng: random.Random) -> None:
    table = await env.open_table("paohuzi", [env.alice, env.bob], "bot.seed=4 hands=2")
    assert "第 1/2 局" in table_message(table).text().split("\n")[0]
    await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], rng)
    titles = [playing.table_message_parts(b)[0] for b in all_bodies(env) if playing.is_table_message(b)]
    assert any("第 2/2 局" in t for t in titles)
    # a race (满胡) has no fixed count
    env2_titles = []
    await env.cmd(env.alice, "table end")
    table = await env.open_table("fangpaofa", [env.alice, env.bob], "bot.seed=4 target=10")
    env2_titles.append(table_message(table).text().split("\n")[0])
    assert re.search(r"第 1 局$", env2_titles[0]), env2_titles


def _strip_bold(token: str) -> tuple[str, bool, bool]:
    kan = token.startswith("「") and token.endswith("」")
    token = token.strip("「」")
    red = token.startswith("**") and token.endswith("**")
    return token.strip("*"), kan, red


async def test_dm_hand_grouped_by_rank_with_kan_and_red_marked(env: Env) -> None:
    seen_kan = seen_red = 0
    for seed in range(1, 6):
        table = await env.open_table("paohuzi", [env.alice, env.bob], f"bot.seed={seed} hands=1")
        for uid in (env.alice, env.bob):
            seat = table.seat_of(uid)
            held = list(table.game.view(seat).hand)
            panel = env.world.latest_dm(uid)
            assert panel is not None
            content = env.world.message_text(panel)
            line = next(ln for ln in content.split("\n") if ln.startswith("**手牌**"))
            tokens = line.split("：", 1)[1].split()
            ranks = []
            for tok in tokens:
                cards, kan, red = _strip_bold(tok)
                rank = {(SMALL + BIG).index(c) % 10 for c in cards}
                assert len(rank) == 1, tok  # one rank per group, 小 and 大 together
                ranks.append(rank.pop())
                assert red == (cards[0] in RED), tok
                assert kan == (len(cards) == 3 and len(set(cards)) == 1), tok
                if not kan:  # 小 before 大 within a group
                    assert list(cards) == sorted(cards, key=lambda c: c in BIG), tok
                seen_kan += kan
                seen_red += red
            assert ranks == sorted(ranks)
            assert sorted("".join(_strip_bold(t)[0] for t in tokens)) == sorted(held)
            # the others' melds and discards and the wall are in the DM too
            assert "底牌剩余" in content
            others = [i for i in range(len(table.seats)) if i != seat]
            assert all(table.seat_label(i) in content for i in others)
        await env.cmd(env.alice, "table end")
    assert seen_kan and seen_red


async def test_the_predeal_count_shows_and_no_choice(env: Env) -> None:
    """打鸟 chosen at once: the table sees how many chose, never what, until all have."""
    table = await env.open_table("fangpaofa", [env.alice, env.bob], "bot.seed=2 daniao=true target=10")
    view = table.game.public_view()
    assert view.phase == "choose" and view.stakes is None
    lines = public_lines(table, view)
    assert any(f"打鸟：已选 {view.choosing.chosen}/{view.choosing.of}" in line for line in lines)
    assert not any("打鸟：1号" in line or "打鸟：2号" in line for line in lines)


async def test_dead_cards_say_they_may_still_be_won(env: Env) -> None:
    """A 臭牌 may not be 吃/碰 again but may still be won (rules README: 过张/臭牌): the panel says so."""
    from bot.present.dm import dm_panel
    from engine.zipai.cards import parse_card

    table = await env.open_table("paohuzi", [env.alice, env.bob], "bot.seed=3 hands=1")
    seat = table.seat_of(env.alice)
    table.game.chou[seat].add(parse_card("五"))
    content = dm_panel(table, seat).text()
    assert "臭牌（不能再吃/碰，仍可胡）：五" in content


def drawn_table_words(view: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every word the channel's table picture of ``view`` draws, drawn afresh (not from the picture cache)."""
    from bot.families.zipai import pictures as table_picture
    from bot.pictures import table_inputs

    words: list[str] = []
    draw = table_picture.text

    def text(s: str, *args: Any) -> Any:
        words.append(s)
        return draw(s, *args)

    with monkeypatch.context() as m:
        m.setattr(table_picture, "text", text)
        table_picture.table_png(table_inputs(view.to_json()))
    return words


async def test_the_liang_is_a_card_of_its_own_only_until_its_window_closes(env: Env,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 17: the dealer's 亮张 is face up for everybody through 打鸟 and the 天胡/地胡 window; after it, it is a
    card of his hand. The status line and the picture's header named it all hand long; and the picture said 牌墙
    where the text says 底牌剩余."""
    from bot.families.zipai.words import faces
    from bot.i18n import speaking
    from bot.present import pictures

    table = await env.open_table("fangpaofa", [env.alice, env.bob], "bot.seed=2 daniao=true target=10")
    game = table.game
    view = game.public_view()
    assert view.phase == "choose" and view.liang is not None
    lines = table_message(table).text().split("\n")[1:]  # under the title
    assert lines[1] == f"底牌剩余 {view.wall} · 亮张 {faces(view.liang)}"
    words = drawn_table_words(view, monkeypatch)
    assert words[:2] == [f"底牌剩余 {view.wall}", "亮张"]
    for uid in (env.alice, env.bob):  # nobody 打鸟s: the 亮张 window follows, then the dealer plays
        mid = env.world.latest_dm(uid)
        assert mid is not None
        [skip] = [c for c in env.world.components_of(mid) if c.get("label") == "不打鸟"]
        await env.click(uid, mid, skip["custom_id"])
    view = game.public_view()
    assert view.phase != "choose" and not (game.window is not None and game.window_kind == "liang")
    assert view.liang is None
    message = env.world.messages[env.sent(table).hand_messages[table.hand_no]]
    _, lines, _ = playing.table_message_parts(message)
    status = [line for line in lines if not line.startswith("›")]  # not the log
    assert status[1].startswith(f"底牌剩余 {view.wall}") and "亮张" not in "\n".join(status)
    # the picture sent is the one of this view: it draws the 底牌 in the text's words, and no 亮张
    [shown] = [a["filename"] for a in message["attachments"] if a["url"] in media_urls(message["components"])]
    drawn = pictures.table_picture(view)
    assert drawn is not None and shown == drawn.filename
    words = drawn_table_words(view, monkeypatch)
    assert words[0] == f"底牌剩余 {view.wall}" and "亮张" not in words and not any("牌墙" in w for w in words)
    with speaking("en"):
        assert drawn_table_words(view, monkeypatch)[0] == f"Stock {view.wall}"
    with speaking("zh-TW"):
        assert drawn_table_words(view, monkeypatch)[0] == f"底牌剩餘 {view.wall}"
