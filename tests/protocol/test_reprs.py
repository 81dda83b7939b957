"""Reprs that name cards, in every game and preset: a move's repr is Python that makes
the move again (its cards by name, ``Discard(card='7H')``), and a state's or a view's is
Python that reads its position back (``scala40.position_from_text('...')``), as
python-chess writes a move and a board; a hand's result names the cards left."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest

import scala40
from scala40.cards import CARD_NAMES
from scala40.game import Game
from tests.protocol.cases import registered_cases
from tests.protocol.tally import TALLY

_NUMBERED_CARD = re.compile(r"\bcards?=\(?\d")
"""A field of cards written as numbers, as attrs writes them."""


def _made_again(move: Any) -> Any:
    kind = type(move)
    names = {**vars(importlib.import_module(kind.__module__)), kind.__name__: kind}
    return eval(repr(move), names)


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_reprs_name_cards_and_paste_back(game: Game, preset: str) -> None:
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    chooser = random.Random(7)
    state = game.new_game(rules, players, 7)
    ended = None
    for step in range(200):
        if state.is_over:
            break
        legal = list(state.legal_moves())
        for move in legal:
            again = _made_again(move)
            assert again == move, (repr(move), again)
            assert not _NUMBERED_CARD.search(repr(move)), repr(move)
            TALLY["move reprs pasted back"] += 1
        if step % 20 == 0:
            assert eval(repr(state), {"scala40": scala40}) == state
            seat = step % state.player_count
            view = state.view(seat)
            assert eval(repr(view), {"scala40": scala40}) == view
            TALLY["state and view reprs pasted back"] += 2
        state = state.apply(legal[chooser.randrange(len(legal))])
        if state.last_hand is not None and ended is None:
            ended = state.last_hand
    if ended is not None:
        shown = repr(ended)
        left = [CARD_NAMES[card] for hand in getattr(ended, "hands", ()) for card in hand]
        assert all(name in shown for name in left), shown
