"""What the shared engine of the knock games works out from a ruleset: one frozen record.

Rumino, Chinchón and La Conga describe their rules as options of their rulesets, declared
once in the family (:class:`~scala40.games._knock.knocking.KnockingRules`, Rumino's;
:class:`~scala40.games._knock.spanish.SpanishRules`, Chinchón's, and
:class:`~scala40.games._knock.spanish.CongaRules`, La Conga's), and the engine's rules
(the predicates of :mod:`~scala40.games._knock.conditions`, the scoring) read each option
from the ruleset itself, narrowed to the family's rulesets. Each ruleset gives one
:class:`KnockRules`: what the game works out from its options (the deck, the values, the
meld rules, the limit...), which the engine, the move generation, the arrangement search
and the bots share, and the caches they keep. A new option is its declaration on the
family's ruleset and the rule that reads it.

>>> from scala40.games.chinchon import Ruleset
>>> profile = Ruleset().profile
>>> profile.game, profile.hand_size, profile.ending.value, profile.limit
('chinchon', 7, 'close', 100)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from scala40.cards import Card, Deck
from scala40.melds import MeldRules, OwnedTables
from scala40.rulesets import enum_converter

__all__ = [
    "ClaimMode",
    "EliminateAt",
    "EndMode",
    "Ending",
    "FaceValues",
    "KnockRules",
    "LayoffOrder",
    "LayoffTarget",
    "Wild",
    "as_claim_mode",
    "as_eliminate_at",
    "as_end_mode",
    "as_face_values",
    "as_layoff_order",
    "as_layoff_target",
    "as_wild",
    "max_hand_moves",
]


class Ending(enum.Enum):
    """How a player ends a hand on a low unmatched value."""

    KNOCK = "knock"
    """Rumino: knock instead of drawing; every hand is arranged by the engine (RU-KNOCK)."""
    CLOSE = "close"
    """Chinchón, La Conga: after drawing, discard face down and show an arrangement
    (CH-CLOSE)."""


class ClaimMode(enum.Enum):
    """How the out-of-turn claim of a discard completing a Rumino is made (RU-RUMINO)."""

    AUTO = "auto"
    """Applied by the engine at once: announcing never hurts (the RU-RUMINO Decision)."""
    DECISION = "decision"
    """Each player who can claim decides, in play order after the discarder: ``claim``
    or ``pass``."""


def as_claim_mode(value: object) -> ClaimMode:
    """The converter of a :class:`ClaimMode` option (an unknown value is kept, for the
    validation to report)."""
    converted: ClaimMode = enum_converter(ClaimMode)(value)
    return converted


class EliminateAt(enum.Enum):
    """When a Rumino total puts a player out (RU-ELIM)."""

    GT100 = "gt100"
    """More than 100 (003; exactly 100 stays in)."""
    GE100 = "ge100"
    """100 or more (x:gr, x:cog, x:ufm)."""


def as_eliminate_at(value: object) -> EliminateAt:
    """The converter of a :class:`EliminateAt` option (an unknown value is kept, for the
    validation to report)."""
    converted: EliminateAt = enum_converter(EliminateAt)(value)
    return converted


class Wild(enum.Enum):
    """The wild cards of a Chinchón pack (CH-DECK)."""

    NONE = "none"
    """No wild card."""
    TWO_JOKERS = "two_jokers"
    """Two jokers added to each pack (003)."""
    ACE_OF_COINS = "ace_of_coins"
    """The A♦, the "as de oros", is wild (x:eswiki, x:cccj, x:conecta)."""


def as_wild(value: object) -> Wild:
    """The converter of a :class:`Wild` option (an unknown value is kept, for the
    validation to report)."""
    converted: Wild = enum_converter(Wild)(value)
    return converted


class FaceValues(enum.Enum):
    """What the sota, caballo and rey cost left unmatched (CH-VALUES)."""

    BY_DECK = "by_deck"
    """40 cards: J 8, Q 9, K 10 (003); 48 cards: J 10, Q 11, K 12 (x:nhf, x:cccj)."""
    INDEX = "index"
    """The index printed on the card whatever the pack: J 10, Q 11, K 12 (x:cccj, x:mp43)."""
    ALL10 = "all10"
    """J, Q and K 10 each (x:eswiki, x:jac, x:vip)."""


def as_face_values(value: object) -> FaceValues:
    """The converter of a :class:`FaceValues` option (an unknown value is kept, for the
    validation to report)."""
    converted: FaceValues = enum_converter(FaceValues)(value)
    return converted


class LayoffTarget(enum.Enum):
    """Onto which shown melds the other players lay off after a close (CH-LAYOFF)."""

    CLOSER = "closer"
    """Only the closer's melds (003)."""
    ALL = "all"
    """Any meld shown before: the closer's and those of the players who showed theirs
    earlier (x:jac, x:hack)."""
    NONE = "none"
    """Nobody lays off."""


def as_layoff_target(value: object) -> LayoffTarget:
    """The converter of a :class:`LayoffTarget` option (an unknown value is kept, for the
    validation to report)."""
    converted: LayoffTarget = enum_converter(LayoffTarget)(value)
    return converted


class LayoffOrder(enum.Enum):
    """In which order the other players show their hands after a close (CH-LAYOFF)."""

    PLAY = "play"
    """Play order, from the closer's next seat (the Decision)."""
    REVERSE = "reverse"
    """Against play order, from the closer's previous seat (003's "immediate left",
    "clockwise")."""


def as_layoff_order(value: object) -> LayoffOrder:
    """The converter of a :class:`LayoffOrder` option (an unknown value is kept, for the
    validation to report)."""
    converted: LayoffOrder = enum_converter(LayoffOrder)(value)
    return converted


class EndMode(enum.Enum):
    """How the hands make a game of Chinchón or La Conga (CH-END, LC-ELIM)."""

    LOWEST = "lowest"
    """Once a total reaches the limit the game ends; the lowest total wins (003)."""
    ELIMINATION = "elimination"
    """A player whose total reaches the limit drops out; the last one left wins."""


def as_end_mode(value: object) -> EndMode:
    """The converter of a :class:`EndMode` option (an unknown value is kept, for the
    validation to report)."""
    converted: EndMode = enum_converter(EndMode)(value)
    return converted


@attrs.frozen(eq=False, slots=False)
class KnockRules:
    """What the shared engine works out from a game's ruleset (see the module); each option
    it reads, it reads from the ruleset itself.

    >>> from scala40.games.laconga import Ruleset
    >>> profile = Ruleset(eliminate_at=101).profile
    >>> profile.limit, profile.inclusive, profile.close_most_unmatched > 7
    (101, True, True)
    """

    game: str
    """The registry name of the game (``"rumino"``, ``"chinchon"``, ``"laconga"``)."""
    deck: Deck
    """The cards (C-DECK)."""
    hand_size: int
    """Cards held between turns (7)."""
    meld_rules: MeldRules
    """What a meld is (RU-MELDS, CH-MELDS)."""
    values: tuple[int, ...]
    """What each card code (0-52) costs left unmatched (RU-VALUES, CH-VALUES)."""
    ending: Ending
    """Knocking before the draw (Rumino) or closing after it (Chinchón, La Conga)."""
    limit: int
    """The total that puts a player out, or ends the game (RU-ELIM, CH-END, LC-ELIM)."""
    inclusive: bool
    """Whether reaching :attr:`limit` counts (100 or more), or only passing it."""
    rumino: bool = False
    """Seven cards of a suit in sequence or of a rank win the game (RU-RUMINO)."""
    close_most_unmatched: int = 1 << 30
    """The most unmatched cards a close leaves, as a number the hot loops compare with
    (CH-CLOSE: the ruleset's ``close_max_unmatched``, or more than any hand holds where it
    sets none)."""
    owned: OwnedTables = attrs.field(factory=OwnedTables, init=False, repr=False)
    """What the shared modules derive from this profile and keep (their caches), each
    under its own class, as :attr:`scala40.melds.MeldTables.owned`."""

    def __copy__(self) -> KnockRules:
        return self  # immutable: a copy may share the caches it owns

    def __deepcopy__(self, memo: dict[int, Any]) -> KnockRules:
        # Copying the caches would cost what the process has played so far (they fill
        # up to their bounds) and give the copy answers it could find again.
        return self

    @property
    def wild_cards(self) -> frozenset[Card]:
        """Every wild card code (the joker always among them)."""
        return self.meld_rules.wild_cards

    def reaches(self, total: int) -> bool:
        """Whether ``total`` reaches the limit (RU-ELIM, CH-END, LC-ELIM, LC-CLOSECAP).

        >>> from scala40.games.rumino import Ruleset
        >>> Ruleset().profile.reaches(100), Ruleset().profile.reaches(101)
        (False, True)
        """
        return total >= self.limit if self.inclusive else total > self.limit


def max_hand_moves(rules: Any, players: int) -> int | None:
    """The most moves (chance moves included) one hand of a knock game can take with
    ``players`` seats, whoever plays, for a ruleset ``rules`` of Rumino, Chinchón or La
    Conga; ``None`` without a ``turn_limit``: a player who never knocks or closes keeps
    a hand going for ever.

    With a limit of ``T`` turns, the hand ends blocked after its ``T``-th discard (the
    RU-TURN and CH-TURN Decision). A turn is a draw, a restock of the stock at most
    (RU-RESTOCK, CH-RESTOCK), a discard, and under ``rumino_claim="decision"`` a pass of
    each other seat at most (RU-RUMINO): at most ``players + 2`` moves. Then the move
    that ends the hand otherwise (a knock, a close, a claim) and a re-entry decision of
    each seat (LC-REENGANCHE): at most ``1 + T * (players + 2) + 1 + players`` moves.

    >>> from scala40.games._knock.profile import max_hand_moves
    >>> from scala40.games.chinchon import Ruleset
    >>> max_hand_moves(Ruleset(), 2) is None
    True
    >>> max_hand_moves(Ruleset(turn_limit=200), 2)
    804
    """
    limit: int | None = rules.turn_limit
    if limit is None:
        return None
    return 1 + limit * (players + 2) + 1 + players
