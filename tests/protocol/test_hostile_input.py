"""Hostile input to every game, checked once over every registered game: states read
back from mutated dictionaries, new games, rulesets, moves written as text or as
dictionaries, and a state's methods, each given anything.

What a loader accepts can be played on with the engine's own moves (every card of the
deck kept, a legal move until the end, JSON round trips); everything else answers with a
result or an error of the library, fast (:func:`tests.hostile.library_errors_only`).
The mutations are made from what a state's dictionary holds (its numbers, flags, lists,
cards, options and last hand), so a game's new field is mutated the day it is declared.
Each game's own functions (its analysis, its position's arguments) have their own tests.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from inspect import signature
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots.registry import game_bots_of
from scala40.errors import SerializationError
from scala40.game import Game, game_names, load_game
from scala40.rulesets import option_kinds
from scala40.texts import text_of
from tests.hostile import (
    HUGE,
    check_mutated_state,
    check_playable,
    fuzz_settings,
    hostile_texts,
    hostile_values,
    library_errors_only,
    move_card,
)
from tests.options import one_option_changes, option_values

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

GAMES = [pytest.param(name, id=name) for name in game_names()]

_VALUES = [
    None, True, False, 0, -1, 1, 2, 3, 7, 13, 14, 10**9, 10**12, HUGE, 1.5, float("nan"),
    float("inf"), "", "x", "7S", "JK", "²", "0" * 16, [], [1], ["7S"], {}, {"a": 1},
]  # fmt: skip
"""Values a careless or hostile client sends in place of any field."""


@cache
def played_states(name: str) -> tuple[Any, ...]:
    """States met in seeded random games of ``name``, under each preset and three rulesets
    that change an option each, with the chance steps played by the engine and
    explicitly: the material the mutations start from."""
    game = load_game(name)
    rules_list = [game.ruleset_type.preset(preset) for preset in game.ruleset_type.preset_names()]
    rules_list += [rules for _, rules in list(one_option_changes(game.ruleset_type))[::7]]
    chooser = random.Random(11)
    found: list[Any] = []
    for number, rules in enumerate(rules_list):
        for auto_chance in (True, False):
            span = rules.max_players - rules.min_players + 1
            state = game.new_game(
                rules, rules.min_players + number % span, number, auto_chance=auto_chance
            )
            for step in range(500):
                if (
                    step % 29 == 0
                    or state.is_over
                    or state.current_player not in (None, state.turn)
                ):
                    found.append(state)
                if state.is_over:
                    break
                moves = state.legal_moves()
                state = state.apply(moves[chooser.randrange(len(moves))])
    return tuple(found)


@cache
def _results(name: str) -> tuple[Any, ...]:
    """The hands' results the played states hold, as their dictionaries write them."""
    return tuple(
        data["last_hand"]
        for data in (state.to_dict() for state in played_states(name))
        if data.get("last_hand") is not None
    )


def _card_places(data: dict[str, Any]) -> list[tuple[str, int | None]]:
    """Where a dictionary holds cards as text: whole fields, and entries of lists of them
    (the hands)."""
    places: list[tuple[str, int | None]] = []
    for key, value in data.items():
        if key in ("format", "version", "phase", "rng"):
            continue
        if isinstance(value, str) and value and value.split()[0][:1] in "A23456789JQK1":
            places.append((key, None))
        elif isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            places += [(key, index) for index in range(len(value))]
    return places


def _mutate(name: str, data: dict[str, Any], rng: random.Random) -> None:
    """One change to a state's dictionary: a field set to any value, the phase changed, a
    card moved, a number nudged, a flag flipped, a list changed, an option changed, or
    the last hand's result changed (or one of another state put in)."""
    game = load_game(name)
    keys = sorted(key for key in data if key not in ("format", "version"))
    kind = rng.randrange(8)
    if kind == 0:
        data[rng.choice(keys)] = rng.choice(_VALUES)
    elif kind == 1:
        state_type = type(game.new_game(None, game.default_players, 1))
        data["phase"] = rng.choice([phase.value for phase in state_type.PHASES])
    elif kind == 2:
        places = _card_places(data)
        if places:
            move_card(data, rng, places, moved=0.7)
    elif kind == 3:
        numbers = [key for key in keys if type(data[key]) is int]
        key = rng.choice(numbers)
        data[key] += rng.choice([-2, -1, 1, 2, 40, 100])
    elif kind == 4:
        flags = [key for key in keys if type(data[key]) is bool]
        if flags:
            key = rng.choice(flags)
            data[key] = not data[key]
    elif kind == 5:
        lists = [key for key in keys if isinstance(data[key], list) and key != "hands"]
        key = rng.choice(lists)
        value = data[key]
        if value and rng.random() < 0.7:
            index = rng.randrange(len(value))
            if isinstance(value[index], bool):
                value[index] = not value[index]
            elif type(value[index]) is int:
                value[index] += rng.choice([-1, 1, 3, 30, 200])
        else:
            data[key] = [rng.randrange(4) for _ in range(rng.randrange(5))]
    elif kind == 6 and isinstance(data.get("rules"), dict):
        options = data["rules"].get("options")
        if isinstance(options, dict) and options:
            option = rng.choice(option_kinds(game.ruleset_type))
            declared = option_values(option, options.get(option.name))
            value = rng.choice([*_VALUES, *declared]) if declared else rng.choice(_VALUES)
            options[option.name] = getattr(value, "value", value)
    elif kind == 7:
        last = data.get("last_hand")
        if isinstance(last, dict) and last:
            last[rng.choice(sorted(last))] = rng.choice([*_VALUES, [0, 1], [5, 5], [0, 0, 0]])
        elif _results(name):
            data["last_hand"] = json.loads(json.dumps(rng.choice(_results(name))))


def _mutated(name: str, seed: int, moves: int) -> str:
    return check_mutated_state(
        played_states(name),
        lambda data, rng: _mutate(name, data, rng),
        seed,
        moves,
        counted=_all_placed,
    )


def _all_placed(state: Any) -> bool:
    # At a deal the hands are not dealt yet: the cards are counted once the deal is played.
    return not state.is_chance and any(state.hands)


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(40, soak_examples=3000)
@given(seed=st.integers(0, 2**32))
def test_mutated_states_are_refused_or_play_on(name: str, seed: int) -> None:
    _mutated(name, seed, 80)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(1500, soak_examples=20_000)
@given(seed=st.integers(0, 2**32))
def test_mutated_states_are_refused_or_play_to_the_end(name: str, seed: int) -> None:
    _mutated(name, seed, 5000)


@pytest.mark.parametrize("name", GAMES)
def test_a_joker_more_or_fewer_than_the_deck_holds_is_refused(name: str) -> None:
    """C-DECK: every kind of card of a state is counted against its deck, the jokers too:
    a saved state with a joker added to its stock, or taken from it where the deck has
    jokers, is refused, the message naming the joker."""
    game = load_game(name)
    state = game.new_game(None, game.default_players, 3)
    data = state.to_dict()
    more = {**data, "stock": f"{data['stock']} JK".strip()}
    with pytest.raises(SerializationError, match="JK: "):
        type(state).from_dict(more)
    cards = data["stock"].split()
    if "JK" in cards:
        cards.remove("JK")
        with pytest.raises(SerializationError, match="JK: "):
            type(state).from_dict({**data, "stock": " ".join(cards)})


@pytest.mark.parametrize("name", GAMES)
def test_mutations_are_accepted_too(name: str) -> None:
    # The check means something only if some mutated states are accepted (and played).
    outcomes = Counter(_mutated(name, seed, 5) for seed in range(120))
    assert outcomes["played"] >= 5
    assert outcomes["refused"] >= 5


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(50)
@given(
    rules=st.one_of(st.none(), hostile_values()),
    preset=st.integers(0, 10),
    players=st.one_of(st.integers(-1, 9), hostile_values()),
    seed=st.one_of(st.integers(), hostile_values()),
    extra=st.dictionaries(st.sampled_from(["auto_chance", "dealer"]), hostile_values()),
)
def test_new_game_takes_any_argument_values(
    name: str, rules: Any, preset: int, players: Any, seed: Any, extra: dict[str, Any]
) -> None:
    game = load_game(name)
    names = game.ruleset_type.preset_names()
    given_rules = names[preset] if rules is None and preset < len(names) else rules
    # (A game whose first dealer is always drawn takes no dealer.)
    extra = {
        key: value for key, value in extra.items() if key in signature(game.new_game).parameters
    }
    library_errors_only(game.new_game, given_rules, players, seed, **extra)


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(80)
@given(data=st.data())
def test_rulesets_take_any_option_values(name: str, data: st.DataObject) -> None:
    game = load_game(name)
    ruleset = game.ruleset_type
    options = ruleset.option_names()
    changes = data.draw(
        st.dictionaries(
            st.one_of(st.sampled_from(options), st.text(max_size=8)), hostile_values(), max_size=3
        )
    )

    # Called through closures: a drawn name may be the harness's own keyword (``seconds``).
    def ruleset_made() -> Any:
        return ruleset(**changes)

    def default_replaced() -> Any:
        return ruleset.default().replace(**changes)

    rules = library_errors_only(ruleset_made) if set(changes) <= set(options) else None
    library_errors_only(default_replaced)
    serialized: dict[str, Any] = ruleset.default().to_dict()
    serialized["options"].update(changes)
    loaded = library_errors_only(ruleset.from_dict, serialized)
    if rules is not None:
        assert ruleset.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    if loaded is not None:
        state = game.new_game(loaded, loaded.min_players, 3)
        check_playable(state, random.Random(3), 40, counted=_all_placed)
    for value in changes.values():
        library_errors_only(ruleset.option_rule, value)
        library_errors_only(ruleset.preset, value)
        library_errors_only(ruleset.resolve, value)
        library_errors_only(ruleset.default().differences, value)
        library_errors_only(ruleset.default().with_match_format, value)
        if game.hand_value is not None:
            library_errors_only(game.hand_value, value, value)
        least = game_bots_of(game).least_deadwood
        if least is not None:
            library_errors_only(least, value, value)


def _verbs(game: Game) -> list[str]:
    assert game.move_set is not None
    return [*game.move_set.by_verb, "x"]


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(100)
@given(
    data=st.data(),
    words=st.lists(
        st.one_of(hostile_texts(), st.sampled_from([":", "/", "#2", "JK=5D"])), max_size=8
    ),
)
def test_move_text_reads_as_a_move_or_a_move_error(
    name: str, data: st.DataObject, words: list[str]
) -> None:
    game = load_game(name)
    verb = data.draw(st.sampled_from(_verbs(game)))
    text = " ".join([verb, *words])
    for given_text in (text, words[0] if words else ""):
        move = library_errors_only(game.parse_move, given_text)
        if move is not None:
            assert game.parse_move(str(move)) == move
            assert game.move_from_dict(json.loads(json.dumps(game.move_to_dict(move)))) == move


@cache
def _listed_moves(name: str) -> tuple[Any, ...]:
    """One listed move of each kind met in the played states (the material of the move
    dictionaries' mutations)."""
    kinds: dict[type, Any] = {}
    for state in played_states(name):
        for move in state.legal_moves():
            kinds.setdefault(type(move), move)
    return tuple(kinds[kind] for kind in sorted(kinds, key=lambda kind: kind.__name__))


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(100)
@given(
    data=st.data(),
    changes=st.dictionaries(st.text(max_size=10), hostile_values(), max_size=2),
    value=st.one_of(
        hostile_values(),
        st.lists(st.lists(st.sampled_from(["8C 9C JK", "8C 9C 10C", "", "x", "JK"]), max_size=3)),
    ),
)
def test_move_dictionaries_take_any_field_values(
    name: str, data: st.DataObject, changes: dict[str, Any], value: Any
) -> None:
    game = load_game(name)
    move_data = game.move_to_dict(data.draw(st.sampled_from(_listed_moves(name))))
    field = data.draw(st.sampled_from(sorted(move_data)))
    for dictionary in ({**move_data, field: value}, {**move_data, **changes}):
        move = library_errors_only(game.move_from_dict, dictionary)
        if move is not None:
            assert game.move_from_dict(game.move_to_dict(move)) == move


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(60)
@given(value=hostile_values(), other=hostile_values())
def test_state_methods_take_any_value(name: str, value: Any, other: Any) -> None:
    game = load_game(name)
    text = text_of(game)
    state = game.new_game(None, game.default_players, 4)
    while state.current_player is None and not state.is_over:
        state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    view = state.view(0)
    for call in (
        state.apply, state.apply_turn, state.is_legal, state.verify, state.can, state.view,
        state.chance_move, state.parse_move, state.legal_moves().__getitem__,
        state.legal_moves().__contains__, view.sample, text.turn_hint, text.status,
    ):  # fmt: skip
        library_errors_only(call, value)
    library_errors_only(view.samples, value, other)
    library_errors_only(
        game.new_game(None, game.default_players, 1, auto_chance=False).chance_move, value
    )
    names = [f"seat {seat}" for seat in range(state.player_count)]
    library_errors_only(text.board, state, value, names, False)
    library_errors_only(text.board, state, 0, value, False)
    library_errors_only(text.board, state, 0, names, value)
    library_errors_only(text.board, value, 0, names, True)
    library_errors_only(text.events, state, value, names)
    library_errors_only(text.events, state, state, value)
    library_errors_only(text.final, value, other)
    library_errors_only(text.move, value, other)
    library_errors_only(text.move, state.legal_moves()[0], value)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_soak_every_game(name: str) -> None:
    # nox -s soak: every fuzz test of this module again (ten times the examples in the
    # long run).
    test_new_game_takes_any_argument_values(name)
    test_rulesets_take_any_option_values(name)
    test_move_text_reads_as_a_move_or_a_move_error(name)
    test_move_dictionaries_take_any_field_values(name)
    test_state_methods_take_any_value(name)
