"""The package maps stay current: the docstring of a game package that maps its modules
names every module and subpackage in it, with a line each (a module added or moved
without its line fails here)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from scala40._moved import MOVED_MODULES

MAPPED = ("scala40.games._knock", "scala40.games.scala40")
"""The packages whose docstrings map their modules."""


@pytest.mark.parametrize("name", MAPPED)
def test_a_package_map_names_every_module_once(name: str) -> None:
    package = importlib.import_module(name)
    doc = package.__doc__ or ""
    lines = [line for line in doc.splitlines() if line.startswith("* :mod:")]
    for module in pkgutil.iter_modules(package.__path__):
        if f"{name}.{module.name}" in MOVED_MODULES:
            continue  # a deprecated path, its new module's
        mention = f":mod:`~{name}.{module.name}`"
        found = [line for line in lines if line.startswith(f"* {mention}")]
        assert len(found) == 1, f"{name}'s map: a line for {module.name}"
