"""The bot of the "Writing a bot" guide (docs/guides/write-a-bot.rst) plays every game and
preset through the protocol alone, and makes its own choices there: it ends the hand
when it may, and when every choice gives up a card it gives up the costliest, not the
first legal move."""

from __future__ import annotations

import doctest
import random
from pathlib import Path
from typing import Any

import pytest

from scala40.game import Game
from tests.protocol.cases import registered_cases
from tests.test_docs_examples import page_blocks

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "write-a-bot.rst"
MAX_ACTIONS = 600
"""The moves played in each game and preset: enough for many of the bot's decisions."""


def _guide_bot_class() -> Any:
    """The guide's bot, defined by running the page's block that writes it."""
    (block,) = [
        block
        for block in page_blocks(GUIDE.read_text("utf-8"))
        if "class HighDiscarder" in block.text
    ]
    namespace: dict[str, Any] = {"__name__": "guide"}
    for example in doctest.DocTestParser().get_examples(block.text):
        exec(compile(example.source, str(GUIDE), "single"), namespace)
    return namespace["HighDiscarder"]


HIGH_DISCARDER = _guide_bot_class()


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_the_guide_bot_plays_every_game_by_its_own_rule(game: Game, preset: str) -> None:
    rules = game.ruleset_type.preset(preset)
    hand_value = game.hand_value
    assert hand_value is not None  # every game of the library counts a hand's cards
    state = game.new_game(rules, max(rules.min_players, 2), 5)
    bot = HIGH_DISCARDER()
    rng = random.Random(5)
    ruled = not_first = 0
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = state.current_player
        legal = list(state.legal_moves())
        move = bot.choose(state.view(seat), legal, rng)
        assert move in legal
        verbs = {one.verb for one in legal}
        if verbs & {"close", "knock"}:
            assert move.verb in ("close", "knock")
        elif verbs <= {"discard", "offer"}:
            # Its rule: the card that would count most left in hand.
            costs = [hand_value([one.card], state.rules) for one in legal]
            assert hand_value([move.card], state.rules) == max(costs)
            ruled += 1
            not_first += move != legal[0]
        state = state.apply(move)
    assert ruled > 0, "the bot never chose a card to give up"
    assert not_first > 0, "the bot only ever gave up the first card listed"
