"""The fake edge refuses what Discord would refuse, so every test checks every payload against the limits."""

from __future__ import annotations

from typing import Any

from fake_discord.refusals import payload_limit_problem


def button(label: str = "胡", custom_id: str = "x") -> dict:
    return {"type": 2, "label": label, "custom_id": custom_id, "style": 1}


def test_limits() -> None:
    assert payload_limit_problem({"content": "好" * 2000}) is None
    assert payload_limit_problem({"content": "好" * 2001})
    assert payload_limit_problem({"embeds": [{"description": "x" * 4097}]})
    assert payload_limit_problem({"embeds": [{"title": "t" * 256, "fields": [{"name": "n", "value": "v" * 1024}] * 6}]})
    assert payload_limit_problem({"components": [{"type": 1, "components": [button()]}] * 6})
    assert payload_limit_problem({"components": [{"type": 1, "components": [button()] * 6}]})
    assert payload_limit_problem({"components": [{"type": 1, "components": [button(custom_id="c" * 101)]}]})
    assert payload_limit_problem({"components": [{"type": 1, "components": [button(label="l" * 81)]}]})
    select: dict[str, Any] = {"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert payload_limit_problem({"components": [{"type": 1, "components": [select]}]})
    select["options"] = select["options"][:25]
    assert payload_limit_problem({"components": [{"type": 1, "components": [select]}]}) is None
    assert payload_limit_problem({"components": [{"type": 1, "components": [select, button()]}]})
    full = [{"type": 1, "components": [button(custom_id=f"{r}.{i}") for i in range(5)]} for r in range(5)]
    assert payload_limit_problem({"components": full}) is None
    # Discord refuses two controls with one custom_id in a message
    assert payload_limit_problem({"components": [{"type": 1, "components": [button()] * 2}]})
