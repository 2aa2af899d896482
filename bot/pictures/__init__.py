"""Pictures of hands and tables (issue 11): PNGs attached to the channel's table message, the settlement and, with
room option 手牌图, the DM panel, drawn with Pillow. This package holds what every family's drawing shares (the font, drawing helpers,
the caches, uploads, :class:`Picture`); each family draws its own cards and tables in ``bot/families/<family>/``.

Each picture is drawn from the views the bot may show its audience, and only from them: a DM's hand from
``view(seat)``, the table from ``public_view()``, a settlement from the result's detail the channel text shows.
What a picture draws is picked out first (``*_inputs``); its digest names the file and keys the cache, so an
unchanged picture is neither drawn again nor uploaded again (``uploads``). The message text stays complete
either way (screen readers, room option ``bot.pictures`` off).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
from collections.abc import Callable
from typing import Any

import discord

from engine.views import to_json

from ..i18n import current_lang, speaking
from .cache import PICTURES
from .draw import Flow, Layout
from .font import have_cjk

TABLE_KEYS = ("family", "dealer", "wall", "liang", "revealed", "hand_sizes", "melds", "outs", "discards", "sitter",
              "to_act", "baodan", "trick", "top", "birds")
RESULT_KEYS = ("winner", "card", "huxi", "groups", "wins", "birds", "hands", "closed")


class Picture:
    """One PNG, drawn when first read: its digest of what it draws (the file name carries it, so a changed
    picture is a new file and an embed's ``attachment://`` names exactly the one uploaded with it). A panel
    rendered and then replaced in the outbox before it was sent never draws its picture."""

    __slots__ = ("kind", "digest", "_lang", "_inputs", "_draw", "_data")

    def __init__(self, kind: str, inputs: Any, draw: Callable[[Any], Flow]) -> None:
        self._lang = current_lang()  # the labels' language is the audience's, wherever the picture is drawn
        blob = json.dumps([kind, self._lang, have_cjk(), inputs], ensure_ascii=False, sort_keys=True, default=str)
        self.kind = kind
        self.digest = hashlib.sha1(blob.encode()).hexdigest()
        # a copy taken now: the views are the engine's, and the picture may be drawn after the game moved on
        self._inputs = json.loads(blob)[3]
        self._draw = draw
        self._data: bytes | None = None

    @property
    def data(self) -> bytes:
        if self._data is None:
            inputs, draw = self._inputs, self._draw
            with speaking(self._lang):
                self._data = PICTURES.get(self.digest, lambda: draw(inputs).png())
        return self._data

    def layout(self) -> Layout:
        """The geometry this picture is drawn with (its size, where each tagged card lands), laid out anew by the
        same drawing that makes :attr:`data`."""
        with speaking(self._lang):
            return self._draw(self._inputs).layout()

    @property
    def inputs(self) -> Any:
        """What it draws (plain JSON data): a stored position draws the same picture again from it."""
        return json.loads(json.dumps(self._inputs))

    @property
    def filename(self) -> str:
        return f"{self.kind}-{self.digest[:12]}.png"

    def file(self) -> discord.File:
        """A fresh upload each time: a ``discord.File`` is read once."""
        return Upload(io.BytesIO(self.data), filename=self.filename)


class Upload(discord.File):
    """A ``discord.File`` that lets go of its bytes when closed. discord.py stubs the buffer's ``close`` while
    the request is sent and, closing, puts the buffer's own bound ``close`` back on it as an attribute: the
    buffer then refers to itself, a reference cycle holding the picture that only a full collection frees."""

    def close(self) -> None:
        super().close()
        with contextlib.suppress(AttributeError):
            del self.fp.close  # the class's own close again: no reference from the buffer to itself


HAND_KEYS = ("family", "hand", "drawn", "seat", "melds")
_FIELDS: dict[type, frozenset[str]] = {}  # a view class's field names


def fields_json(view: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """Of a view (a dataclass), the JSON form of just the fields named in ``keys`` that it has: what
    ``view.to_json()`` holds under those keys, without converting the rest of the view (its log, its legal
    actions) on every click for a picture that never reads them."""
    cls = type(view)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return {k: to_json(getattr(view, k)) for k in keys if k in names}


def hand_inputs(private: dict[str, Any]) -> dict[str, Any]:
    seat = private.get("seat")
    melds = private.get("melds")
    own = melds[seat] if isinstance(melds, list) and isinstance(seat, int) and seat < len(melds) else []
    return {"family": private.get("family"), "hand": private.get("hand"), "drawn": private.get("drawn"), "own": own}


def table_inputs(public: dict[str, Any]) -> dict[str, Any]:
    return {k: public.get(k) for k in TABLE_KEYS}


def result_inputs(family: str, detail: dict[str, Any], seats: int) -> dict[str, Any]:
    """What a settlement's picture draws: the result's detail the channel text shows."""
    return {"family": family, "seats": seats, **{k: detail.get(k) for k in RESULT_KEYS}}
