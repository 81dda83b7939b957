"""Cards as small integers, their text notation, and decks described as data.

A card is an ``int``: ``suit * 13 + rank - 1`` for a natural card (ranks 1-13
from ace to king, suits ♠ ♥ ♦ ♣ as 0-3), and :data:`JOKER` (52) for a joker.
Two copies of the same card are the same integer (C-IDENTITY): hands, stocks
and melds are multisets of these integers. Names come from tables, so the hot
paths of the engine never touch strings.

>>> from scala40 import parse_cards, format_cards
>>> cards = parse_cards("7S 7♠, 10H th JK * Jk")
>>> cards
(6, 6, 22, 22, 52, 52, 52)
>>> format_cards(cards)
'7S 7S 10H 10H JK JK JK'
>>> format_cards(cards, unicode=True)
'7♠ 7♠ 10♥ 10♥ JK JK JK'
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from scala40._cache import BoundedCache
from scala40._rng import shuffle
from scala40.checks import describe, is_int
from scala40.errors import InvalidArgumentError, InvalidCardError

__all__ = [
    "ACE",
    "CARD_NAMES",
    "CARD_SYMBOLS",
    "CLUBS",
    "DIAMONDS",
    "FRENCH_RANKS",
    "HEARTS",
    "JACK",
    "JOKER",
    "KING",
    "MAX_CARDS",
    "MAX_CARDS_TEXT",
    "MAX_COPIES",
    "MAX_JOKERS",
    "NATURAL_CARDS",
    "QUEEN",
    "RANK_NAMES",
    "RANK_OF",
    "SPADES",
    "SPANISH_40_RANKS",
    "SPANISH_48_RANKS",
    "SPANISH_RANK_NAMES",
    "SPANISH_SUIT_NAMES",
    "SUIT_NAMES",
    "SUIT_OF",
    "SUIT_SYMBOLS",
    "Card",
    "Deck",
    "as_card",
    "as_cards",
    "format_card",
    "format_cards",
    "french_deck",
    "is_joker",
    "make_card",
    "parse_card",
    "parse_cards",
    "rank_of",
    "spanish_card_name",
    "spanish_deck",
    "suit_of",
]

Card = int
"""A card code: 0-51 for natural cards, 52 for the joker."""

# Final: the compiled modules take these as the constants they are, not as names looked
# up at each use.
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
JOKER: Final[Card] = 52

SUIT_NAMES = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

FRENCH_RANKS = tuple(range(1, 14))
"""Ranks of a French pack in sequence order (the ace may also follow the king)."""
SPANISH_40_RANKS = (1, 2, 3, 4, 5, 6, 7, JACK, QUEEN, KING)
"""Ranks of the 40-card Spanish pack in sequence order: the jack follows the 7 (C-DECK)."""
SPANISH_48_RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, JACK, QUEEN, KING)
"""Ranks of the 48-card Spanish pack in sequence order."""

SPANISH_SUIT_NAMES = ("espadas", "copas", "oros", "bastos")
"""The Spanish suit each suit of the notation stands for, indexed by suit (C-DECK): ♠
espadas (swords), ♥ copas (cups), ♦ oros (coins), ♣ bastos (clubs)."""
SPANISH_RANK_NAMES = (
    "", "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "",
    "sota", "caballo", "rey",
)  # fmt: skip
"""The Spanish name of each rank, indexed by rank (C-DECK): the sota is written J, the
caballo Q and the rey K; a Spanish pack has no 10 (entries 0 and 10 are empty)."""

NATURAL_CARDS: tuple[Card, ...] = tuple(range(52))

CARD_NAMES: tuple[str, ...] = (
    *tuple(RANK_NAMES[c % 13 + 1] + SUIT_NAMES[c // 13] for c in range(52)),
    "JK",
)
"""ASCII name of every card code, indexed by the code."""
CARD_SYMBOLS: tuple[str, ...] = (
    *tuple(RANK_NAMES[c % 13 + 1] + SUIT_SYMBOLS[c // 13] for c in range(52)),
    "JK",
)
"""Name with a suit symbol of every card code, indexed by the code."""

RANK_OF: tuple[int, ...] = (*tuple(c % 13 + 1 for c in range(52)), 0)
"""The rank of every card code (0 for the joker): a table, cheaper than arithmetic in the
engines' hot loops."""
SUIT_OF: tuple[int, ...] = (*tuple(c // 13 for c in range(52)), -1)
"""The suit of every card code (-1 for the joker)."""

_RANK_TOKENS = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}  # fmt: skip
_SUIT_TOKENS = {
    "S": SPADES, "♠": SPADES, "♤": SPADES,
    "H": HEARTS, "♥": HEARTS, "♡": HEARTS,
    "D": DIAMONDS, "♦": DIAMONDS, "♢": DIAMONDS,
    "C": CLUBS, "♣": CLUBS, "♧": CLUBS,
}  # fmt: skip
_JOKER_TOKENS = frozenset({"JK", "*", "🃏", "JOKER"})
_SEPARATORS = re.compile(r"[\s,;\-]+")
_EXPECTED = "expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)"


def make_card(rank: int, suit: int) -> Card:
    """Return the code of the natural card of ``rank`` (1-13) and ``suit`` (0-3).

    >>> from scala40.cards import ACE, CLUBS, HEARTS, KING, SPADES, make_card
    >>> make_card(ACE, SPADES), make_card(10, HEARTS), make_card(KING, CLUBS)
    (0, 22, 51)
    """
    if not (type(rank) is int and 1 <= rank <= 13):
        raise InvalidCardError(f"expected a rank from 1 to 13, got {describe(rank)}", token=rank)
    if not (type(suit) is int and 0 <= suit <= 3):
        raise InvalidCardError(f"expected a suit from 0 to 3, got {describe(suit)}", token=suit)
    return suit * 13 + rank - 1


def rank_of(card: Card | str) -> int:
    """Rank of a card (a code or its text), 1 (ace) to 13 (king); 0 for the joker.

    >>> from scala40 import JOKER, parse_card
    >>> from scala40.cards import rank_of
    >>> rank_of(parse_card("QD")), rank_of(JOKER), rank_of("7S")
    (12, 0, 7)

    :raises InvalidCardError: ``card`` is not a card.
    """
    return RANK_OF[as_card(card)]


def suit_of(card: Card | str) -> int:
    """Suit of a card (a code or its text), 0-3 (♠ ♥ ♦ ♣); -1 for the joker.

    >>> from scala40 import JOKER, parse_card
    >>> from scala40.cards import suit_of
    >>> suit_of(parse_card("QD")), suit_of(JOKER)
    (2, -1)

    :raises InvalidCardError: ``card`` is not a card.
    """
    return SUIT_OF[as_card(card)]


def is_joker(card: Card | str) -> bool:
    """Whether the card (a code or its text) is a joker.

    >>> from scala40 import JOKER, parse_card
    >>> from scala40.cards import is_joker
    >>> is_joker(JOKER), is_joker(parse_card("2C")), is_joker("*")
    (True, False, True)

    :raises InvalidCardError: ``card`` is not a card.
    """
    return as_card(card) == JOKER


def spanish_card_name(card: Card | str) -> str:
    """The Spanish name of a card of a Spanish pack (C-DECK): the notation stays ``JD``,
    the name reads "sota de oros".

    >>> from scala40 import JOKER, parse_card
    >>> from scala40.cards import spanish_card_name
    >>> spanish_card_name("JD"), spanish_card_name("AC"), spanish_card_name("QH")
    ('sota de oros', 'as de bastos', 'caballo de copas')
    >>> spanish_card_name(parse_card("7S")), spanish_card_name(JOKER)
    ('siete de espadas', 'comodín')
    >>> spanish_card_name("10H")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidCardError: 10H is not a card of a Spanish pack (no 10s)
    """
    code = as_card(card)
    if code == JOKER:
        return "comodín"
    rank = RANK_OF[code]
    if not SPANISH_RANK_NAMES[rank]:
        raise InvalidCardError(
            f"{CARD_NAMES[code]} is not a card of a Spanish pack (no 10s)", token=card
        )
    return f"{SPANISH_RANK_NAMES[rank]} de {SPANISH_SUIT_NAMES[SUIT_OF[code]]}"


def _parse_token(token: str, position: int | None) -> Card:
    # The written forms (as ``to_dict`` and ``format_cards`` write them) are looked up:
    # loading a state parses a hundred cards or so.
    found = _WRITTEN_CARDS.get(token)
    if found is not None:
        return found
    return _parse_unwritten(token, position)


def _parse_unwritten(token: str, position: int | None) -> Card:
    upper = token.upper()
    if upper in _JOKER_TOKENS:
        return JOKER
    if len(upper) >= 2:
        # Rank first ("10H", "7♠") or suit first ("♠7", as the rule texts write them).
        for rank_text, suit_text in ((upper[:-1], upper[-1]), (upper[1:], upper[0])):
            rank = _RANK_TOKENS.get(rank_text)
            suit = _SUIT_TOKENS.get(suit_text)
            if rank is not None and suit is not None:
                return suit * 13 + rank - 1
    where = f" at position {position}" if position is not None else ""
    raise InvalidCardError(
        f"bad card {describe(token)}{where}: {_EXPECTED}", token=token, position=position
    )


_WRITTEN_CARDS: dict[str, Card] = {
    name: _parse_unwritten(name, None) for name in (*CARD_NAMES, *CARD_SYMBOLS)
}
"""Each card's written forms (plain and with suit symbols) and the card they read as."""


def parse_card(text: str) -> Card:
    """Parse one card in the C-NOTATION form (``7S``, ``7♠``, ``♠7``, ``TH``, ``JK``, ``*``).

    >>> from scala40 import parse_card
    >>> parse_card("10h") == parse_card("TH") == parse_card("♥10")
    True
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidCardError: bad card '1X': expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"expected card text, got {describe(text)}", token=text)
    return _parse_token(text.strip(), None)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces, commas or dashes, in the order given (C-NOTATION).

    Parsing is case-insensitive. A token that is not a card raises
    :class:`~scala40.InvalidCardError` naming the token and its 1-based position.

    >>> from scala40 import parse_cards
    >>> parse_cards("JK-♣9-♣8")
    (52, 47, 46)
    >>> parse_cards("")
    ()
    >>> parse_cards("AS, QQ")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidCardError: bad card 'QQ' at position 2: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)

    The text is at most :data:`MAX_CARDS_TEXT` characters and :data:`MAX_CARDS` cards;
    longer text is refused by its length, before it is read:

    >>> parse_cards("7S " * 5000)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidCardError: card text of 15000 characters: at most 10000 are read
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"expected card text, got {describe(text)}", token=text)
    if len(text) > MAX_CARDS_TEXT:
        raise InvalidCardError(
            f"card text of {len(text)} characters: at most {MAX_CARDS_TEXT} are read"
        )
    # Text as ``format_cards`` writes it (written forms, one space apart) is read by table
    # lookups alone: loading a state reads a hundred cards or so. Anything else (another
    # separator, lower case, a bad token) takes the general path, which names what is wrong.
    written = tuple(map(_WRITTEN_CARDS.get, text.split(" ")))
    if None not in written:
        _refuse_past_max(len(written))
        return written  # type: ignore[return-value]
    tokens = [token for token in _SEPARATORS.split(text) if token]
    _refuse_past_max(len(tokens))
    return tuple(_parse_token(token, index) for index, token in enumerate(tokens, 1))


def _refuse_past_max(count: int) -> None:
    if count > MAX_CARDS:
        raise InvalidCardError(f"{count} cards: at most {MAX_CARDS} are read")


def format_card(card: Card, *, unicode: bool = False) -> str:
    """The text form of one card; ``unicode=True`` uses suit symbols.

    >>> from scala40 import JOKER, format_card
    >>> format_card(22), format_card(22, unicode=True), format_card(JOKER)
    ('10H', '10♥', 'JK')
    """
    return (CARD_SYMBOLS if unicode else CARD_NAMES)[as_card(card)]


def format_cards(cards: Iterable[Card], *, unicode: bool = False, separator: str = " ") -> str:
    """The text form of several cards, in the order given; round-trips with :func:`parse_cards`.

    >>> from scala40 import format_cards, parse_cards
    >>> format_cards(parse_cards("as 2s 3s"), separator="-")
    'AS-2S-3S'
    """
    names = CARD_SYMBOLS if unicode else CARD_NAMES
    return separator.join(names[card] for card in as_cards(cards))


def as_card(card: object, position: int | None = None) -> Card:
    """Validate one card given as a code or as text, and return its code."""
    if isinstance(card, str):
        return _parse_token(card.strip(), position)
    if type(card) is int and 0 <= card <= JOKER:
        return card
    where = f" at position {position}" if position is not None else ""
    raise InvalidCardError(
        f"bad card {describe(card)}{where}: expected a card code from 0 to 52 or card text",
        token=card,
        position=position,
    )


def as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Validate cards given as text or as an iterable of codes (or card texts): at most
    :data:`MAX_CARDS` of them (text: see :func:`parse_cards`), more refused before any
    is read.

    >>> from scala40.cards import as_cards
    >>> as_cards(["7S", 52, "JK"])
    (6, 52, 52)
    >>> as_cards(iter([6] * 2000))
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidCardError: more than 1000 cards: at most 1000 are read
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if (
        isinstance(cards, tuple)
        and len(cards) <= MAX_CARDS
        and all(type(c) is int and 0 <= c <= JOKER for c in cards)
    ):
        return cards
    if isinstance(cards, (bytes, bytearray, dict)) or not hasattr(cards, "__iter__"):
        raise InvalidCardError(f"expected cards, got {describe(cards)}", token=cards)
    try:
        # One more than the bound, so that an endless iterator is refused too.
        items = list(itertools.islice(cards, MAX_CARDS + 1))
    except Exception:  # an iterable that fails while it is read
        raise InvalidCardError(f"expected cards, got {describe(cards)}", token=cards) from None
    if len(items) > MAX_CARDS:
        raise InvalidCardError(f"more than {MAX_CARDS} cards: at most {MAX_CARDS} are read")
    return tuple(as_card(card, index) for index, card in enumerate(items, 1))


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    # Anything that is not a list of ranks is kept as given, for the checks to name it.
    if isinstance(values, (list, tuple, range)):
        return tuple(values)
    return values  # type: ignore[return-value]


MAX_COPIES = 8
"""The most copies of each natural card a :class:`Deck` may hold (eight packs)."""
MAX_CARDS = 1_000
"""The most cards :func:`parse_cards` and :func:`as_cards` (so every function that
takes cards) read in one call: a deck holds at most 8 * 52 + 12 = 428
(:data:`MAX_COPIES` packs and :data:`MAX_JOKERS` jokers). More are refused with
:class:`~scala40.InvalidCardError` before they are read, so that no call's work grows
with its input."""
MAX_CARDS_TEXT = 10_000
"""The longest card text :func:`parse_cards` reads, in characters (a card and its
separator take at most five, ``"10♥, "``): longer text is refused before it is read."""
MAX_JOKERS = 12
"""The most jokers a :class:`Deck` may hold."""


@attrs.frozen
class Deck:
    """A deck described as data (C-DECK): its ranks, suits, copies and jokers.

    ``ranks`` lists the ranks present in sequence order (lowest first, the ace
    first); every rank comes in all four suits, ``copies`` times each, plus
    ``jokers`` jokers.

    >>> from scala40 import JOKER, french_deck, parse_card
    >>> deck = french_deck()
    >>> deck.size, deck.cards.count(JOKER), deck.cards.count(parse_card("7S"))
    (108, 4, 2)
    >>> deck.shuffled(seed=7) == deck.shuffled(seed=7)
    True
    >>> sorted(deck.shuffled(seed=7)) == list(deck.cards)
    True
    """

    name: str
    ranks: tuple[int, ...] = attrs.field(converter=_int_tuple)
    copies: int = 1
    jokers: int = 0

    def __attrs_post_init__(self) -> None:
        problems = []
        name: object = self.name
        if not isinstance(name, str):
            problems.append(f"name must be text, got {describe(name)}")
        ranks: object = self.ranks
        if not isinstance(ranks, tuple):
            problems.append(f"ranks must be a list of ranks from 1 to 13, got {describe(ranks)}")
        else:
            # Repeats are counted among the integers only (any other entry is refused as out of
            # range below); int() compares them as plain ints whatever subclass came in.
            integer_ranks = [int(r) for r in ranks if is_int(r)]
            if not ranks or len(set(integer_ranks)) != len(integer_ranks):
                problems.append(f"ranks must be distinct and non-empty, got {describe(ranks)}")
            if any(not (is_int(r) and 1 <= r <= 13) for r in ranks):
                problems.append(f"ranks must be from 1 to 13, got {describe(ranks)}")
        if not (is_int(self.copies) and 1 <= self.copies <= MAX_COPIES):
            problems.append(f"copies must be from 1 to {MAX_COPIES}, got {describe(self.copies)}")
        if not (is_int(self.jokers) and 0 <= self.jokers <= MAX_JOKERS):
            problems.append(f"jokers must be from 0 to {MAX_JOKERS}, got {describe(self.jokers)}")
        if problems:
            raise InvalidCardError("invalid deck: " + "; ".join(problems))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck as a sorted multiset."""
        cards = _DECK_CARDS.get(self)
        if cards is None:
            naturals = (
                sorted(suit * 13 + rank - 1 for suit in range(4) for rank in self.ranks)
                * self.copies
            )
            cards = _DECK_CARDS.put(self, tuple(sorted(naturals)) + (JOKER,) * self.jokers)
        return cards

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return len(self.ranks) * 4 * self.copies + self.jokers

    @property
    def pack(self) -> str:
        """The pack the deck's cards are, ``"french"`` or ``"spanish"`` (named as
        :data:`scala40.drawing.PACKS` names them): a Spanish pack's suits are espadas,
        copas, oros and bastos, never the French symbols."""
        return "spanish" if self.name.startswith("spanish") else "french"

    @property
    def title(self) -> str:
        """The deck as a player names it: its size and its pack.

        >>> from scala40 import french_deck, spanish_deck
        >>> spanish_deck().title, french_deck().title
        ('the 40-card Spanish pack', 'the 108-card French pack')
        """
        return f"the {self.size}-card {self.pack.capitalize()} pack"

    def why_cannot_hold(self, cards: Iterable[Card]) -> str | None:
        """Why ``cards`` (card codes) cannot all come from this deck, in a player's words
        (C-DECK, C-IDENTITY): the ranks or the jokers it has none of, else more copies of
        a card than it holds; ``None`` when they can.

        >>> from scala40 import parse_cards, spanish_deck
        >>> spanish_deck().why_cannot_hold(parse_cards("5D 5H 5S 5D"))
        '2 copies of 5D, but the 40-card Spanish pack has 1'
        >>> spanish_deck().why_cannot_hold(parse_cards("JK 8C 9C"))
        'the 40-card Spanish pack has no jokers, 8s or 9s'
        >>> spanish_deck().why_cannot_hold(parse_cards("5D 5H 5S")) is None
        True
        """
        counts = Counter(cards)
        lacking = ["jokers"] if counts.get(JOKER) and not self.jokers else []
        ranks = sorted({RANK_OF[card] for card in counts if card != JOKER})
        lacking += [RANK_NAMES[rank] + "s" for rank in ranks if rank not in self.ranks]
        if lacking:
            listed = lacking[0] if len(lacking) == 1 else ", ".join(lacking[:-1])
            if len(lacking) > 1:
                listed += " or " + lacking[-1]
            return f"{self.title} has no {listed}"
        for card, count in sorted(counts.items()):
            held = self.jokers if card == JOKER else self.copies
            if count > held:
                return f"{count} copies of {CARD_NAMES[card]}, but {self.title} has {held}"
        return None

    def counts(self) -> dict[Card, int]:
        """How many copies of each card the deck holds."""
        counts = dict.fromkeys(self.cards, 0)
        for card in self.cards:
            counts[card] += 1
        return counts

    def shuffled(self, seed: int) -> tuple[Card, ...]:
        """The deck in an order drawn reproducibly from ``seed`` (C-RNG).

        :raises InvalidArgumentError: ``seed`` is not an integer.
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        order, _ = shuffle(self.cards, seed)
        return order


_DECK_CARDS: BoundedCache[Deck, tuple[Card, ...]] = BoundedCache("decks' cards", limit=256)
"""The cards of each deck (every deal reads them)."""


def french_deck(jokers: int = 4, copies: int = 2) -> Deck:
    """Two French 52-card packs plus jokers: 108 cards by default (S40-DECK, C-DECK).

    >>> from scala40 import french_deck
    >>> french_deck(jokers=2).size
    106
    """
    return Deck("french", FRENCH_RANKS, copies, jokers)


def spanish_deck(size: int = 40, copies: int = 1, jokers: int = 0) -> Deck:
    """A Spanish pack of 40 or 48 cards, optionally doubled, with optional jokers (CH-DECK).

    >>> from scala40 import spanish_deck
    >>> spanish_deck().size, spanish_deck(48).size, spanish_deck(copies=2).size
    (40, 48, 80)
    """
    if is_int(size) and size == 40:
        return Deck("spanish-40", SPANISH_40_RANKS, copies, jokers)
    if is_int(size) and size == 48:
        return Deck("spanish-48", SPANISH_48_RANKS, copies, jokers)
    raise InvalidCardError(f"a Spanish pack has 40 or 48 cards, got {describe(size)}", token=size)


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the library's canonical order (by code: suit, then rank; jokers last)."""
    return tuple(sorted(cards))
