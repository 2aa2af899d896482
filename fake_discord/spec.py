"""Discord's published OpenAPI spec (MIT): which of its operations each route the fake serves is, and why the
spec refuses a request body (:func:`schema_problem`).

The spec is ``../shared/discord-api-spec`` beside the repository (the copy CI reads), else the copy vendored in
``tests/data``, so a clone on its own still checks every request. ``jsonschema`` comes with the test extra: a
plain install runs the demo without it (:func:`contract_available`).
"""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .records import UnknownRoute
from .spec_fast import KEYWORDS, inline_refs, simplify

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

_REPO = Path(__file__).resolve().parents[1]
SHARED_SPEC = _REPO.parent / "shared" / "discord-api-spec" / "openapi.json"
VENDORED_SPEC = _REPO / "tests" / "data" / "discord-api-spec" / "openapi.json"
SPEC_PATH = SHARED_SPEC if SHARED_SPEC.is_file() else VENDORED_SPEC
_SPEC_URI = "urn:discord-openapi"

# Every route the fake edge serves (discord.py's method and path template) and the spec's operation for it.
# The path parameters are named differently (discord.py's interaction callback says {webhook_id}/{webhook_token},
# the spec {interaction_id}/{interaction_token}), so the operation id is the stable key.
SPEC_OPERATIONS: dict[tuple[str, str], str] = {
    ("GET", "/users/@me"): "get_my_user",
    ("GET", "/oauth2/applications/@me"): "get_my_oauth2_application",
    ("PUT", "/applications/{application_id}/commands"): "bulk_set_application_commands",
    ("POST", "/users/@me/channels"): "create_dm",
    ("GET", "/applications/{application_id}/emojis"): "list_application_emojis",
    ("POST", "/applications/{application_id}/emojis"): "create_application_emoji",
    ("GET", "/applications/{application_id}/emojis/{emoji_id}"): "get_application_emoji",
    ("PATCH", "/applications/{application_id}/emojis/{emoji_id}"): "update_application_emoji",
    ("DELETE", "/applications/{application_id}/emojis/{emoji_id}"): "delete_application_emoji",
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
SNOWFLAKE = {"type": ["string", "integer"], "pattern": "^(0|[1-9][0-9]*)$", "minimum": 0}


class Spec:
    """The published spec loaded once per process, with one compiled validator per operation (the suite
    checks thousands of bodies: compiling is the expensive part, validating a body is cheap)."""

    def __init__(self, path: Path) -> None:
        # Imported here: ``jsonschema`` comes with the test extra (see contract_available)
        from jsonschema import Draft202012Validator, validators  # type: ignore[import-untyped]
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        if not path.is_file():
            raise FileNotFoundError(f"Discord's OpenAPI spec is missing at {path}: the fake edge checks every "
                                    "request against it (clone ../shared beside the repository)")
        spec = json.loads(path.read_text(encoding="utf-8"))
        spec["components"]["schemas"]["SnowflakeType"] = SNOWFLAKE
        simplify(spec)
        inline_refs(spec)
        self._compile = validators.extend(Draft202012Validator, KEYWORDS)
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


_LOADED: list[Spec] = []


def contract_available() -> bool:
    """Whether this install can check requests against the spec: the test extra and the spec are present."""
    return SPEC_PATH.is_file() and all(find_spec(m) is not None for m in ("emoji", "jsonschema"))


def load_spec() -> Spec:
    """The spec at SPEC_PATH, loaded on first use."""
    if not _LOADED:
        _LOADED.append(Spec(SPEC_PATH))
    return _LOADED[0]


def schema_problem(method: str, path: str, body: Any) -> str | None:
    """Why Discord's spec refuses ``body`` on this route (JSON path and reason), or None.

    Multipart requests are checked through their ``payload_json`` part, which carries the same fields."""
    op_id = SPEC_OPERATIONS.get((method, path))
    if op_id is None:
        return f"route {method} {path} is not mapped to an operation of Discord's spec"
    from jsonschema.exceptions import relevance  # type: ignore[import-untyped]

    validator = load_spec().validator(op_id)
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
