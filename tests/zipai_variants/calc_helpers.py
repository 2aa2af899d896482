"""Building calculator inputs from readable group lists."""

from __future__ import annotations

from typing import Any

from engine.calculator import evaluate


def hand_input(variant: str, hand: str, win: str | None, win_from: str = "other_draw", melds: str = "",
               options: dict[str, Any] | None = None, **context: bool) -> dict[str, Any]:
    """``hand`` is the cards held *including* the winning card (spaces ignored): the winning card is taken
    out once; ``melds`` like "wei:捌 peng:玖 chi:贰柒拾"."""
    cards = [c for c in hand if not c.isspace()]
    if win is not None:
        cards.remove(win)
    meld_list = [{"type": m.split(":")[0], "cards": m.split(":")[1]} for m in melds.split()]
    data: dict[str, Any] = {"variant": variant, "hand": "".join(cards), "melds": meld_list, "win_card": win,
                            "win_from": win_from, "context": context}
    if options:
        data["options"] = options
    return data


def calc(variant: str, hand: str, win: str | None, win_from: str = "other_draw", melds: str = "",
         options: dict[str, Any] | None = None, **context: bool) -> dict[str, Any]:
    return evaluate(hand_input(variant, hand, win, win_from, melds, options, **context))
