"""What the commands of :mod:`scala40.cli` share beyond the public interface of a command
(:mod:`scala40.commands`: the :class:`~scala40.commands.Command` record, its errors and
exit codes): the parser, the options that choose a game's rules, players and match
format, game records, and the words of their reports.

The commands reach a game only through :func:`~scala40.game.load_game` and its
:class:`~scala40.game.Game` record: none of them names a game.

>>> from scala40.cli.common import option_setting
>>> option_setting("jokers=2"), option_setting("split_sequences=true")
(('jokers', 2), ('split_sequences', True))
"""

from __future__ import annotations

import argparse
import difflib
import enum
import json
import sys
import typing
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from scala40.cards import (
    CARD_NAMES,
    Card,
    Deck,
)
from scala40.checks import describe
from scala40.commands import (
    EXIT_USAGE,
    ArgumentCheck,
    CommandError,
    UsageError,
    add_game_option,
    chosen_game,
    integer,
    json_text,
)
from scala40.errors import InvalidPositionError, InvalidRulesetError
from scala40.game import Game, game_names, load_game, position_from_text
from scala40.notation import position_head
from scala40.records import GameRecord
from scala40.texts import missing_cards

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_RECORD_BYTES",
    "Parser",
    "add_color_option",
    "add_game_options",
    "add_json_option",
    "add_number_option",
    "add_position_argument",
    "add_report_options",
    "add_rules_option",
    "add_unicode_option",
    "check_match",
    "check_players",
    "check_preset",
    "deck_excess",
    "default_players",
    "game_rules",
    "games_line",
    "load_game_record",
    "load_record",
    "one_line",
    "option_setting",
    "option_text",
    "pack_words",
    "player_label",
    "plural",
    "preset_name",
    "preset_rules",
    "print_error",
    "print_json",
    "read_position",
    "standard_input_lines",
    "unknown_preset",
]


def one_line(message: str) -> str:
    """``message`` with its control characters (line breaks from a crafted argument, say)
    escaped: an error is always one line.

    >>> from scala40.cli.common import one_line
    >>> one_line("two\\nlines")
    'two\\\\nlines'
    """
    if message.isprintable():
        return message
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)


def print_json(value: object) -> None:
    """Print ``value`` as one line of JSON on standard output, in a form its encoding
    writes (:func:`~scala40.commands.json_text`)."""
    print(json_text(value, getattr(sys.stdout, "encoding", None) or "utf-8"))


def print_error(message: str) -> None:
    """Print ``message`` as the one line of an error on standard error."""
    print(f"error: {one_line(message)}", file=sys.stderr)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error, and which
    runs its command's :data:`~scala40.commands.ArgumentCheck` once its arguments are parsed, so that an
    argument wrong for the chosen game is a parse error as any other."""

    check_arguments: ArgumentCheck | None = None

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"error: {one_line(message)} (see '{self.prog} --help')\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if self.check_arguments is not None:
            problem = self.check_arguments(parsed)
            if problem is not None:
                self.error(problem)
        return parsed, extras


MAX_INPUT_BYTES = 1 << 20
"""The most bytes a command reads from standard input in place of its arguments (``-``):
a batch far larger goes through the commands' ``--jsonl`` mode, read line by line."""


def standard_input_lines(what: str) -> list[str]:
    """The lines of standard input that are not blank, each stripped: what ``-`` in place
    of a command's arguments stands for (``what`` names them in the errors).

    :raises UsageError: standard input holds more than :data:`MAX_INPUT_BYTES` bytes.
    :raises CommandError: it is not text (UTF-8), or cannot be read.
    """
    stream: Any = getattr(sys.stdin, "buffer", sys.stdin)
    try:
        data = stream.read(MAX_INPUT_BYTES + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"standard input could not be read: {describe(str(error))}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(
            f"standard input holds more than {MAX_INPUT_BYTES} bytes of {what}; "
            "--jsonl reads a batch of any length line by line"
        )
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CommandError(f"standard input is not text (UTF-8): no {what} read") from None
    return [line.strip() for line in data.splitlines() if line.strip()]


def add_position_argument(
    parser: argparse.ArgumentParser,
    what: str = "a position's text (state.to_text(), or a seat's view.to_text()), quoted",
) -> None:
    """Add the argument ``POSITION``: ``what`` it takes (a state's or a view's text), or
    ``-`` for one line of standard input (:func:`read_position`)."""
    parser.add_argument(
        "position", metavar="POSITION", help=f"{what}; - reads it from standard input"
    )


def read_position(text: str) -> tuple[str, int | None, Any]:
    """The game a ``POSITION`` argument names, the seat whose view it is (``None``: a
    whole state) and the position (``-``: the one line of standard input).

    :raises UsageError: standard input holds another count of lines, or the text is no
        position's text.
    """
    if text == "-":
        lines = standard_input_lines("position")
        if len(lines) != 1:
            raise UsageError(f"standard input must hold one position, one line; got {len(lines)}")
        text = lines[0]
    try:
        found = position_from_text(text)
    except InvalidPositionError as error:
        raise UsageError(f"POSITION: {error}") from None
    return (*position_head(text), found)


def add_number_option(
    parser: argparse.ArgumentParser,
    flag: str,
    digits: int,
    help_text: str,
    default: int | None = None,
) -> None:
    """Add option ``flag``, a whole number ``N`` of at most ``digits`` digits."""
    parser.add_argument(flag, type=integer(digits), default=default, metavar="N", help=help_text)


def add_unicode_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--unicode``: suits printed as symbols."""
    parser.add_argument(
        "--unicode",
        action="store_true",
        help="print suits as symbols (♠ ♥ ♦ ♣); a Spanish pack's cards as their "
        "Spanish names (espadas, copas, oros, bastos)",
    )


def deck_excess(
    cards: Sequence[Card],
    in_deck: Mapping[Card, int],
    preset: str,
    holder: str,
    rules: Any = None,
    game: Game | None = None,
) -> str | None:
    """Why ``cards`` can't be held together (C-DECK, C-IDENTITY): more copies of a card
    than ``in_deck`` (the deck of ``preset``, each card's copies) has, in words that
    begin with ``holder`` (what holds them); ``None`` if they can. A card the deck lacks
    is named as a player would (:func:`~scala40.texts.missing_cards`) when ``rules`` and ``game`` are
    given.

    >>> from scala40.cli.common import deck_excess
    >>> deck_excess((5, 5, 5), {5: 2}, "official", "the hand holds ")
    "the hand holds 3 copies of 6S, but the deck of 'official' has 2"
    """
    absent = sorted({card for card in cards if not in_deck.get(card, 0)})
    if absent and rules is not None and game is not None:
        return missing_cards(absent, rules, game)
    for card, count in sorted(Counter(cards).items()):
        have = in_deck.get(card, 0)
        if count > have:
            if not have:
                return f"the deck of {preset!r} has no {CARD_NAMES[card]}"
            return (
                f"{holder}{count} copies of {CARD_NAMES[card]}, "
                f"but the deck of {preset!r} has {have}"
            )
    return None


def pack_words(deck: Deck) -> str:
    """A deck as a player names it: its size and its pack.

    >>> from scala40 import french_deck, spanish_deck
    >>> from scala40.cli.common import pack_words
    >>> pack_words(spanish_deck()), pack_words(french_deck())
    ('the 40-card Spanish pack', 'the 108-card French pack')
    """
    return deck.title


def add_color_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--color``: red hearts and diamonds (and errors) on a terminal."""
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="colour the red suits: auto (the default: on a terminal, unless NO_COLOR is "
        "set), always or never",
    )


def option_text(value: object) -> str:
    """An option value as the command line shows it (enums by their string value)."""
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def option_setting(text: str) -> tuple[str, Any]:
    """Argument type of ``--option``: ``NAME=VALUE``, the value read as a number, a word
    (true, false, none) or text."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip().isidentifier():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    words: dict[str, Any] = {"true": True, "false": False, "none": None}
    raw = value.strip()
    parsed: Any = words.get(raw.lower(), raw)
    if parsed is raw and len(raw) <= 20 and raw.lstrip("-").isdigit() and raw.isascii():
        parsed = int(raw)
    return name.strip(), parsed


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, in the plural unless there is one: ``1 move``, ``2 cards``.

    >>> from scala40.cli.common import plural
    >>> plural(1, "move"), plural(0, "card"), plural(2, "match")
    ('1 move', '0 cards', '2 matches')
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}es" if noun.endswith(("s", "ch", "sh", "x")) else f"{count} {noun}s"


def player_label(player: int, names: Sequence[str]) -> str:
    """A seat as the game commands print it: ``P1 (greedy)``."""
    return f"P{player} ({names[player]})"


# ---------------------------------------------------------------- choosing a game


def games_line() -> str:
    """The games, by title and name, for help texts: ``Scala 40 (scala40), ...``."""
    return ", ".join(f"{load_game(name).title} ({name})" for name in game_names())


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--json``: the command's report as one JSON object on standard output."""
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the report as one JSON object instead of text (the exit code is the same)",
    )


def add_report_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of the commands that report on cards of a game (``check``,
    ``hand``, ``replay``): ``--unicode``, ``--color``, ``--game`` and ``--json``."""
    add_unicode_option(parser)
    add_color_option(parser)
    add_game_option(parser)
    add_json_option(parser)


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules PRESET``, a preset of the chosen game (checked once it is known)."""
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        help="the ruleset preset (default: the game's standard rules; "
        "'scala40 rules --game GAME' lists them)",
    )


def check_preset(args: argparse.Namespace) -> str | None:
    """The :data:`~scala40.commands.ArgumentCheck` of ``--rules`` in the commands where an unknown preset
    is an error of the argument (``check``, ``hand``)."""
    if args.rules is None:
        return None
    ruleset_type = chosen_game(args).ruleset_type
    if args.rules in ruleset_type.presets():
        return None
    return f"argument --rules: {unknown_preset(args.rules, chosen_game(args))}"


def preset_rules(args: argparse.Namespace, game: Game) -> tuple[str, Any]:
    """The preset ``--rules`` names in ``game`` (its standard rules if none) and its
    ruleset (the name checked by :func:`check_preset`)."""
    ruleset_type = game.ruleset_type
    name: str = args.rules if args.rules is not None else ruleset_type.DEFAULT_PRESET
    return name, ruleset_type.preset(preset_name(name, game))


def add_game_options(parser: argparse.ArgumentParser, players_default: int | None) -> None:
    """Add the options of the commands that play games: the game, its rules, the match
    format, the players."""
    add_game_option(parser)
    add_rules_option(parser)
    parser.add_argument(
        "--option",
        action="append",
        type=option_setting,
        default=[],
        metavar="NAME=VALUE",
        help="change one option of the ruleset (repeat for several); "
        "'scala40 rules PRESET' lists the options",
    )
    parser.add_argument(
        "--match",
        metavar="FORMAT",
        help="for a game with match formats, how hands make a match instead of the preset's "
        "(Scala 40: elimination, reentry, no-elimination, or single: one hand, the closer "
        "wins)",
    )
    add_number_option(
        parser,
        "--players",
        3,
        "number of players"
        + (
            " (default: the game's usual number under the rules, or one seat for you and "
            "one for each bot given)"
            if players_default
            else " (default: one per bot, or the game's usual number when the rules take "
            "more; the bots take the seats in turn)"
        ),
        players_default,
    )


def preset_name(text: str, game: Game) -> str:
    """``text`` if it names a preset of ``game``, else a usage error listing them (and
    naming the games that have such a preset: ``singles`` is Skarney's)."""
    if text not in game.ruleset_type.presets():
        raise UsageError(unknown_preset(text, game))
    return text


def unknown_preset(text: str, game: Game) -> str:
    """What to say of ``text``, no preset of ``game``: the presets, a near spelling, and
    the other games that have a preset of that name."""
    names = game.ruleset_type.preset_names()
    message = f"no preset named {text!r} in {game.title}; presets: {', '.join(names)}"
    close = difflib.get_close_matches(text, names, n=1)
    if close:
        message += f"; did you mean {close[0]!r}?"
    elsewhere = [
        other
        for other in game_names()
        if other != game.name and text in load_game(other).ruleset_type.presets()
    ]
    if elsewhere:
        message += f" ({text!r} is a preset of --game {' and --game '.join(elsewhere)})"
    return message


def _match_formats(rules: Any) -> tuple[str, ...] | None:
    """The names of the match formats of ``rules`` (its ``match_format`` option's
    values), or ``None`` for a game without them."""
    if "match_format" not in rules.option_names():
        return None
    kind = typing.get_type_hints(type(rules)).get("match_format")
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return tuple(str(member.value) for member in kind)
    return ()


def game_rules(args: argparse.Namespace, game: Game) -> Any:
    """The ruleset of ``--rules``, ``--match`` and ``--option`` in ``game``."""
    name = args.rules if args.rules is not None else game.ruleset_type.DEFAULT_PRESET
    rules = game.ruleset_type.preset(preset_name(name, game))
    if args.match is not None:
        if _match_formats(rules) is None:
            raise UsageError(f"--match: {game.title} has no match formats")
        try:
            rules = rules.with_match_format(args.match)
        except InvalidRulesetError as error:
            raise UsageError(f"--match: {error}") from None
    if args.option:
        try:
            rules = rules.replace(**dict(args.option))
        except InvalidRulesetError as error:
            raise UsageError(f"--option: {error}") from None
    return rules


def check_match(args: argparse.Namespace) -> str | None:
    """The :data:`~scala40.commands.ArgumentCheck` of ``--match``: a match format of the chosen game (a game
    without any is told at run time, with the rest of its rules)."""
    if args.match is None:
        return None
    formats = _match_formats(chosen_game(args).ruleset_type.default())
    if not formats or args.match in formats:
        return None
    return f"argument --match: no match format named {args.match!r}; formats: {', '.join(formats)}"


def default_players(game: Game, rules: Any) -> int:
    """The number of players when none is given: the game's usual number, brought within
    what ``rules`` allow (Skarney's partnership rules need 4)."""
    return int(min(max(game.default_players, rules.min_players), rules.max_players))


def check_players(players: int, rules: Any, game: Game) -> None:
    """A usage error unless ``rules`` take ``players`` players; it names the presets of
    ``game`` that do (``--rules singles`` for Skarney with 3 players)."""
    low, high = rules.min_players, rules.max_players
    if low <= players <= high:
        return
    allowed = "exactly " + str(low) if low == high else f"from {low} to {high}"
    message = f"--players: these rules take {allowed} players, got {players}"
    fitting = [
        name
        for name, preset in game.ruleset_type.presets().items()
        if preset.min_players <= players <= preset.max_players
    ]
    if fitting:
        message += f"; {' or '.join('--rules ' + name for name in fitting)} allows {players}"
    raise UsageError(message)


# ---------------------------------------------------------------- game records

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest game record file ``replay`` and ``play --load`` read."""


def load_record(path: str) -> GameRecord:
    """The game record saved as JSON in ``path``, checked."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise CommandError(
            f"{path} is larger than a game record may be ({MAX_RECORD_BYTES} bytes)"
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        # ValueError: bad JSON, bad UTF-8, or a number of thousands of digits.
        raise CommandError(f"{path} is not a JSON game record: {describe(error, 200)}") from None
    return GameRecord.from_dict(data)


def load_game_record(path: str, game: str | None) -> tuple[GameRecord, Game]:
    """The game record saved as JSON in ``path`` and its game, checked to be ``game``
    (the ``--game`` given, if any)."""
    record = load_record(path)
    recorded = load_game(record.game)
    if game is not None and game != recorded.name:
        raise CommandError(f"{path} is a record of {recorded.title}, not of {game}")
    return record, recorded
