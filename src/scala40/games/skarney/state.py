"""The Skarney game state: an immutable, hashable value holding a whole game.

Apply a move and get a new state; nothing is ever mutated. ``current_player`` is the
seat whose decision it is: the player whose turn it is, or, while a card is offered,
the seat it is offered to (SK-OFFER).

>>> from scala40.games.skarney import new_game
>>> state = new_game("partnership", players=4, seed=1)
>>> state.phase, state.current_player, [len(hand) for hand in state.hands], len(state.stock)
(<Phase.DRAW: 'draw'>, 2, [11, 11, 11, 11], 64)
>>> state.teams, state.rules.contract_size(state.hand_number)
(((0, 2), (1, 3)), 3)
>>> state = state.apply("draw")
>>> state.phase, len(state.hands[2])
(<Phase.PLAY: 'play'>, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from scala40._base.engine import new_game_fields, resolve_rules
from scala40._base.position import PositionReader
from scala40._base.state import (
    MAX_COUNT,
    MAX_SEED_DIGITS,
    MAX_TURN_MOVES,
    new_state,
    position_stock,
)
from scala40._base.state_record import order_fields
from scala40._format.serial import as_items, tuple_or
from scala40.cards import CARD_NAMES, Card, format_cards
from scala40.checks import describe
from scala40.errors import InvalidStateError, Scala40Error
from scala40.games.skarney import engine, load
from scala40.games.skarney.generate import barred_moves, generate
from scala40.games.skarney.load import MAX_PLACED, MAX_SEATS, meld_from_spec
from scala40.games.skarney.moves import MOVES, Accept, Exchange
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.rules import Ruleset
from scala40.games.skarney.state_record import StateRecord
from scala40.games.skarney.view import PlayerView
from scala40.melds import Meld

__all__ = [
    "MAX_COUNT",
    "MAX_SEED_DIGITS",
    "MAX_TURN_MOVES",
    "GameState",
    "meld_from_spec",
    "new_game",
]


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class GameState(StateRecord[PlayerView]):
    """A whole Skarney game at one moment. Build one with :func:`new_game` or
    :meth:`from_position`; change it with :meth:`apply` (its fields are
    :class:`~scala40.games.skarney.state_record.StateRecord`'s)."""

    MOVES = MOVES
    VIEW = PlayerView
    # An accepted offer (SK-OFFER) and a wild card freed by an exchange (SK-EXCHANGE)
    # come into the hand in everyone's sight.
    SHOWING_KINDS = frozenset({Accept, Exchange})

    def face_up_cards(self) -> tuple[Card, ...]:
        """The cards of the table's melds and the card on offer (see
        :meth:`scala40._base.state.StateBase.face_up_cards`)."""
        on_table = tuple(card for meld in self.table for card in meld.cards)
        return on_table if self.offer_card is None else (*on_table, self.offer_card)

    def _offered_from_hand(self) -> tuple[int, Card] | None:
        # The card on offer stays in the offerer's hand until it is accepted (SK-OFFER).
        if self.phase is Phase.OFFER and self.offer_card is not None:
            return self.turn, self.offer_card
        return None

    @property
    def is_last_turn(self) -> bool:
        """Whether the turn being played is the hand's last (SK-END, SK-LOOP)."""
        return engine.is_last_turn(self)

    def __str__(self) -> str:
        lines = [
            f"Skarney hand {self.hand_number}, dealer {self.dealer}, {self.phase.value}, "
            f"turn of player {self.turn} (turn {self.turn_number})",
            f"Pile {len(self.stock)} cards; totals {list(self.totals)}; "
            f"contracts {list(self.contracts)}",
        ]
        if self.phase is Phase.OFFER and self.offer_card is not None:
            lines.append(f"Offer: {CARD_NAMES[self.offer_card]} to player {self.offer_to}")
        for index, (meld, owner) in enumerate(zip(self.table, self.owners)):
            lines.append(f"  #{index}: {meld}  (player {owner})")
        for seat, hand in enumerate(self.hands):
            stop = " stopped" if self.stopped[seat] else ""
            lines.append(f"Player {seat}{stop}: {format_cards(hand)}")
        return "\n".join(lines)

    # -- moves ----------------------------------------------------------------------------

    # The engine's functions themselves (no method in between): every step of a playout
    # lists the moves and applies one of them.
    _generate = generate
    _barred_moves = barred_moves
    _apply = engine.apply
    _apply_trusted = engine.apply_trusted

    _resign = engine.resign
    _consistency_problems = load.consistency_problems

    @staticmethod
    def read_meld(text: str, rules: Ruleset) -> Meld:
        """A table meld of a saved state, from its text (Skarney's melds are the same
        under every ruleset): :func:`~scala40.games.skarney.load.meld_from_spec`."""
        return meld_from_spec(text)

    def _turn_unfinished(self, start: GameState) -> str | None:
        if not self.progress:
            return None
        return (
            f"the turn stops with the contract half made ({self.progress} of "
            f"{self.rules.contract_size(start.hand_number)} melds): its melds are put "
            "down together (SK-CONTRACT)"
        )

    # -- building ---------------------------------------------------------------------------

    _deal = engine.deal  # a new game's first deal (new_state)

    POSITION_READS: ClassVar[tuple[str, ...]] = ("known", "accepted", "turn_number", "offer_card")
    """The fields :meth:`from_position` reads its own way: what each seat is known to hold
    follows from what it accepted and the card on offer, and a position's turn is its
    hand's second unless said otherwise (the usual value, a first turn, is a new hand's)."""

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Iterable[Card] | str],
        table: Sequence[tuple[str | Meld, int]] = (),
        stock: Iterable[Card] | str | None = None,
        turn: int = 0,
        phase: Phase | str = Phase.PLAY,
        rules: Ruleset | str | None = None,
        hand_number: int = 1,
        totals: Sequence[int] | None = None,
        dealer: int | None = None,
        turn_number: int = 2,
        offer_card: Card | str | None = None,
        accepted: Sequence[Iterable[Card] | str] | None = None,
        seed: int = 0,
        **fields: Any,
    ) -> GameState:
        """A position built from its parts (for tests, puzzles and apps).

        ``table`` lists ``(meld, owner seat)`` pairs, melds written like ``"5S 2C=6S
        7S"``. Without ``stock`` the cards not placed elsewhere make the pile, shuffled
        from ``seed``; ``totals`` are 0 by default, and a position is in its hand's
        second turn unless ``turn_number`` says otherwise. ``accepted`` gives the cards
        each seat accepted since its last turn, and ``offer_card`` the card on offer,
        both known to all. ``fields`` give the state's other fields by name, each as its
        spec reads it (``contracts``, ``stopped``, ``offer_to``; and for a turn under
        way ``melded``, ``contract_now``, ``progress``, ``fresh_from``, ``extended``), a
        field left out taking its usual value (by default the turn is at its start,
        nothing melded yet). The position is validated: every problem is named in one
        :class:`~scala40.InvalidStateError`.

        >>> from scala40.games.skarney.state import GameState
        >>> state = GameState.from_position(
        ...     hands=["5S 5H 5D 7C 7C 7D 9S 9H JK KS KD QH", "AS 3C", "AH 4D", "AD 6S"],
        ... )
        >>> [str(move) for move in state.legal_moves()][:4]
        ['meld 5S 5H 5D', 'meld 7D 7C 7C', 'meld 9S 9H JK=9D', 'meld KS JK=KH KD']
        >>> from scala40.cards import format_cards
        >>> after = state.apply_turn("meld 5S 5H 5D; meld 7C 7C 7D; meld KS KD JK")
        >>> after.contracts, format_cards(after.hands[0])
        ((True, False), '9S 9H QH')
        >>> GameState.from_position(hands=["JK JK JK JK JK", "AS", "AH", "AD"])
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidStateError: invalid game state: JK: 5 placed, but the deck has 4
        """
        ruleset = resolve_rules(Ruleset, rules, "Skarney Ruleset")
        read = PositionReader(hands, most_cards=MAX_PLACED, most_seats=MAX_SEATS)
        count = read.count
        problems = read.problems
        accepted_list = as_items(accepted) if accepted is not None else [()] * count
        if accepted_list is None or len(accepted_list) > MAX_SEATS:
            problems.append(
                f"accepted must be a list of cards for each seat, got {describe(accepted)}"
            )
            accepted_list = []
        taken = tuple(
            tuple(sorted(read.cards(cards, f"accepted {i}")))
            for i, cards in enumerate(accepted_list)
        )
        melds: list[Meld] = []
        owners: list[object] = []
        table_list = as_items(table)
        if table_list is None or len(table_list) > MAX_PLACED:
            problems.append(f"table must be a list of (meld, owner) pairs, got {describe(table)}")
            table_list = []
        for index, item in enumerate(table_list):
            pair = as_items(item)
            if pair is None or len(pair) != 2:
                problems.append(
                    f"table meld #{index} must be a (meld, owner) pair, got {describe(item)}"
                )
                continue
            spec, owner = pair
            try:
                melds.append(spec if isinstance(spec, Meld) else meld_from_spec(spec))
            except Scala40Error as error:
                problems.append(f"table meld #{index}: {error}")
            owners.append(owner)
        phase = read.phase(phase, Phase, Phase.PLAY)
        offered = read.card(offer_card, "offer", "offer_card")
        named = read.named(cls, fields)
        read.seed(seed)
        if problems:
            raise InvalidStateError(problems)
        table_cards = (card for meld in melds for card in meld.cards)
        stock_cards = position_stock(read, stock, ruleset.deck.cards, seed, table_cards)
        if problems:
            raise InvalidStateError(problems)
        sides = cls.side_count(ruleset, count)
        return cls._positioned(
            read,
            {
                **read.fields(ruleset, phase, turn, dealer, hand_number, seed),
                "stock": stock_cards,
                "table": tuple(melds),
                "owners": tuple(owners),
                "totals": tuple_or(totals, (0,) * sides),
                "known": tuple(
                    tuple(sorted((*taken[seat], offered)))
                    if offered is not None and seat == turn and offered not in taken[seat]
                    else taken[seat]
                    for seat in range(len(taken))
                ),
                "accepted": taken,
                "turn_number": turn_number,
                "offer_card": offered,
                **named,
            },
        )


def new_game(
    rules: Ruleset | str | None = None,
    players: int = 4,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
) -> GameState:
    """Start a game: the first dealer is drawn by lot (C-LOT) and the first hand dealt
    (SK-DEAL).

    ``rules`` is a :class:`~scala40.games.skarney.rules.Ruleset` or a preset name
    (``partnership`` by default: 4 players). The same seed and moves give the same game
    (C-RNG); ``seed=None`` draws one from the operating system. With
    ``auto_chance=False`` the state waits at ``Phase.DEAL`` for a
    ``Deal`` move.

    >>> from scala40.games.skarney.state import new_game
    >>> a, b = new_game("singles", players=3, seed=42), new_game("singles", players=3, seed=42)
    >>> a == b, a.hand_number, a.teams
    (True, 1, ((0,), (1,), (2,)))
    >>> new_game("partnership", players=3)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: players must be from 4 to 4 under these rules, got 3
    """
    ruleset = resolve_rules(Ruleset, rules, "Skarney Ruleset")
    fields = new_game_fields(
        ruleset,
        players,
        seed,
        auto_chance,
        None,
        Phase.DEAL,
        players_note=" under these rules",
        skip_one=False,
    )
    sides = GameState.side_count(ruleset, fields["player_count"])
    return new_state(
        GameState,
        {**fields, "table": (), "owners": (), "totals": (0,) * sides, "turn_number": 0},
        auto_chance,
    )
