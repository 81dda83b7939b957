"""The knock family's three readers of a close and of a knock agree (CH-CLOSE,
LC-CLOSECAP, RU-KNOCK).

A close or a knock is read by three parts of the family's engine: the engine's handler,
which refuses a move naming the rule it breaks; the move generator, which lists the
legal moves; and the arrangement search, which finds a hand's melds. Their conditions
are written once (:mod:`scala40.games._knock.conditions`); this property holds the three
to each other for every preset of every knock game (the library's and the variant of
``tests/knock_variant.py``) and for rulesets drawn from the options' declarations
(:mod:`tests.options`), in the states of seeded games:

* every close and every knock the generator lists, the engine accepts, checking it as
  a move sent from outside;
* of a wide universe of closes, every card of the hand discarded with every arrangement
  of the other cards (found by the brute-force oracle, :mod:`tests.games.knock.oracle`),
  each one the engine accepts is listed;
* for each card discarded, the close showing the search's best arrangement of the cards
  kept (C-ARRANGE) is listed exactly when the engine accepts it, and no close listed
  leaves less unmatched than it; a knock is listed exactly when the search finds the
  hand an arrangement within the knock's limits, after the player's first turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.bots import RandomBot
from scala40.bots.registry import game_bots_of
from scala40.errors import IllegalMoveError
from scala40.game import Game, game_names, load_game
from scala40.games._knock import engine
from scala40.games._knock.arrange import best_arrangement, least_unmatched
from scala40.games._knock.moves import KNOCK_MOVE, Close
from scala40.games._knock.phases import Phase
from scala40.games._knock.profile import Ending
from scala40.games._knock.state import KnockState
from tests import knock_variant
from tests.games.knock import oracle
from tests.options import rulesets
from tests.protocol.cases import soak_unless_default
from tests.protocol.tally import TALLY, long_run

MAX_ACTIONS = 200
"""Actions of each game played: a few hands, most of them ended by a close or a knock."""
NEAR_STATES = 8
"""The states of each game, among those near a close, whose best closes by the search
the engine and the generator judge (each asks the search once for every card)."""
UNIVERSE_STATES = 2
"""Of those, the states whose every close, discarded card by arrangement, the engine
judges too (the oracle's walk of a hand's partitions takes a tenth of a second)."""
NEAR = 6
"""How far over the close's limit a hand's best close may be for its state to be near
one (where a bound that cut too much would hide a close)."""


def _knock_games() -> list[Game]:
    games = [load_game(name) for name in game_names()]
    knock = [
        game
        for game in games
        if isinstance(game.new_game(None, game.default_players, 0), KnockState)
    ]
    return [*knock, knock_variant.GAME]


GAMES = _knock_games()


def _preset_cases() -> list[Any]:
    return [
        pytest.param(
            game,
            game.ruleset_type.preset(preset),
            id=f"{game.name}-{preset}",
            marks=soak_unless_default(game, preset),
        )
        for game in GAMES
        for preset in game.ruleset_type.preset_names()
    ]


def _accepts(state: Any, move: Any) -> bool:
    """Whether the engine accepts ``move``, checking it as a move sent from outside (the
    generator's list is not consulted)."""
    try:
        engine.apply(state, move)
    except IllegalMoveError:
        return False
    return True


def _played(game: Game, rules: Any, seed: int) -> Iterator[Any]:
    """The states of a seeded game of greedy players (who close and knock whenever they
    may) mixed with random ones (who keep hands going)."""
    chooser = random.Random(seed)
    greedy = game_bots_of(game).bots["greedy"]()
    state = game.new_game(rules, rules.min_players, seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        yield state
        legal = state.legal_moves()
        if state.is_chance:
            move = legal[0]
        else:
            bot = greedy if chooser.random() < 0.6 else RandomBot()
            move = bot.choose(state.view(state.current_player), list(legal), chooser)
        state = state.apply(move)


def _check_knock(state: Any, legal: list[Any]) -> None:
    knock = KNOCK_MOVE
    listed = knock in legal
    assert _accepts(state, knock) is listed, "the engine and the generator disagree (RU-KNOCK)"
    profile = state.profile
    hand = state.hands[state.turn]
    rules = state.rules
    found = least_unmatched(hand, profile, rules.knock_min_melded) <= rules.knock_limit
    assert listed is (state.turns_played[state.turn] >= 1 and found), "RU-KNOCK: the search"
    TALLY["knocks judged by the engine, the generator and the search"] += 1


def _near(state: Any, listed: set[Close]) -> bool:
    """Whether a close is listed, or near: for some card discarded, the least value the
    search leaves unmatched is within :data:`NEAR` of the limit (where a bound that cut
    too much would hide a close)."""
    if listed:
        return True
    profile = state.profile
    hand = state.hands[state.turn]
    for card in dict.fromkeys(hand):
        kept = list(hand)
        kept.remove(card)
        if least_unmatched(tuple(kept), profile) <= state.rules.close_limit + NEAR:
            return True
    return False


def _check_best_closes(state: Any, listed: set[Close]) -> None:
    """For each card discarded, the close showing the search's best arrangement of the
    cards kept is listed exactly when the engine accepts it, and no close listed with
    that card leaves less unmatched."""
    profile = state.profile
    hand = state.hands[state.turn]
    for card in dict.fromkeys(hand):
        kept = list(hand)
        kept.remove(card)
        best = best_arrangement(tuple(kept), profile)
        move = Close(card, best.melds)
        assert (move in listed) is _accepts(state, move), f"the search's best close: {move}"
        values = [_value(state, other) for other in listed if other.card == card]
        assert all(value >= best.value for value in values), "a close below the search's best"
    TALLY["hands whose best closes the engine, the generator and the search judged"] += 1


def _value(state: Any, move: Close) -> int:
    """What a close leaves unmatched."""
    left = list(state.hands[state.turn])
    for card in move.cards_from_hand():
        left.remove(card)
    return sum(state.profile.values[card] for card in left)


def _check_universe(state: Any, listed: set[Close]) -> None:
    """Every close the engine accepts, of every card discarded with every arrangement of
    the cards kept, is listed: an arrangement of the hand with the card discarded left
    unmatched is one of the cards kept."""
    hand = state.hands[state.turn]
    accepted: set[Close] = set()
    for melds, loose in oracle.arrangements(hand, state.profile):
        for card in dict.fromkeys(loose):
            move = Close(card, melds)
            if move in listed or _accepts(state, move):
                accepted.add(move)
    assert accepted == listed, "the engine accepts a close the generator does not list"
    TALLY["hands whose every close the engine judged"] += 1


def _check_game(game: Game, rules: Any, seed: int) -> None:
    nears = 0
    for state in _played(game, rules, seed):
        legal = list(state.legal_moves())
        ending = state.profile.ending
        if state.phase is Phase.DRAW and ending is Ending.KNOCK:
            _check_knock(state, legal)
        elif state.phase is Phase.PLAY and ending is Ending.CLOSE:
            listed = {move for move in legal if isinstance(move, Close)}
            for move in listed:
                assert _accepts(state, move), f"listed but refused: {move}"
            TALLY["closes listed and accepted"] += len(listed)
            if nears < NEAR_STATES and _near(state, listed):
                _check_best_closes(state, listed)
                if nears < UNIVERSE_STATES:
                    _check_universe(state, listed)
                nears += 1


@pytest.mark.parametrize(("game", "rules"), _preset_cases())
def test_the_engine_the_generator_and_the_search_agree_in_every_preset(
    game: Game, rules: Any
) -> None:
    _check_game(game, rules, seed=11)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
@settings(max_examples=40 if long_run() else 2, deadline=None)
@given(data=st.data())
def test_the_engine_the_generator_and_the_search_agree_under_drawn_rules(
    game: Game, data: st.DataObject
) -> None:
    rules = data.draw(rulesets(game.ruleset_type), label="rules")
    _check_game(game, rules, seed=data.draw(st.integers(0, 10**6), label="seed"))
