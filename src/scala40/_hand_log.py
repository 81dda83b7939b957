"""What every seat saw of the hand in play (internal): its moves, and the cards each hand
is seen to hold.

Every move of the library's games is made in the open: a draw from the stock says
"draw", a discard names its card. A state keeps the hand's moves in order (its *log*,
read as a :class:`HandHistory` of :class:`LoggedMove` values), each with the cards it
took into the mover's hand from a face-up place (the top of the discard pile, a card
on offer, a joker freed from the table). From the log follow each hand's *shown* cards:
those it was seen to take and has not played since (:func:`shown_of`). Both are public:
a seat's view holds the log, a sample of the view keeps it, and a bot that is asked
only at its own turns reads from it what the others did in between.

The state base keeps the log, once for every game (:meth:`~scala40._state.StateBase.apply`):
a game only says which of its move kinds take cards from a face-up place (its state's
``SHOWING_KINDS``: the cards such a move adds to the hand are shown), and which cards
each move plays from the hand (:meth:`~scala40.movekinds.MoveBase.cards_from_hand`). A
chance step is logged without the order of its cards. A log keeps the last
:data:`MAX_LOGGED_MOVES` moves of a hand or so (a hand without a turn limit may go on
for ever): the shown cards of the moves it no longer keeps stay with it.

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=1)
>>> top = state.discard[-1]
>>> after = state.apply("take")
>>> [str(entry) for entry in after.history], after.shown == ((top,), ())
(['0: take (shows KC)'], True)
>>> after.apply("discard KC").shown
()
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, overload

from scala40.cards import CARD_NAMES, Card, parse_cards

__all__ = [
    "EMPTY_LOG",
    "HISTORY_CHUNK",
    "HISTORY_KEYS",
    "MAX_LOGGED_MOVES",
    "Entry",
    "HandHistory",
    "HandLog",
    "LoggedMove",
    "cards_added",
    "log_from_json",
    "log_of",
    "log_to_json",
    "logged",
    "shown_of",
]


class LoggedMove(NamedTuple):
    """One move of the hand as every seat saw it."""

    seat: int | None
    """The seat that moved (a resignation's own seat); ``None`` for a chance step."""
    move: Any
    """The move (a chance step without the order of its cards: ``deal``, ``restock``)."""
    shown: tuple[Card, ...] = ()
    """The cards the move took into the mover's hand from a face-up place, sorted."""

    def __str__(self) -> str:
        who = "chance" if self.seat is None else str(self.seat)
        shows = self.shown
        seen = f" (shows {' '.join(CARD_NAMES[card] for card in shows)})" if shows else ""
        return f"{who}: {self.move}{seen}"


HISTORY_CHUNK = 32
"""How many moves a log keeps in one block: adding a move copies at most one block and
the list of blocks, so a hand of any length costs little a move."""
_MAX_BLOCKS = 64
MAX_LOGGED_MOVES = _MAX_BLOCKS * HISTORY_CHUNK
"""A log keeps at least the last this many moves of a hand (and fewer than
``MAX_LOGGED_MOVES + HISTORY_CHUNK``): far more than a hand between players who mean to
end it takes."""

Entry = tuple[int | None, Any, tuple[Card, ...]]
"""A logged move's three values, as a log holds them."""
Shown = tuple[tuple[Card, ...], ...]
"""Each seat's shown cards, or ``()`` when no hand holds one."""
HandLog = tuple[int, Shown, tuple[tuple[Entry, ...], ...], tuple[Entry, ...]]
"""How a state holds its hand's log: how many of the hand's first moves it no longer
keeps, the shown cards after them, full blocks of :data:`HISTORY_CHUNK` entries, then the
last ones (:class:`HandHistory` reads it)."""

EMPTY_LOG: HandLog = (0, (), (), ())
"""The log of a hand in which nothing has happened yet."""


def logged(log: HandLog, entry: Entry, seats: int) -> HandLog:
    """``log`` with ``entry`` after its last move, in a hand of ``seats`` seats (``log``
    itself is left as it was).

    >>> from scala40._hand_log import EMPTY_LOG, HandHistory, logged
    >>> len(HandHistory(logged(EMPTY_LOG, (0, "draw", ()), 2)))
    1
    """
    dropped, base, blocks, tail = log
    tail = (*tail, entry)
    if len(tail) < HISTORY_CHUNK:
        return (dropped, base, blocks, tail)
    if len(blocks) < _MAX_BLOCKS:
        return (dropped, base, (*blocks, tail), ())
    # The oldest block goes: its moves are folded into the shown cards before the rest.
    return (
        dropped + HISTORY_CHUNK,
        _shown_after(base, blocks[0], seats),
        (*blocks[1:], tail),
        (),
    )


def log_of(entries: Sequence[Entry], seats: int, dropped: int = 0, base: Shown = ()) -> HandLog:
    """The log of ``entries`` (in order), after ``dropped`` moves no longer kept whose
    shown cards are ``base``.

    >>> from scala40._hand_log import HandHistory, log_of, shown_of
    >>> log = log_of([(0, "draw", ()), (1, "take", (7,))], 2)
    >>> HandHistory(log)[1].shown, shown_of(log, (8, 8))
    ((7,), ((), (7,)))
    """
    log: HandLog = (dropped, base, (), ())
    for entry in entries:
        log = logged(log, entry, seats)
    return log


def _shown_after(base: Shown, entries: Sequence[Entry], seats: int) -> Shown:
    shown: list[list[Card]] | None = [list(cards) for cards in base] if base else None
    for seat, move, shown_in in entries:
        if seat is None:
            continue
        if shown is not None and shown[seat]:
            held = shown[seat]
            for card in move.cards_from_hand():
                if card in held:
                    held.remove(card)
        if shown_in:
            if shown is None:
                shown = [[] for _ in range(seats)]
            shown[seat].extend(shown_in)
    if shown is None or not any(shown):
        return ()
    return tuple(tuple(sorted(cards)) for cards in shown)


def shown_of(log: HandLog | None, sizes: Sequence[int]) -> Shown:
    """The shown cards of hands of ``sizes`` cards each, after the moves of ``log``:
    the cards each move took into its mover's hand from a face-up place, less those its
    mover's later moves played (a hand that held a shown card and one more like it, and
    played one, may hold either: everyone knows of one fewer); none in an empty hand (a
    hand that has ended). ``()`` when no hand holds one (one value for it), and for a
    state that keeps no log (``None``).

    >>> from scala40._hand_log import log_of, shown_of
    >>> shown_of(log_of([(0, "take", (7,)), (1, "take", (9,))], 2), (8, 8))
    ((7,), (9,))
    >>> shown_of(log_of([(0, "take", (7,)), (1, "take", (9,))], 2), (8, 0))
    ((7,), ())
    """
    if not log:
        return ()
    seats = len(sizes)
    _, base, blocks, tail = log
    shown = base
    for block in blocks:
        shown = _shown_after(shown, block, seats)
    shown = _shown_after(shown, tail, seats)
    if shown and not all(sizes):
        shown = tuple(cards if size else () for cards, size in zip(shown, sizes))
        return shown if any(shown) else ()
    return shown


class HandHistory(Sequence[LoggedMove]):
    """The moves of one hand that its log keeps, oldest first, as a sequence of
    :class:`LoggedMove`: a read-only look at a state's (or a view's) log.

    >>> from scala40._hand_log import HandHistory, log_of
    >>> history = HandHistory(log_of([(0, "draw", ()), (0, "discard 7H", ())], 2))
    >>> len(history), history[-1].move, history.dropped, list(history) == [history[0], history[1]]
    (2, 'discard 7H', 0, True)
    """

    __slots__ = ("_log",)

    def __init__(self, log: HandLog | None = EMPTY_LOG) -> None:
        self._log = log or EMPTY_LOG

    @property
    def log(self) -> HandLog:
        """The log this history reads."""
        return self._log

    @property
    def dropped(self) -> int:
        """How many of the hand's first moves the log no longer keeps (0 unless the hand
        has gone on past :data:`MAX_LOGGED_MOVES`)."""
        return self._log[0]

    def __len__(self) -> int:
        _, _, blocks, tail = self._log
        return len(blocks) * HISTORY_CHUNK + len(tail)

    @overload
    def __getitem__(self, index: int) -> LoggedMove: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[LoggedMove]: ...

    def __getitem__(self, index: int | slice) -> LoggedMove | Sequence[LoggedMove]:
        if isinstance(index, slice):
            return tuple(self)[index]
        length = len(self)
        if not -length <= index < length:
            raise IndexError("history index out of range")
        if index < 0:
            index += length
        _, _, blocks, tail = self._log
        block, place = divmod(index, HISTORY_CHUNK)
        if block < len(blocks):
            return LoggedMove._make(blocks[block][place])
        return LoggedMove._make(tail[place])

    def __iter__(self) -> Iterator[LoggedMove]:
        make = LoggedMove._make
        _, _, blocks, tail = self._log
        for block in blocks:
            yield from map(make, block)
        yield from map(make, tail)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandHistory):
            return NotImplemented
        return self._log == other._log

    def __hash__(self) -> int:
        return hash(self._log)

    def __repr__(self) -> str:
        return f"HandHistory({[str(entry) for entry in self]!r})"


def cards_added(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``after`` beyond those of ``before`` (a multiset difference), sorted.

    >>> from scala40._hand_log import cards_added
    >>> cards_added((3, 7, 7), (3, 5, 7, 7, 52))
    (5, 52)
    """
    added = list(after)
    for card in before:
        if card in added:
            added.remove(card)  # a hand is short: removing in C beats a walk in Python
    return tuple(sorted(added))


# -- as JSON ------------------------------------------------------------------------------


def log_to_json(log: HandLog | None) -> dict[str, Any]:
    """The entries of a state's (or a view's) dictionary for ``log``: ``history``, the
    kept moves, each ``[seat, text]`` or ``[seat, text, shown]`` (``seat`` null for a
    chance step, ``shown`` the cards it took from a face-up place, in card notation);
    and, for a hand that has gone past :data:`MAX_LOGGED_MOVES` (or a position written
    without its moves, whose shown cards are known: ``moves`` 0), ``history_start``: how
    many first moves are no longer kept and the shown cards after them (a card text for
    each seat, or none when no hand held one). Nothing for an empty log or none.

    >>> from scala40._hand_log import log_of, log_to_json
    >>> log_to_json(log_of([(0, "take", (7,)), (0, "discard 9S", ())], 2))
    {'history': [[0, 'take', '8S'], [0, 'discard 9S']]}
    """
    if not log or log == EMPTY_LOG:
        return {}
    dropped, base, _, _ = log
    data: dict[str, Any] = {}
    entries: list[list[Any]] = []
    for seat, move, shown in HandHistory(log):
        entry: list[Any] = [seat, str(move)]
        if shown:
            entry.append(" ".join(CARD_NAMES[card] for card in shown))
        entries.append(entry)
    if entries:
        data["history"] = entries
    if dropped or base:
        data["history_start"] = {
            "moves": dropped,
            "shown": [" ".join(CARD_NAMES[card] for card in cards) for cards in base],
        }
    return data


HISTORY_KEYS = frozenset({"history", "history_start"})

HISTORY_START = "history_start"
"""The key of what a log no longer keeps (or a position never had): see :func:`log_to_json`."""
"""The keys :func:`log_to_json` writes."""


def log_from_json(data: Any, parse: Any, seats: int, where: str) -> HandLog:
    """The log that :func:`log_to_json` wrote into ``data`` (a mapping: only its
    :data:`HISTORY_KEYS` are read), every entry checked: at most
    ``MAX_LOGGED_MOVES + HISTORY_CHUNK`` moves, each a seat of ``seats`` (or null for a
    chance step) and a move's text that ``parse`` reads (the same text read once).
    Whether the moves lead to the state is not checked: a position may be set up by
    hand.

    :raises ValueError: an entry is malformed (the message names it, after ``where``).
    """
    entries = data.get("history", [])
    start = data.get("history_start")
    if not isinstance(entries, list) or len(entries) > MAX_LOGGED_MOVES + HISTORY_CHUNK:
        raise ValueError(
            f"{where}history must be a list of at most {MAX_LOGGED_MOVES + HISTORY_CHUNK} moves"
        )
    dropped = 0
    base: Shown = ()
    if start is not None:
        if not (
            isinstance(start, dict)
            and set(start) == {"moves", "shown"}
            and type(start["moves"]) is int
            and 0 <= start["moves"] <= 10**12
            and isinstance(start["shown"], list)
            and len(start["shown"]) in (0, seats)
            and all(isinstance(text, str) and len(text) <= 1000 for text in start["shown"])
        ):
            raise ValueError(
                f"{where}history_start must be {{'moves': a count, 'shown': one card "
                f"text for each of the {seats} seats, or none}}"
            )
        dropped = start["moves"]
        base = tuple(_cards(text, f"{where}history_start.shown") for text in start["shown"])
        if not any(base):
            base = ()
    read: dict[str, Any] = {}
    items: list[Entry] = []
    for place, entry in enumerate(entries):
        name = f"{where}history[{place}]"
        if not (
            isinstance(entry, list)
            and len(entry) in (2, 3)
            and (entry[0] is None or (type(entry[0]) is int and 0 <= entry[0] < seats))
            and isinstance(entry[1], str)
        ):
            raise ValueError(f"{name} must be [seat or null, move text] or [seat, move, cards]")
        text = entry[1]
        move = read.get(text)
        if move is None:
            move = read[text] = parse(text)
        shown = _cards(entry[2], name) if len(entry) == 3 else ()
        if shown and entry[0] is None:
            raise ValueError(f"{name}: a chance step shows no card")
        items.append((entry[0], move, shown))
    return log_of(items, seats, dropped, base)


def _cards(text: object, where: str) -> tuple[Card, ...]:
    if not isinstance(text, str) or len(text) > 1000:
        raise ValueError(f"{where} must be cards in card notation")
    return tuple(sorted(parse_cards(text)))
