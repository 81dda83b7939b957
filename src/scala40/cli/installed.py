"""The commands that installed packages add to ``scala40`` (the entry points of
:data:`~scala40.commands.ENTRY_POINT_GROUP`), and how far the command line trusts each.

The project's own distributions, ``scala40`` and ``scala40-server``
(:data:`OWN_DISTRIBUTIONS`), are known by the distribution that declares an entry point,
never by the module it names or by the order the entry points sort in: their commands
(the server's ``web`` and ``serve``) load with the command line. Another package's
command is listed in ``scala40 --help`` from its distribution's metadata alone (its name,
its summary escaped and bounded: :func:`add_stand_in`) and imported only when it is run,
as ``scala40 NAME ...`` (:func:`run_other`): whatever its module does as it loads (exit,
raise, wait) touches that command alone. A name of the library or of the server is never
given to another package (:func:`sort_installed`).

>>> from scala40.cli.installed import sort_installed
>>> from scala40.commands import DeclaredCommand
>>> installed = sort_installed(
...     [
...         DeclaredCommand("web", "scala40_server.commands.web:COMMAND", "scala40-server", "0.5", ""),
...         DeclaredCommand("web", "aaa:COMMAND", "aaa", "1.0", "a table"),
...         DeclaredCommand("deal", "deal:COMMAND", "deal-stats", "1.0", "deal statistics"),
...     ],
...     {"check": "scala40"},
... )
>>> [command.distribution for command in installed.own], [command.name for command in installed.others]
(['scala40-server'], ['deal'])
>>> installed.left_out
(('web', "the package aaa 1.0 adds a command 'web', a name of scala40-server: left out"),)
"""

from __future__ import annotations

import argparse
import functools
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import attrs

from scala40.cli.common import Parser
from scala40.commands import (
    EXIT_OK,
    EXIT_USAGE,
    HELP_WIDTH,
    CommandError,
    DeclaredCommand,
    error_text,
    load_command,
    shown_text,
)

__all__ = [
    "OWN_DISTRIBUTIONS",
    "InstalledCommands",
    "SubcommandParsers",
    "add_stand_in",
    "run_other",
    "sort_installed",
]

OWN_DISTRIBUTIONS = frozenset({"scala40", "scala40-server"})
"""The project's distributions (their names as packaging compares them), whose commands
the command line loads as its own."""


@attrs.frozen
class InstalledCommands:
    """The commands the installed distributions declare, sorted by whom they come from."""

    own: tuple[DeclaredCommand, ...]
    """Those of the project's distributions (:data:`OWN_DISTRIBUTIONS`): loaded with the
    command line."""
    others: tuple[DeclaredCommand, ...]
    """Those of other packages that ``scala40`` lists and runs: imported only when run."""
    left_out: tuple[tuple[str, str], ...]
    """Each other package's command left out: its name and one line saying why, naming
    the package."""


def sort_installed(
    declared: Iterable[DeclaredCommand], reserved: Mapping[str, str]
) -> InstalledCommands:
    """Sort ``declared`` (:func:`~scala40.commands.declared_commands`) by whom each comes
    from: the project's distributions by their names, never by what their entry points
    name. ``reserved`` maps the names that are the project's (the library's own
    commands, the server's) to the distribution that uses each; the project's
    distributions' names are reserved too. Another package's command is left out when
    its name is reserved, is not a command's name (ASCII letters, digits, ``-``, ``_``
    and ``.``, at most 40), or is taken by another package before it (in the order of
    the distributions' names)."""
    declared = tuple(declared)
    own = tuple(
        command for command in declared if command.normalized_distribution in OWN_DISTRIBUTIONS
    )
    names = {**reserved, **{command.name: command.normalized_distribution for command in own}}
    taken: dict[str, DeclaredCommand] = {}
    others: list[DeclaredCommand] = []
    left_out: list[tuple[str, str]] = []
    for command in declared:
        if command.normalized_distribution in OWN_DISTRIBUTIONS:
            continue
        head = f"the package {command.package} adds a command {shown_text(repr(command.name), 60)}"
        if not command.has_valid_name:
            why = "which is not a command's name (letters, digits, '-', '_' and '.', at most 40)"
        elif command.name in names:
            why = f"a name of {names[command.name]}"
        elif command.name in taken:
            why = f"a name the package {taken[command.name].package} adds too"
        else:
            taken[command.name] = command
            others.append(command)
            continue
        left_out.append((command.name, f"{head}, {why}: left out"))
    return InstalledCommands(own, tuple(others), tuple(left_out))


ARGUMENTS = "arguments"
"""Where a stand-in's parser keeps the arguments it passes on, unread."""

_NO_OPTIONS = "\0"
"""A stand-in's parser's option prefix: no argument from a command line starts with a
NUL, so every argument after the command's name passes on to it as given (``--help``
too)."""


class SubcommandParsers(Protocol):
    """What adds a subcommand's parser: what ``argparse``'s
    :meth:`~argparse.ArgumentParser.add_subparsers` returns."""

    def add_parser(self, name: str, **options: Any) -> argparse.ArgumentParser:
        """Add the parser of the subcommand ``name``, made with ``options``."""
        ...


def add_stand_in(subparsers: SubcommandParsers, declared: DeclaredCommand) -> None:
    """Add to ``subparsers`` the stand-in for another package's command ``declared``:
    listed with its distribution's summary, escaped and bounded
    (:attr:`~scala40.commands.DeclaredCommand.listed_summary`), it takes every argument
    after its name unread, and runs the command by :func:`run_other`. Nothing of the package is
    imported."""
    # argparse formats a command's help with %: a summary's own % is written %%.
    listed = declared.listed_summary.replace("%", "%%")
    parser = subparsers.add_parser(
        declared.name, help=listed, add_help=False, prefix_chars=_NO_OPTIONS
    )
    parser.add_argument(ARGUMENTS, nargs=argparse.REMAINDER)
    parser.set_defaults(handler=functools.partial(run_other, declared))


def run_other(declared: DeclaredCommand, args: argparse.Namespace) -> int:
    """Run another package's command ``declared`` on the arguments its stand-in kept:
    import it (:func:`~scala40.commands.load_command`), give it a parser of its own
    (``scala40 NAME``), parse and run.

    :raises CommandError: its module does not load (it raises, or exits, as it loads),
        or its command fails as it sets up its arguments; one line naming the package.
    """
    command = load_command(declared)
    parser = Parser(
        prog=f"scala40 {declared.name}",
        description=textwrap.fill(command.description, width=HELP_WIDTH),
        epilog=command.epilog or None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    try:
        command.configure(parser)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # the package's code, as it sets up its arguments
        raise CommandError(
            f"{declared.described} fails as it sets up its arguments: {error_text(error)}"
        ) from None
    parser.check_arguments = command.check_arguments
    try:
        parsed = parser.parse_args(getattr(args, ARGUMENTS))
    except SystemExit as exit_request:  # --help and usage errors
        code = exit_request.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    return command.run(parsed)
