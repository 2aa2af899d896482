"""Every message a 跑得快 hand says (its events, plays, refusals, payments' reasons, its outcome's steps and summary,
nested messages included) has a zh-TW and an English entry in the catalogue: nothing reaches a reader in zh-CN
because the catalogue tool did not see it (a message built inside another message's arguments, say)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.i18n import catalogue
from engine.core import IllegalAction
from engine.paodekuai.game import PaodekuaiGame
from engine.registry import get_variant
from engine.selfplay import play_hand
from engine.words import Listing, Msg

CJK = re.compile(r"[\u3400-\u9fff]")


def _ids(message: Msg) -> Iterator[str]:
    yield message.id
    for _, value in message.args:
        items = value.items if isinstance(value, Listing) else (value,)
        for item in items:
            if isinstance(item, Msg):
                yield from _ids(item)


def _said(game: PaodekuaiGame) -> Iterator[Msg]:
    yield from (e.says for e in game.events if e.says is not None)
    result = game.result
    if result is not None and result.outcome is not None:
        outcome = result.outcome
        yield outcome.summary
        yield from (p.why for p in outcome.payments)
        yield from (s.says for s in outcome.steps)
        yield from (s.says for w in outcome.winners for s in w.steps)


@pytest.mark.parametrize("options", [{}, {"daniao": True, "hearts10_double": True}, {"must_beat": False},
                                     {"cards": 15, "four_with_three": True, "split_bombs": False}])
def test_every_message_a_hand_says_is_in_the_catalogue(options: dict[str, object]) -> None:
    v = get_variant("paodekuai")
    opts = v.validate(options)
    ids: set[str] = set()
    for seed in range(12):
        game = v.new_hand(opts, seed, seed % 3, {})
        assert isinstance(game, PaodekuaiGame)
        while game.predeal is not None:
            seat = game.to_act()[0]
            game.apply(seat, game.legal_actions(seat)[seed % 2])
        seat = game.to_act()[0]
        for cards in ("S3 S5", "X9", "S3 S3", ""):  # refusals, in the game's words
            with pytest.raises(IllegalAction) as refused:
                game.classify(cards, seat)
            ids |= set(_ids(refused.value.msg))
        play_hand(game)
        ids |= {i for said in _said(game) for i in _ids(said)}
    messages = catalogue()["messages"]
    missing = sorted(i for i in ids if CJK.search(i) and not all(messages.get(i, {}).get(lang) for lang in ("zh-TW", "en")))
    assert missing == []
    assert "{seat} 出完牌，获胜；{losers}" in ids  # the hands were played to their end
