"""What the shared engine of the knock games reads from a ruleset: one frozen record.

Rumino, Chinchón and La Conga describe their rules as options of their own ``Ruleset``
classes; each ruleset derives one :class:`KnockRules` from them (:meth:`KnockRules.of`:
every option read under its own name, declared once on the ruleset, and what the game
works out from its options), and the shared engine, move generation, arrangement search
and bots read nothing else: rules as data. A new option is its declaration on the
ruleset, its field on the profile (of the type the ruleset declares: a test holds the two
together, and a misspelt or mistyped read is a type error) and the rule (a predicate of
:mod:`~scala40.games._knock.conditions`) that reads it from the profile.

>>> from scala40.games.chinchon import Ruleset
>>> profile = Ruleset().profile
>>> profile.game, profile.hand_size, profile.ending.value, profile.close_limit
('chinchon', 7, 'close', 5)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

from scala40.cards import Card, Deck
from scala40.melds import MeldRules, OwnedTables
from scala40.rulesets import RulesetBase, enum_converter

__all__ = [
    "OPTIONS",
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
    """Everything the shared engine reads of a game's rules (see the module): each option
    it reads under the option's own name, read from the ruleset itself
    (``profile.close_limit`` is the ruleset's ``close_limit``), and what the game works out
    from its options, the fields below. Made by :meth:`of`.

    An option some games of the family have and others not (La Conga's ``close_cap``) is
    read only where the game's rules ask for it (a close's conditions, in a closing
    game), or the game says what it is without the option (:meth:`of`'s ``fixed``).

    >>> from scala40.games.laconga import Ruleset
    >>> profile = Ruleset(close_cap=False).profile
    >>> profile.close_cap, profile.close_limit, profile.limit, profile.gin_streak
    (False, 5, 100, None)
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
    owned: OwnedTables = attrs.field(factory=OwnedTables, init=False, repr=False)
    """What the shared modules derive from this profile and keep (their caches), each
    under its own class, as :attr:`scala40.melds.MeldTables.owned`."""

    # The options the engine reads, each the ruleset's own value under its name and of
    # the type its ruleset declares it with (a test holds the two together), or what a
    # game without the option fixes (:meth:`of`'s ``fixed``); set by :meth:`of`, never
    # given. One a game has no value for is left unset, read only where its rules ask.
    turn_limit: int | None = attrs.field(init=False, repr=False)
    """RU-TURN, CH-TURN: turns after which a hand ends blocked (``None``: never)."""
    discard_taken_card: bool = attrs.field(init=False, repr=False)
    """RU-TURN, CH-TURN: the card just taken may be discarded again."""
    reentry: int | None = attrs.field(init=False, repr=False)
    """RU-ELIM, CH-END, LC-REENGANCHE: times a player may re-enter."""
    end_mode: EndMode = attrs.field(init=False, repr=False)
    """CH-END, LC-ELIM: how the hands make a game (Rumino: always elimination)."""
    gin_streak: int | None = attrs.field(init=False, repr=False)
    """RU-GINSTREAK: gins in a row that win a game (``None`` outside Rumino)."""
    mano_extra_card: bool = attrs.field(init=False, repr=False)
    """LC-DEAL: the first player's eighth card (``False`` outside La Conga)."""
    close_cap: bool = attrs.field(init=False, repr=False)
    """LC-CLOSECAP: no close reaching the limit (``False`` outside La Conga)."""
    knock_limit: int = attrs.field(init=False, repr=False)
    """RU-KNOCK: most unmatched value a knock leaves (a knocking game's)."""
    knock_min_melded: int = attrs.field(init=False, repr=False)
    """RU-KNOCK: fewest cards of a knocking hand in melds (a knocking game's)."""
    gin_bonus: int = attrs.field(init=False, repr=False)
    """RU-GIN: added to a knocker's total who goes gin (a knocking game's)."""
    rumino_jokers: bool = attrs.field(init=False, repr=False)
    """RU-RUMINO: jokers may stand in a Rumino (a knocking game's)."""
    rumino_claim: ClaimMode = attrs.field(init=False, repr=False)
    """RU-RUMINO: how a discard completing a Rumino is claimed (a knocking game's)."""
    close_limit: int = attrs.field(init=False, repr=False)
    """CH-CLOSE: most unmatched value of a close (a closing game's)."""
    close_max_unmatched: int | None = attrs.field(init=False, repr=False)
    """CH-CLOSE: most unmatched cards of a close (a closing game's)."""
    close_most_unmatched: int = attrs.field(init=False, repr=False)
    """CH-CLOSE: :attr:`close_max_unmatched` as a number the loops compare with (more than
    any hand holds where the rules set none): derived, a closing game's."""
    close_first_round: bool = attrs.field(init=False, repr=False)
    """CH-CLOSE: a close may come on a player's first turn (a closing game's)."""
    forbid_close_with_two_wilds: bool = attrs.field(init=False, repr=False)
    """CH-CLOSE: no close keeping two wild cards (a closing game's)."""
    all_matched_bonus: int = attrs.field(init=False, repr=False)
    """CH-MINUS10: added to a closer's total with every card in melds (a closing game's)."""
    wild_chinchon_bonus: int = attrs.field(init=False, repr=False)
    """CH-CHINCHON: added instead for a seven-card run holding a wild card."""
    layoff_target: LayoffTarget = attrs.field(init=False, repr=False)
    """CH-LAYOFF: onto which melds the others lay off (a closing game's)."""
    layoff_order: LayoffOrder = attrs.field(init=False, repr=False)
    """CH-LAYOFF: the order the others show their hands in (a closing game's)."""

    @classmethod
    def of(
        cls, rules: RulesetBase, *, fixed: Mapping[str, Any] | None = None, **derived: Any
    ) -> KnockRules:
        """The profile of ``rules``: ``derived`` gives the fields above and anything else
        the game works out from its options (the deck, the values, the meld rules...), every
        option of ``rules`` is read under its name, and ``fixed`` gives what the engine
        reads of a rule the game has no option for (Rumino: always elimination), an
        option of ``rules`` of that name taking its place.

        >>> from scala40.games.chinchon import Ruleset
        >>> Ruleset(close_limit=3).profile.close_limit
        3

        :raises TypeError: a name of ``derived`` is an option of ``rules`` (a game's bug:
            an option is read as itself, never declared again).
        """
        options = rules.option_names()
        twice = sorted(set(options) & set(derived))
        if twice:  # pragma: no cover - a game's bug
            raise TypeError(f"the options {twice} are read from the ruleset, not given again")
        undeclared = sorted((set(derived) | set(fixed or {})) - set(_FIELDS) - set(OPTIONS))
        if undeclared:  # pragma: no cover - a game's bug
            raise TypeError(f"{undeclared} are no fields of the profile")
        fields = {name: derived.pop(name) for name in _FIELDS if name in derived}
        profile = cls(**fields)
        for name, value in (fixed or {}).items():
            if name not in options:
                object.__setattr__(profile, name, value)
        for name, value in derived.items():
            object.__setattr__(profile, name, value)
        for name in OPTIONS:
            if name in options:
                object.__setattr__(profile, name, getattr(rules, name))
        return profile

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


_FIELDS = tuple(field.name for field in attrs.fields(KnockRules) if field.init)
"""The fields a profile is made with (:meth:`KnockRules.of`)."""

OPTIONS = tuple(
    field.name for field in attrs.fields(KnockRules) if not field.init and field.name != "owned"
)
"""The options the engine reads, each a profile field of the ruleset option's name, or
derived (``close_most_unmatched``) or fixed by a game without the option."""


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
    limit: int | None = rules.profile.turn_limit
    if limit is None:
        return None
    return 1 + limit * (players + 2) + 1 + players
