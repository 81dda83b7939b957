"""What a new game builds on: the state base, the readers of saved data and the samplers
of hidden cards, the pieces every game of the library is made of, :func:`describe`, which shows any
value in a message within a bounded length (a hostile value may be a number of 5,000
digits), :func:`check_choice`, with which a game's bot refuses what it cannot choose
from, and :func:`check_seat`, with which a game's view refuses a seat it has not (a
``TypeError`` for no integer, a ``ValueError`` out of range, as in every game).

A game is a package that defines its ruleset (a :class:`~scala40.rulesets.RulesetBase`),
its moves (:mod:`scala40.movekinds`), a state on :class:`StateBase`, a view, and a
:class:`~scala40.game.Game` record that it registers with
:func:`~scala40.game.register_game`. The tools (bots, tournaments, records, the command
line, the learning-agent adapters) then play it without a change. ``docs/architecture``
walks through a whole small game (``examples/add_a_game.py``).

>>> from scala40.gamekit import StateBase, deal_hidden
>>> from scala40.games.chinchon import GameState
>>> issubclass(GameState, StateBase)
True
>>> hands, stock, _ = deal_hidden(
...     [1, 2, 3, 4], viewer=0, hand=(9,), hand_sizes=(1, 2), known={1: [3]},
...     stock_size=2, stock_name="stock", rng=7,
... )
>>> hands[0], 3 in hands[1], len(stock)
((9,), True, 2)

``schema`` holds the pieces of a JSON Schema of a state's dictionary (``integer``,
``card_text``, ``array``, ``obj``...): a game that describes its state with them (its
record's ``state_schema``) gets its schemas (:mod:`scala40.schemas`) and a readable
position text (:mod:`scala40.notation`).
"""

from __future__ import annotations

import scala40.schema_parts as schema
from scala40._base.sampling import MAX_SAMPLE_DRAWS, deal_hidden, draw_consistent
from scala40._base.state import MAX_TURN_MOVES, StateBase
from scala40._format.serial import MAX_READ_ITEMS, MAX_READ_TEXT, FieldReader, expect_header
from scala40.checks import check_choice, check_seat, describe

__all__ = [
    "MAX_READ_ITEMS",
    "MAX_READ_TEXT",
    "MAX_SAMPLE_DRAWS",
    "MAX_TURN_MOVES",
    "FieldReader",
    "StateBase",
    "check_choice",
    "check_seat",
    "deal_hidden",
    "describe",
    "draw_consistent",
    "expect_header",
    "schema",
]
