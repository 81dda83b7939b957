"""Shared Hypothesis strategies for cards, melds and moves (any game)."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import assume
from hypothesis import strategies as st

from scala40 import MeldRules, Ruleset
from scala40.cards import ACE, CARD_NAMES, JOKER, SPANISH_40_RANKS, Card, make_card, rank_of
from scala40.movekinds import BOOL, CARD, CARDS, INDEX, INT, OPTIONAL_CARD, OPTIONAL_CARDS, SEAT

__all__ = [
    "MELD_RULES_CONFIGS",
    "card_lists",
    "cards",
    "meld_rules_configs",
    "move_arguments",
    "natural_cards",
    "sequence_slots",
    "valid_melds",
    "wild_cards",
]

# The ``type: ignore[arg-type]`` comments below: the attrs converters of MeldRules.rank_order
# and MeldRules.wild_ranks give those parameters the type ``Iterable[_T_co]``, which mypy
# cannot match with any argument.

#: The meld rules of the games and variants the library serves, by name.
MELD_RULES_CONFIGS: dict[str, MeldRules] = {
    # S40-SEQ, S40-SET, S40-JOKER, S40-MELD-VALUE
    "scala40": MeldRules(),
    # S40-V-MULTIJOKER: any number of jokers, more naturals than jokers
    "multijoker": MeldRules(max_wilds=None, min_natural_lead=1),
    # S40-V-SPLIT: no sequence longer than 5 cards
    "split": MeldRules(sequence_max=5),
    # SK-MELDS: the 2s are wild, sets may repeat suits
    "skarney": MeldRules(
        wild_ranks=frozenset({2}),
        set_suits_distinct=False,
        sequence_two_aces=True,
    ),
    # CH-MELDS: Spanish 40-card order (J follows 7), ace low only, wilds never outnumber naturals
    "chinchon": MeldRules(
        rank_order=SPANISH_40_RANKS,
        ace_high=False,
        max_wilds=None,
        min_natural_lead=0,
    ),
    # CH-DECK, CH-MELDS: the A♦ ("as de oros") is the wild card, sets may repeat suits
    "chinchon-coins": MeldRules(
        rank_order=SPANISH_40_RANKS,
        ace_high=False,
        max_wilds=None,
        min_natural_lead=0,
        set_suits_distinct=False,
        extra_wilds=frozenset({make_card(ACE, 2)}),
    ),
    # RU-MELDS: ace low only, any number of jokers, sets regardless of suit, sequences of
    # 3-4, the Rumino of seven (jokers standing in it; not with rumino_jokers=False)
    "rumino": MeldRules(
        ace_high=False,
        max_wilds=None,
        set_suits_distinct=False,
        sequence_max=4,
        long_meld_size=7,
    ),
    "rumino-natural": MeldRules(
        ace_high=False,
        max_wilds=None,
        set_suits_distinct=False,
        sequence_max=4,
        long_meld_size=7,
        long_meld_wilds=False,
    ),
    # S40-V-HIGHVALUES
    "highvalues": Ruleset(high_card_values=True).meld_rules,
    # S40-V-JOKER25
    "joker25": Ruleset(joker_meld_value=25).meld_rules,
}


def cards() -> st.SearchStrategy[Card]:
    """Any card code: 0-51 for natural cards, 52 for the joker."""
    return st.integers(min_value=0, max_value=JOKER)


def natural_cards() -> st.SearchStrategy[Card]:
    """Any natural card code (0-51)."""
    return st.integers(min_value=0, max_value=JOKER - 1)


def card_lists(
    min_size: int = 0, max_size: int = 20, max_jokers: int = 4
) -> st.SearchStrategy[list[Card]]:
    """Lists of cards holding at most ``max_jokers`` jokers, in any order."""
    return st.lists(cards(), min_size=min_size, max_size=max_size).filter(
        lambda hand: hand.count(JOKER) <= max_jokers
    )


def meld_rules_configs() -> st.SearchStrategy[MeldRules]:
    """One of the meld rules in :data:`MELD_RULES_CONFIGS`."""
    return st.sampled_from(list(MELD_RULES_CONFIGS.values()))


def sequence_slots(rules: MeldRules) -> list[int]:
    """The ranks a sequence may run through, lowest first, worked out from the rule fields."""
    middle = [rank for rank in rules.rank_order if rank != ACE]
    has_ace = ACE in rules.rank_order
    low = [ACE] if has_ace and rules.ace_low else []
    high = [ACE] if has_ace and rules.ace_high else []
    return low + middle + high


def wild_cards(rules: MeldRules) -> list[Card]:
    """Every wild card under the rules, jokers first, worked out from the rule fields."""
    return (
        [JOKER]
        + [make_card(rank, suit) for rank in sorted(rules.wild_ranks) for suit in range(4)]
        + sorted(rules.extra_wilds)
    )


def _wild_allowance(rules: MeldRules, size: int) -> int:
    """The most wild cards a meld of ``size`` cards may hold (it keeps one natural card)."""
    most = size - 1
    if rules.max_wilds is not None:
        most = min(most, rules.max_wilds)
    if rules.min_natural_lead is not None:
        # naturals - wilds >= lead, with naturals = size - wilds
        most = min(most, (size - rules.min_natural_lead) // 2)
    return most


@st.composite
def valid_melds(draw: st.DrawFn, rules: MeldRules) -> tuple[Card, ...]:
    """The cards of a valid meld under ``rules``, built constructively, in a random order.

    A kind is chosen, then a suit or rank and a length, then some cards are replaced
    by wild cards within the rules' limits.
    """
    wilds = wild_cards(rules)
    slots = sequence_slots(rules)
    longest = len(slots) if rules.sequence_max is None else min(rules.sequence_max, len(slots))
    can_sequence = rules.sequence_min <= longest
    kind = draw(st.sampled_from(["set", "sequence"] if can_sequence else ["set"]))
    chosen: list[Card]
    if kind == "set":
        ranks = [r for r in rules.rank_order if r not in rules.wild_ranks]
        rank = draw(st.sampled_from(ranks))
        biggest = min(rules.set_max, 4) if rules.set_suits_distinct else rules.set_max
        size = draw(st.integers(rules.set_min, biggest))
        wild_count = draw(st.integers(0, max(0, _wild_allowance(rules, size))))
        # Suits may repeat, up to the two copies of each card in two packs.
        pool = list(range(4)) if rules.set_suits_distinct else [0, 0, 1, 1, 2, 2, 3, 3]
        # A card that is wild on its own (the A♦ under CH-DECK) is never a natural card.
        pool = [suit for suit in pool if make_card(rank, suit) not in wilds]
        assume(len(pool) >= size - wild_count)
        suits = draw(st.permutations(pool))[: size - wild_count]
        chosen = [make_card(rank, suit) for suit in suits]
        chosen += draw(st.lists(st.sampled_from(wilds), min_size=wild_count, max_size=wild_count))
    else:
        # Short sequences are the interesting ones; long ones are drawn now and then.
        length = draw(
            st.one_of(
                st.integers(rules.sequence_min, min(longest, 6)),
                st.integers(rules.sequence_min, longest),
            )
        )
        start = draw(st.integers(0, len(slots) - length))
        suit = draw(st.integers(0, 3))
        window = [make_card(rank, suit) for rank in slots[start : start + length]]
        # Positions holding a wild rank (a 2 under Skarney rules) can only be wild cards;
        # when the sequence runs from ace to ace, one of the aces must be a wild card too.
        forced = {i for i, card in enumerate(window) if card in wilds}
        if length > 1 and rank_of(window[0]) == ACE and rank_of(window[-1]) == ACE:
            forced.add(draw(st.sampled_from([0, length - 1])))
        allowance = _wild_allowance(rules, length)
        assume(len(forced) <= allowance)
        free = [i for i in range(length) if i not in forced]
        extra = draw(st.sets(st.sampled_from(free), max_size=allowance - len(forced)))
        holes = forced | extra
        chosen = [
            draw(st.sampled_from(wilds)) if i in holes else card for i, card in enumerate(window)
        ]
    return tuple(draw(st.permutations(chosen)))


# -- moves built by hand --------------------------------------------------------------------

#: Values no field of any move holds: each must be refused with an error of the library.
_HOSTILE_VALUES: list[Any] = [None, -1, 53, 10**6 + 1, "", "7Z", "x", True, 1.5, [], {}, ["7Z"]]

#: A few cards met often (two of a suit in a row, a 2, the joker), so that fields repeat
#: each other's cards.
_COMMON_CARDS = [0, 1, 7, 8, 9, 40, 51, JOKER]


def _card() -> st.SearchStrategy[Any]:
    code = st.one_of(st.sampled_from(_COMMON_CARDS), cards())
    return st.one_of(code, code.map(lambda card: CARD_NAMES[card].lower()))


def _card_list(min_size: int = 0) -> st.SearchStrategy[Any]:
    plain = st.lists(
        st.one_of(st.sampled_from(_COMMON_CARDS), cards()), min_size=min_size, max_size=6
    )
    return st.one_of(
        plain.map(tuple), plain, plain.map(lambda c: " ".join(CARD_NAMES[x] for x in c))
    )


def _reading(draw: st.DrawFn, of: Any) -> Any:
    """What the cards ``of`` stand for: nothing, themselves, themselves but one, or any."""
    if not isinstance(of, (list, tuple)):
        return draw(_card_list())
    base = list(of)
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return ()
    if choice == 1 or not base:
        return tuple(base)
    if choice == 2:
        base[draw(st.integers(0, len(base) - 1))] = draw(cards())
        return tuple(base)
    return draw(_card_list())


def _pairs(draw: st.DrawFn, name: str) -> list[Any]:
    """A list codec's value: (cards, count) notes, or (cards, represented) melds."""
    pairs: list[Any] = []
    for _ in range(draw(st.integers(0, 3))):
        first = draw(st.lists(cards(), max_size=5).map(tuple))
        second = draw(st.integers(-3, 5)) if name == "notes" else _reading(draw, first)
        pairs.append((first, second))
    return pairs


def _field_value(draw: st.DrawFn, codec: Any, name: str, values: dict[str, Any]) -> Any:
    if draw(st.integers(0, 19)) == 0:
        return draw(st.sampled_from(_HOSTILE_VALUES))
    if codec is CARD:
        return draw(_card())
    if codec is OPTIONAL_CARD:
        return draw(st.one_of(st.none(), _card(), st.just(values.get("card"))))
    if codec is CARDS:
        if name == "represented" and "cards" in values:
            return _reading(draw, values["cards"])
        return draw(_card_list())
    if codec is OPTIONAL_CARDS:
        return draw(st.one_of(st.none(), _card_list()))
    if codec in (INDEX, SEAT):
        return draw(st.integers(0, 12))
    if codec is INT:
        return draw(st.integers(-(10**6), 10**6))
    if codec is BOOL:
        return draw(st.booleans())
    choices = codec.json_schema().get("enum")
    if choices is not None:
        return draw(st.sampled_from([*choices, "x"]))
    return _pairs(draw, name)


@st.composite
def move_arguments(draw: st.DrawFn, kind: type) -> dict[str, Any]:
    """Keyword arguments for the move class ``kind``, field by field through each field's
    codec: most of the time a value of the field's type (cards given as codes, lists or
    text; a wild card's reading the card itself, or a meld's reading its cards), sometimes
    a value of no meaning; a field with a default is sometimes left out."""
    values: dict[str, Any] = {}
    for field in attrs.fields(kind):
        if field.default is not attrs.NOTHING and draw(st.integers(0, 3)) == 0:
            continue
        values[field.name] = _field_value(draw, field.metadata["codec"], field.name, values)
    return values
