"""A knock-family game declared as the library's are: Chinchón to 50 points.

A game of the family (Rumino, Chinchón, La Conga) is declared as a variant: a ruleset
over the shared options, a wording, its own class for each move kind it allows, and a
``GameState`` naming them with its title and summary, from which its registry record
follows. This module is all a new one needs; the protocol suite (``tests/protocol``)
checks it beside the library's games, so a game made this way keeps every promise
(CH-END: the match ends when a total passes the target, here 50).
"""

from __future__ import annotations

import attrs

from scala40.games._knock import moves as family
from scala40.games._knock.family import knock_game
from scala40.games._knock.moves import MoveKinds
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.state import KnockState
from scala40.games._knock.text import KnockText
from scala40.rulesets import set_presets

__all__ = [
    "GAME",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "TakeDiscard",
]


@attrs.frozen(kw_only=True)
class Ruleset(SpanishRules):
    """Chinchón to 50: every option of Chinchón; its presets end the match at 50 (CH-END)."""

    FORMAT = "scala40.chinchon50.ruleset"
    FORMAT_VERSION = 1
    GAME = "chinchon50"


PRESETS = set_presets(
    Ruleset,
    {"short": Ruleset(target=50), "closing_on_3": Ruleset(target=50, close_limit=3)},
    default="short",
)

TEXT = KnockText(
    """\
  draw / take / discard KD / close KS : AC 2C 3C
  reenter / retire""",
    spanish=True,
    game="chinchon50",
    seven_run="chinchón",
)


@attrs.frozen
class DrawStock(family.DrawStock):
    """Draw the top card of the stock (CH-TURN)."""


@attrs.frozen
class TakeDiscard(family.TakeDiscard):
    """Take the top card of the discard pile (CH-TURN)."""


@attrs.frozen
class Discard(family.Discard):
    """Discard a card face up, ending the turn (CH-TURN)."""


@attrs.frozen
class Close(family.Close):
    """Discard a card face down and show the melds of the others (CH-CLOSE)."""

    notation = family.SPANISH_NOTATION  # melds as a Spanish pack writes them (CH-MELDS)


@attrs.frozen
class Reenter(family.Reenter):
    """Re-enter after passing 50 (CH-END)."""


@attrs.frozen
class Retire(family.Retire):
    """Drop out after passing 50 (CH-END)."""


@attrs.frozen
class Deal(family.Deal):
    """Chance: shuffle and deal a hand (CH-DEAL)."""


@attrs.frozen
class Restock(family.Restock):
    """Chance: a new stock from the discard pile (CH-RESTOCK)."""


@attrs.frozen
class Resign(family.Resign):
    """Leave the game for good (C-RESIGN)."""


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A game of Chinchón to 50 at one moment."""

    KINDS = MoveKinds.declare(
        "chinchon50",
        "Chinchón to 50",
        (DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign),
        pack="spanish",
    )
    RULESET = Ruleset
    TEXT = TEXT
    TITLE = "Chinchón to 50"
    SUMMARY = "Chinchón, the match ending at 50 points."


GAME = knock_game(GameState)
"""The record to register (the tests register it only while they run)."""
