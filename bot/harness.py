"""The network edge replaced: a fake Discord that answers discord.py's REST calls and feeds it gateway events.

Everything above the transport is the real library — client, connection state, interactions, views,
DynamicItems, request building — so tests and the offline demo exercise exactly the code that runs
against Discord. Only two functions are replaced (facts of discord.py 2.7.x, pinned in pyproject):

* ``discord.http.HTTPClient.request(route, *, files, form, **kw)``: every bot REST call;
* ``discord.webhook.async_.AsyncWebhookAdapter.request(route, session, *, payload, multipart, ...)``:
  interaction callbacks, followups and ``@original`` edits.

The world keeps guilds, channels, members, messages and every request made (``calls``), answers each
known route with a realistic payload, and raises :class:`UnknownRoute` for anything else. Gateway events
are fed through the connection's own parsers (``parse_ready``, ``parse_guild_create``,
``parse_interaction_create``).

Every request body is held to what Discord itself enforces (:func:`request_problem`): the message limits,
component emoji Discord knows, and the request schema of the route's operation in Discord's published
OpenAPI spec (``SPEC_PATH``, beside the clone as ``../shared``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.http import Route
from discord.webhook import async_ as webhook_async

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

DISCORD_EPOCH_MS = 1420070400000
MANAGE_GUILD = 1 << 5
# What an ordinary member may do in a text channel (view, send, read history, use app commands ...).
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 6) | (1 << 14) | (1 << 15)


@dataclass(frozen=True, slots=True)
class UserOption:
    """A slash-command option of type USER (Discord sends the id plus the resolved user and member)."""

    user_id: int


class UnknownRoute(AssertionError):
    """The bot called a route the fake does not model: a test must notice, not pass silently."""


def payload_limit_problem(body: dict[str, Any]) -> str | None:
    """Discord's documented message limits (design.md), which the real API enforces and the fake edge must
    too: content 2,000; embed description 4,096, 25 fields, 6,000 in all; 5 action rows of 5 buttons or one
    select; custom_id 100; button label 80; 25 options per select."""
    if len(body.get("content") or "") > 2000:
        return "content over 2,000 characters"
    for e in body.get("embeds") or []:
        if len(e.get("description") or "") > 4096 or len(e.get("fields") or []) > 25:
            return "embed description over 4,096 characters or more than 25 fields"
        total = len(e.get("title") or "") + len(e.get("description") or "") + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or [])
        if total > 6000:
            return "embed over 6,000 characters"
    rows = body.get("components") or []
    if len(rows) > 5:
        return "more than 5 action rows"
    for row in rows:
        items = row.get("components") or []
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if len(items) > 5 or (selects and len(items) > 1):
            return "an action row holds more than 5 buttons, or a select beside something else"
        for c in items:
            if len(c.get("custom_id") or "") > 100:
                return f"custom_id over 100 characters: {c.get('custom_id')!r}"
            if c.get("type") == 2 and len(c.get("label") or "") > 80:
                return "button label over 80 characters"
            if len(c.get("options") or []) > 25:
                return "select with more than 25 options"
            if any(len(o.get("label") or "") > 100 for o in c.get("options") or []):
                return "select option label over 100 characters"
    return None


# -- uploads --------------------------------------------------------------------------------------------

MAX_FILES = 10  # attachments per message
MAX_UPLOAD = 10 * 1024 * 1024  # bytes per file without boosts (the interaction's attachment_size_limit below)
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
    will hold. ``existing``: the edited message's attachments (kept when ``attachments`` is absent)."""
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


# -- Discord's request contract -----------------------------------------------------------------------

# Discord's published OpenAPI spec (MIT): ../shared's copy when it is beside the repo (the one CI reads),
# else the copy vendored with the tests, so a clone on its own still checks every request.
_SHARED_SPEC = Path(__file__).resolve().parents[1].parent / "shared" / "discord-api-spec" / "openapi.json"
_VENDORED_SPEC = Path(__file__).resolve().parents[1] / "tests" / "data" / "discord-api-spec" / "openapi.json"
SPEC_PATH = _SHARED_SPEC if _SHARED_SPEC.is_file() else _VENDORED_SPEC
_SPEC_URI = "urn:discord-openapi"

# Every route the fake edge serves (discord.py's method and path template) and the spec's operation for it.
# The path parameters are named differently (discord.py's interaction callback says {webhook_id}/{webhook_token},
# the spec {interaction_id}/{interaction_token}), so the operation id is the stable key.
SPEC_OPERATIONS: dict[tuple[str, str], str] = {
    ("GET", "/users/@me"): "get_my_user",
    ("GET", "/oauth2/applications/@me"): "get_my_oauth2_application",
    ("PUT", "/applications/{application_id}/commands"): "bulk_set_application_commands",
    ("POST", "/users/@me/channels"): "create_dm",
    ("POST", "/channels/{channel_id}/messages"): "create_message",
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): "update_message",
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): "delete_message",
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): "create_interaction_response",
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "get_original_webhook_message",
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "update_original_webhook_message",
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "get_webhook_message",
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "update_webhook_message",
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): "execute_webhook",
}

# discord.py sends snowflakes as JSON integers (recipient_id, allowed_mentions users, custom emoji ids ...),
# which Discord accepts; the spec types them as digit strings. Both forms pass, and a string must still be
# digits. (``pattern`` applies to strings only, ``minimum`` to numbers only.)
_SNOWFLAKE = {"type": ["string", "integer"], "pattern": "^(0|[1-9][0-9]*)$", "minimum": 0}


class _Spec:
    """The published spec loaded once per process, with one compiled validator per operation (the suite
    checks thousands of bodies: compiling is the expensive part, validating a body is cheap)."""

    def __init__(self, path: Path) -> None:
        # Imported here: ``emoji`` and ``jsonschema`` come with the test extra, and a plain install runs the
        # demo through this module without them (see contract_available).
        from jsonschema import Draft202012Validator, validators  # type: ignore[import-untyped]
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        if not path.is_file():
            raise FileNotFoundError(f"Discord's OpenAPI spec is missing at {path}: the fake edge checks every "
                                    "request against it (clone ../shared beside the repository)")
        spec = json.loads(path.read_text(encoding="utf-8"))
        spec["components"]["schemas"]["SnowflakeType"] = _SNOWFLAKE
        _simplify(spec)
        _inline_refs(spec)
        self._compile = validators.extend(Draft202012Validator, {"x-by-kind": _by_kind, "x-null-or": _null_or,
                                                                  "properties": _properties})
        self.registry = Registry().with_resource(
            _SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012))
        where = {op["operationId"]: (p, m, op) for p, ops in spec["paths"].items() for m, op in ops.items()
                 if isinstance(op, dict) and "operationId" in op}
        missing = sorted(set(SPEC_OPERATIONS.values()) - set(where))
        if missing:
            raise UnknownRoute(f"operations the fake edge serves are not in Discord's spec: {missing}")
        self.operations = {op_id: where[op_id] for op_id in SPEC_OPERATIONS.values()}
        self._validators: dict[str, Any] = {}

    def validator(self, op_id: str) -> Any:
        """The validator of the operation's JSON request body; None for an operation that takes no body."""
        if op_id not in self._validators:
            path, method, op = self.operations[op_id]
            v = None
            if "application/json" in (op.get("requestBody") or {}).get("content", {}):
                pointer = "/".join(x.replace("~", "~0").replace("/", "~1") for x in
                                   ("paths", path, method, "requestBody", "content", "application/json", "schema"))
                v = self._compile({"$ref": f"{_SPEC_URI}#/{pointer}"}, registry=self.registry)
            self._validators[op_id] = v
        return self._validators[op_id]


# Two keywords of the fake edge's own, for unions the spec spells as ``oneOf`` (see _simplify). A ``oneOf``
# tries every branch: a message row tries seven component kinds, each of whose ``type`` tries twenty named
# constants, and checking a played match's bodies took ~5 ms each. These check the one branch that applies.
def _by_kind(validator: Any, kinds: dict[Any, Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    """``{"x-by-kind": {value: schema}}``: an object is checked against the kind its ``type`` names (an unknown
    or missing ``type`` is refused by the ``enum``/``required`` beside it)."""
    kind = instance.get("type") if isinstance(instance, dict) else None
    if isinstance(kind, int | str) and kind in kinds:
        yield from validator.descend(instance, kinds[kind])


def _null_or(validator: Any, inner: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """``{"x-null-or": schema}``: null, or valid under ``schema``."""
    if instance is not None:
        yield from validator.descend(instance, inner)


def _properties(validator: Any, properties: dict[str, Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    """jsonschema's ``properties``, with a shortcut: a plain field (a string of bounded length, a number, a
    flag) that is plainly valid is accepted without a descent, which costs more than the check. Anything
    else, and any doubt, goes to jsonschema, which then also words the error."""
    if not isinstance(instance, dict):
        return
    for prop, subschema in properties.items():
        if prop in instance:
            key = id(subschema)
            if key not in _PLAIN:
                _PLAIN[key] = _plain_check(subschema)
            plain = _PLAIN[key]
            if plain is not None and plain(instance[prop]):
                continue
            yield from validator.descend(instance[prop], subschema, path=prop, schema_path=prop)


# A field schema of the loaded spec (by id: the spec lives as long as _SPEC) -> its check, None if not plain
_PLAIN: dict[int, Callable[[Any], bool] | None] = {}
_PLAIN_KEYS = {"type", "enum", "maxLength", "minLength", "minimum", "maximum", "format", "title", "description"}
_PLAIN_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool), "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
}


def _plain_check(schema: Any) -> Callable[[Any], bool] | None:
    """A check that says True only when ``schema`` surely accepts the value; None if it is not a plain field.
    (``format`` is not asserted in JSON Schema 2020-12 without a format checker, as jsonschema does it.)"""
    if not isinstance(schema, dict) or not set(schema) <= _PLAIN_KEYS or "type" not in schema:
        return None
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    if not set(types) <= set(_PLAIN_TYPES):
        return None
    kinds = [_PLAIN_TYPES[t] for t in types]
    lo, hi = schema.get("minLength", 0), schema.get("maxLength")
    low, high = schema.get("minimum"), schema.get("maximum")
    enum = schema.get("enum")

    def check(v: Any) -> bool:
        if not any(k(v) for k in kinds):
            return False
        if enum is not None and not any(type(e) is type(v) and e == v for e in enum):
            return False
        if isinstance(v, str):
            return lo <= len(v) and (hi is None or len(v) <= hi)
        if isinstance(v, int) and not isinstance(v, bool):
            return (low is None or v >= low) and (high is None or v <= high)
        return True

    return check


def _simplify(spec: dict[str, Any]) -> None:
    """Rewrite the spec's unions into equivalent schemas that are cheap to check and precise to explain:
    named constants (``oneOf: [{const: 1}, ...]``) are an ``enum``; kinds told apart by a required ``type``
    with disjoint values are ``x-by-kind``; "null or X" is ``x-null-or``; an ``allOf`` that only restates a
    named-constant type already narrowed by an ``enum`` beside it is dropped. Anything else is left alone."""
    schemas = spec["components"]["schemas"]
    nodes = list(_walk(spec))
    for node in nodes:
        for key in ("oneOf", "anyOf"):
            branches = node.get(key)
            if ("enum" not in node and isinstance(branches, list) and all(
                    isinstance(b, dict) and "const" in b and set(b) <= {"title", "description", "const"}
                    for b in branches)):
                consts = [b["const"] for b in branches]
                if len(consts) == len(set(consts)):
                    del node[key]
                    node["enum"] = consts

    def target(ref_schema: Any) -> Any:
        if isinstance(ref_schema, dict) and set(ref_schema) == {"$ref"}:
            return schemas.get(ref_schema["$ref"].rpartition("/")[2])
        return None

    for node in nodes:
        restated = node.get("allOf")
        if "enum" in node and isinstance(restated, list) and all(
                set(node["enum"]) <= set((target(r) or {}).get("enum") or ()) for r in restated):
            del node["allOf"]
        for key in ("oneOf", "anyOf"):
            branches = node.get(key)
            if not isinstance(branches, list) or "x-null-or" in node:
                continue
            kinds = [b for b in branches if b != {"type": "null"}]
            nullable = len(kinds) < len(branches)
            if len(kinds) == 1 and nullable:
                del node[key]
                node["x-null-or"] = kinds[0]
                continue
            targets = [target(b) for b in kinds]
            if len(kinds) < 2 or not all(t and "type" in (t.get("required") or []) and "enum" in
                                         t.get("properties", {}).get("type", {}) for t in targets):
                continue
            by_kind = {v: b for b, t in zip(kinds, targets, strict=True) for v in t["properties"]["type"]["enum"]}
            if len(by_kind) != sum(len(t["properties"]["type"]["enum"]) for t in targets):
                continue  # two kinds share a value: not a dispatch
            dispatch = {"type": "object", "required": ["type"], "properties": {"type": {"enum": list(by_kind)}},
                        "x-by-kind": by_kind}
            del node[key]
            if nullable:
                node["x-null-or"] = dispatch
            else:
                node.setdefault("allOf", []).append(dispatch)


def _inline_refs(spec: dict[str, Any]) -> None:
    """Put each referenced schema in place of its ``{"$ref": ...}`` (the same object, not a copy): looking a
    reference up costs as much as checking a field. A reference back into a schema being inlined is kept."""
    schemas = spec["components"]["schemas"]
    done: set[int] = set()

    def resolve(node: Any, stack: tuple[str, ...]) -> Any:
        if isinstance(node, dict) and set(node) == {"$ref"} and node["$ref"].startswith("#/components/schemas/"):
            name = node["$ref"].rpartition("/")[2]
            if name in stack:
                return node
            visit(schemas[name], (*stack, name))
            return schemas[name]
        visit(node, stack)
        return node

    def visit(node: Any, stack: tuple[str, ...]) -> None:
        if id(node) in done:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                node[k] = resolve(v, stack)
        elif isinstance(node, list):
            node[:] = [resolve(v, stack) for v in node]
        else:
            return
        done.add(id(node))

    visit(spec["paths"], ())


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


_SPEC: list[_Spec] = []


def contract_available() -> bool:
    """Whether this install can check requests against the spec: the test extra and the spec are present."""
    return SPEC_PATH.is_file() and all(find_spec(m) is not None for m in ("emoji", "jsonschema"))


def spec() -> _Spec:
    if not _SPEC:
        _SPEC.append(_Spec(SPEC_PATH))
    return _SPEC[0]


def schema_problem(method: str, path: str, body: Any) -> str | None:
    """Why Discord's spec refuses ``body`` on this route (JSON path and reason), or None.

    Multipart requests are checked through their ``payload_json`` part, which carries the same fields."""
    op_id = SPEC_OPERATIONS.get((method, path))
    if op_id is None:
        return f"route {method} {path} is not mapped to an operation of Discord's spec"
    from jsonschema.exceptions import relevance  # type: ignore[import-untyped]

    validator = spec().validator(op_id)
    if validator is None:
        return None if body is None else f"{op_id} takes no request body"
    error = max(validator.iter_errors(body), key=relevance, default=None)
    if error is None:
        return None
    error = _innermost(error)
    return f"{op_id}: at {_json_path(error)}: {error.message}"


def _innermost(error: ValidationError) -> ValidationError:
    """Inside a union (a component is one of seven kinds, a field is null or an object), the reason lies in
    the branch the body meant: the one whose value type and ``type`` matched. Without this descent the message
    is only 'is not valid under any of the given schemas'."""
    from jsonschema.exceptions import relevance  # type: ignore[import-untyped]

    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)
        meant = [errs for errs in branches.values() if not any(_misfit(e) for e in errs)]
        if len(meant) == 1:
            error = max(meant[0], key=relevance)
        else:
            # A reason every kind gives (a component without ``type``) is the reason; else the union's own
            common = set.intersection(*({e.message for e in errs} for errs in branches.values()))
            return next((e for e in error.context if e.message in common), error)
    return error


def _misfit(error: ValidationError) -> bool:
    """The branch is for another kind of value: wrong JSON type, or another ``type`` discriminator."""
    path = list(error.relative_path)
    return (not path and error.validator == "type") or path == ["type"]


def _json_path(error: ValidationError) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


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


def emoji_problem(body: Any) -> str | None:
    """A component emoji (button, select option, anywhere in the body) must be a Unicode emoji Discord knows
    or a custom emoji (an ``id``); Discord refuses anything else with 50035 Invalid emoji, and the whole
    message is not posted. 🂠 (a playing-card back) looks like one but is a plain symbol."""
    import emoji as emoji_db

    for where, e in _emojis(body):
        if e is None:
            continue
        if not isinstance(e, dict):
            return f"{where}: {e!r} is not an emoji object"
        if e.get("id"):
            continue
        name = e.get("name")
        if not (isinstance(name, str) and emoji_db.is_emoji(name)):
            return f"{where}: {name!r} is neither a Unicode emoji Discord knows nor a custom emoji (50035 Invalid emoji)"
    return None


def request_problem(method: str, path: str, body: Any, *, contract: bool = True) -> str | None:
    """Why Discord would refuse this request body, or None: the emoji first (the sharpest message), then the
    spec's schema, then the message limits the spec does not state (embed totals, one select per row ...).
    ``contract=False`` checks the limits alone (no test extra, no spec)."""
    problem = (emoji_problem(body) or schema_problem(method, path, body)) if contract else None
    if problem is None and isinstance(body, dict):
        message = body.get("data") if path.endswith("/callback") else body
        problem = payload_limit_problem(message) if isinstance(message, dict) else None
    return problem


@dataclass(slots=True)
class Call:
    """One recorded request: where it went and the JSON body discord.py built."""

    method: str
    path: str
    url: str
    body: dict[str, Any] | None
    channel_id: int | None = None  # the channel a message went to (resolved for interaction replies)
    ephemeral: bool = False
    kind: str = "rest"  # "rest" | "interaction"
    at: float = 0.0
    sent: Any = None  # the request body as sent, when it differs from ``body`` (a callback's {type, data})
    files: list[Upload] = field(default_factory=list)  # the files uploaded with it (multipart)


@dataclass
class _FakeResponse:
    status: int
    reason: str


@dataclass(slots=True)
class Fault:
    """One injected failure of a REST call, as Discord and the network produce them.

    ``status``/``code`` make discord.py's own exception (Forbidden for 403, NotFound for 404,
    DiscordServerError for 5xx, HTTPException otherwise) from a response and a JSON body, exactly as
    ``HTTPClient.request`` builds it. ``network`` raises a connection reset instead. ``hang`` holds the
    request until the test sets the event (what a 429 looks like from above: discord.py sleeps the
    retry_after inside the request), then it goes through."""

    status: int = 503
    code: int = 0
    message: str = "Service Unavailable"
    network: bool = False
    hang: asyncio.Event | None = None
    times: int | None = 1  # None: every matching call fails (a deleted channel stays deleted)
    hits: int = 0

    def exception(self) -> Exception:
        if self.network:
            return aiohttp.ClientOSError(104, "Connection reset by peer")
        response = _FakeResponse(self.status, self.message)
        body = {"code": self.code, "message": self.message}
        cls = {403: discord.Forbidden, 404: discord.NotFound}.get(self.status)
        if cls is None:
            cls = discord.DiscordServerError if self.status >= 500 else discord.HTTPException
        return cls(response, body)  # type: ignore[arg-type]


REASONS = {503: "Service Unavailable", 500: "Internal Server Error", 404: "Not Found", 403: "Forbidden",
           400: "Bad Request"}


@dataclass
class PendingInteraction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None
    fed_at: float
    responded: asyncio.Future[float]
    replies: list[dict[str, Any]] = field(default_factory=list)

    @property
    def first(self) -> dict[str, Any]:
        return self.replies[0] if self.replies else {}

    def text(self) -> str:
        """All reply content and embed text of this interaction, for assertions."""
        return "\n".join(_payload_text(p) for p in self.replies)

    @property
    def ephemeral(self) -> bool:
        return bool(self.replies) and bool(self.replies[0].get("flags", 0) & 64)


def _payload_text(p: dict[str, Any]) -> str:
    parts = [p.get("content") or ""]
    for e in p.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
    return "\n".join(x for x in parts if x)


class FakeDiscord:
    """A small, consistent Discord: snowflakes, guilds, channels, members, DMs, messages."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self.app_id = self.snowflake()
        self.bot_user = {"id": str(self.app_id), "username": "HunanTables", "discriminator": "0000",
                         "global_name": "湖南牌桌", "avatar": None, "bot": True, "flags": 0}
        self.users: dict[int, dict[str, Any]] = {}
        self.guilds: dict[int, dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.members: dict[tuple[int, int], dict[str, Any]] = {}
        self.locales: dict[int, str] = {}  # user -> the locale their interactions carry
        self.dm_closed: set[int] = set()
        self.dm_of_user: dict[int, int] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> the message it made
        self.by_channel: dict[int, list[int]] = {}
        self.calls: list[Call] = []
        self.errors: list[str] = []
        self.pending: dict[str, PendingInteraction] = {}
        self.on_call: Callable[[Call], None] | None = None
        self.faults: list[tuple[str, int | None, Fault]] = []  # (method or "*", channel id or None, fault)
        self.record_calls = True
        # Tests refuse what Discord would refuse (request_problem); the benchmark skips every check, and the
        # demo skips emoji and schemas where the install lacks the test extra or ../shared.
        self.check_limits = True
        self.check_contract = True
        self._journal: int | None = None  # see keep_in
        self._shared: Path | None = None  # see share_interactions

    # -- Discord outlives the bot ------------------------------------------------------------------

    def keep_in(self, path: Path) -> None:
        """Keep the world's messages and DM channels in ``path``, as Discord keeps them whatever happens to the
        bot: a world built again in a new process (after the old one was killed) reads them back first. Each
        change is one ``write`` to the file as it happens, so a SIGKILL loses none the bot was answered for."""
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    self._replay(json.loads(line))
        self._journal = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def _replay(self, rec: dict[str, Any]) -> None:
        if rec["op"] == "dm":
            uid, cid = int(rec["user"]), int(rec["channel"])
            self.dm_of_user[uid] = cid
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [self.users[uid]],
                                  "last_message_id": None, "flags": 0}
        elif rec["op"] == "msg":
            msg = rec["msg"]
            mid = int(msg["id"])
            if mid not in self.messages:
                self.by_channel.setdefault(int(msg["channel_id"]), []).append(mid)
            self.messages[mid] = msg
        elif rec["op"] == "del":
            mid = int(rec["id"])
            msg = self.messages.pop(mid, None)
            if msg is not None:
                self.by_channel[int(msg["channel_id"])].remove(mid)
            self.deleted.add(mid)

    def share_interactions(self, path: Path) -> None:
        """Several worlds model one Discord (one world per bot process, tests/shards): each interaction fed to
        this world is also written to ``path``, and an answer through a token this world did not issue is
        looked up there, as Discord lets whoever holds a token answer (a forwarded click, answered by the
        process owning the table). The answer lands in the world of the process that sent it."""
        self._shared = path

    def _announce(self, pend: PendingInteraction) -> None:
        if self._shared is not None:
            rec = {"token": pend.token, "id": pend.id, "user": pend.user_id, "channel": pend.channel_id,
                   "message": pend.message_id}
            with self._shared.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")

    def _adopt(self, token: str) -> PendingInteraction | None:
        """An interaction another world issued (see share_interactions), now answered through this one."""
        if self._shared is None or not self._shared.exists():
            return None
        for line in self._shared.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["token"] == token:
                if int(rec["channel"]) not in self.channels:
                    return None
                fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
                pend = PendingInteraction(int(rec["id"]), token, int(rec["user"]), int(rec["channel"]),
                                          rec["message"], time.perf_counter(), fut)
                self.pending[token] = pend
                return pend
        return None

    def know_dm(self, user_id: int, channel_id: int) -> None:
        """The DM channel ``channel_id`` of ``user_id`` (which another world opened) exists here too, so a
        click on a message in it can be fed to this world's client."""
        if channel_id not in self.channels:
            self.channels[channel_id] = {"id": str(channel_id), "type": 1, "recipients": [self.users[user_id]],
                                         "last_message_id": None, "flags": 0}

    def _keep(self, rec: dict[str, Any]) -> None:
        if self._journal is not None:
            os.write(self._journal, (json.dumps(rec, ensure_ascii=False) + "\n").encode())

    # -- world building --------------------------------------------------------------------------

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def add_user(self, name: str, *, dm_closed: bool = False, locale: str = "zh-CN",
                 user_id: int | None = None) -> int:
        """A user; ``locale`` is their Discord client's language, sent with each of their interactions."""
        uid = user_id or self.snowflake()
        self.users[uid] = {"id": str(uid), "username": name, "discriminator": "0", "global_name": name,
                           "avatar": None, "bot": False, "flags": 0}
        self.locales[uid] = locale
        if dm_closed:
            self.dm_closed.add(uid)
        return uid

    def add_guild(self, name: str, owner_id: int, *, locale: str = "zh-CN", guild_id: int | None = None) -> int:
        """A guild (``guild_id`` to choose it, e.g. one on a given shard: :func:`guild_id_on_shard`)."""
        gid = guild_id or self.snowflake()
        self.guilds[gid] = {"id": str(gid), "name": name, "owner_id": str(owner_id), "channels": [], "threads": [],
                            "members": [], "roles": [{"id": str(gid), "name": "@everyone", "permissions":
                                                      str(MEMBER_PERMISSIONS), "position": 0, "color": 0,
                                                      "hoist": False, "managed": False, "mentionable": False,
                                                      "flags": 0}],
                            "emojis": [], "stickers": [], "features": [], "unavailable": False,
                            "member_count": 0, "large": False, "preferred_locale": locale,
                            "premium_tier": 0, "verification_level": 0, "default_message_notifications": 0,
                            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0,
                            "voice_states": [], "presences": [], "stage_instances": [],
                            "guild_scheduled_events": [], "joined_at": _iso(), "icon": None}
        self.add_member(gid, self.app_id)
        return gid

    def add_channel(self, guild_id: int, name: str, *, channel_id: int | None = None) -> int:
        cid = channel_id or self.snowflake()
        ch = {"id": str(cid), "type": 0, "guild_id": str(guild_id), "name": name, "position": len(self.channels),
              "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
              "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}
        self.channels[cid] = ch
        self.guilds[guild_id]["channels"].append(ch)
        return cid

    def add_thread(self, guild_id: int, parent_id: int, name: str) -> int:
        """A public thread under ``parent_id`` (tables may live in threads too)."""
        tid = self.snowflake()
        th = {"id": str(tid), "type": 11, "guild_id": str(guild_id), "name": name, "parent_id": str(parent_id),
              "owner_id": str(self.app_id), "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
              "message_count": 0, "member_count": 1,
              "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "locked": False,
                                  "archive_timestamp": _iso()}}
        self.channels[tid] = th
        self.guilds[guild_id]["threads"].append(th)
        return tid

    def add_member(self, guild_id: int, user_id: int, *, manage_guild: bool = False) -> None:
        user = self.bot_user if user_id == self.app_id else self.users[user_id]
        perms = MEMBER_PERMISSIONS | (MANAGE_GUILD if manage_guild else 0)
        member: dict[str, Any] = {"user": user, "roles": [], "joined_at": _iso(), "deaf": False, "mute": False, "flags": 0,
                  "nick": None, "avatar": None, "pending": False, "permissions": str(perms)}
        self.members[(guild_id, user_id)] = member
        g = self.guilds[guild_id]
        g["members"].append({k: v for k, v in member.items() if k != "permissions"})
        g["member_count"] = len(g["members"])  # discord.py checks it against the member list

    # -- attaching a client ----------------------------------------------------------------------

    async def attach(self, client: discord.Client) -> None:
        """Log ``client`` in through the fake edge and deliver READY + GUILD_CREATE for every guild.

        An ``AutoShardedClient`` gets one READY per shard it was given (``shard: [id, count]``) and the
        GUILD_CREATE of the guilds on those shards only, as the gateway sends them."""
        client.http.request = self._http_request  # type: ignore[method-assign]
        install_webhook_edge(self)
        await client.login("fake-token")
        state = client._connection
        state.guild_ready_timeout = 0  # nothing to wait for: every guild arrives in READY
        count, ids = client_shards(client)
        if isinstance(client, discord.AutoShardedClient):
            # what AutoShardedClient.launch_shards sets before the shards connect
            state.shard_count = count
            state.shard_ids = list(ids)  # type: ignore[attr-defined]
        for shard_id in ids:
            ready: Any = {"v": 10, "user": self.bot_user, "guilds": [], "session_id": f"fake-{shard_id}",
                          "resume_gateway_url": "wss://gateway.invalid", "shard": [shard_id, count],
                          "application": {"id": str(self.app_id), "flags": 0}}
            state.parse_ready(ready)
        for gid, g in self.guilds.items():
            if shard_of(gid, count) in ids:
                state.parse_guild_create(json.loads(json.dumps(g)))

    # -- REST ------------------------------------------------------------------------------------

    async def _http_request(self, route: Route, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        body = kw.get("json")
        if body is None and form:
            for part in form:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        await self._inject(route)
        return self._route(route, body, uploads_of(form))

    # -- fault injection -------------------------------------------------------------------------

    def inject(self, method: str, channel_id: int | None, *, status: int = 503, code: int = 0,
               message: str | None = None, network: bool = False, hang: asyncio.Event | None = None,
               times: int | None = 1) -> Fault:
        """Make the next ``times`` REST calls ``method`` ("POST", "PATCH", "DELETE" or "*") to ``channel_id``
        (None: any channel) fail or hang; faults are consumed in the order they were added."""
        fault = Fault(status, code, message or REASONS.get(status, "Error"), network, hang, times)
        self.faults.append((method, channel_id, fault))
        return fault

    def dm_channel(self, user_id: int) -> int:
        """The user's DM channel (opened now if it is not yet): faults can target a DM before the first one."""
        cid = self.dm_of_user.get(user_id)
        if cid is None:
            cid = self.dm_of_user[user_id] = self.snowflake()
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [self.users[user_id]],
                                  "last_message_id": None, "flags": 0}
            self._keep({"op": "dm", "user": user_id, "channel": cid})
        return cid

    async def _inject(self, route: Route) -> None:
        cid = _int(route.channel_id)
        for entry in self.faults:
            method, channel, fault = entry
            if method not in ("*", route.method) or (channel is not None and channel != cid):
                continue
            fault.hits += 1
            if fault.times is not None and fault.hits >= fault.times:
                self.faults.remove(entry)
            if fault.hang is not None:
                await fault.hang.wait()
                return
            raise fault.exception()

    def _record(self, call: Call) -> None:
        if self.check_limits:
            sent = call.body if call.sent is None else call.sent
            problem = request_problem(call.method, call.path, sent, contract=self.check_contract)
            if problem:
                self._fail(f"{call.method} {call.path}: Discord would reject this payload: {problem}")
        call.at = time.perf_counter()
        if self.record_calls:
            self.calls.append(call)
        if self.on_call is not None:
            self.on_call(call)

    def _fail(self, msg: str) -> None:
        self.errors.append(msg)
        raise UnknownRoute(msg)

    def _route(self, route: Route, body: Any, files: list[Upload] | None = None) -> Any:
        m, p, url = route.method, route.path, route.url
        files = files or []
        call = Call(m, p, url, body, channel_id=_int(route.channel_id), files=files)
        if files and (m, p) not in (("POST", "/channels/{channel_id}/messages"),
                                    ("PATCH", "/channels/{channel_id}/messages/{message_id}")):
            self._fail(f"files sent to {m} {p}, which takes none")
        if (m, p) == ("GET", "/users/@me"):
            return self.bot_user
        if (m, p) == ("GET", "/oauth2/applications/@me"):
            return {"id": str(self.app_id), "name": "Hunan Tables", "icon": None, "description": "",
                    "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                    "flags": 0, "owner": self.users[next(iter(self.users))] if self.users else self.bot_user,
                    "team": None, "summary": "", "rpc_origins": []}
        if (m, p) == ("PUT", "/applications/{application_id}/commands"):
            assert isinstance(body, list)
            self._record(Call(m, p, url, None, sent=body))
            return [dict(c, id=str(self.snowflake()), application_id=str(self.app_id), version=str(self.snowflake()))
                    for c in body]
        if (m, p) == ("POST", "/users/@me/channels"):
            self._record(call)
            assert body is not None
            uid = int(body["recipient_id"])
            if uid not in self.users:
                self._fail(f"DM to unknown user {uid}")
            return self.channels[self.dm_channel(uid)]
        if (m, p) == ("POST", "/channels/{channel_id}/messages"):
            cid = int(route.channel_id)  # type: ignore[arg-type]
            ch = self.channels.get(cid)
            if ch is None:
                self._fail(f"message to unknown channel {cid}")
            assert ch is not None and body is not None
            self._check_uploads(call, body, files, [])
            self._record(call)
            if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.dm_closed:
                raise discord.Forbidden(_FakeResponse(403, "Forbidden"),  # type: ignore[arg-type]
                                        {"code": 50007, "message": "Cannot send messages to this user"})
            return self._send_once(cid, body, files)
        if (m, p) == ("PATCH", "/channels/{channel_id}/messages/{message_id}"):
            mid = int(url.rsplit("/", 1)[1])
            msg = self.messages.get(mid)
            if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
                self._fail(f"edit of unknown message {mid}")
            assert msg is not None and body is not None
            self._check_uploads(call, body, files, msg["attachments"])
            self._record(call)
            return self._edit_message(msg, body, files)
        if (m, p) == ("DELETE", "/channels/{channel_id}/messages/{message_id}"):
            return self._delete_message(route)
        self._fail(f"unknown REST route {m} {p}")

    def _check_uploads(self, call: Call, message: dict[str, Any], files: list[Upload],
                       existing: list[dict[str, Any]]) -> None:
        if self.check_limits:
            problem = upload_problem(message, files, existing)
            if problem:
                self._fail(f"{call.method} {call.path}: Discord would reject this upload: {problem}")

    def _attachments(self, message: dict[str, Any], files: list[Upload],
                     existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The message's attachments after this request: those it keeps (all, when ``attachments`` is absent;
        those listed by id otherwise) and one per uploaded file, as Discord returns them."""
        listed = message.get("attachments")
        kept = list(existing) if listed is None else [
            a for a in existing if str(a["id"]) in {str(x.get("id")) for x in listed}]
        new = []
        for u in files:
            aid = self.snowflake()
            url = f"https://cdn.discordapp.com/attachments/0/{aid}/{u.filename}"
            new.append({"id": str(aid), "filename": u.filename, "size": len(u.data), "url": url, "proxy_url": url,
                        "content_type": "image/png" if u.filename.endswith(".png") else "application/octet-stream"})
        return kept + new

    def _send_once(self, channel_id: int, body: dict[str, Any], files: list[Upload] | None = None) -> dict[str, Any]:
        """Discord's enforce_nonce: a second send with a nonce it saw lately returns the first message."""
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:
            mid = self.nonces.get((channel_id, str(nonce)))
            if mid is not None and mid in self.messages:
                return self.messages[mid]
        msg = self._new_message(channel_id, body, files=files)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = int(msg["id"])
        return msg

    def _delete_message(self, route: Route) -> None:
        mid = int(route.url.rsplit("/", 1)[1])
        msg = self.messages.get(mid)
        if msg is None or int(msg["channel_id"]) != int(route.channel_id):  # type: ignore[arg-type]
            raise discord.NotFound(_FakeResponse(404, "Not Found"),  # type: ignore[arg-type]
                                   {"code": 10008, "message": "Unknown Message"})
        self._record(Call("DELETE", route.path, route.url, None, channel_id=_int(route.channel_id)))
        del self.messages[mid]
        self.by_channel[int(msg["channel_id"])].remove(mid)
        self.deleted.add(mid)
        self._keep({"op": "del", "id": mid})

    def _new_message(self, channel_id: int, body: dict[str, Any], *, flags: int = 0,
                     interaction_user: int | None = None, files: list[Upload] | None = None) -> dict[str, Any]:
        mid = self.snowflake()
        ch = self.channels.get(channel_id, {})
        msg = {"id": str(mid), "channel_id": str(channel_id), "author": self.bot_user, "content": body.get("content")
               or "", "embeds": body.get("embeds") or [], "components": _with_ids(body.get("components") or []),
               "attachments": self._attachments(body, files or [], []), "mentions": [], "mention_roles": [],
               "mention_everyone": False, "pinned": False, "tts": False, "type": 0 if interaction_user is None else 20, "timestamp": _iso(),
               "edited_timestamp": None, "flags": flags | (body.get("flags") or 0)}
        if "guild_id" in ch:
            msg["guild_id"] = ch["guild_id"]
        self.messages[mid] = msg
        self.by_channel.setdefault(channel_id, []).append(mid)
        self._keep({"op": "msg", "msg": msg})
        return msg

    def _edit_message(self, msg: dict[str, Any], body: dict[str, Any],
                      files: list[Upload] | None = None) -> dict[str, Any]:
        msg["attachments"] = self._attachments(body, files or [], msg["attachments"])
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = (_with_ids(body[key] or []) if key == "components" else body[key]) or (
                    "" if key == "content" else [])
        msg["edited_timestamp"] = _iso()
        self._keep({"op": "msg", "msg": msg})
        return msg

    # -- interactions (webhook edge) -------------------------------------------------------------

    async def _webhook_request(self, route: Route, session: Any = None, *, payload: dict[str, Any] | None = None,
                               multipart: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
        body = payload
        if body is None and multipart:
            for part in multipart:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
        m, p = route.method, route.path
        files = uploads_of(multipart)
        token = route.webhook_token or ""
        pend = self.pending.get(token) or self._adopt(token)
        if pend is None:
            self._fail(f"interaction route {m} {p} for unknown token")
        assert pend is not None
        if (m, p) == ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"):
            assert body is not None
            return self._callback(pend, body, route, files)
        if p in ("/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                 "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") and m in ("PATCH", "GET"):
            target = pend.message_id if pend.message_id else None
            if target is None or target not in self.messages:
                self._fail("@original edited before a response message exists")
            assert target is not None
            msg = self.messages[target]
            if m == "PATCH":
                assert body is not None
                call = Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction",
                            ephemeral=bool(msg["flags"] & 64), files=files)
                self._check_uploads(call, body, files, msg["attachments"])
                self._record(call)
                pend.replies.append(body)
                return self._edit_message(msg, body, files)
            return msg
        if (m, p) == ("POST", "/webhooks/{webhook_id}/{webhook_token}"):
            assert body is not None
            eph = bool((body.get("flags") or 0) & 64)
            call = Call(m, p, route.url, body, channel_id=pend.channel_id, kind="interaction", ephemeral=eph,
                        files=files)
            self._check_uploads(call, body, files, [])
            self._record(call)
            pend.replies.append(body)
            return self._new_message(pend.channel_id, body, interaction_user=pend.user_id, files=files)
        self._fail(f"unknown interaction route {m} {p}")

    def _callback(self, pend: PendingInteraction, body: dict[str, Any], route: Route,
                  files: list[Upload] | None = None) -> dict[str, Any]:
        files = files or []
        rtype = body["type"]
        data = body.get("data") or {}
        eph = bool((data.get("flags") or 0) & 64)
        if rtype == 7 and pend.message_id is not None:
            # an UPDATE_MESSAGE on an ephemeral message stays private to its owner
            eph = bool(self.messages.get(pend.message_id, {}).get("flags", 0) & 64)
        call = Call("POST", route.path, route.url, data, channel_id=pend.channel_id, kind="interaction",
                    ephemeral=eph, sent=body, files=files)
        if files and rtype not in (4, 7):
            self._fail(f"files with interaction callback type {rtype}, which takes none")
        existing = self.messages.get(pend.message_id or 0, {}).get("attachments", []) if rtype == 7 else []
        self._check_uploads(call, data, files, existing)
        self._record(call)
        pend.replies.append(data)
        if not pend.responded.done():
            pend.responded.set_result(time.perf_counter())
        resp: dict[str, Any] = {"interaction": {"id": str(pend.id), "type": 3, "response_message_loading": rtype == 5,
                                                "response_message_ephemeral": eph}}
        if rtype in (4, 5):
            msg = self._new_message(pend.channel_id, data if rtype == 4 else {"content": ""},
                                    flags=(64 if eph else 0) | (128 if rtype == 5 else 0),
                                    interaction_user=pend.user_id, files=files)
            pend.message_id = int(msg["id"])
            resp["interaction"]["response_message_id"] = msg["id"]
            resp["resource"] = {"type": rtype, "message": msg}
        elif rtype == 7:
            updated = self.messages.get(pend.message_id or 0)
            if updated is None:
                self._fail("UPDATE_MESSAGE on an unknown message")
            assert updated is not None
            self._edit_message(updated, data, files)
            resp["interaction"]["response_message_id"] = updated["id"]
            resp["resource"] = {"type": 7, "message": updated}
        elif rtype != 6:
            self._fail(f"unsupported interaction callback type {rtype}")
        return resp

    # -- feeding interactions --------------------------------------------------------------------

    def _route_to(self, client: discord.Client, channel_id: int, misroute: bool) -> None:
        """The gateway delivers a guild's interaction only on the guild's shard, and a DM's only on shard 0:
        feeding one to a client that does not hold that shard is a test's mistake (``misroute`` makes it on
        purpose, to see the bot refuse what it should never have received)."""
        count, ids = client_shards(client)
        gid = self.channels[channel_id].get("guild_id")
        shard = shard_of(int(gid), count) if gid is not None else 0
        if shard not in ids and not misroute:
            self._fail(f"the gateway sends {'guild ' + str(gid) if gid else 'DM'} events to shard {shard} of "
                       f"{count}; this client holds shards {list(ids)}")

    def _base_interaction(self, user_id: int, channel_id: int, itype: int) -> tuple[dict[str, Any], PendingInteraction]:
        iid = self.snowflake()
        token = f"tok{iid}"
        ch = self.channels[channel_id]
        data: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "token": token, "version": 1,
            "channel_id": str(channel_id), "channel": ch, "locale": self.locales.get(user_id, "zh-CN"),
            "entitlements": [],
            "app_permissions": str(MEMBER_PERMISSIONS), "attachment_size_limit": 10 * 1024 * 1024,
        }
        if "guild_id" in ch:
            gid = int(ch["guild_id"])
            data |= {"guild_id": str(gid), "guild_locale": self.guilds[gid]["preferred_locale"],
                     "member": self.members[(gid, user_id)],
                     "authorizing_integration_owners": {"0": str(gid)}, "context": 0}
        else:
            data |= {"user": self.users[user_id], "authorizing_integration_owners": {"1": str(user_id)}, "context": 1}
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        pend = PendingInteraction(iid, token, user_id, channel_id, None, time.perf_counter(), fut)
        self.pending[token] = pend
        return data, pend

    def feed_command(self, client: discord.Client, user_id: int, channel_id: int, command: str,
                     misroute: bool = False, **options: Any) -> PendingInteraction:
        """Feed a slash command, e.g. ``feed_command(bot, uid, cid, "table create", variant="toy")``."""
        self._route_to(client, channel_id, misroute)
        data, pend = self._base_interaction(user_id, channel_id, 2)
        names = command.split()
        opts = []
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for k, v in options.items():
            if v is None:
                continue
            if isinstance(v, UserOption):
                resolved["users"][str(v.user_id)] = self.users[v.user_id]
                gid = self.channels[channel_id].get("guild_id")
                if gid is not None:
                    member = self.members[(int(gid), v.user_id)]
                    resolved["members"][str(v.user_id)] = {k2: x for k2, x in member.items() if k2 != "user"}
                opts.append({"name": k, "type": 6, "value": str(v.user_id)})
            else:
                opts.append({"name": k, "type": _option_type(v), "value": v})
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data["data"] = {"id": str(self.snowflake()), "name": names[0], "type": 1, "options": opts}
        if resolved["users"]:
            data["data"]["resolved"] = resolved
        if "guild_id" in data:
            data["data"]["guild_id"] = data["guild_id"]
        pend.fed_at = time.perf_counter()
        self._announce(pend)
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    def feed_click(self, client: discord.Client, user_id: int, message_id: int, custom_id: str,
                   values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
        """Feed a component interaction on a message the bot sent (button, or select with ``values``).

        ``message`` is the message as the clicker saw it (a snapshot taken earlier): a double click or a
        click on a panel that was edited meanwhile carries the old components, as Discord sends them."""
        msg = message if message is not None else self.messages[message_id]
        self._route_to(client, int(msg["channel_id"]), False)
        data, pend = self._base_interaction(user_id, int(msg["channel_id"]), 3)
        pend.message_id = message_id
        ctype = 2 if values is None else 3
        for row in msg.get("components", []):
            for comp in row.get("components", []):
                if comp.get("custom_id") == custom_id:
                    ctype = comp["type"]
        data["message"] = msg
        data["data"] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["data"]["values"] = values
        pend.fed_at = time.perf_counter()
        self._announce(pend)
        client._connection.parse_interaction_create(data)  # type: ignore[arg-type]
        return pend

    async def wait(self, pend: PendingInteraction, timeout: float = 5.0) -> PendingInteraction:
        """Wait until the bot answered ``pend`` (Discord's 3-second window, with slack for slow CI)."""
        try:
            await asyncio.wait_for(asyncio.shield(pend.responded), timeout)
        except TimeoutError:
            raise AssertionError(f"interaction {pend.token} was never answered") from None
        return pend

    # -- queries for tests and the demo ----------------------------------------------------------

    def components_of(self, message_id: int) -> list[dict[str, Any]]:
        return [c for row in self.messages[message_id].get("components", []) for c in row.get("components", [])]

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        return [self.messages[mid] for mid in self.by_channel.get(channel_id, [])]

    def latest_dm(self, user_id: int) -> int | None:
        """The newest panel in the user's DM; a private error reply below it is not a panel to click."""
        cid = self.dm_of_user.get(user_id)
        for mid in reversed(self.by_channel.get(cid or 0, [])):
            if not self.messages.get(mid, {}).get("flags", 0) & 64:
                return mid
        return None

    def is_guild_channel(self, channel_id: int | None) -> bool:
        return channel_id is not None and "guild_id" in self.channels.get(channel_id, {})

    def public_calls(self) -> list[Call]:
        """Every payload anyone in a guild channel could see (ephemeral replies excluded)."""
        return [c for c in self.calls if c.body is not None and not c.ephemeral and self.is_guild_channel(c.channel_id)]


def shard_of(guild_id: int, count: int) -> int:
    """Discord's shard for a guild (discord.py's ``Guild.shard_id``)."""
    return (guild_id >> 22) % count


def client_shards(client: discord.Client) -> tuple[int, tuple[int, ...]]:
    """(shard count, the shards this client holds): one shard of one for a plain client."""
    if isinstance(client, discord.AutoShardedClient):
        count = client.shard_count or 1
        return count, tuple(client.shard_ids if client.shard_ids is not None else range(count))
    return 1, (0,)


def guild_id_on_shard(shard: int, count: int, n: int = 0) -> int:
    """A guild snowflake (created now, ``n`` distinguishes several) that lands on ``shard`` of ``count``."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    ms += (shard - ms) % count
    return (ms << 22) | (0x3FF000 + n)


_ACTIVE: list[FakeDiscord] = []
_REAL_WEBHOOK_REQUEST = webhook_async.AsyncWebhookAdapter.request


def install_webhook_edge(world: FakeDiscord) -> None:
    """Route interaction webhooks to ``world``. The adapter is a process-wide singleton in discord.py,
    so the most recently attached world answers (tests and the demo run one world at a time)."""
    _ACTIVE[:] = [world]

    async def request(self: Any, route: Route, session: Any = None, **kw: Any) -> Any:
        return await _ACTIVE[0]._webhook_request(route, session, **kw)

    webhook_async.AsyncWebhookAdapter.request = request  # type: ignore[method-assign]


def uninstall_webhook_edge() -> None:
    _ACTIVE.clear()
    webhook_async.AsyncWebhookAdapter.request = _REAL_WEBHOOK_REQUEST  # type: ignore[method-assign]


def _with_ids(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Discord numbers components in its answer; harmless for the library and makes payloads realistic.
    n = itertools.count(1)
    out = []
    for row in rows:
        row = dict(row, id=next(n))
        if "components" in row:
            row["components"] = [dict(c, id=next(n)) for c in row["components"]]
        out.append(row)
    return out


def _option_type(v: Any) -> int:
    if isinstance(v, bool):
        return 5
    if isinstance(v, int):
        return 4
    if isinstance(v, discord.abc.Snowflake):
        return 6
    return 3


def _int(v: Any) -> int | None:
    return int(v) if v is not None else None


def _iso() -> str:
    return datetime.now(UTC).isoformat()



# -- playing by clicking (tests and the demo) ------------------------------------------------------

ACTION_ID = re.compile(r"ht:[bs]:")


def action_choices(world: FakeDiscord, message_id: int | None) -> list[tuple[str, list[str] | None]]:
    """Every (custom_id, values) a player could click on a panel: each button, each option of each select."""
    if message_id is None:
        return []
    out: list[tuple[str, list[str] | None]] = []
    for comp in world.components_of(message_id):
        cid = comp.get("custom_id", "")
        if not ACTION_ID.match(cid):
            continue
        if comp["type"] == 2:
            if not comp.get("disabled"):
                out.append((cid, None))
        else:
            out += [(cid, [o["value"]]) for o in comp.get("options", [])]
    return out


def card_picker(world: FakeDiscord, message_id: int | None) -> str | None:
    """The custom id of a panel's card multi-select (跑得快), if it has one."""
    if message_id is None:
        return None
    return next((c["custom_id"] for c in world.components_of(message_id)
                 if c.get("type") == 3 and str(c.get("custom_id", "")).startswith("ht:c:")), None)


def random_play_cards(game: Any, seat: int, rng: Any) -> list[str]:
    """Concrete cards (suits at random among a rank's copies) for a random legal play of ``seat``."""
    from engine.registry import get_variant

    from .present.registry import presenter_for

    plays = [a for a in game.legal_actions(seat) if a.kind != "pass"]
    if not plays:
        return []
    view = game.view(seat)
    codes = list(view["hand_codes"])
    rng.shuffle(codes)
    return presenter_for(get_variant(view["variant"]).family).cards_for(codes, rng.choice(plays))


async def click(world: FakeDiscord, client: Any, user_id: int, message_id: int, custom_id: str,
                values: list[str] | None = None, message: dict[str, Any] | None = None) -> PendingInteraction:
    """Click and wait until the bot answered and delivered everything that click caused."""
    pend = await world.wait(world.feed_click(client, user_id, message_id, custom_id, values, message))
    await client.service.idle()
    return pend


async def command(world: FakeDiscord, client: Any, user_id: int, channel_id: int, name: str,
                  **options: Any) -> PendingInteraction:
    pend = await world.wait(world.feed_command(client, user_id, channel_id, name, **options))
    await client.service.idle()
    return pend


def player_panel(world: FakeDiscord, client: Any, user_id: int) -> int | None:
    return world.latest_dm(user_id)


async def ephemeral_panel(world: FakeDiscord, client: Any, user_id: int, channel_id: int) -> int | None:
    """The DMs-closed path: "查看我的手牌" on the channel's table message answers with a private panel."""
    table = client.service.table_in(channel_id)
    if table is None or table.hand_no not in table.hand_messages:
        return None
    mid = table.hand_messages[table.hand_no]
    pend = await click(world, client, user_id, mid, f"ht:hand:{table.id}")
    return pend.message_id


async def play_match(world: FakeDiscord, client: Any, channel_id: int, users: list[int], rng: Any,
                     *, max_clicks: int = 20000, stop_after: int | None = None,
                     on_click: Callable[[int, str, list[str] | None], None] | None = None) -> int:
    """Humans click a random legal control on their own panel until the table ends; returns clicks made."""
    service = client.service
    clicks = 0
    while service.table_in(channel_id) is not None:
        table = service.table_in(channel_id)
        game = table.game
        waiting = set(game.to_act()) if game is not None else set()
        progressed = False
        for uid in users:
            seat = table.seat_of(uid)
            if seat is None or seat not in waiting or table.seats[seat].auto:
                continue
            if uid in world.dm_closed:
                mid = await ephemeral_panel(world, client, uid, channel_id)
            else:
                mid = player_panel(world, client, uid)
            choices = action_choices(world, mid)
            picker = card_picker(world, mid)
            if mid is None or not (choices or picker):
                continue
            if picker is not None and rng.random() < 0.7:
                # 跑得快: pick the cards of a random legal play (any suits) in the multi-select, then 出牌
                cards = random_play_cards(game, seat, rng)
                if cards:
                    if on_click is not None:
                        on_click(uid, picker, cards)
                    await click(world, client, uid, mid, picker, cards)
                    clicks += 1
                    choices = [(c, None) for c, v in action_choices(world, mid) if c.startswith(f"{picker.replace(':c:', ':b:')}:=")]
            if not choices:
                continue
            cid, values = rng.choice(choices)
            if on_click is not None:
                on_click(uid, cid, values)
            await click(world, client, uid, mid, cid, values)
            clicks += 1
            progressed = True
            if stop_after is not None and clicks >= stop_after:
                return clicks
            break  # state changed: look again from the top
        if not progressed:
            version = table.version
            await service.idle()
            if service.table_in(channel_id) is table and table.version == version:
                raise AssertionError(f"table stalled: {waiting} must act but nothing moves")
        if clicks >= max_clicks:
            raise AssertionError("too many clicks: the match does not end")
    return clicks
