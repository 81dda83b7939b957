"""The programs of the learning-agents page run as they are written there, and print what
the page says they print (the page's own doctest build skips them without the extra)."""

from __future__ import annotations

import contextlib
import doctest
import io
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "learning.rst"


def _blocks(text: str) -> list[tuple[str, str]]:
    """The page's ``testsetup``, ``testcode`` and ``testoutput`` blocks: (kind, body)."""
    lines = text.splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.startswith(".. test"):
            continue
        kind = line[3:].split("::")[0]
        while index < len(lines) and lines[index].strip().startswith(":"):
            index += 1  # the directive's options
        body = []
        while index < len(lines) and (not lines[index].strip() or lines[index].startswith(" ")):
            body.append(lines[index])
            index += 1
        blocks.append((kind, textwrap.dedent("\n".join(body)).strip("\n") + "\n"))
    return blocks


def test_the_pages_programs_run_and_print_what_it_shows() -> None:
    blocks = _blocks(PAGE.read_text(encoding="utf-8"))
    assert [kind for kind, _ in blocks].count("testcode") >= 4
    namespace: dict[str, object] = {}
    checker = doctest.OutputChecker()
    printed = ""
    for kind, body in blocks:
        if kind in ("testsetup", "testcode"):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(body, f"{PAGE.name} ({kind})", "exec"), namespace)
            printed = out.getvalue()
        elif kind == "testoutput":
            assert checker.check_output(body, printed, doctest.ELLIPSIS), (body, printed)
