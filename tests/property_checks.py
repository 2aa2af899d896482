"""Invariants every seeded self-play hand must keep, for any variant (used by the property tests)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.ai import choose
from engine.core import Action, IllegalAction
from engine.registry import get_variant
from engine.words import Card, Msg
from engine.zipai.game import ZipaiGame

# Card glyphs per family: what a leak would look like in a public payload.
ZIPAI_GLYPHS = frozenset("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")


# 名堂 names that contain card glyphs. Each also holds a non-card character, so it never occurs inside a
# string of cards and can be dropped before scanning.
PATTERN_WORDS = ("四七红", "十八小", "十三红", "一点红", "三提五坎")


_GLYPH_ORDER = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"  # as engine.zipai.cards numbers them
Counts = list[int]  # copies per card, indexed like engine.zipai.cards


def _strip_patterns(text: str) -> str:
    for word in PATTERN_WORDS:
        if word in text:
            text = text.replace(word, "")
    return text


def _card_counts(text: str) -> Counts:
    text = _strip_patterns(text)
    return [text.count(ch) for ch in _GLYPH_ORDER]


def _leaves(payload: Any, out: list[str]) -> list[str]:
    if isinstance(payload, str):
        out.append(payload)
    elif isinstance(payload, dict | list):
        for item in payload.values() if isinstance(payload, dict) else payload:
            _leaves(item, out)
    return out


def _leaf_counts(payload: Any) -> Counts:
    """Per card, the most copies any one string of the payload names (an event's ``card`` and its ``text``
    name the same card: they are two mentions of one card, not two cards)."""
    leaves = [_strip_patterns(t) for t in _leaves(payload, [])]
    return [max((t.count(ch) for t in leaves), default=0) for ch in _GLYPH_ORDER]


def _said(payload: Any) -> Any:
    """A payload's messages as players read them (zh-CN): a message's JSON names a card twice (its code and its
    name), its line as often as players read it."""
    if isinstance(payload, dict):
        if set(payload) == {"id", "args"}:
            return Msg.from_json(payload).zh()
        return {k: _said(v) for k, v in payload.items()}
    if isinstance(payload, list):
        return [_said(v) for v in payload]
    return payload


def _over(shown: Counts, allowed: Counts) -> dict[str, int]:
    return {_GLYPH_ORDER[c]: shown[c] - allowed[c] for c in range(20) if shown[c] > allowed[c]}


def _add(*counts: Counts) -> Counts:
    return [sum(col) for col in zip(*counts, strict=True)]


def _snapshot(game: Any) -> str:
    return json.dumps([game.public_view().to_json(), *[game.view(s).to_json() for s in range(game.seats)]],
                      ensure_ascii=False, sort_keys=True)


# How many cards of each meld kind the other players see, by the rules (not by the view code): 碰/吃/跑 all,
# 提 and 臭偎 one, a plain 偎 as the variant shows it (face down, or 明偎 one up).
def _shown_of(game: Any, kind: str, size: int) -> int:
    return {"ti": 1, "chouwei": 1, "wei": game.rules.wei_shown}.get(kind, size)


def visible_by_seat(game: Any) -> list[Counts]:
    """Per seat, how many copies of each card anyone may see in front of it: the shown part of its melds
    and the cards it put out; at the end the winner's whole hand."""
    out: list[Counts] = []
    winner = game.result.winners[0] if game.finished and game.result and game.result.winners else None
    for s in range(game.seats):
        seen = [0] * 20
        for c in game.outs[s]:
            seen[c] += 1
        for m in game.melds[s]:
            if m.concealed and s != winner:
                continue
            cards = m.group.cards  # same-card groups show any of their copies; 吃 shows all
            for c in cards if s == winner else cards[: _shown_of(game, m.kind, len(cards))]:
                seen[c] += 1
        if s == winner:
            seen = _add(seen, list(game.hands[s]))
        out.append(seen)
    return out


def table_extras(game: Any) -> Counts:
    """Mentions anyone may see besides the seats' cards: the 亮张 (named by the deal's public event), the card on
    offer, and at the end the winning card named by the result."""
    from engine.zipai.cards import parse_cards

    extra = [0] * 20
    extra[game.liang] += 1
    if game.floating is not None:
        extra[game.floating] += 1
    if game.window is not None and game.window_kind == "liang":
        extra[game.liang] += 1  # the 亮张 on offer is named a second time
    outcome = game.result.outcome if game.finished and game.result else None
    if outcome is not None and outcome.winners and outcome.winners[0].card:
        extra[parse_cards(outcome.winners[0].card)[0]] += 1
    return extra


def _payload_counts(melds: list[dict[str, Any]], outs: str) -> Counts:
    return _card_counts("".join(m["cards"] for m in melds) + outs)


def check_seat_payload(visible: list[Counts], melds: list[list[dict[str, Any]]], outs: list[str],
                       skip: int | None) -> None:
    """Each seat's melds and fronts in a payload show no more copies of any card than that seat shows."""
    for s, seen in enumerate(visible):
        if s != skip:
            over = _over(_payload_counts(melds[s], outs[s]), seen)
            assert not over, f"seat {s} shows unseen cards {over}: {melds[s]} / {outs[s]}"


def check_public_view(game: Any, visible: list[Counts], allowed: Counts, views: bool) -> dict[str, Any]:
    """The public view's JSON (every field a client could be sent) checked against what the table may see."""
    pv = game.public_view().to_json()
    assert "hand" not in pv and "legal" not in pv and "chou" not in pv
    check_seat_payload(visible, pv["melds"], pv["outs"], None)
    over = _over(_card_counts(json.dumps(_said(pv), ensure_ascii=False)), allowed)
    assert not over, f"public view names unseen cards {over}: {pv}"
    if game.predeal is not None:
        # 打鸟: who has not chosen is public, what anyone chose is not until all have.
        assert pv["stakes"] is None and pv["to_act"] == game.predeal.to_act() and pv["phase"] == "choose"
        assert pv["choosing"] == {"chosen": len(game.predeal.chosen), "of": len(game.predeal.order)}
    kind = game.window_kind if game.window is not None and not game.finished else ""
    in_claim = kind not in ("", "own")
    # The 亮张 is a face-up card of its own through 打鸟 and its 天胡/地胡 window only; then it is a hand card.
    live = not game.finished and (game.predeal is not None or kind == "liang")
    assert (pv["liang"] is not None) is live, f"the 亮张 named while {'live' if live else 'in a hand'}: {pv['liang']}"
    # Who is asked in a claim window (who holds a 胡/碰/吃) is hidden information; the drawer's 自摸 choice
    # after his own 偎/提 shows as his turn, whether he could win or not.
    assert pv["claims_pending"] is in_claim
    if in_claim:
        assert pv["to_act"] == [], f"public view names the seats asked: {pv['to_act']}"
    if kind == "own":
        assert pv["to_act"] == [game.window_from] and pv["phase"] == "discard"
    for s in range(game.seats) if views else ():
        v = game.view(s).to_json()
        check_seat_payload(visible, v["melds"], v["outs"], s)
        assert v["to_act"] == pv["to_act"]
    return pv


def check_public_events(game: Any, events: list[Any], visible: list[Counts], allowed: Counts) -> None:
    from engine.zipai.cards import parse_cards

    for ev in events:
        if not ev.public:
            continue
        ok = list(allowed)
        if ev.kind == "chi":  # its text names the taken card, then the groups holding it
            ok[parse_cards(ev.data["card"])[0]] += 1
        # what machines read and what players read (the message's arguments, and its zh-CN line whole, where one
        # card named twice counts twice): all must keep to what the table may see
        said = [ev.says.to_json(), ev.says.zh()] if ev.says is not None else []
        over = _over(_leaf_counts([ev.data, *said]), ok)
        assert not over, f"public event {ev.kind} names unseen cards {over}: {ev.data} / {said}"
        seat = ev.data.get("seat")
        named = [ev.data["card"]] if "card" in ev.data else []
        said_card = ev.says.arg("card") if ev.says is not None else None
        if isinstance(said_card, Card):
            named.append(said_card.code)
        if ev.kind in ("wei", "chouwei", "ti", "pao", "peng") and seat is not None:
            # The card of a meld event, in its data or in its line, must be one its own seat shows (not just a
            # copy shown elsewhere).
            for code in named:
                card = parse_cards(code)[0]
                assert visible[seat][card], f"{ev.kind} event names a card seat {seat} hides: {ev.data} / {ev.says}"


def check_public(game: Any, events: list[Any], views: bool = True) -> dict[str, Any]:
    """Check one step's public events and the public view (and with ``views`` every seat's view of the
    others); returns the public view."""
    visible = visible_by_seat(game)
    allowed = _add(*visible, table_extras(game))
    check_public_events(game, events, visible, allowed)
    return check_public_view(game, visible, allowed, views)


def _without(pv: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in pv.items() if k not in keys}


def play_checked(variant_id: str, seed: int, options: dict[str, Any] | None = None, dealer: int = 0,
                 probe_illegal: bool = False) -> Any:
    """Play one AI hand checking conservation, legality, zero-sum and the public/private boundary
    at every step; returns the finished game."""
    variant = get_variant(variant_id)
    opts = variant.validate(options)
    game = variant.new_hand(opts, seed, dealer, {})
    assert isinstance(game, ZipaiGame)
    rng = random.Random(seed)

    views = probe_illegal or seed % 4 == 0  # the seat views repeat the public melds: a sample suffices
    pv = check_public(game, game.events, views)
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
        window, predeal, pv_before = game.window, game.predeal, pv
        events = game.apply(seat, action)
        pv = check_public(game, events, views)
        if window is not None and game.window is window and not any(e.public for e in events):
            # A seat answered and the window is still open: nothing public may tell who answered or who is
            # still asked.
            assert _without(pv, "version") == _without(pv_before, "version"), "a claim answer changed the public view"
        if predeal is not None and game.predeal is predeal:
            # 打鸟 still open: only who has chosen may change, never what was chosen.
            assert not any(e.public for e in events), f"a 打鸟 choice was announced early: {events}"
            hidden = ("version", "to_act", "choosing")
            assert _without(pv, *hidden) == _without(pv_before, *hidden), "a 打鸟 choice changed the public view"
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
