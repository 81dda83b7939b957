"""What a turn can do to the melds on the table with cards of a hand: the one enumerator
of chains of layoffs and of joker swaps, and the melds they leave (internal).

A layoff grows a table meld by one card at one of its places (S40-AFTER-OPEN,
S40-LAYOFF-JOKER); a chain of them grows it card by card, so that a card fits only once
another has made room for it (8♠ then 9♠ onto 5♠-6♠-7♠). A joker swap gives a natural
card of the hand for the joker standing for it (S40-SWAP). The engine's handlers, its
lookahead, the least deadwood and the close search all take their layoffs and swaps
from here, and the melds after them from one cache.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scala40._base.engine import without
from scala40._cache import BoundedCache
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.games.scala40.budget import WorkBudget
from scala40.games.scala40.table.offers import TableCaches, freed_by
from scala40.melds import Extension, Meld, MeldKind

__all__ = [
    "Chain",
    "SwapChoice",
    "grown_meld",
    "lay_off_chains",
    "may_join",
    "swap_choices",
    "swapped_meld",
]


def grown_meld(meld: Meld, extension: Extension) -> Meld:
    """``meld`` with the card of ``extension`` laid off as it says (one of
    :meth:`~scala40.melds.Meld.extensions`)."""
    caches: TableCaches = meld.rules.tables.owned[TableCaches]
    key = (meld, extension)
    grown = caches.grown.get(key)
    if grown is None:
        grown = caches.grown.put(key, meld.with_extension(extension))
    return grown


def swapped_meld(meld: Meld, card: Card) -> tuple[Meld, Card]:
    """``meld`` with the joker ``card`` stands for replaced by ``card``, and the joker
    freed (:meth:`~scala40.melds.Meld.swap`).

    :raises InvalidMeldError: ``card`` frees no joker of ``meld``.
    """
    swapped: BoundedCache[tuple[Meld, Card], tuple[Meld, Card]]
    swapped = meld.rules.tables.owned[TableCaches].swapped
    # A pair is never false: the one lookup answers.
    return swapped.get((meld, card)) or swapped.put((meld, card), meld.swap(card))


def may_join(meld: Meld) -> Callable[[Card], bool]:
    """Which cards could ever join ``meld``: a wild card, or a card of its suit (a
    sequence) or of its rank (a set)."""
    wild = meld.rules.wild_cards
    if meld.kind is MeldKind.SEQUENCE:
        suit = meld.suit
        return lambda card: card in wild or SUIT_OF[card] == suit
    rank = meld.rank
    return lambda card: card in wild or RANK_OF[card] == rank


Chain = tuple[Meld, tuple[Card, ...], tuple[Extension, ...]]
"""A chain of layoffs: the meld it leaves, the cards it takes from the hand (sorted) and
the layoffs, in an order that works."""


def lay_off_chains(meld: Meld, pool: Sequence[Card]) -> tuple[list[Chain], int, int]:
    """Every meld the cards of ``pool`` can make of ``meld`` by layoffs, one card at a
    time, each once (the empty chain first): breadth first, so by the number of cards
    laid off, each with the first order found. Every intermediate meld is checked by the
    meld engine itself, so wild cards that make room for natural cards beyond them come
    out too.

    Also how many extensions were looked at, and how many of them were tried (their card
    in the pool): the work the callers charge to their budgets.
    """
    chains: list[Chain] = [(meld, (), ())]
    seen = {meld}
    looked = tried = 0
    frontier = chains
    while frontier:
        following: list[Chain] = []
        for current, added, path in frontier:
            extensions = current.extensions()
            looked += len(extensions)
            for extension in extensions:
                card = extension.card
                if pool.count(card) <= added.count(card):
                    continue
                tried += 1
                grown = grown_meld(current, extension)
                if grown in seen:
                    continue  # the same meld by another order of the same layoffs
                seen.add(grown)
                following.append((grown, tuple(sorted((*added, card))), (*path, extension)))
        chains += following
        frontier = following
    return chains, looked, tried


SwapChoice = tuple[tuple[tuple[int, Card], ...], tuple[Card, ...], tuple[Meld, ...]]
"""A set of joker swaps, as (table index, natural card) each in table order, with the
hand (sorted) and the table after them."""


def swap_choices(
    hand: tuple[Card, ...], table: Sequence[Meld], budget: WorkBudget, what: str
) -> list[SwapChoice]:
    """Every feasible set of joker swaps of the cards of ``hand`` on ``table`` (S40-SWAP),
    with the hand and the table after, none twice (the first set found of those that
    leave the same hand and table); one unit of ``budget`` a step, for the search
    ``what``."""
    possible = [(index, card) for index, meld in enumerate(table) for card in freed_by(meld)]
    choices: dict[tuple[tuple[Card, ...], tuple[Meld, ...]], tuple[tuple[int, Card], ...]] = {}

    def visit(
        at: int,
        chosen: tuple[tuple[int, Card], ...],
        hand: tuple[Card, ...],
        melds: list[Meld],
    ) -> None:
        budget.spend(1, what)
        if at == len(possible):
            choices.setdefault((hand, tuple(melds)), chosen)
            return
        visit(at + 1, chosen, hand, melds)
        index, card = possible[at]
        # Asked of the meld as it is now: of two jokers standing for one card (the aces
        # of a 14-card sequence), a swap may have freed one already, and the other may
        # then stay (S40-SEQ: no two natural aces).
        if card in hand and card in freed_by(melds[index]):
            swapped, freed = swapped_meld(melds[index], card)
            rest = without(hand, (card,))
            assert rest is not None
            after = tuple(sorted((*rest, freed)))
            changed = [*melds[:index], swapped, *melds[index + 1 :]]
            visit(at + 1, (*chosen, (index, card)), after, changed)

    visit(0, (), hand, list(table))
    return [(chosen, hand, melds) for (hand, melds), chosen in choices.items()]
