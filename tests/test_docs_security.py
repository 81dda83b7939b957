"""The threat model (docs/security.rst) names, for every row, its defence and a real test.

Each surface another party reaches has a table on the page: the adversary, what it can
see and send, what it must never achieve, the defence (the code that stops it) and the
test that shows it cannot. This test reads the tables and fails when a row has another
number of cells, names no defence or one that does not exist or has no mutant
(tests/security_mutants.py), names no test or a test that does not exist, or an
adversary the page does not define, and when a surface has no table. Whether each row's
test fails without its defence is checked by tests/test_security_mutants.py.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests.security_mutants import MUTANTS
from tests.threat_model import (
    CELLS,
    PAGE,
    ROOT,
    SURFACES,
    Row,
    defence_code,
    rows,
    section_rows,
    sections,
)


def _adversaries() -> set[str]:
    found = sections(PAGE.read_text(encoding="utf-8"))
    return {cells[0] for cells in section_rows(found["The adversaries"])[1:]}


@functools.cache
def _defined_tests(path: Path) -> frozenset[str]:
    """The test functions a file defines, as ``name`` and ``Class::name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


def test_every_surface_has_its_table() -> None:
    found = sections(PAGE.read_text(encoding="utf-8"))
    missing = [surface for surface in SURFACES if surface not in found]
    assert not missing, f"docs/security.rst has no section for {missing}"
    empty = [surface for surface in SURFACES if len(section_rows(found[surface])) < 2]
    assert not empty, f"docs/security.rst has no rows for {empty}"
    for surface in SURFACES:
        header = tuple(section_rows(found[surface])[0])
        assert header == CELLS, f"{surface}: the table's header is {header}, not {CELLS}"


@pytest.mark.parametrize("row", rows(), ids=lambda row: row.label[:60])
def test_every_row_names_an_adversary_a_defence_and_a_test_that_exist(row: Row) -> None:
    where = f"docs/security.rst, {row.surface}, the row of {row.cells[0]!r}"
    assert len(row.cells) == len(CELLS), (
        f"{where}: {len(row.cells)} cells, where a row has {len(CELLS)} "
        f"({', '.join(CELLS)}): {row.cells}"
    )
    assert row.adversary in _adversaries(), f"{where}: not one of {sorted(_adversaries())}"
    assert row.defences, (
        f"{where} names no defence: write the code that stops the adversary in its "
        f"Defence cell as ``scala40.module:function`` (see the top of the page), got "
        f"{row.cells[3]!r}"
    )
    for defence in row.defences:
        try:
            defence_code(defence)
        except LookupError as error:
            raise AssertionError(f"{where}: its defence {defence}: {error}") from None
        assert defence in MUTANTS, (
            f"{where}: {defence} has no mutant: add one to tests/security_mutants.py "
            "(the change that removes or weakens it, which the row's test must catch)"
        )
    assert row.tests, f"{where} names no test: {row.cells[-1]!r}"
    for file, name in row.tests:
        path = ROOT / file
        assert path.is_file(), f"{where}: {file} does not exist"
        assert name in _defined_tests(path), f"{where}: {file} defines no {name}"


def test_the_checker_reads_the_rows() -> None:
    # Guards the reader itself: a page whose rows it could not see would pass emptily.
    assert len(rows()) >= 2 * len(SURFACES)
    assert all(len(row.cells) == len(CELLS) for row in rows())
