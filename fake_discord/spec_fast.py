"""Discord's OpenAPI spec made cheap to check, without changing what it accepts.

The suite checks thousands of request bodies. The spec spells its unions as ``oneOf``, which tries every
branch: a message row tries seven component kinds, each of whose ``type`` tries twenty named constants, and
checking a played match's bodies took ~5 ms each. :func:`simplify` rewrites those unions into two keywords of
the fake's own that check the one branch that applies (:data:`KEYWORDS`), and :func:`inline_refs` puts each
referenced schema in place, since looking a reference up costs as much as checking a field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]


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


# The keywords a validator of the simplified spec needs (``validators.extend(Draft202012Validator, KEYWORDS)``)
KEYWORDS: dict[str, Callable[..., Iterator[Any]]] = {
    "x-by-kind": _by_kind, "x-null-or": _null_or, "properties": _properties}

# A field schema of the loaded spec (by id: the spec lives as long as the process) -> its check, None if not plain
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


def simplify(spec: dict[str, Any]) -> None:
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


def inline_refs(spec: dict[str, Any]) -> None:
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
