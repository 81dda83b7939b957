"""Functions written as Python source from declarations, which a reader, a debugger and
a traceback can follow (internal).

The fast copies of :mod:`~scala40._format.fields` and the dictionary writer, reader and
checks of :mod:`~scala40._format.specs` are written out field by field, as source, and
compiled once per class: a loop over the fields would cost every call what the source
costs once. :func:`compile_source` compiles such source under a name of its own
(``<scala40 generated ...>``) and keeps the text where Python's tools look for a file's
lines (:mod:`linecache`), as attrs does for the methods it writes: ``inspect.getsource``
shows it, a traceback quotes its line, ``pdb`` steps into it. A line written for a field
ends with a comment naming the field and the line of the spec it came from
(:func:`declared_at`), so that a traceback through it names both.

>>> from scala40._format.generated import compile_source, source_of
>>> double = compile_source("twice", ["def twice(x):", "    return 2 * x  # x: the value"], {})
>>> double(21), source_of(double).splitlines()[1]
(42, '    return 2 * x  # x: the value')
>>> import inspect
>>> inspect.getsource(double) == source_of(double)
True
"""

from __future__ import annotations

import inspect
import itertools
import linecache
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["compile_source", "declared_at", "source_of"]

_PACKAGE = Path(__file__).resolve().parent.parent
"""The package's directory: a declaration's place is written from it."""

_COUNTER = itertools.count(1)
"""Numbers the files of generated source, so that two classes of one name (a class made
again, in a test) never share lines."""


def declared_at(depth: int = 2) -> str:
    """Where the caller's caller is, as ``scala40/_base/state_record.py:140``: the line that
    declares a field, for the spec that line makes (a path inside the package, written
    from the package's directory; the file's name alone for a file outside it)."""
    frame = inspect.currentframe()
    for _ in range(depth):
        frame = frame.f_back if frame is not None else None
    if frame is None:  # pragma: no cover - an interpreter without frames
        return ""
    path = Path(frame.f_code.co_filename)
    try:
        shown = path.resolve().relative_to(_PACKAGE.parent).as_posix()
    except ValueError:
        shown = path.name
    return f"{shown}:{frame.f_lineno}"


def compile_source(
    name: str, lines: list[str], namespace: dict[str, Any], owner: str = ""
) -> Callable[..., Any]:
    """The function ``name`` that ``lines`` define, compiled with the globals
    ``namespace``, its source kept under ``<scala40 generated OWNER.NAME #N>`` for the
    tools that read source (see the module); its ``__qualname__`` names ``owner`` (the
    class it was written for)."""
    source = "\n".join(lines) + "\n"
    label = f"{owner}.{name}" if owner else name
    filename = f"<scala40 generated {label} #{next(_COUNTER)}>"
    code = compile(source, filename, "exec")
    exec(code, namespace)
    function: Callable[..., Any] = namespace[name]
    function.__qualname__ = label
    # (mtime None: linecache.checkcache keeps the entry, which no file backs.)
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    return function


def source_of(function: Callable[..., Any]) -> str:
    """The source a function of :func:`compile_source` was compiled from.

    :raises LookupError: ``function`` was not made by :func:`compile_source`.
    """
    filename = function.__code__.co_filename
    lines = linecache.getlines(filename) if filename.startswith("<scala40 generated ") else []
    if not lines:
        raise LookupError(f"{function!r} was not written by scala40._format.generated")
    return "".join(lines)
