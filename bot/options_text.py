"""Room options typed as text (`/table create options:` and `/calc options:`)."""

from __future__ import annotations

import json
from typing import Any

from engine.core import OptionError

from .table import BOT_OPTIONS


def json_object(text: str) -> dict[str, Any]:
    """A JSON object a player typed, or ValueError saying (in Chinese) what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"JSON 格式错误（第 {e.colno} 个字符附近）：{e.msg}") from None
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
