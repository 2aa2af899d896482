"""玩具牌's presenter: what the shared frames cannot know of a family — its melds and discards at each seat. The
panel (the hand and the other seats), the controls (the engine's action names), the settlement (the hand's
Outcome, its derivation and payments) and every line the engine says (its messages, worded through the catalogue)
are the shared defaults of :class:`~bot.present.base.BasePresenter`."""

from __future__ import annotations

from bot.i18n import tr
from bot.present.base import BasePresenter
from bot.present.contract import View

from ..engine.game import ToyView


class ToyPresenter(BasePresenter):
    family = "toy"

    def seat_parts(self, view: View, seat: int) -> list[str]:
        assert isinstance(view, ToyView)
        melds = "".join(c for meld in view.melds[seat] for c in meld.cards)
        discards = "".join(view.discards[seat])
        return ([tr("门子：{melds}", melds=melds)] if melds else []) + \
            ([tr("弃牌：{tiles}", tiles=discards)] if discards else [])


PRESENTER = ToyPresenter()
