"""What happened at a table, as data: the event feed of a game app.

Each applied move makes one or more :class:`Event` values (:func:`events_of`): the move
itself, then the end of the hand and the end of the game when it brought them. An event
holds what every seat may learn from it, the cards that came into each hand included;
:meth:`Event.for_seat` gives the JSON one seat may be sent, and :func:`events_since`
what a seat has not seen yet. A server keeps the events of a table in a list and
answers a client's "what happened since move *n*" from it, the same way for every game.

What each seat sees:

* a player's move: its text and dictionary, to everyone (every move of these games is
  made in the open: a draw from the stock says "draw", never the card drawn), and the
  cards it took into the mover's hand from where everyone saw them (the top of the
  discard pile, a card on offer, a joker from a table meld): ``shown``;
* a chance step (a deal, a rebuilt stock): its kind only, never the order of the cards;
* a resignation (C-RESIGN, kind ``"resign"``): to everyone, with the seat that resigned
  as its ``seat``, whoever was to decide (a hand it abandons ends with a ``hand_end``
  event, and a game it ends with a ``game_over`` event);
* the cards that came into a seat's hand (a card drawn from the stock, a new deal): to
  that seat only;
* the end of a hand (every hand shown, the points) and of the game (the winners): to
  everyone.

>>> from scala40.events import events_of, events_since
>>> from scala40.games.chinchon import new_game
>>> before = new_game(players=2, seed=1)
>>> after = before.apply("draw")
>>> [event] = events_of(before, "draw", after)
>>> event.number, event.seat, event.kind
(1, 0, 'draw')
>>> mine, theirs = event.for_seat(0), event.for_seat(1)
>>> mine["move"], len(mine["cards"]), theirs["move"], theirs["cards"]
('draw', 1, 'draw', [])
>>> [item["kind"] for item in events_since([event], 0, seat=1)]
['draw']
>>> resigned = after.apply("resign 1")
>>> [(event.kind, event.seat) for event in events_of(after, "resign 1", resigned)]
[('resign', 1), ('hand_end', None), ('game_over', None)]

A card taken from the discard pile was seen by everyone, so every seat is shown it:

>>> from scala40.cards import CARD_NAMES
>>> top = before.discard[-1]
>>> [taken] = events_of(before, "take", before.apply("take"))
>>> taken.for_seat(1)["shown"] == [CARD_NAMES[top]]
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sized
from typing import Any

import attrs

from scala40.cards import CARD_NAMES
from scala40.checks import check_seat, describe
from scala40.errors import InvalidArgumentError, InvalidValueError, SearchLimitError
from scala40.resignation import ResignMove
from scala40.view_json import hand_result_to_dict

__all__ = ["MAX_EVENTS", "Event", "events_of", "events_since"]

MAX_EVENTS = 30_000
"""The most events :func:`events_since` reads in one call: an event a move (and one at
the end of each hand), so more than a match a record holds
(:data:`scala40.records.MAX_RECORD_MOVES`). Each event given to a seat takes 3 to 5
microseconds, so a call takes at most about 0.15 s of CPU (a million, the bound before,
took seconds)."""

MOVE = "move"
HAND_END = "hand_end"
GAME_OVER = "game_over"


@attrs.frozen
class Event:
    """One thing that happened: a move, the end of a hand, or the end of the game.

    An event holds the private part of every seat (the cards that came into each hand):
    send a client ``for_seat(seat)``, never the event itself.
    """

    number: int
    """The move number of the move that made the event (the state's ``move_number``
    after it)."""
    seat: int | None
    """The seat that moved; ``None`` for a chance step and for the events of a hand's or
    the game's end."""
    kind: str
    """The move's verb (``"draw"``, ``"discard"``, ``"deal"``...), ``"hand_end"`` or
    ``"game_over"``."""
    chance: bool = False
    """Whether the move was a chance step (its cards' order is never shown)."""
    text: str | None = None
    """The move's text (``None`` for the end of a hand or game)."""
    move: Mapping[str, Any] | None = attrs.field(default=None, eq=False)
    """The move's dictionary (``None`` for the end of a hand or game)."""
    received: tuple[tuple[int, ...], ...] = ()
    """The cards that came into each seat's hand (private: each seat sees its own)."""
    result: Mapping[str, Any] | None = attrs.field(default=None, eq=False)
    """How the hand ended (``hand_end``), in the shape of
    :func:`scala40.view_json.hand_result_to_dict`."""
    winners: tuple[int, ...] = ()
    """The winners (``game_over``)."""
    shown: tuple[int, ...] = ()
    """The cards the move took into the mover's hand from a place every seat saw
    (:meth:`~scala40._base.state.StateBase.face_up_cards`): public."""

    def for_seat(self, seat: int) -> dict[str, Any]:
        """The event as ``seat`` may see it, as JSON: ``number``, ``seat`` (who moved),
        ``kind``, ``move`` (its text: ``None`` for a chance step), ``move_dict``,
        ``cards`` (the cards that came into this seat's hand, as card names), ``shown``
        (the cards the mover took from where everyone saw them), and ``result`` and
        ``winners`` at the end of a hand or game.

        :raises InvalidArgumentError: ``seat`` is not an integer.
        :raises InvalidValueError: ``seat`` is no seat of the game.
        """
        count = len(self.received)
        if type(seat) is not int or not 0 <= seat < max(count, 1):
            check_seat("seat", seat, max(count, 1))  # raises the error that fits
        cards = self.received[seat] if count else ()
        return {
            "number": self.number,
            "seat": self.seat,
            "kind": self.kind,
            "move": None if self.chance else self.text,
            "move_dict": None if self.chance or self.move is None else dict(self.move),
            "cards": [CARD_NAMES[card] for card in cards],
            "shown": [CARD_NAMES[card] for card in self.shown],
            "result": None if self.result is None else dict(self.result),
            "winners": list(self.winners),
        }


def _hands(state: Any) -> tuple[tuple[int, ...], ...]:
    """Each seat's hand: the state's ``hands`` (every game of the library has them), or
    what each seat's view says it holds (a game of one's own may keep them otherwise)."""
    hands = getattr(state, "hands", None)
    if isinstance(hands, tuple):
        return hands
    return tuple(state.view(seat).hand for seat in range(state.player_count))


def _received(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of hand ``after`` beyond those of ``before`` (a multiset difference)."""
    if after is before:
        return ()  # the engines keep an untouched hand as it was
    return tuple(sorted((Counter(after) - Counter(before)).elements()))


def _shown(before: Any, after: Any, received: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``received`` (what came into the mover's hand) that left a face-up
    place: taken from where every seat saw them. A state that keeps the hand's log has
    logged them with the move (:mod:`scala40.history`); for another, they are what
    left the face-up places."""
    if not received or after.hand_number != before.hand_number:
        return ()  # a new deal is never shown
    if getattr(after, "hand_log", None) is not None:
        return tuple(after.history[-1].shown)
    left = Counter(before.face_up_cards()) - Counter(after.face_up_cards())
    if sum(left.values()) > len(received):
        # More left the face-up places than came into the hand: the discard pile
        # became a new stock, and which of its cards the mover drew is hidden.
        return ()
    return tuple(sorted((left & Counter(received)).elements()))


def events_of(before: Any, move: Any, after: Any) -> tuple[Event, ...]:
    """The events of ``move`` (a move value, its text or its dictionary), which took
    ``before`` to ``after`` (``after == before.apply(move)``).

    :raises InvalidArgumentError: ``after`` is not a state of the same game, one move on.
    """
    if type(after) is not type(before) or not hasattr(before, "MOVES"):
        raise InvalidArgumentError(
            f"expected two states of one game, got {describe(before)} and {describe(after)}"
        )
    number = after.move_number
    if number != before.move_number + 1:
        raise InvalidArgumentError(
            f"after must be one move after before: moves {before.move_number} and {number}"
        )
    value = move
    moves = before.MOVES
    if isinstance(move, str):
        value = moves.parse(move)
    elif isinstance(move, Mapping):
        value = moves.from_dict(move)
    text = str(value)
    # A resignation comes from its own seat, at any moment, chance steps included.
    resigning = isinstance(value, ResignMove)
    chance = bool(before.is_chance) and not resigning
    mover = value.seat if isinstance(value, ResignMove) else before.current_player
    # No view is made: what came into each hand is what the hands say, and what a move
    # showed is in the log, so that a move costs the same at any point of a hand.
    received = tuple(map(_received, _hands(before), _hands(after)))
    events = [
        Event(
            number,
            None if chance else mover,
            text.split(" ", 1)[0],
            chance,
            text,
            moves.to_dict(value),
            received,
            shown=() if chance or mover is None else _shown(before, after, received[mover]),
        )
    ]
    if after.last_hand is not None and after.last_hand is not before.last_hand:
        no_cards = ((),) * before.player_count
        result = hand_result_to_dict(after.last_hand)
        events.append(Event(number, None, HAND_END, received=no_cards, result=result))
    if after.is_over and not before.is_over:
        no_cards = ((),) * before.player_count
        events.append(
            Event(number, None, GAME_OVER, received=no_cards, winners=tuple(after.winners))
        )
    return tuple(events)


def events_since(events: Iterable[Event], number: int, seat: int) -> list[dict[str, Any]]:
    """The events made after move ``number``, as ``seat`` may see them (oldest first):
    what a client that last saw move ``number`` has missed.

    :raises InvalidArgumentError: ``number`` is not an integer from 0, ``seat`` not a seat,
        or an item is not an :class:`Event`.
    :raises SearchLimitError: more than :data:`MAX_EVENTS` events are given.
    """
    if type(number) is not int:
        raise InvalidArgumentError(f"number must be an integer from 0, got {describe(number)}")
    if number < 0:
        raise InvalidValueError(f"number must be an integer from 0, got {describe(number)}")
    if isinstance(events, Sized) and len(events) > MAX_EVENTS:
        raise SearchLimitError(f"more than {MAX_EVENTS} events given")  # before any work
    seen: list[dict[str, Any]] = []
    for count, event in enumerate(events):
        if count >= MAX_EVENTS:
            raise SearchLimitError(f"more than {MAX_EVENTS} events given")
        if not isinstance(event, Event):
            raise InvalidArgumentError(f"expected events, got {describe(event)}")
        if event.number > number:
            seen.append(event.for_seat(seat))
    return seen
