"""The server is built on the rules' public API alone, as a third party's app would be.

The server's modules (the distribution scala40-server: the web table
``scala40_server.web``, the dealing and signing ``scala40_server.serving``, and the
commands ``scala40 web`` and ``scala40 serve``, ``scala40_server.commands``) import from
the rules (``scala40``) only public names of public modules: no module or name starting
with ``_``, and nothing of the command line's own modules (``scala40.cli``), whose public
face for a command is :mod:`scala40.commands`. Among themselves they share what they like
(their own private modules among it): they are one application. That the rules import
nothing of the server is the import contracts' to hold (``[tool.importlinter]`` in
``pyproject.toml``, tests/test_layers.py); which names of a module are private, no
contract says, so this test reads them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "scala40_server"
"""The server's package in the project."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SERVER_FILES = sorted(PACKAGE.rglob("*.py"))


def _imports(module: str, tree: ast.Module, is_package: bool) -> Iterator[tuple[int, str, str]]:
    """Each name a module imports of the package: its line, the module it comes from and
    the name (empty for ``import scala40.x``), imports inside functions and under ``if
    TYPE_CHECKING:`` included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "scala40":
                    yield node.lineno, alias.name, ""
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = module.split(".")
                keep = len(base) - node.level + (1 if is_package else 0)
                target = ".".join([*base[:keep], *([node.module] if node.module else [])])
            if target.split(".")[0] == "scala40":
                for alias in node.names:
                    yield node.lineno, target, alias.name


def seam_problems(module: str, source: str, is_package: bool = False) -> list[str]:
    """What ``module`` (of the server) imports of the rules that their public API does not
    offer (the server's own modules, ``scala40_server``, are not the rules')."""
    wrong = []
    for line, target, name in _imports(module, ast.parse(source), is_package):
        reached = f"{target}.{name}" if name else target
        private = [part for part in reached.split(".") if part.startswith("_")]
        if private:
            wrong.append(f"line {line}: {reached} (private: {private[0]})")
        elif target == "scala40.cli" or target.startswith("scala40.cli."):
            wrong.append(f"line {line}: {reached} (the command line's own; scala40.commands)")
    return wrong


def test_the_server_s_modules_are_all_read() -> None:
    names = {_module_name(path) for path in SERVER_FILES}
    assert {
        "scala40_server.web.server",
        "scala40_server.web.tables",
        "scala40_server.serving.fair_deal",
    } <= names
    assert {"scala40_server.commands.web", "scala40_server.commands.serve"} <= names
    assert len(names) >= 25, sorted(names)


@pytest.mark.parametrize("path", SERVER_FILES, ids=[_module_name(path) for path in SERVER_FILES])
def test_the_server_imports_only_the_public_api(path: Path) -> None:
    module = _module_name(path)
    problems = seam_problems(module, path.read_text(encoding="utf-8"), path.name == "__init__.py")
    assert not problems, f"{module} imports past the public API: " + "; ".join(problems)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("from scala40._checks import describe", "scala40._checks.describe"),
        ("from scala40.checks import _pruned", "scala40.checks._pruned"),
        ("import scala40._rng", "scala40._rng"),
        ("from scala40 import _rng", "scala40._rng"),
        ("from scala40.melds._text import read_meld_text", "scala40.melds._text"),
        ("from scala40.cli.common import json_text", "scala40.cli.common.json_text"),
        ("from scala40.cli import main", "scala40.cli.main"),
        ("from scala40.cli.batch import Request", "scala40.cli.batch.Request"),
        ("def f():\n    from scala40._checks import is_int", "scala40._checks.is_int"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scala40._rng import Rng",
            "scala40._rng.Rng",
        ),
    ],
)
def test_the_check_catches_each_way_past_the_api(source: str, found: str) -> None:
    problems = seam_problems("scala40_server.web.example", source)
    assert len(problems) == 1, problems
    assert found in problems[0]


def test_the_check_allows_the_public_api_and_the_server_s_own_modules() -> None:
    source = (
        "from scala40.checks import describe\n"
        "from scala40.commands import Command, UsageError\n"
        "from scala40.history import HandHistory\n"
        "from scala40.verdicts import judge_meld\n"
        "from scala40_server.serving._replay import replay_problems\n"
        "from scala40_server.web import tables\n"
        "from scala40_server.commands.serve import Referee\n"
        "from . import limits\n"
        "import scala40_server.web.server\n"
    )
    assert seam_problems("scala40_server.web.example", source) == []
