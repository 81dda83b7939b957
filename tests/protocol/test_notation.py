"""Positions as text (:mod:`scala40.notation`), in every game and preset, the game that
``examples/add_a_game.py`` adds and a knock game written as its rules alone.

From seeded random games (chance steps played by the engine and played explicitly, a
seat resigning now and then, several hands with their results), every state checked

* writes one line of printable ASCII, fields one space apart, within the bound;
* reads back from it to the same state: the same value, the same dictionary, the same
  move number, and the same text again;
* and each seat's view writes a line that names the seat (``game@seat``), shows no card
  the seat may not see, and reads back to the same view (the game's own view: equal,
  with the same dictionary and the same legal moves) and the same text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import scala40._registry
import scala40.game
from scala40.errors import InvalidPositionError
from scala40.game import Game, game_names, load_game
from scala40.games.rumino import Ruleset as RuminoRules
from scala40.history import HISTORY_KEYS
from scala40.notation import MAX_POSITION_TEXT, grammar, position_head, view_to_text
from tests import knock_variant
from tests.example_game import load_example
from tests.hostile import SOAK
from tests.protocol.cases import soak_unless_default
from tests.protocol.tally import TALLY

PLAYOUTS = 6 if SOAK else 1
"""Seeded random games per game, preset and chance mode."""
MAX_ACTIONS = 2_000 if SOAK else 500
"""Moves a game plays at most (enough to end a hand or two of every game)."""
EVERY = 3 if SOAK else 15
"""Every this many states, the round trips are checked."""


def _games() -> list[Game]:
    return [
        *(load_game(name) for name in game_names()),
        load_example().GAME,
        knock_variant.GAME,
    ]


def _cases() -> Iterator[Any]:
    for game in _games():
        for preset in game.ruleset_type.preset_names():
            yield pytest.param(
                game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset)
            )
    # Claims decided in turn (RU-RUMINO) are no preset's: decisions out of turn.
    claims = RuminoRules(rumino_claim="decision")
    yield pytest.param(load_game("rumino"), claims, id="rumino-claims")


@pytest.fixture(autouse=True)
def _added_games_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example game and the knock variant registered for each test of this module
    only (a state's ``to_text`` finds its game by name)."""
    for game in (load_example().GAME, knock_variant.GAME):
        monkeypatch.setitem(scala40._registry._REGISTERED, game.name, game)


def _states(game: Game, preset: Any, seed: int, auto_chance: bool) -> Iterator[Any]:
    rules = game.resolve_rules(preset)
    counts = sorted({rules.min_players, rules.max_players})
    players = counts[seed % len(counts)]
    state = game.new_game(rules, players, seed, auto_chance=auto_chance)
    chooser = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if step % EVERY == 0 or state.is_over:
            yield state
        if state.is_over:
            return
        resignations = getattr(state, "resignations", lambda: ())()
        if resignations and chooser.random() < 0.004:
            state = state.apply(chooser.choice(resignations))
            continue
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


_LINE = re.compile(r"[!-~]+(?: [!-~]+)*")


def _without_moves(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in HISTORY_KEYS}


VIEW_FACTS_OF_MOVES = frozenset({"meld_owners"})
"""The facts of a view's JSON read from the hand's moves (who put down each table meld),
which a view read back from its text, keeping only the hand's last moves (TEXT_MOVES),
gives as unknown in a longer hand."""


def _without_facts_of_moves(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in VIEW_FACTS_OF_MOVES}


def _check_state(game: Game, state: Any) -> None:
    text = state.to_text()
    assert _LINE.fullmatch(text), text
    assert len(text) <= MAX_POSITION_TEXT
    assert position_head(text) == (game.name, None)
    back = game.state_from_text(text)
    assert back == state
    # The text leaves the hand's moves out, as FEN leaves a chess game's, and keeps what
    # they showed of the hands.
    assert _without_moves(back.to_dict()) == _without_moves(state.to_dict())
    assert getattr(back, "shown", ()) == getattr(state, "shown", ())
    assert back.move_number == state.move_number
    assert back.to_text() == text
    assert scala40.game.position_from_text(text) == state
    TALLY["position texts read back"] += 1


def _check_views(game: Game, state: Any) -> None:
    for seat in range(state.player_count):
        view = state.view(seat)
        to_text = getattr(view, "to_text", None)
        text = to_text() if callable(to_text) else view_to_text(view, game)
        assert _LINE.fullmatch(text), text
        assert position_head(text) == (game.name, seat)
        back = game.view_from_text(text)
        assert back == view
        assert back.move_number == view.move_number
        assert view_to_text(back, game) == text
        if hasattr(view, "to_dict"):
            back_data, data = back.to_dict(), view.to_dict()
            back_data["public"] = _without_facts_of_moves(_without_moves(back_data["public"]))
            data["public"] = _without_facts_of_moves(_without_moves(data["public"]))
            assert back_data == data
        # The other hands are numbers of cards: a twin state (a sample of the view, which
        # differs only in what the seat cannot see) writes the same view.
        twin = view.sample(seat + 7).view(seat)
        object.__setattr__(twin, "move_number", view.move_number)  # (the example's samples
        assert view_to_text(twin, game) == text  # start counting again)
        hands = text.split(" ")[2].split("/")
        for place, hand in enumerate(hands):
            if place != seat:
                assert hand.isdigit(), text
        TALLY["view texts read back"] += 1


@pytest.mark.parametrize(("game", "preset"), list(_cases()))
def test_positions_and_views_read_back_from_their_text(game: Game, preset: Any) -> None:
    for playout in range(PLAYOUTS):
        for auto_chance in (True, False):
            for state in _states(game, preset, 11 + 2 * playout + auto_chance, auto_chance):
                _check_state(game, state)
                _check_views(game, state)


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_a_dealt_stock_is_written_as_its_count(game: Game) -> None:
    """Right after the engine's deal the stock follows from the generator's state: its
    number of cards stands for it, and reads back to the same cards (in the games that
    shuffle with the library's generator; the example game shuffles with Python's own,
    and its stock is written card by card)."""
    rules = game.ruleset_type.default()
    state = game.new_game(rules, rules.min_players, 5)
    place = [row.key for row in grammar(game)].index("stock")
    stock = state.to_text().split(" ")[place]
    if game.name == "trio":
        assert not stock.isdigit()
    else:
        assert stock == str(len(state.stock))
    assert game.state_from_text(state.to_text()) == state


# -- one spelling: every other spelling of a value is refused ------------------------------

_NUMBER_RUN = re.compile(r"(?:^|(?<=[/=;,(\[-]))[0-9]+(?=$|[/;,)\]])")
"""A number inside a field (not the digits of a card such as ``10H``)."""
_RNG = re.compile(r"[0-9a-f]{16}")


def _misspelled(text: str) -> Iterator[tuple[str, str]]:
    """Other spellings of the values of a position's text than the one the notation
    writes, each with what it changes: a number with a leading zero, the generator's
    state in upper-case hexadecimal, a view's seat with a leading zero."""
    tokens = text.split(" ")
    head = tokens[0]
    if "@" in head:
        yield " ".join([head.replace("@", "@0"), *tokens[1:]]), "the seat 0-padded"
    for place in range(2, len(tokens)):
        token = tokens[place]
        found = _NUMBER_RUN.search(token)
        if found is not None:
            padded = token[: found.start()] + "0" + token[found.start() :]
            yield " ".join([*tokens[:place], padded, *tokens[place + 1 :]]), f"{token} 0-padded"
        if _RNG.fullmatch(token) and token.upper() != token:
            upper = token.upper()
            yield " ".join([*tokens[:place], upper, *tokens[place + 1 :]]), "hex in upper case"


def _turn_elsewhere(game: Game, text: str, state: Any) -> Iterator[str]:
    """The text with its turn naming a seat the game does not have."""
    keys = [row.key for row in grammar(game) if not row.place.endswith("=")]
    place = keys.index("turn")
    tokens = text.split(" ")
    for seat in (state.player_count, state.player_count + 7):
        yield " ".join([*tokens[:place], str(seat), *tokens[place + 1 :]])


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_a_position_reads_only_in_its_one_spelling(game: Game) -> None:
    """C-NOTATION: each value of a position's text has one spelling (docs/notation.rst):
    a number with a leading zero, the generator's state in upper-case hexadecimal and a
    view's seat 0-padded are refused; and so is a turn naming no seat of the game, in a
    state's text and in a view's (whose reader dealt a state from it first: Scala 40's
    view raised IndexError), always with InvalidPositionError."""
    rules = game.ruleset_type.default()
    states = [state for state in _states(game, rules, 3, True) if not state.is_chance]
    for state in (states[0], states[len(states) // 2]):
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        to_text = getattr(view, "to_text", None)
        view_text = to_text() if callable(to_text) else view_to_text(view, game)
        for text, read in (
            (state.to_text(), game.state_from_text),
            (view_text, game.view_from_text),
        ):
            tried = list(_misspelled(text))
            tried += [(other, "the turn") for other in _turn_elsewhere(game, text, state)]
            assert len(tried) >= 4, text
            for other, what in tried:
                try:
                    read(other)
                except InvalidPositionError:
                    pass
                else:
                    pytest.fail(f"read with {what}: {other}")
                TALLY["position texts misspelled and refused"] += 1


def test_a_view_whose_turn_names_no_seat_is_refused() -> None:
    """A Scala 40 view in play whose turn names no seat: its reader dealt a state from
    the view before the turn was checked, and the deal indexed the seats by it
    (IndexError)."""
    text = (
        "scala40@0 official ASJS5H9HQH2D5D9D3C6C7C10CQCJK/13 - JHKC3D 78 play 2 1 1 0/0 5 "
        "turns_played=1/1"
    )
    with pytest.raises(InvalidPositionError, match="turn"):
        load_game("scala40").view_from_text(text)
