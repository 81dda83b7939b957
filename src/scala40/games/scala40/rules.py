"""The Scala 40 :class:`Ruleset`: one typed field per option of the rules, and named presets.

Every variant in the rules is a field (its docstring names the rule ID). A
ruleset is validated when it is made: options out of range or contradicting
each other raise :class:`~scala40.InvalidRulesetError` listing every problem.

>>> from scala40 import Ruleset
>>> Ruleset.preset("classic").split_sequences          # S40-V-SPLIT
True
>>> Ruleset(opening_threshold=51, jokers=2).deck.size  # S40-OPEN, S40-DECK
106
>>> Ruleset(min_players=1, max_players=9)
Traceback (most recent call last):
...
scala40.errors.InvalidRulesetError: invalid ruleset: min_players must be an integer of at least 2, got 1; max_players * hand_size + 2 = 119 cards needed, but the deck has 108

What every game's ruleset shares comes from :class:`~scala40.rulesets.RulesetBase`:

>>> Ruleset().replace(jokers=-1)
Traceback (most recent call last):
...
scala40.errors.InvalidRulesetError: invalid ruleset: jokers must be an integer from 0 to 8, got -1
>>> Ruleset.preset("house")
Traceback (most recent call last):
...
scala40.errors.UnknownPresetError: no preset named 'house'; presets: official, classic, federation-article, online
>>> Ruleset.preset("classic").differences()
{'split_sequences': (True, False)}
>>> data = Ruleset.preset("online").to_dict()
>>> data["format"], data["version"], data["options"]["restock"]
('scala40.ruleset', 1, 'flip')
>>> Ruleset.from_dict(data) == Ruleset.preset("online")
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from scala40._cache import BoundedCache
from scala40.cards import ACE, FRENCH_RANKS, JOKER, RANK_OF, Card, Deck, as_cards, french_deck
from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.melds import MAX_CARD_VALUE, STANDARD_RANK_VALUES, MeldRules
from scala40.rulesets import (
    OptionChecks,
    RulesetBase,
    Variants,
    enum_converter,
    set_presets,
    shared_meld_rules,
)
from scala40.rulesets import option_metadata as _rule

__all__ = [
    "MAX_HAND_SIZE",
    "MAX_POINTS_OPTION",
    "PRESETS",
    "MatchFormat",
    "RestockMethod",
    "Ruleset",
    "final_scores",
    "hand_value",
    "max_hand_moves",
    "option_names",
    "option_rule",
    "rules_for_match",
]

MAX_HAND_SIZE = 13
"""The most cards :attr:`Ruleset.hand_size` deals: the 13 of S40-DEAL. A hand then never
holds more than 14 cards (13 and the card drawn), the size every search of a hand
(legal moves, :mod:`scala40.games.scala40.analysis`) is bounded by."""
MAX_POINTS_OPTION = 100_000
"""The largest score target (``elimination_score``, ``no_elimination_limit``) a ruleset
accepts; ``not_opened_penalty`` goes up to a tenth of it, ``opening_threshold`` to a
hundredth."""

# Meld values of ranks 0-13 under S40-V-HIGHVALUES: J 11, Q 12, K 13, A 14.
_HIGH_RANK_VALUES = (0, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


class MatchFormat(enum.Enum):
    """How hands add up to a match (S40-ELIM and its variants)."""

    ELIMINATION = "elimination"
    """S40-ELIM: a player reaching ``elimination_score`` retires; the last one left wins."""
    REENTRY = "reentry"
    """S40-V-REENTRY: while two or more are below the target, those reaching it re-enter."""
    NO_ELIMINATION = "no-elimination"
    """S40-V-NOELIM: play until a total reaches ``no_elimination_limit``; the lowest wins."""
    SINGLE = "single"
    """S40-V-SINGLE: one hand; the closer wins and no totals are kept."""


class RestockMethod(enum.Enum):
    """How the stock is rebuilt from the discard pile when it runs out."""

    SHUFFLE = "shuffle"
    """S40-RESTOCK: the whole discard pile is shuffled into the new stock."""
    FLIP = "flip"
    """S40-V-RESTOCK-FLIP: the pile is turned over unshuffled; its first card starts the pile."""


def _match_format(value: object) -> MatchFormat:
    return enum_converter(MatchFormat)(value)


def _restock_method(value: object) -> RestockMethod:
    return enum_converter(RestockMethod)(value)


@attrs.frozen(kw_only=True)
class Ruleset(RulesetBase):
    """Every option of Scala 40, with the official rules as defaults (RULES Part 2).

    Make a variant by passing options, or from a preset with :meth:`replace`:

    >>> from scala40 import Ruleset
    >>> rules = Ruleset.preset("official").replace(joker_meld_value=25)
    >>> rules.joker_meld_value, rules.preset_name() is None
    (25, True)
    >>> Ruleset.preset("federation-article").preset_name()
    'federation-article'
    """

    jokers: int = attrs.field(default=4, metadata=_rule("S40-DECK", 0, 8))
    """Jokers added to the two French packs: 4 gives 108 cards, 2 gives 106 (S40-DECK)."""
    min_players: int = attrs.field(default=2, metadata=_rule("S40-PLAYERS", 2))
    """Fewest players a game may have (S40-PLAYERS)."""
    max_players: int = attrs.field(default=6, metadata=_rule("S40-PLAYERS", 2))
    """Most players a game may have (S40-PLAYERS)."""
    hand_size: int = attrs.field(default=13, metadata=_rule("S40-DEAL", 3, MAX_HAND_SIZE))
    """Cards dealt to each player (S40-DEAL)."""
    opening_threshold: int = attrs.field(
        default=40, metadata=_rule("S40-OPEN", 0, MAX_POINTS_OPTION // 100)
    )
    """Least total meld value of a player's opening melds (S40-OPEN)."""
    max_jokers_per_meld: int | None = attrs.field(
        default=1, metadata=_rule("S40-V-MULTIJOKER", 1, 8)
    )
    """Most jokers in one meld (S40-JOKER); ``None`` allows any number as long as the
    meld holds more natural cards than jokers (S40-V-MULTIJOKER)."""
    joker_meld_value: int | None = attrs.field(
        default=None, metadata=_rule("S40-V-JOKER25", 0, MAX_CARD_VALUE)
    )
    """Fixed value of a joker in a meld (25 in S40-V-JOKER25); ``None`` counts the card it
    stands for (S40-MELD-VALUE)."""
    high_card_values: bool = attrs.field(default=False, metadata=_rule("S40-V-HIGHVALUES"))
    """J 11, Q 12, K 13, A 14 (a low ace still 1), and a joker in hand costs 14
    (S40-V-HIGHVALUES)."""
    lone_ace_scores_one: bool = attrs.field(default=False, metadata=_rule("S40-V-LONEACE"))
    """An ace that is the only card left in a hand costs 1 (S40-V-LONEACE)."""
    match_format: MatchFormat = attrs.field(
        default=MatchFormat.ELIMINATION,
        converter=_match_format,
        metadata=_rule("S40-ELIM"),
    )
    """How hands make a match: elimination (S40-ELIM), re-entry (S40-V-REENTRY), no
    elimination (S40-V-NOELIM) or a single hand (S40-V-SINGLE)."""
    elimination_score: int = attrs.field(
        default=101, metadata=_rule("S40-V-TARGET", 1, MAX_POINTS_OPTION)
    )
    """Total at which a player retires (S40-ELIM; 151, 201 or 100 in S40-V-TARGET)."""
    no_elimination_limit: int = attrs.field(
        default=1000, metadata=_rule("S40-V-NOELIM", 1, MAX_POINTS_OPTION)
    )
    """Under ``MatchFormat.NO_ELIMINATION``, the total that ends the match (S40-V-NOELIM)."""
    discard_draw_to_open: bool = attrs.field(default=False, metadata=_rule("S40-V-EARLYDISCARD"))
    """A player who has not opened may take the top discard to use in this turn's
    opening (S40-V-EARLYDISCARD)."""
    double_on_open_and_close: bool = attrs.field(default=False, metadata=_rule("S40-V-DOUBLE"))
    """Opening and closing in one turn doubles the others' scores for the hand (S40-V-DOUBLE)."""
    close_on_first_turn: bool = attrs.field(default=False, metadata=_rule("S40-V-FIRSTCLOSE"))
    """Closing is allowed in the first round of turns (S40-V-FIRSTCLOSE; the default
    forbids it, S40-FIRST-ROUND)."""
    not_opened_penalty: int | None = attrs.field(
        default=None, metadata=_rule("S40-V-NOTOPENED", 0, MAX_POINTS_OPTION // 10)
    )
    """Flat score of a player who has not opened when another closes (100 in
    S40-V-NOTOPENED); ``None`` counts the cards (S40-SCORE)."""
    ban_playable_discard_unopened: bool = attrs.field(
        default=True, metadata=_rule("S40-V-PLAYABLE")
    )
    """A player who has not opened may not discard a card that extends a table meld
    (S40-DISCARD, S40-V-PLAYABLE)."""
    ban_playable_discard_opened: bool = attrs.field(
        default=False, metadata=_rule("S40-V-PLAYABLE")
    )
    """A player who has opened may not discard a card that extends a table meld
    (S40-V-PLAYABLE)."""
    ban_playable_discard_closing: bool = attrs.field(
        default=False, metadata=_rule("S40-V-PLAYABLE")
    )
    """The closing discard may not be a card that extends a table meld (S40-V-PLAYABLE)."""
    first_player_takes_upcard: bool = attrs.field(default=False, metadata=_rule("S40-V-UPCARD"))
    """The first player of a hand may take the turned-up card and keep it (S40-V-UPCARD)."""
    close_without_discard: bool = attrs.field(
        default=False, metadata=_rule("S40-V-NODISCARDCLOSE")
    )
    """A player may close by melding every card, with no final discard (S40-V-NODISCARDCLOSE)."""
    discard_four_of_a_kind: bool = attrs.field(default=False, metadata=_rule("S40-V-FOURKIND"))
    """A four-of-a-kind put down without a joker goes to the discard pile (S40-V-FOURKIND)."""
    split_sequences: bool = attrs.field(default=False, metadata=_rule("S40-V-SPLIT"))
    """No sequence longer than 5 cards; longer ones are split into sequences of 3-5
    cards (S40-V-SPLIT)."""
    restock: RestockMethod = attrs.field(
        default=RestockMethod.SHUFFLE,
        converter=_restock_method,
        metadata=_rule("S40-RESTOCK"),
    )
    """How the stock is rebuilt when it runs out (S40-RESTOCK, S40-V-RESTOCK-FLIP)."""
    turn_limit: int | None = attrs.field(default=None, metadata=_rule("S40-STALL", 1, 1_000_000))
    """Turns (discards, all players together) after which a hand ends blocked, as under
    S40-RESTOCK: nobody scores for it (S40-STALL Decision). ``None``, the default: every
    hand ends by S40-STALL anyway, but under S40-V-FOURKIND a hand can go on for ever,
    and this option bounds it."""

    _meld_rules: MeldRules = attrs.field(init=False, repr=False, eq=False, hash=False)

    FORMAT: ClassVar[str] = "scala40.ruleset"
    # The variant rules that no preset switches on, and the ways of making a match,
    # which the conformance corpus plays beside the presets (RulesetBase.VARIANTS).
    VARIANTS: ClassVar[Variants] = (
        ("official", {"not_opened_penalty": 100}),
        ("official", {"double_on_open_and_close": True, "close_on_first_turn": True}),
        ("official", {"high_card_values": True}),
        ("official", {"lone_ace_scores_one": True}),
        ("official", {"discard_draw_to_open": True}),
        ("official", {"first_player_takes_upcard": True}),
        ("official", {"close_without_discard": True}),
        ("official", {"discard_four_of_a_kind": True}),
        ("official", {"max_jokers_per_meld": 2}),
        ("official", {"joker_meld_value": 25}),
        ("official", {"restock": "flip"}),
        ("official", {"ban_playable_discard_opened": True, "ban_playable_discard_closing": True}),
        ("official", {"match_format": "single"}),
        ("official", {"match_format": "reentry"}),
        ("official", {"match_format": "no-elimination"}),
        ("official", {"elimination_score": 151}),
    )

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        return _cross_problems(self, checks)

    def __attrs_post_init__(self) -> None:
        self.validate_options()
        high = self.high_card_values
        meld_rules = shared_meld_rules(MeldRules(
            rank_order=FRENCH_RANKS,
            max_wilds=self.max_jokers_per_meld,
            # S40-V-MULTIJOKER decision: more natural cards than jokers.
            min_natural_lead=1 if self.max_jokers_per_meld != 1 else None,
            sequence_max=5 if self.split_sequences else None,
            rank_values=_HIGH_RANK_VALUES if high else STANDARD_RANK_VALUES,
            wild_value=self.joker_meld_value,
        ))  # fmt: skip
        object.__setattr__(self, "_meld_rules", meld_rules)

    @property
    def meld_rules(self) -> MeldRules:
        """The :class:`~scala40.MeldRules` these options give."""
        return self._meld_rules

    @property
    def deck(self) -> Deck:
        """The deck: two French packs plus :attr:`jokers` jokers (S40-DECK)."""
        deck = _FRENCH_DECKS.get(self.jokers)
        if deck is None:
            deck = _FRENCH_DECKS.put(self.jokers, french_deck(jokers=self.jokers))
        return deck

    @property
    def max_sequence_length(self) -> int | None:
        """The longest sequence allowed, or ``None`` for no limit (S40-V-SPLIT)."""
        return 5 if self.split_sequences else None

    @property
    def most_hands(self) -> int | None:
        """1 for a single hand (``match_format`` single), else ``None``: hands go on
        until the scores decide (S40-V-SINGLE).

        >>> from scala40 import Ruleset
        >>> Ruleset(match_format="single").most_hands, Ruleset().most_hands
        (1, None)
        """
        return 1 if self.match_format is MatchFormat.SINGLE else None

    def with_match_format(self, match: object) -> Ruleset:
        """A copy under another match format (S40-ELIM and its variants), the options that
        only change totals switched off for a single hand (see :func:`rules_for_match`).

        >>> from scala40 import Ruleset
        >>> Ruleset.preset("online").with_match_format("single").double_on_open_and_close
        False
        """
        return rules_for_match(self, match)  # type: ignore[arg-type]


_FRENCH_DECKS: BoundedCache[int, Deck] = BoundedCache("scala40 decks by jokers", limit=64)
"""The deck of each number of jokers (every deal reads it)."""


def option_names() -> tuple[str, ...]:
    """Names of every ruleset option, in declaration order (:meth:`Ruleset.option_names`)."""
    return Ruleset.option_names()


def option_rule(name: str) -> str:
    """The rule ID an option implements (:meth:`Ruleset.option_rule`)."""
    return Ruleset.option_rule(name)


def _cross_problems(rules: Ruleset, checks: OptionChecks) -> list[str]:
    """The problems of the options taken together (each alone is checked from its
    declaration: :func:`~scala40.rulesets.option_checks`)."""
    problems: list[str] = []
    if checks.ok("min_players", "max_players") and rules.max_players < rules.min_players:
        problems.append(
            f"max_players ({describe(rules.max_players)}) is below min_players "
            f"({describe(rules.min_players)})"
        )
    elif checks.ok("max_players", "jokers", "hand_size"):
        # Every hand, the turned-up card and at least one card to draw must fit in the deck.
        size = 104 + rules.jokers
        if rules.max_players > size:
            problems.append(
                f"max_players * hand_size + 2 cards are needed, but the deck has {size}, "
                f"got max_players={describe(rules.max_players)}"
            )
        else:
            needed = rules.max_players * rules.hand_size + 2
            if needed > size:
                problems.append(
                    f"max_players * hand_size + 2 = {needed} cards needed, but the deck has {size}"
                )
    if rules.match_format is MatchFormat.SINGLE:
        if rules.double_on_open_and_close:
            problems.append(
                "double_on_open_and_close needs scores, but match_format 'single' keeps none"
            )
        if rules.not_opened_penalty is not None:
            problems.append(
                "not_opened_penalty needs scores, but match_format 'single' keeps none"
            )
    if rules.jokers == 0 and rules.joker_meld_value is not None:
        problems.append("joker_meld_value is set but the deck has no jokers")
    return problems


def max_hand_moves(rules: Ruleset, players: int) -> int | None:
    """The most moves (chance moves included) one hand can take, whoever plays: every hand
    ends (S40-STALL). ``players`` does not change it. Under S40-V-FOURKIND without a
    ``turn_limit``, ``None``: a natural four of a kind leaves the table for the discard
    pile, so the same cards can be melded again and again.

    With a ``turn_limit`` of ``T`` turns, the hand ends blocked after its ``T``-th
    discard. Within a turn, each meld, layoff, split or joker swap lowers
    ``(jokers + 1) * naturals + jokers`` over the cards of the hand (a swap gives a
    natural card for a joker), so a turn is a draw, a rebuild of the stock at most, at
    most ``(jokers + 1) * D`` melding moves and a discard: at most
    ``1 + T * (3 + (jokers + 1) * D)`` moves, whichever bound is the lower.

    Each meld, layoff, split (S40-V-SPLIT) or joker swap puts a card of the hand on the
    table for good (a swap takes a joker back, never a natural card), so the sum
    ``naturals * (jokers + 1) + jokers`` over the table cards grows with each of them:
    there are at most ``P = naturals * (jokers + 1) + jokers`` in a hand, naturals and
    jokers counted in the deck. A card taken from the discard pile must be melded
    (S40-DRAW-DISCARD; the turned-up card of S40-V-UPCARD is one more): at most
    ``P + 1`` such draws. Every other turn draws from the stock,
    at most ``D`` (the deck's size) times between two rebuilds; the stock is rebuilt at
    most ``P + 1`` times (S40-STALL ends the hand at a rebuild with nothing put on the
    table since the last). A turn is a draw, its melding moves and at most one discard:
    at most ``1 + (P + 1) + 2 * (D * (P + 2) + P + 1) + P`` moves (the deal, the
    rebuilds, the turns).

    >>> from scala40 import Ruleset
    >>> from scala40.games.scala40.rules import max_hand_moves
    >>> max_hand_moves(Ruleset(), 2)
    115716
    >>> max_hand_moves(Ruleset(discard_four_of_a_kind=True), 2) is None
    True
    >>> max_hand_moves(Ruleset(discard_four_of_a_kind=True, turn_limit=200), 2)
    108601
    """
    deck = rules.deck.cards
    wild = rules.meld_rules.wild_cards
    jokers = sum(card in wild for card in deck)
    limit = rules.turn_limit
    limited = None if limit is None else 1 + limit * (3 + (jokers + 1) * len(deck))
    if rules.discard_four_of_a_kind:
        return limited
    naturals = len(deck) - jokers
    progress = naturals * (jokers + 1) + jokers
    turns = len(deck) * (progress + 2) + progress + 1
    stalled = 1 + (progress + 1) + 2 * turns + progress
    return stalled if limited is None else min(stalled, limited)


def hand_value(cards: Iterable[Card] | str, rules: Ruleset | None = None) -> int:
    """Penalty value of cards left in a hand (S40-HAND-VALUE).

    2-10 face value, J Q K 10, ace 11, joker 25; under S40-V-HIGHVALUES J 11,
    Q 12, K 13, A 14 and joker 14; under S40-V-LONEACE an ace alone in hand 1.

    >>> from scala40 import Ruleset, hand_value
    >>> hand_value("AS KH 7D JK")
    53
    >>> hand_value("AS KH 7D JK", Ruleset(high_card_values=True))
    48
    >>> hand_value("AH", Ruleset.preset("online")), hand_value("AH")
    (1, 11)
    """
    hand = as_cards(cards)
    rules = Ruleset.resolve(rules)
    table = _HAND_TABLES[rules.high_card_values]
    if rules.lone_ace_scores_one and len(hand) == 1 and RANK_OF[hand[0]] == ACE:
        return 1
    return sum(table[card] for card in hand)


def rules_for_match(rules: Ruleset, match: MatchFormat | str) -> Ruleset:
    """``rules`` with another match format (S40-ELIM and its variants).

    A single hand keeps no totals (S40-V-SINGLE), so the options that only change
    totals (S40-V-DOUBLE, S40-V-NOTOPENED) are switched off with it.

    >>> from scala40 import Ruleset
    >>> from scala40.games.scala40.rules import rules_for_match
    >>> rules = rules_for_match(Ruleset.preset("online"), "single")
    >>> rules.match_format.value, rules.double_on_open_and_close
    ('single', False)

    :raises InvalidRulesetError: ``match`` names no match format.
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Ruleset, got {describe(rules)}")
    changes: dict[str, object] = {"match_format": match}
    if match in (MatchFormat.SINGLE, MatchFormat.SINGLE.value):
        changes.update(double_on_open_and_close=False, not_opened_penalty=None)
    return rules.replace(**changes)


def final_scores(state: Any) -> tuple[int, ...]:
    """The scores a finished or stopped game reports: its totals, or under
    ``match_format="single"`` (which keeps none, S40-V-SINGLE) the value of the cards left
    in each hand when it ended (S40-HAND-VALUE, 0 for the closer).

    >>> import scala40
    >>> from scala40.games.scala40.rules import final_scores
    >>> final_scores(scala40.new_game(players=2, seed=1))
    (0, 0)
    """
    rules = state.rules
    if isinstance(rules, Ruleset) and rules.match_format is MatchFormat.SINGLE:
        result = state.last_hand
        hands = result.hands if result is not None else state.hands
        return tuple(
            0 if result is None or result.closer == seat else hand_value(hand, rules)
            for seat, hand in enumerate(hands)
        )
    return tuple(state.scores)


def _hand_table(high: bool) -> tuple[int, ...]:
    ranks = _HIGH_RANK_VALUES if high else STANDARD_RANK_VALUES
    return (*tuple(ranks[RANK_OF[card]] for card in range(52)), 14 if high else 25)


_HAND_TABLES = {False: _hand_table(False), True: _hand_table(True)}
assert _HAND_TABLES[False][JOKER] == 25

PRESETS = set_presets(Ruleset, {
    "official": Ruleset(),
    "classic": Ruleset(split_sequences=True),
    "federation-article": Ruleset(joker_meld_value=25, close_without_discard=True),
    "online": Ruleset(
        jokers=2,
        max_players=5,
        discard_draw_to_open=True,
        first_player_takes_upcard=True,
        double_on_open_and_close=True,
        restock=RestockMethod.FLIP,
        lone_ace_scores_one=True,
        elimination_score=100,
    ),
}, default="official")  # fmt: skip
"""Named rulesets: ``official`` (000 + 003), ``classic`` (+ S40-V-SPLIT),
``federation-article`` (the 001 text: S40-V-JOKER25 + S40-V-NODISCARDCLOSE) and
``online`` (the 002 text)."""
