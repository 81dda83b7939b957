"""Which build of the package this is: compiled by mypyc, or pure Python.

The release's wheels for CPython on Linux, macOS and Windows are compiled: the rules (the
core's cards, melds and formats, the hand's log, and every game's engine, move
generation and tables) are extension modules built by mypyc from these same sources,
which ship beside them. Everywhere else, and when installed from the source without
asking for the compiled build, every module is the Python source. This module is always
one of those compiled, so its own file says which build is imported.

>>> import scala40
>>> scala40.__compiled__ in (True, False)
True
>>> from scala40._compiled import compiled_modules
>>> scala40.__compiled__ == bool(compiled_modules())
True
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

__all__ = ["IS_COMPILED", "build_name", "compiled_modules"]

_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)

IS_COMPILED: bool = __file__.endswith(_SUFFIXES)
"""Whether the package's modules run compiled (``scala40.__compiled__``)."""


def compiled_modules() -> tuple[str, ...]:
    """The package's modules that import compiled, by name (none in the pure build).

    An extension module is imported before a Python source of the same name, so each one
    installed beside its source is the module that runs.
    """
    package = Path(__file__).resolve().parent
    found = []
    for path in package.rglob("*"):
        name = path.name
        for suffix in _SUFFIXES:
            if name.endswith(suffix):
                parts = path.relative_to(package.parent).with_name(name[: -len(suffix)]).parts
                # A package compiled is its __init__ module.
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
                break
    return tuple(sorted(found))


def build_name() -> str:
    """The build in a few words, as ``scala40 --version`` prints it: ``compiled by mypyc``
    or ``pure Python``.

    >>> from scala40._compiled import build_name
    >>> build_name() in ("compiled by mypyc", "pure Python")
    True
    """
    return "compiled by mypyc" if IS_COMPILED else "pure Python"
