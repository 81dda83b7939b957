"""What one player may know of a knock game, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the discard pile,
the stock size, the totals and the turn's details, and nothing else: not the other hands
(until a hand's end shows them all) and not the stock order. Search bots sample views
into full states consistent with them, reproducibly from a seed.

>>> from scala40.games.rumino import new_game
>>> state = new_game(players=3, seed=11)
>>> view = state.view(1)
>>> view.hand == state.hands[1], view.hand_sizes, view.stock_size
(True, (7, 7, 7), 86)
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
from scala40.games._knock.phases import HandResult, Phase
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.record import KnockRecord
from scala40.legal import LegalMoves

__all__ = ["KnockView"]


@attrs.frozen
class KnockView:
    """One player's knowledge of a knock game's state (the shared base of the games'
    ``PlayerView`` classes; see the state's ``view``). Views are made from states; the
    constructor checks nothing."""

    player: int
    rules: Any
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
    """The discard pile, top card last (every card in it was seen face up; a close's
    face-down card is shown with every hand when the hand ends)."""
    turns_played: tuple[int, ...]
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    winners: tuple[int, ...]
    reentries: tuple[int, ...]
    gins: tuple[int, ...]
    taken: Card | None
    """The card the player to move took from the discard pile this turn (seen by all)."""
    pending: tuple[int, ...]
    reentry_total: int
    last_hand: HandResult | None
    """How the previous hand ended: every hand is shown then."""

    state_type: type[KnockRecord] = attrs.field(
        default=KnockRecord, kw_only=True, eq=False, hash=False, repr=False
    )
    """The class of the state the view was made from, which :meth:`sample` builds (not
    part of the value: two views of equal knowledge are equal)."""

    @classmethod
    def of(cls, state: KnockRecord, player: int) -> Any:
        """The view of ``state`` for ``player``."""
        if not (type(player) is int and 0 <= player < state.player_count):
            raise InvalidStateError(
                [
                    f"player must be a seat from 0 to {state.player_count - 1}, "
                    f"got {describe(player)}"
                ]
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
    def profile(self) -> KnockRules:
        """What the engine reads from the rules."""
        profile: KnockRules = self.rules.profile
        return profile

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (public knowledge), or ``None``."""
        phase = self.phase
        if phase is Phase.DRAW or phase is Phase.PLAY:
            return self.turn
        if phase is Phase.CLAIM or phase is Phase.REENTRY:
            return self.pending[0]
        return None

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing player is the one to decide."""
        return self.current_player == self.player

    @property
    def hands_shown(self) -> bool:
        """Whether every hand has been shown (after a hand's scoring, before the deal)."""
        return self.phase in (Phase.REENTRY, Phase.OVER) or (
            self.phase is Phase.DEAL and self.hand_number > 0
        )

    def unknown_cards(self) -> tuple[Card, ...]:
        """The cards this player cannot see: the other hands and the stock, together."""
        seen = Counter(self.hand) + Counter(self.discard)
        return tuple(sorted((Counter(self.profile.deck.cards) - seen).elements()))

    def sample(self, seed: int) -> Any:
        """A full state consistent with this view, drawn reproducibly from ``seed``: the
        unknown cards dealt at random to the other hands and the stock.

        :raises InvalidArgumentError: ``seed`` is not an integer.
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        pool = list(self.unknown_cards())
        known: dict[int, list[Card]] = {}
        if self.hands_shown and self.last_hand is not None:
            # Everyone showed his hand at the end of it.
            for seat, cards in enumerate(self.last_hand.hands):
                if seat != self.player:
                    known[seat] = list(cards)
                    for card in cards:
                        pool.remove(card)
        elif self.phase is Phase.DEAL and not any(self.hand_sizes) and not self.discard:
            pool = []  # a game waiting for its first deal: no card is anywhere yet
        mover = self.turn
        if (
            self.phase is Phase.PLAY
            and mover != self.player
            and self.taken is not None
            and self.taken in pool
        ):
            # Everyone saw the card taken from the discard pile this turn.
            pool.remove(self.taken)
            known[mover] = [self.taken]
        order, rng = shuffle(pool, seed_state(seed))
        position = 0
        hands: list[tuple[Card, ...]] = []
        for seat in range(self.player_count):
            if seat == self.player:
                hands.append(self.hand)
                continue
            held = known.get(seat, [])
            need = self.hand_sizes[seat] - len(held)
            hands.append(tuple(sorted([*held, *order[position : position + need]])))
            position += max(need, 0)
        stock = order[position:]
        if len(stock) != self.stock_size:
            raise InvalidStateError(
                [
                    f"the view's card counts do not add up: {len(stock)} cards left for a "
                    f"stock of {self.stock_size}"
                ]
            )
        public = {name: getattr(self, name) for name in _PUBLIC_FIELDS}
        return self.state_type(
            hands=tuple(hands), stock=stock, rng=rng, auto_chance=True, **public
        )

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

    def legal_moves(self) -> LegalMoves[Any]:
        """The legal moves of the viewing player, when the decision is his: they depend
        only on his hand and on what everyone sees."""
        if not self.is_my_turn:
            raise InvalidStateError([f"it is not player {self.player}'s decision"])
        moves: LegalMoves[Any] = self.sample(0).legal_moves()
        return moves


_PUBLIC_FIELDS = tuple(
    field.name
    for field in attrs.fields(KnockView)
    if field.name not in ("player", "hand", "hand_sizes", "stock_size", "state_type")
)
"""What a view shares with its state, field for field."""
