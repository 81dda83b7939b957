"""What one player may know: :class:`PlayerView`, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the
table, the discard pile, the stock size, scores and turn details, and nothing
else: not the stock order, not the other hands. Search bots sample views
into full states consistent with them (determinization), reproducibly from a
seed.

>>> import scala40
>>> state = scala40.new_game(players=3, seed=11)
>>> view = state.view(1)
>>> view.hand == state.hands[1], view.hand_sizes, view.stock_size
(True, (13, 13, 13), 68)
>>> guess = view.sample(seed=1)
>>> guess.hands[1] == state.hands[1], guess.view(1) == view
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from scala40._checks import check_int, describe, is_int
from scala40._rng import seed_state, shuffle
from scala40.cards import Card
from scala40.errors import InvalidArgumentError, InvalidStateError
from scala40.games.scala40.moves import Move
from scala40.games.scala40.phases import HandResult, Phase, may_close
from scala40.games.scala40.record import StateRecord
from scala40.games.scala40.rules import Ruleset
from scala40.legal import LegalMoves
from scala40.melds import Meld

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """One player's knowledge of a :class:`~scala40.games.scala40.state.GameState` (see
    :meth:`scala40.games.scala40.state.GameState.view`). Views are made from states; the
    constructor checks nothing."""

    player: int
    rules: Ruleset
    player_count: int
    dealer: int
    hand_number: int
    phase: Phase
    turn: int
    hand: tuple[Card, ...]
    """The viewing player's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    stock_size: int
    discard: tuple[Card, ...]
    """The whole discard pile, top card last (every card in it was seen face up)."""
    table: tuple[Meld, ...]
    opened: tuple[bool, ...]
    turns_played: tuple[int, ...]
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    winners: tuple[int, ...]
    opening_value: int
    opened_at_turn_start: bool
    """Whether the player to move had opened when the turn began (public)."""
    taken: Card | None
    """The card the player to move took from the discard pile this turn (seen by all)."""
    taken_must_use: bool
    taken_used: bool
    last_hand: HandResult | None
    """How the previous hand ended (every hand is shown when a hand ends)."""
    state_type: type[StateRecord] = attrs.field(
        default=StateRecord, kw_only=True, eq=False, hash=False, repr=False
    )
    """The class of the state the view was made from, which :meth:`sample` builds (not
    part of the value: two views of equal knowledge are equal)."""

    @classmethod
    def of(cls, state: StateRecord, player: int) -> PlayerView:
        """The view of ``state`` for ``player``."""
        if not (type(player) is int and 0 <= player < state.player_count):
            raise InvalidStateError(
                [f"player must be from 0 to {state.player_count - 1}, got {describe(player)}"]
            )
        public = {name: getattr(state, name) for name in _PUBLIC_FIELDS}
        return cls(
            player=player,
            hand=state.hands[player],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stock_size=len(state.stock),
            state_type=type(state),
            **public,
        )

    @property
    def current_player(self) -> int | None:
        """The player who must move (public knowledge), or ``None`` at a chance step or
        when the match is over."""
        return self.turn if self.phase in (Phase.DRAW, Phase.PLAY) else None

    @property
    def may_close(self) -> bool:
        """Whether the player to move may close now (S40-FIRST-ROUND, S40-V-FIRSTCLOSE)."""
        return may_close(self.turns_played, self.active, self.rules.close_on_first_turn)

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing player is the one to move."""
        return self.turn == self.player and self.phase in (Phase.DRAW, Phase.PLAY)

    def unknown_cards(self) -> tuple[Card, ...]:
        """The cards this player cannot see: the other hands and the stock, together."""
        seen = Counter(self.hand) + Counter(self.discard)
        for meld in self.table:
            seen.update(meld.cards)
        return tuple(sorted((Counter(self.rules.deck.cards) - seen).elements()))

    def sample(self, seed: int) -> Any:
        """A full state consistent with this view, drawn reproducibly from ``seed``.

        The unknown cards are dealt at random to the other hands and the stock;
        the sampled state's own randomness also comes from ``seed``.

        :raises InvalidArgumentError: ``seed`` is not an integer.
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        pool = list(self.unknown_cards())
        reserved: dict[int, list[Card]] = {}
        if (
            self.phase is Phase.DEAL
            and not self.stock_size
            and not any(self.hand_sizes)
            and not self.discard
            and not self.table
        ):
            pool = []  # a match waiting for its first deal: no card is anywhere yet
        mover = self.turn
        # A card taken from the discard pile and not yet melded is known to be in the
        # mover's hand (everyone saw it taken).
        if (
            mover != self.player
            and self.phase is Phase.PLAY
            and self.taken is not None
            and self.taken_must_use
            and not self.taken_used
            and self.taken in pool
        ):
            pool.remove(self.taken)
            reserved[mover] = [self.taken]
        order, rng = shuffle(pool, seed_state(seed))
        position = 0
        hands: list[tuple[Card, ...]] = []
        for player in range(self.player_count):
            if player == self.player:
                hands.append(self.hand)
                continue
            known = reserved.get(player, [])
            need = self.hand_sizes[player] - len(known)
            hands.append(tuple(sorted(known + list(order[position : position + need]))))
            position += need
        stock = order[position:]
        if len(stock) != self.stock_size:
            raise InvalidStateError(
                [
                    f"the view's card counts do not add up: {len(stock)} cards left for a "
                    f"stock of {self.stock_size}"
                ]
            )
        public = {name: getattr(self, name) for name in _PUBLIC_FIELDS}
        state: StateRecord = self.state_type(
            hands=tuple(hands), stock=stock, rng=rng, auto_chance=True, **public
        )
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

    def _samples(self, count: int, seed: int) -> Iterator[StateRecord]:
        for index in range(count):
            yield self.sample(seed * 1_000_003 + index)

    def legal_moves(self) -> LegalMoves[Move]:
        """The legal moves of the player to move, when that is the viewing player.

        Legality depends only on the mover's hand and what everyone sees, so a
        view knows its own legal moves exactly.
        """
        if not self.is_my_turn:
            raise InvalidStateError([f"it is not player {self.player}'s turn to move"])
        moves: LegalMoves[Move] = self.sample(0).legal_moves()
        return moves


# What a view shares with its state, field for field: everything but the hidden cards (the
# hands, the stock) and the state's own randomness and settings.
_PUBLIC_FIELDS = tuple(
    field.name
    for field in attrs.fields(PlayerView)
    if field.name not in ("player", "hand", "hand_sizes", "stock_size", "state_type")
)
