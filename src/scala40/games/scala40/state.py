"""The Scala 40 game state: an immutable, hashable value holding a whole match.

Apply a move and get a new state; nothing is ever mutated, so keeping a
state around (for undo, search or replay) is free, and a new state shares
every unchanged part with its parent.

>>> import scala40
>>> state = scala40.new_game(players=2, seed=1)
>>> state.phase, state.current_player, len(state.hands[0]), len(state.stock)
(<Phase.DRAW: 'draw'>, 0, 13, 81)
>>> state = state.apply(scala40.DrawStock())
>>> state.phase, len(state.hands[0])
(<Phase.PLAY: 'play'>, 14)
>>> scala40.DrawStock() in state.legal_moves()
False
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from scala40._base.engine import new_game_fields, resolve_rules
from scala40._base.position import PositionReader
from scala40._base.record import order_fields
from scala40._base.state import MAX_COUNT, MAX_SEED_DIGITS, new_state, position_stock
from scala40._format.serial import as_items, tuple_or
from scala40.cards import Card
from scala40.checks import describe, is_int
from scala40.errors import (
    InvalidMoveError,
    Scala40Error,
)
from scala40.games.scala40 import engine, load
from scala40.games.scala40.chance import HAND_START
from scala40.games.scala40.generate import generate
from scala40.games.scala40.load import MAX_PLACED, meld_from_spec
from scala40.games.scala40.moves import (
    MOVES,
    Discard,
    DrawStock,
    LayOff,
    Move,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
)
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.record import StateRecord
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.view import PlayerView
from scala40.melds import Meld, MeldEnd
from scala40.melds._spelling import loose_spelling
from scala40.movekinds import as_move_cards, as_some_move_cards, format_meld_text

__all__ = [
    "MAX_COUNT",
    "MAX_SEED_DIGITS",
    "GameState",
    "HandResult",
    "Phase",
    "meld_from_spec",
    "new_game",
]


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class GameState(StateRecord[PlayerView]):
    """A whole Scala 40 match at one moment. Build one with :func:`new_game`,
    :meth:`from_position` or :meth:`from_dict`, which check everything; change it with
    :meth:`apply` (its fields are :class:`~scala40.games.scala40.record.StateRecord`'s).

    Any move, as a value, its text or its dictionary, is asked about as in every game:
    ``can`` answers yes or no, ``verify`` raises :class:`~scala40.IllegalMoveError` naming
    the rule; a value that is no move is an error either way
    (:class:`~scala40.InvalidMoveError`):

    >>> from scala40 import GameState
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 2D", "2C 3C 4C 5H"], discard="JC", opened=[True, True],
    ...     turns_played=[1, 1], phase="play",
    ... )
    >>> state.can("meld 7S 8S 9S"), state.can("meld 7S 8S 2D")
    (True, False)
    >>> state.can("discard 2D"), state.can("discard KD")
    (True, False)
    >>> state.verify("discard KD")
    Traceback (most recent call last):
    ...
    scala40.errors.IllegalMoveError: discard KD: KD is not in the hand (S40-DISCARD)
    >>> state.can("meld 7S 8S 9X")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMoveError: bad card '9X': expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK) in move 'meld 7S 8S 9X'

    The pairs of methods of one kind of move each (``can_discard``, ``verify_discard``...)
    are deprecated and go in 0.6.0: ``can`` and ``verify`` take the same moves.
    """

    MOVES = MOVES
    VIEW = PlayerView
    # The discard taken, the upcard kept (S40-V-UPCARD) and a joker freed from the table
    # (S40-SWAP) come into the hand in everyone's sight.
    SHOWING_KINDS = frozenset({TakeDiscard, TakeUpcard, SwapJoker})

    # -- moves ----------------------------------------------------------------------------

    # Under S40-V-SPLIT, listing the moves (the splits, and the lookahead of each move
    # that does not meld a taken card) may raise SearchLimitError past MAX_SEARCH_WORK
    # units of work (no real game comes near). The engine's functions
    # are the methods themselves: a wrapper would cost a call on every move.
    _generate = generate

    def _apply(self, move: Move) -> Any:
        if type(move) not in engine.HANDLERS:
            raise InvalidMoveError(f"expected a move or its text, got {describe(move)}")
        return engine.apply(self, move)

    _apply_trusted = engine.apply_trusted

    _resign = engine.resign
    _consistency_problems = load.consistency_problems

    @staticmethod
    def read_meld(text: str, rules: Ruleset) -> Meld:
        """A table meld of a saved state, from its text under ``rules`` (the game's
        loader's ``meld_from_spec``)."""
        return meld_from_spec(text, rules)

    def _taken_this_turn(self) -> tuple[int, Card] | None:
        # The card taken from the discard pile to be melded, until a copy of it is
        # (S40-DRAW-DISCARD). An upcard kept may share a meld's place with another copy
        # of it, which the log, knowing one fewer, no longer shows.
        taken = self.taken
        if (
            self.phase is Phase.PLAY
            and taken is not None
            and self.taken_must_use
            and not self.taken_used
            and taken in self.hands[self.turn]
        ):
            return self.turn, taken
        return None

    def _turn_ended(self, start: GameState) -> bool:
        return (
            self.hand_number != start.hand_number
            or self.turn != start.turn
            or self.phase in (Phase.DRAW, Phase.DEAL, Phase.OVER)
        )

    def _turn_unfinished(self, start: GameState) -> str | None:
        if self.opened[start.turn] or not self.opening_value:
            return None
        return (
            f"the turn ends with an opening worth {self.opening_value}, below "
            f"{self.rules.opening_threshold}: the melds put down must reach it together "
            "(S40-OPEN)"
        )

    # -- one kind of move at a time (deprecated, removed in 0.6.0) ---------------------------
    # Each pair builds the move and checks it: ``can_…`` answers yes or no, ``verify_…``
    # raises IllegalMoveError naming the rule. A malformed card or meld index is an
    # error either way (InvalidMoveError), never a quiet "no". Every game's ``can`` and
    # ``verify`` take the same moves: these pairs are Scala 40's alone, kept for the
    # programs written against them, and each says so when called.

    def can_draw(self) -> bool:
        """Whether the player to move may draw the top card of the stock (S40-DRAW-STOCK).

        .. deprecated:: 0.3.0
           ``state.can("draw")``, as in every game (this and every ``can_…`` or
           ``verify_…`` method of one kind of move); removed in 0.6.0.

        >>> from scala40 import new_game
        >>> state = new_game(players=2, seed=1)
        >>> state.can("draw"), state.apply("draw").can("draw")
        (True, False)
        """
        _deprecated("can_draw", "can")
        return self.is_legal(DrawStock())

    def verify_draw(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_draw`."""
        _deprecated("verify_draw", "verify")
        self.verify(DrawStock())

    def can_take_discard(self) -> bool:
        """Whether the player to move may take the top discard (S40-DRAW-DISCARD)."""
        _deprecated("can_take_discard", "can")
        return self.is_legal(TakeDiscard())

    def verify_take_discard(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_take_discard`."""
        _deprecated("verify_take_discard", "verify")
        self.verify(TakeDiscard())

    def can_take_upcard(self) -> bool:
        """Whether the first player may take the upcard (S40-V-UPCARD)."""
        _deprecated("can_take_upcard", "can")
        return self.is_legal(TakeUpcard())

    def verify_take_upcard(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_take_upcard`."""
        _deprecated("verify_take_upcard", "verify")
        self.verify(TakeUpcard())

    def can_put_down(
        self, cards: Iterable[Card] | str, represented: Iterable[Card] | str = ()
    ) -> bool:
        """Whether the player to move may put down a meld of ``cards`` (with what its
        wild cards stand for, which may be left out where one legal move fits: the
        arguments are read as the move's text is, :meth:`parse_move`) (S40-OPEN,
        S40-AFTER-OPEN); see the example of :class:`GameState`."""
        _deprecated("can_put_down", "can")
        return self.is_legal(_meld_text(cards, represented))

    def verify_put_down(
        self, cards: Iterable[Card] | str, represented: Iterable[Card] | str = ()
    ) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_put_down`."""
        _deprecated("verify_put_down", "verify")
        self.verify(_meld_text(cards, represented))

    def can_lay_off(
        self,
        card: Card | str,
        meld: int,
        end: MeldEnd | str | None = None,
        represents: Card | str | None = None,
    ) -> bool:
        """Whether the player to move may add ``card`` to table meld ``meld`` (at ``end``,
        as ``represents`` for a wild card; either may be left out where one legal move
        fits: the arguments are read as the move's text is, :meth:`parse_move`)
        (S40-AFTER-OPEN)."""
        _deprecated("can_lay_off", "can")
        return self.is_legal(_lay_off_text(card, meld, end, represents))

    def verify_lay_off(
        self,
        card: Card | str,
        meld: int,
        end: MeldEnd | str | None = None,
        represents: Card | str | None = None,
    ) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_lay_off`."""
        _deprecated("verify_lay_off", "verify")
        self.verify(_lay_off_text(card, meld, end, represents))

    def can_swap_joker(self, card: Card | str, meld: int) -> bool:
        """Whether the player to move may put ``card`` in place of the joker of table meld
        ``meld`` that stands for it, and take the joker (S40-SWAP)."""
        _deprecated("can_swap_joker", "can")
        return self.is_legal(SwapJoker(card, meld))

    def verify_swap_joker(self, card: Card | str, meld: int) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_swap_joker`."""
        _deprecated("verify_swap_joker", "verify")
        self.verify(SwapJoker(card, meld))

    def can_split(self, meld: int, added: Iterable[Card] | str, pieces: Any) -> bool:
        """Whether the player to move may add ``added`` to table sequence ``meld`` and cut
        it into ``pieces`` (as :class:`~scala40.games.scala40.moves.Split` takes them) (S40-V-SPLIT)."""
        _deprecated("can_split", "can")
        return self.is_legal(Split(meld, added, pieces))

    def verify_split(self, meld: int, added: Iterable[Card] | str, pieces: Any) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_split`."""
        _deprecated("verify_split", "verify")
        self.verify(Split(meld, added, pieces))

    def can_discard(self, card: Card | str) -> bool:
        """Whether the player to move may discard ``card`` (S40-DISCARD, S40-CLOSE); see
        the example of :class:`GameState`."""
        _deprecated("can_discard", "can")
        return self.is_legal(Discard(card))

    def verify_discard(self, card: Card | str) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_discard`."""
        _deprecated("verify_discard", "verify")
        self.verify(Discard(card))

    # -- building ---------------------------------------------------------------------------

    _deal = engine.deal  # a new game's first deal (new_state)

    POSITION_READS: ClassVar[tuple[str, ...]] = ("opened_at_turn_start",)
    """The field :meth:`from_position` works out itself: whether the seat to play had
    opened when the turn began, as ``opened`` says it has now."""

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Iterable[Card] | str],
        discard: Iterable[Card] | str,
        stock: Iterable[Card] | str | None = None,
        table: Sequence[Meld | str] = (),
        turn: int = 0,
        phase: Phase | str = Phase.DRAW,
        rules: Ruleset | str | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        hand_number: int = 1,
        seed: int = 0,
        auto_chance: bool = True,
        **fields: Any,
    ) -> GameState:
        """A state built from a position (for tests, puzzles and apps that keep their own table).

        ``rules`` is a :class:`~scala40.Ruleset`, a preset name or ``None`` (the official
        rules). Cards are given as text or codes (stock and discard pile top card last),
        table melds as text like ``"8C 9C JK=10C"``. Without ``stock``, the cards
        of the deck not placed elsewhere make the stock, shuffled from ``seed``;
        with it, every card of the deck must be placed; ``scores`` are 0 by default.
        ``fields`` give the state's other fields by name, each as its spec reads it
        (``opened``, ``turns_played``, ``active``, ``opening_value``, ``taken``,
        ``taken_must_use``, ``taken_used``, ``melded_since_restock``), a field left out
        taking its usual value; whether the seat to play had opened when the turn
        began is whether it has now (``opened``), as a turn not yet begun tells. The
        position is validated: every problem found is named in one
        :class:`~scala40.InvalidStateError`.

        >>> from scala40 import GameState
        >>> state = GameState.from_position(
        ...     hands=["7S 8S 9S 9H 9D AS KD", "2C 3C 4C 5H 6H 7H QD"],
        ...     discard="JC", opened=[False, True], turn=1, turns_played=[1, 1],
        ... )
        >>> len(state.stock)
        93
        >>> after = state.apply("draw").apply("meld 2C 3C 4C")
        >>> after.table
        (<Meld sequence 2C 3C 4C value=9>,)
        >>> GameState.from_position(hands=["7S 8S", "JK JK JK JK JK"], discard="")
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidStateError: invalid game state: JK: 5 placed, but the deck has 4

        :raises InvalidArgumentError: a field named is none of the state's.
        """
        rules = resolve_rules(Ruleset, rules)
        read = PositionReader(hands, most_cards=MAX_PLACED, keep_readable=True)
        problems = read.problems
        discard_cards = read.cards(discard, "discard pile")
        melds: list[Meld] = []
        table_list = as_items(table)
        if table_list is None:
            problems.append(f"table must be a list of melds, got {describe(table)}")
            table_list = []
        for index, spec in enumerate(table_list):
            if isinstance(spec, Meld):
                melds.append(spec)
                continue
            try:
                melds.append(meld_from_spec(spec, rules))
            except Scala40Error as error:
                problems.append(f"table meld #{index}: {error}")
        phase = read.phase(phase, Phase, Phase.DRAW)
        named = read.named(cls, fields)
        read.seed(seed)
        table_cards = (card for meld in melds for card in meld.cards)
        stock_cards = position_stock(
            read, stock, rules.deck.cards, seed, discard_cards, table_cards
        )
        opened_flags = as_items(named.get("opened"))
        return cls._positioned(
            read,
            {
                **read.fields(rules, phase, turn, dealer, hand_number, seed, auto_chance),
                "stock": stock_cards,
                "discard": discard_cards,
                "table": tuple(melds),
                "scores": tuple_or(scores, (0,) * read.count),
                # Whether the seat to play had opened when the turn began: whether it has
                # now, as a turn not yet begun tells.
                "opened_at_turn_start": bool(opened_flags[turn])
                if opened_flags is not None and is_int(turn) and 0 <= turn < len(opened_flags)
                else False,
                **named,
            },
        )


def new_game(
    rules: Ruleset | str | None = None,
    players: int = 4,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
    dealer: int | None = None,
) -> GameState:
    """Start a match: the first dealer is drawn by lot and the first hand dealt (S40-DEAL).

    ``rules`` is a :class:`~scala40.Ruleset` or a preset name. The same seed
    and moves give the same game (C-RNG); ``seed=None`` draws a seed from the
    operating system. With ``auto_chance=False`` the state waits at
    :attr:`~scala40.games.scala40.phases.Phase.DEAL` for an explicit :class:`~scala40.games.scala40.moves.Deal`.

    >>> from scala40.games.scala40 import new_game
    >>> a = new_game("classic", players=3, seed=42)
    >>> b = new_game("classic", players=3, seed=42)
    >>> a == b, a.hand_number, a.rules.split_sequences
    (True, 1, True)
    """
    rules = resolve_rules(Ruleset, rules)
    fields = new_game_fields(
        rules, players, seed, auto_chance, dealer, Phase.DEAL, dealer_word="player"
    )
    count = fields["player_count"]
    return new_state(
        GameState,
        {**fields, "discard": (), "table": (), "scores": (0,) * count, **HAND_START},
        auto_chance,
    )


_REMOVAL_RELEASE = "0.6.0"
"""The release that removes the deprecated methods of one kind of move (``can_draw``...)."""


def _deprecated(name: str, instead: str) -> None:
    """Warn that the method ``name`` is deprecated for ``instead`` (``can``, ``verify``),
    naming the release that removes it."""
    warnings.warn(
        f"GameState.{name} is deprecated and will be removed in {_REMOVAL_RELEASE}: "
        f"state.{instead}(move) takes the same move as a value, its text or its dictionary, "
        "in every game",
        DeprecationWarning,
        stacklevel=3,
    )


def _meld_text(cards: Iterable[Card] | str, represented: Iterable[Card] | str) -> str:
    """The text of a put-down of ``cards`` standing for ``represented`` (empty: left to
    the cards), which a state reads against its legal moves.

    :raises InvalidMoveError: the arguments are not cards, or not as many.
    """
    card_codes = as_some_move_cards(cards)
    readings = as_move_cards(represented)
    if readings and len(readings) != len(card_codes):
        raise InvalidMoveError(
            f"a meld of {len(card_codes)} cards needs {len(card_codes)} represented cards, "
            f"got {len(readings)}"
        )
    return f"meld {format_meld_text(card_codes, readings)}"


def _lay_off_text(
    card: Card | str, meld: int, end: MeldEnd | str | None, represents: Card | str | None
) -> str:
    """A lay-off's text as the arguments give it, each checked: what they leave out (the
    end, a wild card's card) the state reads as its text's (``state.parse_move``)."""
    with loose_spelling():
        return str(LayOff(card, meld, end, represents))
