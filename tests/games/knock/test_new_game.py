"""A new game of the knock family is a rules module and a registration, nothing else.

Here a small variant, "Siete" (Chinchón's rules under its own name, with a close of 3
points at most, CH-CLOSE), is made in this module the way ``scala40.games.chinchon`` is
made: a ruleset, its wording, the move kinds it allows bound to it, a ``GameState`` naming
them, and a :class:`~scala40.game.Game` record from
:func:`~scala40.games._knock.family.knock_game`. The record is not registered (so the
library's own suites see only the library's games); the protocol suite's identity check
then reads every listed move back, and whole games played by the family's bot and at
random keep the variant's own format names in moves, states and views.
"""

from __future__ import annotations

import json
import random
from typing import ClassVar

import attrs

from scala40.bots import play_game
from scala40.games._knock import moves as knock
from scala40.games._knock.family import knock_game
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.state import KnockState
from scala40.games._knock.text import KnockText
from scala40.games._knock.view import PlayerView
from scala40.rulesets import set_presets
from tests.protocol.test_identity import _check_listed


@attrs.frozen(kw_only=True)
class SieteRules(SpanishRules):
    """Chinchón's options under Siete's formats."""

    FORMAT = "scala40.siete.ruleset"
    FORMAT_VERSION = 1
    GAME = "siete"


set_presets(SieteRules, {"house": SieteRules(close_limit=3)}, default="house")

KINDS = knock.game_move_kinds("siete", "Siete", knock.CLOSE_KINDS, module=__name__)


@attrs.frozen(repr=False)
class SieteState(KnockState):
    """A game of Siete."""

    game_name: ClassVar[str] = "siete"
    KINDS = KINDS
    MOVES = KINDS.moves
    RULESET = SieteRules
    VIEW = PlayerView
    FORMAT = "scala40.siete.state"


GAME = knock_game(
    SieteState,
    KnockText("  draw / take / discard KD / close KS : AC 2C 3C", spanish=True, game="siete"),
    title="Siete",
    summary="Chinchón closing on 3 points.",
)


def test_a_rules_module_and_a_registration_make_a_whole_game() -> None:
    """CH-CLOSE: the variant's close limit is its own; its names are its own throughout."""
    assert GAME.name == "siete"
    assert GAME.move_set is KINDS.moves
    assert SieteRules.preset("house").profile.close_limit == 3
    for seed in range(6):
        chooser = random.Random(seed)
        state = GAME.new_game(players=2 + seed % 3, seed=seed)
        assert state.to_dict()["format"] == "scala40.siete.state"
        steps = 0
        while not state.is_over and steps < 300:
            if steps % 25 == 0:
                _check_listed(GAME, state, chooser)
            legal = state.legal_moves()
            move = legal[chooser.randrange(len(legal))]
            data = json.loads(json.dumps(move.to_dict()))
            assert data["format"] == "scala40.siete.move"
            assert type(move).__module__ == __name__
            assert GAME.move_from_dict(data) == move == GAME.parse_move(str(move))
            state = state.apply(move)
            steps += 1
        saved = json.loads(json.dumps(state.to_dict()))
        assert GAME.state_from_dict(saved) == state
        seat = state.players - 1 if state.is_over else state.turn
        assert state.view(seat).to_dict()["game"] == "siete"


def test_the_familys_bot_plays_the_new_game_to_its_end() -> None:
    """CH-END: a game played by the family's bot ends, and replays the same from its seed."""
    bot = GAME.bots["greedy"]
    finals = [
        play_game(GAME.new_game(players=3, seed=4), [bot() for _ in range(3)], rng=4)
        for _ in range(2)
    ]
    assert finals[0].is_over
    assert finals[0] == finals[1]
