"""Rumino scenarios, one or more per rule (RULES Part 4 and the C-* rules it uses)."""

from __future__ import annotations

import pytest

from scala40.cards import JOKER, parse_card
from scala40.errors import IllegalMoveError, InvalidRulesetError, InvalidValueError
from scala40.games.rumino import (
    GameState,
    HandEnd,
    Phase,
    Ruleset,
    new_game,
)
from scala40.melds import is_meld
from tests.games.knock.helpers import cards, deal_order, legal
from tests.games.knock.helpers import position as make_position

RULES = Ruleset()


def position(*hands: str, **options: object) -> GameState:
    """A Rumino position: ``hands`` by seat, seat 0 to draw unless told otherwise."""
    state: GameState = make_position(GameState, hands, **options)
    return state


# ---------------------------------------------------------------- the cards and the deal


def test_ru_players_two_to_six() -> None:
    # RU-PLAYERS.
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    for players in range(2, 7):
        assert new_game(players=players, seed=1).player_count == players
    with pytest.raises(InvalidValueError, match="players must be from 2 to 6"):
        new_game(players=7, seed=1)


def test_ru_deck_two_packs_and_four_jokers_ace_low_any_number_of_jokers() -> None:
    # RU-DECK.
    deck = RULES.deck
    assert deck.size == 108
    assert deck.cards.count(JOKER) == 4
    assert deck.cards.count(parse_card("7H")) == 2
    melds = RULES.meld_rules
    assert is_meld("AH 2H 3H", melds)
    assert not is_meld("QH KH AH", melds)  # the ace is low only
    assert is_meld("5H JK JK", melds)  # any number of jokers
    assert is_meld("JK 6S JK 8S", melds)


def test_ru_deal_seven_cards_upcard_seat_after_dealer_first() -> None:
    state = new_game(players=4, seed=9, dealer=2)
    assert state.dealer == 2
    assert state.turn == state.current_player == 3  # RU-DEAL: the seat after the dealer
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    assert len(state.discard) == 1
    assert len(state.stock) == 108 - 28 - 1
    assert state.phase is Phase.DRAW


def test_ru_deal_passes_one_seat_each_hand_c_seat() -> None:
    # P0 knocks at once; the next hand is dealt by the next seat still in.
    state = position(
        "5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", "2H 3H 4H 9S 9S 10D 10C", dealer=2
    )
    after = state.apply("knock")
    assert after.hand_number == 2
    assert after.dealer == 0
    assert after.turn == 1
    # C-SEAT: a seat out of the game is skipped.
    state = position(
        "5S 6S 7S 8S AH 2D 3C",
        "",
        "2H 3H 4H 9S 9S 10D 10C",
        dealer=0,
        active=[True, False, True],
        scores=[0, 101, 0],
    )
    after = state.apply("knock")
    assert after.dealer == 2
    assert after.turn == 0
    assert after.hands[1] == ()


def test_c_lot_the_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {new_game(players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(players=4, seed=5).dealer == new_game(players=4, seed=5).dealer


def test_ru_melds_sets_of_any_suits_sequences_of_three_or_four() -> None:
    melds = RULES.meld_rules
    assert is_meld("7S 7S 7H", melds)  # regardless of suit
    assert not is_meld("7S 7S 7H 7D 7C", melds)  # never more than four
    assert is_meld("4D 5D 6D 7D", melds)
    assert not is_meld("4D 5D 6D 7D 8D", melds)  # RU-MELDS: never more than four
    assert is_meld("JK JK JK", melds)  # RU-MELDS Decision: a meld may be all jokers
    web = Ruleset.preset("web").meld_rules
    assert is_meld("4D 5D 6D 7D 8D 9D", web)  # x:cog, x:ufm: sequences of 3 or more
    assert not is_meld("7S 7S 7H 7D 7C", web)


# ---------------------------------------------------------------- a turn


def test_ru_turn_draw_or_take_then_discard() -> None:
    state = position("5S 6S 7S 9H 10D QC KD", "9H 9D 9C KS KH 4D 2S")
    assert legal(state) == ["draw", "take"]
    after = state.apply("take")
    assert after.phase is Phase.PLAY
    assert parse_card("KC") in after.hands[0]
    assert "discard KC" in legal(after)  # RU-TURN Decision: the taken card may go again
    assert all(move.startswith("discard") for move in legal(after))
    after = after.apply("discard QC")
    assert after.turn == 1
    assert after.discard[-1] == parse_card("QC")


def test_ru_turn_the_taken_card_may_be_kept_from_the_pile_under_the_option() -> None:
    state = position(
        "5S 6S 7S 9H 10D QC KD", "9H 9D 9C KS KH 4D 2S", rules=Ruleset(discard_taken_card=False)
    )
    after = state.apply("take")
    assert "discard KC" not in legal(after)
    with pytest.raises(IllegalMoveError, match="RU-TURN"):
        after.apply("discard KC")
    # A second copy may go.
    state = position(
        "5S 6S 7S 9H 10D QC KC", "9H 9D 9C KS KH 4D 2S", rules=Ruleset(discard_taken_card=False)
    )
    assert "discard KC" in legal(state.apply("take"))


# ---------------------------------------------------------------- knocking and scoring


def test_ru_knock_instead_of_drawing_then_everyone_scores_ru_score_ru_values() -> None:
    state = position("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S")
    assert legal(state) == ["draw", "take", "knock"]
    after = state.apply("knock")
    result = after.last_hand
    assert result is not None
    assert result.end is HandEnd.KNOCK
    assert result.closer == 0
    # RU-VALUES: ace 1, 2-10 face value, J Q K 10; RU-SCORE: the knocker too.
    assert result.points == (1 + 2 + 3, 10 + 10 + 4 + 2)
    assert after.scores == (6, 26)
    shown = result.shown[1]
    assert shown is not None
    assert [str(meld) for meld in shown.melds] == ["9H 9D 9C"]
    assert shown.layoffs == ()  # RU-KNOCK Decision: nobody lays off


def test_ru_knock_never_on_the_first_turn_nor_over_the_limits() -> None:
    first = position("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", turns_played=[0, 0])
    assert "knock" not in legal(first)
    with pytest.raises(IllegalMoveError, match=r"first turn.*RU-KNOCK"):
        first.apply("knock")
    over = position("5S 6S 7S 8S AH 2D 5C", "9H 9D 9C KS KH 4D 2S")  # 8 unmatched
    assert "knock" not in legal(over)
    with pytest.raises(IllegalMoveError, match="worth 8 at least, over 7"):
        over.apply("knock")
    # Three cards in melds and 6 unmatched: not the majority (RU-KNOCK).
    three = position("5S 5H 5D AS AH 2C 2D", "9H 9D 9C KS KH 4D 2S")
    assert "knock" not in legal(three)
    with pytest.raises(IllegalMoveError, match="at least 4 cards in melds"):
        three.apply("knock")
    lenient = position(
        "5S 5H 5D AS AH 2C 2D", "9H 9D 9C KS KH 4D 2S", rules=Ruleset(knock_min_melded=0)
    )
    assert "knock" in legal(lenient)


def test_ru_gin_ten_less_for_the_knocker_only() -> None:
    state = position("5S 6S 7S 8S 9H 9D 9C", "2S 3S 4S JH JD JC JK", scores=[30, 30])
    after = state.apply("knock")
    assert after.last_hand is not None
    assert after.last_hand.end is HandEnd.GIN
    assert after.last_hand.points == (-10, 0)  # RU-GIN Decision: others all matched add 0
    assert after.scores == (20, 30)


def test_ru_ginstreak_gin_in_each_of_the_first_three_hands_wins() -> None:
    # RU-GINSTREAK.
    hands = ("5S 6S 7S 8S 9H 9D 9C", "2S 3S 4S JH JD QC KC")
    won = position(*hands, hand_number=3, gins=[2, 0]).apply("knock")
    assert won.is_over
    assert won.winners == (0,)
    # A gin missed in hand 2, or after the third hand, or without the rule: no win.
    assert not position(*hands, hand_number=3, gins=[1, 0]).apply("knock").is_over
    assert not position(*hands, hand_number=4).apply("knock").is_over
    plain = position(*hands, hand_number=3, rules=Ruleset(gin_streak=None))
    assert not plain.apply("knock").is_over
    assert plain.apply("knock").gins == (0, 0)
    # The streak counts from the first hand.
    second = position(*hands, hand_number=2, gins=[1, 0]).apply("knock")
    assert second.gins == (2, 0)


# ---------------------------------------------------------------- the Rumino


def test_ru_rumino_after_a_draw_wins_the_game() -> None:
    # RU-RUMINO Decision (b): any seven of the eight cards after the draw.
    state = position("3H 4H 5H 6H 7H 8H 2C", "9S 9D 9C KS KH 4D 2S", top="QD 9H")
    after = state.apply("draw")
    assert after.is_over
    assert after.winners == (0,)
    assert after.last_hand is not None
    assert after.last_hand.end is HandEnd.RUMINO
    assert after.scores == (0, 0)


def test_ru_rumino_of_seven_of_a_rank_with_jokers() -> None:
    state = position("7S 7S 7H JK JK 7D 3D", "9S 9D 9C KS KH 4D 2S", top="QD 7C")
    assert state.apply("draw").winners == (0,)
    # RU-RUMINO option: without jokers it is no Rumino.
    plain = position(
        "7S 7S 7H JK JK 7D 3D",
        "9S 9D 9C KS KH 4D 2S",
        top="QD 7C",
        rules=Ruleset(rumino_jokers=False),
    )
    assert not plain.apply("draw").is_over


def test_ru_rumino_claim_of_a_discard_applied_at_once_first_in_play_order() -> None:
    # RU-RUMINO Decision (c): P1 and P2 both need the 9H; P1 comes first after P0.
    state = position(
        "9H 2C 3C KS KH KD QS 4C",
        "3H 4H 5H 6H 7H 8H 2D",
        "10H JH QH KH 8H 7H 5C",
        phase="play",
        turns_played=[1, 1, 1],
    )
    after = state.apply("discard 9H")
    assert after.is_over
    assert after.winners == (1,)
    assert after.last_hand is not None
    assert after.last_hand.discard == parse_card("9H")
    assert len(after.hands[1]) == 8


def test_ru_rumino_claim_as_a_decision_of_the_seats_not_on_turn() -> None:
    rules = Ruleset(rumino_claim="decision")
    state = position(
        "9H 2C 3C KS KH KD QS 4C",
        "3H 4H 5H 6H 7H 8H 2D",
        "10H JH QH KH 8H 7H 5C",
        phase="play",
        turns_played=[1, 1, 1],
        rules=rules,
    )
    claim = state.apply("discard 9H")
    assert claim.phase is Phase.CLAIM
    assert claim.current_player == 1
    assert legal(claim) == ["claim", "pass"]
    assert claim.view(1).legal_moves()[0] == claim.legal_moves()[0]
    passed = claim.apply("pass")
    assert passed.current_player == 2
    assert passed.apply("claim").winners == (2,)
    gone = passed.apply("pass")
    assert gone.phase is Phase.DRAW
    assert gone.current_player == 1  # the turn goes on after the discarder
    with pytest.raises(IllegalMoveError, match="RU-RUMINO"):
        gone.apply("claim")


def test_ru_rumino_after_the_deal_in_play_order_the_upcard_not_claimable() -> None:
    deck = RULES.deck.cards
    # Dealer 0: P1 plays first. P1 and P2 both hold a Rumino: P1 wins (Decision (a)).
    order = deal_order(
        deck,
        ["AS 2S 3S 4S 5S 6S 7S", "AD 2D 3D 4D 5D 6D 7D", "9C 9C 9H 9H 9D 9D JK"],
        upcard="KC",
    )
    start = new_game(players=3, seed=1, dealer=0, auto_chance=False)
    assert start.is_chance
    state = start.apply(start.chance_move(order))
    assert state.is_over
    assert state.winners == (1,)
    # The turned-up card is no discard: it completes P2's Rumino, but he may not claim it.
    # (Hands in deal order: P1, P2, P0.)
    order = deal_order(
        deck, ["2S 3S 4S 5S 6S 7S KD", "8C 8C 8H 8H 8D 8D JS", "KS KS QH QD JC JC 2H"], "8S"
    )
    start = new_game(players=3, seed=1, dealer=0, auto_chance=False)
    state = start.apply(start.chance_move(order))
    assert not state.is_over
    assert state.current_player == 1
    assert state.apply("take").winners == (1,)  # his own draw (Decision (b))


# ---------------------------------------------------------------- the end of the game


def test_ru_elim_over_100_drops_out_exactly_100_stays() -> None:
    # RU-ELIM.
    hands = ("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", "9S 9S 10D 10C 2H 3H 4H")
    stays = position(*hands, scores=[94, 10, 10]).apply("knock")  # 94 + 6 = 100
    assert stays.active == (True, True, True)
    assert stays.scores[0] == 100
    out = position(*hands, scores=[95, 10, 10]).apply("knock")
    assert out.active == (False, True, True)
    assert out.last_hand is not None
    assert out.last_hand.eliminated == (0,)
    ge = position(*hands, scores=[94, 10, 10], rules=Ruleset.preset("web")).apply("knock")
    assert ge.active == (False, True, True)  # "ge100": 100 puts a player out


def test_ru_elim_the_last_player_left_wins_c_winners() -> None:
    # RU-ELIM.
    hands = ("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S")
    last = position(*hands, scores=[10, 90]).apply("knock")
    assert last.is_over
    assert last.winners == (0,)
    assert last.returns() == (1.0, 0.0)
    # C-WINNERS: everyone out in one hand: the lowest total wins; equal lowest share.
    both = position(*hands, scores=[97, 80]).apply("knock")  # 103 and 106
    assert both.winners == (0,)
    tied = position(*hands, scores=[100, 77]).apply("knock")  # 106 and 103
    assert tied.winners == (1,)
    shared = position(*hands, scores=[100, 80]).apply("knock")  # 106 and 106
    assert shared.winners == (0, 1)
    assert shared.returns() == (0.5, 0.5)


def test_ru_elim_reentry_as_lc_reenganche() -> None:
    # RU-ELIM.
    hands = ("5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S", "9S 9S 10D 10C 2H 3H 4H")
    state = position(*hands, scores=[10, 90, 40], rules=Ruleset(reentry=1))
    after = state.apply("knock")  # P1: 90 + 26 = 116
    assert after.phase is Phase.REENTRY
    assert after.current_player == 1
    assert legal(after) == ["reenter", "retire"]
    assert after.reentry_total == 78  # the highest total still in: P2 40 + 38
    back = after.apply("reenter")
    assert back.scores[1] == 78
    assert back.active == (True, True, True)
    assert back.reentries == (0, 1, 0)
    assert back.hand_number == 2
    gone = after.apply("retire")
    assert gone.active == (True, False, True)


def test_ru_restock_the_pile_but_its_top_card_becomes_the_stock() -> None:
    # RU-RESTOCK.
    hands = ("5S 6S 9H 10D QC KD 2S", "9H 9D 9C KS KH 4D 2S")
    deck = RULES.deck.cards
    state = position(*hands, discard="4C", top="7D", last=True)
    assert len(state.stock) == 1
    pile = state.discard
    after = state.apply("draw")
    assert sorted(after.stock) == sorted(pile[:-1])
    assert after.discard == cards("4C")
    assert sorted(after.all_cards()) == sorted(deck)
    explicit = position(*hands, discard="4C", top="7D", last=True, auto_chance=False)
    waiting = explicit.apply("draw")
    assert waiting.phase is Phase.RESTOCK
    assert waiting.is_chance
    assert waiting.current_player is None
    assert waiting.chance_cards() == tuple(sorted(pile[:-1]))
    order = tuple(reversed(waiting.chance_cards()))
    done = waiting.apply(waiting.chance_move(order))
    assert done.phase is Phase.PLAY
    assert done.stock == order
    assert done.discard == cards("4C")


def test_ruleset_options_are_validated() -> None:
    with pytest.raises(InvalidRulesetError) as error:
        Ruleset(max_meld_size=2, gin_streak=0, rumino_claim="shout", reentry=-1)
    problems = error.value.problems
    assert len(problems) == 4
    assert any("rumino_claim" in problem for problem in problems)
    for name in Ruleset.option_names():
        assert Ruleset.option_rule(name).startswith("RU-")
