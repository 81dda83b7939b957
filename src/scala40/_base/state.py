"""What every game's state does around a few hooks (internal): :class:`StateBase`.

A game's state is an immutable attrs value (its *record*: the fields) with the game's
rules behind a handful of hooks. Everything else a state offers is written once, here:

* the legal moves, generated lazily and kept (``legal_moves``);
* moves applied as values, texts or dictionaries, with a fast path for a move taken from
  the state's own legal list (``apply``), and the questions built on it
  (``is_legal``, ``verify``, ``can``,
  ``apply_turn``);
* views, returns, sides and chance steps;
* the header of ``to_dict``, ``from_dict``, and the
  ``problems`` driver;
* one fast unchecked copy per class (``copy_with`` and
  ``setters``, compiled from the fields by :mod:`scala40._format.fields`).

A game plugs in with its class variables (``MOVES``,
``VIEW``, ``FORMAT``, ...) and these hooks:

``_generate()``
    every legal move, each once;
``_apply(move)``
    the state after a move, checked (:class:`~scala40.IllegalMoveError` naming the rule,
    :class:`~scala40.InvalidMoveError` for a value that is no move of the game);
``_apply_trusted(move)``
    the same for a move of the state's own legal list (checks the generator made are
    skipped; by default ``_apply``);
``_chance(order)``
    the chance move that plays ``order`` (called at a chance step only);
``_field_problems()`` and ``_consistency_problems()``
    what is wrong with the fields one by one, then with how they fit together;
``_fields_to_dict()``, ``_read(data)`` and ``_load(data)``
    the fields as JSON, the state they describe (its fields read one by one), and the
    same checked (by default ``_read``'s, once ``problems()`` finds nothing wrong);
``_turn_ended(start)`` and ``_turn_unfinished(start)``
    for ``apply_turn``: whether this state, reached from ``start`` by
    moves of one seat, has handed the decision on, and what is wrong with stopping here.

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=1)
>>> draw = state.MOVES.to_dict(state.MOVES.parse("draw"))
>>> state.can("draw"), state.can("close 5S"), state.is_legal(draw)
(True, False, True)
>>> state.apply_turn("draw; discard 2S").turn
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from typing_extensions import TypeVar as TypeVarDefault

from scala40._base.load import too_many, winner_problems
from scala40._base.position import PositionReader, position_repr
from scala40._format.fields import (
    make_evolver,
    make_setter,
    reduce_fields,
    slot_setter,
    written_by_attrs,
)
from scala40._format.serial import (
    MAX_COUNT,
    MAX_MOVE_TEXT,
    MAX_SEED_DIGITS,
    is_seed,
    refuse_many_keys,
)
from scala40._format.specs import record_format
from scala40._registry import load_game
from scala40._rng import seed_state, shuffle
from scala40._wording import not_deciding
from scala40.cards import Card
from scala40.checks import check_seat, describe
from scala40.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidStateError,
    SerializationError,
    StaleMoveError,
)
from scala40.history import (
    EMPTY_LOG,
    HISTORY_KEYS,
    MAX_HISTORY,
    log_from_json,
    log_problems,
    log_to_json,
    logged,
)
from scala40.legal import LegalMoves, read_in_position
from scala40.match import singles, win_shares
from scala40.movekinds import DealMove, MoveSet, RestockMove
from scala40.notation import state_to_text
from scala40.resignation import ResignMove, resigned_after, sides_left

# The bounds on a saved state's numbers and seed, which every game's state module names
# (scala40.games.skarney.state.MAX_COUNT), are re-exported from here.
__all__ = [
    "MAX_COUNT",
    "MAX_MOVE_NUMBER",
    "MAX_SEED_DIGITS",
    "MAX_TURN_MOVES",
    "GameView",
    "StateBase",
    "new_state",
    "position_stock",
]

M = TypeVar("M")
V = TypeVar("V")
GameView = TypeVarDefault("GameView", default=Any)
"""A game's view as the type parameter of its record, which its state names
(``class GameState(StateRecord[PlayerView])``; the view's module reads the record)."""
S = TypeVar("S", bound="StateBase[Any, Any]")


def _slot_store(cls: type, name: str) -> Any:
    """:func:`~scala40._format.fields.slot_setter` of field ``name``, kept on the class as a
    static method."""
    return staticmethod(slot_setter(cls, name))


def position_stock(
    read: PositionReader,
    stock: object,
    deck: Sequence[Card],
    seed: int,
    *placed_parts: Iterable[Card],
) -> tuple[Card, ...]:
    """The stock of a position a game's ``from_position`` reads: ``stock`` as its cards,
    or, left out, the cards of ``deck`` placed neither in the hands ``read`` nor in
    ``placed_parts`` (a discard pile, the table's cards), shuffled from ``seed`` (C-RNG).
    A card placed more often than the deck holds it is one of the position's problems
    (C-DECK); then, or where a card could not be read, no stock is dealt: the state is
    built only to name its problems (:meth:`PositionReader.valid`).

    >>> from scala40._base.position import PositionReader
    >>> from scala40._base.state import position_stock
    >>> read = PositionReader(["AS AS", "2S"], most_cards=200)
    >>> position_stock(read, None, [0, 1, 2], 1, [0]), read.problems
    ((), ['AS: 3 placed, but the deck has 1'])
    """
    placed: Counter[Card] = Counter()
    for cards in (*read.hands, *placed_parts):
        placed.update(cards)
    counts = Counter(deck)
    read.problems.extend(too_many(placed, counts))
    if stock is not None:
        return read.cards(stock, "stock")
    rest = () if read.problems else tuple(sorted((counts - placed).elements()))
    # (A seed refused by the reader is a problem already: any order will do.)
    shuffled, _ = shuffle(rest, seed_state(seed if is_seed(seed) else 0))
    return shuffled


def new_state(kind: type[S], fields: Mapping[str, Any], auto_chance: bool) -> S:
    """A new game of the state class ``kind``: ``fields`` (those every game starts with,
    :func:`scala40._base.engine.new_game_fields`, and the game's own), the others at
    their usual values, its first hand dealt by the class's ``_deal`` unless
    ``auto_chance`` is off: what every game's ``new_game`` ends with."""
    state = kind(**record_format(kind).with_usual(fields))
    if not auto_chance:
        return state
    dealt: S = kind._deal(state, None)
    return dealt


MAX_TURN_MOVES = 1_000
"""The most moves ``apply_turn`` takes in one turn (no turn of any game
comes near: a hand holds at most 15 cards)."""

MAX_MOVE_NUMBER = 10**18
"""The largest move number a loaded state may hold (far beyond any match)."""


def _shown(item: object) -> str:
    """A move or its text as a message shows it, whatever it is."""
    return item if isinstance(item, str) and len(item) <= 60 else describe(item)


class StateBase(Generic[M, V]):
    """The base of every game's state: the API over the game's hooks (see the module),
    generic in the game's move type ``M`` and view type ``V``.

    A subclass is a frozen, slotted attrs class whose fields include ``rules``,
    ``player_count``, ``hand_number``, ``winners``, ``move_number =
    attrs.field(default=0, eq=False, hash=False)`` (kept by ``apply``) and the cache
    ``_legal = attrs.field(default=None, init=False, eq=False, hash=False, repr=False,
    metadata={"cache": True})``; it defines ``current_player``, ``is_chance``,
    ``is_over``, ``scores``, ``all_cards()`` and ``chance_cards()``.
    """

    __slots__ = ()

    game_name: ClassVar[str] = ""
    """The name of the game in the registry (:func:`scala40.game.load_game`)."""
    MOVES: ClassVar[MoveSet]
    """The game's moves: reads their texts and dictionaries."""
    VIEW: ClassVar[Any]
    """The game's view class, with ``of(state, player)``, which checks the seat and gives
    the view the state's ``move_number`` (:meth:`scala40.views.ViewBase.of`)."""
    FORMAT: ClassVar[str] = ""
    """The format name of ``to_dict``."""
    FORMAT_VERSION: ClassVar[int] = 1
    """The version of ``to_dict``'s format."""
    DEFAULT_VERBS: ClassVar[tuple[str, ...]] = (
        "draw",
        "decline",
        "pass",
        "discard",
        "offer",
        "end",
    )
    """The verbs :meth:`default_move` prefers, best first."""
    GAME_WORD: ClassVar[str] = "game"
    """What messages call a whole game (Scala 40 plays a *match*)."""
    SETTER_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Named sets of fields the hottest moves change: ``setters`` copies a state with
    exactly those replaced."""
    setters: ClassVar[Mapping[str, Callable[..., Any]]] = {}
    """For each name of ``SETTER_FIELDS``, a function ``(state, **fields)`` giving a
    copy of ``state`` with exactly those fields replaced, unchecked (compiled once for
    the class)."""
    SHOWING_KINDS: ClassVar[frozenset[type]] = frozenset()
    """The move classes that take cards into the mover's hand from a place every seat
    sees (the top of the discard pile, a card on offer, a wild card freed from the
    table), and only from there: the cards such a move adds to the hand are shown."""
    keeps_history: ClassVar[bool] = False
    """Whether the class keeps the hand's moves (a record with the field ``hand_log``,
    as :class:`~scala40._base.state_record.RecordBase` declares it): then ``apply`` keeps it."""
    _LOGGED_KINDS: ClassVar[dict[type, bool]] = {}
    """The move classes met so far that ``apply`` logs on its own path, each with whether
    it shows the cards it takes (one of ``SHOWING_KINDS``) or is taken as it is (neither
    that, nor a resignation, nor a chance step): one look-up a move. Each state class has
    its own."""
    _store_move_number: ClassVar[Any] = staticmethod(
        lambda value, number: object.__setattr__(value, "move_number", number)
    )
    """Stores a fresh state's ``move_number`` (through its slot: set for each class)."""
    _store_hand_log: ClassVar[Any] = staticmethod(
        lambda value, log: object.__setattr__(value, "hand_log", log)
    )
    """Stores a fresh state's ``hand_log`` (through its slot: set for each class that
    keeps one)."""
    _store_legal: ClassVar[Any] = staticmethod(
        lambda value, moves: object.__setattr__(value, "_legal", moves)
    )
    """Stores a state's legal moves once listed (through its slot: set for each class)."""

    # Annotations only (the record declares the fields).
    rules: Any
    player_count: int
    hand_number: int
    winners: tuple[int, ...]
    move_number: int
    resigned: tuple[int, ...] = ()
    """The seats that resigned, in the order they left (C-RESIGN). The library's games
    keep it as a field; a game without a resignation move kind has nobody resign."""
    _legal: tuple[M, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # attrs builds a slotted class anew; the class it returns is the one whose
        # instances exist, and the one that carries __attrs_attrs__ in its own namespace.
        if "__attrs_attrs__" in cls.__dict__:
            # Set on the class (not a method override): each class gets its own copy.
            setattr(cls, "copy_with", make_evolver(cls))  # noqa: B010
            cls.setters = {
                name: make_setter(cls, *fields) for name, fields in cls.SETTER_FIELDS.items()
            }
            names = {field.name for field in cls.__attrs_attrs__}  # type: ignore[attr-defined]
            cls.keeps_history = "hand_log" in names
            cls._LOGGED_KINDS = {}
            # apply sets these in every new state: through the slots, not through
            # object.__setattr__'s lookup of the field by name each time.
            cls._store_move_number = _slot_store(cls, "move_number")
            cls._store_legal = _slot_store(cls, "_legal")
            if cls.keeps_history:
                cls._store_hand_log = _slot_store(cls, "hand_log")
            if written_by_attrs(cls, "__repr__"):  # raw fields: the position says more
                cls.__repr__ = StateBase.__repr__  # type: ignore[method-assign]

    def copy_with(self: S, **changes: Any) -> S:
        """A copy of this state with the fields named in ``changes`` replaced, unchecked:
        the engines' way to make the next state (unchanged parts are shared). Compiled
        once per class from its fields; never call it with values from outside.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.copy_with(turn=1).turn, state.copy_with(turn=1) == state
        (1, False)
        """
        raise TypeError(f"{type(self).__name__} is not an attrs class")  # pragma: no cover

    def __reduce__(self) -> tuple[Any, ...]:
        """How ``pickle`` and ``copy`` take a state: its fields, its caches left out
        (:func:`scala40._format.fields.reduce_fields`), so that a pickle holds the game and
        not what was derived from it.

        >>> import pickle
        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1).apply("draw")
        >>> again = pickle.loads(pickle.dumps(state))
        >>> again == state, hash(again) == hash(state), list(again.legal_moves()) == list(state.legal_moves())
        (True, True, True)
        """
        return reduce_fields(self)

    # -- hooks ------------------------------------------------------------------------

    def _generate(self) -> Iterable[M]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _apply(self, move: Any) -> Any:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _apply_trusted(self, move: Any) -> Any:
        return type(self)._apply(self, move)  # through the class, as _generate

    _deal: ClassVar[Callable[[Any, Any], Any]]
    """The game's deal, ``(state, order)``: the engine's function itself (for
    :func:`new_state`; an ``order`` of ``None`` draws it from the state's randomness)."""

    @classmethod
    def _positioned(cls: type[S], read: PositionReader, fields: Mapping[str, Any]) -> S:
        """The state of a position's ``fields`` (those its reader gives,
        :meth:`PositionReader.fields`, and the game's own), the others at their usual
        values, once it is valid: what every game's ``from_position`` ends with.

        :raises InvalidStateError: naming every problem (:meth:`PositionReader.valid`).
        """
        return read.valid(cls(**record_format(cls).with_usual(fields)))

    def _chance(self, order: tuple[Any, ...]) -> Any:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _field_problems(self) -> list[str]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _consistency_problems(self) -> list[str]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _fields_to_dict(self) -> dict[str, Any]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    @classmethod
    def _load(cls, data: Mapping[str, Any]) -> Any:
        """The state ``data`` describes, checked: by default :meth:`_read`'s, once
        :meth:`problems` finds nothing wrong with it."""
        state = cls._read(data)
        problems = state.problems()
        if problems:
            raise SerializationError(f"{cls.FORMAT}: invalid state: " + "; ".join(problems))
        return state

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> Any:
        """The state ``data`` describes, each field read and typed but not checked
        together (a view's text is read so: :mod:`scala40.notation`)."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _seats_in(self) -> tuple[int, ...]:
        """The seats still taking part in the match, in seat order: in a game where
        players drop out, those its ``active`` field keeps in (Scala 40's, the knock
        games'); else every seat that has not resigned."""
        active: tuple[bool, ...] | None = getattr(self, "active", None)
        if active is not None:
            return tuple(seat for seat, playing in enumerate(active) if playing)
        gone = self.resigned
        return tuple(seat for seat in range(self.player_count) if seat not in gone)

    def _resign(self, resigned: tuple[int, ...], winners: tuple[int, ...]) -> Any:
        """The state once the seats ``resigned`` (all of them, in the order they left)
        are out (C-RESIGN): with ``winners`` (the side left), the match over; without,
        the hand in play abandoned, scoring nothing and counting as played, the deal
        passed on and the match going on among the seats still in."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _turn_ended(self, start: Any) -> bool:
        return bool(
            self.current_player != start.current_player or self.hand_number != start.hand_number
        )

    def _turn_unfinished(self, start: Any) -> str | None:
        return None

    # -- what the game protocol asks ----------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that decides now, or ``None`` at a chance step or the end."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a chance step."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, each a tuple of seats: one seat a side unless the game says
        otherwise.

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=3, seed=1).teams
        ((0,), (1,), (2,))
        """
        return singles(self.player_count)

    def returns(self) -> tuple[float, ...]:
        """Each seat's share of the win once the game is over (tied winners and partners
        share it), 0 before (:func:`scala40.match.win_shares`). A seat that resigned
        never wins: it gets 0, the lowest return (C-RESIGN).

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1).returns()
        (0.0, 0.0)
        """
        return win_shares(self.winners, self.teams, self.player_count)

    def view(self, player: int) -> V:
        """What ``player`` may know of this state, and nothing else.

        :raises InvalidArgumentError: ``player`` is not an integer.
        :raises InvalidValueError: ``player`` is no seat of this game (a ``ValueError``).

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> view = state.view(1)
        >>> view.hand == state.hands[1], view.hand_sizes
        (True, (7, 7))
        >>> state.view(5)
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidValueError: player must be a seat from 0 to 1, got 5
        """
        # The view class checks the seat and copies the state's move number, public as
        # every seat sees every move made (ViewBase.of): doing either here too would cost
        # every view of every game its share of a bot's decision.
        view: V = self.VIEW.of(self, player)
        return view

    def _check_seat(self, seat: object, name: str) -> None:
        """Raise :class:`~scala40.InvalidArgumentError` (not an integer) or
        :class:`~scala40.InvalidValueError` (no seat of this game) naming ``name`` unless
        ``seat`` is a seat of this game."""
        if type(seat) is not int or not 0 <= seat < self.player_count:
            check_seat(name, seat, self.player_count)  # raises the error that fits

    def chance_move(self, order: Sequence[Any]) -> Any:
        """The chance move that plays the cards of ``chance_cards()`` in ``order``.

        :raises IllegalMoveError: the state is not at a chance step.
        :raises InvalidMoveError: ``order`` is not a list of cards.

        >>> from scala40.games.chinchon import new_game
        >>> new_game(players=2, seed=1).chance_move([])
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: no chance step comes next: draw
        """
        if not self.is_chance:
            phase = getattr(self, "phase", None)
            where = getattr(phase, "value", "a decision")
            raise IllegalMoveError(f"no chance step comes next: {where}")
        if not isinstance(order, (list, tuple)):
            raise InvalidMoveError(f"expected an order of cards, got {describe(order)}")
        return self._chance(tuple(order))

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves[M]:
        """The legal moves, as a lazy view: iterate it, test ``move in``, ``count()`` it,
        index it. They are generated when first asked for and kept with the state.

        Two copies of a card never give two moves (C-IDENTITY); every listed move
        applies; no listed move leads to a position without legal moves.

        >>> from scala40.games.chinchon import new_game
        >>> [str(move) for move in new_game(players=2, seed=1).legal_moves()]
        ['draw', 'take']
        """
        return LegalMoves(self._legal_tuple, self._legal)

    def barred_moves(self) -> Mapping[str, tuple[str, ...]]:
        """For each kind of move this position's phase allows but its legal moves hold
        none of (an opening, a take of the discard, a lay-off, a knock, a close, a
        contract's meld...), the IDs of the rules whose conditions keep it off, read from
        the predicates the game's move generator asks. Asked apart from
        :meth:`legal_moves`, which pays nothing for it; the conformance corpus cites them
        beside a position's moves. Empty where the game names none.

        >>> from scala40.games.rumino import new_game
        >>> dict(new_game(players=2, seed=4).barred_moves())
        {'knock': ('RU-KNOCK',)}
        """
        return type(self)._barred_moves(self)  # through the class, as _generate

    def _barred_moves(self) -> Mapping[str, tuple[str, ...]]:
        """The game's hook for :meth:`barred_moves`: by default it names none."""
        return {}

    def _legal_tuple(self) -> tuple[M, ...]:
        moves = self._legal
        if moves is None:
            # Looked up on the class and given the state: a game may set its engine's
            # function as the hook, and a function of a compiled module (``nox -s
            # compiled``) does not bind to the instance as a Python function does.
            moves = tuple(type(self)._generate(self))
            # Kept outside the value, so that applying one of these very objects can
            # skip the checks already made.
            self._store_legal(self, moves)
        return moves

    def resignations(self) -> tuple[M, ...]:
        """One resignation for each seat still in, whoever decides now, chance steps
        included; none once the match is over (C-RESIGN).

        Resignations are never among :meth:`legal_moves` (bots, searches and playouts
        never resign), but :meth:`apply`, :meth:`is_legal` and :meth:`can` take them at
        any moment: the seat (in a partnership, his side) leaves the match for good. If
        fewer than two sides are left, the match ends and the side left wins; otherwise
        the hand in play is abandoned (nobody scores for it; it counts as played), the
        deal passes on and the match goes on without him.

        >>> from scala40.games.rumino import new_game
        >>> state = new_game(players=3, seed=1)
        >>> [str(move) for move in state.resignations()]
        ['resign 0', 'resign 1', 'resign 2']
        >>> after = state.apply("resign 2")
        >>> after.resigned, after.hand_number, [len(hand) for hand in after.hands]
        ((2,), 2, [7, 7, 0])
        >>> [str(move) for move in after.resignations()], after.is_legal("resign 2")
        (['resign 0', 'resign 1'], False)
        """
        kind: Any = self.MOVES.by_verb.get("resign")
        if self.is_over or kind is None:
            return ()  # over, or a game whose moves have no resignation kind
        return tuple(kind(seat) for seat in self._seats_in())

    def _apply_resign(self, move: ResignMove) -> Any:
        if type(move) is not self.MOVES.by_verb.get("resign"):
            raise InvalidMoveError(f"expected a move of this game, got {describe(move)}")
        seat = move.seat
        if self.is_over:
            raise IllegalMoveError(f"{move}: the {self.GAME_WORD} is over (C-RESIGN)")
        if seat >= self.player_count:
            raise IllegalMoveError(
                f"{move}: there is no seat {seat}, the seats are 0 to "
                f"{self.player_count - 1} (C-RESIGN)"
            )
        seats_in = self._seats_in()
        if seat not in seats_in:
            why = "has resigned already" if seat in self.resigned else "is out of the match"
            raise IllegalMoveError(f"{move}: seat {seat} {why} (C-RESIGN)")
        teams = self.teams
        resigned = resigned_after(self.resigned, seat, teams)
        left = sides_left(teams, (other for other in seats_in if other not in resigned))
        winners = left[0] if len(left) == 1 else ()
        return type(self)._resign(self, resigned, winners)  # through the class, as _generate

    def _accepts(self, move: object) -> bool:
        try:
            self.apply(move)  # type: ignore[arg-type]
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def parse_move(self, move: str | Mapping[str, Any]) -> M:
        """The move a text or a dictionary means here, read against this position (as
        python-chess's ``board.parse_san``; the game's ``parse_move`` reads a text
        without one).

        A move written as its legal move is written reads as that move, in any order of
        its melds' cards and melds, a sequence either way round. What only the position
        settles may be left out when one legal move fits: a set's joker whose suit the
        other legal moves do not need (``meld 9C 9D JK`` holding no other joker set), a
        lay-off's end or a wild card's reading where the table fixes them. Resignations
        and a chance step's fixed orders, which are never listed, are read as well.

        >>> from scala40.games.scala40 import GameState
        >>> state = GameState.from_position(
        ...     hands=["9C 9D JK 7S 8S 8H 2C", "AD 2D 3D 4D 5D 6D"], discard="KC",
        ...     table=["9H 10H JH"], opened=[True, False], phase="play")
        >>> state.parse_move("meld 8s 7s jk"), str(state.parse_move("layoff 8H #0"))
        (PutDown(cards='JK 7S 8S', represented='6S 7S 8S'), 'layoff 8H #0 low')
        >>> state.parse_move({"type": "layoff", "card": "JK", "meld": 0})
        Traceback (most recent call last):
        ...
        scala40.errors.AmbiguousMoveError: {'type': 'layoff', 'card': 'JK', 'meld': 0} could be 2 legal moves: layoff JK=8H #0 low or layoff JK=QH #0 high; write the one meant (C-WILD)
        >>> state.parse_move("meld 9C 9D JK")
        Traceback (most recent call last):
        ...
        scala40.errors.AmbiguousMoveError: 'meld 9C 9D JK' could be 2 legal moves: meld JK=9S 9D 9C or meld JK=9H 9D 9C; write the one meant (C-WILD)

        :raises InvalidMoveError: the text or dictionary is not a move of this game.
        :raises AmbiguousMoveError: several legal moves fit it (``moves`` lists them).
        :raises IllegalMoveError: no legal move does (the message says why).
        """
        found: M = self._read_move(move)[0]
        return found

    def _read_move(self, spelling: object) -> tuple[Any, Any]:
        """The move a text or dictionary means here (:meth:`parse_move`), and the state
        after it when finding it took applying it (``None`` for a move of the list, to be
        applied as such)."""
        return read_in_position(
            self.MOVES, spelling, self._legal, self._legal_tuple, self._apply_value
        )

    def _apply_value(self, value: object) -> Any:
        """The state after a move value, checked (a resignation, C-RESIGN, or the game's
        ``_apply``)."""
        if isinstance(value, ResignMove):
            return self._apply_resign(value)
        # Through the class, as _generate: a game's _apply may be its engine's function
        # itself, which a compiled build does not bind to the state as a method.
        return type(self)._apply(self, value)

    def apply(
        self: S,
        move: M | str | Mapping[str, Any],
        *,
        expected_move_number: int | None = None,
    ) -> S:
        """The state after ``move``: a move value, its text, or its dictionary.

        The new state's ``move_number`` is one more than this one's. With
        ``expected_move_number``, the move is applied only if it is this state's
        ``move_number``: a server's guard against a move sent twice or from a stale
        view.

        :raises StaleMoveError: ``expected_move_number`` is not ``move_number`` (the
            message gives both).
        :raises IllegalMoveError: the move is not legal here; the message names the rule.
        :raises InvalidMoveError: the value is not a move of this game.
        :raises InvalidArgumentError: ``expected_move_number`` is not an integer.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.apply("draw") == state.apply(state.MOVES.to_dict(state.MOVES.parse("draw")))
        True
        >>> state.move_number, state.apply("draw").move_number
        (0, 1)
        >>> state.apply("draw").apply("discard 2S", expected_move_number=0)
        Traceback (most recent call last):
        ...
        scala40.errors.StaleMoveError: stale move number 0: the game is at move 1
        """
        if expected_move_number is not None:
            self._check_move_number(expected_move_number)
        new: S
        legal = self._legal
        if legal is not None:
            for known in legal:
                if known is move:
                    new = type(self)._apply_trusted(self, move)  # as _generate, above
                    # The engines build each next state as a fresh copy: counting here,
                    # once, keeps the count out of every engine.
                    self._store_move_number(new, self.move_number + 1)
                    if self.keeps_history:
                        # The log of a move that plays or takes cards, written out here:
                        # apply's hottest path.
                        this: Any = self
                        log = this.hand_log
                        showing = self._LOGGED_KINDS.get(type(move))
                        if (
                            showing is None
                            or log is None
                            or new.hand_number != this.hand_number
                            or log[4] + 1 >= MAX_HISTORY
                        ):
                            self._log(new, move)
                        else:
                            seat = this.current_player
                            # A node of the log (scala40.history.HandLog); the cards
                            # a take shows are worked out when first read, from the hands.
                            self._store_hand_log(
                                new,
                                [
                                    log,
                                    seat,
                                    move,
                                    [this.hands[seat], new.hands[seat]] if showing else (),  # type: ignore[attr-defined]
                                    log[4] + 1,
                                    None,
                                    log[6],
                                    None,
                                ],
                            )
                    return new
        given: object = move
        if isinstance(given, (str, Mapping)):
            # Read against the position: the move it means, or one it had to apply to
            # find (a move of the list is applied as such).
            value, after = self._read_move(given)
            new = type(self)._apply_trusted(self, value) if after is None else after
        else:
            # A resignation is never listed as legal: it always comes this way (C-RESIGN).
            value, new = given, self._apply_value(given)
        self._store_move_number(new, self.move_number + 1)
        if self.keeps_history:
            self._log(new, value)
        return new

    def _log(self, new: Any, move: Any) -> None:
        """Keep the hand's log in ``new``, the state after ``move`` (fresh from the
        engine: set here, once for every game, as the move count). A new hand starts
        with an empty log; a state that keeps none (``hand_log=None``) keeps none."""
        this: Any = self
        log = this.hand_log
        if log is None:
            return
        if new.hand_number != this.hand_number:
            self._store_hand_log(new, EMPTY_LOG)
            return
        self._store_hand_log(new, logged(log, self.log_entry(new, move), this.player_count))

    def log_entry(self, new: Any, move: Any) -> Any:
        """The entry of the hand's log for ``move``, played here and giving ``new`` in
        the same hand: the seat that moved (``None`` for a chance step), the move as
        every seat saw it, and for a move that takes cards from a face-up place the
        mover's hands before and after it (what it showed is their difference, worked
        out when first read: ``scala40.history.shown_in_of``). ``apply`` logs
        each move so; a reader that replays moves without a log (the OpenSpiel adapter
        checking a history) makes the log from these entries afterwards.

        >>> from scala40.cards import format_cards
        >>> from scala40.history import cards_added
        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> take = state.MOVES.parse("take")
        >>> seat, move, hands = state.log_entry(state.apply(take), take)
        >>> seat, str(move), format_cards(cards_added(*hands))
        (0, 'take', 'KC')
        """
        this: Any = self
        kind = type(move)
        shown_in: Any = ()
        if kind in self.SHOWING_KINDS:
            seat = this.current_player
            shown_in = [this.hands[seat], new.hands[seat]]  # read when first asked for
            self._LOGGED_KINDS[kind] = True  # apply's own path logs the next ones
        elif issubclass(kind, ResignMove):
            seat = move.seat
        else:
            seat = this.current_player
            if issubclass(kind, (DealMove, RestockMove)):
                if seat is None:
                    move = kind()  # a chance step's order is nobody's to see
            else:
                # A plain move: apply's own path logs the next ones of its class.
                self._LOGGED_KINDS[kind] = False
        return seat, move, shown_in

    def _check_move_number(self, expected: object) -> None:
        if type(expected) is not int:
            raise InvalidArgumentError(
                f"expected_move_number: expected an integer, got {describe(expected)}"
            )
        if expected != self.move_number:
            raise StaleMoveError(
                f"stale move number {expected}: the {self.GAME_WORD} is at move {self.move_number}"
            )

    def default_move(self: S, seat: int) -> M:
        """The move a server plays for ``seat`` when its time to decide runs out: the
        first legal move, in the listing order, whose verb comes first in
        :attr:`DEFAULT_VERBS` (draw from the stock, decline an offer, pass on a claim,
        discard, offer a card, end the turn), or else the first legal move (a re-entry
        decision; a turn where the rules leave no passive move, such as a card taken
        from the discard pile that must be melded first). It is cheap (one pass over the legal moves, which
        the state lists once) and the same on every call: a seat that lets its time run
        out plays on passively and never melds, lays off or takes a card.

        :raises InvalidArgumentError: ``seat`` is not a seat of the game, or it does not
            decide now (another seat does, a chance step comes next, or the game is over).

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.default_move(0)
        DrawStock()
        >>> state.default_move(1)
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidArgumentError: seat 1 does not decide now: seat 0 does; seat 1 may only resign until its turn (C-RESIGN)
        """
        self._check_seat(seat, "seat")
        if self.current_player != seat:
            raise InvalidArgumentError(self.not_deciding(seat))
        legal = self.legal_moves()
        verbs = [str(move).split(" ", 1)[0] for move in legal]
        for verb in self.DEFAULT_VERBS:
            if verb in verbs:
                chosen: M = legal[verbs.index(verb)]
                return chosen
        first: M = legal[0]
        return first

    def not_deciding(self, seat: int) -> str:
        """Why ``seat``, which does not decide now, may not move: whose decision it is
        (or that a chance step comes, or that the game is over), and what ``seat`` may do
        meanwhile, in the words of every game (``scala40._wording.not_deciding``).

        >>> from scala40.games.chinchon import new_game
        >>> new_game(players=2, seed=1).not_deciding(1)
        'seat 1 does not decide now: seat 0 does; seat 1 may only resign until its turn (C-RESIGN)'
        """
        return not_deciding(
            seat,
            self.current_player,
            self.is_over,
            game_word=self.GAME_WORD,
            may_resign="resign" in self.MOVES.by_verb,
        )

    def face_up_cards(self) -> tuple[int, ...]:
        """The cards every seat sees lying face up: the discard pile, the melds on the
        table, a card on offer (each game says which). A card that goes from there into
        a hand stays known to everyone: the event feed shows it to every seat
        (:mod:`scala40.events`).

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.face_up_cards() == state.discard
        True
        """
        return ()

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (a move value, its text or its dictionary) is legal here.

        >>> from scala40.games.chinchon import new_game
        >>> new_game(players=2, seed=1).is_legal("knock")
        False
        """
        return self._accepts(move)

    def verify(self, move: Any) -> None:
        """Raise :class:`~scala40.IllegalMoveError` naming the rule if ``move`` is not
        legal here (:class:`~scala40.InvalidMoveError` if it is not a move at all).

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1).verify("knock")
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: knock: nobody may knock on his first turn of a hand (RU-KNOCK)
        """
        self.apply(move)

    def can(self, move: Any) -> bool:
        """Whether ``move`` may be played now: ``verify`` as a yes or no. A value that
        is not a move of the game is an error (:class:`~scala40.InvalidMoveError`), not
        a quiet no.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.can("draw"), state.can("close 5S")
        (True, False)
        >>> state.can("fly")
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidMoveError: unknown move 'fly': expected draw, take, discard, close, reenter, retire, deal, restock or resign
        """
        try:
            self.verify(move)
        except IllegalMoveError:
            return False
        return True

    def apply_turn(self: S, moves: Iterable[Any] | str) -> S:
        """The state after several moves of the seat to decide, checked as one turn.

        ``moves`` are move values, texts or dictionaries, or one text with the moves
        separated by ``;`` or new lines, at most ``MAX_TURN_MOVES``. None may come
        after the move that hands the decision to another seat (or ends the hand); the
        moves may leave the turn unfinished, as far as the game allows (Scala 40: no
        opening left short, S40-OPEN; Skarney: no contract half made, SK-CONTRACT).

        :raises IllegalMoveError: a move is not legal where it comes (the message gives
            its place in the turn and the rule), or the turn may not stop there.
        :raises InvalidMoveError: a text is not a move, or there are no moves.

        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.apply_turn("draw; discard 2S; draw")
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: move 3 of the turn (draw) comes after the move that ended it
        """
        if isinstance(moves, str):
            if len(moves) > MAX_MOVE_TEXT * MAX_TURN_MOVES:
                raise InvalidMoveError(f"a turn of {len(moves)} characters is too long")
            items: list[Any] = [
                part.strip() for part in moves.replace("\n", ";").split(";") if part.strip()
            ]
        elif isinstance(moves, (list, tuple)):
            items = list(moves)
        else:
            raise InvalidMoveError(f"expected moves or their text, got {describe(moves)}")
        if len(items) > MAX_TURN_MOVES:
            raise InvalidMoveError(
                f"a turn of {len(items)} moves: no turn has more than {MAX_TURN_MOVES}"
            )
        if not items:
            raise InvalidMoveError("a turn needs at least one move")
        if self.current_player is None:
            raise IllegalMoveError(
                "no player is to move: "
                + (
                    f"the {self.GAME_WORD} is over"
                    if self.is_over
                    else "a chance step comes first"
                )
            )
        state = self
        ended = False
        for place, item in enumerate(items, 1):
            if ended:
                raise IllegalMoveError(
                    f"move {place} of the turn ({_shown(item)}) comes after the move that ended it"
                )
            try:
                state = state.apply(item)
            except AmbiguousMoveError as error:
                raise AmbiguousMoveError(
                    f"move {place} of the turn: {error}", error.moves
                ) from error
            except (IllegalMoveError, InvalidMoveError) as error:
                raise type(error)(f"move {place} of the turn: {error}") from error
            ended = state._turn_ended(self)
        if not ended:
            problem = state._turn_unfinished(self)
            if problem is not None:
                raise IllegalMoveError(problem)
        return state

    # -- checking and serializing ---------------------------------------------------------

    def problems(self) -> list[str]:
        """Every inconsistency of this state, an empty list for a valid one: its fields
        one by one, then how they fit together (the cards of the deck, each phase's own
        rules, the last hand), then whether it can be played (its legal moves are listed,
        and a state that is not over has one).

        >>> from scala40.games.chinchon import new_game
        >>> new_game(players=2, seed=1).problems()
        []
        """
        problems = self._field_problems() or self._resigned_field_problems()
        if problems:
            return problems
        problems = self._consistency_problems() + self._resignation_problems()
        problems += winner_problems(self.is_over, self.winners, self.GAME_WORD)
        if self.keeps_history:
            problems += self._log_problems()
        if problems:
            return problems
        try:
            moves = self._legal_tuple()
        except Exception as error:  # an inconsistency no check above names
            object.__setattr__(self, "_legal", None)
            return [f"the engine cannot list the legal moves: {describe(error, 200)}"]
        if not moves and not self.is_over:
            return [f"no legal move: the {self.GAME_WORD} cannot go on from here"]
        return []

    def _log_problems(self) -> list[str]:
        """What the hand's log says that the state does not bear out
        (``scala40.history.log_problems``): a shown card its hand does not hold, a
        card taken this turn (:meth:`_taken_this_turn`) or on offer
        (:meth:`_offered_from_hand`) that the log does not bear out."""
        this: Any = self
        return log_problems(
            this.hand_log, this.hands, self._taken_this_turn, self._offered_from_hand
        )

    def _taken_this_turn(self) -> tuple[int, Card] | None:
        """The seat and the card its fields say it took from a face-up place this turn
        and holds still (a game with such a field says which), or ``None``: the log must
        show that card in that hand."""
        return None

    def _offered_from_hand(self) -> tuple[int, Card] | None:
        """The seat and the card its fields say it offers to the others from its hand
        while they decide (a game with offers says which), or ``None``: the log's offer
        took the card out of that hand's shown cards."""
        return None

    def _resigned_field_problems(self) -> list[str]:
        resigned: object = self.resigned
        count = self.player_count
        if not (
            isinstance(resigned, tuple)
            and all(type(seat) is int and 0 <= seat < count for seat in resigned)
            and len(set(resigned)) == len(resigned)
        ):
            return [
                f"resigned must list distinct seats from 0 to {count - 1}, got {describe(resigned)}"
            ]
        return []

    def _resignation_problems(self) -> list[str]:
        """What resignations make wrong (C-RESIGN): a side half resigned, a resigned seat
        still in, winning or deciding, a match going on with one side left."""
        resigned = set(self.resigned)
        if not resigned:
            return []
        problems: list[str] = []
        teams = self.teams
        for team in teams:
            if resigned & set(team) and not set(team) <= resigned:
                problems.append(f"side {list(team)} resigned in part: a side resigns whole")
        seats_in = self._seats_in()
        back = sorted(resigned & set(seats_in))
        if back:
            problems.append(f"seats {back} resigned but are still in the {self.GAME_WORD}")
        if resigned & set(self.winners):
            problems.append(f"a seat that resigned cannot win, got winners {list(self.winners)}")
        if not self.is_over:
            if self.current_player in resigned:
                problems.append(f"seat {self.current_player} decides but has resigned")
            if len(sides_left(teams, seats_in)) < 2:
                problems.append(
                    f"fewer than two sides are left, but the {self.GAME_WORD} is not over"
                )
        return problems

    def validate(self) -> None:
        """Raise :class:`~scala40.InvalidStateError` listing every problem, if any."""
        problems = self.problems()
        if problems:
            raise InvalidStateError(problems)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the state: its format and version,
        its ``move_number``, then its fields.

        >>> import json
        >>> from scala40.games.chinchon import GameState, new_game
        >>> state = new_game(players=2, seed=1).apply("draw")
        >>> GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        True
        """
        data = {
            "format": self.FORMAT,
            "version": self.FORMAT_VERSION,
            "move_number": self.move_number,
            **self._fields_to_dict(),
        }
        if self.keeps_history:
            data.update(log_to_json(self.hand_log))  # type: ignore[attr-defined]
        return data

    def __repr__(self) -> str:
        """The state as Python that makes it again: its position's text
        (:mod:`scala40.notation`), which names every card, read back by
        :func:`scala40.position_from_text` (python-chess writes a board as its FEN so).

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1)
        scala40.position_from_text('rumino catsatcards AS6H6H8H8D9D4C/9SQS3D6C10CJCQC 10D 93 draw 0 1 1 0/0 0 5d9ed3fb32b6d4f2')
        """
        return position_repr(self)

    def to_text(self) -> str:
        """The state as one line of text, a *position* (:mod:`scala40.notation`): every
        field of :meth:`to_dict`, spelled short. ``game.state_from_text(text)`` reads it
        back.

        >>> from scala40.games.rumino import new_game
        >>> new_game(players=2, seed=1).to_text()
        'rumino catsatcards AS6H6H8H8D9D4C/9SQS3D6C10CJCQC 10D 93 draw 0 1 1 0/0 0 5d9ed3fb32b6d4f2'
        """
        return state_to_text(self, load_game(self.game_name))

    @classmethod
    def from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
        """Rebuild a state from ``to_dict`` output, validating everything.

        A state saved at version 1, before states counted their moves, loads with
        ``move_number`` 0: its count starts there.

        :raises SerializationError: the data is malformed or describes an invalid state.
        """
        number: object = 0
        sent: object = data  # untrusted, whatever its annotation says
        refuse_many_keys(sent, cls.FORMAT.removeprefix("scala40."))  # before any copy
        if isinstance(sent, Mapping) and sent.get("format") == cls.FORMAT:
            version = data.get("version")
            if type(version) is int and version == 1 < cls.FORMAT_VERSION:
                if "move_number" in data:
                    raise SerializationError(f"{cls.FORMAT}: version 1 has no field 'move_number'")
                data = {**data, "version": cls.FORMAT_VERSION}
            elif type(version) is int and version == cls.FORMAT_VERSION:
                # Other versions are refused by the game's loader, which names them.
                if "move_number" not in data:
                    raise SerializationError(f"{cls.FORMAT}: missing field 'move_number'")
                number = data["move_number"]
                if type(number) is not int or not 0 <= number <= MAX_MOVE_NUMBER:
                    raise SerializationError(
                        f"{cls.FORMAT}: move_number: expected an integer from 0 to "
                        f"{MAX_MOVE_NUMBER}, got {describe(number)}"
                    )
                data = {key: value for key, value in data.items() if key != "move_number"}
        log_data: dict[str, Any] = {}
        if cls.keeps_history and isinstance(sent, Mapping) and HISTORY_KEYS & data.keys():
            log_data = {key: data[key] for key in HISTORY_KEYS if key in data}
            data = {key: value for key, value in data.items() if key not in HISTORY_KEYS}
        state: S = cls._load(data)
        object.__setattr__(state, "move_number", number)
        if log_data:
            try:
                log = log_from_json(log_data, cls.MOVES.read_written, state.player_count, "")
            except ValueError as error:  # the library's errors are ValueErrors too
                raise SerializationError(f"{cls.FORMAT}: {error}") from None
            object.__setattr__(state, "hand_log", log)
            # The fields were checked without it: what the log says of them now.
            problems = state._log_problems()
            if problems:
                raise SerializationError(f"{cls.FORMAT}: invalid state: " + "; ".join(problems))
        return state

    def _repr_svg_(self) -> str:
        """The state as an SVG picture, which notebooks show (:func:`scala40.drawing.state_svg`)."""
        # The pictures are a tool: loaded when a notebook asks for one.
        from scala40.drawing import state_svg

        return state_svg(self)  # type: ignore[arg-type]
