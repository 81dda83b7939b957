"""What the melds on the table offer a player, as bit masks and move lists (internal).

Tables recur across many states (a table passes unchanged through every draw and
discard), so what a table offers is worked out once and kept here, per rules of the
melds (melds compare equal across rules, so the caches are kept apart by rules).
"""

from __future__ import annotations

from collections.abc import Iterable

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import JOKER, Card
from scala40.games.scala40.moves import LayOff, SwapJoker
from scala40.melds import Extension, Meld, MeldKind

__all__ = ["TableInfo", "card_mask", "table_info"]


class _Caches:
    """What this module remembers under one :class:`~scala40.MeldRules`."""

    __slots__ = ("masks", "offers", "tables")

    def __init__(self) -> None:
        self.tables: BoundedCache[tuple[Meld, ...], TableInfo] = BoundedCache(
            "scala40 table summaries", HAND_LIMIT // 2
        )
        """What each whole table offers."""
        self.offers: BoundedCache[
            tuple[Meld, int],
            tuple[tuple[tuple[Card, LayOff], ...], tuple[tuple[Card, SwapJoker], ...]],
        ] = BoundedCache("scala40 table meld offers", HAND_LIMIT // 2)
        """The layoffs and swaps one meld offers at its place on the table."""
        self.masks: BoundedCache[Meld, tuple[int, int]] = BoundedCache("scala40 table meld masks")
        """The cards that extend a meld and that free its jokers, as bit masks."""


class TableInfo:
    """What a table offers, worked out once per table (tables recur across many states).

    The cards that extend a meld or free a joker are bit masks, quick to find and to
    test; the moves themselves are listed only when asked for.
    """

    __slots__ = ("_by_card", "_kinds", "_lay_offs", "_swaps", "playable", "swappable", "table")

    def __init__(self, table: tuple[Meld, ...], playable: int, swappable: int) -> None:
        self.table = table
        self.playable = playable
        """Bit ``1 << card`` set for each card that extends some table meld
        (S40-V-PLAYABLE)."""
        self.swappable = swappable
        """Bit ``1 << card`` set for each card that can take a table joker's place."""
        self._lay_offs: tuple[tuple[Card, LayOff], ...] | None = None
        self._swaps: tuple[tuple[Card, SwapJoker], ...] | None = None
        self._by_card: dict[Card, tuple[list[LayOff], list[SwapJoker]]] | None
        self._by_card = None
        self._kinds: tuple[int, int] | None = None

    @property
    def kinds(self) -> tuple[int, int]:
        """The suits of the table's sequences (a bit mask), and how many jokers the
        table's melds hold."""
        if self._kinds is None:
            suits = jokers = 0
            for meld in self.table:
                if meld.kind is MeldKind.SEQUENCE:
                    suits |= 1 << meld.suit
                jokers += meld.cards.count(JOKER)
            self._kinds = (suits, jokers)
        return self._kinds

    @property
    def lay_offs(self) -> tuple[tuple[Card, LayOff], ...]:
        """Every layoff, with the card it needs."""
        if self._lay_offs is None:
            self._list_moves()
        assert self._lay_offs is not None
        return self._lay_offs

    @property
    def swaps(self) -> tuple[tuple[Card, SwapJoker], ...]:
        """Every joker swap, with the natural card it needs."""
        if self._swaps is None:
            self._list_moves()
        assert self._swaps is not None
        return self._swaps

    @property
    def by_card(self) -> dict[Card, tuple[list[LayOff], list[SwapJoker]]]:
        """The layoffs and swaps each card allows (lists kept by the table: never changed
        once made)."""
        if self._by_card is None:
            grouped: dict[Card, tuple[list[LayOff], list[SwapJoker]]] = {}
            for card, lay_off in self.lay_offs:
                entry = grouped.get(card)
                if entry is None:
                    grouped[card] = ([lay_off], [])
                else:
                    entry[0].append(lay_off)
            for card, swap in self.swaps:
                entry = grouped.get(card)
                if entry is None:
                    grouped[card] = ([], [swap])
                else:
                    entry[1].append(swap)
            self._by_card = grouped
        return self._by_card

    def _list_moves(self) -> None:
        lay_offs: list[tuple[Card, LayOff]] = []
        swaps: list[tuple[Card, SwapJoker]] = []
        table = self.table
        if table:
            # A move changes one meld of the table at most (or adds one): what each meld
            # offers, at its place, is kept apart and mostly found again.
            caches: _Caches = table[0].rules.tables.owned[_Caches]
            cache = caches.offers
            for index, meld in enumerate(table):
                key = (meld, index)
                offers = cache.get(key)
                if offers is None:
                    offers = cache.put(key, _meld_offers(meld, index))
                lay_offs.extend(offers[0])
                swaps.extend(offers[1])
        self._lay_offs = tuple(lay_offs)
        self._swaps = tuple(swaps)


def table_info(table: tuple[Meld, ...]) -> TableInfo:
    if not table:
        return _EMPTY_TABLE
    # A table passes unchanged from state to state, as the same tuple: looking it up by
    # identity first spares hashing every meld of it.
    same = _BY_IDENTITY.get(id(table))
    if same is not None and same[0] is table:
        return same[1]
    caches: _Caches = table[0].rules.tables.owned[_Caches]
    found = caches.tables.get(table)
    if found is None:
        masks = caches.masks
        playable = swappable = 0
        for meld in table:
            pair = masks.get(meld)
            if pair is None:
                pair = masks.put(meld, _meld_masks(meld))
            playable |= pair[0]
            swappable |= pair[1]
        found = caches.tables.put(table, TableInfo(table, playable, swappable))
    # The entry keeps its table alive, so that its id is not reused while it is here.
    by_identity = _BY_IDENTITY
    if len(by_identity) >= by_identity.limit:
        by_identity.clear()
    by_identity[id(table)] = (table, found)
    return found


_BY_IDENTITY: BoundedCache[int, tuple[tuple[Meld, ...], TableInfo]] = BoundedCache(
    "scala40 tables by identity", 256
)


def _meld_masks(meld: Meld) -> tuple[int, int]:
    """The cards that extend ``meld`` and the cards that free one of its jokers, as bit
    masks."""
    playable = swappable = 0
    for ext in meld.extensions():
        playable |= 1 << ext.card
    for _, represented in meld.joker_swaps():
        swappable |= 1 << represented
    return playable, swappable


def _meld_offers(
    meld: Meld, index: int
) -> tuple[tuple[tuple[Card, LayOff], ...], tuple[tuple[Card, SwapJoker], ...]]:
    """The layoffs and joker swaps one table meld offers at its place on the table."""
    lay_offs = tuple((ext.card, _lay_off_move(ext, index)) for ext in meld.extensions())
    swaps = tuple(
        (represented, SwapJoker(represented, index)) for _, represented in meld.joker_swaps()
    )
    return lay_offs, swaps


_EMPTY_TABLE = TableInfo((), 0, 0)


def card_mask(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (bit ``1 << card`` for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _lay_off_move(ext: Extension, index: int) -> LayOff:
    key = (ext, index)
    move = _LAY_OFF_MOVES.get(key)
    if move is None:
        if len(_LAY_OFF_MOVES) > 100_000:
            _LAY_OFF_MOVES.clear()
        represents = None if ext.card == ext.represents else ext.represents
        move = _LAY_OFF_MOVES[key] = LayOff(ext.card, index, ext.end, represents)
    return move


_LAY_OFF_MOVES: dict[tuple[Extension, int], LayOff] = {}
