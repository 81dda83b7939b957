"""Running the command line in-process, for the tests of every game's commands."""

from __future__ import annotations

import io

import pytest

from scala40.cli import main

__all__ = ["CaptureFixture", "error_line", "run"]

CaptureFixture = pytest.CaptureFixture[str]


def run(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str = ""
) -> tuple[int, str, str]:
    """Run the command line with ``stdin`` as standard input; return code, output, errors
    (never a traceback)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def error_line(err: str) -> str:
    """The one error line of ``err``."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]
