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

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from scala40._base.engine import new_game_fields, resolve_rules
from scala40._base.position import PositionReader
from scala40._base.state import MAX_COUNT, MAX_SEED_DIGITS, new_state, position_stock
from scala40._base.state_record import order_fields
from scala40._format.serial import as_items, tuple_or
from scala40.cards import Card
from scala40.checks import describe, is_int
from scala40.errors import (
    InvalidMoveError,
    Scala40Error,
)
from scala40.games.scala40 import engine, load
from scala40.games.scala40.chance import HAND_START
from scala40.games.scala40.generate import barred_moves, generate
from scala40.games.scala40.load import MAX_PLACED, meld_from_spec
from scala40.games.scala40.moves import (
    MOVES,
    Move,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
)
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.state_record import StateRecord
from scala40.games.scala40.view import PlayerView
from scala40.melds import Meld

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
    :meth:`apply` (its fields are :class:`~scala40.games.scala40.state_record.StateRecord`'s).

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
    _barred_moves = barred_moves

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
