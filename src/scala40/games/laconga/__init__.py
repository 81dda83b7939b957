"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

A game of the knock family, declared as data (:mod:`~scala40.games._knock.family`): its
ruleset and wording (:mod:`~scala40.games.laconga.rules`), its ``Move`` (the kinds of a game
that closes, :data:`~scala40.games._knock.moves.CloseMove`) and its ``GameState``.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE), the first player's
first turn a discard only (LC-DEAL). A close names the card discarded face down and the
melds shown: ``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A
player whose total reached the limit may re-enter (LC-REENGANCHE). Chance steps (the
deal, the restock) are moves too.

>>> from scala40.games import laconga
>>> state = laconga.new_game(players=3, seed=1)
>>> state.game_name, laconga.GAME.title, state.rules.deck.size
('laconga', 'La Conga', 40)
>>> [len(hand) for hand in state.hands], state.phase.value, state.current_player   # LC-DEAL
([8, 7, 7], 'play', 0)
>>> str(laconga.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d"))
'close KS : 5S 5H JK=5D / AC 2C 3C'
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
from scala40.games.laconga import rules
from scala40.games.laconga.rules import *  # noqa: F403 - the ruleset, its presets and options

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
    """A whole game of La Conga at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="laconga",
        title="La Conga",
        summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
        pack="spanish",
        aliases=("conga", "la-conga"),
        rule_prefix="LC",
        players=3,
        rule_ids={
            "turn": ("LC-BASE", "CH-TURN", "CH-CLOSE", "LC-CLOSECAP"),
            "meld": ("LC-BASE", "CH-MELDS"),
            "score": ("LC-BASE", "CH-SCORE", "CH-VALUES", "CH-LAYOFF"),
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
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: Final[MoveKinds[Move]] = GameState.KINDS
MOVES: Final = GameState.MOVES
parse_move: Final = KINDS.parse_move
move_to_dict: Final = KINDS.move_to_dict
move_from_dict: Final = KINDS.move_from_dict
new_game: Final = GameState.new

_MOVED: Final = {
    **dict.fromkeys(("GreedyBot", "CarefulBot"), "scala40.bots.knock"),
    "TEXT": "scala40.cli.text.laconga",
}
"""The bots' classes and the wording this package offered until 0.5, and where they are
now."""


def __getattr__(name: str) -> object:
    """A name this package offered until 0.5, with a warning naming its module now."""
    return moved_attribute(__name__, name, _MOVED)
