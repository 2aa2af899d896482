"""A stored hand's result is complete: its in-hand payments, typed wins and the next dealer go with it."""

from __future__ import annotations

import json
import random

import pytest

from engine.outcome import Outcome, Termination
from fake_discord import playing

from .conftest import Env, short

# The storage behind the bot: every test here runs on SQLite and on PostgreSQL (tests/conftest.py).
pytestmark = pytest.mark.both_backends


async def test_stored_hand_result_carries_ledger_wins_and_next_dealer(env: Env) -> None:
    players = [env.alice, env.bob]
    table = await env.open_table("paohuzi", players, f"bot.seed=3 {short('paohuzi', 3)}")
    await playing.play_match(env.world, env.bot, env.channel, players, random.Random(2))
    rows = [(r["hand_no"], r["dealer"], json.loads(r["result"])) for r in await env.bot.db.fetch(
        "SELECT hand_no, dealer, result FROM hands WHERE table_id = ? ORDER BY hand_no", (table.id,))]
    assert len(rows) >= 2 and all(res is not None for _, _, res in rows)
    for (_, _, res), (_, next_dealer, _) in zip(rows, rows[1:], strict=False):
        assert res["next_dealer"] == next_dealer  # who actually dealt the following hand
    for _, _, res in rows:
        assert res["ledger"] == []  # 字牌 moves no money during a hand
        assert {"winners", "deltas", "draw", "detail", "hand_no", "outcome"} <= res.keys()
        assert [w["seat"] for w in res["wins"]] == res["winners"]
        # the hand as typed data: its winners agree with the wins, their value with the calculator's score
        told = Outcome.from_json(res["outcome"])
        assert told.termination is (Termination.DRAW if res["draw"] else Termination.WIN)
        assert [w.seat for w in told.winners] == res["winners"]
        for w, won in zip(res["wins"], told.winners, strict=True):
            assert (w["card"], w["from_seat"], w["value"]) == (won.card, won.from_seat, res["detail"]["score"])
            assert won.value == res["detail"]["score"] and won.steps
