"""The examples in the server's docstrings, run as tests, each docstring alone in an empty
namespace as the rules' are (tests/test_doctests.py): every module of the imported
``scala40_server``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scala40_server
from tests.test_doctests import FLAGS, _tests


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
