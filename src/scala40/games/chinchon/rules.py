"""The Chinchón :class:`Ruleset`: one typed field per option of the rules, and named presets.

Every option of RULES Part 5 is a field whose docstring names its rule ID (the table's
``deck`` option is :attr:`~Ruleset.deck_size`, since ``deck`` is the pack itself). A
ruleset is validated when it is made: every problem is listed in one
:class:`~scala40.InvalidRulesetError`.

>>> from scala40.games.chinchon import Ruleset
>>> Ruleset().deck.size, Ruleset(deck_size=48, packs=2, max_players=8).deck.size   # CH-DECK
(40, 96)
>>> Ruleset(packs=1, max_players=6, reentry=1)
Traceback (most recent call last):
...
scala40.errors.InvalidRulesetError: invalid ruleset: max_players must be an integer from 2 to 4, got 6; reentry (1) needs end_mode 'elimination': nobody drops out under 'lowest'
>>> Ruleset.preset_names()
('catsatcards', 'spain_club', 'argentina_50')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.games._knock.profile import (
    EndMode,
    FaceValues,
    LayoffOrder,
    LayoffTarget,
    Wild,
)
from scala40.games._knock.spanish import SpanishRules
from scala40.rulesets import Variants, set_presets

__all__ = [
    "PRESETS",
    "EndMode",
    "FaceValues",
    "LayoffOrder",
    "LayoffTarget",
    "Ruleset",
    "Wild",
]


@attrs.frozen(kw_only=True)
class Ruleset(SpanishRules):
    """Every option of Chinchón, with 003's rules as defaults (RULES Part 5).

    >>> from scala40.games.chinchon.rules import Ruleset
    >>> rules = Ruleset(close_limit=3)
    >>> rules.label(), rules.close_limit
    ('catsatcards + close_limit=3', 3)
    """

    FORMAT: ClassVar[str] = "scala40.chinchon.ruleset"
    # Closes allowed with more points, so that the conformance corpus reaches the closes'
    # rules often, with two jokers wild and with the 48-card pack (RulesetBase.VARIANTS).
    VARIANTS: ClassVar[Variants] = (
        ("catsatcards", {"wild": "two_jokers", "close_limit": 7}),
        ("catsatcards", {"close_limit": 7, "deck_size": 48}),
    )
    GAME = "chinchon"


PRESETS = set_presets(Ruleset, {
    "catsatcards": Ruleset(),
    "spain_club": Ruleset(
        wild=Wild.ACE_OF_COINS,
        face_values=FaceValues.INDEX,
        end_mode=EndMode.ELIMINATION,
        reentry=None,
    ),
    "argentina_50": Ruleset(
        deck_size=48,
        wild=Wild.TWO_JOKERS,
        face_values=FaceValues.INDEX,
        wild_penalty=50,
        close_max_unmatched=1,
        end_mode=EndMode.ELIMINATION,
        reentry=1,
    ),
}, default="catsatcards")  # fmt: skip
"""Named rulesets: ``catsatcards`` (003, the standard), ``spain_club`` (x:cccj: the A♦
wild, index values, elimination, any number of re-entries) and ``argentina_50`` (x:mp43,
x:dpop: 48 cards and two jokers, index values, a joker 50, one loose card of 5 at most,
elimination, one re-entry)."""
