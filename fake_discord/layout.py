"""Components V2 (``IS_COMPONENTS_V2``, flag 1 << 15): the layout components Discord added in 2025 (containers,
sections, text displays, media galleries, separators, files, thumbnails) and the rules its API holds them to that
its OpenAPI spec cannot state. A message is classic (content, embeds, up to five action rows) or V2 (components
only); the readers here walk either, so a test reads a message's words and clicks its controls the same way."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    1, 2, 9, 10, 11, 12, 13, 14, 17)
SELECTS = (3, 5, 6, 7, 8)
LAYOUT_ONLY = {SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
MAX_COMPONENTS = 40  # in all, nested ones counted (a V2 message)
MAX_TEXT = 4000  # characters of every text display of a V2 message together
ATTACHMENT_REF = "attachment://"


def is_v2(message: dict[str, Any]) -> bool:
    return bool((message.get("flags") or 0) & COMPONENTS_V2)


def walk(components: Any) -> Iterator[dict[str, Any]]:
    """Every component of a message in document order, nested ones after their parent (a section's texts, then
    its accessory)."""
    for c in components or []:
        if not isinstance(c, dict):
            continue
        yield c
        yield from walk(c.get("components"))
        if isinstance(c.get("accessory"), dict):
            yield from walk([c["accessory"]])
        if isinstance(c.get("component"), dict):  # a modal's label holds one component
            yield from walk([c["component"]])


def texts(components: Any) -> list[str]:
    """The text displays' contents, in order."""
    return [c.get("content") or "" for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def controls(components: Any) -> list[dict[str, Any]]:
    """Every button and select, wherever it sits (an action row, a section's accessory)."""
    return [c for c in walk(components) if c.get("type") == BUTTON or c.get("type") in SELECTS]


def action_rows(components: Any) -> list[dict[str, Any]]:
    return [c for c in walk(components) if c.get("type") == ACTION_ROW]


def media_refs(components: Any) -> list[str]:
    """The file names a V2 message's media galleries, thumbnails and files name by ``attachment://``."""
    return [u[len(ATTACHMENT_REF):] for u in media_urls(components) if u.startswith(ATTACHMENT_REF)]


def media_urls(components: Any) -> list[str]:
    """The addresses a V2 message's media galleries, thumbnails and files show (a stored message's name its
    attachments' own)."""
    urls = []
    for c in walk(components):
        if c.get("type") == MEDIA_GALLERY:
            urls += [(item.get("media") or {}).get("url") for item in c.get("items") or []]
        elif c.get("type") == THUMBNAIL:
            urls.append((c.get("media") or {}).get("url"))
        elif c.get("type") == FILE:
            urls.append((c.get("file") or {}).get("url"))
    return [u for u in urls if isinstance(u, str)]


def _has_words(message: dict[str, Any]) -> bool:
    return bool(message.get("content")) or bool(message.get("embeds"))


def v2_problem(message: dict[str, Any]) -> str | None:
    """Why Discord refuses this message body as to Components V2, or None. With the flag: no content, no embeds
    (nor poll or stickers), at most 40 components counting nested ones, text displays of 4,000 characters in all.
    Without it: layout components cannot be sent at all (only action rows at the top)."""
    components = message.get("components") or []
    if not is_v2(message):
        layout = [c.get("type") for c in walk(components) if c.get("type") in LAYOUT_ONLY]
        if layout:
            return f"component type {layout[0]} needs the IS_COMPONENTS_V2 flag (1 << 15)"
        return None
    if _has_words(message) or message.get("poll") or message.get("sticker_ids"):
        return "a message with IS_COMPONENTS_V2 cannot have content, embeds, a poll or stickers"
    total = sum(1 for _ in walk(components))
    if total > MAX_COMPONENTS:
        return f"{total} components (nested ones counted): Discord takes at most {MAX_COMPONENTS}"
    chars = sum(len(t) for t in texts(components))
    if chars > MAX_TEXT:
        return f"text displays of {chars} characters in all: Discord takes at most {MAX_TEXT}"
    return None


def edit_problem(before: dict[str, Any], body: dict[str, Any]) -> str | None:
    """Why Discord refuses an edit of the stored message ``before``: a message once sent with IS_COMPONENTS_V2
    keeps it (an edit cannot drop the flag, nor give the message content or embeds)."""
    if not is_v2(before):
        return None
    if "flags" in body and body["flags"] is not None and not body["flags"] & COMPONENTS_V2:
        return "the IS_COMPONENTS_V2 flag cannot be removed from a message once sent with it"
    if _has_words(body):
        return "a message with IS_COMPONENTS_V2 cannot be given content or embeds"
    return None


def flags_after_edit(before: dict[str, Any], body: dict[str, Any]) -> int:
    """The message's flags after an edit: IS_COMPONENTS_V2 may be set (a classic message whose content and embeds
    the edit clears), never cleared; SUPPRESS_EMBEDS follows the body."""
    old = before.get("flags") or 0
    new = body.get("flags")
    if new is None:
        return int(old)
    return int((old & ~4) | (new & (4 | COMPONENTS_V2)) | (old & COMPONENTS_V2))


PHONE_COLUMNS = 44  # what one line of a message holds on a phone ~400 px wide: 44 Latin letters, 22 Chinese
_MARKS = re.compile(r"\*\*|__|~~|`|^#{1,3} |^-# |^> ")
_CUSTOM_EMOJI = re.compile(r"<a?:\w+:\d+>")


def _columns(line: str) -> int:
    line = _CUSTOM_EMOJI.sub("EE", _MARKS.sub("", line))
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def phone_lines(message: dict[str, Any], columns: int = PHONE_COLUMNS) -> int:
    """The lines a phone shows of a message, pictures aside: each line of its words wrapped at ``columns`` (a
    Chinese character two columns, a custom emoji two), an embed's title and footer lines counted, and one line
    per row of controls (an action row, or a section's button beside its text adding none)."""
    words: list[str] = [message.get("content") or ""]
    for e in message.get("embeds") or []:
        words += [e.get("title") or "", e.get("description") or ""]
        words += [f"{f.get('name')}\n{f.get('value')}" for f in e.get("fields") or []]
        words.append((e.get("footer") or {}).get("text") or "")
    words += texts(message.get("components"))
    lines = [line for w in words if w for line in w.split("\n")]
    shown = sum(max(1, -(-_columns(line) // columns)) for line in lines)
    return shown + len(action_rows(message.get("components")))
