"""The loose cards of a knock hand, read on bit masks (internal): the bound the move
generation asks before any search.

A card that no meld of the hand could hold is *loose*: unmatched in every arrangement
(:func:`~scala40.games._knock.arrange.uncovered_cards` finds them card by card). A close
or a knock is looked for only when the loose cards leave room for one (CH-CLOSE,
RU-KNOCK); in random play 98% of the hands fail there, at every decision, so the
question is answered here without a loop over the cards and their ranks:

* the hand is one number with a bit for each natural card (a card's code is ``suit * 13
  + rank - 1``), whose four 13-bit parts are the suits' masks of ranks; wild cards add
  nothing to it and are counted apart (with two packs, a second copy goes into a mask
  of its own);
* the ranks that can make a set are those held in at least as many suits as a set
  needs with the hand's wild cards (three without: ``a & b & (c | d) | c & d & (a |
  b)``);
* the ranks of a suit that a sequence could hold come from a table by the suit's mask
  and the wild count, as the cover tables have it; the value of the ranks left and the
  dearest of them come from two tables by mask.

The tables are made once per rules profile and kept with it (``profile.owned``); the
hand and the state are not changed (their cards stay sorted tuples). The answers are
those of :func:`~scala40.games._knock.arrange.uncovered_cards` (the tests hold every
profile to it).

>>> from scala40.cards import parse_cards
>>> from scala40.games.chinchon import Ruleset
>>> from scala40.games._knock.loose import loose_summary
>>> hand = tuple(sorted(parse_cards("5C 6C 7C JC 5S 5H 2D KD")))
>>> loose_summary(hand, Ruleset().profile)  # 2D and KD, worth 2 and 10
(12, 10, 2)
"""

from __future__ import annotations

from typing import Any

from scala40.cards import JOKER, Card
from scala40.games._knock.arrange import MOST_WILDS, run_cover, set_possible
from scala40.games._knock.profile import KnockRules
from scala40.melds import MeldRules

__all__ = ["loose_summary"]

_SUIT = (1 << 13) - 1
"""The mask of one suit's ranks in a hand's number."""
_NO_SET = 99
"""A threshold no count reaches: no set can be made."""


class _RunCover(dict[int, int]):
    """For one wild count, the ranks of a suit (a mask) that a sequence could hold, by
    the suit's mask of ranks held: worked out for each mask met, then kept (at most
    8,192 masks)."""

    __slots__ = ("place_bits", "rules", "wilds")

    def __init__(self, rules: MeldRules, wilds: int, place_bits: list[int]) -> None:
        super().__init__()
        self.rules = rules
        self.wilds = wilds
        self.place_bits = place_bits

    def __missing__(self, ranks: int) -> int:
        place_bits = self.place_bits
        places = 0
        rest = ranks
        while rest:
            low = rest & -rest
            places |= place_bits[low.bit_length() - 1]
            rest ^= low
        covered = run_cover(places, self.wilds, self.rules)
        held = 0
        rest = ranks
        while rest:
            low = rest & -rest
            if place_bits[low.bit_length() - 1] & covered:
                held |= low
            rest ^= low
        self[ranks] = held
        return held


class _LooseTables:
    """Per meld rules and card values: each card's bit, the set thresholds and sequence
    covers by wild count, and for each suit the value, the count and the dearest value
    of every mask of ranks."""

    def __init__(self) -> None:
        self.bit: list[int] = []
        self.one_pack = True
        """Whether the deck holds each natural card once (so the hand's number is the
        sum of its cards' bits)."""
        self.threshold: list[int] = []
        """By wild count: the fewest cards of a rank that can make a set."""
        self.runs: list[_RunCover] = []
        self.worth: tuple[list[int], ...] = ()
        """By suit: the value of each mask of ranks, times 256, plus its count of ranks
        (summed over the suits at once: no count reaches 256)."""
        self.dearest: tuple[list[int], ...] = ()
        """By suit: the dearest card's value of each mask of ranks."""

    def build(self, profile: KnockRules) -> None:
        rules = profile.meld_rules
        wild = rules.tables.wild_cards
        slots_of = rules.tables.slot_of_rank
        self.bit = [0 if card == JOKER or card in wild else 1 << card for card in range(JOKER + 1)]
        naturals = [card for card in profile.deck.cards if self.bit[card]]
        self.one_pack = len(naturals) == len(set(naturals))
        self.threshold = [
            next((count for count in range(1, 16) if set_possible(count, wilds, rules)), _NO_SET)
            for wilds in range(MOST_WILDS + 1)
        ]
        place_bits = [sum(1 << place for place in slots_of.get(rank, ())) for rank in range(1, 14)]
        self.runs = [_RunCover(rules, wilds, place_bits) for wilds in range(MOST_WILDS + 1)]
        by_suit: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
        worth, dearest = [], []
        for suit in range(4):
            values = tuple(profile.values[suit * 13 + rank] for rank in range(13))
            if values not in by_suit:
                by_suit[values] = _value_tables(values)
            worth.append(by_suit[values][0])
            dearest.append(by_suit[values][1])
        self.worth, self.dearest = tuple(worth), tuple(dearest)


class _SharedTables(dict[tuple[Any, ...], _LooseTables]):
    """The tables of every profile of one meld rules, by the cards' values and whether
    the deck holds each natural card once (kept with the meld rules)."""

    __slots__ = ()


class _ProfileTables:
    """A profile's tables (kept with the profile): those of its meld rules and values,
    shared with every profile made from equal options (a state loaded from its
    dictionary has a ruleset, and a profile, of its own)."""

    __slots__ = ("tables",)

    def __init__(self) -> None:
        self.tables: _LooseTables | None = None


def _tables(profile: KnockRules) -> _LooseTables:
    holder: _ProfileTables = profile.owned[_ProfileTables]
    shared: _SharedTables = profile.meld_rules.tables.owned[_SharedTables]
    wild = profile.meld_rules.tables.wild_cards
    naturals = [card for card in profile.deck.cards if card != JOKER and card not in wild]
    key = (profile.values, len(naturals) == len(set(naturals)))
    found = shared.get(key)
    if found is None:
        # Filled before it is published: a server's other threads may read the shared
        # tables at any moment, and a half-made one would answer out of range. Two
        # threads may both build; the first one stored is kept by both.
        built = _LooseTables()
        built.build(profile)
        found = shared.setdefault(key, built)
    holder.tables = found
    return found


def _value_tables(values: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """For every mask of ranks, ``values[r]`` being the value of rank ``r + 1``: its value
    times 256 plus its count of ranks, and its dearest value (each mask from the one
    without its lowest rank)."""
    size = 1 << 13
    worth = [0] * size
    dearest = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        rest = mask ^ low
        value = values[low.bit_length() - 1]
        worth[mask] = worth[rest] + (value << 8) + 1
        dearest[mask] = max(dearest[rest], value)
    return worth, dearest


def _at_least(masks: list[int], count: int) -> int:
    """The bits set in at least ``count`` of ``masks`` (none for :data:`_NO_SET`)."""
    if count == _NO_SET:
        return 0
    reached = [-1] + [0] * count  # reached[k]: the bits set in k masks or more so far
    for mask in masks:
        for k in range(count, 0, -1):
            reached[k] |= reached[k - 1] & mask
    return reached[count]


def loose_summary(hand: tuple[Card, ...], profile: KnockRules) -> tuple[int, int, int]:
    """The value of the loose cards of ``hand`` (those no meld of it could hold), the
    value of the dearest of them (0 for none) and how many they are, each copy counted:
    what :func:`~scala40.games._knock.arrange.uncovered_cards` gives, summed.

    >>> from scala40.cards import parse_cards
    >>> from scala40.games.rumino import Ruleset
    >>> from scala40.games._knock.loose import loose_summary
    >>> loose_summary(tuple(sorted(parse_cards("5H 6H 7H 9S 9C 9D KS KS"))), Ruleset().profile)
    (20, 10, 2)
    """
    tables = profile.owned[_ProfileTables].tables
    if tables is None:
        tables = _tables(profile)
    if tables.one_pack:
        held = sum(map(tables.bit.__getitem__, hand))
        wilds = len(hand) - held.bit_count()
        twice = 0
    else:
        bit = tables.bit
        held = twice = wilds = 0
        for card in hand:
            one = bit[card]
            if one:
                twice |= held & one
                held |= one
            else:
                wilds += 1
    if wilds > MOST_WILDS:
        wilds = MOST_WILDS
    a = held & _SUIT
    b = held >> 13 & _SUIT
    c = held >> 26 & _SUIT
    d = held >> 39
    need = tables.threshold[wilds]
    if twice:
        e = twice & _SUIT
        f = twice >> 13 & _SUIT
        g = twice >> 26 & _SUIT
        h = twice >> 39
        if need == 3:
            # Three cards of a rank: in three suits, or two suits and a second copy, or
            # two second copies (each in a suit already held).
            again = e | f | g | h
            sets = (
                a & b & (c | d)
                | c & d & (a | b)
                | (a & (b | c | d) | b & (c | d) | c & d) & again
                | (e & (f | g | h) | f & (g | h) | g & h)
            )
        elif need == 2:  # with a wild card: two suits, or a second copy
            sets = a & (b | c | d) | b & (c | d) | c & d | e | f | g | h
        elif need == 1:  # with two wild cards (where they may outnumber the natural one)
            sets = a | b | c | d
        else:
            sets = _at_least([a, b, c, d, e, f, g, h], need)
    elif need == 3:
        sets = a & b & (c | d) | c & d & (a | b)
    elif need == 2:
        sets = a & (b | c | d) | b & (c | d) | c & d
    elif need == 1:
        sets = a | b | c | d
    else:
        sets = _at_least([a, b, c, d], need)
    runs = tables.runs[wilds]
    a &= ~(runs[a] | sets)
    b &= ~(runs[b] | sets)
    c &= ~(runs[c] | sets)
    d &= ~(runs[d] | sets)
    worth = tables.worth
    total = worth[0][a] + worth[1][b] + worth[2][c] + worth[3][d]
    dearest = tables.dearest
    top = dearest[0][a]
    other = dearest[1][b]
    if other > top:
        top = other
    other = dearest[2][c]
    if other > top:
        top = other
    other = dearest[3][d]
    if other > top:
        top = other
    if twice:
        for suit, loose in enumerate((a, b, c, d)):
            again = loose & (twice >> 13 * suit)
            if again:
                total += worth[suit][again]
    return total >> 8, top, total & 255
