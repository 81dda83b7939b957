"""A knock-family game written as its rules alone: Chinchón to 50 points.

A game of the family (Rumino, Chinchón, La Conga) is data: a ruleset over the shared
options, a wording, the move kinds it allows, and a registration. This module is all a
new one needs; the protocol suite (``tests/protocol``) checks it beside the library's
games, so a game made this way keeps every promise (CH-END: the match ends when a
total passes the target, here 50).
"""

from __future__ import annotations

import attrs

from scala40.games._knock import moves as knock
from scala40.games._knock.family import knock_game
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.state import KnockState
from scala40.games._knock.text import KnockText
from scala40.rulesets import set_presets

__all__ = ["GAME", "GameState", "Ruleset"]


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

KINDS = knock.game_move_kinds("chinchon50", "Chinchón to 50", knock.CLOSE_KINDS, module=__name__)


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A game of Chinchón to 50 at one moment."""

    KINDS = KINDS
    RULESET = Ruleset


GAME = knock_game(
    GameState,
    TEXT,
    title="Chinchón to 50",
    summary="Chinchón, the match ending at 50 points.",
)
"""The record to register (the tests register it only while they run)."""
