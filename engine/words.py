"""What the engine says, as message ids with typed arguments: never prose a reader has to parse back.

A :class:`Msg` is one sentence the engine says (an event line, a result line, a question, a payment's reason, a
step of a score's derivation, a refusal): ``id`` is the message id — its zh-CN template with ``{fields}``, which is
also the catalogue's key (gettext's msgid) — and ``args`` its typed arguments. The bot words it in each reader's
language: a :class:`Seat` becomes that seat's name at the table, a :class:`Card` the family's face (an emoji, a
tile name, an English gloss), a :class:`Term` a catalogue word, a nested :class:`Msg` a sentence of its own, an
``int`` a number (choosing a plural form where the language has them).

``str(msg)`` / :meth:`Msg.zh` is the zh-CN sentence, for logs, the command line and tests, worded without a bot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat (0-based) named in a sentence: the bot puts the player's name there, zh-CN alone says 座位N."""

    seat: int

    def zh(self) -> str:
        return f"座位{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Seats:
    """Several seats, said as a list in the reader's language (「甲、乙」, "A, B"); none is 无人."""

    seats: tuple[int, ...]

    def zh(self) -> str:
        return "、".join(Seat(s).zh() for s in self.seats) or "无人"


@dataclass(frozen=True, slots=True)
class Card:
    """One card or tile: ``code`` in its family's notation (``5m``, ``壹``, ``H10``), ``name`` as zh-CN players
    say it (五万, 壹, 红桃10). The bot's family presenter words the code; the name is the zh-CN fallback."""

    code: str
    name: str

    def zh(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Cards:
    """Several cards shown together (a group, a hand, a play): codes in display order and their zh-CN text."""

    codes: tuple[str, ...]
    text: str

    def zh(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the game that the catalogue translates on its own: a 名堂 (红胡), a verb (碰), a way of winning
    (自摸), an option's choice. ``word`` is its zh-CN form and its catalogue key."""

    word: str

    def zh(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Listing:
    """Several sentences or words in a row, joined the way the reader's language writes a list (``mark`` is the
    zh-CN mark: 、 ； ，)."""

    items: tuple[Arg, ...]
    mark: str = "、"

    def zh(self) -> str:
        return self.mark.join(_zh(i) for i in self.items)


Arg: TypeAlias = "int | Seat | Seats | Card | Cards | Term | Listing | Msg"


@dataclass(frozen=True, slots=True)
class Msg:
    """One sentence: its message id (the zh-CN template) and typed arguments, in the order given."""

    id: str
    args: tuple[tuple[str, Arg], ...] = ()

    @classmethod
    def of(cls, id: str, /, **args: Arg) -> Msg:
        """``Msg.of("{seat} 打出 {card}", seat=Seat(0), card=Card("5m", "五万"))``."""
        return cls(id, tuple(args.items()))

    def arg(self, key: str) -> Arg | None:
        return next((v for k, v in self.args if k == key), None)

    def zh(self) -> str:
        """The zh-CN sentence."""
        return self.id.format(**{k: _zh(v) for k, v in self.args}) if self.args else self.id

    def __str__(self) -> str:
        return self.zh()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "args": {k: arg_json(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Msg:
        """The stored form; a plain string (a result stored before message ids) reads as a message of no args."""
        if isinstance(data, str):
            return cls(data)
        return cls(str(data["id"]), tuple((k, arg_from_json(v)) for k, v in dict(data.get("args") or {}).items()))


def msg(id: str, /, **args: Arg) -> Msg:
    """Shorthand for :meth:`Msg.of`."""
    return Msg.of(id, **args)


def listing(items: Iterable[Arg], mark: str = "、") -> Listing:
    return Listing(tuple(items), mark)


def _zh(value: Arg) -> str:
    return str(value) if isinstance(value, int) else value.zh()


# -- the stored form ---------------------------------------------------------------------------------------------
# Each argument is tagged with its type, so a stored result words the same way after a restart or in a replay.

def arg_json(value: Arg) -> Any:
    if isinstance(value, bool):
        raise TypeError("a bool is not a message argument")
    if isinstance(value, int):
        return value
    if isinstance(value, Seat):
        return {"seat": value.seat}
    if isinstance(value, Seats):
        return {"seats": list(value.seats)}
    if isinstance(value, Card):
        return {"card": value.code, "name": value.name}
    if isinstance(value, Cards):
        return {"cards": list(value.codes), "text": value.text}
    if isinstance(value, Term):
        return {"term": value.word}
    if isinstance(value, Listing):
        return {"list": [arg_json(i) for i in value.items], "mark": value.mark}
    return {"msg": value.to_json()}


def arg_from_json(data: Any) -> Arg:
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    if isinstance(data, str):  # a value stored as text before arguments were typed: a word of the game
        return Term(data)
    if not isinstance(data, dict):
        raise ValueError(f"not a message argument: {data!r}")
    if "seat" in data:
        return Seat(int(data["seat"]))
    if "seats" in data:
        return Seats(tuple(int(s) for s in data["seats"]))
    if "card" in data:
        return Card(str(data["card"]), str(data.get("name", data["card"])))
    if "cards" in data:
        return Cards(tuple(str(c) for c in data["cards"]), str(data.get("text", "")))
    if "term" in data:
        return Term(str(data["term"]))
    if "list" in data:
        return Listing(tuple(arg_from_json(i) for i in data["list"]), str(data.get("mark", "、")))
    if "msg" in data:
        return Msg.from_json(data["msg"])
    raise ValueError(f"not a message argument: {data!r}")
