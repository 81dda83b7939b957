"""Commands that installed packages add to ``scala40`` by entry points
(:mod:`scala40.commands`): found, listed and run as the library's own; left out with one
line when they clash with a built-in name, and said in one line when they do not load;
and, for the server's ``serve`` and ``web``, one line saying what to install when no
package adds them. tests/tools/test_cli_other_packages.py installs such packages for a
process of their own."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint
from pathlib import Path

import attrs
import pytest

import scala40.cli
from scala40.cli import COMMANDS, ELSEWHERE, main
from scala40.cli.installed import sort_installed
from scala40.commands import (
    ENTRY_POINT_GROUP,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    Command,
    DeclaredCommand,
    LoadedCommands,
    command_entry_points,
    declared_commands,
    load_commands,
)

CaptureFixture = pytest.CaptureFixture[str]

BUILT_IN = frozenset(command.name for command in COMMANDS)


def _greet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--times", type=int, default=1)


def _run_greet(args: argparse.Namespace) -> int:
    print("hello " * args.times)
    return EXIT_OK


GREET = Command("greet", "say hello", "Say hello.", _greet, _run_greet)
"""A command of another package, as its entry point names it."""
NOT_A_COMMAND = "greet"
"""What a broken entry point names instead of a command."""


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name, value, ENTRY_POINT_GROUP)


def _declared(name: str, value: str, distribution: str = "greeter") -> DeclaredCommand:
    return DeclaredCommand(name, value, distribution, "1.0", "say hello")


def _installed(monkeypatch: pytest.MonkeyPatch, declared: Sequence[DeclaredCommand]) -> None:
    """The command line finds ``declared`` as the installed packages' commands."""
    reserved = {**{command.name: "scala40" for command in COMMANDS}, **ELSEWHERE}
    installed = sort_installed(declared, reserved)
    own = load_commands([command.entry_point() for command in installed.own], BUILT_IN)
    monkeypatch.setattr(scala40.cli, "installed_commands", lambda: installed)
    monkeypatch.setattr(scala40.cli, "own_commands", lambda: own)


def _run(capsys: CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_the_server_s_commands_are_found_by_their_entry_points() -> None:
    found = {point.name: point.value for point in command_entry_points()}
    assert found["serve"] == "scala40_server.commands.serve:COMMAND"
    assert found["web"] == "scala40_server.commands.web:COMMAND"
    declared = {command.name: command.distribution for command in declared_commands()}
    assert (declared["serve"], declared["web"]) == ("scala40-server", "scala40-server")
    loaded = scala40.cli.own_commands()
    assert loaded.problems == ()
    assert scala40.cli.installed_commands().left_out == ()
    assert {command.name for command in loaded.commands} >= {"serve", "web"}
    assert not BUILT_IN & {"serve", "web"}, "the server's commands are not built in"


def test_help_lists_the_commands_of_installed_packages(capsys: CaptureFixture) -> None:
    code, out, err = _run(capsys, "--help")
    assert code == EXIT_OK
    assert err == ""
    listed = out.split("commands:", 1)[1]
    for name in ("check", "serve", "web"):
        assert f"\n    {name} " in listed
    for name in ("serve", "web"):
        code, out, err = _run(capsys, name, "--help")
        assert code == EXIT_OK
        assert err == ""
        assert out.startswith(f"usage: scala40 {name} ")


@pytest.mark.parametrize("argv", [["web"], ["serve"], ["web", "--help"], ["serve", "--game", "x"]])
def test_a_server_command_without_the_server_says_what_to_install(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    _installed(monkeypatch, [])
    code, out, err = _run(capsys, *argv)
    assert code == EXIT_USAGE
    assert out == ""
    assert err == (
        f"error: 'scala40 {argv[0]}' comes with the scala40-server package, which is not "
        "installed (python -m pip install scala40-server, or python -m pip install ./server "
        "in a checkout of the source)\n"
    )
    assert ELSEWHERE[argv[0]] == "scala40-server"


def test_without_the_server_the_rest_of_the_command_line_works(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    _installed(monkeypatch, [])
    code, out, err = _run(capsys, "--help")
    assert code == EXIT_OK
    assert err == ""
    assert "\n    web " not in out
    assert "\n    serve " not in out
    code, out, err = _run(capsys, "hand", "AS QS")
    assert (code, out, err) == (EXIT_OK, "hand: AS QS\nvalue: 21\n", "")
    # An unknown command stays argparse's usage error.
    code, out, err = _run(capsys, "deal")
    assert code == EXIT_USAGE
    assert "scala40-server" not in err


def test_a_package_s_command_runs_as_a_built_in_one(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    _installed(monkeypatch, [_declared("greet", f"{__name__}:GREET")])
    code, out, err = _run(capsys, "--help")
    assert code == EXIT_OK
    # Listed with its package's summary, in the column argparse lines the commands' summaries up in
    # (its width differs between Python versions: 3.13 indents the list otherwise).
    assert re.search(r"\n    greet +say hello \(greeter 1.0\)\n", out), out
    code, out, err = _run(capsys, "greet", "--times", "2")
    assert (code, out, err) == (EXIT_OK, "hello hello \n", "")


def test_a_command_that_clashes_with_a_built_in_one_is_left_out_in_one_line(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    clash = Command("check", "not the check", "Not the check.", _greet, _run_greet)
    monkeypatch.setattr(sys.modules[__name__], "CLASH", clash, raising=False)
    _installed(monkeypatch, [_declared("check", f"{__name__}:CLASH")])
    code, out, err = _run(capsys, "check", "5D 5H 5S")
    assert code == EXIT_OK
    assert out.startswith("meld 1: 5D 5H 5S\n"), "the built-in check runs"
    assert err == (
        "warning: the package greeter 1.0 adds a command 'check', a name of scala40: left out\n"
    )
    # Said where that name is involved (the list of commands, the command itself) alone.
    code, out, err = _run(capsys, "hand", "AS")
    assert (code, err) == (EXIT_OK, "")


def test_a_command_that_does_not_load_is_said_in_one_line_when_run(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A module that fails as it loads, with an error of two lines: said in one.
    (tmp_path / "broken_commands.py").write_text('raise RuntimeError("first\\nsecond")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    declared = [
        _declared("broken", "broken_commands:COMMAND"),
        _declared("absent", "no_such_package.commands:COMMAND"),
        _declared("typo", f"{__name__}:NO_SUCH_NAME"),
        _declared("text", f"{__name__}:NOT_A_COMMAND"),
        _declared("other", f"{__name__}:GREET"),
        _declared("greet", f"{__name__}:GREET"),
    ]
    _installed(monkeypatch, declared)
    code, out, err = _run(capsys, "greet")
    assert (code, out, err) == (EXIT_OK, "hello \n", "")
    said = {}
    for command in declared[:-1]:
        code, out, err = _run(capsys, command.name, "--help")
        assert (code, out) == (EXIT_INVALID, "")
        said[command.name] = err
    head = "error: the command '{}' of the package greeter 1.0 does not load: "
    assert said == {
        "broken": head.format("broken") + "RuntimeError: first\\nsecond\n",
        "absent": head.format("absent")
        + "ModuleNotFoundError: No module named 'no_such_package'\n",
        "typo": head.format("typo")
        + f"AttributeError: module '{__name__}' has no attribute 'NO_SUCH_NAME'\n",
        "text": head.format("text") + "it names 'greet', not a scala40.commands.Command\n",
        "other": head.format("other") + "it names the command 'greet'\n",
    }


def test_the_server_s_commands_are_the_server_s_by_its_distribution(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another package's web, whose module's name starts as the server's does, sorts first.
    taken = Command("web", "not the table", "Not the table.", _greet, _run_greet)
    monkeypatch.setattr(sys.modules[__name__], "TAKEN", taken, raising=False)
    server = [command for command in declared_commands() if command.name == "web"]
    _installed(monkeypatch, [_declared("web", f"{__name__}:TAKEN", "aaa"), *server])
    code, out, err = _run(capsys, "web", "--help")
    assert code == EXIT_OK
    assert "--port" in out
    assert (
        err
        == "warning: the package aaa 1.0 adds a command 'web', a name of scala40-server: left out\n"
    )


def test_two_packages_adding_one_name_keep_the_first() -> None:
    loaded = load_commands(
        [_point("greet", f"{__name__}:GREET"), _point("greet", f"{__name__}:GREET")], BUILT_IN
    )
    assert loaded.commands == (GREET,)
    assert loaded.problems == (
        f"command 'greet' ({__name__}:GREET) left out: another package's command has that name",
    )
    assert load_commands([], BUILT_IN) == LoadedCommands((), ())


def test_the_installed_program_lists_the_server_s_commands() -> None:
    """Through the installed script's own interpreter, the entry points as installed."""
    listed = subprocess.run(
        [sys.executable, "-m", "scala40", "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )
    assert listed.returncode == EXIT_OK, listed.stderr
    assert listed.stderr == ""
    assert "\n    serve " in listed.stdout
    assert "\n    web " in listed.stdout


def test_plugin_commands_warns_for_one_release_naming_what_replaces_it() -> None:
    with pytest.warns(DeprecationWarning, match=r"scala40\.cli\.own_commands\(\)"):
        loaded = scala40.cli.plugin_commands()
    assert {command.name for command in loaded.commands} >= {"serve", "web"}


def test_another_package_s_summary_and_name_are_bounded_as_the_docs_say() -> None:
    """docs/cli.rst: a summary of at most 72 characters, a name of at most 40."""
    listed = DeclaredCommand("deal", "deal:COMMAND", "deal-stats", "1.0", "y" * 72)
    assert listed.listed_summary == "y" * 72 + " (deal-stats 1.0)"
    cut = attrs.evolve(listed, summary="y" * 73).listed_summary
    assert cut == "y" * 69 + "... (deal-stats 1.0)"
    assert attrs.evolve(listed, summary="\n\t ").listed_summary == "a command of deal-stats 1.0"
    assert attrs.evolve(listed, name="d" * 40).has_valid_name
    for name in ("d" * 41, "-deal", "déal", "de al", "deal\x1b", ""):
        assert not attrs.evolve(listed, name=name).has_valid_name, name
