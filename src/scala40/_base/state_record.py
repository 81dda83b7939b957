"""The fields every game's state record and view have, declared once (internal).

Each field carries its spec (:func:`scala40._format.specs.spec`): the record's
dictionary, its reader, its checks, its schema and its position grammar follow from the
specs (:func:`scala40._format.specs.record_format`). A game's own fields that its views
show too are declared once, in a *field group* (:func:`field_group`) that both the
game's record and its view class take in; the fields two games share are declared once
in groups of their own, which a game's group extends: :class:`DiscardFields` (a discard
pile and players who drop out: Scala 40, the knock games) and :class:`TableFields` (melds
on the table: Scala 40, Skarney).

A game's state record and its players' views are frozen attrs classes whose fields come
in one order: the fields every game has, the game's own, then the move count, the
resigned seats and the like, common again. The common fields are declared in bases:
:class:`GameFields` (what a state and its views both hold: the rules, the seats, the
dealer, the hand number, the phase, the turn), :class:`RecordBase` (a state's cards, the
randomness to come, the last hand's result and its last fields) and :class:`~scala40.views.ViewBase` (a view's). A common field that
must stand elsewhere than its base's place is marked: ``metadata={"first": True}`` (the
viewing seat, before every other), or ``metadata={"last": ...}`` (after the game's
fields), and a last one is declared keyword-only, so that a game's fields without
defaults may follow it. :func:`order_fields`, each class's ``field_transformer``, puts
them in their places, a last one positional again unless marked ``"keyword"``, and a
shared field where the game's ``FIELD_PLACES`` says: the order of every game's fields,
its constructor, ``repr`` and JSON are those it declared before it had these bases.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from scala40._base.state import StateBase
from scala40._format.codecs import (
    BOOL,
    CARD_LISTS,
    CARDS,
    COUNT,
    COUNTS,
    FLAGS,
    OPTIONAL_CARD,
    PLAYERS,
    RNG,
    SEAT,
    SEATS,
    HandResults,
    Melds,
    Phases,
    Rules,
)
from scala40._format.specs import record_format, spec
from scala40._format.text_fields import Notation
from scala40._registry import Game
from scala40.cards import Card
from scala40.history import EMPTY_LOG, PICKLED_AS, HandHistory, HandLog, shown_in_hands
from scala40.melds import Meld

__all__ = [
    "DiscardFields",
    "GameFields",
    "MoveReader",
    "Position",
    "RecordBase",
    "TableFields",
    "field_group",
    "game_record",
    "order_fields",
]

M = TypeVar("M")
R = TypeVar("R", covariant=True)
"""The game's ruleset: covariant (a record only reads it), so that a function of a family
of games takes a record of any of its rulesets."""
R_ = TypeVar("R_", bound="RecordBase[Any, Any, Any, Any, Any]")
P = TypeVar("P")
V = TypeVar("V")
H = TypeVar("H")
"""The game's hand result (its record's ``last_hand``)."""


class Position(Protocol):
    """The common fields, as the properties of a field group read them: a group's
    properties say what follows from its fields for the state and its views alike, and
    type their ``self`` with this protocol (or one that extends it with the group's own
    fields), since the group does not hold the common fields itself."""

    @property
    def phase(self) -> Any: ...
    @property
    def turn(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def rules(self) -> Any: ...


if TYPE_CHECKING:
    # To a type checker a field group is the frozen attrs class it reads as: its fields
    # are typed, and the classes that take it in have them.
    from attrs import frozen as field_group
else:

    def field_group(cls: type) -> type:
        """A class of fields that records and views take in (a decorator).

        A game's record and its view hold the same public fields; declaring them in
        both classes would write each twice. They are declared once, in a group, and
        each class that names the group among its bases takes in its fields
        (:func:`order_fields`): a record all of them, a view those its specs mark
        public. The group is no attrs class itself (two slotted bases with fields of
        their own could not be combined): it holds its fields' definitions, and the
        classes over it hold the slots.

        >>> import attrs
        >>> from scala40._base.state_record import field_group, order_fields
        >>> @field_group
        ... class Scores:
        ...     scores: tuple[int, ...]
        >>> @attrs.frozen(field_transformer=order_fields)
        ... class Table(Scores):
        ...     turn: int
        >>> Table((3, 1), turn=0)
        Table(scores=(3, 1), turn=0)
        """
        names = dict(inspect.get_annotations(cls))
        shadow = attrs.define(slots=False)(
            type(
                f"_{cls.__name__}Fields",
                (),
                {
                    "__annotations__": names,
                    "__module__": cls.__module__,
                    **{name: cls.__dict__[name] for name in names if name in cls.__dict__},
                },
            )
        )
        fields = attrs.fields(shadow)
        taken = {field.name for field in fields}
        namespace = {
            key: value
            for key, value in cls.__dict__.items()
            if key not in taken and key not in ("__dict__", "__weakref__")
        }
        namespace["__slots__"] = ()
        namespace["GROUP_FIELDS"] = tuple(field.evolve(inherited=False) for field in fields)
        return type(cls.__name__, cls.__bases__, namespace)


@field_group
class DiscardFields:
    """The fields of a game with a discard pile and players who drop out, that every seat
    sees (Scala 40's and the knock games'): each game's own group extends this one, and
    its ``FIELD_PLACES`` puts these fields where its format has them."""

    discard: tuple[Card, ...] = attrs.field(
        metadata=spec(CARDS, "the discard pile, the top card last", place=12)
    )
    """The discard pile, top card last (every card in it was seen face up; a knock game's
    closing card, laid face down, is shown with every hand when the hand ends)."""
    turns_played: tuple[int, ...] = attrs.field(
        metadata=spec(COUNTS, "each seat's turns this hand", usual=0)
    )
    """Turns each player has completed this hand (S40-FIRST-ROUND, RU-KNOCK, CH-CLOSE)."""
    active: tuple[bool, ...] = attrs.field(
        metadata=spec(FLAGS, "whether each seat is still in the match", usual=True)
    )
    """Who is still in the match (S40-ELIM, RU-ELIM, LC-ELIM)."""
    winners: tuple[int, ...] = attrs.field(
        metadata=spec(SEATS, "the seats that won the match", usual=())
    )
    """The winner (or tied winners) once the match is over (C-WINNERS)."""
    taken: Card | None = attrs.field(
        metadata=spec(OPTIONAL_CARD, "the card taken from the discard pile this turn", usual=None)
    )
    """The card the player to move took from the discard pile this turn (seen by all)."""

    def _face_up(self) -> Iterable[Card]:
        return self.discard

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard[-1] if self.discard else None


@field_group
class TableFields:
    """The melds on the table of a game whose players meld in the open (Scala 40's and
    Skarney's), which every seat sees: each game's own group extends this one."""

    table: tuple[Meld, ...] = attrs.field(
        metadata=spec(
            Melds(),
            "the melds on the table, in the order they were put down; a wild card is "
            "followed by = and the card it stands for",
            place=10,
        )
    )
    """Melds on the table, in the order they were put down (``#0`` first)."""

    MELD_TYPE: ClassVar[type[Meld]] = Meld
    """The class of the table's melds (which its codec reads, with ``read_meld``)."""

    def _face_up(self) -> Iterator[Card]:
        for meld in self.table:
            yield from meld.cards


COMMON_FIELDS = frozenset(
    {"rules", "player_count", "dealer", "hand_number", "phase", "turn", "hands", "stock"}
)
"""The fields every game's record opens with (:class:`GameFields`, :class:`RecordBase`)."""


def _group_fields(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """The fields of the groups among ``cls``'s bases that ``fields`` lack: all of them
    for a record, the public ones for a view (a class with a ``player``)."""
    have = {field.name for field in fields}
    is_view = "player" in have
    found = []
    # The groups a group extends first: a game's group after the shared one it builds on.
    for klass in reversed(cls.__mro__):
        for field in klass.__dict__.get("GROUP_FIELDS", ()):
            described = field.metadata.get("spec")
            if field.name in have or (is_view and described is not None and not described.public):
                continue
            have.add(field.name)
            found.append(field)
    return found


def order_fields(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """``fields`` with those marked ``metadata={"first": True}`` moved to the front and
    those marked ``metadata={"last": ...}`` to the end, each in their order (an attrs
    ``field_transformer``); the fields of its field groups (:func:`field_group`) come
    after those it inherits and before its own, a shared group's before the game's. A
    field named in the class's ``FIELD_PLACES`` (``{name: after}``, where a game's format
    wants a shared field elsewhere), or marked ``metadata={"after": name}``, then moves
    right after the field ``name`` (a move naming a field the class lacks, as a view
    lacks a record's hidden ones, is skipped). In the class that declares them the last
    ones stay keyword-only; in a class inheriting them they are keyword-only only when
    marked ``"keyword"``.

    >>> import attrs
    >>> from scala40._base.state_record import order_fields
    >>> @attrs.frozen(field_transformer=order_fields)
    ... class Base:
    ...     head: int
    ...     count: int = attrs.field(default=0, kw_only=True, metadata={"last": "positional"})
    >>> @attrs.frozen(field_transformer=order_fields)
    ... class Game(Base):
    ...     own: str
    ...     seat: int = attrs.field(metadata={"first": True})
    ...     FIELD_PLACES = {"own": "seat"}
    >>> Game(0, "x", 1, 2)
    Game(seat=0, own='x', head=1, count=2)
    """
    declared = inspect.get_annotations(cls)
    # (attrs marks the fields a class inherits; its stubs do not declare the flag.)
    inherited = [field for field in fields if field.inherited]  # type: ignore[attr-defined]
    fields = [
        *inherited,
        *_group_fields(cls, fields),
        *(field for field in fields if not field.inherited),  # type: ignore[attr-defined]
    ]
    first = [field for field in fields if field.metadata.get("first")]
    middle = [field for field in fields if not field.metadata.keys() & {"first", "last"}]
    last = [
        field.evolve(kw_only=field.name in declared or field.metadata["last"] == "keyword")
        for field in fields
        if "last" in field.metadata
    ]
    # The positional ones without a default first (a record's randomness and last hand,
    # before its move count), as attrs asks.
    last.sort(key=lambda field: field.kw_only or field.default is not attrs.NOTHING)
    ordered = first + middle + last
    places = {
        field.name: field.metadata["after"] for field in ordered if "after" in field.metadata
    }
    places.update(getattr(cls, "FIELD_PLACES", {}))
    for name, after in places.items():
        names = [field.name for field in ordered]
        if name in names and after in names:
            field = ordered.pop(names.index(name))
            ordered.insert([other.name for other in ordered].index(after) + 1, field)
    # A subclass made without this transformer has its fields in attrs' order: each
    # class's own after its bases'. A field of the format placed after one this class
    # declares is declared by it too, so that such a subclass keeps the format's order.
    own = next((index for index, field in enumerate(ordered) if not field.inherited), None)  # type: ignore[attr-defined]
    if own is not None:
        ordered[own:] = [
            field.evolve(inherited=False) if "spec" in field.metadata else field
            for field in ordered[own:]
        ]
    return ordered


@attrs.define(weakref_slot=False, field_transformer=order_fields)
class GameFields(Generic[R, P]):
    """The fields a game's state and its views both hold (ruleset ``R``, phases ``P``),
    first of their fields. Not frozen itself (see :class:`RecordBase`); the records and
    views over it are."""

    rules: R = attrs.field(metadata=spec(Rules(), "the rules"))
    """The game's ruleset."""
    player_count: int = attrs.field(metadata=spec(PLAYERS, "the number of seats", key="players"))
    dealer: int = attrs.field(metadata=spec(SEAT, "the dealer's seat", place=32))
    """The seat that dealt the hand."""
    hand_number: int = attrs.field(
        metadata=spec(COUNT, "the hand being played, from 1 (0 before the first)", place=33)
    )
    phase: P = attrs.field(metadata=spec(Phases(), "what the game waits for", place=30))
    turn: int = attrs.field(metadata=spec(SEAT, "the seat to play", place=31))
    """The player whose turn it is (each game's record says who that is out of turn)."""

    FIELD_PLACES: ClassVar[Mapping[str, str]] = {}
    """Where the game's format has a shared field, if not where its base puts it: the
    field each such one follows, by name (:func:`order_fields`)."""

    def _face_up(self) -> Iterable[Card]:
        """The cards everyone sees where they lie (the game's discard pile, its table):
        a game's field group says which."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _deck(self) -> tuple[Card, ...]:
        """The game's whole deck."""
        rules: Any = self.rules
        deck: tuple[Card, ...] = rules.deck.cards
        return deck


@attrs.define(repr=False, weakref_slot=False, field_transformer=order_fields)
class RecordBase(GameFields[R, P], StateBase[M, V], Generic[M, R, P, V, H]):
    """The fields of every game's state record (moves ``M``, ruleset ``R``, phases
    ``P``, view ``V``, hand result ``H``): the base of Scala 40's, Skarney's and the knock games' records, which add
    their own fields between these and the last ones (see the module), and are frozen.
    The constructor checks nothing: never call it with values from outside.

    This base itself is not frozen: a frozen class's ``__setattr__`` would be inherited
    by the plain twin class through which states are copied fast
    (:mod:`scala40._format.fields`), and no value is ever of this class itself."""

    hands: tuple[tuple[Card, ...], ...] = attrs.field(
        metadata=spec(CARD_LISTS, "every seat's cards, seat 0 first", place=0, public=False)
    )
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...] = attrs.field(
        metadata=spec(CARDS, "the stock, the top card last", place=20, public=False)
    )
    """The stock, top card last."""
    # The fields every record ends its own with; a game whose format has them elsewhere
    # says where (``FIELD_PLACES``).
    rng: int = attrs.field(
        kw_only=True,
        metadata={
            **spec(
                RNG, "the generator's state: the shuffles to come (C-RNG)", place=60, public=False
            ),
            "last": "positional",
        },
    )
    """Randomness that later shuffles draw from (C-RNG)."""
    auto_chance: bool = attrs.field(
        kw_only=True,
        metadata={
            **spec(
                BOOL, "whether the engine deals and shuffles by itself", usual=True, public=False
            ),
            "last": "positional",
        },
    )
    """Whether the engine plays chance steps itself (deals, restocks)."""
    last_hand: H | None = attrs.field(
        kw_only=True,
        metadata={
            **spec(HandResults(), "how the last hand ended", usual=None),
            "last": "positional",
        },
    )
    """How the previous hand ended (of the codec the record's ``HAND_RESULT`` gives)."""
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

    RULESET: ClassVar[type[Any]]
    """The game's ruleset class (its records' ``rules`` are of it)."""
    PHASES: ClassVar[type[Any]]
    """The game's phases (an enum)."""
    ABOUT: ClassVar[str] = "A game at one moment: its fields"
    """What a record holds, in a sentence whose head is said before a colon (its JSON
    Schema's description, which names the format after the head)."""
    _OVER: ClassVar[Any] = None
    """The phase of a game that has ended (``PHASES.OVER``, kept by each record class)."""
    _CHANCE: ClassVar[tuple[Any, ...]] = ()
    """The phases of the chance steps: the deal, and the restock where the game has one."""
    CHANCE_MOVES: ClassVar[tuple[Callable[[tuple[Card, ...]], Any], ...]] = ()
    """The moves of those steps, in that order (each made from the order of its cards)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        phases = getattr(cls, "PHASES", None)
        if phases is not None:
            cls._OVER = phases.OVER
            cls._CHANCE = tuple(
                getattr(phases, name) for name in ("DEAL", "RESTOCK") if hasattr(phases, name)
            )

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a chance step (a deal, a restock)."""
        return self.phase in self._CHANCE

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is self._OVER

    def chance_cards(self) -> tuple[Card, ...]:
        """At a chance step, the cards whose order it draws: the whole deck before a deal,
        the cards a restock shuffles (``_restocked()``) before it; else nothing."""
        if self.phase not in self._CHANCE:
            return ()
        if self.phase is self._CHANCE[0]:
            return self._deck()
        return tuple(sorted(self._restocked()))

    def _restocked(self) -> tuple[Card, ...]:
        """The cards a restock shuffles into a new stock (a game with one says which)."""
        raise NotImplementedError  # pragma: no cover - every game with a restock defines it

    def _chance(self, order: tuple[Card, ...]) -> Any:
        moves = self.CHANCE_MOVES
        return moves[0](order) if self.phase is self._CHANCE[0] else moves[1](order)

    def face_up_cards(self) -> tuple[Card, ...]:
        """The cards every seat sees lying face up (:meth:`StateBase.face_up_cards
        <scala40._base.state.StateBase.face_up_cards>`): by default those of the game's
        field group, which its views count as seen."""
        return tuple(self._face_up())

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the game wherever it is, sorted: always the deck's (C-DECK).

        >>> from scala40.games.skarney import new_game
        >>> state = new_game(seed=1)
        >>> state.all_cards() == state.rules.deck.cards
        True
        """
        cards = [*self.stock, *self._face_up()]
        for hand in self.hands:
            cards.extend(hand)
        # Before a deal nothing is placed (Skarney gathers every card between hands):
        # the cards are all in the deck.
        return tuple(sorted(cards)) if cards else self._deck()

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the states' dictionary (``to_dict``), made
        from the specs of the record's fields (:mod:`scala40._format.specs`):
        :mod:`scala40.schemas` adds the keys every state's base writes (the move number,
        the hand's log).

        >>> from scala40.games.skarney import GameState
        >>> schema = GameState.json_schema()
        >>> schema["properties"]["format"], schema["properties"]["phase"]["enum"]
        ({'const': 'scala40.skarney.state'}, ['deal', 'draw', 'play', 'offer', 'over'])
        """
        head, _, rest = cls.ABOUT.partition(":")
        layout = record_format(cls)
        return layout.schema(f"{head} ({layout.format} version {layout.version}):{rest}")

    @classmethod
    def notation(cls) -> Notation:
        """The grammar of the states' position text (:mod:`scala40.notation`), made from
        the specs of the record's fields: those with a place in it, in order, then the
        others, written ``name=value`` when not at their usual value.

        >>> from scala40.games.skarney import GameState
        >>> [field.key for field in GameState.notation().fields][:4]
        ['hands', 'table', 'owners', 'stock']
        """
        return record_format(cls).notation()

    # -- what the fields' specs give ---------------------------------------------------------

    def _fields_to_dict(self) -> dict[str, Any]:
        return record_format(type(self)).write(self)

    @classmethod
    def _load(cls, data: Mapping[str, Any]) -> Any:
        return record_format(cls).read(data, cls=cls)

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> Any:
        return record_format(cls).read(data, checked=False, cls=cls)

    def _field_problems(self) -> list[str]:
        return record_format(type(self)).problems(self)

    @classmethod
    def side_count(cls, rules: Any, players: int) -> int:
        """How many sides ``players`` seats make under ``rules`` (a list kept per side
        has as many entries): one a seat, unless the game has partnerships."""
        return players

    @property
    def history(self) -> HandHistory:
        """The moves of the hand in play, oldest first, as every seat saw them
        (:class:`~scala40.history.LoggedMove` values: the seat, the move, and the
        cards it took into the hand from a face-up place).

        >>> from scala40.games.rumino import new_game
        >>> [str(entry) for entry in new_game(players=2, seed=3).apply("draw").history]
        ['0: draw']
        """
        return HandHistory(self.hand_log or EMPTY_LOG)

    @property
    def shown(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards it was seen to take from a face-up place this hand and
        has not played since, sorted (public: ``scala40.history.shown_of``, kept up
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


class MoveReader(Protocol):
    """What reads a game's moves: its moves module (``parse_move``, ``move_from_dict``)
    or its move kinds."""

    def parse_move(self, text: str, /) -> Any: ...
    def move_from_dict(self, data: Mapping[str, Any], /) -> Any: ...


def game_record(
    state: type[RecordBase[Any, Any, Any, Any, Any]],
    new_game: Callable[..., Any],
    moves: MoveReader,
    **declared: Any,
) -> Game:
    """The registry record (:class:`~scala40.game.Game`) of a game whose states are
    ``state``, made by ``new_game``, and whose moves ``moves`` reads (the game's moves
    module, or its move kinds): what these already say (the ruleset, the readers, the move
    set, the schema, the position grammar), the game's ``declared`` fields (its name,
    words, bots...) beside them."""
    return Game(
        version=1,
        ruleset_type=state.RULESET,
        new_game=new_game,
        state_from_dict=state.from_dict,
        parse_move=moves.parse_move,
        move_from_dict=moves.move_from_dict,
        move_set=state.MOVES,
        state_schema=state.json_schema,
        notation=state.notation(),
        hand_bound_option="turn_limit",
        **declared,
    )
