"""Positions as text (:mod:`scala40.notation`): the grammar's details, the errors that
name the field and its character, and hostile texts (the round trips of every game are
the protocol suite's, ``tests/protocol/test_notation.py``).
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scala40
from scala40._format.text_values import Cursor, codec_for
from scala40.errors import InvalidPositionError, Scala40Error
from scala40.game import load_game, position_from_text
from scala40.notation import MAX_POSITION_TEXT, grammar, position_head
from scala40.schema_parts import array, card_text, integer, meld_text, obj
from tests.hostile import fuzz_settings, hostile_values, library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)


def _played(name: str, players: int, moves: int, seed: int = 7) -> Any:
    game = load_game(name)
    state = game.new_game(None, players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    return state


SCALA40 = _played("scala40", 4, 40)
TEXT = SCALA40.to_text()
VIEW_TEXT = SCALA40.view(0).to_text()
GAME = load_game("scala40")


def _error(call: Any, text: object) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as raised:
        call(text)
    return raised.value


# ---------------------------------------------------------------- the grammar


def test_a_typical_four_player_scala40_position_is_a_few_hundred_characters() -> None:
    assert 150 < len(TEXT) < 400, TEXT
    fields = TEXT.split(" ")
    assert fields[:2] == ["scala40", "official"]
    assert fields[2].count("/") == 3  # four hands
    assert "JK=" in fields[3]  # a joker's reading on the table


def test_a_view_shows_the_other_hands_as_counts() -> None:
    fields = VIEW_TEXT.split(" ")
    assert fields[0] == "scala40@0"
    own, *others = fields[2].split("/")
    assert own == TEXT.split(" ")[2].split("/")[0]
    assert others == [str(len(hand)) for hand in SCALA40.hands[1:]]
    assert SCALA40.to_dict()["rng"] not in VIEW_TEXT


def test_rules_are_a_preset_and_the_options_that_differ() -> None:
    rules = scala40.Ruleset(jokers=3, opening_threshold=51)
    state = scala40.new_game(rules, players=2, seed=3)
    text = state.to_text()
    assert text.split(" ")[1] == "official,jokers=3,opening_threshold=51"
    assert GAME.state_from_text(text).rules == rules
    skarney = load_game("skarney")
    changed = skarney.ruleset_type.default().replace(contract_melds=(3, 3, 3, 3, 3, 3, 3))
    text = skarney.new_game(changed, players=4, seed=1).to_text()
    assert ",contract_melds=[3,3,3,3,3,3,3]" in text.split(" ")[1]
    assert skarney.state_from_text(text).rules == changed


def test_named_fields_come_in_any_order_and_are_left_out_at_their_usual_value() -> None:
    head, named = TEXT.split(" opened=")
    parts = ("opened=" + named).split(" ")
    again = GAME.state_from_text(" ".join([head, *reversed(parts)]))
    assert again == SCALA40
    assert GAME.state_from_text(TEXT + " taken=-") == SCALA40  # the usual value, written


def test_the_grammar_lists_every_field_of_every_game() -> None:
    for name in scala40.game_names():
        game = load_game(name)
        rows = grammar(game)
        keys = {row.key for row in rows}
        state = game.new_game(None, players=game.ruleset_type.default().min_players, seed=1)
        assert set(state.to_dict()) - {"format", "version", "players"} <= keys | {"resigned"}
        assert [row.place for row in rows[:3]] == ["1", "2", "3"]
        assert all(row.default is not None for row in rows if row.place.endswith("="))


def test_the_text_values_are_read_by_their_schema() -> None:
    melds = codec_for(array(meld_text()))
    assert melds.write(["8C 9C JK=10C", "5D 5H 5S"], 0) == "8C9CJK=10C/5D5H5S"
    cursor = Cursor("8C9CJK=10C/5D5H5S", "table", 0)
    assert melds.read(cursor, 0) == ["8C 9C JK=10C", "5D 5H 5S"]
    record = codec_for(obj({"points": array(integer()), "hands": array(card_text())}))
    assert record.write({"points": [3, -10], "hands": ["", "7S"]}, 0) == "[3,-10];[-,7S]"
    assert record.read(Cursor("[3,-10];[-,7S]", "x", 0), 0) == {
        "points": [3, -10],
        "hands": ["", "7S"],
    }
    # A list of one item that reads as nothing keeps its brackets.
    assert codec_for(array(card_text())).write([""], 0) == "[-]"
    assert codec_for(array(card_text())).read(Cursor("[-]", "x", 0), 0) == [""]


def test_anything_the_text_has_no_spelling_for_is_compact_json() -> None:
    codec = codec_for({"type": "object"})
    assert codec.write({"a b": [1, None]}, 0) == '{"a\\u0020b":[1,null]}'
    assert codec.read(Cursor('{"a\\u0020b":[1,null]}', "x", 0), 0) == {"a b": [1, None]}
    with pytest.raises(InvalidPositionError, match="JSON"):
        codec.read(Cursor("[" * 5000, "x", 0), 0)
    with pytest.raises(InvalidPositionError, match="NaN is not a number"):
        codec.read(Cursor("NaN", "x", 0), 0)


def test_position_from_text_reads_a_state_or_a_view_of_any_game() -> None:
    chinchon = _played("chinchon", 3, 25)
    assert position_from_text(chinchon.to_text()) == chinchon
    assert position_from_text(chinchon.view(2).to_text()) == chinchon.view(2)
    assert position_head(chinchon.view(2).to_text()) == ("chinchon", 2)
    error = _error(position_from_text, "bridge standard -")
    assert (error.field, error.position) == ("game", 0)
    assert "no game named 'bridge'" in str(error)


# ---------------------------------------------------------------- errors name the place


def _field(place: int, value: Any) -> Any:
    """A change of field ``place`` of the text to ``value(field)``."""

    def change(text: str) -> str:
        fields = text.split(" ")
        fields[place] = value(fields[place])
        return " ".join(fields)

    return change


_MISTAKES = [
    # (what is changed, the field the error names); Scala 40's fields in place: game,
    # rules, hands, table, discard, stock, phase, turn, dealer, hand number, scores, move
    # number, generator.
    (_field(6, lambda _: "plax"), "phase"),
    (_field(1, lambda _: "officiall"), "rules"),
    (_field(1, lambda rules: rules + ",jokers=99"), "rules"),
    (_field(1, lambda rules: rules + ",wings=2"), "rules"),
    (_field(1, lambda rules: rules + ",jokers=2,jokers=2"), "rules"),
    (_field(2, lambda hands: "4X" + hands[2:]), "hands"),
    (_field(3, lambda table: table + "="), "table"),
    (_field(10, lambda _: "0/0/x/0"), "scores"),
    (_field(10, lambda _: "0/0/0"), "scores"),
    (lambda text: re.sub(r"turns_played=(\S*)\d", r"turns_played=\1x", text), "turns_played"),
    (_field(7, lambda _: "9"), "turn"),
    (lambda text: text + " opened=0/0/0/0", "opened"),
    (_field(5, lambda stock: str(int(stock) + 1)), "stock"),
]


@pytest.mark.parametrize(("change", "field"), _MISTAKES)
def test_an_error_names_the_field_and_its_character(change: Any, field: str) -> None:
    text = change(TEXT)
    assert text != TEXT
    error = _error(GAME.state_from_text, text)
    assert error.field == field, str(error)
    assert error.position is not None
    assert str(error).startswith(f"{field} (character {error.position})")
    # The character is where the field starts, or inside it.
    spans = [match.span() for match in re.finditer(r"\S+", text)]
    assert any(begin <= error.position <= end for begin, end in spans)


def test_a_state_text_is_no_view_and_a_view_text_no_state() -> None:
    assert _error(GAME.view_from_text, TEXT).field == "game"
    assert _error(GAME.state_from_text, VIEW_TEXT).field == "game"
    assert "state_from_text" in str(_error(GAME.view_from_text, TEXT))
    chinchon = load_game("chinchon")
    error = _error(chinchon.state_from_text, TEXT)
    assert "a position of 'scala40', not of chinchon" in str(error)


def test_a_state_text_gives_every_hand_and_a_view_text_hides_the_others() -> None:
    hidden = TEXT.replace(TEXT.split(" ")[2].split("/")[1], "5", 1)
    assert "a state gives every card" in str(_error(GAME.state_from_text, hidden))
    shown = VIEW_TEXT.replace("/5/", "/5H6H6D7DKD/", 1)
    assert "expected the number of cards" in str(_error(GAME.view_from_text, shown))


def test_a_view_no_state_gives_is_refused() -> None:
    fields = VIEW_TEXT.split(" ")
    counts = fields[2].split("/")
    counts[1] = str(int(counts[1]) + 1)
    fields[2] = "/".join(counts)
    error = _error(GAME.view_from_text, " ".join(fields))
    assert str(error).startswith("no state gives this view")
    # The seat's own hand holds a card more than the deck has.
    own = fields[2].split("/")[0]
    error = _error(GAME.view_from_text, VIEW_TEXT.replace(own, "JKJKJK" + own[6:], 1))
    assert "no state gives this view" in str(error)


def test_a_stock_written_as_a_count_needs_its_generator_state() -> None:
    fields = TEXT.split(" ")
    rng = fields[fields.index("40") + 1]
    wrong = TEXT.replace(rng, "0" * 16)
    error = _error(GAME.state_from_text, wrong)
    assert error.field == "stock"
    assert "the generator state 0000000000000000 dealt" in str(error)


def test_bounds_and_characters() -> None:
    assert f"at most {MAX_POSITION_TEXT} characters" in str(
        _error(GAME.state_from_text, " " * (MAX_POSITION_TEXT + 1))
    )
    error = _error(GAME.state_from_text, TEXT.replace("4S", "4♠", 1))
    assert "not printable ASCII" in str(error)
    assert error.position == TEXT.index("4S") + 1
    assert "starts with its game and its rules" in str(_error(GAME.state_from_text, "scala40"))
    assert "at most 200 fields" in str(_error(GAME.state_from_text, TEXT + " x=1" * 200))
    error = _error(GAME.state_from_text, TEXT.rsplit(" opened=", 1)[0].rsplit(" ", 2)[0])
    assert error.field == "move_number"
    assert "ends before this field" in str(error)
    assert "expected a position's text" in str(_error(GAME.state_from_text, b"scala40"))


@fuzz_settings(60)
@given(value=hostile_values())
def test_any_value_is_refused_with_an_error_of_the_library(value: object) -> None:
    library_errors_only(GAME.state_from_text, value)
    library_errors_only(GAME.view_from_text, value)
    library_errors_only(position_from_text, value)


_TEXTS = [
    _played(name, 4 if name != "chinchon" else 3, 60).to_text() for name in scala40.game_names()
]
_VIEWS = [
    _played(name, 4 if name != "chinchon" else 3, 60).view(1).to_text()
    for name in scala40.game_names()
]


@fuzz_settings(150)
@given(data=st.data())
def test_mutated_texts_read_back_or_are_refused_within_the_bound(data: st.DataObject) -> None:
    """A text with a few characters changed, added or removed, fields swapped or cut: an
    error of the library within 0.25 s, or a position whose text reads back."""
    text = data.draw(st.sampled_from(_TEXTS + _VIEWS))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["replace", "insert", "delete", "swap", "cut"]))
        place = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        char = data.draw(st.sampled_from([*list("0123456789-/;,()[]=@ SHDCJKQA\n"), "é"]))
        if kind == "replace" and chars:
            chars[place] = char
        elif kind == "insert":
            chars.insert(place, char)
        elif kind == "delete" and chars:
            del chars[place]
        elif kind == "swap":
            fields = "".join(chars).split(" ")
            first, second = (
                data.draw(st.integers(0, len(fields) - 1)),
                data.draw(st.integers(0, len(fields) - 1)),
            )
            fields[first], fields[second] = fields[second], fields[first]
            chars = list(" ".join(fields))
        elif kind == "cut":
            chars = chars[:place]
    mutated = "".join(chars)
    found = library_errors_only(position_from_text, mutated, seconds=0.25)
    if found is not None:
        game = load_game(position_head(mutated)[0])
        again = found.to_text()
        reread = (
            game.state_from_text(again) if hasattr(found, "hands") else game.view_from_text(again)
        )
        assert reread == found


def test_an_error_of_the_library_is_all_that_escapes_whatever_the_field() -> None:
    fields = TEXT.split(" ")
    junk = [
        "",
        "-",
        "[",
        "(",
        "]",
        ")",
        "/",
        ";",
        ",",
        "=",
        "99999999999999999999999999999999999999999",
        "JK=JK",
        "[[[]]]",
    ]
    for place in range(len(fields)):
        for value in junk:
            changed = list(fields)
            changed[place] = value or "-"
            with contextlib.suppress(Scala40Error):
                GAME.state_from_text(" ".join(changed))
