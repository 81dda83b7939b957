"""Resignation (C-RESIGN), case by case in each engine: a partnership's side, a chance
step, out-of-turn decisions (Skarney's offers, Rumino's claims, La Conga's re-entries),
the last two players, a match of fixed length, and saved states read back (the protocol
suite, ``tests/protocol/test_resign.py``, plays random resignations in every game)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40.errors import IllegalMoveError, InvalidMoveError, SerializationError
from scala40.events import events_of
from scala40.games import chinchon, laconga, rumino, scala40, skarney
from scala40.records import GameRecord


def _play_to(state: Any, seed: int, stop: Any, most: int = 3_000) -> Any:
    """Random legal moves from ``state`` until ``stop(state)`` holds."""
    chooser = random.Random(seed)
    for _ in range(most):
        if stop(state):
            return state
        assert not state.is_over
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    raise AssertionError("the position sought was not reached")


def _play_on(state: Any, seed: int, moves: int) -> Any:
    """Random legal moves: the resigned seats never decide and get no cards."""
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        assert state.current_player not in state.resigned
        if state.phase.value in ("draw", "play", "offer", "claim"):  # a hand in play
            assert not any(state.hands[seat] for seat in state.resigned)
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    assert state.problems() == []
    return state


def test_a_partner_resigns_for_his_side_and_the_other_side_wins() -> None:
    """C-RESIGN: in a partnership his side resigns; one side left: it wins at once."""
    state = skarney.new_game("partnership", players=4, seed=5)
    after = state.apply("resign 3")
    assert after.is_over
    assert after.resigned == (1, 3)
    assert after.winners == (0, 2)
    assert after.returns() == (1.0, 0.0, 1.0, 0.0)
    assert after.resignations() == ()
    assert skarney.GameState.from_dict(json.loads(json.dumps(after.to_dict()))) == after


@pytest.mark.parametrize("players", [3, 4])
def test_skarney_offers_and_turns_skip_a_seat_that_resigned_out_of_turn(players: int) -> None:
    """C-RESIGN, C-SEAT, SK-OFFER: a seat resigns while a card is offered; the hand is
    void (SK-TIE's shape, nobody scores), and offers and turns pass it by."""
    state = _play_to(
        skarney.new_game("singles", players=players, seed=3), 3, lambda s: s.phase.value == "offer"
    )
    leaving = next(seat for seat in range(players) if seat not in (state.turn, state.offer_to))
    after = state.apply(f"resign {leaving}")
    assert after.last_hand is not None
    assert after.last_hand.void
    assert after.totals == state.totals
    assert after.hand_number == state.hand_number + 1
    assert not after.hands[leaving]
    assert len(after.stock) == 108 - (players - 1) * 11
    chooser = random.Random(4)
    for _ in range(600):
        if after.is_over:
            break
        assert leaving not in (after.current_player, after.offer_to)
        legal = after.legal_moves()
        after = after.apply(legal[chooser.randrange(len(legal))])
    assert after.problems() == []


def test_skarney_counts_an_abandoned_hand_among_its_hands() -> None:
    """C-RESIGN, SK-GAME: a hand abandoned counts as played; after the last one the game
    ends on the totals, won by the best of the seats still in."""
    rules = skarney.Ruleset.resolve("singles")
    state = skarney.new_game(rules, players=3, seed=2)
    last = _play_to(
        state, 2, lambda s: s.hand_number == rules.hands and s.current_player is not None, 20_000
    )
    after = last.apply("resign 0")
    assert after.is_over
    assert 0 not in after.winners
    best = max(after.totals[seat] for seat in (1, 2))
    assert after.winners == tuple(seat for seat in (1, 2) if after.totals[seat] == best)


@pytest.mark.parametrize("dealer_leaves", [False, True])
def test_a_resignation_at_a_deal_before_any_card_is_dealt(dealer_leaves: bool) -> None:
    """C-RESIGN during a chance step: no hand is in play; the next deal leaves the seat
    out, and if the dealer resigned the deal passes to the next seat still in."""
    state = scala40.new_game(players=3, seed=4, auto_chance=False)
    assert state.is_chance
    assert state.hand_number == 0
    leaving = state.dealer if dealer_leaves else (state.dealer + 1) % 3
    after = state.apply(f"resign {leaving}")
    assert after.is_chance
    assert after.hand_number == 0
    assert after.last_hand is None
    assert after.dealer == ((state.dealer + 1) % 3 if dealer_leaves else state.dealer)
    dealt = after.apply("deal")
    assert not dealt.hands[leaving]
    assert dealt.current_player != leaving
    assert dealt.problems() == []
    _play_on(dealt, 4, 300)


def test_a_resignation_at_a_restock_abandons_the_hand() -> None:
    """C-RESIGN at a chance step inside a hand (CH-RESTOCK): the hand is abandoned."""
    state = chinchon.new_game(players=3, seed=6, auto_chance=False)
    state = _play_to(state, 6, lambda s: s.phase.value == "restock")
    after = state.apply("resign 2")
    assert after.phase.value == "deal"
    assert after.last_hand.end.value == "blocked"
    assert after.scores == state.scores
    assert after.dealer != state.dealer
    _play_on(after.apply("deal"), 6, 200)


def test_a_resignation_while_a_rumino_claim_is_decided() -> None:
    """C-RESIGN out of turn, at a claim (RU-RUMINO): the claimant or another leaves."""
    rules = rumino.Ruleset(rumino_claim="decision")
    state = _play_to(
        rumino.new_game(rules, players=3, seed=13), 13, lambda s: s.phase.value == "claim"
    )
    for seat in range(3):
        after = state.apply(f"resign {seat}")
        assert after.resigned == (seat,)
        assert after.last_hand.end.value == "blocked"
        assert after.hand_number == state.hand_number + 1
        assert after.scores == state.scores
        assert after.current_player != seat
        _play_on(after, seat, 100)


def test_a_resignation_while_re_entries_are_decided() -> None:
    """C-RESIGN after a hand (LC-REENGANCHE): the hand is over already; a deciding seat
    that resigns decides nothing, and the others' decisions go on."""
    rules = laconga.Ruleset(reentry=1)
    state = _play_to(
        laconga.new_game(rules, players=3, seed=0), 0, lambda s: s.phase.value == "reentry"
    )
    for seat in state.resignations():
        after = state.apply(seat)
        assert (
            after.last_hand == state.last_hand or after.last_hand.hand_number == state.hand_number
        )
        assert seat.seat not in after.pending
        assert after.problems() == []
        assert after.is_over or after.current_player != seat.seat
        _play_on(after, 1, 200)


def test_the_last_two_players() -> None:
    """C-RESIGN: four players; one resigns, then another: the match goes on with two;
    a third resignation ends it, the last player winning, the resigned seats ranking
    below him (returns 0)."""
    state = scala40.new_game(players=4, seed=8)
    state = state.apply("resign 1")
    state = _play_on(state, 8, 40)
    state = state.apply(f"resign {state.resignations()[0].seat}")
    assert not state.is_over
    assert len(state.resignations()) == 2
    state = _play_on(state, 9, 40)
    last, leaving = (move.seat for move in state.resignations())
    before = state
    state = state.apply(f"resign {leaving}")
    assert state.is_over
    assert state.winners == (last,)
    assert [share for seat, share in enumerate(state.returns()) if seat != last] == [0.0] * 3
    events = events_of(before, f"resign {leaving}", state)
    assert next(event.kind for event in events) == "resign"
    assert events[-1].winners == (last,)
    assert all(
        event.for_seat(seat)["move"] == f"resign {leaving}"
        for seat in range(4)
        for event in events[:1]
    )


def test_a_one_hand_match_ends_with_its_abandoned_hand() -> None:
    """C-RESIGN, S40-V-SINGLE: a one-hand match has played its hand when it is
    abandoned: the players still in share the win (C-WINNERS)."""
    rules = scala40.Ruleset(match_format="single")
    state = scala40.new_game(rules, players=3, seed=2)
    after = state.apply("resign 0")
    assert after.is_over
    assert after.winners == (1, 2)
    assert after.returns() == (0.0, 0.5, 0.5)


def test_resignations_are_never_legal_moves_and_are_checked() -> None:
    """C-RESIGN: never listed; refused for a seat not in, or once the game is over."""
    state = chinchon.new_game(players=2, seed=1)
    assert all(str(move).split()[0] != "resign" for move in state.legal_moves())
    assert not state.is_legal("resign 2")
    assert not state.can({"type": "resign", "seat": 5})
    with pytest.raises(IllegalMoveError, match="no seat 2"):
        state.apply("resign 2")
    with pytest.raises(InvalidMoveError):
        state.apply("resign")
    with pytest.raises(InvalidMoveError):
        state.apply(skarney.parse_move("resign 0"))  # type: ignore[arg-type]  # another game's move
    over = state.apply("resign 0")
    with pytest.raises(IllegalMoveError, match="over"):
        over.apply("resign 1")


def test_saved_states_with_resignations_are_checked() -> None:
    """C-RESIGN: a state's dictionary names the seats that resigned; a dictionary without
    the key (saved before resignations existed) reads as nobody resigned; a dictionary
    that contradicts itself is refused."""
    state = rumino.new_game(players=3, seed=2).apply("resign 1")
    data = state.to_dict()
    assert data["resigned"] == [1]
    assert "resigned" not in rumino.new_game(players=3, seed=2).to_dict()
    for bad in ("1", [1, 1], [7], [0]):
        with pytest.raises(SerializationError):
            rumino.GameState.from_dict({**data, "resigned": bad})
    holding = {**data, "resigned": [1], "hands": data["hands"][:]}
    holding["hands"][1], holding["hands"][0] = holding["hands"][0], holding["hands"][1]
    with pytest.raises(SerializationError):
        rumino.GameState.from_dict(holding)
    partner = skarney.new_game("partnership", players=4, seed=5).apply("resign 3").to_dict()
    with pytest.raises(SerializationError, match="side"):
        skarney.GameState.from_dict({**partner, "resigned": [3]})


def test_records_replay_resignations() -> None:
    """C-RESIGN: a record holds resignations as moves and replays them."""
    record = GameRecord.start("official", players=3, seed=1)
    state = record.initial_state()
    record = record.append(state, "resign 2")
    final = GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))).final_state()
    assert final.resigned == (2,)
    assert final == state.apply("resign 2")
