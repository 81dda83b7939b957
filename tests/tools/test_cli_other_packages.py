"""Commands that other installed packages add to ``scala40``: whatever such a package does
as it loads, or names its command, touches that command alone.

Each test installs a real package for a ``scala40`` process of its own: a module and a
``.dist-info`` directory (its ``METADATA`` and ``entry_points.txt``) in a temporary
directory put first on the process's ``PYTHONPATH``, as an installer would leave them.
A module writes a marker file as it starts to load, so that a test sees whether anything
imported it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from scala40.commands import ENTRY_POINT_GROUP, EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK

RUN_SECONDS = 60
"""The most a ``scala40`` process of these tests may take: a start-up takes about a
second; a process still running past it waits on a package's module, which fails the
test."""

COMMAND_SOURCE = """
import argparse
from scala40.commands import Command

def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--times", type=int, default=1)

def _run(args: argparse.Namespace) -> int:
    print("{said} " * args.times)
    return 0

COMMAND = Command({name!r}, {summary!r}, "A command of another package.", _configure, _run)
"""
"""A module whose ``COMMAND`` is a well-made command, printing ``said``."""


def _install(
    root: Path,
    distribution: str,
    module: str,
    source: str,
    commands: Mapping[str, str],
    summary: str = "a package of commands",
) -> Path:
    """Install, under ``root``, the distribution ``distribution`` (version 1.0, with
    ``summary``) whose module ``module`` holds ``source`` after a line writing its marker
    (:func:`_marker`), and which declares ``commands`` (name: attribute of the module)
    in the group ``scala40.commands``."""
    root.mkdir(parents=True, exist_ok=True)
    marker = _marker(root, module)
    (root / f"{module}.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n{source}", encoding="utf-8"
    )
    info = root / f"{distribution.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\nSummary: {summary}\n",
        encoding="utf-8",
    )
    points = "".join(f"{name} = {module}:{value}\n" for name, value in commands.items())
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{points}", encoding="utf-8")
    return root


def _marker(root: Path, module: str) -> Path:
    """The file ``module`` writes as it starts to load."""
    return root / f"{module}.imported"


def _scala40(root: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``scala40 ARGV`` with the packages installed under ``root`` found first."""
    environment = dict(os.environ)
    # The packages under root, then whatever the test run itself imports from (a copy of
    # the project, when the threat model's mutants are checked).
    environment["PYTHONPATH"] = os.pathsep.join(
        part for part in (str(root), os.environ.get("PYTHONPATH", "")) if part
    )
    environment.pop("PYTHONWARNINGS", None)
    return subprocess.run(
        [sys.executable, "-m", "scala40", *argv],
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="backslashreplace",
        check=False,
        timeout=RUN_SECONDS,
        cwd=root,
    )


def _check_runs(root: Path) -> None:
    """``scala40 check`` runs as without the packages, and imports none of them."""
    done = _scala40(root, "check", "5D 5H 5S")
    assert (done.returncode, done.stderr) == (EXIT_OK, ""), done
    assert done.stdout.startswith("meld 1: 5D 5H 5S\n"), done.stdout
    assert not list(root.glob("*.imported")), "scala40 check imported another package"


def test_a_package_that_exits_as_it_loads_touches_its_own_command_alone(tmp_path: Path) -> None:
    root = _install(
        tmp_path, "exits-early", "exits_early", "raise SystemExit(7)\n", {"leave": "COMMAND"}
    )
    _check_runs(root)
    done = _scala40(root, "leave", "--times", "2")
    assert done.returncode == EXIT_INVALID, done
    assert done.stdout == ""
    assert done.stderr == (
        "error: the command 'leave' of the package exits-early 1.0 does not load: its module "
        "exits as it loads (exit status 7)\n"
    )
    assert _marker(root, "exits_early").exists()


def test_a_package_whose_set_up_raises_touches_its_own_command_alone(tmp_path: Path) -> None:
    source = 'raise RuntimeError("no database\\n\\x1b[2J here")\n'
    root = _install(tmp_path, "raises-early", "raises_early", source, {"fail": "COMMAND"})
    _check_runs(root)
    done = _scala40(root, "fail")
    assert done.returncode == EXIT_INVALID, done
    assert "Traceback" not in done.stderr
    assert done.stderr == (
        "error: the command 'fail' of the package raises-early 1.0 does not load: "
        "RuntimeError: no database\\n\\x1b[2J here\n"
    )
    # Nor an exception outside Exception's tree, which a package may define.
    source = "class Halt(BaseException):\n    pass\nraise Halt('halted')\n"
    root = _install(tmp_path / "halts", "halts-early", "halts_early", source, {"halt": "COMMAND"})
    _check_runs(root)
    done = _scala40(root, "halt")
    assert (done.returncode, done.stdout) == (EXIT_INVALID, ""), done
    assert done.stderr == (
        "error: the command 'halt' of the package halts-early 1.0 does not load: Halt: halted\n"
    )


def test_ctrl_c_as_a_package_loads_ends_its_own_command_as_any_interruption(
    tmp_path: Path,
) -> None:
    root = _install(
        tmp_path, "stops-early", "stops_early", "raise KeyboardInterrupt\n", {"stop": "COMMAND"}
    )
    _check_runs(root)
    done = _scala40(root, "stop")
    assert (done.returncode, done.stdout) == (EXIT_INTERRUPTED, ""), done
    assert done.stderr == "\nerror: interrupted\n"


def test_a_package_whose_command_s_set_up_raises_touches_that_command_alone(
    tmp_path: Path,
) -> None:
    source = COMMAND_SOURCE.format(said="hello", name="tally", summary="count") + (
        "def _broken(parser: argparse.ArgumentParser) -> None:\n"
        "    raise SystemExit('no tally today')\n"
        "import attrs\n"
        "COMMAND = attrs.evolve(COMMAND, configure=_broken)\n"
    )
    root = _install(tmp_path, "tally-up", "tally_up", source, {"tally": "COMMAND"})
    _check_runs(root)
    done = _scala40(root, "tally", "--help")
    assert done.returncode == EXIT_INVALID, done
    assert done.stderr == (
        "error: the command 'tally' of the package tally-up 1.0 fails as it sets up its "
        "arguments: SystemExit: no tally today\n"
    )


def test_a_package_that_waits_as_it_loads_holds_its_own_command_alone(tmp_path: Path) -> None:
    source = "import threading\nthreading.Event().wait()\n"
    root = _install(tmp_path, "waits-early", "waits_early", source, {"wait": "COMMAND"})
    _check_runs(root)
    listed = _scala40(root, "--help")
    assert listed.returncode == EXIT_OK, listed
    assert "\n    wait " in listed.stdout
    assert not _marker(root, "waits_early").exists(), "--help imported the package"


def test_a_package_s_command_runs_when_named_and_only_then(tmp_path: Path) -> None:
    source = COMMAND_SOURCE.format(said="hello", name="greet", summary="say hello")
    root = _install(tmp_path, "greeter", "greeter", source, {"greet": "COMMAND"})
    _check_runs(root)
    listed = _scala40(root, "--help")
    assert (listed.returncode, listed.stderr) == (EXIT_OK, ""), listed
    assert "a package of commands (greeter 1.0)" in listed.stdout
    assert not _marker(root, "greeter").exists(), "--help imported the package"
    done = _scala40(root, "greet", "--times", "2")
    assert (done.returncode, done.stdout, done.stderr) == (EXIT_OK, "hello hello \n", "")
    helped = _scala40(root, "greet", "--help")
    assert helped.returncode == EXIT_OK, helped
    assert helped.stdout.startswith("usage: scala40 greet [-h] [--times TIMES]"), helped.stdout


def test_a_package_cannot_take_over_the_server_s_commands(tmp_path: Path) -> None:
    # Its names sort first, and its module's name starts as the project's do: the server's
    # commands are the server's by the distribution that declares them.
    source = COMMAND_SOURCE.format(said="taken over", name="web", summary="not the web table")
    commands = {"web": "COMMAND", "check": "COMMAND", "serve": "COMMAND"}
    root = _install(tmp_path, "aaa-tables", "scala40_aaa", source, commands)
    done = _scala40(root, "web", "--help")
    assert done.returncode == EXIT_OK, done
    assert done.stdout.startswith("usage: scala40 web "), done.stdout
    assert "--port" in done.stdout, "the server's web table"
    assert done.stderr == (
        "warning: the package aaa-tables 1.0 adds a command 'web', a name of scala40-server: "
        "left out\n"
    )
    done = _scala40(root, "check", "5D 5H 5S")
    assert done.returncode == EXIT_OK, done
    assert done.stdout.startswith("meld 1: 5D 5H 5S\n")
    assert done.stderr == (
        "warning: the package aaa-tables 1.0 adds a command 'check', a name of scala40: left out\n"
    )
    done = _scala40(root, "hand", "AS QS")
    assert (done.returncode, done.stdout, done.stderr) == (EXIT_OK, "hand: AS QS\nvalue: 21\n", "")
    assert not _marker(root, "scala40_aaa").exists()
    listed = _scala40(root, "--help")
    assert listed.returncode == EXIT_OK
    said = sorted(listed.stderr.splitlines())
    assert said == [
        f"warning: the package aaa-tables 1.0 adds a command '{name}', a name of {owner}: left out"
        for name, owner in (
            ("check", "scala40"),
            ("serve", "scala40-server"),
            ("web", "scala40-server"),
        )
    ], listed.stderr
    assert not _marker(root, "scala40_aaa").exists()


def test_a_package_s_metadata_reaches_the_help_escaped(tmp_path: Path) -> None:
    hostile = "deal \x1b[31mred\x1b[0m\x07 \x9b2J \u202eright to left %(prog)s 100% " + "x" * 300
    source = COMMAND_SOURCE.format(said="hello", name="deal", summary=hostile)
    root = _install(
        tmp_path,
        "hostile-deal",
        "hostile_deal",
        source,
        {"deal": "COMMAND", "de\x1bal": "COMMAND"},
        summary=hostile,
    )
    listed = _scala40(root, "--help")
    assert listed.returncode == EXIT_OK, listed
    for stream in (listed.stdout, listed.stderr):
        raw = sorted({char for char in stream if not (char.isprintable() or char == "\n")})
        assert not raw, f"raw control characters reach the terminal: {raw}"
    assert "deal \\x1b[31mred\\x1b[0m\\x07 \\x9b2J \\u202eright to left %(prog)s 100%" in " ".join(
        listed.stdout.split()
    )
    # Bounded: the 300 characters more are not listed (argparse wraps a long word too).
    assert "x" * 100 not in "".join(listed.stdout.split())
    assert max(len(line) for line in listed.stdout.splitlines()) <= 100
    assert listed.stderr == (
        "warning: the package hostile-deal 1.0 adds a command 'de\\x1bal', which is not a "
        "command's name (letters, digits, '-', '_' and '.', at most 40): left out\n"
    )
    assert not _marker(root, "hostile_deal").exists(), "--help imported the package"
