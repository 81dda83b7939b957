"""The OpenSpiel game's observation tensors on live play, pinned to release 0.5.0's.

A learner's loop (fresh episodes, random legal actions, the tensor of the seat to act
asked at every decision) is played for :data:`DECISIONS` decisions in every game; each
tensor's bytes go into one digest, which must be the one 0.5.0 gave on the very same
play. Now and then the loop also asks another seat's tensor, observes a clone, and keeps
an array (or a slice of one) it was handed: what it keeps must never change, while the
game goes on writing each seat's observation in place (the one buffer a seat's
observation lives in is copied before it is written when an array of it is still held).

The loop runs the same in both builds, pure and compiled.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

DECISIONS = 2_000
"""The live decisions digested in each case (the learner's loop)."""

CASES = {
    ("scala40", 4): "ac2299c74101a26cc04f649e",
    ("scala40", 2): "d64a8888f391ee8f7eaf0cfb",
    ("skarney", 4): "a772a4d0b307b1a444556416",
    ("rumino", 3): "e8100f71dd1d56834eac9319",
    ("chinchon", 2): "ff201f793a2c81e260d9e7d3",
    ("laconga", 3): "b7664d2d5d6088698d2c11ec",
}
"""Each game and number of seats, and the digest of its tensors as 0.5.0 gave them."""


def live_digest(name: str, players: int, decisions: int = DECISIONS, seed: int = 0) -> str:
    """The digest of the tensors of ``decisions`` live decisions of game ``name`` with
    ``players`` seats, played from ``seed``; checks that every array kept is unchanged."""
    from scala40.adapters import openspiel
    from scala40.game import load_game

    game = openspiel.load_game(load_game(name), players=players)
    chooser = random.Random(seed)
    digest = hashlib.blake2b(digest_size=12)
    kept: list[tuple[Any, bytes]] = []
    made = 0
    while made < decisions:
        state = game.new_initial_state()
        while not state.is_terminal() and made < decisions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[chooser.randrange(len(outcomes))][0]
            else:
                tensor = state.observation_tensor(state.current_player())
                digest.update(tensor.tobytes())
                draw = chooser.random()
                if draw < 0.1:
                    other = state.observation_tensor(chooser.randrange(players))
                    digest.update(other.tobytes())
                elif draw < 0.15:
                    kept.append((tensor, tensor.tobytes()))
                elif draw < 0.2:
                    part = tensor[100:400]
                    kept.append((part, part.tobytes()))
                elif draw < 0.22:
                    clone = state.clone()
                    digest.update(clone.observation_tensor(made % players).tobytes())
                legal = state.legal_actions()
                action = legal[chooser.randrange(len(legal))]
                made += 1
            state.apply_action(action)
    for array, numbers in kept:
        assert array.tobytes() == numbers, "an array handed out changed"
    return digest.hexdigest()


@pytest.mark.parametrize(("name", "players"), sorted(CASES))
def test_live_tensors_are_release_0_5_0s(name: str, players: int) -> None:
    pytest.importorskip("pyspiel")
    assert live_digest(name, players) == CASES[name, players]


def test_a_tensor_is_read_only_and_the_same_again_until_its_seat_is_written() -> None:
    pytest.importorskip("pyspiel")
    from scala40.adapters import openspiel
    from scala40.game import load_game

    game = openspiel.load_game(load_game("scala40"), players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    tensor = state.observation_tensor(seat)
    with pytest.raises(ValueError, match=r"read-only"):
        tensor[0] = 1.0
    with pytest.raises(ValueError, match=r"WRITEABLE"):
        tensor.flags.writeable = True
    assert state.observation_tensor(seat) is tensor  # the same state asked again
    numbers = tensor.tobytes()
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    after = state.observation_tensor(seat)
    assert after is not tensor
    assert tensor.tobytes() == numbers  # held while the seat was written: kept as it was
