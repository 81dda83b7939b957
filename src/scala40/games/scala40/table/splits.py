"""Splits of a table sequence (S40-V-SPLIT), found in one sweep over its places, and the
cards a split places alone (internal).

The sweeps draw on the budget of the call that asked for them
(:mod:`~scala40.games.scala40.budget`) and raise
:class:`~scala40.SearchLimitError` past it; the sweep for the cards a split places alone
(:func:`lone_split_cards`) has a small budget of its own, as its answer is kept for the
meld.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Final

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import Card
from scala40.games.scala40.budget import EMIT_WORK, SWEEP_WORK, WorkBudget, call_budget
from scala40.games.scala40.moves import Split
from scala40.melds import Meld, MeldRules
from scala40.melds._members import SEQUENCE_KIND

__all__ = [
    "LONE_SPLIT_WORK",
    "find_splits",
    "lone_split_cards",
    "named_reading",
    "one_run",
    "split_moves",
]


# The splits a hand offers on one table sequence, and the steps the sweep took: asked
# again by the lookahead of every move of a turn, with the same hand cards near the
# sequence. A remembered answer is charged its steps again to a call that did not pay
# for it yet, so that whether a call stays within its budget never depends on what other
# calls asked before.
_SPLITS: BoundedCache[
    tuple[MeldRules, Meld, tuple[Card, ...], int, int | None], tuple[tuple[Split, ...], int]
] = BoundedCache("scala40 splits", HAND_LIMIT)


def split_moves(
    hand: tuple[Card, ...],
    index: int,
    meld: Meld,
    rules: MeldRules,
    budget: WorkBudget,
    most: int | None = None,
) -> tuple[Split, ...]:
    """Every way to add cards of ``hand`` to table sequence ``meld`` (at ``index``) and cut
    it into sequences of 3-5 cards (S40-V-SPLIT), within ``budget``; with ``most``, only
    those that add at most ``most`` cards."""
    wild_set = rules.wild_cards
    slots = rules.sequence_slots
    suit = meld.suit
    # Only cards that could sit within five places of the sequence can join it.
    near = {
        suit * 13 + slots[i] - 1
        for i in range(max(0, meld.start - 5), min(len(slots), meld.start + len(meld) + 5))
    }
    pool = tuple(c for c in hand if c in near or c in wild_set)
    if most is not None and most >= len(pool):
        most = None  # no split adds more cards than the pool holds: one answer for both
    # A split makes pieces of more than five cards in all.
    if len(meld) + (len(pool) if most is None else most) <= 5:
        return ()
    key = (rules, meld, pool, index, most)
    known = _SPLITS.get(key)
    if known is not None:
        if key not in budget.charged:
            budget.charged.add(key)
            budget.spend(known[1], _what(meld))
        return known[0]
    before = budget.left
    found = tuple(find_splits(index, meld, pool, rules, budget, most))
    _SPLITS.put(key, (found, before - budget.left))
    budget.charged.add(key)
    return found


LONE_SPLIT_WORK: Final = 5_000
"""The units of work (:mod:`~scala40.games.scala40.budget`) :func:`lone_split_cards` may
spend on one table sequence: a budget of its own, not the call's, as its answer is kept
for the meld and is the same whoever asks first. Every sequence of five cards, with up to
two jokers, takes less than a fifth of it (held by the tests)."""


def lone_split_cards(meld: Meld, rules: MeldRules, budget: WorkBudget | None = None) -> int:
    """The cards a split of table sequence ``meld`` adding that card alone places
    (S40-V-SPLIT), as a bit mask (bit ``1 << card``): under S40-V-SPLIT, the cards beside
    those a layoff takes that "could extend a meld on the table" (S40-DISCARD,
    S40-V-PLAYABLE). 3♥-7♥ takes 2♥ and 8♥ (3♥ 4♥ 5♥ / 6♥ 7♥ 8♥), a second 5♥
    (3♥ 4♥ 5♥ / 5♥ 6♥ 7♥) and a joker, though no layoff.

    One sweep (:func:`find_splits`) offers a copy of every natural card of the
    sequence's suit and of every wild card and follows only the ways that add one of
    them; a split it finds counts when each of its pieces is a sequence in the reading it
    names (the check of the pieces the sweep leaves to the engine's ``apply_split``; every
    other check of a split the sweep's pieces meet by their making). The sweep draws on
    ``budget`` if given, else on a budget of :data:`LONE_SPLIT_WORK` units of its own."""
    # A split adds cards to make a sequence longer than 5 cards (S40-V-SPLIT).
    if meld.kind is not SEQUENCE_KIND or len(meld.cards) + 1 <= 5:
        return 0
    first_card = meld.suit * 13
    pool = (*range(first_card, first_card + 13), *sorted(rules.wild_cards))
    placed = 0
    funds = WorkBudget(LONE_SPLIT_WORK) if budget is None else budget
    for split in find_splits(0, meld, pool, rules, funds, 1):
        card = split.added[0]
        if not placed >> card & 1 and all(
            named_reading(cards, represented, rules) is not None
            for cards, represented in split.pieces
        ):
            placed |= 1 << card
    return placed


_SplitShape = tuple[tuple[Card, ...], tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]]
"""A split as the sweep finds it: the cards added, and each piece's cards and places."""


def find_splits(
    index: int,
    meld: Meld,
    pool: tuple[Card, ...],
    rules: MeldRules,
    budget: WorkBudget | None = None,
    most: int | None = None,
) -> Iterator[Split]:
    """Every split of table sequence ``meld`` with cards of ``pool`` (S40-V-SPLIT), adding
    at most ``most`` of them if given, within ``budget`` (the call's,
    :func:`~scala40.games.scala40.budget.call_budget`, if not given),
    :data:`~scala40.games.scala40.budget.SWEEP_WORK` units a step: a place reached with
    some pieces open, or one way to give the cards of a place to the open pieces.

    The pieces are built in one sweep over the sequence's places, lowest first: at each
    place, the pieces still open either stop there (once they have enough cards) or take
    one card of that place (the sequence's own, or one from the pool: the natural card of
    the place or a wild card standing for it), and new pieces may start. Only ways that
    can still succeed are followed, so the work grows with the splits there are, not with
    the subsets of the pool; a way that has taken more than ``most`` cards of the pool is
    not followed, nor a piece that has taken more wild cards than a meld may hold,
    or than its natural cards can outweigh by its fifth place, is not followed
    (S40-JOKER, S40-V-MULTIJOKER). :func:`~scala40.games.scala40.engine.apply` makes the
    final checks.
    """
    wild_set = rules.wild_cards
    slots = rules.sequence_slots
    smallest = rules.sequence_min
    suit = meld.suit
    targets = [suit * 13 + rank - 1 for rank in slots]
    first = meld.start
    last = first + len(meld.cards) - 1
    own = {first + i: item for i, item in enumerate(zip(meld.cards, meld.represented))}
    naturals = Counter(card for card in pool if card not in wild_set)
    wilds = Counter(card for card in pool if card in wild_set)
    lowest, highest = max(0, first - 4), min(len(slots) - 1, last + 4)
    cap = rules.max_wilds
    lead = rules.min_natural_lead
    found: dict[Split, tuple[int, tuple[Card, ...]]] = {}
    # Every card a way takes from the pool is a card the split adds.
    most_added = len(pool) if most is None else most
    seen: set[_SplitShape] = set()
    funds = budget or call_budget()

    def spend(units: int) -> None:
        funds.left -= units
        if funds.left < 0:
            funds.refuse(_what(meld))

    own_items = Counter(own.values())

    def emit(pieces: list[list[tuple[Card, Card]]]) -> None:
        # The pieces hold every card of the sequence and the cards added: too few added
        # cards make no split (a sequence of five or fewer takes layoffs instead).
        if len(pieces) < 2 or sum(map(len, pieces)) <= 5:
            return
        # Telling the added cards apart costs as much as a few steps of the sweep.
        spend(EMIT_WORK)
        items: Counter[tuple[Card, Card]] = Counter()
        for piece in pieces:
            items.update(piece)
        extra = items - own_items
        added = tuple(sorted(card for card, _ in extra.elements()))
        if any(Counter(piece) <= extra for piece in pieces):
            return  # a piece the added cards make alone is a plain meld
        shaped = tuple(
            sorted(
                (tuple(card for card, _ in piece), tuple(rep for _, rep in piece))
                for piece in pieces
            )
        )
        ordered = tuple(sorted(shaped, key=lambda p: (p[1], p[0])))
        # Many ways through the sweep give the same split: build each move once.
        if (added, ordered) not in seen:
            seen.add((added, ordered))
            # The sweep makes pieces in their one form (low to high, every reading
            # named, in order): the constructor's work is not needed.
            found[Split.unchecked(meld=index, added=added, pieces=ordered)] = (len(added), added)

    # Whether some natural card (the sequence's own, or one of the pool) can take each
    # place: a place without one needs a wild card.
    natural_at = [place in own or naturals[targets[place]] > 0 for place in range(len(targets))]

    def may_hold(piece: list[tuple[Card, Card]], place: int) -> bool:
        """Whether ``piece``, which ends at ``place``, can still become a valid sequence:
        wild cards only add up, the natural cards it can still take before its fifth
        place are the most it will have (S40-JOKER, S40-V-MULTIJOKER), and a short piece
        needs a wild card for each of its next places no natural card can take. Pruning
        here is what keeps the sweep small when the pool holds several wild cards."""
        wilds_held = sum(card in wild_set for card, _ in piece)
        short = smallest - len(piece)
        if short > 0:
            if place + short > highest:
                return False
            wilds_held += natural_at[place + 1 : place + 1 + short].count(False)
        if cap is not None and wilds_held > cap:
            return False
        return lead is None or 5 - wilds_held - wilds_held >= lead

    # The ways to take cards for a place, and the orders of a place's cards, depend only
    # on the counts involved: the sweep meets the same ones again and again, so each is
    # worked out once per sweep (the steps are charged as before).
    picks: dict[tuple[object, ...], tuple[tuple[tuple[Card, Card], ...], ...]] = {}
    orders_of: dict[tuple[tuple[tuple[Card, Card], ...], int], list[_Order]] = {}

    def hand_items(place: int, count: int) -> tuple[tuple[tuple[Card, Card], ...], ...]:
        """Ways to take ``count`` cards from the pool for ``place``."""
        target = targets[place]
        kinds = [(target, naturals[target])] + [(w, n) for w, n in sorted(wilds.items()) if n]
        key = (target, count, *kinds)
        known = picks.get(key)
        if known is not None:
            return known
        chosen: list[tuple[Card, Card]] = []
        ways: list[tuple[tuple[Card, Card], ...]] = []

        def pick(kind: int, left: int) -> None:
            if left == 0:
                ways.append(tuple(chosen))
                return
            if kind == len(kinds):
                return
            card, available = kinds[kind]
            for take in range(min(available, left), -1, -1):
                chosen.extend([(card, target)] * take)
                pick(kind + 1, left - take)
                del chosen[len(chosen) - take :]

        pick(0, count)
        picks[key] = found_ways = tuple(ways)
        return found_ways

    def sweep(
        place: int,
        open_pieces: list[list[tuple[Card, Card]]],
        closed: list[list[tuple[Card, Card]]],
        started: bool,
        added: int,
    ) -> None:
        spend(SWEEP_WORK)
        if place > highest:
            if all(len(piece) >= smallest for piece in open_pieces):
                emit(closed + open_pieces)
            return
        if not started and place > first:
            return  # the sequence's first card is left out
        must = [piece for piece in open_pieces if len(piece) < smallest]
        may = [piece for piece in open_pieces if smallest <= len(piece) < 5]
        full = [piece for piece in open_pieces if len(piece) == 5]
        mine = own.get(place)
        target = targets[place]
        supply = (mine is not None) + naturals[target] + sum(wilds.values())
        every = (1 << len(may)) - 1
        for keep in range(every + 1):
            if place <= first and keep != every:
                # A piece that stops before the sequence's first place holds none of its
                # cards: a plain meld of the hand, never part of a split.
                continue
            going = must + [piece for i, piece in enumerate(may) if keep >> i & 1]
            stopped = closed + full + [piece for i, piece in enumerate(may) if not keep >> i & 1]
            # Nor does a piece that starts past the sequence's last place.
            most_new = 0 if place > last else supply - len(going)
            for new in range(most_new + 1):
                covering = len(going) + new
                if covering == 0:
                    if not started:
                        sweep(place + 1, [], stopped, False, added)
                    elif place > last:
                        emit(stopped)  # the run ends here, every card of the sequence used
                    continue
                need = covering - (mine is not None)
                if need < 0:
                    continue
                if added + need > most_added:
                    break  # more pieces here take more cards of the pool
                for taken in hand_items(place, need):
                    here = ([mine] if mine is not None else []) + list(taken)
                    for card, _ in taken:
                        (wilds if card in wild_set else naturals)[card] -= 1
                    order_key = (tuple(here), len(going))
                    orders = orders_of.get(order_key)
                    if orders is None:
                        orders = orders_of[order_key] = _orders(here, len(going))
                    spend(len(orders) * SWEEP_WORK)
                    for order, rest in orders:
                        grown = [[*piece, item] for piece, item in zip(going, order)]
                        pieces = grown + [[item] for item in rest]
                        for piece in pieces:
                            if (
                                len(piece) < smallest or piece[-1][0] in wild_set
                            ) and not may_hold(piece, place):
                                break
                        else:
                            sweep(place + 1, pieces, stopped, True, added + need)
                    for card, _ in taken:
                        (wilds if card in wild_set else naturals)[card] += 1

    sweep(lowest, [], [], False, 0)
    yield from sorted(found, key=lambda move: (*found[move], move.pieces))


def _what(meld: Meld) -> str:
    return f"listing the splits of table sequence {meld} (S40-V-SPLIT)"


_Order = tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]]
"""One way to give a place's cards to the open pieces: the cards they take, in order,
and the rest (sorted), each of which starts a piece."""


def _orders(items: list[tuple[Card, Card]], count: int) -> list[_Order]:
    """The distinct ordered choices of ``count`` of ``items``, identical items (copies of
    a card, jokers standing for the same place) never told apart, each with the items
    left (sorted)."""
    kinds = sorted(Counter(items).items())
    found: list[_Order] = []
    chosen: list[tuple[Card, Card]] = []
    left = [number for _, number in kinds]

    def grow() -> None:
        if len(chosen) == count:
            rest = list(items)
            for item in chosen:
                rest.remove(item)
            found.append((tuple(chosen), tuple(sorted(rest))))
            return
        for index, (item, _) in enumerate(kinds):
            if left[index]:
                left[index] -= 1
                chosen.append(item)
                grow()
                chosen.pop()
                left[index] += 1

    grow()
    return found


def one_run(pieces: list[Meld]) -> bool:
    """Whether sequences cover one unbroken run of places (overlaps allowed)."""
    spans = sorted((piece.start, piece.start + len(piece.cards) - 1) for piece in pieces)
    reach = spans[0][1]
    for start, end in spans[1:]:
        if start > reach + 1:
            return False
        reach = max(reach, end)
    return True


def named_reading(
    cards: tuple[Card, ...], represented: tuple[Card, ...], rules: MeldRules
) -> Meld | None:
    """The reading of ``cards`` whose cards stand for ``represented`` (both in the meld's
    one form), or ``None`` if the rules give no such meld (C-WILD): how each piece of a
    split names its meld, and a put-down too (the engine's ``resolve_meld``)."""
    for meld in rules.readings(cards):
        if meld.cards == cards and meld.represented == represented:
            return meld
    return None
