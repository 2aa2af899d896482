"""A 麻将 hand as it was stored (``hands.result``), read back as an :class:`~engine.outcome.Outcome`.

Hands settled since hands are told as an Outcome store it (``result["outcome"]``); a hand stored before holds its
``detail`` with one entry per win (``wins``: seat, win_from, from_seat, card, patterns, hand, melds), from which the
same summary is said: who won, on what, from whom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..melds import MeldView
from ..outcome import Outcome, Termination
from ..registration import registered_variant
from ..words import Seats, msg
from . import result as said
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, MahjongRules, Priced
from .tiles import tile_id


def stored_outcome(variant_id: str, result: Mapping[str, Any]) -> Outcome:
    """The stored result's outcome: as stored, or read from the older form."""
    if isinstance(result.get("outcome"), dict):
        return Outcome.from_json(result["outcome"])
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return Outcome(Termination.DRAW, (), (), msg("荒庄"))
    raw = result.get("detail")
    detail: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    variant = registered_variant(variant_id)  # registered: a stored hand is read where the variants are loaded
    rules = variant.rules_for(variant.validate({})) if variant.rules_for is not None else None
    after_kong = isinstance(rules, MahjongRules) and rules.discard_win == "after_kong"
    won = []
    hows = []
    for w in detail.get("wins") or ():
        if not isinstance(w, dict) or not isinstance(w.get("seat"), int):
            continue
        win_from = str(w.get("win_from") or "")
        if win_from not in (SELF_DRAW, DISCARD, ROBBING, DEAL):
            continue
        src = w.get("from_seat") if isinstance(w.get("from_seat"), int) else None
        card = w.get("card") if isinstance(w.get("card"), str) else None
        patterns = tuple(map(str, w.get("patterns") or ()))
        melds = tuple(MeldView.from_json(m) for m in w.get("melds") or () if isinstance(m, dict))
        share = int(w["share"]) if isinstance(w.get("share"), int) else 0
        won.append(said.winner(w["seat"], win_from, src, None if card is None else tile_id(card),
                               tuple(map(str, w.get("hand") or ())), melds, Priced(patterns, share), 0, None))
        hows.append(said.how_words(win_from, src, patterns, gangshangpao=after_kong))
    if not won:  # older still: the winners alone
        return Outcome(Termination.WIN, (), (), msg("{who} 胡了", who=Seats(tuple(winners))))
    return Outcome(Termination.WIN, tuple(won), (), said.summary(won, hows))
