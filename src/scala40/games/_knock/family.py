"""A knock game is a declaration: its ``GameState`` class, generic in the game's moves and
ruleset, with a ``KnockGameSpec``; :func:`knock_game` makes its registry record.

Rumino, Chinchón and La Conga share one class per move kind
(:mod:`~scala40.games._knock.moves`), one state (:class:`~.state.KnockState`), one view
(:class:`~.view.PlayerView`) and two bots (:mod:`scala40.bots.knock`, the bots layer's).
A game of the family is its ruleset, the
kinds it allows (its package's ``Move``, one type alias) and its ``GameState``, whose
type arguments name the moves and the ruleset and whose ``SPEC``
(:class:`~scala40.games._knock.spec.KnockGameSpec`) the rest: what a type checker reads
is what runs.

A game's package imports what it declares itself with from here (``KnockGameSpec``,
``KnockState``, ``MoveKinds``, :func:`knock_game`), its ``Move`` and the kinds of its own
from :mod:`~scala40.games._knock.moves` (``CloseMove`` or ``KnockMove``) and the names
every game offers, the kinds every game allows among them, from
:mod:`~scala40.games._knock.shared`. Its record, ``KINDS``, ``MOVES``, ``parse_move``,
``move_to_dict``, ``move_from_dict`` and ``new_game`` are the state's, each bound in the
package (and annotated ``Final``), as a type checker reads a module's names only where
the module binds them.

>>> from scala40.games import chinchon, laconga
>>> laconga.GAME.move_set is laconga.GameState.MOVES, laconga.GAME.aliases
(True, ('conga', 'la-conga'))
>>> laconga.Discard is chinchon.Discard, laconga.Discard
(True, <class 'scala40.games._knock.moves.Discard'>)
"""

from __future__ import annotations

from typing import Any

from scala40._base.state_record import game_record
from scala40._registry import Game
from scala40.games._knock.analysis import least_unmatched
from scala40.games._knock.moves import MoveKinds
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.spec import KnockGameSpec
from scala40.games._knock.state import KnockState

__all__ = ["KnockGameSpec", "KnockState", "MoveKinds", "knock_game"]


def knock_game(state: type[KnockState[Any, Any]]) -> Game:
    """The registry record of the knock game whose ``GameState`` is ``state`` (its
    moves, ruleset and ``SPEC`` declare it), for :func:`~scala40.game.register_game`.

    >>> from scala40.games import chinchon
    >>> chinchon.GAME.name, chinchon.GAME.move_set.format, chinchon.GAME.default_players
    ('chinchon', 'scala40.chinchon.move', 2)
    """
    spec = state.SPEC
    return game_record(
        state,
        state.new,
        state.KINDS,
        name=spec.name,
        title=spec.title,
        summary=spec.summary,
        max_hand_moves=max_hand_moves,
        default_players=spec.players,
        aliases=spec.aliases,
        hand_value=least_unmatched,
        rule_prefix=spec.rule_prefix,
        rule_ids=spec.rule_ids,
    )
