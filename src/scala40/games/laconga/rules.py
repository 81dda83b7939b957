"""The La Conga :class:`Ruleset`: every option of Chinchón, plus La Conga's own (LC-BASE).

La Conga is Chinchón with an eighth card for the first player, a cap on closing, and
elimination with an optional re-entry (RULES Part 6). Its ruleset has every Chinchón
option (see :mod:`scala40.games.chinchon.rules`) and the LC-* ones; its
:attr:`~Ruleset.end_mode` is ``"elimination"`` by default, with
:attr:`~Ruleset.eliminate_at` as the limit (``target`` is the limit of the ``"lowest"``
mode only).

>>> from scala40.games.laconga import Ruleset
>>> rules = Ruleset()
>>> rules.mano_extra_card, rules.close_cap, rules.eliminate_at, rules.end_mode.value
(True, True, 100, 'elimination')
>>> Ruleset.preset("uruguay").differences()["eliminate_at"]
(101, 100)
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
from scala40.games._knock.spanish import CongaRules
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
class Ruleset(CongaRules):
    """Every option of La Conga: Chinchón's (LC-BASE) and its own, with 003's rules as
    defaults (RULES Part 6).

    >>> from scala40.games.laconga.rules import Ruleset
    >>> Ruleset(close_cap=False).label()
    'catsatcards + close_cap=False'
    """

    FORMAT: ClassVar[str] = "scala40.laconga.ruleset"
    # Closes allowed with more points, re-entry and the game to the lowest total, which
    # the conformance corpus plays beside the presets (RulesetBase.VARIANTS).
    VARIANTS: ClassVar[Variants] = (
        ("catsatcards", {"close_limit": 7}),
        ("catsatcards", {"reentry": 1}),
        ("catsatcards", {"end_mode": "lowest"}),
    )


PRESETS = set_presets(Ruleset, {
    "catsatcards": Ruleset(),
    "uruguay": Ruleset(
        deck_size=48,
        wild=Wild.TWO_JOKERS,
        eliminate_at=101,
        forbid_close_with_two_wilds=True,
    ),
}, default="catsatcards")  # fmt: skip
"""Named rulesets: ``catsatcards`` (003, the standard) and ``uruguay`` (x:tplmp,
x:conecta: 48 cards and two jokers, J 10 Q 11 K 12, out at 101, no close keeping both
jokers; a conga with a joker is only all matched)."""
