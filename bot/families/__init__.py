"""Each family's presenter (``bot/families/<family>/``: its panel and table text, its controls, its pictures, its
``/calc`` form and card words). A new family adds its folder and one line here; ``bot.present.registry`` reads
:data:`PRESENTERS`."""

from __future__ import annotations

from ..present.contract import Presenter
from ..present.words import card_runs, card_words
from .mahjong.presenter import PRESENTER as MAHJONG
from .paodekuai.presenter import PRESENTER as PAODEKUAI
from .zipai.presenter import PRESENTER as ZIPAI

PRESENTERS: dict[str, Presenter] = {p.family: p for p in (ZIPAI, MAHJONG, PAODEKUAI)}
card_runs({p.family: p.card_run for p in PRESENTERS.values()})
card_words({p.family: p.card_words for p in PRESENTERS.values()})
