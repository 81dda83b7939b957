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
from scala40.games._knock.text import KnockText
from scala40.melds import MeldRules
from scala40.rulesets import (
    OptionChecks,
    RulesetBase,
    set_presets,
    shared_meld_rules,
)
from scala40.rulesets import option_metadata as _rule

__all__ = ["PRESETS", "TEXT", "ClaimMode", "EliminateAt", "Ruleset"]

HAND_SIZE = 7
"""Cards each player holds between turns (RU-DEAL)."""

MOST_PLAYERS = (108 - 3) // HAND_SIZE
"""The most players a game may have: every hand, the turned-up card and a card to draw
fit in the 108 cards, and a stock rebuilt from the discard pile is never empty
(RU-RESTOCK)."""


@attrs.frozen(kw_only=True)
class Ruleset(RulesetBase):
    """Every option of Rumino, with 003's rules as defaults (RULES Part 4).

    >>> from scala40.games.rumino.rules import Ruleset
    >>> rules = Ruleset(knock_min_melded=0)
    >>> rules.label(), rules.deck.size
    ('catsatcards + knock_min_melded=0', 108)
    """

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
    """What the shared engine of the knock games reads from these options (an attribute,
    not a property: the engine reads it a few times every move)."""

    FORMAT: ClassVar[str] = "scala40.rumino.ruleset"

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        return _cross_problems(self, checks)

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
        ))  # fmt: skip
        object.__setattr__(self, "_meld_rules", meld_rules)
        profile = KnockRules.of(
            self,
            game="rumino",
            deck=self.deck,
            hand_size=HAND_SIZE,
            meld_rules=meld_rules,
            values=rumino_values(),
            ending=Ending.KNOCK,
            rumino=True,
            limit=100,
            inclusive=self.eliminate_at is EliminateAt.GE100,
            # Always elimination (RU-ELIM), and the first player's hand a hand like any.
            fixed={"end_mode": EndMode.ELIMINATION, "mano_extra_card": False},
        )
        object.__setattr__(self, "profile", profile)

    @property
    def deck(self) -> Deck:
        """Two French packs and four jokers, 108 cards (RU-DECK)."""
        return french_deck(jokers=4, copies=2)

    @property
    def meld_rules(self) -> MeldRules:
        """What a meld is (RU-MELDS): sets of 3 or 4 of a rank in any suits, sequences of
        3 or 4 (or more) with the ace low only, any number of jokers, melds of jokers."""
        return self._meld_rules


def _cross_problems(rules: Ruleset, checks: OptionChecks) -> list[str]:
    """The problems of the options taken together (each alone is checked from its
    declaration: :func:`~scala40.rulesets.option_checks`)."""
    if checks.ok("min_players", "max_players") and rules.max_players < rules.min_players:
        return [f"max_players ({rules.max_players}) is below min_players ({rules.min_players})"]
    return []


PRESETS = set_presets(Ruleset, {
    "catsatcards": Ruleset(),
    "web": Ruleset(max_meld_size=None, eliminate_at=EliminateAt.GE100),
}, default="catsatcards")  # fmt: skip
"""Named rulesets: ``catsatcards`` (003, the standard) and ``web`` (x:gr, x:cog, x:ufm:
out at 100 or more, sequences of 3 or more)."""

TEXT = KnockText(
    """\
  draw                  draw the top card of the stock
  take                  take the top card of the discard pile
  knock                 instead of drawing, end the hand (not on your first turn; at least
                        4 cards in melds and 7 or less unmatched)
  discard KD            discard a card, ending your turn
  claim / pass          out of turn: take a discard that completes your Rumino, or not
  reenter / retire      after a hand that put you out: re-enter, or drop out""",
    spanish=False,
    game="rumino",
)
"""The Rumino wording, as the game record carries it."""
