"""Each knock package's stub (``__init__.pyi``) is what its declaration makes: a type
checker sees the classes that run, each game's own (``python -m tests.regenerate`` writes
the stubs again after a change to a declaration)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import pytest

from scala40.games._knock.stubs import STUB_NAME, package_stub
from tests.protocol.cases import knock_packages


@pytest.mark.parametrize("package", knock_packages(), ids=lambda package: package.__name__)
def test_a_knock_package_s_stub_is_what_its_declaration_makes(package: ModuleType) -> None:
    """Compared as Python (the stub on disk is formatted as the code is)."""
    path = Path(package.__file__ or "").parent / STUB_NAME
    assert path.is_file(), f"{path} is missing: run python -m tests.regenerate"
    written = ast.dump(ast.parse(path.read_text(encoding="utf-8")))
    made = ast.dump(ast.parse(package_stub(package)))
    assert written == made, f"{path} is stale: run python -m tests.regenerate"


@pytest.mark.parametrize("package", knock_packages(), ids=lambda package: package.__name__)
def test_a_stub_declares_what_its_package_binds(package: ModuleType) -> None:
    """Every name the package exports is declared by its stub, and each move class the
    stub declares is the package's own class, a subclass of the family's kind."""
    tree = ast.parse(package_stub(package))
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    for name in classes:
        bound = getattr(package, name)
        assert bound.__module__ == package.__name__, name
        assert len(bound.__bases__) == 1
        assert bound.__bases__[0].__module__ != package.__name__
    declared = [node for node in tree.body if isinstance(node, ast.Assign)]
    listed = ast.literal_eval(declared[0].value)
    assert sorted(listed) == sorted(package.__all__)
