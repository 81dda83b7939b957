"""Every game is drawn (:mod:`scala40.drawing`): a state, each seat's view and, once a
hand has ended, its scoring, as valid SVG, for every registered game and preset, the
game that ``examples/add_a_game.py`` adds and the adapters' toy game; notebooks get the
same pictures (``_repr_svg_`` on states, views and melds); a view's JSON gives the same
picture as the view; and a view's picture never shows a card its seat may not know.
"""

from __future__ import annotations

import random
from typing import Any
from xml.etree import ElementTree

import pytest

import scala40._registry
from scala40.drawing import last_hand_svg, meld_svg, state_svg, view_svg
from scala40.game import Game, game_names, load_game
from tests.adapters import toygame
from tests.example_game import load_example
from tests.protocol.cases import soak_unless_default

SVG = "{http://www.w3.org/2000/svg}"
MAX_MOVES = 3_000
"""Moves played before a hand must have ended (every game ends one far sooner)."""


def _games() -> list[Game]:
    return [*(load_game(name) for name in game_names()), load_example().GAME, toygame.GAME]


CASES = [
    pytest.param(game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset))
    for game in _games()
    for preset in game.ruleset_type.preset_names()
]


@pytest.fixture(autouse=True)
def _example_game_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example game registered for each test of this module only (its pictures take
    their title from the registry), and forgotten after it."""
    example = load_example().GAME
    monkeypatch.setitem(scala40._registry._REGISTERED, example.name, example)


def _parsed(picture: str) -> str:
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return picture


def _players(game: Game, preset: str) -> int:
    rules = game.resolve_rules(preset)
    return int(max(rules.min_players, min(game.default_players, rules.max_players)))


def _notebook(value: Any, picture: str) -> None:
    """Where the value has a ``_repr_svg_`` (the library's states, views and melds), a
    notebook shows the same picture."""
    if hasattr(value, "_repr_svg_"):
        assert value._repr_svg_() == picture


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_game_and_preset_is_drawn(game: Game, preset: str) -> None:
    state = game.new_game(preset, players=_players(game, preset), seed=3)
    chooser = random.Random(3)
    builtin = game.name in game_names() and game.name != load_example().GAME.name
    for step in range(MAX_MOVES):
        ended = getattr(state, "last_hand", None) is not None
        if step % 40 == 0 or ended or state.is_over:
            _notebook(state, _parsed(state_svg(state)))
            for seat in range(state.player_count):
                view = state.view(seat)
                picture = _parsed(view_svg(view))
                _notebook(view, picture)
                if builtin:
                    # A view's JSON, as a server sends it, gives the same picture.
                    assert view_svg(view.to_dict()) == picture
        if builtin and ended:
            _parsed(last_hand_svg(state))
            _parsed(last_hand_svg(state.view(0)))
            for meld in getattr(state, "table", ()):
                _notebook(meld, _parsed(meld_svg(meld)))
            return
        if state.is_over:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    if builtin:
        pytest.fail(f"no hand ended in {MAX_MOVES} moves")


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_a_view_never_shows_hidden_cards(game: Game) -> None:
    """Two states that differ only in cards seat 0 cannot see give the same picture of
    seat 0's view, though their own pictures differ."""
    state = game.new_game(players=game.default_players, seed=8)
    while state.current_player is None and not state.is_over:
        state = state.apply(state.legal_moves()[0])
    view = state.view(0)
    first, second = view.sample(seed=1), view.sample(seed=2)
    assert first.view(0) == second.view(0) == view
    if first != second:
        assert state_svg(first) != state_svg(second)
    assert view_svg(first.view(0)) == view_svg(second.view(0)) == view_svg(view)
    titles = [t.text for t in ElementTree.fromstring(view_svg(view)).iter(f"{SVG}title")]
    assert titles.count("hidden card") >= sum(len(hand) for hand in state.hands[1:])
