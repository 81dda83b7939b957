"""Why meld rules or cards are not valid, in words (internal): the checks of
:class:`~scala40.melds.MeldRules`' fields and the reasons :func:`~scala40.melds.check_meld`
gives for cards that form no meld. They read the rules by their fields only, so that
the meld engine and its messages stay apart."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scala40.cards import ACE, CARD_NAMES, JOKER, RANK_NAMES, RANK_OF, SUIT_OF, SUIT_SYMBOLS, Card
from scala40.checks import describe, is_bool, is_int

__all__ = [
    "MELD_CONDITIONS",
    "cards_text",
    "placed_card_text",
    "rule_problems",
    "why_no_meld",
    "why_not_added",
    "wild_kind",
]


MELD_CONDITIONS = (
    "shape",
    "set",
    "sequence",
    "sequence-max",
    "wilds",
    "natural-lead",
    "wild-meld",
    "pack",
)
"""The conditions of meld rules a group of cards can break, as :func:`why_no_meld` names
them: ``shape`` (the size or the make of every kind of meld: neither a set nor a
sequence), ``set`` (a set's rank, size or suits), ``sequence`` (a sequence's suit,
order, size, repeated rank or gaps), ``sequence-max`` (the longest sequence, where the
rules set one), ``wilds`` (the most wild cards in a meld, a meld with no natural card),
``natural-lead`` (more natural cards than wild ones), ``wild-meld`` (a meld of wild cards
only) and ``pack`` (a rank the pack has not)."""


def rule_problems(rules: Any, most: int, max_value: int) -> list[str]:
    """Every problem of the fields of meld rules: types, ranges, at most ``most`` cards
    a meld and ``max_value`` a card."""
    problems: list[str] = []
    order: object = rules.rank_order
    if (
        not isinstance(order, tuple)
        or not order
        or any(not (is_int(r) and 1 <= r <= 13) for r in order)
    ):
        problems.append(f"rank_order must list ranks from 1 to 13, got {describe(order)}")
    elif len(set(order)) != len(order):
        problems.append(f"rank_order repeats a rank: {describe(order)}")
    wild_ranks: object = rules.wild_ranks
    if not isinstance(wild_ranks, frozenset) or any(
        not (is_int(r) and 2 <= r <= 13) for r in wild_ranks
    ):
        shown = (
            sorted(wild_ranks, key=describe) if isinstance(wild_ranks, frozenset) else wild_ranks
        )
        problems.append(f"wild_ranks must be ranks from 2 to 13, got {describe(shown)}")
    extra: object = rules.extra_wilds
    if not isinstance(extra, frozenset) or any(
        not (is_int(card) and 0 <= card < JOKER) for card in extra
    ):
        shown = sorted(extra, key=describe) if isinstance(extra, frozenset) else extra
        problems.append(
            f"extra_wilds must be natural card codes from 0 to 51, got {describe(shown)}"
        )
    for name in ("ace_low", "ace_high", "set_suits_distinct", "long_meld_wilds"):
        if not is_bool(getattr(rules, name)):
            problems.append(f"{name} must be True or False, got {describe(getattr(rules, name))}")

    def whole(value: object, low: int, high: int, optional: bool = False) -> bool:
        return (optional and value is None) or (is_int(value) and low <= value <= high)

    if not whole(rules.max_wilds, 0, most, optional=True):
        problems.append(
            f"max_wilds must be 0 or more (at most {most}) or None, "
            f"got {describe(rules.max_wilds)}"
        )
    if not whole(rules.min_natural_lead, -most, most, optional=True):
        problems.append(
            f"min_natural_lead must be an integer from {-most} to {most} or None, "
            f"got {describe(rules.min_natural_lead)}"
        )
    for kind, low_name, high_name, optional_high in (
        ("set", "set_min", "set_max", False),
        ("sequence", "sequence_min", "sequence_max", True),
        ("wild meld", "wild_meld_min", "wild_meld_max", True),
    ):
        low, high = getattr(rules, low_name), getattr(rules, high_name)
        if kind == "wild meld" and low is None:
            ok = whole(high, 1, most, optional=True)
        else:
            ok = (
                whole(low, 1, most)
                and whole(high, 1, most, optional=optional_high)
                and (high is None or low <= high)
            )
        if not ok:
            problems.append(
                f"{kind} sizes must satisfy 1 <= {low_name} <= {high_name} <= {most}"
                + (f" ({high_name} may be None)" if optional_high else "")
                + f", got {describe(low)}, {describe(high)}"
            )
    if not whole(rules.long_meld_size, 1, most, optional=True):
        problems.append(
            f"long_meld_size must be an integer from 1 to {most} or None, "
            f"got {describe(rules.long_meld_size)}"
        )
    values: object = rules.rank_values
    if not isinstance(values, tuple) or len(values) != 14:
        count = len(values) if isinstance(values, tuple) else describe(values)
        problems.append(f"rank_values needs 14 entries (ranks 0-13), got {count}")
    elif not all(whole(value, 0, max_value) for value in values):
        problems.append(
            f"rank_values must be integers from 0 to {max_value}, got {describe(values)}"
        )
    if not whole(rules.low_ace_value, 0, max_value):
        problems.append(
            f"low_ace_value must be an integer from 0 to {max_value}, "
            f"got {describe(rules.low_ace_value)}"
        )
    cites: object = rules.cites
    if not (
        isinstance(cites, tuple)
        and all(
            isinstance(pair, tuple)
            and len(pair) == 2
            and pair[0] in MELD_CONDITIONS
            and isinstance(pair[1], tuple)
            and all(isinstance(rule, str) for rule in pair[1])
            for pair in cites
        )
    ):
        problems.append(
            f"cites must map conditions ({', '.join(MELD_CONDITIONS)}) to rule IDs, "
            f"got {describe(cites)}"
        )
    if not whole(rules.wild_value, 0, max_value, optional=True):
        problems.append(
            f"wild_value must be an integer from 0 to {max_value} or None, "
            f"got {describe(rules.wild_value)}"
        )
    return problems


def wild_kind(card: Card) -> int:
    """What kind of wild card ``card`` is: its rank (0 for the joker)."""
    return RANK_OF[card]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(CARD_NAMES[c] for c in cards) or "an empty card list"


def placed_card_text(card: Card, represents: Card) -> str:
    """A card added to a meld, in the notation: a card standing for another, and a joker
    always, shows the card it stands for (``JK=10C``, C-NOTATION).

    >>> from scala40.melds._words import placed_card_text
    >>> from scala40.cards import parse_card
    >>> placed_card_text(parse_card("2C"), parse_card("6S")), placed_card_text(5, 5)
    ('2C=6S', '6S')
    """
    name = CARD_NAMES[card]
    if card != represents or card == JOKER:
        name += "=" + CARD_NAMES[represents]
    return name


def why_no_meld(cards: tuple[Card, ...], rules: Any, most: int) -> tuple[str, str]:
    """Say, in words, why no reading of the cards is a valid meld under ``rules`` (meld
    rules, read by their fields), a meld holding at most ``most`` cards, and which
    condition of the rules the cards break (one of :data:`MELD_CONDITIONS`)."""
    wild_set = rules.tables.wild_cards
    wilds = [c for c in cards if c in wild_set]
    naturals = [c for c in cards if c not in wild_set]
    size = len(cards)
    if size > most:
        return f"a meld holds at most {most} cards, got {size}", "shape"
    # A long meld (RU-MELDS' Rumino) is bound by no set or sequence size.
    long_size = size == rules.long_meld_size
    long = long_size and (rules.long_meld_wilds or not wilds)
    no_wilds = f", and a meld of {size} cards holds no wild card" if long_size else ""
    smallest = min(rules.set_min, rules.sequence_min)
    if size < smallest and not long_size:
        return f"a meld needs at least {smallest} cards, got {size}", "shape"
    if not naturals:
        if rules.wild_meld_min is None:
            return "a meld needs at least one natural card", "wilds"
        if len({wild_kind(card) for card in wilds}) > 1:
            return "a meld of wild cards only holds one kind of them (jokers, or 2s)", "wild-meld"
        if size < rules.wild_meld_min:
            return (
                f"a meld of wild cards needs at least {rules.wild_meld_min}, got {size}",
                "wild-meld",
            )
        return f"a meld of wild cards holds at most {rules.wild_meld_max}, got {size}", "wild-meld"
    if rules.max_wilds is not None and len(wilds) > rules.max_wilds:
        if rules.max_wilds == 1 and all(c == JOKER for c in wilds):
            return f"{len(wilds) if len(wilds) > 2 else 'two'} jokers in one meld", "wilds"
        return f"{len(wilds)} wild cards in one meld, at most {rules.max_wilds} allowed", "wilds"
    if rules.min_natural_lead is not None and len(naturals) - len(wilds) < rules.min_natural_lead:
        if rules.min_natural_lead == 0:
            need = "no more wild cards than natural ones"
        else:
            need = f"more natural cards than wild cards by at least {rules.min_natural_lead}"
        return (
            f"a meld must hold {need}, got {len(naturals)} natural and {len(wilds)} wild",
            "natural-lead",
        )
    ranks = [RANK_OF[c] for c in naturals]
    suits = [SUIT_OF[c] for c in naturals]
    if any(rank not in rules.tables.ranks for rank in ranks):
        return "a card's rank is not in this game's pack", "pack"
    if len(set(ranks)) == 1:
        if size > rules.set_max and not long:
            return f"a set has at most {rules.set_max} cards, got {size}{no_wilds}", "set"
        if size < rules.set_min and not long:
            return f"a set needs at least {rules.set_min} cards, got {size}", "set"
        for suit in range(4):
            if rules.set_suits_distinct and suits.count(suit) > 1:
                return f"set has two {SUIT_SYMBOLS[suit]}", "set"
    if len(set(suits)) == 1:
        suit_symbol = SUIT_SYMBOLS[suits[0]]
        if size < rules.sequence_min and not long:
            return f"a sequence needs at least {rules.sequence_min} cards, got {size}", "sequence"
        if rules.sequence_max is not None and size > rules.sequence_max and not long:
            return (
                f"a sequence has at most {rules.sequence_max} cards, got {size}{no_wilds}",
                "sequence-max",
            )
        for rank in set(ranks):
            copies = ranks.count(rank)
            if copies > (2 if rank == ACE and rules.sequence_two_aces else 1):
                many = "two" if copies == 2 else str(copies)
                return f"sequence has {many} {RANK_NAMES[rank]}{suit_symbol}", "sequence"
        slots = rules.tables.slots
        present = set(ranks)
        if any(rank not in slots for rank in present):
            return "a card's rank cannot be part of a sequence under these rules", "sequence"
        if ACE in present and len(present) > 1:
            low = [r for r in present if r != ACE]
            near_low = min(rules.tables.slot_of_rank[r][0] for r in low)
            near_high = max(rules.tables.slot_of_rank[r][0] for r in low)
            span_low = near_high + 1 if rules.ace_low else None
            span_high = (len(slots) - near_low) if rules.ace_high else None
            spans = [s for s in (span_low, span_high) if s is not None]
            if spans and min(spans) > size and size < len(slots):
                top = RANK_NAMES[rules.rank_order[-1]]
                second = RANK_NAMES[slots[1]] if len(slots) > 1 else "2"
                if rules.ace_low and rules.ace_high:
                    return f"{top}-A-{second} goes around the corner", "sequence"
                return "the ace cannot sit there in a sequence under these rules", "sequence"
        positions = sorted(rules.tables.slot_of_rank[r][0] for r in present)
        needed = positions[-1] - positions[0] + 1 - len(present)
        return (
            f"the cards are not consecutive: the gaps need {needed} wild "
            f"card{'s' if needed != 1 else ''}, the meld has {len(wilds)}",
            "sequence",
        )
    if len(set(ranks)) == 1:
        return "the cards do not form a set", "set"
    return (
        "the natural cards are neither all of one rank (a set) nor all of one suit (a sequence)",
        "shape",
    )


_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def _rank_words(rank: int) -> str:
    return _RANK_WORDS.get(rank, f"{RANK_NAMES[rank]}s")


def _place(ext: Any, wild: bool) -> str:
    """Where an extension puts its card, in words: ``at the high end``, ``as 9S at the
    low end``, ``in the set``."""
    where = "in the set" if ext.end.value == "set" else f"at the {ext.end.value} end"
    return f"as {CARD_NAMES[ext.represents]} {where}" if wild else where


def why_not_added(meld: Any, card: Card, end: Any = None, represents: Card | None = None) -> str:
    """Say, in words, why ``card`` cannot be added to ``meld`` (a
    :class:`~scala40.melds.Meld`, read through its fields and
    :meth:`~scala40.melds.Meld.extensions`) at ``end`` standing for ``represents``:
    ``"3H cannot be added to 7S 7H 7D: the set has a 7H already"``.

    Called only when the card was refused (never on a hot path): it looks at the meld's
    few extensions once.
    """
    shown = f"{CARD_NAMES[card]} cannot be added to {meld}"
    ways = [ext for ext in meld.extensions() if ext.card == card]
    if ways:
        # The card fits, but not where or as what the move said.
        wild = card in meld.rules.tables.wild_cards
        places = " or ".join(_place(ext, wild) for ext in ways)
        return f"{shown}: it goes only {places} ({', '.join(str(ext) for ext in ways)})"
    return f"{shown}: {_reason(meld, card)}"


def _reason(meld: Any, card: Card) -> str:
    rules = meld.rules
    wilds = rules.tables.wild_cards
    kind = meld.kind.value
    size = len(meld.cards)
    if kind == "wild":
        if rules.wild_meld_max is not None and size >= rules.wild_meld_max:
            return f"a meld of wild cards holds at most {rules.wild_meld_max} cards"
        return "a meld of wild cards takes only wild cards of its kind"
    if kind == "set" and size >= rules.set_max:
        return f"a set holds at most {rules.set_max} cards"
    if kind == "sequence" and rules.sequence_max is not None and size >= rules.sequence_max:
        return f"a sequence holds at most {rules.sequence_max} cards"
    if card in wilds:
        if rules.max_wilds is not None and meld.wild_count >= rules.max_wilds:
            most = rules.max_wilds
            return f"a meld holds at most {'one wild card' if most == 1 else f'{most} wild cards'}"
        return "a wild card would leave the meld too few natural cards"
    if kind == "set":
        rank = RANK_OF[meld.represented[0]]
        if RANK_OF[card] != rank:
            return f"a set of {_rank_words(rank)} takes only {_rank_words(rank)}"
        present = [rep for rep in meld.represented if SUIT_OF[rep] == SUIT_OF[card]]
        if rules.set_suits_distinct and present:
            same = CARD_NAMES[present[0]]
            return f"the set has a {_SUIT_WORDS[SUIT_OF[card]][:-1]} already ({same})"
        return "the set has no room for it"
    suit = SUIT_OF[meld.represented[0]]
    if SUIT_OF[card] != suit:
        return f"the sequence is of {_SUIT_WORDS[suit]}"
    if card in meld.represented:
        return f"the sequence has {CARD_NAMES[card]} already"
    naturals = sorted(
        {CARD_NAMES[ext.represents] for ext in meld.extensions() if ext.card not in wilds}
    )
    if not naturals:
        return "nothing can extend the sequence further"
    return f"only {' or '.join(naturals)} extends the sequence"
