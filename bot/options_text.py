"""Room options typed as text (`/table create options:` and `/calc options:`)."""

from __future__ import annotations

import json
from typing import Any

from engine.core import OptionError


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
