"""The examples in the server's docstrings, run as tests, each docstring alone in an empty
namespace, with the flags the rules' examples run with: every module of the imported
``scala40_server``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import scala40_server

FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _tests(module: ModuleType) -> list[doctest.DocTest]:
    """The module's docstrings that have examples, each to run in an empty namespace."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [test for test in finder.find(module, globs={}) if test.examples]


def _modules() -> list[str]:
    found = pkgutil.walk_packages(scala40_server.__path__, prefix="scala40_server.")
    return sorted(["scala40_server", *(info.name for info in found)])


MODULES = _modules()


def test_every_module_is_walked() -> None:
    assert {"scala40_server.web.tables", "scala40_server.commands.serve"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in _tests(module):
        runner.run(test, out=report.append)
    failed, _ = runner.summarize(verbose=False)
    assert failed == 0, "".join(report)
