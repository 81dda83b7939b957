"""Which rule keeps a kind of move off a position's list (``state.barred_moves()``): every
game of the library says it, and on the positions of seeded games under each preset it
names only rules of the game's own pages, leaves the position as it was, and names a
kind of move off the list only where the list holds none of it (a Skarney side without
its contract aside, whose contract decides which melds are listed)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.game import Game, game_names, load_game
from tests.protocol.cases import registered_cases

DECISIONS = 60
"""The positions of a seeded greedy game asked, under each preset."""

_RULE = re.compile(r"^(?:S40|SK|RU|CH|LC)-[A-Z0-9]+(?:-[A-Z0-9]+)*$")

# The kind each key names, as the moves' texts start (a close in Scala 40 is a meld down
# to no card or a last discard: no word of its own).
_VERBS = {
    "take": "take",
    "upcard": "upcard",
    "layoff": "layoff",
    "knock": "knock",
    "offer": "offer",
}


def test_every_game_of_the_library_says_which_rule_bars_a_move() -> None:
    """Each game says it, and under its default rules names a rule on some position."""
    for name in game_names():
        game = load_game(name)
        positions = _positions(game, game.ruleset_type.default())
        assert any(state.barred_moves() for state in positions), name


def _positions(game: Game, rules: Any) -> list[Any]:
    state = game.new_game(rules, max(rules.min_players, 2), 5)
    bots = [make_bot("greedy", game) for _ in range(state.player_count)]
    rng = random.Random(5)
    found: list[Any] = []
    while not state.is_over and len(found) < DECISIONS:
        legal = list(state.legal_moves())
        seat = state.current_player
        if seat is None:
            state = state.apply(legal[0])
            continue
        found.append(state)
        state = state.apply(bots[seat].choose(state.view(seat), legal, rng))
    return found


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_a_barred_kind_is_one_the_list_leaves_out_and_its_rule_the_game_s(
    game: Game, preset: str
) -> None:
    for state in _positions(game, game.ruleset_type.preset(preset)):
        text = state.to_text()
        found = dict(state.barred_moves())
        assert state.to_text() == text
        verbs = {str(move).split(" ", 1)[0] for move in state.legal_moves()}
        for kind, rules in found.items():
            assert rules, (kind, text)
            assert all(_RULE.match(rule) for rule in rules), (rules, text)
            if kind in _VERBS:
                assert _VERBS[kind] not in verbs, (kind, text)
