"""Building 字牌 calculator inputs for tests: one builder, so each test file only says what its hands are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.calculator import evaluate

# Melds as "wei:捌捌捌 peng:玖玖玖" or as (type, cards) pairs, cards a string or a list of cards.
Melds = str | Sequence[tuple[str, Any]]


def zipai_input(variant: str, hand: Any, win: str | None, win_from: str = "other_draw", melds: Melds = (),
                context: dict[str, bool] | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The calculator's JSON input; ``hand`` goes in as given (a string or a list); ``context`` and
    ``options`` are left out when None."""
    pairs = [tuple(m.split(":", 1)) for m in melds.split()] if isinstance(melds, str) else list(melds)
    data: dict[str, Any] = {"variant": variant, "hand": hand, "win_card": win, "win_from": win_from,
                            "melds": [{"type": kind, "cards": cards} for kind, cards in pairs]}
    if context is not None:
        data["context"] = context
    if options is not None:
        data["options"] = options
    return data


def score(variant: str, hand: Any, win: str | None, win_from: str = "other_draw", melds: Melds = (),
          context: dict[str, bool] | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return evaluate(zipai_input(variant, hand, win, win_from, melds, context, options))


def hand_input(variant: str, hand: str, win: str | None, win_from: str = "other_draw", melds: str = "",
               options: dict[str, Any] | None = None, **context: bool) -> dict[str, Any]:
    """``hand`` is the cards held *including* the winning card (spaces ignored): the winning card is taken
    out once; ``melds`` like "wei:捌 peng:玖 chi:贰柒拾"."""
    cards = [c for c in hand if not c.isspace()]
    if win is not None:
        cards.remove(win)
    return zipai_input(variant, "".join(cards), win, win_from, melds, context, options or None)


def calc(variant: str, hand: str, win: str | None, win_from: str = "other_draw", melds: str = "",
         options: dict[str, Any] | None = None, **context: bool) -> dict[str, Any]:
    return evaluate(hand_input(variant, hand, win, win_from, melds, options, **context))


def check_win(out: dict[str, Any], expected: dict[str, Any], names: set[str] | None = None) -> None:
    """A win with exactly these output values (``patterns`` compared as a set, no name twice, every name
    among the spec's ``names`` when given)."""
    assert out["win"] is True, out
    got = {k: (set(out[k]) if k == "patterns" else out.get(k)) for k in expected}
    want = {k: (set(v) if k == "patterns" else v) for k, v in expected.items()}
    assert got == want, out
    assert len(out["patterns"]) == len(set(out["patterns"])), out
    if names is not None:
        assert set(out["patterns"]) <= names, out
