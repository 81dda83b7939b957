"""What every game's ruleset shares: options as typed fields, presets, validation, JSON.

Each game of the library describes its variants as one frozen ``Ruleset`` class (rules
as data): every option is an attrs field whose metadata names the rule it implements,
and named presets are instances of it. :class:`RulesetBase` gives every such class the
same behaviour, so that tools can list, compare, change and save the rules of any game
without knowing it:

* :meth:`~RulesetBase.preset`, :meth:`~RulesetBase.preset_names` and
  :meth:`~RulesetBase.preset_name` for the named presets;
* :meth:`~RulesetBase.options`, :meth:`~RulesetBase.option_names`,
  :meth:`~RulesetBase.option_rule` and :meth:`~RulesetBase.differences` to describe one;
* :meth:`~RulesetBase.replace` for a variant, validated again;
* :meth:`~RulesetBase.to_dict` and :meth:`~RulesetBase.from_dict` for JSON, and
  :meth:`~RulesetBase.json_schema` for the JSON Schema of that format.

A game's class sets :attr:`~RulesetBase.FORMAT`, calls :meth:`~RulesetBase.validate_options`
from its ``__attrs_post_init__`` and registers its presets with :func:`set_presets`.

**An option is described once**, by its field: its type (``bool``, ``int``, an enum, a
tuple of integers, any of them or ``None``) and its metadata (:func:`option_metadata`:
its rule, and an integer's range or few choices). Each option alone is checked from
that declaration (:func:`option_checks`), the JSON Schema states it, the command line
and the documentation list it, and the tests draw rulesets from it; a game's own checks
(its ``_cross_problems``) keep only what spans several options, and the game's rules
read the option's field by name.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar, cast

import attrs
from typing_extensions import Self

from scala40._cache import BoundedCache
from scala40._format.serial import expect_header
from scala40.cards import Deck
from scala40.checks import describe, is_int
from scala40.errors import (
    InvalidArgumentError,
    InvalidRulesetError,
    SerializationError,
    UnknownPresetError,
)
from scala40.melds import MeldRules
from scala40.schema_parts import array, enum_of, header, integer, obj

__all__ = [
    "MAX_OPTION_INT",
    "MAX_OPTION_ITEMS",
    "OptionChecks",
    "OptionKind",
    "RulesetBase",
    "Variants",
    "check_problems",
    "enum_converter",
    "need_bool",
    "need_choice",
    "need_int",
    "option_checks",
    "option_kinds",
    "option_metadata",
    "set_presets",
    "shared_meld_rules",
]

MAX_OPTION_INT = 10**9
"""The largest integer any option accepts, whatever its own range (a bound that keeps
every ruleset, and the states played under it, printable and serializable)."""

MAX_OPTION_ITEMS = 1_000
"""The most options, and the most items of an option given as a list, that
:meth:`RulesetBase.from_dict` reads (a ruleset has a few dozen options; the longest
lists hold one item a hand, 100 at most): more are refused before they are read."""

Variants = tuple[tuple[str, Mapping[str, Any]], ...]
"""Rulesets beyond a game's presets, each a preset's name and the options that differ
from it (:attr:`RulesetBase.VARIANTS`)."""

R = TypeVar("R", bound="RulesetBase")
E = TypeVar("E", bound=enum.Enum)


def option_metadata(
    rule: str,
    low: int | None = None,
    high: int | None = None,
    *,
    choices: tuple[int, ...] = (),
    most_items: int | None = None,
) -> dict[str, Any]:
    """The metadata of an option's field: the rule it implements and, for an integer
    option (or each integer of a tuple option), its range from ``low`` to ``high``
    (``None``: up to :data:`MAX_OPTION_INT`) or its few allowed ``choices``; for a tuple
    option, the most integers it holds (``most_items``; at least one).

    The range is the option's alone; checks that involve other options stay in the
    game's validation. :func:`need_int` reads the range, and
    :meth:`RulesetBase.json_schema` states it.

    >>> from scala40.rulesets import option_metadata
    >>> option_metadata("S40-DECK", 0, 8)
    {'rule': 'S40-DECK', 'range': (0, 8)}
    """
    metadata: dict[str, Any] = {"rule": rule}
    if low is not None:
        metadata["range"] = (low, high)
    if choices:
        metadata["choices"] = tuple(choices)
    if most_items is not None:
        metadata["most_items"] = most_items
    return metadata


@attrs.frozen
class OptionKind:
    """What an option's declaration says of its values: its ``name``, its ``kind``
    (``"bool"``, ``"int"``, ``"choice"`` for an enum, ``"ints"`` for a tuple of
    integers), whether ``None`` is allowed too, and for integers their range or choices
    (for a tuple, each item's, and the most items it holds)."""

    name: str
    kind: str
    optional: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    most_items: int = MAX_OPTION_ITEMS
    enum: type[enum.Enum] | None = None

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value`` as this option alone, or ``None``."""
        if self.optional and value is None:
            return None
        either = " or None" if self.optional else ""
        if self.kind == "bool":
            if isinstance(value, bool):
                return None
            return f"{self.name} must be True or False, got {describe(value)}"
        if self.kind == "choice":
            assert self.enum is not None
            if isinstance(value, self.enum):
                return None
            known = ", ".join(repr(member.value) for member in self.enum)
            return f"{self.name} must be one of {known}, got {describe(value)}"
        if self.kind == "ints":
            if (
                isinstance(value, tuple)
                and 0 < len(value) <= self.most_items
                and all(self._passes(item) for item in value)
            ):
                return None
            return (
                f"{self.name} must be a tuple of 1 to {self.most_items} integers "
                f"{self._span()}, got {describe(value)}"
            )
        if self.choices:
            if is_int(value) and value in self.choices:
                return None
            *head, last = (str(choice) for choice in self.choices)
            words = f"{', '.join(head)} or {last}" if head else last
            return f"{self.name} must be {words}{either}, got {describe(value)}"
        if self._passes(value):
            return None
        span = self._span()
        if self.high is None and is_int(value) and value > MAX_OPTION_INT:
            span += f" and at most {MAX_OPTION_INT}"
        return f"{self.name} must be an integer {span}{either}, got {describe(value)}"

    def _passes(self, value: object) -> bool:
        low = -MAX_OPTION_INT if self.low is None else self.low
        high = MAX_OPTION_INT if self.high is None else self.high
        return is_int(value) and low <= value <= high

    def _span(self) -> str:
        if self.low is None:
            return f"from -{MAX_OPTION_INT} to {MAX_OPTION_INT}"
        if self.high is None:
            return f"of at least {self.low}"
        return f"from {self.low} to {self.high}"


_KINDS: BoundedCache[type, tuple[OptionKind, ...]] = BoundedCache("option kinds", limit=64)
"""The options' kinds, by ruleset class (read once from its fields' declarations)."""


def option_kinds(ruleset: type) -> tuple[OptionKind, ...]:
    """The kinds of every option of the ruleset class ``ruleset``, in declaration order,
    read from their fields (see :class:`OptionKind`).

    >>> from scala40 import Ruleset
    >>> from scala40.rulesets import option_kinds
    >>> [(kind.name, kind.kind, kind.low, kind.high) for kind in option_kinds(Ruleset)][:2]
    [('jokers', 'int', 0, 8), ('min_players', 'int', 2, None)]
    """
    found = _KINDS.get(ruleset)
    if found is not None:
        return found
    hints = typing.get_type_hints(ruleset)
    kinds = []
    for field in attrs.fields(ruleset):
        if not field.init:
            continue
        hint, optional = _without_none(hints[field.name])
        metadata = field.metadata
        low, high = metadata.get("range", (None, None))
        common: dict[str, Any] = {"optional": optional, "low": low, "high": high}
        if hint is bool:
            kinds.append(OptionKind(field.name, "bool", optional))
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            kinds.append(OptionKind(field.name, "choice", optional, enum=hint))
        elif typing.get_origin(hint) is tuple:
            most = metadata.get("most_items", MAX_OPTION_ITEMS)
            kinds.append(OptionKind(field.name, "ints", most_items=most, **common))
        else:
            choices = tuple(metadata.get("choices", ()))
            kinds.append(OptionKind(field.name, "int", choices=choices, **common))
    return _KINDS.put(ruleset, tuple(kinds))


def _without_none(hint: Any) -> tuple[Any, bool]:
    """``hint`` without ``None`` among its members, and whether it had it."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        members = [member for member in typing.get_args(hint) if member is not type(None)]
        nullable = len(members) < len(typing.get_args(hint))
        return (members[0] if len(members) == 1 else Any), nullable
    return hint, False


class OptionChecks:
    """The problems of a ruleset's options taken one by one (:func:`option_checks`), to
    which a game adds those of its options taken together (:meth:`ok` says which
    options passed alone: a check across options reads those only)."""

    def __init__(self, problems: list[str], failed: frozenset[str]) -> None:
        self.problems = problems
        self.failed = failed

    def ok(self, *names: str) -> bool:
        """Whether every option of ``names`` passed its own check."""
        return not self.failed.intersection(names)


def option_checks(rules: RulesetBase) -> OptionChecks:
    """Each option of ``rules`` checked alone, from its declaration (:func:`option_kinds`).

    >>> from scala40 import Ruleset
    >>> from scala40.rulesets import option_checks
    >>> rules = Ruleset.__new__(Ruleset)
    >>> for name, value in Ruleset().options().items():
    ...     object.__setattr__(rules, name, value)
    >>> object.__setattr__(rules, "jokers", 9)
    >>> checks = option_checks(rules)
    >>> checks.problems, checks.ok("jokers"), checks.ok("hand_size")
    (['jokers must be an integer from 0 to 8, got 9'], False, True)
    """
    problems: list[str] = []
    failed = set()
    for kind in option_kinds(type(rules)):
        problem = kind.problem(getattr(rules, kind.name))
        if problem is not None:
            problems.append(problem)
            failed.add(kind.name)
    return OptionChecks(problems, frozenset(failed))


class RulesetBase:
    """The behaviour every game's ruleset shares (a mixin for frozen attrs classes)."""

    __slots__ = ()

    FORMAT: ClassVar[str] = ""
    """The format name of :meth:`to_dict` (``scala40.ruleset`` for Scala 40)."""
    FORMAT_VERSION: ClassVar[int] = 1
    """The version of :meth:`to_dict`'s format."""
    DEFAULT_PRESET: ClassVar[str] = ""
    """The preset that stands for the game's standard rules."""
    _PRESETS: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    VARIANTS: ClassVar[Variants] = ()
    """Rulesets beyond the presets, each a preset's name and the options that differ from
    it, that switch on variant rules no preset plays: the conformance corpus plays them
    beside the presets, so that its lines reach those rules (:mod:`scala40.conformance`)."""

    # Every game's ruleset says how many may play, and with which deck (C-DECK).
    min_players: int
    max_players: int

    def __copy__(self) -> Self:
        return self  # immutable

    def validate_options(self) -> None:
        """Check every option, each alone from its declaration
        (:func:`~scala40.rulesets.option_checks`),
        then those a game checks together (``_cross_problems``): a game's
        ``__attrs_post_init__`` calls it first.

        :raises InvalidRulesetError: listing every problem found.
        """
        checks = option_checks(self)
        checks.problems.extend(self._cross_problems(checks))
        check_problems(checks.problems)

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        """The problems of options taken together (their ranges where they depend on
        other options, what one option needs of another); ``checks`` says which options
        passed alone. None by default."""
        return []

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # Immutable, and it may keep derived tables with caches (a game's rules
        # profile, its meld rules): a copy is the value itself, at no cost.
        return self

    @property
    def deck(self) -> Deck:
        """The deck the game is played with (C-DECK)."""
        raise NotImplementedError  # pragma: no cover - every game's ruleset defines it

    @property
    def most_hands(self) -> int | None:
        """The most hands a match can last under these rules (1 for a game of a single
        hand), or ``None`` where hands go on until a score decides: the learning
        adapters size an episode's cap by it."""
        return None

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Names of every option, in declaration order."""
        return tuple(field.name for field in attrs.fields(cls) if field.init)  # type: ignore[arg-type]

    @classmethod
    def option_rule(cls, name: str) -> str:
        """The rule ID an option implements (for documentation and the command line)."""
        fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
        given: object = name
        if not isinstance(given, str) or given not in fields or not fields[given].init:
            raise InvalidRulesetError([f"unknown option {describe(given)}"])
        return str(fields[name].metadata.get("rule", ""))

    @classmethod
    def option_range(cls, name: str) -> tuple[int, int] | None:
        """The range an integer option declares in its metadata, as ``(low, high)``, or
        ``None`` (see ``scala40.rulesets.option_metadata``). Other options may narrow it further: the
        ruleset's validation says the last word.

        >>> from scala40 import Ruleset
        >>> Ruleset.option_range("jokers"), Ruleset.option_range("split_sequences")
        ((0, 8), None)
        """
        cls.option_rule(name)  # an unknown option is refused here
        span = attrs.fields_dict(cls)[name].metadata.get("range")  # type: ignore[arg-type]
        if span is None:
            return None
        low, high = span
        return (low, MAX_OPTION_INT if high is None else high)

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of :meth:`to_dict`'s output, made from the
        option fields: each option's type (boolean, integer, a choice of values, a list of
        integers), whether it may be ``null``, its range, its rule and its default.

        The options are not required: :meth:`from_dict` gives a missing one its default.
        The schema checks each option alone; the ruleset's validation also checks how
        they fit together (such as enough cards in the deck for every hand).

        >>> from scala40 import Ruleset
        >>> schema = Ruleset.json_schema()
        >>> schema["properties"]["format"], schema["required"]
        ({'const': 'scala40.ruleset'}, ['format', 'version', 'options'])
        >>> schema["properties"]["options"]["properties"]["jokers"]
        {'type': 'integer', 'minimum': 0, 'maximum': 8, 'description': 'Rule S40-DECK.', 'default': 4}
        """
        hints = typing.get_type_hints(cls)
        fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
        options = {name: _option_schema(fields[name], hints[name]) for name in cls.option_names()}
        return obj(
            {
                **header(cls.FORMAT, cls.FORMAT_VERSION),
                "options": obj(
                    options,
                    optional=options,
                    description="Every option by name; a missing one takes its default.",
                ),
            },
            description=f"A ruleset ({cls.FORMAT} version {cls.FORMAT_VERSION}).",
        )

    @classmethod
    def presets(cls) -> Mapping[str, Self]:
        """The named presets, in the order the game lists them (a read-only mapping)."""
        return cls._PRESETS

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of the presets."""
        return tuple(cls._PRESETS)

    @classmethod
    def preset(cls, name: str) -> Self:
        """The ruleset of a named preset.

        :raises UnknownPresetError: no preset has that name; the message lists them.
        """
        try:
            return cls._PRESETS[name]  # type: ignore[no-any-return]
        except (KeyError, TypeError):
            known = ", ".join(cls._PRESETS)
            raise UnknownPresetError(
                f"no preset named {describe(name)}; presets: {known}"
            ) from None

    @classmethod
    def default(cls) -> Self:
        """The game's standard rules (its :attr:`DEFAULT_PRESET`)."""
        return cls.preset(cls.DEFAULT_PRESET)

    @classmethod
    def resolve(cls, rules: Self | str | None) -> Self:
        """A ruleset given as itself, a preset name, or ``None`` for the standard rules.

        :raises UnknownPresetError: a name that is no preset.
        :raises InvalidRulesetError: anything else (the message says what it got).
        """
        if rules is None:
            return cls.default()
        if isinstance(rules, str):
            return cls.preset(rules)
        if not isinstance(rules, cls):
            raise InvalidRulesetError(
                [f"expected a {cls.__name__} or a preset name, got {describe(rules)}"]
            )
        return rules

    def preset_name(self) -> str | None:
        """The name of the preset equal to this ruleset, if any."""
        return next((name for name, rules in self._PRESETS.items() if rules == self), None)

    def options(self) -> dict[str, Any]:
        """Every option and its value, in declaration order."""
        return {name: getattr(self, name) for name in self.option_names()}

    def differences(self, other: Self | None = None) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ from ``other`` (the standard rules by default), as
        ``{name: (value here, value there)}``."""
        base = self.default() if other is None else other
        if type(base) is not type(self):
            raise InvalidArgumentError(
                f"expected a {type(self).__name__} to compare with, got {describe(other)}"
            )
        return {
            name: (getattr(self, name), getattr(base, name))
            for name in self.option_names()
            if getattr(self, name) != getattr(base, name)
        }

    def label(self) -> str:
        """A short name: the nearest preset's, with the options that differ from it.

        The nearest preset is the one with the fewest differences (the standard rules
        first among equals).
        """
        best_name = self.DEFAULT_PRESET
        best = self.differences(self.default())
        for name, preset in self._PRESETS.items():
            found = self.differences(preset)
            if len(found) < len(best):
                best_name, best = name, found
        if not best:
            return best_name
        changes = ", ".join(f"{name}={_plain(value)}" for name, (value, _) in best.items())
        return f"{best_name} + {changes}"

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated again.

        :raises InvalidRulesetError: an unknown option, or a value out of range.
        """
        unknown = sorted(set(changes) - set(self.option_names()))
        if unknown:
            raise InvalidRulesetError([f"unknown option {describe(name)}" for name in unknown])
        return attrs.evolve(self, **changes)  # type: ignore[misc]

    def with_match_format(self, match: object) -> Self:
        """A copy under another match format: how hands make a game (the ``match_format``
        option of a game that has one, such as Scala 40's ``"single"``, one hand).

        A game whose other options depend on the format switches them off here where the
        format cannot keep them (its ruleset overrides this method and says which).

        :raises InvalidRulesetError: the game has no ``match_format`` option, or
            ``match`` names none of its formats (the message lists them).
        """
        if "match_format" not in self.option_names():
            raise InvalidRulesetError(
                ["these rules have no match formats (no match_format option)"]
            )
        return self.replace(match_format=match)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the ruleset: every option, versioned."""
        options = {name: _plain(value) for name, value in self.options().items()}
        return {"format": self.FORMAT, "version": self.FORMAT_VERSION, "options": options}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a ruleset from :meth:`to_dict` output, refusing anything malformed.

        :raises SerializationError: the data is not a ruleset of this game, names an
            unknown option, or gives a value out of range.
        """
        kind = cls.FORMAT.removeprefix("scala40.")
        data = expect_header(data, cls.FORMAT, cls.FORMAT_VERSION)
        unknown_fields = sorted(str(name) for name in set(data) - {"format", "version", "options"})
        if unknown_fields:
            raise SerializationError(f"{kind}: unknown fields {describe(unknown_fields)}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise SerializationError(f"{kind}: 'options' must be a mapping")
        if len(options) > MAX_OPTION_ITEMS:
            raise SerializationError(
                f"{kind}: {len(options)} options, more than {MAX_OPTION_ITEMS} (unknown ones)"
            )
        for name, value in options.items():
            if isinstance(value, (list, tuple)) and len(value) > MAX_OPTION_ITEMS:
                raise SerializationError(
                    f"{kind}: option {describe(name)} holds {len(value)} items, more than "
                    f"{MAX_OPTION_ITEMS}"
                )
        # A ruleset loaded before is found by its exact options (names and values with
        # their types), which passed every check below then.
        key = _options_key(cls, options)
        if key is not None:
            known = _LOADED.get(key)
            if known is not None:
                return known  # type: ignore[return-value]
        if not all(isinstance(name, str) for name in options):
            raise SerializationError(f"{kind}: option names must be strings")
        unknown = sorted(set(options) - set(cls.option_names()))
        if unknown:
            raise SerializationError(f"{kind}: unknown options {describe(unknown)}")
        try:
            loaded = cls(**{name: _from_json(value) for name, value in options.items()})
        except (InvalidRulesetError, ValueError, TypeError) as error:
            # A converter may refuse a value of the wrong shape before validation runs.
            raise SerializationError(f"{kind}: {error}") from error
        if key is not None:
            _LOADED.put(key, loaded)
        return loaded


_LOADED: BoundedCache[tuple[object, ...], RulesetBase] = BoundedCache("rulesets loaded", limit=256)
"""Rulesets read by :meth:`RulesetBase.from_dict`, by their class and their options exactly as
written (each value with its type, so that ``1`` and ``true`` never meet): every state's
dict holds its ruleset, and validating one (building its tables) costs as much as the
rest of a state. Only rulesets that loaded are kept, so a refused one is refused again
with the same message; the options of a ruleset are few, so a key is small."""

_PLAIN_TYPES = frozenset({int, bool, str, type(None)})
_TEXT_ONLY = frozenset({str})


def _options_key(cls: type[RulesetBase], options: Mapping[str, Any]) -> tuple[object, ...] | None:
    """The key of ``options`` in :data:`_LOADED`, or ``None`` for a value of another kind
    than JSON's plain ones (a float, a mapping, a list of anything but integers) or a
    name that is not plain text."""
    names = tuple(options)
    if not _TEXT_ONLY.issuperset(map(type, names)):
        return None
    values = tuple(options.values())
    kinds = tuple(map(type, values))
    if not _PLAIN_TYPES.issuperset(kinds):
        if not _PLAIN_TYPES.union((list,)).issuperset(kinds):
            return None
        lists = [value for value in values if type(value) is list]
        if not all(type(item) is int for value in lists for item in value):
            return None
        values = tuple(tuple(value) if type(value) is list else value for value in values)
    return (cls, names, values, kinds)


def _option_schema(field: attrs.Attribute[Any], hint: Any) -> dict[str, Any]:
    """The JSON Schema of one option's value, from its type and its metadata."""
    hint, nullable = _without_none(hint)
    schema: dict[str, Any]
    if hint is bool:
        schema = {"type": ["boolean", "null"] if nullable else "boolean"}
    elif hint is int:
        schema = _int_schema(field.metadata, nullable)
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        schema = enum_of([member.value for member in hint], nullable=nullable)
    elif typing.get_origin(hint) is tuple and typing.get_args(hint) == (int, ...):
        schema = array(_int_schema(field.metadata, False))
        if nullable:
            schema["type"] = ["array", "null"]
    else:  # pragma: no cover - no option of the library's games is of another type
        schema = {}
    rule = field.metadata.get("rule")
    if rule:
        schema["description"] = f"Rule {rule}."
    if field.default is not attrs.NOTHING and not isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
        schema["default"] = _plain(field.default)
    return schema


def _int_schema(metadata: Mapping[str, Any], nullable: bool) -> dict[str, Any]:
    choices = metadata.get("choices")
    if choices:
        return enum_of(choices, nullable=nullable)
    low, high = metadata.get("range", (-MAX_OPTION_INT, MAX_OPTION_INT))
    return integer(low, MAX_OPTION_INT if high is None else high, nullable=nullable)


def _plain(value: object) -> object:
    """An option's value as JSON holds it (enums by their value, tuples as lists)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, frozenset)):
        return [
            _plain(item) for item in (sorted(value) if isinstance(value, frozenset) else value)
        ]
    return value


def _from_json(value: object) -> object:
    # JSON has lists where options hold tuples; converters turn them back.
    return tuple(value) if isinstance(value, list) else value


def set_presets(cls: type[R], presets: Mapping[str, R], default: str) -> Mapping[str, R]:
    """Register a game's named presets on its ruleset class; returns them read-only."""
    frozen = MappingProxyType(dict(presets))
    cls._PRESETS = frozen
    cls.DEFAULT_PRESET = default
    return frozen


_SHARED_MELD_RULES: BoundedCache[MeldRules, MeldRules] = BoundedCache(
    "shared meld rules", limit=512
)


def shared_meld_rules(rules: MeldRules) -> MeldRules:
    """The one :class:`~scala40.melds.MeldRules` object kept for rules equal to ``rules``:
    equal rulesets (one loaded from JSON, say) then share the caches of their meld
    searches instead of filling new ones.

    >>> from scala40 import MeldRules
    >>> from scala40.rulesets import shared_meld_rules
    >>> shared_meld_rules(MeldRules(max_wilds=2)) is shared_meld_rules(MeldRules(max_wilds=2))
    True
    """
    found = _SHARED_MELD_RULES.get(rules)
    return found if found is not None else _SHARED_MELD_RULES.put(rules, rules)


def check_problems(problems: list[str]) -> None:
    """Raise :class:`~scala40.InvalidRulesetError` listing ``problems``, if any."""
    if problems:
        raise InvalidRulesetError(problems)


def need_int(
    problems: list[str],
    rules: object,
    name: str,
    low: int | None = None,
    high: int | None = None,
    *,
    optional: bool = False,
) -> bool:
    """Check that option ``name`` is an integer from ``low`` to ``high`` (or ``None`` when
    ``optional``); append a problem and return ``False`` if not.

    Without ``low``, the range is the one the option's field declares in its metadata
    (:func:`option_metadata`); give the bounds only where they depend on other options.
    """
    if low is None:
        low, high = attrs.fields_dict(type(rules))[name].metadata["range"]  # type: ignore[arg-type]
    value = getattr(rules, name)
    if optional and value is None:
        return True
    top = MAX_OPTION_INT if high is None else high
    if is_int(value) and low <= value <= top:
        return True
    span = f"from {low} to {high}" if high is not None else f"of at least {low}"
    if high is None and is_int(value) and value > top:
        span += f" and at most {top}"
    extra = " or None" if optional else ""
    problems.append(f"{name} must be an integer {span}{extra}, got {describe(value)}")
    return False


def need_bool(problems: list[str], rules: object, names: Iterable[str]) -> None:
    """Check that every option of ``names`` is ``True`` or ``False``."""
    for name in names:
        value = getattr(rules, name)
        if not isinstance(value, bool):
            problems.append(f"{name} must be True or False, got {describe(value)}")


def need_choice(problems: list[str], rules: object, name: str, choices: type[enum.Enum]) -> bool:
    """Check that option ``name`` holds a member of the enum ``choices`` (converters keep
    unknown values as given, so that they are reported here with every other problem)."""
    value = getattr(rules, name)
    if isinstance(value, choices):
        return True
    known = ", ".join(repr(member.value) for member in choices)
    problems.append(f"{name} must be one of {known}, got {describe(value)}")
    return False


def enum_converter(choices: type[E]) -> Callable[[object], E]:
    """A converter to a member of ``choices`` that keeps unknown values as given (so that
    validation reports them with every other problem; see :func:`need_choice`). It is
    typed as giving a member: a ruleset holding anything else is never made.

    >>> import enum
    >>> from scala40.rulesets import enum_converter
    >>> class Pace(enum.Enum):
    ...     SLOW = "slow"
    >>> to_pace = enum_converter(Pace)
    >>> to_pace("slow"), to_pace(Pace.SLOW), to_pace("fast")
    (<Pace.SLOW: 'slow'>, <Pace.SLOW: 'slow'>, 'fast')
    """

    def convert(value: object) -> E:
        try:
            return choices(value)
        except Exception:  # not a value of the enum (whose message repr()s the value)
            return cast(E, value)  # kept for the validation to name

    return convert
