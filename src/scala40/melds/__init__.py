"""Melds: sets and sequences, with wild cards, checked by one engine driven by data.

:class:`MeldRules` describes what a game allows (which ranks are wild, how
many wilds a meld may hold, set and sequence sizes, where the ace goes, the
rank order, card values); every game of the library passes its own and the
engine does the rest. :func:`check_meld` validates cards as a meld,
:func:`meld_interpretations` lists every valid reading, and a :class:`Meld`
knows its value, how it can be extended and which card frees its joker.

>>> import scala40
>>> meld = scala40.check_meld("JK 9C 8C")       # S40-JOKER: the joker is 10♣ by position
>>> meld.kind.value, str(meld), meld.value     # S40-MELD-VALUE
('sequence', '8C 9C JK=10C', 27)
>>> scala40.check_meld("JK 9C 8C", joker_as="7C").value
24
>>> scala40.check_meld("KS AS 2S")
Traceback (most recent call last):
...
scala40.errors.InvalidMeldError: KS AS 2S is not a meld: K-A-2 goes around the corner (S40-SEQ)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar, Protocol, TypeAlias

import attrs

from scala40._cache import BoundedCache, SizedCache
from scala40._format.fields import reduce_fields
from scala40.cards import (
    ACE,
    CARD_NAMES,
    FRENCH_RANKS,
    JOKER,
    RANK_OF,
    SUIT_OF,
    Card,
    Deck,
    as_card,
    as_cards,
)
from scala40.checks import describe
from scala40.errors import AmbiguousMeldError, InvalidArgumentError, InvalidMeldError
from scala40.melds._layouts import Layout, order_count, sequence_layouts, unique_orders
from scala40.melds._text import (
    choose_reading,
    deck_of,
    read_meld_text,
    said_readings,
    wanted_readings,
    written_text,
)
from scala40.melds._words import (
    MELD_CONDITIONS,
    cards_text,
    placed_card_text,
    rule_problems,
    why_no_meld,
    why_not_added,
    wild_kind,
)

__all__ = [
    "MAX_CARD_VALUE",
    "MAX_MELD_CARDS",
    "MAX_READINGS",
    "MELD_CONDITIONS",
    "STANDARD_RANK_VALUES",
    "Extension",
    "Meld",
    "MeldEnd",
    "MeldKind",
    "MeldRules",
    "MeldTables",
    "OwnedTables",
    "RulesLike",
    "check_meld",
    "is_meld",
    "make_meld",
    "meld_interpretations",
    "resolve_meld_rules",
]

#: Meld values of ranks 0-13 under the standard Scala 40 table (S40-MELD-VALUE).
STANDARD_RANK_VALUES = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
# Readings, checks and extensions recur across games (the same few thousand melds).
_READINGS_LIMIT = 200_000

MAX_MELD_CARDS = 32
"""The most cards one meld may hold under any :class:`MeldRules` (set sizes, sequence
sizes and wild meld sizes are checked against it): more than any game's longest meld
(a 14-card sequence; a set of 8 copies of a rank and wild cards). Cards beyond it are
no meld (:func:`check_meld` says so), and they are never remembered."""
MAX_READINGS = 1_000
"""The most readings one set of cards may have: :func:`meld_interpretations` and
:func:`check_meld` refuse cards with more (:class:`InvalidMeldError`) before listing
them. Identical wild cards (jokers) are never told apart, so only many *different* wild
cards in one meld (seven wild ranks, say) come near it; no game's meld does."""
MAX_CARD_VALUE = 1_000
"""The highest meld value a :class:`MeldRules` may give one card."""


class MeldKind(enum.Enum):
    """What a meld is: a set (same rank), a sequence (same suit, consecutive), or a meld
    of wild cards only where a game allows one."""

    SET = "set"
    SEQUENCE = "sequence"
    WILD = "wild"
    """Wild cards only, all of one kind: jokers, or the cards of one wild rank (SK-WILDMELD:
    3 or more 2s, or 3 or more jokers; RU-MELDS: a meld of jokers). Its cards stand for
    themselves (:attr:`MeldRules.wild_meld_min`)."""

    # Hashed by identity, in C: a member is its one object, equal only to itself, and
    # Enum's own __hash__ is a Python call (hash of the name) made each time a meld, or
    # a cache key holding a kind, is hashed: about 1k instructions on CPython 3.11.
    __hash__: ClassVar[Callable[[object], int]] = object.__hash__


class MeldEnd(enum.Enum):
    """Where a card is added to a meld: either end of a sequence, or into a set."""

    LOW = "low"
    HIGH = "high"
    SET = "set"

    __hash__: ClassVar[Callable[[object], int]] = (
        object.__hash__
    )  # by identity, in C, as MeldKind's


# The meld kinds and ends as module constants, which the hot paths compare with: an
# enum member costs some 15 times as much to read on CPython 3.11 (see the
# architecture page, "Hot code reads what it compares often as module constants").
_SET_KIND, _SEQUENCE_KIND, _WILD_KIND = MeldKind  # every member, in order
_LOW_END, _HIGH_END, _SET_END = MeldEnd  # every member, in order


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    # Anything but a list of numbers is kept as given, for the checks to name it.
    if isinstance(values, (list, tuple, range)):
        return tuple(values)
    return values  # type: ignore[return-value]


def _int_frozenset(values: Iterable[int]) -> frozenset[int]:
    if isinstance(values, (list, tuple, set, frozenset, range)):
        try:
            return frozenset(values)
        except TypeError:  # unhashable items: kept as given, for the checks to name them
            pass
    return values  # type: ignore[return-value]


Cites: TypeAlias = tuple[tuple[str, tuple[str, ...]], ...]
"""The rules each condition of meld rules cites (:attr:`MeldRules.cites`)."""


def _scala40_cites(max_wilds: int | None) -> dict[str, tuple[str, ...]]:
    """The rules of Scala 40 that make each condition of its meld rules (the defaults'):
    the wild cards' limit is S40-JOKER's where it is one, S40-V-MULTIJOKER's otherwise."""
    jokers = "S40-JOKER" if max_wilds == 1 else "S40-V-MULTIJOKER"
    return {
        "shape": ("S40-SEQ", "S40-SET"),
        "set": ("S40-SET",),
        "sequence": ("S40-SEQ",),
        "sequence-max": ("S40-V-SPLIT",),
        "wilds": (jokers,),
        "natural-lead": ("S40-V-MULTIJOKER",),
        "wild-meld": (jokers,),
        "pack": ("S40-DECK",),
    }


def _cites(given: Mapping[str, Iterable[str]] | Cites) -> Cites:
    """The rules each condition cites, as sorted pairs; anything but a mapping of the
    conditions to lists of texts (or such pairs) is kept as given, for the checks to
    name it."""
    if isinstance(given, Mapping):
        try:
            return tuple(sorted((name, tuple(rules)) for name, rules in given.items()))
        except TypeError:
            pass
    return given  # type: ignore[return-value]


def _wild_cards(wild_ranks: frozenset[int], extra_wilds: frozenset[Card]) -> frozenset[Card]:
    ranks = {suit * 13 + rank - 1 for rank in wild_ranks for suit in range(4)}
    return frozenset({JOKER} | ranks | extra_wilds)


class OwnedTables(dict[type, Any]):
    """A dictionary from a class to the one instance of it kept here, made (with no
    arguments) the first time it is asked for.

    >>> from scala40.melds import OwnedTables
    >>> owned = OwnedTables()
    >>> owned[list] is owned[list], owned[list]
    (True, [])
    """

    __slots__ = ()

    def __missing__(self, kind: type) -> Any:
        value = self[kind] = kind()
        return value


@attrs.frozen(eq=False)
class MeldTables:
    """Tables computed once per :class:`MeldRules` for the code that searches melds, and
    the caches of this module's own answers (kept out of equality and hashing)."""

    slots: tuple[int, ...]
    """The rank of each place a sequence can occupy, lowest first (the ace may appear
    twice: :attr:`MeldRules.sequence_slots`)."""
    slot_of_rank: dict[int, tuple[int, ...]]
    """The places (indexes in :attr:`slots`) each rank can occupy in a sequence."""
    wild_cards: frozenset[Card]
    """Every wild card code (always including the joker)."""
    best_values: tuple[int, ...]
    """The most each card code can be worth in a meld (a bound for searches)."""
    ranks: frozenset[int]
    """The ranks of :attr:`MeldRules.rank_order`."""
    rank_bits: int
    """The ranks of :attr:`MeldRules.rank_order` as a bit mask (bit ``rank - 1``)."""
    readings: SizedCache[tuple[Card, ...], Meld]
    """Every reading of a sorted multiset of cards (:meth:`MeldRules.readings`)."""
    checked: BoundedCache[object, Meld]
    """The meld :func:`check_meld` chose for cards (and the wild cards' targets)."""
    extensions: BoundedCache[Meld, tuple[Extension, ...]]
    """The ways to add one card to a meld (:meth:`Meld.extensions`)."""
    owned: OwnedTables
    """What other modules derive from these rules and keep, each under its own class:
    ``tables.owned[Caches]`` is that module's ``Caches()``, made on first use. They live
    and die with the rules, and the lookup is the cheapest there is; this module never
    reads them."""


@attrs.frozen(cache_hash=True)
class MeldRules:
    """What makes a meld valid, and what its cards are worth, in one game.

    The defaults are Scala 40's (S40-SEQ, S40-SET, S40-JOKER, S40-MELD-VALUE).
    Games and variants change fields; :class:`scala40.Ruleset` builds the right
    one from its options.

    >>> from scala40 import MeldRules, check_meld
    >>> rules = MeldRules(max_wilds=None, min_natural_lead=1)   # S40-V-MULTIJOKER
    >>> check_meld("JK 5S JK 7S 8S", rules).value
    30
    >>> check_meld("JK 5S JK", rules)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMeldError: JK 5S JK is not a meld: a meld must hold more natural cards than wild cards by at least 1, got 1 natural and 2 wild (S40-V-MULTIJOKER)

    Skarney's wild 2s, sets of any suits and melds of wild cards only (SK-MELDS,
    SK-WILDMELD), the rule a refusal cites named for the condition it breaks
    (:attr:`cites`):

    >>> skarney = MeldRules(wild_ranks={2}, set_suits_distinct=False, wild_meld_min=3,
    ...                     cites={"wild-meld": ["SK-WILDMELD"]})
    >>> check_meld("2S 2H 2S", skarney).kind, check_meld("3S JK 3S 3D", skarney).kind
    (<MeldKind.WILD: 'wild'>, <MeldKind.SET: 'set'>)
    >>> check_meld("2S JK 2H", skarney)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMeldError: 2S JK 2H is not a meld: a meld of wild cards only holds one kind of them (jokers, or 2s) (SK-WILDMELD)

    A single card may be wild, as the A♦ of some Chinchón rules (CH-DECK), here with the
    Spanish order (the jack follows the 7), the ace low only and never more wild cards
    than natural ones (CH-MELDS):

    >>> from scala40.cards import SPANISH_40_RANKS, parse_card
    >>> coins = MeldRules(rank_order=SPANISH_40_RANKS, ace_high=False, max_wilds=None,
    ...                   min_natural_lead=0, extra_wilds={parse_card("AD")})
    >>> str(check_meld("6C AD JC", coins)), str(check_meld("AD 2D 3D", coins))
    ('6C AD=7C JC', 'AD=AD 2D 3D')
    >>> check_meld("AD 2D 3D", coins).wild_count, coins.is_wild(parse_card("AD"))
    (1, True)
    """

    rank_order: tuple[int, ...] = attrs.field(default=FRENCH_RANKS, converter=_int_tuple)
    """Ranks in sequence order, lowest first (the ace first if present; C-DECK)."""
    ace_low: bool = True
    """The ace may start a sequence, before the 2 (S40-SEQ)."""
    ace_high: bool = True
    """The ace may end a sequence, after the king (S40-SEQ)."""
    wild_ranks: frozenset[int] = attrs.field(default=frozenset(), converter=_int_frozenset)
    """Natural ranks that are wild besides the jokers (the 2s in Skarney; C-WILD)."""
    extra_wilds: frozenset[Card] = attrs.field(default=frozenset(), converter=_int_frozenset)
    """Single natural cards that are wild besides the jokers and the wild ranks: the A♦,
    the "as de oros", of some Chinchón rules (CH-DECK). Such a card is wild wherever it
    is, even standing for itself."""
    max_wilds: int | None = 1
    """Most wild cards in one meld; ``None`` for no limit (S40-JOKER, S40-V-MULTIJOKER)."""
    min_natural_lead: int | None = None
    """Natural cards minus wild cards must be at least this; ``None`` for no such rule."""
    set_min: int = 3
    """Fewest cards in a set (S40-SET)."""
    set_max: int = 4
    """Most cards in a set (S40-SET)."""
    set_suits_distinct: bool = True
    """The cards of a set must all be of different suits (S40-SET)."""
    sequence_min: int = 3
    """Fewest cards in a sequence (S40-SEQ)."""
    sequence_max: int | None = None
    """Most cards in a sequence; ``None`` for as long as the suit allows (S40-V-SPLIT uses 5)."""
    sequence_two_aces: bool = False
    """A sequence may hold its suit's ace naturally at both ends, A-2-…-K-A (SK-MELDS);
    otherwise the second ace of a 14-card sequence is a wild card's (S40-SEQ)."""
    rank_values: tuple[int, ...] = attrs.field(default=STANDARD_RANK_VALUES, converter=_int_tuple)
    """Meld value of each rank, indexed 0-13 (index 1 is the ace used high or in a set)."""
    low_ace_value: int = 1
    """Meld value of an ace that starts a sequence (S40-MELD-VALUE)."""
    wild_value: int | None = None
    """Fixed meld value of a wild card; ``None`` to count the card it stands for (S40-V-JOKER25)."""
    wild_meld_min: int | None = None
    """Fewest cards of a meld of wild cards only (:attr:`MeldKind.WILD`); ``None``: no
    such melds (Scala 40)."""
    wild_meld_max: int | None = None
    """Most cards of a meld of wild cards only; ``None`` for no limit but the deck's."""
    long_meld_size: int | None = None
    """The size of a meld that the set and sequence sizes do not bound: exactly this many
    cards of one rank (suits as :attr:`set_suits_distinct` says) or of one suit in
    sequence, at least one of them natural, is a meld whatever the set and sequence sizes
    say, its wild cards limited as in any meld (RU-MELDS: a Rumino is seven cards);
    ``None`` for no such meld."""
    long_meld_wilds: bool = True
    """Wild cards may stand in a meld of :attr:`long_meld_size` cards (RU-RUMINO's
    ``rumino_jokers``); where they may not, it is a meld of natural cards only (cards the
    other sizes make a meld stay one, wild cards and all)."""
    cites: Cites = attrs.field(
        default=attrs.Factory(lambda rules: _scala40_cites(rules.max_wilds), takes_self=True),
        converter=_cites,
        repr=False,
        kw_only=True,
    )
    """The IDs of the rules that make each condition (:data:`~scala40.melds.MELD_CONDITIONS`), which a
    refusal of :func:`check_meld` cites after its reason: a ruleset's meld rules name its
    game's rules (a sequence longer than Scala 40's ``classic`` allows cites S40-V-SPLIT);
    a condition not named cites nothing. Kept as sorted ``(condition, rule IDs)`` pairs;
    by default Scala 40's (the wild cards' limit S40-JOKER's where it is one,
    S40-V-MULTIJOKER's otherwise).

    >>> from scala40 import check_meld, load_game
    >>> classic = load_game("scala40").ruleset_type.preset("classic")
    >>> check_meld("3S 4S 5S 6S 7S 8S", classic)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMeldError: 3S 4S 5S 6S 7S 8S is not a meld: a sequence has at most 5 cards, got 6 (S40-V-SPLIT)
    """

    tables: MeldTables = attrs.field(init=False, repr=False, eq=False, hash=False)
    """The tables derived from these rules, for code that searches melds."""

    def __attrs_post_init__(self) -> None:
        problems = rule_problems(self, MAX_MELD_CARDS, MAX_CARD_VALUE)
        if problems:
            raise InvalidMeldError("invalid meld rules: " + "; ".join(problems))
        middle = [rank for rank in self.rank_order if rank != ACE]
        has_ace = ACE in self.rank_order
        slots = (
            ([ACE] if has_ace and self.ace_low else [])
            + middle
            + ([ACE] if has_ace and self.ace_high else [])
        )
        slot_of_rank: dict[int, tuple[int, ...]] = {}
        for index, rank in enumerate(slots):
            slot_of_rank[rank] = (*slot_of_rank.get(rank, ()), index)
        wild_cards = _wild_cards(self.wild_ranks, self.extra_wilds)
        top = max(self.rank_values)
        wild_best = top if self.wild_value is None else max(top, self.wild_value)
        best_values = tuple(
            wild_best
            if card in wild_cards
            else max(self.rank_values[RANK_OF[card]], self.low_ace_value)
            for card in range(53)
        )
        tables = MeldTables(
            slots=tuple(slots),
            slot_of_rank=slot_of_rank,
            wild_cards=wild_cards,
            best_values=best_values,
            ranks=frozenset(self.rank_order),
            rank_bits=sum(1 << (rank - 1) for rank in set(self.rank_order)),
            readings=SizedCache("meld readings", _READINGS_LIMIT, 2 * _READINGS_LIMIT),
            checked=BoundedCache("checked melds", _READINGS_LIMIT),
            extensions=BoundedCache("meld extensions", _READINGS_LIMIT),
            owned=OwnedTables(),
        )
        object.__setattr__(self, "tables", tables)

    def __reduce__(self) -> tuple[Any, ...]:
        # The rules as their fields: the tables are derived, and their caches hold
        # melds that refer back to these rules, which a pickle of them would rebuild
        # (and hash) before the rules exist. The copy makes its tables anew.
        fields = {field.name: getattr(self, field.name) for field in attrs.fields(MeldRules)}
        del fields["tables"]
        return (_meld_rules_from, (fields,))

    def __copy__(self) -> MeldRules:
        return self  # immutable: a copy may share the tables and their caches

    def __deepcopy__(self, memo: dict[int, Any]) -> MeldRules:
        return self

    def rules_of(self, condition: str) -> tuple[str, ...]:
        """The IDs of the rules that make ``condition`` (one of :data:`~scala40.melds.MELD_CONDITIONS`),
        as :attr:`cites` names them: none for a condition it does not name.

        >>> from scala40 import load_game
        >>> rules = load_game("scala40").ruleset_type.preset("official").meld_rules
        >>> rules.rules_of("set"), rules.rules_of("shape")
        (('S40-SET',), ('S40-SEQ', 'S40-SET'))
        """
        for name, rules in self.cites:
            if name == condition:
                return rules
        return ()

    @property
    def wild_cards(self) -> frozenset[Card]:
        """Every card code that is wild under these rules (always including :data:`JOKER`)."""
        return self.tables.wild_cards

    @property
    def sequence_slots(self) -> tuple[int, ...]:
        """The ranks of the places a sequence can occupy, lowest first (the ace may appear twice)."""
        return self.tables.slots

    def is_wild(self, card: Card | str) -> bool:
        """Whether ``card`` (a code or its text) is wild under these rules.

        :raises InvalidCardError: ``card`` is not a card.
        """
        return as_card(card) in self.tables.wild_cards

    def meld_card_value(self, represented: Card | str, low_ace: bool = False) -> int:
        """Meld value of a natural card (or of a wild standing for it).

        :raises InvalidCardError: ``represented`` is not a card.
        """
        code = as_card(represented)
        if low_ace:
            return self.low_ace_value
        return self.rank_values[RANK_OF[code]]

    def readings(self, cards: Iterable[Card] | str) -> tuple[Meld, ...]:
        """Every valid reading of the cards as one meld (see :func:`meld_interpretations`)."""
        return self.readings_of_sorted(tuple(sorted(as_cards(cards))))

    def readings_of_sorted(self, key: tuple[Card, ...]) -> tuple[Meld, ...]:
        """:meth:`readings` for cards already validated and sorted (the engines' hot path)."""
        cache = self.tables.readings
        found = cache.get(key)
        if found is None:
            if len(key) > MAX_MELD_CARDS:
                return ()  # no rule allows such a meld; never remembered
            found = cache.put(key, tuple(_enumerate_readings(key, self)))
        return found


class _HasMeldRules(Protocol):
    @property
    def meld_rules(self) -> MeldRules: ...


RulesLike: TypeAlias = MeldRules | _HasMeldRules | None
"""Anything that says how melds work: a :class:`MeldRules`, a ruleset, or ``None`` for Scala 40."""

_DEFAULT_RULES = MeldRules()


def _meld_rules_from(fields: dict[str, Any]) -> MeldRules:
    """The rules of ``fields`` (how a pickled :class:`MeldRules` comes back)."""
    return MeldRules(**fields)


def resolve_meld_rules(rules: RulesLike) -> MeldRules:
    """The :class:`MeldRules` of a ruleset, the rules themselves, or the default for ``None``."""
    if rules is None:
        return _DEFAULT_RULES
    if isinstance(rules, MeldRules):
        return rules
    try:
        meld_rules = getattr(rules, "meld_rules", None)
    except Exception:  # a property that fails: not rules
        meld_rules = None
    if isinstance(meld_rules, MeldRules):
        return meld_rules
    raise InvalidArgumentError(f"expected a Ruleset, MeldRules or None, got {describe(rules)}")


@attrs.frozen(repr=False)
class Extension:
    """One way to add a card to a meld: which card, at which end, standing for what.

    >>> from scala40 import check_meld
    >>> check_meld("5S 6S 7S").extensions()[:2]
    (<Extension 4S@low>, <Extension JK=4S@low>)
    """

    card: Card
    """The card added (a wild card, or a natural card)."""
    end: MeldEnd
    """Where it goes."""
    represents: Card
    """The natural card it stands for (the card itself when natural)."""

    def __str__(self) -> str:
        return f"{placed_card_text(self.card, self.represents)}@{self.end.value}"

    def __repr__(self) -> str:
        return f"<Extension {self}>"


@attrs.frozen(repr=False, cache_hash=True)
class Meld:
    """A valid meld: its kind, its cards in order and what each stands for.

    Melds are made by :func:`check_meld`, :func:`meld_interpretations` and the
    methods below, never by hand: they are valid by construction. ``cards``
    lists the cards lowest first (a sequence) or by suit (a set);
    ``represented[i]`` is the natural card ``cards[i]`` stands for (itself when
    natural; C-WILD).

    >>> from scala40 import check_meld
    >>> meld = check_meld("5D 5H 5S")
    >>> meld.kind.value, meld.value, [str(e) for e in meld.extensions()]
    ('set', 15, ['5C@set', 'JK=5C@set'])
    >>> str(meld.extend("5C"))
    '5S 5H 5D 5C'
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    represented: tuple[Card, ...]
    start: int
    """Sequences: index of the first card in :attr:`MeldRules.sequence_slots`; sets: -1."""
    value: int
    """Total meld value under the rules (S40-MELD-VALUE)."""
    _rules: MeldRules = attrs.field(eq=False, hash=False)
    _swaps: tuple[tuple[int, Card], ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, metadata={"cache": True}
    )

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce_fields(self)  # its fields, the cache left out, the hash anew

    @property
    def rules(self) -> MeldRules:
        """The rules this meld was checked under."""
        return self._rules

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __str__(self) -> str:
        # A wild card shows what it stands for, even itself (2S=2S), except in a meld of
        # wild cards only, where the cards stand for nothing else.
        wild = self._rules.tables.wild_cards if self.kind is not _WILD_KIND else ()
        return " ".join(
            f"{CARD_NAMES[card]}={CARD_NAMES[rep]}" if card in wild else CARD_NAMES[card]
            for card, rep in zip(self.cards, self.represented)
        )

    def __repr__(self) -> str:
        return f"<Meld {self.kind.value} {self} value={self.value}>"

    @property
    def suit(self) -> int:
        """The suit of a sequence, or -1 for a set."""
        return SUIT_OF[self.represented[0]] if self.kind is _SEQUENCE_KIND else -1

    @property
    def rank(self) -> int:
        """The rank of a set, or 0 for a sequence."""
        return RANK_OF[self.represented[0]] if self.kind is _SET_KIND else 0

    @property
    def wild_count(self) -> int:
        """How many wild cards the meld holds."""
        wild = self._rules.tables.wild_cards
        if len(wild) == 1:
            return self.cards.count(JOKER)  # jokers are the only wild cards
        return sum(1 for card in self.cards if card in wild)

    @property
    def wild_positions(self) -> tuple[int, ...]:
        """Indexes in :attr:`cards` of the wild cards."""
        wild = self._rules.tables.wild_cards
        return tuple(i for i, card in enumerate(self.cards) if card in wild)

    def extensions(self) -> tuple[Extension, ...]:
        """Every distinct way to add one card to this meld (S40-AFTER-OPEN, S40-LAYOFF-JOKER).

        >>> from scala40 import check_meld
        >>> [str(e) for e in check_meld("6S 7S 8S").extensions()]
        ['5S@low', 'JK=5S@low', '9S@high', 'JK=9S@high']
        >>> [str(e) for e in check_meld("JK 7S 8S").extensions()]  # one joker already
        ['5S@low', '9S@high']
        """
        cache = self._rules.tables.extensions
        found = cache.get(self)
        if found is None:
            found = cache.put(self, self._find_extensions())
        return found

    def _find_extensions(self) -> tuple[Extension, ...]:
        rules = self._rules
        derived = rules.tables
        if self.kind is _WILD_KIND:
            # A meld of wild cards takes only its own kind (SK-WILDMELD).
            if rules.wild_meld_max is not None and len(self.cards) >= rules.wild_meld_max:
                return ()
            kind = wild_kind(self.cards[0])
            return tuple(
                Extension(card, _SET_END, card)
                for card in sorted(derived.wild_cards)
                if wild_kind(card) == kind
            )
        wild_count = self.wild_count
        size = len(self.cards)
        can_add_wild = (rules.max_wilds is None or wild_count < rules.max_wilds) and (
            rules.min_natural_lead is None
            or (size - wild_count) - (wild_count + 1) >= rules.min_natural_lead
        )
        wilds = sorted(derived.wild_cards) if can_add_wild else []
        found: list[Extension] = []
        if self.kind is _SET_KIND:
            if size >= rules.set_max:
                return ()
            rank = self.rank
            if not rules.set_suits_distinct:
                # Suits may repeat: the grown set has one reading as a set (its size, wild
                # cards and natural lead allow the card: checked above), where a natural
                # card stands for itself and a wild card for what that reading gives it.
                # A card wild in itself (a wild rank's, the A♦ of CH-DECK) comes as a wild.
                held = [card for card in self.cards if card not in derived.wild_cards]
                held_wilds = [card for card in self.cards if card in derived.wild_cards]
                for card in [s * 13 + rank - 1 for s in range(4)]:
                    if card not in derived.wild_cards:
                        found.append(Extension(card, _SET_END, card))
                for card in wilds:
                    grown = sorted([*held_wilds, card])
                    pairs = _set_pairs(held, _repeating_set_wilds(held, grown, rank))
                    represents = next(rep for placed, rep in pairs if placed == card)
                    found.append(Extension(card, _SET_END, represents))
                return tuple(found)
            present = {SUIT_OF[rep] for rep in self.represented}
            targets = [s * 13 + rank - 1 for s in range(4) if s not in present]
            found.extend(Extension(t, _SET_END, t) for t in targets if t not in derived.wild_cards)
            found.extend(Extension(w, _SET_END, t) for t in targets for w in wilds)
            return tuple(found)
        if rules.sequence_max is not None and size >= rules.sequence_max:
            return ()
        slots = derived.slots
        suit = self.suit
        for end, index in ((_LOW_END, self.start - 1), (_HIGH_END, self.start + size)):
            if not 0 <= index < len(slots):
                continue
            target = suit * 13 + slots[index] - 1
            natural_ok = target not in derived.wild_cards and not (
                slots[index] == ACE and target in self.cards and not rules.sequence_two_aces
            )
            if natural_ok:
                found.append(Extension(target, end, target))
            found.extend(Extension(w, end, target) for w in wilds)
        return tuple(found)

    def accepts(self, card: Card | str) -> bool:
        """Whether one card can be added to this meld somewhere.

        >>> from scala40 import check_meld
        >>> check_meld("7S 8S 9S").accepts("10S"), check_meld("7S 8S 9S").accepts("7H")
        (True, False)
        """
        (code,) = as_cards([card])
        return any(ext.card == code for ext in self.extensions())

    def extend(
        self, card: Card | str, end: MeldEnd | None = None, represents: Card | str | None = None
    ) -> Meld:
        """The meld with one card added; ``end`` and ``represents`` settle any doubt.

        >>> from scala40 import MeldEnd, check_meld
        >>> str(check_meld("7S 8S 9S").extend("JK", MeldEnd.LOW))
        'JK=6S 7S 8S 9S'
        >>> check_meld("7S 8S 9S").extend("JK")
        Traceback (most recent call last):
        ...
        scala40.errors.AmbiguousMeldError: JK can be added to 7S 8S 9S in 2 ways: JK=6S@low, JK=10S@high
        """
        (code,) = as_cards([card])
        wanted = None if represents is None else as_cards([represents])[0]
        given: object = end
        if given is not None and not isinstance(given, MeldEnd):
            try:
                end = MeldEnd(given)
            except Exception:  # not a value of MeldEnd (whose message repr()s the value)
                raise InvalidArgumentError(
                    f"end must be a MeldEnd (low, high or set) or None, got {describe(given)}"
                ) from None
        options = [
            ext
            for ext in self.extensions()
            if ext.card == code
            and (end is None or ext.end is end)
            and (wanted is None or ext.represents == wanted)
        ]
        if not options:
            raise InvalidMeldError(why_not_added(self, code, end, wanted))
        if len(options) > 1:
            ways = ", ".join(str(ext) for ext in options)
            raise AmbiguousMeldError(
                f"{CARD_NAMES[code]} can be added to {self} in {len(options)} ways: {ways}",
                options,
            )
        return self.with_extension(options[0])

    def with_extension(self, ext: Extension) -> Meld:
        """The meld with ``ext`` added, for an extension taken from :meth:`extensions`
        (not checked again: the engines' hot path).

        >>> from scala40 import check_meld
        >>> meld = check_meld("6S 7S 8S")
        >>> str(meld.with_extension(meld.extensions()[2]))
        '6S 7S 8S 9S'
        """
        if type(ext) is not Extension:
            raise InvalidArgumentError(f"expected an Extension, got {describe(ext)}")
        if ext.end is _LOW_END:
            cards = (ext.card, *self.cards)
            represented = (ext.represents, *self.represented)
            return make_meld(_SEQUENCE_KIND, cards, represented, self.start - 1, self._rules)
        if ext.end is _HIGH_END:
            cards = (*self.cards, ext.card)
            represented = (*self.represented, ext.represents)
            return make_meld(_SEQUENCE_KIND, cards, represented, self.start, self._rules)
        if self.kind is _WILD_KIND:
            cards = tuple(sorted((*self.cards, ext.card)))
            return make_meld(_WILD_KIND, cards, cards, -1, self._rules)
        if not self._rules.set_suits_distinct:
            grown = self._rules.readings_of_sorted(tuple(sorted((*self.cards, ext.card))))
            return next(m for m in grown if m.kind is _SET_KIND)
        pairs = sorted(
            [*zip(self.cards, self.represented), (ext.card, ext.represents)],
            key=lambda pair: (pair[1], pair[0]),
        )
        return make_meld(
            _SET_KIND,
            tuple(c for c, _ in pairs),
            tuple(r for _, r in pairs),
            -1,
            self._rules,
        )

    def joker_swaps(self) -> tuple[tuple[int, Card], ...]:
        """For each wild card, its index and the natural card that frees it (S40-SWAP).

        Under the S40-SWAP decision only the represented card itself can take
        a wild card's place.

        >>> from scala40 import check_meld
        >>> from scala40.melds import CARD_NAMES
        >>> meld = check_meld("7S JK 9S")
        >>> [(i, CARD_NAMES[c]) for i, c in meld.joker_swaps()]
        [(1, '8S')]
        """
        swaps = self._swaps
        if swaps is None:
            wild = self._rules.tables.wild_cards
            naturals = {card for card in self.cards if card not in wild}
            # A wild standing for a card that is itself wild (a 2 in Skarney) cannot be
            # freed, nor one standing for a card the meld already holds (the second ace
            # of a 14-card sequence), unless the rules let a sequence hold both aces.
            both_aces = self._rules.sequence_two_aces and self.kind is _SEQUENCE_KIND
            swaps = tuple(
                (i, rep)
                for i, (card, rep) in enumerate(zip(self.cards, self.represented))
                if card in wild
                and rep not in wild
                and (rep not in naturals or (both_aces and RANK_OF[rep] == ACE))
            )
            object.__setattr__(self, "_swaps", swaps)
        return swaps

    def swap(self, card: Card | str) -> tuple[Meld, Card]:
        """Put a natural card in place of the wild card that stands for it (S40-SWAP).

        Returns the new meld and the wild card freed. Of two wild cards standing for the
        same card (the two aces of a 14-card sequence, where a meld may hold two), the
        first is freed.

        >>> from scala40 import MeldRules, check_meld
        >>> from scala40.melds import CARD_NAMES
        >>> meld, freed = check_meld("7S JK 9S").swap("8S")
        >>> str(meld), CARD_NAMES[freed]
        ('7S 8S 9S', 'JK')
        >>> ring = check_meld("JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", MeldRules(max_wilds=None))
        >>> str(ring.swap("AS")[0]), ring.swap("AS")[0].joker_swaps()
        ('AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS', ())
        """
        (code,) = as_cards([card])
        for index, rep in self.joker_swaps():
            if rep == code:
                cards = (*self.cards[:index], code, *self.cards[index + 1 :])
                meld = make_meld(self.kind, cards, self.represented, self.start, self._rules)
                return meld, self.cards[index]
        raise InvalidMeldError(f"{CARD_NAMES[code]} does not free a wild card in {self}")

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture, which notebooks show (:func:`scala40.drawing.meld_svg`)."""
        # The pictures are a tool: loaded when a notebook asks for one.
        from scala40.drawing._values import meld_picture

        return meld_picture(self)


def make_meld(
    kind: MeldKind,
    cards: tuple[Card, ...],
    represented: tuple[Card, ...],
    start: int,
    rules: MeldRules,
) -> Meld:
    """Build a meld already known to be valid under ``rules``, computing its value.

    For code that enumerates melds itself (the engines' searches); anything else gets
    melds from :func:`check_meld` or :func:`meld_interpretations`, which check them.
    """
    rank_values = rules.rank_values
    wild_value = rules.wild_value
    wild = rules.tables.wild_cards
    total = 0
    for card, rep in zip(cards, represented):
        if wild_value is not None and card in wild:
            total += wild_value
        else:
            total += rank_values[RANK_OF[rep]]
    # The first slot may be the low ace: worth low_ace_value, not the set/high value.
    low_ace = kind is _SEQUENCE_KIND and start == 0 and rules.tables.slots[0] == ACE
    if low_ace and (wild_value is None or cards[0] not in wild):
        total += rules.low_ace_value - rank_values[ACE]
    return Meld(kind, cards, represented, start, total, rules)


def _is_wild_meld(wilds: list[Card], rules: MeldRules) -> bool:
    """Whether wild cards alone make a meld: of one kind, in the sizes the rules allow."""
    low, high = rules.wild_meld_min, rules.wild_meld_max
    if low is None or len(wilds) < low or (high is not None and len(wilds) > high):
        return False
    return len({wild_kind(card) for card in wilds}) == 1


def _enumerate_readings(cards: tuple[Card, ...], rules: MeldRules) -> list[Meld]:
    """Every valid reading of a sorted multiset of cards.

    The layouts come first (which natural card goes where, which card each wild place
    stands for), then the distinct orders of the wild cards over each layout. Their
    product is the number of readings; cards with more than :data:`MAX_READINGS` are
    refused before any is made.
    """
    size = len(cards)
    if size > MAX_MELD_CARDS:
        return []
    derived = rules.tables
    wild_set = derived.wild_cards
    wilds = [c for c in cards if c in wild_set]
    naturals = [c for c in cards if c not in wild_set]
    wild_count = len(wilds)
    if not naturals:
        if _is_wild_meld(wilds, rules):
            return [make_meld(_WILD_KIND, cards, cards, -1, rules)]
        return []
    if rules.max_wilds is not None and wild_count > rules.max_wilds:
        return []
    if rules.min_natural_lead is not None and len(naturals) - wild_count < rules.min_natural_lead:
        return []
    ranks = {RANK_OF[c] for c in naturals}
    suits = [SUIT_OF[c] for c in naturals]
    # A long meld (RU-MELDS' Rumino) is a set or a sequence its size would not allow: one
    # comparison decides, for cards of any other size.
    long = size == rules.long_meld_size and (rules.long_meld_wilds or not wild_count)
    # Sets whose wild cards stand for chosen suits (each order of the wilds a reading), and
    # the one reading of a set whose suits may repeat.
    set_targets: list[list[Card]] = []
    plain_set: list[tuple[Card, Card]] | None = None
    if (
        len(ranks) == 1
        and (rules.set_min <= size <= rules.set_max or long)
        and ranks <= derived.ranks
    ):
        rank = naturals[0] % 13 + 1
        if rules.set_suits_distinct:
            if len(set(suits)) == len(suits):
                missing = [s for s in range(4) if s not in suits]
                for chosen in combinations(missing, wild_count):
                    set_targets.append([s * 13 + rank - 1 for s in chosen])
        else:
            plain_set = _repeating_set_wilds(naturals, wilds, rank)
    layouts = _sequence_layouts(naturals, suits, ranks, size, rules, long)
    orders = order_count(wilds)
    total = (len(set_targets) + len(layouts)) * orders + (plain_set is not None)
    if total > MAX_READINGS:
        raise InvalidMeldError(
            f"{cards_text(cards)} has {total} readings, more than the {MAX_READINGS} one meld may "
            f"have: {wild_count} wild cards, of {len(set(wilds))} kinds, in one meld"
        )
    found: list[Meld] = []
    wild_orders = unique_orders(wilds) if set_targets or layouts else []
    for targets in set_targets:
        for order in wild_orders:
            found.append(_set_meld(naturals, list(zip(order, targets)), rules))
    if plain_set is not None:
        found.append(_set_meld(naturals, plain_set, rules))
    for layout, holes, represented, start in layouts:
        for order in wild_orders:
            filled = list(layout)
            for hole, wild in zip(holes, order):
                filled[hole] = wild
            cards_in_order = tuple(card for card in filled if card is not None)
            found.append(make_meld(_SEQUENCE_KIND, cards_in_order, represented, start, rules))
    return found


def _sequence_layouts(
    naturals: list[Card],
    suits: list[int],
    ranks: set[int],
    size: int,
    rules: MeldRules,
    long: bool,
) -> list[Layout]:
    """:func:`~scala40.melds._layouts.sequence_layouts` under ``rules``, of any length
    where the cards make a long meld (:attr:`MeldRules.long_meld_size`)."""
    derived = rules.tables
    if long:
        shortest = longest = size
    else:
        shortest = rules.sequence_min
        longest = len(derived.slots) if rules.sequence_max is None else rules.sequence_max
    return sequence_layouts(
        naturals,
        suits,
        ranks,
        size,
        slots=derived.slots,
        slot_of_rank=derived.slot_of_rank,
        shortest=shortest,
        longest=longest,
        two_aces=rules.sequence_two_aces,
    )


def _repeating_set_wilds(
    naturals: list[Card], wilds: list[Card], rank: int
) -> list[tuple[Card, Card]]:
    """Each wild card of a set whose suits may repeat and the card it stands for: the
    rank in the first suit the naturals lack, the next wild card's in the next such
    suit (any suit would do, the value is the same). ``wilds`` sorted."""
    suits = [SUIT_OF[card] for card in naturals]
    missing = [s for s in range(4) if s not in suits] or [0]
    return [(wild, missing[i % len(missing)] * 13 + rank - 1) for i, wild in enumerate(wilds)]


def _set_pairs(
    naturals: list[Card], wild_pairs: list[tuple[Card, Card]]
) -> list[tuple[Card, Card]]:
    """A set's cards, each with the card it stands for, in the meld's order (by the card
    stood for, then the card)."""
    return sorted([(c, c) for c in naturals] + wild_pairs, key=lambda pair: (pair[1], pair[0]))


def _set_meld(naturals: list[Card], wild_pairs: list[tuple[Card, Card]], rules: MeldRules) -> Meld:
    pairs = _set_pairs(naturals, wild_pairs)
    # Lists made into tuples, not generators: a resumption per card costs more.
    cards = tuple([c for c, _ in pairs])
    return make_meld(_SET_KIND, cards, tuple([r for _, r in pairs]), -1, rules)


def meld_interpretations(cards: Iterable[Card] | str, rules: RulesLike = None) -> tuple[Meld, ...]:
    """Every valid reading of the cards as one meld, whatever order they are given in.

    Each reading fixes the kind, the order and the card every wild stands for
    (C-WILD). An empty tuple means the cards form no meld.

    >>> from scala40 import meld_interpretations
    >>> [str(m) for m in meld_interpretations("7S 7H JK")]
    ['7S 7H JK=7D', '7S 7H JK=7C']
    >>> [str(m) for m in meld_interpretations("JK 9C 8C")]
    ['JK=7C 8C 9C', '8C 9C JK=10C']
    """
    return resolve_meld_rules(rules).readings(cards)


def is_meld(cards: Iterable[Card] | str, rules: RulesLike = None) -> bool:
    """Whether the cards can be read as at least one valid meld.

    >>> from scala40 import is_meld
    >>> is_meld("QH KH AH"), is_meld("KH AH 2H")
    (True, False)
    """
    return bool(resolve_meld_rules(rules).readings(cards))


def check_meld(
    cards: Iterable[Card] | str,
    rules: RulesLike = None,
    *,
    joker_as: Card | str | Iterable[Card] | None = None,
    deck: Deck | None = None,
) -> Meld:
    """Validate cards as one meld and return the :class:`Meld` they form: the one verdict
    on a meld, which ``scala40 check`` and ``scala40 serve`` give too.

    ``cards`` may be text as the library writes a meld, each wild card followed by the
    card it stands for (``8C 9C JK=10C``). A wild card's represented card (C-WILD) is the
    one the text or ``joker_as`` (one card, or one per wild card) says, refused if the
    cards cannot have it; else its place when the cards are given in sequence order, in
    either direction; else the reading must be unique. The copies of each card are
    counted against ``deck``, or else the deck of ``rules`` when it is a ruleset (C-DECK,
    C-IDENTITY); meld rules alone (or ``None``) count no copies.

    :raises InvalidMeldError: the cards form no meld, or not the one the text says, or
        the deck holds no such cards; the message says why.
    :raises AmbiguousMeldError: several readings fit; ``readings`` lists them.
    :raises InvalidCardError: the text holds something that is not a card.

    >>> from scala40 import check_meld, load_game
    >>> str(check_meld("7S 7H JK", joker_as="7C")), str(check_meld("8C 9C JK=7C"))
    ('7S 7H JK=7C', 'JK=7C 8C 9C')
    >>> check_meld("7S 7H JK")
    Traceback (most recent call last):
    ...
    scala40.errors.AmbiguousMeldError: 7S 7H JK has 2 readings: 7S 7H JK=7D | 7S 7H JK=7C; say which card the wild card stands for
    >>> check_meld("9H 9C 9C")                       # S40-SET
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMeldError: 9H 9C 9C is not a meld: set has two ♣ (S40-SET)
    >>> check_meld("5D 5H 5S 5D", load_game("chinchon").ruleset_type.default())
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMeldError: 5D 5H 5S 5D is not a meld: 2 copies of 5D, but the 40-card Spanish pack has 1
    """
    meld_rules = resolve_meld_rules(rules)
    holder = deck_of(rules, deck)
    cache = meld_rules.tables.checked
    if (
        holder is None
        and joker_as is None
        and type(cards) is tuple
        and len(cards) <= MAX_MELD_CARDS
    ):
        found = cache.get(cards)
        # Equal keys may differ in type ((0.0, 1.0, 2.0) == (0, 1, 2)): only ints hit.
        if found is not None and all(type(card) is int for card in cards):
            return found
    given, said = read_meld_text(cards) if isinstance(cards, str) else (as_cards(cards), None)
    wild = meld_rules.tables.wild_cards
    if said is not None:
        said = said_readings(given, said, wild)
    problem = None if holder is None else holder.why_cannot_hold(given)
    if problem is not None:
        raise InvalidMeldError(f"{written_text(given, said)} is not a meld: {problem}")
    wanted = None if joker_as is None else wanted_readings(joker_as)
    key: object = given if wanted is None and said is None else (given, wanted, said)
    found = cache.get(key)
    if found is not None:
        return found
    readings = meld_rules.readings(given)
    if not readings:
        reason, condition = why_no_meld(given, meld_rules, MAX_MELD_CARDS)
        cited = meld_rules.rules_of(condition)
        raise InvalidMeldError(
            f"{cards_text(given)} is not a meld: {reason}"
            + (f" ({', '.join(cited)})" if cited else "")
        )
    by_suit = meld_rules.set_suits_distinct
    return cache.put(key, choose_reading(given, said, wanted, readings, wild, by_suit))
