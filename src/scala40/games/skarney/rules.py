"""The Skarney :class:`Ruleset`: one typed field per option of the rules, named presets,
and the card values of the scores (RULES Part 3).

Every option is a field whose metadata names the rule it implements. A ruleset is
validated when it is made: every problem is listed in one
:class:`~scala40.InvalidRulesetError`.

>>> from scala40.games.skarney import Ruleset
>>> Ruleset().deck.size, Ruleset(jokers=0).deck.size          # SK-DECK
(108, 104)
>>> rules = Ruleset.preset("singles")                          # SK-PLAYERS
>>> rules.partnership, rules.min_players, rules.max_players
(False, 2, 4)
>>> Ruleset(hands=9, turn_limit=0)
Traceback (most recent call last):
...
scala40.errors.InvalidRulesetError: invalid ruleset: turn_limit must be an integer from 1 to 1000000 or None, got 0; contract_melds names 7 hands, but hands is 9; hand_bonus names 7 hands, but hands is 9
>>> Ruleset.preset("free_meld").differences()
{'contract': (False, True)}
>>> data = Ruleset.preset("singles").to_dict()
>>> data["format"], data["options"]["contract_melds"]
('scala40.skarney.ruleset', [3, 3, 3, 4, 4, 4, 4])
>>> Ruleset.from_dict(data) == Ruleset.preset("singles")
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs

from scala40.cards import ACE, JOKER, RANK_OF, Card, Deck, as_card, as_cards, french_deck
from scala40.checks import describe, is_bool, is_int
from scala40.errors import InvalidArgumentError, InvalidRulesetError
from scala40.melds import Meld, MeldKind, MeldRules
from scala40.melds._members import WILD_KIND
from scala40.rulesets import (
    OptionChecks,
    RulesetBase,
    Variants,
    enum_converter,
    set_presets,
)
from scala40.rulesets import option_metadata as _rule

__all__ = [
    "HAND_SIZE",
    "MAX_HANDS",
    "MAX_JOKERS",
    "MELD_RULES",
    "MODIFIERS",
    "PRESETS",
    "Ruleset",
    "TiedHand",
    "hand_penalty",
    "hand_value",
    "max_hand_moves",
    "meld_card_points",
    "meld_points",
    "with_modifiers",
]

HAND_SIZE = 11
"""Cards dealt to each player (SK-DEAL)."""
MAX_HANDS = 100
"""The most hands a game may have (``hands``; ``contract_melds`` and ``hand_bonus`` name
one entry a hand, at most this many)."""
MAX_JOKERS = 8
"""The most jokers the deck may hold (``jokers``): a Skarney deck has at most 112 cards."""

MELD_RULES = MeldRules(
    wild_ranks=frozenset({2}),
    set_suits_distinct=False,
    max_wilds=1,
    wild_meld_min=3,
    sequence_two_aces=True,
    cites={
        "shape": ("SK-MELDS",),
        "set": ("SK-MELDS",),
        "sequence": ("SK-MELDS",),
        "wilds": ("SK-MELDS",),
        "wild-meld": ("SK-WILDMELD",),
        "pack": ("SK-DECK",),
    },
)
"""How Skarney melds are made (SK-MELDS, SK-WILDMELD): 2s and jokers wild, at most one
wild card in a mixed meld, sets of 3 or 4 cards whose suits may repeat, sequences of 3
or more in A-2-…-K-A (never K-A-2; a 14-card sequence holds both aces naturally), and
melds of 3 or more 2s or 3 or more jokers."""


class TiedHand(enum.Enum):
    """What a hand nobody went out in scores when the highest hand scores are equal
    (SK-TIE)."""

    VOID = "void"
    """The hand does not count: nobody scores anything for it (004; the default)."""
    NO_BONUS = "no_bonus"
    """Melds and cards are scored as usual; nobody gets the hand bonus."""


def _tuple_of(value: object) -> object:
    """Lists and tuples become tuples; anything else is kept for validation to report."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value


def _tied_hand(value: object) -> TiedHand:
    return enum_converter(TiedHand)(value)


@attrs.frozen(kw_only=True)
class Ruleset(RulesetBase):
    """Every option of Skarney, with 004's partnership game as the defaults (RULES Part 3).

    >>> from scala40.games.skarney.rules import Ruleset
    >>> rules = Ruleset.preset("partnership").replace(turn_limit=200)
    >>> rules.turn_limit, rules.label()
    (200, 'partnership + turn_limit=200')
    """

    partnership: bool = attrs.field(default=True, metadata=_rule("SK-PLAYERS"))
    """Four players in two partnerships, partners opposite (004); ``False``: two to four
    players each alone, "Skarney Singles" (SK-PLAYERS)."""
    jokers: int = attrs.field(default=4, metadata=_rule("SK-DECK", 0, MAX_JOKERS))
    """Jokers added to the two French packs: 4 gives 108 cards, 0 gives 104 (SK-DECK)."""
    contract: bool = attrs.field(default=True, metadata=_rule("SK-CONTRACT"))
    """A side's first melds of a hand must form its contract (SK-CONTRACT); ``False``:
    meld anything at any time (004 alternate rule 2)."""
    contract_melds: tuple[int, ...] = attrs.field(
        default=(3, 3, 3, 4, 4, 4, 4),
        converter=_tuple_of,
        metadata=_rule("SK-CONTRACT", 1, 5, most_items=MAX_HANDS),
    )
    """The number of 3-card melds of the contract, hand by hand (SK-CONTRACT)."""
    hand_bonus: tuple[int, ...] = attrs.field(
        default=(100, 100, 100, 200, 300, 400, 500),
        converter=_tuple_of,
        metadata=_rule("SK-BONUS", 0, 100_000, most_items=MAX_HANDS),
    )
    """The bonus of the side that goes out (or wins the hand), hand by hand (SK-BONUS)."""
    shutout_bonus: int = attrs.field(default=200, metadata=_rule("SK-BONUS", 0, 100_000))
    """The extra bonus of going out before any opponent has made a contract (SK-BONUS)."""
    hands: int = attrs.field(default=7, metadata=_rule("SK-GAME", 1, MAX_HANDS))
    """Hands in a game (SK-GAME)."""
    extend_limit_per_meld: int | None = attrs.field(default=2, metadata=_rule("SK-EXTEND", 0, 100))
    """Most cards a player adds to each of his side's melds in a turn (melds on the table
    when the turn began); ``None`` for no limit (SK-EXTEND)."""
    melds_with_contract: bool = attrs.field(default=True, metadata=_rule("SK-TURN"))
    """New melds and extensions are allowed in the turn the contract is made (SK-TURN)."""
    exchange_before_contract: bool = attrs.field(default=True, metadata=_rule("SK-EXCHANGE"))
    """Exchanges are allowed before one's side has made its contract (SK-EXCHANGE)."""
    no_rummy_hand_penalty: bool = attrs.field(default=True, metadata=_rule("SK-SCORE-HAND"))
    """When nobody goes out, every side subtracts the cards left in its hands
    (SK-SCORE-HAND); ``False``: nobody does."""
    tied_hand: TiedHand = attrs.field(
        default=TiedHand.VOID, converter=_tied_hand, metadata=_rule("SK-TIE")
    )
    """What a hand with equal highest hand scores and nobody out counts (SK-TIE)."""
    no_offer_back: bool = attrs.field(default=False, metadata=_rule("SK-OFFER"))
    """A player may not offer a card he accepted since his previous turn (SK-OFFER,
    Skarney Gin's rule)."""
    turn_limit: int | None = attrs.field(default=None, metadata=_rule("SK-LOOP", 1, 1_000_000))
    """Turns after which a hand ends as if the pile had run out (SK-LOOP); ``None``: no
    limit."""

    min_players: int = attrs.field(init=False, eq=False)
    """Fewest players: 4 in partnerships, 2 alone (SK-PLAYERS)."""
    max_players: int = attrs.field(init=False, eq=False)
    """Most players: 4 (SK-PLAYERS)."""

    FORMAT: ClassVar[str] = "scala40.skarney.ruleset"
    # Hands bounded at 40 turns, which the conformance corpus plays beside the presets
    # (RulesetBase.VARIANTS).
    VARIANTS: ClassVar[Variants] = (("partnership", {"turn_limit": 40}),)

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        return _cross_problems(self, checks)

    def __attrs_post_init__(self) -> None:
        self.validate_options()
        object.__setattr__(self, "min_players", 4 if self.partnership else 2)
        object.__setattr__(self, "max_players", 4)

    @property
    def deck(self) -> Deck:
        """Two French packs plus ``jokers`` jokers (SK-DECK)."""
        return french_deck(jokers=self.jokers)

    @property
    def meld_rules(self) -> MeldRules:
        """How melds are made (``MELD_RULES``; SK-MELDS, SK-WILDMELD)."""
        return MELD_RULES

    @property
    def most_hands(self) -> int:
        """A game is ``hands`` hands at most (SK-GAME).

        >>> from scala40.games.skarney.rules import Ruleset
        >>> Ruleset().most_hands
        7
        """
        return self.hands

    def contract_size(self, hand_number: int) -> int:
        """How many 3-card melds make the contract of hand ``hand_number`` (SK-CONTRACT;
        hands past the last named take the last contract).

        >>> from scala40.games.skarney.rules import Ruleset
        >>> [Ruleset().contract_size(hand) for hand in range(1, 8)]
        [3, 3, 3, 4, 4, 4, 4]

        :raises InvalidArgumentError: ``hand_number`` is not an integer.
        """
        return self.contract_melds[_hand_index(hand_number, len(self.contract_melds))]

    def bonus(self, hand_number: int) -> int:
        """The hand bonus of hand ``hand_number`` (SK-BONUS).

        >>> from scala40.games.skarney.rules import Ruleset
        >>> Ruleset().bonus(1), Ruleset().bonus(7)
        (100, 500)

        :raises InvalidArgumentError: ``hand_number`` is not an integer.
        """
        return self.hand_bonus[_hand_index(hand_number, len(self.hand_bonus))]


def _hand_index(hand_number: object, size: int) -> int:
    """The entry of a per-hand option for hand ``hand_number`` (the first for hands before
    the first, the last for hands after the last)."""
    if not is_int(hand_number):
        raise InvalidArgumentError(f"hand_number must be an integer, got {describe(hand_number)}")
    # Conditionals, not min() and max(): asked at every deal and score, for each option.
    if hand_number < 1:
        return 0
    return (hand_number if hand_number < size else size) - 1


def _cross_problems(rules: Ruleset, checks: OptionChecks) -> list[str]:
    """The problems of the options taken together (each alone is checked from its
    declaration: :func:`~scala40.rulesets.option_checks`): each per-hand list names
    every hand."""
    problems: list[str] = []
    for name in ("contract_melds", "hand_bonus"):
        value = getattr(rules, name)
        if checks.ok(name, "hands") and len(value) < rules.hands:
            problems.append(f"{name} names {len(value)} hands, but hands is {rules.hands}")
    return problems


PRESETS = set_presets(Ruleset, {
    "partnership": Ruleset(),
    "singles": Ruleset(partnership=False),
    "no_jokers": Ruleset(jokers=0),
    "free_meld": Ruleset(contract=False),
}, default="partnership")  # fmt: skip
"""Named rulesets: ``partnership`` (004's main text, the default), ``singles`` (004's
"Rules for Individual Play"), and the partnership game with either of 004's alternate
rules, ``no_jokers`` and ``free_meld`` (see :data:`MODIFIERS` to add them to any
ruleset)."""

MODIFIERS: Mapping[str, Mapping[str, Any]] = {
    "no_jokers": {"jokers": 0},
    "free_meld": {"contract": False},
}
"""004's alternate rules, as option changes that apply to any ruleset."""


def max_hand_moves(rules: Ruleset, players: int) -> int | None:
    """The most moves (chance moves included) one hand can take with ``players`` seats,
    whoever plays, or ``None`` without a ``turn_limit``: accepted stop cards can then keep
    a hand going for ever (SK-LOOP).

    A turn is a draw, the exchanges, melds and extensions, then an offer (or ``end``)
    that each other seat accepts or declines at most once. Each exchange, meld or
    extension puts a card of the hand on the table for good (an exchange takes a wild
    card back, never a natural one), so the sum ``naturals * (wilds + 1) + wilds`` over
    the table cards grows with each: at most ``P = naturals * (wilds + 1) + wilds`` in a
    hand. With a limit of ``T`` turns: at most ``1 + T * (players + 1) + P`` moves.

    >>> from scala40.games.skarney.rules import Ruleset, max_hand_moves
    >>> max_hand_moves(Ruleset(), 4) is None
    True
    >>> max_hand_moves(Ruleset(turn_limit=200), 4)
    2261
    """
    limit = rules.turn_limit
    if limit is None:
        return None
    deck = rules.deck.cards
    wild = MELD_RULES.wild_cards
    wilds = sum(card in wild for card in deck)
    naturals = len(deck) - wilds
    return 1 + limit * (players + 1) + naturals * (wilds + 1) + wilds


def with_modifiers(rules: Ruleset | str | None, *names: str) -> Ruleset:
    """``rules`` (a ruleset, a preset name or ``None``) with 004's alternate rules added.

    >>> from scala40.games.skarney.rules import with_modifiers
    >>> rules = with_modifiers("singles", "no_jokers", "free_meld")
    >>> rules.partnership, rules.jokers, rules.contract
    (False, 0, False)
    >>> with_modifiers(None, "no_twos")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidRulesetError: invalid ruleset: unknown modifier 'no_twos'; modifiers: no_jokers, free_meld
    """
    ruleset = Ruleset.resolve(rules)
    changes: dict[str, Any] = {}
    for name in names:
        given: object = name
        if not (isinstance(given, str) and given in MODIFIERS):
            raise InvalidRulesetError(
                [f"unknown modifier {describe(given)}; modifiers: {', '.join(MODIFIERS)}"]
            )
        changes.update(MODIFIERS[name])
    return ruleset.replace(**changes)


# -- the values of the cards (SK-SCORE-MELDS, SK-SCORE-HAND) -----------------------------


def _natural_points(card: Card) -> int:
    rank = RANK_OF[card]
    if rank == ACE:
        return 15
    return 10 if rank >= 10 else 5


_WILD_CARDS = MELD_RULES.wild_cards
_MIXED_POINTS = tuple(
    (50 if card == JOKER else 25) if card in _WILD_CARDS else _natural_points(card)
    for card in range(53)
)
"""The points of each card in a mixed meld: a joker 50, a 2 25 (as wild cards)."""
_WILD_MELD_POINTS = tuple(100 if card == JOKER else 50 for card in range(53))
"""The points of each card in a meld of wild cards only: a joker 100, a 2 50."""
_HAND_POINTS = tuple(
    (100 if card == JOKER else 50) if card in _WILD_CARDS else _natural_points(card)
    for card in range(53)
)


def meld_card_points(card: Card, *, in_wild_meld: bool = False) -> int:
    """The points a card scores in a meld (SK-SCORE-MELDS).

    >>> from scala40 import JOKER
    >>> from scala40.cards import as_cards
    >>> from scala40.games.skarney.rules import meld_card_points
    >>> [meld_card_points(c) for c in as_cards("JK 2S AS KH 10D 9C 3S")]
    [50, 25, 15, 10, 10, 5, 5]
    >>> meld_card_points(JOKER, in_wild_meld=True), meld_card_points(1, in_wild_meld=True)
    (100, 50)

    :raises InvalidCardError: ``card`` is not a card.
    :raises InvalidArgumentError: ``in_wild_meld`` is not True or False.
    """
    code = as_card(card)
    if not is_bool(in_wild_meld):
        raise InvalidArgumentError(
            f"in_wild_meld must be True or False, got {describe(in_wild_meld)}"
        )
    return (_WILD_MELD_POINTS if in_wild_meld else _MIXED_POINTS)[code]


def meld_points(cards: Iterable[Card], kind: MeldKind | None = None) -> int:
    """The points of a meld's cards (SK-SCORE-MELDS): ``kind`` is the meld's
    :class:`~scala40.melds.MeldKind` (``WILD`` for 2s or jokers only); a
    :class:`~scala40.melds.Meld` may be given alone.

    >>> from scala40.games.skarney.rules import MELD_RULES, meld_points
    >>> from scala40 import check_meld
    >>> meld_points(check_meld("3S JK 3H 3S", MELD_RULES)), meld_points(check_meld("2S 2H 2S", MELD_RULES))
    (65, 150)

    :raises InvalidCardError: a card of ``cards`` is not a card.
    :raises InvalidArgumentError: ``kind`` is not a :class:`~scala40.melds.MeldKind`.
    """
    if isinstance(cards, Meld):
        found: object = cards.kind if kind is None else kind
        codes = cards.cards
    else:
        found = kind
        codes = as_cards(cards)
    if found is not None and not isinstance(found, MeldKind):
        raise InvalidArgumentError(f"kind must be a MeldKind or None, got {describe(found)}")
    table = _WILD_MELD_POINTS if found is WILD_KIND else _MIXED_POINTS
    return sum(table[card] for card in codes)


def hand_penalty(cards: Iterable[Card] | str) -> int:
    """The points a hand's cards cost when subtracted (SK-SCORE-HAND): joker 100, 2 50,
    ace 15, K Q J 10 10, 9 to 3 5.

    >>> from scala40.games.skarney.rules import hand_penalty
    >>> hand_penalty("JK 2C AS KH 5D")
    180
    """
    return sum(_HAND_POINTS[card] for card in as_cards(cards))


def hand_value(cards: Iterable[Card] | str, rules: Ruleset | None = None) -> int:
    """What the cards left in a hand cost at its end (SK-SCORE-HAND), under any of the
    rulesets (none changes it): :func:`hand_penalty`.

    >>> from scala40.games.skarney.rules import Ruleset, hand_value
    >>> hand_value("JK 2C AS KH 5D", Ruleset())
    180

    :raises InvalidCardError: a card is not a card.
    :raises InvalidArgumentError: ``rules`` is neither a Skarney ruleset nor ``None``.
    """
    if rules is not None and not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Skarney Ruleset, got {describe(rules)}")
    return hand_penalty(cards)
