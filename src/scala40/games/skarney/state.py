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

import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from scala40._checks import describe, is_bool, is_int
from scala40._rng import random_below, seed_state, shuffle
from scala40._serial import (
    MAX_COUNT,
    MAX_READ_ITEMS,
    MAX_SEED_DIGITS,
    FieldReader,
    as_items,
    expect_header,
    is_card_code,
    is_card_codes,
    is_count,
    is_seed,
    is_total,
    tuple_or,
)
from scala40._state import MAX_TURN_MOVES, StateBase
from scala40.cards import CARD_NAMES, Card, as_cards, format_cards
from scala40.errors import (
    InvalidArgumentError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.games.skarney import engine, view
from scala40.games.skarney.generate import generate
from scala40.games.skarney.moves import MOVES, Deal, Move, PutDown, parse_meld_spec
from scala40.games.skarney.phases import HandResult, Phase, is_stop_card, side_of, side_seats
from scala40.games.skarney.rules import Ruleset, hand_penalty
from scala40.games.skarney.view import PlayerView
from scala40.match import ScoreOrder, best_seats, singles
from scala40.melds import Meld, MeldKind
from scala40.movekinds import MAX_MOVE_TEXT

__all__ = [
    "MAX_COUNT",
    "MAX_SEED_DIGITS",
    "MAX_TURN_MOVES",
    "GameState",
    "meld_from_spec",
    "new_game",
]

STATE_FORMAT = "scala40.skarney.state"
STATE_FORMAT_VERSION = 1


def _ruleset_of(rules: Ruleset | str | None) -> Ruleset:
    if rules is not None and not isinstance(rules, (str, Ruleset)):
        raise InvalidArgumentError(
            f"expected a Skarney Ruleset or a preset name, got {describe(rules)}"
        )
    return Ruleset.resolve(rules)


@attrs.frozen(repr=False, weakref_slot=False)
class GameState(StateBase):
    """A whole Skarney game at one moment. Build one with :func:`new_game` or
    :meth:`from_position`; change it with :meth:`apply`."""

    rules: Ruleset
    player_count: int
    dealer: int
    hand_number: int
    phase: Phase
    turn: int
    """The player whose turn it is (while a card is offered: the player who offered it)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted (an offered card stays in its owner's hand until accepted)."""
    stock: tuple[Card, ...]
    """The draw pile, top card last."""
    table: tuple[Meld, ...]
    """Melds on the table, in the order they were put down (``#0`` first)."""
    owners: tuple[int, ...]
    """The seat that put down each table meld; its side owns it (SK-EXTEND, SK-SCORE-MELDS)."""
    contracts: tuple[bool, ...]
    """For each side, whether it has made its contract this hand (SK-CONTRACT)."""
    totals: tuple[int, ...]
    """Each side's running total (SK-GAME)."""
    stopped: tuple[bool, ...]
    """Seats that accepted a stop card and skip their next draw (SK-STOP)."""
    known: tuple[tuple[Card, ...], ...]
    """Cards everyone knows each seat holds: cards it accepted, or offered and kept
    (SK-OFFER), while they stay in its hand."""
    accepted: tuple[tuple[Card, ...], ...]
    """Cards each seat accepted since its last turn ended (SK-OFFER ``no_offer_back``)."""
    turn_number: int
    """The turn being played in the hand, from 1 (SK-LOOP)."""
    melded: bool
    """Whether the player to move has put down or extended a meld this turn: exchanges come
    before (SK-TURN)."""
    contract_now: bool
    """Whether the player to move made his side's contract this turn (SK-TURN)."""
    progress: int
    """Contract melds put down this turn towards a contract not yet complete (SK-CONTRACT)."""
    fresh_from: int
    """The index of the first table meld put down this turn (SK-EXTEND)."""
    extended: tuple[int, ...]
    """Cards added this turn to each table meld (SK-EXTEND)."""
    offer_card: Card | None
    """The card being offered, in the offer phase (SK-OFFER)."""
    offer_to: int | None
    """The seat the card is offered to, who decides now (SK-OFFER)."""
    winners: tuple[int, ...]
    rng: int
    """Randomness the deals draw from (C-RNG)."""
    auto_chance: bool
    """Whether the engine deals by itself."""
    last_hand: HandResult | None
    """How the previous hand ended."""
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False, metadata={"cache": True}
    )

    game_name: ClassVar[str] = "skarney"
    """The name of the game in the registry (:func:`scala40.game.load_game`)."""
    MOVES = MOVES
    VIEW = PlayerView
    FORMAT = STATE_FORMAT
    FORMAT_VERSION = STATE_FORMAT_VERSION

    # -- what the protocol asks -------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that decides now: the player whose turn it is, or the seat a card is
        offered to (SK-OFFER); ``None`` at a deal or the end."""
        if self.phase is Phase.OFFER:
            return self.offer_to
        return self.turn if self.phase in (Phase.DRAW, Phase.PLAY) else None

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a deal (seen only with ``auto_chance=False``)."""
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (SK-GAME)."""
        return self.phase is Phase.OVER

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: partners sit opposite, seats 0 and 2 against 1 and 3 (SK-PLAYERS).

        >>> new_game("singles", players=3, seed=1).teams
        ((0,), (1,), (2,))
        """
        if self.rules.partnership:
            return tuple(side_seats(side, self.player_count, True) for side in range(2))
        return singles(self.player_count)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total: its side's (SK-GAME)."""
        partnership = self.rules.partnership
        return tuple(self.totals[side_of(seat, partnership)] for seat in range(self.player_count))

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (an index of ``totals`` and ``contracts``).

        :raises InvalidValueError: ``seat`` is not a seat of the game.
        """
        if not (is_int(seat) and 0 <= seat < self.player_count):
            raise InvalidValueError(
                f"seat must be from 0 to {self.player_count - 1}, got {describe(seat)}"
            )
        return side_of(seat, self.rules.partnership)

    @property
    def is_last_turn(self) -> bool:
        """Whether the turn being played is the hand's last (SK-END, SK-LOOP)."""
        return engine.is_last_turn(self)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the game wherever it is, sorted: always the deck's (C-DECK).

        >>> state = new_game(seed=1)
        >>> state.all_cards() == state.rules.deck.cards
        True
        """
        cards = list(self.stock)
        for hand in self.hands:
            cards.extend(hand)
        for meld in self.table:
            cards.extend(meld.cards)
        # Between hands every card is back in the deck.
        return tuple(sorted(cards)) if cards else self.rules.deck.cards

    def chance_cards(self) -> tuple[Card, ...]:
        """Before a deal, the whole deck (SK-DEAL); else nothing."""
        return self.rules.deck.cards if self.phase is Phase.DEAL else ()

    def _chance(self, order: tuple[Card, ...]) -> Deal:
        return Deal(order)

    def __repr__(self) -> str:
        return (
            f"<GameState skarney hand {self.hand_number} {self.phase.value} "
            f"player {self.current_player} totals {list(self.totals)}>"
        )

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

    def _generate(self) -> Iterable[Move]:
        return generate(self)

    def _apply(self, move: Move) -> GameState:
        return engine.apply(self, move)

    def _field_problems(self) -> list[str]:
        return _field_problems(self)

    def _consistency_problems(self) -> list[str]:
        return _consistency_problems(self)

    def _turn_unfinished(self, start: GameState) -> str | None:
        if not self.progress:
            return None
        return (
            f"the turn stops with the contract half made ({self.progress} of "
            f"{self.rules.contract_size(start.hand_number)} melds): its melds are put "
            "down together (SK-CONTRACT)"
        )

    # -- building ---------------------------------------------------------------------------

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
        contracts: Sequence[bool] | None = None,
        totals: Sequence[int] | None = None,
        stopped: Sequence[bool] | None = None,
        dealer: int | None = None,
        turn_number: int = 2,
        offer_card: Card | str | None = None,
        offer_to: int | None = None,
        accepted: Sequence[Iterable[Card] | str] | None = None,
        seed: int = 0,
    ) -> GameState:
        """A position built from its parts (for tests, puzzles and apps).

        ``table`` lists ``(meld, owner seat)`` pairs, melds written like ``"5S 2C=6S
        7S"``. Without ``stock`` the cards not placed elsewhere make the pile, shuffled
        from ``seed``. ``accepted`` gives the cards each seat accepted since its last
        turn (known to all). The turn is at its start (nothing melded yet). The position
        is validated: every problem is named in one :class:`~scala40.InvalidStateError`.

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
        scala40.errors.InvalidStateError: invalid game state: JK: 5 placed, the deck has 4
        """
        ruleset = _ruleset_of(rules)
        problems: list[str] = []
        hand_list = as_items(hands)
        if hand_list is None or len(hand_list) > _MAX_SEATS:
            raise InvalidStateError([f"hands must be a list of hands, got {describe(hands)}"])
        count = len(hand_list)

        def cards_of(value: object, what: str) -> tuple[Card, ...]:
            try:
                found = as_cards(value)  # type: ignore[arg-type]
            except InvalidCardError as error:
                problems.append(f"{what}: {error}")
                return ()
            if len(found) > _MAX_PLACED:
                problems.append(f"{what}: {len(found)} cards, more than a deck holds")
                return ()
            return found

        hand_cards = tuple(
            tuple(sorted(cards_of(h, f"hand {i}"))) for i, h in enumerate(hand_list)
        )
        accepted_list = as_items(accepted) if accepted is not None else [()] * count
        if accepted_list is None or len(accepted_list) > _MAX_SEATS:
            problems.append(
                f"accepted must be a list of cards for each seat, got {describe(accepted)}"
            )
            accepted_list = []
        taken = tuple(
            tuple(sorted(cards_of(cards, f"accepted {i}")))
            for i, cards in enumerate(accepted_list)
        )
        melds: list[Meld] = []
        owners: list[object] = []
        table_list = as_items(table)
        if table_list is None or len(table_list) > _MAX_PLACED:
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
        try:
            phase = Phase(phase)
        except Exception:  # not a phase (the enum's own message repr()s the value)
            problems.append(f"unknown phase {describe(phase)}")
            phase = Phase.PLAY
        offered = None
        if offer_card is not None:
            found = cards_of(
                [offer_card] if not isinstance(offer_card, str) else offer_card, "offer"
            )
            if len(found) == 1:
                offered = found[0]
            elif found:
                problems.append(f"offer_card must be one card, got {describe(offer_card)}")
        if not is_seed(seed):
            problems.append(
                f"seed must be an integer of at most {MAX_SEED_DIGITS} digits, got {describe(seed)}"
            )
        if problems:
            raise InvalidStateError(problems)
        placed: Counter[Card] = Counter()
        for hand in hand_cards:
            placed.update(hand)
        for meld in melds:
            placed.update(meld.cards)
        deck = Counter(ruleset.deck.cards)
        if stock is None:
            extra = placed - deck
            if extra:
                raise InvalidStateError(
                    [
                        f"{CARD_NAMES[c]}: {placed[c]} placed, the deck has {deck[c]}"
                        for c in sorted(extra)
                    ]
                )
            rest = tuple(sorted((deck - placed).elements()))
            stock_cards, _ = shuffle(rest, seed_state(seed))
        else:
            stock_cards = cards_of(stock, "stock")
            if problems:
                raise InvalidStateError(problems)
        sides = 2 if ruleset.partnership else count
        if dealer is None:
            dealer = (turn - 1) % max(count, 1) if is_int(turn) else 0
        state = cls(
            rules=ruleset,
            player_count=count,
            dealer=dealer,
            hand_number=hand_number,
            phase=phase,
            turn=turn,
            hands=hand_cards,
            stock=tuple(stock_cards),
            table=tuple(melds),
            owners=tuple(owners),  # type: ignore[arg-type]
            contracts=tuple_or(contracts, (False,) * sides),
            totals=tuple_or(totals, (0,) * sides),
            stopped=tuple_or(stopped, (False,) * count),
            known=tuple(
                tuple(sorted((*taken[seat], offered)))
                if offered is not None and seat == turn and offered not in taken[seat]
                else taken[seat]
                for seat in range(len(taken))
            ),
            accepted=taken,
            turn_number=turn_number,
            melded=False,
            contract_now=False,
            progress=0,
            fresh_from=len(melds),
            extended=(0,) * len(melds),
            offer_card=offered,
            offer_to=offer_to,
            winners=(),
            rng=seed_state(seed),
            auto_chance=True,
            last_hand=None,
        )
        state.validate()
        return state

    # -- serialization ---------------------------------------------------------------------

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "players": self.player_count,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [format_cards(hand) for hand in self.hands],
            "stock": format_cards(self.stock),
            "table": [str(meld) for meld in self.table],
            "owners": list(self.owners),
            "contracts": list(self.contracts),
            "totals": list(self.totals),
            "stopped": list(self.stopped),
            "known": [format_cards(cards) for cards in self.known],
            "accepted": [format_cards(cards) for cards in self.accepted],
            "turn_number": self.turn_number,
            "melded": self.melded,
            "contract_now": self.contract_now,
            "progress": self.progress,
            "fresh_from": self.fresh_from,
            "extended": list(self.extended),
            "offer_card": None if self.offer_card is None else CARD_NAMES[self.offer_card],
            "offer_to": self.offer_to,
            "winners": list(self.winners),
            "rng": f"{self.rng:016x}",
            "auto_chance": self.auto_chance,
            "last_hand": None if self.last_hand is None else _result_to_dict(self.last_hand),
        }

    @classmethod
    def _load(cls, data: Mapping[str, Any]) -> GameState:
        return _state_from_dict(data)


_MAX_SEATS = 64
"""The longest list of seats an argument may give (the rules allow 4)."""
_MAX_PLACED = MAX_READ_ITEMS
"""No position places more cards than this (the largest Skarney deck holds 112)."""


def meld_from_spec(spec: str) -> Meld:
    """Read a table meld written like ``5S 2C=6S 7S`` (each wild card with its card).

    :raises InvalidMoveError, InvalidCardError, IllegalMoveError: ``spec`` is not the text
        of a Skarney meld.
    """
    if not isinstance(spec, str):
        raise InvalidMoveError(f"expected meld text, got {describe(spec)}")
    if len(spec) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"meld text of {len(spec)} characters: no meld is that long")
    cards, represented = parse_meld_spec(spec.split())
    return engine.resolve_meld(PutDown(cards, represented))


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "went_out": result.went_out,
        "meld_points": list(result.meld_points),
        "hand_points": list(result.hand_points),
        "bonus": list(result.bonus),
        "shutout": result.shutout,
        "void": result.void,
        "points": list(result.points),
        "hands": [format_cards(hand) for hand in result.hands],
    }


# ---------------------------------------------------------------- validation


def _field_problems(state: GameState) -> list[str]:
    """The problems of a state's fields taken one by one: their types and ranges. A state
    with any is checked no further (its other checks would mean nothing)."""
    rules: object = state.rules
    if not isinstance(rules, Ruleset):
        return [f"rules must be a Skarney Ruleset, got {describe(rules)}"]
    count = state.player_count
    if not (is_int(count) and rules.min_players <= count <= rules.max_players):
        return [
            f"player_count must be from {rules.min_players} to {rules.max_players}, "
            f"got {describe(count)}"
        ]
    sides = 2 if rules.partnership else count
    problems: list[str] = []
    table: object = state.table
    table_ok = isinstance(table, tuple) and all(isinstance(meld, Meld) for meld in table)
    if not table_ok:
        problems.append(f"table must be a tuple of melds, got {describe(table)}")
    table_size = len(state.table) if table_ok else None

    def entries(name: str, size: int | None, test: Any, what: str) -> None:
        values = getattr(state, name)
        if not isinstance(values, tuple):
            problems.append(f"{name} must be a tuple, got {describe(values)}")
        elif size is not None and len(values) != size:
            problems.append(f"{name} must have {size} entries, got {len(values)}")
        elif not all(test(value) for value in values):
            problems.append(f"{name} must hold {what}, got {describe(values)}")

    entries("hands", count, is_card_codes, "cards")
    entries("known", count, is_card_codes, "cards")
    entries("accepted", count, is_card_codes, "cards")
    entries("stopped", count, is_bool, "True or False")
    entries("contracts", sides, is_bool, "True or False")
    entries("totals", sides, is_total, f"integers from -{MAX_COUNT} to {MAX_COUNT}")
    entries("owners", table_size, lambda seat: is_int(seat) and 0 <= seat < count, "seats")
    entries("extended", table_size, is_count, "counts")
    entries("winners", None, lambda seat: is_int(seat) and 0 <= seat < count, "seats")
    if not is_card_codes(state.stock, _MAX_PLACED):
        problems.append(f"stock must be a tuple of cards, got {describe(state.stock)}")
    phase: object = state.phase
    if not isinstance(phase, Phase):
        problems.append(f"phase must be a Phase, got {describe(phase)}")
    for name in ("turn", "dealer"):
        value = getattr(state, name)
        if not (is_int(value) and 0 <= value < count):
            problems.append(f"{name} must be a seat from 0 to {count - 1}, got {describe(value)}")
    for name in ("hand_number", "turn_number", "progress", "fresh_from"):
        value = getattr(state, name)
        if not is_count(value):
            problems.append(
                f"{name} must be an integer from 0 to {MAX_COUNT}, got {describe(value)}"
            )
    for name in ("melded", "contract_now", "auto_chance"):
        if not is_bool(getattr(state, name)):
            problems.append(f"{name} must be True or False, got {describe(getattr(state, name))}")
    if state.offer_card is not None and not is_card_code(state.offer_card):
        problems.append(f"offer_card must be a card or None, got {describe(state.offer_card)}")
    offer_to: object = state.offer_to
    if offer_to is not None and not (is_int(offer_to) and 0 <= offer_to < count):
        problems.append(
            f"offer_to must be a seat from 0 to {count - 1} or None, got {describe(offer_to)}"
        )
    if not (is_int(state.rng) and 0 <= state.rng < 1 << 64):
        problems.append(f"rng must be an integer of 64 bits, got {describe(state.rng)}")
    last: object = state.last_hand
    if last is not None:
        if not isinstance(last, HandResult):
            problems.append(f"last_hand must be a HandResult or None, got {describe(last)}")
        else:
            problems.extend(_result_field_problems(last, count, sides))
    return problems


def _result_field_problems(result: HandResult, count: int, sides: int) -> list[str]:
    problems: list[str] = []
    if not is_count(result.hand_number):
        problems.append(
            f"last_hand: hand_number must be a count, got {describe(result.hand_number)}"
        )
    went_out: object = result.went_out
    if went_out is not None and not (is_int(went_out) and 0 <= went_out < count):
        problems.append(
            f"last_hand: went_out must be a seat from 0 to {count - 1} or None, "
            f"got {describe(went_out)}"
        )
    for name in ("meld_points", "hand_points", "bonus", "points"):
        values = getattr(result, name)
        if not (isinstance(values, tuple) and len(values) == sides and all(map(is_total, values))):
            problems.append(f"last_hand: {name} must be {sides} totals, got {describe(values)}")
    for name in ("shutout", "void"):
        if not is_bool(getattr(result, name)):
            problems.append(
                f"last_hand: {name} must be True or False, got {describe(getattr(result, name))}"
            )
    hands: object = result.hands
    if not (isinstance(hands, tuple) and len(hands) == count and all(map(is_card_codes, hands))):
        problems.append(f"last_hand: hands must be {count} hands, got {describe(hands)}")
    return problems


def _consistency_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    rules = state.rules
    count = state.player_count
    phase = state.phase
    in_play = phase in (Phase.DRAW, Phase.PLAY, Phase.OFFER)
    # Every card of the deck is somewhere, exactly once (C-DECK); between hands, nowhere.
    found: Counter[Card] = Counter(state.stock)
    for hand in state.hands:
        found.update(hand)
    for meld in state.table:
        found.update(meld.cards)
    expected = Counter(rules.deck.cards)
    if in_play:
        for card in sorted(set(found) | set(expected)):
            if found[card] != expected[card]:
                problems.append(
                    f"{CARD_NAMES[card]}: {found[card]} in play, the deck has {expected[card]}"
                )
    for index, meld in enumerate(state.table):
        if meld.rules != rules.meld_rules or meld not in rules.meld_rules.readings(meld.cards):
            problems.append(f"table meld #{index} ({meld}) is not a Skarney meld")
    for seat in range(count):
        if Counter(state.known[seat]) - Counter(state.hands[seat]):
            problems.append(f"seat {seat} is known to hold cards it does not hold")
    if state.last_hand is not None:
        problems.extend(_result_problems(state, state.last_hand))
    if not in_play:
        problems.extend(_between_hands_problems(state))
        return problems
    problems.extend(_hand_problems(state))
    return problems


def _between_hands_problems(state: GameState) -> list[str]:
    """A game waiting for a deal, or over: no card placed, nothing of a turn left, the
    winners those with the highest total (SK-GAME)."""
    problems: list[str] = []
    rules = state.rules
    phase = state.phase
    if any(state.hands) or state.stock or state.table or any(state.known) or any(state.accepted):
        problems.append(f"cards are placed at the {phase.value} phase")
    if (
        state.owners
        or any(state.contracts)
        or any(state.stopped)
        or state.turn_number
        or state.melded
        or state.contract_now
        or state.progress
        or state.fresh_from
        or state.extended
        or state.offer_card is not None
        or state.offer_to is not None
    ):
        problems.append(f"turn details are set at the {phase.value} phase")
    if phase is Phase.DEAL:
        if state.hand_number >= rules.hands:
            problems.append(
                f"hand {state.hand_number} of {rules.hands} is over: no other hand is dealt"
            )
        if state.turn != state.dealer:
            problems.append(
                f"a hand is to be dealt: the dealer ({state.dealer}) is the seat named, "
                f"not {state.turn}"
            )
        if state.winners:
            problems.append("the game has winners but is not over")
        return problems
    if state.hand_number != rules.hands:
        problems.append(
            f"the game is over after hand {rules.hands}, but hand_number is {state.hand_number}"
        )
    best = best_seats(state.scores, range(state.player_count), ScoreOrder.HIGH)
    if state.winners != best:
        problems.append(
            f"the winners are the seats of the highest total {list(best)}, "
            f"not {list(state.winners)} (SK-GAME)"
        )
    return problems


def _hand_problems(state: GameState) -> list[str]:
    """A hand in play: the hand number, the turn, the contract, the offer (SK-TURN,
    SK-CONTRACT, SK-EXTEND, SK-OFFER, SK-STOP)."""
    problems: list[str] = []
    rules = state.rules
    count = state.player_count
    phase = state.phase
    turn = state.turn
    partnership = rules.partnership
    table = state.table
    if state.winners:
        problems.append("the game has winners but is not over")
    if not 1 <= state.hand_number <= rules.hands:
        problems.append(f"hand_number must be from 1 to {rules.hands}, got {state.hand_number}")
        return problems
    limit = rules.turn_limit
    if not 1 <= state.turn_number <= (limit or MAX_COUNT):
        problems.append(
            f"turn_number must be from 1 to {limit or MAX_COUNT}, got {state.turn_number}"
        )
    for seat, hand in enumerate(state.hands):
        if not hand:
            problems.append(f"seat {seat} holds no card, but the hand goes on")
    if state.stopped[turn]:
        problems.append(f"seat {turn} is stopped, but its turn has begun (SK-STOP)")
    for seat in range(count):
        if seat == turn and phase is not Phase.DRAW:
            continue  # cards accepted before the turn may be melded in it
        if Counter(state.accepted[seat]) - Counter(state.known[seat]):
            problems.append(f"seat {seat} accepted cards that are not known to be in its hand")
        if state.stopped[seat] and not any(map(is_stop_card, state.accepted[seat])):
            problems.append(f"seat {seat} is stopped but accepted no stop card (SK-STOP)")
    # The turn's melds and extensions (SK-EXTEND).
    fresh_from = state.fresh_from
    if fresh_from > len(table):
        problems.append(f"fresh_from must be from 0 to {len(table)}, got {fresh_from}")
        return problems
    most = rules.extend_limit_per_meld
    for index, added in enumerate(state.extended):
        if index >= fresh_from and added:
            problems.append(f"extended counts cards added to meld #{index}, put down this turn")
        elif most is not None and added > most:
            problems.append(f"meld #{index} had {added} cards added this turn, more than {most}")
    for index in range(fresh_from, len(table)):
        if state.owners[index] != turn:
            problems.append(f"table meld #{index} was put down this turn, not by seat {turn}")
    if (state.contract_now or fresh_from < len(table) or any(state.extended)) and (
        not state.melded
    ):
        problems.append("melds were put down or extended this turn but melded is not set")
    # The contract (SK-CONTRACT).
    side = side_of(turn, partnership)
    size = rules.contract_size(state.hand_number)
    if not rules.contract:
        if any(state.contracts) or state.progress or state.contract_now:
            problems.append("a contract is recorded but the rules ask for none")
    else:
        if not state.progress < size:
            problems.append(f"progress must be from 0 to {size - 1}, got {state.progress}")
        elif state.progress:
            fresh = table[fresh_from:]
            if (
                state.contracts[side]
                or len(fresh) != state.progress
                or any(len(meld.cards) != 3 or meld.kind is MeldKind.WILD for meld in fresh)
                or len({meld.kind for meld in fresh}) != 1
            ):
                problems.append("the contract in progress is not the turn's 3-card melds")
        if state.contract_now and not state.contracts[side]:
            problems.append("contract_now is set but the side has no contract")
    # The phase.
    if phase is Phase.DRAW:
        if not state.stock:
            problems.append("a draw with an empty pile (the hand should have ended)")
        if state.melded or state.progress or state.contract_now or fresh_from != len(table):
            problems.append("turn details are set before the draw")
    if phase is Phase.OFFER:
        offered, taker = state.offer_card, state.offer_to
        if offered is None or taker is None or taker == turn:
            problems.append("an offer needs a card and a seat to offer it to")
        elif offered not in state.hands[turn] or offered not in state.known[turn]:
            problems.append("the offered card must be in the offerer's hand, known to all")
        elif is_stop_card(offered) and taker != (turn + 1) % count:
            problems.append("a stop card is offered to the next seat only (SK-OFFER)")
        if state.progress:
            problems.append("an offer is made with the contract half made")
        if len(state.hands[turn]) < 2:
            problems.append("a card is offered by a seat holding one card (SK-OFFER)")
        if engine.is_last_turn(state):
            problems.append("the last turn of a hand makes no offer (SK-END, SK-LOOP)")
    elif state.offer_card is not None or state.offer_to is not None:
        problems.append("an offered card outside the offer phase")
    return problems


def _result_problems(state: GameState, result: HandResult) -> list[str]:
    """How the last hand ended, against the state that followed it (SK-SCORE-MELDS,
    SK-SCORE-HAND, SK-BONUS, SK-TIE)."""
    problems: list[str] = []
    rules = state.rules
    partnership = rules.partnership
    sides = len(state.totals)
    after = state.phase in (Phase.DEAL, Phase.OVER)
    expected = state.hand_number if after else state.hand_number - 1
    if result.hand_number != expected or expected < 1:
        problems.append(
            f"last_hand: hand {result.hand_number} cannot precede this point of hand "
            f"{state.hand_number}"
        )
    held: Counter[Card] = Counter()
    penalties = [0] * sides
    for seat, hand in enumerate(result.hands):
        held.update(hand)
        penalties[side_of(seat, partnership)] += hand_penalty(hand)
    deck = Counter(rules.deck.cards)
    problems.extend(
        f"last_hand: {CARD_NAMES[card]} held {held[card]} times, the deck has {deck[card]}"
        for card in sorted(held - deck)
    )
    went_out = result.went_out
    if went_out is not None and result.hands[went_out]:
        problems.append(f"last_hand: seat {went_out} went out but holds cards")
    if result.shutout and went_out is None:
        problems.append("last_hand: a shutout needs a seat that went out")
    if result.void and (went_out is not None or any(result.points)):
        problems.append("last_hand: a void hand is one nobody went out in, and scores nothing")
    if any(value < 0 for value in (*result.meld_points, *result.hand_points, *result.bonus)):
        problems.append("last_hand: meld points, hand points and bonuses are not negative")
    if sum(1 for bonus in result.bonus if bonus) > 1:
        problems.append("last_hand: one side at most earns a bonus")
    for side in range(sides):
        if result.hand_points[side] not in (0, penalties[side]):
            problems.append(
                f"last_hand: side {side} subtracts {result.hand_points[side]}, but its cards "
                f"left are worth {penalties[side]}"
            )
        gained = result.meld_points[side] - result.hand_points[side] + result.bonus[side]
        if not result.void and result.points[side] != gained:
            problems.append(
                f"last_hand: side {side} gains {result.points[side]}, not the {gained} its "
                "melds, cards left and bonus make"
            )
    return problems


# ---------------------------------------------------------------- reading back

_STATE_FIELDS = frozenset({
    "rules", "players", "dealer", "hand_number", "phase", "turn", "hands", "stock",
    "table", "owners", "contracts", "totals", "stopped", "known", "accepted",
    "turn_number", "melded", "contract_now", "progress", "fresh_from", "extended",
    "offer_card", "offer_to", "winners", "rng", "auto_chance", "last_hand",
})  # fmt: skip
_RESULT_FIELDS = frozenset({
    "hand_number", "went_out", "meld_points", "hand_points", "bonus", "shutout", "void",
    "points", "hands",
})  # fmt: skip
_HEADER = frozenset({"format", "version"})


def _result_from_dict(value: object) -> HandResult | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SerializationError(
            f"skarney state: last_hand must be a mapping or null, got {describe(value)}"
        )
    read = FieldReader(value, "skarney state: last_hand: ")
    read.keys(_RESULT_FIELDS)
    went_out = read.optional_integer("went_out", -MAX_COUNT, MAX_COUNT)
    return HandResult(
        hand_number=read.integer("hand_number", 0, MAX_COUNT),
        went_out=went_out,
        meld_points=read.ints("meld_points", -MAX_COUNT, MAX_COUNT),
        hand_points=read.ints("hand_points", -MAX_COUNT, MAX_COUNT),
        bonus=read.ints("bonus", -MAX_COUNT, MAX_COUNT),
        shutout=read.boolean("shutout"),
        void=read.boolean("void"),
        points=read.ints("points", -MAX_COUNT, MAX_COUNT),
        hands=read.card_lists("hands"),
    )


def _state_from_dict(data: Mapping[str, Any]) -> GameState:
    data = expect_header(data, STATE_FORMAT, STATE_FORMAT_VERSION)
    read = FieldReader(data, "skarney state: ")
    read.keys(_STATE_FIELDS, _HEADER)
    try:
        rules = Ruleset.from_dict(data["rules"])
    except SerializationError as error:
        raise read.fail(str(error)) from None
    phase = read.choice("phase", Phase)
    table_data = data["table"]
    if not isinstance(table_data, list) or len(table_data) > _MAX_PLACED:
        raise read.fail(f"table must be a list of meld texts, got {describe(table_data)}")
    table = []
    for index, spec in enumerate(table_data):
        try:
            table.append(meld_from_spec(spec))
        except Scala40Error as error:
            raise read.fail(f"table meld #{index}: {error}") from None
    low, high = -MAX_COUNT, MAX_COUNT
    state = GameState(
        rules=rules,
        player_count=read.integer("players", 0, _MAX_SEATS),
        dealer=read.integer("dealer", low, high),
        hand_number=read.integer("hand_number", low, high),
        phase=phase,
        turn=read.integer("turn", low, high),
        hands=read.card_lists("hands"),
        stock=read.cards(data["stock"], "stock"),
        table=tuple(table),
        owners=read.ints("owners", low, high),
        contracts=read.bools("contracts"),
        totals=read.ints("totals", low, high),
        stopped=read.bools("stopped"),
        known=read.card_lists("known"),
        accepted=read.card_lists("accepted"),
        turn_number=read.integer("turn_number", low, high),
        melded=read.boolean("melded"),
        contract_now=read.boolean("contract_now"),
        progress=read.integer("progress", low, high),
        fresh_from=read.integer("fresh_from", low, high),
        extended=read.ints("extended", low, high),
        offer_card=read.optional_card("offer_card"),
        offer_to=read.optional_integer("offer_to", low, high),
        winners=read.ints("winners", low, high),
        rng=read.rng("rng"),
        auto_chance=read.boolean("auto_chance"),
        last_hand=_result_from_dict(data["last_hand"]),
    )
    problems = state.problems()
    if problems:
        raise read.fail("invalid state: " + "; ".join(problems))
    return state


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

    >>> a, b = new_game("singles", players=3, seed=42), new_game("singles", players=3, seed=42)
    >>> a == b, a.hand_number, a.teams
    (True, 1, ((0,), (1,), (2,)))
    >>> new_game("partnership", players=3)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidStateError: invalid game state: players must be from 4 to 4 under these rules, got 3
    """
    ruleset = _ruleset_of(rules)
    if not (type(players) is int and ruleset.min_players <= players <= ruleset.max_players):
        raise InvalidStateError(
            [
                f"players must be from {ruleset.min_players} to {ruleset.max_players} under "
                f"these rules, got {describe(players)}"
            ]
        )
    if not is_bool(auto_chance):
        raise InvalidArgumentError(
            f"auto_chance must be True or False, got {describe(auto_chance)}"
        )
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer or None, got {describe(seed)}")
    elif not is_seed(seed):
        raise InvalidValueError(
            f"seed must have at most {MAX_SEED_DIGITS} digits, got {describe(seed)}"
        )
    rng = seed_state(seed)
    dealer, rng = random_below(players, rng)  # C-LOT
    sides = 2 if ruleset.partnership else players
    state = GameState(
        rules=ruleset,
        player_count=players,
        dealer=dealer,
        hand_number=0,
        phase=Phase.DEAL,
        turn=dealer,
        hands=((),) * players,
        stock=(),
        table=(),
        owners=(),
        contracts=(False,) * sides,
        totals=(0,) * sides,
        stopped=(False,) * players,
        known=((),) * players,
        accepted=((),) * players,
        turn_number=0,
        melded=False,
        contract_now=False,
        progress=0,
        fresh_from=0,
        extended=(),
        offer_card=None,
        offer_to=None,
        winners=(),
        rng=rng,
        auto_chance=auto_chance,
        last_hand=None,
    )
    return engine.deal(state, None) if auto_chance else state


# The engine and the views make new states without importing this module.
engine.bind(GameState)
view.bind(GameState)
