"""Why Discord would refuse a request body: an emoji it does not know, a body outside its spec, or a message
over its documented limits (:func:`request_problem` asks all three, the sharpest reason first)."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from .layout import SELECTS, action_rows, controls, is_v2, v2_problem
from .spec import schema_problem


def payload_limit_problem(body: dict[str, Any]) -> str | None:
    """Discord's documented message limits (design.md), which the real API enforces and the fake edge must
    too: content 2,000; embed description 4,096, 25 fields, 6,000 in all; 5 action rows of 5 buttons or one
    select; custom_id 100 and unique in the message; button label 80; 25 options per select; and Components V2's rules
    (``layout.v2_problem``: the flag, 40 components, 4,000 characters of text displays), action rows wherever
    they sit."""
    if len(body.get("content") or "") > 2000:
        return "content over 2,000 characters"
    for e in body.get("embeds") or []:
        if len(e.get("description") or "") > 4096 or len(e.get("fields") or []) > 25:
            return "embed description over 4,096 characters or more than 25 fields"
        total = len(e.get("title") or "") + len(e.get("description") or "") + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or [])
        if total > 6000:
            return "embed over 6,000 characters"
    components = body.get("components") or []
    problem = v2_problem(body)
    if problem:
        return problem
    if not is_v2(body) and len(components) > 5:
        return "more than 5 action rows"
    for row in action_rows(components):
        items = row.get("components") or []
        selects = [c for c in items if c.get("type") in SELECTS]
        if len(items) > 5 or (selects and len(items) > 1):
            return "an action row holds more than 5 buttons, or a select beside something else"
    ids = [str(c["custom_id"]) for c in controls(components) if c.get("custom_id")]
    if len(ids) != len(set(ids)):
        return f"custom_id used twice in one message: {sorted(i for i in ids if ids.count(i) > 1)[0]!r}"
    for c in controls(components):
        if len(c.get("custom_id") or "") > 100:
            return f"custom_id over 100 characters: {c.get('custom_id')!r}"
        if c.get("type") == 2 and len(c.get("label") or "") > 80:
            return "button label over 80 characters"
        if len(c.get("options") or []) > 25:
            return "select with more than 25 options"
        if any(len(o.get("label") or "") > 100 for o in c.get("options") or []):
            return "select option label over 100 characters"
    return None


def _emojis(node: Any, where: str = "$") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "emoji":
                yield f"{where}.emoji", v
            else:
                yield from _emojis(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _emojis(v, f"{where}[{i}]")


def emoji_problem(body: Any, custom: Collection[int] | None = None) -> str | None:
    """A component emoji (button, select option, anywhere in the body) must be a Unicode emoji Discord knows
    or a custom emoji (an ``id``; one of ``custom``, the application's own, where the caller knows them);
    Discord refuses anything else with 50035 Invalid emoji, and the whole message is not posted. 🂠 (a
    playing-card back) looks like one but is a plain symbol."""
    import emoji as emoji_db  # the test extra (see spec.contract_available)

    for where, e in _emojis(body):
        if e is None:
            continue
        if not isinstance(e, dict):
            return f"{where}: {e!r} is not an emoji object"
        if e.get("id"):
            if custom is not None and int(e["id"]) not in custom:
                return f"{where}: custom emoji {e['id']} is not one of the application's (50035 Invalid emoji)"
            continue
        name = e.get("name")
        if not (isinstance(name, str) and emoji_db.is_emoji(name)):
            return f"{where}: {name!r} is neither a Unicode emoji Discord knows nor a custom emoji (50035 Invalid emoji)"
    return None


def request_problem(method: str, path: str, body: Any, *, contract: bool = True,
                    custom_emojis: Collection[int] | None = None) -> str | None:
    """Why Discord would refuse this request body, or None: the emoji first (the sharpest message), then the
    spec's schema, then the message limits the spec does not state (embed totals, one select per row ...).
    ``contract=False`` checks the limits alone (no test extra, no spec)."""
    problem = (emoji_problem(body, custom_emojis) or schema_problem(method, path, body)) if contract else None
    if problem is None and isinstance(body, dict):
        message = body.get("data") if path.endswith("/callback") else body
        problem = payload_limit_problem(message) if isinstance(message, dict) else None
    return problem
