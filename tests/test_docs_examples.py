"""The examples of each documentation page run as a reader copies them.

A reader copies a page's examples in order into one fresh interpreter. So each page's
code (its doctest blocks, and its ``testcode`` blocks checked against their
``testoutput``) runs here in page order, in one namespace, in a new Python process,
with no hidden setup: the documentation build has no global doctest setup and the pages
no ``testsetup`` blocks, so every name a page uses comes from an import the page shows,
and no output depends on what ran before in some other process. A block that needs an
optional extra says so with ``:skipif:``, evaluated in that process. Every page runs with
the learning extras' packages hidden (as if absent: a block that needs one and does not
say so fails), and a page with such blocks runs again with what is installed (CI installs
the ``rl`` extra and runs this file again, so that they run).
"""

from __future__ import annotations

import ast
import doctest
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"

_DIRECTIVE = re.compile(r"^(\s*)\.\. ([\w:-]+)::(.*)$")
_OPTION = re.compile(r"^:([\w-]+):\s*(.*)$")
# Directives whose body is code or text shown as is: the examples in them are not run.
_LITERAL = frozenset(
    {"code-block", "code", "sourcecode", "literalinclude", "raw", "parsed-literal"}
)
_RUN = frozenset({"doctest", "testcode", "testoutput"})
_HIDDEN = frozenset({"testsetup", "testcleanup"})
EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
"""The packages of the optional ``rl`` extra, hidden from a page's first run."""


@attrs.frozen
class Block:
    """One block of a page's code: a doctest, or code whose printed output is given."""

    kind: str  # "doctest" or "code"
    text: str
    line: int
    skipif: str | None = None
    output: str | None = None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _body(lines: list[str], index: int, indent: int) -> tuple[list[str], int]:
    """The lines more indented than ``indent`` from ``index`` on (blank ones included),
    and the index after them."""
    body: list[str] = []
    while index < len(lines) and (not lines[index].strip() or _indent(lines[index]) > indent):
        body.append(lines[index])
        index += 1
    while body and not body[-1].strip():
        body.pop()
        index -= 1
    return body, index


def page_blocks(text: str) -> list[Block]:
    """The code a page runs, in page order (see the module's description)."""
    lines = text.splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = _DIRECTIVE.match(line)
        if directive:
            indent, name = len(directive.group(1)), directive.group(2)
            body, after = _body(lines, index + 1, indent)
            if name in _HIDDEN:
                raise AssertionError(f"line {index + 1}: a hidden {name} block")
            if name in _RUN:
                block = textwrap.dedent("\n".join(body)).strip("\n").splitlines()
                options = {}
                while block and _OPTION.match(block[0]):
                    found = _OPTION.match(block[0])
                    assert found is not None
                    options[found.group(1)] = found.group(2)
                    block.pop(0)
                code = "\n".join(block).strip("\n") + "\n"
                skipif = options.get("skipif")
                if name == "testoutput":
                    assert blocks, f"line {index + 1}: a testoutput with no code before it"
                    assert blocks[-1].kind == "code", (
                        f"line {index + 1}: a testoutput after a doctest"
                    )
                    blocks[-1] = attrs.evolve(blocks[-1], output=code)
                else:
                    kind = "doctest" if name == "doctest" else "code"
                    blocks.append(Block(kind, code, index + 1, skipif))
                index = after
            elif name in _LITERAL:
                index = after
            else:
                index += 1  # an admonition or the like: its body is read as the page
            continue
        stripped = line.strip()
        if stripped.endswith("::") and not stripped.startswith(".."):
            # A literal block follows: shown, not run.
            _, index = _body(lines, index + 1, _indent(line))
            continue
        if stripped.startswith(">>>"):
            start = index
            while index < len(lines) and lines[index].strip():
                index += 1
            example = textwrap.dedent("\n".join(lines[start:index])) + "\n"
            blocks.append(Block("doctest", example, start + 1))
            continue
        index += 1
    return blocks


_RUNNER = r"""
import contextlib, doctest, io, json, sys, traceback

page, blocks, hidden, flags = json.load(sys.stdin)
for name in hidden:
    sys.modules[name] = None  # import fails and find_spec answers None: as if absent
namespace = {"__name__": "__main__"}
checker = doctest.OutputChecker()
report = []
ran = failed = skipped = 0
for block in blocks:
    if block["skipif"] and eval(block["skipif"], {}):
        skipped += 1
        continue
    if block["kind"] == "doctest":
        test = doctest.DocTestParser().get_doctest(
            block["text"], namespace, page, page, block["line"]
        )
        runner = doctest.DocTestRunner(optionflags=flags)
        runner.run(test, out=report.append, clear_globs=False)
        namespace = test.globs  # a test runs in a copy: the next block goes on from it
        ran += runner.tries
        failed += runner.failures
        continue
    ran += 1
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(block["text"], f"{page}:{block['line']}", "exec"), namespace)
    except Exception:
        failed += 1
        report.append(f"{page}, line {block['line']}:\n{traceback.format_exc()}")
        continue
    expected = block["output"]
    if expected is not None and not checker.check_output(expected, printed.getvalue(), flags):
        failed += 1
        report.append(
            f"{page}, line {block['line']}: expected\n{expected}got\n{printed.getvalue()}"
        )
sys.stdout.write("\n@@RESULT@@" + json.dumps(
    {"ran": ran, "failed": failed, "skipped": skipped, "report": "".join(report)}
))
"""


def _build_flags() -> int:
    """The documentation build's doctest flags: ``doctest_default_flags`` of docs/conf.py
    (read from its text, so that the test process does not run the configuration)."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [
            target.id for target in node.targets if isinstance(target, ast.Name)
        ] == ["doctest_default_flags"]:
            value = eval(
                compile(ast.Expression(node.value), "conf.py", "eval"), {"doctest": doctest}
            )
            assert isinstance(value, int)
            return value
    raise AssertionError("docs/conf.py sets no doctest_default_flags")


DOCTEST_FLAGS = _build_flags()
"""The flags each page's examples are run with: the documentation build's."""


def run_page(page: Path, cwd: Path, hidden: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run ``page``'s code in a new interpreter in ``cwd``, the packages ``hidden`` as
    if absent: how many examples ran, how many failed, how many blocks were skipped,
    and the failures' report."""
    name = str(page.relative_to(DOCS)) if page.is_relative_to(DOCS) else page.name
    blocks = [attrs.asdict(block) for block in page_blocks(page.read_text(encoding="utf-8"))]
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER],
        input=json.dumps([name, blocks, list(hidden), DOCTEST_FLAGS]),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
        check=False,
    )
    _, marker, result = done.stdout.rpartition("@@RESULT@@")
    assert marker, f"{name}: the interpreter stopped\n{done.stdout[-2000:]}{done.stderr[-4000:]}"
    found: dict[str, Any] = json.loads(result)
    return found


def _pages() -> list[Path]:
    return [path for path in sorted(DOCS.rglob("*.rst")) if page_blocks(path.read_text("utf-8"))]


PAGES = _pages()
WITH_EXTRAS = [
    path for path in PAGES if any(block.skipif for block in page_blocks(path.read_text("utf-8")))
]


def _page_id(path: Path) -> str:
    return str(path.relative_to(DOCS))


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_page_examples_run_as_copied_without_the_extras(page: Path, tmp_path: Path) -> None:
    result = run_page(page, tmp_path, hidden=EXTRAS)
    assert result["failed"] == 0, result["report"][:6000]
    assert result["ran"] > 0


@pytest.mark.parametrize("page", WITH_EXTRAS, ids=_page_id)
def test_page_examples_run_as_copied_with_the_extras(page: Path, tmp_path: Path) -> None:
    result = run_page(page, tmp_path)
    assert result["failed"] == 0, result["report"][:6000]
    if result["skipped"]:
        pytest.skip(f"{result['skipped']} blocks need extras not installed here")


def test_the_pages_have_examples() -> None:
    """The reader's pages are found, with their examples (a guard on the parser)."""
    names = {str(path.relative_to(DOCS)) for path in PAGES}
    assert {"index.rst", "getting-started.rst", "cards.rst", "melds.rst", "learning.rst"} <= names
    counted = sum(
        block.text.count(">>>") if block.kind == "doctest" else 1
        for path in PAGES
        for block in page_blocks(path.read_text(encoding="utf-8"))
    )
    assert counted > 700


def test_the_parser_reads_directives_literals_and_options() -> None:
    text = textwrap.dedent(
        """\
        Title
        =====

        >>> 1 + 1
        2

        Shown, not run::

           >>> 1 / 0

        .. code-block:: python

           >>> 1 / 0

        .. note::

           .. doctest::

              >>> 2 * 3
              6

        .. testcode::
           :skipif: True

           print("hi")

        .. testoutput::
           :skipif: True

           hi
        """
    )
    assert page_blocks(text) == [
        Block("doctest", ">>> 1 + 1\n2\n", 4),
        Block("doctest", ">>> 2 * 3\n6\n", 17),
        Block("code", 'print("hi")\n', 22, "True", "hi\n"),
    ]


def test_a_hidden_setup_block_is_refused() -> None:
    with pytest.raises(AssertionError, match="hidden testsetup"):
        page_blocks(".. testsetup::\n\n   import scala40\n")


_STALE_PAGE = """\
Planted
=======

>>> import scala40
>>> scala40.parse_card("7X")
Traceback (most recent call last):
  ...
scala40.errors.InvalidCardError: {message}
"""


def test_the_build_compares_exception_messages() -> None:
    """Sphinx's doctest builder ignores an exception's message unless told otherwise: the
    build's flags (docs/conf.py) compare it, so a page showing a message the library no
    longer gives fails the build."""
    assert not DOCTEST_FLAGS & doctest.IGNORE_EXCEPTION_DETAIL
    assert DOCTEST_FLAGS & doctest.ELLIPSIS


def test_a_stale_exception_message_fails_its_page(tmp_path: Path) -> None:
    from scala40 import InvalidCardError, parse_card

    with pytest.raises(InvalidCardError) as raised:
        parse_card("7X")
    page = tmp_path / "planted.rst"
    page.write_text(_STALE_PAGE.format(message=raised.value), encoding="utf-8")
    assert run_page(page, tmp_path)["failed"] == 0
    page.write_text(_STALE_PAGE.format(message="a message it no longer gives"), "utf-8")
    result = run_page(page, tmp_path)
    assert result["failed"] == 1
    assert "a message it no longer gives" in result["report"]


def test_the_doctest_build_fails_on_a_stale_exception_message(tmp_path: Path) -> None:
    """The documentation build itself (Sphinx's doctest builder with docs/conf.py) fails on
    a page whose example shows a message the library does not give, and passes it with
    the message the library gives."""
    pytest.importorskip("sphinx")
    from scala40 import InvalidCardError, parse_card

    with pytest.raises(InvalidCardError) as raised:
        parse_card("7X")
    source = tmp_path / "source"
    source.mkdir()
    exits = []
    for message in (str(raised.value), "a message it no longer gives"):
        (source / "index.rst").write_text(_STALE_PAGE.format(message=message), "utf-8")
        built = subprocess.run(
            [
                *(sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-E", "-b", "doctest"),
                *("-c", str(DOCS), str(source), str(tmp_path / "build")),
            ],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        exits.append(built.returncode)
    assert exits[0] == 0
    assert exits[1] != 0
