"""The ``scala40`` command line: check melds, value hands, list the rulesets, play against
bots, run tournaments between bots and replay saved games.

Run it as ``scala40`` or ``python -m scala40``; :func:`main` is the same program for
Python code and tests. Every subcommand is a :class:`~scala40.commands.Command`: a name, a
function that adds its arguments to its parser and a handler that runs it and returns
the exit code; each of the library's own has its module (:mod:`~scala40.cli.check`,
:mod:`~scala40.cli.hand`, :mod:`~scala40.cli.rules`, :mod:`~scala40.cli.play`,
:mod:`~scala40.cli.simulate`, :mod:`~scala40.cli.bots`, :mod:`~scala40.cli.replay`,
:mod:`~scala40.cli.cards`, :mod:`~scala40.cli.moves`, :mod:`~scala40.cli.conformance`), listed
in :data:`COMMANDS`, and what they share is in :mod:`~scala40.cli.common`. Installed
packages add theirs by entry points (:mod:`scala40.commands`): ``serve`` and ``web``
(:mod:`~scala40_server.commands.serve`, :mod:`~scala40_server.commands.web`) are the server's, and where they are
not installed ``scala40 serve`` and ``scala40 web`` say in one line what to install
(:data:`ELSEWHERE`); another package's command is listed from its metadata and imported
only when it is run (:mod:`~scala40.cli.installed`). :func:`build_parser` builds the
whole parser from all of them. Every
command works on any registered game (``--game``), reaching it through
:func:`~scala40.game.load_game` and its :class:`~scala40.game.Game` record alone.

Exit codes: 0 when all went well, 1 when the cards are not what was asked (an invalid or
ambiguous meld, an impossible hand) or a game command failed (a game record that can't be
read or replayed, a file that can't be written), 2 for a usage error (unknown option,
preset or bot, bad card text), 3 when a game of ``play`` was left before its end (``quit``
or the end of the input; with ``--save``, the game is saved first), 130 when Ctrl-C
stopped a command. Errors are one line on standard error, starting with ``error:``.

>>> from scala40.cli import main
>>> main(["check", "JK 9C 8C"])
meld 1: JK 9C 8C
  sequence of clubs: 8C 9C JK=10C
  joker: JK stands for 10C
  value: 27
  other readings:
    JK=7C 8C 9C (value 24)
  extended by: 7C at the low end, JC at the high end
  joker swap: 10C takes the place of JK
<BLANKLINE>
opening: 27 is below the opening threshold of 40 (S40-OPEN)
0
>>> main(["hand", "AS KH 7D JK"])
hand: AS KH 7D JK
value: 53
0
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import sys
import textwrap
import warnings
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from scala40 import __version__
from scala40._compiled import build_name
from scala40.checks import describe
from scala40.cli import (
    bots,
    cards,
    check,
    conformance,
    hand,
    hint,
    moves,
    play,
    replay,
    rules,
    schemas,
    simulate,
)
from scala40.cli.common import Parser, games_line, print_error
from scala40.cli.installed import InstalledCommands, add_stand_in, sort_installed
from scala40.commands import (
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_QUIT,
    EXIT_USAGE,
    HELP_WIDTH,
    Command,
    CommandError,
    DeclaredCommand,
    LoadedCommands,
    UsageError,
    command_entry_points,
    declared_commands,
    load_commands,
)
from scala40.errors import Scala40Error
from scala40.game import DEFAULT_GAME

__all__ = [
    "COMMANDS",
    "ELSEWHERE",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_QUIT",
    "EXIT_USAGE",
    "Command",
    "UsageError",
    "all_commands",
    "build_parser",
    "installed_commands",
    "main",
    "own_commands",
    "plugin_commands",
    "version_line",
]

COMMANDS: tuple[Command, ...] = (
    check.COMMAND,
    hand.COMMAND,
    rules.COMMAND,
    play.COMMAND,
    hint.COMMAND,
    moves.MOVES_COMMAND,
    moves.PERFT_COMMAND,
    simulate.COMMAND,
    bots.COMMAND,
    replay.COMMAND,
    schemas.COMMAND,
    cards.COMMAND,
    conformance.CORPUS_COMMAND,
    conformance.CONFORMANCE_COMMAND,
)
"""The library's own subcommands, in the order ``scala40 --help`` lists them; those of
installed packages follow (:func:`all_commands`)."""

ELSEWHERE: Mapping[str, str] = MappingProxyType(
    {"serve": "scala40-server", "web": "scala40-server"}
)
"""Commands that another distribution adds, and that distribution: asked for where it is
not installed, the command says in one line what to install."""

_IN_A_CHECKOUT: Mapping[str, str] = MappingProxyType({"scala40-server": "./server"})
"""Where each distribution of :data:`ELSEWHERE` lies in a checkout of the source, which
installs it there (the package index has only its releases)."""


@functools.cache
def installed_commands() -> InstalledCommands:
    """The commands that installed distributions declare (the entry points of
    :data:`~scala40.commands.ENTRY_POINT_GROUP`), read once a process from their metadata
    and sorted by whom they come from (:func:`~scala40.cli.installed.sort_installed`):
    the project's, and the others', none of them imported. The names of the library's
    commands and of the server's (:data:`ELSEWHERE`) are never another package's."""
    reserved = {**{command.name: "scala40" for command in COMMANDS}, **ELSEWHERE}
    return sort_installed(declared_commands(), reserved)


@functools.cache
def own_commands() -> LoadedCommands:
    """The commands of the project's other distribution, scala40-server (``serve`` and
    ``web``), loaded once a process; one that does not load is left out with one line
    (:func:`~scala40.commands.load_commands`)."""
    points = [command.entry_point() for command in installed_commands().own]
    return load_commands(points, {command.name for command in COMMANDS})


def plugin_commands() -> LoadedCommands:
    """Every command that installed packages add, each imported.

    .. deprecated:: 0.6
       It imports every other package's command, which ``scala40`` no longer does: use
       :func:`own_commands` for the server's, and
       :func:`~scala40.commands.declared_commands` with
       :func:`~scala40.commands.load_command` for another package's, which it imports.
    """
    warnings.warn(
        "scala40.cli.plugin_commands() imports every installed package's command; use "
        "scala40.cli.own_commands(), and scala40.commands.declared_commands() with "
        "scala40.commands.load_command() for another package's",
        DeprecationWarning,
        stacklevel=2,
    )
    return load_commands(command_entry_points(), {command.name for command in COMMANDS})


def all_commands() -> tuple[Command, ...]:
    """The library's commands (:data:`COMMANDS`), then the server's (:func:`own_commands`);
    other packages' commands are not among them until one is run
    (:func:`~scala40.cli.installed.run_other`)."""
    return (*COMMANDS, *own_commands().commands)


def version_line() -> str:
    """What ``scala40 --version`` prints: the version, the build (compiled by mypyc or pure
    Python, ``scala40.__compiled__``) and the interpreter, which a compiled build is made
    for.

    >>> from scala40.cli import version_line
    >>> version_line().startswith("scala40 ")
    True
    """
    interpreter = f"{platform.python_implementation()} {platform.python_version()}"
    return f"scala40 {__version__} ({build_name()}, {interpreter})"


def build_parser(
    commands: Sequence[Command] | None = None, *, others: Sequence[DeclaredCommand] | None = None
) -> argparse.ArgumentParser:
    """The argument parser of the command line, with one subparser per command of
    ``commands`` (by default :func:`all_commands`), then a stand-in for each other
    package's command of ``others`` (by default, with the default commands, those of
    :func:`installed_commands`; else none), which imports it only when it is run
    (:func:`~scala40.cli.installed.add_stand_in`).

    Each subparser stores its command's handler as ``handler`` in the parsed arguments.

    >>> from scala40.cli import build_parser
    >>> parser = build_parser()
    >>> args = parser.parse_args(["rules", "classic"])
    >>> args.command, args.preset, callable(args.handler)
    ('rules', 'classic', True)
    """
    if commands is None:
        commands = all_commands()
        if others is None:
            others = installed_commands().others
    parser = Parser(
        prog="scala40",
        description=textwrap.fill(
            f"Rules of five rummy games: {games_line()}. Check melds, value hands, list "
            "the rulesets, play against bots in the terminal, run tournaments between "
            "bots, replay saved games or write the cards as pictures (cards); with "
            "scala40-server installed, referee games for another program (serve) or play "
            "in a browser (web).",
            width=HELP_WIDTH,
        )
        + "\n\nChoose the game with --game GAME after the command (default: "
        f"{DEFAULT_GAME}).",
        epilog="Cards are written 7S 10H QD AC JK (also 7♠, ♠7, TH, *).\n"
        "Run 'scala40 COMMAND --help' for the options of a command.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version_line())
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", title="commands", required=True
    )
    for command in commands:
        subparser = subparsers.add_parser(
            command.name,
            help=command.summary,
            description=textwrap.fill(command.description, width=HELP_WIDTH),
            epilog=command.epilog or None,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.configure(subparser)
        subparser.set_defaults(handler=command.run)
        if isinstance(subparser, Parser):
            subparser.check_arguments = command.check_arguments
    for declared in others or ():
        add_stand_in(subparsers, declared)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the process arguments); return the exit code.

    >>> from scala40.cli import main
    >>> main(["hand", "AS QS"])
    hand: AS QS
    value: 21
    0
    """
    given: object = argv
    if given is not None and (
        isinstance(given, (str, bytes))
        or not isinstance(given, Sequence)
        or not all(isinstance(arg, str) for arg in given)
    ):
        print_error(f"expected a list of arguments (text), got {describe(given)}")
        return EXIT_USAGE
    own = own_commands()
    for problem in own.problems:
        print(f"warning: {problem}", file=sys.stderr)
    commands = (*COMMANDS, *own.commands)
    installed = installed_commands()
    word = _command_word(sys.argv[1:] if argv is None else argv)
    for name, left_out in installed.left_out:
        # Said where it matters, once: in the list of commands, and to whoever asks for
        # that name.
        if word is None or word == name:
            print(f"warning: {left_out}", file=sys.stderr)
    if (
        word is not None
        and word in ELSEWHERE
        and all(command.name != word for command in commands)
    ):
        home = ELSEWHERE[word]
        print_error(
            f"'scala40 {word}' comes with the {home} package, which is not installed "
            f"(python -m pip install {home}, or python -m pip install {_IN_A_CHECKOUT[home]} "
            "in a checkout of the source)"
        )
        return EXIT_USAGE
    parser = build_parser(commands, others=installed.others)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_request:  # --help, --version and usage errors
        code = exit_request.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as error:
        print_error(str(error))
        return EXIT_USAGE
    except CommandError as error:
        print_error(str(error))
        return EXIT_INVALID
    except Scala40Error as error:
        print_error(str(error))
        return EXIT_INVALID
    except KeyboardInterrupt:
        # Ctrl-C in any command: one line, no traceback, the shell's status for it.
        print(file=sys.stderr)
        print_error("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``scala40 rules | head -1``): stop quietly, as Python's own
        # documentation advises, pointing standard output at devnull so that the final
        # flush at exit can't fail again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_INVALID


def _command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` asks for: its first word that is not an option (the program's
    own options come before it)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)
