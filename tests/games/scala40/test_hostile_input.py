"""Hostile input to Scala 40: states, positions, rulesets, moves, records, the analysis.

The loaders check a state fully before accepting it; what they accept can be played on
with the engine's own moves to the end (or a long way), every card of the deck kept.
Everything else answers any value with a result or an error of the library, fast.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import (
    JOKER,
    PRESETS,
    GameState,
    InvalidStateError,
    MeldRules,
    Ruleset,
    SearchLimitError,
    SerializationError,
    Split,
    clear_caches,
)
from scala40.games.scala40.analysis import (
    MAX_HAND_CARDS,
    MAX_HAND_READINGS,
    Criterion,
    best_opening,
    can_close,
    can_open,
    closing_moves,
    hand_melds,
    min_deadwood,
)
from scala40.games.scala40.budget import MAX_SEARCH_WORK, WorkBudget
from scala40.games.scala40.rules import rules_for_match
from scala40.games.scala40.table.splits import split_moves
from scala40.records import GameRecord
from tests.games.scala40.helpers import make_position
from tests.hostile import (
    check_playable,
    fuzz_settings,
    hostile_texts,
    hostile_values,
    library_errors_only,
    position_arguments,
)

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

# -- states from real play, and their mutations ------------------------------------------------


# -- positions, new games, rulesets ------------------------------------------------------------

_POSITION_ARGS = position_arguments(GameState)


@fuzz_settings(150)
@given(changes=st.dictionaries(st.sampled_from(_POSITION_ARGS), hostile_values(), max_size=3))
def test_from_position_takes_any_argument_values(changes: dict[str, Any]) -> None:
    position: dict[str, Any] = {
        "hands": ["7S 8S 9S 2H KD", "3C 4C 5C 6H 9D"],
        "discard": "KC",
        "table": ["QD KD AD"],
        "opened": [True, False],
        "turns_played": [1, 1],
    }
    position.update(changes)
    state = library_errors_only(GameState.from_position, **position)
    if state is not None:
        check_playable(state, random.Random(1), 30, every=50)


@fuzz_settings(100)
@given(value=hostile_values())
def test_a_match_ruleset_takes_any_value(value: Any) -> None:
    # (Every game's state methods are the protocol suite's: tests/protocol/test_hostile_input.)
    library_errors_only(rules_for_match, Ruleset(), value)


# -- records -----------------------------------------------------------------------------------


@cache
def _record() -> dict[str, Any]:
    record = GameRecord.start("official", players=2, seed=9)
    state = record.initial_state()
    chooser = random.Random(9)
    for _ in range(40):
        move = state.legal_moves()[chooser.randrange(len(state.legal_moves()))]
        record = record.append(state, move)
        state = state.apply(move)
    return record.to_dict()


@fuzz_settings(100)
@given(
    field=st.sampled_from(["format", "version", "game", "game_version", "rules", "players",
                           "seed", "auto_chance", "moves"]),
    value=hostile_values(),
    move=st.one_of(hostile_texts(), hostile_values()),
)  # fmt: skip
def test_records_take_any_field_values(field: str, value: Any, move: Any) -> None:
    data = copy.deepcopy(_record())
    for changed in ({**data, field: value}, {**data, "moves": [*data["moves"][:5], move]}):
        record = library_errors_only(GameRecord.from_dict, changed)
        if record is not None:
            assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    library_errors_only(GameRecord.start, value, 2, 1)
    library_errors_only(GameRecord.start, None, value, 1)
    library_errors_only(GameRecord.start, None, 2, value)
    library_errors_only(GameRecord, Ruleset(), 2, value)
    library_errors_only(GameRecord.start(players=2).append, value, "draw")


# -- the analysis ------------------------------------------------------------------------------


@fuzz_settings(100)
@given(
    hand=st.one_of(
        st.lists(st.integers(0, 52), max_size=20), hostile_values(), st.just(["JK"] * 15)
    ),
    rules=st.one_of(st.none(), st.sampled_from(list(PRESETS.values())), hostile_values()),
    option=hostile_values(),
)
def test_analysis_takes_any_argument_values(hand: Any, rules: Any, option: Any) -> None:
    for call in (hand_melds, best_opening, can_open, min_deadwood):
        library_errors_only(call, hand, rules)
        library_errors_only(call, "7S 8S 9S JK", rules)
    for name in ("criterion", "keep", "must_include", "threshold"):
        library_errors_only(best_opening, "7S 8S 9S 9H 9D", **{name: option})
    library_errors_only(can_open, "7S 8S 9S", option)
    library_errors_only(can_open, "7S 8S 9S", 0, keep=option)
    library_errors_only(can_open, "7S 8S 9S", 0, must_include=option)
    library_errors_only(min_deadwood, "7S 8S 9S", table=option)
    library_errors_only(min_deadwood, "7S 8S 9S", table=[option])
    library_errors_only(min_deadwood, "7S 8S 9S", keep=option)
    state = GameState.from_position(
        hands=["7S 8S 9S 9H 9D 9C KD", "2C 3C 4C 5H 6H 7H QD"],
        discard="JC",
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )
    library_errors_only(can_close, option)
    library_errors_only(closing_moves, state, option)
    library_errors_only(can_close, state.apply("discard KD"), option)


def test_analysis_refuses_hands_larger_than_any_deal() -> None:
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H"
    assert len(hand.split()) == MAX_HAND_CARDS + 1
    for call in (best_opening, can_open, min_deadwood):
        with pytest.raises(ValueError, match="at most 14 cards"):
            call(hand)
    assert len(hand_melds(hand)) > 0  # listing melds takes larger sets of cards


def test_min_deadwood_refuses_a_table_the_deck_cannot_hold() -> None:
    with pytest.raises(ValueError, match="3 copies of 7S"):
        min_deadwood("7S", table=["7S 8S 9S", "5S 6S 7S"])
    with pytest.raises(ValueError, match="copies of JK"):
        min_deadwood("2C", table=[f"JK={rank}S {rank}H {rank}D" for rank in range(2, 10)])


# The slowest inputs found for best_opening (a hill climb over dense hands, every
# criterion, keep and threshold, under these rulesets), and, under raw MeldRules that allow
# any number of wild cards in a meld, hands whose melds pass MAX_HAND_READINGS (refused
# with SearchLimitError). benchmarks/bench_worst_inputs.py times them cold (the meld tables
# built again for each call): about 10 ms and 30 ms at worst. The test guards the bound
# with room for slow machines: exponential work would take seconds.
WORST_OPENINGS: list[tuple[str, str, Criterion, int | None, int]] = [
    ("multi2", "3S 4S 5S 6S 7S 3H 4H 5H 6H 7H JK JK JK JK", "deadwood", 120, 1),
    ("multi8", "4S 4S 5S 6S 7S 7S 8S 9S 10S 9H JK JK JK JK", "deadwood", 60, 2),
    ("multi8", "4S 5S 5S 6S 6S 7S 7S 8S 9S 10S 7H JK JK JK", "value", None, 2),
    ("multi2", "AS AS 2S 2S 3S 4S AH 2H 3H AD 2D 3D JK JK", "cards", 200, 2),
    ("official", "8S 9S 8H 8H 9H 10H JH 7D 8D 9D 8C 9C JK JK", "cards", 120, 2),
    ("high", "3S 4S 5S 6S 3H 4H 5H 6H 2D 3D 4D 5C JK JK", "cards", 120, 2),
    ("split", "AS AS 2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S", "deadwood", 80, 2),
    ("wild-2-to-7-big-sets", "9S 10S 10S 9H JH 3D 7D 9D JD AC AC 3C 4C 9C", "value", 0, 1),
    ("wild-2-3", "2S 4S 6S 7S 8S 6H 2D 5D 5D 6D 3C 5C 5C JK", "cards", 0, 1),
    ("wild-2-to-7", "3S 8S 9S 6H 9H JH 4D 5D 6D 9D 10D JD JC JC", "cards", 0, 1),
]
_WORST_RULES: dict[str, Ruleset | MeldRules] = {
    "official": Ruleset(),
    "multi2": Ruleset(max_jokers_per_meld=2, jokers=8),
    "multi8": Ruleset(max_jokers_per_meld=None, jokers=8),
    "high": Ruleset(high_card_values=True, lone_ace_scores_one=True, jokers=8),
    "split": Ruleset(split_sequences=True),
    "wild-2-to-7-big-sets": MeldRules(
        wild_ranks=frozenset(range(2, 8)), max_wilds=None, set_suits_distinct=False, set_max=8
    ),
    "wild-2-3": MeldRules(wild_ranks=frozenset({2, 3}), max_wilds=None),
    "wild-2-to-7": MeldRules(wild_ranks=frozenset(range(2, 8)), max_wilds=None),
}


@pytest.mark.parametrize(("rules", "hand", "criterion", "threshold", "keep"), WORST_OPENINGS)
def test_the_worst_openings_found_are_bounded(
    rules: str, hand: str, criterion: Any, threshold: int | None, keep: int
) -> None:
    clear_caches()
    library_errors_only(
        best_opening,
        hand,
        _WORST_RULES[rules],
        criterion=criterion,
        threshold=threshold,
        keep=keep,
    )


def test_hands_with_too_many_meld_readings_are_refused() -> None:
    # MAX_HAND_READINGS: 14 cards of which 5 are wild, any number of them in a meld.
    clear_caches()
    rules = _WORST_RULES["wild-2-to-7"]
    hand = "3S 8S 9S 6H 9H JH 4D 5D 6D 9D 10D JD JC JC"
    for call in (hand_melds, best_opening):
        with pytest.raises(SearchLimitError, match="MAX_HAND_READINGS"):
            call(hand, rules)
    assert len(hand_melds("3S 8S 9S 6H 9H", rules)) < MAX_HAND_READINGS


def test_scala40_rulesets_stay_far_below_the_readings_bound() -> None:
    # Dense hands with up to eight jokers and no cap on jokers per meld (S40-JOKER
    # lifted): the readings of a 14-card hand stay in the hundreds.
    rng = random.Random(5)
    rules = Ruleset(jokers=8, max_jokers_per_meld=None).meld_rules
    for _ in range(200):
        low = rng.randint(1, 9)
        naturals = [suit * 13 + rank - 1 for suit in range(4) for rank in range(low, low + 5)]
        jokers = rng.randint(0, 8)
        hand = rng.sample(naturals * 2, 14 - jokers) + [JOKER] * jokers
        assert len(hand_melds(hand, rules)) <= MAX_HAND_READINGS // 10


def tangled_split_position() -> GameState:
    """The most tangled position found under S40-V-SPLIT: 14 cards with three jokers beside
    three table sequences, the splits of each listed."""
    return make_position(
        hands=["7D 4S 7S 6D JK JK 4D JK 4C 5H 7C 6D 6C 6S", "3H 9H 10H JH"],
        table=[
            "5S 5D 5C",
            "JK=6C 7C 8C",
            "2S 2H 2D",
            "5S 6S JK=7S 8S",
            "JK=KS KH KC",
            "JK=2C 3C 4C",
        ],
        rules=Ruleset(split_sequences=True, jokers=8),
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )


def test_the_splits_of_a_tangled_position_are_listed_within_their_budget() -> None:
    # S40-V-SPLIT: every split is listed (the sweep is exact within MAX_SEARCH_WORK), in
    # milliseconds with cold caches.
    clear_caches()
    state = library_errors_only(tangled_split_position)
    moves = library_errors_only(lambda: list(state.legal_moves()))
    splits = [move for move in moves if isinstance(move, Split)]
    assert len(moves) == 79
    assert len(splits) == 26
    assert {move.meld for move in splits} == {3}  # 5S 6S JK=7S 8S
    for move in splits:
        assert state.is_legal(move)


def test_splits_past_their_budget_raise_search_limit_error() -> None:
    # S40-V-SPLIT: the same sweep with a smaller budget stops, naming the limit.
    state = tangled_split_position()
    hand = state.hands[0]
    rules = state.rules.meld_rules
    clear_caches()
    with pytest.raises(SearchLimitError, match="MAX_SEARCH_WORK"):
        split_moves(hand, 3, state.table[3], rules, WorkBudget(100))
    budget = WorkBudget()
    found = [split_moves(hand, index, state.table[index], rules, budget) for index in (1, 3, 5)]
    assert 0 < MAX_SEARCH_WORK - budget.left < MAX_SEARCH_WORK // 2
    # Pieces with two jokers are never followed (S40-JOKER): the candidates are the 26
    # splits the lookahead keeps.
    assert sum(map(len, found)) == 26


def test_a_loaded_state_is_refused_when_it_is_a_dead_end() -> None:
    # S40-FIRST-ROUND: two cards must stay, so the 9S taken can't be melded: no legal move.
    position: dict[str, Any] = {
        "hands": ["7S 8S 9S 2C", "3H 4H 5H 9C"],
        "discard": "2D",
        "opened": [True, True],
        "turns_played": [1, 1],
        "phase": "play",
        "taken": "9S",
        "taken_must_use": True,
    }
    playable = GameState.from_position(**position)
    with pytest.raises(InvalidStateError, match="no legal move"):
        GameState.from_position(**{**position, "turns_played": [0, 0]})
    dead_end = attrs.evolve(playable, turns_played=(0, 0))
    with pytest.raises(SerializationError, match="no legal move"):
        GameState.from_dict(dead_end.to_dict())


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_soak_scala40() -> None:
    # nox -s soak: every fuzz test of this module again, with ten times the examples.
    test_from_position_takes_any_argument_values()
    test_a_match_ruleset_takes_any_value()
    test_records_take_any_field_values()
    test_analysis_takes_any_argument_values()
