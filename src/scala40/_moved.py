"""Modules and names that moved to the layer that uses them, found at their old place
for one release with a :class:`DeprecationWarning` naming the new one (internal).

A game package held its bots, its observation for learners and its words on the
command line until 0.5; each now lives in its layer (:mod:`scala40.bots`,
:mod:`scala40.adapters.observation`, :mod:`scala40.cli.text`). Some modules of the
package had two names for one concept until 0.6; each concept now has one module. The
old module paths are no files: an import finder, which ``scala40/__init__.py`` puts last
among ``sys.meta_path``'s and which loads this module only when a path of the package is
found nowhere else (:func:`find_moved`), hands each over to its new module, and the names
a game package offered are answered by its module ``__getattr__``, each warning, until
the next release.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
import weakref
from collections.abc import Mapping
from importlib.machinery import ModuleSpec
from types import MappingProxyType, ModuleType
from typing import Any

__all__ = [
    "MOVED_MODULES",
    "find_moved",
    "keep_moved_parts",
    "moved_attribute",
    "moved_part",
    "parts_given_with",
]

MOVED_MODULES: Mapping[str, str] = {
    **{
        f"scala40.games.scala40.{name}": f"scala40.bots.scala40.{name}"
        for name in ("bots", "careful", "best", "playouts")
    },
    **{
        f"scala40.games.skarney.{name}": f"scala40.bots.skarney.{name}"
        for name in ("bots", "careful", "endgame")
    },
    **{
        f"scala40.games.{game}.observation": f"scala40.adapters.observation.{game}"
        for game in ("scala40", "skarney")
    },
    **{
        f"scala40.games.{game}.text": f"scala40.cli.text.{game}" for game in ("scala40", "skarney")
    },
    # One module for each concept.
    "scala40.schemas.parts": "scala40.schema_parts",
    "scala40.schemas.verdicts": "scala40.verdicts",
    "scala40.client_view": "scala40.view_json",
    "scala40.gamekit": "scala40.game",
    **{
        f"scala40.games.{game}.record": f"scala40.games.{game}.state_record"
        for game in ("scala40", "skarney")
    },
}
"""Each module path that moved in 0.6 (deprecated, going in the next release) and its
new path."""


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds each old path of :data:`MOVED_MODULES` (after every other finder looked for
    a file and found none) and makes it its new module, warning that it moved."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MOVED_MODULES:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None  # a module of the old name, which exec_module replaces

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        new = MOVED_MODULES[old]
        warnings.warn(
            f"{old} is deprecated and goes in the next release: import {new}",
            DeprecationWarning,
            # The importer's line: past exec_module and the import system's own frames.
            stacklevel=2,
        )
        # The import system returns what sys.modules holds under the name once the
        # module ran: the new module itself, with its own __spec__ and __name__.
        sys.modules[old] = importlib.import_module(new)


_FINDER = _MovedModules()


def find_moved(fullname: str) -> ModuleSpec | None:
    """The spec of ``fullname`` where it is an old path of :data:`MOVED_MODULES` (its
    import then warns and gives the new module), else ``None``: what the package's import
    finder asks after every other finder looked for a file and found none."""
    return _FINDER.find_spec(fullname)


def moved_attribute(module: str, name: str, moved: Mapping[str, str]) -> object:
    """The value of ``module.name`` where ``name`` moved to the module ``moved[name]``,
    warning that it moved.

    :raises AttributeError: ``name`` did not move from ``module`` (the message names the
        module, as Python's own does).
    """
    new = moved.get(name)
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(
        f"{module}.{name} is deprecated and goes in the next release: use {new}.{name}",
        DeprecationWarning,
        stacklevel=3,
    )
    value: object = getattr(importlib.import_module(new), name)
    return value


_MOVED_PARTS: Mapping[str, str] = {
    "bots": "scala40.bots.register_bots(game, bots)",
    "search_tuning": "scala40.bots.register_bots(game, bots, search_tuning=...)",
    "least_deadwood": "scala40.bots.register_bots(game, bots, least_deadwood=...)",
    "observation": "scala40.adapters.observation.register_observation(game, observation)",
    "text": "scala40.texts.register_text(game, text)",
}
"""The parts of a game a :class:`Game` record took until 0.5 (``least_deadwood``, until
0.6) and the layers that own them now take, each with the call that gives it (the record
takes them, warning, until the next release)."""

_PARTS_GIVEN: weakref.WeakKeyDictionary[object, dict[str, Any]] = weakref.WeakKeyDictionary()


def parts_given_with(game: object) -> Mapping[str, Any]:
    """The parts of other layers given with ``game``'s record the way 0.5 took them
    (deprecated: ``bots``, ``search_tuning``, ``least_deadwood``...), by name: what a layer falls back on where
    nothing else gives it the game's part.

    >>> from scala40._moved import parts_given_with
    >>> from scala40.game import load_game
    >>> dict(parts_given_with(load_game("scala40")))
    {}
    """
    return MappingProxyType(_PARTS_GIVEN.get(game, {}))


def keep_moved_parts(game: object, moved: Mapping[str, Any]) -> None:
    """Keep the parts of other layers given with ``game``'s record the way 0.5 took them,
    each with a warning naming the call that gives it now.

    :raises TypeError: a part is no part of a game, as an unknown keyword argument."""
    unknown = sorted(set(moved) - set(_MOVED_PARTS))
    if unknown:
        raise TypeError(f"Game() got an unexpected keyword argument {unknown[0]!r}")
    for part in moved:
        warnings.warn(
            f"Game({part}=...) is deprecated and goes in the next release: "
            f"{_MOVED_PARTS[part]} gives a game's {part} to the layer that uses them",
            DeprecationWarning,
            stacklevel=4,
        )
    if moved:
        _PARTS_GIVEN[game] = dict(moved)


def moved_part(game: object, part: str) -> object:
    """``game.part`` where a :class:`~scala40.game.Game` record held ``part`` until 0.6
    and the bots layer holds it now (``least_deadwood``): the layer's answer for the
    game, with a warning naming where to ask it now."""
    warnings.warn(
        f"Game.{part} is deprecated and goes in the next release: use "
        f"scala40.bots.registry.game_bots_of(game).{part}",
        DeprecationWarning,
        stacklevel=3,
    )
    layer: Any = importlib.import_module("scala40.bots.registry")
    value: object = getattr(layer.game_bots_of(game), part)
    return value
