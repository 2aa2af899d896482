"""Files sent with a message (multipart ``files[n]`` parts) and the rules Discord holds them to."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .layout import media_refs

MAX_FILES = 10  # attachments per message
MAX_UPLOAD = 10 * 1024 * 1024  # bytes per file without boosts (an interaction's attachment_size_limit)
_ATTACHMENT_REF = "attachment://"


@dataclass(frozen=True, slots=True)
class Upload:
    """One file of a multipart request: the ``files[n]`` part's index, file name and bytes."""

    index: int
    filename: str
    data: bytes


def uploads_of(parts: Any) -> list[Upload]:
    """The files of a multipart body (discord.py's ``form`` / ``multipart`` list), read as Discord reads them."""
    out = []
    for part in parts or []:
        name = str(part.get("name") or "")
        m = re.fullmatch(r"files\[(\d+)\]", name)
        if m is None:
            continue
        value = part.get("value")
        data = value.read() if hasattr(value, "read") else bytes(value or b"")
        out.append(Upload(int(m.group(1)), str(part.get("filename") or ""), data))
    return out


def _embed_refs(message: dict[str, Any]) -> list[str]:
    refs = []
    for e in message.get("embeds") or []:
        for key in ("image", "thumbnail", "author", "footer"):
            url = (e.get(key) or {}).get("url") or (e.get(key) or {}).get("icon_url")
            if isinstance(url, str) and url.startswith(_ATTACHMENT_REF):
                refs.append(url[len(_ATTACHMENT_REF):])
    return refs


def upload_problem(message: dict[str, Any], uploads: list[Upload], existing: list[dict[str, Any]]) -> str | None:
    """Why Discord would refuse a message's files, or None: at most 10 attachments of at most 10 MiB each, each
    with a plain file name; the ``attachments`` array of payload_json naming each upload by its index (and
    only attachments the message has by id); every ``attachment://`` of an embed naming a file the message
    will hold; every ``attachment://`` of a Components V2 media gallery, thumbnail or file naming a file uploaded
    with this very request. ``existing``: the edited message's attachments (kept when ``attachments`` is absent)."""
    problem = _upload_problem(message, uploads, existing)
    if problem is None:
        uploaded = {u.filename for u in uploads}
        for ref in media_refs(message.get("components")):
            if ref not in uploaded:
                return (f"a media gallery, thumbnail or file refers to attachment://{ref}, which was not uploaded with "
                        "this request")
    return problem


def _upload_problem(message: dict[str, Any], uploads: list[Upload], existing: list[dict[str, Any]]) -> str | None:
    if len(uploads) > MAX_FILES:
        return f"{len(uploads)} files: Discord takes at most {MAX_FILES}"
    for u in uploads:
        if len(u.data) > MAX_UPLOAD:
            return f"{u.filename!r} is {len(u.data):,} bytes, over the {MAX_UPLOAD:,}-byte upload limit"
        if not u.filename or "/" in u.filename or "\\" in u.filename or len(u.filename) > 255:
            return f"bad file name {u.filename!r}"
    listed = message.get("attachments")
    if uploads and listed is None:
        return "files without an attachments array in payload_json"
    names = {a.get("filename") for a in existing}
    if listed is not None:
        if len(listed) > MAX_FILES:
            return f"{len(listed)} attachments: Discord takes at most {MAX_FILES}"
        by_index = {u.index: u for u in uploads}
        old = {str(a.get("id")): a for a in existing}
        names = set()
        for a in listed:
            aid = a.get("id")
            if isinstance(aid, int) and aid in by_index:
                if a.get("filename") not in (None, by_index[aid].filename):
                    return f"attachment {aid} names {a.get('filename')!r}, its file is {by_index[aid].filename!r}"
                names.add(by_index[aid].filename)
            elif str(aid) in old:
                names.add(old[str(aid)].get("filename"))
            else:
                return f"attachment {aid!r} is neither an uploaded file nor one the message has"
        unlisted = sorted(set(by_index) - {a.get("id") for a in listed})
        if unlisted:
            return f"uploaded files[{unlisted[0]}] is not in the attachments array"
    for ref in _embed_refs(message):
        if ref not in names:
            return f"embed refers to attachment://{ref}, which the message does not hold"
    return None
