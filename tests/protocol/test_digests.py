"""Every game plays the same, move for move, as it did when these digests were taken.

For every registered game and preset, a seeded random game is played; at each step the
digest takes the state's dictionary (its hand's log included), every seat's view as
JSON and its shown cards, the legal moves as written and the move chosen. A change
meant to make the engines faster, and nothing else, leaves every digest as it is; a
change of game play must say so and take the digests again (``python -m
tests.regenerate`` writes them, with the shipped schemas; ``python -m
tests.protocol.test_digests`` prints them).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from scala40.game import Game, load_game
from tests.pinned import write_expected
from tests.protocol.cases import registered_cases

ACTIONS = 400
"""The actions of each game digested (enough to cross a few hands of every game)."""

EXPECTED = {
    "scala40-official": "ec552a0e51d0ddde49e950e6",
    "scala40-classic": "c24be196a0c26defdf5da6a3",
    "scala40-federation-article": "976a7aeb0d8387ab2642b186",
    "scala40-online": "f404ad59ba45ded32e45e690",
    "skarney-partnership": "933a7a219ca365395eac14bf",
    "skarney-singles": "d50d774483f637b201b552c2",
    "skarney-no_jokers": "4456ebb6a315825fa4c62a1a",
    "skarney-free_meld": "05b891942106131fe5485e29",
    "rumino-catsatcards": "cffb8c8173e23db735558a44",
    "rumino-web": "3b6b88c8b07b54eb7d9f3bda",
    "chinchon-catsatcards": "222d2bfd2e5e6b08b9567d9a",
    "chinchon-spain_club": "c5fcba697c67d34e3d1785ef",
    "chinchon-argentina_50": "0e13f49850091a399aea305d",
    "laconga-catsatcards": "b6b2993155302a83bf233e06",
    "laconga-uruguay": "834f8ca23a0749ecf635a0f8",
}
"""Each case's digest, as the engines gave it."""


def digest(game: Game, preset: str, seed: int = 7) -> str:
    """The digest of ``ACTIONS`` actions of a seeded random game of ``game``'s ``preset``
    (chance steps as moves of their own, so that the chance moves are digested too)."""
    chooser = random.Random(seed)
    state = game.new_game(preset, game.default_players, seed, auto_chance=False)
    hashed = hashlib.sha256()
    for _ in range(ACTIONS):
        step: list[object] = [state.to_dict()]
        for seat in range(state.player_count):
            view = state.view(seat)
            step.append([view.to_dict(), view.shown])
        if state.is_over:
            hashed.update(json.dumps(step, sort_keys=True).encode())
            break
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        step.append([str(known) for known in legal])
        step.append(str(move))
        hashed.update(json.dumps(step, sort_keys=True).encode())
        state = state.apply(move)
    return hashed.hexdigest()[:24]


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_every_game_plays_as_before(game: Game, preset: str) -> None:
    """A game or preset with no digest taken yet (a game just added) plays the same game
    twice from the same seed; ``python -m tests.regenerate`` takes its digest."""
    expected = EXPECTED.get(f"{game.name}-{preset}")
    assert digest(game, preset) == (digest(game, preset) if expected is None else expected)


def taken() -> dict[str, str]:
    """Every case's digest as the engines give it now."""
    found = {}
    for case in registered_cases():
        game, preset = case.values
        assert isinstance(game, Game)
        assert isinstance(preset, str)
        found[f"{game.name}-{preset}"] = digest(load_game(game.name), preset)
    return found


def write(digests: dict[str, str]) -> None:
    """Write ``digests`` as :data:`EXPECTED` in this file."""
    write_expected(Path(__file__), digests)


if __name__ == "__main__":
    for case, value in taken().items():
        print(f'    "{case}": "{value}",')
