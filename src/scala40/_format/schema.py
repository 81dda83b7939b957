"""Building blocks of the JSON Schemas that describe the library's formats (internal).

The schemas themselves are made from the code that writes the formats: a ruleset's from
its fields (:meth:`scala40.rulesets.RulesetBase.json_schema`), a game's moves from their
codecs (:meth:`scala40.movekinds.MoveSet.json_schema`), a game's state by the game, and
the tools' formats (records, tournament results) by :mod:`scala40.schemas`, which
gathers them all. These helpers write the pieces they share, in JSON Schema draft
2020-12, with a small set of keywords: ``type``, ``const``, ``enum``, ``pattern``,
``minimum``, ``maximum``, ``maxLength``, ``items``, ``minItems``, ``maxItems``,
``properties``, ``required``, ``additionalProperties``, ``oneOf`` and the annotations
``title``, ``description`` and ``default`` (the schemas page lists the few others the
schemas use, such as ``prefixItems`` for a state's history entries).

>>> from scala40._format.schema import card, integer
>>> card()["pattern"]
'^(?:(?:[A2-9JQK]|10)[SHDC]|JK)$'
>>> integer(0, 9, nullable=True)
{'type': ['integer', 'null'], 'minimum': 0, 'maximum': 9}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "CARD_PATTERN",
    "DRAFT",
    "RNG_TEXT",
    "array",
    "boolean",
    "card",
    "card_text",
    "decimal_text",
    "enum_of",
    "header",
    "integer",
    "last_hand",
    "meld_text",
    "melds_as_text_or_pieces",
    "nullable",
    "number",
    "obj",
    "text",
]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect every schema of the library is written in."""

CARD_PATTERN = r"(?:[A2-9JQK]|10)[SHDC]|JK"
"""A card's name as the library writes it (C-NOTATION): rank then suit, ``JK`` for a
joker. It matches the 53 names of :data:`scala40.cards.CARD_NAMES` and nothing else."""

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

    >>> from scala40._format.schema import integer, last_hand
    >>> last_hand({"closer": integer(0)}, "Who closed.")["type"]
    ['object', 'null']
    """
    schema = obj(properties, description=description)
    schema["type"] = ["object", "null"]
    return schema
