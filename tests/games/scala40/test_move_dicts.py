"""Moves as JSON-ready, versioned dictionaries: round trips and refusals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40 import (
    PRESETS,
    Deal,
    Discard,
    DrawStock,
    InvalidMoveError,
    LayOff,
    Move,
    PutDown,
    Restock,
    SerializationError,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    move_from_dict,
    move_to_dict,
    new_game,
    parse_move,
)
from scala40.games import chinchon, skarney
from tests.games.scala40.helpers import playout

EXAMPLES = [
    "draw",
    "take",
    "upcard",
    "meld JK 9C 8C",
    "meld 8C 9C JK=10C",
    "layoff JK=6S #2 low",
    "layoff 7H #0 high",
    "swap 8S #3",
    "split #1 7S : 5S 6S 7S / 7S 8S 9S",
    "discard 7H",
    "deal",
    "restock",
    "restock 2C 3C",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_kind_of_move_round_trips_through_json(text: str) -> None:
    move = parse_move(text)
    data = json.loads(json.dumps(move_to_dict(move)))
    assert move_from_dict(data) == move
    assert move.to_dict() == move_to_dict(move)
    assert type(move).from_dict(data) == move


def test_moves_of_real_games_round_trip() -> None:
    # Every move of random matches under the presets, chance steps included.
    kinds: set[type] = set()
    for name in ("official", "classic", "online"):
        start = new_game(PRESETS[name], players=3, seed=7, auto_chance=False)
        for state, _, _ in playout(start, random.Random(2), 300):
            for move in state.legal_moves():
                kinds.add(type(move))
                assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
    assert {DrawStock, PutDown, LayOff, Discard, Deal} <= kinds


def test_the_dictionary_is_readable() -> None:
    # A meld as the notation writes it, each wild card's reading inline (C-WILD).
    assert move_to_dict(parse_move("meld 8C 9C JK=10C")) == {
        "format": "scala40.move",
        "version": 2,
        "type": "meld",
        "cards": "8C 9C JK=10C",
    }
    # A piece given with no represented cards names its cards: one value per move.
    assert move_to_dict(Split(1, "7S", [("5S 6S JK", "5S 6S 7S"), ("7S 8S 9S", "")]))[
        "pieces"
    ] == ["5S 6S JK=7S", "7S 8S 9S"]


def test_version_1_dictionaries_are_still_read() -> None:
    # Version 1 wrote a meld's readings in a field of their own, and pieces as pairs.
    meld = {
        "format": "scala40.move",
        "version": 1,
        "type": "meld",
        "cards": "8C 9C JK",
        "represented": "8C 9C 10C",
    }
    assert move_from_dict(meld) == parse_move("meld 8C 9C JK=10C")
    split = {
        "format": "scala40.move",
        "version": 1,
        "type": "split",
        "meld": 1,
        "added": "7S",
        "pieces": [["5S 6S JK", "5S 6S 7S"], ["7S 8S 9S", "7S 8S 9S"]],
    }
    assert move_from_dict(split) == Split(1, "7S", [("5S 6S JK", "5S 6S 7S"), ("7S 8S 9S", "")])


def test_a_meld_names_its_readings_once() -> None:
    with pytest.raises(SerializationError, match=r"inline in 'cards'.*or in 'represented'"):
        move_from_dict({"type": "meld", "cards": "8C 9C JK=10C", "represented": "8C 9C 10C"})
    with pytest.raises(SerializationError, match="field 'cards': bad card '10Q'"):
        move_from_dict({"type": "meld", "cards": "8C 9C JK=10Q"})


@pytest.mark.parametrize(
    "build",
    [
        lambda: move_from_dict({"type": "meld", "cards": "JK=5D 6D JK=JK"}),
        lambda: move_from_dict(
            {"version": 1, "type": "meld", "cards": "JK 5D 6D", "represented": "4D 5D JK"}
        ),
        lambda: parse_move("meld JK=5D 6D JK=JK"),
        lambda: PutDown("JK 5D 6D", "4D 5D JK"),
        lambda: parse_move("layoff 5S=JK #0 low"),
        lambda: LayOff("5S", 0, "low", "JK"),
        lambda: Split(0, "7S", [("5S 6S 7S", "5S 6S JK"), ("7S 8S 9S", "")]),
        lambda: chinchon.Close("7D", [("AS 2S 3S", "AS JK 3S")]),
        lambda: chinchon.MOVES.from_dict({"type": "close", "card": "7D", "melds": ["AS 2S=JK"]}),
        lambda: skarney.parse_move("meld 2S=JK 5S 6S"),
    ],
)
def test_a_card_never_stands_for_a_joker(build: Any) -> None:  # C-WILD
    # A wild card stands for a natural card: said to stand for a joker, in a text, a
    # dictionary or a value, the move is refused, never read as if nothing were said.
    with pytest.raises((InvalidMoveError, SerializationError), match="never for a joker"):
        build()


def _discard(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "scala40.move", "version": 1, "type": "discard"}
    data["card"] = "7H"
    data.update(changes)
    return {key: value for key, value in data.items() if value is not _DROP}


_DROP = object()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("discard 7H", "expected a mapping, got str"),
        (_discard(format="scala40.state"), "expected format 'scala40.move'"),
        (_discard(version=3), "unsupported version 3, expected 2"),
        (_discard(type="jump"), "unknown type 'jump'"),
        (_discard(card=_DROP), "missing ['card']"),
        (_discard(extra=1), "unknown ['extra']"),
        (_discard(card=7), "field 'card' has the wrong type: 7"),
        (_discard(card="7Z"), "field 'card': bad card '7Z'"),
        (
            {"format": "scala40.move", "version": 1, "type": "swap", "card": "8S", "meld": True},
            "field 'meld' has the wrong type: True",
        ),
        (
            {"format": "scala40.move", "version": 1, "type": "swap", "card": "8S", "meld": -1},
            "expected a table meld index from 0 to 10000, got -1",
        ),
        (
            {
                "format": "scala40.move",
                "version": 1,
                "type": "layoff",
                "card": "8S",
                "meld": 0,
                "end": "middle",
                "represents": None,
            },
            "expected one of low, high, set, got 'middle'",
        ),
        (
            {
                "format": "scala40.move",
                "version": 1,
                "type": "meld",
                "cards": "8C 9C JK",
                "represented": "8C 9C",
            },
            "a meld of 3 cards needs 3 represented cards, got 2",
        ),
        (
            {
                "format": "scala40.move",
                "version": 1,
                "type": "split",
                "meld": 0,
                "added": "7S",
                "pieces": [["5S 6S 7S"]],
            },
            "field 'pieces' must hold a list of melds, each as text",
        ),
    ],
)
def test_bad_dictionaries_are_refused_naming_the_problem(data: Any, message: str) -> None:
    with pytest.raises(SerializationError) as info:
        move_from_dict(data)
    assert message in str(info.value)
    assert str(info.value).startswith("move: ")


def test_from_dict_of_a_class_wants_that_class() -> None:
    data = move_to_dict(Discard("7H"))
    with pytest.raises(SerializationError, match="expected a SwapJoker, got a Discard"):
        SwapJoker.from_dict(data)
    moves: list[Move] = [
        DrawStock.from_dict(move_to_dict(DrawStock())),
        TakeDiscard.from_dict(move_to_dict(TakeDiscard())),
        TakeUpcard.from_dict(move_to_dict(TakeUpcard())),
        Deal.from_dict(move_to_dict(Deal())),
        Restock.from_dict(move_to_dict(Restock())),
    ]
    assert [str(move) for move in moves] == ["draw", "take", "upcard", "deal", "restock"]
