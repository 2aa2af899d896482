"""A laid-down group as one audience sees it, the same shape for every family: what views, outcomes and the bot share
(its own module, so that the hand's typed outcome and the core types need not import each other)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MeldView:
    """A laid-down group as one audience sees it, the same shape for every family (the bot reads it as JSON):
    ``type`` the family's kind code (``peng``, ``wei``, ``angang`` …), ``cards`` the face-up cards in notation
    (字牌: one string of one-character cards, ``"九九"``; tiles: a list, ``["5m", "5m", "5m"]``),
    ``hidden`` how many lie face down (an 暗杠 shows one tile, a 偎 none), ``from_seat`` whose card it took
    (None: one's own), ``huxi`` its 胡息 where the family counts them and the table can see them."""

    type: str
    cards: str | tuple[str, ...]
    hidden: int = 0
    from_seat: int | None = None
    huxi: int | None = None

    def to_json(self) -> dict[str, Any]:
        cards = self.cards if isinstance(self.cards, str) else list(self.cards)
        return {"type": self.type, "cards": cards, "hidden": self.hidden, "from": self.from_seat,
                "huxi": self.huxi}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MeldView:
        cards = data.get("cards") or ()
        src, huxi = data.get("from"), data.get("huxi")
        return cls(str(data["type"]), cards if isinstance(cards, str) else tuple(map(str, cards)),
                   int(data.get("hidden") or 0), None if src is None else int(src),
                   None if huxi is None else int(huxi))
