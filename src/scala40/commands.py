"""Commands of the ``scala40`` program, for the packages that add their own: the
:class:`Command` record a package names in its entry points, the errors and exit codes of
a command, and the argument types and options the library's own commands use.

The ``scala40`` command line runs its own commands and those that installed packages
declare in the entry-point group :data:`ENTRY_POINT_GROUP` (``scala40.commands``), each
entry point naming a :class:`Command` by its module and attribute, under the command's
name. In the package's ``pyproject.toml``::

    [project.entry-points."scala40.commands"]
    deal-stats = "scala40_stats.command:COMMAND"

A command's handler returns its exit code, or raises :class:`UsageError` (exit code 2)
or :class:`CommandError` (exit code 1), which ``scala40`` prints as one line beginning
``error:``, as it does any error of the library (:class:`~scala40.errors.Scala40Error`,
exit code 1). ``scala40 --help`` lists another package's command from its distribution's
metadata (:func:`declared_commands`), and ``scala40`` imports it only when it is run
(:func:`load_command`), saying in one line naming the package when it does not load. A
command whose name is one of the library's or the server's is left out, in one line that
says why (:mod:`scala40.cli.installed`).

>>> import argparse
>>> from scala40.commands import EXIT_OK, Command, add_game_option, chosen_game
>>> def run(args: argparse.Namespace) -> int:
...     game = chosen_game(args)
...     print(f"{game.title} plays {game.ruleset_type.DEFAULT_PRESET} by default")
...     return EXIT_OK
>>> standard = Command(
...     name="standard",
...     summary="the preset a game plays by default",
...     description="Name the ruleset preset a game plays when none is given.",
...     configure=add_game_option,
...     run=run,
... )
>>> parser = argparse.ArgumentParser(prog="scala40 standard")
>>> standard.configure(parser)
>>> standard.run(parser.parse_args(["--game", "skarney"]))
Skarney plays partnership by default
0
"""

from __future__ import annotations

import argparse
import json
import re
import warnings
from collections.abc import Callable, Collection, Iterable
from importlib.metadata import Distribution, EntryPoint, distributions, entry_points
from typing import Any

import attrs

from scala40 import cards as _cards
from scala40._moved import moved_attribute
from scala40.checks import describe
from scala40.errors import UnknownGameError
from scala40.game import DEFAULT_GAME, Game, game_names, load_game

__all__ = [
    "ENTRY_POINT_GROUP",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_QUIT",
    "EXIT_USAGE",
    "HELP_WIDTH",
    "ArgumentCheck",
    "Command",
    "CommandError",
    "DeclaredCommand",
    "LoadedCommands",
    "UsageError",
    "add_game_option",
    "chosen_game",
    "command_entry_points",
    "declared_commands",
    "error_text",
    "integer",
    "json_text",
    "load_command",
    "load_commands",
    "seconds",
    "shown_text",
]

ENTRY_POINT_GROUP = "scala40.commands"
"""The entry-point group in which a package declares the commands it adds to ``scala40``:
each entry point's name is the command's, its value the :class:`Command`
(``module:ATTRIBUTE``)."""

EXIT_OK = 0
"""Exit code when the command did what was asked."""
EXIT_INVALID = 1
"""Exit code when the cards are not what was asked (an invalid or ambiguous meld, or an
impossible hand)."""
EXIT_USAGE = 2
"""Exit code for a usage error (the code ``argparse`` uses too)."""
EXIT_QUIT = 3
"""Exit code when a game of ``play`` was left before its end (``quit`` or the end of the
input), saved first with ``--save``."""

EXIT_INTERRUPTED = 130
"""Exit code when Ctrl-C stopped a command (128 + SIGINT, as a shell reports it)."""

HELP_WIDTH = 79
"""The width the commands' descriptions are wrapped to."""


class UsageError(Exception):
    """The arguments parse but can't be used as given; :func:`~scala40.cli.main` prints it
    and exits with 2.

    Handlers raise it for usage errors that ``argparse`` can't see, such as
    ``--joker-as`` given with several melds.
    """


class CommandError(Exception):
    """A command could not do what was asked (exit code 1): a file that can't be read or
    written, a record that can't be replayed, a server that can't listen."""


ArgumentCheck = Callable[[argparse.Namespace], str | None]
"""A check of arguments taken together, run as they are parsed (a preset or a match
format of the chosen game): it returns what is wrong, or ``None``."""


@attrs.frozen
class Command:
    """One subcommand: its name, its help, its arguments and the handler that runs it.

    ``scala40`` gives it a parser of its own (``scala40 NAME``), on which ``configure``
    adds its arguments, and calls ``run`` with what they parse to."""

    name: str
    """The word that selects the subcommand (``scala40 NAME``)."""
    summary: str
    """One line for the list of subcommands in ``scala40 --help``."""
    description: str
    """The text at the top of ``scala40 NAME --help``."""
    configure: Callable[[argparse.ArgumentParser], None]
    """Adds the subcommand's arguments to its parser."""
    run: Callable[[argparse.Namespace], int]
    """Runs the subcommand with the parsed arguments and returns the exit code."""
    epilog: str = ""
    """Examples, shown at the end of ``scala40 NAME --help``."""
    check_arguments: ArgumentCheck | None = None
    """Checks the arguments together as they are parsed (a usage error, as ``argparse``'s
    own, when it returns what is wrong)."""


def json_text(value: object, encoding: str = "utf-8", *, compact: bool = False) -> str:
    """``value`` as JSON text that ``encoding`` always encodes, so that whatever text a
    caller sent comes back in valid output: its characters as themselves where they
    encode, else every character past ASCII escaped (``\\u00e9``, and a lone surrogate,
    which valid JSON may hold but no encoding writes, as its own ``\\ud800``), which
    every encoding writes and every JSON reader reads back to the same value.

    >>> from scala40.commands import json_text
    >>> print(json_text({"id": "é"}), json_text({"id": "é"}, "ascii"))
    {"id": "é"} {"id": "\\u00e9"}
    >>> print(json_text({"id": chr(0xD800)}, compact=True))
    {"id":"\\ud800"}
    """
    separators = (",", ":") if compact else None
    text = json.dumps(value, ensure_ascii=False, separators=separators)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True, separators=separators)
    return text


def integer(digits: int) -> Callable[[str], int]:
    """Argument type of a whole number of at most ``digits`` digits, in ASCII (``int``
    alone would take full-width digits, ``1_000`` and numbers of thousands of digits)."""

    def read(text: str) -> int:
        body = text.strip()
        number = body[1:] if body[:1] in ("-", "+") else body
        shown = text if len(text) <= 40 else text[:37] + "..."
        if not (number.isascii() and number.isdigit() and len(number) <= digits):
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at most {digits} digits, got {shown!r}"
            )
        if len(number) > 1 and number.startswith("0"):
            # One spelling a number: 00005 is not read as 5.
            raise argparse.ArgumentTypeError(
                f"expected a whole number written without leading zeros, got {shown!r}"
            )
        return int(body)

    return read


def seconds(text: str) -> float:
    """Argument type of a number of seconds: ASCII digits with at most one decimal point,
    at most 12 characters (``float`` alone would take ``nan``, ``inf``, ``1e400`` and
    full-width digits). Its range is the option's own to check.

    >>> from scala40.commands import seconds
    >>> seconds("0.25"), seconds("60")
    (0.25, 60.0)
    """
    body = text.strip()
    whole, _, fraction = body.partition(".")
    digits = whole + fraction
    if not (0 < len(body) <= 12 and digits and digits.isascii() and digits.isdigit()):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {shown!r}")
    return float(body)


def _game_name(text: str) -> str:
    """Argument type of ``--game``: a game's name or alias, in any case and with or
    without accents, checked."""
    try:
        return load_game(text).name
    except UnknownGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--game`` (the default game when it is not given)."""
    parser.add_argument(
        "--game",
        type=_game_name,
        metavar="GAME",
        help=f"the game ({', '.join(game_names())}; default: {DEFAULT_GAME})",
    )


def chosen_game(args: argparse.Namespace) -> Game:
    """The game ``--game`` names, or the default game."""
    given: str | None = getattr(args, "game", None)
    return load_game(given if given is not None else DEFAULT_GAME)


# ---------------------------------------------------------------- commands of other packages


@attrs.frozen
class LoadedCommands:
    """The commands the installed packages add, and one line for each left out."""

    commands: tuple[Command, ...]
    """The commands loaded, in the order of their entry points."""
    problems: tuple[str, ...]
    """Why each entry point left out was left out, one line each (its name, its value,
    the reason)."""


_MAX_SHOWN = 200
"""The most characters of a name, a value or an error that a problem's line quotes."""


def _shown(text: str, limit: int = _MAX_SHOWN) -> str:
    """``text`` on one line (control characters escaped) of at most ``limit``
    characters: a problem is one line whatever a package's metadata or error says."""
    if not text.isprintable():
        text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def command_entry_points() -> tuple[EntryPoint, ...]:
    """The entry points of :data:`ENTRY_POINT_GROUP` that the installed packages declare,
    sorted by name (then value), without loading any."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return tuple(sorted(found, key=lambda point: (point.name, point.value)))


def load_commands(points: Iterable[EntryPoint], reserved: Collection[str]) -> LoadedCommands:
    """Load the commands that ``points`` name; ``reserved`` are the names taken (the
    library's own commands). An entry point is left out, with one line in
    :attr:`LoadedCommands.problems`, when its name is reserved or taken by an entry point
    before it, when it fails to load (any exception its module raises), or when it names
    anything but a :class:`Command` of its own name.

    >>> from importlib.metadata import EntryPoint
    >>> from scala40.commands import ENTRY_POINT_GROUP, load_commands
    >>> def point(name: str, value: str) -> EntryPoint:
    ...     return EntryPoint(name, value, ENTRY_POINT_GROUP)
    >>> loaded = load_commands(
    ...     [point("check", "scala40.cli.check:COMMAND"), point("nothing", "scala40.nowhere:COMMAND")],
    ...     reserved={"check"},
    ... )
    >>> loaded.commands
    ()
    >>> for line in loaded.problems:
    ...     print(line)
    command 'check' (scala40.cli.check:COMMAND) left out: 'check' is a command of scala40
    command 'nothing' (scala40.nowhere:COMMAND) left out: it does not load: ModuleNotFoundError: No module named 'scala40.nowhere'
    """
    taken = set(reserved)
    commands: list[Command] = []
    problems: list[str] = []
    for point in points:
        name, value = str(point.name), str(point.value)
        head = f"command {_shown(repr(name))} ({_shown(value)}) left out: "
        if name in reserved:
            problems.append(f"{head}{_shown(repr(name))} is a command of scala40")
            continue
        if name in taken:
            problems.append(f"{head}another package's command has that name")
            continue
        try:
            found: object = point.load()
        except Exception as error:  # whatever a package's module raises as it loads
            problems.append(f"{head}it does not load: {error_text(error)}")
            continue
        if not isinstance(found, Command):
            problems.append(f"{head}it names {describe(found)}, not a scala40.commands.Command")
            continue
        if found.name != name:
            problems.append(f"{head}it names the command {describe(found.name)}")
            continue
        taken.add(name)
        commands.append(found)
    return LoadedCommands(tuple(commands), tuple(problems))


_MAX_NAME = 40
"""The longest name of another package's command."""

_COMMAND_NAME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{_MAX_NAME - 1}}}", re.ASCII)
"""The names another package's command may have: ASCII letters, digits, ``-``, ``_`` and
``.``, starting with a letter or a digit (never an option's ``-``), at most
:data:`_MAX_NAME` characters, so that a name lists and types as itself."""

_MAX_SUMMARY = 72
"""The most characters of a distribution's summary that ``scala40 --help`` lists."""


def shown_text(text: str, limit: int = _MAX_SHOWN) -> str:
    """``text`` as it may reach a terminal: on one line, its whitespace runs one space,
    every other character that is not printable (a control character, a terminal escape,
    a right-to-left override) escaped as Python writes it, at most ``limit`` characters.

    >>> from scala40.commands import shown_text
    >>> shown_text("red \\x1b[31m\\u202e text\\n" + "x" * 80, 30)
    'red \\\\x1b[31m\\\\u202e text xxx...'
    """
    return _shown(" ".join(text.split()), limit)


def _normalized(distribution: str) -> str:
    """A distribution's name as packaging compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


@attrs.frozen
class DeclaredCommand:
    """A command that an installed distribution declares in :data:`ENTRY_POINT_GROUP`,
    read from the distribution's metadata alone: nothing of it is imported
    (:func:`declared_commands`; :func:`load_command` imports it)."""

    name: str
    """The entry point's name: the command's word (``scala40 NAME``)."""
    value: str
    """What the entry point names: ``module:ATTRIBUTE``."""
    distribution: str
    """The distribution's name, as its metadata writes it (``""`` if it writes none)."""
    version: str
    """The distribution's version, as its metadata writes it."""
    summary: str
    """The distribution's one-line summary (its metadata's ``Summary``), as written."""

    @property
    def package(self) -> str:
        """The distribution's name and version as a line may show them (escaped,
        bounded): ``scala40-stats 1.2``."""
        return shown_text(
            f"{self.distribution or 'an unnamed package'} {self.version}".strip(), 80
        )

    @property
    def normalized_distribution(self) -> str:
        """The distribution's name as packaging compares names (``Scala40_Server`` is
        ``scala40-server``)."""
        return _normalized(self.distribution)

    @property
    def has_valid_name(self) -> bool:
        """Whether the command's name is one another package may use: ASCII letters,
        digits, ``-``, ``_`` and ``.``, starting with a letter or a digit, at most 40
        characters."""
        return _COMMAND_NAME.fullmatch(self.name) is not None

    @property
    def listed_summary(self) -> str:
        """What ``scala40 --help`` says of the command: the distribution's summary, escaped
        and bounded, and the distribution.

        >>> from scala40.commands import DeclaredCommand
        >>> DeclaredCommand("deal", "deal:COMMAND", "deal-stats", "1.0", "\\x1b[2Jdeals").listed_summary
        '\\\\x1b[2Jdeals (deal-stats 1.0)'
        """
        summary = shown_text(self.summary, _MAX_SUMMARY)
        return f"{summary} ({self.package})" if summary else f"a command of {self.package}"

    @property
    def described(self) -> str:
        """The command and its package, as a line names them: ``the command 'deal' of
        the package deal-stats 1.0``."""
        return f"the command {shown_text(repr(self.name), 60)} of the package {self.package}"

    def entry_point(self) -> EntryPoint:
        """The entry point that declares the command (its ``load()`` imports its
        module)."""
        return EntryPoint(self.name, self.value, ENTRY_POINT_GROUP)


def _first(distribution: Distribution, field: str) -> str:
    """The first value of ``field`` in a distribution's metadata, or ``""``."""
    values: list[Any] = distribution.metadata.get_all(field, [])
    return str(values[0]) if values else ""


def declared_commands() -> tuple[DeclaredCommand, ...]:
    """The commands that the installed distributions declare in :data:`ENTRY_POINT_GROUP`,
    sorted by name, then by distribution, read from their metadata without importing
    anything: for each name of a distribution, the first found on the path (as Python's
    own :func:`~importlib.metadata.entry_points`). A distribution whose metadata does not
    read (a malformed ``entry_points.txt``) declares none.

    >>> from scala40.commands import declared_commands
    >>> sorted((command.name, command.distribution) for command in declared_commands()
    ...        if command.name in ("serve", "web"))
    [('serve', 'scala40-server'), ('web', 'scala40-server')]
    """
    found: list[DeclaredCommand] = []
    seen: set[str] = set()
    for distribution in distributions():
        try:
            text = distribution.read_text("entry_points.txt")
            if not text or ENTRY_POINT_GROUP not in text:
                continue
            name = _first(distribution, "Name")
            if _normalized(name) in seen:
                continue
            seen.add(_normalized(name))
            version, summary = _first(distribution, "Version"), _first(distribution, "Summary")
            points = [
                point for point in distribution.entry_points if point.group == ENTRY_POINT_GROUP
            ]
            found.extend(
                DeclaredCommand(str(point.name), str(point.value), name, version, summary)
                for point in points
            )
        except Exception:  # one package's unreadable metadata (a malformed file) is its own
            continue
    return tuple(
        sorted(
            found,
            key=lambda command: (command.name, command.normalized_distribution, command.value),
        )
    )


def load_command(declared: DeclaredCommand) -> Command:
    """Import the command ``declared`` names: the one moment another package's code runs.

    Whatever its module does as it loads (raises any exception, exits) is said in one
    line naming the package; Ctrl-C (:class:`KeyboardInterrupt`) goes through, as it
    does in any command. A module that waits as it loads holds this call as long.

    :raises CommandError: the module does not load, or names anything but a
        :class:`Command` of the entry point's name.

    >>> from scala40.commands import DeclaredCommand, load_command
    >>> load_command(DeclaredCommand("web", "scala40_server.commands.web:COMMAND", "scala40-server", "", "")).name
    'web'
    >>> load_command(DeclaredCommand("deal", "scala40_deal:COMMAND", "scala40-deal", "1.0", ""))
    Traceback (most recent call last):
    ...
    scala40.commands.CommandError: the command 'deal' of the package scala40-deal 1.0 does not load: ModuleNotFoundError: No module named 'scala40_deal'
    """
    where = declared.described
    try:
        found: object = declared.entry_point().load()
    except KeyboardInterrupt:
        raise
    except SystemExit as exit_request:
        given = exit_request.code
        # Its repr only where it is a plain value: another class's repr is its code too.
        code = shown_text(repr(given), 60) if type(given) in (int, str, type(None)) else "given"
        raise CommandError(
            f"{where} does not load: its module exits as it loads (exit status {code})"
        ) from None
    except BaseException as error:  # whatever a package's module raises as it loads
        raise CommandError(f"{where} does not load: {error_text(error)}") from None
    if not isinstance(found, Command):
        raise CommandError(
            f"{where} does not load: it names {describe(found)}, not a scala40.commands.Command"
        )
    if found.name != declared.name:
        raise CommandError(f"{where} does not load: it names the command {describe(found.name)}")
    return found


def error_text(error: BaseException) -> str:
    """An exception that another package's code raised, in one line: its type and its
    text, escaped and bounded.

    >>> from scala40.commands import error_text
    >>> error_text(RuntimeError("two\\nlines"))
    'RuntimeError: two\\\\nlines'
    """
    try:
        said = str(error)
    except KeyboardInterrupt:
        raise
    except BaseException:  # an error whose own text fails (or exits)
        said = ""
    return _shown(f"{type(error).__name__}: {said}" if said else type(error).__name__)


_CARD_WORDS = {"card_name": "format_card", "card_names": "format_cards"}
"""The card words this module gave until 0.6 and the functions of :mod:`scala40.cards`
that write cards the same way (``unicode`` given by keyword)."""
_MOVED_WORDS = {"missing_cards": "scala40.texts", "shown_cards": "scala40.texts"}
"""The command line's words for cards this module gave until 0.6, and their module now."""


def __getattr__(name: str) -> object:
    """The card words that left this module in 0.6, each warning, for one release."""
    new = _CARD_WORDS.get(name)
    if new is None:
        return moved_attribute(__name__, name, _MOVED_WORDS)
    warnings.warn(
        f"{__name__}.{name} is deprecated and goes in the next release: "
        f"use scala40.cards.{new}(..., unicode=...)",
        DeprecationWarning,
        stacklevel=2,
    )
    written = getattr(_cards, new)

    def words(cards: Any, unicode: bool) -> str:
        value: str = written(cards, unicode=unicode)
        return value

    return words
