"""Skarney scenarios: the end of a hand, its scores and the game (SK-END, SK-SCORE-MELDS,
SK-SCORE-HAND, SK-BONUS, SK-TIE, SK-GAME, SK-LOOP, with C-WINNERS)."""

from __future__ import annotations

import pytest

from scala40.cards import format_cards, parse_cards
from scala40.games.skarney import GameState, Phase, Ruleset, new_game
from scala40.games.skarney.engine import score_hand
from scala40.games.skarney.rules import MELD_RULES, hand_penalty, meld_card_points, meld_points
from scala40.melds import check_meld
from tests.games.skarney.helpers import assert_illegal, move_texts, playout, position

# ------------------------------------------------------------------ SK-SCORE-MELDS


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("JK JK JK", 300),  # a joker in a joker meld 100
        ("5S JK 5H", 60),  # a joker as a wild card 50
        ("2S 2H 2C 2C", 200),  # a 2 in a 2s meld 50
        ("5S 2C 7S", 35),  # a 2 as a wild card 25
        ("AS AH AD", 45),  # an ace 15
        ("10H JH QH KH", 40),  # K Q J 10 are 10
        ("3C 4C 5C 6C 7C 8C 9C", 35),  # 9 to 3 are 5
        ("QS KS AS", 35),  # an ace high is 15 as well
        ("AS 2D 3S", 45),  # and an ace low
    ],
)
def test_meld_points_sk_score_melds(text: str, points: int) -> None:
    assert meld_points(check_meld(text, MELD_RULES)) == points


def test_card_points_sk_score_melds() -> None:
    assert [meld_card_points(card) for card in parse_cards("JK 2H AS KD 10C 9S 3H")] == [
        50, 25, 15, 10, 10, 5, 5,
    ]  # fmt: skip


def test_an_exchanged_card_scores_for_the_melds_side_sk_score_melds() -> None:
    # Decision: the natural card placed by an exchange scores for the meld's owner.
    state = position(
        ["4C 8S 8H 8D 9C", "AS 3C", "AH 4D", "AD 6S"],
        table=[("4S 4H JK", 1)],
        contracts=[True, True],
    )
    before = score_hand(state, None).meld_points
    after = score_hand(state.apply("exchange 4C #0"), None).meld_points
    assert before == (0, 60)
    assert after == (0, 15)


# ------------------------------------------------------------------ SK-SCORE-HAND


def test_hand_card_values_sk_score_hand() -> None:
    assert hand_penalty("JK") == 100
    assert hand_penalty("2D") == 50
    assert hand_penalty("AC") == 15
    assert hand_penalty("KS QS JS 10S") == 40
    assert hand_penalty("9S 3H") == 10


def _going_out(**options: object) -> GameState:
    """Seat 0 holds 5C and extends its meld to go out; the others hold cards."""
    return position(
        ["5C", "KS QS", "JK AH", "9D"],
        table=[("5S 5H 5D", 0), ("8C 9C 10C", 1)],
        **options,  # type: ignore[arg-type]
    )


def test_the_side_that_goes_out_subtracts_nothing_sk_score_hand() -> None:
    state = _going_out(contracts=[True, True])
    after = state.apply("extend 5C #0")
    result = after.last_hand
    assert result is not None
    assert result.went_out == 0
    # The partner's joker and ace are not subtracted: only the side that did not go out.
    assert result.hand_points == (0, 20 + 5)
    assert result.meld_points == (20, 20)
    assert result.bonus == (100, 0)
    assert result.points == (120, -5)
    assert after.totals == (120, -5)


def test_nobody_out_both_sides_subtract_sk_score_hand() -> None:
    state = _last_turn(["5C", "KS QS", "JK AH", "9D"])
    result = state.apply("end").last_hand
    assert result is not None
    assert result.went_out is None
    assert result.hand_points == (5 + 115, 20 + 5)
    off = _last_turn(["5C", "KS QS", "JK AH", "9D"], no_rummy_hand_penalty=False)
    result = off.apply("end").last_hand
    assert result is not None
    assert result.hand_points == (0, 0)


# ------------------------------------------------------------------ SK-END


def test_going_out_by_melding_ends_the_hand_sk_end() -> None:
    state = position(["7H 8H 9H", "KS QS", "JK AH", "9D"], contracts=[True, False])
    after = state.apply("meld 7H 8H 9H")
    assert after.hand_number == 2
    assert after.last_hand is not None
    assert after.last_hand.went_out == 0


def test_an_accepted_offer_never_empties_a_hand_sk_end() -> None:
    state = position(["5S 9H", "KS QS", "JK AH", "9D"]).apply("offer 9H").apply("accept")
    assert state.hands[0] == parse_cards("5S")
    assert state.hand_number == 1


def test_the_last_card_of_the_pile_ends_the_hand_sk_end() -> None:
    for state in playout(new_game(seed=12), seed=12):
        if state.phase is Phase.DRAW and len(state.stock) == 1:
            break
    else:
        pytest.fail("no game reached the last card")
    hand = state.hand_number
    last = state.apply("draw")
    assert last.is_last_turn
    assert not last.stock
    texts = move_texts(last)
    assert "end" in texts
    assert not any(text.startswith("offer") for text in texts)
    card = format_cards(last.hands[last.turn][:1])
    assert_illegal(last, f"offer {card}", "SK-END")
    after = last.apply("end")
    assert after.hand_number == hand + 1
    assert after.last_hand is not None
    assert after.last_hand.went_out is None


# ------------------------------------------------------------------ SK-BONUS


def test_hand_bonus_by_hand_number_sk_bonus() -> None:
    rules = Ruleset()
    assert [rules.bonus(hand) for hand in range(1, 8)] == [100, 100, 100, 200, 300, 400, 500]
    for hand, bonus in ((3, 100), (4, 200), (7, 500)):
        state = _going_out(contracts=[True, True], hand_number=hand)
        result = state.apply("extend 5C #0").last_hand
        assert result is not None
        assert result.bonus == (bonus, 0)


def test_shutout_bonus_when_no_opponent_made_a_contract_sk_bonus() -> None:
    state = _going_out(contracts=[True, False])
    result = state.apply("extend 5C #0").last_hand
    assert result is not None
    assert result.shutout
    assert result.bonus == (300, 0)


def test_singles_shutout_needs_every_opponent_without_contract_sk_bonus() -> None:
    hands = ["5C", "KS QS", "JK AH"]
    table = [("5S 5H 5D", 0)]
    made = position(hands, table=table, rules="singles", contracts=[True, False, True])
    result = made.apply("extend 5C #0").last_hand
    assert result is not None
    assert not result.shutout
    assert result.bonus == (100, 0, 0)
    none = position(hands, table=table, rules="singles", contracts=[True, False, False])
    result = none.apply("extend 5C #0").last_hand
    assert result is not None
    assert result.shutout
    assert result.bonus == (300, 0, 0)


def test_free_meld_shutout_means_no_opponent_meld_on_the_table_sk_bonus() -> None:
    # Decision: without contracts, the shutout goes to a side out before any opponent meld.
    alone = position(["5C", "KS QS", "JK AH", "9D"], table=[("5S 5H 5D", 0)], rules="free_meld")
    result = alone.apply("extend 5C #0").last_hand
    assert result is not None
    assert result.shutout
    met = _going_out(rules="free_meld")
    result = met.apply("extend 5C #0").last_hand
    assert result is not None
    assert not result.shutout


def test_nobody_out_the_higher_hand_score_takes_the_bonus_sk_bonus() -> None:
    # Hand score = meld points - cards in hand (decision).
    state = _last_turn(["9C", "8C", "7C", "6C"], table=[("5S 5H 5D", 0), ("KS KH KD", 1)])
    result = state.apply("end").last_hand
    assert result is not None
    assert result.meld_points == (15, 30)
    assert result.hand_points == (10, 10)
    assert result.bonus == (0, 100)
    assert result.points == (5, 120)


# ------------------------------------------------------------------ SK-TIE


def _last_turn(
    cards: list[str], table: list[tuple[str, int]] | None = None, **options: object
) -> GameState:
    """A position in the hand's last turn (the turn limit), seat 0 to end it."""
    rules = Ruleset(turn_limit=2, **options)  # type: ignore[arg-type]
    return position(cards, table=table or [], rules=rules, turn_number=2)


def test_a_tied_hand_does_not_count_sk_tie() -> None:
    state = _last_turn(["9C", "8C", "7C", "6C"], table=[("5S 5H 5D", 0), ("6S 6H 6D", 1)])
    result = state.apply("end").last_hand
    assert result is not None
    assert result.void
    assert result.points == (0, 0)
    assert result.bonus == (0, 0)
    after = state.apply("end")
    assert after.totals == (0, 0)
    assert after.hand_number == 2  # it still uses up its deal
    assert after.rules.contract_size(after.hand_number) == 3


def test_tied_hand_no_bonus_scores_melds_and_cards_sk_tie() -> None:
    state = _last_turn(
        ["9C", "8C", "7C", "6C"],
        table=[("5S 5H 5D", 0), ("6S 6H 6D", 1)],
        tied_hand="no_bonus",
    )
    result = state.apply("end").last_hand
    assert result is not None
    assert not result.void
    assert result.points == (5, 5)
    assert result.bonus == (0, 0)


def test_singles_tie_when_the_highest_is_shared_sk_tie() -> None:
    rules = Ruleset(partnership=False, turn_limit=2)
    state = position(
        ["9C", "8C", "7C"],
        table=[("5S 5H 5D", 0), ("6S 6H 6D", 1)],
        rules=rules,
        turn_number=2,
    )
    result = state.apply("end").last_hand
    assert result is not None
    assert result.void


# ------------------------------------------------------------------ SK-LOOP


def test_the_turn_limit_ends_the_hand_as_the_last_card_would_sk_loop() -> None:
    rules = Ruleset(turn_limit=6)
    last_turns = 0
    for state in playout(new_game(rules, seed=4), seed=4):
        if state.hand_number > 1:
            break
        assert state.turn_number <= 6
        if state.phase is Phase.PLAY and state.turn_number == 6:
            last_turns += 1
            assert state.is_last_turn
            assert len(state.stock) > 0
            assert not any(text.startswith("offer") for text in move_texts(state))
    assert last_turns, "the hand reached its sixth and last turn"
    assert state.last_hand is not None
    assert state.last_hand.went_out is None
    assert Ruleset().turn_limit is None  # decision: no limit by default


# ------------------------------------------------------------------ SK-GAME, C-WINNERS


def test_a_game_is_seven_hands_and_the_highest_total_wins_sk_game() -> None:
    states = list(playout(new_game(seed=21), seed=21))
    final = states[-1]
    assert final.is_over
    assert final.hand_number == 7
    assert max(state.hand_number for state in states) == 7
    best = max(final.totals)
    assert final.winners == tuple(s for s in range(4) if final.scores[s] == best)
    assert set(final.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})
    assert final.current_player is None
    assert not list(final.legal_moves())


def test_equal_totals_share_the_win_c_winners() -> None:
    state = _last_turn(
        ["9C", "8C", "7C", "6C"],
        table=[("5S 5H 5D", 0), ("6S 6H 6D", 1)],
        hands=1,
        contract_melds=(3,),
        hand_bonus=(100,),
    )
    final = state.apply("end")  # a tied, void hand: both sides stay at 0
    assert final.is_over
    assert final.winners == (0, 1, 2, 3)
    assert final.returns() == (0.5, 0.5, 0.5, 0.5)


def test_the_number_of_hands_is_an_option_sk_game() -> None:
    final = list(playout(new_game(Ruleset(hands=2), seed=2), seed=2))[-1]
    assert final.is_over
    assert final.hand_number == 2
