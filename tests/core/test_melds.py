"""Melds: the rule texts' examples, the Meld API, and properties of the meld engine."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scala40
from scala40 import (
    JOKER,
    AmbiguousMeldError,
    Extension,
    InvalidCardError,
    InvalidMeldError,
    Meld,
    MeldEnd,
    MeldKind,
    MeldRules,
    Ruleset,
    Scala40Error,
    check_meld,
    hand_value,
    is_meld,
    meld_interpretations,
    parse_card,
    parse_cards,
)
from scala40.cards import ACE, SPANISH_40_RANKS, Card, rank_of
from tests.strategies import MELD_RULES_CONFIGS, card_lists, meld_rules_configs, valid_melds

DEFAULT = MELD_RULES_CONFIGS["scala40"]
MULTIJOKER = MELD_RULES_CONFIGS["multijoker"]
SPLIT = MELD_RULES_CONFIGS["split"]
SKARNEY = MELD_RULES_CONFIGS["skarney"]
CHINCHON = MELD_RULES_CONFIGS["chinchon"]
HIGH = MELD_RULES_CONFIGS["highvalues"]
JOKER25 = MELD_RULES_CONFIGS["joker25"]


def texts(melds: tuple[Meld, ...]) -> list[str]:
    return [str(meld) for meld in melds]


def wild_targets(meld: Meld) -> list[Card]:
    """The represented card of every wild card of the meld, in meld order."""
    wilds = meld.rules.wild_cards
    return [rep for card, rep in zip(meld.cards, meld.represented, strict=True) if card in wilds]


# ------------------------------------------------------------------ S40-SET


@pytest.mark.parametrize(
    ("text", "shown", "value"),
    [
        ("3D 3H 3S", "3S 3H 3D", 9),
        ("♦3 ♥3 ♠3", "3S 3H 3D", 9),
        ("KC KD KH KS", "KS KH KD KC", 40),
        ("9S 9D 9C", "9S 9D 9C", 27),
        ("AS AH AD", "AS AH AD", 33),
    ],
)
def test_sets_of_one_rank_and_different_suits_s40_set(text: str, shown: str, value: int) -> None:
    # S40-SET: ♦3-♥3-♠3 and ♣K-♦K-♥K-♠K are valid sets (000).
    meld = check_meld(text)
    assert meld.kind is MeldKind.SET
    assert str(meld) == shown
    assert meld.value == value
    assert meld.wild_count == 0
    assert meld.suit == -1
    assert meld.rank == rank_of(parse_cards(text)[0])
    assert meld.start == -1
    assert is_meld(text)


def test_set_with_two_cards_of_one_suit_is_invalid_s40_set() -> None:
    # S40-SET: ♥9-♣9-♣9 is not a set (000).
    assert not is_meld("9H 9C 9C")
    assert meld_interpretations("♥9 ♣9 ♣9") == ()
    with pytest.raises(InvalidMeldError, match=r"set has two ♣ \(S40-SET\)") as info:
        check_meld("9H 9C 9C")
    assert str(info.value) == "9H 9C 9C is not a meld: set has two ♣ (S40-SET)"


def test_set_has_at_most_four_cards_s40_set() -> None:
    with pytest.raises(InvalidMeldError, match="a set has at most 4 cards, got 5"):
        check_meld("5S 5H 5D 5C 5S")
    with pytest.raises(InvalidMeldError, match="a set has at most 4 cards, got 5"):
        check_meld("5S 5H 5D 5C JK")
    assert check_meld("5S 5H 5D 5C").extensions() == ()


# ------------------------------------------------------------------ S40-SEQ


def test_ace_low_sequence_is_worth_one_for_the_ace_s40_seq_s40_meld_value() -> None:
    meld = check_meld("AS 2S 3S")
    assert meld.kind is MeldKind.SEQUENCE
    assert meld.value == 1 + 2 + 3
    assert meld.start == 0
    assert meld.suit == 0
    assert meld.rank == 0


def test_ace_high_sequence_is_worth_eleven_for_the_ace_s40_seq_s40_meld_value() -> None:
    meld = check_meld("QH KH AH")
    assert str(meld) == "QH KH AH"
    assert meld.value == 10 + 10 + 11
    assert meld.start == 11
    assert meld.suit == 1


def test_king_ace_two_goes_around_the_corner_s40_seq() -> None:
    # S40-SEQ: the ace is low or high, never in the middle.
    for text in ("KS AS 2S", "♠K ♠A ♠2", "QS KS AS 2S", "KS AS 2S 3S", "KS JK 2S"):
        assert not is_meld(text), text
    with pytest.raises(InvalidMeldError) as info:
        check_meld("KS AS 2S")
    assert str(info.value) == "KS AS 2S is not a meld: K-A-2 goes around the corner (S40-SEQ)"


def test_whole_suit_plus_a_joker_is_a_fourteen_card_sequence_s40_seq() -> None:
    text = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"
    meld = check_meld(text)
    assert len(meld) == 14
    assert str(meld) == "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS"
    # low ace 1, 2-10 54, J Q K 30, the joker as the high ace 11
    assert meld.value == 1 + 54 + 30 + 11
    assert meld.extensions() == ()
    # Given in no sequence order, the joker may be either ace: both readings are listed.
    assert texts(meld_interpretations("JK " + text[:-3])) == [
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS",
        "JK=AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]


def test_thirteen_card_sequence_takes_only_a_joker_as_the_second_ace_s40_seq() -> None:
    meld = check_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert [str(ext) for ext in meld.extensions()] == ["JK=AS@high"]
    assert not meld.accepts("AS")
    with pytest.raises(InvalidMeldError, match="AS cannot be added"):
        meld.extend("AS")
    assert str(meld.extend("JK")).endswith("KS JK=AS")


def test_two_natural_aces_in_a_sequence_are_invalid_s40_seq() -> None:
    with pytest.raises(InvalidMeldError, match="sequence has two A♠"):
        check_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert not is_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")


def test_sequence_needs_one_suit_and_consecutive_ranks_s40_seq() -> None:
    assert is_meld("4D 5D 6D 7D 8D 9D 10D")
    assert not is_meld("4D 5D 6H")
    assert not is_meld("4D 5D 7D")
    with pytest.raises(InvalidMeldError, match="sequence has two 7♠"):
        check_meld("7S 7S 8S")


# ------------------------------------------------------------------ S40-DISJOINT


def test_set_and_sequence_sharing_a_card_are_not_one_meld_s40_disjoint() -> None:
    # S40-DISJOINT (000): a card belongs to one meld only. The 000 example: ♣9-♦9-♥9-♥8-♥7
    # cannot go down as the set ♣9-♦9-♥9 and the sequence ♥9-♥8-♥7 sharing the ♥9. Which
    # melds share a card is a table-level question; as ONE meld the five cards are invalid.
    cards = parse_cards("♣9 ♦9 ♥9 ♥8 ♥7")
    assert meld_interpretations(cards) == ()
    assert not is_meld(cards)
    with pytest.raises(InvalidMeldError, match="neither all of one rank"):
        check_meld(cards)
    # Each half alone is a meld; together they would need the ♥9 twice.
    assert check_meld("♣9 ♦9 ♥9").kind is MeldKind.SET
    assert check_meld("♥9 ♥8 ♥7").kind is MeldKind.SEQUENCE


# ------------------------------------------------------------------ S40-JOKER and C-WILD


def test_joker_in_a_sequence_stands_for_its_place_s40_joker_c_wild() -> None:
    # S40-JOKER: in Joker-♠7-♠8 the joker is ♠6 ...
    meld = check_meld("JK 7S 8S")
    assert str(meld) == "JK=6S 7S 8S"
    assert meld.represented == parse_cards("6S 7S 8S")
    assert meld.wild_count == 1
    assert meld.wild_positions == (0,)
    assert meld.joker_swaps() == ((0, parse_card("6S")),)
    # ... and the sequence can later take ♠5 or ♠9, not ♠6 or ♠10 (one joker already).
    assert [str(ext) for ext in meld.extensions()] == ["5S@low", "9S@high"]
    assert meld.accepts("5S")
    assert meld.accepts("9S")
    assert not meld.accepts("6S")
    assert not meld.accepts("10S")
    assert not meld.accepts("JK")


def test_joker_given_in_descending_order_is_read_by_position_s40_joker() -> None:
    # Joker-♣9-♣8: the joker is ♣10, worth 27 (000, S40-MELD-VALUE).
    meld = check_meld("JK 9C 8C")
    assert str(meld) == "8C 9C JK=10C"
    assert meld.value == 27
    assert str(check_meld("JK 8C 9C")) == "JK=7C 8C 9C"
    assert str(check_meld("8C 9C JK")) == "8C 9C JK=10C"
    assert str(check_meld(parse_cards("JK-♣9-♣8"))) == "8C 9C JK=10C"


def test_joker_named_explicitly_s40_joker_s40_meld_value() -> None:
    # Joker-♣9-♣8 with the joker as ♣7 is worth 24 (000).
    meld = check_meld("JK 9C 8C", joker_as="7C")
    assert str(meld) == "JK=7C 8C 9C"
    assert meld.value == 24
    assert check_meld("JK 9C 8C", joker_as=parse_card("10C")).value == 27
    assert check_meld("JK 9C 8C", joker_as=[parse_card("10C")]).value == 27


def test_joker_in_a_three_card_set_names_a_missing_suit_s40_joker_c_wild() -> None:
    # S40-JOKER: in a 3-card set the player names one of the two missing suits (000).
    with pytest.raises(AmbiguousMeldError) as info:
        check_meld("7S 7H JK")
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, Scala40Error)
    # A kind of InvalidMeldError: the cards give no one meld, and a validator's one
    # `except InvalidMeldError` handles it with every other refusal.
    assert isinstance(error, InvalidMeldError)
    assert len(error.readings) == 2
    assert [str(meld) for meld in error.readings] == ["7S 7H JK=7D", "7S 7H JK=7C"]
    assert "has 2 readings" in str(error)
    assert str(check_meld("7S 7H JK", joker_as="7D")) == "7S 7H JK=7D"
    assert str(check_meld("7S 7H JK", joker_as="7C")) == "7S 7H JK=7C"
    assert texts(meld_interpretations("7S 7H JK")) == ["7S 7H JK=7D", "7S 7H JK=7C"]


@pytest.mark.parametrize(
    ("text", "joker_as"),
    [
        ("7S 7H JK", "7S"),  # the set already holds the ♠7
        ("7S 7H JK", "7H"),
        ("7S 7H JK", "8S"),  # not of the set's rank
        ("AS 2S JK", "AS"),  # a second ♠A in a sequence that has a natural one
        ("JK 9C 8C", "JC"),  # not next to the sequence
        ("JK 9C 8C", "10H"),  # another suit
    ],
)
def test_joker_cannot_stand_for_a_card_making_the_meld_invalid_s40_joker(
    text: str, joker_as: str
) -> None:
    with pytest.raises(InvalidMeldError) as info:
        check_meld(text, joker_as=joker_as)
    assert str(info.value) == f"in {text} the wild cards cannot stand for {joker_as}"


def test_joker_next_to_a_natural_ace_s40_joker() -> None:
    assert str(check_meld("AS 2S JK", joker_as="3S")) == "AS 2S JK=3S"
    assert str(check_meld("QS KS JK", joker_as="AS")) == "QS KS JK=AS"
    assert check_meld("QS KS JK", joker_as="AS").value == 31
    assert str(check_meld("JK 2S 3S")) == "JK=AS 2S 3S"
    assert check_meld("JK 2S 3S").value == 6  # the joker as a low ace is worth 1


def test_two_jokers_in_one_meld_are_invalid_by_default_s40_joker() -> None:
    for text in ("JK 5S JK 7S 8S", "7S 7H JK JK", "JK 5S 6S 7S JK"):
        assert not is_meld(text)
        with pytest.raises(InvalidMeldError, match=r"two jokers in one meld \(S40-JOKER\)"):
            check_meld(text)


def test_check_meld_readings_are_order_independent_c_wild() -> None:
    expected = meld_interpretations("JK 8C 9C")
    assert texts(expected) == ["JK=7C 8C 9C", "8C 9C JK=10C"]
    for text in ("9C JK 8C", "8C JK 9C", "JK 9C 8C", "9C 8C JK"):
        assert meld_interpretations(text) == expected
    # Neither ascending nor descending: the position says nothing.
    with pytest.raises(AmbiguousMeldError) as info:
        check_meld("9C JK 8C")
    assert len(info.value.readings) == 2


# ------------------------------------------------------------------ S40-MELD-VALUE


def test_opening_example_reaches_forty_two_s40_meld_value_s40_open() -> None:
    # 000: Joker-♣9-♣8 (joker ♣10) + ♢5-♡5-♠5 = 27 + 15 = 42 opens (threshold 40).
    melds = [check_meld("JK ♣9 ♣8"), check_meld("♢5 ♡5 ♠5")]
    assert [meld.value for meld in melds] == [27, 15]
    total = sum(meld.value for meld in melds)
    assert total == 42
    assert total >= Ruleset().opening_threshold == 40


def test_federation_article_example_counts_the_joker_25_s40_v_joker25() -> None:
    # 001 opens with 7♠ 7♥ Joker + 4♦ 4♣ 4♠ because the joker counts 25 in a meld.
    article = Ruleset.preset("federation-article")
    assert article.joker_meld_value == 25
    sevens = check_meld("7♠ 7♥ JK", article, joker_as="7D")
    fours = check_meld("4♦ 4♣ 4♠", article)
    assert (sevens.value, fours.value) == (7 + 7 + 25, 12)
    assert sevens.value + fours.value == 51 >= article.opening_threshold
    # Every reading of the sevens is worth the same under this rule.
    assert {m.value for m in meld_interpretations("7♠ 7♥ JK", article)} == {39}
    # With the official rules the joker is a 7 and the same melds fall short of 40.
    official = Ruleset()
    total = check_meld("7♠ 7♥ JK", official, joker_as="7D").value + check_meld("4♦ 4♣ 4♠").value
    assert total == 33 < official.opening_threshold


def test_online_rules_example_s40_meld_value() -> None:
    # 002: a set of 9s is 27 and a set of 2s is 6: 33 does not open; 10♦ J♦ Q♦ K♦ is 40.
    nines, twos = check_meld("9S 9H 9D"), check_meld("2S 2H 2C")
    assert (nines.value, twos.value) == (27, 6)
    assert nines.value + twos.value == 33 < 40
    assert check_meld("10D JD QD KD").value == 40


def test_joker25_in_sequences_s40_v_joker25() -> None:
    assert check_meld("JK 9C 8C", JOKER25).value == 8 + 9 + 25
    assert check_meld("JK 9C 8C", JOKER25, joker_as="7C").value == 8 + 9 + 25
    assert check_meld("JK 2S 3S", JOKER25).value == 25 + 2 + 3  # even as a low ace
    assert check_meld("AS 2S 3S", JOKER25).value == 6
    assert check_meld("JK 2S 3S", Ruleset(joker_meld_value=0)).value == 5


def test_high_values_s40_v_highvalues() -> None:
    # S40-V-HIGHVALUES: J 11, Q 12, K 13, ace 14 in a set or high; three aces open alone.
    assert Ruleset(high_card_values=True).meld_rules == HIGH
    aces = check_meld("AS AH AD", HIGH)
    assert aces.value == 42
    assert aces.value >= 40
    assert check_meld("JS QS KS", HIGH).value == 11 + 12 + 13
    assert check_meld("QS KS AS", HIGH).value == 12 + 13 + 14
    assert check_meld("AS 2S 3S", HIGH).value == 1 + 2 + 3  # a low ace is still 1
    assert check_meld("JK QS KS", HIGH, joker_as="AS").value == 39
    assert check_meld("JK QS KS", HIGH, joker_as="JS").value == 36
    assert check_meld("KS KH KD KC", HIGH).value == 52


# ------------------------------------------------------------------ S40-HAND-VALUE


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", 0),
        ("JK", 25),
        ("AS", 11),
        ("KH", 10),
        ("QD", 10),
        ("JC", 10),
        ("10S", 10),
        ("2H 3H 4H 5H 6H 7H 8H 9H", 44),
        ("AS KH 7D JK", 53),
        ("JK JK AS AS", 72),
    ],
)
def test_hand_values_s40_hand_value(text: str, value: int) -> None:
    # S40-HAND-VALUE: 2-10 face value, J Q K 10, ace 11, joker 25.
    assert hand_value(text) == value
    assert hand_value(parse_cards(text)) == value
    assert hand_value(text, Ruleset()) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [("JK", 14), ("AS", 14), ("KH", 13), ("QD", 12), ("JC", 11), ("10S", 10), ("AS KH 7D JK", 48)],
)
def test_hand_values_with_high_values_s40_v_highvalues(text: str, value: int) -> None:
    # S40-V-HIGHVALUES decision: J 11, Q 12, K 13, A 14, joker 14 in hand.
    assert hand_value(text, Ruleset(high_card_values=True)) == value


def test_lone_ace_costs_one_s40_v_loneace() -> None:
    online = Ruleset.preset("online")
    assert online.lone_ace_scores_one
    assert hand_value("AH", online) == 1
    assert hand_value("AH") == 11
    assert hand_value("AH AS", online) == 22  # not alone
    assert hand_value("AH 2S", online) == 13
    assert hand_value("KH", online) == 10
    assert hand_value("AC", Ruleset(lone_ace_scores_one=True, high_card_values=True)) == 1


# ------------------------------------------------------------------ S40-V-MULTIJOKER


def test_multijoker_rules_allow_jokers_while_naturals_outnumber_them_s40_v_multijoker() -> None:
    assert Ruleset(max_jokers_per_meld=None).meld_rules == MULTIJOKER
    meld = check_meld("JK 5S JK 7S 8S", MULTIJOKER)
    assert str(meld) == "JK=4S 5S JK=6S 7S 8S"
    assert meld.value == 4 + 5 + 6 + 7 + 8
    assert meld.wild_count == 2
    assert meld.wild_positions == (0, 2)
    with pytest.raises(InvalidMeldError) as info:
        check_meld("JK 5S JK", MULTIJOKER)
    assert str(info.value) == (
        "JK 5S JK is not a meld: a meld must hold more natural cards than wild cards by at "
        "least 1, got 1 natural and 2 wild (S40-V-MULTIJOKER)"
    )
    assert not is_meld("JK JK 5S 6S", MULTIJOKER)  # as many jokers as naturals
    assert is_meld("JK JK 5S 6S 7S", MULTIJOKER)
    assert is_meld("5S 5H 5D JK", MULTIJOKER)


def test_copies_of_jokers_are_not_listed_twice_c_identity() -> None:
    # C-IDENTITY: the two jokers are interchangeable, so each placement is one reading.
    assert texts(meld_interpretations("JK JK 5S 6S 7S", MULTIJOKER)) == [
        "JK=3S JK=4S 5S 6S 7S",
        "JK=4S 5S 6S 7S JK=8S",
        "5S 6S 7S JK=8S JK=9S",
    ]
    assert len(meld_interpretations("5S 5H JK JK", CHINCHON)) == 1
    meld = check_meld("5S 6S 7S 8S", MULTIJOKER).extend("JK", MeldEnd.LOW)
    assert [str(ext) for ext in meld.extensions()] == [
        "3S@low",
        "JK=3S@low",
        "9S@high",
        "JK=9S@high",
    ]


def test_max_jokers_per_meld_two_s40_v_multijoker() -> None:
    rules = Ruleset(max_jokers_per_meld=2).meld_rules
    assert (rules.max_wilds, rules.min_natural_lead) == (2, 1)
    assert is_meld("JK JK 5S 6S 7S", rules)
    with pytest.raises(InvalidMeldError, match="3 wild cards in one meld, at most 2 allowed"):
        check_meld("JK JK JK 5S 6S 7S 8S", rules)


# ------------------------------------------------------------------ S40-V-SPLIT


def test_split_rules_refuse_sequences_longer_than_five_s40_v_split() -> None:
    assert Ruleset.preset("classic").meld_rules == SPLIT
    with pytest.raises(InvalidMeldError) as info:
        check_meld("3S 4S 5S 6S 7S 8S", SPLIT)
    assert (
        str(info.value)
        == "3S 4S 5S 6S 7S 8S is not a meld: a sequence has at most 5 cards, got 6 (S40-V-SPLIT)"
    )
    assert not is_meld("3S 4S JK 6S 7S 8S", SPLIT)
    five = check_meld("3S 4S 5S 6S 7S", SPLIT)
    assert five.extensions() == ()
    assert not five.accepts("8S")
    with pytest.raises(InvalidMeldError):
        five.extend("2S")
    four = check_meld("4S 5S 6S 7S", SPLIT)
    assert [str(ext) for ext in four.extensions()] == [
        "3S@low",
        "JK=3S@low",
        "8S@high",
        "JK=8S@high",
    ]
    assert is_meld("3S 4S 5S 6S 7S 8S")  # the official rules have no limit


# ------------------------------------------------------------------ other games' rules


def test_spanish_rank_order_puts_the_jack_after_the_seven_c_deck() -> None:
    assert CHINCHON.sequence_slots == SPANISH_40_RANKS
    assert str(check_meld("6S 7S JS", CHINCHON)) == "6S 7S JS"
    assert str(check_meld("JK 7S JS", CHINCHON)) == "JK=6S 7S JS"  # ascending: the 6 below
    assert not is_meld("6S 7S 8S", CHINCHON)
    with pytest.raises(InvalidMeldError, match="rank is not in this game's pack"):
        check_meld("7S 8S 9S", CHINCHON)
    with pytest.raises(InvalidMeldError, match="the ace cannot sit there"):
        check_meld("QS KS AS", CHINCHON)
    assert check_meld("AS 2S 3S", CHINCHON).value == 6


def test_wild_twos_stand_for_any_card_skarney_rules() -> None:
    assert SKARNEY.wild_cards == frozenset(parse_cards("2S 2H 2D 2C JK"))
    assert SKARNEY.is_wild(parse_card("2C"))
    assert not SKARNEY.is_wild(parse_card("3C"))
    assert str(check_meld("5S 2C 7S", SKARNEY)) == "5S 2C=6S 7S"
    assert not is_meld("5S 2C 7S JK", SKARNEY)  # at most one wild card
    assert not is_meld("2S 2H 2D", SKARNEY)  # no natural card: wild melds need wild_meld_min
    assert check_meld("5S 5S 5H", SKARNEY).value == 15  # suits may repeat
    assert str(check_meld("5S 5S JK", SKARNEY)) == "5S 5S JK=5H"


def test_a_wild_two_in_its_own_place_is_still_wild_skarney_rules() -> None:
    # SK-MELDS decision: a 2 inside a mixed meld is always a wild card, even at its own
    # rank's place. In ♠2-♠3-♠4 read as a run from the 2, the ♠2 is the meld's one wild card:
    # the meld takes no second wild card, and naming what the 2 stands for finds the reading.
    low = check_meld("2S 3S 4S", SKARNEY, joker_as="2S")
    assert str(low) == "2S=2S 3S 4S"  # a wild card always shows what it stands for
    assert low.start == 1
    assert low.wild_count == 1
    assert all(ext.card not in SKARNEY.wild_cards for ext in low.extensions())
    assert [str(ext) for ext in low.extensions()] == ["AS@low", "5S@high"]


@pytest.mark.parametrize(("name", "text"), [("skarney", "5S 5H 5D"), ("rumino", "AS AS JK")])
def test_extending_a_set_whose_suits_may_repeat_keeps_a_valid_reading(
    name: str, text: str
) -> None:
    # With suits free to repeat (SK-MELDS, RU-MELDS), a card added to a set must give a meld
    # that its own cards read as (C-WILD): check_meld naming the same represented cards must
    # find it again.
    rules = MELD_RULES_CONFIGS[name]
    meld = check_meld(text, rules)
    for ext in meld.extensions():
        extended = meld.extend(ext.card, ext.end, ext.represents)
        assert extended in meld_interpretations(extended.cards, rules), str(ext)
        again = check_meld(extended.cards, rules, joker_as=wild_targets(extended))
        assert again == extended, str(ext)


# ------------------------------------------------------------------ Meld API


def test_meld_basics() -> None:
    meld = check_meld("9S JK 7S")
    assert isinstance(meld, Meld)
    assert meld.kind is MeldKind.SEQUENCE
    assert meld.cards == parse_cards("7S JK 9S")
    assert meld.represented == parse_cards("7S 8S 9S")
    assert len(meld) == 3
    assert list(meld) == list(meld.cards)
    assert str(meld) == "7S JK=8S 9S"
    assert repr(meld) == "<Meld sequence 7S JK=8S 9S value=24>"
    assert meld.value == 24
    assert meld.suit == 0
    assert meld.rank == 0
    assert meld.wild_count == 1
    assert meld.wild_positions == (1,)
    assert meld.start == 6
    assert meld.rules == DEFAULT
    assert meld == check_meld(parse_cards("7S JK 9S"))
    assert hash(meld) == hash(check_meld("7S JK 9S"))
    set_meld = check_meld("QD QC QH")
    assert (set_meld.suit, set_meld.rank, set_meld.start) == (-1, 12, -1)
    assert str(set_meld) == "QH QD QC"


def test_meld_accepts_any_rules_like_value() -> None:
    assert check_meld("JK 9C 8C", Ruleset(joker_meld_value=25)).value == 42
    assert check_meld("JK 9C 8C", None).value == 27
    assert check_meld("JK 9C 8C", MeldRules()).rules == DEFAULT
    assert is_meld(parse_cards("AS 2S 3S"), Ruleset())
    with pytest.raises(TypeError, match="expected a Ruleset, MeldRules or None"):
        check_meld("7S 8S 9S", object())  # type: ignore[arg-type]


def test_meld_input_is_validated_c_notation() -> None:
    with pytest.raises(InvalidCardError) as info:
        check_meld("7S 8S 9X")
    assert info.value.position == 3
    with pytest.raises(InvalidCardError):
        meld_interpretations([6, 7, 53])
    with pytest.raises(InvalidCardError):
        is_meld([6, 7, -1])


def test_cached_readings_do_not_let_bad_codes_through() -> None:
    # Card codes are ints from 0 to 52; a float is refused whether or not an equal tuple of
    # codes was checked before.
    with pytest.raises(InvalidCardError):
        check_meld((0.0, 1.0, 2.0))  # type: ignore[arg-type]
    assert str(check_meld((0, 1, 2))) == "AS 2S 3S"
    with pytest.raises(InvalidCardError):
        check_meld((0.0, 1.0, 2.0))  # type: ignore[arg-type]


def test_extensions_of_a_sequence_s40_after_open_s40_layoff_joker() -> None:
    # S40-AFTER-OPEN: either end of a sequence; S40-LAYOFF-JOKER: a joker naming its card.
    meld = check_meld("6S 7S 8S")
    assert meld.extensions() == (
        Extension(parse_card("5S"), MeldEnd.LOW, parse_card("5S")),
        Extension(JOKER, MeldEnd.LOW, parse_card("5S")),
        Extension(parse_card("9S"), MeldEnd.HIGH, parse_card("9S")),
        Extension(JOKER, MeldEnd.HIGH, parse_card("9S")),
    )
    assert [str(ext) for ext in meld.extensions()] == [
        "5S@low",
        "JK=5S@low",
        "9S@high",
        "JK=9S@high",
    ]
    assert str(meld.extend("9S")) == "6S 7S 8S 9S"
    assert str(meld.extend("5S")) == "5S 6S 7S 8S"
    assert str(meld.extend("JK", MeldEnd.LOW)) == "JK=5S 6S 7S 8S"
    assert str(meld.extend("JK", represents="9S")) == "6S 7S 8S JK=9S"
    assert str(meld.extend(JOKER, MeldEnd.HIGH, parse_card("9S"))) == "6S 7S 8S JK=9S"
    assert meld.extend("JK", MeldEnd.HIGH).value == 6 + 7 + 8 + 9


def test_extend_ambiguous_and_invalid_cases_s40_layoff_joker() -> None:
    meld = check_meld("6S 7S 8S 9S")
    with pytest.raises(AmbiguousMeldError) as info:
        meld.extend("JK")
    assert str(info.value) == "JK can be added to 6S 7S 8S 9S in 2 ways: JK=5S@low, JK=10S@high"
    assert [str(ext) for ext in info.value.readings] == ["JK=5S@low", "JK=10S@high"]
    for card, end, represents in [
        ("5S", MeldEnd.HIGH, None),
        ("10S", MeldEnd.LOW, None),
        ("JK", None, "9S"),
        ("JK", MeldEnd.LOW, "10S"),
        ("5H", None, None),
        ("JS", None, None),
        ("5S", MeldEnd.SET, None),
    ]:
        with pytest.raises(InvalidMeldError, match="cannot be added to 6S 7S 8S 9S"):
            meld.extend(card, end, represents)
    with_joker = check_meld("6S JK 8S")
    with pytest.raises(InvalidMeldError, match="JK cannot be added"):
        with_joker.extend("JK")
    with pytest.raises(InvalidCardError):
        meld.extend("XX")


def test_extensions_of_a_set_s40_after_open_s40_layoff_joker() -> None:
    # S40-AFTER-OPEN: a set takes the fourth suit; S40-LAYOFF-JOKER: or a joker naming it.
    meld = check_meld("5D 5H 5S")
    assert [str(ext) for ext in meld.extensions()] == ["5C@set", "JK=5C@set"]
    assert str(meld.extend("5C")) == "5S 5H 5D 5C"
    assert str(meld.extend("JK")) == "5S 5H 5D JK=5C"
    assert meld.extend("JK").value == 20
    assert not meld.accepts("5S")
    assert not meld.accepts("6C")
    two = check_meld("5S 5H JK", joker_as="5D")
    assert [str(ext) for ext in two.extensions()] == ["5C@set"]
    assert str(two.extend("5C")) == "5S 5H JK=5D 5C"
    assert check_meld("5S 5H 5D 5C").extensions() == ()


REPEATING_SUITS = [
    name for name, rules in MELD_RULES_CONFIGS.items() if not rules.set_suits_distinct
]


@pytest.mark.parametrize("name", REPEATING_SUITS)
def test_extensions_of_a_set_whose_suits_may_repeat_are_those_its_readings_give(
    name: str,
) -> None:
    # The extensions of such a set are worked out from its one reading as a set; the
    # oracle reads every card added, as every reading of the grown cards gives it: a card
    # extends the set when some reading of the grown cards is a set, standing for what
    # the first such reading says. Every set of up to three natural cards (suits
    # repeated) and up to two wild cards, at the lowest rank, a middle one and the
    # highest.
    rules = MELD_RULES_CONFIGS[name]
    wild = sorted(rules.wild_cards)
    order = rules.rank_order
    checked = 0
    for rank in sorted({order[0], 7, order[-1]} & set(order)):
        suits = [s * 13 + rank - 1 for s in range(4) if s * 13 + rank - 1 not in wild]
        for held in range(1, 4):
            for naturals in combinations_with_replacement(suits, held):
                for count in range(3):
                    for wilds in combinations_with_replacement(wild, count):
                        cards = tuple(sorted(naturals + wilds))
                        if len(cards) < rules.set_min:
                            continue
                        for meld in meld_interpretations(cards, rules):
                            if meld.kind is not MeldKind.SET:
                                continue
                            assert meld.extensions() == _extensions_by_readings(meld, rules)
                            checked += 1
    assert checked > 50


def _extensions_by_readings(meld: Meld, rules: MeldRules) -> tuple[Extension, ...]:
    """A set's extensions when its suits may repeat, read from the grown cards' readings."""
    rank = rank_of(meld.represented[0])
    found = []
    for card in [s * 13 + rank - 1 for s in range(4) if s * 13 + rank - 1 not in rules.wild_cards]:
        found.append((card, sorted((*meld.cards, card))))
    found += [(card, sorted((*meld.cards, card))) for card in sorted(rules.wild_cards)]
    extensions = []
    for card, grown in found:
        if len(grown) > rules.set_max:
            continue
        for bigger in meld_interpretations(grown, rules):
            if bigger.kind is MeldKind.SET:
                represents = bigger.represented[bigger.cards.index(card)]
                extensions.append(Extension(card, MeldEnd.SET, represents))
                break
    return tuple(extensions)


def test_swap_frees_the_joker_only_for_its_represented_card_s40_swap() -> None:
    # S40-SWAP decision: only the represented card itself takes the joker's place.
    meld, freed = check_meld("7S JK 9S").swap("8S")
    assert (str(meld), freed) == ("7S 8S 9S", JOKER)
    assert meld.wild_count == 0
    assert meld.joker_swaps() == ()
    # In a 3-card set whose joker stands for ♣10, only a ♣10 frees it.
    tens = check_meld("10S 10H JK", joker_as="10C")
    assert tens.joker_swaps() == ((2, parse_card("10C")),)
    swapped, freed = tens.swap("10C")
    assert (str(swapped), freed) == ("10S 10H 10C", JOKER)
    assert swapped.value == tens.value == 30
    for card in ("10D", "10S", "JK", "9C"):
        with pytest.raises(InvalidMeldError, match="does not free a wild card"):
            tens.swap(card)
    with pytest.raises(InvalidMeldError, match="7C does not free a wild card in 7S 7H 7D"):
        check_meld("7S 7H 7D").swap("7C")


def test_the_joker_standing_for_the_second_ace_cannot_be_swapped_s40_swap_s40_seq() -> None:
    # S40-SEQ: a sequence can't hold two natural aces of its suit, so in the 14-card
    # sequence the joker standing for the second ♠A can never be freed by a natural ♠A.
    whole = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    for meld in meld_interpretations(whole + " JK"):
        assert meld.joker_swaps() == (), str(meld)
        with pytest.raises(InvalidMeldError, match="does not free a wild card"):
            meld.swap("AS")
    assert not is_meld(whole + " AS")


def test_joker_standing_for_a_wild_two_lists_no_swap_skarney_rules() -> None:
    # joker_swaps() names the natural card that frees each wild card; under Skarney rules
    # a 2 is never natural, so a joker standing for a 2 can't be freed and isn't listed.
    meld = check_meld("AS JK 3S", SKARNEY)
    assert str(meld) == "AS JK=2S 3S"
    with pytest.raises(InvalidMeldError, match="2S does not free a wild card"):
        meld.swap("2S")
    assert meld.joker_swaps() == ()


def test_swap_in_a_multijoker_meld_s40_swap_s40_v_multijoker() -> None:
    meld = check_meld("JK 5S JK 7S 8S", MULTIJOKER)
    assert meld.joker_swaps() == ((0, parse_card("4S")), (2, parse_card("6S")))
    swapped, freed = meld.swap("6S")
    assert (str(swapped), freed) == ("JK=4S 5S 6S 7S 8S", JOKER)


# ------------------------------------------------------------------ error messages


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7S 8S", "7S 8S is not a meld: a meld needs at least 3 cards, got 2 (S40-SEQ, S40-SET)"),
        (
            "",
            "an empty card list is not a meld: a meld needs at least 3 cards, got 0 (S40-SEQ, S40-SET)",
        ),
        ("JK JK JK", "JK JK JK is not a meld: a meld needs at least one natural card (S40-JOKER)"),
        (
            "7S 8H 9D",
            "7S 8H 9D is not a meld: the natural cards are neither all of one rank (a set) "
            "nor all of one suit (a sequence) (S40-SEQ, S40-SET)",
        ),
        (
            "7S 9S JS",
            "7S 9S JS is not a meld: the cards are not consecutive: the gaps need 2 wild "
            "cards, the meld has 0 (S40-SEQ)",
        ),
        (
            "7S JK 10S",
            "7S JK 10S is not a meld: the cards are not consecutive: the gaps need 2 wild "
            "cards, the meld has 1 (S40-SEQ)",
        ),
        ("KS AS 2S", "KS AS 2S is not a meld: K-A-2 goes around the corner (S40-SEQ)"),
        ("9H 9C 9C", "9H 9C 9C is not a meld: set has two ♣ (S40-SET)"),
        ("7S 7H JK JK", "7S 7H JK JK is not a meld: two jokers in one meld (S40-JOKER)"),
    ],
)
def test_error_messages_say_why(text: str, message: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        check_meld(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, Scala40Error)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"rank_order": ()}, "rank_order must list ranks from 1 to 13"),
        ({"rank_order": (0, 1, 2)}, "rank_order must list ranks from 1 to 13"),
        ({"rank_order": (1, 2, 14)}, "rank_order must list ranks from 1 to 13"),
        ({"rank_order": (1, 2, 2)}, "rank_order repeats a rank"),
        ({"wild_ranks": {1}}, "wild_ranks must be ranks from 2 to 13"),
        ({"wild_ranks": {14}}, "wild_ranks must be ranks from 2 to 13"),
        ({"max_wilds": -1}, "max_wilds must be 0 or more"),
        ({"set_min": 0}, "set sizes must satisfy 1 <= set_min <= set_max"),
        ({"set_min": 5}, "set sizes must satisfy 1 <= set_min <= set_max"),
        ({"sequence_min": 0}, "sequence sizes must satisfy 1 <= sequence_min <= sequence_max"),
        (
            {"sequence_min": 4, "sequence_max": 3},
            "sequence sizes must satisfy 1 <= sequence_min <= sequence_max",
        ),
        ({"rank_values": (0, 1, 2)}, "rank_values needs 14 entries"),
    ],
)
def test_meld_rules_validation(fields: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidMeldError, match="invalid meld rules") as info:
        MeldRules(**fields)  # type: ignore[arg-type]
    assert problem in str(info.value)


def test_meld_rules_validation_lists_every_problem() -> None:
    with pytest.raises(InvalidMeldError) as info:
        MeldRules(max_wilds=-1, set_min=0, sequence_min=0, rank_values=(1,))
    message = str(info.value)
    for problem in ("max_wilds", "set sizes", "sequence sizes", "rank_values"):
        assert problem in message


def test_meld_rules_defaults_are_scala40() -> None:
    rules = MeldRules()
    assert rules.sequence_slots == (ACE, *range(2, 14), ACE)
    assert rules.wild_cards == frozenset({JOKER})
    assert (rules.max_wilds, rules.min_natural_lead, rules.sequence_max) == (1, None, None)
    assert (rules.set_min, rules.set_max, rules.sequence_min) == (3, 4, 3)
    assert rules.set_suits_distinct
    assert rules.rank_values == (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    assert (rules.low_ace_value, rules.wild_value) == (1, None)
    assert rules.meld_card_value(parse_card("AS")) == 11
    assert rules.meld_card_value(parse_card("AS"), low_ace=True) == 1
    assert rules.meld_card_value(parse_card("QH")) == 10
    assert Ruleset().meld_rules == rules
    assert scala40.melds.resolve_meld_rules(None) == rules


# ------------------------------------------------------------------ properties

CONFIG_NAMES = list(MELD_RULES_CONFIGS)


def expected_value(meld: Meld) -> int:
    """A meld's value card by card (S40-MELD-VALUE): what each card stands for, the low ace
    of a sequence counting ``low_ace_value``, a wild card ``wild_value`` when that is set."""
    rules = meld.rules
    total = 0
    for index, (card, rep) in enumerate(zip(meld.cards, meld.represented, strict=True)):
        if card in rules.wild_cards and rules.wild_value is not None:
            total += rules.wild_value
        elif meld.kind is MeldKind.SEQUENCE and index == 0 and rank_of(rep) == ACE:
            total += rules.low_ace_value
        else:
            total += rules.rank_values[rank_of(rep)]
    return total


@pytest.mark.parametrize("name", CONFIG_NAMES)
@given(data=st.data())
def test_every_reading_is_found_again_by_check_meld_c_wild(name: str, data: st.DataObject) -> None:
    # C-WILD: naming what each wild card stands for (and giving a sequence in its own
    # order) picks that reading back.
    rules = MELD_RULES_CONFIGS[name]
    cards = data.draw(valid_melds(rules))
    readings = meld_interpretations(cards, rules)
    assert readings, cards
    assert len(set(readings)) == len(readings)  # C-IDENTITY: no reading listed twice
    for meld in readings:
        assert sorted(meld.cards) == sorted(cards)
        assert meld.wild_count == sum(card in rules.wild_cards for card in meld.cards)
        found = check_meld(meld.cards, rules, joker_as=wild_targets(meld))
        if meld.kind is MeldKind.SEQUENCE:
            assert found == meld
        else:
            assert found in readings
            assert wild_targets(found) == wild_targets(meld)


@given(rules=meld_rules_configs(), data=st.data())
def test_readings_do_not_depend_on_the_order_of_the_cards(
    rules: MeldRules, data: st.DataObject
) -> None:
    cards = data.draw(valid_melds(rules) | card_lists(3, 7, 2).map(tuple))
    shuffled = data.draw(st.permutations(cards))
    readings = meld_interpretations(cards, rules)
    assert meld_interpretations(shuffled, rules) == readings
    assert meld_interpretations(list(reversed(cards)), rules) == readings
    assert is_meld(shuffled, rules) is bool(readings)


@given(rules=meld_rules_configs(), data=st.data())
def test_meld_value_is_the_sum_of_its_cards_values_s40_meld_value(
    rules: MeldRules, data: st.DataObject
) -> None:
    cards = data.draw(valid_melds(rules))
    for meld in meld_interpretations(cards, rules):
        assert meld.value == expected_value(meld)


@pytest.mark.parametrize("name", CONFIG_NAMES)
@given(data=st.data())
def test_extensions_are_exactly_the_cards_that_extend_s40_after_open_s40_layoff_joker(
    name: str, data: st.DataObject
) -> None:
    rules = MELD_RULES_CONFIGS[name]
    cards = data.draw(valid_melds(rules))
    meld = data.draw(st.sampled_from(meld_interpretations(cards, rules)))
    extensions = meld.extensions()
    assert len(set(extensions)) == len(extensions)
    for ext in extensions:
        assert meld.accepts(ext.card)
        extended = meld.extend(ext.card, ext.end, ext.represents)
        assert Counter(extended.cards) == Counter(meld.cards) + Counter([ext.card])
        # The new meld is valid: its cards read as it, the wild cards naming the same cards.
        again = check_meld(extended.cards, rules, joker_as=wild_targets(extended))
        assert again == extended, (str(meld), str(ext))
    accepted = {ext.card for ext in extensions}
    for card in range(JOKER + 1):
        if card in accepted:
            continue
        assert not meld.accepts(card)
        with pytest.raises(InvalidMeldError):
            meld.extend(card)
        # And indeed no reading of the cards plus this card keeps the meld in place.
        pairs = Counter(zip(meld.cards, meld.represented, strict=True))
        for bigger in meld_interpretations((*meld.cards, card), rules):
            bigger_pairs = Counter(zip(bigger.cards, bigger.represented, strict=True))
            if meld.kind is MeldKind.SET or bigger.kind is MeldKind.SET:
                assert meld.kind is not bigger.kind or not pairs <= bigger_pairs
            else:
                assert bigger.cards[1:] != meld.cards or bigger.start != meld.start - 1
                assert bigger.cards[:-1] != meld.cards or bigger.start != meld.start


@pytest.mark.parametrize("name", CONFIG_NAMES)
@given(data=st.data())
def test_swap_gives_the_wild_card_back_s40_swap(name: str, data: st.DataObject) -> None:
    rules = MELD_RULES_CONFIGS[name]
    cards = data.draw(valid_melds(rules))
    meld = data.draw(st.sampled_from(meld_interpretations(cards, rules)))
    swaps = meld.joker_swaps()
    for index, rep in swaps:
        assert meld.cards[index] in rules.wild_cards
        assert meld.represented[index] == rep
        assert rep not in rules.wild_cards  # a natural card frees the wild card
        swapped, freed = meld.swap(rep)
        assert freed == meld.cards[index]
        # The card multiset is conserved: the natural card went in, the wild card came out.
        assert Counter(swapped.cards) + Counter([freed]) == Counter(meld.cards) + Counter([rep])
        assert swapped.represented == meld.represented
        assert swapped.kind is meld.kind
        assert swapped.wild_count == meld.wild_count - 1
        assert swapped in meld_interpretations(swapped.cards, rules)
    freeing = {rep for _, rep in swaps}
    for card in range(JOKER + 1):
        if card not in freeing:
            with pytest.raises(InvalidMeldError):
                meld.swap(card)


# -- melds of wild cards only (SK-WILDMELD, RU-MELDS) ----------------------------------------

WILD_MELDS = MeldRules(wild_ranks={2}, set_suits_distinct=False, wild_meld_min=3)


def test_wild_melds_hold_one_kind_of_wild_card_sk_wildmeld() -> None:
    twos = check_meld("2S 2H 2S 2C", WILD_MELDS)
    assert twos.kind is MeldKind.WILD
    assert twos.cards == twos.represented == parse_cards("2S 2S 2H 2C")
    assert str(twos) == "2S 2S 2H 2C"
    jokers = check_meld("JK JK JK", WILD_MELDS)
    assert jokers.kind is MeldKind.WILD
    assert not is_meld("JK 2S 2H", WILD_MELDS)  # never mixed
    assert not is_meld("JK JK", WILD_MELDS)  # too few
    assert not is_meld("2S 2H 2D", MeldRules(wild_ranks={2}))  # not allowed by default
    with pytest.raises(InvalidMeldError, match="at least 3"):
        check_meld("2S 2H", WILD_MELDS)


def test_wild_melds_take_only_their_own_kind_and_free_nothing_sk_wildmeld() -> None:
    twos = check_meld("2S 2H 2D", WILD_MELDS)
    assert {ext.card for ext in twos.extensions()} == set(parse_cards("2S 2H 2D 2C"))
    assert twos.accepts("2C")
    assert not twos.accepts("JK")
    assert not twos.accepts("3S")
    assert twos.joker_swaps() == ()
    assert str(twos.extend("2C")) == "2S 2H 2D 2C"
    jokers = check_meld("JK JK JK", WILD_MELDS)
    assert [str(ext) for ext in jokers.extensions()] == ["JK=JK@set"]
    capped = MeldRules(wild_meld_min=3, wild_meld_max=4, max_wilds=None)  # RU-MELDS
    assert check_meld("JK JK JK JK", capped).extensions() == ()
    assert not is_meld("JK JK JK JK JK", capped)


def test_wild_meld_sizes_are_validated() -> None:
    with pytest.raises(InvalidMeldError, match="wild_meld_min"):
        MeldRules(wild_meld_min=4, wild_meld_max=3)


# -- a single card wild in itself (CH-DECK: the A♦, "as de oros") ------------------------------

COINS = MELD_RULES_CONFIGS["chinchon-coins"]


def test_the_ace_of_coins_is_wild_wherever_it_is_ch_deck() -> None:
    ace_of_coins = parse_card("AD")
    assert COINS.is_wild(ace_of_coins)
    assert COINS.wild_cards == frozenset({JOKER, ace_of_coins})
    assert not COINS.is_wild(parse_card("AS"))
    # It stands for any card a meld needs, itself included, and counts as a wild card.
    assert str(check_meld("6C AD JC", COINS)) == "6C AD=7C JC"
    assert {str(m) for m in meld_interpretations("AD 2D 3D", COINS)} == {
        "AD=AD 2D 3D",
        "2D 3D AD=4D",
    }
    assert check_meld("AS AH AD", COINS).wild_count == 1
    # CH-MELDS: never more wild cards than natural ones.
    assert not is_meld("AD JK 5C", COINS)


def test_a_set_takes_the_ace_of_coins_once_as_a_wild_card_ch_deck() -> None:
    # The natural A♦ of the rank's four cards is the wild card: listed once, not twice.
    aces = check_meld("AS AS AH", COINS)
    extensions = aces.extensions()
    assert len(set(extensions)) == len(extensions)
    assert [ext.card for ext in extensions].count(parse_card("AD")) == 1


def test_extra_wild_cards_are_validated() -> None:
    with pytest.raises(InvalidMeldError, match="extra_wilds"):
        MeldRules(extra_wilds={JOKER})


def test_a_refusal_cites_the_rule_of_the_condition_the_cards_break() -> None:
    """Each condition cites what the meld rules name for it (MeldRules.cites): Scala 40's
    by default, a game's own from its ruleset, none where the rules name none; anything
    but a mapping of the conditions to rule IDs is refused."""
    assert MeldRules().rules_of("sequence-max") == ("S40-V-SPLIT",)
    assert MeldRules(max_wilds=2).rules_of("wilds") == ("S40-V-MULTIJOKER",)
    assert MeldRules(cites={}).rules_of("set") == ()
    with pytest.raises(InvalidMeldError) as info:
        check_meld("9H 9C 9C", MeldRules(cites={"set": ["X-ONE", "X-TWO"]}))
    assert str(info.value).endswith("set has two ♣ (X-ONE, X-TWO)")
    with pytest.raises(InvalidMeldError) as info:
        check_meld("9H 9C 9C", MeldRules(cites={}))
    assert str(info.value).endswith("set has two ♣")
    for bad in ({"nope": ["X"]}, {"set": 5}, 7, {"set": [1]}):
        with pytest.raises(InvalidMeldError, match="cites must map conditions"):
            MeldRules(cites=bad)  # type: ignore[arg-type]
