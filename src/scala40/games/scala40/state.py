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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from scala40._checks import is_int
from scala40._rng import next_random, random_below, seed_state, shuffle
from scala40._serial import expect_header
from scala40.cards import CARD_NAMES, Card, as_cards, format_cards
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    Scala40Error,
    SerializationError,
)
from scala40.games.scala40 import engine, view
from scala40.games.scala40.generate import generate
from scala40.games.scala40.moves import (
    Deal,
    Discard,
    DrawStock,
    LayOff,
    Move,
    PutDown,
    Restock,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    parse_meld_spec,
    parse_move,
)
from scala40.games.scala40.phases import HandResult, Phase, may_close
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.view import PlayerView
from scala40.legal import LegalMoves
from scala40.match import singles, win_shares
from scala40.melds import Meld, MeldEnd

__all__ = ["GameState", "HandResult", "Phase", "meld_from_spec", "new_game"]

STATE_FORMAT_VERSION = 1


def _ruleset_of(rules: Ruleset | str | None) -> Ruleset:
    """A ruleset given as itself, a preset name, or ``None`` for the official rules."""
    if rules is not None and not isinstance(rules, (str, Ruleset)):
        raise InvalidArgumentError(f"expected a Ruleset or a preset name, got {rules!r}")
    return Ruleset.resolve(rules)


@attrs.frozen(repr=False)
class GameState:
    """A whole Scala 40 match at one moment. Build one with :func:`new_game` or
    :meth:`from_position`; change it with :meth:`apply`."""

    rules: Ruleset
    player_count: int
    dealer: int
    hand_number: int
    phase: Phase
    turn: int
    """The player to move (in chance phases: the player the chance event concerns)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's hand, sorted."""
    stock: tuple[Card, ...]
    """The stock, top card last."""
    discard: tuple[Card, ...]
    """The discard pile, top card last."""
    table: tuple[Meld, ...]
    """Melds on the table, in the order they were put down (``#0`` first)."""
    opened: tuple[bool, ...]
    """Who has opened this hand (S40-OPEN)."""
    turns_played: tuple[int, ...]
    """Turns each player has completed this hand (S40-FIRST-ROUND)."""
    scores: tuple[int, ...]
    """Running totals (S40-SCORE)."""
    active: tuple[bool, ...]
    """Who is still in the match (S40-ELIM)."""
    winners: tuple[int, ...]
    """The winner (or tied winners) once the match is over."""
    rng: int
    """Randomness that later shuffles draw from (C-RNG)."""
    auto_chance: bool
    """Whether the engine plays chance events itself (deals, reshuffles)."""
    opening_value: int
    """Value of the melds put down this turn by a player who has not yet opened."""
    opened_at_turn_start: bool
    """Whether the player to move had opened when the turn began (S40-V-DOUBLE)."""
    taken: Card | None
    """The card taken from the discard pile this turn, if any."""
    taken_must_use: bool
    """Whether :attr:`taken` must be melded this turn (S40-DRAW-DISCARD)."""
    taken_used: bool
    """Whether a copy of :attr:`taken` has been melded this turn."""
    last_hand: HandResult | None
    """How the previous hand ended."""
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False, metadata={"cache": True}
    )
    """The legal moves, once generated (a cache: not part of the value)."""

    game_name: ClassVar[str] = "scala40"
    """The name of the game in the registry (:func:`scala40.game.load_game`)."""

    # -- views of the state -------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The player who must move, or ``None`` at a chance step or when the match is over."""
        return self.turn if self.phase in (Phase.DRAW, Phase.PLAY) else None

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a chance event (:class:`~scala40.games.scala40.moves.Deal`, :class:`~scala40.games.scala40.moves.Restock`)."""
        return self.phase in (Phase.DEAL, Phase.RESTOCK)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard[-1] if self.discard else None

    @property
    def may_close(self) -> bool:
        """Whether the player to move may close now (S40-FIRST-ROUND, S40-V-FIRSTCLOSE)."""
        return may_close(self.turns_played, self.active, self.rules.close_on_first_turn)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: every player plays alone in Scala 40.

        >>> new_game(players=3, seed=1).teams
        ((0,), (1,), (2,))
        """
        return singles(self.player_count)

    def returns(self) -> tuple[float, ...]:
        """Each player's result: its share of the win once the match is over (tied
        winners share it), 0 before (see :func:`scala40.match.win_shares`)."""
        return win_shares(self.winners, self.teams, self.player_count)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the match wherever it is, sorted: always the deck's (C-DECK).

        >>> state = new_game(players=2, seed=1)
        >>> state.all_cards() == state.rules.deck.cards
        True
        """
        cards = [*self.stock, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        for meld in self.table:
            cards.extend(meld.cards)
        # Before the first deal nothing is placed yet: the cards are all in the deck.
        return tuple(sorted(cards)) if cards else self.rules.deck.cards

    def chance_cards(self) -> tuple[Card, ...]:
        """At a chance step, the cards whose order it draws: the whole deck before a deal
        (S40-DEAL), the discard pile before a restock (S40-RESTOCK); else nothing."""
        if self.phase is Phase.DEAL:
            return self.rules.deck.cards
        if self.phase is Phase.RESTOCK:
            return tuple(sorted(self.discard))
        return ()

    def chance_move(self, order: Sequence[Card]) -> Deal | Restock:
        """The chance move that plays the cards of :meth:`chance_cards` in ``order`` (top
        card last).

        :raises IllegalMoveError: the state is not at a chance step.
        """
        if self.phase is Phase.DEAL:
            return Deal(tuple(order))
        if self.phase is Phase.RESTOCK:
            return Restock(tuple(order))
        raise IllegalMoveError("no chance step comes next: " + self.phase.value)

    def __repr__(self) -> str:
        return (
            f"<GameState hand {self.hand_number} {self.phase.value} player {self.turn} "
            f"scores {list(self.scores)}>"
        )

    def __str__(self) -> str:
        lines = [
            f"Hand {self.hand_number}, dealer {self.dealer}, "
            f"{self.phase.value}, player {self.turn} to move",
            f"Stock {len(self.stock)} cards; discard pile top "
            f"{CARD_NAMES[self.discard[-1]] if self.discard else '-'} ({len(self.discard)} cards)",
        ]
        for index, meld in enumerate(self.table):
            lines.append(f"  #{index}: {meld}")
        for player in range(self.player_count):
            status = (
                "out" if not self.active[player] else ("opened" if self.opened[player] else "")
            )
            lines.append(
                f"Player {player} [{self.scores[player]}] {status}: {format_cards(self.hands[player])}"
            )
        return "\n".join(lines)

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves[Move]:
        """The legal moves, as a lazy view: iterate it, test ``move in``, ``count()``, ``bool()``.

        Two copies of a card never give two moves (C-IDENTITY); every listed
        move applies; no listed move leads to a position without legal moves.
        """
        return LegalMoves(self._legal_tuple, self._accepts, self._legal)

    def _legal_tuple(self) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = tuple(generate(self))
            # Kept outside the value, so that applying one of these very objects can
            # skip the checks already made.
            object.__setattr__(self, "_legal", moves)
        return moves

    def _accepts(self, move: object) -> bool:
        try:
            self.apply(move)  # type: ignore[arg-type]
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def apply(self, move: Move | str) -> GameState:
        """The state after ``move`` (a move value or its text).

        :raises IllegalMoveError: the move is not legal here; the message names the rule.
        :raises InvalidMoveError: the text is not a move.
        """
        if isinstance(move, str):
            move = parse_move(move)
        legal = self._legal
        if legal is not None:
            for known in legal:
                if known is move:
                    # A move object taken from this state's own legal list: its checks
                    # have been made already.
                    return engine.apply_trusted(self, move)
        return engine.apply(self, move)

    def verify(self, move: Move | str) -> None:
        """Raise :class:`~scala40.IllegalMoveError` naming the rule if ``move`` is illegal."""
        self.apply(move)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` is legal here."""
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def apply_turn(self, moves: Iterable[Move | str] | str) -> GameState:
        """The state after several moves of the player to move, checked as one turn.

        ``moves`` are move values or texts, or one text with the moves separated by
        ``;`` or new lines. They must all belong to the turn of the player to move: none
        may come after the move that ends it. The turn need not end (a discard may
        follow later), but an opening must be complete when the moves are done: melds
        worth less than the threshold are refused as a whole (S40-OPEN), even though
        each of them alone is a legal step towards an opening.

        >>> state = GameState.from_position(
        ...     hands=["7S 8S 9S KD KH KC 2D 5C", "2C 3C 4C 5H"], discard="JC",
        ...     opened=[False, True], turns_played=[1, 1], phase="play",
        ... )
        >>> after = state.apply_turn("meld 7S 8S 9S; meld KD KH KC; discard 2D")
        >>> after.opened, after.turn, format_cards(after.hands[0])
        ((True, True), 1, '5C')
        >>> state.apply_turn(["meld 7S 8S 9S"])
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: the turn ends with an opening worth 24, below 40: the melds put down must reach it together (S40-OPEN)

        :raises IllegalMoveError: a move is not legal where it comes (the message gives its
            place in the turn and the rule), or the moves leave an opening short.
        :raises InvalidMoveError: a text is not a move, or there are no moves.
        """
        if isinstance(moves, str):
            items: list[Move | str] = [
                part.strip() for part in moves.replace("\n", ";").split(";") if part.strip()
            ]
        else:
            items = list(moves)
        if not items:
            raise InvalidMoveError("a turn needs at least one move")
        player = self.current_player
        if player is None:
            raise IllegalMoveError(
                "no player is to move: "
                + ("the match is over" if self.is_over else "a chance step comes first")
            )
        hand_number = self.hand_number
        state = self
        ended = False
        for place, item in enumerate(items, 1):
            if ended:
                raise IllegalMoveError(
                    f"move {place} of the turn ({item}) comes after the move that ended it"
                )
            try:
                move = parse_move(item) if isinstance(item, str) else item
                state = state.apply(move)
            except (IllegalMoveError, InvalidMoveError) as error:
                raise type(error)(f"move {place} of the turn: {error}") from error
            ended = (
                state.hand_number != hand_number
                or state.turn != player
                or state.phase in (Phase.DRAW, Phase.DEAL, Phase.OVER)
            )
        if not ended and not state.opened[player] and state.opening_value:
            raise IllegalMoveError(
                f"the turn ends with an opening worth {state.opening_value}, below "
                f"{self.rules.opening_threshold}: the melds put down must reach it together "
                "(S40-OPEN)"
            )
        return state

    # -- one kind of move at a time ---------------------------------------------------------
    # Each pair builds the move and checks it: ``can_…`` answers yes or no, ``verify_…``
    # raises IllegalMoveError naming the rule. A malformed card or meld index is an
    # error either way (InvalidMoveError), never a quiet "no".

    def can_draw(self) -> bool:
        """Whether the player to move may draw the top card of the stock (S40-DRAW-STOCK).

        >>> state = new_game(players=2, seed=1)
        >>> state.can_draw(), state.apply("draw").can_draw()
        (True, False)
        """
        return self.is_legal(DrawStock())

    def verify_draw(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_draw`."""
        self.verify(DrawStock())

    def can_take_discard(self) -> bool:
        """Whether the player to move may take the top discard (S40-DRAW-DISCARD)."""
        return self.is_legal(TakeDiscard())

    def verify_take_discard(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_take_discard`."""
        self.verify(TakeDiscard())

    def can_take_upcard(self) -> bool:
        """Whether the first player may take the upcard (S40-V-UPCARD)."""
        return self.is_legal(TakeUpcard())

    def verify_take_upcard(self) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_take_upcard`."""
        self.verify(TakeUpcard())

    def can_put_down(
        self, cards: Iterable[Card] | str, represented: Iterable[Card] | str = ()
    ) -> bool:
        """Whether the player to move may put down a meld of ``cards`` (with what its
        wild cards stand for, if it matters) (S40-OPEN, S40-AFTER-OPEN).

        >>> state = GameState.from_position(
        ...     hands=["7S 8S 9S 2D", "2C 3C 4C 5H"], discard="JC", opened=[True, True],
        ...     turns_played=[1, 1], phase="play",
        ... )
        >>> state.can_put_down("7S 8S 9S"), state.can_put_down("7S 8S 2D")
        (True, False)
        >>> state.can_put_down("7S 8S 9X")
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidMoveError: bad card '9X' at position 3: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)
        """
        return self.is_legal(PutDown(cards, represented))

    def verify_put_down(
        self, cards: Iterable[Card] | str, represented: Iterable[Card] | str = ()
    ) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_put_down`."""
        self.verify(PutDown(cards, represented))

    def can_lay_off(
        self,
        card: Card | str,
        meld: int,
        end: MeldEnd | str | None = None,
        represents: Card | str | None = None,
    ) -> bool:
        """Whether the player to move may add ``card`` to table meld ``meld`` (at ``end``,
        as ``represents`` for a wild card, when there is a choice) (S40-AFTER-OPEN)."""
        return self.is_legal(LayOff(card, meld, end, represents))

    def verify_lay_off(
        self,
        card: Card | str,
        meld: int,
        end: MeldEnd | str | None = None,
        represents: Card | str | None = None,
    ) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_lay_off`."""
        self.verify(LayOff(card, meld, end, represents))

    def can_swap_joker(self, card: Card | str, meld: int) -> bool:
        """Whether the player to move may put ``card`` in place of the joker of table meld
        ``meld`` that stands for it, and take the joker (S40-SWAP)."""
        return self.is_legal(SwapJoker(card, meld))

    def verify_swap_joker(self, card: Card | str, meld: int) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_swap_joker`."""
        self.verify(SwapJoker(card, meld))

    def can_split(self, meld: int, added: Iterable[Card] | str, pieces: Any) -> bool:
        """Whether the player to move may add ``added`` to table sequence ``meld`` and cut
        it into ``pieces`` (as :class:`~scala40.games.scala40.moves.Split` takes them) (S40-V-SPLIT)."""
        return self.is_legal(Split(meld, added, pieces))

    def verify_split(self, meld: int, added: Iterable[Card] | str, pieces: Any) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_split`."""
        self.verify(Split(meld, added, pieces))

    def can_discard(self, card: Card | str) -> bool:
        """Whether the player to move may discard ``card`` (S40-DISCARD, S40-CLOSE).

        >>> state = GameState.from_position(
        ...     hands=["7S 8S 9S 2D", "2C 3C 4C 5H"], discard="JC", opened=[True, True],
        ...     turns_played=[1, 1], phase="play",
        ... )
        >>> state.can_discard("2D"), state.can_discard("KD")
        (True, False)
        >>> state.verify_discard("KD")
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: discard KD: KD is not in the hand (S40-DISCARD)
        """
        return self.is_legal(Discard(card))

    def verify_discard(self, card: Card | str) -> None:
        """Raise :class:`~scala40.IllegalMoveError` unless :meth:`can_discard`."""
        self.verify(Discard(card))

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know of this state (own hand, counts of the others, table,
        discard pile, scores), and nothing else."""
        return PlayerView.of(self, player)

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Iterable[Card] | str],
        discard: Iterable[Card] | str,
        stock: Iterable[Card] | str | None = None,
        table: Sequence[Meld | str] = (),
        opened: Sequence[bool] | None = None,
        turn: int = 0,
        phase: Phase | str = Phase.DRAW,
        rules: Ruleset | str | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        active: Sequence[bool] | None = None,
        turns_played: Sequence[int] | None = None,
        hand_number: int = 1,
        seed: int = 0,
        auto_chance: bool = True,
        opening_value: int = 0,
        taken: Card | str | None = None,
        taken_must_use: bool = False,
        taken_used: bool = False,
    ) -> GameState:
        """A state built from a position (for tests, puzzles and apps that keep their own table).

        ``rules`` is a :class:`~scala40.Ruleset`, a preset name or ``None`` (the official
        rules). Cards are given as text or codes (stock and discard pile top card last),
        table melds as text like ``"8C 9C JK=10C"``. Without ``stock``, the cards
        of the deck not placed elsewhere make the stock, shuffled from ``seed``;
        with it, every card of the deck must be placed. The position is
        validated: every problem found is named in one
        :class:`~scala40.InvalidStateError`.

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
        """
        rules = _ruleset_of(rules)
        problems: list[str] = []
        count = len(hands)

        def cards_of(value: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
            try:
                return as_cards(value)
            except InvalidCardError as error:
                problems.append(f"{what}: {error}")
            # Keep the readable cards, so that other problems can still be found.
            tokens = value.replace(",", " ").split() if isinstance(value, str) else value
            readable = []
            for token in tokens:
                try:
                    readable.append(as_cards([token])[0])
                except (InvalidCardError, TypeError):
                    continue
            return tuple(readable)

        hand_cards = tuple(tuple(sorted(cards_of(h, f"hand {i}"))) for i, h in enumerate(hands))
        discard_cards = cards_of(discard, "discard pile")
        melds: list[Meld] = []
        for index, spec in enumerate(table):
            if isinstance(spec, Meld):
                melds.append(spec)
                continue
            try:
                melds.append(meld_from_spec(spec, rules))
            except Scala40Error as error:
                problems.append(f"table meld #{index}: {error}")
        try:
            phase = Phase(phase)
        except ValueError:
            problems.append(f"unknown phase {phase!r}")
            phase = Phase.DRAW
        taken_card = None
        if taken is not None:
            taken_card = cards_of([taken] if isinstance(taken, int) else taken, "taken")
        if problems:
            # Report what else is wrong too; counts of cards mean little with cards
            # that could not be read, so those are left out.
            raise InvalidStateError(problems + _shape_problems(
                count, rules, hand_cards, opened, turns_played, scores, active, turn, phase,
                discard_cards, melds, opening_value, taken_card,
            ))  # fmt: skip
        if stock is None:
            placed = _placed(hand_cards, discard_cards, melds)
            deck = Counter(rules.deck.cards)
            problems.extend(_too_many(placed, deck))
            if problems:
                raise InvalidStateError(problems)
            rest = tuple(sorted((deck - placed).elements()))
            stock_cards, _ = shuffle(rest, seed_state(seed))
        else:
            stock_cards = cards_of(stock, "stock")
            if problems:
                raise InvalidStateError(problems + _shape_problems(
                    count, rules, hand_cards, opened, turns_played, scores, active, turn, phase,
                    discard_cards, melds, opening_value, taken_card,
                ))  # fmt: skip
        state = cls(
            rules=rules,
            player_count=count,
            dealer=(turn - 1) % max(count, 1) if dealer is None else dealer,
            hand_number=hand_number,
            phase=phase,
            turn=turn,
            hands=hand_cards,
            stock=stock_cards,
            discard=discard_cards,
            table=tuple(melds),
            opened=tuple(opened) if opened is not None else (False,) * count,
            turns_played=tuple(turns_played) if turns_played is not None else (0,) * count,
            scores=tuple(scores) if scores is not None else (0,) * count,
            active=tuple(active) if active is not None else (True,) * count,
            winners=(),
            rng=seed_state(seed),
            auto_chance=auto_chance,
            opening_value=opening_value,
            opened_at_turn_start=bool(opened[turn])
            if opened is not None and 0 <= turn < len(opened)
            else False,
            taken=taken_card[0] if taken_card else None,
            taken_must_use=taken_must_use,
            taken_used=taken_used,
            last_hand=None,
        )
        state.validate()
        return state

    def problems(self) -> list[str]:
        """Every inconsistency in this state (an empty list for a valid state)."""
        return _validate(self)

    def validate(self) -> None:
        """Raise :class:`~scala40.InvalidStateError` listing every problem, if any."""
        problems = _validate(self)
        if problems:
            raise InvalidStateError(problems)

    # -- serialization ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the state.

        >>> import json, scala40
        >>> state = scala40.new_game(players=3, seed=5).apply("draw")
        >>> GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        True
        """
        return {
            "format": "scala40.state",
            "version": STATE_FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.player_count,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [format_cards(h) for h in self.hands],
            "stock": format_cards(self.stock),
            "discard": format_cards(self.discard),
            "table": [str(m) for m in self.table],
            "opened": list(self.opened),
            "turns_played": list(self.turns_played),
            "scores": list(self.scores),
            "active": list(self.active),
            "winners": list(self.winners),
            "rng": f"{self.rng:016x}",
            "auto_chance": self.auto_chance,
            "opening_value": self.opening_value,
            "opened_at_turn_start": self.opened_at_turn_start,
            "taken": None if self.taken is None else CARD_NAMES[self.taken],
            "taken_must_use": self.taken_must_use,
            "taken_used": self.taken_used,
            "last_hand": None if self.last_hand is None else _hand_result_to_dict(self.last_hand),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output, validating everything.

        :raises SerializationError: the data is malformed or describes an invalid state.
        """
        return _state_from_dict(data)


def _shape_problems(
    count: int,
    rules: Ruleset,
    hands: tuple[tuple[Card, ...], ...],
    opened: Sequence[bool] | None,
    turns_played: Sequence[int] | None,
    scores: Sequence[int] | None,
    active: Sequence[bool] | None,
    turn: object,
    phase: Phase,
    discard: tuple[Card, ...],
    melds: list[Meld],
    opening_value: int,
    taken: object,
) -> list[str]:
    """The problems of a position found beside unreadable cards (which make the card
    counts meaningless except where a card is placed too many times)."""
    problems = _too_many(_placed(hands, discard, melds), Counter(rules.deck.cards))
    if phase is Phase.DRAW and (opening_value or taken):
        problems.append("turn details (taken card, opening value) are set before the draw")
    if not rules.min_players <= count <= rules.max_players:
        problems.append(
            f"player_count must be from {rules.min_players} to {rules.max_players}, got {count}"
        )
    for name, values in (
        ("opened", opened), ("turns_played", turns_played), ("scores", scores),
        ("active", active),
    ):  # fmt: skip
        if values is not None and len(values) != count:
            problems.append(f"{name} must have {count} entries, got {len(values)}")
    if not (is_int(turn) and 0 <= turn < count):
        problems.append(f"turn must be a player from 0 to {count - 1}, got {turn!r}")
    if active is not None and len(active) == count:
        for player, hand in enumerate(hands):
            if not active[player] and hand and phase in (Phase.DRAW, Phase.PLAY):
                problems.append(f"player {player} is out of the match but holds cards")
    return problems


def _placed(
    hands: Iterable[tuple[Card, ...]], discard: tuple[Card, ...], melds: Iterable[Meld]
) -> Counter[Card]:
    """Every card placed in a position's hands, discard pile and table melds."""
    placed: Counter[Card] = Counter(discard)
    for hand in hands:
        placed.update(hand)
    for meld in melds:
        placed.update(meld.cards)
    return placed


def _too_many(placed: Counter[Card], deck: Counter[Card]) -> list[str]:
    return [
        f"{CARD_NAMES[card]}: {placed[card]} placed, but the deck has {deck[card]}"
        for card in sorted(placed)
        if placed[card] > deck[card]
    ]


def meld_from_spec(spec: str, rules: Ruleset) -> Meld:
    """Read a table meld written like ``8C 9C JK=10C`` (each wild card with its card)."""
    if not isinstance(spec, str):
        raise InvalidMoveError(f"expected meld text, got {spec!r}")
    cards, represented = parse_meld_spec(spec.split())
    return engine.resolve_meld(PutDown(cards, represented), rules)


def _counter(cards: Iterable[Card]) -> Counter[Card]:
    return Counter(cards)


def _validate(state: GameState) -> list[str]:
    problems: list[str] = []
    n = state.player_count
    rules = state.rules
    given: object = rules
    if not isinstance(given, Ruleset):
        return [f"rules must be a Ruleset, got {given!r}"]
    if not (is_int(n) and rules.min_players <= n <= rules.max_players):
        problems.append(
            f"player_count must be from {rules.min_players} to {rules.max_players}, got {n!r}"
        )
        return problems
    for name in ("hands", "opened", "turns_played", "scores", "active"):
        if len(getattr(state, name)) != n:
            problems.append(f"{name} must have {n} entries, got {len(getattr(state, name))}")
    if problems:
        return problems
    if not any(state.active):
        problems.append("no player is still in the match")
    for name, value in (("turn", state.turn), ("dealer", state.dealer)):
        if not (is_int(value) and 0 <= value < n):
            problems.append(f"{name} must be a player from 0 to {n - 1}, got {value!r}")
    if not problems and not state.active[state.turn] and state.phase is not Phase.OVER:
        problems.append(f"player {state.turn} is to move but is out of the match")
    # Every card of the deck is somewhere, exactly once (C-DECK).
    found: Counter[Card] = _counter(state.stock) + _counter(state.discard)
    for hand in state.hands:
        found += _counter(hand)
    for meld in state.table:
        found += _counter(meld.cards)
    expected = Counter(rules.deck.cards)
    if state.phase is not Phase.DEAL or sum(found.values()):  # type: ignore[arg-type]
        for card in sorted(set(found) | set(expected)):
            if found[card] != expected[card]:
                problems.append(
                    f"{CARD_NAMES[card]}: {found[card]} in play, the deck has {expected[card]}"
                )
    meld_rules = rules.meld_rules
    for index, meld in enumerate(state.table):
        if meld.rules != meld_rules or meld not in meld_rules.readings(meld.cards):
            problems.append(f"table meld #{index} ({meld}) is not valid under the rules")
    for player in range(n):
        in_hand = state.phase in (Phase.DRAW, Phase.PLAY, Phase.RESTOCK)
        if in_hand and not state.active[player] and state.hands[player]:
            problems.append(f"player {player} is out of the match but holds cards")
        if state.scores[player] < 0 or state.turns_played[player] < 0:
            problems.append(f"player {player} has a negative score or turn count")
    if state.phase is Phase.OVER:
        if not state.winners:
            problems.append("the match is over but has no winner")
    elif state.winners:
        problems.append("the match has winners but is not over")
    if state.phase in (Phase.DRAW, Phase.PLAY):
        if state.phase is Phase.DRAW and not state.stock:
            problems.append("the stock is empty at a draw (the hand should have ended)")
        if state.phase is Phase.DRAW and (
            state.taken is not None or state.opening_value or state.taken_used
        ):
            problems.append("turn details (taken card, opening value) are set before the draw")
        if state.opening_value and state.opened[state.turn]:
            problems.append("opening_value is set for a player who has opened")
        mover_known = 0 <= state.turn < min(len(state.hands), len(state.opened))
        held = len(state.hands[state.turn]) if mover_known else -1
        if not held:
            problems.append(f"player {state.turn} is to move but holds no card")
        elif held == 1 and state.phase is Phase.PLAY and not state.opened[state.turn]:
            # Only melds shrink a hand, and a player who has not opened melds only towards
            # the opening, which opens him once complete: no play leads here.
            problems.append(
                f"player {state.turn} has not opened but holds a single card after the draw "
                "(S40-OPEN)"
            )
        if not state.opening_value >= 0:
            problems.append("opening_value must not be negative")
        if (
            state.phase is Phase.PLAY
            and state.taken_must_use
            and not state.taken_used
            and state.taken not in state.hands[state.turn]
        ):
            problems.append("the card taken from the discard pile is not in the player's hand")
        if (
            state.phase is Phase.PLAY
            and state.taken_must_use
            and not state.opened_at_turn_start
            and not rules.discard_draw_to_open
        ):
            problems.append(
                "a player who had not opened took the top discard to meld it, which needs "
                "S40-V-EARLYDISCARD"
            )
    return problems


def _hand_result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "closer": result.closer,
        "points": list(result.points),
        "doubled": result.doubled,
        "hands": [format_cards(h) for h in result.hands],
        "eliminated": list(result.eliminated),
        "reentered": list(result.reentered),
    }


def _state_from_dict(data: Mapping[str, Any]) -> GameState:
    def fail(message: str) -> SerializationError:
        return SerializationError(f"state: {message}")

    data = expect_header(data, "state", STATE_FORMAT_VERSION)
    required = {
        "rules", "players", "dealer", "hand_number", "phase", "turn", "hands", "stock",
        "discard", "table", "opened", "turns_played", "scores", "active", "winners", "rng",
        "auto_chance", "opening_value", "opened_at_turn_start", "taken", "taken_must_use",
        "taken_used", "last_hand",
    }  # fmt: skip
    missing = sorted(required - set(data))
    if missing:
        raise fail(f"missing fields {missing}")
    unknown = sorted(set(data) - required - {"format", "version"})
    if unknown:
        raise fail(f"unknown fields {unknown}")

    def ints(name: str) -> tuple[int, ...]:
        value = data[name]
        if not isinstance(value, list) or any(type(v) is not int for v in value):
            raise fail(f"{name} must be a list of integers, got {value!r}")
        return tuple(value)

    def bools(name: str) -> tuple[bool, ...]:
        value = data[name]
        if not isinstance(value, list) or any(type(v) is not bool for v in value):
            raise fail(f"{name} must be a list of booleans, got {value!r}")
        return tuple(value)

    def integer(name: str) -> int:
        if type(data[name]) is not int:
            raise fail(f"{name} must be an integer, got {data[name]!r}")
        return int(data[name])

    def boolean(name: str) -> bool:
        if type(data[name]) is not bool:
            raise fail(f"{name} must be true or false, got {data[name]!r}")
        return bool(data[name])

    def cards(value: Any, what: str) -> tuple[Card, ...]:
        if not isinstance(value, str):
            raise fail(f"{what} must be card text, got {value!r}")
        try:
            return as_cards(value)
        except InvalidCardError as error:
            raise fail(f"{what}: {error}") from error

    rules = Ruleset.from_dict(data["rules"])
    try:
        phase = Phase(data["phase"])
    except ValueError:
        raise fail(f"unknown phase {data['phase']!r}") from None
    if not isinstance(data["hands"], list) or not isinstance(data["table"], list):
        raise fail("hands and table must be lists")
    try:
        rng = int(data["rng"], 16) if isinstance(data["rng"], str) else None
    except ValueError:
        rng = None
    if rng is None or not 0 <= rng < 1 << 64:
        raise fail(f"rng must be 16 hex digits, got {data['rng']!r}")
    table = []
    for index, spec in enumerate(data["table"]):
        try:
            table.append(meld_from_spec(spec, rules))
        except Scala40Error as error:
            raise fail(f"table meld #{index}: {error}") from error
    taken = None if data["taken"] is None else cards(data["taken"], "taken")
    if taken is not None and len(taken) != 1:
        raise fail(f"taken must be one card, got {data['taken']!r}")
    last = data["last_hand"]
    last_hand = None
    if last is not None:
        if not isinstance(last, Mapping):
            raise fail("last_hand must be a mapping or null")
        try:
            last_hand = HandResult(
                hand_number=int(last["hand_number"]),
                closer=None if last["closer"] is None else int(last["closer"]),
                points=tuple(int(p) for p in last["points"]),
                doubled=bool(last["doubled"]),
                hands=tuple(tuple(sorted(cards(h, "last_hand hand"))) for h in last["hands"]),
                eliminated=tuple(int(p) for p in last["eliminated"]),
                reentered=tuple(int(p) for p in last["reentered"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise fail(f"last_hand is malformed: {error}") from error
    state = GameState(
        rules=rules,
        player_count=integer("players"),
        dealer=integer("dealer"),
        hand_number=integer("hand_number"),
        phase=phase,
        turn=integer("turn"),
        hands=tuple(tuple(sorted(cards(h, f"hand {i}"))) for i, h in enumerate(data["hands"])),
        stock=cards(data["stock"], "stock"),
        discard=cards(data["discard"], "discard"),
        table=tuple(table),
        opened=bools("opened"),
        turns_played=ints("turns_played"),
        scores=ints("scores"),
        active=bools("active"),
        winners=ints("winners"),
        rng=rng,
        auto_chance=boolean("auto_chance"),
        opening_value=integer("opening_value"),
        opened_at_turn_start=boolean("opened_at_turn_start"),
        taken=None if taken is None else taken[0],
        taken_must_use=boolean("taken_must_use"),
        taken_used=boolean("taken_used"),
        last_hand=last_hand,
    )
    problems = _validate(state)
    if problems:
        raise fail("invalid state: " + "; ".join(problems))
    return state


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

    >>> a = new_game("classic", players=3, seed=42)
    >>> b = new_game("classic", players=3, seed=42)
    >>> a == b, a.hand_number, a.rules.split_sequences
    (True, 1, True)
    """
    rules = _ruleset_of(rules)
    if not (type(players) is int and rules.min_players <= players <= rules.max_players):
        raise InvalidStateError(
            [f"players must be from {rules.min_players} to {rules.max_players}, got {players!r}"]
        )
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    elif type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer or None, got {seed!r}")
    rng = seed_state(seed)
    if dealer is None:
        dealer, rng = random_below(players, rng)
    elif not (type(dealer) is int and 0 <= dealer < players):
        raise InvalidStateError(
            [f"dealer must be a player from 0 to {players - 1}, got {dealer!r}"]
        )
    _, rng = next_random(rng)
    state = GameState(
        rules=rules,
        player_count=players,
        dealer=dealer,
        hand_number=0,
        phase=Phase.DEAL,
        turn=dealer,
        hands=((),) * players,
        stock=(),
        discard=(),
        table=(),
        opened=(False,) * players,
        turns_played=(0,) * players,
        scores=(0,) * players,
        active=(True,) * players,
        winners=(),
        rng=rng,
        auto_chance=auto_chance,
        opening_value=0,
        opened_at_turn_start=False,
        taken=None,
        taken_must_use=False,
        taken_used=False,
        last_hand=None,
    )
    if auto_chance:
        return engine.deal(state, None)
    return state


# The engine and the views make new states without importing this module: they get the
# class here, once.
engine.bind(GameState)
view.bind(GameState)
