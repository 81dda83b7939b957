"""``scala40 check``: check melds under a game's rules and show their values, readings,
extensions and joker swaps.

The meld rules are the chosen game's (``--game``, its ruleset's ``meld_rules``), the way
a meld is written its :class:`~scala40.game.GameText`'s, and so are the lines after the
melds (in Scala 40, whether they reach the opening threshold).

A meld's ``value`` is :attr:`Meld.value <scala40.melds.Meld.value>`, its cards' face
values under the meld rules; its ``points`` are what the game scores for it
(:meth:`GameText.meld_points <scala40.game.GameText.meld_points>`), printed beside the
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
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from scala40.cards import CARD_NAMES, Card, parse_cards
from scala40.cli.batch import Request, run_batch
from scala40.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    Command,
    UsageError,
    add_report_options,
    add_rules_option,
    card_name,
    card_names,
    check_preset,
    chosen_game,
    missing_cards,
    preset_rules,
    print_error,
    print_json,
    shown_cards,
    standard_input_lines,
)
from scala40.cli.style import Style, colour_chosen
from scala40.errors import (
    AmbiguousMeldError,
    InvalidCardError,
    InvalidMeldError,
    InvalidValueError,
)
from scala40.game import Game, GameText
from scala40.melds import (
    Extension,
    Meld,
    MeldEnd,
    MeldKind,
    MeldRules,
    check_meld,
    meld_interpretations,
)
from scala40.melds._text import read_meld_text
from scala40.schemas.protocol import MAX_MELDS

__all__ = ["COMMAND", "judge_meld", "meld_report"]

# The separators of the card notation (C-NOTATION); a token may also be ``JK=10C``.
_SEPARATORS = re.compile(r"[\s,;\-]+")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_RANK_PLURALS = (
    "", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings",
)  # fmt: skip
_END_WORDS = {MeldEnd.LOW: " at the low end", MeldEnd.HIGH: " at the high end", MeldEnd.SET: ""}


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


def _check_meld_texts(meld_texts: Sequence[str]) -> None:
    """Refuse melds whose texts are not cards as :func:`~scala40.melds.check_meld` reads
    them (each wild card possibly followed by ``=`` and the card it stands for).

    :raises InvalidCardError: a text holds something that is not a card, or is longer
        than any card text (the message numbers the meld).
    """
    for number, written in enumerate(meld_texts, 1):
        try:
            read_meld_text(written)
        except InvalidCardError as error:
            raise InvalidCardError(f"meld {number}: {error}") from None


def _extension_text(extension: Extension, unicode: bool) -> str:
    text = card_name(extension.card, unicode)
    if extension.card != extension.represents:
        text += " as " + card_name(extension.represents, unicode)
    return text + _END_WORDS[extension.end]


def _kind_text(meld: Meld) -> str:
    if meld.kind is MeldKind.SET:
        return f"set of {_RANK_PLURALS[meld.rank]}"
    return f"sequence of {_SUIT_WORDS[meld.suit]}"


def _meld_report(
    meld: Meld,
    cards: tuple[Card, ...],
    rules: MeldRules,
    in_deck: Mapping[Card, int],
    text: GameText,
    unicode: bool,
) -> tuple[list[str], dict[str, Any]]:
    """The lines ``check`` prints for a valid meld, and the same as JSON."""
    lines = [f"  {_kind_text(meld)}: {text.meld(meld, unicode)}"]
    jokers = []
    for index in meld.wild_positions:
        joker, stands_for = meld.cards[index], meld.represented[index]
        jokers.append({"joker": CARD_NAMES[joker], "stands_for": CARD_NAMES[stands_for]})
        lines.append(
            f"  joker: {card_name(joker, unicode)} stands for {card_name(stands_for, unicode)}"
        )
    lines.append(f"  value: {text.meld_value(meld)}")
    if text.meld_points(meld) != text.meld_value(meld):
        lines.append(f"  points: {text.meld_points(meld)}")
    others = [other for other in meld_interpretations(cards, rules) if other != meld]
    if others:
        lines.append("  other readings:")
        for other in others:
            lines.append(f"    {text.meld(other, unicode)} ({_worth(text, other)})")
    # Only the cards of the game's deck can extend a meld (C-DECK).
    extensions = [extension for extension in meld.extensions() if extension.card in in_deck]
    if extensions:
        ways = ", ".join(_extension_text(extension, unicode) for extension in extensions)
        lines.append(f"  extended by: {ways}")
    else:
        lines.append("  extended by: nothing, the meld is complete")
    swaps = []
    for index, natural in meld.joker_swaps():
        wild_name = card_name(meld.cards[index], unicode)
        swaps.append({"card": CARD_NAMES[natural], "joker": CARD_NAMES[meld.cards[index]]})
        lines.append(f"  joker swap: {card_name(natural, unicode)} takes the place of {wild_name}")
    data: dict[str, Any] = {
        "valid": True,
        "is_meld": True,
        "reading_fixed": True,
        "kind": _kind_text(meld),
        "meld": text.meld(meld, False),
        "jokers": jokers,
        "value": text.meld_value(meld),
        "points": text.meld_points(meld),
        "other_readings": [_reading(text, other) for other in others],
        "extended_by": [_extension_text(extension, False) for extension in extensions],
        "joker_swaps": swaps,
    }
    return lines, data


def _worth(text: GameText, meld: Meld) -> str:
    """A reading's value, and its points where the game scores it otherwise."""
    value, points = text.meld_value(meld), text.meld_points(meld)
    return f"value {value}" if points == value else f"value {value}, points {points}"


def _reading(text: GameText, meld: Meld) -> dict[str, Any]:
    """A reading of cards as the JSON gives it: the meld, its value and its points."""
    return {
        "meld": text.meld(meld, False),
        "value": text.meld_value(meld),
        "points": text.meld_points(meld),
    }


def _unquoted(meld_texts: list[str]) -> bool:
    """Whether the melds look like the cards of one meld left unquoted
    (``scala40 check JK 9C 8C``): several arguments of one card each."""
    return len(meld_texts) > 1 and all(len(_SEPARATORS.split(text.strip())) == 1
                                       for text in meld_texts)  # fmt: skip


def _run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    preset, ruleset = preset_rules(args, game)
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
        _check_meld_texts(meld_texts)
    except InvalidCardError as error:
        raise UsageError(str(error)) from None
    if joker_as is not None and "=" in meld_texts[0]:
        raise UsageError("give --joker-as or JK=CARD in the meld, not both")
    checked = _check_all(game, preset, ruleset, meld_texts, joker_as, unicode)
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


@attrs.frozen
class _Checked:
    """What ``check`` found: the lines it prints, the same as JSON, and the errors."""

    game: str
    preset: str
    lines: list[str]
    reports: list[dict[str, Any]]
    errors: list[str]
    total: int
    """The melds' values together."""
    total_points: int
    """The melds' points together (what the notes judge: an opening's threshold)."""
    notes: list[str]

    def answer(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.preset,
            "valid": not self.errors,
            "melds": self.reports,
            "total": self.total,
            "total_points": self.total_points,
            "notes": self.notes,
        }


def meld_report(game: Game, preset: str, meld_texts: Sequence[str]) -> dict[str, Any]:
    """What ``scala40 check --json --game GAME --rules PRESET MELD...`` prints, as a
    value (for ``scala40 serve``): each meld's verdict is :func:`~scala40.melds.check_meld`'s.

    :raises InvalidCardError: a meld's text holds something that is not a card, or is
        longer than any card text.
    :raises InvalidValueError: there are more than
        :data:`~scala40.schemas.protocol.MAX_MELDS` melds.

    >>> from scala40.cli.check import meld_report
    >>> from scala40.game import load_game
    >>> meld_report(load_game("chinchon"), "catsatcards", ["AS 2S 3S"])["valid"]
    True
    """
    ruleset: Any = game.ruleset_type.preset(preset)
    if len(meld_texts) > MAX_MELDS:
        raise InvalidValueError(f"{len(meld_texts)} melds: at most {MAX_MELDS} are checked")
    _check_meld_texts(meld_texts)
    return _check_all(game, preset, ruleset, meld_texts, None, False).answer()


def judge_meld(request: Request) -> dict[str, Any]:
    """The verdict of ``scala40 check --jsonl`` on one line (:mod:`scala40.cli.batch`):
    the meld's report, as ``check --json`` gives each meld, its verdict
    :func:`~scala40.melds.check_meld`'s.

    >>> from scala40.cli.batch import Context, Request
    >>> from scala40.cli.check import judge_meld
    >>> from scala40.game import load_game
    >>> game = load_game("scala40")
    >>> rules = game.ruleset_type.default()
    >>> context = Context(game, rules, "official", rules.deck.counts())
    >>> verdict = judge_meld(Request(1, None, context, "JK 9C 8C"))
    >>> verdict["valid"], verdict["kind"], verdict["meld"], verdict["value"]
    (True, 'sequence of clubs', '8C 9C JK=10C', 27)

    :raises InvalidCardError: the line holds something that is not a card.
    """
    context = request.context
    read_meld_text(request.cards)
    judged = _judge(context.game, context.rules, context.in_deck, request.cards, None, False, 1)
    return judged.report


@attrs.frozen
class _Judged:
    """One meld checked: the lines ``check`` prints, its report, why it is no meld (or
    ``None``) and the meld."""

    lines: list[str]
    report: dict[str, Any]
    error: str | None
    meld: Meld | None


def _judge(
    game: Game,
    ruleset: Any,
    in_deck: Mapping[Card, int],
    written: str,
    joker_as: tuple[Card, ...] | None,
    unicode: bool,
    count: int,
) -> _Judged:
    """Check one meld, written as its text (``count`` melds are checked together, for
    the advice of an ambiguous one): the verdict is :func:`~scala40.melds.check_meld`'s,
    the report says it in the command's words."""
    rules: MeldRules = ruleset.meld_rules
    text = game.text
    cards = read_meld_text(written)[0]
    lines = [f"meld: {shown_cards(cards, unicode, ruleset)}"]
    # A Spanish pack's cards keep their letters: its suits are not the French symbols.
    unicode = unicode and ruleset.deck.pack != "spanish"
    # "valid" is a meld whose reading is fixed; a tool that asks only whether the cards
    # make a meld (as is_meld does) reads "is_meld", which an ambiguous meld has too.
    report: dict[str, Any] = {
        "cards": card_names(cards, False),
        "valid": False,
        "is_meld": False,
        "reading_fixed": False,
    }
    try:
        meld = check_meld(written, ruleset, joker_as=joker_as)
    except AmbiguousMeldError as error:
        readings = [reading for reading in error.readings if isinstance(reading, Meld)]
        lines.append(f"  ambiguous: {len(readings)} readings")
        for reading in readings:
            lines.append(f"    {text.meld(reading, unicode)} ({_worth(text, reading)})")
        # The cards do make a meld (scala40.is_meld says so), but which one, and so its
        # value, depends on the card a wild card stands for: a validator's author is told
        # how to name it, in the meld itself (every input takes it) or with the option.
        spelled = " or ".join(f'"{text.meld(reading, False)}"' for reading in readings[:2])
        more = ", ..." if len(readings) > 2 else ""
        option = ", or --joker-as CARD for a single meld" if count == 1 else ""
        reason = (
            f"{card_names(cards, False)} has {len(readings)} readings: it is a meld, but "
            "which one depends on the card the joker stands for; name it in the meld, "
            f"written as {spelled}{more}{option}"
        )
        report["is_meld"] = True
        report["reason"] = reason
        report["readings"] = [_reading(text, reading) for reading in readings]
        return _Judged(lines, report, reason, None)
    except InvalidMeldError as error:
        # The error names the cards, then says why: the meld's line says why alone.
        message = str(error)
        why = message.partition(" is not a meld: ")[2] or message
        absent = sorted({card for card in cards if not in_deck.get(card, 0)})
        hinted = missing_cards(absent, ruleset, game) if absent else ""
        if hinted.startswith(why):
            # What the pack lacks, then the presets whose pack has it (C-DECK).
            why = message = hinted
        lines.append(f"  not a meld: {why}")
        report["reason"] = why
        return _Judged(lines, report, message, None)
    meld_lines, data = _meld_report(meld, cards, rules, in_deck, text, unicode)
    report.update(data)
    return _Judged(lines + meld_lines, report, None, meld)


def _check_all(
    game: Game,
    preset: str,
    ruleset: Any,
    meld_texts: Sequence[str],
    joker_as: tuple[Card, ...] | None,
    unicode: bool,
) -> _Checked:
    text = game.text
    errors: list[str] = []
    melds: list[Meld] = []
    reports: list[dict[str, Any]] = []
    lines: list[str] = []
    in_deck = ruleset.deck.counts()
    for number, written in enumerate(meld_texts, 1):
        if number > 1:
            lines.append("")
        judged = _judge(game, ruleset, in_deck, written, joker_as, unicode, len(meld_texts))
        lines.append(f"meld {number}: " + judged.lines[0].removeprefix("meld: "))
        lines += judged.lines[1:]
        reports.append(judged.report)
        if judged.error is not None:
            errors.append(f"meld {number}: {judged.error}")
        if judged.meld is not None:
            melds.append(judged.meld)
    total = sum(text.meld_value(meld) for meld in melds)
    points = sum(text.meld_points(meld) for meld in melds)
    notes = text.meld_total(points, ruleset) if not errors else []
    return _Checked(game.name, preset, lines, reports, errors, total, points, notes)


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
