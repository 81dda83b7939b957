"""The ``scala40`` command line: check melds, value hands and list the rulesets.

Run it as ``scala40`` or ``python -m scala40``; :func:`main` is the same program for
Python code and tests. Every subcommand is a :class:`Command`: a name, a function that adds
its arguments to its parser and a handler that runs it and returns the exit code. New
subcommands are added to :data:`COMMANDS`; :func:`build_parser` builds the whole parser
from them.

Exit codes: 0 when all went well, 1 when the cards are not what was asked (an invalid or
ambiguous meld, an impossible hand), 2 for a usage error (unknown option or preset, bad
card text). Errors are one line on standard error, starting with ``error:``.

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
import enum
import os
import re
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import attrs

from scala40 import __version__
from scala40.cards import CARD_NAMES, CARD_SYMBOLS, Card, as_card, parse_cards
from scala40.errors import AmbiguousMeldError, InvalidCardError, InvalidMeldError, Scala40Error
from scala40.melds import Extension, Meld, MeldEnd, MeldKind, check_meld, meld_interpretations
from scala40.ruleset import PRESETS, Ruleset, hand_value, option_names, option_rule

__all__ = ["COMMANDS", "Command", "UsageError", "build_parser", "main"]

EXIT_OK = 0
"""Exit code when the command did what was asked."""
EXIT_INVALID = 1
"""Exit code when the cards are not what was asked (an invalid or ambiguous meld, or an
impossible hand)."""
EXIT_USAGE = 2
"""Exit code for a usage error (the code ``argparse`` uses too)."""

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
        self.exit(EXIT_USAGE, f"error: {message} (see '{self.prog} --help')\n")


def _preset_name(text: str) -> str:
    """Argument type of a preset name: the name, checked."""
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


def _print_error(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)


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
        type=_preset_name,
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


def _meld_text(meld: Meld, unicode: bool) -> str:
    """The cards of a meld in order, each joker followed by ``=`` and the card it stands for."""
    return " ".join(
        _name(card, unicode) if card == rep else f"{_name(card, unicode)}={_name(rep, unicode)}"
        for card, rep in zip(meld.cards, meld.represented, strict=True)
    )


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
    print(f"  {_kind_text(meld)}: {_meld_text(meld, unicode)}")
    for index in meld.wild_positions:
        joker, stands_for = meld.cards[index], meld.represented[index]
        print(f"  joker: {_name(joker, unicode)} stands for {_name(stands_for, unicode)}")
    print(f"  value: {meld.value}")
    others = [other for other in meld_interpretations(cards, rules) if other != meld]
    if others:
        print("  other readings:")
        for other in others:
            print(f"    {_meld_text(other, unicode)} (value {other.value})")
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
                print(f"    {_meld_text(reading, unicode)} (value {reading.value})")
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
        type=_preset_name,
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
        type=_preset_name,
        metavar="PRESET",
        help="list every option of this preset; without it, list the presets",
    )


def _run_rules(args: argparse.Namespace) -> int:
    official = PRESETS["official"]
    if args.preset is None:
        for number, (preset, rules) in enumerate(PRESETS.items()):
            if number:
                print()
            differences = rules.differences(official)
            if not differences:
                print(f"{preset}: every option at its default")
                continue
            print(f"{preset}: differs from official in")
            rows = [
                (option, _option_text(value), option_rule(option))
                for option, (value, _) in differences.items()
            ]
            option_width = max(len(option) for option, _, _ in rows)
            value_width = max(len(value_text) for _, value_text, _ in rows)
            for option, value_text, rule in rows:
                print(f"  {option:<{option_width}}  {value_text:<{value_width}}  ({rule})")
        print()
        print("Run 'scala40 rules PRESET' to list every option of a preset.")
        return EXIT_OK
    name: str = args.preset
    options: dict[str, Any] = Ruleset.preset(name).options()
    rows = [("option", "value", "rule")] + [
        (option, _option_text(options[option]), option_rule(option)) for option in option_names()
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    print(f"preset: {name}")
    for index, (option, value_text, rule) in enumerate(rows):
        line = f"{option:<{widths[0]}}  {value_text:<{widths[1]}}  {rule:<{widths[2]}}"
        default = getattr(official, option) if index else None
        if index and options[option] != default:
            line += f"  (official: {_option_text(default)})"
        print(line.rstrip())
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
