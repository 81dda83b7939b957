"""The spellings property of the protocol suite: one value per meaning, in every game.

A move written another way than its listed text (:mod:`tests.protocol.spellings`: other
case, suit symbols, ``T`` and ``1``, commas, a meld's cards in another order or the other
way round, melds and pieces reordered, wild cards' readings left out or a natural card
said to stand for itself, a lay-off's end left out, dictionaries light or of version 1)
is, for every registered game and preset, the toy game and the example game, on listed
moves of random states and of crafted ones (sets with a joker; sequences with a joker at
either end; 14-card sequences; Skarney's melds of wild cards and its sets; closes of
several melds; La Conga's mano closing with his eight cards; Scala 40's splits under
S40-V-SPLIT):

* refused by the context-free reader (the game's ``parse_move`` or ``move_from_dict``),
  or read as the listed move itself (equal, equally hashed, ``in`` the list, counted
  once, at its index, legal, applying to the same state), never as a third value: a
  spelling that leaves out what only the position gives (a lay-off's end, a wild card's
  reading) is refused with :class:`~scala40.MissingReadingError` naming it. The one
  exception: a card wild under a preset only (the A♦ of Chinchón's and La Conga's
  ``wild="ace_of_coins"``) written without its reading reads as the natural card
  without rules, a value the state refuses: the texts of the natural presets read back
  as they are;
* in every case read by the state (``state.parse_move``) as the listed move, or, where it
  leaves out what several legal moves differ by, refused with
  :class:`~scala40.AmbiguousMoveError` naming the listed move among them; read so, the
  text or dictionary is ``in`` the list, counted once, at its index, legal and applies to
  the same state (or, ambiguous, is in none of them).

The suite's tally counts the states, spellings and moves checked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from scala40.cards import CARD_NAMES
from scala40.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    MissingReadingError,
    MoveIndexError,
    SerializationError,
)
from scala40.game import Game, State, load_game
from scala40.games.chinchon import GameState as ChinchonState
from scala40.games.chinchon import Ruleset as ChinchonRules
from scala40.games.laconga import GameState as LaCongaState
from scala40.games.laconga import Ruleset as LaCongaRules
from scala40.games.scala40 import GameState as Scala40State
from scala40.games.scala40 import Ruleset as Scala40Rules
from scala40.games.skarney import GameState as SkarneyState
from scala40.movekinds import LayOffMove
from tests.protocol.spellings import spellings
from tests.protocol.tally import TALLY, long_run
from tests.protocol.test_identity import TOY_CASES
from tests.protocol.test_protocol import CASES, PLAYOUTS, _players, _playout

MOVES_PER_STATE = 6 if long_run() else 3
"""Listed moves spelled otherwise in each state checked (all of them in crafted states)."""
SPELLINGS_PER_MOVE = 12 if long_run() else 6
"""Spellings of each move."""
EVERY = 5
"""Every this many states of a random game, one is checked."""


def _read(game: Game, spelling: str | dict[str, Any]) -> Any:
    """The move a spelling reads as without a position, or ``None`` if refused."""
    try:
        if isinstance(spelling, str):
            return game.parse_move(spelling)
        return game.move_from_dict(spelling)
    except (InvalidMoveError, SerializationError):
        return None


def _check_found(legal: Any, value: object, position: int) -> None:
    assert value in legal, f"{value!r} is not in the list"
    assert legal.count(value) == 1, f"{value!r} is counted {legal.count(value)} times"
    assert legal.index(value) == position, f"{value!r} is at {legal.index(value)}"


def _check_absent(legal: Any, value: object) -> None:
    assert value not in legal, f"{value!r} is in the list"
    assert legal.count(value) == 0
    with pytest.raises(MoveIndexError):
        legal.index(value)


def _is_legal(state: State, move: object) -> bool:
    """``state.is_legal(move)``, or, for a game without it (the toy game), whether
    ``apply`` takes it."""
    is_legal = getattr(state, "is_legal", None)
    if is_legal is not None:
        return bool(is_legal(move))
    try:
        state.apply(move)
    except (IllegalMoveError, InvalidMoveError):
        return False
    return True


def _holds_a_card_wild_by_rules(state: State, move: Any) -> bool:
    """Whether ``move`` names a card that the state's rules make wild and the game's
    notation does not (it is read the same under every preset of the game)."""
    meld_rules = getattr(getattr(state, "rules", None), "meld_rules", None)
    notation = getattr(type(move), "notation", None)
    if meld_rules is None or notation is None:
        return False
    by_rules = {CARD_NAMES[card] for card in meld_rules.wild_cards - notation.wild_cards}
    return any(word.split("=", 1)[0] in by_rules for word in str(move).split())


def _check_missing_named(game: Game, spelling: str | dict[str, Any]) -> None:
    """A lay-off the context-free reader refuses is one that leaves out what only the
    position gives, and the refusal names it: the end, or the wild card's card."""
    if isinstance(spelling, str):
        with pytest.raises(MissingReadingError, match="missing"):
            game.parse_move(spelling)
    else:
        with pytest.raises(SerializationError, match="missing"):
            game.move_from_dict(spelling)


def check_spellings(game: Game, state: State, move: Any, rng: random.Random) -> None:
    """Every spelling of the listed ``move`` keeps the promises of the module."""
    legal = state.legal_moves()
    position = list(legal).index(move)
    after = state.apply(move)
    moves = game.move_set if game.move_set is not None else type(move).move_set
    for spelling in spellings(moves, move, rng, SPELLINGS_PER_MOVE):
        TALLY["spellings checked (one value per meaning)"] += 1
        value = _read(game, spelling)
        context = f"{move} written {spelling!r}"
        if value is not None and value != move and _holds_a_card_wild_by_rules(state, move):
            # The one exception: a card wild under this preset only (the A♦ of wild=
            # "ace_of_coins"), written without its reading, is natural to a reader that
            # has no rules: a value the state refuses (the game's own texts of natural
            # presets read back as they are).
            _check_absent(legal, value)
            assert not _is_legal(state, value), context
            TALLY["spellings leaving out a preset's wild card's reading"] += 1
        elif value is not None:
            # Read without the position, a spelling is the listed move or nothing: a
            # value that is neither would be a second value of one meaning.
            assert value == move, f"{context}: read as {value!r}, neither refused nor it"
            assert hash(value) == hash(move), context
            _check_found(legal, value, position)
            assert _is_legal(state, value), context
            assert state.apply(value) == after, context
        elif isinstance(move, LayOffMove):
            _check_missing_named(game, spelling)
        try:
            meant = state.parse_move(spelling)
        except AmbiguousMoveError as error:
            ambiguous = error
        else:
            assert meant == move, f"{context}: read as {meant}"
            _check_found(legal, spelling, position)
            assert _is_legal(state, spelling), context
            assert state.apply(spelling) == after, context
            continue
        # It leaves out what tells several legal moves apart: it is none of them.
        assert move in ambiguous.moves, f"{context}: {ambiguous}"
        _check_absent(legal, spelling)
        assert not _is_legal(state, spelling), context
        TALLY["spellings that fit several legal moves"] += 1


def _check_state(game: Game, state: State, rng: random.Random, most: int) -> None:
    legal = list(state.legal_moves())
    if not legal:
        return
    TALLY["states whose moves were spelled otherwise"] += 1
    # Moves of more than one word first (melds, lay-offs, closes): they have the most
    # spellings.
    rich = [move for move in legal if len(str(move).split()) > 2]
    chosen = rng.sample(rich, min(most, len(rich)))
    chosen += rng.sample(legal, min(most - len(chosen), len(legal)))
    for move in dict.fromkeys(chosen):
        TALLY["listed moves spelled otherwise"] += 1
        check_spellings(game, state, move, rng)


@pytest.mark.parametrize(("game", "preset"), [*CASES, *TOY_CASES])
def test_every_spelling_of_a_listed_move_is_that_move(game: Game, preset: str) -> None:
    for players in _players(game, preset)[:2]:
        for seed in range(PLAYOUTS):
            rng = random.Random(seed)
            for index, (state, _move) in enumerate(
                _playout(game, preset, players, seed, auto_chance=seed % 2 == 0)
            ):
                if index % EVERY == 0 and not state.is_chance:
                    _check_state(game, state, rng, MOVES_PER_STATE)


# -- crafted states: the melds random games seldom make ------------------------------------


def _scala40(**position: Any) -> State:
    defaults: dict[str, Any] = {"discard": "KC", "phase": "play", "turns_played": [1, 1]}
    state: State = Scala40State.from_position(**{**defaults, **position})
    return state


def _skarney(hands: list[str], table: list[tuple[str, int]], **options: Any) -> State:
    state: State = SkarneyState.from_position(
        hands=hands, table=table, contracts=[True, True], **options
    )
    return state


def _chinchon(hands: list[str], **options: Any) -> State:
    state: State = ChinchonState.from_position(hands=hands, phase="play", **options)
    return state


CRAFTED: dict[str, Callable[[], State]] = {
    # S40-SET, S40-JOKER: sets with a joker (one suit or two missing); sequences with a
    # joker at either end or inside; lay-offs of a joker at either end and into a set.
    "scala40-jokers": lambda: _scala40(
        hands=["9C 9D 9H JK 7S 8S 10S 5C 2H 4D", "AD 3D 5H 6H"],
        table=["9H 10H JH", "5S 5H 5D", "4C 5C 6C"],
        opened=[True, True],
    ),
    # S40-SEQ: a 13-card sequence takes the ace at its other end, natural or a joker
    # (14 cards); an ace either way onto the 12 cards from 2 to K.
    "scala40-fourteen": lambda: _scala40(
        hands=["JK AS 5H 6H 7H", "AD 3D 5D 6D"],
        table=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"],
        opened=[True, True],
    ),
    # S40-V-MULTIJOKER: two jokers in a meld, sequences and sets.
    "scala40-multijoker": lambda: _scala40(
        hands=["JK JK 5S 7S 8S 9D 9C 2D", "AS KH 7D 4S"],
        table=["9C 10C JC QC KC"],
        opened=[True, True],
        rules=Scala40Rules(max_jokers_per_meld=None),
    ),
    # S40-V-SPLIT: splits of a 5-card sequence, with natural cards and a joker.
    "scala40-splits": lambda: _scala40(
        hands=["5S 6S 8S 9S JK 2D 9H", "AD 3D 5D 6D"],
        table=["3S 4S 5S 6S 7S"],
        opened=[True, True],
        rules="classic",
    ),
    # SK-MELDS, SK-WILDMELD: melds of 2s or of jokers only, sets whose wild card names no
    # suit, a 2 standing for itself, both aces of a sequence; extensions of each.
    "skarney-wild": lambda: _skarney(
        ["2S 2H 2D JK 5S 5H 2C 7S AS 3S QS KS 9D", "AH 4D", "AD 6C", "6S 4C"],
        [("9S 9H 9C", 0), ("2C 2D 2H", 0), ("JK JK JK", 0), ("3H 4H 5H", 0)],
    ),
    # CH-CLOSE: closes of several melds with jokers, the sets naming no suit.
    "chinchon-close": lambda: _chinchon(
        ["AC 2C JK 4C 5S 5H 5D JK", "6S 6H 6D 7C 7D 3H QC"],
        turns_played=[1, 1],
        rules=ChinchonRules(wild="two_jokers"),
    ),
    # LC-DEAL: the mano closes with his eight cards, a seven-card run among them; a
    # joker after the 7 is the jack in a 40-card pack, the 8 in a 48-card one (CH-DECK).
    "laconga-mano": lambda: LaCongaState.from_position(
        hands=["AC 2C 3C 4C 5C 6C 7C JK", "6S 6H 6D 7S 7D 3H QC", "2S 2H 2D 3S 4S 5S KS"],
        phase="play",
        turns_played=[0, 0, 0],
        rules=LaCongaRules(wild="two_jokers", deck_size=40),
    ),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_every_spelling_of_a_crafted_listed_move_is_that_move(name: str) -> None:
    state = CRAFTED[name]()
    game = load_game(state.game_name)
    rng = random.Random(name)
    legal = list(state.legal_moves())
    melding = [move for move in legal if len(str(move).split()) > 2]
    assert melding, f"{name}: the position offers no move to spell"
    TALLY["states whose moves were spelled otherwise"] += 1
    for move in melding:
        TALLY["listed moves spelled otherwise"] += 1
        check_spellings(game, state, move, rng)


@pytest.mark.parametrize(
    ("name", "text", "listed"),
    [
        # S40-LAYOFF-JOKER: the joker's card at the low end of 9H 10H JH is the 8H.
        ("scala40-jokers", "layoff JK #0 low", "layoff JK=8H #0 low"),
        ("scala40-jokers", "layoff 5C #1", "layoff 5C #1 set"),
        # SK-MELDS: a set's wild card names its rank, which the set gives; a joker added
        # to a meld of jokers stands for itself (SK-WILDMELD).
        ("skarney-wild", "extend JK #0 set", "extend JK=9S #0 set"),
        ("skarney-wild", "extend JK #2 set", "extend JK=JK #2 set"),
        ("skarney-wild", "extend 2H #3 low", "extend 2H=2H #3 low"),
    ],
)
def test_a_lay_off_leaving_out_what_the_table_gives_is_refused_without_a_position(
    name: str, text: str, listed: str
) -> None:
    """C-WILD: a lay-off that leaves out its end or its wild card's card is no value of
    its own: the game's parse_move refuses it, naming what is missing (it read ``layoff
    JK #0 low`` and ``extend JK #1 set`` as values no state lists), and the state reads
    it as the one legal move it can be."""
    state = CRAFTED[name]()
    game = load_game(state.game_name)
    with pytest.raises(MissingReadingError, match="missing"):
        game.parse_move(text)
    assert str(state.parse_move(text)) == listed
    assert game.parse_move(listed) in state.legal_moves()
