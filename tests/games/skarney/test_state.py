"""The Skarney state as a value: JSON, validation, views and sampling, moves as text
and dictionaries, the ruleset's options and presets."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from scala40.cards import format_cards, parse_card, parse_cards
from scala40.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidRulesetError,
    InvalidStateError,
    SerializationError,
)
from scala40.games.skarney import (
    MODIFIERS,
    PRESETS,
    GameState,
    Phase,
    Ruleset,
    TiedHand,
    new_game,
    with_modifiers,
)
from scala40.games.skarney.moves import (
    MOVES,
    Extend,
    PutDown,
    move_from_dict,
    move_to_dict,
    parse_move,
)
from scala40.melds import MeldEnd
from tests.games.skarney.helpers import position, random_states

# ------------------------------------------------------------------ the ruleset


def test_every_option_names_its_rule() -> None:
    for name in Ruleset.option_names():
        assert Ruleset.option_rule(name).startswith("SK-"), name
    assert Ruleset.option_names() == (
        "partnership", "jokers", "contract", "contract_melds", "hand_bonus", "shutout_bonus",
        "hands", "extend_limit_per_meld", "melds_with_contract", "exchange_before_contract",
        "no_rummy_hand_penalty", "tied_hand", "no_offer_back", "turn_limit",
    )  # fmt: skip


def test_presets_and_modifiers() -> None:
    assert tuple(PRESETS) == ("partnership", "singles", "no_jokers", "free_meld")
    assert Ruleset.default() == Ruleset()
    assert PRESETS["singles"].differences() == {"partnership": (False, True)}
    assert PRESETS["no_jokers"].differences() == {"jokers": (0, 4)}
    assert set(MODIFIERS) == {"no_jokers", "free_meld"}
    rules = with_modifiers("singles", "no_jokers")
    assert rules.label() == "singles + jokers=0"


def test_invalid_options_are_all_listed() -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(
            jokers=-1,
            partnership="yes",  # type: ignore[arg-type]
            contract_melds=(3, 0),
            hand_bonus="big",
            tied_hand="split",
            extend_limit_per_meld=-2,
        )
    problems = info.value.problems
    assert len(problems) == 6, problems
    assert any("tied_hand must be one of 'void', 'no_bonus'" in p for p in problems)
    assert Ruleset(tied_hand="no_bonus").tied_hand is TiedHand.NO_BONUS
    with pytest.raises(InvalidRulesetError, match="unknown option"):
        Ruleset().replace(hand_size=13)


def test_rulesets_round_trip_through_json() -> None:
    for rules in (*PRESETS.values(), Ruleset(turn_limit=300, contract_melds=(2,) * 7)):
        data = json.loads(json.dumps(rules.to_dict()))
        assert Ruleset.from_dict(data) == rules
    with pytest.raises(SerializationError, match="contract_melds"):
        Ruleset.from_dict(
            {"format": Ruleset.FORMAT, "version": 1, "options": {"contract_melds": 3}}
        )


# ------------------------------------------------------------------ moves as text and data


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "exchange 6S #2",
        "meld 5S 2C=6S 7S",
        "meld AS 2S=2S 3S",
        "meld 2S 2H 2C",
        "extend JK=8S #0 high",
        "extend 5C #1 set",
        "offer KD",
        "end",
        "accept",
        "decline",
        "deal",
    ],
)
def test_moves_read_back_from_their_text_and_dictionary(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text
    assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move


def test_bad_move_text_is_a_library_error() -> None:
    for text in ("meld", "extend 5S", "extend 5S #x", "offer", "accept now", "meld 5S 6S=2", "x"):
        with pytest.raises(InvalidMoveError):
            parse_move(text)
    with pytest.raises(InvalidMoveError, match="needs 3 represented"):
        PutDown(parse_cards("5S 6S 7S"), parse_cards("5S"))
    assert Extend(parse_card("5S"), 0, "low") == Extend(parse_card("5S"), 0, MeldEnd.LOW)
    assert MOVES.format == "scala40.skarney.move"


# ------------------------------------------------------------------ states


def test_states_round_trip_through_json_along_a_game() -> None:
    seen: Counter[Phase] = Counter()
    for state in random_states("partnership", 4, seed=8, every=11):
        data = json.loads(json.dumps(state.to_dict()))
        again = GameState.from_dict(data)
        assert again == state
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
        seen[state.phase] += 1
    assert {Phase.DRAW, Phase.PLAY, Phase.OFFER} <= set(seen)


def test_from_dict_names_what_is_wrong() -> None:
    data = new_game(seed=3).to_dict()
    broken = dict(data, hands=data["hands"][:3])
    with pytest.raises(SerializationError, match="hands must have 4 entries"):
        GameState.from_dict(broken)
    extra = dict(data, stock=data["stock"] + " JK")
    with pytest.raises(SerializationError, match="JK: 5 in play, the deck has 4"):
        GameState.from_dict(extra)
    with pytest.raises(SerializationError, match="unknown fields"):
        GameState.from_dict(dict(data, colour="red"))
    with pytest.raises(SerializationError, match="table meld #0"):
        GameState.from_dict(dict(data, table=["5S 6H 7D"], owners=[0], extended=[0]))
    with pytest.raises(SerializationError, match="rng"):
        GameState.from_dict(dict(data, rng="zz"))


def test_from_position_validates_everything() -> None:
    with pytest.raises(InvalidStateError) as info:
        GameState.from_position(
            hands=["5S", "6S", "7S", "8S"], table=[("5S 6H 7D", 0)], contracts=[True]
        )
    assert "table meld #0" in str(info.value)
    with pytest.raises(InvalidStateError, match="contracts must have 2 entries"):
        GameState.from_position(hands=["5S", "6S", "7S", "8S"], contracts=[True])
    with pytest.raises(InvalidStateError, match="player_count must be from 4 to 4"):
        GameState.from_position(hands=["5S", "6S"])


def test_apply_refuses_and_leaves_the_state_unchanged() -> None:
    state = new_game(seed=4)
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match="SK-TURN"):
        state.apply("offer 5S")
    with pytest.raises(InvalidMoveError):
        state.apply("fly")
    assert state.to_dict() == before
    assert not state.is_legal("accept")


# ------------------------------------------------------------------ views


def test_a_view_hides_every_other_hand_even_a_partners() -> None:
    state = new_game(seed=6)
    view = state.view(0)
    assert view.hand == state.hands[0]
    assert view.partner == 2
    assert not hasattr(view, "hands")
    assert not hasattr(view, "stock")
    # Swap a card between the partner's hand and an opponent's: seat 0 sees no change.
    hands = [list(hand) for hand in state.hands]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    data = state.to_dict()
    data["hands"] = [format_cards(sorted(hand)) for hand in hands]
    other = GameState.from_dict(data)
    assert other != state
    assert other.view(0) == view
    assert other.view(2) != state.view(2)


def test_samples_keep_the_cards_everyone_knows() -> None:
    state = position(["5S 9H 9C", "AS 3C", "AH 4D", "AD 6S"])
    state = state.apply("offer 9H").apply("decline").apply("accept")  # the partner takes it
    assert state.known[2] == (parse_card("9H"),)
    view = state.view(1)
    for seed in range(20):
        sample = view.sample(seed)
        assert parse_card("9H") in sample.hands[2]
        assert sample.view(1) == view


def test_the_offered_card_is_known_to_all_while_offered() -> None:
    state = position(["5S 9H", "AS 3C", "AH 4D", "AD 6S"]).apply("offer 9H")
    view = state.view(3)
    assert view.offer_card == parse_card("9H")
    assert view.current_player == 1
    for seed in range(10):
        assert parse_card("9H") in view.sample(seed).hands[0]
