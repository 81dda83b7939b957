"""The threat model (docs/security.rst) names a real test for every row.

Each surface another party reaches has a table on the page: the adversary, what it can
see and send, what it must never achieve, and the test that shows it cannot. This test
reads the tables and fails when a row names no test, a test that does not exist, or an
adversary the page does not define, and when a surface has no table.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "security.rst"

SURFACES = (
    "The deal and its check",
    "The web table",
    "The referee",
    "The loaders",
    "The OpenSpiel adapter",
    "The command line",
)
"""Every surface another party reaches: a section of the page each."""

TEST_REFERENCE = re.compile(r"``(tests/[\w/]+\.py)::([\w:]+)(?:\[[^\]]*\])?``")
"""A test as the page names it: ``tests/path.py::test_name`` (or ``::Class::test``)."""


def _sections(text: str) -> dict[str, str]:
    """The page's sections by title (a title is a line underlined with ``-``)."""
    lines = text.splitlines()
    starts = [
        index
        for index in range(len(lines) - 1)
        if lines[index].strip() and re.fullmatch(r"-{3,}", lines[index + 1])
    ]
    sections: dict[str, str] = {}
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        sections[lines[start].strip()] = "\n".join(lines[start + 2 : end])
    return sections


def _rows(section: str) -> list[list[str]]:
    """The rows of a section's list-tables, each a list of its cells' text."""
    rows: list[list[str]] = []
    in_table = False
    for line in section.splitlines():
        stripped = line.strip()
        if stripped.startswith(".. list-table::"):
            in_table = True
        elif stripped and not line.startswith(" "):
            in_table = False
        elif not in_table:
            continue
        elif stripped.startswith("* - "):
            rows.append([stripped[4:]])
        elif stripped.startswith("- ") and rows and line.startswith("     - "):
            rows[-1].append(stripped[2:])
        elif stripped and rows and line.startswith("       "):
            rows[-1][-1] += " " + stripped
    return rows


def _adversaries(sections: dict[str, str]) -> set[str]:
    return {row[0] for row in _rows(sections["The adversaries"])[1:]}


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


def _table_rows() -> list[tuple[str, list[str]]]:
    sections = _sections(PAGE.read_text(encoding="utf-8"))
    return [
        (surface, row)
        for surface in SURFACES
        if surface in sections
        for row in _rows(sections[surface])[1:]
    ]


def test_every_surface_has_its_table() -> None:
    sections = _sections(PAGE.read_text(encoding="utf-8"))
    missing = [surface for surface in SURFACES if surface not in sections]
    assert not missing, f"docs/security.rst has no section for {missing}"
    empty = [surface for surface in SURFACES if len(_rows(sections[surface])) < 2]
    assert not empty, f"docs/security.rst has no rows for {empty}"


@pytest.mark.parametrize(("surface", "row"), _table_rows(), ids=lambda value: str(value)[:40])
def test_every_row_names_an_adversary_and_a_test_that_exists(surface: str, row: list[str]) -> None:
    adversaries = _adversaries(_sections(PAGE.read_text(encoding="utf-8")))
    assert len(row) == 4, f"{surface}: a row of {len(row)} cells: {row}"
    adversary, _, _, test = row
    assert adversary in adversaries, f"{surface}: {adversary!r} is not one of {adversaries}"
    references = TEST_REFERENCE.findall(test)
    assert references, f"{surface}: the row of {adversary!r} names no test: {test!r}"
    for file, name in references:
        path = ROOT / file
        assert path.is_file(), f"{surface}: {file} does not exist"
        assert name in _defined_tests(path), f"{surface}: {file} defines no {name}"


def test_the_checker_reads_the_rows() -> None:
    # Guards the reader itself: a page whose rows it could not see would pass emptily.
    assert len(_table_rows()) >= len(SURFACES)
    assert all(len(row) == 4 for _, row in _table_rows())
