"""A knock game's package and registry record, made from its rules:
:func:`~scala40.games._knock.family.knock_package` and
:func:`~scala40.games._knock.family.knock_game`.

Rumino, Chinchón and La Conga share one set of move kinds
(:mod:`~scala40.games._knock.moves`), one state (:class:`~.state.KnockState`), one view
(:class:`~.view.PlayerView`) and one bot (:class:`~.bots.GreedyBot`). A game of the family
is data: its ruleset (the options the engine reads through
:class:`~scala40.games._knock.profile.KnockRules`), its wording
(``KnockText``), the kinds it allows, and a registration, from which everything else its
package and its :class:`~scala40.game.Game` record hold follows.

>>> from scala40.games import laconga
>>> laconga.GAME.move_set is laconga.GameState.MOVES, laconga.GAME.aliases
(True, ('conga', 'la-conga'))
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from functools import partial
from types import ModuleType
from typing import Any

import attrs

from scala40.game import Game, GameText, register_game
from scala40.games._knock.analysis import least_unmatched
from scala40.games._knock.bots import GreedyBot
from scala40.games._knock.grammar import NOTATION
from scala40.games._knock.moves import game_move_kinds
from scala40.games._knock.observation import OBSERVATION
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.schema import state_schema
from scala40.games._knock.state import KnockState
from scala40.generic_bots import game_bots
from scala40.movekinds import MoveBase

__all__ = ["knock_game", "knock_package"]


def knock_game(
    state_type: type[KnockState],
    text: GameText,
    *,
    title: str,
    summary: str,
    aliases: tuple[str, ...] = (),
    default_players: int = 2,
    new_game: Callable[..., Any] | None = None,
) -> Game:
    """The registry record of the knock game whose ``GameState`` is ``state_type`` (its
    name, ruleset and moves are that class's), for :func:`~scala40.game.register_game`;
    ``new_game`` defaults to ``state_type.new``.

    >>> from scala40.games import chinchon
    >>> chinchon.GAME.name, chinchon.GAME.move_set.format, chinchon.GAME.default_players
    ('chinchon', 'scala40.chinchon.move', 2)
    """
    kinds = state_type.KINDS
    return Game(
        name=state_type.game_name,
        title=title,
        summary=summary,
        version=1,
        ruleset_type=state_type.RULESET,
        new_game=new_game or state_type.new,
        state_from_dict=state_type.from_dict,
        parse_move=kinds.parse_move,
        move_from_dict=kinds.move_from_dict,
        move_set=kinds.moves,
        state_schema=partial(state_schema, state_type),
        notation=NOTATION,
        max_hand_moves=max_hand_moves,
        hand_bound_option="turn_limit",
        bots=game_bots({"greedy": GreedyBot}),
        default_players=default_players,
        text=text,
        observation=OBSERVATION,
        aliases=aliases,
        hand_value=least_unmatched,
    )


def knock_package(
    namespace: MutableMapping[str, Any],
    rules: ModuleType,
    kinds: Sequence[type[MoveBase]],
    *,
    title: str,
    summary: str,
    aliases: tuple[str, ...] = (),
    default_players: int = 2,
) -> Game:
    """Make the knock game whose package's globals are ``namespace`` and register it:
    bind there the names :mod:`~scala40.games._knock.package` declares (its move
    classes, one for each of ``kinds``, ``KINDS``, ``MOVES``, ``GameState``, ``new_game``
    and the move codecs), from its ``rules`` module (``Ruleset``, ``TEXT``, whose
    ``game`` is the game's registry name); returns the registry record.

    :raises ValueError: a name of the package's ``__all__`` is still unbound (a game's
        bug).

    >>> from scala40.games import laconga
    >>> laconga.GameState.MOVES is laconga.MOVES, laconga.Close.__module__
    (True, 'scala40.games.laconga')
    >>> laconga.GameState.__doc__.split(" (")[0], laconga.new_game == laconga.GameState.new
    ('A whole game of La Conga at one moment', True)
    """
    module = namespace["__name__"]
    spanish = rules.Ruleset.default().deck.name.startswith("spanish")
    game_kinds = game_move_kinds(
        rules.TEXT.game, title, kinds, module=module, pack="spanish" if spanish else "french"
    )
    doc = (
        f"A whole game of {title} at one moment (see the shared ``KnockState`` for its fields "
        "and methods)."
    )
    # The game's state class: KnockState naming the game's kinds and ruleset (its name,
    # move set and state format follow from the kinds), placed in the package to pickle.
    body = {"__module__": module, "__qualname__": "GameState", "__doc__": doc}
    body.update(KINDS=game_kinds, RULESET=rules.Ruleset)
    state_type: type[KnockState] = attrs.frozen(repr=False)(type("GameState", (KnockState,), body))
    namespace.update({kind.__name__: kind for kind in game_kinds.derived.values()})
    namespace.update(
        KINDS=game_kinds,
        MOVES=game_kinds.moves,
        GameState=state_type,
        new_game=state_type.new,
        parse_move=game_kinds.parse_move,
        move_to_dict=game_kinds.move_to_dict,
        move_from_dict=game_kinds.move_from_dict,
    )
    namespace["GAME"] = game = register_game(
        knock_game(
            state_type,
            rules.TEXT,
            title=title,
            summary=summary,
            aliases=aliases,
            default_players=default_players,
        )
    )
    unbound = [name for name in namespace["__all__"] if name not in namespace]
    if unbound:
        raise ValueError(f"{module} names {unbound} in __all__ but does not bind them")
    return game
