"""Hostile input to Skarney: states, positions, rulesets, moves, the analysis, the bot and
the command line's wording.

The loaders check a state fully before accepting it; what they accept can be played on
with the engine's own moves (every card of the deck kept, a legal move until the end).
Everything else answers any value with a result or an error of the library, fast.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.bots.skarney import GreedyBot
from scala40.cards import format_cards
from scala40.checks import describe
from scala40.cli.text.skarney import TEXT, meld_text
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    SearchLimitError,
    SerializationError,
)
from scala40.games.skarney import (
    PRESETS,
    GameState,
    Ruleset,
    hand_penalty,
    meld_points,
    new_game,
    with_modifiers,
)
from scala40.games.skarney.analysis import (
    MAX_HAND_CARDS,
    best_contract,
    can_make_contract,
    contract_size,
    contracts,
    hand_melds,
)
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.rules import meld_card_points
from tests.hostile import (
    BOUND_SECONDS,
    HUGE,
    assert_within,
    check_playable,
    cpu_seconds,
    fuzz_settings,
    hostile_values,
    library_errors_only,
    position_arguments,
)

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

# -- states from real play, and their mutations ------------------------------------------------


@cache
def played_states() -> tuple[GameState, ...]:
    """States met in seeded random games under every preset and a few variants, with the
    deals played by the engine and explicitly."""
    chooser = random.Random(11)
    found: list[GameState] = []
    variants = [
        *(PRESETS[name] for name in PRESETS),
        Ruleset(partnership=False, turn_limit=30, no_offer_back=True),
        Ruleset(partnership=False, hands=2, contract_melds=(1, 2), hand_bonus=(50, 60)),
        Ruleset(extend_limit_per_meld=None, melds_with_contract=False, tied_hand="no_bonus"),
    ]
    for number, rules in enumerate(variants):
        for auto_chance in (True, False):
            players = rules.min_players + number % (rules.max_players - rules.min_players + 1)
            state = new_game(rules, players, number, auto_chance=auto_chance)
            for step in range(500):
                if step % 23 == 0 or state.is_over:
                    found.append(state)
                if state.is_over:
                    break
                moves = state.legal_moves()
                state = state.apply(moves[chooser.randrange(len(moves))])
    return tuple(found)


def _all_placed(state: GameState) -> bool:
    # At a deal (hands not dealt yet) the cards are counted once the deal is played.
    return not state.is_chance and bool(state.hands) and any(state.hands)


# -- positions, new games, rulesets ------------------------------------------------------------

_POSITION_ARGS = position_arguments(GameState)


@fuzz_settings(150)
@given(changes=st.dictionaries(st.sampled_from(_POSITION_ARGS), hostile_values(), max_size=3))
def test_from_position_takes_any_argument_values(changes: dict[str, Any]) -> None:
    position: dict[str, Any] = {
        "hands": ["5S 5H 5D 7C 7C 7D 9S 9H JK KS", "AS 3C", "AH 4D", "AD 6S"],
        "table": [("8H 8D 8C", 1)],
        "contracts": [False, True],
    }
    position.update(changes)
    state = library_errors_only(GameState.from_position, **position)
    if state is not None:
        check_playable(state, random.Random(1), 30, counted=_all_placed)


@fuzz_settings(100)
@given(value=hostile_values(), other=hostile_values())
def test_skarneys_own_helpers_take_any_value(value: Any, other: Any) -> None:
    # (Every game's state methods are the protocol suite's: tests/protocol/test_hostile_input.)
    state = new_game("singles", players=3, seed=4).apply("draw")
    library_errors_only(state.side, value)
    library_errors_only(Ruleset().contract_size, value)
    library_errors_only(Ruleset().bonus, value)
    library_errors_only(with_modifiers, value)
    library_errors_only(with_modifiers, None, value)
    library_errors_only(meld_text, value, other)
    offer = next(move for move in state.legal_moves() if str(move).startswith("offer"))
    library_errors_only(TEXT.events, state, state.apply(offer), value)


# -- the analysis and the bot ------------------------------------------------------------------


@fuzz_settings(100)
@given(
    hand=st.one_of(
        st.lists(st.integers(0, 52), max_size=20), hostile_values(), st.just(["JK"] * 9)
    ),
    option=hostile_values(),
)
def test_analysis_takes_any_argument_values(hand: Any, option: Any) -> None:
    for call in (can_make_contract, contracts, best_contract):
        library_errors_only(call, hand)
        library_errors_only(call, "5S 5H 5D 7C 7C 7D 9S 9H JK", option)
        library_errors_only(call, "5S 5H 5D 7C 7C 7D 9S 9H JK", 1, option)
        library_errors_only(call, "5S 5H 5D 7C 7C 7D 9S 9H JK", size=option)
    for one in (hand_melds, hand_penalty, meld_points):
        library_errors_only(one, hand)
    library_errors_only(meld_points, "5S 5H 5D", option)
    library_errors_only(meld_card_points, option)
    library_errors_only(meld_card_points, "JK", in_wild_meld=option)
    library_errors_only(contract_size, option)
    library_errors_only(contract_size, 1, option)


@fuzz_settings(60)
@given(late=hostile_values(), view=hostile_values(), legal=hostile_values())
def test_the_bot_takes_any_option_and_argument(late: Any, view: Any, legal: Any) -> None:
    bot = library_errors_only(GreedyBot, late)
    library_errors_only(make_bot, f"greedy:late={describe(late, 30)}", "skarney")
    state = new_game("singles", players=2, seed=5).apply("draw")
    moves = list(state.legal_moves())
    rng = random.Random(0)
    library_errors_only(GreedyBot().choose, view, moves, rng)
    library_errors_only(GreedyBot().choose, state.view(state.turn), legal, rng)
    if bot is not None:
        assert bot.choose(state.view(state.turn), moves, rng) in moves


def _big_hand_position(size: int, seed: int, *, contract: bool) -> GameState:
    """Seat 0 of a two-player game holds ``size`` cards of a shuffled deck of eight jokers
    (a hand the game can build: one player takes every offer and keeps what he offers)."""
    rules = Ruleset(partnership=False, jokers=8)
    deck = list(rules.deck.cards)
    random.Random(seed).shuffle(deck)
    return GameState.from_position(
        hands=[format_cards(sorted(deck[:size])), format_cards(sorted(deck[size : size + 11]))],
        rules=rules,
        contracts=[contract, False],
    )


@pytest.mark.parametrize("contract", [False, True], ids=["before-contract", "after-contract"])
def test_a_hand_of_97_cards_is_played_fast(contract: bool) -> None:
    # Such hands can be built in play; the contract's moves once took 2 to 3 s to list.
    # Each call is bounded on its own, as an app makes them one at a time.
    state = library_errors_only(_big_hand_position, 97, 1, contract=contract)
    legal = library_errors_only(lambda: list(state.legal_moves()))
    move = library_errors_only(GreedyBot().choose, state.view(0), legal, random.Random(0))
    assert move in legal


def test_contracts_of_a_huge_hand_stop_at_the_search_bound() -> None:
    hand = format_cards(_big_hand_position(60, 2, contract=False).hands[0])
    # Each call is bounded on its own, as an app makes them one at a time.
    with pytest.raises(SearchLimitError, match="MAX_CONTRACT_STEPS"):
        contracts(hand, size=4)
    with pytest.raises(SearchLimitError):
        best_contract(hand, size=4)
    assert library_errors_only(contracts, hand, size=4) is None
    assert library_errors_only(best_contract, hand, size=4) is None
    assert library_errors_only(can_make_contract, hand, size=5)
    assert len(library_errors_only(hand_melds, hand)) > 100


def test_hands_the_deck_cannot_hold_are_refused_by_the_analysis() -> None:
    with pytest.raises(InvalidValueError, match="3 copies of 7S"):
        can_make_contract("7S 7S 7S 8S 9S")
    with pytest.raises(InvalidValueError, match="9 copies of JK"):
        hand_melds("JK " * 9)
    assert MAX_HAND_CARDS == 112
    assert hand_melds("JK " * 8)


# -- each hostile case found, with the answer it gets now --------------------------------------


def _data(state: GameState | None = None) -> dict[str, Any]:
    return (state or new_game("singles", players=3, seed=1).apply("draw")).to_dict()


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        # A 5,000-digit number escaped as a ValueError from the message that quoted it.
        ({"turn": HUGE}, "an integer of 5001 digits"),
        ({"totals": [HUGE, 0, 0]}, "totals must be a list of at most 1000 integers"),
        ({"rng": "1" * 40}, "rng must be 16 hex digits"),
        ({"phase": "deal"}, "cards are placed at the deal phase"),
        ({"phase": "over", "winners": [7]}, "winners must hold seats"),
        ({"turn_number": 0}, "turn_number must be from 1"),
        ({"stopped": [True, False, False]}, "seat 0 is stopped, but its turn has begun"),
        ({"offer_to": 1}, "an offered card outside the offer phase"),
        ({"hand_number": 9}, "hand_number must be from 1 to 7"),
        ({"known": ["", "AS AS AS", ""]}, "seat 1 is known to hold cards it does not hold"),
        (
            {
                "last_hand": {
                    "hand_number": "x",
                    "went_out": None,
                    "meld_points": [0, 0, 0],
                    "hand_points": [0, 0, 0],
                    "bonus": [0, 0, 0],
                    "shutout": False,
                    "void": False,
                    "points": [0, 0, 0],
                    "hands": ["", "", ""],
                }
            },
            "last_hand: hand_number must be an integer",
        ),
    ],
)
def test_broken_states_are_refused(changes: dict[str, Any], problem: str) -> None:
    data = {**_data(), **changes}
    with cpu_seconds() as elapsed, pytest.raises(SerializationError, match=problem):
        GameState.from_dict(data)
    assert_within(elapsed.seconds, BOUND_SECONDS)


def test_a_last_hand_must_add_up() -> None:
    state = new_game("singles", players=2, seed=3, auto_chance=False)
    chooser = random.Random(3)
    while state.last_hand is None:
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    data = state.to_dict()
    data["last_hand"]["points"] = [points + 1 for points in data["last_hand"]["points"]]
    with pytest.raises(SerializationError, match=r"not the .* its melds, cards left and bonus"):
        GameState.from_dict(data)
    data = state.to_dict()
    data["last_hand"]["went_out"] = 5
    with pytest.raises(SerializationError, match="went_out must be a seat from 0 to 1"):
        GameState.from_dict(data)


def test_a_contract_half_made_that_cannot_be_completed_is_a_dead_end() -> None:
    # The turn cannot end while a contract is half made: a hand that cannot complete it
    # has no legal move.
    state = new_game("singles", players=2, seed=1).apply("draw")
    data = state.to_dict()
    data["table"] = ["5S 5H 5D"]
    data["owners"] = [state.turn]
    data["extended"] = [0]
    data["progress"] = 1
    data["melded"] = True
    hand = [card for card in data["hands"][state.turn].split() if card not in ("5S", "5H", "5D")]
    data["hands"][state.turn] = " ".join(hand[:2])
    with pytest.raises(SerializationError):
        GameState.from_dict(data)


def test_views_and_positions_refuse_bad_seats_and_arguments() -> None:
    state = new_game(seed=1)
    for seat in (-1, 4, HUGE, "0", None):
        error = InvalidValueError if type(seat) is int else InvalidArgumentError
        with pytest.raises(error, match="player must be a seat from 0 to 3"):
            state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seed must be an integer"):
        state.view(0).sample("x")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="hands must be a list of hands"):
        GameState.from_position(hands=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="table meld #0 must be a"):
        GameState.from_position(hands=["AS", "2S", "3S", "4S"], table=[5])  # type: ignore[list-item]
    with pytest.raises(InvalidValueError, match="at most 40 digits"):
        new_game(seed=10**50)
    with pytest.raises(InvalidBotSpecError, match="late must be an integer from 0 to 1000"):
        make_bot("greedy:late=1e9", "skarney")
    with pytest.raises(IllegalMoveError):
        state.apply_turn("draw; draw")
    with pytest.raises(InvalidMoveError, match="no turn has more than 1000"):
        state.apply_turn(["draw"] * 1001)


@pytest.mark.slow
def test_soak_skarney() -> None:
    # nox -s soak: every fuzz test of this module again, with ten times the examples.
    test_from_position_takes_any_argument_values()
    test_skarneys_own_helpers_take_any_value()
    test_analysis_takes_any_argument_values()
    test_the_bot_takes_any_option_and_argument()


def test_an_offer_the_log_never_made_is_refused() -> None:
    """A state sent with a card on offer that the hand's log shows its offerer holding
    (taken face up, no offer of it logged) is refused: accepting it would leave the log
    showing the card in the hand that gave it away, a state the loader itself refuses
    (found by the mutated-states property, seed 11795)."""
    checked = 0
    for state in played_states():
        data = state.to_dict()
        if state.phase is not Phase.DRAW or not data.get("history"):
            continue
        shown = state.view(state.turn).shown
        if not shown or not shown[state.turn] or len(state.hands[state.turn]) < 2:
            continue
        card = shown[state.turn][0]
        if state.hands[state.turn].count(card) > 1:
            continue
        seat = (state.turn + 1) % state.player_count
        offered = {**data, "phase": "offer", "offer_card": format_cards([card]), "offer_to": seat}
        with pytest.raises(SerializationError) as refused:
            GameState.from_dict(json.loads(json.dumps(offered)))
        # Refused for this, or for another of the fields' own rules checked first.
        checked += "no offer of it is logged" in str(refused.value)
    assert checked >= 3
