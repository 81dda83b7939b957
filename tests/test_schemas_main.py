"""``python -m scala40.schemas`` reads its arguments as a command line: ``--help`` prints
its usage (it once wrote the schemas into a folder named ``--help``), an argument that
looks like an option it does not know is refused with exit status 2, and a directory
whose name starts with ``-`` is written after ``--``."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scala40.schemas", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=120,
        check=False,
    )


def test_help_prints_the_usage_and_writes_nothing(tmp_path: Path) -> None:
    done = _run("--help", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m scala40.schemas [-h] [DIRECTORY]")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args", [["--hepl"], ["-x"], ["--directory", "out"], ["one", "two"]], ids=" ".join
)
def test_an_unknown_option_or_a_second_directory_is_refused(
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", ["scala40.schemas", *args])
    with pytest.raises(SystemExit) as exited:
        # As python -m runs it (importing its module would make runpy warn).
        runpy.run_module("scala40.schemas", run_name="__main__")
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("error: ")
    assert err.endswith("(see 'python -m scala40.schemas --help')\n")
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_directory_named_like_an_option_follows_two_dashes(tmp_path: Path) -> None:
    done = _run("--", "-out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = sorted(path.name for path in (tmp_path / "-out").iterdir())
    assert "hand.verdict.json" in written
    assert done.stdout.splitlines()[0].startswith("-out/")
