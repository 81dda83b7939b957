"""JSON values written as the fields of a position's text, read back by their JSON Schema
(internal): the codecs of :mod:`scala40.notation`.

A state's dictionary says everything about it; its schema (the game's ``state_schema``)
says what kind of value each field holds. Each kind has one spelling, without spaces (the
spaces separate a position's fields), chosen to read well:

=========================  ===============================  ==========================
Kind                        Written                          Example
=========================  ===============================  ==========================
an integer                  decimal                          ``12``, ``-10``
a boolean                   ``1`` or ``0``                   ``1``
a card                      its name                         ``10H``
cards (a pile, a hand)      the names one after another      ``7S8S9SJK``
a meld                      the same, a wild card            ``8C9CJK=10C``
                            followed by ``=`` and the card
                            it stands for
a word (a phase, an enum,   as it is                         ``play``, ``5d9ed3fb32b6d4f8``
the generator state)
nothing (``null``,          ``-``                            ``-``
no cards, an empty list)
a list                      its items separated by ``/``     ``0/25/10``
                            (inside another value:
                            ``[a,b]``)
an object                   its values in the schema's       ``2;1;[3,0]``
                            order separated by ``;``
                            (inside another value:
                            ``(a;b)``)
anything else               compact JSON, spaces written     ``"a\\u0020b"``
                            ``\\u0020``
=========================  ===============================  ==========================

The spellings are chosen so that reading needs no look-ahead and no escaping: the
characters that separate (``/ ; , ( ) [ ]``) never occur inside a card, a number or a
word. A reader walks the text with the schema in hand, so nesting can never go deeper
than the schema's own.

>>> from scala40._format.text_values import Cursor, codec_for
>>> from scala40.schema_parts import array, card_text, integer
>>> codec = codec_for(array(card_text()))
>>> codec.write(["7S 8S", "", "JK"], 0)
'7S8S/-/JK'
>>> cursor = Cursor("7S8S/-/JK", "hands", 0)
>>> codec.read(cursor, 0), cursor.at_end()
(['7S 8S', '', 'JK'], True)
>>> codec_for(array(integer())).write([3, 0], 1)
'[3,0]'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scala40.checks import describe, refuse_json_constant
from scala40.errors import InvalidPositionError, SerializationError
from scala40.schema_parts import RNG_TEXT, card, card_text, meld_text

__all__ = [
    "JSON_CODEC",
    "MAX_DIGITS",
    "ArrayCodec",
    "CardsCodec",
    "Codec",
    "Cursor",
    "IntCodec",
    "codec_for",
]

MAX_DIGITS = 40
"""The most digits a number of a position's text may have (a seed has at most 40)."""

_CARD = r"(?:10|[A2-9JQK])[SHDC]|JK"
_CARDS = re.compile(f"(?:{_CARD})+")
_MELD = re.compile(f"(?:(?:{_CARD})(?:=(?:{_CARD}))?)+")
_MELD_CARD = re.compile(f"({_CARD})(?:=({_CARD}))?")
_ONE_CARD = re.compile(_CARD)
# One spelling a number (docs/notation.rst): no leading zero, no sign on zero, no plus.
_INT = re.compile(rf"(?:0|-?[1-9][0-9]{{0,{MAX_DIGITS - 1}}})(?![0-9])")
_RNG_DIGITS = re.compile(r"[0-9a-f]{16}")
"""The generator's state as the text writes it: 16 hexadecimal digits, in lower case."""
_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
_NAME_TOKENS = re.compile(_CARD)

_ENDS = frozenset("/;,)]")
"""The characters that end a value inside another."""

_CARD_PATTERN = card()["pattern"]
_CARD_TEXT_PATTERNS = frozenset({card_text()["pattern"], card_text(non_empty=True)["pattern"]})
_MELD_PATTERN = meld_text()["pattern"]


class Cursor:
    """A place in one field of a position's text: the field's ``text``, its ``name`` and
    the offset of its first character in the whole text (``start``), for the errors."""

    __slots__ = ("name", "pos", "start", "text")

    def __init__(self, text: str, name: str, start: int) -> None:
        self.text = text
        self.name = name
        self.start = start
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> InvalidPositionError:
        """The error naming this field and the character at ``pos`` (by default, where
        the cursor stands)."""
        where = self.start + (self.pos if pos is None else pos)
        return InvalidPositionError(
            f"{self.name} (character {where}): {message}", field=self.name, position=where
        )

    def peek(self) -> str:
        """The next character, or ``""`` at the end of the field."""
        return self.text[self.pos : self.pos + 1]

    def at_end(self) -> bool:
        """Whether the whole field is read."""
        return self.pos >= len(self.text)

    def take(self, char: str) -> bool:
        """Step over ``char`` if it comes next; whether it did."""
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        return False

    def expect(self, char: str, what: str) -> None:
        """Step over ``char``, which must come next (``what`` names it in the error)."""
        if not self.take(char):
            raise self.fail(f"expected {what}, got {self._shown()}")

    def match(self, pattern: re.Pattern[str], what: str) -> str:
        """The text ``pattern`` matches here, stepped over (``what`` names it)."""
        found = pattern.match(self.text, self.pos)
        if found is None:
            raise self.fail(f"expected {what}, got {self._shown()}")
        self.pos = found.end()
        return found.group()

    def take_null(self) -> bool:
        """Step over a ``-`` standing for nothing, if it comes next."""
        if self.peek() == "-":
            after = self.text[self.pos + 1 : self.pos + 2]
            if not after or after in _ENDS:
                self.pos += 1
                return True
        return False

    def finish(self) -> None:
        """Refuse anything left in the field."""
        if not self.at_end():
            raise self.fail(f"unexpected {self._shown()} after the value")

    def _shown(self) -> str:
        rest = self.text[self.pos : self.pos + 12]
        return describe(rest) if rest else "the end of the field"


class Codec:
    """How one kind of value is written in a position's text and read back; ``depth`` is
    0 for a field's whole value, 1 and more for values inside another."""

    nullable: bool = False

    def write(self, value: Any, depth: int) -> str:
        """``value`` (as the dictionary holds it) in the text."""
        raise NotImplementedError  # pragma: no cover - every codec defines it

    def read(self, cursor: Cursor, depth: int) -> Any:
        """The value written at the cursor, as the dictionary holds it."""
        raise NotImplementedError  # pragma: no cover - every codec defines it

    def words(self) -> str:
        """How the value is written, for the grammar's tables."""
        raise NotImplementedError  # pragma: no cover - every codec defines it


class _TokenCodec(Codec):
    """One token the text spells as the dictionary holds it (``-`` for ``null`` when
    nullable), matched by ``pattern`` and described as ``what`` in a refusal; ``words``
    for the grammar's tables, and ``convert`` from the token to the dictionary's value."""

    def __init__(
        self,
        nullable: bool,
        what: str,
        pattern: re.Pattern[str] = _WORD,
        words: str | None = None,
        convert: Callable[[str], Any] = str,
    ) -> None:
        self.nullable = nullable
        self.what = what
        self.pattern = pattern
        self.described = what if words is None else words
        self.convert = convert

    def write(self, value: Any, depth: int) -> str:
        return "-" if value is None else str(value)

    def read(self, cursor: Cursor, depth: int) -> Any:
        if self.nullable and cursor.take_null():
            return None
        return self.convert(cursor.match(self.pattern, self.what))

    def words(self) -> str:
        return self.described + (", or - for none" if self.nullable else "")


class IntCodec(_TokenCodec):
    """An integer in decimal (``-`` for ``null`` when nullable)."""

    def __init__(self, nullable: bool = False) -> None:
        super().__init__(
            nullable,
            f"a whole number of at most {MAX_DIGITS} digits, without leading zeros",
            _INT,
            "a number",
            int,
        )


class _BoolCodec(Codec):
    def write(self, value: Any, depth: int) -> str:
        return "1" if value else "0"

    def read(self, cursor: Cursor, depth: int) -> Any:
        char = cursor.peek()
        if char not in ("0", "1"):
            raise cursor.fail(f"expected 1 (yes) or 0 (no), got {cursor._shown()}")
        cursor.pos += 1
        return char == "1"

    def words(self) -> str:
        return "1 (yes) or 0 (no)"


def _card_codec(nullable: bool) -> Codec:
    return _TokenCodec(nullable, "a card (7S, 10H, JK...)", _ONE_CARD, "a card")


class CardsCodec(Codec):
    """Cards as the dictionary writes them (names separated by spaces), in the text one
    name after another, ``-`` for none."""

    def write(self, value: Any, depth: int) -> str:
        return "".join(value.split(" ")) if value else "-"

    def read(self, cursor: Cursor, depth: int) -> Any:
        if cursor.take_null():
            return ""
        text = cursor.match(_CARDS, "cards (7S8SJK...) or - for none")
        return " ".join(_NAME_TOKENS.findall(text))

    def words(self) -> str:
        return "cards one after another (7S8SJK), - for none"


class _MeldCodec(Codec):
    def write(self, value: Any, depth: int) -> str:
        return "".join(value.split(" "))

    def read(self, cursor: Cursor, depth: int) -> Any:
        text = cursor.match(_MELD, "a meld's cards (8C9CJK=10C...)")
        return " ".join(
            f"{name}={stands_for}" if stands_for else name
            for name, stands_for in _MELD_CARD.findall(text)
        )

    def words(self) -> str:
        return "a meld's cards, each wild card followed by = and the card it stands for"


class _JsonCodec(Codec):
    """Any JSON value, written compact with its spaces escaped (``\\u0020``)."""

    _decoder = json.JSONDecoder(parse_constant=refuse_json_constant)

    def write(self, value: Any, depth: int) -> str:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=True).replace(" ", "\\u0020")

    def read(self, cursor: Cursor, depth: int) -> Any:
        try:
            value, end = self._decoder.raw_decode(cursor.text, cursor.pos)
        except (ValueError, RecursionError) as error:
            raise cursor.fail(f"expected a JSON value: {describe(str(error), 120)}") from None
        cursor.pos = end
        return value

    def words(self) -> str:
        return "compact JSON, spaces written \\u0020"


class ArrayCodec(Codec):
    """A list: its items separated by ``/`` as a field's whole value (``-`` for an empty
    one), ``[a,b]`` inside another value."""

    def __init__(self, items: Codec, nullable: bool = False) -> None:
        self.items = items
        self.nullable = nullable

    def write(self, value: Any, depth: int) -> str:
        if value is None:
            return "-"
        items = [self.items.write(item, depth + 1) for item in value]
        if depth == 0 and not (len(items) == 1 and items[0] == "-"):
            return "/".join(items) if items else "-"
        return "[" + ",".join(items) + "]"

    def read(self, cursor: Cursor, depth: int) -> Any:
        if depth == 0 and cursor.peek() != "[":
            if cursor.text[cursor.pos :] == "-":
                cursor.pos += 1
                return None if self.nullable else []
            found = [self.items.read(cursor, 1)]
            while cursor.take("/"):
                found.append(self.items.read(cursor, 1))
            return found
        if self.nullable and cursor.take_null():
            return None
        cursor.expect("[", "[ opening a list")
        found = []
        if not cursor.take("]"):
            found.append(self.items.read(cursor, depth + 1))
            while cursor.take(","):
                found.append(self.items.read(cursor, depth + 1))
            cursor.expect("]", ", or ] closing the list")
        return found

    def words(self) -> str:
        return f"items separated by / (each {self.items.words()}); - for none"


class _ObjectCodec(Codec):
    def __init__(self, properties: Sequence[tuple[str, Codec]], nullable: bool) -> None:
        self.properties = tuple(properties)
        self.names = frozenset(name for name, _ in self.properties)
        self.nullable = nullable

    def write(self, value: Any, depth: int) -> str:
        if value is None:
            return "-"
        if not (isinstance(value, Mapping) and set(value) == self.names):
            raise SerializationError(f"cannot write {describe(value)} in a position's text")
        parts = [codec.write(value[name], depth + 1) for name, codec in self.properties]
        if depth == 0 and not (len(parts) == 1 and parts[0] == "-"):
            return ";".join(parts)
        return "(" + ";".join(parts) + ")"

    def read(self, cursor: Cursor, depth: int) -> Any:
        if self.nullable and cursor.take_null():
            return None
        bracketed = depth > 0 or cursor.peek() == "("
        if bracketed:
            cursor.expect("(", "( opening a group of values")
        found: dict[str, Any] = {}
        for place, (name, codec) in enumerate(self.properties):
            if place:
                cursor.expect(";", f"; before {name}")
            found[name] = codec.read(cursor, depth + 1)
        if bracketed:
            cursor.expect(")", ") closing the group of values")
        return found

    def words(self) -> str:
        names = ";".join(name for name, _ in self.properties)
        return f"its values separated by ; ({names})" + ("; - for none" if self.nullable else "")


def _types(node: Mapping[str, Any]) -> tuple[set[str], bool]:
    kinds = node.get("type")
    names = {kinds} if isinstance(kinds, str) else set(kinds or ())
    nullable = "null" in names
    names.discard("null")
    return names, nullable


def codec_for(node: Mapping[str, Any]) -> Codec:
    """The codec of the values a JSON Schema ``node`` describes (the schema of one field
    of a state's dictionary); compact JSON for a kind the text has no spelling of."""
    if "enum" in node:
        values = list(node["enum"])
        nullable = None in values
        words = [value for value in values if value is not None]
        if words and all(isinstance(word, str) and _WORD.fullmatch(word) for word in words):
            return _TokenCodec(nullable, "one of " + ", ".join(words))
        return _JsonCodec()
    kinds, nullable = _types(node)
    if kinds == {"integer"}:
        return IntCodec(nullable)
    if kinds == {"boolean"} and not nullable:
        return _BoolCodec()
    if kinds == {"string"}:
        pattern = node.get("pattern")
        if pattern == _CARD_PATTERN:
            return _card_codec(nullable)
        if pattern in _CARD_TEXT_PATTERNS and not nullable:
            return CardsCodec()
        if pattern == _MELD_PATTERN and not nullable:
            return _MeldCodec()
        if pattern == RNG_TEXT:
            return _TokenCodec(nullable, "16 hexadecimal digits in lower case", _RNG_DIGITS)
    if kinds == {"array"} and isinstance(node.get("items"), Mapping):
        return ArrayCodec(codec_for(node["items"]), nullable)
    if kinds == {"object"} and isinstance(node.get("properties"), Mapping):
        properties = [(name, codec_for(child)) for name, child in node["properties"].items()]
        if set(node.get("required", ())) == {name for name, _ in properties}:
            return _ObjectCodec(properties, nullable)
    return _JsonCodec()


JSON_CODEC: Codec = _JsonCodec()
"""The codec of a value whose schema is unknown."""
