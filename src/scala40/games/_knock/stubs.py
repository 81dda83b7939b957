"""What a type checker reads of a knock game's package: its ``__init__.pyi``, written from
the game's declaration.

A knock game's package binds the classes :func:`~scala40.games._knock.family.knock_game`
built for it (``DrawStock, TakeDiscard, ... = CHINCHON.classes``): names a type checker
cannot follow through a call. The stub beside the package says what they are, each the
game's own class deriving from the family's kind, so that a type checker sees what runs:
``chinchon.DrawStock`` is a class of its own, and another game's move where Chinchón's
is declared is a type error, as the game's state refuses it at run time. The stubs are
written by ``python -m tests.regenerate`` and held to the packages by a test, as the
shipped schemas are.

>>> from scala40.games import chinchon
>>> from scala40.games._knock.stubs import package_stub
>>> print(package_stub(chinchon).split("class ", 2)[1].strip())
DrawStock(_family.DrawStock): ...
"""

from __future__ import annotations

import inspect
from pathlib import Path
from types import ModuleType
from typing import Any

from scala40.games._knock import shared
from scala40.games._knock.family import KnockGame

__all__ = ["STUB_NAME", "built_game", "package_stub", "write_stub"]

STUB_NAME = "__init__.pyi"
"""The stub's file name, beside the package's ``__init__.py``."""

_HEADER = """\
# What a type checker reads of this package, written from the game's declaration by
# `python -m tests.regenerate` (scala40.games._knock.stubs): do not edit.

from collections.abc import Mapping
from typing import Any
"""

_IMPORTS = (
    "from scala40.game import Game",
    "from scala40.games._knock import moves as _family",
    "from scala40.games._knock.family import KnockGame",
    "from scala40.games._knock.moves import MoveKinds",
    "from scala40.games._knock.shared import *",
    "from scala40.games._knock.state import KnockState",
    "from scala40.movekinds import MoveSet",
)
"""What every stub imports from the library; a star import re-exports the names a stub
shares with its package (a stub re-exports what it imports with ``*``: PEP 484)."""

_BOUND = ("GAME", "KINDS", "MOVES", "GameState", "move_from_dict", "move_to_dict", "new_game")
"""The names every knock package binds besides its move classes (``parse_move`` too)."""


def built_game(package: ModuleType) -> tuple[str, KnockGame[Any]]:
    """The name and value of what the family built from ``package``'s declaration.

    :raises TypeError: ``package`` holds no game built by ``knock_game``, or several.
    """
    found = [
        (name, value) for name, value in vars(package).items() if isinstance(value, KnockGame)
    ]
    if len(found) != 1:
        raise TypeError(f"{package.__name__} holds {len(found)} games built by knock_game, not 1")
    return found[0]


def package_stub(package: ModuleType) -> str:
    """The text of ``package``'s stub: its move classes, ``GameState``, record and
    functions typed as the game's own, and every other name it exports as it binds it."""
    variable, built = built_game(package)
    name = package.__name__
    rules: ModuleType = package.rules
    classes = [kind.__name__ for kind in built.classes]
    move = " | ".join(classes)
    own = set(classes) | set(_BOUND) | {"parse_move"}
    imported = [
        export
        for export in package.__all__
        if export not in own and export not in rules.__all__ and export not in shared.__all__
    ]
    imports = [*_IMPORTS, f"from {name} import rules as rules", f"from {name}.rules import *"]
    for export in imported:
        value = getattr(package, export)
        module = inspect.getmodule(value)
        if module is None or module.__name__ == name:  # pragma: no cover - a game's bug
            raise TypeError(f"{name}.{export}: a stub names only what the package imports")
        imports.append(f"from {module.__name__} import {export} as {export}")
    # In the order the code's imports are sorted in (ruff's isort), by module.
    lines = [_HEADER, *sorted(imports, key=lambda line: line.split()[1])]
    lines.append("")
    listed = ", ".join(f'"{export}"' for export in sorted(package.__all__, key=_sort_key))
    lines.append(f"__all__ = [{listed}]")
    lines.append("")
    for kind in classes:
        lines.append(f"class {kind}(_family.{kind}): ...")
    lines.append("class GameState(KnockState): ...")
    lines.append("")
    lines.append(f"{variable}: KnockGame[Any]")
    lines.append("GAME: Game")
    lines.append("KINDS: MoveKinds")
    lines.append("MOVES: MoveSet")
    lines.append("")
    lines.append(f"def parse_move(text: str) -> {move}: ...")
    lines.append(f"def move_to_dict(move: {move}) -> dict[str, Any]: ...")
    lines.append(f"def move_from_dict(data: Mapping[str, Any]) -> {move}: ...")
    lines.append(
        "def new_game(rules: Ruleset | str | None = None, players: int = 2, "
        "seed: int | None = None, *, auto_chance: bool = True, dealer: int | None = None"
        ") -> GameState: ..."
    )
    return "\n".join(lines) + "\n"


def _sort_key(name: str) -> tuple[int, str]:
    """``__all__``'s order, as the code's is sorted (ruff's RUF022): constants, classes,
    then the rest, each alphabetically."""
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return (kind, name)


def write_stub(package: ModuleType) -> Path:
    """Write ``package``'s stub beside its ``__init__.py``; the path written."""
    folder = Path(package.__file__ or "").parent
    path = folder / STUB_NAME
    path.write_text(package_stub(package), encoding="utf-8")
    return path
