"""The base of every game's view (:class:`ViewBase`, what a seat sees of a state) and
of every game's hand result (:class:`HandResultBase`), written once.

A game's view class (its module ``view``) builds on :class:`ViewBase`: the fields every
game's view has, its sampling of the states the seat cannot tell apart, its text, its
pickles and its JSON (``view.to_dict()``, whose keys :mod:`scala40.view_json` describes,
and which a client reads back there).

>>> from scala40.games.chinchon import new_game
>>> from scala40.views import ViewBase
>>> view = new_game(players=2, seed=1).view(0)
>>> isinstance(view, ViewBase), view.player, view.to_dict()["format"]
(True, 0, 'scala40.view')
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from scala40._base.position import position_repr
from scala40._base.sampling import deal_hidden, draw_consistent
from scala40._base.state_record import GameFields, order_fields
from scala40._format.fields import make_builder, reduce_fields, written_by_attrs
from scala40._moved import moved_attribute
from scala40._registry import load_game
from scala40._rng import seed_state
from scala40._wording import not_deciding
from scala40.cards import CARD_NAMES, Card
from scala40.checks import check_int, check_seat, describe, is_int
from scala40.errors import IllegalMoveError, InvalidArgumentError
from scala40.history import EMPTY_LOG, PICKLED_AS, HandHistory, HandLog
from scala40.legal import LegalMoves
from scala40.notation import view_to_text
from scala40.view_json import hand_result_to_dict as _hand_result_to_dict
from scala40.view_json import view_to_dict as _view_to_dict

__all__ = ["MAX_HELD_MELDS", "HandResultBase", "ViewBase"]


MAX_HELD_MELDS = 500
"""The most melds a view's own facts list among those its seat's hand holds (Scala 40's
``held``, Skarney's contract's): a hand of a dozen cards holds a few dozen readings; the
bound keeps a view's JSON small whatever the hand or the rules."""


class HandResultBase:
    """The base of every game's hand result (an attrs class): its ``to_dict``, written
    once."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if written_by_attrs(cls, "__repr__"):  # raw fields, cards as numbers
            cls.__repr__ = HandResultBase.__repr__  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """How the hand ended, short, the hands left by their cards' names.

        >>> import random
        >>> from scala40.games.chinchon import new_game
        >>> state, chooser = new_game(players=2, seed=1), random.Random(1)
        >>> while state.last_hand is None:
        ...     state = state.apply(chooser.choice(list(state.legal_moves())))
        >>> state.last_hand
        <HandResult hand 1: closed by seat 1, points [23, 1], hands 3H 7H 3D QD AC 4C 6C / AS 7S 4H 5H 6H 7D 7C>
        """
        data = _hand_result_to_dict(self)
        closer = data["closer"]
        how = "no one closed" if closer is None else f"closed by seat {closer}"
        hands = " / ".join(" ".join(hand) or "-" for hand in data["hands"])
        return (
            f"<{type(self).__name__} hand {data['hand_number']}: {how}, points "
            f"{list(data['points'])}, hands {hands}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """How the hand ended as JSON, in the shape every game's hand result has
        (:func:`scala40.view_json.hand_result_to_dict`): ``closer``, ``points``, ``hands``,
        and this game's other facts under ``details``."""
        return _hand_result_to_dict(self)


R = TypeVar("R")
P = TypeVar("P", bound=enum.Enum)
H = TypeVar("H")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", bound="ViewBase[Any, Any, Any, Any, Any]")

_OWN = ("player", "hand", "hand_sizes", "stock_size", "shown", "state_type")
"""A view's fields that are not its state's: the viewer, what he sees of the hidden
cards, and the state's class."""


@attrs.frozen(field_transformer=order_fields)
class ViewBase(GameFields[R, P], Generic[R, P, H, S, M]):
    """What every game's ``PlayerView`` is and does: one seat's knowledge of a state of
    record ``S`` (its ruleset ``R``, phase ``P``, hand result ``H``, moves ``M``), made with
    :meth:`of`; a game adds its public fields, ``current_player``, ``unknown_cards``
    and what a sample must keep. Every field but the viewer's own (``player``, ``hand``,
    ``hand_sizes``, ``stock_size``, ``state_type``) is the state's field of the same
    name. Views are made from states; the constructor checks nothing.

    >>> from scala40.games.rumino import new_game
    >>> state = new_game(players=3, seed=11)
    >>> view = state.view(1)
    >>> view.hand == state.hands[1], view.hand_sizes, view.stock_size
    (True, (7, 7, 7), 86)
    >>> guess = view.sample(seed=1)
    >>> guess.hands[1] == state.hands[1], guess.view(1) == view
    (True, True)
    """

    player: int = attrs.field(metadata={"first": True})
    """The seat whose view this is."""
    hand: tuple[Card, ...]
    """The viewing player's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    stock_size: int
    last_hand: H | None = attrs.field(kw_only=True, metadata={"last": "positional"})
    """How the previous hand ended (every hand is shown when a hand ends)."""
    move_number: int = attrs.field(
        default=0, eq=False, kw_only=True, metadata={"last": "positional"}
    )
    """The moves applied in the match so far (the state's ``move_number``)."""
    resigned: tuple[int, ...] = attrs.field(
        default=(), kw_only=True, metadata={"last": "positional"}
    )
    """The seats that resigned, in the order they left (C-RESIGN; public)."""
    shown: tuple[tuple[Card, ...], ...] = attrs.field(
        default=(), kw_only=True, metadata={"last": "positional"}
    )
    """For each seat, the cards it was seen to take from a face-up place this hand and
    has not played since (the state's :attr:`~scala40._base.state_record.RecordBase.shown`;
    public); ``()`` when no hand holds one."""
    hand_log: HandLog | None = attrs.field(
        default=EMPTY_LOG,
        eq=False,
        hash=False,
        repr=False,
        kw_only=True,
        metadata={"last": "positional", "pickled_as": PICKLED_AS},
    )
    """The moves of the hand in play as every seat saw them (the state's log, public;
    :attr:`history` and :attr:`shown` read it). Beside the knowledge, as the move count:
    equality ignores it."""
    state_type: type[S] = attrs.field(
        kw_only=True, eq=False, hash=False, repr=False, metadata={"last": "keyword"}
    )
    """The class of the state the view was made from, which :meth:`sample` builds (not
    part of the value: two views of equal knowledge are equal)."""

    PUBLIC_FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields a view copies from its state, and gives a sampled state (set for each
    view class: every field but the viewer's own)."""
    _made_of: ClassVar[Any]
    """The view of a state for a seat, ``(state, player)``, unchecked (compiled once for
    each view class from its fields: :meth:`of` checks the seat)."""
    STOCK_NAME: ClassVar[str] = "stock"
    """What the game calls its stock, in messages."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" in cls.__dict__:  # the class attrs made (see StateBase)
            cls.PUBLIC_FIELDS = tuple(
                field.name for field in attrs.fields(cls) if field.name not in _OWN
            )
            # A view is made at every decision of a bot: field by field through the
            # slots, as the engines copy states, not through attrs' keyword __init__.
            own = {
                "player": "player",
                "hand": "state.hands[player]",
                "hand_sizes": "tuple(map(len, state.hands))",
                "stock_size": "len(state.stock)",
                "shown": 'getattr(state, "shown", ())',
                "state_type": "type(state)",
            }
            cls._made_of = staticmethod(
                make_builder(cls, "state, player", lambda name: own.get(name, f"state.{name}"))
            )
            if written_by_attrs(cls, "__repr__"):  # raw fields: the position says more
                cls.__repr__ = ViewBase.__repr__  # type: ignore[method-assign]

    def __reduce__(self) -> tuple[Any, ...]:
        """How ``pickle`` and ``copy`` take a view: its fields, the hand's log flat
        (:func:`scala40._format.fields.reduce_fields`)."""
        return reduce_fields(self)

    def __repr__(self) -> str:
        """The view as Python that makes it again: its position's text, which names the
        seat's cards and counts the others' (see the state's repr).

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1).view(0)
        scala40.position_from_text('rumino@0 catsatcards AS6H6H8H8D9D4C/7 10D 93 draw 0 1 1 0/0 0')
        """
        return position_repr(self)

    @classmethod
    def of(cls: type[V], state: Any, player: int) -> V:
        """The view of ``state`` for seat ``player``, its ``move_number`` the state's
        (every seat sees every move made).

        :raises InvalidArgumentError: ``player`` is not an integer.
        :raises InvalidValueError: ``player`` is no seat of the game.
        """
        if not (type(player) is int and 0 <= player < state.player_count):
            check_seat("player", player, state.player_count)  # raises the error that fits
        view: V = cls._made_of(state, player)
        return view

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (public knowledge), or ``None``."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing player is the one to decide."""
        return self.current_player == self.player

    @property
    def history(self) -> HandHistory:
        """The moves of the hand in play, oldest first, as every seat saw them: who
        moved, the move, and the cards it took into the hand from a face-up place
        (:class:`~scala40.history.LoggedMove`). A bot asked only at its own turns reads
        here what the others did in between.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1).apply("take").apply("discard 2S")
        >>> [str(entry) for entry in state.view(1).history]
        ['0: take (shows KC)', '0: discard 2S']
        """
        return HandHistory(self.hand_log)

    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards this player knows its hand holds, sorted: his own
        hand whole, and of every other hand what everyone knows is there (by default the
        cards it was seen to take and has not played, :attr:`shown`; a game adds what
        else its rules show). A sample (:meth:`sample`) deals each hand these first.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> top = state.discard[-1]
        >>> state.apply("take").view(1).known_cards()[0] == (top,)
        True
        """
        shown = self.shown
        return tuple(
            self.hand if seat == self.player else (shown[seat] if shown else ())
            for seat in range(len(self.hand_sizes))
        )

    def unknown_cards(self) -> tuple[Card, ...]:
        """The cards this player cannot see: the other hands and the stock, together."""
        # The deck's counts less each card seen, one by one (Counter arithmetic builds
        # whole new counters, and every sample of a search world asks this).
        left = Counter(self._deck())
        for card in self.hand:
            left[card] -= 1
        for card in self._face_up():
            left[card] -= 1
        return tuple(sorted(left.elements()))

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards each hidden hand is known (or must be made) to hold, by seat, drawn
        from ``unseen`` with ``rng``: by default those of :meth:`known_cards`; a game
        adds the cards that make its other facts true (witnesses)."""
        return {
            seat: list(cards)
            for seat, cards in enumerate(self.known_cards())
            if seat != self.player and cards
        }, rng

    def _consistent(self, state: Any) -> bool:
        """Whether a dealt state is one this view may come from: by default, whether it
        passes its own checks."""
        return not state.problems()

    def sample(self, seed: int) -> Any:
        """A full state consistent with this view, drawn reproducibly from ``seed``: the
        unseen cards dealt at random to the other hands and the stock, the cards known
        to be in a hand first (each game's view says which, and what else a sample
        keeps), its own randomness drawn from ``seed`` too.

        The sample is consistent by construction: it passes its own ``problems()``,
        gives this view back to this player, and keeps what everyone knows of the hidden
        hands. A dealt state that fails a check is dealt again, at most 32 times in all.

        :raises InvalidArgumentError: ``seed`` is not an integer.
        :raises SearchLimitError: no consistent state was dealt within the bound (only
            a view that no state gives, such as one edited by hand, comes to this).
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        unseen = self._unseen()
        public = {name: getattr(self, name) for name in self.PUBLIC_FIELDS}

        def deal(rng: int) -> tuple[Any, int]:
            return self._deal(unseen, public, rng)

        return draw_consistent(
            deal, self._consistent, seed_state(seed), "the view", self.move_number
        )

    def _unseen(self) -> tuple[Card, ...]:
        """The cards to deal to the hidden hands and the stock."""
        if not self.stock_size and not any(self.hand_sizes):
            return ()  # no hidden card (before the first deal, between hands): none to deal
        return self.unknown_cards()

    def _deal(
        self, unseen: tuple[Card, ...], public: dict[str, Any], rng: int | None
    ) -> tuple[Any, int]:
        """A state of this view's public fields with ``unseen`` dealt (shuffled with
        ``rng``, or in card order for ``None``), unchecked, and the generator state
        after the deal."""
        shuffled = rng is not None
        known, rng = self._known_hidden(unseen, rng or 0)
        hands, stock, rng = deal_hidden(
            unseen,
            viewer=self.player,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            known=known,
            stock_size=self.stock_size,
            stock_name=self.STOCK_NAME,
            rng=rng,
            shuffled=shuffled,
        )
        record: Any = self.state_type
        state = record(hands=hands, stock=stock, rng=rng, auto_chance=True, **public)
        return state, rng

    def turn_state(self) -> Any:
        """A state for searching the viewing player's own turn. What the player may do
        this turn depends only on what the view shows, so any state this view may come
        from gives the same answers. The unseen cards are dealt in card order (the cards
        known to be in a hand first) and the state is not checked: far cheaper than
        :meth:`sample`, but never a state to play on past this turn, nor a guess at the
        hidden cards.

        >>> from scala40 import new_game
        >>> state = new_game(players=2, seed=1)
        >>> view = state.view(state.current_player)
        >>> list(view.turn_state().legal_moves()) == list(state.legal_moves())
        True
        """
        public = {name: getattr(self, name) for name in self.PUBLIC_FIELDS}
        state, _ = self._deal(self._unseen(), public, None)
        return state

    def samples(self, count: int, seed: int) -> Iterator[Any]:
        """``count`` sampled states, from seeds derived from ``seed``.

        :raises InvalidArgumentError: ``count`` or ``seed`` is not an integer.
        :raises InvalidValueError: ``count`` is negative.
        """
        check_int("count", count, 0)
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        return self._samples(count, seed)

    def _samples(self, count: int, seed: int) -> Iterator[Any]:
        for index in range(count):
            yield self.sample(seed * 1_000_003 + index)

    def looked_for_moves(self) -> tuple[M, ...]:
        """The moves a player of this game looks for at this decision whether or not the
        rules allow them (Scala 40: taking the discard pile's top card, discarding each
        card of the hand): :meth:`refused_moves` says why those not legal are refused.
        By default none."""
        return ()

    def refused_moves(self) -> tuple[tuple[str, str], ...]:
        """The moves of :meth:`looked_for_moves` that the rules refuse now, each as its
        text and the reason the rules give (the rule's ID in brackets at the end), in
        that order; empty when another seat decides.

        >>> import scala40
        >>> state = scala40.new_game(players=2, seed=1)
        >>> view = state.view(state.current_player)
        >>> view.refused_moves()
        (('take', 'a player who has not opened may only draw from the stock (S40-DRAW-STOCK)'),)
        """
        if not self.is_my_turn:
            return ()
        looked_for = self.looked_for_moves()
        if not looked_for:
            return ()
        legal = {str(move) for move in self.legal_moves()}
        state = self.turn_state()
        refused: list[tuple[str, str]] = []
        for move in looked_for:
            text = str(move)
            if text in legal:
                continue
            try:
                state.apply(move)
            except IllegalMoveError as error:
                refused.append((text, str(error).removeprefix(f"{text}: ")))
        return tuple(refused)

    def last_hand_parts(self) -> tuple[tuple[tuple[str, tuple[Card, ...], int], ...], ...]:
        """How each seat's (or side's, where partners share their points) points of the
        last hand were made: for each, its parts as ``(what, cards, points)``, whose
        points add up to the hand's; empty when no hand has ended. By default one part,
        the hand's points; each game says more."""
        last: Any = self.last_hand
        if last is None:
            return ()
        return tuple((("points", (), points),) for points in last.points)

    def client_facts(self) -> dict[str, Any]:
        """What a client needs that the view's fields leave to be worked out, the same
        for every seat, as JSON (``to_dict`` puts it in ``public``): ``last_hand_parts``
        (:meth:`last_hand_parts`, each part ``{"what", "cards", "points"}``); a game adds
        its own (described by :meth:`public_facts_schema`)."""
        return {
            "last_hand_parts": [
                [
                    {"what": what, "cards": [CARD_NAMES[card] for card in cards], "points": points}
                    for what, cards, points in parts
                ]
                for parts in self.last_hand_parts()
            ],
        }

    def own_facts(self) -> dict[str, Any]:
        """What the viewing seat alone may know, worked out from its own hand, as JSON
        (``to_dict`` puts it in ``own``, never in ``public``): ``refused``
        (:meth:`refused_moves`, each ``{"move", "why"}``: a refused discard names a card
        of the hand); a game adds its own (described by :meth:`own_facts_schema`)."""
        return {"refused": [{"move": move, "why": why} for move, why in self.refused_moves()]}

    @classmethod
    def public_facts_schema(cls, move_text: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The JSON Schema of each fact the game adds to :meth:`client_facts`, by name
        (``move_text`` describes a move's text in the game); none by default. The
        view's schema (:mod:`scala40.schemas`) describes them so, and
        :func:`~scala40.view_json.view_from_dict` checks them against it."""
        return {}

    @classmethod
    def own_facts_schema(cls, move_text: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The JSON Schema of each fact the game adds to :meth:`own_facts`, by name, as
        :meth:`public_facts_schema` for the public ones; none by default."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON: what an app sends to a client (:mod:`scala40.view_json`;
        read back with :func:`scala40.view_json.view_from_dict`)."""
        record: Any = self.state_type
        return _view_to_dict(self, record.game_name, record.MOVES)

    def to_text(self) -> str:
        """This view as one line of text (:mod:`scala40.notation`): the state's text
        with the other hands and the stock as their numbers of cards.
        ``game.view_from_text(text)`` reads it back.

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1).view(0).to_text()
        'rumino@0 catsatcards AS6H6H8H8D9D4C/7 10D 93 draw 0 1 1 0/0 0'
        """
        record: Any = self.state_type
        return view_to_text(self, load_game(record.game_name))

    def legal_moves(self) -> LegalMoves[M]:
        """The legal moves of the viewing player, when the decision is his: they depend
        only on his own hand and on what everyone sees, so a view knows them exactly.

        :raises InvalidArgumentError: another seat decides now (the view's ``player``
            is the wrong argument).
        """
        if not self.is_my_turn:
            record: Any = self.state_type
            raise InvalidArgumentError(
                not_deciding(
                    self.player,
                    self.current_player,
                    bool(getattr(self, "winners", ())),  # a finished game's view names them
                    game_word=record.GAME_WORD,
                    may_resign="resign" in record.MOVES.by_verb,
                )
            )
        moves: LegalMoves[M] = self.turn_state().legal_moves()
        return moves

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, which notebooks show (:func:`scala40.drawing.view_svg`)."""
        # The pictures are a tool: loaded when a notebook asks for one.
        from scala40.drawing import view_svg

        return view_svg(self)


_MOVED_NAMES = dict.fromkeys(
    (
        "MAX_VIEW_ITEMS",
        "VIEW_FORMAT",
        "VIEW_FORMAT_VERSION",
        "ClientView",
        "hand_result_to_dict",
        "view_facts_schemas",
        "view_from_dict",
        "view_to_dict",
    ),
    "scala40.view_json",
)
"""The names of a view's JSON this module gave until 0.6, all in :mod:`scala40.view_json`
now."""


def __getattr__(name: str) -> object:
    """The names of a view's JSON, found here until the next release, each warning."""
    return moved_attribute(__name__, name, _MOVED_NAMES)
