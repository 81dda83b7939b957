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
    "scala40-official": "2de2f45098e9827d2e45eb26",
    "scala40-classic": "a988135ed833bf951af0f152",
    "scala40-federation-article": "47f4cdd81b242e0b427440d0",
    "scala40-online": "fa5a8915feb7eec8b585ed5d",
    "skarney-partnership": "6efc3506ecc3d5f4b8146006",
    "skarney-singles": "1dec744c4bea634974e35b9f",
    "skarney-no_jokers": "c4d44924513e479253da13a7",
    "skarney-free_meld": "c9fd79d5727905142c4451b7",
    "rumino-catsatcards": "b7e48062b6c7d05a33d64a01",
    "rumino-web": "7c69b5c960dba22018c07c3a",
    "chinchon-catsatcards": "0b90d5cfce7823fa1395c0eb",
    "chinchon-spain_club": "5df6edbd4f5fdafeee57b825",
    "chinchon-argentina_50": "e98b3538a03d32c945ff11cd",
    "laconga-catsatcards": "53c1b9b72931c1efa4588f38",
    "laconga-uruguay": "738f2149fbed641c818f916a",
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
