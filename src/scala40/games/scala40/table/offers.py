"""What the melds on the table offer a player, as bit masks and move lists (internal).

Tables recur across many states (a table passes unchanged through every draw and
discard), so what a table offers is worked out once and kept here, per rules of the
melds (melds compare equal across rules, so the caches are kept apart by rules).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, overload

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import JOKER, Card
from scala40.games.scala40.moves import LayOff, Move, SwapJoker
from scala40.games.scala40.table.splits import lone_split_cards
from scala40.melds import Extension, Meld
from scala40.melds._members import SEQUENCE_KIND

__all__ = [
    "TableCaches",
    "TableInfo",
    "card_mask",
    "freed_by",
    "jokers_standing",
    "lay_off_move",
    "table_info",
]


class TableCaches:
    """What the table layer remembers under one :class:`~scala40.MeldRules` (melds
    compare equal across rules, so the answers are kept apart by rules).

    What a meld offers is kept by the meld's identity: the engine's melds come from its
    tables, the same objects from state to state, and a meld's hash is worked out in
    Python (an entry keeps its meld alive, so that its id is not reused while it is
    here)."""

    __slots__ = ("grown", "masks", "offers", "split_placed", "swapped")

    def __init__(self) -> None:
        self.grown: BoundedCache[tuple[Meld, Extension], Meld] = BoundedCache(
            "scala40 melds after a layoff"
        )
        """A table meld with one card laid off, by meld and extension
        (:func:`~scala40.games.scala40.table.chains.grown_meld`)."""
        self.swapped: BoundedCache[tuple[Meld, Card], tuple[Meld, Card]] = BoundedCache(
            "scala40 melds after a joker swap"
        )
        """A table meld with a joker swapped out, and the joker, by meld and card
        (:func:`~scala40.games.scala40.table.chains.swapped_meld`)."""
        self.offers: BoundedCache[tuple[int, int], tuple[Meld, _Offers]] = BoundedCache(
            "scala40 table meld offers", HAND_LIMIT // 2
        )
        """What one meld offers at its place on the table, by the meld's identity and
        its place."""
        self.masks: BoundedCache[int, tuple[Meld, int, int]] = BoundedCache(
            "scala40 table meld masks"
        )
        """The cards that extend a meld and that free its jokers, as bit masks, by the
        meld's identity."""
        self.split_placed: BoundedCache[int, tuple[Meld, int]] = BoundedCache(
            "scala40 cards a split places"
        )
        """The cards a split adding that card alone places on a table sequence, as a
        bit mask, by the meld's identity
        (:func:`~scala40.games.scala40.table.splits.lone_split_cards`)."""


_Offers = tuple[int, int, tuple[LayOff, ...], tuple[SwapJoker, ...]]
"""What one meld offers at its place on the table: the cards that extend it and that
free one of its jokers (bit masks), then its layoffs and its swaps (in the order of
:meth:`~scala40.melds.Meld.extensions` and :meth:`~scala40.melds.Meld.joker_swaps`).
A meld offers a few moves at most: scanning them for a card is quicker than keeping
them grouped by card, and keeps fewer objects alive."""

_LAY_OFFS: Literal[2] = 2
_SWAPS: Literal[3] = 3
"""Where an offer holds its layoffs and its swaps (each after its mask, two places back)."""


class TableInfo:
    """What a table offers, worked out once per table (tables recur across many states).

    The cards that extend a meld or free a joker are bit masks, quick to find and to
    test; the moves themselves are listed only when asked for, from what each meld
    offers at its place. Those per-meld answers are shared by every table holding the
    meld there, so a new table (one meld changed or added) costs one tuple, not a
    regrouping of all its moves: whatever a remembered table holds, the garbage collector
    walks again and again.
    """

    __slots__ = (
        "_kinds",
        "_lay_offs",
        "_offers",
        "_split_placed",
        "_standing",
        "_swaps",
        "playable",
        "swappable",
        "table",
    )

    def __init__(self, table: tuple[Meld, ...], playable: int, swappable: int) -> None:
        self.table: tuple[Meld, ...] = table
        self.playable: int = playable
        """Bit ``1 << card`` set for each card a layoff takes onto some table meld (the
        cards that could extend a table meld, :meth:`extending`, are these and, under
        S40-V-SPLIT, the cards a split places)."""
        self.swappable: int = swappable
        """Bit ``1 << card`` set for each card that can take a table joker's place."""
        self._offers: tuple[_Offers, ...] | None = None
        self._lay_offs: tuple[tuple[Card, LayOff], ...] | None = None
        self._swaps: tuple[tuple[Card, SwapJoker], ...] | None = None
        self._kinds: tuple[int, int] | None = None
        self._standing: Counter[Card] | None = None
        self._split_placed: int | None = None

    def extending(self, split: bool) -> int:
        """The cards that could extend a meld on the table (S40-DISCARD, S40-V-PLAYABLE),
        as a bit mask: those a layoff takes (:attr:`playable`) and, under S40-V-SPLIT
        (``split``), those a split adding that card alone places
        (:func:`~scala40.games.scala40.table.splits.lone_split_cards`), whichever meld.
        The one reading of the rules' words: the discard bans read it, and so does the
        lookahead's quick answer for a card taken from the discard pile."""
        if not split:
            return self.playable
        placed = self._split_placed
        if placed is None:
            placed = 0
            for meld in self.table:
                if meld.kind is SEQUENCE_KIND:
                    placed |= _meld_split_placed(meld)
            self._split_placed = placed
        return self.playable | placed

    @property
    def kinds(self) -> tuple[int, int]:
        """The suits of the table's sequences (a bit mask), and how many jokers the
        table's melds hold."""
        if self._kinds is None:
            suits = jokers = 0
            for meld in self.table:
                if meld.kind is SEQUENCE_KIND:
                    suits |= 1 << meld.suit
                jokers += meld.cards.count(JOKER)
            self._kinds = (suits, jokers)
        return self._kinds

    @property
    def jokers_standing(self) -> Mapping[Card, int]:
        """How many of the table's jokers stand for each card (:func:`jokers_standing`),
        worked out once per table; read only, as it is shared by every state with this
        table."""
        if self._standing is None:
            self._standing = jokers_standing(self.table)
        return self._standing

    @property
    def lay_offs(self) -> tuple[tuple[Card, LayOff], ...]:
        """Every layoff, with the card it needs, meld by meld."""
        if self._lay_offs is None:
            self._lay_offs = self._with_cards(_LAY_OFFS)
        return self._lay_offs

    @property
    def swaps(self) -> tuple[tuple[Card, SwapJoker], ...]:
        """Every joker swap, with the natural card it needs, meld by meld."""
        if self._swaps is None:
            self._swaps = self._with_cards(_SWAPS)
        return self._swaps

    def add_moves(self, card: Card, moves: list[Move], lay_offs_ok: bool = True) -> None:
        """Append to ``moves`` the layoffs of ``card`` (unless ``lay_offs_ok`` is false),
        then the joker swaps it allows, each group in table order."""
        offers = self._offers
        if offers is None:
            offers = self._per_meld()
        if lay_offs_ok and self.playable >> card & 1:
            for offer in offers:
                if offer[0] >> card & 1:
                    moves.extend([move for move in offer[2] if move.card == card])
        if self.swappable >> card & 1:
            for offer in offers:
                if offer[1] >> card & 1:
                    moves.extend([move for move in offer[3] if move.card == card])

    def lay_offs_with(self, card: Card) -> list[LayOff]:
        """The layoffs of ``card``, in table order."""
        return self._offered(card, _LAY_OFFS) if self.playable >> card & 1 else []

    def swaps_with(self, card: Card) -> list[SwapJoker]:
        """The joker swaps ``card`` allows, in table order."""
        return self._offered(card, _SWAPS) if self.swappable >> card & 1 else []

    @overload
    def _offered(self, card: Card, part: Literal[2]) -> list[LayOff]: ...
    @overload
    def _offered(self, card: Card, part: Literal[3]) -> list[SwapJoker]: ...
    def _offered(self, card: Card, part: Literal[2, 3]) -> list[Any]:
        """The moves of ``card`` among the layoffs (``part`` 2) or the swaps (3) each meld
        offers, in table order (the mask before them tells which melds have one)."""
        found: list[Any] = []
        offers: tuple[tuple[Any, ...], ...] = self._per_meld()  # indexed by a variable
        for offer in offers:
            if offer[part - 2] >> card & 1:
                found.extend([move for move in offer[part] if move.card == card])
        return found

    @overload
    def _with_cards(self, part: Literal[2]) -> tuple[tuple[Card, LayOff], ...]: ...
    @overload
    def _with_cards(self, part: Literal[3]) -> tuple[tuple[Card, SwapJoker], ...]: ...
    def _with_cards(self, part: Literal[2, 3]) -> tuple[tuple[Card, Any], ...]:
        """Every layoff (``part`` 2) or swap (3), with the card it needs, meld by meld."""
        return tuple((move.card, move) for offer in self._per_meld() for move in offer[part])

    def _per_meld(self) -> tuple[_Offers, ...]:
        """What each meld offers at its place, in table order."""
        if self._offers is None:
            found: list[_Offers] = []
            table = self.table
            if table:
                # A move changes one meld of the table at most (or adds one): what each
                # meld offers, at its place, is kept apart and mostly found again.
                caches: TableCaches = table[0].rules.tables.owned[TableCaches]
                cache = caches.offers
                for index, meld in enumerate(table):
                    key = (id(meld), index)
                    entry = cache.get(key)
                    if entry is None or entry[0] is not meld:
                        entry = cache.put(key, (meld, _meld_offers(meld, index)))
                    found.append(entry[1])
            self._offers = tuple(found)
        return self._offers


def table_info(table: tuple[Meld, ...]) -> TableInfo:
    if not table:
        return _EMPTY_TABLE
    # A table passes unchanged from state to state, as the same tuple: looking it up by
    # identity first spares hashing every meld of it.
    same = _BY_IDENTITY.get(id(table))
    if same is not None and same[0] is table:
        return same[1]
    # A new table (a meld changed or added) is summed up from its melds' masks: equal
    # tables seldom meet again as other objects, so looking them up by value would cost
    # a hash of every meld for little.
    caches: TableCaches = table[0].rules.tables.owned[TableCaches]
    masks = caches.masks
    playable = swappable = 0
    for meld in table:
        entry = masks.get(id(meld))
        if entry is None or entry[0] is not meld:
            entry = _meld_masks(meld)
        playable |= entry[1]
        swappable |= entry[2]
    found = TableInfo(table, playable, swappable)
    # The entry keeps its table alive, so that its id is not reused while it is here.
    by_identity = _BY_IDENTITY
    if len(by_identity) >= by_identity.limit:
        by_identity.clear()
    by_identity[id(table)] = (table, found)
    return found


_BY_IDENTITY: BoundedCache[int, tuple[tuple[Meld, ...], TableInfo]] = BoundedCache(
    "scala40 tables by identity", 256
)


def _meld_masks(meld: Meld) -> tuple[Meld, int, int]:
    """``meld``, then the cards that extend it and the cards that free one of its jokers,
    as bit masks (kept by the meld's identity)."""
    caches: TableCaches = meld.rules.tables.owned[TableCaches]
    masks = caches.masks
    entry = masks.get(id(meld))
    if entry is None or entry[0] is not meld:
        playable = swappable = 0
        for ext in meld.extensions():
            playable |= 1 << ext.card
        for _, represented in meld.joker_swaps():
            swappable |= 1 << represented
        entry = masks.put(id(meld), (meld, playable, swappable))
    return entry


def _meld_split_placed(meld: Meld) -> int:
    """The cards a split adding that card alone places on table sequence ``meld`` (kept
    by the meld's identity)."""
    caches: TableCaches = meld.rules.tables.owned[TableCaches]
    cache = caches.split_placed
    entry = cache.get(id(meld))
    if entry is None or entry[0] is not meld:
        entry = cache.put(id(meld), (meld, lone_split_cards(meld, meld.rules)))
    return entry[1]


def _meld_offers(meld: Meld, index: int) -> _Offers:
    """What one table meld offers at its place on the table (:data:`_Offers`)."""
    _, playable, swappable = _meld_masks(meld)
    lay_offs = tuple(lay_off_move(index, ext) for ext in meld.extensions())
    # Two jokers may stand for one card (the two aces of a 14-card sequence): that card
    # frees one of them (:meth:`~scala40.melds.Meld.swap`), one move (C-IDENTITY).
    freed_by = dict.fromkeys(represented for _, represented in meld.joker_swaps())
    swaps = tuple(_swap_move(represented, index) for represented in freed_by)
    return playable, swappable, lay_offs, swaps


_EMPTY_TABLE: Final = TableInfo((), 0, 0)


def freed_by(meld: Meld) -> tuple[Card, ...]:
    """The natural cards that free a joker of ``meld``, each once: two jokers may stand
    for one card (the aces of a 14-card sequence), and that card frees one of them
    (:meth:`~scala40.melds.Meld.swap`), one move (C-IDENTITY)."""
    return tuple(dict.fromkeys(represented for _, represented in meld.joker_swaps()))


def jokers_standing(melds: Iterable[Meld]) -> Counter[Card]:
    """How many jokers of ``melds`` stand for each card."""
    standing: Counter[Card] = Counter()
    for meld in melds:
        if JOKER in meld.cards:
            standing.update(
                rep for card, rep in zip(meld.cards, meld.represented) if card == JOKER
            )
    return standing


def card_mask(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (bit ``1 << card`` for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def lay_off_move(index: int, extension: Extension) -> LayOff:
    """The move that lays off ``extension``'s card onto table meld ``index``, naming the
    card it stands for only when that is another card (each made once)."""
    key = (extension, index)
    move = _LAY_OFF_MOVES.get(key)
    if move is None:
        if len(_LAY_OFF_MOVES) > 100_000:
            _LAY_OFF_MOVES.clear()
        card, represents = extension.card, extension.represents
        move = _LAY_OFF_MOVES[key] = LayOff(
            card, index, extension.end, None if card == represents else represents
        )
    return move


_LAY_OFF_MOVES: dict[tuple[Extension, int], LayOff] = {}


def _swap_move(card: Card, index: int) -> SwapJoker:
    key = index << 6 | card
    move = _SWAP_MOVES.get(key)
    if move is None:
        move = _SWAP_MOVES.put(key, SwapJoker(card, index))
    return move


_SWAP_MOVES: BoundedCache[int, SwapJoker] = BoundedCache("scala40 joker swap moves")
"""The swap of each natural card at each table place (by ``place << 6 | card``)."""
