"""Property tests of the engine over random playouts (seeded and Hypothesis-driven).

Along every playout: the cards are conserved (C-DECK), every state is valid, every
listed move applies, no move is listed twice (C-IDENTITY), no listed move leads to a
position without moves, moves that are not listed are refused without changing the
state, the same seed and moves give the same game (C-RNG), and states, records and
player views survive serialization and sampling.

Bigger runs are marked ``slow`` (``nox -s soak`` runs them with many more examples).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import (
    PRESETS,
    Deal,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Phase,
    Restock,
    Ruleset,
    new_game,
    parse_move,
)
from scala40.game import load_game
from scala40.records import GameRecord
from tests.games.scala40.helpers import (
    PRESET_NAMES,
    assert_conserved,
    assert_illegal,
    make_position,
    playout,
    state_fields,
    unlisted_moves,
)
from tests.options import rulesets as drawn_rulesets
from tests.protocol.cases import soak_unless_default

SCALA40 = load_game("scala40")

#: (preset, players) pairs covering every preset and every table size it allows.
PRESET_TABLES = [
    (name, players)
    for name in PRESET_NAMES
    for players in range(PRESETS[name].min_players, PRESETS[name].max_players + 1)
]
#: The pairs as test cases: the default preset's in every run, the others' in the soak.
PRESET_TABLE_CASES = [
    pytest.param(name, players, id=f"{name}-{players}", marks=soak_unless_default(SCALA40, name))
    for name, players in PRESET_TABLES
]


def check_state(state: GameState, chooser: random.Random, *, deep: bool) -> None:
    """Every invariant of one state; ``deep`` also applies every listed move and tries
    a sample of moves that are not listed."""
    assert_conserved(state)
    assert state.problems() == []
    moves = list(state.legal_moves())
    assert len(moves) == len(set(moves)), "a move is listed twice (C-IDENTITY)"
    assert state.legal_moves().count() == len(moves) == len(state.legal_moves())
    view = state.legal_moves()
    assert [view[i] for i in range(len(moves))] == moves == list(view[:])
    assert bool(state.legal_moves()) is bool(moves)
    if state.phase in (Phase.DRAW, Phase.PLAY):
        assert moves, f"no legal move in\n{state}"
    elif state.phase is Phase.DEAL:
        assert moves == [Deal()]
    elif state.phase is Phase.RESTOCK:
        assert moves == [Restock()]
    else:
        assert moves == []
    if not deep:
        return
    results: dict[GameState, Move] = {}
    for move in moves:
        assert parse_move(str(move)) == move
        assert move in state.legal_moves()
        after = state.apply(move)
        assert after.problems() == []
        if after.phase in (Phase.DRAW, Phase.PLAY):
            assert after.legal_moves(), f"{move} leads to a position without moves"
        if after.hand_number == state.hand_number:
            # Two listed moves never lead to the same position (C-IDENTITY).
            assert after not in results, (move, results.get(after))
            results[after] = move
    listed = set(moves)
    outcomes = {state.apply(move) for move in moves}
    for move in unlisted_moves(state, chooser):
        before = state_fields(state)
        try:
            after = state.apply(move)
        except IllegalMoveError:
            assert state_fields(state) == before
            assert not state.is_legal(move)
            assert move not in state.legal_moves()
            continue
        except InvalidMoveError:  # pragma: no cover - the candidates are well formed
            raise
        # A move has one value (C-IDENTITY): a value the state takes is a listed one.
        assert move in listed, f"{move} is applied but not listed"
        assert after in outcomes


def run_playout(
    state: GameState, seed: int, max_actions: int, *, deep_every: int, meld_bias: float = 0.9
) -> tuple[GameState, list[Move]]:
    chooser = random.Random(seed)
    moves: list[Move] = []
    check_state(state, chooser, deep=True)
    for index, (_, move, after) in enumerate(playout(state, chooser, max_actions, meld_bias)):
        moves.append(move)
        check_state(after, chooser, deep=deep_every > 0 and index % deep_every == 0)
        state = after
    return state, moves


# -- seeded playouts over every preset ---------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"), PRESET_TABLE_CASES)
def test_playouts_keep_every_invariant(preset: str, players: int) -> None:
    state = new_game(preset, players=players, seed=players * 101 + len(preset))
    final, moves = run_playout(state, seed=players, max_actions=250, deep_every=7)
    assert len(moves) == 250 or final.is_over


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_playouts_reach_the_end_of_the_match(preset: str) -> None:
    # Random players that prefer melding finish matches well within 4,000 actions.
    finished = 0
    for seed in range(4):
        start = new_game(preset, players=3, seed=seed)
        state = start
        for _, _, after in playout(start, random.Random(seed), 4000):
            state = after
        if state.is_over:
            finished += 1
            assert state.winners
            assert all(state.active[p] for p in state.winners)
            assert state.last_hand is not None
            assert state.last_hand.closer is not None
            assert_conserved(state)
            assert state.problems() == []
    assert finished >= 2


def test_same_seed_and_moves_give_the_same_game() -> None:  # C-RNG
    state = new_game("online", players=3, seed=77)
    chooser = random.Random(5)
    states = [state]
    moves: list[Move] = []
    for _, move, after in playout(state, chooser, 600):
        states.append(after)
        moves.append(move)
    replay = new_game("online", players=3, seed=77)
    assert replay == states[0]
    assert hash(replay) == hash(states[0])
    for move, expected in zip(moves, states[1:]):
        replay = replay.apply(str(move))
        assert replay == expected
        assert hash(replay) == hash(expected)
    assert new_game("online", players=3, seed=78) != states[0]


def test_states_round_trip_through_json_along_a_playout() -> None:
    for preset in PRESET_NAMES:
        state = new_game(preset, players=3, seed=13)
        for index, (_, _, after) in enumerate(playout(state, random.Random(13), 400)):
            if index % 5 == 0 or (after.last_hand is not None and index % 2 == 0):
                data = json.loads(json.dumps(after.to_dict()))
                again = GameState.from_dict(data)
                assert again == after
                assert hash(again) == hash(after)
                assert again.to_dict() == after.to_dict()


def test_game_record_replays_to_the_same_final_state() -> None:
    for preset in PRESET_NAMES:
        record = GameRecord.start(preset, players=3, seed=31)
        state = record.initial_state()
        for before, move, after in playout(record.initial_state(), random.Random(31), 500):
            record = record.append(before, move)
            state = after
        assert record.final_state() == state
        again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
        assert again == record
        assert again.final_state() == state
        assert list(again.states())[-1] == state


_DEAD_END = "no legal move: the match cannot go on from here"


def test_views_sample_consistent_states() -> None:
    for preset in ("official", "online", "classic"):
        state = new_game(preset, players=3, seed=57)
        chooser = random.Random(57)
        for index, (_, _, after) in enumerate(playout(state, chooser, 300)):
            if index % 9:
                continue
            for player in range(after.player_count):
                view = after.view(player)
                sample = view.sample(index)
                assert sample.view(player) == view
                assert sample.opened_at_turn_start == after.opened_at_turn_start
                assert sample == view.sample(index)  # same seed, same sample
                # The view of a seat not to move can't know which cards make the mover's
                # turn possible (an opening in progress, a card taken from the pile): such
                # a sample may leave the mover with no legal move, the one problem allowed.
                allowed = [] if after.current_player in (player, None) else [_DEAD_END]
                assert sample.problems() in ([], allowed)
                assert sample.hands[player] == after.hands[player]
                assert len(view.unknown_cards()) == len(after.stock) + sum(
                    len(hand) for p, hand in enumerate(after.hands) if p != player
                )
                samples = list(view.samples(3, seed=index))
                assert len(samples) == 3
                assert all(s.view(player) == view for s in samples)
                if view.is_my_turn:
                    assert set(view.legal_moves()) == set(after.legal_moves())


def test_view_samples_agree_with_public_turn_details() -> None:
    # Whether the player to move had opened when the turn began is public (everyone saw
    # the opening melds go down this turn); S40-V-DOUBLE scores depend on it, so a sampled
    # state must keep it.
    state = make_position(
        rules=PRESETS["online"],
        hands=["7S 8S 9S 9H 9D 9C KD KH KS", "3C 4C 5D 6H 7C 8D 9H 2D 3D 4H"],
        discard="JC",
        turns_played=[1, 1],
        stock_top="2C",
    )
    state = state.apply("draw").apply("meld 9H 9D 9C").apply("meld KS KH KD")
    assert state.opened[0]
    assert not state.opened_at_turn_start
    for player in (0, 1):
        sample = state.view(player).sample(3)
        assert sample.opened_at_turn_start == state.opened_at_turn_start
    # Opening and closing in one turn doubles the scores, in the game and in a sample.
    real = state.apply("meld 7S 8S 9S").apply("discard 2C")
    guess = state.view(0).sample(5).apply("meld 7S 8S 9S").apply("discard 2C")
    assert real.last_hand is not None
    assert guess.last_hand is not None
    assert real.last_hand.doubled
    assert guess.last_hand.doubled


def test_view_of_a_match_waiting_for_its_first_deal_can_be_sampled() -> None:
    state = new_game(players=3, seed=4, auto_chance=False)
    view = state.view(1)
    assert view.hand == ()
    assert view.stock_size == 0
    sample = view.sample(1)
    assert sample.view(1) == view
    assert sample.problems() == []


# -- Hypothesis: random rulesets ----------------------------------------------------------------


@st.composite
def _rules_and_players(draw: st.DrawFn) -> tuple[Ruleset, int]:
    rules = draw(drawn_rulesets(Ruleset))
    players = draw(st.integers(max(2, rules.min_players), min(6, rules.max_players)))
    return rules, players


# A quarter of the default profile's examples: each is a playout of 120 actions, and the
# slow long playouts below (nox -s soak) play the same rulesets much further.
PLAYOUT_EXAMPLES = max(10, settings().max_examples // 4)


@settings(max_examples=PLAYOUT_EXAMPLES)
@given(_rules_and_players(), st.integers(0, 2**32), st.floats(0.5, 1.0))
def test_random_rulesets_playouts_keep_every_invariant(
    setup: tuple[Ruleset, int], seed: int, meld_bias: float
) -> None:
    rules, players = setup
    state = new_game(rules, players=players, seed=seed)
    run_playout(state, seed, max_actions=120, deep_every=15, meld_bias=meld_bias)


@settings(max_examples=PLAYOUT_EXAMPLES)
@given(st.sampled_from(PRESET_TABLES), st.integers(0, 2**32))
def test_presets_playouts_keep_every_invariant(setup: tuple[str, int], seed: int) -> None:
    preset, players = setup
    state = new_game(preset, players=players, seed=seed)
    run_playout(state, seed, max_actions=120, deep_every=20)


# -- explicit chance moves -----------------------------------------------------------------------


def test_explicit_chance_deal() -> None:  # S40-DEAL, C-RNG
    state = new_game("official", players=4, seed=9, auto_chance=False)
    assert state.phase is Phase.DEAL
    assert state.hand_number == 0
    assert state.is_chance
    assert state.current_player is None
    assert [str(m) for m in state.legal_moves()] == ["deal"]
    dealt = state.apply(Deal())
    assert dealt.phase is Phase.DRAW
    assert dealt.hand_number == 1
    assert dealt == state.apply("deal")
    assert_conserved(dealt)
    order = tuple(random.Random(3).sample(state.rules.deck.cards, 108))
    explicit = state.apply(Deal(order))
    assert explicit.discard == (order[-4 * 13 - 1],)
    assert explicit.stock == order[: -4 * 13 - 1]
    assert state.is_legal(Deal(order))
    assert Deal(order) not in state.legal_moves()  # the listed deal is the random one
    assert parse_move(str(Deal(order))) == Deal(order)
    assert_illegal(state, Deal(order[1:]), "C-DECK")
    assert_illegal(state, Deal((*order[:-1], order[0])), "C-DECK")
    assert_illegal(dealt, Deal(), "S40-TURN")


def test_explicit_chance_restock_appears_when_the_stock_runs_out() -> None:  # S40-RESTOCK
    # Players who never meld, two of them: the stock runs out and is rebuilt once; when it
    # runs out again with nothing put on the table since, the hand ends blocked (S40-STALL).
    state = new_game("official", players=2, seed=6, auto_chance=False).apply(Deal())
    chooser = random.Random(6)
    restocks = 0
    while state.last_hand is None:
        if state.phase is Phase.RESTOCK:
            restocks += 1
            pile = state.discard
            assert state.stock == ()
            assert pile
            assert [str(m) for m in state.legal_moves()] == ["restock"]
            order = tuple(sorted(pile))
            assert_illegal(state, Restock(order + order[:1]), "S40-RESTOCK")
            assert_illegal(state, "draw", "S40-TURN")
            restocked = state.apply(Restock(order))
            assert restocked.stock == order
            assert restocked.discard == ()
            assert restocked.phase is Phase.PLAY
            assert restocked.turn == state.turn
            assert state.is_legal(Restock(order))
            shuffled = state.apply(Restock())
            assert sorted(shuffled.stock) == sorted(pile)
            assert shuffled == state.apply("restock")
            assert shuffled.rng != state.rng
            assert not shuffled.melded_since_restock
            state = shuffled
            continue
        moves = list(state.legal_moves())
        draws = [m for m in moves if isinstance(m, DrawStock)]
        discards = [m for m in moves if isinstance(m, Discard)]
        state = state.apply(draws[0] if draws else chooser.choice(discards))
        assert_conserved(state)
        assert state.problems() == []
    assert restocks == 1
    assert state.last_hand is not None
    assert state.last_hand.closer is None  # blocked: nobody closed (S40-STALL)


# -- slow runs --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), PRESET_TABLE_CASES)
def test_long_playouts_keep_every_invariant(preset: str, players: int) -> None:
    for seed in range(3):
        state = new_game(preset, players=players, seed=1000 + seed)
        run_playout(state, 1000 + seed, max_actions=4000, deep_every=25)


@pytest.mark.slow
@settings(max_examples=max(10, settings().max_examples // 5))
@given(_rules_and_players(), st.integers(0, 2**32))
def test_random_rulesets_long_playouts(setup: tuple[Ruleset, int], seed: int) -> None:
    rules, players = setup
    state = new_game(rules, players=players, seed=seed)
    run_playout(state, seed, max_actions=4000, deep_every=50)


@pytest.mark.parametrize("preset", ["official", "online"])
def test_taken_card_moves_match_the_general_lookahead(preset: str) -> None:
    # S40-DRAW-DISCARD: an opened player holding a card taken from the discard pile gets
    # his melding moves from a shortcut (a move that melds the card needs no lookahead);
    # they are exactly the moves the general path finds by applying each move and
    # checking that the turn can still end.
    from scala40.games.scala40.lookahead import can_finish, melding_moves

    checked = 0
    for seed in range(12):
        chooser = random.Random(seed)
        state = new_game(preset, players=3, seed=seed)
        for _ in range(1500):
            if state.is_over:
                break
            player = state.turn
            if (
                state.phase is Phase.PLAY
                and state.opened[player]
                and state.taken_must_use
                and not state.taken_used
            ):
                general = [
                    move
                    for move, new in melding_moves(state)
                    if new.phase is not Phase.PLAY or new.turn != player or can_finish(new)
                ]
                listed = list(state.legal_moves())
                assert sorted(map(str, listed)) == sorted(map(str, general))
                checked += 1
            state = state.apply(chooser.choice(list(state.legal_moves())))
    assert checked >= 20
