"""What one seat may know of a Skarney game: :class:`PlayerView`, and sampling full
states from it.

A view holds the seat's own hand, how many cards every hand holds, the table and who
owns each meld, the offered card, the cards everyone knows a hand holds (accepted, or
offered and kept), the scores and the turn's details; not the order of the pile, not
the other hands, not even a partner's (SK-PLAYERS). Sampling deals the unseen cards at
random, keeping the known ones where they are.

>>> from scala40.games.skarney import new_game
>>> state = new_game(seed=11)
>>> view = state.view(2)
>>> view.hand == state.hands[2], view.hand_sizes, view.stock_size
(True, (11, 11, 11, 11), 64)
>>> guess = view.sample(seed=1)
>>> guess.hands[2] == state.hands[2], guess.view(2) == view
(True, True)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from scala40._checks import describe, is_int
from scala40._rng import seed_state
from scala40._sampling import deal_hidden, draw_consistent, random_meld
from scala40.cards import Card
from scala40.drawing import view_svg
from scala40.errors import InvalidArgumentError
from scala40.games.skarney.moves import Move
from scala40.games.skarney.phases import HandResult, Phase, side_of
from scala40.games.skarney.record import StateRecord
from scala40.games.skarney.rules import MELD_RULES, Ruleset
from scala40.legal import LegalMoves
from scala40.melds import Meld
from scala40.views import view_to_dict

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """One seat's knowledge of a :class:`~scala40.games.skarney.state.GameState` (see
    :meth:`~scala40.games.skarney.state.GameState.view`). Views are made from states; the
    constructor checks nothing."""

    player: int
    rules: Ruleset
    player_count: int
    dealer: int
    hand_number: int
    phase: Phase
    turn: int
    hand: tuple[Card, ...]
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    contracts: tuple[bool, ...]
    totals: tuple[int, ...]
    stopped: tuple[bool, ...]
    known: tuple[tuple[Card, ...], ...]
    """Cards everyone knows each seat holds (accepted, or offered and kept)."""
    accepted: tuple[tuple[Card, ...], ...]
    turn_number: int
    melded: bool
    contract_now: bool
    progress: int
    fresh_from: int
    extended: tuple[int, ...]
    offer_card: Card | None
    """The card being offered (everyone sees it go round the table)."""
    offer_to: int | None
    winners: tuple[int, ...]
    last_hand: HandResult | None
    """How the previous hand ended (the hands are shown when a hand ends)."""

    move_number: int = attrs.field(default=0, eq=False)
    """The moves applied in the match so far (the state's ``move_number``)."""
    resigned: tuple[int, ...] = ()
    """The seats that resigned, in the order they left (C-RESIGN; public)."""
    state_type: type[StateRecord] = attrs.field(
        default=StateRecord, kw_only=True, eq=False, hash=False, repr=False
    )
    """The class of the state the view was made from, which :meth:`sample` builds (not
    part of the value: two views of equal knowledge are equal)."""

    @classmethod
    def of(cls, state: StateRecord, player: int) -> PlayerView:
        """The view of ``state`` for seat ``player``."""
        if not (type(player) is int and 0 <= player < state.player_count):
            raise InvalidArgumentError(
                f"player must be a seat from 0 to {state.player_count - 1}, got {describe(player)}"
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
        """The seat that decides now (public knowledge), or ``None``."""
        if self.phase is Phase.OFFER:
            return self.offer_to
        return self.turn if self.phase in (Phase.DRAW, Phase.PLAY) else None

    @property
    def side(self) -> int:
        """The side this seat plays for."""
        return side_of(self.player, self.rules.partnership)

    @property
    def partner(self) -> int | None:
        """The seat of this seat's partner, or ``None`` when playing alone."""
        if not self.rules.partnership:
            return None
        return (self.player + 2) % self.player_count

    def unknown_cards(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: the other hands and the pile, together."""
        seen = Counter(self.hand)
        for meld in self.table:
            seen.update(meld.cards)
        return tuple(sorted((Counter(self.rules.deck.cards) - seen).elements()))

    def sample(self, seed: int) -> Any:
        """A full state consistent with this view, drawn reproducibly from ``seed``: the
        unseen cards dealt at random to the other hands and the pile, the cards known to
        be in a hand kept there.

        The sample is consistent by construction: it passes its own
        :meth:`~scala40.games.skarney.state.GameState.problems`, gives this view back to
        this seat, and keeps what everyone knows of the hidden hands: the known cards
        (SK-OFFER), and, for a player to move who has put down part of his side's
        contract this turn, the 3-card melds of the same kind that complete it
        (SK-CONTRACT), drawn first at random from the unseen cards.

        A dealt state that fails a check is dealt again, at most 32 times in all.

        :raises InvalidArgumentError: ``seed`` is not an integer.
        :raises SearchLimitError: no consistent state was dealt within the bound (only
            a view that no state gives, such as one edited by hand, comes to this).
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        unseen = self.unknown_cards()
        if not any(self.hand_sizes) and not self.stock_size and not self.table:
            unseen = ()  # between hands: every card is back in the deck
        public = {name: getattr(self, name) for name in _PUBLIC_FIELDS}

        def deal(rng: int) -> tuple[StateRecord, int]:
            known, rng = self._known_hidden(unseen, rng)
            hands, stock, rng = deal_hidden(
                unseen,
                viewer=self.player,
                hand=self.hand,
                hand_sizes=self.hand_sizes,
                known=known,
                stock_size=self.stock_size,
                stock_name="pile",
                rng=rng,
            )
            state: StateRecord = self.state_type(
                hands=hands, stock=stock, rng=rng, auto_chance=True, **public
            )
            return state, rng

        return draw_consistent(deal, _consistent, seed_state(seed), "the view", self.move_number)

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards the other hands must hold: their known cards, and for a hidden
        player to move with his side's contract in progress, melds that complete it."""
        known = {
            seat: list(cards)
            for seat, cards in enumerate(self.known)
            if seat != self.player and cards
        }
        mover = self.turn
        if mover == self.player or self.phase is not Phase.PLAY or not self.progress:
            return known, rng
        kind = self.table[self.fresh_from].kind if self.fresh_from < len(self.table) else None
        if kind is None:
            return known, rng  # not a view a state gives: the checks will say so
        pool = Counter(unseen)
        for cards in known.values():
            pool -= Counter(cards)
        cards = known.get(mover, [])
        missing = self.rules.contract_size(self.hand_number) - self.progress
        room = self.hand_sizes[mover] - len(cards)
        for _ in range(missing):
            if room < 3:
                break
            meld, rng = random_meld(tuple(sorted(pool.elements())), MELD_RULES, rng, kind=kind)
            if meld is None:
                break
            pool -= Counter(meld)
            cards = [*cards, *meld]
            room -= 3
        known[mover] = cards
        return known, rng

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON: what an app sends to a client (:mod:`scala40.views`;
        read back with :func:`scala40.views.view_from_dict`)."""
        return view_to_dict(self, self.state_type.game_name, self.state_type.MOVES)

    def legal_moves(self) -> LegalMoves[Move]:
        """The legal moves of this seat, when it is the one to decide: they depend only
        on its own hand and on what everyone sees.

        :raises InvalidArgumentError: another seat decides now (the view's ``player``
            is the wrong argument).
        """
        if self.current_player != self.player:
            raise InvalidArgumentError(f"player {self.player} does not decide now")
        moves: LegalMoves[Move] = self.sample(0).legal_moves()
        return moves

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, which notebooks show (:func:`scala40.drawing.view_svg`)."""
        return view_svg(self)


def _consistent(state: StateRecord) -> bool:
    return not state.problems()


# What a view shares with its state, field for field: everything but the hidden cards.
_PUBLIC_FIELDS = tuple(
    field.name
    for field in attrs.fields(PlayerView)
    if field.name not in ("player", "hand", "hand_sizes", "stock_size", "state_type")
)
