"""A hand's history: the moves of the hand in play, oldest first, as every seat saw them.

Every move of the library's games is made in the open: a draw from the stock says
"draw", a discard names its card. A state keeps the hand's moves in order, and so does
each seat's view: ``state.history`` and ``view.history`` read them as a
:class:`HandHistory`, a sequence of :class:`LoggedMove` values (the seat that moved, the
move, and the cards the move took into the mover's hand from a face-up place: the top of
the discard pile, a card on offer, a joker freed from the table). A bot asked only at its
own turns reads from it what the others did in between; a server tells from it whether a
seat has moved in the hand (a seat that has not may, say, leave without a forfeit).

A history keeps the last :data:`MAX_LOGGED_MOVES` moves of a hand or more (a hand
without a turn limit may go on for ever; :attr:`HandHistory.dropped` counts the moves no
longer kept), and reading it costs nothing until it is read: a state's log is a chain
that a move extends by one link. A chance step (the deal, a restock) is logged without
the order of its cards.

>>> from scala40.games.chinchon import new_game
>>> from scala40.history import HandHistory, LoggedMove
>>> state = new_game(players=2, seed=1).apply("take")
>>> state.history
HandHistory(['0: take (shows KC)'])
>>> state.history[-1] == LoggedMove(0, state.history[-1].move, state.history[-1].shown)
True
>>> any(entry.seat == 1 for entry in state.history), state.history.dropped
(False, 0)

:class:`HandHistory` also reads the log a state holds as its ``hand_log`` field (what its
dictionary and its text keep): ``HandHistory(state.hand_log) == state.history``.

How the log is kept (the library's own machinery; the names past ``__all__`` are internal). The state base keeps the log, once for every game (:meth:`~scala40._base.state.StateBase.apply`):
a game only says which of its move kinds take cards from a face-up place (its state's
``SHOWING_KINDS``: the cards such a move adds to the hand are shown), and which cards
each move plays from the hand (:meth:`~scala40.movekinds.MoveBase.cards_from_hand`). A
chance step is logged without the order of its cards. A log keeps the last
:data:`MAX_LOGGED_MOVES` moves of a hand or more (a hand without a turn limit may go on
for ever): the shown cards of the moves it no longer keeps stay with it.

A log is a chain of nodes, the newest first, each linking to the one before: adding a
move makes one node and copies nothing, so a move costs the same at any point of a hand.
The shown cards are worked out node by node the first time they are asked for, and kept
in the node (every later question about that move, and about the moves after it, starts
from there): a playout that never asks pays nothing for them.

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

from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, overload

from scala40._format.serial import unwritten, written_cards
from scala40._format.text_fields import ABSENT, NotationField
from scala40.cards import CARD_NAMES, Card
from scala40.checks import describe
from scala40.errors import InvalidPositionError
from scala40.movekinds import no_cards

__all__ = ["MAX_LOGGED_MOVES", "TEXT_MOVES", "HandHistory", "LoggedMove"]


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


MAX_LOGGED_MOVES = 2048
"""A log keeps at least the last this many moves of a hand, and fewer than
``MAX_HISTORY``: far more than a hand between players who mean to end it takes."""
MAX_HISTORY = 2 * MAX_LOGGED_MOVES
"""A log keeps fewer moves than this: at this many, it keeps the last
:data:`MAX_LOGGED_MOVES` (a copy of that many nodes, once every that many moves)."""
TEXT_MOVES = 512
"""A seat's view written as text (:mod:`scala40.notation`) keeps the hand's last this
many moves (``log_tail``), and the bots of the library read no further back into a
hand (the knock games' careful bot reads 400, their stalled-hand plan at most this many):
so that a bot given the view read back from its text plays the move it plays at the
table. Far more than a hand between players who mean to end it takes, and short enough
that a text stays a line (about 20 characters a move)."""
MAX_DROPPED_MOVES = 10**12
"""The most first moves of a hand a state's dictionary may say its history no longer
keeps (``history_start``'s ``moves``): beyond any hand played."""
MAX_SHOWN_TEXT = 1000
"""The longest card text of a history's shown cards read back (more than the cards of
the largest deck, written out)."""

Entry = tuple[int | None, Any, tuple[Card, ...]]
"""A logged move's three values."""
NewEntry = tuple[int | None, Any, tuple[Card, ...] | list[tuple[Card, ...]]]
"""A move's three values as ``apply`` logs it: the cards it showed may still be the
mover's hands before and after it, a list, until first read (``HandLog``)."""
Shown = tuple[tuple[Card, ...], ...]
"""Each seat's shown cards, or ``()`` when no hand holds one."""
HandLog = list[Any]
"""How a state holds its hand's log: its newest node, a list ``[before, seat, move,
shown_in, length, shown, dropped, text]``: the node before it, the move's seat, the move
and the cards it showed, how many moves the log holds up to it, the shown cards after it
once worked out (``None`` before), how many of the hand's first moves the log no longer
holds, and the move's entry as JSON once written. The cards a move showed may be
written as the mover's hands before and after it, a list ``[before, after]``, until
first read (``shown_in_of``): a playout that never asks never works them out. The first node is the log's *start*,
``[None, None, None, (), 0, base, dropped, None]``: the shown cards of the moves no longer
held (``base``). Nodes are never changed but for the two caches (``shown`` and ``text``),
and are shared between the states of a hand."""

_BEFORE, _SEAT, _MOVE, _SHOWN_IN, _LENGTH, _SHOWN, _DROPPED, _TEXT = range(8)


def shown_in_of(node: HandLog) -> tuple[Card, ...]:
    """The cards the move of ``node`` took into the mover's hand from a face-up place,
    sorted: worked out from the hands before and after it the first time they are read,
    and kept in the node.

    >>> from scala40.history import EMPTY_LOG, shown_in_of
    >>> shown_in_of([EMPTY_LOG, 0, "take", [(3, 7), (3, 5, 7)], 1, None, 0, None])
    (5,)
    """
    shown_in = node[_SHOWN_IN]
    if type(shown_in) is list:
        shown_in = node[_SHOWN_IN] = cards_added(*shown_in)
    return shown_in  # type: ignore[no-any-return]


def _start(dropped: int, base: Shown) -> HandLog:
    return [None, None, None, (), 0, base, dropped, None]


EMPTY_LOG: HandLog = _start(0, ())
"""The log of a hand in which nothing has happened yet (never changed: every hand's log
starts from it)."""


def is_empty(log: HandLog | None) -> bool:
    """Whether ``log`` holds no move and starts from nothing (the log of a hand in which
    nothing has happened yet), or is ``None``."""
    return log is None or (log[_LENGTH] == 0 and not log[_DROPPED] and not log[_SHOWN])


def shown_after(
    shown: Shown, seat: int | None, move: Any, shown_in: tuple[Card, ...], seats: int
) -> Shown:
    """The shown cards after one logged move (``seat`` moved ``move``, which took
    ``shown_in`` into the hand from a face-up place): the mover's shown cards less those
    the move played (a hand that held a shown card and one more like it, and played one,
    may hold either: everyone knows of one fewer), plus ``shown_in``.

    >>> from scala40.history import shown_after
    >>> shown_after((), 1, "take", (7,), 2)
    ((), (7,))
    """
    if seat is None:
        return shown
    if shown:
        held = shown[seat]
        if held:
            played = move.cards_from_hand()
            if played:
                rest = list(held)
                for card in played:
                    if card in rest:
                        rest.remove(card)  # a hand is short: removing in C beats a walk
                if len(rest) != len(held):
                    changed = list(shown)
                    changed[seat] = tuple(rest)
                    shown = tuple(changed)
                    if not shown_in and not any(shown):
                        return ()
    if shown_in:
        changed = list(shown) if shown else [()] * seats
        changed[seat] = tuple(sorted(changed[seat] + shown_in))
        shown = tuple(changed)
    return shown


def logged(log: HandLog, entry: NewEntry, seats: int) -> HandLog:
    """``log`` with ``entry`` after its last move, in a hand of ``seats`` seats (``log``
    itself is left as it was).

    >>> from scala40.history import EMPTY_LOG, HandHistory, logged
    >>> len(HandHistory(logged(EMPTY_LOG, (0, "draw", ()), 2)))
    1
    """
    seat, move, shown_in = entry
    node = [log, seat, move, shown_in, log[_LENGTH] + 1, None, log[_DROPPED], None]
    if node[_LENGTH] >= MAX_HISTORY:
        return _kept(node, seats)
    return node


def _nodes(log: HandLog) -> list[HandLog]:
    """The nodes of ``log`` after its start, oldest first."""
    nodes = []
    node = log
    while node[_BEFORE] is not None:
        nodes.append(node)
        node = node[_BEFORE]
    nodes.reverse()
    return nodes


def _start_of(log: HandLog) -> HandLog:
    node = log
    while node[_BEFORE] is not None:
        node = node[_BEFORE]
    return node


def _kept(log: HandLog, seats: int) -> HandLog:
    """``log`` holding its last :data:`MAX_LOGGED_MOVES` moves only: the shown cards of
    the others are its new start's."""
    kept = log_tail(log, seats, MAX_LOGGED_MOVES)
    assert kept is not None
    return kept


def log_tail(log: HandLog | None, seats: int, count: int = TEXT_MOVES) -> HandLog | None:
    """``log`` holding its last ``count`` moves only, the shown cards of the others its
    new start's (``log`` itself when it holds no more; ``None`` for ``None``): what a
    view's text keeps of the hand (:data:`TEXT_MOVES`).

    >>> from scala40.history import HandHistory, log_tail, shown_of
    >>> from scala40.games.chinchon import new_game
    >>> state = new_game(players=2, seed=1).apply("take").apply("discard 2S").apply("draw")
    >>> tail = log_tail(state.hand_log, 2, 2)
    >>> [str(entry) for entry in HandHistory(tail)], HandHistory(tail).dropped
    (['0: discard 2S', '1: draw'], 1)
    >>> shown_of(tail, (7, 8)) == state.shown
    True
    """
    if log is None or log[_LENGTH] <= count:
        return log
    nodes = _nodes(log)
    cut = len(nodes) - count
    base = _shown(nodes[cut - 1], seats)
    new = _start(log[_DROPPED] + cut, base)
    for node in nodes[cut:]:
        new = [
            new,
            node[_SEAT],
            node[_MOVE],
            shown_in_of(node),
            new[_LENGTH] + 1,
            node[_SHOWN],
            new[_DROPPED],
            node[_TEXT],
        ]
    return new


def flat_log(log: HandLog | None) -> tuple[Any, ...] | None:
    """``log`` as one flat tuple (how far it starts, the shown cards there, its entries):
    the form a pickle and a copy hold, since a chain of nodes nests too deep for them
    (:func:`whole_log` reads it back).

    >>> from scala40.history import flat_log, log_of, whole_log, HandHistory
    >>> log = log_of([(0, "draw", ()), (1, "take", (7,))], 2)
    >>> HandHistory(whole_log(flat_log(log))) == HandHistory(log)
    True
    """
    if log is None:
        return None
    nodes = _nodes(log)
    start = nodes[0][_BEFORE] if nodes else log
    entries = tuple((node[_SEAT], node[_MOVE], shown_in_of(node)) for node in nodes)
    return (start[_DROPPED], start[_SHOWN], entries)


def whole_log(flat: tuple[Any, ...] | None) -> HandLog | None:
    """The log ``flat_log`` flattened."""
    if flat is None:
        return None
    dropped, base, entries = flat
    # No log holds MAX_HISTORY entries: none is dropped on the way, for which the number
    # of seats would count.
    return log_of(entries, 0, dropped, base)


PICKLED_AS = (flat_log, whole_log)
"""How a field holding a log is pickled and copied (``metadata={"pickled_as": ...}``,
:func:`scala40._format.fields.reduce_fields`)."""


def log_of(entries: Sequence[Entry], seats: int, dropped: int = 0, base: Shown = ()) -> HandLog:
    """The log of ``entries`` (in order), after ``dropped`` moves no longer kept whose
    shown cards are ``base``. With ``seats``, the shown cards after the last move are
    worked out at once, in one pass (a loader checks them against the hands); with 0,
    when first asked for.

    >>> from scala40.history import HandHistory, log_of, shown_of
    >>> log = log_of([(0, "draw", ()), (1, "take", (7,))], 2)
    >>> HandHistory(log)[1].shown, shown_of(log, (8, 8))
    ((7,), ((), (7,)))
    """
    if len(entries) >= MAX_HISTORY:
        entries = tuple(entries)
        cut = len(entries) - MAX_LOGGED_MOVES
        base = _shown_after(base, entries[:cut], seats)
        dropped += cut
        entries = entries[cut:]
    log = _start(dropped, base)
    for length, (seat, move, shown_in) in enumerate(entries, 1):
        log = [log, seat, move, shown_in, length, None, dropped, None]
    if entries and seats:
        log[_SHOWN] = _shown_after(base, entries, seats)
    return log


def log_of_hand(entries: Sequence[tuple[int | None, Any, Any]], seats: int) -> HandLog:
    """The log a hand's moves leave, ``entries`` logged one after the other from
    ``EMPTY_LOG`` (``logged``), made in one pass: it keeps the moves
    ``logged`` keeps (fewer than ``MAX_HISTORY``: back to
    :data:`MAX_LOGGED_MOVES` each time it reaches that many), the shown cards of the
    others its start's. An entry's shown cards may be the mover's hands before and after
    the move (``shown_in_of``).

    >>> from scala40.history import EMPTY_LOG, log_of_hand, log_to_json, logged
    >>> from scala40.games.chinchon import MOVES
    >>> take, discards = MOVES.parse("take"), [MOVES.parse(f"discard {card}S") for card in range(2, 8)]
    >>> entries = [(turn % 2, take, (turn % 6 + 1,)) if turn % 3 else (turn % 2, discards[turn % 6], ())
    ...            for turn in range(5000)]
    >>> log = EMPTY_LOG
    >>> for entry in entries:
    ...     log = logged(log, entry, 2)
    >>> log_to_json(log_of_hand(entries, 2)) == log_to_json(log), len(log_to_json(log)["history"])
    (True, 2952)
    """
    read: list[Entry] = [
        (seat, move, cards_added(*shown_in) if type(shown_in) is list else shown_in)
        for seat, move, shown_in in entries
    ]
    count = len(read)
    kept = count
    if count >= MAX_HISTORY:
        kept = MAX_LOGGED_MOVES + (count - MAX_HISTORY) % (MAX_HISTORY - MAX_LOGGED_MOVES)
    cut = count - kept
    base = _shown_after((), read[:cut], seats) if cut else ()
    return log_of(read[cut:], seats, cut, base)


def _shown_after(base: Shown, entries: Sequence[Entry], seats: int) -> Shown:
    """The shown cards after ``entries``, from ``base``: :func:`shown_after` over each in
    turn, in one pass over lists."""
    shown: list[list[Card]] | None = [list(cards) for cards in base] if base else None
    for seat, move, shown_in in entries:
        if seat is None:
            continue
        # A kind that plays no card from the hand (a draw, a take) is not asked.
        if shown is not None and shown[seat] and type(move).cards_from_hand is not no_cards:
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


def _shown(log: HandLog, seats: int) -> Shown:
    """The shown cards after ``log``'s last move, worked out from the last node that
    knows them and kept in every node on the way."""
    shown: Shown | None = log[_SHOWN]
    if shown is not None:
        return shown
    pending = []
    node = log
    while node[_SHOWN] is None:
        pending.append(node)
        node = node[_BEFORE]
    shown = node[_SHOWN]
    assert shown is not None
    for node in reversed(pending):
        shown = shown_after(shown, node[_SEAT], node[_MOVE], shown_in_of(node), seats)
        node[_SHOWN] = shown
    return shown


def shown_of(log: HandLog | None, sizes: Sequence[int]) -> Shown:
    """The shown cards of hands of ``sizes`` cards each, after the moves of ``log``: for
    each seat, the cards its moves took into its hand from a face-up place, less those
    its later moves played; none in an empty hand (a hand that has ended: the cards left
    in hands are counted and put away). ``()`` when no hand holds one (one value for
    it), and for a state that keeps no log (``None``). Worked out once for each move, the
    first time asked for (see the module).

    >>> from scala40.history import log_of, shown_of
    >>> shown_of(log_of([(0, "take", (7,)), (1, "take", (9,))], 2), (8, 8))
    ((7,), (9,))
    >>> shown_of(log_of([(0, "take", (7,)), (1, "take", (9,))], 2), (8, 0))
    ((7,), ())
    """
    if log is None:
        return ()
    shown: Shown | None = log[_SHOWN]
    if shown is None:
        shown = _shown(log, len(sizes))
    if shown and not all(sizes):
        shown = tuple(cards if size else () for cards, size in zip(shown, sizes))
        return shown if any(shown) else ()
    return shown


def shown_in_hands(log: HandLog | None, hands: Sequence[Sequence[Card]]) -> Shown:
    """``shown_of`` for the ``hands`` themselves (a state's): their sizes are looked at
    only when some hand shows a card.

    >>> from scala40.history import log_of, shown_in_hands
    >>> shown_in_hands(log_of([(0, "take", (7,)), (1, "take", (9,))], 2), ((7, 8), ()))
    ((7,), ())
    """
    if log is None:
        return ()
    shown: Shown | None = log[_SHOWN]
    if shown is None:
        shown = _shown(log, len(hands))
    if shown and not all(hands):
        shown = tuple(cards if hand else () for cards, hand in zip(shown, hands))
        return shown if any(shown) else ()
    return shown


def shown_problems(shown: Shown, hands: Sequence[Sequence[Card]]) -> list[str]:
    """What shown cards (``shown_of``) claim of the hands that they do not bear out:
    each seat's must be in its hand, as many times as they are shown. A state played by
    the engine never fails this; a log read from outside may.

    >>> from scala40.history import shown_problems
    >>> shown_problems(((), (7,)), ((1, 2), (3, 7)))
    []
    >>> shown_problems(((), (7,)), ((1, 2), (3, 4)))
    ["the hand's log shows seat 1 holding 8S (taken from a face-up place and not played since), which its hand does not hold"]
    """
    problems = []
    for seat, cards in enumerate(shown):
        if not cards:
            continue
        hand = list(hands[seat])
        missing = []
        for card in cards:
            if card in hand:
                hand.remove(card)
            else:
                missing.append(card)
        if missing:
            names = " ".join(CARD_NAMES[card] for card in missing)
            problems.append(
                f"the hand's log shows seat {seat} holding {names} (taken from a face-up "
                f"place and not played since), which its hand does not hold"
            )
    return problems


class HandHistory(Sequence[LoggedMove]):
    """The moves of one hand that its log keeps, oldest first, as a sequence of
    :class:`LoggedMove`: a read-only look at a state's (or a view's) log.

    >>> from scala40.history import HandHistory, log_of
    >>> history = HandHistory(log_of([(0, "draw", ()), (0, "discard 7H", ())], 2))
    >>> len(history), history[-1].move, history.dropped, list(history) == [history[0], history[1]]
    (2, 'discard 7H', 0, True)
    """

    __slots__ = ("_entries", "_log")

    def __init__(self, log: HandLog | None = None) -> None:
        self._log = EMPTY_LOG if log is None else log
        self._entries: tuple[LoggedMove, ...] | None = None

    @property
    def log(self) -> HandLog:
        """The log this history reads."""
        return self._log

    @property
    def dropped(self) -> int:
        """How many of the hand's first moves the log no longer keeps (0 unless the hand
        has gone on past :data:`MAX_LOGGED_MOVES`)."""
        dropped: int = self._log[_DROPPED]
        return dropped

    def _all(self) -> tuple[LoggedMove, ...]:
        entries = self._entries
        if entries is None:
            make = LoggedMove
            entries = self._entries = tuple(
                make(node[_SEAT], node[_MOVE], shown_in_of(node)) for node in _nodes(self._log)
            )
        return entries

    def __len__(self) -> int:
        length: int = self._log[_LENGTH]
        return length

    @overload
    def __getitem__(self, index: int) -> LoggedMove: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[LoggedMove]: ...

    def __getitem__(self, index: int | slice) -> LoggedMove | Sequence[LoggedMove]:
        if index == -1 and self._log[_LENGTH]:  # the last move, without walking the log
            node = self._log
            return LoggedMove(node[_SEAT], node[_MOVE], shown_in_of(node))
        return self._all()[index]

    def __iter__(self) -> Iterator[LoggedMove]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandHistory):
            return NotImplemented
        return self.dropped == other.dropped and self._all() == other._all()

    def __hash__(self) -> int:
        return hash((self.dropped, self._all()))

    def __repr__(self) -> str:
        return f"HandHistory({[str(entry) for entry in self]!r})"


def cards_added(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``after`` beyond those of ``before`` (a multiset difference), sorted.

    >>> from scala40.history import cards_added
    >>> cards_added((3, 7, 7), (3, 5, 7, 7, 52))
    (5, 52)
    """
    if len(after) == len(before) + 1:
        # Most moves that show cards take one into a hand (a sorted tuple): that card,
        # once it is checked that the hand without it is the hand before, all in C.
        card = sum(after) - sum(before)
        place = bisect_left(after, card)
        if (
            place < len(after)
            and after[place] == card
            and after[:place] + after[place + 1 :] == before
        ):
            return (card,)
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

    >>> from scala40.history import log_of, log_to_json
    >>> log_to_json(log_of([(0, "take", (7,)), (1, "discard 9S", ())], 2))
    {'history': [[0, 'take', '8S'], [1, 'discard 9S']]}
    """
    if is_empty(log):
        return {}
    assert log is not None
    data: dict[str, Any] = {}
    nodes = _nodes(log)
    if nodes:
        entries = []
        for node in nodes:
            entry = node[_TEXT]
            if entry is None:
                # Written once for each move: the states after it write it again as is.
                seat, move, shown = node[_SEAT], node[_MOVE], shown_in_of(node)
                entry = (seat, str(move))
                if shown:
                    entry += (" ".join(CARD_NAMES[card] for card in shown),)
                node[_TEXT] = entry
            entries.append(list(entry))
        data["history"] = entries
    start = nodes[0][_BEFORE] if nodes else log
    dropped, base = start[_DROPPED], start[_SHOWN]
    if dropped or base:
        data["history_start"] = {
            "moves": dropped,
            "shown": [" ".join(CARD_NAMES[card] for card in cards) for cards in base],
        }
    return data


HISTORY_KEYS = frozenset({"history", "history_start"})
"""The keys ``log_to_json`` writes."""
HISTORY_START = "history_start"
"""The key of what a log no longer keeps (or a position never had): see ``log_to_json``."""


def log_from_json(data: Any, parse: Any, seats: int, where: str) -> HandLog:
    """The log that ``log_to_json`` wrote into ``data`` (a mapping: only its
    ``HISTORY_KEYS`` are read), every entry checked: fewer than ``MAX_HISTORY``
    moves, each a seat of ``seats`` (or null for a
    chance step) and a move's text that ``parse`` reads (the same text read once).
    Whether the moves lead to the state is not checked: a position may be set up by
    hand.

    :raises ValueError: an entry is malformed (the message names it, after ``where``).
    """
    entries = data.get("history", [])
    start = data.get("history_start")
    if not isinstance(entries, list) or len(entries) >= MAX_HISTORY:
        raise ValueError(f"{where}history must be a list of at most {MAX_HISTORY - 1} moves")
    dropped = 0
    base: Shown = ()
    if start is not None:
        if not (
            isinstance(start, dict)
            and set(start) == {"moves", "shown"}
            and type(start["moves"]) is int
            and 0 <= start["moves"] <= MAX_DROPPED_MOVES
            and isinstance(start["shown"], list)
            and len(start["shown"]) in (0, seats)
            and all(
                isinstance(text, str) and len(text) <= MAX_SHOWN_TEXT for text in start["shown"]
            )
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
    # Loading a state reads every entry of its log: the entry's name is written only
    # into an error's message, and a card text already read is not read again.
    cards_read: dict[object, tuple[Card, ...]] = {}
    for place, entry in enumerate(entries):
        if not (
            isinstance(entry, list)
            and len(entry) in (2, 3)
            and (entry[0] is None or (type(entry[0]) is int and 0 <= entry[0] < seats))
            and isinstance(entry[1], str)
        ):
            raise ValueError(
                f"{where}history[{place}] must be [seat or null, move text] or [seat, move, cards]"
            )
        text = entry[1]
        move = read.get(text)
        if move is None:
            move = read[text] = parse(text)
        shown: tuple[Card, ...] = ()
        if len(entry) == 3:
            cards_text = entry[2]
            known = cards_read.get(cards_text) if type(cards_text) is str else None
            if known is None:
                known = cards_read[cards_text] = _cards(cards_text, f"{where}history[{place}]")
            shown = known
            if not shown:
                # (A move that showed nothing is written without its third entry.)
                raise ValueError(f"{where}history[{place}]: shows no card")
            if entry[0] is None:
                raise ValueError(f"{where}history[{place}]: a chance step shows no card")
        items.append((entry[0], move, shown))
    return log_of(items, seats, dropped, base)


def _cards(text: object, where: str) -> tuple[Card, ...]:
    """Cards as a state's dictionary writes them (:func:`written_cards`), sorted."""
    if not isinstance(text, str) or len(text) > MAX_SHOWN_TEXT:
        raise ValueError(f"{where} must be cards in card notation")
    found = written_cards(text)
    if found is None:
        raise ValueError(f"{where}: {unwritten(text)}")
    return tuple(sorted(found))


def log_problems(
    log: HandLog | None,
    hands: Sequence[tuple[Card, ...]],
    taken_this_turn: Callable[[], tuple[int, Card] | None],
    offered_from_hand: Callable[[], tuple[int, Card] | None],
) -> list[str]:
    """What a hand's ``log`` says that the ``hands`` do not bear out: a shown card a hand
    does not hold (:func:`shown_problems`); the card ``taken_this_turn`` gives (the seat
    and the card the state's own fields say it took from a face-up place this turn) that
    the log does not show; the card ``offered_from_hand`` gives (offered to the others
    from the seat's hand) that the log shows in that hand, taken and not played since,
    with no offer of it logged. A state that keeps no log (``None``) claims nothing.

    >>> from scala40.history import EMPTY_LOG, log_problems
    >>> log_problems(EMPTY_LOG, ((), ()), lambda: None, lambda: None)
    []
    """
    if log is None:  # a search's copy keeps no log, and claims nothing
        return []
    # The shown cards as shown_of gives them; a sample asks this of every deal, so the
    # usual case (worked out, no hand empty) is read here without a call.
    shown = log[5]
    if shown is None or (shown and not all(hands)):
        shown = shown_of(log, [len(hand) for hand in hands])
    problems = shown_problems(shown, hands) if shown else []
    # A state saved without its hand's moves (as the library's first release saved them,
    # or a position set up by hand) says nothing of what was seen.
    empty = not log[4] and not log[6] and not log[5]  # is_empty, without the call
    taken = None if empty else taken_this_turn()
    if taken is not None:
        seat, card = taken
        if not shown or card not in shown[seat]:
            problems.append(
                f"seat {seat} took {CARD_NAMES[card]} from a face-up place this turn and "
                "holds it, but the hand's log does not show it"
            )
    offered = None if empty or not shown else offered_from_hand()
    if offered is not None:
        # The move that offered the card took it out of the hand's shown cards (a card
        # shown twice keeps one): the hand holds it beyond them. Otherwise the offer is
        # one the log never made, and accepting it would leave the log showing the card
        # in a hand that gave it away.
        seat, card = offered
        if hands[seat].count(card) <= shown[seat].count(card):
            problems.append(
                f"seat {seat} offers {CARD_NAMES[card]}, but the hand's log shows that card "
                "in its hand as taken and not played since: no offer of it is logged"
            )
    return problems


# -- in a view's text ----------------------------------------------------------------------
# The moves a seat's view written as text keeps (scala40.notation): the hand's last
# TEXT_MOVES moves as every seat saw them, which the bots read, so that a bot given the
# view read back from its text plays the move it plays at the table. Two named fields:
# history=, the entries of the dictionary's history as compact JSON, and
# history_dropped=, how many of the hand's first moves they leave out; the text's
# shown= is then what the seats were seen to hold before those moves. A state's text
# leaves the moves out, as FEN leaves a chess game's.

_HISTORY_FIELD = NotationField(
    "history",
    f"a view's text only: the hand's last moves (at most {TEXT_MOVES}) as every seat saw "
    "them, each [seat, move] or [seat, move, the cards it took face up] (seat null for a "
    "chance step)",
    ABSENT,
)
_DROPPED_FIELD = NotationField(
    "history_dropped",
    "a view's text only: how many of the hand's first moves its history leaves out",
    0,
)
HISTORY_FIELDS = (_HISTORY_FIELD, _DROPPED_FIELD)
"""The named fields of the moves, after ``shown``."""
VIEW_ONLY = frozenset({_HISTORY_FIELD.key, _DROPPED_FIELD.key})
"""The keys of the named fields a view's text alone has."""


def with_moves(data: dict[str, Any], view: Any) -> dict[str, Any]:
    """A view's dictionary (without its log) with the hand's last
    :data:`~scala40.history.TEXT_MOVES` moves of ``view``, the shown cards before them
    and how many first moves they leave out (``data`` itself, changed)."""
    log = getattr(view, "hand_log", None)
    if log is None:
        return data  # a game that keeps no moves: the shown cards as they are
    moves = log_to_json(log_tail(log, len(view.hand_sizes)))
    data.pop("shown", None)
    if "history" in moves:
        data[_HISTORY_FIELD.key] = moves["history"]
    start = moves.get(HISTORY_START)
    if start is not None:
        if any(start["shown"]):
            data["shown"] = start["shown"]
        if start["moves"]:
            data[_DROPPED_FIELD.key] = start["moves"]
    return data


def moves_of_text(
    whole: dict[str, Any],
    places: Mapping[str, tuple[int, str]],
    parse: Callable[[str], Any],
    players: int,
) -> HandLog | None:
    """The log a view's text gives, taken out of ``whole`` (the dictionary read from it,
    the shown cards already its ``history_start``; ``places`` where each field began):
    ``None`` when it holds neither moves nor shown cards.

    :raises InvalidPositionError: the moves are no list of 1 to
        :data:`~scala40.history.TEXT_MOVES` entries, an entry is malformed or its move
        misspelled (``parse`` reads each), or first moves are left out before none.
    """
    begun: dict[str, Any] | None = whole.pop(HISTORY_START, None)
    moves = whole.pop(_HISTORY_FIELD.key, None)
    dropped = whole.pop(_DROPPED_FIELD.key, 0)
    if moves is not None and not (isinstance(moves, list) and 0 < len(moves) <= TEXT_MOVES):
        at = places[_HISTORY_FIELD.key][0]
        raise InvalidPositionError(
            f"history (character {at}): expected a list of 1 to {TEXT_MOVES} moves, "
            f"got {describe(moves, 60)}",
            field=_HISTORY_FIELD.key,
            position=at,
        )
    if dropped:
        if moves is None:
            at = places[_DROPPED_FIELD.key][0]
            raise InvalidPositionError(
                f"history_dropped (character {at}): a text leaves out first moves only "
                "before the moves of its history",
                field=_DROPPED_FIELD.key,
                position=at,
            )
        begun = {"moves": dropped, "shown": [] if begun is None else begun["shown"]}
    if begun is None and moves is None:
        return None
    logged: dict[str, Any] = {"history": moves or []}
    if begun is not None:
        logged[HISTORY_START] = begun
    try:
        return log_from_json(logged, parse, players, "")
    except ValueError as error:  # the library's errors too: a move misspelled
        message = str(error)
        key = "shown" if moves is None or message.startswith(HISTORY_START) else "history"
        place = places.get(key)
        spot = None if place is None else place[0]
        where = "" if spot is None else f" (character {spot})"
        raise InvalidPositionError(f"{key}{where}: {message}", field=key, position=spot) from None
