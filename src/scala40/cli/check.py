"""``scala40 check``: check melds under a game's rules and show their values, readings,
extensions and joker swaps.

The meld rules are the chosen game's (``--game``, its ruleset's ``meld_rules``), the way
a meld is written its :class:`~scala40.texts.GameText`'s, and so are the lines after the
melds (in Scala 40, whether they reach the opening threshold).

A meld's ``value`` is :attr:`Meld.value <scala40.melds.Meld.value>`, its cards' face
values under the meld rules; its ``points`` are what the game scores for it
(:meth:`GameText.meld_points <scala40.texts.GameText.meld_points>`), printed beside the
value where the two differ (a Skarney meld scores its cards' points, SK-SCORE-MELDS) and
always in the JSON.

>>> from scala40.cli import main
>>> main(["check", "--game", "skarney", "5S 2C 7S"])
meld 1: 5S 2C 7S
  sequence of spades: 5S 2C=6S 7S
  joker: 2C stands for 6S
  value: 18
  points: 35
  extended by: 4S at the low end, 8S at the high end
  joker swap: 6S takes the place of 2C
0
"""

from __future__ import annotations

import argparse
import re
import sys

from scala40.cards import Card, parse_cards
from scala40.cli.batch import run_batch
from scala40.cli.common import (
    add_report_options,
    add_rules_option,
    check_preset,
    preset_rules,
    print_error,
    print_json,
    standard_input_lines,
)
from scala40.cli.style import Style, colour_chosen
from scala40.commands import EXIT_INVALID, EXIT_OK, Command, UsageError, chosen_game
from scala40.errors import InvalidCardError
from scala40.verdicts import MAX_MELDS, check_meld_texts, check_melds, judge_meld

__all__ = ["COMMAND"]

# The separators of the card notation (C-NOTATION); a token may also be ``JK=10C``.
_SEPARATORS = re.compile(r"[\s,;\-]+")


def _card_list(text: str) -> tuple[Card, ...]:
    """Argument type of ``--joker-as``: one or more cards."""
    try:
        cards = parse_cards(text)
    except InvalidCardError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not cards:
        raise argparse.ArgumentTypeError("expected a card, got nothing")
    return cards


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "melds",
        nargs="*",
        metavar="MELD",
        help='the cards of one meld, quoted, e.g. "JK 9C 8C"; write JK=10C to say which card '
        "a joker stands for; - reads the melds from standard input, one a line",
    )
    add_rules_option(parser)
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help="batch mode: read one meld a line on standard input (its cards, or a JSON "
        'object such as {"game": "chinchon", "rules": "catsatcards", "cards": "AS 2S 3S", '
        '"id": 1}) and write one verdict a line as JSON; no total, exit 0 unless the input '
        "is not text",
    )
    parser.add_argument(
        "--joker-as",
        type=_card_list,
        metavar="CARD",
        help="the card the joker stands for, when a single meld is given",
    )
    add_report_options(parser)


def _unquoted(meld_texts: list[str]) -> bool:
    """Whether the melds look like the cards of one meld left unquoted
    (``scala40 check JK 9C 8C``): several arguments of one card each."""
    return len(meld_texts) > 1 and all(len(_SEPARATORS.split(text.strip())) == 1
                                       for text in meld_texts)  # fmt: skip


def _run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    preset = preset_rules(args, game)[0]  # the name checked (a usage error otherwise)
    as_json: bool = args.json
    unicode: bool = args.unicode and not as_json
    joker_as: tuple[Card, ...] | None = args.joker_as
    meld_texts: list[str] = args.melds
    if args.jsonl:
        if meld_texts not in ([], ["-"]) or as_json or joker_as is not None:
            raise UsageError(
                "--jsonl reads the melds from standard input: give no MELD (or -), "
                "--json or --joker-as"
            )
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return run_batch(stream, sys.stdout, game, preset, judge_meld)
    if meld_texts == ["-"]:
        meld_texts = standard_input_lines("melds")
    elif "-" in meld_texts:
        raise UsageError("- reads every meld from standard input: give it alone")
    if not meld_texts:
        raise UsageError(
            "give the melds to check (MELD...), or - to read them from standard input"
        )
    if _unquoted(meld_texts):
        raise UsageError(
            f"each MELD is one argument and {len(meld_texts)} single cards make no meld; "
            f'quote the cards of a meld: scala40 check "{" ".join(meld_texts)}"'
        )
    if len(meld_texts) > MAX_MELDS:
        raise UsageError(
            f"{len(meld_texts)} melds: check takes at most {MAX_MELDS} "
            "(--jsonl checks a batch of any size, one meld a line)"
        )
    if joker_as is not None and len(meld_texts) > 1:
        raise UsageError("--joker-as applies to a single meld; write JK=CARD in the meld instead")
    try:
        check_meld_texts(meld_texts)
    except InvalidCardError as error:
        raise UsageError(str(error)) from None
    if joker_as is not None and "=" in meld_texts[0]:
        raise UsageError("give --joker-as or JK=CARD in the meld, not both")
    checked = check_melds(game, preset, meld_texts, joker_as=joker_as, unicode=unicode)
    if as_json:
        print_json(checked.answer())
        return EXIT_INVALID if checked.errors else EXIT_OK
    style = Style(colour=colour_chosen(args.color, sys.stdout), unicode=False)
    print("\n".join(style.cards(line) for line in checked.lines))
    if checked.errors:
        for message in checked.errors:
            print_error(message)
        return EXIT_INVALID
    closing = []
    if len(checked.reports) > 1:
        closing.append(f"total value: {checked.total}")
        if checked.total_points != checked.total:
            closing.append(f"total points: {checked.total_points}")
    closing += checked.notes
    if closing:
        print()
        print("\n".join(closing))
    return EXIT_OK


COMMAND = Command(
    name="check",
    summary="check melds and show their values, readings and extensions",
    description="Check each MELD under a ruleset of a game: what it is, what each joker "
    "stands for, its value, its other readings and the cards that extend it; with several "
    "melds, also their total value (in Scala 40, against the opening threshold).",
    configure=_configure,
    run=_run,
    check_arguments=check_preset,
    epilog='examples:\n  scala40 check "JK 9C 8C" "5D 5H 5S"\n'
    "  scala40 check - < melds.txt\n"
    "  scala40 check --jsonl < melds.jsonl > verdicts.jsonl\n"
    '  scala40 check "7S 7H JK" --joker-as 7C\n'
    '  scala40 check "7S 7H JK=7C" "4D 4C 4S" --rules federation-article\n'
    '  scala40 check "5S 2C 7S" --game skarney',
)
"""The ``check`` command."""
