"""The ``scala40`` command line: check melds, value hands, list the rulesets, play against
bots, run tournaments between bots and replay saved games.

Run it as ``scala40`` or ``python -m scala40``; :func:`main` is the same program for
Python code and tests. Every subcommand is a :class:`Command`: a name, a function that adds
its arguments to its parser and a handler that runs it and returns the exit code. New
subcommands are added to :data:`COMMANDS`; :func:`build_parser` builds the whole parser
from them.

Exit codes: 0 when all went well, 1 when the cards are not what was asked (an invalid or
ambiguous meld, an impossible hand) or a game command failed (a game record that can't be
read or replayed, a file that can't be written), 2 for a usage error (unknown option,
preset or bot, bad card text), 3 when a game of ``play`` was left before its end (``quit``,
the end of the input, or Ctrl-C; with ``--save``, the game is saved first). Errors are one
line on standard error, starting with ``error:``.

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
import csv
import enum
import json
import os
import random
import re
import secrets
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

import attrs

from scala40 import __version__
from scala40._checks import describe
from scala40.bots import Bot, bot_factories, bot_name, make_bot
from scala40.cards import CARD_NAMES, CARD_SYMBOLS, Card, as_card, parse_cards
from scala40.errors import (
    AmbiguousMeldError,
    IllegalMoveError,
    InvalidBotSpecError,
    InvalidCardError,
    InvalidMeldError,
    InvalidMoveError,
    InvalidRulesetError,
    Scala40Error,
    UnknownGameError,
)
from scala40.game import Game, game_names, load_game
from scala40.games.scala40.rules import (
    PRESETS,
    MatchFormat,
    Ruleset,
    hand_value,
    rules_for_match,
)
from scala40.games.scala40.text import meld_text
from scala40.melds import Extension, Meld, MeldEnd, MeldKind, check_meld, meld_interpretations
from scala40.records import GameRecord
from scala40.tournament import (
    DEFAULT_MAX_ACTIONS,
    MAX_GAMES,
    MAX_SEED_DIGITS,
    MAX_WORKERS,
    GameResult,
    TournamentResult,
    rules_label,
    run_tournament,
)

__all__ = [
    "COMMANDS",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_QUIT",
    "EXIT_USAGE",
    "Command",
    "UsageError",
    "build_parser",
    "main",
]

EXIT_OK = 0
"""Exit code when the command did what was asked."""
EXIT_INVALID = 1
"""Exit code when the cards are not what was asked (an invalid or ambiguous meld, or an
impossible hand)."""
EXIT_USAGE = 2
"""Exit code for a usage error (the code ``argparse`` uses too)."""
EXIT_QUIT = 3
"""Exit code when a game of ``play`` was left before its end (``quit``, the end of the
input, or Ctrl-C), saved first with ``--save``."""

# The separators of the card notation (C-NOTATION); a token may also be ``JK=10C``.
_SEPARATORS = re.compile(r"[\s,;\-]+")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_RANK_PLURALS = (
    "", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings",
)  # fmt: skip
_HELP_WIDTH = 79
_END_WORDS = {MeldEnd.LOW: " at the low end", MeldEnd.HIGH: " at the high end", MeldEnd.SET: ""}


class UsageError(Exception):
    """The arguments parse but can't be used as given; :func:`main` prints it and exits with 2.

    Handlers raise it for usage errors that ``argparse`` can't see, such as
    ``--joker-as`` given with several melds.
    """


@attrs.frozen
class Command:
    """One subcommand: its name, its help, its arguments and the handler that runs it."""

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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"error: {_one_line(message)} (see '{self.prog} --help')\n")


def _scala40_preset(text: str) -> str:
    """Argument type of a Scala 40 preset name (``check``, ``hand``): the name, checked."""
    if text not in PRESETS:
        raise argparse.ArgumentTypeError(
            f"no preset named {text!r}; presets: {', '.join(PRESETS)}"
        )
    return text


def _card_list(text: str) -> tuple[Card, ...]:
    """Argument type of ``--joker-as``: one or more cards."""
    try:
        cards = parse_cards(text)
    except InvalidCardError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not cards:
        raise argparse.ArgumentTypeError("expected a card, got nothing")
    return cards


def _integer(digits: int) -> Callable[[str], int]:
    """Argument type of a whole number of at most ``digits`` digits, in ASCII (``int``
    alone would take full-width digits, ``1_000`` and numbers of thousands of digits)."""

    def integer(text: str) -> int:
        body = text.strip()
        number = body[1:] if body[:1] in ("-", "+") else body
        if not (number.isascii() and number.isdigit() and len(number) <= digits):
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at most {digits} digits, got {shown!r}"
            )
        return int(body)

    return integer


def _one_line(message: str) -> str:
    """``message`` with its control characters (line breaks from a crafted argument, say)
    escaped: an error is always one line."""
    if message.isprintable():
        return message
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)


def _print_error(message: str) -> None:
    print(f"error: {_one_line(message)}", file=sys.stderr)


def _name(card: Card, unicode: bool) -> str:
    return (CARD_SYMBOLS if unicode else CARD_NAMES)[card]


def _names(cards: Sequence[Card], unicode: bool) -> str:
    return " ".join(_name(card, unicode) for card in cards)


def _option_text(value: object) -> str:
    """An option value as the command line shows it (enums by their string value)."""
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


# ---------------------------------------------------------------- check


def _configure_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "melds",
        nargs="+",
        metavar="MELD",
        help='the cards of one meld, quoted, e.g. "JK 9C 8C"; write JK=10C to say which card '
        "a joker stands for",
    )
    parser.add_argument(
        "--rules",
        type=_scala40_preset,
        default="official",
        metavar="PRESET",
        help=f"the ruleset preset ({', '.join(PRESETS)}; default: official)",
    )
    parser.add_argument(
        "--joker-as",
        type=_card_list,
        metavar="CARD",
        help="the card the joker stands for, when a single meld is given",
    )
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")


def _parse_meld_text(text: str, rules: Ruleset) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards of a meld and the cards its jokers stand for (written ``JK=10C``)."""
    cards: list[Card] = []
    stands_for: list[Card] = []
    tokens = [token for token in _SEPARATORS.split(text) if token]
    for position, token in enumerate(tokens, 1):
        card_text, equals, target_text = token.partition("=")
        card = as_card(card_text, position)
        cards.append(card)
        if equals:
            if not rules.meld_rules.is_wild(card):
                raise UsageError(f"{token}: only a joker can stand for another card")
            stands_for.append(as_card(target_text, position))
    return tuple(cards), tuple(stands_for)


def _extension_text(extension: Extension, unicode: bool) -> str:
    text = _name(extension.card, unicode)
    if extension.card != extension.represents:
        text += " as " + _name(extension.represents, unicode)
    return text + _END_WORDS[extension.end]


def _kind_text(meld: Meld) -> str:
    if meld.kind is MeldKind.SET:
        return f"set of {_RANK_PLURALS[meld.rank]}"
    return f"sequence of {_SUIT_WORDS[meld.suit]}"


def _print_meld(meld: Meld, cards: tuple[Card, ...], rules: Ruleset, unicode: bool) -> None:
    print(f"  {_kind_text(meld)}: {meld_text(meld, unicode)}")
    for index in meld.wild_positions:
        joker, stands_for = meld.cards[index], meld.represented[index]
        print(f"  joker: {_name(joker, unicode)} stands for {_name(stands_for, unicode)}")
    print(f"  value: {meld.value}")
    others = [other for other in meld_interpretations(cards, rules) if other != meld]
    if others:
        print("  other readings:")
        for other in others:
            print(f"    {meld_text(other, unicode)} (value {other.value})")
    extensions = meld.extensions()
    if extensions:
        ways = ", ".join(_extension_text(extension, unicode) for extension in extensions)
        print(f"  extended by: {ways}")
    else:
        print("  extended by: nothing, the meld is complete")
    for index, natural in meld.joker_swaps():
        wild_name = _name(meld.cards[index], unicode)
        print(f"  joker swap: {_name(natural, unicode)} takes the place of {wild_name}")


def _run_check(args: argparse.Namespace) -> int:
    rules = Ruleset.preset(args.rules)
    unicode: bool = args.unicode
    joker_as: tuple[Card, ...] | None = args.joker_as
    meld_texts: list[str] = args.melds
    if joker_as is not None and len(meld_texts) > 1:
        raise UsageError("--joker-as applies to a single meld; write JK=CARD in the meld instead")
    parsed: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    for number, text in enumerate(meld_texts, 1):
        try:
            cards, stands_for = _parse_meld_text(text, rules)
        except (InvalidCardError, UsageError) as error:
            raise UsageError(f"meld {number}: {error}") from None
        if stands_for and joker_as is not None:
            raise UsageError("give --joker-as or JK=CARD in the meld, not both")
        parsed.append((cards, stands_for))

    errors: list[str] = []
    melds: list[Meld] = []
    for number, (cards, stands_for) in enumerate(parsed, 1):
        if number > 1:
            print()
        print(f"meld {number}: {_names(cards, unicode)}")
        wanted = joker_as if joker_as is not None else (stands_for or None)
        try:
            meld = check_meld(cards, rules, joker_as=wanted)
        except AmbiguousMeldError as error:
            print(f"  ambiguous: {len(error.readings)} readings")
            for reading in meld_interpretations(cards, rules):
                print(f"    {meld_text(reading, unicode)} (value {reading.value})")
            how = "with --joker-as CARD" if len(parsed) == 1 else "by writing JK=CARD in the meld"
            errors.append(
                f"meld {number}: {_names(cards, False)} has {len(error.readings)} readings; "
                f"say which card the joker stands for {how}"
            )
            continue
        except InvalidMeldError as error:
            print("  not a meld")
            errors.append(f"meld {number}: {error}")
            continue
        melds.append(meld)
        _print_meld(meld, cards, rules, unicode)

    if errors:
        for message in errors:
            _print_error(message)
        return EXIT_INVALID
    print()
    total = sum(meld.value for meld in melds)
    if len(melds) > 1:
        print(f"total value: {total}")
    threshold = rules.opening_threshold
    verdict = "reaches" if total >= threshold else "is below"
    print(f"opening: {total} {verdict} the opening threshold of {threshold} (S40-OPEN)")
    return EXIT_OK


# ---------------------------------------------------------------- hand


def _configure_hand(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", metavar="CARDS", help='the cards left in hand, quoted: "AS KH JK"'
    )
    parser.add_argument(
        "--rules",
        type=_scala40_preset,
        default="official",
        metavar="PRESET",
        help=f"the ruleset preset ({', '.join(PRESETS)}; default: official)",
    )
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")


def _run_hand(args: argparse.Namespace) -> int:
    rules = Ruleset.preset(args.rules)
    try:
        cards = parse_cards(args.cards)
    except InvalidCardError as error:
        raise UsageError(str(error)) from None
    print(f"hand: {_names(cards, args.unicode) or 'no cards'}")
    # C-DECK, C-IDENTITY: a hand can't hold more copies of a card than the deck has.
    in_deck = rules.deck.counts()
    for card, count in sorted(Counter(cards).items()):
        if count > in_deck[card]:
            _print_error(
                f"the hand holds {count} copies of {CARD_NAMES[card]}, "
                f"but the deck of {args.rules!r} has {in_deck[card]}"
            )
            return EXIT_INVALID
    print(f"value: {hand_value(cards, rules)}")
    return EXIT_OK


# ---------------------------------------------------------------- rules


def _configure_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "preset",
        nargs="?",
        metavar="PRESET",
        help="list every option of this preset; without it, list the presets",
    )
    _add_game_option(parser)


def _run_rules(args: argparse.Namespace) -> int:
    game = _game(args)
    ruleset_type = game.ruleset_type
    standard_name = ruleset_type.DEFAULT_PRESET
    standard = ruleset_type.default()
    if args.preset is None:
        if game.name != "scala40":
            print(f"{game.title}: {game.summary}")
            print()
        for number, (preset, rules) in enumerate(ruleset_type.presets().items()):
            if number:
                print()
            differences = rules.differences(standard)
            if not differences:
                print(f"{preset}: every option at its default")
                continue
            print(f"{preset}: differs from {standard_name} in")
            rows = [
                (option, _option_text(value), ruleset_type.option_rule(option))
                for option, (value, _) in differences.items()
            ]
            option_width = max(len(option) for option, _, _ in rows)
            value_width = max(len(value_text) for _, value_text, _ in rows)
            for option, value_text, rule in rows:
                print(f"  {option:<{option_width}}  {value_text:<{value_width}}  ({rule})")
        print()
        print(f"Run '{_rules_command(game)}' to list every option of a preset.")
        return EXIT_OK
    name: str = _preset_name(args.preset, game)
    options: dict[str, Any] = ruleset_type.preset(name).options()
    rows = [("option", "value", "rule")] + [
        (option, _option_text(options[option]), ruleset_type.option_rule(option))
        for option in ruleset_type.option_names()
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    print(f"preset: {name}")
    for index, (option, value_text, rule) in enumerate(rows):
        line = f"{option:<{widths[0]}}  {value_text:<{widths[1]}}  {rule:<{widths[2]}}"
        default = getattr(standard, option) if index else None
        if index and options[option] != default:
            line += f"  ({standard_name}: {_option_text(default)})"
        print(line.rstrip())
    return EXIT_OK


def _rules_command(game: Game) -> str:
    # --game is an option of the subcommand: it comes after it.
    return "scala40 rules PRESET" + ("" if game.name == "scala40" else f" --game {game.name}")


# ---------------------------------------------------------------- shared by the game commands


def _game_name(text: str) -> str:
    """Argument type of ``--game``: a game's name, checked."""
    try:
        return load_game(text).name
    except UnknownGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        type=_game_name,
        default="scala40",
        metavar="GAME",
        help=f"the game ({', '.join(game_names())}; default: scala40)",
    )


def _game(args: argparse.Namespace) -> Game:
    return load_game(getattr(args, "game", "scala40"))


def _match_format(text: str) -> str:
    """Argument type of ``--match``: a match format, checked."""
    known = [fmt.value for fmt in MatchFormat]
    if text not in known:
        raise argparse.ArgumentTypeError(
            f"no match format named {text!r}; formats: {', '.join(known)}"
        )
    return text


def _option_setting(text: str) -> tuple[str, Any]:
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


def _add_game_options(parser: argparse.ArgumentParser, players_default: int | None) -> None:
    _add_game_option(parser)
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        help="the ruleset preset (default: the game's standard rules; "
        "'scala40 rules --game GAME' lists them)",
    )
    parser.add_argument(
        "--option",
        action="append",
        type=_option_setting,
        default=[],
        metavar="NAME=VALUE",
        help="change one option of the ruleset (repeat for several); "
        "'scala40 rules PRESET' lists the options",
    )
    parser.add_argument(
        "--match",
        type=_match_format,
        metavar="FORMAT",
        help="Scala 40: how hands make a match, instead of the preset's: elimination, "
        "reentry, no-elimination, or single (one hand; the closer wins)",
    )
    parser.add_argument(
        "--players",
        type=_integer(3),
        default=players_default,
        metavar="N",
        help="number of players"
        + (
            " (default: the game's usual number)" if players_default else " (default: one per bot)"
        ),
    )


def _preset_name(text: str, game: Game) -> str:
    if text not in game.ruleset_type.presets():
        raise UsageError(
            f"no preset named {text!r} in {game.title}; presets: "
            f"{', '.join(game.ruleset_type.preset_names())}"
        )
    return text


def _game_rules(args: argparse.Namespace, game: Game) -> Any:
    name = args.rules if args.rules is not None else game.ruleset_type.DEFAULT_PRESET
    rules = game.ruleset_type.preset(_preset_name(name, game))
    if args.match is not None:
        if not isinstance(rules, Ruleset):
            raise UsageError(f"--match is a Scala 40 option; {game.title} has no match formats")
        rules = rules_for_match(rules, args.match)
    if args.option:
        try:
            rules = rules.replace(**dict(args.option))
        except InvalidRulesetError as error:
            raise UsageError(f"--option: {error}") from None
    return rules


def _check_players(players: int, rules: Any) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise UsageError(
            f"--players must be from {rules.min_players} to {rules.max_players} under these "
            f"rules, got {players}"
        )


def _player_label(player: int, names: Sequence[str]) -> str:
    return f"P{player} ({names[player]})"


# ---------------------------------------------------------------- play

_PLAY_COMMANDS = """\
  moves                 list the legal moves, numbered; type a number to play one
  hint                  what the greedy bot would play
  board                 show the table again
  help                  this help
  quit                  leave the game (with --save, the game is saved to resume later)"""


def _play_help(game: Game) -> str:
    return (
        "Enter a move in the notation of the library, or a command:\n"
        + game.text.move_help
        + "\n"
        + _PLAY_COMMANDS
    )


def _configure_play(parser: argparse.ArgumentParser) -> None:
    _add_game_options(parser, players_default=-1)
    parser.add_argument(
        "--seed",
        type=_integer(MAX_SEED_DIGITS),
        metavar="N",
        help="the seed of the deal (default: a random one, printed at the start)",
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        metavar="BOT",
        help="the bots in the other seats: one for all of them, or one per seat "
        "(random, greedy, montecarlo, playout; options as in montecarlo:playouts=50; "
        "default: greedy, or with --load the bots of the saved game)",
    )
    parser.add_argument(
        "--seat",
        type=_integer(3),
        metavar="N",
        help="your seat, from 0 (default: 0, or with --load your seat in the saved game)",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="save the game record as JSON to FILE when the game ends or you leave it",
    )
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="resume a game saved with --save: its game, rules, players, seed and moves come "
        "from FILE",
    )
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")


def _seat_specs(specs: Sequence[str], players: int, seat: int) -> dict[int, str]:
    """The bot named for each other seat: one for all of them, or one each."""
    others = [player for player in range(players) if player != seat]
    if len(specs) not in (1, len(others)):
        raise UsageError(
            f"--bots takes one bot for every other seat or one per seat ({len(others)}), "
            f"got {len(specs)}"
        )
    chosen = list(specs) * len(others) if len(specs) == 1 else list(specs)
    return dict(zip(others, chosen))


def _seat_bots(specs: dict[int, str], game: Game) -> dict[int, Bot]:
    try:
        return {player: make_bot(spec, game) for player, spec in specs.items()}
    except InvalidBotSpecError as error:
        raise UsageError(str(error)) from None


HUMAN = "human"
"""How a saved game names the seat of the person who played it (``play --save``)."""


MAX_LINE = 10_000
"""The longest line ``play`` reads (more is cut: no move or command is that long)."""


def _read_line(prompt: str) -> str | None:
    """A line of standard input (``None`` at its end), after printing ``prompt``; a line
    that is not text (bytes that are not UTF-8) reads as a line the game refuses."""
    print(prompt, end="", flush=True)
    try:
        line = sys.stdin.readline(MAX_LINE + 1)
    except UnicodeDecodeError:
        return "\ufffd"
    if not line:
        print()
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        # Skip the rest of an overlong line: it is one answer, refused as a whole.
        while True:
            try:
                rest = sys.stdin.readline(MAX_LINE)
            except UnicodeDecodeError:
                continue
            if not rest or rest.endswith("\n"):
                break
    return line.strip()


def _shown(text: str) -> str:
    """A line the user typed, as an error message quotes it (long ones cut)."""
    return text if len(text) <= 60 else text[:57] + "..."


def _save_record(path: str | None, record: GameRecord) -> None:
    if path is None:
        return
    text = json.dumps(record.to_dict(), indent=2)
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise _CommandError(f"cannot save the game to {path}: {error.strerror}") from None
    print(f"Game saved to {path}.")


class _CommandError(Exception):
    """A game command could not do what was asked (exit code 1)."""


@attrs.frozen
class _Table:
    """A game of ``play`` ready to go on: new, or resumed from a saved record."""

    game: Game
    state: Any
    rules: Any
    players: int
    seed: int
    seat: int
    specs: dict[int, str]
    moves: tuple[str, ...] = ()
    auto_chance: bool = True


def _new_table(args: argparse.Namespace) -> _Table:
    game = _game(args)
    rules = _game_rules(args, game)
    players: int = args.players if args.players != -1 else game.default_players
    _check_players(players, rules)
    seat: int = args.seat if args.seat is not None else 0
    if not 0 <= seat < players:
        raise UsageError(f"--seat must be from 0 to {players - 1}, got {seat}")
    specs = _seat_specs(args.bots or ["greedy"], players, seat)
    seed: int = args.seed if args.seed is not None else secrets.randbits(32)
    return _Table(game, game.new_game(rules, players, seed), rules, players, seed, seat, specs)


def _loaded_table(args: argparse.Namespace) -> _Table:
    """The game saved in ``--load``'s file, with the human's seat and the bots it names
    (or ``--seat`` and ``--bots``)."""
    path: str = args.load
    given = [
        flag
        for flag, value in (
            ("--rules", args.rules),
            ("--option", args.option or None),
            ("--match", args.match),
            ("--players", None if args.players == -1 else args.players),
            ("--seed", args.seed),
        )
        if value is not None
    ]
    if given:
        raise UsageError(
            f"--load resumes the saved game with its own rules, players and seed; leave out "
            f"{', '.join(given)}"
        )
    record = _load_record(path)
    game = load_game(record.game)
    if args.game != "scala40" and args.game != game.name:
        raise _CommandError(f"{path} is a record of {game.title}, not of {args.game}")
    names = record.names
    seat: int = args.seat if args.seat is not None else next(
        (player for player, name in enumerate(names) if name == HUMAN), 0
    )  # fmt: skip
    if not 0 <= seat < record.players:
        raise UsageError(f"--seat must be from 0 to {record.players - 1}, got {seat}")
    if args.bots is not None or not names:
        specs = _seat_specs(args.bots or ["greedy"], record.players, seat)
    else:
        specs = {player: name for player, name in enumerate(names) if player != seat}
        for player, name in specs.items():
            try:
                make_bot(name, game)
            except InvalidBotSpecError:
                raise UsageError(
                    f"{path} names no bot for seat {player} ({name!r}); give --bots"
                ) from None
    return _Table(
        game,
        record.final_state(),
        record.rules,
        record.players,
        record.seed,
        seat,
        specs,
        record.moves,
        record.auto_chance,
    )


def _run_play(args: argparse.Namespace) -> int:
    table = _loaded_table(args) if args.load is not None else _new_table(args)
    game, rules, players, seed, seat = (
        table.game, table.rules, table.players, table.seed, table.seat,
    )  # fmt: skip
    bots = _seat_bots(table.specs, game)
    unicode: bool = args.unicode
    names = [("you" if player == seat else bot_name(bots[player])) for player in range(players)]
    saved_names = tuple(
        HUMAN if player == seat else table.specs[player] for player in range(players)
    )
    state = table.state
    moves: list[str] = list(table.moves)
    # A resumed game's bots draw afresh, from the seed and the moves played so far.
    rng = random.Random(seed if not moves else f"{seed}:{len(moves)}")
    bot_rngs = {player: random.Random(rng.getrandbits(64)) for player in bots}
    helper = bot_factories(game).get("greedy", bot_factories(game)["random"])()
    text = game.text
    news: list[str] = []

    def record() -> GameRecord:
        return GameRecord(
            rules,
            players,
            seed,
            tuple(moves),
            table.auto_chance,
            game.name,
            game.version,
            saved_names,
        )

    print(
        f"{game.title}, {players} players, rules {rules_label(rules)}, seed {seed}. "
        f"You are P{seat}."
    )
    if args.load is not None:
        print(f"Resuming the game saved in {args.load} after {len(moves)} moves.")
    print("Type 'help' for the commands.")
    show_board = True
    queued: list[Any] = []  # the rest of a turn typed in one line
    try:
        while not state.is_over:
            mover = state.current_player
            if state.is_chance:
                move = state.legal_moves()[0]
            elif mover != seat:
                assert mover is not None
                legal = list(state.legal_moves())
                move = bots[mover].choose(state.view(mover), legal, bot_rngs[mover])
                news.append(f"{_player_label(mover, names)}: {text.move(move, unicode)}")
            elif queued:
                move = queued.pop(0)
            else:
                if show_board:
                    if sys.stdout.isatty():
                        print("\033[2J\033[H", end="")
                    print()
                    print("\n".join(text.board(state, seat, names, unicode)))
                    if news:
                        print("Since your last move: " + "; ".join(news))
                        news.clear()
                    print(text.turn_hint(state))
                    show_board = False
                chosen = _ask_move(state, game, helper, unicode)
                if chosen is None:
                    print("Game abandoned.")
                    _save_record(args.save, record())
                    return EXIT_QUIT
                if isinstance(chosen, str):  # "board": show the table again
                    show_board = True
                    continue
                if isinstance(chosen, list):
                    move, queued = chosen[0], chosen[1:]
                else:
                    move = chosen
                show_board = True
            before = state
            state = state.apply(move)
            moves.append(str(move))
            events = text.events(before, state, names)
            if events:
                if news:
                    print("\n".join(news))
                    news.clear()
                print("\n".join(events))
    except KeyboardInterrupt:
        print()
        print("Game interrupted.")
        _save_record(args.save, record())
        return EXIT_QUIT
    print("\n".join(text.final(state, names)))
    _save_record(args.save, record())
    return EXIT_OK


def _ask_move(state: Any, game: Game, helper: Bot, unicode: bool) -> Any:
    """The human player's next move (or moves, typed in one line separated by ``;`` and
    checked as one turn), ``"board"`` to show the board again, or ``None`` to quit."""
    legal = list(state.legal_moves())
    text = game.text
    while True:
        line = _read_line("> ")
        if line is None or line.lower() in ("quit", "exit", "q"):
            return None
        command = line.lower()
        if not line:
            continue
        if command in ("help", "?", "h"):
            print(_play_help(game))
        elif command == "board":
            return "board"
        elif command in ("moves", "m"):
            for number, move in enumerate(legal, 1):
                print(f"  {number:>3}. {text.move(move, unicode)}")
        elif command == "hint":
            suggestion = helper.choose(state.view(state.current_player), legal, random.Random(0))
            print(f"The {bot_name(helper)} bot would play: {text.move(suggestion, unicode)}")
        elif line.isascii() and line.isdigit():
            number = int(line) if len(line) <= 6 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            print(f"error: no move number {_shown(line)}; 'moves' lists 1 to {len(legal)}")
        elif ";" in line:
            try:
                several = _check_turn(state, game, line)
            except Scala40Error as error:
                print(f"error: {error}")
                continue
            return several
        else:
            try:
                move = game.parse_move(line)
                state.apply(move)
            except Scala40Error as error:
                print(f"error: {error}")
                continue
            return move


def _check_turn(state: Any, game: Game, line: str) -> list[Any]:
    """The moves of a line separated by ``;``, checked together as one turn (the game's
    own ``apply_turn`` when it has one, which may check more than each move alone)."""
    apply_turn = getattr(state, "apply_turn", None)
    if callable(apply_turn):
        apply_turn(line)  # names the move that fails by its place
        return [game.parse_move(part.strip()) for part in line.split(";") if part.strip()]
    moves = []
    for place, part in enumerate((p.strip() for p in line.split(";") if p.strip()), 1):
        try:
            move = game.parse_move(part)
            state = state.apply(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            raise type(error)(f"move {place} of the turn: {error}") from error
        moves.append(move)
    return moves


# ---------------------------------------------------------------- simulate


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    _add_game_options(parser, players_default=None)
    parser.add_argument(
        "--games", type=_integer(9), default=100, metavar="N", help="games to play (default: 100)"
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        default=["greedy", "random"],
        metavar="BOT",
        help="the bots (random, greedy, montecarlo, playout; options as in "
        "montecarlo:playouts=50; default: greedy random)",
    )
    parser.add_argument(
        "--seed",
        type=_integer(MAX_SEED_DIGITS),
        default=0,
        metavar="N",
        help="the tournament's seed (default: 0)",
    )
    parser.add_argument(
        "--workers",
        type=_integer(9),
        metavar="N",
        help="processes to play in (default: one per CPU; 1 plays in this process)",
    )
    parser.add_argument(
        "--max-actions",
        type=_integer(9),
        default=DEFAULT_MAX_ACTIONS,
        metavar="N",
        help=f"stop a game unfinished after N moves (default: {DEFAULT_MAX_ACTIONS})",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar on standard error even when it is not a terminal",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        dest="output",
        action="store_const",
        const="json",
        help="print the whole result as JSON (format scala40.tournament: every game and "
        "each bot's stats) instead of the table",
    )
    output.add_argument(
        "--jsonl",
        dest="output",
        action="store_const",
        const="jsonl",
        help="print one JSON object a line for each game, with the bot of each seat",
    )
    output.add_argument(
        "--csv",
        dest="output",
        action="store_const",
        const="csv",
        help="print one CSV row for each game, with a column of each seat's bot, score and result",
    )


def _duration(seconds: float) -> str:
    """A duration for the progress bar: ``<1s``, ``42s``, ``3m05s``, ``1h02m``."""
    whole = int(seconds + 0.5)
    if whole < 1:
        return "<1s"
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


def _rate(rate: float) -> str:
    """Games a second for the progress bar, with two or three significant digits."""
    if rate >= 100:
        return f"{rate:.0f}"
    if rate >= 1:
        return f"{rate:.1f}"
    return f"{rate:.2g}"


def _progress_bar(
    stream: TextIO, width: int = 30, clock: Callable[[], float] = time.perf_counter
) -> Callable[[int, int], None]:
    """A progress callback drawing a text bar on ``stream``: the games done, the rate in
    games a second, and the time left at that rate (the time taken, at the end)."""
    started = clock()

    def show(done: int, total: int) -> None:
        filled = width * done // total if total else width
        elapsed = max(clock() - started, 1e-9)
        rate = done / elapsed
        bar = "#" * filled + "-" * (width - filled)
        if done >= total:
            when = f"done in {_duration(elapsed)}"
        elif done:
            when = f"{_duration((total - done) / rate)} left"
        else:
            when = "starting"
        stream.write(f"\r[{bar}] {done}/{total} games, {_rate(rate)} games/s, {when}  ")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


CSV_COLUMNS = ("index", "seed", "finished", "actions", "hands")
"""The first columns of ``simulate --csv``; then, for each seat ``N``: ``bot_N``,
``score_N``, ``won_N`` (1 or 0), ``decisions_N`` and ``seconds_N``."""


def _write_csv(result: TournamentResult, stream: TextIO) -> None:
    seats = range(result.players)
    header = [*CSV_COLUMNS]
    for seat in seats:
        header += [f"bot_{seat}", f"score_{seat}", f"won_{seat}", f"decisions_{seat}",
                   f"seconds_{seat}"]  # fmt: skip
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    for game in result.games:
        row: list[object] = [game.index, game.seed, int(game.finished), game.actions, game.hands]
        for seat in seats:
            row += [
                result.bots[game.seats[seat]],
                game.scores[seat],
                int(seat in game.winners),
                game.decisions[seat] if game.decisions else "",
                f"{game.decision_seconds[seat]:.6f}" if game.decision_seconds else "",
            ]
        writer.writerow(row)


def _game_line(result: TournamentResult, game: GameResult) -> str:
    line = {**game.to_dict(), "bots": [result.bots[bot] for bot in game.seats]}
    return json.dumps(line, separators=(",", ":"))


def _run_simulate(args: argparse.Namespace) -> int:
    game = _game(args)
    rules = _game_rules(args, game)
    specs: list[str] = args.bots
    for spec in specs:
        try:
            make_bot(spec, game)
        except InvalidBotSpecError as error:
            raise UsageError(str(error)) from None
    players: int = args.players if args.players is not None else len(specs)
    _check_players(players, rules)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, got {args.games}")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be from 1 to {MAX_WORKERS}, got {args.workers}")
    if args.max_actions < 1:
        raise UsageError(f"--max-actions must be at least 1, got {args.max_actions}")
    show = args.progress or sys.stderr.isatty()
    result = run_tournament(
        args.games,
        specs,
        rules=rules,
        players=players,
        seed=args.seed,
        game=game,
        workers=args.workers,
        progress=_progress_bar(sys.stderr) if show else None,
        max_actions=args.max_actions,
    )
    if args.output == "json":
        print(json.dumps(result.to_dict(), indent=2))
    elif args.output == "jsonl":
        for game_result in result.games:
            print(_game_line(result, game_result))
    elif args.output == "csv":
        _write_csv(result, sys.stdout)
    else:
        print(result.summary())
    return EXIT_OK


# ---------------------------------------------------------------- replay


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record saved as JSON")
    parser.add_argument(
        "--verbose", action="store_true", help="print the whole table after each move"
    )
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")
    _add_game_option(parser)


MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest game record file ``replay`` reads."""


def _load_record(path: str) -> GameRecord:
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise _CommandError(f"cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise _CommandError(
            f"{path} is larger than a game record may be ({MAX_RECORD_BYTES} bytes)"
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        # ValueError: bad JSON, bad UTF-8, or a number of thousands of digits.
        raise _CommandError(f"{path} is not a JSON game record: {describe(error, 200)}") from None
    return GameRecord.from_dict(data)


def _run_replay(args: argparse.Namespace) -> int:
    record = _load_record(args.file)
    game = load_game(record.game)
    if args.game != "scala40" and args.game != game.name:
        raise _CommandError(f"{args.file} is a record of {game.title}, not of {args.game}")
    unicode: bool = args.unicode
    text = game.text
    names = [f"player {player}" for player in range(record.players)]
    title = "" if game.name == "scala40" else f"{game.title}, "
    print(
        f"Game: {title}rules {rules_label(record.rules)}, {record.players} players, "
        f"seed {record.seed}, {len(record.moves)} moves"
    )
    states = record.states()
    state = next(states)
    if args.verbose:
        print(textwrap.indent(str(state), "    "))
    for number, (move_text, after) in enumerate(zip(record.moves, states), 1):
        mover = "dealer" if state.is_chance else f"P{state.current_player}"
        print(f"{number:>4}. {mover}: {text.move(game.parse_move(move_text), unicode)}")
        for line in text.events(state, after, names):
            print(f"      {line}")
        if args.verbose:
            print(textwrap.indent(str(after), "    "))
        state = after
    if state.is_over:
        print("\n".join(text.final(state, names)))
    else:
        scores = ", ".join(f"P{player} {score}" for player, score in enumerate(state.scores))
        print(f"The game is not over ({text.status(state)}).")
        print(f"Scores so far: {scores}")
    return EXIT_OK


# ---------------------------------------------------------------- the parser

COMMANDS: tuple[Command, ...] = (
    Command(
        name="check",
        summary="check melds and show their values, readings and extensions",
        description="Check each MELD under a ruleset: what it is, what each joker stands for, "
        "its value, its other readings and the cards that extend it; with several melds, "
        "also their total value against the opening threshold.",
        configure=_configure_check,
        run=_run_check,
        epilog='examples:\n  scala40 check "JK 9C 8C" "5D 5H 5S"\n'
        '  scala40 check "7S 7H JK" --joker-as 7C\n'
        '  scala40 check "7S 7H JK=7C" "4D 4C 4S" --rules federation-article',
    ),
    Command(
        name="hand",
        summary="the penalty value of cards left in hand",
        description="Print the penalty value of CARDS left in a hand under a ruleset "
        "(S40-HAND-VALUE).",
        configure=_configure_hand,
        run=_run_hand,
        epilog='examples:\n  scala40 hand "AS KH 7D JK"\n  scala40 hand "AH" --rules online',
    ),
    Command(
        name="rules",
        summary="list the ruleset presets, or every option of one",
        description="Without PRESET, list the presets and how each differs from the official "
        "rules. With PRESET, list every option, its value and the rule it implements.",
        configure=_configure_rules,
        run=_run_rules,
        epilog="examples:\n  scala40 rules\n  scala40 rules classic",
    ),
    Command(
        name="play",
        summary="play a game in the terminal against bots",
        description="Play a game against bots, entering moves in the notation of the "
        "library (type 'help' during the game). The moves are read from standard input, "
        "one a line. Leaving a game before its end exits with status 3 (saving it first "
        "with --save); --load resumes a saved game.",
        configure=_configure_play,
        run=_run_play,
        epilog="examples:\n  scala40 play\n  scala40 play --players 3 --bots greedy random\n"
        "  scala40 play --match single --seed 7 --save game.json\n"
        "  scala40 play --load game.json --save game.json",
    ),
    Command(
        name="simulate",
        summary="play a tournament between bots and print the win rates",
        description="Play seeded games between bots, the seats rotating, in parallel "
        "processes, and print each bot's win rate with its 95% confidence interval, mean "
        "score and time per decision; or, for scripts, the whole result as JSON, or one "
        "JSON line or CSV row a game.",
        configure=_configure_simulate,
        run=_run_simulate,
        epilog="examples:\n  scala40 simulate --games 200 --bots greedy random --match single\n"
        "  scala40 simulate --games 20 --bots montecarlo:playouts=50 greedy --workers 4\n"
        "  scala40 simulate --game chinchon --games 100 --csv > games.csv",
    ),
    Command(
        name="replay",
        summary="replay a saved game record",
        description="Replay a game record saved as JSON (by 'scala40 play --save' or "
        "GameRecord.to_dict): print each move, how each hand ended and the final scores.",
        configure=_configure_replay,
        run=_run_replay,
        epilog="examples:\n  scala40 replay game.json\n  scala40 replay game.json --verbose",
    ),
)
"""The subcommands, in the order ``scala40 --help`` lists them."""


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser of the command line, with one subparser per command.

    Each subparser stores its command's handler as ``handler`` in the parsed arguments.

    >>> parser = build_parser()
    >>> args = parser.parse_args(["rules", "classic"])
    >>> args.command, args.preset, callable(args.handler)
    ('rules', 'classic', True)
    """
    parser = _Parser(
        prog="scala40",
        description="Rules of the Italian rummy game Scala 40: check melds, value hands and\n"
        "list the rulesets.",
        epilog="Cards are written 7S 10H QD AC JK (also 7♠, ♠7, TH, *).\n"
        "Run 'scala40 COMMAND --help' for the options of a command.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"scala40 {__version__}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", title="commands", required=True
    )
    for command in commands:
        subparser = subparsers.add_parser(
            command.name,
            help=command.summary,
            description=textwrap.fill(command.description, width=_HELP_WIDTH),
            epilog=command.epilog or None,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.configure(subparser)
        subparser.set_defaults(handler=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the process arguments); return the exit code.

    >>> main(["hand", "AS QS"])
    hand: AS QS
    value: 21
    0
    """
    parser = build_parser()
    given: object = argv
    if given is not None and (
        isinstance(given, (str, bytes))
        or not isinstance(given, Sequence)
        or not all(isinstance(arg, str) for arg in given)
    ):
        _print_error(f"expected a list of arguments (text), got {describe(given)}")
        return EXIT_USAGE
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_request:  # --help, --version and usage errors
        code = exit_request.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as error:
        _print_error(str(error))
        return EXIT_USAGE
    except _CommandError as error:
        _print_error(str(error))
        return EXIT_INVALID
    except Scala40Error as error:
        _print_error(str(error))
        return EXIT_INVALID
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
