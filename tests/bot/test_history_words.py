"""/stats, /history and the replay (回放) in each reader's language: results worded from the stored typed result
with the players' names (never the engine's zh-CN text with 座位N), counts in English singular and plural, no
simplified leftovers in zh-TW, and the replay's buttons and 长沙's 起手胡 step as the table message says them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.families.mahjong.words import tile_word
from bot.families.zipai.words import faces
from bot.i18n import Lang, speaking, tr
from bot.service.table import Seat, Table
from engine.match import Match
from engine.registry import get_variant
from fake_discord import UserOption, playing

from .conftest import Env, short
from .test_i18n_table import english_terms, loose_chinese_in_english, simplified_in_traditional

# alice reads English, bob traditional Chinese, carol simplified (tests/bot/test_languages.py's world)
READERS: tuple[tuple[str, Lang], ...] = (("alice", "en"), ("bob", "zh-TW"), ("carol", "zh-CN"))


def opening_win_seed(variant: str) -> int:
    """A table seed (``bot.seed``) whose first hand opens with a 长沙 起手胡 question: the first hand's seed is
    the table's times 1,000,003 (bot/service/table.py ``hand_seed``)."""
    options = {o.key: o.default for o in get_variant(variant).options}
    for base in range(200):
        game = Match(variant, options).new_hand(base * 1_000_003)
        if getattr(game, "window_kind", "") == "qishou":
            return base
    raise AssertionError("no 起手胡 in 200 deals")


async def play_one_hand(env: Env, variant: str, seed: int) -> dict[str, Any]:
    """carol and the AI play one hand to its end; returns the hand as stored (its typed result)."""
    await env.open_table(variant, [env.carol], f"bot.seed={seed} bot.pictures=off {short(variant)}")
    await playing.play_match(env.world, env.bot, env.channel, [env.carol], random.Random(seed))
    rows = await env.bot.db.history(env.channel)
    assert len(rows) == 1
    hand = await env.bot.db.hand(rows[0]["id"])
    assert hand is not None and hand["result"]
    return hand


def seat_labels(env: Env, hand: dict[str, Any], lang: Lang) -> list[str]:
    """Every seat of the hand's table as the reader says it (「2號 bob」, "Seat 4 Bot 1")."""
    row = env.bot.service.tables.get(hand["table_id"])
    seats = row.seats if row is not None else []
    names = Table(hand["table_id"], 0, 0, 0, hand["variant_id"], {}, {}, "ended",
                  [Seat(s.user_id, s.name) for s in seats])
    with speaking(lang):
        return [names.seat_label(i) for i in range(len(seats))]


def expected_words(env: Env, hand: dict[str, Any], lang: Lang) -> list[str]:
    """What the result line must name, read off the stored typed result: each winner, the winning card and the
    seat whose card it was."""
    labels = seat_labels(env, hand, lang)
    result = hand["result"]
    words = []
    for win in result["wins"]:
        words.append(labels[win["seat"]])
        if win["from_seat"] is not None and win["from_seat"] != win["seat"]:
            words.append(labels[win["from_seat"]])
        if win["card"]:
            with speaking(lang):
                words.append(tile_word(win["card"]) if hand["variant_id"] in ("changsha", "hongzhong", "tuidaohu")
                             else faces(win["card"]))
    if not result["wins"]:
        with speaking(lang):
            words.append(tr("荒庄") if hand["variant_id"] in ("changsha", "hongzhong", "tuidaohu") else tr("黄庄"))
    return words


def reads_in(text: str, lang: Lang) -> None:
    """English keeps only game terms in Chinese and writes its own colons; zh-TW has no simplified leftover; no
    language shows the engine's 座位N."""
    assert "座位" not in text, text
    if lang == "en":
        assert loose_chinese_in_english(text, english_terms()) == [], text
        assert "：" not in text, text
    if lang == "zh-TW":
        assert simplified_in_traditional(text) == [], text


@pytest.mark.parametrize("variant", ["changsha", "paohuzi", "paodekuai"])
async def test_stats_and_history_word_results_with_names_in_each_language(readers: Env, variant: str) -> None:
    env = readers
    hand = await play_one_hand(env, variant, 3)
    for user, lang in READERS:
        labels = seat_labels(env, hand, lang)
        words = expected_words(env, hand, lang)
        p = await env.cmd(getattr(env, user), "stats", player=UserOption(env.carol))
        stats = p.text()
        assert p.ephemeral
        reads_in(stats, lang)
        assert all(w in stats for w in words), (words, stats)
        if lang == "en":
            assert "1 hand ·" in stats and "1 hands" not in stats and "Best: " in stats
        p = await env.cmd(getattr(env, user), "history")
        history = p.text()
        assert p.ephemeral
        reads_in(history, lang)
        assert all(w in history for w in words), (words, history)
        # every player at the table by name, with what the hand brought them
        for label, delta in zip(labels, hand["result"]["deltas"], strict=True):
            assert f"{label} {delta:+d}" in history, (label, history)


def _replay_buttons(env: Env, message_id: int) -> list[dict[str, Any]]:
    controls = env.world.components_of(message_id)
    ids = [c["custom_id"] for c in controls]
    assert len(ids) == len(set(ids)), ids  # Discord refuses a message with two controls of one id
    buttons = [c for c in controls if c["type"] == 2]
    assert len(buttons) == 6, buttons  # by turn (first, previous, next, last) and by step (back, next)
    return buttons


async def test_replay_steps_in_each_language(readers: Env) -> None:
    env = readers
    hand = await play_one_hand(env, "changsha", opening_win_seed("changsha"))
    for user, lang in READERS:
        uid = getattr(env, user)
        with speaking(lang):
            asked, claims = tr("等待玩家表态（起手胡）"), tr("等待玩家表态（吃/碰/杠/胡）")
            back, forward, end = tr("◀ 上一步"), tr("下一步 ▶"), tr("结尾 ⏭")
            settled = tr("结算")
        p = await env.cmd(uid, "history", hand=hand["id"])
        assert p.ephemeral
        first, replay = p.text(), p.message_id
        assert replay is not None  # each step edits this message
        # step 0 is the 起手胡 question: one seat is asked, and after the end the replay says who and what
        assert asked in first and claims not in first, first
        reads_in(first, lang)
        buttons = {b["label"]: b for b in _replay_buttons(env, replay)}
        assert buttons[back]["disabled"] and not buttons[forward]["disabled"] and not buttons[end]["disabled"]
        # every step in the reader's language, seats by name: the engine's lines, the windows, the hands
        steps = 0
        while not buttons[forward]["disabled"]:
            p = await env.click(uid, replay, buttons[forward]["custom_id"])
            reads_in(p.text(), lang)
            buttons = {b["label"]: b for b in _replay_buttons(env, replay)}
            assert not buttons[back]["disabled"]
            steps += 1
        assert steps > 10
        last = p.text()
        assert settled in last
        assert all(w in last for w in expected_words(env, hand, lang)), last
        assert buttons[forward]["disabled"] and buttons[end]["disabled"]
        p = await env.click(uid, replay, buttons[back]["custom_id"])
        reads_in(p.text(), lang)


async def test_the_table_message_says_which_step_asks_one_seat(readers: Env) -> None:
    """The live table message at a 长沙 起手胡 question words it as the replay does, never as a claim window."""
    env = readers
    await env.open_table("changsha", [env.carol], f"bot.seed={opening_win_seed('changsha')} bot.pictures=off hands=1")
    body = json.dumps([c.body for c in env.world.public_calls()][-3:], ensure_ascii=False)
    assert "等待玩家表态（起手胡）" in body and "等待玩家表态（吃/碰/杠/胡）" not in body
