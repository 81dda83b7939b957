"""The examples of each documentation page run as a reader copies them.

A reader copies a page's examples in order into one fresh interpreter. So each page's
doctest blocks run here in order in one namespace, without the page's hidden setup
blocks and without the build's global setup: every name a page uses must come from an
import the page shows.
"""

from __future__ import annotations

import doctest
import re
import textwrap
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"

# Optional packages a page's examples need, by page.
EXTRAS: dict[str, tuple[str, ...]] = {
    "learning.rst": ("numpy", "pettingzoo", "pyspiel"),
    # The JSON Schemas page validates with jsonschema, of the docs extra only.
    "schemas.rst": ("jsonschema",),
}

_DIRECTIVE = re.compile(r"^(\s*)\.\. ([\w:-]+)::")


def _examples(text: str) -> str:
    """The page's shown doctest examples, in order, as one doctest text."""
    lines = text.splitlines()
    chunks: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = _DIRECTIVE.match(line)
        if directive:
            indent = len(directive.group(1))
            index += 1
            body: list[str] = []
            while index < len(lines) and (
                not lines[index].strip() or len(lines[index]) - len(lines[index].lstrip()) > indent
            ):
                body.append(lines[index])
                index += 1
            if directive.group(2) == "doctest":
                block = textwrap.dedent("\n".join(body))
                kept = [row for row in block.splitlines() if not row.startswith(":")]
                chunks.append("\n".join(kept).strip("\n"))
            continue
        if line.startswith(">>>"):
            block_lines: list[str] = []
            while index < len(lines) and lines[index].strip():
                block_lines.append(lines[index])
                index += 1
            chunks.append("\n".join(block_lines))
            continue
        index += 1
    return "\n\n".join(chunk for chunk in chunks if ">>>" in chunk) + "\n"


def _pages() -> list[Path]:
    return [
        path for path in sorted(DOCS.rglob("*.rst")) if ">>>" in path.read_text(encoding="utf-8")
    ]


@pytest.mark.parametrize("page", _pages(), ids=lambda path: str(path.relative_to(DOCS)))
def test_page_examples_run_without_hidden_setup(page: Path) -> None:
    name = str(page.relative_to(DOCS))
    for extra in EXTRAS.get(name, ()):
        pytest.importorskip(extra)
    text = _examples(page.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(page), 0)
    # The same flags as the documentation build.
    flags = doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL | doctest.DONT_ACCEPT_TRUE_FOR_1
    runner = doctest.DocTestRunner(optionflags=flags)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)[:4000]
