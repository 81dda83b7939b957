"""Game states: positions and their validation, serialization, text forms, player views,
game records, and the perft fixtures (exact legal moves of hand-checked positions)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import scala40
from scala40 import (
    PRESETS,
    GameState,
    InvalidArgumentError,
    InvalidStateError,
    InvalidValueError,
    MoveIndexError,
    Phase,
    PlayerView,
    Ruleset,
    SerializationError,
    new_game,
    parse_cards,
)
from scala40.cards import format_cards
from scala40.records import GameRecord

PERFT_FILE = Path(__file__).parent / "fixtures" / "perft.json"


def two_players(**options: Any) -> GameState:
    position: dict[str, Any] = {
        "hands": ["7S 8S 9S 2H KD", "3C 4C 5C 6H 9D"],
        "discard": "KC",
        "table": ["QD KD AD"],
        "opened": [True, False],
        "turns_played": [1, 1],
    }
    position.update(options)
    return GameState.from_position(**position)


def problems_of(error: InvalidStateError) -> str:
    return " | ".join(error.problems)


# -- perft ------------------------------------------------------------------------------------


def _perft_positions() -> list[dict[str, Any]]:
    data = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
    assert data["format"] == "scala40.perft"
    positions: list[dict[str, Any]] = data["positions"]
    return positions


@pytest.mark.parametrize("entry", _perft_positions(), ids=lambda entry: str(entry["name"]))
def test_perft_legal_moves(entry: dict[str, Any]) -> None:
    assert entry["reason"]
    state = GameState.from_position(rules=PRESETS[entry["rules"]], seed=0, **entry["position"])
    moves = list(state.legal_moves())
    assert state.legal_moves().count() == len(moves) == entry["count"] == len(entry["moves"])
    assert sorted(str(move) for move in moves) == entry["moves"]
    for move in moves:
        assert state.apply(move).problems() == []


def test_perft_fixture_is_well_formed() -> None:
    positions = _perft_positions()
    assert 8 <= len(positions) <= 12
    assert len({entry["name"] for entry in positions}) == len(positions)
    for entry in positions:
        assert set(entry) == {"name", "rules", "position", "count", "moves", "reason"}
        assert entry["moves"] == sorted(entry["moves"])


# -- from_position validation -------------------------------------------------------------------


def test_from_position_reports_every_problem_in_one_error() -> None:
    # Bad card text, too many copies, an invalid table meld, and beside them the problems of
    # the other fields one by one: wrong list lengths, a turn out of range (how the fields
    # fit together is checked once every card is read).
    with pytest.raises(InvalidStateError) as info:
        GameState.from_position(
            hands=["7S XX JK JK", "JK JK JK 2D", "5H"],
            discard="KC",
            table=["2H 3H 5C"],
            opened=[True, False],
            active=[True, True, False],
            turn=7,
            opening_value=12,
        )
    text = problems_of(info.value)
    assert "hand 0" in text
    assert "XX" in text
    assert "JK" in text
    assert "the deck has 4" in text
    assert "table meld #0" in text
    assert "opened must have 3 entries" in text
    assert "turn must be a seat from 0 to 2" in text


def test_from_position_reports_all_text_problems_together() -> None:
    with pytest.raises(InvalidStateError) as info:
        GameState.from_position(
            hands=["7S XX", "3C 4C"],
            discard="QQ",
            table=["2H 3H 5C", "8C 9C JK=10C"],
            phase="lunch",
            taken="ZZ",
        )
    problems = info.value.problems
    assert len(problems) == 5
    text = problems_of(info.value)
    for part in ("hand 0", "discard pile", "table meld #0", "unknown phase 'lunch'", "taken"):
        assert part in text
    assert "table meld #1" not in text
    assert isinstance(info.value, ValueError)


def test_from_position_reports_every_card_placed_too_often() -> None:
    with pytest.raises(InvalidStateError) as info:
        GameState.from_position(hands=["7S 7S JK JK JK", "7S JK JK 2D"], discard="2D 2D")
    text = problems_of(info.value)
    assert "7S: 3 placed, but the deck has 2" in text
    assert "2D: 3 placed, but the deck has 2" in text
    assert "JK: 5 placed, but the deck has 4" in text


def test_from_position_with_an_explicit_stock_must_place_every_card() -> None:
    with pytest.raises(InvalidStateError) as info:
        GameState.from_position(hands=["7S", "8S"], discard="9S", stock="2C 3C")
    assert "in play, the deck has" in str(info.value)
    assert len(info.value.problems) > 50  # every missing card is named


def test_from_position_reports_wrong_list_lengths_together() -> None:
    with pytest.raises(InvalidStateError) as info:
        two_players(opened=[True], scores=[1, 2, 3], active=[True], turns_played=[])
    text = problems_of(info.value)
    for name in ("opened", "turns_played", "scores", "active"):
        assert f"{name} must have 2 entries" in text


def test_from_position_reports_consistency_problems_together() -> None:
    with pytest.raises(InvalidStateError) as info:
        two_players(
            active=[True, False],
            phase="play",
            opening_value=10,
            taken="AS",
            taken_must_use=True,
        )
    text = problems_of(info.value)
    assert "player 1 is out of the match but holds cards" in text
    assert "opening_value is set for a player who has opened" in text
    assert "taken from the discard pile is not in the player's hand" in text


def test_from_position_names_the_fields_before_how_they_fit() -> None:
    # Each field alone first: how the fields fit together means little while one is wrong.
    with pytest.raises(InvalidStateError) as info:
        two_players(dealer=4, scores=[-1, 0], active=[True, False], phase="play")
    text = problems_of(info.value)
    assert "dealer must be a seat from 0 to 1, got 4" in text
    assert "scores must hold integers from 0 to" in text
    assert "holds cards" not in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turn": 2}, "turn must be a seat from 0 to 1, got 2"),
        ({"turn": -1}, "turn must be a seat from 0 to 1, got -1"),
        ({"active": [False, True]}, "player 0 is to move but is out of the match"),
        ({"active": [False, False]}, "no player is still in the match"),
        ({"taken": "KC"}, "turn details (taken card, opening value) are set before the draw"),
        ({"opening_value": 5}, "set before the draw"),
        ({"phase": "play", "opening_value": -3, "opened": [False, False]}, "must not be negative"),
        ({"turns_played": [-1, 0]}, "turns_played must hold integers from 0 to"),
        ({"phase": "over"}, "the match is over but has no winner"),
    ],
)
def test_from_position_names_each_problem(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        two_players(**options)
    assert message in str(info.value)


def test_from_position_refuses_a_draw_from_an_empty_stock() -> None:
    hands = ["7S 8S 9S 2H KD", "3C 4C 5C 6H 9D"]
    placed = Counter(parse_cards(" ".join(hands) + " QD KD AD"))
    rest = format_cards(sorted((Counter(PRESETS["official"].deck.cards) - placed).elements()))
    with pytest.raises(InvalidStateError, match="the stock is empty at a draw"):
        two_players(stock="", discard=rest)
    # In the play phase an empty stock is fine: the hand ends after the discard.
    assert two_players(stock="", discard=rest, phase="play").problems() == []


def test_from_position_player_count_outside_the_rules() -> None:
    with pytest.raises(InvalidStateError, match="player_count must be from 2 to 5"):
        GameState.from_position(
            hands=["2S", "3S", "4S", "5S", "6S", "7S"], discard="", rules=PRESETS["online"]
        )


def test_from_position_defaults() -> None:
    state = two_players()
    assert state.dealer == 1  # the player to the right of the one to move
    assert state.hand_number == 1
    assert state.phase is Phase.DRAW
    assert state.scores == (0, 0)
    assert state.active == (True, True)
    assert state.opened_at_turn_start is True
    assert len(state.stock) == 108 - 10 - 1 - 3
    assert state.stock == two_players().stock  # shuffled from the seed (0)
    assert state.stock != two_players(seed=1).stock
    assert state.problems() == []
    state.validate()


# -- serialization ----------------------------------------------------------------------------------


def _state_dict() -> dict[str, Any]:
    state = two_players().apply("draw")
    return json.loads(json.dumps(state.to_dict()))  # type: ignore[no-any-return]


def test_to_dict_round_trips_through_json() -> None:
    state = two_players().apply("draw")
    data = _state_dict()
    assert data["format"] == "scala40.state"
    assert data["version"] == 2
    assert data["move_number"] == state.move_number == 1
    again = GameState.from_dict(data)
    assert again == state
    assert again.move_number == state.move_number
    assert hash(again) == hash(state)
    closed = GameState.from_position(
        hands=["9H", "AS KH"], discard="2D", opened=[True, True], phase="play", turns_played=[1, 1]
    ).apply("discard 9H")
    assert closed.last_hand is not None
    assert GameState.from_dict(json.loads(json.dumps(closed.to_dict()))) == closed
    over = GameState.from_position(
        hands=["9H", "AS KH"],
        discard="2D",
        opened=[True, True],
        phase="play",
        turns_played=[1, 1],
        rules=Ruleset(match_format="single"),
    ).apply("discard 9H")
    assert over.is_over
    assert GameState.from_dict(json.loads(json.dumps(over.to_dict()))) == over
    waiting = new_game(players=3, seed=2, auto_chance=False)
    assert GameState.from_dict(json.loads(json.dumps(waiting.to_dict()))) == waiting


def _broken(**changes: Any) -> dict[str, Any]:
    data = _state_dict()
    for key, value in changes.items():
        if value is _DELETE:
            del data[key]
        else:
            data[key] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_broken(format="scala40.record"), "expected format 'scala40.state'"),
        (_broken(version=3), "unsupported version 3"),
        (_broken(version="1"), "unsupported version '1'"),
        (_broken(turn=_DELETE), "missing fields ['turn']"),
        (_broken(colour="red"), "unknown fields ['colour']"),
        (_broken(players="2"), "players must be an integer"),
        (_broken(turn=True), "turn must be an integer"),
        (_broken(opened=[1, 0]), "opened must be a list of booleans"),
        (_broken(scores=[0, "1"]), "scores must be a list of at most 1000 integers"),
        (_broken(scores="0 0"), "scores must be a list of at most 1000 integers"),
        (_broken(auto_chance=1), "auto_chance must be true or false"),
        (_broken(rng="xyz"), "rng must be 16 hex digits"),
        (_broken(rng=5), "rng must be 16 hex digits"),
        (
            _broken(phase="lunch"),
            "phase must be one of 'deal', 'draw', 'play', 'restock', 'over', got 'lunch'",
        ),
        (_broken(hands="7S 8S"), "hands must be a list of card texts"),
        (_broken(table="7S 8S 9S"), "table must be a list of meld texts"),
        (_broken(stock=["7S"]), "stock must be card text"),
        (_broken(discard="7S QQ"), "discard: bad card 'QQ'"),
        (_broken(taken="7S 8S"), "taken must be one card"),
        (_broken(table=["2H 3H 5C"]), "table meld #0"),
        (_broken(last_hand="yesterday"), "last_hand must be a mapping or null"),
        (_broken(last_hand={"hand_number": 1}), "last_hand: missing fields"),
        (_broken(rules={"format": "scala40.ruleset"}), "ruleset: unsupported version"),
        (_broken(stock="2C"), "invalid state"),
        (_broken(winners=[0]), "the match has winners but is not over"),
    ],
)
def test_from_dict_refuses_malformed_data(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SerializationError) as info:
        GameState.from_dict(data)
    assert message in str(info.value)


@pytest.mark.parametrize("data", [None, [], "scala40.state", 3])
def test_from_dict_refuses_what_is_not_a_mapping(data: Any) -> None:
    with pytest.raises(SerializationError, match="expected a mapping"):
        GameState.from_dict(data)


# -- text forms ---------------------------------------------------------------------------------------


def test_repr_and_str() -> None:
    state = two_players(scores=[12, 40], active=[True, True])
    # The repr is Python that reads the position back (its cards by name).
    assert repr(state).startswith("scala40.position_from_text('scala40 official ")
    assert eval(repr(state), {"scala40": scala40}) == state
    text = str(state)
    lines = text.splitlines()
    assert lines[0] == "Hand 1, dealer 1, draw, player 0 to move"
    assert lines[1] == "Stock 94 cards; discard pile top KC (1 cards)"
    assert lines[2] == "  #0: QD KD AD"
    assert lines[3] == "Player 0 [12] opened: 7S 8S 9S 2H KD"
    assert lines[4] == "Player 1 [40] : 6H 9D 3C 4C 5C"  # hands are sorted by card code
    out = GameState.from_position(
        hands=["7S 8S 9S", "", "2C 3C 4C"],
        discard="",
        active=[True, False, True],
        scores=[0, 120, 5],
    )
    assert "Player 1 [120] out: " in str(out)
    assert "discard pile top - (0 cards)" in str(out)


# -- player views ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [-1, 2, True, "0", 0.0, None])
def test_player_view_rejects_bad_players(player: Any) -> None:
    state = two_players()
    error = InvalidValueError if type(player) is int else InvalidArgumentError
    with pytest.raises(error, match="player must be a seat from 0 to 1"):
        PlayerView.of(state, player)
    with pytest.raises(error):
        state.view(player)


def test_view_has_no_other_hands_and_no_stock_order() -> None:
    names = {field.name for field in attrs.fields(PlayerView)}
    assert "hands" not in names
    assert "stock" not in names
    assert "rng" not in names
    state = two_players()
    view = state.view(0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (5, 5)
    assert view.stock_size == len(state.stock)
    assert view.is_my_turn
    assert not state.view(1).is_my_turn


def test_views_equal_when_only_hidden_cards_differ() -> None:
    state = two_players()
    # Swap a card of player 1's hand with a stock card, and reverse the stock.
    hidden = state.hands[1][0]
    stock_card = state.stock[5]
    hands = (state.hands[0], tuple(sorted((*state.hands[1][1:], stock_card))))
    stock = list(state.stock)
    stock[5] = hidden
    other = attrs.evolve(state, hands=hands, stock=tuple(reversed(stock)), rng=state.rng + 1)
    assert other.problems() == []
    assert other != state
    assert other.view(0) == state.view(0)
    assert other.view(1) != state.view(1)
    with pytest.raises(
        InvalidArgumentError,
        match="seat 1 does not decide now: seat 0 does; seat 1 may only resign",
    ):
        state.view(1).legal_moves()


def test_view_unknown_cards_are_the_other_hands_and_the_stock() -> None:
    state = two_players()
    view = state.view(0)
    unknown = sorted(view.unknown_cards())
    assert unknown == sorted((*state.hands[1], *state.stock))


# -- game records ------------------------------------------------------------------------------------------


def _record_dict(moves: list[str]) -> dict[str, Any]:
    record = GameRecord.start("official", players=2, seed=3)
    data = record.to_dict()
    data["moves"] = moves
    return data


def test_record_round_trip() -> None:
    record = GameRecord.start("online", players=3, seed=12)
    state = record.initial_state()
    for _ in range(20):
        move = next(iter(state.legal_moves()))
        record = record.append(state, move)
        state = state.apply(move)
    data = json.loads(json.dumps(record.to_dict()))
    again = GameRecord.from_dict(data)
    assert again == record
    assert again.final_state() == state
    assert len(list(again.states())) == 21


def test_record_append_checks_the_move() -> None:
    record = GameRecord.start("official", players=2, seed=3)
    state = record.initial_state()
    with pytest.raises(Exception, match="S40-TURN"):
        record.append(state, "discard 2S")


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["discard 2S"], "move 0 ('discard 2S')"),
        (["draw", "draw"], "move 1 ('draw')"),
        (["jump"], "move 0 ('jump')"),
    ],
)
def test_record_from_dict_refuses_an_illegal_move(moves: list[str], message: str) -> None:
    with pytest.raises(SerializationError) as info:
        GameRecord.from_dict(_record_dict(moves))
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "scala40.state"}, "expected format 'scala40.record'"),
        ({"version": 9}, "unsupported version 9"),
        ({"extra": 1}, "expected fields"),
        ({"players": "2"}, "players must be an integer"),
        ({"seed": "abc"}, "seed must be an integer"),
        ({"moves": "draw"}, "moves must be a list of move texts"),
        ({"moves": [1]}, "moves must be a list of move texts"),
        ({"auto_chance": "yes"}, "auto_chance must be true or false"),
        ({"players": 9}, "record: players must be from 2 to 6, got 9"),
        ({"seed": "1.5"}, "record: seed must be an integer of at most 40 digits"),
        ({"seed": "²"}, "record: seed must be an integer of at most 40 digits"),
    ],
)
def test_record_from_dict_refuses_malformed_data(change: dict[str, Any], message: str) -> None:
    data = _record_dict([])
    data.update(change)
    with pytest.raises(SerializationError) as info:
        GameRecord.from_dict(data)
    assert message in str(info.value)


def test_from_position_refuses_a_must_use_take_before_opening_s40_draw_stock() -> None:
    # S40-DRAW-STOCK: a player who has not opened draws only from the stock, unless
    # S40-V-EARLYDISCARD lets him take the top discard for his opening.
    position: dict[str, Any] = {
        "hands": ["KD KH KC 10H JH QH 2C", "5H 6H"],
        "discard": "JC",
        "opened": [False, True],
        "taken": "KD",
        "taken_must_use": True,
        "phase": "play",
        "turns_played": [1, 1],
    }
    with pytest.raises(InvalidStateError, match="S40-V-EARLYDISCARD"):
        GameState.from_position(**position)
    early = GameState.from_position(rules=Ruleset(discard_draw_to_open=True), **position)
    assert early.taken in early.hands[0]


def test_from_position_refuses_an_unopened_player_left_with_one_card_s40_open() -> None:
    # S40-OPEN: a player who has not opened melds only towards his opening, which opens
    # him once complete, so he never holds a single card after the draw; nor does a player
    # to move ever hold no card (S40-CLOSE ends the hand).
    position: dict[str, Any] = {
        "hands": ["KD", "5H 6H 7H"],
        "discard": "JC",
        "opened": [False, True],
        "phase": "play",
        "turns_played": [1, 1],
    }
    with pytest.raises(InvalidStateError, match=r"has not opened but holds a single card"):
        GameState.from_position(**position)
    opened = GameState.from_position(**{**position, "opened": [True, True]})
    assert [str(move) for move in opened.legal_moves()] == ["discard KD"]
    with pytest.raises(InvalidStateError, match="is to move but holds no card"):
        GameState.from_position(**{**position, "hands": ["", "5H 6H 7H"]})


def test_legal_moves_are_a_sequence() -> None:
    state = new_game("official", players=2, seed=3).apply("draw")
    moves = state.legal_moves()
    listed = list(moves)
    assert moves[0] == listed[0]
    assert moves[-1] == listed[-1]
    assert moves[1:4] == tuple(listed[1:4])
    assert random.Random(5).choice(moves) == random.Random(5).choice(listed)


@pytest.mark.parametrize("index", [40, -41])
def test_legal_move_index_out_of_range(index: int) -> None:
    state = new_game("official", players=2, seed=3).apply("draw")
    count = state.legal_moves().count()
    assert count < 40
    with pytest.raises(MoveIndexError, match=f"index {index} is out of range: there are {count}"):
        state.legal_moves()[index]


@pytest.mark.parametrize("index", ["0", 1.0, True, None])
def test_legal_moves_refuse_an_index_of_another_kind(index: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="indexed by an integer or a slice"):
        new_game(players=2, seed=3).legal_moves()[index]
