"""Room options typed as text (`/table create options:` and `/calc options:`)."""

from __future__ import annotations

import json
import math
from typing import Any

from engine.core import OptionError

from .table import BOT_OPTIONS

MAX_JSON_CHARS = 6000  # Discord's longest slash-command text
MAX_JSON_DEPTH = 16  # a hand is an object of lists of strings; anything deeper is not one
MAX_JSON_STRING = 500


class _BadConstant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _BadConstant(name)


def _check_json(data: Any) -> None:
    """Depth, numbers and strings of parsed JSON, walked without recursion (a deep input must not crash us)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise ValueError(f"JSON 嵌套太深（最多 {MAX_JSON_DEPTH} 层）。")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("JSON 里的数字超出范围（如 1e400）。")
        if isinstance(value, str) and len(value) > MAX_JSON_STRING:
            raise ValueError(f"JSON 里的字符串太长（最多 {MAX_JSON_STRING} 个字符）。")
        if isinstance(value, dict):
            stack += [(k, depth + 1) for k in value] + [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]


def json_object(text: str) -> dict[str, Any]:
    """A JSON object a player typed, or ValueError saying (in Chinese) what is wrong with it."""
    if len(text) > MAX_JSON_CHARS:
        raise ValueError(f"JSON 太长（最多 {MAX_JSON_CHARS} 个字符）。")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ValueError(f"JSON 格式错误（第 {e.colno} 个字符附近）。") from None
    except _BadConstant as e:
        raise ValueError(f"JSON 里不能有 {e}（不是数字）。") from None
    except RecursionError:
        raise ValueError("JSON 嵌套太深。") from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise ValueError("JSON 里的数字太大。") from None
    _check_json(data)
    if not isinstance(data, dict):
        raise ValueError("JSON 必须是一个对象 {...}。")
    return data


def parse_options_text(text: str) -> dict[str, Any]:
    """``"key=value key2=value2"`` (commas or spaces) or a JSON object."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            return json_object(text)
        except ValueError as e:
            raise OptionError(f"房间选项 {e}") from None
    out: dict[str, Any] = {}
    for part in text.replace("，", ",").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise OptionError(f"option {part!r} must look like key=value")
        out[key] = value
    return out


def validate_bot_options(raw: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    by_key = {o.key: o for o in BOT_OPTIONS}
    for key, value in raw.items():
        if key == "seed":
            try:
                out["seed"] = int(value)
            except (TypeError, ValueError):
                raise OptionError("option 'bot.seed' must be an integer") from None
            continue
        opt = by_key.get(key)
        if opt is None:
            raise OptionError(f"unknown option 'bot.{key}' (known: bot.timer, bot.seed)")
        try:
            v = int(value)
        except (TypeError, ValueError):
            v = value
        if v not in opt.choices:
            raise OptionError(f"option 'bot.{key}' ({opt.label}) must be one of {', '.join(map(str, opt.choices))}")
        out[key] = v
    for opt in BOT_OPTIONS:
        out.setdefault(opt.key, opt.default)
    return out
