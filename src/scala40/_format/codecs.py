"""The kinds of field a saved record holds (internal): how each is written in a
dictionary, read back from untrusted data, checked on a value built by hand, and
described in a JSON Schema.

A record's field says which kind it is in its spec (:mod:`scala40._format.specs`); the
spec's module derives the record's writer, reader, checks, schema and position grammar
from the kinds of its fields. The kinds are few, and each words its refusals one way
for every game: a reader's ``"scores must be a list of at most 1000 integers from ..."``,
a check's ``"scores must have 2 entries, got 3"``.

Cards, seats, counts and flags are written as the moves' fields write them
(:mod:`scala40.movekinds`: a card by its name, cards as text); a field that
holds one entry per seat (or per side, or per item of another field) says so with
``per``, and its checks count the entries.

>>> from scala40._format.codecs import COUNTS
>>> COUNTS.write((0, 2)), COUNTS.schema()["items"]
([0, 2], {'type': 'integer', 'minimum': 0, 'maximum': 1000000000000000000})
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from scala40._format.serial import (
    COUNTS as COUNTS_WORDS,
)
from scala40._format.serial import (
    MAX_COUNT,
    MAX_READ_ITEMS,
    FieldReader,
    all_pass,
    is_card_code,
    is_card_codes,
    is_count,
    is_total,
)
from scala40._format.serial import (
    TOTALS as TOTALS_WORDS,
)
from scala40.cards import CARD_NAMES, format_cards
from scala40.checks import describe, is_bool, is_int
from scala40.schema_parts import (
    RNG_TEXT,
    array,
    boolean,
    card,
    card_text,
    enum_of,
    integer,
    meld_text,
    text,
)

__all__ = [
    "BOOL",
    "CARDS",
    "CARD_LISTS",
    "COUNT",
    "COUNTS",
    "FLAGS",
    "MAX_SEATS",
    "OPTIONAL_CARD",
    "OPTIONAL_SEAT",
    "PER_SEAT",
    "PER_SIDE",
    "PLAYERS",
    "RNG",
    "SEAT",
    "SEATS",
    "TOTAL",
    "TOTALS",
    "CheckContext",
    "FieldCodec",
    "HandResults",
    "ListCodec",
    "Melds",
    "Nested",
    "Phases",
    "Rules",
]

MAX_SEATS = 64
"""The most seats a record read back may have (no game seats more than 15)."""

PER_SEAT = "seat"
"""A list with one entry per seat."""
PER_SIDE = "side"
"""A list with one entry per side (Skarney's partnerships count two sides)."""


class CheckContext:
    """What a field's check may ask of the record it belongs to: how many seats it has,
    how many sides, how many items another field holds."""

    __slots__ = ("count", "failed", "sides", "value")

    def __init__(self, value: Any, count: int, sides: int) -> None:
        self.value: Any = value
        self.count: int = count
        self.sides: int = sides
        self.failed: set[str] = set()
        """The fields found wrong so far (a list per item of one of them has no size)."""

    def size(self, per: str | None) -> int | None:
        """How many entries a list ``per`` seat, side, or item of a field must hold
        (``None``: any number, as for a field whose own value is not a tuple)."""
        if per is None:
            return None
        if per == PER_SEAT:
            return self.count
        if per == PER_SIDE:
            return self.sides
        items: object = getattr(self.value, per)
        return len(items) if isinstance(items, tuple) and per not in self.failed else None

    def is_seat(self, value: object) -> bool:
        """Whether ``value`` is one of the record's seats."""
        return is_int(value) and 0 <= value < self.count


class FieldCodec:
    """How one kind of field is written, read back, checked and described. A codec that
    needs to know the record it serves (its phases, its ruleset, its melds) is
    :meth:`bind`-ed to the record's class once. Codecs are frozen values."""

    per: str | None = None
    """For a list: whose entries it counts (:data:`PER_SEAT`, :data:`PER_SIDE`, or the
    name of another field with one entry per item); ``None`` for any number."""
    position_cards: str | None = None
    """The cards the value holds, which a position given by hand (``from_position``) may
    write as text: ``"card"`` (one card, or ``None``), ``"cards"``, or ``"lists"`` (a
    list of cards for each entry); ``None`` for a value of no cards."""

    def bind(self, record: type) -> FieldCodec:
        """This codec, for the fields of ``record`` (most codecs need nothing of it)."""
        return self

    def write(self, value: Any) -> Any:
        """``value`` as the dictionary holds it."""
        return value

    def expression(self, name: str) -> str | None:
        """The Python expression that writes the value ``name`` (the record's writer is
        compiled from them: a call saved a field), or ``None`` to call :meth:`write`."""
        return name if type(self).write is FieldCodec.write else None

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        """The value the dictionary's ``value`` under ``key`` stands for.

        :raises SerializationError: from ``read``, naming the field.
        """
        raise NotImplementedError  # pragma: no cover - every codec defines it

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        """What is wrong with ``value`` as field ``name`` (its type, its range), or
        ``None``."""
        raise NotImplementedError  # pragma: no cover - every codec defines it

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the dictionary's value."""
        raise NotImplementedError  # pragma: no cover - every codec defines it

    def item_json(self, item: Any) -> Any:
        """One entry of a list codec's value, as the dictionary holds it."""
        return item

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        """A Python expression true when the value ``value`` passes this codec's check
        (the record's checks are compiled from them, a call saved a field; the message
        of one that fails comes from :meth:`problem`), or ``None`` to ask
        :meth:`problem`. ``names`` takes what the expression refers to; it may read
        ``count`` (the seats), ``sides`` and ``record`` (the value checked)."""
        return None

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        """A Python expression that reads the dictionary's ``value`` under ``key`` with
        the field reader ``read`` (the record's reader is compiled from them), or
        ``None`` to call :meth:`read`."""
        return None


def _name(names: dict[str, Any], value: Any) -> str:
    """A name for ``value`` in a compiled function's ``names``."""
    name = f"_v{len(names)}"
    names[name] = value
    return name


@attrs.frozen
class _Scalar(FieldCodec):
    """A value checked by ``test``, named ``what`` in a check's message."""

    what: str
    test: Callable[[object], bool]

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        if self.test(value):
            return None
        return f"{name} must be {self.what}, got {describe(value)}"

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        return f"{_name(names, self.test)}({value})"


@attrs.frozen
class _Cards(_Scalar):
    position_cards = "cards"

    def write(self, value: Any) -> Any:
        return format_cards(value)

    def expression(self, name: str) -> str | None:
        return None

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.cards(value, key)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        return f"read.cards({value}, {key!r})"

    def schema(self) -> dict[str, Any]:
        return card_text()


@attrs.frozen
class _OptionalCard(_Scalar):
    position_cards = "card"

    def write(self, value: Any) -> Any:
        return None if value is None else CARD_NAMES[value]

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return None if value is None else read.card(value, key)

    def schema(self) -> dict[str, Any]:
        return card(nullable=True)


@attrs.frozen
class _Flag(_Scalar):
    def read(self, read: FieldReader, key: str, value: object) -> Any:
        if type(value) is not bool:
            raise read.fail(f"{key} must be true or false, got {describe(value)}")
        return value

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        return f"({value} is True or {value} is False)"

    def schema(self) -> dict[str, Any]:
        return boolean()


@attrs.frozen
class _Integer(_Scalar):
    """An integer, read from ``-MAX_COUNT`` to ``MAX_COUNT`` (its own range is the
    check's: a value out of it is a problem of the record, named with the others)."""

    low: int | None = None
    """The least value (the schema's; the check is ``test``), ``None`` for no bound."""
    nullable: bool = False
    """Whether the field may be ``None`` too."""

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        if value is None and self.nullable:
            return None
        return read.integer(key, -MAX_COUNT, MAX_COUNT, value, given=True)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        if self.nullable:
            return None
        return f"read.integer({key!r}, {-MAX_COUNT}, {MAX_COUNT}, {value}, given=True)"

    def schema(self) -> dict[str, Any]:
        high = MAX_COUNT if self.low is not None else None
        return integer(self.low, high, nullable=self.nullable)


@attrs.frozen
class _Seat(_Integer):
    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        if (value is None and self.nullable) or context.is_seat(value):
            return None
        either = " or None" if self.nullable else ""
        return (
            f"{name} must be a seat from 0 to {context.count - 1}{either}, got {describe(value)}"
        )

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        seat = f"(type({value}) is int and 0 <= {value} < count)"
        return f"({value} is None or {seat})" if self.nullable else seat


class _Players(FieldCodec):
    """The number of seats, written ``players``: checked first, with the rules (whether
    they allow that many)."""

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.integer(key, 0, MAX_SEATS, value, given=True)

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        return None

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        return "True"

    def schema(self) -> dict[str, Any]:
        return integer(2, MAX_SEATS)


@attrs.frozen
class _Rng(_Scalar):
    def write(self, value: Any) -> Any:
        return f"{value:016x}"

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.rng(key, value, given=True)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        return f"read.rng({key!r}, {value}, given=True)"

    def schema(self) -> dict[str, Any]:
        return text(pattern=RNG_TEXT)


@attrs.frozen(eq=False)
class ListCodec(FieldCodec):
    """A tuple of entries of one kind (integers by default): in a dictionary a list;
    checked entry by entry, with one entry per seat, side or item of another field where
    ``per`` says so."""

    items: str
    """What the entries are, in a check's message (``"seats"``)."""
    test: Callable[[object], bool] | None
    """The check of each entry; ``None`` for a seat of the record."""
    item_schema: Mapping[str, Any]
    """The JSON Schema of an entry."""
    per: str | None = None
    max_items: int | None = MAX_READ_ITEMS
    """The most entries the schema allows."""

    def write(self, value: Any) -> Any:
        return list(value)

    def expression(self, name: str) -> str | None:
        return f"list({name})" if type(self).write is ListCodec.write else None

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        if not isinstance(value, tuple):
            return f"{name} must be a tuple, got {describe(value)}"
        size = context.size(self.per)
        if size is not None and len(value) != size:
            return f"{name} must have {size} entries, got {len(value)}"
        if not all_pass(value, self.test or context.is_seat):
            return f"{name} must hold {self.items}, got {describe(value)}"
        return None

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.ints(key, -MAX_COUNT, MAX_COUNT, value, given=True)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        if type(self).read is not ListCodec.read:
            return None
        return f"read.ints({key!r}, {-MAX_COUNT}, {MAX_COUNT}, {value}, given=True)"

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        per = self.per
        if per is None:
            size = ""
        elif per in (PER_SEAT, PER_SIDE):
            size = f" and len({value}) == {'count' if per == PER_SEAT else 'sides'}"
        else:
            size = f" and type(record.{per}) is tuple and len({value}) == len(record.{per})"
        if self.test is None:
            items = f"{_name(names, _are_seats)}({value}, count)"
        else:
            items = f"{_name(names, all_pass)}({value}, {_name(names, self.test)})"
        return f"(type({value}) is tuple{size} and {items})"

    def schema(self) -> dict[str, Any]:
        return array(self.item_schema, max_items=self.max_items)

    def with_per(self, per: str) -> ListCodec:
        """This kind of list, with one entry per ``per``."""
        return attrs.evolve(self, per=per)


@attrs.frozen(eq=False)
class _Flags(ListCodec):
    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.bools(key, value=value, given=True)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        return f"read.bools({key!r}, value={value}, given=True)"


@attrs.frozen(eq=False)
class _CardLists(ListCodec):
    position_cards = "lists"

    def write(self, value: Any) -> Any:
        return [format_cards(cards) for cards in value]

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.card_lists(key, value, given=True)

    def read_expression(self, key: str, value: str, names: dict[str, Any]) -> str | None:
        return f"read.card_lists({key!r}, {value}, given=True)"

    def item_json(self, item: Any) -> Any:
        return format_cards(item)


@attrs.frozen
class Phases(FieldCodec):
    """The record's phase: a member of its ``PHASES`` enum, written by its value."""

    phases: type[enum.Enum] | None = None

    def bind(self, record: type) -> FieldCodec:
        return Phases(record.PHASES)  # type: ignore[attr-defined]

    def write(self, value: Any) -> Any:
        return value.value

    def expression(self, name: str) -> str | None:
        return f"{name}.value"

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        assert self.phases is not None
        return read.choice(key, self.phases, value, given=True)

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        return f"type({value}) is {_name(names, self.phases)}"

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        assert self.phases is not None
        if isinstance(value, self.phases):
            return None
        return f"{name} must be a Phase, got {describe(value)}"

    def schema(self) -> dict[str, Any]:
        assert self.phases is not None
        return enum_of(phase.value for phase in self.phases)


@attrs.frozen
class Rules(FieldCodec):
    """The record's ruleset (of its class ``RULESET``), written as its dictionary. Its
    check is the record's first (whether the rules are the game's and allow the seats)."""

    ruleset: Any = None

    def bind(self, record: type) -> FieldCodec:
        return Rules(record.RULESET)  # type: ignore[attr-defined]

    def write(self, value: Any) -> Any:
        return value.to_dict()

    def expression(self, name: str) -> str | None:
        return f"{name}.to_dict()"

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        return read.ruleset(self.ruleset)

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        return None  # checked first, with the seats

    def ok_expression(self, value: str, names: dict[str, Any]) -> str | None:
        return "True"

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = self.ruleset.json_schema()
        return schema


@attrs.frozen
class Melds(FieldCodec):
    """Melds on the table, each written as its text with its wild cards' readings
    (``"8C 9C JK=10C"``) and read back by the record's ``read_meld(text, rules)``."""

    reader: Callable[[str, Any], Any] | None = None
    kind: type | None = None
    """The melds' class (the record's ``MELD_TYPE``)."""

    def bind(self, record: type) -> FieldCodec:
        return Melds(record.read_meld, record.MELD_TYPE)  # type: ignore[attr-defined]

    def write(self, value: Any) -> Any:
        return [str(meld) for meld in value]

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        raise NotImplementedError  # pragma: no cover - read with the rules (read_with)

    def read_with(self, read: FieldReader, key: str, value: object, rules: Any) -> Any:
        """The melds of ``value``, read under ``rules``."""
        reader = self.reader
        assert reader is not None
        return read.melds(key, lambda spec: reader(spec, rules), MAX_READ_ITEMS, value)

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        kind = self.kind
        assert kind is not None
        if isinstance(value, tuple) and all(isinstance(meld, kind) for meld in value):
            return None
        return f"{name} must be a tuple of melds, got {describe(value)}"

    def schema(self) -> dict[str, Any]:
        return array(meld_text())


@attrs.frozen
class Nested(FieldCodec):
    """A value of its own with several parts (how a hand ended), or ``None``: written,
    read, checked and described by the functions its record gives."""

    to_dict: Callable[[Any], Any]
    from_dict: Callable[[FieldReader, Any], Any]
    """Reads the value under the field's key of the dictionary being read (``None``
    for null), given that reader and the rules."""
    check: Callable[[Any, CheckContext], list[str]]
    """The problems of a value of ``kind``'s parts."""
    described: Callable[[], dict[str, Any]]
    """The JSON Schema of the value (an object, or null)."""
    kind: type

    def write(self, value: Any) -> Any:
        return None if value is None else self.to_dict(value)

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        raise NotImplementedError  # pragma: no cover - read with the rules (read_with)

    def read_with(self, read: FieldReader, key: str, value: object, rules: Any) -> Any:
        """The value of ``value``, read under ``rules`` (``None`` for null)."""
        return self.from_dict(read, rules)

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        raise NotImplementedError  # pragma: no cover - several problems (problems)

    def problems(self, name: str, value: object, context: CheckContext) -> list[str]:
        """Every problem of ``value``: ``None``, or a value of its kind whose parts
        its record's check finds nothing wrong with."""
        if value is None:
            return []
        if not isinstance(value, self.kind):
            return [f"{name} must be a {self.kind.__name__} or None, got {describe(value)}"]
        return self.check(value, context)

    def schema(self) -> dict[str, Any]:
        return self.described()


def _are_seats(values: tuple[Any, ...], count: int) -> bool:
    """Whether every item of ``values`` is a seat of ``count`` (each an ``int``)."""
    return not values or (
        _INT_ONLY.issuperset(map(type, values)) and min(values) >= 0 and max(values) < count
    )


_INT_ONLY = frozenset({int})


class HandResults(FieldCodec):
    """How the last hand ended: the record's ``HAND_RESULT`` (a :class:`Nested` codec its
    game defines beside its hand results and their reader)."""

    def bind(self, record: type) -> FieldCodec:
        found: FieldCodec = record.HAND_RESULT  # type: ignore[attr-defined]
        return found

    def read(self, read: FieldReader, key: str, value: object) -> Any:
        raise NotImplementedError  # pragma: no cover - bound to the record's codec first

    def problem(self, name: str, value: object, context: CheckContext) -> str | None:
        raise NotImplementedError  # pragma: no cover - bound to the record's codec first

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError  # pragma: no cover - bound to the record's codec first


CARDS: FieldCodec = _Cards("a tuple of cards", is_card_codes)
"""Cards (a stock, a discard pile), written as card text: ``"7S 8S JK"``."""
CARD_LISTS: ListCodec = _CardLists("cards", is_card_codes, card_text(), per=PER_SEAT)
"""One list of cards per seat (the hands), each as card text."""
OPTIONAL_CARD: FieldCodec = _OptionalCard(
    "a card or None", lambda value: value is None or is_card_code(value)
)
"""One card, or ``None``."""
BOOL: FieldCodec = _Flag("True or False", is_bool)
"""``True`` or ``False``."""
FLAGS: ListCodec = _Flags("True or False", is_bool, boolean(), per=PER_SEAT)
"""``True`` or ``False`` for each seat."""
COUNT: FieldCodec = _Integer(f"an integer from 0 to {MAX_COUNT}", is_count, 0)
"""An integer from 0 to :data:`~scala40._format.serial.MAX_COUNT`."""
TOTAL: FieldCodec = _Integer(f"an integer from -{MAX_COUNT} to {MAX_COUNT}", is_total, -MAX_COUNT)
"""An integer of either sign, up to :data:`~scala40._format.serial.MAX_COUNT`."""
SEAT: FieldCodec = _Seat("a seat", is_int, 0)
"""One of the record's seats."""
OPTIONAL_SEAT: FieldCodec = _Seat("a seat", is_int, 0, nullable=True)
"""One of the record's seats, or ``None``."""
COUNTS: ListCodec = ListCodec(COUNTS_WORDS, is_count, integer(0, MAX_COUNT), per=PER_SEAT)
"""A count for each seat."""
TOTALS: ListCodec = ListCodec(TOTALS_WORDS, is_total, integer(-MAX_COUNT, MAX_COUNT), per=PER_SEAT)
"""A total for each seat."""
SEATS: ListCodec = ListCodec("seats", None, integer(0, MAX_COUNT))
"""Seats of the record, any number of them."""
PLAYERS: FieldCodec = _Players()
"""The number of seats (at most :data:`MAX_SEATS`)."""
RNG: FieldCodec = _Rng(
    "an integer of 64 bits", lambda value: is_int(value) and 0 <= value < 1 << 64
)
"""The generator's state (C-RNG), 64 bits written as 16 hexadecimal digits."""
