"""Skarney scenarios: the players and sides, the deck, the deal, the melds (SK-PLAYERS,
SK-DECK, SK-DEAL, SK-MELDS, SK-WILDMELD, with C-LOT, C-SEAT, C-RNG, C-WILD)."""

from __future__ import annotations

from collections import Counter

import pytest

from scala40.cards import JOKER, format_cards, parse_cards
from scala40.errors import InvalidMeldError, InvalidValueError
from scala40.games.skarney import GameState, Phase, Ruleset, new_game
from scala40.games.skarney.moves import Deal
from scala40.games.skarney.rules import HAND_SIZE, MELD_RULES
from scala40.melds import MeldKind, check_meld, is_meld
from tests.games.skarney.helpers import assert_illegal, move_texts, position

# ------------------------------------------------------------------ SK-PLAYERS


def test_partnerships_are_four_players_partners_opposite_sk_players() -> None:
    state = new_game("partnership", players=4, seed=1)
    assert state.teams == ((0, 2), (1, 3))
    assert [state.side(seat) for seat in range(4)] == [0, 1, 0, 1]
    for players in (2, 3):
        with pytest.raises(InvalidValueError, match="players must be from 4 to 4"):
            new_game("partnership", players=players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_singles_play_alone_two_to_four_sk_players(players: int) -> None:
    state = new_game("singles", players=players, seed=1)
    assert state.teams == tuple((seat,) for seat in range(players))
    assert len(state.totals) == players


def test_partners_share_one_total_sk_players() -> None:
    state = position(["5C", "6C", "7C", "8C"], totals=[120, -40])
    assert state.scores == (120, -40, 120, -40)


# ------------------------------------------------------------------ SK-DECK


def test_the_deck_is_two_packs_and_four_jokers_sk_deck() -> None:
    deck = Ruleset().deck.cards
    assert len(deck) == 108
    assert deck.count(JOKER) == 4
    assert Counter(deck)[parse_cards("7S")[0]] == 2
    no_jokers = Ruleset.preset("no_jokers")
    assert no_jokers.deck.size == 104
    assert JOKER not in no_jokers.deck.cards


def test_every_two_and_every_joker_is_wild_sk_deck() -> None:
    assert MELD_RULES.wild_cards == frozenset(parse_cards("2S 2H 2D 2C JK"))


# ------------------------------------------------------------------ SK-DEAL, C-LOT, C-RNG


def test_eleven_cards_each_no_discard_pile_sk_deal() -> None:
    for preset, players in (("partnership", 4), ("singles", 2), ("singles", 3)):
        state = new_game(preset, players=players, seed=3)
        assert [len(hand) for hand in state.hands] == [HAND_SIZE] * players
        assert len(state.stock) == 108 - HAND_SIZE * players
        assert state.table == ()
        assert state.phase is Phase.DRAW


def test_one_card_at_a_time_from_the_seat_after_the_dealer_sk_deal() -> None:
    state = new_game(seed=5, auto_chance=False)
    assert state.is_chance
    assert state.chance_cards() == state.rules.deck.cards
    dealer = state.dealer
    order = tuple(sorted(state.rules.deck.cards))  # the top card is the last
    dealt = state.apply(state.chance_move(order))
    first = (dealer + 1) % 4
    assert dealt.turn == first
    assert dealt.current_player == first
    for step in range(4):
        seat = (first + step) % 4
        expected = [order[-1 - step - 4 * round_] for round_ in range(HAND_SIZE)]
        assert sorted(dealt.hands[seat]) == sorted(expected)
    assert dealt.stock == order[: 108 - 44]
    with pytest.raises(Exception, match="C-DECK"):
        state.apply(Deal(order[:-1]))


def test_the_first_dealer_is_drawn_by_lot_c_lot() -> None:
    dealers = {new_game(seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_the_deal_passes_one_seat_each_hand_sk_deal() -> None:
    state = GameState.from_position(
        hands=["9C", "5S 5H", "6S", "7S"],
        rules=Ruleset(turn_limit=2),
        turn=0,
        dealer=3,
    )
    after = state.apply("end")  # the last turn under the limit ends the hand
    assert after.hand_number == 2
    assert after.dealer == 0
    assert after.turn == 1
    assert after.phase is Phase.DRAW


def test_same_seed_same_game_c_rng() -> None:
    assert new_game(seed=9) == new_game(seed=9)
    assert new_game(seed=9) != new_game(seed=10)


# ------------------------------------------------------------------ SK-MELDS, C-WILD


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("3S JK 3H 3D", True),  # 004: 3-JK-3-3 valid
        ("3S JK 2H 3D 3C", False),  # 004: 3-JK-2-3-3 invalid, two wild cards
        ("3S 2S 5S 6S 2H", False),  # 004: ♠3-2-5-6-2 invalid, two wild cards
        ("4S 4S 4H 4D", True),  # decision: set suits may repeat (two packs)
        ("4S 4H 4D 4C 4S", False),  # a set has 3 or 4 cards
        ("QS KS AS", True),  # ace high
        ("AS 2H 3S", True),  # ace low, the 2 wild in its own place
        ("KS AS 2S", True),  # Q-K-A, the 2 standing for the queen
        ("KS AS 2S 3S", False),  # never around the corner (K-A-2)
        ("JH QH KH AH", True),  # 004: J-Q-K-A
        ("5S 6S 7H", False),  # a sequence is of one suit
    ],
)
def test_mixed_melds_sk_melds(text: str, valid: bool) -> None:
    assert is_meld(text, MELD_RULES) is valid


def test_a_two_is_always_wild_sk_melds() -> None:
    # Decision: ♠2 in A-2-3 of spades is the meld's wild card, so the meld takes no other.
    meld = check_meld("AS 2S 3S", MELD_RULES)
    assert meld.wild_count == 1
    assert str(meld) == "AS 2S=2S 3S"
    assert not is_meld("AS 2S 3S JK", MELD_RULES)


def test_a_sequence_holds_each_place_once_both_aces_natural_sk_melds() -> None:
    # SK-MELDS: each place from the low ace to the high ace at most once, so A-2-...-K-A
    # is 14 cards: the 2 wild, both aces natural.
    assert is_meld("AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", MELD_RULES)
    meld = check_meld("AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", MELD_RULES)
    assert str(meld) == "AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert meld.wild_count == 1
    assert meld.joker_swaps() == ()  # a 2 is never freed
    # Never a third ace, nor the second ace's place held by a wild card (two wilds).
    with pytest.raises(InvalidMeldError, match="sequence has 3 A"):
        check_meld("AS AS AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", MELD_RULES)
    assert not is_meld("AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", MELD_RULES)
    assert not is_meld("AS AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", MELD_RULES)  # no 2


def test_a_thirteen_card_meld_extends_with_its_second_ace_sk_extend() -> None:
    low = check_meld("AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", MELD_RULES)
    assert [str(ext) for ext in low.extensions()] == ["AS@high"]
    assert str(low.extend("AS")) == "AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    high = check_meld("2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", MELD_RULES)
    assert [str(ext) for ext in high.extensions()] == ["AS@low"]
    assert str(high.extend("AS")) == "AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert high.extend("AS").extensions() == ()  # every place is held


def test_put_down_names_the_wild_cards_card_c_wild() -> None:
    state = position(["5S 6S JK 9C 9D", "AS", "AH", "AD"], contracts=[True, False])
    assert "meld 5S 6S JK=7S" in move_texts(state)
    assert "meld JK=4S 5S 6S" in move_texts(state)
    assert_illegal(state, "meld 6S JK 5S", "C-WILD")  # two readings: say which
    assert str(state.apply("meld JK=7S 5S 6S").table[0]) == "5S 6S JK=7S"
    assert str(state.apply("meld JK 5S 6S").table[0]) == "JK=4S 5S 6S"  # by position
    # In a set, a wild card is "a card of that rank": any suit names it.
    state = position(["5S 5S JK 9C 9D", "AS", "AH", "AD"], contracts=[True, False])
    assert str(state.apply("meld 5S 5S JK=5C").table[0]) == "5S 5S JK=5H"
    assert str(state.apply("meld 5S 5S JK").table[0]) == "5S 5S JK=5H"


def test_invalid_melds_are_refused_naming_the_rule_sk_melds() -> None:
    state = position(["3S JK 2H 3D 3C 9D", "AS", "AH", "AD"], contracts=[True, False])
    error = assert_illegal(state, "meld 3S JK 2H 3D 3C", "SK-MELDS")
    assert "wild" in str(error)
    assert_illegal(state, "meld 3S 3D 9D", "SK-MELDS")


# ------------------------------------------------------------------ SK-WILDMELD


def test_melds_of_twos_or_jokers_only_sk_wildmeld() -> None:
    assert check_meld("2S 2H 2S", MELD_RULES).kind is MeldKind.WILD
    assert check_meld("JK JK JK JK", MELD_RULES).kind is MeldKind.WILD
    assert not is_meld("2S JK 2H", MELD_RULES)  # 2s and jokers never mix
    assert not is_meld("JK JK", MELD_RULES)
    with pytest.raises(InvalidMeldError, match="one kind"):
        check_meld("JK 2C JK", MELD_RULES)


def test_wild_melds_are_extended_only_with_their_own_kind_sk_wildmeld() -> None:
    state = position(
        ["2C JK 5H 9D", "AS", "AH", "AD"],
        table=[("2S 2H 2D", 0), ("JK JK JK", 0)],
        contracts=[True, False],
    )
    moves = move_texts(state)
    assert "extend 2C=2C #0 set" in moves
    assert "extend JK=JK #1 set" in moves
    # The texts that left the card itself to the position read so in it still.
    assert state.parse_move("extend JK #1 set") == state.parse_move("extend JK=JK #1 set")
    assert_illegal(state, "extend JK #0", "SK-WILDMELD")
    assert_illegal(state, "extend 2C #1", "SK-WILDMELD")
    assert_illegal(state, "extend 5H #0", "SK-WILDMELD")


def test_wild_melds_are_never_exchanged_sk_wildmeld() -> None:
    state = position(
        ["2C 5H 9D", "AS", "AH", "AD"], table=[("2S 2H 2D", 1)], contracts=[True, True]
    )
    assert not any(text.startswith("exchange") for text in move_texts(state))
    assert_illegal(state, "exchange 5H #0", "SK-WILDMELD")


def test_a_wild_meld_of_the_hand_is_listed_sk_wildmeld() -> None:
    state = position(["2C 2D 2C JK 9D", "AS", "AH", "AD"], contracts=[True, False])
    moves = move_texts(state)
    assert "meld 2D 2C 2C" in moves or "meld 2C 2C 2D" in moves
    assert not any("JK" in text and text.startswith("meld 2") for text in moves)
    assert format_cards(state.apply("meld 2C 2D 2C").hands[0]) == "9D JK"
