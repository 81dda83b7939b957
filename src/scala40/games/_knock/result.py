"""How a saved knock game writes, reads back, checks and describes the last hand's
result (:class:`~scala40.games._knock.phases.HandResult`): the codec its records' field
``last_hand`` is of (:data:`HAND_RESULT`, :mod:`scala40._format.codecs`).

>>> from scala40.games._knock.result import HAND_RESULT
>>> HAND_RESULT.schema()["type"]
['object', 'null']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scala40._format.codecs import CheckContext, Nested
from scala40._format.serial import (
    MAX_COUNT,
    MAX_MOVE_TEXT,
    MAX_READ_ITEMS,
    FieldReader,
    is_card_code,
    is_card_codes,
    is_count,
    is_total,
    unwritten,
    written_meld,
)
from scala40.checks import describe, is_int
from scala40.errors import Scala40Error
from scala40.games._knock import engine
from scala40.games._knock.moves import MeldSpec, parse_meld_spec
from scala40.games._knock.phases import HandEnd, HandResult, Layoff, Showing
from scala40.melds import Meld
from scala40.schema_parts import (
    array,
    card,
    card_text,
    enum_of,
    integer,
    last_hand,
    meld_text,
    obj,
)

__all__ = ["HAND_RESULT"]

_MAX_SEATS = 64
"""The most seats a hand's result names (the rulesets allow 15 at most)."""


def _result_field_problems(result: HandResult, context: CheckContext) -> list[str]:
    problems: list[str] = []
    count = context.count

    def seat(value: object) -> bool:
        return is_int(value) and 0 <= value < count

    def seat_list(value: object) -> bool:
        return isinstance(value, tuple) and all(map(seat, value)) and len(set(value)) == len(value)

    if not is_count(result.hand_number):
        problems.append(
            f"last_hand: hand_number must be a count, got {describe(result.hand_number)}"
        )
    end: object = result.end
    if not isinstance(end, HandEnd):
        problems.append(f"last_hand: end must be a HandEnd, got {describe(end)}")
    if not seat(result.closer):
        problems.append(
            f"last_hand: closer must be a seat from 0 to {count - 1}, got {describe(result.closer)}"
        )
    points: object = result.points
    if not (isinstance(points, tuple) and len(points) == count and all(map(is_total, points))):
        problems.append(f"last_hand: points must be {count} totals, got {describe(points)}")
    hands: object = result.hands
    if not (isinstance(hands, tuple) and len(hands) == count and all(map(is_card_codes, hands))):
        problems.append(f"last_hand: hands must be {count} hands, got {describe(hands)}")
    shown: object = result.shown
    if not (
        isinstance(shown, tuple)
        and len(shown) == count
        and all(item is None or _is_showing(item) for item in shown)
    ):
        problems.append(
            f"last_hand: shown must be {count} showings or None, got {describe(shown)}"
        )
    if result.discard is not None and not is_card_code(result.discard):
        problems.append(
            f"last_hand: discard must be a card or None, got {describe(result.discard)}"
        )
    for name in ("busted", "eliminated", "reentered"):
        if not seat_list(getattr(result, name)):
            problems.append(
                f"last_hand: {name} must list distinct seats from 0 to {count - 1}, "
                f"got {describe(getattr(result, name))}"
            )
    return problems


def _is_showing(value: object) -> bool:
    if not isinstance(value, Showing):
        return False
    melds: object = value.melds
    layoffs: object = value.layoffs
    return (
        isinstance(melds, tuple)
        and all(isinstance(meld, Meld) for meld in melds)
        and isinstance(layoffs, tuple)
        and all(_is_layoff(layoff) for layoff in layoffs)
        and is_card_codes(value.unmatched)
    )


def _is_layoff(value: object) -> bool:
    return (
        isinstance(value, Layoff)
        and is_card_code(value.card)
        and is_card_code(value.represents)
        and is_int(value.owner)
        and is_int(value.meld)
    )


def _result_from_dict(state: FieldReader, rules: Any) -> HandResult | None:
    read = state.part("last_hand", HandResult)
    if read is None:
        return None
    low, high = -MAX_COUNT, MAX_COUNT
    shown = read.data["shown"]
    if not isinstance(shown, list) or len(shown) > _MAX_SEATS:
        raise read.fail(f"shown must be a list of showings, got {describe(shown)}")
    return HandResult(
        hand_number=read.integer("hand_number", low, high),
        end=read.choice("end", HandEnd),
        closer=read.integer("closer", low, high),
        points=read.ints("points", low, high),
        shown=tuple(_showing_from_dict(item, rules, read) for item in shown),
        hands=read.card_lists("hands"),
        discard=read.optional_card("discard"),
        busted=read.ints("busted", low, high),
        eliminated=read.ints("eliminated", low, high),
        reentered=read.ints("reentered", low, high),
    )


def _shown_spec(text: str) -> MeldSpec:
    """A meld as a hand result writes it (``phases``): a wild card standing for itself
    keeps its reading there (``JK=JK`` in a meld of jokers, RU-MELDS; ``AD=AD``), which
    says no more than the card alone, as a move's text writes it. ``text`` is written as
    the library writes melds (:func:`~scala40._format.serial.written_meld`)."""
    words = []
    for word in text.split(" "):
        card, _, reading = word.partition("=")
        words.append(card if reading == card else word)
    return parse_meld_spec(" ".join(words))


def _showing_from_dict(value: object, rules: Any, parent: FieldReader) -> Showing | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise parent.fail(f"a showing must be a mapping or null, got {describe(value)}")
    read = FieldReader(value, parent.where)
    read.keys_of(Showing)
    melds_data, layoffs_data = value["melds"], value["layoffs"]
    for name, items in (("melds", melds_data), ("layoffs", layoffs_data)):
        if not isinstance(items, list) or len(items) > MAX_READ_ITEMS:
            raise read.fail(f"{name} must be a list, got {describe(items)}")
    melds: list[Meld] = []
    for text in melds_data:
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise read.fail(f"a meld must be text, got {describe(text)}")
        if not written_meld(text):
            raise read.fail(f"meld {describe(text, 60)}: {unwritten(text, meld=True)}")
        try:
            meld = engine.resolve_spec(_shown_spec(text), rules.meld_rules)
        except Scala40Error as error:
            raise read.fail(f"meld {describe(text)}: {error}") from None
        if isinstance(meld, str):
            raise read.fail(meld)
        melds.append(meld)
    layoffs = []
    for item in layoffs_data:
        if not isinstance(item, Mapping):
            raise read.fail(f"a layoff must be a mapping, got {describe(item)}")
        fields = FieldReader(item, f"{read.where}layoff: ")
        fields.keys_of(Layoff)
        layoffs.append(
            Layoff(
                fields.card(item["card"], "card"),
                fields.card(item["represents"], "represents"),
                fields.integer("owner", 0, _MAX_SEATS),
                fields.integer("meld", 0, MAX_READ_ITEMS),
            )
        )
    return Showing(tuple(melds), tuple(layoffs), read.cards(value["unmatched"], "unmatched"))


def _showing() -> dict[str, Any]:
    layoff = obj(
        {
            "card": card(),
            "represents": card(),
            "owner": integer(0),
            "meld": integer(0),
        },
        description="A card laid off on a meld shown by the seat ``owner``.",
    )
    showing = obj(
        {
            "melds": array(meld_text()),
            "layoffs": array(layoff),
            "unmatched": card_text(),
        },
        description="What one seat showed: its melds, its layoffs and its unmatched cards "
        "(null: out of the game, or the hand was a Rumino).",
    )
    showing["type"] = ["object", "null"]
    return showing


def _result_schema() -> dict[str, Any]:
    seat = integer(0, MAX_COUNT)
    count = integer(0, MAX_COUNT)
    number = integer(-MAX_COUNT, MAX_COUNT)
    return last_hand(
        {
            "hand_number": count,
            "end": enum_of(end.value for end in HandEnd),
            "closer": seat,
            "points": array(number),
            "shown": array(_showing()),
            "hands": array(card_text()),
            "discard": card(nullable=True),
            "busted": array(seat),
            "eliminated": array(seat),
            "reentered": array(seat),
        },
        "How the last hand ended: how and by whom, what each seat showed, scored and held.",
    )


HAND_RESULT = Nested(
    HandResult.to_state_dict,
    _result_from_dict,
    _result_field_problems,
    _result_schema,
    HandResult,
)
"""How a saved knock game's state writes, reads, checks and describes its last hand."""
