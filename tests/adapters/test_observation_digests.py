"""Every game's observation numbers, pinned: the same views give the very same numbers as
when these digests were taken.

For every preset of every registered game, and the rulesets that reach the phases no
preset does (a Rumino's claims, re-entries, a turn limit), a seeded episode is played
token by token as the adapters play it (chance steps drawn a card at a time, each move
either the greedy bot's, which brings the ends of hands sooner, or random tokens); at
every decision the digest takes, as float32 bytes, the game's numbers of every seat
(``encode`` of its view and ``encode_state``, which must agree) and each seat's whole
observation with its decision part. Seats are asked in a shuffled order, and now and
then a state of a few moves before comes back, so that whatever an encoding keeps from
one state to the next is crossed. A change meant to make the encodings faster, and
nothing else, leaves every digest as it is; a change of the numbers must say so and
take the digests again (``python -m tests.regenerate`` writes them, with the digests of
every game's play and the shipped schemas). A game with no digest taken yet (one just
added) plays each of its episodes twice instead, which must give the same numbers.

The OpenSpiel game's tensors, on the same episodes, are checked against the same
numbers (with the ``rl`` extra).
"""

from __future__ import annotations

import hashlib
import random
import sys
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from scala40.adapters.actions import ActionEncoding
from scala40.adapters.chance import ChanceDraws
from scala40.adapters.observation import observation_of
from scala40.adapters.observations import Observer
from scala40.bots import make_bot
from scala40.game import Game, game_names, load_game
from tests.pinned import write_expected
from tests.protocol.cases import soak_unless_default

DECISIONS = 400
"""The decisions of each episode digested."""

_EXTRA_RULES: dict[str, dict[str, dict[str, Any]]] = {
    "rumino": {"claims": {"rumino_claim": "decision", "reentry": 2}},
    "laconga": {"reentries": {"reentry": None}},
    "scala40": {"single": {"match_format": "single"}},
    "skarney": {"limited": {"turn_limit": 12, "no_offer_back": True, "hands": 2}},
}
"""Rulesets that reach what no preset does, by game and label."""

EXPECTED = {
    "scala40-official": "dcc6f958b5462d11d2af18aa",
    "scala40-classic": "dfa7ac813ed633c4f990f526",
    "scala40-federation-article": "b2884950bfee14f36b4eda52",
    "scala40-online": "bd5d1d8a5754751906b766b0",
    "scala40-single": "1643ad9788e8cb0396369930",
    "skarney-partnership": "0f8642a933226e10db603e4c",
    "skarney-singles": "52c1a5066e73274ecf3b21cc",
    "skarney-no_jokers": "9573ab4879a869b53770d4bd",
    "skarney-free_meld": "24cd20477f515f31d5983381",
    "skarney-limited": "a24ac61f3934917c6204aad7",
    "rumino-catsatcards": "529393c91e3171484d422705",
    "rumino-web": "529393c91e3171484d422705",
    "rumino-claims": "168e77298dc6e0d5994a2333",
    "chinchon-catsatcards": "a49b385b3dcefba9128774a8",
    "chinchon-spain_club": "3e029ef765e489a616155df3",
    "chinchon-argentina_50": "cabba0b98fbb560b0506389b",
    "laconga-catsatcards": "c2c3e8e9ab5750771f0a4311",
    "laconga-uruguay": "19bec34f9b1c0b88016efc4f",
    "laconga-reentries": "be9b19d04703024114324d00",
}
"""Each case's digest, as the encodings gave it."""


def _cases() -> list[tuple[str, str, Any, int]]:
    """``(game, label, rules, players)``: every preset of every registered game, then the
    extra rulesets, each with its game's usual number of players (the fewest the rules
    allow when they do not allow that many)."""
    cases = []
    for name in game_names():
        game = load_game(name)
        rulesets = [
            (preset, game.ruleset_type.preset(preset))
            for preset in game.ruleset_type.preset_names()
        ]
        for label, options in _EXTRA_RULES.get(name, {}).items():
            rulesets.append((label, game.ruleset_type(**options)))
        for label, rules in rulesets:
            players = game.default_players
            if not rules.min_players <= players <= rules.max_players:
                players = rules.min_players
            cases.append((name, label, rules, players))
    return cases


CASES = [
    pytest.param(
        *case,
        id=f"{case[0]}-{case[1]}",
        # A preset other than the game's default plays in the soak; the rulesets that
        # reach what no preset does play in every run.
        marks=soak_unless_default(load_game(case[0]), case[1])
        if case[1] in load_game(case[0]).ruleset_type.preset_names()
        else (),
    )
    for case in _cases()
]


def _bytes(numbers: Sequence[float]) -> bytes:
    """``numbers`` as little-endian float32 bytes."""
    packed = array("f", numbers)
    if sys.byteorder != "little":  # pragma: no cover - the digests are little-endian's
        packed.byteswap()
    return packed.tobytes()


def _episode(game: Game, rules: Any, players: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """``(state, decision)`` at each decision of a seeded episode (the decision ``None``
    at a chance step's first draw), token by token, for ``DECISIONS`` decisions or to the
    end of the game."""
    chooser = random.Random(seed)
    encoding = ActionEncoding(game, rules, players)
    bot = make_bot("greedy", game)
    state = game.new_game(rules, players, seed, auto_chance=False)
    made = 0
    while made < DECISIONS and not state.is_over:
        if state.is_chance:
            yield state, None
            draws = ChanceDraws(state.chance_cards())
            while not draws.complete:
                outcomes = draws.outcomes()
                draws = draws.after(outcomes[chooser.randrange(len(outcomes))][0])
            state = state.apply(state.chance_move(draws.order))
            continue
        decision = encoding.decision(state)
        tokens: Sequence[int] | None = None
        if chooser.random() < 0.6:
            mover = state.current_player
            tokens = encoding.encode(bot.choose(state.view(mover), state.legal_moves(), chooser))
        while decision.move is None:
            yield state, decision
            made += 1
            legal = decision.actions()
            if tokens is None:
                action = legal[chooser.randrange(len(legal))]
            else:
                action = tokens[len(decision.prefix)]
            decision = decision.after(action)
        state = state.apply(decision.move)
    yield state, None


def digest(name: str, rules: Any, players: int, seed: int = 5) -> str:
    """The digest of the numbers along one seeded episode (see the module)."""
    game = load_game(name)
    encoding: Any = observation_of(game)  # the library's encodings read states too
    assert encoding is not None
    observer = Observer(ActionEncoding(game, rules, players))
    chooser = random.Random(seed + 1)
    hashed = hashlib.sha256()
    earlier: list[Any] = []
    for state, decision in _episode(game, rules, players, seed):
        seats = list(range(players))
        chooser.shuffle(seats)
        for seat in seats:
            numbers = _bytes(encoding.encode(state.view(seat)))
            assert _bytes(encoding.encode_state(state, seat)) == numbers
            hashed.update(numbers)
            hashed.update(_bytes(observer.encode(state, seat, decision)))
        earlier.append(state)
        if len(earlier) % 7 == 0:  # a state of a few moves before, out of turn
            old = earlier[chooser.randrange(len(earlier) - 6, len(earlier))]
            seat = chooser.randrange(players)
            hashed.update(_bytes(encoding.encode_state(old, seat)))
    return hashed.hexdigest()[:24]


@pytest.mark.parametrize(("name", "label", "rules", "players"), CASES)
def test_every_encoding_gives_the_numbers_it_gave(
    name: str, label: str, rules: Any, players: int
) -> None:
    expected = EXPECTED.get(f"{name}-{label}")
    found = digest(name, rules, players)
    assert found == (digest(name, rules, players) if expected is None else expected)


def taken() -> dict[str, str]:
    """Every case's digest as the encodings give it now."""
    return {
        f"{name}-{label}": digest(name, rules, players) for name, label, rules, players in _cases()
    }


def write(digests: dict[str, str]) -> None:
    """Write ``digests`` as :data:`EXPECTED` in this file."""
    write_expected(Path(__file__), digests)


@pytest.mark.parametrize("name", game_names())
def test_the_openspiel_tensors_are_the_observers_numbers(name: str) -> None:
    """On the digested episodes (each game's standard rules), OpenSpiel's observation
    tensor of every seat at every decision is the observer's numbers of its state."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pyspiel")
    from scala40.adapters import openspiel

    game = load_game(name)
    rules = game.ruleset_type()
    players = game.default_players
    spiel = openspiel.load_game(name, players=players, rules=rules)
    observer = Observer(ActionEncoding(game, rules, players))
    chooser = random.Random(3)
    state = spiel.new_initial_state()
    made = 0
    while made < DECISIONS and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
            continue
        node = state.node
        seats = list(range(players))
        chooser.shuffle(seats)
        for seat in seats:
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            expected = observer.encode(node.state, seat, node.decision)
            assert tensor.tobytes() == array("f", expected).tobytes()
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])
        made += 1


if __name__ == "__main__":
    for case, value in taken().items():
        print(f'    "{case}": "{value}",')
