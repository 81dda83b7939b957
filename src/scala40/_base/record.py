"""The fields every game's state record and view have, declared once (internal).

A game's state record and its players' views are frozen attrs classes whose fields come
in one order: the fields every game has, the game's own, then the move count, the
resigned seats and the like, common again. The common fields are declared in bases:
:class:`GameFields` (what a state and its views both hold: the rules, the seats, the
dealer, the hand number, the phase, the turn), :class:`RecordBase` (a state's cards and
its last fields) and :class:`~scala40.views.ViewBase` (a view's). A common field that
must stand elsewhere than its base's place is marked: ``metadata={"first": True}`` (the
viewing seat, before every other), or ``metadata={"last": ...}`` (after the game's
fields), and a last one is declared keyword-only, so that a game's fields without
defaults may follow it. :func:`order_fields`, each class's ``field_transformer``, puts
them in their places, a last one positional again unless marked ``"keyword"``: the
order of every game's fields, its constructor, ``repr`` and JSON are those it declared
before it had these bases.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from scala40._base.hand_log import EMPTY_LOG, PICKLED_AS, HandHistory, HandLog, shown_in_hands
from scala40._base.state import StateBase
from scala40.cards import Card

__all__ = ["GameFields", "RecordBase", "order_fields"]

M = TypeVar("M")
R = TypeVar("R")
R_ = TypeVar("R_", bound="RecordBase[Any, Any, Any]")
P = TypeVar("P")


def order_fields(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """``fields`` with those marked ``metadata={"first": True}`` moved to the front and
    those marked ``metadata={"last": ...}`` to the end, each in their order (an attrs
    ``field_transformer``). In the class that declares them the last ones stay
    keyword-only; in a class inheriting them they are keyword-only only when marked
    ``"keyword"``.

    >>> import attrs
    >>> from scala40._base.record import order_fields
    >>> @attrs.frozen(field_transformer=order_fields)
    ... class Base:
    ...     head: int
    ...     count: int = attrs.field(default=0, kw_only=True, metadata={"last": "positional"})
    >>> @attrs.frozen(field_transformer=order_fields)
    ... class Game(Base):
    ...     own: str
    ...     seat: int = attrs.field(metadata={"first": True})
    >>> Game(0, 1, "x", 2)
    Game(seat=0, head=1, own='x', count=2)
    """
    declared = inspect.get_annotations(cls)
    first = [field for field in fields if field.metadata.get("first")]
    middle = [field for field in fields if not field.metadata.keys() & {"first", "last"}]
    last = [
        field.evolve(kw_only=field.name in declared or field.metadata["last"] == "keyword")
        for field in fields
        if "last" in field.metadata
    ]
    return first + middle + last


@attrs.define(weakref_slot=False, field_transformer=order_fields)
class GameFields(Generic[R, P]):
    """The fields a game's state and its views both hold (ruleset ``R``, phases ``P``),
    first of their fields. Not frozen itself (see :class:`RecordBase`); the records and
    views over it are."""

    rules: R
    """The game's ruleset."""
    player_count: int
    dealer: int
    """The seat that dealt the hand."""
    hand_number: int
    phase: P
    turn: int
    """The player whose turn it is (each game's record says who that is out of turn)."""


@attrs.define(repr=False, weakref_slot=False, field_transformer=order_fields)
class RecordBase(GameFields[R, P], StateBase[M, Any], Generic[M, R, P]):
    """The fields of every game's state record (moves ``M``, ruleset ``R``, phases
    ``P``): the base of Scala 40's, Skarney's and the knock games' records, which add
    their own fields between these and the last ones (see the module), and are frozen.
    The constructor checks nothing: never call it with values from outside.

    This base itself is not frozen: a frozen class's ``__setattr__`` would be inherited
    by the plain twin class through which states are copied fast
    (:mod:`scala40._format.fields`), and no value is ever of this class itself."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...]
    """The stock, top card last."""
    move_number: int = attrs.field(
        default=0, eq=False, hash=False, repr=False, kw_only=True, metadata={"last": "positional"}
    )
    """How many moves ``apply`` has applied in the match, chance moves included (a count
    kept beside the position: equality ignores it)."""
    resigned: tuple[int, ...] = attrs.field(
        default=(), kw_only=True, metadata={"last": "positional"}
    )
    """The seats that resigned, in the order they left (C-RESIGN): out of the match
    for good."""
    hand_log: HandLog | None = attrs.field(
        default=EMPTY_LOG,
        eq=False,
        hash=False,
        repr=False,
        kw_only=True,
        metadata={"last": "positional", "pickled_as": PICKLED_AS},
    )
    """The moves of the hand in play, as every seat saw them (kept by ``apply`` beside
    the position, as the move count: equality ignores it); :attr:`history` and
    :attr:`shown` read it. ``None`` for a state that keeps no log (:meth:`without_log`:
    a search's copies, which nobody asks about the past)."""
    _legal: tuple[M, ...] | None = attrs.field(
        default=None,
        init=False,
        eq=False,
        hash=False,
        repr=False,
        metadata={"cache": True, "last": "positional"},
    )
    """The legal moves, once generated (a cache: not part of the value)."""

    @property
    def history(self) -> HandHistory:
        """The moves of the hand in play, oldest first, as every seat saw them
        (:class:`~scala40._base.hand_log.LoggedMove` values: the seat, the move, and the
        cards it took into the hand from a face-up place).

        >>> from scala40.games.rumino import new_game
        >>> [str(entry) for entry in new_game(players=2, seed=3).apply("draw").history]
        ['0: draw']
        """
        return HandHistory(self.hand_log or EMPTY_LOG)

    @property
    def shown(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards it was seen to take from a face-up place this hand and
        has not played since, sorted (public: :func:`~scala40._base.hand_log.shown_of`, kept up
        to date by the log move by move); ``()`` when no hand holds one. Every one is in
        its hand: a log that says otherwise is refused by the loaders and named by
        ``problems()``.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.apply("take").shown == ((state.discard[-1],), ())
        True
        """
        return shown_in_hands(self.hand_log, self.hands)

    def without_log(self: R_) -> R_:
        """This state, keeping no log of its hand from here on (:attr:`history` empty,
        :attr:`shown` none): what a search plays its copies with, as no one asks them
        about the past, and :meth:`apply` then spends nothing on it."""
        new: R_ = self.copy_with(hand_log=None)
        return new
