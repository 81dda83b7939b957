"""Skarney's careful bot (:mod:`scala40.bots.skarney.careful`): greedy's moves with
greedy's settings, legal and deterministic in every preset, the offers it takes that
greedy declines (SK-OFFER), and its options checked."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from scala40.bots import bot_options, make_bot, play_game
from scala40.bots.skarney import CarefulBot, GreedyBot
from scala40.errors import InvalidBotSpecError
from scala40.games.skarney import new_game
from scala40.games.skarney.moves import Accept
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.state import GameState
from tests.decisions import varied_decisions

CASES = [("partnership", 4), ("singles", 2), ("free_meld", 4), ("no_jokers", 4)]


def _decisions(preset: str, players: int, seed: int, moves: int) -> Iterator[GameState]:
    return varied_decisions("skarney", preset, players, seed, moves)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_with_greedy_s_settings_it_plays_greedy_s_moves(preset: str, players: int) -> None:
    careful = CarefulBot(late=12, accept_fit=3, deny_weight=0, contracts=None)
    greedy = GreedyBot()
    compared = 0
    for state in _decisions(preset, players, 2, 250):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), list(state.legal_moves())
        assert careful.ranked(view, legal) == greedy.ranked(view, legal)
        compared += 1
    assert compared > 50


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_it_plays_legal_moves_and_the_same_every_time(preset: str, players: int) -> None:
    state = new_game(preset, players, seed=6)
    play_game(state, [make_bot("careful", "skarney") for _ in range(players)], 6, 400)
    bot = CarefulBot()
    for state in _decisions(preset, players, 8, 200):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), list(state.legal_moves())
        first = bot.choose(view, legal, random.Random(1))
        assert first in legal
        assert bot.choose(view, legal, random.Random(2)) == first


def test_it_takes_offers_greedy_declines_and_never_more_than_it_may() -> None:
    """SK-OFFER: offered a card that fits its hand a little (a suit neighbour), with a
    short pile, greedy declines and careful accepts; every offer greedy accepts, careful
    accepts too."""
    taken = declined_by_greedy = 0
    for seed in range(6):
        for state in _decisions("partnership", 4, seed, 400):
            if state.phase is not Phase.OFFER:
                continue
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), list(state.legal_moves())
            greedy = GreedyBot().choose(view, legal, random.Random(0))
            careful = CarefulBot().choose(view, legal, random.Random(0))
            if isinstance(greedy, Accept):
                assert isinstance(careful, Accept)
            elif isinstance(careful, Accept):
                declined_by_greedy += 1
            taken += isinstance(careful, Accept)
    assert declined_by_greedy > 0
    assert taken > declined_by_greedy


def test_it_offers_what_the_next_seat_is_not_known_to_want() -> None:
    """SK-OFFER: among the offers greedy ranks close, careful leaves the card that fits
    the cards the next seat was seen to accept; its bound on the contracts it compares
    keeps a decision's work small whatever the hand."""
    turns = denied = 0
    for seed in range(6):
        for state in _decisions("partnership", 4, seed, 400):
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), list(state.legal_moves())
            if state.phase is not Phase.PLAY or not view.known[(seat + 1) % 4]:
                continue
            greedy = GreedyBot().choose(view, legal, random.Random(0))
            careful = CarefulBot(late=12, accept_fit=3).choose(view, legal, random.Random(0))
            turns += 1
            denied += greedy != careful
    assert turns > 20
    assert 0 < denied < turns


def test_its_options_are_named_and_checked() -> None:
    assert bot_options(CarefulBot) == ("late", "accept_fit", "deny_weight", "contracts")
    assert repr(make_bot("careful:late=3,contracts=none", "skarney")) == (
        "CarefulBot(late=3, accept_fit=2.0, deny_weight=3.0, contracts=None)"
    )
    for spec, message in (
        ("careful:late=-1", "late must be an integer from 0 to 1000"),
        ("careful:contracts=0", "contracts must be an integer from 1 to 100000"),
        ("careful:accept_fit=much", "accept_fit must be a number from 0 to 100"),
        ("careful:depth=2", "bot 'careful' takes no option 'depth'"),
    ):
        with pytest.raises(InvalidBotSpecError, match=message):
            make_bot(spec, "skarney")
