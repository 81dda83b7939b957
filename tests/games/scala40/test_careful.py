"""Scala 40's careful bot (:mod:`scala40.bots.scala40.careful`) and its strongest bot
(:mod:`scala40.bots.scala40.best`): greedy's moves with the careful settings off, legal
and deterministic at any table, the high cards thrown once another player has opened
(S40-SCORE, S40-HAND-VALUE), the search for a close bounded by its work, and the options
checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from scala40 import GameState
from scala40.bots import bot_options, make_bot, play_game
from scala40.bots.scala40.best import BestBot
from scala40.bots.scala40.bots import GreedyBot
from scala40.bots.scala40.careful import CarefulBot
from scala40.errors import InvalidBotSpecError
from scala40.game import load_game
from scala40.games.scala40 import analysis
from scala40.games.scala40.analysis import closing
from scala40.games.scala40.budget import MAX_SEARCH_WORK
from scala40.games.scala40.moves import Discard
from tests.decisions import varied_decisions

GREEDY_SETTINGS: dict[str, Any] = {
    "threat_weight": None,
    "close_work": MAX_SEARCH_WORK,
    "criterion": "value",
}
"""The careful bot's settings that play greedy's moves."""


def _decisions(preset: str, players: int, seed: int, moves: int) -> Iterator[GameState]:
    return varied_decisions("scala40", preset, players, seed, moves)


def _cases() -> list[Any]:
    """Every preset with two players, and the official rules with four."""
    rules = load_game("scala40").ruleset_type
    return [
        pytest.param(preset, players, id=f"{preset}-{players}")
        for preset, players in [(name, 2) for name in rules.preset_names()] + [("official", 4)]
    ]


@pytest.mark.parametrize(("preset", "players"), _cases())
def test_with_greedy_s_settings_it_plays_greedy_s_moves(preset: str, players: int) -> None:
    """With the value counted as greedy counts it and the whole budget for the search for
    a close, the careful bot chooses and ranks every move as greedy does."""
    careful, greedy = CarefulBot(**GREEDY_SETTINGS), GreedyBot()
    compared = 0
    for state in _decisions(preset, players, 3, 120):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), list(state.legal_moves())
        assert careful.choose(view, legal, random.Random(1)) == greedy.choose(
            view, legal, random.Random(1)
        )
        assert careful.ranked(view, legal) == greedy.ranked(view, legal)
        compared += 1
    assert compared > 30


@pytest.mark.parametrize(("preset", "players"), _cases())
def test_it_plays_legal_moves_and_the_same_every_time(preset: str, players: int) -> None:
    """Careful bots at every seat play a game's first 200 moves (play_game refuses a move
    that is not legal), and a view and its moves give one move whatever the generator."""
    game = load_game("scala40")
    state = game.new_game(game.ruleset_type.preset(preset), players, 5)
    play_game(state, [make_bot("careful", "scala40") for _ in range(players)], 5, 200)
    bot = CarefulBot()
    for number, state in enumerate(_decisions(preset, players, 9, 120)):
        if number % 4:
            continue
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), list(state.legal_moves())
        first = bot.choose(view, legal, random.Random(1))
        assert first in legal
        assert bot.choose(view, legal, random.Random(2)) == first


def test_once_another_player_has_opened_it_throws_high_cards_first() -> None:
    """S40-SCORE: unopened when the other closes, a player scores every card in hand. While
    nobody has opened, careful keeps its high cards as greedy does (they reach the 40
    points of S40-OPEN) and throws the two; once the other player has opened it throws
    the lone ace (11 points), and greedy still the two."""
    hands = ["KS 3H 7C 9D QD 4S 5S 8H JC 2D 6C 10H AC 9S", "4C 5C 6C 7H 8D"]
    table = ["JH QH KH", "9C 10C JC QC"]
    for opened, expected in ((False, "2D"), (True, "AC")):
        state = GameState.from_position(
            hands=hands,
            table=table if opened else [],
            opened=[False, opened],
            discard="2C",
            phase="play",
            turns_played=[3, 3],
        )
        view, legal = state.view(0), list(state.legal_moves())
        assert str(GreedyBot().choose(view, legal, random.Random(0))) == "discard 2D"
        assert str(CarefulBot().choose(view, legal, random.Random(0))) == f"discard {expected}"


def test_its_search_for_a_close_spends_at_most_its_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search for a close the careful bot starts has a budget of ``close_work``
    units (about two microseconds each), where greedy's has the searches' whole budget;
    a search that spends it closes nothing."""
    budgets: list[int] = []
    run = closing.CloseSearch.run

    def counted(self: closing.CloseSearch) -> Any:
        budgets.append(self.budget.limit)
        return run(self)

    states = list(_decisions("official", 2, 4, 400))
    monkeypatch.setattr(closing.CloseSearch, "run", counted)
    careful = CarefulBot(close_work=50)
    for state in states:
        seat = state.current_player
        assert seat is not None
        careful.choose(state.view(seat), list(state.legal_moves()), random.Random(0))
    assert len(budgets) > 10
    assert set(budgets) == {50}
    # An open and a close at once from fourteen cards: more than the bound to find.
    state = GameState.from_position(
        hands=["AS 2S 3S 4S 5H 6H 7H 8H 9D 9C 9S JC QC KC", "4C 5C 6C 7D 8D"],
        opened=[False, False],
        discard="2C",
        phase="play",
        turns_played=[3, 3],
    )
    assert analysis.closing_moves(state) is not None
    view, legal = state.view(0), list(state.legal_moves())
    assert not isinstance(CarefulBot(close_work=50).choose(view, legal, random.Random(0)), Discard)
    assert CarefulBot(close_work=0)._closing_move(view, legal) is None
    assert CarefulBot()._closing_move(view, legal) is not None


def test_its_options_are_named_and_checked() -> None:
    assert bot_options(CarefulBot) == ("threat_weight", "close_work", "criterion")
    assert repr(make_bot("careful:threat_weight=1.5,criterion=value", "scala40")) == (
        "CarefulBot(threat_weight=1.5, close_work=1000, criterion='value')"
    )
    for spec, message in (
        ("careful:threat_weight=heavy", "threat_weight must be a number"),
        ("careful:close_work=-1", "close_work must be an integer from 0 to 100000"),
        ("careful:close_work=2.5", "close_work must be an integer"),
        ("careful:depth=2", "bot 'careful' takes no option 'depth'"),
        ("careful:criterion=deadwood", "criterion must be one of cards, value, got 'deadwood'"),
    ):
        with pytest.raises(InvalidBotSpecError, match=message):
            make_bot(spec, "scala40")


def test_best_is_the_monte_carlo_search_on_careful_play() -> None:
    """Scala 40's ``search`` is its own bot: the Monte Carlo search whose unsearched moves,
    playouts and search for a close are the careful bot's; it takes the search's options."""
    bot = make_bot("search:playouts=24,candidates=3", "scala40")
    assert isinstance(bot, BestBot)
    assert (bot.playouts, bot.candidates, bot.name) == (24, 3, "search")
    assert "margin" in (bot_options(BestBot) or ())
    game = load_game("scala40")
    state = game.new_game(None, 2, 8)
    final = play_game(state, [bot, make_bot("careful", "scala40")], 8, max_actions=120)
    assert final.move_number >= 120 or final.is_over
