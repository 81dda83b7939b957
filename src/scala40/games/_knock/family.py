"""A knock game's registry record, made from its declaration:
:func:`~scala40.games._knock.family.knock_game`.

Rumino, Chinchón and La Conga share one set of move kinds
(:mod:`~scala40.games._knock.moves`), one state (:class:`~.state.KnockState`), one view
(:class:`~.view.PlayerView`) and one bot (:class:`~.bots.GreedyBot`). A game of the family
is declared as python-chess declares a variant: a class of its own, its ``GameState``,
a :class:`~.state.KnockState` whose attributes name its ruleset (the options the engine
reads through :class:`~scala40.games._knock.profile.KnockRules`), its moves (its own
class for each kind it allows, declared in its package), its wording (``KnockText``),
its title and summary; its :class:`~scala40.game.Game` record follows from that class.

>>> from scala40.games import laconga
>>> laconga.GAME.move_set is laconga.GameState.MOVES, laconga.GAME.aliases
(True, ('conga', 'la-conga'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scala40.game import Game
from scala40.games._knock.analysis import least_unmatched
from scala40.games._knock.bots import GreedyBot
from scala40.games._knock.careful import CarefulBot
from scala40.games._knock.observation import OBSERVATION
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.state import KnockState

__all__ = ["knock_game"]


def knock_game(state_type: type[KnockState], new_game: Callable[..., Any] | None = None) -> Game:
    """The registry record of the knock game whose ``GameState`` is ``state_type``, for
    :func:`~scala40.game.register_game`: its name, ruleset, moves, title, summary,
    wording, aliases, players and search tuning are that class's
    (:class:`~.state.KnockState`'s ``KINDS``, ``RULESET``, ``TITLE``, ``SUMMARY``,
    ``TEXT``, ``ALIASES``, ``DEFAULT_PLAYERS`` and ``SEARCH_TUNING``); ``new_game`` defaults to ``state_type.new``.

    >>> from scala40.games import chinchon
    >>> chinchon.GAME.name, chinchon.GAME.move_set.format, chinchon.GAME.default_players
    ('chinchon', 'scala40.chinchon.move', 2)
    """
    kinds = state_type.KINDS
    return Game(
        name=state_type.game_name,
        title=state_type.TITLE,
        summary=state_type.SUMMARY,
        version=1,
        ruleset_type=state_type.RULESET,
        new_game=new_game or state_type.new,
        state_from_dict=state_type.from_dict,
        parse_move=kinds.parse_move,
        move_from_dict=kinds.move_from_dict,
        move_set=kinds.moves,
        state_schema=state_type.json_schema,
        notation=state_type.notation(),
        max_hand_moves=max_hand_moves,
        hand_bound_option="turn_limit",
        bots={"greedy": GreedyBot, "careful": CarefulBot},
        default_players=state_type.DEFAULT_PLAYERS,
        text=state_type.TEXT,
        observation=OBSERVATION,
        aliases=state_type.ALIASES,
        hand_value=least_unmatched,
        search_tuning=state_type.SEARCH_TUNING,
    )
