"""Completeness of the legal moves, in every game: a move is listed exactly when the state
takes it.

Soundness (every listed move applies) is the protocol suite's; this is the other half of
the promise of the game page ("every listed move applies, and every move not listed is
refused"). For every registered game and preset, the example game, the knock variant and
the toy game, under rulesets drawn from the options' declarations (:mod:`tests.options`),
over the states of seeded random games, every candidate move that the move kinds'
declarations can write over the state's cards and table
(:func:`tests.protocol.candidates.candidate_moves`: every card onto every meld at every
end, every swap, every meld of the hand, every split, every close and arrangement,
bounded) is in ``legal_moves()`` exactly when ``is_legal`` accepts it (or, for a game of
the bare protocol, ``apply``).

Switches of one rule (S40-V-PLAYABLE's three discard bans, say) meet in one place of the
code, and their combinations come seldom in drawn rulesets: each combination is played
(:func:`tests.options.switch_combinations`), with states whose hand holds only cards that
extend a table meld (:func:`tests.protocol.candidates.with_a_playable_hand`), where every
discard left may be banned and a lift of the bans decides what the turn may do.

Equal table melds and repeated ranks come seldom in random games, and are where a
generator that keys its work by a meld's value goes wrong (two equal sets under
S40-V-FOURKIND were once one): each state checked is checked again with one of its table
melds repeated and a card for it in the hand
(:func:`tests.protocol.candidates.with_a_repeated_meld`).

The default run draws a few rulesets each game and preset; the soak (``nox -s soak``) many
more, and ``HYPOTHESIS_PROFILE=long`` more again.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.errors import IllegalMoveError
from scala40.game import Game, State
from scala40.movekinds import INDEX, MoveBase
from tests.adapters import toygame
from tests.options import one_option_changes, rulesets, switch_combinations
from tests.protocol.candidates import candidate_moves, with_a_playable_hand, with_a_repeated_meld
from tests.protocol.tally import TALLY, long_run
from tests.protocol.test_protocol import _every_game

_CASES = [
    pytest.param(game, preset, id=f"{game.name}-{preset}")
    for game in [*_every_game(), toygame.GAME]
    for preset in game.ruleset_type.preset_names()
]
"""Every game and preset, each in the default run: a few rulesets drawn from each preset
by default, many in the soak."""
_STEPS = 400
"""Actions per game played."""


def _kinds(game: Game) -> tuple[type[MoveBase], ...]:
    move_set = game.move_set if game.move_set is not None else toygame.MOVES
    return tuple(move_set.kinds)


def _accepts(state: Any, move: MoveBase) -> bool:
    """Whether ``state`` takes ``move``: its ``is_legal``, or, for a game of the bare
    protocol, whether ``apply`` takes it."""
    is_legal = getattr(state, "is_legal", None)
    if is_legal is not None:
        return bool(is_legal(move))
    try:
        state.apply(move)
    except IllegalMoveError:
        return False
    return True


def _described(state: Any) -> str:
    """``state`` as its dictionary (what rebuilds it), for a failure's message."""
    try:
        data = state.to_dict()
    except AttributeError:  # a game of the bare protocol
        return repr(state)
    data.pop("history", None)
    return json.dumps(data)


def check_complete(game: Game, state: State, chooser: random.Random) -> None:
    """Every candidate move of ``state`` is listed exactly when ``state`` takes it."""
    legal = state.legal_moves()
    count = 0
    for move in candidate_moves(state, _kinds(game), chooser):
        listed = move in legal
        accepted = _accepts(state, move)
        assert listed == accepted, (
            f"{game.name}: {move} is {'' if listed else 'not '}listed, but the state "
            f"{'takes' if accepted else 'refuses'} it, in {_described(state)}"
        )
        count += 1
    TALLY["candidate moves listed exactly when taken (completeness)"] += count


def _check_game(game: Game, data: st.DataObject, preset: str, states: int) -> None:
    if game is toygame.GAME:
        # The toy ruleset checks none of its values (no seat, a hand of more cards than
        # the deck): its presets alone make games.
        rules = game.ruleset_type.preset(preset)
    else:
        rules = data.draw(rulesets(game.ruleset_type, preset), label="rules")
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    chooser = random.Random(seed)
    state = game.new_game(rules, players, seed)
    checked = 0
    for _ in range(_STEPS):
        if state.is_over or checked >= states:
            break
        if not state.is_chance and chooser.random() < 0.25:
            check_complete(game, state, chooser)
            repeated = with_a_repeated_meld(state, chooser)
            if repeated is not None:
                check_complete(game, repeated, chooser)
                TALLY["states checked with a table meld repeated (completeness)"] += 1
            checked += 1
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


@pytest.mark.parametrize(("game", "preset"), _CASES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_move_the_kinds_can_write_is_listed_exactly_when_taken(
    game: Game, preset: str, data: st.DataObject
) -> None:
    _check_game(game, data, preset, states=4)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), _CASES)
@settings(
    max_examples=300 if long_run() else 20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_move_the_kinds_can_write_is_listed_exactly_when_taken_in_long_games(
    game: Game, preset: str, data: st.DataObject
) -> None:
    _check_game(game, data, preset, states=40)


def _plays_onto_the_table(state: Any) -> bool:
    """Whether a listed move of ``state`` names a table meld (a lay-off, a swap...)."""
    return any(
        field.metadata.get("codec") is INDEX
        for move in state.legal_moves()
        for field in attrs.fields(type(move))
    )


def _option_cases() -> list[Any]:
    return [pytest.param(game, id=game.name) for game in _every_game()]


@pytest.mark.parametrize("game", _option_cases())
def test_each_option_alone_keeps_the_listed_moves_complete(game: Game) -> None:
    """For each option of the game, a ruleset that changes it alone
    (:func:`tests.options.one_option_changes`) plays a game whose states where the player
    to move can play onto the table are checked with equal melds on the table (a few
    states of a game with no table, as they are). An option whose code keys its work by
    a meld's value, where two equal melds are two places, is met in every run, not only
    when drawn."""
    for name, rules in one_option_changes(game.ruleset_type):
        if rules is None:
            continue  # (every registered game's options change: tests/protocol/test_options.py)
        chooser = random.Random(name)
        players = min(max(game.default_players, rules.min_players), rules.max_players)
        state = game.new_game(rules, players, 7)
        checked = 0
        for _ in range(_STEPS):
            if state.is_over or checked >= 3:
                break
            if not state.is_chance and _plays_onto_the_table(state):
                # Two equal natural sets and their fourth card, every other time.
                fresh_set = checked % 2 == 0
                repeated = with_a_repeated_meld(state, chooser, fresh_set=fresh_set)
                if repeated is not None and _plays_onto_the_table(repeated):
                    check_complete(game, repeated, chooser)
                    checked += 1
            elif not (state.is_chance or getattr(state, "table", None)) and chooser.random() < 0.1:
                check_complete(game, state, chooser)
                checked += 1
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])


def _check_switches(game: Game, states: int) -> None:
    """Every combination of each group of switches of one rule: a seeded game of each,
    its states checked, each with the hand of the seat to decide made of cards that
    extend a table meld (``states`` such states a combination)."""
    for label, rules in switch_combinations(game.ruleset_type):
        if rules is None:
            continue  # a combination the ruleset refuses: no game plays it
        chooser = random.Random(label)
        for seed in range(40):
            players = min(max(game.default_players, rules.min_players), rules.max_players)
            state = game.new_game(rules, players, seed)
            checked = 0
            for _ in range(_STEPS):
                if state.is_over or checked >= states:
                    break
                if not state.is_chance:
                    playable = with_a_playable_hand(state, chooser)
                    if playable is not None and (
                        _plays_onto_the_table(playable) or chooser.random() < 0.1
                    ):
                        check_complete(game, playable, chooser)
                        TALLY["states checked with a hand of cards that extend the table"] += 1
                        checked += 1
                legal = state.legal_moves()
                state = state.apply(legal[chooser.randrange(len(legal))])
            if checked >= states:
                break


def _switch_cases() -> list[Any]:
    return [
        pytest.param(game, id=game.name)
        for game in _every_game()
        if any(True for _ in switch_combinations(game.ruleset_type))
    ]


@pytest.mark.parametrize("game", _switch_cases())
def test_every_combination_of_one_rules_switches_keeps_the_listed_moves_complete(
    game: Game,
) -> None:
    """Under every combination of the switches of one rule, a move is listed exactly when
    taken, in states where every card of the hand extends a table meld (a lay-off that
    leaves two cards, both banned by S40-V-PLAYABLE's switch for an opened player, was
    once refused when the closing switch was on too: S40-DISCARD lifts that ban)."""
    _check_switches(game, states=3)


@pytest.mark.slow
@pytest.mark.parametrize("game", _switch_cases())
def test_every_combination_of_one_rules_switches_keeps_the_listed_moves_complete_at_length(
    game: Game,
) -> None:
    _check_switches(game, states=40 if long_run() else 12)
