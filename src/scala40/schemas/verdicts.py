"""The schemas of the rules' own verdicts: a meld's report (:mod:`scala40.verdicts`, as
``scala40 check --json`` prints it), and the lines of ``scala40 check --jsonl`` and
``scala40 hand --jsonl`` (:mod:`scala40.cli.batch`), with the bounds those commands keep.

:mod:`scala40.schemas` makes the files ``check.verdict.json`` and ``hand.verdict.json``
from :func:`verdict_schema`. An app that answers melds in its own protocol (the referee of
scala40-server, whose ``check`` answers each meld so) describes each meld with
:func:`meld_report_schema` and keeps the same bounds, :data:`MAX_MELDS` and
:data:`MAX_CARDS_TEXT`, so that a meld the command line checks is one it checks too.

>>> from scala40.schemas.verdicts import MAX_MELDS, meld_report_schema, verdict_schema
>>> MAX_MELDS
64
>>> [branch["description"] for branch in meld_report_schema()["oneOf"]][0]
'A valid meld: a meld whose reading the cards fix.'
>>> schema = verdict_schema("hand")
>>> schema["$id"], len(schema["oneOf"])
('hand.verdict.json', 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scala40.schema_parts import array, card, card_text, integer, obj, text

__all__ = [
    "MAX_CARDS_TEXT",
    "MAX_MELDS",
    "meld_report_schema",
    "verdict_schema",
]

MAX_MELDS = 64
"""The most melds one ``check`` takes, on the command line and in an app's protocol (a
hand of the library's games holds a few): more are refused before any is read."""
MAX_CARDS_TEXT = 500
"""The longest text of a meld of ``check`` or of the cards of ``hand`` (on the command
line, in a line of ``check --jsonl`` or ``hand --jsonl``, and in an app's protocol), in
characters (the 108 cards of Scala 40's deck are 300 written one after another)."""


def _described(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def meld_report_schema() -> dict[str, Any]:
    """What ``check`` says of one meld (``scala40 check --json``'s ``melds``, each verdict
    of ``check --jsonl``, and the referee's ``check``): its cards and whether it is
    valid; a valid one's kind, reading, jokers, value and points, other readings,
    extensions and joker swaps; an invalid one's reason (and an ambiguous one's
    readings)."""
    value = _described(integer(), "Meld.value: the cards' face values under the meld rules.")
    points = _described(integer(), "What the game scores for the meld (GameText.meld_points).")
    reading = obj({"meld": text(), "value": value, "points": points})
    is_meld = "Whether the cards make a meld under some reading (scala40.is_meld)."
    fixed = "Whether the cards fix one reading: a valid meld's does, an ambiguous one's not."
    return {
        "oneOf": [
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": True},
                    "is_meld": _described({"const": True}, is_meld),
                    "reading_fixed": _described({"const": True}, fixed),
                    "kind": _described(text(), "'sequence of clubs', 'set of 7s'..."),
                    "meld": _described(
                        text(), "The meld in order, a joker followed by = and its card."
                    ),
                    "jokers": array(obj({"joker": card(), "stands_for": card()})),
                    "value": value,
                    "points": points,
                    "other_readings": array(reading),
                    "extended_by": array(text()),
                    "joker_swaps": array(obj({"card": card(), "joker": card()})),
                },
                description="A valid meld: a meld whose reading the cards fix.",
            ),
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": False},
                    "is_meld": _described({"const": True}, is_meld),
                    "reading_fixed": _described({"const": False}, fixed),
                    "reason": text(),
                    "readings": array(reading),
                },
                description="An ambiguous meld: a meld, but which one depends on what a "
                "wild card stands for (its readings, each with its value); name it in the "
                "meld (JK=8S) to fix it.",
            ),
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": False},
                    "is_meld": _described({"const": False}, is_meld),
                    "reading_fixed": _described({"const": False}, fixed),
                    "reason": text(),
                },
                description="No meld under any reading, and why.",
            ),
        ]
    }


def _verdict_head(with_context: bool) -> dict[str, Any]:
    head: dict[str, Any] = {
        "line": _described(integer(1), "The line answered, from 1."),
        "id": _described({}, "The request's id, when its line gave one."),
    }
    if with_context:
        head["game"] = text()
        head["rules"] = _described(text(), "The preset's name, or 'custom'.")
    return head


def _refused_line() -> dict[str, Any]:
    return obj(
        {
            **_verdict_head(False),
            "game": text(),
            "rules": text(),
            "valid": {"const": False},
            "error": _described(
                text(),
                "The class name of the library's error (InvalidCardError, UnknownGameError, "
                "...), or UnicodeDecodeError for a line that is not text.",
            ),
            "reason": text(),
        },
        optional=("id", "game", "rules"),
        description="A line that could not be read as a request.",
    )


def verdict_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of one line that ``scala40 check --jsonl`` (``command``
    ``"check"``) or ``scala40 hand --jsonl`` (``"hand"``) writes (:mod:`scala40.cli.batch`;
    ``$id`` ``check.verdict.json``, ``hand.verdict.json``)."""
    if command == "check":
        branches = []
        for branch in meld_report_schema()["oneOf"]:
            properties = {**_verdict_head(True), **branch["properties"]}
            optional = (
                "id",
                *(name for name in branch["properties"] if name not in branch["required"]),
            )
            branches.append(obj(properties, optional=optional, description=branch["description"]))
        what = "meld"
    else:
        head = _verdict_head(True)
        branches = [
            obj(
                {**head, "cards": card_text(), "valid": {"const": True}, "value": integer()},
                optional=("id",),
                description="The cards' value.",
            ),
            obj(
                {**head, "cards": card_text(), "valid": {"const": False}, "reason": text()},
                optional=("id",),
                description="Cards that are no hand of the game.",
            ),
        ]
        what = "hand"
    return {
        "$id": f"{command}.verdict.json",
        "title": f"A verdict of scala40 {command} --jsonl",
        "description": f"One line of 'scala40 {command} --jsonl': the verdict on one {what} "
        "of its input, in order.",
        "oneOf": [*branches, _refused_line()],
    }
