"""The work budget of Scala 40's searches: the worst inputs found stay within a quarter of a
second of CPU, answered or refused with :class:`SearchLimitError`; where a search completes
it gives the answer the exhaustive search gives; and what a call pays never depends on what
other calls asked before.

The inputs kept here are the slowest found (by hand and by random search over dense
hands and tables); ``benchmarks/bench_worst_inputs.py`` prints their figures.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40 import GameState, Ruleset, SearchLimitError, clear_caches, new_game
from scala40.games.scala40.analysis import min_deadwood
from scala40.games.scala40.bots import GreedyBot
from scala40.games.scala40.budget import MAX_SEARCH_WORK, WorkBudget, shared_budget
from scala40.games.scala40.closing import CloseSearch
from scala40.games.scala40.moves import Move
from scala40.games.scala40.splits import split_moves
from tests.games.scala40.helpers import make_position
from tests.games.scala40.test_hostile_input import tangled_split_position
from tests.hostile import library_errors_only

CPU_LIMIT = 0.25
"""The most CPU seconds any call of the public API may take."""


def _unopened_split_position() -> GameState:
    """A real position of greedy play under S40-V-SPLIT, eight jokers: a player who has not
    opened, 14 cards, whose closing search was among the costliest met."""
    return make_position(
        hands=["6S 7S 8S 9S AH 5H JH 3D 5D 7D 10D JD 10C JK", "3H 9H 10C"],
        table=["10H JK=JH QH", "10H JK=JH QH KH", "6D JK=7D 8D"],
        rules=Ruleset(split_sequences=True, jokers=8),
        opened=[False, True],
        turns_played=[3, 3],
        phase="play",
    )


WORST_CLOSES: list[tuple[str, Any, bool]] = [
    ("14 cards, 3 jokers, 3 table sequences (S40-V-SPLIT)", tangled_split_position, True),
    ("14 cards, not opened, 8 jokers (S40-V-SPLIT)", _unopened_split_position, False),
]
"""``closing_moves`` inputs: a name, a function making the state, whether it closes."""

_MULTI8 = Ruleset(jokers=8, max_jokers_per_meld=None)
WORST_DEADWOODS: list[tuple[str, Ruleset, str, list[str], int]] = [
    (
        "5 jokers, no cap on jokers per meld",
        _MULTI8,
        "2C 3C 4C 5C 6C 6C 7C 8C 8C JK JK JK JK JK",
        ["2S 2H 2C", "3C 4C 5C", "9S JK=9H 9D", "7S 7H 7D", "9C 10C JC QC KC", "9C JK=10C JC"],
        1,
    ),
    (
        "4 jokers, no cap on jokers per meld",
        _MULTI8,
        "5H 6H 6H 7H 8H 9H 9H 10H 10H JH JK JK JK JK",
        ["9S JK=9H 9D 9C", "7S 7H 7D", "AS JK=AH AD AC", "JK=JH QH KH", "3H 3D 3C", "JH QH KH"],
        0,
    ),
]
"""``min_deadwood`` inputs: a name, the rules, the hand, the table, ``keep``."""


@pytest.mark.parametrize(("name", "make", "closes"), WORST_CLOSES)
def test_the_worst_closing_searches_stay_within_a_quarter_second_s40_v_split(
    name: str, make: Any, closes: bool
) -> None:
    # S40-V-SPLIT, S40-CLOSE: answered within the budget, cold.
    state = make()
    clear_caches()
    budget = WorkBudget()

    def search() -> tuple[Move, ...] | None:
        with shared_budget(budget):
            return CloseSearch(state, budget).run()

    found = library_errors_only(search, seconds=CPU_LIMIT)
    assert budget.left >= 0, name
    assert (found is not None) == closes, name
    if found is None:
        return
    after = state
    for move in found:
        after = after.apply(move)
    assert after.hand_number != state.hand_number or after.is_over


@pytest.mark.parametrize(("name", "rules", "hand", "table", "keep"), WORST_DEADWOODS)
def test_the_worst_deadwood_searches_stay_within_a_quarter_second(
    name: str, rules: Ruleset, hand: str, table: list[str], keep: int
) -> None:
    # S40-AFTER-OPEN, S40-SWAP: these searches are refused at the budget, fast.
    clear_caches()
    library_errors_only(min_deadwood, hand, rules, table=table, keep=keep, seconds=CPU_LIMIT)
    with pytest.raises(SearchLimitError, match="MAX_SEARCH_WORK"):
        min_deadwood(hand, rules, table=table, keep=keep)


def test_a_closing_search_past_its_budget_names_the_limit_s40_close() -> None:
    state = tangled_split_position()
    clear_caches()
    with pytest.raises(SearchLimitError, match="MAX_SEARCH_WORK"):
        CloseSearch(state, WorkBudget(2_000)).run()


def test_what_a_sweep_costs_does_not_depend_on_earlier_calls_s40_v_split() -> None:
    # A remembered list of splits costs a call what it cost when found; a call asking
    # twice pays once.
    state = tangled_split_position()
    hand, meld, rules = state.hands[0], state.table[3], state.rules.meld_rules
    clear_caches()
    cold = WorkBudget()
    split_moves(hand, 3, meld, rules, cold)
    warm = WorkBudget()
    split_moves(hand, 3, meld, rules, warm)
    assert cold.left == warm.left < MAX_SEARCH_WORK
    split_moves(hand, 3, meld, rules, warm)
    assert cold.left == warm.left


def _split_positions(count: int, size: int) -> list[GameState]:
    """Positions in the PLAY phase of greedy games under S40-V-SPLIT with eight jokers,
    hands of ``size`` cards or fewer (the exhaustive search takes seconds on some of the
    largest)."""
    rules = Ruleset(split_sequences=True, jokers=8)
    found: list[GameState] = []
    bot = GreedyBot()
    chooser = random.Random(3)
    seed = 0
    while len(found) < count:
        state = new_game(rules, players=3, seed=seed)
        seed += 1
        for _ in range(600):
            if state.is_over or state.hand_number > 1:
                break
            legal = list(state.legal_moves())
            player = state.current_player
            if player is None:
                state = state.apply(legal[0])
                continue
            if state.phase.value == "play" and len(state.hands[player]) <= size:
                found.append(state)
            move = (
                bot.choose(state.view(player), legal, chooser)
                if chooser.random() < 0.8
                else legal[chooser.randrange(len(legal))]
            )
            state = state.apply(move)
    return found[:count]


def test_the_closing_search_finds_what_the_exhaustive_search_finds_s40_v_split() -> None:
    # S40-V-SPLIT, S40-CLOSE: the exact test that prunes the search under S40-V-SPLIT
    # changes nothing but the work: the same moves as the search that tries every order
    # of every move.
    closing = 0
    for state in _split_positions(150, 9):
        pruned = CloseSearch(state, WorkBudget(10**9)).run()
        plain = CloseSearch(state, WorkBudget(10**9))
        plain.test = None
        expected = plain.run()
        assert pruned == expected, json.dumps(state.to_dict())
        closing += expected is not None
    assert closing >= 5
