"""Room options (创建房间 settings): typed declarations and validation, shared by every variant."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import OptionError


@dataclass(frozen=True, slots=True)
class Option:
    """One room option. ``choices`` lists the allowed values (bools and small int ranges included) in
    display order; ``labels`` gives the Chinese label for each choice (same order)."""

    key: str
    default: Any
    choices: tuple[Any, ...]
    label: str
    labels: tuple[str, ...] = ()
    # State the calculator accepts as an option (e.g. 黄番 count) but a room does not set.
    internal: bool = False

    def choice_label(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value).lower() if isinstance(value, bool) else str(value)


def bool_option(key: str, default: bool, label: str) -> Option:
    return Option(key, default, (False, True), label, ("关", "开"))


def int_option(key: str, default: int, lo: int, hi: int, label: str, internal: bool = False) -> Option:
    return Option(key, default, tuple(range(lo, hi + 1)), label, internal=internal)


def validate_options(declared: tuple[Option, ...], raw: dict[str, Any] | None, strict: bool = False) -> dict[str, Any]:
    """Return the full option dict (defaults filled in) or raise :class:`OptionError` naming the option.

    Room options typed as text may give ``"3"`` or ``"true"``; with ``strict`` (the calculator's JSON contract,
    "Types are strict") only the JSON type itself is accepted. Either way an integer option is never a float
    or a bool, and a bool option never a number."""
    raw = dict(raw or {})
    by_key = {o.key: o for o in declared}
    out: dict[str, Any] = {}
    for key in raw:
        if key not in by_key:
            known = ", ".join(by_key) or "none"
            raise OptionError(f"unknown option {key!r} (known: {known})")
    for opt in declared:
        if opt.key not in raw:
            out[opt.key] = opt.default
            continue
        value = raw[opt.key] if strict else _coerce(opt, raw[opt.key])
        if not _same_type(opt, value):
            raise OptionError(f"option {opt.key!r} ({opt.label}) must be {_type_name(opt)}, not {raw[opt.key]!r}")
        if value not in opt.choices:
            allowed = ", ".join(map(_show, opt.choices)) if len(opt.choices) <= 12 else (
                f"{opt.choices[0]}…{opt.choices[-1]}")
            raise OptionError(f"option {opt.key!r} ({opt.label}) must be one of {allowed}, not {raw[opt.key]!r}")
        out[opt.key] = value
    return out


def _same_type(opt: Option, value: Any) -> bool:
    """bool is a subclass of int in Python, and 2.0 == 2: compare the exact types of value and choices."""
    return any(type(value) is type(choice) for choice in opt.choices)


def _type_name(opt: Option) -> str:
    kind = type(opt.choices[0])
    return {bool: "true or false", int: "an integer", str: "a string"}.get(kind, kind.__name__)


def _show(choice: Any) -> str:
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


def _coerce(opt: Option, value: Any) -> Any:
    """Accept the natural string forms a slash command may carry ("true", "3")."""
    if not isinstance(value, str):
        return value
    if isinstance(opt.default, bool):
        if value.lower() in ("true", "false", "1", "0", "on", "off"):
            return value.lower() in ("true", "1", "on")
        return value
    if isinstance(opt.default, int):
        try:
            return int(value)
        except ValueError:
            return value
    return value
