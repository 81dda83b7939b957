"""What the conformance runner reads from others and shows: JSON read within a bound of
nesting, and text made safe to print.

An engine's answers and the lines of a corpus directory are written by someone else.
Python's JSON reader recurses once a level of nesting, so a line of ten thousand ``[``
raises ``RecursionError`` (not ``ValueError``), and a value nested a few hundred deep
still makes every later ``repr`` recurse: :func:`bounded_json` refuses both with one
``ValueError``. Their text reaches the terminal: :func:`printable` escapes every character
that is not printable (line breaks, ANSI escapes, the C1 controls, bidirectional
overrides), so that what is printed is one line of what was sent, never a command to the
terminal.

>>> from scala40.conformance._text import bounded_json, printable
>>> bounded_json('{"legal": true}', 4)
{'legal': True}
>>> bounded_json("[" * 10_000, 4)
Traceback (most recent call last):
...
ValueError: nested deeper than JSON may be read
>>> bounded_json("[[[[[1]]]]]", 4)
Traceback (most recent call last):
...
ValueError: nested deeper than 4 levels
>>> printable("red \\x1b[31mtext\\n")
'red \\\\x1b[31mtext\\\\n'
"""

from __future__ import annotations

import json
from typing import Any

from scala40.checks import describe, refuse_json_constant

__all__ = ["bounded_data", "bounded_json", "printable", "shown"]

_DECODER = json.JSONDecoder(parse_constant=refuse_json_constant)


def bounded_json(raw: str, max_depth: int) -> Any:
    """The JSON value ``raw`` holds, if it is nested at most ``max_depth`` levels (a list
    or an object is a level).

    :raises ValueError: ``raw`` is not JSON (or holds ``NaN``), is nested deeper than
        Python's reader goes, or deeper than ``max_depth``.
    """
    try:
        value = _DECODER.decode(raw)
    except RecursionError:
        raise ValueError("nested deeper than JSON may be read") from None
    except MemoryError:
        raise ValueError("too large to read") from None
    # Counted without recursion: one step a value, as many as the text holds at most.
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            raise ValueError(f"nested deeper than {max_depth} levels")
        pending.extend((child, depth + 1) for child in children)
    return value


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every character that is not printable escaped as Python writes it
    (``\\x1b``, ``\\n``, ``\\u202e``), cut to ``limit`` characters (``...`` at its end)
    where given."""
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 3, 0)] + "..."
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def shown(value: object, limit: int = 200) -> str:
    """A value another party sent, in words safe to print: text as itself (escaped,
    :func:`printable`), anything else as :func:`~scala40.checks.describe` writes it."""
    if isinstance(value, str):
        return printable(value, limit)
    return printable(describe(value, limit))


MAX_SHOWN_ITEMS = 50
"""The items of a list (or an object's fields) :func:`bounded_data` keeps."""


def bounded_data(value: Any, limit: int = 200, depth: int = 8) -> Any:
    """A JSON value another party sent, safe to print as JSON: every text in it (an
    object's keys too) escaped by :func:`printable` and cut to ``limit`` characters, a
    list or an object cut to :data:`MAX_SHOWN_ITEMS` items (``"..."`` last where cut),
    an integer past 64 bits and anything nested deeper than ``depth`` written in words.

    >>> from scala40.conformance._text import bounded_data
    >>> bounded_data({"melds": ["\\x1b[2J", 10**40], "ok": True})
    {'melds': ['\\\\x1b[2J', 'an integer of 41 digits'], 'ok': True}
    """
    if isinstance(value, str):
        return printable(value, limit)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value if abs(value) < 2**63 else f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, float):
        return value
    if depth <= 0:
        return printable(describe(value, 80))
    if isinstance(value, list):
        kept = [bounded_data(item, limit, depth - 1) for item in value[:MAX_SHOWN_ITEMS]]
        return [*kept, "..."] if len(value) > MAX_SHOWN_ITEMS else kept
    if isinstance(value, dict):
        items = list(value.items())
        found = {
            printable(str(key), limit): bounded_data(item, limit, depth - 1)
            for key, item in items[:MAX_SHOWN_ITEMS]
        }
        if len(items) > MAX_SHOWN_ITEMS:
            found["..."] = f"{len(items) - MAX_SHOWN_ITEMS} more"
        return found
    return printable(describe(value, 80))
