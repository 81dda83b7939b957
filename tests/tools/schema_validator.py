"""A small JSON Schema validator for the subset of draft 2020-12 the library's schemas use.

The library ships JSON Schemas (``scala40.schemas``) but depends on no validator; the
tests check data against the schemas with this one. It knows exactly the keywords
below and refuses a schema with any other, so that a schema can never use a keyword
whose check these tests would silently skip:

* annotations, ignored: ``$schema``, ``$id``, ``title``, ``description``, ``default``;
* ``$defs`` and ``$ref`` to ``#/$defs/NAME`` in the same document;
* ``type`` (a name or a list of names), ``const``, ``enum``;
* strings: ``pattern`` (searched, as JSON Schema does), ``minLength``, ``maxLength``;
* numbers: ``minimum``, ``maximum``;
* arrays: ``items``, ``prefixItems`` (the first items, each by its own schema),
  ``minItems``, ``maxItems``;
* objects: ``properties``, ``required``, ``additionalProperties`` (a boolean);
* ``oneOf``.

As JSON Schema says, a keyword about one type of value (``pattern``, ``items``,
``properties``...) holds for values of other types; ``1.0`` is an integer (a number
whose fraction is zero), and ``true`` is neither a number nor an integer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

__all__ = ["KEYWORDS", "SchemaError", "check_schema", "errors", "is_valid", "keywords_used"]

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "default"})
KEYWORDS = ANNOTATIONS | frozenset({
    "$defs", "$ref", "type", "const", "enum", "pattern", "minLength", "maxLength",
    "minimum", "maximum", "items", "prefixItems", "minItems", "maxItems", "properties",
    "required", "additionalProperties", "oneOf",
})  # fmt: skip
"""Every keyword the validator knows."""

TYPES = frozenset({"null", "boolean", "integer", "number", "string", "array", "object"})


class SchemaError(Exception):
    """The schema itself uses something this validator does not know."""


def _is_type(value: object, name: str) -> bool:
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "string":
        return isinstance(value, str)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, Mapping)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if name == "number":
        return isinstance(value, int) or math.isfinite(value)
    # integer: a number without a fraction
    return isinstance(value, int) or (math.isfinite(value) and value == int(value))


def _equal(a: object, b: object) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return set(a) == set(b) and all(_equal(a[key], b[key]) for key in a)
    return a == b


def check_schema(schema: Mapping[str, Any], root: Mapping[str, Any] | None = None) -> None:
    """Raise :class:`SchemaError` if ``schema`` (or any part of it) uses a keyword or a
    form this validator does not know."""
    root = schema if root is None else root
    if not isinstance(schema, Mapping):
        raise SchemaError(f"a schema must be an object, got {schema!r}")
    unknown = sorted(set(schema) - KEYWORDS)
    if unknown:
        raise SchemaError(f"unknown keywords {unknown}")
    kinds = schema.get("type", [])
    for kind in [kinds] if isinstance(kinds, str) else kinds:
        if kind not in TYPES:
            raise SchemaError(f"unknown type {kind!r}")
    if "pattern" in schema:
        re.compile(schema["pattern"])
    if "$ref" in schema:
        _resolve(root, schema["$ref"])
    if "additionalProperties" in schema and not isinstance(schema["additionalProperties"], bool):
        raise SchemaError("additionalProperties must be a boolean here")
    for part in (schema.get("items"), *schema.get("prefixItems", ())):
        if part is not None:
            check_schema(part, root)
    for group in ("properties", "$defs"):
        for part in schema.get(group, {}).values():
            check_schema(part, root)
    for part in schema.get("oneOf", []):
        check_schema(part, root)


def _resolve(root: Mapping[str, Any], ref: str) -> Mapping[str, Any]:
    prefix = "#/$defs/"
    if not ref.startswith(prefix) or ref[len(prefix) :] not in root.get("$defs", {}):
        raise SchemaError(f"unresolvable $ref {ref!r}")
    found: Mapping[str, Any] = root["$defs"][ref[len(prefix) :]]
    return found


def errors(
    value: object,
    schema: Mapping[str, Any],
    root: Mapping[str, Any] | None = None,
    path: str = "$",
) -> list[str]:
    """Every way ``value`` fails ``schema``, each as ``path: what``; empty if it is valid."""
    root = schema if root is None else root
    found: list[str] = []
    if "$ref" in schema:
        found += errors(value, _resolve(root, schema["$ref"]), root, path)
    if "type" in schema:
        kinds = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
        if not any(_is_type(value, kind) for kind in kinds):
            return [*found, f"{path}: expected {'/'.join(kinds)}, got {value!r:.80}"]
    if "const" in schema and not _equal(value, schema["const"]):
        found.append(f"{path}: expected {schema['const']!r}, got {value!r:.80}")
    if "enum" in schema and not any(_equal(value, item) for item in schema["enum"]):
        found.append(f"{path}: expected one of {schema['enum']!r}, got {value!r:.80}")
    if isinstance(value, str):
        if "pattern" in schema and re.search(schema["pattern"], value) is None:
            found.append(f"{path}: {value!r:.80} does not match {schema['pattern']!r}")
        if len(value) < schema.get("minLength", 0):
            found.append(f"{path}: shorter than {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            found.append(f"{path}: longer than {schema['maxLength']} characters")
    if _is_type(value, "number"):
        number: float = value  # type: ignore[assignment]
        if "minimum" in schema and number < schema["minimum"]:
            found.append(f"{path}: {number!r} is below {schema['minimum']}")
        if "maximum" in schema and number > schema["maximum"]:
            found.append(f"{path}: {number!r} is above {schema['maximum']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            found.append(f"{path}: more than {schema['maxItems']} items")
        prefix = schema.get("prefixItems", [])
        for index, (item, part) in enumerate(zip(value, prefix)):
            found += errors(item, part, root, f"{path}[{index}]")
        if "items" in schema:
            for index, item in enumerate(value[len(prefix) :], len(prefix)):
                found += errors(item, schema["items"], root, f"{path}[{index}]")
    if isinstance(value, Mapping):
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                found.append(f"{path}: missing {name!r}")
        for name, item in value.items():
            if name in properties:
                found += errors(item, properties[name], root, f"{path}.{name}")
            elif schema.get("additionalProperties", True) is False:
                found.append(f"{path}: unknown property {name!r}")
    if "oneOf" in schema:
        results = [errors(value, part, root, path) for part in schema["oneOf"]]
        matches = sum(1 for result in results if not result)
        if matches != 1:
            closest = min(results, key=len) if matches == 0 else []
            found.append(f"{path}: matches {matches} of the oneOf choices, not one")
            found += closest
    return found


def is_valid(value: object, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` is valid against ``schema``."""
    return not errors(value, schema)


def keywords_used(node: object, named: bool = False) -> set[str]:
    """The keywords a schema uses (the names of its properties and $defs left out), for
    the tests that hold the schemas page's list of keywords to the schemas' own."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if not named:
                found.add(key)
            found |= keywords_used(value, not named and key in ("properties", "$defs"))
    elif isinstance(node, list):
        for item in node:
            found |= keywords_used(item)
    return found
