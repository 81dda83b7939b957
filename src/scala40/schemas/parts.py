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

>>> from scala40.schemas.parts import DRAFT, card, integer, obj, text
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
"""

from __future__ import annotations

from scala40._format import schema as _blocks
from scala40._format.schema import (
    array,
    boolean,
    card,
    card_text,
    decimal_text,
    enum_of,
    header,
    integer,
    meld_text,
    nullable,
    number,
    obj,
    text,
)

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

DRAFT = _blocks.DRAFT
"""The JSON Schema dialect every schema of the library is written in (draft 2020-12):
the ``$schema`` of a whole document."""

CARD_PATTERN = _blocks.CARD_PATTERN
"""A card's name as the library writes it (C-NOTATION), as a regular expression without
anchors: rank then suit, ``JK`` for a joker. It matches the 53 names of
:data:`scala40.cards.CARD_NAMES` and nothing else."""
