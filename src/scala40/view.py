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

import attrs

from scala40._rng import seed_state, shuffle
from scala40.cards import Card
from scala40.errors import InvalidStateError
from scala40.legal import LegalMoves
from scala40.melds import Meld
from scala40.ruleset import Ruleset
from scala40.state import GameState, HandResult, Phase

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """One player's knowledge of a :class:`~scala40.state.GameState` (see :meth:`scala40.state.GameState.view`)."""

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

    @classmethod
    def of(cls, state: GameState, player: int) -> PlayerView:
        """The view of ``state`` for ``player``."""
        if not (type(player) is int and 0 <= player < state.player_count):
            raise InvalidStateError(
                [f"player must be from 0 to {state.player_count - 1}, got {player!r}"]
            )
        return cls(
            player=player,
            rules=state.rules,
            player_count=state.player_count,
            dealer=state.dealer,
            hand_number=state.hand_number,
            phase=state.phase,
            turn=state.turn,
            hand=state.hands[player],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stock_size=len(state.stock),
            discard=state.discard,
            table=state.table,
            opened=state.opened,
            turns_played=state.turns_played,
            scores=state.scores,
            active=state.active,
            winners=state.winners,
            opening_value=state.opening_value,
            opened_at_turn_start=state.opened_at_turn_start,
            taken=state.taken,
            taken_must_use=state.taken_must_use,
            taken_used=state.taken_used,
            last_hand=state.last_hand,
        )

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

    def sample(self, seed: int) -> GameState:
        """A full state consistent with this view, drawn reproducibly from ``seed``.

        The unknown cards are dealt at random to the other hands and the stock;
        the sampled state's own randomness also comes from ``seed``.
        """
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
        return GameState(
            rules=self.rules,
            player_count=self.player_count,
            dealer=self.dealer,
            hand_number=self.hand_number,
            phase=self.phase,
            turn=self.turn,
            hands=tuple(hands),
            stock=stock,
            discard=self.discard,
            table=self.table,
            opened=self.opened,
            turns_played=self.turns_played,
            scores=self.scores,
            active=self.active,
            winners=self.winners,
            rng=rng,
            auto_chance=True,
            opening_value=self.opening_value,
            opened_at_turn_start=self.opened_at_turn_start,
            taken=self.taken,
            taken_must_use=self.taken_must_use,
            taken_used=self.taken_used,
            last_hand=self.last_hand,
        )

    def samples(self, count: int, seed: int) -> Iterator[GameState]:
        """``count`` sampled states, from seeds derived from ``seed``."""
        for index in range(count):
            yield self.sample(seed * 1_000_003 + index)

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to move, when that is the viewing player.

        Legality depends only on the mover's hand and what everyone sees, so a
        view knows its own legal moves exactly.
        """
        if not self.is_my_turn:
            raise InvalidStateError([f"it is not player {self.player}'s turn to move"])
        return self.sample(0).legal_moves()
