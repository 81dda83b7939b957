"""The Rumino :class:`Ruleset`: one typed field per option of the rules, and named presets.

Every option of RULES Part 4 is a field whose docstring names its rule ID. A ruleset is
validated when it is made: every problem is listed in one
:class:`~scala40.InvalidRulesetError`.

>>> from scala40.games.rumino import Ruleset
>>> Ruleset().knock_limit, Ruleset.preset("web").eliminate_at.value      # RU-KNOCK, RU-ELIM
(7, 'ge100')
>>> Ruleset(knock_limit=-1, max_players=20)
Traceback (most recent call last):
...
scala40.errors.InvalidRulesetError: invalid ruleset: max_players must be an integer from 2 to 15, got 20; knock_limit must be an integer from 0 to 100, got -1
>>> Ruleset.preset_names(), Ruleset.preset("web").differences()
(('catsatcards', 'web'), {'max_meld_size': (None, 4), 'eliminate_at': (<EliminateAt.GE100: 'ge100'>, <EliminateAt.GT100: 'gt100'>)})
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.profile import ClaimMode, EliminateAt
from scala40.rulesets import Variants, set_presets

__all__ = ["PRESETS", "ClaimMode", "EliminateAt", "Ruleset"]


@attrs.frozen(kw_only=True)
class Ruleset(KnockingRules):
    """Every option of Rumino, with 003's rules as defaults (RULES Part 4).

    >>> from scala40.games.rumino.rules import Ruleset
    >>> rules = Ruleset(knock_min_melded=0)
    >>> rules.label(), rules.deck.size
    ('catsatcards + knock_min_melded=0', 108)
    """

    FORMAT: ClassVar[str] = "scala40.rumino.ruleset"
    # Knocks with no meld required, so that the conformance corpus reaches the knocks'
    # rules often (RulesetBase.VARIANTS).
    VARIANTS: ClassVar[Variants] = (("catsatcards", {"knock_min_melded": 0}),)


PRESETS = set_presets(Ruleset, {
    "catsatcards": Ruleset(),
    "web": Ruleset(max_meld_size=None, eliminate_at=EliminateAt.GE100),
}, default="catsatcards")  # fmt: skip
"""Named rulesets: ``catsatcards`` (003, the standard) and ``web`` (x:gr, x:cog, x:ufm:
out at 100 or more, sequences of 3 or more)."""
