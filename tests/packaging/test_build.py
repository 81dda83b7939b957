"""Which build the tests run against: compiled by mypyc, or pure Python.

The whole suite runs against both: the source tree and the pure wheel, and the compiled
wheel (``nox -s compiled``, and CI). A run meant for one build names it in
``SCALA40_TEST_BUILD`` (``compiled`` or ``pure``), so that a compiled run that imports
the pure package (or the reverse) fails here instead of passing unnoticed.
"""

from __future__ import annotations

import os
import platform
import re
from pathlib import Path

import pytest

import scala40
from scala40._compiled import build_name, compiled_modules
from scala40.cli import version_line

EXPECTED = os.environ.get("SCALA40_TEST_BUILD", "")
"""The build this run must import, where the run names it."""

ENGINES = (
    "scala40._hand_log",
    "scala40.melds._hand",
    "scala40.melds._layouts",
    "scala40.games.scala40.engine",
    "scala40.games.scala40.generate",
    "scala40.games.scala40.hand.solver",
    "scala40.games.skarney.engine",
    "scala40.games.skarney.generate",
    "scala40.games.skarney.search",
    "scala40.games._knock.engine",
    "scala40.games._knock.generate",
    "scala40.games._knock.arrange",
)
"""Modules the compiled build compiles whatever else it lists: the hand's log, the melds a
hand holds, and each game family's engine and move generation."""


def test_the_build_says_what_it_is() -> None:
    modules = compiled_modules()
    assert scala40.__compiled__ is bool(modules)
    assert build_name() == ("compiled by mypyc" if modules else "pure Python")
    interpreter = f"{platform.python_implementation()} {platform.python_version()}"
    assert version_line() == f"scala40 {scala40.__version__} ({build_name()}, {interpreter})"


def test_the_run_imports_the_build_it_names() -> None:
    if EXPECTED not in ("compiled", "pure"):
        pytest.skip("SCALA40_TEST_BUILD names no build: either is right")
    assert scala40.__compiled__ is (EXPECTED == "compiled"), scala40.__file__


@pytest.mark.skipif(not scala40.__compiled__, reason="the pure build")
def test_the_compiled_build_compiles_every_engine() -> None:
    missing = sorted(set(ENGINES) - set(compiled_modules()))
    assert not missing, f"not compiled: {missing}"


READERS = (
    "scala40._checks",
    "scala40._rng",
    "scala40._wording",
    "scala40._base.engine",
    "scala40._base.position",
    "scala40._base.sampling",
    "scala40._format.serial",
    "scala40._format.specs",
    "scala40._format.text_fields",
    "scala40._format.text_values",
    "scala40.legal",
    "scala40.melds._text",
    "scala40.melds._words",
    "scala40.notation",
    "scala40.rulesets",
    "scala40.games.scala40.load",
    "scala40.games.scala40.text",
    "scala40.games.scala40.analysis",
    "scala40.games.scala40.analysis.closable",
    "scala40.games.scala40.analysis.closing",
    "scala40.games.scala40.analysis.deadwood",
    "scala40.games.scala40.analysis.inputs",
    "scala40.games.skarney.load",
    "scala40.games.skarney.text",
    "scala40.games.skarney.analysis",
    "scala40.games._knock.text",
    "scala40.games._knock.analysis",
)
"""Modules that read a caller's values (documents, texts, arguments, seeds, indexes) and
check them: they stay pure in the compiled build, where a compiled function would refuse
a value of the wrong type with a bare TypeError before the module's check raises the
library's error."""


def _listed_to_compile() -> set[str]:
    """The modules the build's mypyc hook compiles (its ``include`` in pyproject.toml)."""
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.mypyc]", 1)[1].split("\n[", 1)[0]
    return {
        path.replace("/", ".").removesuffix(".__init__")
        for path in re.findall(r'"/src/([\w/]+)\.py"', section)
    }


def test_the_readers_of_a_callers_values_stay_pure() -> None:
    # In every build: the build's list (a reader listed there would be compiled), and the
    # modules that import compiled (in the compiled build).
    listed = sorted(set(READERS) & _listed_to_compile())
    assert not listed, f"listed to compile, so a wrong type would escape: {listed}"
    assert "scala40.games.scala40.engine" in _listed_to_compile()  # the list is read
    compiled = sorted(set(READERS) & set(compiled_modules()))
    assert not compiled, f"compiled, so a wrong type escapes as a bare TypeError: {compiled}"
