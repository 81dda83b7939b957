"""Bot specifications checked whole when the bot is made (:func:`scala40.bots.make_bot`):
'belief:model=x' once passed creation and failed at the bot's every move, and
'ismcts:iterations=10,iterations=20' was taken. Every option of every bot of every game
is given hostile values: each is refused by an ``InvalidBotSpecError`` naming the
option, or the bot it makes plays a legal move."""

from __future__ import annotations

import random

import pytest

from scala40 import Deadline
from scala40.bots import bot_factories, bot_options, choose_move, make_bot
from scala40.errors import InvalidBotSpecError
from scala40.game import load_game
from tests.protocol.cases import one_game_by_default

HOSTILE_VALUES = (
    "x",
    "",
    "-1",
    "0",
    "0.5",
    "1e400",
    "nan",
    "inf",
    "-0",
    "true",
    "none",
    "99999999999",
    "1_000",
    "greedy",
    "²",
)
"""Values each option of each bot is given."""


def _specs(game: str) -> list[tuple[str, str]]:
    specs: list[tuple[str, str]] = []
    for name, factory in bot_factories(game).items():
        options = bot_options(factory)
        assert options is not None, name  # every bot of the library names its options
        for option in options:
            specs.extend((f"{name}:{option}={value}", option) for value in HOSTILE_VALUES)
            specs.append((f"{name}:{option}=1,{option}=1", option))  # given twice
        specs.append((f"{name}:unknown_option=1", "unknown_option"))
    return specs


@pytest.mark.parametrize("game", one_game_by_default("rumino"))
def test_every_option_of_every_bot_is_refused_by_name_or_plays(game: str) -> None:
    state = load_game(game).new_game(None, 2 if game != "skarney" else 4, 3)
    while state.is_chance:
        state = state.apply(state.legal_moves()[0])
    legal = list(state.legal_moves())
    view = state.view(state.current_player)
    tried = refused = 0
    for spec, option in _specs(game):
        tried += 1
        try:
            bot = make_bot(spec, game)
        except InvalidBotSpecError as error:
            refused += 1
            message = str(error)
            assert repr(option) in message or message.startswith(option), (spec, message)
            continue
        # Made: it plays (a short deadline keeps the large budgets short).
        move = choose_move(bot, view, legal, random.Random(1), Deadline.after(0.02))
        assert move in legal, spec
    assert tried > 500
    assert refused > tried * 0.9


@pytest.mark.parametrize(
    "spec",
    [
        "belief:model=x",
        "best:model=3",
        "ismcts:iterations=10,iterations=20",
        "best:worlds=2,worlds=3",
        "best:worlds=2,time_limit=1,worlds=2",
        "greedy:depth=3",
        "best:particles=10001",
        "belief:particles=0",
        "ismcts:rollout=clever",
        "playout:time_limit=0",
    ],
)
def test_specs_once_taken_are_refused(spec: str) -> None:
    with pytest.raises(InvalidBotSpecError):
        make_bot(spec, "chinchon")
