"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family, declared as data (:mod:`~scala40.games._knock.family`): its
ruleset and wording (:mod:`~scala40.games.chinchon.rules`), its ``Move`` (the kinds of a game
that closes, :data:`~scala40.games._knock.moves.CloseMove`) and its ``GameState``.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE).
A close names the card discarded face down and the melds shown:
``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A player whose
total reached the limit may re-enter (CH-END). Chance steps (the deal, the restock)
are moves too.

>>> from scala40.games import chinchon
>>> move = chinchon.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / AC 2C 3C')
>>> chinchon.move_to_dict(chinchon.parse_move("close 7D : AC 2C 3C / 5S 5H 5C / JD QD KD"))["melds"]
['5S 5H 5C', 'JD QD KD', 'AC 2C 3C']
>>> chinchon.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = chinchon.new_game(players=2, seed=1)
>>> state.game_name, chinchon.GAME.title, state.rules.deck.size
('chinchon', 'Chinchón', 40)
"""

from __future__ import annotations

from typing import Final

import attrs

import scala40.games._knock.shared as shared
from scala40._moved import moved_attribute
from scala40._registry import register_game
from scala40.games._knock.family import KnockGameSpec, KnockState, MoveKinds, knock_game
from scala40.games._knock.moves import Close
from scala40.games._knock.moves import CloseMove as Move
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.chinchon import rules
from scala40.games.chinchon.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Close",
    "GameState",
    "Move",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += shared.__all__
__all__ += rules.__all__


@attrs.frozen(repr=False, weakref_slot=False)
class GameState(KnockState[Move, rules.Ruleset]):
    """A whole game of Chinchón at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="chinchon",
        title="Chinchón",
        summary="Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or "
        "less unmatched (the others lay off on your melds, unless all your cards are "
        "melded); seven in a row wins; 100 ends it.",
        pack="spanish",
        aliases=("chinchón", "txintxon"),
        rule_prefix="CH",
        rule_ids={
            "turn": ("CH-TURN", "CH-CLOSE"),
            "meld": ("CH-MELDS",),
            "score": ("CH-SCORE", "CH-VALUES", "CH-LAYOFF"),
            "end:close": ("CH-CLOSE", "CH-SCORE", "CH-VALUES"),
            "end:all_matched": ("CH-CLOSE", "CH-MINUS10", "CH-SCORE", "CH-VALUES"),
            "end:wild_chinchon": (
                "CH-CLOSE",
                "CH-CHINCHON",
                "CH-MINUS10",
                "CH-SCORE",
                "CH-VALUES",
            ),
            "end:chinchon": ("CH-CLOSE", "CH-CHINCHON"),
        },
    )


GAME = register_game(knock_game(GameState))
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: Final[MoveKinds[Move]] = GameState.KINDS
MOVES: Final = GameState.MOVES
parse_move: Final = KINDS.parse_move
move_to_dict: Final = KINDS.move_to_dict
move_from_dict: Final = KINDS.move_from_dict
new_game: Final = GameState.new

_MOVED: Final = {
    **dict.fromkeys(("GreedyBot", "CarefulBot"), "scala40.bots.knock"),
    "TEXT": "scala40.cli.text.chinchon",
}
"""The bots' classes and the wording this package offered until 0.5, and where they are
now."""


def __getattr__(name: str) -> object:
    """A name this package offered until 0.5, with a warning naming its module now."""
    return moved_attribute(__name__, name, _MOVED)
