"""The command lines the documentation shows, run: no page shows a stale output.

Every ``$ scala40 ...`` line of a ``console`` block of the documentation must parse, and
where the page shows what the command prints, running it through
:func:`scala40.cli.main` must print that (a ``...`` line stands for any lines, as in a
doctest; the times the bots took to decide are left out of the comparison). Lines
starting with ``> `` in a shown ``play`` session are what the user types: they are fed
to the command as its input, as a terminal would echo them. ``$ echo $?`` shows the
exit code of the command before it.
"""

from __future__ import annotations

import argparse
import doctest
import io
import re
import shlex
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from scala40.cli import build_parser, main

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(DOCS.rglob("*.rst"))

_BLOCK = re.compile(r"^\.\. code-block:: console\n((?:\n|   .*\n)+)", re.MULTILINE)


@attrs.frozen
class Shown:
    """One command of a page, with the output and exit code the page shows (``None``
    when it shows none)."""

    page: str
    line: int
    argv: tuple[str, ...]
    output: str | None
    code: int | None
    stdin: str | None = None
    """What a shown pipe (``printf '%s\\n' LINE... | scala40 ...``) feeds the command."""

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"


def _commands(page: Path) -> Iterator[Shown]:
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(DOCS).as_posix()
    for match in _BLOCK.finditer(text):
        first_line = text.count("\n", 0, match.start(1)) + 1
        lines = textwrap.dedent(match.group(1)).splitlines()
        # Continuation lines (ending in a backslash) join the next one.
        index = 0
        pending: list[tuple[int, str, list[str]]] = []
        while index < len(lines):
            line = lines[index]
            number = first_line + index
            index += 1
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\") and index < len(lines):
                    command = command[:-1] + " " + lines[index].strip()
                    index += 1
                pending.append((number, command, []))
            elif pending:
                pending[-1][2].append(line)
        shown: Shown | None = None
        for number, command, output in pending:
            body = "\n".join(output).strip("\n")
            if command.strip() == "echo $?":
                assert shown is not None, f"{name}:{number}: 'echo $?' follows no command"
                shown = attrs.evolve(shown, code=int(body))
                continue
            if shown is not None:
                yield shown
            words = shlex.split(command, comments=True)
            for part in _split_on(words, "&&"):
                fed = None
                if "|" in part:
                    feeder, part = _split_on(part, "|")
                    fed = _fed(feeder)
                assert part[0] == "scala40", f"{name}:{number}: not a scala40 command: {command}"
                shown = Shown(name, number, tuple(part[1:]), None, None, fed)
            assert shown is not None
            if body:
                shown = attrs.evolve(shown, output=body)
        if shown is not None:
            yield shown


def _fed(words: list[str]) -> str:
    """What ``echo TEXT`` or ``printf '%s\\n' LINE...`` writes."""
    if words[0] == "echo":
        return " ".join(words[1:]) + "\n"
    assert words[:2] == ["printf", "%s\\n"], f"not a pipe the test reads: {words}"
    return "".join(line + "\n" for line in words[2:])


def _split_on(words: list[str], separator: str) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for word in words:
        if word == separator:
            parts.append([])
        else:
            parts[-1].append(word)
    return parts


SHOWN = [shown for page in PAGES for shown in _commands(page)]
WITH_OUTPUT = [shown for shown in SHOWN if shown.output is not None or shown.code is not None]


def test_the_pages_show_commands() -> None:
    pages = {shown.page for shown in WITH_OUTPUT}
    assert {"cli.rst", "getting-started.rst"} <= pages
    assert len(WITH_OUTPUT) >= 15


@pytest.mark.parametrize("shown", SHOWN, ids=lambda shown: shown.name)
def test_every_command_shown_parses(shown: Shown, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command shown parses, but those shown to fail in parsing (their error
    ends with the help command to run)."""
    if "--help')" in (shown.output or ""):
        with pytest.raises(SystemExit):
            build_parser().parse_args(list(shown.argv))
        assert "--help')" in capsys.readouterr().err
    else:
        build_parser().parse_args(list(shown.argv))


_TIMED_ROW = re.compile(r"^(\S+ +\d+ +\d+ .*?) +\d+\.\d+$")
_SECONDS = re.compile(r"(?<=,)\d+\.\d{6}(?=,|$)")


def _untimed(text: str) -> str:
    """``text`` with the times the bots took to decide masked: the last column of the
    ``simulate`` table and the ``seconds_N`` columns of its CSV."""
    lines = []
    timed = False
    for line in text.splitlines():
        line = line.rstrip()
        if line.startswith("bot ") and line.endswith("ms/decision"):
            timed = True
        elif timed and _TIMED_ROW.match(line):
            line = _TIMED_ROW.sub(r"\1 <ms>", line)
        else:
            timed = False
        lines.append(_SECONDS.sub("<s>", line))
    return "\n".join(lines)


class _EchoingInput:
    """Standard input that echoes each line it gives, as a terminal shows what is typed."""

    def __init__(self, text: str) -> None:
        self.lines = io.StringIO(text)

    def readline(self, size: int = -1) -> str:
        line = self.lines.readline(size)
        print(line, end="")
        return line


def _run(
    argv: list[str], stdin: Any, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch
) -> tuple[int, str]:
    mp.setattr("sys.stdin", stdin)
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out + captured.err


def _hinted_game(path: Path, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch) -> None:
    """Save, as ``path``, the game of ``scala40 play --match single --seed 3 --hint-bot
    greedy`` in which
    the player plays what ``hint`` suggests each time (the game ``cli.rst`` replays)."""

    class Hinting:
        def __init__(self) -> None:
            self.asked = False

        def readline(self, size: int = -1) -> str:
            if not self.asked:
                self.asked = True
                return "hint\n"
            self.asked = False
            said = capsys.readouterr().out
            return said.rsplit("bot would play: ", 1)[1].splitlines()[0] + "\n"

    argv = [
        "play",
        "--match",
        "single",
        "--seed",
        "3",
        "--hint-bot",
        "greedy",
        "--save",
        str(path),
    ]
    mp.setattr("sys.stdin", Hinting())
    assert main(argv) == 0
    capsys.readouterr()


@pytest.mark.parametrize("shown", WITH_OUTPUT, ids=lambda shown: shown.name)
def test_every_output_shown_is_printed(
    shown: Shown,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = list(shown.argv)
    if argv[0] == "replay":
        _hinted_game(tmp_path / argv[1], capsys, monkeypatch)
    if argv[0] == "simulate":
        argv += ["--workers", "1"]  # the same results in this process (see the page)
    typed = re.findall(r"^> (.*)$", shown.output or "", re.MULTILINE)
    stdin: Any = _EchoingInput("".join(line + "\n" for line in typed))
    if shown.stdin is not None:
        stdin = io.StringIO(shown.stdin)
    code, printed = _run(argv, stdin, capsys, monkeypatch)
    if shown.code is not None:
        assert code == shown.code
    if shown.output is None:
        return
    want = _untimed(shown.output) + "\n"
    got = _untimed(printed) + "\n"
    checker = doctest.OutputChecker()
    if not checker.check_output(want, got, doctest.ELLIPSIS):
        diff = checker.output_difference(doctest.Example("", want), got, doctest.ELLIPSIS)
        pytest.fail(f"{shown.name}: scala40 {shlex.join(shown.argv)}\n{diff}")


def _usages() -> dict[str, str]:
    """Each command's usage as its parser prints it, on one line, without ``[-h]``."""
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    return {
        name: " ".join(subparser.format_usage().split()[1:]).replace(" [-h]", "")
        for name, subparser in commands.choices.items()
    }


def test_the_synopsis_is_the_parsers() -> None:
    """The synopsis at the top of cli.rst is each command's usage, as its parser prints
    it: an option added to a command and not to the page fails here."""
    text = (DOCS / "cli.rst").read_text(encoding="utf-8")
    block = re.search(r"^\.\. code-block:: text\n\n((?:   .*\n)+)", text, re.MULTILINE)
    assert block is not None
    lines: list[str] = []
    for line in textwrap.dedent(block.group(1)).splitlines():
        if line.startswith(" "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    shown = {line.split()[1]: " ".join(line.split()) for line in lines if line.split()[1:]}
    usages = _usages()
    for name, usage in usages.items():
        assert shown.get(name) == usage, f"cli.rst's synopsis of {name} is not its usage"
    assert set(shown) == set(usages) | {"--version", "--help", "COMMAND"}
