"""The threat model's tables (docs/security.rst), read as rows.

Each surface another party reaches has a section of the page, and in it a list-table
whose rows have five cells: the adversary, what it can see and send, what it must never
achieve, the defence (the code that stops it, named ``scala40.module:qualified.name``)
and the test that shows it cannot (named ``tests/path.py::test_name``). The page says
the same at its top, for whoever adds a row.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs

__all__ = [
    "CELLS",
    "DEFENCE_REFERENCE",
    "PAGE",
    "ROOT",
    "SOURCES",
    "SURFACES",
    "TEST_REFERENCE",
    "Row",
    "defence_code",
    "module_file",
    "rows",
    "section_rows",
    "sections",
]

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

CELLS = ("Adversary", "Can see and send", "Must never achieve", "Defence", "Test")
"""The cells of a row, in order (the table's header)."""

TEST_REFERENCE = re.compile(r"``((?:server/)?tests/[\w/]+\.py)::([\w:]+)(?:\[[^\]]*\])?``")
"""A test as the page names it: ``tests/path.py::test_name`` (or ``::Class::test``), the
rules' tests; ``server/tests/path.py::test_name``, the server's."""

DEFENCE_REFERENCE = re.compile(
    r"``(scala40(?:_server)?(?:\.\w+)*:\w+(?:\.\w+)*(?:#[\w-]+)?|[\w./-]+\.\w+#[\w-]+)``"
)
"""A defence as the page names it: ``scala40.module:function`` (or ``:Class.method``;
``scala40_server.module:function`` in the server),
with ``#label`` after it where one function holds the defences of several rows (each
label its own mutant); or, for a defence that is not Python, the project's file and a
label (``server/src/scala40_server/web/static/app.js#label``, ``pyproject.toml#label``)."""


SOURCES = {"scala40": ROOT / "src", "scala40_server": ROOT / "server" / "src"}
"""Where each distribution's package lives in the project: the rules', and the server's."""


def module_file(module: str) -> Path:
    """The file of the project's module ``module`` (``scala40.x.y`` or
    ``scala40_server.x.y``): its ``.py`` file, or a package's ``__init__.py``."""
    base = SOURCES.get(module.split(".")[0], ROOT / "src") / module.replace(".", "/")
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def defence_code(defence: str) -> tuple[Path, int, int]:
    """The file of ``defence`` and the first and last lines of its code there (a file's
    every line for a defence that is not Python), read from the source, nothing imported
    (a ``__main__`` module runs when imported).

    :raises LookupError: the file, or the function or class in it, does not exist.
    """
    if ":" not in defence:
        path = ROOT / defence.split("#")[0]
        if not path.is_file():
            raise LookupError(f"no file {path.relative_to(ROOT)}")
        return path, 1, len(path.read_text(encoding="utf-8").splitlines())
    module, qualified = defence.split("#")[0].split(":")
    path = module_file(module)
    if not path.is_file():
        raise LookupError(f"no module {module}")
    node: ast.AST = ast.parse(path.read_text(encoding="utf-8"))
    for name in qualified.split("."):
        found = [
            child
            for child in ast.iter_child_nodes(node)
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and child.name == name
        ]
        if not found:
            raise LookupError(f"{module} defines no {qualified}")
        node = found[-1]
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
    return path, first, node.end_lineno or node.lineno


@attrs.frozen
class Row:
    """One row of a surface's table."""

    surface: str
    cells: tuple[str, ...]
    """The row's cells' text (five in a well-made row)."""

    @property
    def adversary(self) -> str:
        return self.cells[0]

    @property
    def tests(self) -> tuple[tuple[str, str], ...]:
        """The tests the row names: each its file and its name in the file."""
        return tuple(TEST_REFERENCE.findall(self.cells[-1]))

    @property
    def defences(self) -> tuple[str, ...]:
        """The defences the row names (see :data:`DEFENCE_REFERENCE`)."""
        if len(self.cells) < len(CELLS):
            return ()
        return tuple(DEFENCE_REFERENCE.findall(self.cells[CELLS.index("Defence")]))

    @property
    def test_ids(self) -> tuple[str, ...]:
        """The row's tests as pytest node ids."""
        return tuple(f"{file}::{name}" for file, name in self.tests)

    @property
    def label(self) -> str:
        """A short name for the row: its surface and its first test's name."""
        first = self.tests[0][1] if self.tests else "no test"
        return f"{self.surface}: {first}"


def sections(text: str) -> dict[str, str]:
    """The page's sections by title (a title is a line underlined with ``-``)."""
    lines = text.splitlines()
    starts = [
        index
        for index in range(len(lines) - 1)
        if lines[index].strip() and re.fullmatch(r"-{3,}", lines[index + 1])
    ]
    found: dict[str, str] = {}
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        found[lines[start].strip()] = "\n".join(lines[start + 2 : end])
    return found


def section_rows(section: str) -> list[list[str]]:
    """The rows of a section's list-tables (their header first), each a list of its
    cells' text."""
    table_rows: list[list[str]] = []
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
            table_rows.append([stripped[4:]])
        elif stripped.startswith("- ") and table_rows and line.startswith("     - "):
            table_rows[-1].append(stripped[2:])
        elif stripped and table_rows and line.startswith("       "):
            table_rows[-1][-1] += " " + stripped
    return table_rows


def rows(page: Path = PAGE) -> list[Row]:
    """Every row of every surface's table, in the page's order (headers left out)."""
    found = sections(page.read_text(encoding="utf-8"))
    return [
        Row(surface, tuple(cells))
        for surface in SURFACES
        if surface in found
        for cells in section_rows(found[surface])[1:]
    ]
