"""Verdicts on melds written as text, under a game's rules: what ``scala40 check`` prints
and answers in JSON, what ``check --jsonl`` answers each line with, and what ``scala40
serve`` answers its ``check`` operation with; one judge for all of them, whose verdict on
each meld is :func:`~scala40.melds.check_meld`'s.

A meld's report is a JSON-ready dictionary: ``valid`` (a meld whose reading is fixed),
``is_meld`` (the cards make a meld, perhaps in several readings), its ``kind``, its
``meld`` as the game writes it, each joker and the card it stands for, its ``value``
(:attr:`Meld.value <scala40.melds.Meld.value>`, its cards' face values under the meld
rules) and ``points`` (what the game scores for it, :meth:`GameText.meld_points
<scala40.texts.GameText.meld_points>`), its other readings, the cards that extend it and
its joker swaps; or ``reason``, why the cards are no meld, or are a meld in several
readings (then listed in ``readings``), in words that name what to write instead.

>>> from scala40.game import load_game
>>> from scala40.verdicts import meld_report
>>> report = meld_report(load_game("scala40"), "official", ["JK 9C 8C", "7S 7H JK"])
>>> report["valid"], [meld["valid"] for meld in report["melds"]]
(False, [True, False])
>>> report["melds"][0]["meld"], report["melds"][0]["value"], report["melds"][0]["extended_by"]
('8C 9C JK=10C', 27, ['7C at the low end', 'JC at the high end'])
>>> print(report["melds"][1]["reason"])
7S 7H JK has 2 readings: it is a meld, but which one depends on the card the joker stands for; name it in the meld, written as "7S 7H JK=7D" or "7S 7H JK=7C"

The verdicts' JSON shape is written here too, beside the judge that makes them:
:func:`verdict_schema` describes a meld's report as ``scala40 check --json`` prints it
and the lines of ``scala40 check --jsonl`` and ``scala40 hand --jsonl``
(:mod:`scala40.cli.batch`), and :mod:`scala40.schemas` makes the files
``check.verdict.json`` and ``hand.verdict.json`` from it. An app that answers melds in its
own protocol (the referee of scala40-server, whose ``check`` answers each meld so)
describes each meld with :func:`meld_report_schema` and keeps the same bounds,
:data:`MAX_MELDS` and :data:`MAX_CARDS_TEXT`, so that a meld the command line checks is
one it checks too.

>>> from scala40.verdicts import MAX_MELDS, meld_report_schema, verdict_schema
>>> MAX_MELDS
64
>>> [branch["description"] for branch in meld_report_schema()["oneOf"]][0]
'A valid meld: a meld whose reading the cards fix.'
>>> schema = verdict_schema("hand")
>>> schema["$id"], len(schema["oneOf"])
('hand.verdict.json', 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from scala40.cards import CARD_NAMES, Card, format_card, format_cards
from scala40.checks import check_flag, describe
from scala40.errors import (
    AmbiguousMeldError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidMeldError,
    InvalidValueError,
)
from scala40.game import Game
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
from scala40.schema_parts import array, card, card_text, integer, obj, text
from scala40.texts import GameText, missing_cards, shown_cards, text_of

__all__ = [
    "MAX_CARDS_TEXT",
    "MAX_MELDS",
    "Context",
    "MeldsChecked",
    "Request",
    "check_meld_texts",
    "check_melds",
    "judge_meld",
    "meld_report",
    "meld_report_schema",
    "verdict_schema",
]

MAX_MELDS = 64
"""The most melds one ``check`` takes, on the command line and in an app's protocol (a
hand of the library's games holds a few): more are refused before any is read."""
MAX_CARDS_TEXT = 500
"""The longest text of a meld of ``check`` or of the cards of ``hand`` (on the command
line, in a line of ``check --jsonl`` or ``hand --jsonl``, and in an app's protocol), in
characters (the 108 cards of Scala 40's deck are 300 written one after another)."""


_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_RANK_PLURALS = (
    "", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings",
)  # fmt: skip
_END_WORDS = {MeldEnd.LOW: " at the low end", MeldEnd.HIGH: " at the high end", MeldEnd.SET: ""}


@attrs.frozen(eq=False)
class Context:
    """A game and a ruleset the lines name, with what the commands work out once for
    them (the deck's counts)."""

    game: Game
    rules: Any
    label: str
    """The preset's name, or ``"custom"``."""
    in_deck: Mapping[int, int]


@attrs.frozen
class Request:
    """One line read: its number, its ``id`` (``None`` if none), its context, its cards
    as written."""

    line: int
    id: Any
    context: Context
    cards: str


def check_meld_texts(meld_texts: Sequence[str]) -> None:
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
    text = format_card(extension.card, unicode=unicode)
    if extension.card != extension.represents:
        text += " as " + format_card(extension.represents, unicode=unicode)
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
            f"  joker: {format_card(joker, unicode=unicode)} stands for {format_card(stands_for, unicode=unicode)}"
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
        wild_name = format_card(meld.cards[index], unicode=unicode)
        swaps.append({"card": CARD_NAMES[natural], "joker": CARD_NAMES[meld.cards[index]]})
        lines.append(
            f"  joker swap: {format_card(natural, unicode=unicode)} takes the place of {wild_name}"
        )
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


@attrs.frozen
class MeldsChecked:
    """What :func:`check_melds` found: the lines ``scala40 check`` prints, each meld's
    report, the errors (one for each meld that is not one, or not one reading) and the
    melds' total."""

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
        """The whole verdict as JSON: what ``scala40 check --json`` prints."""
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
    value (``scala40 serve`` answers its ``check`` operation with it): each meld's verdict
    is :func:`~scala40.melds.check_meld`'s (:func:`check_melds`).

    :raises InvalidArgumentError: ``game`` is not a game's record, or ``meld_texts`` is
        not a list of texts.
    :raises UnknownPresetError: ``preset`` names no preset of the game.
    :raises InvalidCardError: a meld's text holds something that is not a card, or is
        longer than any card text.
    :raises InvalidValueError: there are more than
        :data:`~scala40.verdicts.MAX_MELDS` melds.

    >>> from scala40.verdicts import meld_report
    >>> from scala40.game import load_game
    >>> meld_report(load_game("chinchon"), "catsatcards", ["AS 2S 3S"])["valid"]
    True
    """
    return check_melds(game, preset, meld_texts).answer()


def judge_meld(request: Request) -> dict[str, Any]:
    """The verdict of ``scala40 check --jsonl`` on one line (``scala40 check --jsonl``):
    the meld's report, as ``check --json`` gives each meld, its verdict
    :func:`~scala40.melds.check_meld`'s.

    >>> from scala40.verdicts import Context, Request, judge_meld
    >>> from scala40.game import load_game
    >>> game = load_game("scala40")
    >>> rules = game.ruleset_type.default()
    >>> context = Context(game, rules, "official", rules.deck.counts())
    >>> verdict = judge_meld(Request(1, None, context, "JK 9C 8C"))
    >>> verdict["valid"], verdict["kind"], verdict["meld"], verdict["value"]
    (True, 'sequence of clubs', '8C 9C JK=10C', 27)

    :raises InvalidArgumentError: ``request`` is not a :class:`Request` whose context
        holds a game, a ruleset of that game and its deck's counts, and cards as text.
    :raises InvalidCardError: the line holds something that is not a card.
    """
    # Read as any value: a caller who ignores the type hints gets the library's error.
    context = getattr(request, "context", None)
    game = getattr(context, "game", None)
    if not isinstance(request, Request):
        raise InvalidArgumentError(f"expected a Request, got {describe(request)}")
    if not (
        isinstance(context, Context)
        and isinstance(game, Game)
        and isinstance(getattr(context, "rules", None), game.ruleset_type)
        and isinstance(getattr(context, "in_deck", None), Mapping)
    ):
        raise InvalidArgumentError(
            f"expected a Context of a game, its ruleset and its deck, got {describe(context)}"
        )
    cards: object = request.cards
    if not isinstance(cards, str):
        raise InvalidArgumentError(f"expected the cards' text, got {describe(cards)}")
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
    text = text_of(game)
    cards = read_meld_text(written)[0]
    lines = [f"meld: {shown_cards(cards, unicode, ruleset)}"]
    # A Spanish pack's cards keep their letters: its suits are not the French symbols.
    unicode = unicode and ruleset.deck.pack != "spanish"
    # "valid" is a meld whose reading is fixed; a tool that asks only whether the cards
    # make a meld (as is_meld does) reads "is_meld", which an ambiguous meld has too.
    report: dict[str, Any] = {
        "cards": format_cards(cards),
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
            f"{format_cards(cards)} has {len(readings)} readings: it is a meld, but "
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


def check_melds(
    game: Game,
    preset: str,
    meld_texts: Sequence[str],
    *,
    joker_as: tuple[Card, ...] | None = None,
    unicode: bool = False,
) -> MeldsChecked:
    """Check the melds ``meld_texts`` under the preset ``preset`` of ``game``, each as
    :func:`~scala40.melds.check_meld` does (the card each joker stands for ``joker_as``,
    if given): the lines ``scala40 check`` prints (suits as symbols with ``unicode``),
    each meld's report, the errors and the total. :meth:`MeldsChecked.answer` is what
    ``scala40 check --json`` prints.

    :raises InvalidArgumentError: ``game`` is not a game's record, ``meld_texts`` is not
        a list of texts, or ``unicode`` is not ``True`` or ``False``.
    :raises UnknownPresetError: ``preset`` names no preset of the game.
    :raises InvalidCardError: a meld's text holds something that is not a card, or is
        longer than any card text.
    :raises InvalidValueError: there are more than
        :data:`~scala40.verdicts.MAX_MELDS` melds.

    >>> from scala40.game import load_game
    >>> from scala40.verdicts import check_melds
    >>> checked = check_melds(load_game("scala40"), "official", ["5D 5H 5S", "JK 9C 8C"])
    >>> checked.total, checked.errors, checked.notes
    (42, [], ['opening: 42 reaches the opening threshold of 40 (S40-OPEN)'])
    """
    given: object = game
    if not isinstance(given, Game):
        raise InvalidArgumentError(f"expected a game's record (Game), got {describe(given)}")
    ruleset: Any = game.ruleset_type.preset(preset)
    texts: object = meld_texts
    if (
        isinstance(texts, (str, bytes))
        or not isinstance(texts, Sequence)
        or not all(isinstance(written, str) for written in texts)
    ):
        raise InvalidArgumentError(
            f"meld_texts must be a list of melds' texts, got {describe(meld_texts)}"
        )
    check_flag("unicode", unicode)
    if len(meld_texts) > MAX_MELDS:
        raise InvalidValueError(f"{len(meld_texts)} melds: at most {MAX_MELDS} are checked")
    check_meld_texts(meld_texts)
    text = text_of(game)
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
    return MeldsChecked(game.name, preset, lines, reports, errors, total, points, notes)


def _described(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def meld_report_schema() -> dict[str, Any]:
    """What ``check`` says of one meld (``scala40 check --json``'s ``melds``, each verdict
    of ``check --jsonl``, and the referee's ``check``): its cards and whether it is
    valid; a valid one's kind, reading, jokers, value and points, other readings,
    extensions and joker swaps; an invalid one's reason (and an ambiguous one's
    readings)."""
    value = _described(integer(), "Meld.value: the cards' face values under the meld rules.")
    points = _described(integer(), "What the game scores for the meld (GameText.meld_points).")
    reading = obj({"meld": text(), "value": value, "points": points})
    is_meld = "Whether the cards make a meld under some reading (scala40.is_meld)."
    fixed = "Whether the cards fix one reading: a valid meld's does, an ambiguous one's not."
    return {
        "oneOf": [
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": True},
                    "is_meld": _described({"const": True}, is_meld),
                    "reading_fixed": _described({"const": True}, fixed),
                    "kind": _described(text(), "'sequence of clubs', 'set of 7s'..."),
                    "meld": _described(
                        text(), "The meld in order, a joker followed by = and its card."
                    ),
                    "jokers": array(obj({"joker": card(), "stands_for": card()})),
                    "value": value,
                    "points": points,
                    "other_readings": array(reading),
                    "extended_by": array(text()),
                    "joker_swaps": array(obj({"card": card(), "joker": card()})),
                },
                description="A valid meld: a meld whose reading the cards fix.",
            ),
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": False},
                    "is_meld": _described({"const": True}, is_meld),
                    "reading_fixed": _described({"const": False}, fixed),
                    "reason": text(),
                    "readings": array(reading),
                },
                description="An ambiguous meld: a meld, but which one depends on what a "
                "wild card stands for (its readings, each with its value); name it in the "
                "meld (JK=8S) to fix it.",
            ),
            obj(
                {
                    "cards": card_text(),
                    "valid": {"const": False},
                    "is_meld": _described({"const": False}, is_meld),
                    "reading_fixed": _described({"const": False}, fixed),
                    "reason": text(),
                },
                description="No meld under any reading, and why.",
            ),
        ]
    }


def _verdict_head(with_context: bool) -> dict[str, Any]:
    head: dict[str, Any] = {
        "line": _described(integer(1), "The line answered, from 1."),
        "id": _described({}, "The request's id, when its line gave one."),
    }
    if with_context:
        head["game"] = text()
        head["rules"] = _described(text(), "The preset's name, or 'custom'.")
    return head


def _refused_line() -> dict[str, Any]:
    return obj(
        {
            **_verdict_head(False),
            "game": text(),
            "rules": text(),
            "valid": {"const": False},
            "error": _described(
                text(),
                "The class name of the library's error (InvalidCardError, UnknownGameError, "
                "...), or UnicodeDecodeError for a line that is not text.",
            ),
            "reason": text(),
        },
        optional=("id", "game", "rules"),
        description="A line that could not be read as a request.",
    )


def verdict_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of one line that ``scala40 check --jsonl`` (``command``
    ``"check"``) or ``scala40 hand --jsonl`` (``"hand"``) writes (:mod:`scala40.cli.batch`;
    ``$id`` ``check.verdict.json``, ``hand.verdict.json``)."""
    if command == "check":
        branches = []
        for branch in meld_report_schema()["oneOf"]:
            properties = {**_verdict_head(True), **branch["properties"]}
            optional = (
                "id",
                *(name for name in branch["properties"] if name not in branch["required"]),
            )
            branches.append(obj(properties, optional=optional, description=branch["description"]))
        what = "meld"
    else:
        head = _verdict_head(True)
        branches = [
            obj(
                {**head, "cards": card_text(), "valid": {"const": True}, "value": integer()},
                optional=("id",),
                description="The cards' value.",
            ),
            obj(
                {**head, "cards": card_text(), "valid": {"const": False}, "reason": text()},
                optional=("id",),
                description="Cards that are no hand of the game.",
            ),
        ]
        what = "hand"
    return {
        "$id": f"{command}.verdict.json",
        "title": f"A verdict of scala40 {command} --jsonl",
        "description": f"One line of 'scala40 {command} --jsonl': the verdict on one {what} "
        "of its input, in order.",
        "oneOf": [*branches, _refused_line()],
    }
