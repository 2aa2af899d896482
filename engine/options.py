"""Room options (创建房间 settings): typed declarations and validation, shared by every variant."""

from __future__ import annotations

import json
import math
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
            known = "、".join(f"{k}（{o.label}）" for k, o in by_key.items()) or "无"
            raise OptionError("没有选项 {key}；可用：{known}", key=shown_value(key), known=known)
    for opt in declared:
        if opt.key not in raw:
            out[opt.key] = opt.default
            continue
        value = raw[opt.key] if strict else _coerce(opt, raw[opt.key])
        if not _same_type(opt, value) or value not in opt.choices:
            allowed = "、".join(map(_shown, opt.choices)) if len(opt.choices) <= 12 else (
                f"{_shown(opt.choices[0])}…{_shown(opt.choices[-1])}")
            raise OptionError("选项 {key}（{label}）只能取 {allowed}（{kind}），不能是 {value}",
                              key=shown_value(opt.key), label=opt.label, allowed=allowed, kind=_type_name(opt),
                              value=shown_value(raw[opt.key]))
        out[opt.key] = value
    return out


def _same_type(opt: Option, value: Any) -> bool:
    """bool is a subclass of int in Python, and 2.0 == 2: compare the exact types of value and choices."""
    return any(type(value) is type(choice) for choice in opt.choices)


def _type_name(opt: Option) -> str:
    kind = type(opt.choices[0])
    return {bool: "布尔值", int: "整数", str: "字符串"}.get(kind, kind.__name__)


def _shown(value: Any) -> str:
    # the calculator's JSON spells booleans true/false
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def shown_value(value: Any) -> str:
    """A value as the player typed it or JSON writes it (true, null, 2.0, 「二」), never a Python repr
    (True, None, '二'); long ones cut short so that the message stays one readable line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else ("-" if value < 0 else "") + "1e30 以上的数"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        return json.dumps(value) if math.isfinite(value) else ("-Infinity" if value < 0 else "Infinity")
    if isinstance(value, str):
        return f"「{value[:20]}…」" if len(value) > 20 else f"「{value}」"
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        text = "[…]" if isinstance(value, list | tuple) else "{…}"
    return text if len(text) <= 40 else text[:39] + "…"


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
