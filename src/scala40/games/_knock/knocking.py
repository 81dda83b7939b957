"""The options of a game that knocks, Rumino's (RULES Part 4): one base class for its
ruleset, with the :class:`~scala40.games._knock.profile.KnockRules` it gives.

Rumino's :class:`scala40.games.rumino.Ruleset` is this class with its format and presets.
The options are the family's, so that the conditions of a knock
(:mod:`~scala40.games._knock.conditions`) read them from the ruleset itself, each
declared once, here.

>>> from scala40.games.rumino import Ruleset
>>> rules = Ruleset(knock_limit=5)
>>> rules.knock_limit, rules.end_mode.value, rules.deck.size       # RU-KNOCK, RU-ELIM, RU-DECK
(5, 'elimination', 108)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.cards import FRENCH_RANKS, Deck, french_deck
from scala40.games._knock.profile import (
    ClaimMode,
    EliminateAt,
    Ending,
    EndMode,
    KnockRules,
    as_claim_mode,
    as_eliminate_at,
)
from scala40.games._knock.tables import rumino_values
from scala40.melds import MeldRules
from scala40.rulesets import OptionChecks, RulesetBase, shared_meld_rules
from scala40.rulesets import option_metadata as _rule

__all__ = ["HAND_SIZE", "MOST_PLAYERS", "RUMINO_SIZE", "KnockingRules"]

HAND_SIZE = 7
"""Cards each player holds between turns (RU-DEAL)."""

RUMINO_SIZE = 7
"""The cards of a Rumino: seven of a suit in sequence or of a rank (RU-MELDS), the meld
rules' long meld (:attr:`~scala40.melds.MeldRules.long_meld_size`)."""

MOST_PLAYERS = (108 - 3) // HAND_SIZE
"""The most players a game may have: every hand, the turned-up card and a card to draw
fit in the 108 cards, and a stock rebuilt from the discard pile is never empty
(RU-RESTOCK)."""


@attrs.frozen(kw_only=True)
class KnockingRules(RulesetBase):
    """Every option of Rumino, with 003's rules as defaults (RULES Part 4)."""

    min_players: int = attrs.field(default=2, metadata=_rule("RU-PLAYERS", 2, MOST_PLAYERS))
    """Fewest players (RU-PLAYERS: 2)."""
    max_players: int = attrs.field(default=6, metadata=_rule("RU-PLAYERS", 2, MOST_PLAYERS))
    """Most players (RU-PLAYERS: 6)."""
    knock_limit: int = attrs.field(default=7, metadata=_rule("RU-KNOCK", 0, 100))
    """Most unmatched value a knocking hand may hold (RU-KNOCK: 7)."""
    knock_min_melded: int = attrs.field(default=4, metadata=_rule("RU-KNOCK", 0, HAND_SIZE))
    """Fewest cards of a knocking hand in melds (RU-KNOCK: 4, the majority; 0 in
    x:wiki-rumino and x:gr, which state only the 7 points)."""
    max_meld_size: int | None = attrs.field(default=4, metadata=_rule("RU-MELDS", 3, 13))
    """Most cards of a sequence, and of a set or a meld of jokers up to 4 (RU-MELDS: 4);
    ``None`` for sequences of 3 or more cards (x:cog, x:ufm), sets still of 3 or 4."""
    gin_bonus: int = attrs.field(default=-10, metadata=_rule("RU-GIN", -1000, 1000))
    """Added to the total of a knocker with every card in melds, instead of nothing
    (RU-GIN: -10, "ten less")."""
    gin_streak: int | None = attrs.field(default=3, metadata=_rule("RU-GINSTREAK", 1, 100))
    """A player who goes gin in each of this many first hands of a game wins it at once
    (RU-GINSTREAK: 3); ``None`` for no such win."""
    rumino_jokers: bool = attrs.field(default=True, metadata=_rule("RU-RUMINO"))
    """Jokers may stand in a Rumino (RU-RUMINO Decision: a Rumino is a meld)."""
    rumino_claim: ClaimMode = attrs.field(
        default=ClaimMode.AUTO, converter=as_claim_mode, metadata=_rule("RU-RUMINO")
    )
    """How a discard that completes another player's Rumino is claimed: ``"auto"``, at
    once by the engine, the first claimant in play order after the discarder winning
    (RU-RUMINO Decision); ``"decision"``, as an out-of-turn ``claim`` or ``pass`` of each
    claimant in that order."""
    discard_taken_card: bool = attrs.field(default=True, metadata=_rule("RU-TURN"))
    """The card just taken from the discard pile may be discarded again (RU-TURN Decision)."""
    eliminate_at: EliminateAt = attrs.field(
        default=EliminateAt.GT100, converter=as_eliminate_at, metadata=_rule("RU-ELIM")
    )
    """A total of more than 100 puts a player out (``"gt100"``, RU-ELIM), or of 100 or
    more (``"ge100"``: x:gr, x:cog, x:ufm)."""
    reentry: int | None = attrs.field(default=0, metadata=_rule("RU-ELIM", 0, 100))
    """Times each player may re-enter when his total puts him out, at the highest total
    still in (as LC-REENGANCHE); ``None`` for any number (x:fg mentions rebuys)."""
    turn_limit: int | None = attrs.field(default=None, metadata=_rule("RU-TURN", 1, 1_000_000))
    """Turns (discards, all players together) after which a hand ends blocked: nobody
    scores for it and the deal passes on (RU-TURN Decision). ``None``, the default: a
    hand goes on until a knock or a Rumino, so a player who never knocks keeps it going
    for ever."""

    _meld_rules: MeldRules = attrs.field(init=False, repr=False, eq=False, hash=False)
    profile: KnockRules = attrs.field(init=False, repr=False, eq=False, hash=False)
    """What the shared engine of the knock games works out from these options (an
    attribute, not a property: the engine reads it a few times every move)."""

    end_mode: ClassVar[EndMode] = EndMode.ELIMINATION
    """How the hands make a game: always by elimination, the last player left winning
    (RU-ELIM; no option, as ``end_mode`` is Chinchón's)."""
    GAME: ClassVar[str] = "rumino"
    """The game whose profile this ruleset gives."""

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        if checks.ok("min_players", "max_players") and self.max_players < self.min_players:
            return [f"max_players ({self.max_players}) is below min_players ({self.min_players})"]
        return []

    def __attrs_post_init__(self) -> None:
        self.validate_options()
        size = self.max_meld_size
        set_max = 4 if size is None else min(4, size)
        meld_rules = shared_meld_rules(MeldRules(
            rank_order=FRENCH_RANKS,
            ace_high=False,                 # RU-DECK: the ace is low only
            max_wilds=None,                 # RU-DECK: any number of jokers in a meld
            set_suits_distinct=False,       # RU-MELDS: sets regardless of suit
            set_max=set_max,
            sequence_max=size,
            wild_meld_min=3,                # RU-MELDS Decision: a meld may be all jokers
            wild_meld_max=set_max,
            long_meld_size=RUMINO_SIZE,     # RU-MELDS: a Rumino is a meld of seven
            long_meld_wilds=self.rumino_jokers,   # RU-RUMINO Decision
            cites={
                "shape": ("RU-MELDS",),
                "set": ("RU-MELDS",),
                "sequence": ("RU-MELDS",),
                "sequence-max": (self.option_rule("max_meld_size"),),
                "wild-meld": ("RU-MELDS",),
                "pack": ("RU-DECK",),
            },
        ))  # fmt: skip
        object.__setattr__(self, "_meld_rules", meld_rules)
        profile = KnockRules(
            game=self.GAME,
            deck=self.deck,
            hand_size=HAND_SIZE,
            meld_rules=meld_rules,
            values=rumino_values(),
            ending=Ending.KNOCK,
            rumino=True,
            limit=100,
            inclusive=self.eliminate_at is EliminateAt.GE100,
        )
        object.__setattr__(self, "profile", profile)

    @property
    def deck(self) -> Deck:
        """Two French packs and four jokers, 108 cards (RU-DECK)."""
        return french_deck(jokers=4, copies=2)

    @property
    def meld_rules(self) -> MeldRules:
        """What a meld is (RU-MELDS): sets of 3 or 4 of a rank in any suits, sequences of
        3 or 4 (or more) with the ace low only, any number of jokers, melds of jokers, and
        the Rumino, seven of a rank or of a suit in sequence (jokers standing in it unless
        ``rumino_jokers=False``)."""
        return self._meld_rules
