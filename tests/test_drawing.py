"""The SVG pictures of :mod:`scala40.drawing`: exact against small golden files, valid
XML, hostile arguments refused (C-DECK: the Spanish pack's suits; C-WILD: a wild card
shows what it stands for). Every game and preset is drawn, and views shown to hide what
they must, in the protocol suite (``tests/protocol/test_pictures.py``).

Run ``python tests/test_drawing.py`` to write the golden files again after a deliberate
change of the pictures (then look at them before committing).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given

from scala40 import InvalidArgumentError, InvalidCardError, Scala40Error, check_meld
from scala40.drawing import (
    MAX_DRAWN_CARDS,
    card_svg,
    cards_svg,
    last_hand_svg,
    meld_svg,
    state_svg,
    table_svg,
    view_svg,
)
from scala40.errors import InvalidPositionError
from scala40.game import load_game
from scala40.melds import MeldRules
from tests.hostile import fuzz_settings, hostile_values, library_errors_only

GOLDEN = Path(__file__).resolve().parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"

_COINS = MeldRules(
    rank_order=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    ace_high=False,
    max_wilds=None,
    min_natural_lead=0,
    extra_wilds={26},
)
"""Chinchón's meld rules with the A♦ (as de oros) wild (CH-DECK, CH-MELDS)."""


def _golden_pictures() -> dict[str, Callable[[], str]]:
    """Each golden file's name and the call that draws it."""
    return {
        "card-7S.svg": lambda: card_svg("7S"),
        "card-QD-spanish.svg": lambda: card_svg("QD", pack="spanish"),
        "card-back.svg": lambda: card_svg("JK", face_down=True),
        "meld-joker.svg": lambda: meld_svg(check_meld("JK 8S 9S")),
        "meld-ace-of-coins.svg": lambda: meld_svg(check_meld("6C AD JC", _COINS)),
        "hand-spanish.svg": lambda: cards_svg("AS 2H 3D 4C JK QD 7S", pack="spanish"),
        "view-chinchon.svg": lambda: view_svg(load_game("chinchon").new_game(seed=1).view(0)),
        "last-hand-chinchon.svg": lambda: last_hand_svg(_ended_chinchon_hand()),
    }


def _ended_chinchon_hand() -> Any:
    """A three-player Chinchón hand played at random to its close, where a seat lays a
    card off on the closer's melds (CH-LAYOFF)."""
    state = load_game("chinchon").new_game(players=3, seed=1)
    chooser = random.Random(1)
    while state.last_hand is None:
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def parsed(picture: str) -> ElementTree.Element:
    """The picture as XML (which fails the test if it is not), checked to be one SVG."""
    assert isinstance(picture, str)
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert int(root.get("width", "0")) > 0
    assert int(root.get("height", "0")) > 0
    return root


@pytest.mark.parametrize("name", sorted(_golden_pictures()))
def test_pictures_match_their_golden_files(name: str) -> None:
    picture = _golden_pictures()[name]()
    parsed(picture)
    assert picture == (GOLDEN / name).read_text(encoding="utf-8")


def test_a_wild_card_shows_what_it_stands_for() -> None:
    """C-WILD, CH-DECK: the joker, and the A♦ when it is wild, carry the card they are."""
    titles = [t.text for t in parsed(meld_svg(check_meld("JK 8S 9S"))).iter(f"{SVG}title")]
    assert "stands for 7♠" in titles
    coins = [t.text for t in parsed(meld_svg(check_meld("6C AD JC", _COINS))).iter(f"{SVG}title")]
    assert "stands for siete de bastos (7C)" in coins
    # A meld of wild cards only stands for nothing else (SK-WILDMELD).
    skarney = MeldRules(wild_ranks={2}, set_suits_distinct=False, wild_meld_min=3)
    picture = meld_svg(check_meld("2S 2H 2S", skarney))
    assert "stands for" not in picture


def test_the_last_hand_shows_layoffs_and_how_it_ended() -> None:
    """CH-LAYOFF, CH-CLOSE: the cards laid off on the closer's melds, and the close."""
    picture = last_hand_svg(_ended_chinchon_hand())
    parsed(picture)
    assert "seat 2 closed" in picture
    assert "laid off: 5C on seat 2's #0" in picture


def test_the_spanish_pack_names_its_cards() -> None:
    """C-DECK: a Spanish card's tooltip gives its Spanish name beside the notation."""
    titles = [t.text for t in parsed(cards_svg("JD AC QH", pack="spanish")).iter(f"{SVG}title")]
    assert titles[1:] == ["sota de oros (JD)", "as de bastos (AC)", "caballo de copas (QH)"]


def test_a_state_picture_is_bounded() -> None:
    """The largest hand a picture takes, and its size in bytes (under a megabyte)."""
    picture = cards_svg([0] * MAX_DRAWN_CARDS)
    assert len(picture.encode()) < 1_000_000
    parsed(picture)


HOSTILE: Any = "7S"
SEVEN: Any = 7
NOTHING: Any = None
"""Values typed as anything, so that the calls below may pass what the types forbid."""


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: card_svg(53), InvalidCardError),
        (lambda: card_svg("1X"), InvalidCardError),
        (lambda: card_svg("7S", pack="german"), InvalidArgumentError),
        (lambda: card_svg("7S", face_down=HOSTILE), InvalidArgumentError),
        (lambda: cards_svg([0] * (MAX_DRAWN_CARDS + 1)), InvalidArgumentError),
        (lambda: cards_svg(SEVEN), InvalidCardError),
        (lambda: meld_svg(HOSTILE), InvalidArgumentError),
        (lambda: table_svg(SEVEN), InvalidArgumentError),
        (lambda: table_svg([check_meld("7S 8S 9S"), HOSTILE]), InvalidArgumentError),
        (lambda: state_svg(NOTHING), InvalidArgumentError),
        (lambda: state_svg(load_game("scala40").new_game(seed=1).view(0)), InvalidArgumentError),
        (lambda: view_svg(load_game("scala40").new_game(seed=1)), InvalidArgumentError),
        (lambda: last_hand_svg(load_game("rumino").new_game(seed=1)), InvalidArgumentError),
        # Text is a position's (scala40.notation): "7S" is none.
        (lambda: last_hand_svg(HOSTILE), InvalidPositionError),
        (lambda: state_svg(HOSTILE), InvalidPositionError),
        (
            lambda: state_svg(load_game("rumino").new_game(seed=1).view(0).to_text()),
            InvalidArgumentError,
        ),
        (lambda: view_svg(load_game("rumino").new_game(seed=1).to_text()), InvalidArgumentError),
    ],
)
def test_hostile_arguments_are_refused(call: Callable[[], Any], error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, Scala40Error)


def test_huge_arguments_are_refused_fast() -> None:
    """The bound is checked before the cards are read: a billion cards cost nothing."""
    endless = (0 for _ in range(10**9))
    for value in (endless, "AS " * 10**6, [0] * 10**7, range(10**7)):
        assert library_errors_only(cards_svg, value, seconds=0.25) is None
    many = [check_meld("7S 8S 9S")] * 400
    assert library_errors_only(table_svg, many, seconds=0.25) is None


@fuzz_settings(60)
@given(value=hostile_values())
def test_any_value_gets_a_picture_or_an_error_of_the_library(value: Any) -> None:
    for draw in (card_svg, cards_svg, meld_svg, table_svg, state_svg, view_svg, last_hand_svg):
        result = library_errors_only(draw, value)
        if result is not None:
            parsed(result)
    library_errors_only(card_svg, "7S", pack=value)
    library_errors_only(cards_svg, "7S", face_down=value)


def _write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, draw in _golden_pictures().items():
        (GOLDEN / name).write_text(draw(), encoding="utf-8")
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    _write_golden()
