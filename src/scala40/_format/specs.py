"""State fields described once (internal): a spec on each field of a record, and what
follows from the specs of a record class.

A game's state record declares each of its fields once, with a spec in the field's
metadata (:func:`spec`): the kind of value it holds (its codec, :mod:`scala40._format.codecs`:
how it is written, read, checked and described), what it holds in a few words, its
place in the position's text or its usual value there, whether a seat's view shows it,
and the release that added it to a format that had it not. From a record class's specs
this module derives, once per class (:func:`record_format`):

* the dictionary writer (``to_dict``'s fields, in the fields' order), compiled into one
  function as the fast copies are (:mod:`scala40._format.fields`);
* the reader of untrusted dictionaries, compiled likewise: the keys first, then each
  field by its codec, every refusal a :class:`~scala40.SerializationError` that names the
  field; a field the format gained later (``since``) reads as its usual value when an
  older dictionary lacks it;
* the checks of a value built by hand, field by field (``problems()``'s first step);
* the JSON Schema of the dictionary (:mod:`scala40.schemas`);
* the grammar of the position's text (:mod:`scala40.notation`);
* the fields a seat's view copies (those not marked hidden), which the view class takes
  in from the record's field group (:func:`scala40._base.state_record.field_group`).

What spans several fields (the cards add up to the deck, a phase's own rules) stays
written by hand, in each game's checks: those are rules.

**Formats and versions.** A format's version moves only when a meaning changes: a new
field is added with ``since`` (the release that added it) and a usual value, which a
dictionary written before it reads as; the schema does not require it.

>>> from scala40._format.specs import record_format
>>> from scala40.games.chinchon import GameState, new_game
>>> layout = record_format(GameState)
>>> layout.keys[:4], layout.public[6:9]
(('rules', 'players', 'dealer', 'hand_number'), ('discard', 'turns_played', 'scores'))
>>> state = new_game(players=2, seed=1)
>>> data = {"format": layout.format, "version": layout.version, **layout.write(state)}
>>> layout.read(data) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from scala40._cache import BoundedCache
from scala40._format.codecs import PER_SEAT, PER_SIDE, CheckContext, FieldCodec, Melds, Nested
from scala40._format.generated import compile_source, declared_at, source_of
from scala40._format.serial import (
    FieldReader,
    expect_header,
    refuse_many_keys,
    resigned_from_dict,
    resigned_to_dict,
)
from scala40._format.text_fields import ABSENT, LengthOf, Notation, NotationField, PerItem, PerSeat
from scala40.checks import describe, is_int
from scala40.schema_parts import header, obj

__all__ = ["NO_USUAL", "FieldSpec", "RecordFormat", "Usual", "record_format", "spec"]


class _NoUsual:
    def __repr__(self) -> str:
        return "NO_USUAL"


NO_USUAL: Any = _NoUsual()
"""The usual value of a field written in every position's text (a positional one)."""


@attrs.frozen
class Usual:
    """A field's usual value written in JSON's terms for a position's text, when it is no
    constant: :class:`~scala40.notation.PerSeat`, :class:`~scala40.notation.PerItem`,
    :class:`~scala40.notation.LengthOf` or :data:`~scala40.notation.ABSENT`."""

    value: Any


@attrs.frozen
class FieldSpec:
    """What a record says of one of its fields (see the module)."""

    codec: FieldCodec
    """The kind of value the field holds."""
    about: str
    """What the field holds, in a few words (the grammar's table, the schema)."""
    place: int | None = None
    """Its place among the fields a position's text always writes (the lower first), or
    ``None`` for a field written ``name=value`` only when not at its usual value."""
    usual: Any = NO_USUAL
    """The field's usual value as a dictionary holds it (for a list per seat, side or item,
    one entry's: ``0`` for ``[0, 0, 0]``), or a :class:`Usual` of the notation's kinds."""
    public: bool = True
    """Whether every seat sees it (a view copies it)."""
    since: str | None = None
    """The release that added the field to its format; a dictionary of the same format
    version written before it lacks the field, which then reads as its usual value."""
    key: str | None = None
    """Its key in the dictionary, where that is not the field's name."""
    declared: str = attrs.field(default="", eq=False)
    """The line that made the spec (``scala40/_base/state_record.py:140``), which the code
    written from it names (:meth:`RecordFormat.source`)."""


def spec(
    codec: FieldCodec,
    about: str,
    *,
    place: int | None = None,
    usual: Any = NO_USUAL,
    public: bool = True,
    since: str | None = None,
    key: str | None = None,
    after: str | None = None,
) -> dict[str, Any]:
    """The metadata of a record's field (``attrs.field(metadata=spec(...))``), see
    :class:`FieldSpec`; ``after`` places a field declared by the record right after a
    field of its group (:func:`scala40._base.state_record.order_fields`), where the format
    wants it there.

    >>> from scala40._format.codecs import COUNTS
    >>> from scala40._format.specs import spec
    >>> spec(COUNTS, "each seat's turns this hand", usual=0)["spec"].usual
    0
    """
    if since is not None and usual is NO_USUAL:
        raise TypeError("a field added by a later release needs a usual value")
    declared = declared_at()
    metadata: dict[str, Any] = {
        "spec": FieldSpec(codec, about, place, usual, public, since, key, declared)
    }
    if after is not None:
        metadata["after"] = after
    return metadata


@attrs.frozen
class _Entry:
    name: str
    key: str
    spec: FieldSpec
    codec: FieldCodec
    """The spec's codec bound to the record's class."""


class RecordFormat:
    """What the specs of one record class give (see the module); made once per class by
    :func:`record_format`."""

    def __init__(self, record: type) -> None:
        self.record: Any = record
        """The record class (a game's, with its ``RULESET``, ``PHASES`` and ``side_count``)."""
        entries = []
        for field in attrs.fields(record):
            found = field.metadata.get("spec")
            if found is not None:
                codec = found.codec.bind(record)
                entries.append(_Entry(field.name, found.key or field.name, found, codec))
        self.entries: tuple[_Entry, ...] = tuple(entries)
        self.keys = tuple(entry.key for entry in entries)
        """The dictionary's keys, in order."""
        self.public = tuple(entry.name for entry in entries if entry.spec.public)
        """The fields a view copies from the state (the hands and the stock it shows as
        counts)."""
        self.format: str = getattr(record, "FORMAT", "")
        self.version: int = getattr(record, "FORMAT_VERSION", 1)
        self.where = f"{self.format.removeprefix('scala40.')}: "
        self.required = frozenset(entry.key for entry in entries if entry.spec.since is None)
        self.optional = frozenset(entry.key for entry in entries if entry.spec.since is not None)
        self.usual_names = frozenset(
            entry.name for entry in entries if entry.spec.usual is not NO_USUAL
        )
        self._owner = f"{record.__module__}.{record.__qualname__}"
        self.write: Callable[[Any], dict[str, Any]] = self._compile_writer()
        self._read = self._compile_reader()
        self._fields_pass = self._compile_checks()

    def source(self) -> str:
        """The Python source of the writer, the reader and the checks written from the
        record's specs (see the module), as compiled: each field's line names the field
        and the line of its spec; a debugger steps through the same lines.

        >>> from scala40._format.specs import record_format
        >>> from scala40.games.chinchon import GameState
        >>> source = record_format(GameState).source()
        >>> print(next(line for line in source.splitlines() if "'gins':" in line))
                'gins': list(value.gins),  # gins: spec at scala40/games/_knock/state_record.py:...
        """
        functions = (self.write, self._read, self._fields_pass)
        return "\n".join(source_of(function) for function in functions)

    # -- writing -------------------------------------------------------------------------

    def _compile_writer(self) -> Callable[[Any], dict[str, Any]]:
        namespace: dict[str, Any] = {"_resigned": resigned_to_dict}
        lines = ["def write(value):", "    return {"]
        for index, entry in enumerate(self.entries):
            expression = entry.codec.expression(f"value.{entry.name}")
            if expression is None:
                namespace[f"_write{index}"] = entry.codec.write
                expression = f"_write{index}(value.{entry.name})"
            lines.append(f"        {entry.key!r}: {expression},{_origin(entry)}")
        lines.append("        **_resigned(value.resigned),")
        lines.append("    }")
        return compile_source("write", lines, namespace, self._owner)

    # -- reading -------------------------------------------------------------------------

    def _compile_reader(self) -> Callable[..., Any]:
        namespace: dict[str, Any] = {
            "_resigned": resigned_from_dict,
            "_MISSING": _MISSING,
            "_usual": self._with_missing_usual,
        }
        lines = ["def read(cls, read, data):"]
        arguments = []
        for index, entry in enumerate(self.entries):
            namespace[f"_codec{index}"] = entry.codec
            key = entry.key
            inline = entry.codec.read_expression(key, f"data[{key!r}]", namespace)
            if inline is not None:
                value = inline
            elif isinstance(entry.codec, (Melds, Nested)):
                value = f"_codec{index}.read_with(read, {key!r}, data[{key!r}], rules)"
            else:
                value = f"_codec{index}.read(read, {key!r}, data[{key!r}])"
            if entry.spec.since is not None:
                value = f"({value} if {key!r} in data else _MISSING)"
            if entry.name == "rules":
                lines.append(f"    rules = {value}{_origin(entry)}")
                value = "rules"
            arguments.append(f"        {entry.name}={value},{_origin(entry)}")
        arguments.append("        resigned=_resigned(data, read.where),")
        if self.optional:
            # A field a format gained later, missing from an older dictionary, takes its
            # usual value (per seat, per side... as the fields read give their number).
            lines += [
                "    fields = dict(",
                *arguments,
                "    )",
                "    return cls(**_usual(fields))",
            ]
        else:
            lines += ["    return cls(", *arguments, "    )"]
        return compile_source("read", lines, namespace, self._owner)

    def _with_missing_usual(self, fields: dict[str, Any]) -> dict[str, Any]:
        if not any(value is _MISSING for value in fields.values()):
            return fields
        return self.with_usual(
            {name: value for name, value in fields.items() if value is not _MISSING}
        )

    def read(
        self, data: Mapping[str, Any], *, checked: bool = True, cls: type | None = None
    ) -> Any:
        """The record of class ``cls`` (this format's own by default) that ``data``
        describes: each key known, each field of its kind; checked whole as well unless
        ``checked`` is false (the fields are then only read and typed).

        :raises SerializationError: naming the first field that is not what it must be,
            or (checked) every problem of the record.
        """
        refuse_many_keys(data, self.format.removeprefix("scala40."))
        read = FieldReader(expect_header(data, self.format, self.version), self.where)
        read.keys(self.required, self.optional | _HEADER)
        record = self._read(cls or self.record, read, data)
        return read.valid(record) if checked else record

    # -- building ------------------------------------------------------------------------

    def with_usual(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """``fields`` (a record's fields by name, with ``rules`` and ``player_count``),
        and every other field that has a usual value at it: a new game's fields, or a
        position's (``from_position``: a field given as ``None`` takes its usual value,
        a list is made a tuple, anything else is kept for the checks to name).

        >>> from scala40._format.specs import record_format
        >>> from scala40.games.skarney import GameState, Ruleset
        >>> usual = record_format(GameState).with_usual(
        ...     {"rules": Ruleset.default(), "player_count": 4, "table": (), "totals": (0, 0)}
        ... )
        >>> usual["contracts"], usual["stopped"], usual["offer_to"]
        ((False, False), (False, False, False, False), None)
        """
        usual_ones = self.usual_names
        found: dict[str, Any] = {
            name: tuple(value) if isinstance(value, list) else value
            for name, value in fields.items()
            if value is not None or name not in usual_ones
        }
        count: int = found["player_count"]
        sides: int = self.record.side_count(found["rules"], count)
        for entry in self.entries:
            usual = entry.spec.usual
            if entry.name in found or usual is NO_USUAL:
                continue
            if isinstance(usual, Usual):
                length: Any = usual.value
                if isinstance(length, LengthOf):
                    found[entry.name] = len(found[length.key])
                continue
            per = entry.codec.per
            if per is None:
                found[entry.name] = usual
            else:
                size: int = (
                    count if per == PER_SEAT else sides if per == PER_SIDE else len(found[per])
                )
                found[entry.name] = (usual,) * size
        return found

    # -- checking ------------------------------------------------------------------------

    def _compile_checks(self) -> Callable[[Any, int, int], bool]:
        """One function that tells whether every field passes its codec's check (a
        record is checked at each load and each sample: the problems' messages are
        written only for a record that has some)."""
        namespace: dict[str, Any] = {"_Context": CheckContext}
        lines = ["def fields_pass(record, count, sides):"]
        for index, entry in enumerate(self.entries):
            codec = entry.codec
            lines.append(f"    value = record.{entry.name}")
            if isinstance(codec, Nested):
                namespace[f"_kind{index}"] = codec.kind
                namespace[f"_check{index}"] = codec.check
                ok = (
                    f"value is None or (isinstance(value, _kind{index}) and not "
                    f"_check{index}(value, _Context(record, count, sides)))"
                )
            else:
                ok = codec.ok_expression("value", namespace) or (
                    f"_codec{index}.problem({entry.name!r}, value, "
                    "_Context(record, count, sides)) is None"
                )
                namespace[f"_codec{index}"] = codec
            lines.append(f"    if not ({ok}):{_origin(entry)}")
            lines.append("        return False")
        lines.append("    return True")
        function: Callable[[Any, int, int], bool] = compile_source(
            "fields_pass", lines, namespace, self._owner
        )
        return function

    def problems(self, value: Any) -> list[str]:
        """The problems of ``value``'s fields taken one by one (their kinds and ranges):
        first whether its rules are of its game's ruleset and allow its seats (nothing
        else would mean anything otherwise), then each field by its codec."""
        problems = _seat_problems(value, self.record.RULESET)
        if problems:
            return problems
        count: int = value.player_count
        sides: int = self.record.side_count(value.rules, count)
        if self._fields_pass(value, count, sides):
            return problems
        context = CheckContext(value, count, sides)
        for entry in self.entries:
            codec = entry.codec
            found = getattr(value, entry.name)
            if isinstance(codec, Nested):
                problems.extend(codec.problems(entry.name, found, context))
                continue
            problem = codec.problem(entry.name, found, context)
            if problem is not None:
                problems.append(problem)
                context.failed.add(entry.name)
        return problems

    # -- describing ----------------------------------------------------------------------

    def schema(self, description: str) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the dictionary, ``description`` its own."""
        properties: dict[str, Any] = {**header(self.format, self.version)}
        for entry in self.entries:
            node = entry.codec.schema()
            if entry.spec.since is not None:
                node = {
                    **node,
                    "description": f"{_capital(entry.spec.about)}; missing in states written "
                    f"before {entry.spec.since}, read as {_usual_words(entry)}.",
                }
            properties[entry.key] = node
        return obj(properties, optional=self.optional, description=description)

    def notation(self) -> Notation:
        """The grammar of the record's position text (:class:`~scala40.notation.Notation`):
        the fields with a place, by place, then the others named, the public ones first."""
        placed = sorted(
            (entry.spec.place, entry.key, entry.spec.about)
            for entry in self.entries
            if entry.spec.place is not None
        )
        placed.append(
            (
                _MOVE_NUMBER_PLACE,
                "move_number",
                "the moves played in the match, chance moves included",
            )
        )
        fields = [NotationField(key, about) for _, key, about in sorted(placed)]
        named = []
        for public in (True, False):
            for entry in self.entries:
                if entry.spec.place is not None or entry.key in _NOT_IN_TEXT:
                    continue
                if entry.spec.public is not public:
                    continue
                usual = entry.spec.usual
                if isinstance(usual, Usual):
                    default = usual.value
                elif entry.codec.per == PER_SEAT:
                    default = PerSeat(entry.codec.item_json(usual))
                elif entry.codec.per is not None:
                    per = _item_field(self, entry.codec.per)
                    default = PerItem(per, entry.codec.item_json(usual))
                else:
                    default = entry.codec.write(usual)
                named.append(NotationField(entry.key, entry.spec.about, default))
        named.append(
            NotationField(
                "resigned", "the seats that resigned, in the order they left (C-RESIGN)", ABSENT
            )
        )
        return Notation(tuple(fields), tuple(named))


_MISSING: Any = object()
"""What the reader gives a field a format gained later, missing from a dictionary."""
_MOVE_NUMBER_PLACE = 50
"""Where a position's text writes the move count (kept by the state's base, not a
field of the record): after the counts and the scores, before the generator."""
_NOT_IN_TEXT = frozenset({"rules", "players"})
"""Keys a position's text writes in its own way: the rules second, the seats as hands."""
_HEADER = frozenset({"format", "version", "resigned"})
"""Keys read apart from the fields: the header, and the seats that resigned (absent
while nobody has, C-RESIGN)."""


def _origin(entry: _Entry) -> str:
    """The comment that ends a line written for ``entry``'s field: the field, and where
    its spec was declared."""
    where = entry.spec.declared
    return f"  # {entry.name}: spec at {where}" if where else f"  # {entry.name}"


def _item_field(layout: RecordFormat, per: str) -> str:
    """The field a list's usual value in a text counts its entries by: ``per`` itself,
    or for a list per side, the one list per side that every text writes."""
    if per == PER_SIDE:
        return next(
            entry.key
            for entry in layout.entries
            if entry.codec.per == PER_SIDE and entry.spec.place is not None
        )
    return per


def _seat_problems(value: Any, ruleset: type) -> list[str]:
    """Whether ``value``'s rules are of its game's ``ruleset`` and allow its seats: the
    problem when not (every other field's check would mean nothing then)."""
    rules: object = value.rules
    count: object = value.player_count
    if not isinstance(rules, ruleset):
        return [f"rules must be a {ruleset.__name__}, got {describe(rules)}"]
    low: int = rules.min_players  # type: ignore[attr-defined]
    high: int = rules.max_players  # type: ignore[attr-defined]
    if not (is_int(count) and low <= count <= high):
        return [f"player_count must be from {low} to {high}, got {describe(count)}"]
    return []


def _usual_words(entry: _Entry) -> str:
    """A field's usual value in words, as a schema's description gives it."""
    usual = entry.spec.usual
    codec = entry.codec
    if codec.per is None:
        return json.dumps(codec.write(usual))
    each = {PER_SEAT: "each seat", PER_SIDE: "each side"}.get(codec.per, f"each of {codec.per}")
    return f"{json.dumps(codec.item_json(usual))} for {each}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_FORMATS: BoundedCache[type, RecordFormat] = BoundedCache("record formats", limit=256)
"""The formats derived, by record class (a process plays few games, each with a few
classes)."""


def record_format(record: type) -> RecordFormat:
    """What the specs of ``record``'s fields give (see the module), made once."""
    found = _FORMATS.get(record)
    if found is None:
        found = _FORMATS.put(record, RecordFormat(record))
    return found
