"""The presenter of each family, as ``bot.families`` lists them: the shared frames dispatch through
:func:`presenter_for` and never name a family. (The families import the shared parts of ``bot.present``, never
this module: no import circle.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..families import PRESENTERS
from .contract import Presenter
from .words import card_runs, card_words

if TYPE_CHECKING:
    from ..service.table import Table


def presenter_for(family_id: str) -> Presenter:
    """The presenter of a family (``Variant.family``); KeyError for a family no presenter shows."""
    return PRESENTERS[family_id]


def presenter_of(table: Table) -> Presenter:
    """The presenter of the table's variant."""
    return presenter_for(table.variant.family)


def register(presenter: Presenter) -> Presenter:
    """Show a family (one the engine registers outside ``engine/``, such as a test's) with ``presenter``."""
    PRESENTERS[presenter.family] = presenter
    card_runs({p.family: p.card_run for p in PRESENTERS.values()})
    card_words({p.family: p.card_words for p in PRESENTERS.values()})
    return presenter


def presenters() -> list[Presenter]:
    """Every family's presenter, in the order ``bot.families`` lists them."""
    return list(PRESENTERS.values())
