"""Arranging a hand into melds: candidate melds, least unmatched value, every arrangement
within a limit, the best arrangement with layoffs (C-ARRANGE), and the Rumino.

Hands are small (7 or 8 cards) and kept in hand, so the searches here are exhaustive:
every sub-multiset of a hand that reads as a meld is a *candidate*; an *arrangement* is a
set of disjoint candidates (each with one of its readings), the cards left over being
*unmatched*. The answers are exact and cached by hand.

:func:`~scala40.games._knock.analysis.best_arrangement` is the engine's reading of "best
melds" (C-ARRANGE): the least unmatched value after melds and the allowed layoffs; among
equals the fewest cards laid off; then the lowest card order (the smallest sorted tuple
of unmatched card codes, then of meld cards with what they stand for, then of layoffs).
It is deterministic.

>>> from scala40.cards import parse_cards, format_cards
>>> from scala40.games.rumino import Ruleset, best_arrangement, least_unmatched
>>> profile = Ruleset().profile
>>> hand = tuple(sorted(parse_cards("5H 6H 7H 9S 9C 9D KS")))
>>> least_unmatched(hand, profile)
10
>>> best = best_arrangement(hand, profile)
>>> [str(meld) for meld in best.melds], format_cards(best.unmatched), best.value
(['9S 9D 9C', '5H 6H 7H'], 'KS', 10)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from scala40._base.engine import without
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card
from scala40.games._knock.conditions import (
    knock_value_allowed,
)
from scala40.games._knock.knocking import RUMINO_SIZE, KnockingRules
from scala40.games._knock.phases import Layoff
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.melds import Meld, MeldKind, MeldRules
from scala40.melds._hand import melded_card_sets

__all__ = [
    "MOST_WILDS",
    "Arrangement",
    "best_arrangement",
    "candidate_melds",
    "close_arrangements",
    "covered_cards",
    "has_rumino",
    "knock_allowed",
    "least_unmatched",
    "least_unmatched_without",
    "meld_key",
    "rumino_meld",
    "run_cover",
    "set_possible",
    "uncovered_cards",
    "without",
]

_INFINITY = 1 << 30


@attrs.frozen
class Arrangement:
    """A hand arranged: melds shown, cards laid off on others' melds, cards unmatched."""

    melds: tuple[Meld, ...]
    """The melds, in a canonical order (by cards, then by what they stand for)."""
    layoffs: tuple[Layoff, ...]
    """The cards laid off on other players' melds, in the order they were laid off."""
    unmatched: tuple[Card, ...]
    """The cards left, sorted."""
    value: int
    """What the unmatched cards cost (RU-VALUES, CH-VALUES)."""


def meld_key(meld: Meld) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The order arrangements list their melds in: by cards, then by what they stand for."""
    return (meld.cards, meld.represented)


class _MeldCaches:
    """The candidate melds of hands, kept with the meld rules (:attr:`MeldTables.owned`)."""

    def __init__(self) -> None:
        self.candidates: BoundedCache[tuple[Card, ...], tuple[tuple[Card, ...], ...]] = (
            BoundedCache("knock candidate melds", HAND_LIMIT)
        )


class _Caches:
    """The answers that depend on card values and limits too, kept with the profile
    (:attr:`KnockRules.owned`), keyed by hand."""

    def __init__(self) -> None:
        self.least: BoundedCache[tuple[tuple[Card, ...], int], int] = BoundedCache(
            "knock least unmatched", HAND_LIMIT
        )
        self.closes: BoundedCache[tuple[Card, ...], tuple[tuple[tuple[Meld, ...], int], ...]] = (
            BoundedCache("knock close arrangements", HAND_LIMIT)
        )
        self.without: BoundedCache[tuple[Card, ...], dict[Card, int]] = BoundedCache(
            "knock least unmatched less each card", HAND_LIMIT
        )


def _caches(profile: KnockRules) -> _Caches:
    caches: _Caches = profile.owned[_Caches]
    return caches


def candidate_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """Every sub-multiset of the sorted ``cards`` that reads as at least one meld, each
    once, sorted (smallest first): the core's enumerator
    (:func:`~scala40.melds._hand.melded_card_sets`), remembered by hand.

    >>> from scala40.games._knock.arrange import candidate_melds
    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.games.chinchon import Ruleset
    >>> hand = tuple(sorted(parse_cards("5C 6C 7C JC 5S 5H 2D")))
    >>> [format_cards(meld) for meld in candidate_melds(hand, Ruleset().meld_rules)]
    ['5S 5H 5C', '5C 6C 7C', '6C 7C JC', '5C 6C 7C JC']
    """
    caches: _MeldCaches = rules.tables.owned[_MeldCaches]
    found = caches.candidates.get(cards)
    if found is None:
        found = caches.candidates.put(cards, melded_card_sets(cards, rules))
    return found


def covered_cards(cards: tuple[Card, ...], rules: MeldRules) -> frozenset[Card]:
    """The cards of ``cards`` that some meld of them could hold: a quick superset of the
    union of :func:`candidate_melds` (a wild card counts as covered), read from tables
    of ranks and suits made once per meld rules. The move generation's bound: the cards
    it leaves out are unmatched in every arrangement.

    >>> from scala40.games._knock.arrange import covered_cards
    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.games.chinchon import Ruleset
    >>> hand = tuple(sorted(parse_cards("5C 6C 7C JC 5S 5H 2D KD")))
    >>> format_cards(sorted(covered_cards(hand, Ruleset().meld_rules)))
    '5S 5H 5C 6C 7C JC'
    """
    return frozenset(cards).difference(uncovered_cards(cards, rules))


def uncovered_cards(cards: tuple[Card, ...], rules: MeldRules) -> list[Card]:
    """The cards of ``cards`` that no meld of them could hold (each copy, in order): those
    :func:`covered_cards` leaves out, found in one pass.

    >>> from scala40.games._knock.arrange import uncovered_cards
    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.games.chinchon import Ruleset
    >>> hand = tuple(sorted(parse_cards("5C 6C 7C JC 5S 5H 2D KD")))
    >>> format_cards(uncovered_cards(hand, Ruleset().meld_rules))
    '2D KD'
    """
    tables: _CoverTables = rules.tables.owned[_CoverTables]
    if tables.rules is None:
        tables.build(rules)
    wild = tables.wild
    slot_bit = tables.slot_bit
    wilds = 0
    counts = [0] * 14
    masks = [0, 0, 0, 0]
    for card in cards:
        if wild[card]:
            wilds += 1
        else:
            counts[RANK_OF[card]] += 1
            masks[SUIT_OF[card]] |= slot_bit[card]
    set_ok = tables.set_ok[min(wilds, MOST_WILDS)]
    runs = tables.runs[min(wilds, MOST_WILDS)]
    covers = []
    for mask in masks:
        cover = runs.get(mask)
        if cover is None:
            cover = runs.put(mask, run_cover(mask, wilds, rules))
        covers.append(cover)
    return [
        card
        for card in cards
        if not (
            wild[card] or set_ok[counts[RANK_OF[card]]] or covers[SUIT_OF[card]] & slot_bit[card]
        )
    ]


MOST_WILDS = 8
"""Wild cards in a hand beyond this many change no bound (no meld needs more)."""


class _CoverTables:
    """Per meld rules: which cards are wild, the sequence places of each card, whether a
    rank's count makes a set, and which places of a suit a sequence could hold."""

    def __init__(self) -> None:
        self.rules: MeldRules | None = None
        self.wild: list[bool] = []
        self.slot_bit: list[int] = []
        self.set_ok: list[list[bool]] = []
        self.runs: list[BoundedCache[int, int]] = []
        self.slot_count = 0
        """How many places a sequence has in the rules' rank order."""
        self.rumino: tuple[int, bool] = (RUMINO_SIZE, True)
        """What a Rumino is under the rules (:func:`rumino_meld`): its size, and whether
        jokers stand in it."""
        self.card_reach = 1
        """The most places of a Rumino's run one card can fill (a rank may have two
        places)."""
        self.shortfalls = BoundedCache[tuple[Card, ...], int]("knock rumino shortfall", HAND_LIMIT)
        """How many cards each hand lacks for a Rumino (:func:`_rumino_shortfall`), by
        the hand."""

    def build(self, rules: MeldRules) -> None:
        wild_set = rules.tables.wild_cards
        slots_of = rules.tables.slot_of_rank
        self.wild = [card in wild_set for card in range(JOKER + 1)]
        self.slot_bit = [
            0 if card in wild_set else sum(1 << place for place in slots_of.get(RANK_OF[card], ()))
            for card in range(JOKER + 1)
        ]
        self.set_ok = [
            [set_possible(count, wilds, rules) if count else False for count in range(60)]
            for wilds in range(MOST_WILDS + 1)
        ]
        self.runs = [BoundedCache("knock run cover") for _ in range(MOST_WILDS + 1)]
        self.slot_count = len(rules.tables.slots)
        self.rumino = rumino_meld(rules)
        windows = _rumino_windows(self.slot_count, self.rumino[0])
        self.card_reach = max(
            [1, *((bits & window).bit_count() for bits in self.slot_bit for window in windows)]
        )
        self.rules = rules


def set_possible(count: int, wilds: int, rules: MeldRules) -> bool:
    """Whether ``count`` cards of a rank and ``wilds`` wild cards hold a set (a long meld,
    RU-MELDS' Rumino, among them)."""
    if _holds_set(count, wilds, rules.set_min, rules.set_max, rules):
        return True
    long = rules.long_meld_size
    if long is None:
        return False
    return _holds_set(count, wilds if rules.long_meld_wilds else 0, long, long, rules)


def _holds_set(count: int, wilds: int, fewest: int, most: int, rules: MeldRules) -> bool:
    """Whether ``count`` cards of a rank and ``wilds`` wild cards hold a set of ``fewest``
    to ``most`` cards."""
    naturals = min(count, most)
    needed = max(0, fewest - naturals)
    if needed > wilds or (rules.max_wilds is not None and needed > rules.max_wilds):
        return False
    return rules.min_natural_lead is None or naturals - needed >= rules.min_natural_lead


def run_cover(mask: int, wilds: int, rules: MeldRules) -> int:
    """The places (a bit mask) of the cards of one suit at places ``mask`` that a
    sequence with at most ``wilds`` wild cards could hold."""
    if not mask:
        return 0
    slots = len(rules.tables.slots)
    shortest = rules.sequence_min
    longest = slots if rules.sequence_max is None else min(slots, rules.sequence_max)
    covered = _windows_cover(mask, slots, (shortest, longest), wilds, rules)
    long = rules.long_meld_size
    # A long meld (RU-MELDS' Rumino) covers no card that a shorter sequence does not:
    # each natural card of its window lies in a window of the shortest length inside it,
    # with no more places to fill. Its windows are counted only where that may fail: a
    # lead of natural cards the shorter window may lack, or no shorter sequence.
    if long is not None and (
        rules.min_natural_lead is not None or not shortest <= min(long, longest)
    ):
        allowed = wilds if rules.long_meld_wilds else 0
        covered |= _windows_cover(mask, slots, (long, long), allowed, rules)
    return covered


def _windows_cover(
    mask: int, slots: int, lengths: tuple[int, int], wilds: int, rules: MeldRules
) -> int:
    """The places of ``mask`` that a window of ``lengths`` (fewest, most) places among
    ``slots`` holds with at most ``wilds`` wild cards filling the places not held."""
    most = rules.max_wilds
    if most is not None and most < wilds:
        wilds = most
    lead = rules.min_natural_lead
    shortest, longest = lengths
    covered = 0
    for length in range(shortest, longest + 1):
        window = (1 << length) - 1
        for start in range(slots - length + 1):
            inside = mask & (window << start)
            if not inside:
                continue
            naturals = inside.bit_count()
            needed = length - naturals
            if needed > wilds:
                continue
            if lead is not None and naturals - needed < lead:
                continue
            covered |= inside
    return covered


def _by_first(candidates: tuple[tuple[Card, ...], ...]) -> dict[Card, list[tuple[Card, ...]]]:
    index: dict[Card, list[tuple[Card, ...]]] = {}
    for meld in candidates:
        index.setdefault(meld[0], []).append(meld)
    return index


def _remove_sorted(rest: tuple[Card, ...], meld: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``rest`` less ``meld`` (both sorted), or ``None`` if ``meld`` is not within it."""
    left: list[Card] = []
    index = 0
    size = len(meld)
    for card in rest:
        if index < size and card == meld[index]:
            index += 1
        else:
            left.append(card)
    return tuple(left) if index == size else None


def least_unmatched(cards: tuple[Card, ...], profile: KnockRules, min_melded: int = 0) -> int:
    """The least unmatched value of the sorted ``cards`` arranged in melds, with at least
    ``min_melded`` cards in melds (RU-KNOCK); a huge number if no arrangement has that many.

    >>> from scala40.games._knock.arrange import least_unmatched
    >>> from scala40.cards import parse_cards
    >>> from scala40.games.rumino import Ruleset
    >>> profile = Ruleset().profile
    >>> hand = tuple(sorted(parse_cards("AS 2S 3S AH AD 4C 5C")))
    >>> least_unmatched(hand, profile), least_unmatched(hand, profile, min_melded=4) > 100
    (11, True)
    """
    rules = profile.meld_rules
    caches = _caches(profile)
    key = (cards, min_melded)
    found = caches.least.get(key)
    if found is not None:
        return found
    index = _by_first(candidate_melds(cards, rules))
    values = profile.values
    memo: dict[tuple[tuple[Card, ...], int], int] = {}

    def search(rest: tuple[Card, ...], need: int) -> int:
        if not rest:
            return 0 if need <= 0 else _INFINITY
        if need > len(rest):
            return _INFINITY
        state = (rest, need)
        known = memo.get(state)
        if known is not None:
            return known
        first = rest[0]
        best = values[first] + search(rest[1:], need)
        for meld in index.get(first, ()):
            left = _remove_sorted(rest, meld)
            if left is not None:
                value = search(left, need - len(meld))
                if value < best:
                    best = value
        memo[state] = best
        return best

    return caches.least.put(key, search(cards, min_melded))


def least_unmatched_without(cards: tuple[Card, ...], profile: KnockRules) -> dict[Card, int]:
    """For each distinct card of the sorted ``cards``, the least unmatched value of the
    cards less one copy of it: what each discard would leave (a greedy player's ranking
    of its discards), from one walk over the packings of the whole hand instead of a
    search per discard. The same as :func:`least_unmatched` of each smaller hand (the
    tests hold it to it).

    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.games._knock.arrange import least_unmatched_without
    >>> from scala40.games.chinchon import Ruleset
    >>> hand = tuple(sorted(parse_cards("AS 2S 3S 5C 5H 5D 7C KD")))
    >>> after = least_unmatched_without(hand, Ruleset().profile)
    >>> after[parse_cards("KD")[0]], after[parse_cards("7C")[0]], after[parse_cards("2S")[0]]
    (7, 10, 21)
    """
    caches = _caches(profile)
    found = caches.without.get(cards)
    if found is not None:
        return found
    melds = candidate_melds(cards, profile.meld_rules)
    values = profile.values
    # Every set of disjoint melds of the hand, as the cards it covers and their value: a
    # packing of the hand less one card is a packing of the hand that leaves that card
    # (one copy of it) out.
    packings: list[tuple[int, tuple[Card, ...]]] = [(0, ())]

    def extend(start: int, rest: tuple[Card, ...], value: int, covered: tuple[Card, ...]) -> None:
        for index in range(start, len(melds)):
            meld = melds[index]
            left = _remove_sorted(rest, meld)
            if left is not None:
                more = value + sum(values[card] for card in meld)
                more_covered = (*covered, *meld)
                packings.append((more, more_covered))
                # The same meld again from ``index`` on: a hand of two packs may hold it
                # twice (each candidate is listed once).
                extend(index, left, more, more_covered)

    extend(0, cards, 0, ())
    packings.sort(reverse=True)  # the most covered first: the first that fits is the best
    total = sum(values[card] for card in cards)
    result: dict[Card, int] = {}
    for card in dict.fromkeys(cards):
        held = cards.count(card)
        best = next(value for value, covered in packings if covered.count(card) < held)
        result[card] = total - values[card] - best
    return caches.without.put(cards, result)


def knock_allowed(cards: tuple[Card, ...], rules: KnockingRules) -> bool:
    """Whether the sorted ``cards`` hold a knock (RU-KNOCK) under ``rules``: an
    arrangement with at least ``knock_min_melded`` cards in melds
    (:func:`~.conditions.knock_melded_allowed`, a least count: the search's own bound)
    leaving a value the knock allows (:func:`~.conditions.knock_value_allowed`).

    >>> from scala40.games._knock.arrange import knock_allowed
    >>> from scala40.cards import parse_cards
    >>> from scala40.games.rumino import Ruleset
    >>> hand = tuple(sorted(parse_cards("AS 2S 3S 9H 9D 9C 7C")))
    >>> knock_allowed(hand, Ruleset()), knock_allowed(hand, Ruleset(knock_limit=6))
    (True, False)
    """
    least = least_unmatched(cards, rules.profile, rules.knock_min_melded)
    return knock_value_allowed(rules, least)


def close_arrangements(
    kept: tuple[Card, ...], rules: SpanishRules
) -> tuple[tuple[tuple[Meld, ...], int], ...]:
    """Every arrangement of the sorted ``kept`` cards whose unmatched cards a close allows
    under ``rules`` (CH-CLOSE: :func:`~.conditions.close_value_allowed` and
    :func:`~.conditions.close_count_allowed`, read as data and asked of each partial
    arrangement), as its
    melds in :func:`meld_key` order and the value it leaves unmatched; each arrangement
    once, in a fixed order.

    >>> from scala40.games._knock.arrange import close_arrangements
    >>> from scala40.cards import parse_cards
    >>> from scala40.games.chinchon import Ruleset
    >>> kept = tuple(sorted(parse_cards("AC 2C 3C 4C 5S 5H 5D")))
    >>> found = close_arrangements(kept, Ruleset())
    >>> [(" / ".join(str(m) for m in melds), value) for melds, value in found]
    [('5S 5H 5D / AC 2C 3C 4C', 0), ('5S 5H 5D / AC 2C 3C', 4), ('5S 5H 5D / 2C 3C 4C', 1)]
    """
    profile = rules.profile
    caches = _caches(profile)
    found = caches.closes.get(kept)
    if found is not None:
        return found
    # close_value_allowed and close_count_allowed, as the numbers they compare with.
    limit, most = rules.close_limit, profile.close_most_unmatched
    meld_rules = profile.meld_rules
    index = _by_first(candidate_melds(kept, meld_rules))
    values = profile.values
    readings = meld_rules.readings_of_sorted
    results: dict[tuple[Meld, ...], int] = {}

    def search(rest: tuple[Card, ...], spent: int, loose: int, melds: tuple[Meld, ...]) -> None:
        if not rest:
            results[tuple(sorted(melds, key=meld_key))] = spent
            return
        first = rest[0]
        cost = spent + values[first]
        # The first card left unmatched, if the close's bounds allow one more.
        if cost <= limit and loose < most:
            search(rest[1:], cost, loose + 1, melds)
        for meld_cards in index.get(first, ()):
            left = _remove_sorted(rest, meld_cards)
            if left is not None:
                for meld in readings(meld_cards):
                    search(left, spent, loose, (*melds, meld))

    search(kept, 0, 0, ())
    ordered = tuple(
        sorted(
            results.items(),
            key=lambda item: (-sum(len(m) for m in item[0]), [meld_key(m) for m in item[0]]),
        )
    )
    return caches.closes.put(kept, ordered)


# ---------------------------------------------------------------- the best arrangement


_Target = tuple[int, int]
"""A shown meld by its owner's seat and its index among the owner's melds."""


def _packings(
    cards: tuple[Card, ...], rules: MeldRules
) -> list[tuple[tuple[Meld, ...], tuple[Card, ...]]]:
    """Every arrangement of ``cards`` without layoffs: melds (readings) and unmatched cards,
    each once."""
    index = _by_first(candidate_melds(cards, rules))
    readings = rules.readings_of_sorted
    found: dict[tuple[object, ...], tuple[tuple[Meld, ...], tuple[Card, ...]]] = {}

    def search(rest: tuple[Card, ...], melds: tuple[Meld, ...], loose: tuple[Card, ...]) -> None:
        if not rest:
            ordered = tuple(sorted(melds, key=meld_key))
            unmatched = tuple(sorted(loose))
            found.setdefault(
                (tuple(meld_key(m) for m in ordered), unmatched), (ordered, unmatched)
            )
            return
        first = rest[0]
        search(rest[1:], melds, (*loose, first))
        for meld_cards in index.get(first, ()):
            left = _remove_sorted(rest, meld_cards)
            if left is not None:
                for meld in readings(meld_cards):
                    search(left, (*melds, meld), loose)

    search(cards, (), ())
    return list(found.values())


_Step = tuple[int, Card, Card]
"""One layoff: the target's position among the targets, the card, what it stands for."""


def _target_options(
    cards: tuple[Card, ...], position: int, meld: Meld
) -> list[tuple[tuple[_Step, ...], tuple[Card, ...]]]:
    """Every set of layoffs of some of ``cards`` onto one target (chained: a card laid off
    may make room for the next), each as the first order found (the extensions tried in
    order) with the cards it lays, sorted."""
    found: dict[frozenset[_Step], tuple[_Step, ...]] = {}
    seen: set[tuple[tuple[Card, ...], Meld]] = set()

    def search(rest: tuple[Card, ...], grown: Meld, done: tuple[_Step, ...]) -> None:
        state = (rest, grown)
        if state in seen:
            return
        seen.add(state)
        for extension in grown.extensions():
            if extension.card not in rest:
                continue
            taken = (*done, (position, extension.card, extension.represents))
            found.setdefault(frozenset(taken), taken)
            left = without(rest, (extension.card,))
            assert left is not None
            search(left, grown.with_extension(extension), taken)

    search(cards, meld, ())
    return [(order, tuple(sorted(card for _, card, _ in order))) for order in found.values()]


def _layoff_outcomes(
    loose: tuple[Card, ...], options: list[list[tuple[tuple[_Step, ...], tuple[Card, ...]]]]
) -> dict[frozenset[_Step], tuple[_Step, ...]]:
    """The sets of layoffs of ``loose`` cards onto the targets worth comparing (chained: a
    card laid off may make room for the next), as ``{set of (target, card, represents):
    one order}``; ``options[i]`` are the layoffs onto target ``i`` alone
    (:func:`_target_options`).

    Targets share nothing but the loose cards, so the sets are combined target by target,
    keeping for each group of cards laid only the set that sorts first (nothing else tells
    two such sets apart in :func:`best_arrangement`'s order), with the order a search of
    every sequence of layoffs finds first: each target's cards in turn. The work grows
    with the targets times the groups of loose cards (a few hundred), not with the
    sequences of layoffs, which grow exponentially with the targets."""
    best: dict[tuple[Card, ...], tuple[tuple[_Step, ...], tuple[_Step, ...]]] = {(): ((), ())}
    for target in options:
        fitting = [
            (tuple(sorted(order)), order, used)
            for order, used in target
            if _remove_sorted(loose, used) is not None
        ]
        if not fitting:
            continue
        grown = dict(best)
        for used_before, (laid, order_before) in best.items():
            left = _remove_sorted(loose, used_before)
            assert left is not None
            for laid_here, order, used in fitting:
                if _remove_sorted(left, used) is None:
                    continue
                key = tuple(sorted((*used_before, *used)))
                candidate = (laid + laid_here, order_before + order)
                found = grown.get(key)
                if found is None or candidate[0] < found[0]:
                    grown[key] = candidate
        best = grown
    return {frozenset(laid): order for laid, order in best.values()}


def best_arrangement(
    cards: tuple[Card, ...],
    profile: KnockRules,
    targets: Sequence[Meld] = (),
    owners: Sequence[_Target] = (),
) -> Arrangement:
    """The best arrangement of the sorted ``cards`` (C-ARRANGE): disjoint melds, and
    layoffs onto ``targets`` (other players' shown melds, ``owners[i]`` naming the seat
    and index of ``targets[i]``), minimising the unmatched value; among equals, the fewest
    cards laid off, then the lowest card order (the smallest sorted unmatched cards, then
    melds, then layoffs).

    >>> from scala40.games._knock.arrange import best_arrangement
    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.melds import check_meld
    >>> from scala40.games.chinchon import Ruleset
    >>> rules = Ruleset()
    >>> shown = check_meld("4H 5H 6H", rules.meld_rules)
    >>> hand = tuple(sorted(parse_cards("7H JH 2S 2C 2D KS QD")))
    >>> best = best_arrangement(hand, rules.profile, [shown], [(0, 0)])
    >>> [str(m) for m in best.melds], [str(l) for l in best.layoffs], format_cards(best.unmatched)
    (['2S 2D 2C'], ['7H on P0#0', 'JH on P0#0'], 'KS QD')
    """
    values = profile.values
    rules = profile.meld_rules
    options = [_target_options(cards, position, meld) for position, meld in enumerate(targets)]
    best: tuple[object, ...] | None = None
    chosen: Arrangement | None = None
    for melds, loose in _packings(cards, rules):
        for laid, order in _layoff_outcomes(loose, options).items():
            left = list(loose)
            for _, card, _ in order:
                left.remove(card)
            unmatched = tuple(left)
            value = sum(values[card] for card in unmatched)
            key = (
                value,
                len(order),
                unmatched,
                tuple(meld_key(m) for m in melds),
                tuple(sorted(laid)),
            )
            if best is None or key < best:
                best = key
                layoffs = tuple(
                    Layoff(card, represents, *owners[position])
                    for position, card, represents in order
                )
                chosen = Arrangement(melds, layoffs, unmatched, value)
    assert chosen is not None
    return chosen


# ---------------------------------------------------------------- the Rumino


def rumino_meld(rules: MeldRules) -> tuple[int, bool]:
    """What a Rumino is under the meld rules of a knock game: how many cards, and whether
    jokers stand in it (RU-MELDS, RU-RUMINO). The one rule: Rumino's ruleset makes it the
    meld rules' long meld (:attr:`~scala40.melds.MeldRules.long_meld_size` and
    ``long_meld_wilds``, from ``rumino_jokers``), which the meld engine reads too; a game
    without one (Chinchón, La Conga) is asked with Rumino's own rule.

    >>> from scala40.games._knock.arrange import rumino_meld
    >>> from scala40.games.rumino import Ruleset
    >>> rumino_meld(Ruleset().meld_rules), rumino_meld(Ruleset(rumino_jokers=False).meld_rules)
    ((7, True), (7, False))
    """
    if rules.long_meld_size is None:
        return RUMINO_SIZE, True
    return rules.long_meld_size, rules.long_meld_wilds


def has_rumino(
    cards: Sequence[Card], rules: KnockingRules | SpanishRules, extra: Card | None = None
) -> bool:
    """Whether seven of ``cards`` (and ``extra``, if given) make a Rumino under ``rules``:
    seven of a suit in sequence or seven of a rank, at least one of them natural
    (RU-MELDS, RU-RUMINO), jokers standing in for missing cards where allowed
    (:func:`rumino_meld`): under Rumino's rules, seven cards that the meld engine reads
    as one meld of seven.

    >>> from scala40.games._knock.arrange import has_rumino
    >>> from scala40.cards import parse_cards, parse_card
    >>> from scala40.games.rumino import Ruleset
    >>> has_rumino(parse_cards("3H 4H 5H 6H 7H 8H 9H 2C"), Ruleset())
    True
    >>> has_rumino(parse_cards("3H 4H 5H JK 7H 8H 2C"), Ruleset(), extra=parse_card("9H"))
    True
    >>> has_rumino(parse_cards("3H 4H 5H JK 7H 8H 9H"), Ruleset(rumino_jokers=False))
    False
    """
    tables = _cover_tables(rules.profile.meld_rules)
    if extra is None:
        return _rumino_shortfall(cards, tables) == 0
    # One more card adds one to a rank's count, or to a run of seven places of its suit
    # (one place each, or more where a rank has two places in seven: ``card_reach``), or
    # is one more joker: a hand shorter than that makes no Rumino with any card. A hand
    # is asked this after each discard of the other players (and at each of its draws),
    # so its shortfall is kept, with the meld rules (which say what a Rumino is).
    shortfalls = tables.shortfalls
    hand = cards if type(cards) is tuple else tuple(cards)
    short = shortfalls.get(hand)
    if short is None:
        short = shortfalls.put(hand, _rumino_shortfall(hand, tables))
    return short <= tables.card_reach and _rumino_shortfall((*hand, extra), tables) == 0


def _cover_tables(rules: MeldRules) -> _CoverTables:
    tables: _CoverTables = rules.tables.owned[_CoverTables]
    if tables.rules is None:
        tables.build(rules)
    return tables


def _rumino_shortfall(cards: Sequence[Card], tables: _CoverTables) -> int:
    """How many cards seven of ``cards`` lack at least to make a Rumino (0: they make
    one): the natural cards missing from the fullest rank or run of seven places of a
    suit, once the jokers stand in (where they may: :func:`rumino_meld`), one natural
    card at least. Rumino's meld rules bound no joker in a meld (RU-DECK), so nothing
    else limits them."""
    # The same pass as uncovered_cards': written out in both, as this is the hot path (a
    # helper returning the tally added 0.3% to the instructions of a Rumino playout).
    wild = tables.wild
    slot_bit = tables.slot_bit
    jokers = 0
    counts = [0] * 14
    masks = [0, 0, 0, 0]
    for card in cards:
        if wild[card]:
            jokers += 1
        else:
            counts[RANK_OF[card]] += 1
            masks[SUIT_OF[card]] |= slot_bit[card]
    size, jokers_count = tables.rumino
    need = size - jokers if jokers_count else size
    if need < 1:
        need = 1  # a meld of jokers alone is no Rumino (RU-MELDS: a rank or a suit)
    best = max(counts)
    if best < need:
        windows = _rumino_windows(tables.slot_count, size)
        for mask in masks:
            if mask.bit_count() > best:
                for window in windows:
                    held = (mask & window).bit_count()
                    if held > best:
                        best = held
    return max(0, need - best)


@functools.cache
def _rumino_windows(slots: int, size: int) -> tuple[int, ...]:
    """The masks of the places of every run of ``size`` among ``slots`` places."""
    window = (1 << size) - 1
    return tuple(window << start for start in range(slots - size + 1))


def is_seven_run(cards: tuple[Card, ...], rules: MeldRules) -> bool:
    """Whether the sorted ``cards`` read as one sequence (a chinchón is one of seven,
    CH-CHINCHON)."""
    return any(meld.kind is MeldKind.SEQUENCE for meld in rules.readings_of_sorted(cards))
