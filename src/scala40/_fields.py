"""Fast copies of frozen attrs values with some fields changed (internal).

Copying a state is a rules engine's most frequent operation. ``attrs.evolve`` runs the
class's ``__init__`` and validators on every call; a function written out field by field,
storing through the slot descriptors, is several times faster. These functions are
generated once per class from its attrs fields, so the field list is written in one
place only: the class.

A field marked ``attrs.field(metadata={"cache": True})`` is a cache (derived data kept
outside the value): copies start with it empty (``None``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["make_evolver", "make_setter"]

T = TypeVar("T")


def _fields(cls: type[Any]) -> list[tuple[str, bool]]:
    return [(field.name, bool(field.metadata.get("cache"))) for field in attrs.fields(cls)]


def _slot(cls: type[Any], name: str) -> Any:
    """The slot descriptor of field ``name`` (on ``cls`` or the base class declaring it)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__} has no slot {name!r}")  # pragma: no cover


def _compile(cls: type[Any], signature: str, value_of: Callable[[str], str]) -> Any:
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def _copy({signature}):", "    new = _new(_cls)"]
    for index, (name, is_cache) in enumerate(_fields(cls)):
        namespace[f"_store{index}"] = _slot(cls, name).__set__
        value = "None" if is_cache else value_of(name)
        lines.append(f"    _store{index}(new, {value})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    return namespace["_copy"]


def make_evolver(cls: type[T]) -> Callable[..., T]:
    """A function ``evolve(value, **changes)``: a copy of ``value`` (of ``cls``, a frozen
    slotted attrs class) with the fields named in ``changes`` replaced, unchecked.

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

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> move_x = make_setter(Point, "x")
    >>> move_x(Point(1, 2), x=7)
    Point(x=7, y=2)
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
