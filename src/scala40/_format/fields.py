"""Fast copies of frozen attrs values with some fields changed (internal).

Copying a state is a rules engine's most frequent operation. ``attrs.evolve`` runs the
class's ``__init__`` and validators on every call; a function written out field by field,
storing through the slot descriptors, is several times faster. These functions are
generated once per class from its attrs fields, so the field list is written in one
place only: the class. For a class without a ``__weakref__`` slot
(``attrs.frozen(weakref_slot=False)``) the copy is filled as an instance of a plain twin
class with the same slots, then turned into the class itself: quicker still.

A field marked ``attrs.field(metadata={"cache": True})`` is a cache (derived data kept
outside the value): copies start with it empty (``None``).

Pickles and copies of such values follow the same rule (:func:`reduce_fields`): a pickle
holds the fields and leaves the caches out, and the value it gives back is built whole
before anything can see it, with empty caches and (for a class that caches its hash) no
hash kept: a cache may hold values that refer back to the value being loaded, whose hash
would be asked for before its fields are set.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

import attrs

from scala40._format.generated import compile_source

__all__ = [
    "make_builder",
    "make_evolver",
    "make_setter",
    "rebuilt",
    "reduce_fields",
    "slot_setter",
    "written_by_attrs",
]

T = TypeVar("T")


def _fields(cls: type[Any]) -> list[tuple[str, bool]]:
    return [(field.name, bool(field.metadata.get("cache"))) for field in attrs.fields(cls)]


def slot_setter(cls: type[Any], name: str) -> Callable[[Any, Any], None]:
    """A function ``(value, field)`` storing field ``name`` into a fresh ``value`` of
    ``cls`` (frozen: stored into only before anyone sees it): the slot's own setter, a
    call of the slot itself, or ``object.__setattr__`` for a class without the slot.

    >>> import attrs
    >>> from scala40._format.fields import slot_setter
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> point = object.__new__(Point)
    >>> slot_setter(Point, "x")(point, 3)
    >>> point
    Point(x=3)
    """
    member = getattr(cls, name, None)
    if isinstance(member, MemberDescriptorType):
        setter: Callable[[Any, Any], None] = member.__set__
        return setter
    return lambda value, field: object.__setattr__(value, name, field)


def _slot(cls: type[Any], name: str) -> Any:
    """The slot descriptor of field ``name`` (on ``cls`` or the base class declaring it)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__} has no slot {name!r}")  # pragma: no cover


def _layout(cls: type[Any]) -> type[Any] | None:
    """The lowest class of ``cls``'s ancestry that declares slots (``cls`` itself, or the
    record a subclass adds only methods to), when every class in it declares its slots,
    those below the record declare none, and none above it has a ``__setattr__`` of its
    own (the twin would inherit it); else ``None``. Classes above the record may declare
    slots (a base of fields every game has): the twin inherits them."""
    layout = None
    for klass in cls.__mro__[:-1]:
        slots = klass.__dict__.get("__slots__")
        if not isinstance(slots, tuple):
            return None
        if layout is None:
            layout = klass if slots else None
        elif "__setattr__" in klass.__dict__:
            return None  # a base the twin would inherit a frozen __setattr__ from
    return layout


def _twin(cls: type[Any]) -> type[Any] | None:
    """A plain class with the very slots of ``cls``, or ``None`` when there can be none.

    Its instances take plain attribute stores (much quicker than calls to the slot
    descriptors) and then become instances of ``cls`` by assigning ``__class__``, which
    Python allows between classes of the same layout: same bases, same slots, and no
    ``__weakref__`` slot (``attrs.frozen(weakref_slot=False)``). Subclasses that add
    methods only (empty slots), such as a game's state over its record, share the
    record's layout; the record's bases are the twin's too: the core's
    :class:`~scala40._base.state.StateBase` (no slots), and the core's
    :class:`~scala40._base.state_record.RecordBase` (the fields every game has, in slots the twin
    inherits; not frozen itself, so that the twin's stores are plain). Tried once here.
    """
    layout = _layout(cls)
    if layout is None:
        return None
    slots = layout.__dict__["__slots__"]
    if "__weakref__" in slots:
        return None
    try:
        # (A generic base of common fields, which no state is an instance of, takes none.)
        twin = type(f"_{cls.__name__}Copy", layout.__bases__, {"__slots__": slots})
        probe: Any = object.__new__(twin)
        for name in slots:
            setattr(probe, name, None)
        probe.__class__ = cls
    except TypeError:  # a layout Python will not convert
        return None
    return twin


def _compile(cls: type[Any], signature: str, value_of: Callable[[str], str]) -> Any:
    twin = _twin(cls)
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin}
    lines = [f"def _copy({signature}):"]
    if twin is not None:
        lines.append("    new = _new(_twin)")
        for name, is_cache in _fields(cls):
            value = "None" if is_cache else value_of(name)
            lines.append(f"    new.{name} = {value}")
        lines.append("    new.__class__ = _cls")
    else:
        lines.append("    new = _new(_cls)")
        for index, (name, is_cache) in enumerate(_fields(cls)):
            namespace[f"_store{index}"] = _slot(cls, name).__set__
            value = "None" if is_cache else value_of(name)
            lines.append(f"    _store{index}(new, {value})")
    lines.append("    return new")
    return compile_source("_copy", lines, namespace, f"{cls.__module__}.{cls.__qualname__}")


def make_evolver(cls: type[T]) -> Callable[..., T]:
    """A function ``evolve(value, **changes)``: a copy of ``value`` (of ``cls``, a frozen
    slotted attrs class) with the fields named in ``changes`` replaced, unchecked.

    >>> import attrs
    >>> from scala40._format.fields import make_evolver
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve = make_evolver(Point)
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    function: Callable[..., T] = _compile(
        cls, "value, **changes", lambda name: f"changes.get({name!r}, value.{name})"
    )
    function.__doc__ = f"A copy of a {cls.__name__} with some fields changed, unchecked."
    return function


def make_setter(cls: type[T], *names: str) -> Callable[..., T]:
    """A function ``set(value, *, name=..., ...)`` that copies ``value`` with exactly the
    fields ``names`` replaced: :func:`make_evolver` for the hottest moves, which always
    change the same fields, without looking up the others.

    >>> import attrs
    >>> from scala40._format.fields import make_setter
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> move_x = make_setter(Point, "x")
    >>> move_x(Point(1, 2), x=7)
    Point(x=7, y=2)

    A class without a ``__weakref__`` slot gets copies filled through its twin; they are
    values of the class itself, as frozen as any:

    >>> @attrs.frozen(weakref_slot=False)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> pair = make_setter(Pair, "b")(Pair(1, 2), b=3)
    >>> pair, type(pair) is Pair, pair == Pair(1, 3), hash(pair) == hash(Pair(1, 3))
    (Pair(a=1, b=3), True, True, True)
    >>> try:
    ...     pair.a = 5
    ... except attrs.exceptions.FrozenInstanceError:
    ...     print("frozen")
    frozen
    """
    known = {name for name, _ in _fields(cls)}
    unknown = sorted(set(names) - known)
    if unknown:  # pragma: no cover - a programming error
        raise TypeError(f"{cls.__name__} has no fields {unknown}")
    function: Callable[..., T] = _compile(
        cls,
        "value, *, " + ", ".join(names),
        lambda name: name if name in names else f"value.{name}",
    )
    return function


def make_builder(cls: type[T], signature: str, value_of: Callable[[str], str]) -> Callable[..., T]:
    """A function taking ``signature``'s arguments that makes a value of ``cls`` (a frozen
    slotted attrs class) with each field set to the Python expression ``value_of(name)``
    of those arguments, unchecked (caches empty): :func:`make_evolver` for a value made
    from another kind of value, such as a view from its state.

    >>> import attrs
    >>> from scala40._format.fields import make_builder
    >>> @attrs.frozen
    ... class Span:
    ...     low: int
    ...     size: int
    >>> of_pair = make_builder(Span, "pair", lambda name: {"low": "pair[0]", "size": "pair[1] - pair[0]"}[name])
    >>> of_pair((3, 7))
    Span(low=3, size=4)
    """
    function: Callable[..., T] = _compile(cls, signature, value_of)
    return function


def reduce_fields(value: Any) -> tuple[Any, ...]:
    """What ``value.__reduce__()`` returns for a slotted attrs value: its class and its
    fields, caches left out (see the module), so that ``pickle`` and ``copy`` rebuild it
    through :func:`rebuilt`.

    >>> import copy
    >>> import attrs
    >>> from scala40._format.fields import reduce_fields
    >>> @attrs.frozen(cache_hash=True)
    ... class Pair:
    ...     a: int
    ...     b: tuple[int, ...]
    ...     _seen: object = attrs.field(
    ...         default=None, init=False, eq=False, metadata={"cache": True}
    ...     )
    ...     def __reduce__(self) -> tuple[object, ...]:
    ...         return reduce_fields(self)
    >>> pair = Pair(1, (2, 3))
    >>> object.__setattr__(pair, "_seen", "derived")
    >>> again = copy.deepcopy(pair)
    >>> again == pair, hash(again) == hash(pair), again._seen
    (True, True, None)
    """
    cls = type(value)
    kept = {name: None if is_cache else getattr(value, name) for name, is_cache in _fields(cls)}
    for name, (flat, _) in _pickled_as(cls).items():
        kept[name] = flat(kept[name])
    return (rebuilt, (cls, kept))


def rebuilt(cls: type[T], fields: dict[str, Any]) -> T:
    """A value of ``cls`` with ``fields`` set, as :func:`reduce_fields` kept them: through
    the class's own ``__setstate__``, which attrs writes to reset a cached hash."""
    for name, (_, whole) in _pickled_as(cls).items():
        if name in fields:
            fields = {**fields, name: whole(fields[name])}
    new: T = object.__new__(cls)
    new.__setstate__(fields)  # type: ignore[attr-defined]
    return new


def _pickled_as(cls: type[Any]) -> dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]]:
    """The fields of ``cls`` that a pickle holds in another form: those declared with
    ``metadata={"pickled_as": (flat, whole)}`` (a value whose own form nests too deep for
    ``pickle`` and ``copy``, such as a hand's log, a chain of nodes), by name."""
    return {
        field.name: field.metadata["pickled_as"]
        for field in attrs.fields(cls)
        if "pickled_as" in field.metadata
    }


def written_by_attrs(cls: type[Any], name: str) -> bool:
    """Whether ``cls``'s method ``name`` (its own or a base's) is one attrs wrote (a
    ``__repr__`` of raw fields, say), not one a class declares: a base that writes a
    better one puts its own in its place.

    >>> import attrs
    >>> from scala40._format.fields import written_by_attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> written_by_attrs(Point, "__repr__"), written_by_attrs(Point, "__str__")
    (True, False)
    """
    function = getattr(cls, name, None)
    code = getattr(function, "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")
