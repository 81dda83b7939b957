"""The least deadwood of a hand: melding, laying off onto the table melds and swapping
jokers out of them (S40-AFTER-OPEN, S40-SWAP), searched exactly (internal).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from scala40._base.engine import without
from scala40.cards import CARD_NAMES, Card
from scala40.checks import describe
from scala40.errors import (
    InvalidArgumentError,
    InvalidMeldError,
    InvalidValueError,
)
from scala40.games.scala40.analysis.inputs import (
    MAX_HAND_CARDS,
    check_count,
    hand_rules,
    sorted_hand,
)
from scala40.games.scala40.budget import (
    TRY_WORK,
    WorkBudget,
    call_budget,
    shared_budget,
)
from scala40.games.scala40.hand.packing import LEAST_LEFT, Found, Packing, best_packing
from scala40.games.scala40.moves import (
    LayOff,
    SwapJoker,
)
from scala40.games.scala40.rules import PRESETS, Ruleset, hand_value
from scala40.games.scala40.state import meld_from_spec
from scala40.games.scala40.table.chains import lay_off_chains, may_join, swap_choices
from scala40.games.scala40.table.offers import lay_off_move
from scala40.melds import Extension, Meld, MeldRules

__all__ = [
    "MAX_TABLE_MELDS",
    "Deadwood",
    "TablePlan",
    "TableSearch",
    "least_deadwood",
    "min_deadwood",
]

MAX_TABLE_MELDS = 64
"""The most table melds :func:`min_deadwood` takes; published as
:data:`scala40.games.scala40.analysis.MAX_TABLE_MELDS`."""


# ---------------------------------------------------------------- laying off and swapping


def _extension_options(
    meld: Meld, pool: tuple[Card, ...]
) -> list[tuple[tuple[Card, ...], tuple[Extension, ...]]]:
    """Every multiset of cards of ``pool`` that can be laid off onto ``meld``, one card at
    a time, each with an order that works (S40-AFTER-OPEN, S40-LAYOFF-JOKER): the chains
    of :func:`~scala40.games.scala40.table.chains.lay_off_chains` by the cards they take
    (whatever meld they leave, the cards left to meld are the same)."""
    found: dict[tuple[Card, ...], tuple[Extension, ...]] = {}
    for _, added, path in lay_off_chains(meld, pool)[0]:
        found.setdefault(added, path)
    return list(found.items())


class TablePlan(NamedTuple):
    swaps: tuple[tuple[int, Card], ...]
    """(table index, natural card) of each joker swap, applied first."""
    layoffs: tuple[tuple[int, Extension], ...]
    """(table index, extension) of each layoff, in an order that works."""
    found: Found
    """The new melds from what is left, and the cards left."""


_TABLE_SEARCH = "the search for the least deadwood (S40-AFTER-OPEN, S40-SWAP)"


class TableSearch:
    """The least penalty a hand can be brought to with a table to lay off onto.

    Joker swaps come first: each feasible subset of them is tried (a swap takes a natural
    card out of the hand and puts a joker in, which may or may not pay). Then, table meld
    by table meld, each multiset of cards that can be laid off onto it (the chains at
    each end, the missing suits of a set, wild cards within the rules' limits), over
    disjoint cards of the hand; then the new melds of what is left (:func:`~scala40.games.scala40.hand.packing.best_packing`). The
    answers are memoized per table position and hand left.
    """

    def __init__(
        self, rules: MeldRules, weights: Sequence[int], lone_ace: bool, keep: int
    ) -> None:
        self.rules = rules
        self.weights = weights
        self.lone_ace = lone_ace
        self.keep = keep
        self.leaves: dict[tuple[Card, ...], Found | None] = {}
        self.layoff_cache: dict[
            tuple[Meld, tuple[Card, ...]], list[tuple[tuple[Card, ...], tuple[Extension, ...]]]
        ] = {}
        self.search: Packing | None = None
        self.budget: WorkBudget = call_budget()

    def leaf(self, hand: tuple[Card, ...]) -> Found | None:
        if hand in self.leaves:
            return self.leaves[hand]
        # A leaf solves a whole hand: it costs two moves tried.
        self.budget.spend(2 * TRY_WORK, _TABLE_SEARCH)
        found = self.leaves[hand] = best_packing(
            hand,
            self.rules,
            self.weights,
            self.lone_ace,
            LEAST_LEFT,
            self.keep,
            search=self.search,
        )
        return found

    def best(
        self, hand: tuple[Card, ...], table: Sequence[Meld], target: int | None = None
    ) -> TablePlan | None:
        """The plan leaving the least weight, then the fewest cards; with ``target``, the
        first plan found leaving at most that weight, or ``None`` if there is none."""
        # Every hand left to meld is part of the hand plus the wild cards the table's
        # swaps could free: one meld search over that serves them all.
        freed = [meld.cards[index] for meld in table for index, _ in meld.joker_swaps()]
        widest = tuple(sorted((*hand, *freed)))
        if self.search is None or not self.search.covers(widest):
            self.search = Packing(widest, self.rules, self.weights)
            self.leaves.clear()
        best: tuple[tuple[int, int], TablePlan] | None = None
        for swaps, swapped_hand, swapped_table in swap_choices(
            hand, table, self.budget, _TABLE_SEARCH
        ):
            plan = self._lay_off(swapped_hand, swapped_table, target)
            if plan is None:
                continue
            if target is not None:
                return plan._replace(swaps=swaps)
            score = (plan.found.left_weight, len(plan.found.left))
            if best is None or score < best[0]:
                best = (score, plan._replace(swaps=swaps))
        return None if best is None else best[1]

    def _lay_off(
        self, hand: tuple[Card, ...], table: tuple[Meld, ...], target: int | None
    ) -> TablePlan | None:
        relevant = [may_join(meld) for meld in table]
        weights = self.weights
        assert self.search is not None
        meldable = self.search.field_of_card
        # stuck_after[i]: the cards that are in no meld at all and can't join a table meld
        # from #i on. In a search for a target, their weight bounds what will be left.
        stuck_after = [
            frozenset(
                card
                for card in set(hand)
                if card not in meldable and not any(test(card) for test in relevant[i:])
            )
            for i in range(len(table) + 1)
        ]
        spend = self.budget.spend
        memo: dict[tuple[int, tuple[Card, ...]], tuple[tuple[int, int], int, int] | None] = {}
        option_lists: dict[
            tuple[int, tuple[Card, ...]], list[tuple[tuple[Card, ...], tuple[Extension, ...]]]
        ] = {}

        def options(
            index: int, rem: tuple[Card, ...]
        ) -> list[tuple[tuple[Card, ...], tuple[Extension, ...]]]:
            pool = tuple(card for card in rem if relevant[index](card))
            key = (table[index], pool)
            found = self.layoff_cache.get(key)
            if found is None:
                found = self.layoff_cache[key] = (
                    _extension_options(table[index], pool) if pool else [((), ())]
                )
                # Each option found took a few extensions tried, not one.
                self.budget.spend(2 * TRY_WORK * len(found), _TABLE_SEARCH)
            option_lists[(index, rem)] = found
            return found

        def best(index: int, rem: tuple[Card, ...]) -> tuple[int, int] | None:
            if index == len(table):
                leaf = self.leaf(rem)
                if leaf is None or (target is not None and leaf.left_weight > target):
                    return None
                return (leaf.left_weight, len(leaf.left))
            key = (index, rem)
            if key in memo:
                hit = memo[key]
                return None if hit is None else hit[0]
            top: tuple[tuple[int, int], int, int] | None = None
            if target is not None:
                stuck = stuck_after[index]
                if sum(weights[card] for card in rem if card in stuck) > target:
                    memo[key] = None
                    return None
            listed = options(index, rem)
            spend(1 + len(listed), _TABLE_SEARCH)
            for number, (added, _) in enumerate(listed):
                rest = without(rem, added) if added else rem
                assert rest is not None  # the options of the cards left
                score = best(index + 1, rest)
                if score is not None and (top is None or score < top[0]):
                    top = (score, number, 0)
                    if target is not None:
                        break  # good enough
            memo[key] = top
            return None if top is None else top[0]

        if best(0, hand) is None:
            return None
        layoffs: list[tuple[int, Extension]] = []
        rem = hand
        for index in range(len(table)):
            hit = memo[(index, rem)]
            assert hit is not None
            added, path = option_lists[(index, rem)][hit[1]]
            layoffs.extend((index, ext) for ext in path)
            rest = without(rem, added) if added else rem
            assert rest is not None
            rem = rest
        leaf = self.leaf(rem)
        assert leaf is not None
        return TablePlan((), tuple(layoffs), leaf)


@attrs.frozen
class Deadwood:
    """The least penalty a hand can be left with, and one way to get there."""

    value: int
    """The penalty of the cards left (S40-HAND-VALUE)."""
    melds: tuple[Meld, ...]
    """New melds put down from the hand (after the swaps and layoffs)."""
    layoffs: tuple[LayOff, ...]
    """Cards laid off onto the table melds (numbered as given), in an order that works
    once the swaps are made."""
    swaps: tuple[SwapJoker, ...]
    """Jokers swapped out of the table melds (S40-SWAP), made first."""
    remaining: tuple[Card, ...]
    """The cards left in hand, sorted."""


def _table_melds(table: Iterable[Meld | str], ruleset: Ruleset) -> tuple[Meld, ...]:
    given: object = table
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise InvalidArgumentError(f"table must be a list of melds, got {describe(given)}")
    melds: list[Meld] = []
    for index, spec in enumerate(table):
        if len(melds) >= MAX_TABLE_MELDS:
            raise InvalidValueError(f"a table holds at most {MAX_TABLE_MELDS} melds")
        if isinstance(spec, Meld):
            if spec.rules != ruleset.meld_rules:
                raise InvalidMeldError(
                    f"table meld #{index} ({spec}) was checked under other meld rules"
                )
            if spec not in ruleset.meld_rules.readings(spec.cards):
                raise InvalidMeldError(f"table meld #{index} ({spec}) is not a valid meld")
            melds.append(spec)
        elif isinstance(spec, str):
            melds.append(meld_from_spec(spec, ruleset))
        else:
            raise InvalidArgumentError(
                f"expected a Meld or meld text for table meld #{index}, got {describe(spec)}"
            )
    return tuple(melds)


@functools.lru_cache(maxsize=16)
def _deck_counts(jokers: int) -> dict[Card, int]:
    """How many copies of each card the deck of a ruleset with ``jokers`` jokers holds."""
    return Ruleset(jokers=jokers).deck.counts()


def _check_deck(hand: tuple[Card, ...], table: tuple[Meld, ...], rules: Ruleset) -> None:
    """The hand and the table together hold no more copies of a card than the deck (C-DECK):
    this also bounds the table, and the jokers that swaps can free."""
    placed = Counter(hand)
    for meld in table:
        placed.update(meld.cards)
    deck = _deck_counts(rules.jokers)
    for card, count in sorted(placed.items()):
        if count > deck.get(card, 0):
            raise InvalidValueError(
                f"the hand and the table hold {count} copies of {CARD_NAMES[card]}, but the "
                f"deck has {deck.get(card, 0)} (C-DECK)"
            )


def min_deadwood(
    hand: Iterable[Card] | str,
    rules: Ruleset | None = None,
    *,
    table: Iterable[Meld | str] = (),
    keep: int = 0,
) -> Deadwood:
    """The lowest penalty (S40-HAND-VALUE) ``hand`` can be left with in one turn.

    Cards leave the hand in new melds and, when ``table`` melds are given (:class:`Meld`
    values or text like ``"8C 9C JK=10C"``), laid off onto them (S40-AFTER-OPEN; chains
    included: after 8♠ goes onto 5♠-6♠-7♠, 9♠ can follow) and in joker swaps (S40-SWAP:
    the natural card a joker stands for frees it, and the joker joins the hand, to be
    melded, laid off or kept), in any order, as a player who has opened may. At least
    ``keep`` cards stay in hand (``keep=1`` leaves one to discard). No opening threshold
    applies, and sequences are not split (S40-V-SPLIT). Penalties follow ``rules``,
    including S40-V-HIGHVALUES and S40-V-LONEACE.

    :raises InvalidCardError: a card of ``hand`` is not a card.
    :raises InvalidMoveError, IllegalMoveError: a table meld's text is not a valid meld.
    :raises InvalidMeldError: a table :class:`Meld` was made under other rules.
    :raises InvalidValueError: ``keep`` is negative.
    :raises SearchLimitError: the cards can be read as more than ``MAX_HAND_READINGS`` (3,000)
        melds, or one meld as more than ``MAX_READINGS``, or the search spent its budget
        of work (``MAX_SEARCH_WORK`` of :mod:`scala40.games.scala40.budget`, about
        two tenths of a second): only under rules that allow many wild cards in a meld.

    >>> from scala40 import min_deadwood
    >>> min_deadwood("9S 10S 3D 3H KC KD JK").value               # no table: JK 3D 3H
    25
    >>> table = ["6S 7S 8S", "3S 3C JK=3H"]
    >>> found = min_deadwood("9S 10S 3D 3H KC KD JK", table=table)
    >>> found.value, [str(m) for m in found.swaps], [str(m) for m in found.layoffs]
    (0, ['swap 3H #1'], ['layoff 3D #1 set'])
    >>> [str(m) for m in found.melds]
    ['JK=KS KD KC', '9S 10S JK=JS']
    >>> found = min_deadwood("9S 10S 3D 3H KC KD JK", table=table, keep=1)
    >>> found.value, found.remaining
    (3, (15,))
    """
    if rules is None:
        rules = PRESETS["official"]
    elif not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Ruleset or None, got {describe(rules)}")
    cards = sorted_hand(hand)
    keep = check_count("keep", keep, MAX_HAND_CARDS)
    melds = _table_melds(table, rules)
    _check_deck(cards, melds, rules)
    weights, lone_ace = hand_rules(rules)
    with shared_budget(WorkBudget()):
        search = TableSearch(rules.meld_rules, weights, lone_ace, keep)
        plan = search.best(cards, melds)
    if plan is None:
        # Fewer cards than ``keep``: nothing can be put down.
        return Deadwood(hand_value(cards, rules), (), (), (), cards)
    found = plan.found
    return Deadwood(
        found.left_weight,
        found.melds,
        tuple(lay_off_move(index, ext) for index, ext in plan.layoffs),
        tuple(SwapJoker(card, index) for index, card in plan.swaps),
        found.left,
    )


def least_deadwood(hand: Iterable[Card] | str, rules: Ruleset | None = None) -> int:
    """The least penalty (S40-HAND-VALUE) ``hand`` can be left with once it puts down the
    melds it holds, with no table to lay off onto and no opening threshold:
    :func:`min_deadwood`'s value. It is how far a hand is from closing, in the points it
    would count if another player closed, and the game's
    :attr:`~scala40.game.Game.least_deadwood`.

    >>> from scala40.games.scala40.analysis import least_deadwood
    >>> least_deadwood("9S 10S 3D 3H KC KD JK")                    # JK melds the kings
    25
    >>> least_deadwood("7S 8S 9S 9H 9D")                          # 9S 9H 9D, not 7S 8S 9S
    15

    :raises InvalidCardError: a card of ``hand`` is not a card.
    :raises InvalidArgumentError: ``rules`` is neither a Scala 40 ruleset nor ``None``.
    :raises InvalidValueError: more than ``MAX_HAND_CARDS`` (14) cards, or cards the
        deck cannot hold.
    :raises SearchLimitError: as :func:`min_deadwood`: only under rules that allow many
        wild cards in a meld.
    """
    return min_deadwood(hand, rules).value
