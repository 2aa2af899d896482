"""``/calc`` as players meet it (issue 17 item 9): only the variants that have a calculator are offered, cards
that do not exist are named (in the reader's language) before anything else is judged, and the answer is the
asker's own unless he shares it with the channel."""

from __future__ import annotations

from typing import Any

from engine.registry import all_variants

from .conftest import Env

# 二贰柒柒捌玖拾 + 二 from another player's draw with 偎壹 提肆 跑三 跑九: 36 胡息, 8 囤, no 名堂 → 8 from each loser
# (the hand of tests/bot/test_bad_input.py).
SCORED: dict[str, Any] = {"variant": "paohuzi", "hand": "二贰柒柒捌玖拾", "win": "二", "source": "other_draw", "melds": "偎壹 提肆 跑三 跑九"}


def _option(command: dict[str, Any], name: str) -> dict[str, Any]:
    [option] = [o for o in command.get("options") or [] if o["name"] == name]
    return option


async def test_calc_offers_only_the_variants_that_have_a_calculator(readers: Env) -> None:
    """跑得快's spec has no calculator: /calc leaves it out, /table create and /rules keep it."""
    await readers.bot.tree.sync()
    put = readers.world.calls[-1]
    assert (put.method, put.path) == ("PUT", "/applications/{application_id}/commands")
    commands = {c["name"]: c for c in put.sent}
    calc = {c["value"] for c in _option(commands["calc"], "variant")["choices"]}
    rules = {c["value"] for c in _option(commands["rules"], "variant")["choices"]}
    assert "paodekuai" in rules and "paodekuai" not in calc
    # the example family (toy) has no calculator either
    assert calc == {v.id for v in all_variants() if v.score is not None} == rules - {"paodekuai", "toy"}
    share = _option(commands["calc"], "share")
    assert share["type"] == 5 and not share.get("required")  # a bool, off unless asked
    assert share["name_localizations"]["zh-CN"] == "公开"


async def test_unknown_cards_are_named_in_the_readers_language(readers: Env) -> None:
    """``/calc paohuzi hand:abc`` names 「a」「b」「c」 (not 天胡/地胡), privately, in each asker's language."""
    said = {}
    for user in ("alice", "bob", "carol"):
        p = await readers.cmd(readers.users[user], "calc", variant="paohuzi", hand="abc")
        assert p.ephemeral
        said[user] = p.text()
        assert "「a」「b」「c」" in said[user] and "天胡" not in said[user] and "地胡" not in said[user], said[user]
    assert "Unknown cards in the hand" in said["alice"]
    assert "手牌裡有不認識的牌" in said["bob"]
    assert "手牌里有不认识的牌" in said["carol"]
    # a winning card that is no card is named too
    p = await readers.cmd(readers.carol, "calc", variant="paohuzi", hand="一二三", win="x")
    assert p.ephemeral and "胡的牌里有不认识的牌：「x」" in p.text()


async def test_paodekuai_named_in_a_json_hand_is_answered_in_the_readers_language(readers: Env) -> None:
    p = await readers.cmd(readers.alice, "calc", variant="paohuzi",
                        hand='{"variant": "paodekuai", "hand": [], "win_from": "deal"}')
    assert p.ephemeral and "has no hand calculator" in p.text() and "没有算分器" not in p.text(), p.text()


async def test_an_answer_is_private_unless_shared(readers: Env) -> None:
    before = len(readers.world.public_calls())
    p = await readers.cmd(readers.alice, "calc", **SCORED)
    assert p.ephemeral, p.text()
    assert "calculator" in p.text() and "36" in p.text()  # alice's own answer, in her English
    assert len(readers.world.public_calls()) == before  # the channel saw nothing
    p = await readers.cmd(readers.alice, "calc", share=True, **SCORED)
    assert not p.ephemeral
    # shared: the channel reads it in the guild's language
    assert "**跑胡子** 算分" in p.text() and "胡息：36" in p.text() and "得分：8" in p.text(), p.text()
    assert len(readers.world.public_calls()) > before
