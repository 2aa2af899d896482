"""Invariants every seeded self-play hand must keep, for any variant (used by the property tests)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.ai import choose
from engine.core import Action, IllegalAction
from engine.registry import get_variant

# Card glyphs per family: what a leak would look like in a public payload.
ZIPAI_GLYPHS = frozenset("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")


# 名堂 names that contain card glyphs. Each also holds a non-card character, so it never occurs inside a
# string of cards and can be dropped before scanning.
PATTERN_WORDS = ("四七红", "十八小", "十三红", "一点红", "三提五坎")


def _cards_in(payload: Any) -> set[str]:
    text = json.dumps(payload, ensure_ascii=False)
    for word in PATTERN_WORDS:
        text = text.replace(word, "")
    return ZIPAI_GLYPHS.intersection(text)


def _snapshot(game: Any) -> str:
    return json.dumps([game.public_view(), *[game.view(s) for s in range(game.seats)]], ensure_ascii=False,
                      sort_keys=True)


def visible_now(game: Any) -> set[str]:
    """Card kinds anyone at the table can see now: shown parts of melds, the cards put out, the card on
    offer, the 亮张, and at the end the winner's whole hand."""
    from engine.zipai.cards import NAMES

    seen = {game.liang}
    for melds in game.melds:
        for m in melds:
            if not m.concealed:
                seen.update(m.group.cards[: m.shown])
    seen.update(c for o in game.outs for c in o)
    if game.floating is not None:
        seen.add(game.floating)
    out = {NAMES[c] for c in seen}
    if game.finished and game.result and game.result.winners:
        w = game.result.winners[0]
        out |= {NAMES[c] for c in range(20) if game.hands[w][c]}
        out |= {NAMES[c] for m in game.melds[w] for c in m.group.cards}
    return out


def play_checked(variant_id: str, seed: int, options: dict[str, Any] | None = None, dealer: int = 0,
                 probe_illegal: bool = False) -> Any:
    """Play one AI hand checking conservation, legality, zero-sum and the public/private boundary
    at every step; returns the finished game."""
    variant = get_variant(variant_id)
    opts = variant.validate(options)
    game = variant.new_hand(opts, seed, dealer, {})
    rng = random.Random(seed)

    def check_public(events: list[Any]) -> None:
        visible = visible_now(game)
        for ev in events:
            if ev.public:
                leaked = _cards_in(ev.data) - visible
                assert not leaked, f"public event {ev.kind} names unseen cards {leaked}: {ev.data}"
        pv = game.public_view()
        assert "hand" not in pv and "legal" not in pv
        leaked = _cards_in(pv) - visible
        assert not leaked, f"public view names unseen cards {leaked}: {pv}"

    check_public(game.events)
    while not game.finished:
        assert game.census() == [4] * 20, "cards not conserved"
        seats = game.to_act()
        assert seats, "unfinished hand with nobody to act"
        seat = seats[0]
        legal = game.legal_actions(seat)
        assert legal
        if probe_illegal:
            before = _snapshot(game)
            bad: list[tuple[int, Action | str]] = [
                (seat, Action("discard", ("拾",))), (seat, Action("peng", ("一",))),
                (seat, "chi:一二三|壹壹壹"), (seat, "nonsense"),
            ]
            others = [s for s in range(game.seats) if s not in seats]
            if others:
                bad.append((rng.choice(others), legal[0]))
            for s, a in bad:
                code = a.code if isinstance(a, Action) else a
                if any(code == x.code for x in game.legal_actions(s)):
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(s, a)
                assert _snapshot(game) == before, "an illegal action changed the state"
        action = choose(game, seat)
        assert action in legal
        check_public(game.apply(seat, action))
    assert game.census() == [4] * 20
    result = game.result
    assert result is not None and len(result.deltas) == game.seats
    return game


def replay(variant_id: str, options: dict[str, Any], seed: int, dealer: int, log: list[tuple[int, str]]) -> Any:
    variant = get_variant(variant_id)
    game = variant.new_hand(variant.validate(options), seed, dealer, {})
    for seat, code in log:
        game.apply(seat, code)
    return game
