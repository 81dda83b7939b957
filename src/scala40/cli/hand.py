"""``scala40 hand``: what the cards left in a hand count at its end, under a game's rules
(its record's :attr:`~scala40.game.Game.hand_value`).

>>> from scala40.cli import main
>>> main(["hand", "--game", "chinchon", "AS 2S 3S 7C"])
hand: AS 2S 3S 7C
value: 7
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from scala40.cards import Card, format_cards, parse_cards
from scala40.cli.batch import run_batch
from scala40.cli.common import (
    add_report_options,
    add_rules_option,
    check_preset,
    deck_excess,
    preset_rules,
    print_error,
    standard_input_lines,
)
from scala40.cli.style import Style, colour_chosen
from scala40.commands import (
    EXIT_INVALID,
    EXIT_OK,
    Command,
    UsageError,
    chosen_game,
)
from scala40.errors import InvalidArgumentError, InvalidCardError
from scala40.texts import shown_cards
from scala40.verdicts import Request

__all__ = ["COMMAND", "judge_hand"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards",
        nargs="?",
        metavar="CARDS",
        help='the cards left in hand, quoted: "AS KH JK"; - reads them from standard input',
    )
    add_rules_option(parser)
    add_report_options(parser)
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help="batch mode: read one hand a line on standard input (its cards, or a JSON "
        'object such as {"game": "chinchon", "cards": "AS 2S 3S 7C", "id": 1}) and write '
        "one verdict a line as JSON; exit 0 unless the input is not text",
    )


def judge_hand(request: Request) -> dict[str, Any]:
    """The verdict of ``scala40 hand --jsonl`` on one line (:mod:`scala40.cli.batch`):
    the cards and their value, or why they are no hand of the game.

    >>> from scala40.verdicts import Context, Request
    >>> from scala40.cli.hand import judge_hand
    >>> from scala40.game import load_game
    >>> game = load_game("chinchon")
    >>> rules = game.ruleset_type.default()
    >>> context = Context(game, rules, "catsatcards", rules.deck.counts())
    >>> judge_hand(Request(1, None, context, "AS 2S 3S 7C"))
    {'cards': 'AS 2S 3S 7C', 'valid': True, 'value': 7}

    :raises InvalidCardError: the line holds something that is not a card.
    :raises InvalidArgumentError: the game gives no value to a hand alone.
    """
    context = request.context
    game = context.game
    if game.hand_value is None:
        raise InvalidArgumentError(f"{game.title} gives no value to a hand alone")
    cards = parse_cards(request.cards)
    reason = deck_excess(
        cards, context.in_deck, context.label, "the hand holds ", context.rules, game
    )
    if reason is not None:
        return {"cards": format_cards(cards), "valid": False, "reason": reason}
    return {
        "cards": format_cards(cards),
        "valid": True,
        "value": game.hand_value(cards, context.rules),
    }


def _run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    preset, rules = preset_rules(args, game)
    if args.jsonl:
        if args.cards not in (None, "-") or args.json:
            raise UsageError(
                "--jsonl reads the hands from standard input: give no CARDS (or -), or --json"
            )
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return run_batch(stream, sys.stdout, game, preset, judge_hand)
    if args.cards is None:
        raise UsageError("give the CARDS left in hand, or - to read them from standard input")
    written: str = " ".join(standard_input_lines("cards")) if args.cards == "-" else args.cards
    if game.hand_value is None:
        raise UsageError(f"{game.title} gives no value to a hand alone")
    try:
        cards = parse_cards(written)
    except InvalidCardError as error:
        raise UsageError(str(error)) from None
    as_json: bool = args.json
    # Cards the pack cannot hold are refused before anything is printed: no hand line
    # followed by an error.
    reason = deck_excess(cards, rules.deck.counts(), preset, "the hand holds ", rules, game)
    if reason is not None:
        if as_json:
            print(json.dumps(_answer(game.name, preset, cards, None, reason)))
        else:
            print_error(reason)
        return EXIT_INVALID
    value = game.hand_value(cards, rules)
    if as_json:
        print(json.dumps(_answer(game.name, preset, cards, value, None)))
        return EXIT_OK
    style = Style(colour=colour_chosen(args.color, sys.stdout), unicode=False)
    print(style.cards(f"hand: {shown_cards(cards, args.unicode, rules) or 'no cards'}"))
    print(f"value: {value}")
    return EXIT_OK


def _answer(
    game: str, preset: str, cards: tuple[Card, ...], value: int | None, reason: str | None
) -> dict[str, Any]:
    answer: dict[str, Any] = {"game": game, "rules": preset, "cards": format_cards(cards)}
    answer.update({"value": value} if reason is None else {"valid": False, "reason": reason})
    return answer


COMMAND = Command(
    name="hand",
    summary="the penalty value of cards left in hand",
    description="Print the penalty value of CARDS left in a hand under a ruleset of a game "
    "(in Scala 40 S40-HAND-VALUE; in the knock games the points left unmatched once the "
    "hand is arranged in melds).",
    configure=_configure,
    run=_run,
    check_arguments=check_preset,
    epilog='examples:\n  scala40 hand "AS KH 7D JK"\n  scala40 hand "AH" --rules online\n'
    "  scala40 hand --jsonl --game chinchon < hands.jsonl > values.jsonl\n"
    '  scala40 hand "AS 2S 3S 7C" --game chinchon',
)
"""The ``hand`` command."""
