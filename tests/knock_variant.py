"""A knock-family game declared as the library's are: Chinchón to 50 points.

A game of the family (Rumino, Chinchón, La Conga) is a declaration: a ruleset over the
shared options, a wording, the family's move kinds it allows (``Move``: those of a game
that closes, ``_knock.moves.CloseMove``, or of one that knocks, ``KnockMove``) and its
``GameState``, generic in its moves and ruleset, whose ``SPEC`` gives its name, title
and summary; its move set and its registry record follow. This module is all a new
one needs; the protocol suite (``tests/protocol``) checks it beside the library's games,
so a game made this way keeps every promise (CH-END: the match ends when a total passes
the target, here 50).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.games._knock.family import KnockGameSpec, KnockState, knock_game
from scala40.games._knock.moves import CloseMove as Move
from scala40.games._knock.profile import EndMode, Wild
from scala40.games._knock.spanish import SpanishRules
from scala40.rulesets import set_presets

__all__ = ["GAME", "GameState", "Move", "Ruleset"]


@attrs.frozen(kw_only=True)
class Ruleset(SpanishRules):
    """Chinchón to 50: every option of Chinchón; its presets end the match at 50 (CH-END)."""

    FORMAT: ClassVar[str] = "scala40.chinchon50.ruleset"
    FORMAT_VERSION: ClassVar[int] = 1
    GAME = "chinchon50"


PRESETS = set_presets(
    Ruleset,
    {
        "short": Ruleset(target=50),
        "closing_on_3": Ruleset(target=50, close_limit=3),
        # Wild cards and elimination, so that every option has a preset it may be set
        # from (the protocol suite plays each option of a registered game).
        "elimination": Ruleset(target=50, end_mode=EndMode.ELIMINATION, wild=Wild.TWO_JOKERS),
    },
    default="short",
)


@attrs.frozen(repr=False, weakref_slot=False)
class GameState(KnockState[Move, Ruleset]):
    """A whole game of Chinchón to 50 at one moment."""

    SPEC = KnockGameSpec(
        name="chinchon50",
        title="Chinchón to 50",
        summary="Chinchón, the match ending at 50 points.",
        pack="spanish",
    )


GAME = knock_game(GameState)
"""The record to register (the tests register it only while they run)."""


def register_tools() -> None:
    """Give the variant the family's bots and words, each to its layer, as a package
    offering a knock game would (its entry points ``scala40.bots`` and ``scala40.texts``)."""
    from scala40.bots import register_bots
    from scala40.bots.knock import BOTS
    from scala40.cli.text.knock import KnockText
    from scala40.texts import register_text

    register_bots(GAME, BOTS)
    words = """\
  draw / take / discard KD / close KS : AC 2C 3C
  reenter / retire"""
    register_text(GAME, KnockText(words, spanish=True, game="chinchon50", seven_run="chinchón"))
