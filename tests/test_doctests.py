"""The examples in the package's docstrings, run as tests.

Every module of the imported ``scala40`` package (the source tree in development, the
installed wheel when the tests run from an unpacked sdist) is walked, and each docstring's
examples run alone, as a reader copies them into a fresh interpreter: in an empty
namespace, not in their module's, so that each docstring's first example imports what
the docstring uses.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import scala40
from scala40._moved import MOVED_MODULES
from scala40.adapters.extras import MissingExtraError

FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _modules() -> list[str]:
    names = ["scala40"]
    for info in pkgutil.walk_packages(scala40.__path__, prefix="scala40."):
        if info.name.endswith("__main__") or info.name in MOVED_MODULES:
            continue  # a deprecated path warns when imported: its module is walked
        names.append(info.name)
    return sorted(names)


MODULES = _modules()


def _tests(module: ModuleType) -> list[doctest.DocTest]:
    """The module's docstrings that have examples, each to run in an empty namespace."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [test for test in finder.find(module, globs={}) if test.examples]


def _import(name: str) -> ModuleType:
    """The module, or a skip when it needs an optional extra that is not installed."""
    try:
        return importlib.import_module(name)
    except MissingExtraError as error:
        pytest.skip(str(error))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = _import(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in _tests(module):
        runner.run(test, out=report.append)
    failed, _ = runner.summarize(verbose=False)
    assert failed == 0, "".join(report)


def test_every_module_is_walked() -> None:
    assert "scala40.cards" in MODULES
    assert "scala40.games.scala40.engine" in MODULES
    found = 0
    for name in MODULES:
        try:
            found += len(_tests(importlib.import_module(name)))
        except MissingExtraError:
            continue
    assert found > 90


def test_the_docstrings_exception_messages_are_compared() -> None:
    """A docstring's example that shows an exception is checked against the message the
    library gives, not its type alone (as the documentation build checks them too)."""
    assert not FLAGS & doctest.IGNORE_EXCEPTION_DETAIL
    test = doctest.DocTestParser().get_doctest(
        '>>> import scala40\n>>> scala40.parse_card("7X")\nTraceback (most recent call last):\n'
        "...\nscala40.errors.InvalidCardError: a message it no longer gives\n",
        {},
        "planted",
        None,
        None,
    )
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 1
