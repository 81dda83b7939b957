"""The library's documents, their loaders and their JSON Schemas, for the tests that hold
the three together (``tests/protocol/test_loaders_agree.py``, ``tests/tools/
test_release_documents.py``).

A *document* is a format's dictionary as JSON carries it: a state, a view, a move, a
ruleset, a game record or a tournament result of a game. Each has a loader (the library
function that reads it back, checking everything) and a JSON Schema (``scala40.schemas``).
This module gives:

* :func:`load`: a document of one format read back by its loader, and :func:`written`,
  a value written as its document again;
* :func:`validator`: the format's schema as a real JSON Schema validator (``jsonschema``,
  draft 2020-12) that resolves the protocols' references to the games' schemas (the
  referee's protocol, ``serve.request`` and ``serve.answer``, too where scala40-server
  is installed: its tests validate with them), with
  two differences from the ``jsonschema`` package's defaults, both as the schemas page
  says: a number written with a fraction is no integer, nor equal to one in ``const``
  and ``enum`` (JSON Schema's data model counts ``1.0`` as the integer 1; the loaders
  read an integer only as the library writes it), and a pattern's ``$`` ends the text,
  as in the regular expressions of ECMA-262 that JSON Schema names (Python's ``re``,
  which the package uses, lets a final newline through: ``"7S\n"`` would be a card);
* :func:`walk`: each place of a document with the part of its schema that describes it;
* :func:`release_documents`: the documents a release of the library wrote, saved under
  ``tests/golden/v<release>/`` (one JSON line a document, ``{"kind", "document"}``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import referencing
import referencing.jsonschema

from scala40.game import Game
from scala40.records import GameRecord
from scala40.schemas import BUILTIN_GAMES, KINDS, PROTOCOLS, json_schema, protocol_schema
from scala40.tournament import TournamentResult
from scala40.view_json import view_from_dict

__all__ = [
    "GOLDEN",
    "RELEASE_GAMES",
    "Path_",
    "accepts",
    "is_valid",
    "load",
    "release_documents",
    "resolved",
    "same_json",
    "schema_of",
    "validator",
    "walk",
    "written",
]

Path_ = tuple[str | int, ...]
"""A place in a document: the keys and indexes that lead to it."""

GOLDEN = Path(__file__).resolve().parent / "golden"
"""Where the saved documents of each release lie (``v0.2.0/<game>.jsonl``,
``v0.3.0/<game>.jsonl``, ``v0.4.0/<game>.jsonl``)."""

RELEASE_GAMES: Mapping[str, tuple[str, ...]] = {
    "0.2.0": ("scala40", "skarney", "rumino", "chinchon", "laconga"),
    "0.3.0": ("scala40", "skarney", "rumino", "chinchon", "laconga"),
    "0.4.0": ("scala40", "skarney", "rumino", "chinchon", "laconga"),
}
"""The games each release had, whose documents it wrote: a game added since has none of
that release to read back (:func:`release_documents`)."""


def load(kind: str, game: Game, data: Any) -> Any:
    """``data`` read back by the loader of ``kind`` (one of ``scala40.schemas.KINDS``) of
    ``game``: the value, or the library's error."""
    if kind == "state":
        return game.state_from_dict(data)
    if kind == "move":
        return game.move_from_dict(data)
    if kind == "ruleset":
        return game.ruleset_type.from_dict(data)
    if kind == "record":
        return GameRecord.from_dict(data)
    if kind == "view":
        return view_from_dict(data, game.name)
    assert kind == "tournament", kind
    return TournamentResult.from_dict(data)


def written(kind: str, game: Game, value: Any) -> Any:
    """The document of ``value``, a value of ``kind`` of ``game`` (what :func:`load`
    reads): a move's by its game, whose format its dictionary names, any other value's
    by itself."""
    if kind == "move":
        return game.move_to_dict(value)
    return value.to_dict()


def same_json(first: object, second: object) -> bool:
    """JSON equality as the loaders read JSON: ``true`` is not ``1``, and ``1.0`` is not
    ``1`` (Python's ``==`` holds both equal)."""
    if isinstance(first, bool) or isinstance(second, bool):
        return type(first) is type(second) and first == second
    if isinstance(first, float) or isinstance(second, float):
        return type(first) is type(second) and first == second
    if isinstance(first, list) and isinstance(second, list):
        return len(first) == len(second) and all(map(same_json, first, second))
    if isinstance(first, Mapping) and isinstance(second, Mapping):
        return first.keys() == second.keys() and all(
            same_json(first[key], second[key]) for key in first
        )
    return type(first) is type(second) and first == second


# (jsonschema ships no type information: Any to mypy, as where the other tests use it.)
jsonschema: Any = importlib.import_module("jsonschema")


def _is_integer(checker: Any, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def _const(validator: Any, const: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not same_json(instance, const):
        yield jsonschema.ValidationError(f"{const!r} was expected")


def _enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not any(same_json(instance, choice) for choice in enums):
        yield jsonschema.ValidationError(f"{instance!r} is not one of {enums!r}")


@functools.cache
def _ecma(pattern: str) -> re.Pattern[str]:
    # A final "$" ends the text, as ECMA-262's does without the m flag.
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + "\\Z"
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    if isinstance(instance, str) and not _ecma(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


_Validator: Any = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    validators={"const": _const, "enum": _enum, "pattern": _pattern},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)
"""Draft 2020-12, but a number with a fraction is never an integer and a pattern's ``$``
ends the text (see the module)."""


def _protocol_schemas() -> list[dict[str, Any]]:
    """The protocols' schemas: the rules' (``scala40.schemas.PROTOCOLS``), then the
    referee's (``scala40_server.protocol.SCHEMAS``) where scala40-server is installed:
    the rules' tests need no server, the server's validate its requests and answers."""
    documents = [protocol_schema(name) for name in PROTOCOLS]
    if importlib.util.find_spec("scala40_server") is not None:
        referee: Any = importlib.import_module("scala40_server.protocol")
        documents += [referee.protocol_schema(name) for name in referee.SCHEMAS]
    return documents


@functools.cache
def _documents() -> dict[str, dict[str, Any]]:
    """Every schema of the builtin games and of the protocols, by ``$id``."""
    documents = [json_schema(kind, game) for game in BUILTIN_GAMES for kind in KINDS]
    documents += _protocol_schemas()
    return {document["$id"]: document for document in documents}


@functools.cache
def _registry() -> Any:
    # Each resource without its "$schema": jsonschema would check a schema that names
    # its dialect with that dialect's own validator, not with this module's.
    return referencing.Registry().with_resources(
        (
            name,
            referencing.Resource.from_contents(
                {key: value for key, value in document.items() if key != "$schema"},
                default_specification=referencing.jsonschema.DRAFT202012,
            ),
        )
        for name, document in _documents().items()
    )


def schema_of(name: str) -> dict[str, Any]:
    """The schema whose ``$id`` is ``name`` plus ``.json`` (``chinchon.state``)."""
    return _documents()[f"{name}.json"]


def resolved(schema: Mapping[str, Any], root: Mapping[str, Any]) -> tuple[Any, Any]:
    """``schema`` with its ``$ref`` followed (to ``root``'s ``$defs`` or another
    schema's ``$id``), and the root it is then read in."""
    while "$ref" in schema:
        reference = schema["$ref"]
        file, _, fragment = reference.partition("#")
        if file:
            root = _documents()[file]
        target: Any = root
        for part in fragment.split("/")[1:]:
            target = target[part]
        schema = target
    return schema, root


def accepts(schema: Mapping[str, Any], root: Mapping[str, Any], value: Any) -> bool:
    """Whether ``schema``, a part of ``root``, accepts ``value``."""
    whole = {**schema, "$defs": root.get("$defs", {})} if "$defs" in root else schema
    return bool(_Validator(whole, registry=_registry()).is_valid(value))


def walk(
    schema: Mapping[str, Any], value: Any, root: Mapping[str, Any] | None = None, path: Path_ = ()
) -> Iterator[tuple[Path_, Any, Any]]:
    """Each place of ``value`` (the value itself, then each item and key's value, deep)
    with the part of ``schema`` that describes it and the root that part is read in:
    where a schema is one of several (``oneOf``, ``anyOf``), the first that accepts the
    value there. A place no part describes (an object's key the schema does not name,
    the free ``public`` of a view) is not walked into."""
    schema, root = resolved(schema, schema if root is None else root)
    yield path, schema, root
    for branch in schema.get("oneOf", schema.get("anyOf", ())):
        branch, branch_root = resolved(branch, root)
        if accepts(branch, branch_root, value):
            yield from walk(branch, value, branch_root, path)
            break
    if isinstance(value, dict):
        for key, item in value.items():
            part = schema.get("properties", {}).get(key)
            if part is not None:
                yield from walk(part, item, root, (*path, key))
    elif isinstance(value, list):
        prefix = schema.get("prefixItems", [])
        for index, item in enumerate(value):
            part = prefix[index] if index < len(prefix) else schema.get("items")
            if isinstance(part, Mapping):
                yield from walk(part, item, root, (*path, index))


@functools.cache
def validator(name: str) -> Any:
    """A validator of the schema whose ``$id`` is ``name`` plus ``.json`` (such as
    ``chinchon.state``, or ``serve.request`` where scala40-server is installed; a
    fragment may follow: ``serve.request#/$defs/apply``)."""
    file, _, fragment = name.partition("#")
    reference = f"{file}.json" + (f"#{fragment}" if fragment else "")
    return _Validator({"$ref": reference}, registry=_registry())


def is_valid(kind: str, game: Game, data: Any) -> bool:
    """Whether the schema of ``kind`` accepts ``data``: ``game``'s own, or, for a record
    or a tournament result (which name their game), the schema of any builtin game."""
    if kind in ("record", "tournament"):
        return any(validator(f"{name}.{kind}").is_valid(data) for name in BUILTIN_GAMES)
    return bool(validator(f"{game.name}.{kind}").is_valid(data))


@functools.cache
def _release_lines(release: str, game: str) -> tuple[str, ...]:
    path = GOLDEN / f"v{release}" / f"{game}.jsonl"
    return tuple(path.read_text(encoding="utf-8").splitlines())


def release_documents(release: str, game: str) -> list[tuple[str, Any]]:
    """The documents ``release`` of the library wrote for ``game``, each as ``(kind,
    document)``, freshly read (a caller may change them); none for a game the release did
    not have (:data:`RELEASE_GAMES`)."""
    if game not in RELEASE_GAMES[release]:
        return []
    found = []
    for line in _release_lines(release, game):
        entry = json.loads(line)
        found.append((entry["kind"], entry["document"]))
    return found
