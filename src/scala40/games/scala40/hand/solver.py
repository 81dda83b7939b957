"""The opening solver, the packing search's accelerator: sets rank by rank, sequences
suit by suit (internal).

It serves rulesets with jokers as the only wild cards and sets of distinct suits (every
Scala 40 ruleset), and answers the engine's two questions about a hand that has not
opened (can it open, which melds may start the opening) as the packing search of
:mod:`~scala40.games.scala40.hand.packing` does, far faster; it leaves that search the
hands it cannot tell. The tests hold it to the search under random rulesets.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations
from typing import Any, Final

from scala40._cache import BoundedCache
from scala40.cards import JOKER, RANK_OF, Card
from scala40.games.scala40.hand.packing import COUNT_WEIGHTS, Packing
from scala40.games.scala40.hand.tables import (
    JOKER_ONLY,
    hand_pieces,
    lowest_rank_reach,
    lowest_rank_shapes,
    ranks_with_sets,
    sequence_places,
    wild_cap,
    wilds_allowed,
)
from scala40.melds import Meld, MeldRules
from scala40.melds._members import SET_KIND

__all__ = ["SolverCaches", "solver_can_open", "solver_serves", "solver_starts"]


# -- the opening solver: sets rank by rank, sequences suit by suit ------------------------
#
# With jokers as the only wild cards and sets of distinct suits (every Scala 40 ruleset),
# the best opening splits along the cards' two coordinates: sets take cards of one rank,
# sequences cards of one suit. The solver lists the ways to choose the sets (few: a rank
# needs several suits, or a joker, to give one), and for each, the suits' sequences come
# from a table keyed by one suit's cards as a small int: two bits per rank holding its
# count (:data:`_SPREAD`), with the jokers that suit may use. A hand differs from the
# previous one by a card or two, so nearly every suit and rank it asks about is known.
#
# Values travel packed as ``value * 64 - cards``: sums add both, and the largest is the
# best value, reached with the fewest cards. An answer found with more cards than the
# room allows is left to the packing search (:class:`Packing`), which is exact.


class SolverCaches:
    """What the opening solver remembers under one :class:`~scala40.MeldRules`."""

    __slots__ = (
        "meld_rows",
        "set_choices",
        "set_options",
        "suit_best",
        "suit_shapes",
    )

    def __init__(self) -> None:
        self.meld_rows: BoundedCache[int, _MeldRow] = BoundedCache("scala40 opening meld rows")
        """What the opening solver needs of each meld (:func:`_meld_row`), by the meld's
        identity."""
        self.set_choices: BoundedCache[int, tuple[_Choice, ...]] = BoundedCache(
            "scala40 opening set choices"
        )
        """The choices of sets, by the counts of the ranks that can make one and jokers."""
        self.set_options: BoundedCache[int, tuple[_SetOption, ...]] = BoundedCache(
            "scala40 opening set options"
        )
        """The ways to make sets of one rank, by rank, suits' counts and jokers."""
        self.suit_best: BoundedCache[int, int] = BoundedCache("scala40 opening suit best")
        """The best sequences of one suit's cards, by suit code and jokers."""
        self.suit_shapes: BoundedCache[int, tuple[tuple[int, int, int], ...]] = BoundedCache(
            "scala40 opening suit shapes"
        )
        """The sequences of one suit through its lowest rank held, by ranks held and
        jokers."""


_SPREAD_LIST = [0] * 8192
for _mask in range(1, 8192):
    _SPREAD_LIST[_mask] = _SPREAD_LIST[_mask >> 1] << 2 | (_mask & 1)
_SPREAD: Final = tuple(_SPREAD_LIST)
"""A 13-bit mask of ranks (bit ``rank - 1``) as a suit code holding one of each."""
del _SPREAD_LIST, _mask
_PACK: Final = {spread: mask for mask, spread in enumerate(_SPREAD)}
"""The 13-bit mask of the ranks present in a suit code's low bits (:data:`_SPREAD` undone)."""
_LOW_BITS: Final = _SPREAD[(1 << 13) - 1]
_NEVER: Final = -(1 << 60)


def solver_serves(rules: MeldRules) -> bool:
    """Whether the solver below serves ``rules``."""
    return (
        rules.tables.wild_cards == JOKER_ONLY
        and rules.set_suits_distinct
        and rules.wild_meld_min is None
    )


def _hand_codes(cards: tuple[Card, ...]) -> tuple[int, int, int, int, int] | None:
    """The jokers and the four suit codes of a sorted hand; ``None`` if some card is held
    more than three times.

    A suit code holds two bits a rank, so a suit's code is the sum of ``4 ** place`` over
    its cards (``place``: the rank's, the ace's 0): a card's count stays in its two bits
    as long as no card is held four times, which in a sorted hand shows as a card equal
    to the one three places on.
    """
    held = bisect_left(cards, JOKER)  # the natural cards: the jokers sort last
    natural = cards[:held] if held < len(cards) else cards
    # Loops of small ints (compiled, native arithmetic): one long sum over the four suits
    # laid end to end was a long integer's arithmetic at every card, in both builds.
    for index in range(3, held):
        if natural[index] == natural[index - 3]:
            return None
    c0 = c1 = c2 = c3 = 0
    for card in natural:
        if card < 26:
            if card < 13:
                c0 += _RANK_UNIT[card]
            else:
                c1 += _RANK_UNIT[card]
        elif card < 39:
            c2 += _RANK_UNIT[card]
        else:
            c3 += _RANK_UNIT[card]
    return len(cards) - held, c0, c1, c2, c3


# Final: compiled, read without a lookup in the module's names.
_RANK_UNIT: Final = tuple(1 << 2 * (card % 13) for card in range(52))
"""A natural card's one copy in its suit's code (two bits a rank)."""


_SetOption = tuple[int, int, int, int, int, int, tuple[int, ...]]
"""A way to make sets of one rank: packed value, jokers, the four suit codes' decrease,
and the sets' keys (:func:`_set_key`)."""


def _set_key(rank: int, suits: int, jokers: int) -> int:
    """A set by what the solver tells apart: its rank, natural suits and joker count."""
    return rank << 12 | suits << 8 | jokers


def _set_options(rank: int, counts: int, jokers: int, rules: MeldRules) -> tuple[_SetOption, ...]:
    """Every nonempty multiset of sets of ``rank`` from the suits' counts (two bits per
    suit in ``counts``) and up to ``jokers`` jokers."""
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    key = rank << 16 | counts << 8 | jokers
    found = caches.set_options.get(key)
    if found is not None:
        return found
    have = [counts >> 2 * suit & 3 for suit in range(4)]
    present = [suit for suit in range(4) if have[suit]]
    cap = wild_cap(jokers, rules)
    value = rules.rank_values[rank]
    wild = value if rules.wild_value is None else rules.wild_value
    singles: list[tuple[int, int, int]] = []
    for size in range(1, len(present) + 1):
        for chosen in combinations(present, size):
            for wilds in range((cap if cap < 4 - size else 4 - size) + 1):
                total = size + wilds
                if rules.set_min <= total <= rules.set_max and wilds_allowed(rules, size, wilds):
                    mask = 0
                    for suit in chosen:  # a loop, not sum() over a generator
                        mask |= 1 << suit
                    singles.append((mask, wilds, (size * value + wilds * wild) * 64 - total))
    options: list[_SetOption] = []
    place = 2 * (rank - 1)

    def grow(first: int, used: list[int], wilds: int, packed: int, keys: tuple[int, ...]) -> None:
        for index in range(first, len(singles)):
            mask, more, worth = singles[index]
            if wilds + more > jokers:
                continue
            now = [used[suit] + (mask >> suit & 1) for suit in range(4)]
            # A suit used more often than the hand holds it (any() over a generator,
            # as a comprehension and a comparison: the hot path's cheaper form).
            if now[0] > have[0] or now[1] > have[1] or now[2] > have[2] or now[3] > have[3]:
                continue
            sets = (*keys, _set_key(rank, mask, more))
            options.append(
                (packed + worth, wilds + more, now[0] << place, now[1] << place,
                 now[2] << place, now[3] << place, sets)
            )  # fmt: skip
            grow(index, now, wilds + more, packed + worth, sets)

    grow(0, [0, 0, 0, 0], 0, 0, ())
    return caches.set_options.put(key, tuple(options))


_Choice = tuple[int, int, int, int, int, int, tuple[int, ...]]
"""A choice of sets for a hand: packed value, jokers used, what it takes from each of the
four suit codes, and the sets' keys."""


def _set_choices(codes: tuple[int, int, int, int, int], rules: MeldRules) -> tuple[_Choice, ...]:
    """Every choice of sets from the hand (none at all first).

    The choices depend only on the counts of the ranks that can make a set and on the
    jokers: they are kept under those (the suit codes with every other rank cleared),
    and hands that differ elsewhere share them.
    """
    jokers, c0, c1, c2, c3 = codes
    per_set = wild_cap(jokers, rules)
    # The ranks held in enough suits, worked out on the codes' low bits of each rank.
    low = _LOW_BITS
    p0 = (c0 | c0 >> 1) & low
    p1 = (c1 | c1 >> 1) & low
    p2 = (c2 | c2 >> 1) & low
    p3 = (c3 | c3 >> 1) & low
    ranks = (
        ranks_with_sets((p0, p1, p2, p3), rules.set_min - per_set)
        & _SPREAD[rules.tables.rank_bits]
    )
    if not ranks:
        return _NO_SETS
    both = ranks | ranks << 1
    key = jokers | (c0 & both) << 4 | (c1 & both) << 30 | (c2 & both) << 56 | (c3 & both) << 82
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    found = caches.set_choices.get(key)
    if found is not None:
        return found
    choices: list[_Choice] = [_NO_SETS[0]]
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        shift = bit.bit_length() - 1
        counts = (c0 >> shift & 3) | (c1 >> shift & 3) << 2 | (c2 >> shift & 3) << 4
        counts |= (c3 >> shift & 3) << 6
        options = _set_options(shift // 2 + 1, counts, jokers, rules)
        if not options:
            continue
        grown = list(choices)
        for packed, used, d0, d1, d2, d3, keys in choices:
            for more, wilds, e0, e1, e2, e3, sets in options:
                if used + wilds <= jokers:
                    grown.append(
                        (packed + more, used + wilds, d0 + e0, d1 + e1, d2 + e2, d3 + e3,
                         keys + sets)
                    )  # fmt: skip
        choices = grown
    return caches.set_choices.put(key, tuple(choices))


_NO_SETS: tuple[_Choice, ...] = ((0, 0, 0, 0, 0, 0, ()),)


def _suit_best(code: int, jokers: int, rules: MeldRules) -> int:
    """The best sequences of one suit's cards (a suit code) with up to ``jokers`` jokers,
    packed; the suit itself does not matter (values depend on ranks only)."""
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    key = code << 4 | jokers
    found = caches.suit_best.get(key)
    if found is not None:
        return found
    if not code:
        # Kept too: callers look a suit up in the table first, and an empty suit is the
        # commonest of all (a suit a hand lacks, or one its sets took whole).
        return caches.suit_best.put(key, 0)
    place = ((code & -code).bit_length() - 1) >> 1
    # Either one copy of the lowest rank stays out of the sequences, or a sequence holds it.
    best = _suit_best(code - (1 << 2 * place), jokers, rules)
    cap = wild_cap(jokers, rules)
    for natural, wilds, packed in _lowest_shapes(
        _PACK[(code | code >> 1) & _LOW_BITS], cap, rules
    ):
        value = packed + _suit_best(code - natural, jokers - wilds, rules)
        if value > best:
            best = value
    return caches.suit_best.put(key, best)


def _lowest_shapes(mask: int, cap: int, rules: MeldRules) -> tuple[tuple[int, int, int], ...]:
    """The sequences from the ranks in ``mask`` with up to ``cap`` jokers whose lowest
    natural rank is the lowest in ``mask`` (those :func:`_suit_best` tries): each as its
    natural cards (a suit code), jokers and packed value.

    They are kept under the ranks such a sequence can reach (:func:`lowest_rank_reach`)
    as well as under the whole mask: the suits :func:`_suit_best` meets differ mostly in
    ranks far from their lowest, and working the shapes out again for each was most of
    what the suits' table cost a process whose tables were not yet full.
    """
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    cache = caches.suit_shapes
    key = mask << 4 | cap
    found = cache.get(key)
    if found is not None:
        return found
    places, longest = sequence_places(rules)  # a miss only: read of the rules' plan
    reach = lowest_rank_reach(mask, cap, places, longest)
    found = cache.get(reach << 4 | cap)
    if found is None:
        shapes = []
        for cards, _, _, value in lowest_rank_shapes(reach, cap, rules):
            natural = wilds = 0
            for card in cards:
                if card == JOKER:
                    wilds += 1
                else:
                    natural |= 1 << 2 * card
            shapes.append((natural, wilds, value * 64 - len(cards)))
        found = cache.put(reach << 4 | cap, tuple(shapes))
    return cache.put(key, found)


def _suit_rows(
    c0: int, c1: int, c2: int, c3: int, jokers: int, rules: MeldRules
) -> list[list[int]]:
    """Each suit's best sequences (packed) with 0 to ``jokers`` jokers."""
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    table = caches.suit_best
    rows = []
    for code in (c0, c1, c2, c3):
        row = []
        for wilds in range(jokers + 1):
            found = table.get(code << 4 | wilds)
            row.append(_suit_best(code, wilds, rules) if found is None else found)
        rows.append(row)
    return rows


def _combine(first: list[int], second: list[int]) -> list[int]:
    """The best of two parts sharing jokers: entry ``n`` for up to ``n`` jokers in all."""
    # Loops, not max() over a generator: the builtin's call and the generator cost
    # more than the few sums compared.
    combined = []
    for total in range(len(first)):
        best = first[0] + second[total]
        for used in range(1, total + 1):
            value = first[used] + second[total - used]
            if value > best:
                best = value
        combined.append(best)
    return combined


def _others(rows: list[list[int]]) -> list[list[int]]:
    """For each suit, the best of the three other suits sharing 0 to n jokers."""
    r0, r1, r2, r3 = rows
    front01 = _combine(r0, r1)
    back23 = _combine(r2, r3)
    return [
        _combine(r1, back23),
        _combine(r0, back23),
        _combine(front01, r3),
        _combine(front01, r2),
    ]


_Scored = tuple[int, int, int, tuple[int, int, int, int], Any, Any, tuple[int, ...]]
"""A choice of sets with its best opening: the opening (packed), the sets' value
(packed), the jokers left for sequences, the four suit codes left, each suit's best
sequences (:func:`_score_choices`), and the sets' keys."""


def _score_choices(
    codes: tuple[int, int, int, int, int], rules: MeldRules, least: int
) -> tuple[int, list[_Scored]]:
    """The best opening of a hand (packed) if it reaches ``least`` (packed), and each
    choice of sets that may reach it, with its own best.

    Taking sets leaves the suits fewer cards, so a choice of sets can add to its value at
    most the suits' best with all their cards: a choice that cannot reach ``least`` so is
    left out at once (on most hands, every choice). For each choice kept, what the
    sequences need later is kept too: with no joker left, each suit's best; with one,
    each suit's best without and with it; with more, each suit's row for 0 to n jokers
    (:func:`_suit_rows`).
    """
    table = rules.tables.owned[SolverCaches].suit_best
    jokers, b0, b1, b2, b3 = codes
    # The suits' best with all their cards, for each number of jokers left to them.
    if jokers < 2:
        whole, bases, _ = _suits_best((b0, b1, b2, b3), jokers, rules, table)
        bound = [sum(bases), whole] if jokers else [whole]
    else:
        rows = _suit_rows(b0, b1, b2, b3, jokers, rules)
        bound = _combine(_combine(rows[0], rows[1]), _combine(rows[2], rows[3]))
    scored: list[_Scored] = []
    reached = _NEVER
    for packed, used, d0, d1, d2, d3, keys in _set_choices(codes, rules):
        left = jokers - used
        if packed + bound[left] < least:
            continue
        suits = (b0 - d0, b1 - d1, b2 - d2, b3 - d3)
        best, bases, gains = _suits_best(suits, left, rules, table)
        total = packed + best
        scored.append((total, packed, left, suits, bases, gains, keys))
        if total > reached:
            reached = total
    return reached, scored


def _suits_best(
    suits: tuple[int, int, int, int], left: int, rules: MeldRules, table: BoundedCache[int, int]
) -> tuple[int, Any, Any]:
    """The best sequences of four suit codes sharing ``left`` jokers (packed), and what
    the starts need of them (:data:`_Scored`): with no joker left, each suit's best; with
    one, each suit's best without it and what it adds; with more, each suit's row for 0
    to ``left`` jokers (:func:`_suit_rows`)."""
    if left == 0:
        bases = [
            _suit_best(code, 0, rules) if (found := table.get(code << 4)) is None else found
            for code in suits
        ]
        return sum(bases), bases, None
    if left == 1:
        bases = []
        gains = []
        total = 0
        top = 0  # the largest gain, kept here rather than asked of max() (never below 0)
        for code in suits:
            without = table.get(code << 4)
            if without is None:
                without = _suit_best(code, 0, rules)
            with_it = table.get(code << 4 | 1)
            if with_it is None:
                with_it = _suit_best(code, 1, rules)
            gain = with_it - without
            bases.append(without)
            gains.append(gain)
            total += without
            if gain > top:
                top = gain
        return total + top, bases, gains
    rows = _suit_rows(*suits, left, rules)
    return _combine(_combine(rows[0], rows[1]), _combine(rows[2], rows[3]))[left], rows, None


def _best_openings(
    cards: tuple[Card, ...], needed: int, rules: MeldRules
) -> tuple[int, int, list[_Scored]] | None:
    """The best opening of a sorted hand (packed), the least that reaches ``needed``
    (packed), and the choices of sets that may reach it (:func:`_score_choices`); ``None``
    if some card is held four times (only the packing search can tell)."""
    codes = _hand_codes(cards)
    if codes is None:
        return None
    least = needed * 64 - 63
    reached, scored = _score_choices(codes, rules, least)
    return reached, least, scored


def solver_can_open(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int
) -> bool | None:
    """Whether melds from ``cards`` reach ``needed`` (above 0) with ``keep`` cards left:
    ``True``/``False``, or ``None`` when only the general search can tell."""
    scored = _best_openings(cards, needed, rules)
    if scored is None:
        return None
    reached, least, _ = scored
    if reached < least:
        return False
    # Reached; with too many cards, the search decides.
    return True if -reached % 64 <= len(cards) - keep else None


def solver_starts(
    cards: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    room: int,
    close_ok: bool,
) -> tuple[Meld, ...] | None:
    """:func:`~scala40.games.scala40.hand.opening.opening_starts` without a taken card to
    use, for needed above 0, the opening of at most ``room`` cards; ``None`` when only the
    packing search can tell.

    A meld may start the opening when some opening holds it. A set: some choice of sets
    holding it reaches the threshold. A sequence: some choice of sets leaving its cards
    does, once the sequence is taken out of its suit; the choices are tried best first,
    and none can do better with the sequence than it does alone.
    """
    found = _best_openings(cards, needed, rules)
    if found is None:
        return None
    reached, least, scored = found
    if reached < least:
        return ()
    if -reached % 64 > room:
        return None  # the best opening holds too many cards: the search decides
    if len(scored) > 1:
        scored.sort(key=_first, reverse=True)
    # What a sequence of each suit adds to, choice by choice (best first): the sets and
    # the other suits' best, with the jokers left shared between them and the suit.
    viable: list[tuple[int, int, tuple[int, int, int, int], Any, Any, tuple[int, ...]]] = []
    for total, packed, left, suits, bases, gains, keys in scored:
        if total < least:
            break
        if left == 0:
            viable.append((total, 0, suits, [total - base for base in bases], None, keys))
        elif left == 1:
            top = max(gains)
            first = gains.index(top)
            second = max(gains[:first] + gains[first + 1 :])
            viable.append(
                (total, 1, suits, [total - top - base for base in bases],
                 [second if suit == first else top for suit in range(4)], keys)
            )  # fmt: skip
        else:
            viable.append((total, left, suits, packed, _others(bases), keys))
    caches: SolverCaches = rules.tables.owned[SolverCaches]
    table = caches.suit_best
    total_cards = len(cards)
    rows = caches.meld_rows
    found_melds: list[Meld] = []
    exact: Packing | None = None  # the packing search, for the melds only it can tell
    # The hand's melds, table by table (sets of a rank, sequences of a suit), each with
    # what the solver needs of it: a meld is one object in all the tables holding it.
    for piece in hand_pieces(cards, rules):
        sets = piece[0].kind is SET_KIND
        for meld in piece:
            row = rows.get(id(meld))
            if row is None or row[0] is not meld:
                row = _meld_row(meld, rows)
            _, size, value, place, natural, wilds, worth = row
            rest = total_cards - size
            if value >= needed:
                if rest >= keep or (rest == 0 and close_ok):
                    found_melds.append(meld)
                continue
            fits = crowded = False  # crowded: reached only with too many cards
            if sets:
                for total, _, _, _, _, keys in viable:
                    if place in keys:  # a set's place is its set key
                        if -total % 64 <= room:
                            fits = True
                            break
                        crowded = True
            else:
                for _, left, suits, rests, more, _ in viable:
                    code = suits[place]
                    if wilds > left or (code | code >> 1) & natural != natural:
                        continue
                    after = code - natural
                    if left < 2:
                        tail = table.get(after << 4)
                        if tail is None:
                            tail = _suit_best(after, 0, rules)
                        reach = rests[place] + worth + tail
                        if left and not wilds:
                            # The joker left goes to this suit, or to the best of the others.
                            with_it = table.get(after << 4 | 1)
                            if with_it is None:
                                with_it = _suit_best(after, 1, rules)
                            if with_it - tail > more[place]:
                                reach += with_it - tail
                            else:
                                reach += more[place]
                    else:
                        others = more[place]
                        reach = _NEVER
                        for kept in range(wilds, left + 1):
                            part = table.get(after << 4 | (kept - wilds))
                            if part is None:
                                part = _suit_best(after, kept - wilds, rules)
                            if part + others[left - kept] > reach:
                                reach = part + others[left - kept]
                        reach += rests + worth
                    if reach >= least:
                        if -reach % 64 <= room:
                            fits = True
                            break
                        crowded = True
            if crowded and not fits:
                if exact is None:
                    exact = Packing(cards, rules, COUNT_WEIGHTS)
                final_keep = len(cards) - room
                fits = exact.starts_with(meld, needed, keep, final_keep, close_ok, None)
            if fits:
                found_melds.append(meld)
    return tuple(found_melds)


def _first(item: _Scored) -> int:
    return item[0]


_MeldRow = tuple[Meld, int, int, int, int, int, int]
"""What the solver needs of a meld: the meld, its size and value, its set key (a set,
:func:`_set_key`) or suit (a sequence), its natural cards as a suit code, its jokers,
and its packed value."""


def _meld_row(meld: Meld, rows: BoundedCache[int, _MeldRow]) -> _MeldRow:
    """The row of ``meld``, remembered in ``rows`` by the meld's identity (the row keeps
    the meld alive, so that its id is not reused meanwhile)."""
    natural = wilds = suits = 0
    for card in meld.cards:
        if card == JOKER:
            wilds += 1
        else:
            natural |= 1 << 2 * (card % 13)
            suits |= 1 << card // 13
    if meld.kind is SET_KIND:
        place = _set_key(RANK_OF[meld.represented[0]], suits, wilds)
    else:
        place = meld.suit
    size = len(meld.cards)
    return rows.put(
        id(meld), (meld, size, meld.value, place, natural, wilds, meld.value * 64 - size)
    )
