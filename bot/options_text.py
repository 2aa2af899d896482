"""Room options typed as text (`/table create options:` and `/calc options:`)."""

from __future__ import annotations

import json
from typing import Any

from engine.core import OptionError


def parse_options_text(text: str) -> dict[str, Any]:
    """``"key=value key2=value2"`` (commas or spaces) or a JSON object."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise OptionError(f"options JSON is malformed: {e.msg}") from None
        if not isinstance(data, dict):
            raise OptionError("options must be a JSON object")
        return data
    out: dict[str, Any] = {}
    for part in text.replace("，", ",").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise OptionError(f"option {part!r} must look like key=value")
        out[key] = value
    return out
