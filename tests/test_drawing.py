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
from scala40._wording import players_text
from scala40.cards import CARD_SYMBOLS, spanish_card_name
from scala40.drawing import (
    LAYOUT_WIDTH,
    MAX_DRAWN_CARDS,
    MAX_SIZE,
    MIN_LAYOUT_WIDTH,
    Hand,
    card_set,
    card_svg,
    cards_svg,
    last_hand_svg,
    meld_svg,
    move_svg,
    moves_svg,
    state_svg,
    table_svg,
    view_svg,
)
from scala40.errors import InvalidMoveError, InvalidPositionError, SerializationError
from scala40.game import load_game
from scala40.games.skarney.moves import Offer
from scala40.melds import MeldRules
from tests.hostile import fuzz_settings, hostile_values, library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

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


def test_a_wild_card_in_a_set_of_one_rank_shows_its_rank_alone() -> None:
    """SK-MELDS: a Skarney set is "cards of that rank", so its wild card names no suit;
    a Scala 40 set's joker names the suit it stands for (S40-JOKER)."""
    skarney = MeldRules(wild_ranks={2}, set_suits_distinct=False, wild_meld_min=3)
    picture = meld_svg(check_meld("6S 6H 2C", skarney))
    titles = [t.text for t in parsed(picture).iter(f"{SVG}title")]
    assert "stands for a 6 of any suit" in titles
    assert not any(title.startswith("stands for 6") for title in titles if title)
    # The meld's name says it as the page's buttons do: the wild card's rank alone.
    assert "meld 6♠ 6♥ 2♣=6" in titles
    titles = [
        t.text for t in parsed(meld_svg(check_meld("7S 7H JK", joker_as="7C"))).iter(f"{SVG}title")
    ]
    assert "stands for 7♣" in titles
    assert "meld 7♠ 7♥ JK=7♣" in titles
    # On a table, from a state and from its view's JSON alike.
    game = load_game("skarney")
    state, chooser = game.new_game(players=4, seed=1), random.Random(1)
    while not any(meld.kind.value == "set" and meld.wild_count for meld in _melds(state)):
        state = state.apply(chooser.choice(state.legal_moves()))
    view = state.view(0)
    assert "of any suit" in view_svg(view)
    assert view_svg(view.to_dict()) == view_svg(view)


def _melds(state: Any) -> list[Any]:
    return [
        meld for item in state.table for meld in (item if isinstance(item, tuple) else (item,))
    ]


def test_the_last_hand_says_who_went_out_with_no_cards_left() -> None:
    """A seat that went out holds no cards: its place says so (no empty space)."""
    state, chooser = load_game("scala40").new_game(players=2, seed=3), random.Random(3)
    while state.last_hand is None:
        state = state.apply(chooser.choice(state.legal_moves()))
    closer = state.last_hand.closer
    assert closer is not None
    assert not state.last_hand.hands[closer]
    assert "went out: no cards left" in last_hand_svg(state)


def test_the_last_hand_shows_layoffs_and_how_it_ended() -> None:
    """CH-LAYOFF, CH-CLOSE: the cards laid off on the closer's melds, and the close."""
    picture = last_hand_svg(_ended_chinchon_hand())
    parsed(picture)
    assert "Seat 2 closed" in picture
    assert "laid off: cinco de bastos on Seat 2's #0" in picture


def test_the_last_hand_names_spanish_cards_in_its_text_and_french_by_notation() -> None:
    """C-DECK: the lines under a seat's cards name a Spanish pack's cards as their titles
    and the web table's page do (they wrote the notation, ``5C``, beside pictures of
    Spanish cards); a French pack's cards keep their notation."""
    picture = last_hand_svg(_ended_chinchon_hand())
    lines = [t.text or "" for t in parsed(picture).iter(f"{SVG}text")]
    unmatched = [line for line in lines if line.startswith("unmatched: ")]
    assert unmatched
    assert all(" de " in line or line == "unmatched: none" for line in unmatched), unmatched
    state, chooser = load_game("rumino").new_game(players=2, seed=4), random.Random(4)
    while state.last_hand is None:
        state = state.apply(chooser.choice(state.legal_moves()))
    french = [t.text or "" for t in parsed(last_hand_svg(state)).iter(f"{SVG}text")]
    said = [
        line for line in french if line.startswith("unmatched: ") and line != "unmatched: none"
    ]
    assert said
    assert all(" de " not in line for line in said), said


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
    view = load_game("rumino").new_game(seed=1).view(0)
    for option in ("last_move", "taken", "fill", "perspective", "size", "colors"):
        result = library_errors_only(view_svg, view, **{option: value})
        if result is not None:
            parsed(result)
    library_errors_only(move_svg, value)
    library_errors_only(moves_svg, value)
    library_errors_only(Hand, value)


def _write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, draw in _golden_pictures().items():
        (GOLDEN / name).write_text(draw(), encoding="utf-8")
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    _write_golden()


# -- options, pictures from JSON, moves and hands ----------------------------------------

HIGHLIGHT = 'stroke="#e65100" stroke-width="3"'
"""How a marked card is outlined (the default highlight colour)."""


def _seat_lines(picture: str) -> list[str]:
    root = parsed(picture)
    lines = (item.text or "" for item in root.iter(f"{SVG}text"))
    return [line.split(" ·")[0] for line in lines if line.startswith("Seat ") and " · " in line]


def test_size_scales_the_picture_and_keeps_its_drawing() -> None:
    view = load_game("chinchon").new_game(seed=1).view(0)
    plain, sized = parsed(view_svg(view)), parsed(view_svg(view, size=300))
    assert sized.get("width") == "300"
    assert sized.get("viewBox") == plain.get("viewBox")
    width, height = int(plain.get("width", "1")), int(plain.get("height", "1"))
    assert int(sized.get("height", "0")) == round(height * 300 / width)


def test_colors_and_fills_are_drawn() -> None:
    view = load_game("rumino").new_game(seed=2).view(0)
    picture = view_svg(
        view,
        colors={"face": "ivory", "back": "#800", "background": "#0b3d2e", "ink": "#fff"},
        fill={"discard": "#ffe08a", "seat 1": "khaki"},
    )
    parsed(picture)
    assert 'fill="ivory"' in picture
    assert 'fill="#800"' in picture
    assert 'fill="#0b3d2e"' in picture
    assert '<g fill="#fff">' in picture
    assert 'fill="#ffe08a"' in picture
    assert 'fill="khaki"' in picture
    assert parsed(card_svg("7S", colors={"face": "#eee"})) is not None


def test_perspective_draws_that_seat_last() -> None:
    state = load_game("rumino").new_game(players=3, seed=2)
    assert _seat_lines(state_svg(state)) == ["Seat 0", "Seat 1", "Seat 2"]
    assert _seat_lines(state_svg(state, perspective=0)) == ["Seat 1", "Seat 2", "Seat 0"]
    assert _seat_lines(view_svg(state.view(1), perspective=1)) == [
        "Seat 2",
        "Seat 0",
        "Seat 1 (you)",
    ]


def _after(game: str, seed: int, verb: str) -> tuple[Any, Any]:
    """A state just after a random move of ``verb``, and that move."""
    state = load_game(game).new_game(players=2, seed=seed)
    chooser = random.Random(seed)
    for _ in range(3_000):
        legal = list(state.legal_moves())
        chosen = [move for move in legal if str(move).startswith(verb + " ")]
        move = chooser.choice(chosen or legal)
        state = state.apply(move)
        if chosen:
            return state, move
    raise AssertionError(f"no {verb} in 3000 moves")


def test_the_last_move_is_written_and_its_cards_outlined() -> None:
    state, move = _after("scala40", 4, "meld")
    picture = state_svg(state, last_move=str(move))
    assert f"last move: {players_text(str(move), spanish=False)}" in picture  # 7♥, not 7H
    assert picture.count(HIGHLIGHT) == len(move.cards)
    assert state_svg(state, last_move=move) == picture
    assert state_svg(state, last_move=state.MOVES.to_dict(move)) == picture
    state, move = _after("chinchon", 2, "discard")
    assert view_svg(state.view(0), last_move=move).count(HIGHLIGHT) == 1  # the top discard
    assert HIGHLIGHT not in view_svg(state.view(0))


def test_the_card_just_taken_is_outlined() -> None:
    state = load_game("chinchon").new_game(players=2, seed=1)
    top = state.discard[-1]
    taken = state.apply("take")
    assert view_svg(taken.view(0)).count(HIGHLIGHT) == 1  # the view's own "taken"
    drawn = state.apply("draw")
    new_card = next(iter(set(drawn.hands[0]) - set(state.hands[0])))
    assert view_svg(drawn.view(0), taken=new_card).count(HIGHLIGHT) == 1
    assert top in taken.hands[0]


def test_a_view_json_gives_the_view_picture_with_its_options() -> None:
    state, move = _after("scala40", 4, "meld")
    view = state.view(1)
    options: dict[str, Any] = {"last_move": str(move), "size": 500, "perspective": 1}
    assert view_svg(view.to_dict(), **options) == view_svg(view, **options)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"size": 5}, InvalidArgumentError),
        ({"size": True}, InvalidArgumentError),
        ({"colors": {"face": "red;stroke:blue"}}, InvalidArgumentError),
        ({"colors": {"face": '"><script>'}}, InvalidArgumentError),
        ({"colors": {"paint": "red"}}, InvalidArgumentError),
        ({"colors": ["red"]}, InvalidArgumentError),
        ({"fill": {"the moon": "red"}}, InvalidArgumentError),
        ({"fill": {"discard": 7}}, InvalidArgumentError),
        ({"perspective": 5}, InvalidArgumentError),
        ({"taken": "1X"}, InvalidArgumentError),
        ({"last_move": "fly away"}, InvalidMoveError),
        ({"last_move": 7}, InvalidArgumentError),
        ({"last_move": {"type": "fly"}}, SerializationError),
    ],
)
def test_hostile_options_are_refused(options: dict[str, Any], error: type[Exception]) -> None:
    view = load_game("chinchon").new_game(seed=1).view(0)
    for drawn in (view, view.to_dict()):
        with pytest.raises(error) as raised:
            view_svg(drawn, **options)
        assert isinstance(raised.value, Scala40Error)


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"hand": ["7X"]}, SerializationError),
        ({"format": "scala40.state"}, SerializationError),
        ({"public": {"hand_sizes": "seven"}}, InvalidArgumentError),
        ({"public": {"table": ["7S 8S Q"]}}, InvalidArgumentError),
        ({"public": {"discard": ["ZZ"]}}, InvalidArgumentError),
        ({"public": {"hand_sizes": [7, 10**6]}}, InvalidArgumentError),
        ({"public": {"active": [1, 0]}}, InvalidArgumentError),
        ({"public": {"rules": {"format": "x"}}}, Scala40Error),
        ({"public": {"hand_number": "one"}}, InvalidArgumentError),
    ],
)
def test_a_hostile_view_json_is_refused(change: dict[str, Any], error: type[Exception]) -> None:
    data = load_game("chinchon").new_game(seed=1).view(0).to_dict()
    public = {**data["public"], **change.pop("public", {})}
    with pytest.raises(error) as raised:
        view_svg({**data, **change, "public": public})
    assert isinstance(raised.value, Scala40Error)


def test_a_notebook_shows_a_meld_as_meld_svg_draws_it() -> None:
    """A meld's ``_repr_svg_`` and :func:`meld_svg` are one function over the meld: a
    Skarney set's wild card names its rank alone in a notebook too (SK-MELDS)."""
    skarney = MeldRules(wild_ranks={2}, set_suits_distinct=False, wild_meld_min=3)
    for meld in (
        check_meld("6S 6H 2C", skarney),
        check_meld("2S 2H 2S", skarney),
        check_meld("JK 8S 9S"),
        check_meld("6C AD JC", _COINS),
    ):
        assert meld._repr_svg_() == meld_svg(meld)


def test_moves_and_legal_moves_have_pictures() -> None:
    game = load_game("chinchon")
    move = game.parse_move("close 7D : AC JK 3C / 5S 5H 5D")
    picture = parsed(move_svg(move))
    titles = [item.text for item in picture.iter(f"{SVG}title")]
    assert "stands for dos de bastos (2C)" in titles
    assert move._repr_svg_() == move_svg(move)
    state = game.new_game(seed=1)
    legal = state.legal_moves()
    assert legal._repr_svg_() == moves_svg(legal)
    assert moves_svg(list(legal) * 40).count("more") == 1
    with pytest.raises(InvalidArgumentError):
        move_svg("draw")
    with pytest.raises(InvalidArgumentError):
        moves_svg(["draw"])


def test_a_hand_is_a_picture_in_a_notebook() -> None:
    hand = Hand("AS 2H JK", pack="spanish")
    assert (len(hand), str(hand), list(hand)) == (3, "AS 2H JK", [0, 14, 52])
    assert hand._repr_svg_() == cards_svg("AS 2H JK", pack="spanish")
    view = load_game("laconga").new_game(seed=1).view(0)
    assert Hand.of(view) == Hand(view.hand, pack="spanish")
    with pytest.raises(InvalidArgumentError):
        Hand("AS", pack="tarot")
    with pytest.raises(InvalidCardError):
        Hand("AS 1X")


def test_the_card_set_of_each_pack() -> None:
    french, spanish = card_set("french"), card_set("spanish")
    assert (len(french), len(spanish)) == (54, 50)
    assert french["back.svg"] == card_svg("JK", face_down=True)
    assert spanish["QD.svg"] == card_svg("QD", pack="spanish")


def _played(game: str, players: int, seed: int, moves: int) -> Any:
    """A state some random moves into a hand of ``game`` (melds on the table, long
    last moves), or the hand's end if it comes first."""
    state = load_game(game).new_game(players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.last_hand is not None or state.is_over:
            break
        state = state.apply(chooser.choice(list(state.legal_moves())))
    return state


@pytest.mark.parametrize(("game", "players"), [("scala40", 2), ("skarney", 4), ("laconga", 3)])
def test_a_picture_laid_out_narrow_stays_within_its_width(game: str, players: int) -> None:
    """A phone shows the table at its own size or larger only if the picture is laid out
    as narrow as the screen: rows of cards wrap and lines of text break to fit."""
    state = _played(game, players, seed=7, moves=120)
    view = state.view(0)
    assert view_svg(view, layout_width=LAYOUT_WIDTH) == view_svg(view)
    for width in (MIN_LAYOUT_WIDTH, 300, 480):
        root = ElementTree.fromstring(view_svg(view, layout_width=width, last_move="draw"))
        assert int(root.get("width", "0")) <= width
        texts = [item.text or "" for item in root.iter("{http://www.w3.org/2000/svg}text")]
        assert any(text.startswith(load_game(game).title) for text in texts)
    if state.last_hand is not None:
        root = ElementTree.fromstring(last_hand_svg(state, layout_width=300))
        assert int(root.get("width", "0")) <= 300


@pytest.mark.parametrize("width", [MIN_LAYOUT_WIDTH - 1, MAX_SIZE + 1, 300.0, "300", True])
def test_a_layout_width_out_of_range_is_refused(width: object) -> None:
    view = load_game("scala40").new_game(players=2, seed=1).view(0)
    with pytest.raises(InvalidArgumentError, match="layout_width"):
        view_svg(view, layout_width=width)  # type: ignore[arg-type]


def test_a_view_drawn_without_its_own_hand_says_how_many_cards_it_holds() -> None:
    """A page that shows the seat's hand itself (the web table) has it drawn once: the
    picture names the seat and counts its cards, and draws none of them."""
    view = load_game("chinchon").new_game(seed=1).view(0)
    whole, folded = view_svg(view), view_svg(view, own_hand=False)
    names = [spanish_card_name(card) for card in view.hand]
    assert all(name in whole for name in names)
    assert not any(f"<title>{name} (" in folded for name in names)
    assert "Seat 0 (you) · 0 points · to move · 7 cards in hand" in folded
    assert view_svg(view.to_dict(), own_hand=False) == folded
    with pytest.raises(InvalidArgumentError, match="own_hand must be True or False"):
        view_svg(view, own_hand=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["scala40", "skarney", "chinchon"])
def test_a_hand_ended_by_a_resignation_is_worded_as_one(game: str) -> None:
    """C-RESIGN: the hand in play is abandoned, nobody scores; the picture of its end
    says who resigned (not "blocked, nobody closed", nor a closer), from the seat's
    view and from the state."""
    players = 4 if game == "skarney" else 2
    state = load_game(game).new_game(seed=3, players=players).apply("resign 1")
    for picture in (last_hand_svg(state.view(0)), last_hand_svg(state)):
        assert "Hand 1 ended: Seat 1 resigned, the hand abandoned" in picture
        assert "blocked" not in picture
        assert "closed" not in picture
    assert "Seat 0 (you)" in last_hand_svg(state.view(0))


def test_a_card_on_offer_is_worded_as_the_decision_it_is() -> None:
    """SK-OFFER: while a card is on offer, the seat it is offered to accepts or declines
    it (the status names the offerer and the card, spelled as the web table's page does), not
    "offer" as the phase is called; from the state, the view and the view's JSON."""
    state = load_game("skarney").new_game(seed=0)
    while getattr(state, "offer_card", None) is None:
        moves = state.legal_moves()
        offers = [move for move in moves if isinstance(move, Offer)]
        state = state.apply(offers[0] if offers else moves[0])
    offerer, seat = state.turn, state.offer_to
    card = CARD_SYMBOLS[state.offer_card]  # as the page spells it: A♠
    words = f"to accept or decline Seat {offerer}'s offer of {card}"
    assert f"Seat {seat} {words}" in state_svg(state)
    view = state.view(seat)
    assert f"Seat {seat} (you) {words}" in view_svg(view)
    assert view_svg(view.to_dict()) == view_svg(view)
    assert f"Seat {seat} to accept or decline your offer of {card}" in view_svg(
        state.view(offerer)
    )
    assert ": offer" not in state_svg(state)
