"""A 字牌 hand as it was stored (``hands.result``), read back as an :class:`~engine.outcome.Outcome`.

Hands settled since hands are told as an Outcome store it (``result["outcome"]``); a hand stored before holds the
calculator's keys and the winner's ``detail`` (``win_from``, ``card``, ``from_seat``, ``groups`` …), from which the
same summary is said: who won, on what, from whom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..outcome import Group, How, Outcome, Termination, Winner
from ..registration import registered_variant
from ..words import Card, Msg
from .derivation import won_how, won_summary
from .rules import ZipaiRules

HOW = {"self_draw": How.SELF_DRAW, "other_draw": How.OTHER_DRAW, "discard": How.DISCARD, "deal": How.DEAL}


def stored_outcome(variant_id: str, result: Mapping[str, Any]) -> Outcome:
    """The stored result's outcome: as stored, or read from the older form."""
    if isinstance(result.get("outcome"), dict):
        return Outcome.from_json(result["outcome"])
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return Outcome(Termination.DRAW, (), (), Msg("黄庄"))
    raw = result.get("detail")
    detail: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    seat = winners[0]
    win_from = str(detail.get("win_from") or "")
    src = detail.get("from_seat")
    from_seat = src if isinstance(src, int) else None
    card = detail.get("card") if isinstance(detail.get("card"), str) else None
    variant = registered_variant(variant_id)  # registered: a stored hand is read where the variants are loaded
    found = variant.rules_for(variant.validate({})) if variant.rules_for is not None else None
    discard_is_pao = not isinstance(found, ZipaiRules) or found.discard_is_pao
    how = won_how(seat, win_from, from_seat, discard_is_pao) if win_from in HOW else None
    groups = tuple(Group(str(g.get("kind", "")), tuple(map(str, g.get("cards") or ())), g.get("huxi"))
                   for g in detail.get("groups") or () if isinstance(g, dict))
    score = detail.get("score")
    winner = Winner(seat, HOW.get(win_from, How.DEAL), from_seat, card, (), (), groups,
                    tuple(map(str, detail.get("patterns") or ())), (), score if isinstance(score, int) else 0)
    return Outcome(Termination.WIN, (winner,), (), won_summary(seat, None if card is None else Card(card, card), how))
