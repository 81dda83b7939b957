"""Running the command line in-process (the server's commands among the others)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from scala40.cli import EXIT_INVALID, EXIT_OK, EXIT_QUIT, EXIT_USAGE, main

__all__ = ["CaptureFixture", "run", "run_answered"]

CaptureFixture = pytest.CaptureFixture[str]


def run(
    capsys: CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: Any = "",
) -> tuple[int, str, str]:
    """Run the command line with ``stdin`` (text or a file object) as standard input;
    return code, output, errors (never a traceback)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def run_answered(
    capsys: CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: Any = "quit\n",
) -> tuple[int, str, str]:
    """:func:`run` (a session that asks for moves is told to quit), checking that the
    command answers as the command line promises: one of its exit codes, and a refusal's
    last line an error."""
    code, out, err = run(capsys, monkeypatch, argv, stdin)
    assert isinstance(code, int)
    assert code in (EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_QUIT)
    if code in (EXIT_INVALID, EXIT_USAGE):
        assert err.splitlines()[-1].startswith("error: "), err
    return code, out, err
