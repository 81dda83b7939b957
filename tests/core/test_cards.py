"""Cards: codes, the text notation, and decks described as data (Part 1 of the rules)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scala40
from scala40 import (
    JOKER,
    Deck,
    InvalidCardError,
    Scala40Error,
    format_card,
    format_cards,
    french_deck,
    parse_card,
    parse_cards,
    spanish_deck,
)
from scala40._rng import random_below, seed_state
from scala40._rng import shuffle as rng_shuffle
from scala40.cards import (
    ACE,
    CARD_NAMES,
    CARD_SYMBOLS,
    CLUBS,
    DIAMONDS,
    FRENCH_RANKS,
    HEARTS,
    JACK,
    KING,
    NATURAL_CARDS,
    QUEEN,
    SPADES,
    SPANISH_40_RANKS,
    SPANISH_48_RANKS,
    SPANISH_SUIT_NAMES,
    Card,
    as_card,
    as_cards,
    is_joker,
    make_card,
    rank_of,
    spanish_card_name,
    suit_of,
)
from tests.strategies import card_lists, cards

# ------------------------------------------------------------------ codes and tables


def test_card_codes_follow_suit_then_rank() -> None:
    # C-IDENTITY: a card is a small integer, suit * 13 + rank - 1; the joker is 52.
    assert (SPADES, HEARTS, DIAMONDS, CLUBS) == (0, 1, 2, 3)
    assert (ACE, JACK, QUEEN, KING) == (1, 11, 12, 13)
    assert JOKER == 52
    assert make_card(ACE, SPADES) == 0
    assert make_card(KING, SPADES) == 12
    assert make_card(ACE, HEARTS) == 13
    assert make_card(10, HEARTS) == 22
    assert make_card(QUEEN, DIAMONDS) == 37
    assert make_card(KING, CLUBS) == 51
    assert tuple(range(52)) == NATURAL_CARDS


_RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_rank_and_suit_tables_are_consistent_for_every_code() -> None:
    for rank in range(1, 14):
        for suit in range(4):
            card = make_card(rank, suit)
            assert rank_of(card) == rank
            assert suit_of(card) == suit
            assert not is_joker(card)
            assert CARD_NAMES[card] == _RANK_TEXT[rank] + "SHDC"[suit]
            assert CARD_SYMBOLS[card] == CARD_NAMES[card][:-1] + "♠♥♦♣"[suit]
    assert sorted(make_card(r, s) for r in range(1, 14) for s in range(4)) == list(range(52))
    assert rank_of(JOKER) == 0
    assert suit_of(JOKER) == -1
    assert is_joker(JOKER)
    assert CARD_NAMES[JOKER] == CARD_SYMBOLS[JOKER] == "JK"
    assert len(CARD_NAMES) == len(CARD_SYMBOLS) == 53


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1), (1.0, 0), (1, "S")])
def test_make_card_refuses_bad_ranks_and_suits(rank: object, suit: object) -> None:
    with pytest.raises(InvalidCardError) as info:
        make_card(rank, suit)  # type: ignore[arg-type]
    assert info.value.token in (rank, suit)


# ------------------------------------------------------------------ C-NOTATION


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S", 6),
        ("7♠", 6),
        ("♠7", 6),
        ("7s", 6),
        ("10H", 22),
        ("10♥", 22),
        ("10♡", 22),
        ("♥10", 22),
        ("TH", 22),
        ("th", 22),
        ("Th", 22),
        ("AS", 0),
        ("as", 0),
        ("♠A", 0),
        ("KC", 51),
        ("K♣", 51),
        ("kc", 51),
        ("QD", 37),
        ("Q♦", 37),
        ("Q♢", 37),
        ("♢Q", 37),
        ("JH", 23),
        ("jh", 23),
        ("9♡", 21),
        ("JK", JOKER),
        ("jk", JOKER),
        ("Jk", JOKER),
        ("jK", JOKER),
        ("*", JOKER),
        ("🃏", JOKER),
        ("  5D  ", 30),
    ],
)
def test_parse_card_accepts_every_spelling_c_notation(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


def test_parse_cards_accepts_commas_spaces_and_mixed_spellings_c_notation() -> None:
    # The spellings listed in C-NOTATION, in one line, any case, any separator.
    assert parse_cards("7S 7♠ 10H TH JK * Jk 🃏") == (6, 6, 22, 22, JOKER, JOKER, JOKER, JOKER)
    assert parse_cards("7s,7♠,10h,th,jk") == (6, 6, 22, 22, JOKER)
    assert parse_cards("AS, 2S ,3S") == (0, 1, 2)
    assert parse_cards(" \t9♡\n9♢  ,, 9♣ ") == (21, 34, 47)
    assert parse_cards("♠7 ♥7 ♦7 ♣7") == (6, 19, 32, 45)
    assert parse_cards("JK-♣9-♣8") == (JOKER, 47, 46)
    assert parse_cards("") == ()
    assert parse_cards("  , ") == ()


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("7S 11H", "11H", 2),
        ("AS, QQ", "QQ", 2),
        ("XY", "XY", 1),
        ("7S 8S 9S 7", "7", 4),
        ("7S 8S 1X", "1X", 3),
        ("KS AS 0S", "0S", 3),
        ("10", "10", 1),
        ("S", "S", 1),
        ("JKR 7S", "JKR", 1),
        ("7S 7Z", "7Z", 2),
        ("♠", "♠", 1),
        ("AS ♠♠", "♠♠", 2),
    ],
)
def test_bad_tokens_name_the_token_and_its_position_c_notation(
    text: str, token: str, position: int
) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, Scala40Error)
    assert error.token == token
    assert error.position == position
    message = str(error)
    assert repr(token) in message
    assert f"position {position}" in message


def test_bad_card_message_is_clear_c_notation() -> None:
    with pytest.raises(InvalidCardError, match="expected a rank") as info:
        parse_cards("7S 11H")
    assert str(info.value) == (
        "bad card '11H' at position 2: expected a rank (A 2-10 J Q K, or T) and a suit "
        "(S H D C), or a joker (JK)"
    )


def test_parse_card_single_token_has_no_position_c_notation() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card("1X")
    assert info.value.token == "1X"
    assert info.value.position is None
    assert "position" not in str(info.value)
    with pytest.raises(InvalidCardError):
        parse_card("")
    with pytest.raises(InvalidCardError):
        parse_card("7S 8S")


@pytest.mark.parametrize("bad", [7, None, b"7S", ["7S"]])
def test_parse_refuses_non_text(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        parse_cards(bad)  # type: ignore[arg-type]


def test_format_card_and_format_cards_c_notation() -> None:
    assert format_card(22) == "10H"
    assert format_card(22, unicode=True) == "10♥"
    assert format_card(JOKER) == "JK"
    assert format_card(JOKER, unicode=True) == "JK"
    assert format_card(0) == "AS"
    assert format_card(51, unicode=True) == "K♣"
    assert format_cards([0, 1, 2], separator="-") == "AS-2S-3S"
    assert format_cards((6, 19, 32, 45), unicode=True) == "7♠ 7♥ 7♦ 7♣"
    assert format_cards(()) == ""


@given(card_list=card_lists(0, 30))
def test_format_then_parse_round_trips_c_notation(card_list: list[Card]) -> None:
    # C-NOTATION: the short text form round-trips, in ASCII and with suit symbols.
    assert parse_cards(format_cards(card_list)) == tuple(card_list)
    assert parse_cards(format_cards(card_list, unicode=True)) == tuple(card_list)
    assert parse_cards(format_cards(card_list, separator=",")) == tuple(card_list)
    assert parse_cards(format_cards(card_list, unicode=True, separator=" - ")) == tuple(card_list)
    for card in card_list:
        assert parse_card(format_card(card)) == card
        assert parse_card(format_card(card, unicode=True)) == card


_SPELLINGS: dict[Card, list[str]] = {}
for _code in range(52):
    _rank, _suit = CARD_NAMES[_code][:-1], CARD_NAMES[_code][-1]
    _symbols = {"S": "♠", "H": "♥♡", "D": "♦♢", "C": "♣"}[_suit]
    _ranks = [_rank, "T"] if _rank == "10" else [_rank]
    _SPELLINGS[_code] = [
        spelled
        for rank in _ranks
        for suit in [_suit, *_symbols]
        for spelled in (rank + suit, suit + rank)
    ]
_SPELLINGS[JOKER] = ["JK", "*", "Jk", "🃏"]


@st.composite
def card_texts(draw: st.DrawFn) -> tuple[str, tuple[Card, ...]]:
    """Card text in any accepted spelling, case and separators, with the cards it names."""
    codes = draw(st.lists(cards(), max_size=15))
    words = []
    for code in codes:
        word = draw(st.sampled_from(_SPELLINGS[code]))
        words.append(draw(st.sampled_from([word, word.lower(), word.upper()])))
    separators = draw(
        st.lists(st.sampled_from([" ", ",", ", ", "  ", "\t", " ,"]), min_size=len(words))
    )
    text = "".join(word + sep for word, sep in zip(words, separators, strict=False))
    return text, tuple(codes)


@given(sample=card_texts())
def test_parse_then_format_is_stable_c_notation(sample: tuple[str, tuple[Card, ...]]) -> None:
    text, expected = sample
    parsed = parse_cards(text)
    assert parsed == expected
    canonical = format_cards(parsed)
    assert format_cards(parse_cards(canonical)) == canonical
    assert format_cards(parse_cards(format_cards(parsed, unicode=True))) == canonical


# ------------------------------------------------------------------ validating codes


@pytest.mark.parametrize("bad", [53, -1, 100, 3.0, "11H", None])
def test_as_cards_refuses_codes_out_of_range_and_non_ints(bad: object) -> None:
    with pytest.raises(InvalidCardError) as info:
        as_cards([5, bad])  # type: ignore[list-item]
    assert info.value.position == 2
    with pytest.raises(InvalidCardError):
        as_cards((bad,))  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        as_card(bad)
    with pytest.raises(InvalidCardError):
        format_cards([bad])  # type: ignore[list-item]


@pytest.mark.parametrize("bad", [53, -1, 3.0])
def test_format_card_refuses_bad_codes(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        format_card(bad)  # type: ignore[arg-type]


def test_as_cards_accepts_codes_texts_and_iterables() -> None:
    assert as_cards((0, 1, 52)) == (0, 1, 52)
    # Codes or card texts, as the docstring says (the annotation only names codes).
    assert as_cards([0, "2S", "jk"]) == (0, 1, 52)
    assert as_cards(iter([51])) == (51,)
    assert as_cards("KC JK") == (51, 52)
    assert as_card(" qd ") == 37
    with pytest.raises(InvalidCardError):
        as_cards(7)  # type: ignore[arg-type]


# ------------------------------------------------------------------ decks (C-DECK, S40-DECK)


def test_french_deck_has_108_cards_s40_deck() -> None:
    deck = french_deck()
    assert deck.size == len(deck.cards) == 108
    counts = Counter(deck.cards)
    assert counts[JOKER] == 4
    assert all(counts[card] == 2 for card in range(52))
    assert set(counts) == set(range(53))
    assert deck.counts() == dict(counts)
    assert deck.cards == tuple(sorted(deck.cards))
    assert deck.ranks == FRENCH_RANKS


def test_french_deck_with_two_jokers_has_106_cards_s40_deck() -> None:
    deck = french_deck(jokers=2)
    assert deck.size == len(deck.cards) == 106
    assert deck.cards.count(JOKER) == 2
    assert french_deck(jokers=0).size == 104
    assert french_deck(jokers=0, copies=1).cards == tuple(range(52))


def test_the_default_ruleset_deals_from_the_108_card_deck_s40_deck() -> None:
    assert scala40.Ruleset().deck == french_deck()
    assert scala40.Ruleset(jokers=2).deck.size == 106


@pytest.mark.parametrize(
    ("size", "copies", "ranks", "total"),
    [
        (40, 1, (1, 2, 3, 4, 5, 6, 7, 11, 12, 13), 40),
        (48, 1, (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13), 48),
        (40, 2, (1, 2, 3, 4, 5, 6, 7, 11, 12, 13), 80),
    ],
)
def test_spanish_decks_c_deck(size: int, copies: int, ranks: tuple[int, ...], total: int) -> None:
    # C-DECK: A,2..7,J,Q,K (J follows 7 in a run), or 48 cards with 8 and 9, optionally doubled.
    deck = spanish_deck(size, copies=copies)
    assert deck.ranks == ranks
    assert deck.size == len(deck.cards) == total
    counts = Counter(deck.cards)
    assert JOKER not in counts
    assert set(counts) == {make_card(rank, suit) for rank in ranks for suit in range(4)}
    assert all(count == copies for count in counts.values())
    assert ranks[ranks.index(JACK) - 1] == max(rank for rank in ranks if rank < JACK)


def test_spanish_rank_orders_put_the_jack_after_the_seven_c_deck() -> None:
    assert SPANISH_40_RANKS == (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
    assert SPANISH_48_RANKS == (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)
    assert spanish_deck(jokers=2).size == 42
    assert spanish_deck(jokers=2).cards.count(JOKER) == 2


def test_spanish_deck_refuses_other_sizes_c_deck() -> None:
    with pytest.raises(InvalidCardError, match="40 or 48"):
        spanish_deck(52)


@pytest.mark.parametrize(
    ("ranks", "copies", "jokers", "problem"),
    [
        ((), 1, 0, "ranks must be distinct and non-empty"),
        ((1, 1, 2), 1, 0, "ranks must be distinct and non-empty"),
        ((0, 1), 1, 0, "ranks must be from 1 to 13"),
        ((1, 14), 1, 0, "ranks must be from 1 to 13"),
        ((1, 2), 0, 0, "copies must be from 1 to 8"),
        ((1, 2), 9, 0, "copies must be from 1 to 8"),
        ((1, 2), 1, -1, "jokers must be from 0 to 12"),
        ((1, 2), 1, 13, "jokers must be from 0 to 12"),
        pytest.param(
            (1, 2),
            1,
            10**5000,
            "jokers must be from 0 to 12, got an integer of 5001 digits",
            id="huge-jokers",
        ),
        (5, 1, 0, "ranks must be a list of ranks from 1 to 13, got 5"),
        (([1], 2), 1, 0, "ranks must be from 1 to 13"),
    ],
)
def test_deck_validation_c_deck(
    ranks: tuple[int, ...], copies: int, jokers: int, problem: str
) -> None:
    with pytest.raises(InvalidCardError, match="invalid deck") as info:
        Deck("custom", ranks, copies, jokers)
    assert problem in str(info.value)


def test_deck_validation_lists_every_problem_c_deck() -> None:
    with pytest.raises(InvalidCardError) as info:
        Deck("custom", (0, 0), 0, -2)
    message = str(info.value)
    for problem in (
        "ranks must be distinct",
        "ranks must be from 1 to 13",
        "copies must be from 1 to 8",
        "jokers must be from 0 to 12",
    ):
        assert problem in message


def test_custom_deck_is_data_c_deck() -> None:
    # (Deck.ranks has a converter, which gives it a parameter type mypy cannot match.)
    deck = Deck("mini", (1, 13), copies=3, jokers=1)
    assert deck.size == 2 * 4 * 3 + 1
    assert Counter(deck.cards) == Counter(
        {**{make_card(r, s): 3 for r in (1, 13) for s in range(4)}, JOKER: 1}
    )


# ------------------------------------------------------------------ shuffling (C-RNG)


@given(seed=st.integers(min_value=-(2**70), max_value=2**70))
def test_shuffled_is_a_permutation_and_deterministic_c_rng(seed: int) -> None:
    deck = french_deck()
    order = deck.shuffled(seed)
    assert sorted(order) == list(deck.cards)
    assert deck.shuffled(seed) == order
    assert deck.cards == tuple(sorted(deck.cards))  # the deck itself is untouched


def test_different_seeds_give_different_orders_c_rng() -> None:
    deck = french_deck()
    orders = {deck.shuffled(seed) for seed in range(50)}
    assert len(orders) == 50
    assert deck.shuffled(0) != deck.cards


def test_shuffle_is_fixed_across_versions_c_rng() -> None:
    # C-RNG: the same seed gives the same deal everywhere (SplitMix64 and Fisher-Yates,
    # not the random module), so a recorded game replays identically.
    assert french_deck().shuffled(2024)[:12] == (30, 45, 1, 41, 44, 10, 34, 4, 4, 26, 12, 32)
    assert spanish_deck().shuffled(1) == spanish_deck().shuffled(1)
    assert sorted(spanish_deck().shuffled(1)) == list(spanish_deck().cards)


def _shuffled_draw_by_draw(size: int, seed: int) -> tuple[tuple[int, ...], int]:
    """C-RNG's shuffle read as it is written: Fisher-Yates from the last place down, each
    place's partner drawn by ``random_below`` (a draw refused and drawn again where it
    would not divide evenly)."""
    items = list(range(size))
    state = seed_state(seed)
    for index in range(size - 1, 0, -1):
        other, state = random_below(index + 1, state)
        items[index], items[other] = items[other], items[index]
    return tuple(items), state


def test_a_shuffle_draws_as_random_below_does_at_every_size_c_rng() -> None:
    # The shuffle works out all its draws at once; here, one at a time.
    for size in range(130):
        for seed in (0, 1, size, 2**63 + 5, -7, 3**50):
            assert rng_shuffle(range(size), seed) == _shuffled_draw_by_draw(size, seed), size


def _state_drawing(wanted: int) -> int:
    """The generator state whose next draw is ``wanted`` (SplitMix64's steps undone)."""
    mask = 2**64 - 1
    value = wanted ^ (wanted >> 31) ^ (wanted >> 62)
    value = (value * pow(0x94D049BB133111EB, -1, 2**64)) & mask
    value = value ^ (value >> 27) ^ (value >> 54)
    value = (value * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & mask
    value = value ^ (value >> 30) ^ (value >> 60)
    return (value - 0x9E3779B97F4A7C15) & mask


def test_a_draw_refused_is_drawn_again_c_rng() -> None:
    # The highest value a draw can take does not divide evenly among 3, 5, 106 or 107
    # places (it does among 2 or 4): a shuffle meeting it for such a place draws that
    # place's partner again, as random_below does, and takes one more draw in all.
    golden, mask = 0x9E3779B97F4A7C15, 2**64 - 1
    for size in (3, 5, 107):
        for before in range(min(3, size - 1)):  # the highest draw first, second or third
            seed = (_state_drawing(mask) - before * golden) & mask
            order, after = rng_shuffle(range(size), seed)
            assert (order, after) == _shuffled_draw_by_draw(size, seed)
            places = size - before  # those the highest draw chooses among
            refused = places & (places - 1) != 0  # not a power of two
            assert after == (seed + (size - 1 + refused) * golden) & mask, (size, before)


def test_two_copies_are_the_same_card_c_identity() -> None:
    # C-IDENTITY: copies are one integer, jokers are one integer.
    deck = french_deck()
    assert deck.cards.count(parse_card("7S")) == 2
    assert parse_cards("7S 7♠") == (6, 6)
    assert parse_cards("JK * 🃏") == (JOKER, JOKER, JOKER)
    assert len(set(deck.cards)) == 53


def test_spanish_names_c_deck() -> None:
    # C-DECK amendment: oros ♦, copas ♥, espadas ♠, bastos ♣; sota J, caballo Q, rey K.
    assert SPANISH_SUIT_NAMES == ("espadas", "copas", "oros", "bastos")
    names = [spanish_card_name(card) for card in spanish_deck(48).cards]
    assert len(set(names)) == 48
    assert spanish_card_name("AD") == "as de oros"
    assert spanish_card_name("KS") == "rey de espadas"
    assert spanish_card_name("9C") == "nueve de bastos"
    assert spanish_card_name("JK") == "comodín"
