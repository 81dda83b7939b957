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
scala40.errors.InvalidRulesetError: invalid ruleset: min_players must be at least 2, got 1; max_players * hand_size + 2 = 119 cards needed, but the deck has 108
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from scala40._serial import expect_header
from scala40.cards import _RANK_OF, ACE, FRENCH_RANKS, JOKER, Card, Deck, as_cards, french_deck
from scala40.errors import InvalidRulesetError, SerializationError, UnknownPresetError
from scala40.melds import STANDARD_RANK_VALUES, MeldRules

__all__ = [
    "PRESETS",
    "MatchFormat",
    "RestockMethod",
    "Ruleset",
    "hand_value",
]

RULESET_FORMAT_VERSION = 1

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


def _match_format(value: MatchFormat | str) -> MatchFormat:
    # An unknown value is kept as given so that validation reports it with every other
    # problem, instead of a lone ValueError from the enum.
    try:
        return MatchFormat(value)
    except ValueError:
        return value  # type: ignore[return-value]


def _restock_method(value: RestockMethod | str) -> RestockMethod:
    try:
        return RestockMethod(value)
    except ValueError:
        return value  # type: ignore[return-value]


def _rule(rule_id: str) -> dict[str, str]:
    return {"rule": rule_id}


@attrs.frozen(kw_only=True)
class Ruleset:
    """Every option of Scala 40, with the official rules as defaults (RULES Part 2).

    Make a variant by passing options, or from a preset with :meth:`replace`:

    >>> rules = Ruleset.preset("official").replace(joker_meld_value=25)
    >>> rules.joker_meld_value, rules.preset_name() is None
    (25, True)
    >>> Ruleset.preset("federation-article").preset_name()
    'federation-article'
    """

    jokers: int = attrs.field(default=4, metadata=_rule("S40-DECK"))
    """Jokers added to the two French packs: 4 gives 108 cards, 2 gives 106 (S40-DECK)."""
    min_players: int = attrs.field(default=2, metadata=_rule("S40-PLAYERS"))
    """Fewest players a game may have (S40-PLAYERS)."""
    max_players: int = attrs.field(default=6, metadata=_rule("S40-PLAYERS"))
    """Most players a game may have (S40-PLAYERS)."""
    hand_size: int = attrs.field(default=13, metadata=_rule("S40-DEAL"))
    """Cards dealt to each player (S40-DEAL)."""
    opening_threshold: int = attrs.field(default=40, metadata=_rule("S40-OPEN"))
    """Least total meld value of a player's opening melds (S40-OPEN)."""
    max_jokers_per_meld: int | None = attrs.field(default=1, metadata=_rule("S40-V-MULTIJOKER"))
    """Most jokers in one meld (S40-JOKER); ``None`` allows any number as long as the
    meld holds more natural cards than jokers (S40-V-MULTIJOKER)."""
    joker_meld_value: int | None = attrs.field(default=None, metadata=_rule("S40-V-JOKER25"))
    """Fixed value of a joker in a meld (25 in S40-V-JOKER25); ``None`` counts the card it
    stands for (S40-MELD-VALUE)."""
    high_card_values: bool = attrs.field(default=False, metadata=_rule("S40-V-HIGHVALUES"))
    """J 11, Q 12, K 13, A 14 (a low ace still 1), and a joker in hand costs 14
    (S40-V-HIGHVALUES)."""
    lone_ace_scores_one: bool = attrs.field(default=False, metadata=_rule("S40-V-LONEACE"))
    """An ace that is the only card left in a hand costs 1 (S40-V-LONEACE)."""
    match_format: MatchFormat = attrs.field(
        default=MatchFormat.ELIMINATION, converter=_match_format, metadata=_rule("S40-ELIM")
    )
    """How hands make a match: elimination (S40-ELIM), re-entry (S40-V-REENTRY), no
    elimination (S40-V-NOELIM) or a single hand (S40-V-SINGLE)."""
    elimination_score: int = attrs.field(default=101, metadata=_rule("S40-V-TARGET"))
    """Total at which a player retires (S40-ELIM; 151, 201 or 100 in S40-V-TARGET)."""
    no_elimination_limit: int = attrs.field(default=1000, metadata=_rule("S40-V-NOELIM"))
    """Under ``MatchFormat.NO_ELIMINATION``, the total that ends the match (S40-V-NOELIM)."""
    discard_draw_to_open: bool = attrs.field(default=False, metadata=_rule("S40-V-EARLYDISCARD"))
    """A player who has not opened may take the top discard to use in this turn's
    opening (S40-V-EARLYDISCARD)."""
    double_on_open_and_close: bool = attrs.field(default=False, metadata=_rule("S40-V-DOUBLE"))
    """Opening and closing in one turn doubles the others' scores for the hand (S40-V-DOUBLE)."""
    close_on_first_turn: bool = attrs.field(default=False, metadata=_rule("S40-V-FIRSTCLOSE"))
    """Closing is allowed in the first round of turns (S40-V-FIRSTCLOSE; the default
    forbids it, S40-FIRST-ROUND)."""
    not_opened_penalty: int | None = attrs.field(default=None, metadata=_rule("S40-V-NOTOPENED"))
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
        default=RestockMethod.SHUFFLE, converter=_restock_method, metadata=_rule("S40-RESTOCK")
    )
    """How the stock is rebuilt when it runs out (S40-RESTOCK, S40-V-RESTOCK-FLIP)."""

    _meld_rules: MeldRules = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise InvalidRulesetError(problems)
        high = self.high_card_values
        meld_rules = _shared(MeldRules(
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
        return french_deck(jokers=self.jokers)

    @property
    def max_sequence_length(self) -> int | None:
        """The longest sequence allowed, or ``None`` for no limit (S40-V-SPLIT)."""
        return 5 if self.split_sequences else None

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some options changed, validated again.

        >>> Ruleset().replace(jokers=-1)
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidRulesetError: invalid ruleset: jokers must be an integer from 0 to 8, got -1
        """
        unknown = sorted(set(changes) - set(option_names()))
        if unknown:
            raise InvalidRulesetError([f"unknown option {name!r}" for name in unknown])
        return attrs.evolve(self, **changes)

    @classmethod
    def preset(cls, name: str) -> Ruleset:
        """The ruleset of a named preset (see :data:`PRESETS`).

        >>> Ruleset.preset("online").jokers
        2
        >>> Ruleset.preset("house")
        Traceback (most recent call last):
        ...
        scala40.errors.UnknownPresetError: no preset named 'house'; presets: official, classic, federation-article, online
        """
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            known = ", ".join(PRESETS)
            raise UnknownPresetError(f"no preset named {name!r}; presets: {known}") from None

    def preset_name(self) -> str | None:
        """The name of the preset equal to this ruleset, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    def options(self) -> dict[str, Any]:
        """Every option and its value, in declaration order."""
        return {name: getattr(self, name) for name in option_names()}

    def differences(self, other: Ruleset | None = None) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ from ``other`` (the official rules by default).

        >>> Ruleset.preset("classic").differences()
        {'split_sequences': (True, False)}
        """
        base = PRESETS["official"] if other is None else other
        return {
            name: (getattr(self, name), getattr(base, name))
            for name in option_names()
            if getattr(self, name) != getattr(base, name)
        }

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the ruleset (all options, versioned).

        >>> data = Ruleset.preset("online").to_dict()
        >>> data["format"], data["version"], data["options"]["restock"]
        ('scala40.ruleset', 1, 'flip')
        >>> Ruleset.from_dict(data) == Ruleset.preset("online")
        True
        """
        options = {
            name: value.value if isinstance(value, enum.Enum) else value
            for name, value in self.options().items()
        }
        return {"format": "scala40.ruleset", "version": RULESET_FORMAT_VERSION, "options": options}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Rebuild a ruleset from :meth:`to_dict` output, refusing anything malformed."""
        data = expect_header(data, "ruleset", RULESET_FORMAT_VERSION)
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise SerializationError("ruleset: 'options' must be a mapping")
        unknown = sorted(set(options) - set(option_names()))
        if unknown:
            raise SerializationError(f"ruleset: unknown options {unknown}")
        try:
            return cls(**options)
        except (InvalidRulesetError, ValueError, TypeError) as error:
            raise SerializationError(f"ruleset: {error}") from error


_SHARED_MELD_RULES: dict[MeldRules, MeldRules] = {}


def _shared(rules: MeldRules) -> MeldRules:
    """One MeldRules object per distinct value: equal rulesets (one loaded from JSON, say)
    then share the meld caches instead of filling new ones."""
    return _SHARED_MELD_RULES.setdefault(rules, rules)


def option_names() -> tuple[str, ...]:
    """Names of every ruleset option, in declaration order."""
    return tuple(field.name for field in attrs.fields(Ruleset) if field.init)


def option_rule(name: str) -> str:
    """The rule ID an option implements (for documentation and the command line)."""
    return str(attrs.fields_dict(Ruleset)[name].metadata["rule"])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(rules: Ruleset) -> list[str]:
    problems: list[str] = []

    def need_int(name: str, low: int, high: int | None = None, optional: bool = False) -> bool:
        value = getattr(rules, name)
        if optional and value is None:
            return True
        ok = _is_int(value) and value >= low and (high is None or value <= high)
        if not ok:
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            extra = " or None" if optional else ""
            problems.append(f"{name} must be an integer {span}{extra}, got {value!r}")
        return ok

    for name in (
        "high_card_values", "lone_ace_scores_one", "discard_draw_to_open",
        "double_on_open_and_close", "close_on_first_turn", "ban_playable_discard_unopened",
        "ban_playable_discard_opened", "ban_playable_discard_closing",
        "first_player_takes_upcard", "close_without_discard", "discard_four_of_a_kind",
        "split_sequences",
    ):  # fmt: skip
        if not isinstance(getattr(rules, name), bool):
            problems.append(f"{name} must be True or False, got {getattr(rules, name)!r}")
    # The converters keep unknown values as given, so these fields may hold anything.
    match_format: object = rules.match_format
    if not isinstance(match_format, MatchFormat):
        known = ", ".join(repr(f.value) for f in MatchFormat)
        problems.append(f"match_format must be one of {known}, got {match_format!r}")
    restock: object = rules.restock
    if not isinstance(restock, RestockMethod):
        known = ", ".join(repr(r.value) for r in RestockMethod)
        problems.append(f"restock must be one of {known}, got {restock!r}")
    jokers_ok = need_int("jokers", 0, 8)
    hand_ok = need_int("hand_size", 3, 30)
    if _is_int(rules.min_players) and rules.min_players < 2:
        problems.append(f"min_players must be at least 2, got {rules.min_players}")
    elif not _is_int(rules.min_players):
        problems.append(f"min_players must be an integer, got {rules.min_players!r}")
    if not _is_int(rules.max_players):
        problems.append(f"max_players must be an integer, got {rules.max_players!r}")
    elif _is_int(rules.min_players) and rules.max_players < rules.min_players:
        problems.append(
            f"max_players ({rules.max_players}) is below min_players ({rules.min_players})"
        )
    elif jokers_ok and hand_ok:
        # Every hand, the turned-up card and at least one card to draw must fit in the deck.
        needed = rules.max_players * rules.hand_size + 2
        size = 104 + rules.jokers
        if needed > size:
            problems.append(
                f"max_players * hand_size + 2 = {needed} cards needed, but the deck has {size}"
            )
    need_int("opening_threshold", 0)
    need_int("max_jokers_per_meld", 1, optional=True)
    need_int("joker_meld_value", 0, optional=True)
    need_int("elimination_score", 1)
    need_int("no_elimination_limit", 1)
    need_int("not_opened_penalty", 0, optional=True)
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


def hand_value(cards: Iterable[Card] | str, rules: Ruleset | None = None) -> int:
    """Penalty value of cards left in a hand (S40-HAND-VALUE).

    2-10 face value, J Q K 10, ace 11, joker 25; under S40-V-HIGHVALUES J 11,
    Q 12, K 13, A 14 and joker 14; under S40-V-LONEACE an ace alone in hand 1.

    >>> hand_value("AS KH 7D JK")
    53
    >>> hand_value("AS KH 7D JK", Ruleset(high_card_values=True))
    48
    >>> hand_value("AH", Ruleset.preset("online")), hand_value("AH")
    (1, 11)
    """
    hand = as_cards(cards)
    rules = rules if rules is not None else PRESETS["official"]
    table = _HAND_TABLES[rules.high_card_values]
    if rules.lone_ace_scores_one and len(hand) == 1 and _RANK_OF[hand[0]] == ACE:
        return 1
    return sum(table[card] for card in hand)


def _hand_table(high: bool) -> tuple[int, ...]:
    ranks = _HIGH_RANK_VALUES if high else STANDARD_RANK_VALUES
    return (*tuple(ranks[_RANK_OF[card]] for card in range(52)), 14 if high else 25)


_HAND_TABLES = {False: _hand_table(False), True: _hand_table(True)}
assert _HAND_TABLES[False][JOKER] == 25

PRESETS: dict[str, Ruleset] = {
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
}
"""Named rulesets: ``official`` (000 + 003), ``classic`` (+ S40-V-SPLIT),
``federation-article`` (the 001 text: S40-V-JOKER25 + S40-V-NODISCARDCLOSE) and
``online`` (the 002 text)."""
