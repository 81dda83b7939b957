"""A meld as text, read by ``check_meld`` (:mod:`scala40.melds._text`): the texts the
library writes (``8C 9C JK=10C``), their readings honoured or refused, and the copies of
each card counted against the ruleset's deck."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import (
    AmbiguousMeldError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidMeldError,
    MeldRules,
    check_meld,
    french_deck,
    meld_interpretations,
    spanish_deck,
)
from scala40.game import game_names, load_game
from scala40.texts import text_of
from tests.hostile import fuzz_settings
from tests.strategies import MELD_RULES_CONFIGS, meld_rules_configs, valid_melds

CHINCHON: Any = load_game("chinchon").ruleset_type.default()


# -- C-WILD, C-NOTATION: every text the library writes reads back -------------------------


@fuzz_settings(150)
@given(data=st.data(), rules=meld_rules_configs())
def test_a_melds_text_reads_back_as_that_meld(data: st.DataObject, rules: MeldRules) -> None:
    """Every reading of any meld, written as ``str(meld)`` writes it (``8C 9C JK=10C``),
    is read back by ``check_meld`` as that very reading (check_meld refused the
    library's own text: a wild card with the card it stands for)."""
    cards = data.draw(valid_melds(rules))
    for reading in meld_interpretations(cards, rules):
        assert check_meld(str(reading), rules) == reading
        spaced = ", ".join(str(reading).split())
        assert check_meld(spaced.lower(), rules) == reading


@pytest.mark.parametrize("name", game_names())
def test_every_games_meld_text_reads_back(name: str) -> None:
    """What ``scala40 check`` writes of a meld, in every game and preset (a game's
    ``GameText.meld``), reads back under that ruleset as the same meld."""
    game = load_game(name)
    for preset in game.ruleset_type.preset_names():
        rules: Any = game.ruleset_type.preset(preset)
        for text in ("JK 9C 8C", "5S 5H JK", "4S 2S 6S", "JK 5S 6S", "AD 2D 3D", "7S 7H JK=7C"):
            try:
                readings = meld_interpretations(text.replace("=7C", ""), rules)
            except InvalidMeldError:
                continue
            for reading in readings:
                written = text_of(game).meld(reading, False)
                if rules.deck.why_cannot_hold(reading.cards) is None:
                    assert check_meld(written, rules) == reading, (preset, written)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("8C 9C JK=10C", "8C 9C JK=10C"),  # the position agrees
        ("JK=7C 8C 9C", "JK=7C 8C 9C"),
        ("8C 9C JK=7C", "JK=7C 8C 9C"),  # the reading said wins over the place written
        ("7S 7H JK=7C", "7S 7H JK=7C"),  # a set's joker with two suits missing
        ("JK=7D 7S 7H", "7S 7H JK=7D"),
        ("7S=7S 8S 9S", "7S 8S 9S"),  # a natural card standing for itself says nothing
        ("jk=10c, 9c, 8c", "8C 9C JK=10C"),
    ],
)
def test_a_wild_cards_reading_is_honoured(text: str, shown: str) -> None:
    """C-WILD: a reading the text gives is the meld's, wherever the card is written."""
    assert str(check_meld(text)) == shown


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        ("5S 5H JK=6S", None, "the wild cards cannot stand for 6S"),
        ("7S 8S JK=10S", None, "the wild cards cannot stand for 10S"),
        ("JK=5D 6D JK=JK", None, "never for a joker"),
        ("7S=8S 8S 9S", None, "7S=8S: only a wild card stands for another card"),
        ("5S 5H 2C=6C", MELD_RULES_CONFIGS["skarney"], "the wild cards cannot stand for 6C"),
    ],
)
def test_a_reading_that_contradicts_the_cards_is_refused(
    text: str, rules: MeldRules | None, message: str
) -> None:
    """C-WILD: a reading the cards cannot have is refused, never ignored (check_meld
    refused every reading written; reading one and dropping it would judge another
    meld)."""
    with pytest.raises(InvalidMeldError, match=message):
        check_meld(text, rules)


def test_the_readings_written_and_joker_as_are_both_kept() -> None:
    """``joker_as`` and readings in the text say the same thing, or nothing fits."""
    assert str(check_meld("7S 7H JK=7C", joker_as="7C")) == "7S 7H JK=7C"
    with pytest.raises(InvalidMeldError, match="cannot stand for"):
        check_meld("7S 7H JK=7C", joker_as="7D")
    with pytest.raises(AmbiguousMeldError):
        check_meld("JK=9S 6S JK 7S 8S", MELD_RULES_CONFIGS["multijoker"])


@pytest.mark.parametrize(
    "text",
    ["7S 10X", "JK=", "=7S 8S 9S", "JK=7S=8S 8S 9S", "7S 8S 9S " * 3000, "JK=7C " * 2000],
)
def test_a_text_that_holds_no_cards_is_refused_with_the_library_error(text: str) -> None:
    """C-NOTATION: a bad card is named, and a text longer than any card text is refused
    by its length before it is read."""
    with pytest.raises((InvalidCardError, InvalidMeldError)):
        check_meld(text)


# -- C-DECK, C-IDENTITY: copies counted against the deck ----------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        # CH-DECK: one Spanish pack, one copy of each card (check_meld said valid).
        ("5D 5H 5S 5D", CHINCHON, "2 copies of 5D, but the 40-card Spanish pack has 1"),
        ("7C 8C 9C", CHINCHON, "the 40-card Spanish pack has no 8s or 9s"),
        ("JK 5S 6S", CHINCHON, "the 40-card Spanish pack has no jokers"),
    ],
)
def test_copies_are_counted_against_the_rulesets_deck(
    text: str, rules: object, message: str
) -> None:
    with pytest.raises(InvalidMeldError, match=message):
        check_meld(text, rules)  # type: ignore[arg-type]


def test_the_deck_is_the_rulesets_or_the_one_given() -> None:
    """A ruleset brings its deck; meld rules alone count no copies unless a deck is
    given."""
    meld_rules = CHINCHON.meld_rules
    assert str(check_meld("5D 5H 5S 5D", meld_rules)) == "5S 5H 5D 5D"
    with pytest.raises(InvalidMeldError, match="2 copies of 5D"):
        check_meld("5D 5H 5S 5D", meld_rules, deck=spanish_deck())
    assert str(check_meld("5D 5H 5S 5D", meld_rules, deck=spanish_deck(copies=2)))
    skarney: Any = load_game("skarney").ruleset_type.default()  # two packs, sets of any suits
    assert check_meld("5S 5S 5H 5H", skarney).cards.count(4) == 2
    with pytest.raises(InvalidMeldError, match="3 copies of 5S, but the 108-card French"):
        check_meld("5S 5S 5S 5H", skarney)
    assert check_meld("5S 5S 5S 5H", skarney.meld_rules, deck=french_deck(copies=3))
    with pytest.raises(InvalidArgumentError, match="deck must be a Deck"):
        check_meld("5S 5H 5D", deck="french")  # type: ignore[arg-type]
