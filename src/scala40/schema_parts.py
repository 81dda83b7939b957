"""Building blocks of JSON Schemas in the library's own style, for an app that describes
its own protocol beside the library's formats.

They are the pieces the library's schemas are made of (JSON Schema draft 2020-12,
:data:`DRAFT`): a card as its name, cards as text one space apart, a meld's text, whole
numbers as decimal text, closed objects whose every field is required unless said
otherwise, and a few plain types. A schema made of them describes cards, melds and seeds
exactly as the library writes them (and as :mod:`scala40.schemas` describes them in a
state or a view), and its payloads may refer to a game's schemas by their ``$id``
(``{"$ref": "scala40.view.json"}``), so that one directory of schemas validates the
app's messages whole. The referee of scala40-server makes its protocol's schemas so.

Each function returns a new dictionary, which the caller may change.

>>> from scala40.schema_parts import DRAFT, card, integer, obj, text
>>> discard = obj(
...     {"op": {"const": "discard"}, "seat": integer(0), "card": card(), "note": text(80)},
...     optional=("note",),
...     description="Discard a card.",
... )
>>> discard["required"], discard["additionalProperties"]
(['op', 'seat', 'card'], False)
>>> discard["properties"]["card"]["pattern"]
'^(?:(?:[A2-9JQK]|10)[SHDC]|JK)$'
>>> {"$schema": DRAFT, "$id": "my.request.json", **discard}["$schema"]
'https://json-schema.org/draft/2020-12/schema'

The schemas themselves are made from the code that writes the formats: a ruleset's from
its fields (:meth:`scala40.rulesets.RulesetBase.json_schema`), a game's moves from their
codecs (:meth:`scala40.movekinds.MoveSet.json_schema`), a game's state by the game, and
the tools' formats (records, tournament results) by :mod:`scala40.schemas`, which
gathers them all. The pieces here write what they share (the names past ``__all__`` are the library's own: the pieces of a state's schema and ``schema_problem``, with which a loader checks a value by the schema that describes it), in JSON Schema draft
2020-12, with a small set of keywords: ``type``, ``const``, ``enum``, ``pattern``,
``minimum``, ``maximum``, ``maxLength``, ``items``, ``minItems``, ``maxItems``,
``properties``, ``required``, ``additionalProperties``, ``oneOf`` and the annotations
``title``, ``description`` and ``default`` (the schemas page lists the few others the
schemas use, such as ``prefixItems`` for a state's history entries).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from scala40.checks import describe

__all__ = [
    "CARD_PATTERN",
    "DRAFT",
    "array",
    "boolean",
    "card",
    "card_text",
    "decimal_text",
    "enum_of",
    "header",
    "integer",
    "meld_text",
    "nullable",
    "number",
    "obj",
    "text",
]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect every schema of the library is written in (draft 2020-12):
the ``$schema`` of a whole document."""

CARD_PATTERN = r"(?:[A2-9JQK]|10)[SHDC]|JK"
"""A card's name as the library writes it (C-NOTATION), as a regular expression without
anchors: rank then suit, ``JK`` for a joker. It matches the 53 names of
:data:`scala40.cards.CARD_NAMES` and nothing else."""

_CARD = f"(?:{CARD_PATTERN})"
_MELD_CARD = f"{_CARD}(?:={_CARD})?"


def card(*, nullable: bool = False) -> dict[str, Any]:
    """One card's name (``7S``, ``10H``, ``JK``), or ``null`` too when ``nullable``."""
    return {"type": ["string", "null"] if nullable else "string", "pattern": f"^{_CARD}$"}


def card_text(*, nullable: bool = False, non_empty: bool = False) -> dict[str, Any]:
    """Cards as text, their names separated by single spaces (``"7S 8S 9S"``; ``""`` for
    no cards unless ``non_empty``)."""
    cards = f"{_CARD}(?: {_CARD})*"
    pattern = f"^{cards}$" if non_empty else f"^(?:{cards})?$"
    return {"type": ["string", "null"] if nullable else "string", "pattern": pattern}


def meld_text() -> dict[str, Any]:
    """A meld as text: its cards in order, a wild card followed by ``=`` and the card it
    stands for (``"8C 9C JK=10C"``)."""
    return {"type": "string", "pattern": f"^{_MELD_CARD}(?: {_MELD_CARD})*$"}


def melds_as_text_or_pieces() -> dict[str, Any]:
    """Melds, each as its text (``"8C 9C JK=10C"``) or as a ``[cards, represented]`` pair
    of card texts (``["8C 9C JK", "8C 9C 10C"]``)."""
    pair = array(card_text(non_empty=True), min_items=2, max_items=2)
    return array({"oneOf": [meld_text(), pair]})


def decimal_text(digits: int) -> dict[str, Any]:
    """A whole number written as text, of at most ``digits`` digits (large seeds are
    written so, since many JSON readers keep numbers as 64-bit floats)."""
    return {"type": "string", "pattern": f"^-?[0-9]{{1,{digits}}}$"}


def integer(
    low: int | None = None, high: int | None = None, *, nullable: bool = False
) -> dict[str, Any]:
    """An integer from ``low`` to ``high`` (either bound may be left out)."""
    return number(low, high, ["integer", "null"] if nullable else "integer")


def number(
    low: float | None = None, high: float | None = None, kind: str | list[str] = "number"
) -> dict[str, Any]:
    """A number from ``low`` to ``high`` (either bound may be left out), of JSON
    Schema's type ``kind``."""
    schema: dict[str, Any] = {"type": kind}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


def boolean() -> dict[str, Any]:
    """``true`` or ``false``."""
    return {"type": "boolean"}


def text(max_length: int | None = None, pattern: str | None = None) -> dict[str, Any]:
    """A string, at most ``max_length`` characters long, matching ``pattern`` if given."""
    schema: dict[str, Any] = {"type": "string"}
    if max_length is not None:
        schema["maxLength"] = max_length
    if pattern is not None:
        schema["pattern"] = pattern
    return schema


def enum_of(values: Iterable[Any], *, nullable: bool = False) -> dict[str, Any]:
    """One of ``values`` (``null`` too when ``nullable``)."""
    choices = list(values)
    if nullable:
        choices.append(None)
    return {"enum": choices}


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null``."""
    return {"oneOf": [dict(schema), {"type": "null"}]}


def array(
    items: Mapping[str, Any],
    *,
    min_items: int | None = None,
    max_items: int | None = None,
) -> dict[str, Any]:
    """A list whose every item is ``items``, of ``min_items`` to ``max_items`` items."""
    schema: dict[str, Any] = {"type": "array", "items": dict(items)}
    if min_items is not None:
        schema["minItems"] = min_items
    if max_items is not None:
        schema["maxItems"] = max_items
    return schema


def obj(
    properties: Mapping[str, Mapping[str, Any]],
    *,
    optional: Iterable[str] = (),
    description: str | None = None,
) -> dict[str, Any]:
    """An object with exactly these properties (all required but ``optional`` ones, no
    others allowed)."""
    leave_out = set(optional)
    schema: dict[str, Any] = {"type": "object"}
    if description is not None:
        schema["description"] = description
    schema["properties"] = {name: dict(value) for name, value in properties.items()}
    schema["required"] = [name for name in properties if name not in leave_out]
    schema["additionalProperties"] = False
    return schema


def header(format: str, version: int) -> dict[str, dict[str, Any]]:
    """The ``format`` and ``version`` properties that head every versioned format."""
    return {"format": {"const": format}, "version": {"const": version}}


RNG_TEXT = "^[0-9a-fA-F]{16}$"
"""A generator's state (C-RNG): 16 hexadecimal digits."""


def last_hand(properties: Mapping[str, Mapping[str, Any]], description: str) -> dict[str, Any]:
    """How the last hand ended: an object of ``properties``, or null before any hand has
    ended.

    >>> from scala40.schema_parts import integer, last_hand
    >>> last_hand({"closer": integer(0)}, "Who closed.")["type"]
    ['object', 'null']
    """
    schema = obj(properties, description=description)
    schema["type"] = ["object", "null"]
    return schema


_TYPES: dict[str, Any] = {
    "null": lambda value: value is None,
    "boolean": lambda value: type(value) is bool,
    "integer": lambda value: type(value) is int,
    "number": lambda value: type(value) in (int, float),
    "string": lambda value: type(value) is str,
    "array": lambda value: type(value) is list,
    "object": lambda value: isinstance(value, Mapping),
}
"""Each type of JSON Schema, as the library reads JSON: ``true`` is no number and ``1.0``
no integer (the loaders read an integer only as the library writes it)."""


@functools.cache
def _search(pattern: str) -> re.Pattern[str]:
    # A final "$" ends the text, as in the regular expressions of ECMA-262 that JSON
    # Schema names (Python's "$" lets a final newline through: "7S\n" is no card).
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + "\\Z"
    return re.compile(pattern)


def _same(first: object, second: object) -> bool:
    return type(first) is type(second) and first == second


def schema_problem(value: object, schema: Mapping[str, Any], where: str) -> str | None:
    """What in ``value`` (at ``where``) a schema made of this module's pieces refuses,
    or ``None`` when it accepts it: the keywords those pieces use (``type``, ``const``,
    ``enum``, ``pattern``, ``minLength``, ``maxLength``, ``minimum``, ``maximum``,
    ``items``, ``minItems``, ``maxItems``, ``properties``, ``required``,
    ``additionalProperties: false``, ``oneOf``), so that a loader checks a part of a
    format by the very schema that describes it. The work is one look at each place.

    >>> from scala40.schema_parts import array, card, schema_problem
    >>> schema_problem(["7S", "7s"], array(card()), "hand")
    "hand[1]: expected to match '^(?:(?:[A2-9JQK]|10)[SHDC]|JK)$', got '7s'"
    >>> schema_problem(["7S"], array(card()), "hand") is None
    True
    """
    if "oneOf" in schema:
        problems = [schema_problem(value, branch, where) for branch in schema["oneOf"]]
        fits = problems.count(None)
        if fits == 1:
            return None
        if fits:
            return f"{where}: fits {fits} of its shapes, where one was expected"
        # The problem of the shape the value comes nearest (one of its type), if any.
        inner = [
            problem for problem in problems if problem and not problem.startswith(f"{where}: ")
        ]
        return (inner or problems)[0]
    kinds = schema.get("type")
    if kinds is not None:
        names = [kinds] if isinstance(kinds, str) else kinds
        if not any(_TYPES[name](value) for name in names):
            return f"{where}: expected {' or '.join(names)}, got {describe(value)}"
    if "const" in schema and not _same(value, schema["const"]):
        return f"{where}: expected {schema['const']!r}, got {describe(value)}"
    if "enum" in schema and not any(_same(value, choice) for choice in schema["enum"]):
        return f"{where}: expected one of {schema['enum']!r}, got {describe(value)}"
    if isinstance(value, str):
        if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)):
            return f"{where}: a text of the wrong length, {len(value)}"
        pattern = schema.get("pattern")
        if pattern is not None and not _search(pattern).search(value):
            return f"{where}: expected to match {pattern!r}, got {describe(value)}"
    if type(value) in (int, float):
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"{where}: expected a number from {low} to {high}, got {describe(value)}"
    if isinstance(value, list):
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            return f"{where}: a list of the wrong length, {len(value)}"
        items = schema.get("items")
        if items is not None:
            for place, item in enumerate(value):
                problem = schema_problem(item, items, f"{where}[{place}]")
                if problem is not None:
                    return problem
    if isinstance(value, Mapping):
        properties = schema.get("properties", {})
        missing = [name for name in schema.get("required", ()) if name not in value]
        if missing:
            return f"{where}: missing {missing}"
        if schema.get("additionalProperties", True) is False:
            unknown = sorted(str(key) for key in value if key not in properties)
            if unknown:
                return f"{where}: unknown fields {unknown}"
        for name, part in properties.items():
            if name in value:
                problem = schema_problem(value[name], part, f"{where}.{name}")
                if problem is not None:
                    return problem
    return None
