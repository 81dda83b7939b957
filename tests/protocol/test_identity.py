"""The identity checks of the protocol suite: one value per move, in every game.

For every registered game and preset (and the toy game of the adapters' tests), over the
states of seeded random games:

* every listed move reads back from its text and from its dictionary (through JSON) as
  an equal value of the same class with the same hash;
* no move is listed twice (C-IDENTITY);
* ``in``, ``index`` and ``count`` of ``legal_moves()`` agree, on each listed move, on an
  equal move built by hand, on its text, on moves one field away from a listed one, and
  on values that are no move here.

And, with Hypothesis, moves built from their classes and from dictionaries with arbitrary
arguments: each is refused with an error of the library, or reads back exactly.

Long runs: ``HYPOTHESIS_PROFILE=long nox -s soak`` plays more games and builds more moves.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.errors import MoveIndexError, Scala40Error
from scala40.game import Game, State, game_names, load_game
from scala40.movekinds import (
    BOOL,
    CARD,
    CARDS,
    INDEX,
    INT,
    MAX_INDEX,
    MAX_MOVE_CARDS,
    MAX_MOVE_TEXT,
    OPTIONAL_CARD,
    OPTIONAL_CARDS,
    SEAT,
    MoveBase,
    MoveSet,
)
from tests.adapters import toygame
from tests.example_game import load_example
from tests.protocol.tally import TALLY
from tests.protocol.test_protocol import CASES, DEEP_EVERY, PLAYOUTS, _players, _playout
from tests.strategies import move_arguments

TOY_CASES = [
    pytest.param(toygame.GAME, preset, id=f"toy-{preset}")
    for preset in toygame.ToyRules.preset_names()
] + [
    pytest.param(load_example().GAME, preset, id=f"trio-{preset}")
    for preset in load_example().TrioRules.preset_names()
]

CHECKED = {"listed": 0, "built": 0, "read from a dictionary": 0}
"""How many listed moves and moves built by hand the checks have read back (a figure for
the curious: ``python -m pytest tests/protocol/test_identity.py -s``)."""


def _move_set(game: Game) -> MoveSet:
    return game.move_set if game.move_set is not None else toygame.MOVES


def _check_reads_back(game: Game, move: Any) -> None:
    """``move`` reads back from its text and its dictionary as an equal, equally hashed
    value of its class."""
    for again in (
        game.parse_move(str(move)),
        game.move_from_dict(json.loads(json.dumps(game.move_to_dict(move)))),
    ):
        assert type(again) is type(move), f"{move!r} reads back as a {type(again).__name__}"
        assert again == move, f"{move!r} reads back as {again!r}"
        assert hash(again) == hash(move), f"{move!r} reads back with another hash"


def _check_agree(move_set: MoveSet, legal: Any, value: object) -> None:
    """``in``, ``index`` and ``count`` say the same of ``value``."""
    listed = value in legal
    count = legal.count(value)
    assert count == (1 if listed else 0), f"{value!r}: in says {listed}, count {count}"
    if listed:
        # A text is read as the listed move it means (its end or a joker's card may be
        # left to the position); a value must be the listed value.
        expected = legal.resolve(value) if isinstance(value, str) else value
        assert legal[legal.index(value)] == expected
    else:
        with pytest.raises(MoveIndexError):
            legal.index(value)


def _one_field_away(move: Any, legal: list[Any]) -> Iterator[Any]:
    """Moves of ``move``'s kind with one field changed: to the field of another listed
    move of the kind, or reversed, or left to its default."""
    kind = type(move)
    same = [other for other in legal if type(other) is kind and other is not move][:3]
    for field in attrs.fields(kind):
        value = getattr(move, field.name)
        changes: list[Any] = [getattr(other, field.name) for other in same]
        if isinstance(value, tuple) and len(value) > 1:
            changes.append(value[::-1])
        if field.default is not attrs.NOTHING:
            changes.append(field.default)
        for change in changes:
            try:
                yield attrs.evolve(move, **{field.name: change})
            except Scala40Error:
                continue


_NO_MOVES: list[object] = [None, 3, "", "jump", "draw draw", "#", object(), (), [1]]


def _check_listed(game: Game, state: State, chooser: random.Random) -> None:
    move_set = _move_set(game)
    legal = state.legal_moves()
    moves = list(legal)
    assert len(set(moves)) == len(moves), "a move listed twice (C-IDENTITY)"
    for move in moves:
        _check_reads_back(game, move)
        CHECKED["listed"] += 1
        TALLY["moves read back (identity)"] += 1
    sample = chooser.sample(moves, min(len(moves), 16))
    for move in sample:
        position = moves.index(move)
        built = type(move)(**{f.name: getattr(move, f.name) for f in attrs.fields(type(move))})
        for value in (move, built, str(move), str(move).upper()):
            assert value in legal
            assert legal.index(value) == position
            assert legal.count(value) == 1
        for changed in _one_field_away(move, moves):
            _check_agree(move_set, legal, changed)
            _check_agree(move_set, legal, str(changed))
    for value in _NO_MOVES:
        _check_agree(move_set, legal, value)


def _identity_cases() -> list[Any]:
    return [*CASES, *TOY_CASES]


@pytest.mark.parametrize(("game", "preset"), _identity_cases())
@pytest.mark.parametrize("auto_chance", [True, False], ids=["auto", "explicit-chance"])
def test_listed_moves_have_one_value_each(game: Game, preset: str, auto_chance: bool) -> None:
    for players in _players(game, preset):
        for seed in range(PLAYOUTS):
            chooser = random.Random(seed)
            for index, (state, _move) in enumerate(
                _playout(game, preset, players, seed, auto_chance=auto_chance)
            ):
                if index % DEEP_EVERY == 0:
                    _check_listed(game, state, chooser)


def _games() -> list[Any]:
    games = [pytest.param(load_game(name), id=name) for name in game_names()]
    return [
        *games,
        pytest.param(toygame.GAME, id="toy"),
        pytest.param(load_example().GAME, id="trio"),
    ]


def _check_built(game: Game, kind: type[MoveBase], values: dict[str, Any]) -> MoveBase | None:
    """The move ``kind(**values)``: refused with an error of the library that says why,
    or a move that reads back exactly."""
    refusal = "no refusal"
    try:
        move = kind(**values)
    except Scala40Error as error:
        move, refusal = None, str(error)
    if move is None:
        assert refusal, f"{kind.__name__}{values!r} refused without a reason"
        return None
    _check_reads_back(game, move)
    CHECKED["built"] += 1
    TALLY["moves read back (identity)"] += 1
    return move


def _as_dict(move_set: MoveSet, kind: type[MoveBase], values: dict[str, Any]) -> dict[str, Any]:
    """A move dictionary of ``values``, each written as its codec writes it when it can."""
    data: dict[str, Any] = {"format": move_set.format, "version": move_set.version}
    data["type"] = kind.verb
    for field in attrs.fields(kind):  # type: ignore[arg-type]
        value = values.get(field.name, field.default)
        try:
            data[field.name] = field.metadata["codec"].to_json(value)
        except Exception:  # a value of no meaning goes in as it is, to be refused
            data[field.name] = value
    return data


@pytest.mark.parametrize("game", _games())
@given(data=st.data())
def test_moves_built_by_hand_are_refused_or_read_back_exactly(game: Game, data: Any) -> None:
    move_set = _move_set(game)
    kind = data.draw(st.sampled_from(move_set.kinds))
    values = data.draw(move_arguments(kind))
    built = _check_built(game, kind, values)
    refusal = "no refusal"
    try:
        read = game.move_from_dict(json.loads(json.dumps(_as_dict(move_set, kind, values))))
    except Scala40Error as error:
        read, refusal = None, str(error)
    if read is None:
        assert refusal, f"{kind.__name__}{values!r}: a dictionary refused without a reason"
        return
    _check_reads_back(game, read)
    CHECKED["read from a dictionary"] += 1
    TALLY["moves read back (identity)"] += 1
    if built is not None:
        assert read == built, f"{kind.__name__}{values!r}: {read!r} from the dictionary"


_TEN_OF_SPADES, _TEN_OF_CLUBS = 9, 48
"""The cards of the longest text, ``10S=10C``."""


def _largest(codec: Any, name: str) -> Any:
    """A field's value of the most cards and digits a move may hold."""
    if codec in (CARD, OPTIONAL_CARD):
        return _TEN_OF_SPADES
    if codec in (CARDS, OPTIONAL_CARDS):
        card = _TEN_OF_CLUBS if name == "represented" else _TEN_OF_SPADES
        return (card,) * MAX_MOVE_CARDS
    if codec in (INDEX, SEAT):
        return MAX_INDEX
    if codec is INT:
        return -(10**6)
    if codec is BOOL:
        return False
    choices = codec.json_schema().get("enum")
    if choices is not None:
        return choices[0]
    # A list of pairs: the most cards in the most melds or pieces (or the toy's notes).
    if name == "notes":
        return [((_TEN_OF_SPADES,) * 50, -(10**6))] * 20
    size = MAX_MOVE_CARDS // 100
    return [((_TEN_OF_SPADES,) * size, (_TEN_OF_CLUBS,) * size)] * 100


@pytest.mark.parametrize("game", _games())
def test_the_largest_moves_read_back(game: Game) -> None:
    """A move of the most cards each field may name reads back: its text is within
    ``MAX_MOVE_TEXT``."""
    for kind in _move_set(game).kinds:
        values = {
            field.name: _largest(field.metadata["codec"], field.name)
            for field in attrs.fields(kind)  # type: ignore[arg-type]
        }
        move = kind(**values)
        assert len(str(move)) <= MAX_MOVE_TEXT, kind
        _check_reads_back(game, move)
