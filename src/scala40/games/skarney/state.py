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

from scala40._checks import is_int
from scala40._rng import random_below, seed_state, shuffle
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
from scala40.games.skarney import engine, view
from scala40.games.skarney.generate import generate
from scala40.games.skarney.moves import Deal, Move, PutDown, parse_meld_spec, parse_move
from scala40.games.skarney.phases import HandResult, Phase, side_of, side_seats
from scala40.games.skarney.rules import Ruleset
from scala40.games.skarney.view import PlayerView
from scala40.legal import LegalMoves
from scala40.match import singles, win_shares
from scala40.melds import Meld

__all__ = ["GameState", "meld_from_spec", "new_game"]

STATE_FORMAT = "scala40.skarney.state"
STATE_FORMAT_VERSION = 1


def _ruleset_of(rules: Ruleset | str | None) -> Ruleset:
    if rules is not None and not isinstance(rules, (str, Ruleset)):
        raise InvalidArgumentError(f"expected a Skarney Ruleset or a preset name, got {rules!r}")
    return Ruleset.resolve(rules)


@attrs.frozen(repr=False)
class GameState:
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
        """The side ``seat`` plays for (an index of ``totals`` and ``contracts``)."""
        return side_of(seat, self.rules.partnership)

    def returns(self) -> tuple[float, ...]:
        """Each seat's share of the win once the game is over (partners alike), 0 before."""
        return win_shares(self.winners, self.teams, self.player_count)

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

    def chance_move(self, order: Sequence[Card]) -> Deal:
        """The deal of the deck in ``order`` (top card last).

        :raises IllegalMoveError: no deal comes next.
        """
        if self.phase is not Phase.DEAL:
            raise IllegalMoveError("no chance step comes next: " + self.phase.value)
        return Deal(tuple(order))

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

    def legal_moves(self) -> LegalMoves[Move]:
        """The legal moves, as a lazy view: iterate it, test ``move in``, ``count()``.

        Two copies of a card never give two moves (C-IDENTITY); every listed move
        applies; no listed move leads to a position without legal moves.
        """
        return LegalMoves(self._legal_tuple, self._accepts, self._legal)

    def _legal_tuple(self) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = tuple(generate(self))
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
        return engine.apply(self, move)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` is legal here."""
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def apply_turn(self, moves: Iterable[Move | str] | str) -> GameState:
        """The state after several moves of the seat to decide, checked as one turn.

        ``moves`` are move values or texts, or one text with the moves separated by
        ``;``. None may come after the move that hands the decision to another seat. The
        moves may leave the turn unfinished, but not a contract half made: its melds
        must be put down together (SK-CONTRACT).

        :raises IllegalMoveError: a move is not legal where it comes (the message gives
            its place in the turn), or the moves leave the contract half made.
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
        seat = self.current_player
        if seat is None:
            raise IllegalMoveError(
                "no player is to move: "
                + ("the game is over" if self.is_over else "a deal comes first")
            )
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
            ended = state.current_player != seat or state.hand_number != self.hand_number
        if not ended and state.progress:
            raise IllegalMoveError(
                f"the turn stops with the contract half made ({state.progress} of "
                f"{self.rules.contract_size(self.hand_number)} melds): its melds are put "
                "down together (SK-CONTRACT)"
            )
        return state

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: his own hand, how many cards the others hold, the
        table, the offered card and the cards everyone knows a hand holds; nothing of
        his partner's hand."""
        return PlayerView.of(self, player)

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
        count = len(hands)
        problems: list[str] = []

        def cards_of(value: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
            try:
                return as_cards(value)
            except InvalidCardError as error:
                problems.append(f"{what}: {error}")
                return ()

        hand_cards = tuple(tuple(sorted(cards_of(h, f"hand {i}"))) for i, h in enumerate(hands))
        taken = tuple(
            tuple(sorted(cards_of(cards, f"accepted {i}")))
            for i, cards in enumerate(accepted if accepted is not None else ((),) * count)
        )
        melds: list[Meld] = []
        owners: list[int] = []
        for index, (spec, owner) in enumerate(table):
            try:
                melds.append(spec if isinstance(spec, Meld) else meld_from_spec(spec))
            except Scala40Error as error:
                problems.append(f"table meld #{index}: {error}")
            owners.append(owner)
        try:
            phase = Phase(phase)
        except ValueError:
            problems.append(f"unknown phase {phase!r}")
            phase = Phase.PLAY
        offered = None
        if offer_card is not None:
            found = cards_of([offer_card] if isinstance(offer_card, int) else offer_card, "offer")
            offered = found[0] if len(found) == 1 else None
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
                    [f"{CARD_NAMES[c]}: {placed[c]} placed, the deck has {deck[c]}" for c in extra]
                )
            rest = tuple(sorted((deck - placed).elements()))
            stock_cards, _ = shuffle(rest, seed_state(seed))
        else:
            stock_cards = cards_of(stock, "stock")
            if problems:
                raise InvalidStateError(problems)
            total = sum(placed.values()) + len(stock_cards)
            if total != sum(deck.values()):
                raise InvalidStateError(
                    [f"the stock and the places hold {total} cards, the deck {sum(deck.values())}"]
                )
        sides = 2 if ruleset.partnership else count
        state = cls(
            rules=ruleset,
            player_count=count,
            dealer=(turn - 1) % max(count, 1) if dealer is None else dealer,
            hand_number=hand_number,
            phase=phase,
            turn=turn,
            hands=hand_cards,
            stock=tuple(stock_cards),
            table=tuple(melds),
            owners=tuple(owners),
            contracts=tuple(contracts) if contracts is not None else (False,) * sides,
            totals=tuple(totals) if totals is not None else (0,) * sides,
            stopped=tuple(stopped) if stopped is not None else (False,) * count,
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

        >>> import json
        >>> state = new_game(seed=5).apply("draw")
        >>> GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        True
        """
        return {
            "format": STATE_FORMAT,
            "version": STATE_FORMAT_VERSION,
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
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output, validating everything.

        :raises SerializationError: the data is malformed or describes an invalid state.
        """
        return _state_from_dict(data)


def meld_from_spec(spec: str) -> Meld:
    """Read a table meld written like ``5S 2C=6S 7S`` (each wild card with its card)."""
    if not isinstance(spec, str):
        raise InvalidMoveError(f"expected meld text, got {spec!r}")
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


def _validate(state: GameState) -> list[str]:
    """Every inconsistency of a state, for :meth:`GameState.from_dict` and
    :meth:`GameState.from_position`."""
    problems: list[str] = []
    rules = state.rules
    given: object = rules
    if not isinstance(given, Ruleset):
        return [f"rules must be a Skarney Ruleset, got {given!r}"]
    count = state.player_count
    if not (is_int(count) and rules.min_players <= count <= rules.max_players):
        return [
            f"player_count must be from {rules.min_players} to {rules.max_players}, got {count!r}"
        ]
    sides = 2 if rules.partnership else count
    for name, size in (
        ("hands", count), ("stopped", count), ("known", count), ("accepted", count),
        ("contracts", sides), ("totals", sides), ("owners", len(state.table)),
        ("extended", len(state.table)),
    ):  # fmt: skip
        if len(getattr(state, name)) != size:
            problems.append(f"{name} must have {size} entries, got {len(getattr(state, name))}")
    if problems:
        return problems
    for name, value in (("turn", state.turn), ("dealer", state.dealer)):
        if not (is_int(value) and 0 <= value < count):
            problems.append(f"{name} must be a seat from 0 to {count - 1}, got {value!r}")
    if not (is_int(state.hand_number) and 0 <= state.hand_number <= rules.hands):
        problems.append(f"hand_number must be from 0 to {rules.hands}, got {state.hand_number!r}")
    found: Counter[Card] = Counter(state.stock)
    for hand in state.hands:
        found.update(hand)
    for meld in state.table:
        found.update(meld.cards)
    expected = Counter(rules.deck.cards)
    in_play = state.phase not in (Phase.DEAL, Phase.OVER)
    if in_play or found.total() > 0:
        for card in sorted(set(found) | set(expected)):
            if found[card] != expected[card]:
                problems.append(
                    f"{CARD_NAMES[card]}: {found[card]} in play, the deck has {expected[card]}"
                )
    for index, meld in enumerate(state.table):
        if meld not in rules.meld_rules.readings(meld.cards):
            problems.append(f"table meld #{index} ({meld}) is not a Skarney meld")
    for index, owner in enumerate(state.owners):
        if not (is_int(owner) and 0 <= owner < count):
            problems.append(f"table meld #{index} has no owner seat: {owner!r}")
    for seat in range(count):
        left = Counter(state.known[seat]) - Counter(state.hands[seat])
        if left:
            problems.append(f"seat {seat} is known to hold cards it does not hold")
    if not in_play:
        if any(state.hands) or state.stock or state.table:
            problems.append(f"cards are dealt at the {state.phase.value} phase")
        if state.phase is Phase.OVER and not state.winners:
            problems.append("the game is over but has no winner")
        return problems
    if state.winners:
        problems.append("the game has winners but is not over")
    if not state.hand_number:
        problems.append("a hand is played but hand_number is 0")
    if rules.contract is False and any(state.contracts):
        problems.append("a contract is recorded but the rules ask for none")
    if not 1 <= state.turn_number <= (rules.turn_limit or state.turn_number):
        problems.append(f"turn_number must be from 1 to the turn limit, got {state.turn_number}")
    if not 0 <= state.fresh_from <= len(state.table):
        problems.append(f"fresh_from must be from 0 to {len(state.table)}, got {state.fresh_from}")
    elif any(state.extended[state.fresh_from :]) or any(n < 0 for n in state.extended):
        problems.append("extended counts cards added to melds put down this turn")
    size = rules.contract_size(state.hand_number)
    if not 0 <= state.progress < size:
        problems.append(f"progress must be from 0 to {size - 1}, got {state.progress}")
    elif state.progress:
        fresh = state.table[state.fresh_from :]
        if len(fresh) != state.progress or len({meld.kind for meld in fresh}) != 1:
            problems.append("the contract in progress is not the turn's melds")
        if state.contracts[state.side(state.turn)]:
            problems.append("a contract is in progress for a side that has one")
    if state.contract_now and not state.contracts[state.side(state.turn)]:
        problems.append("contract_now is set but the side has no contract")
    if (state.contract_now or state.fresh_from < len(state.table)) and not state.melded:
        problems.append("melds were put down this turn but melded is not set")
    if state.phase is Phase.DRAW:
        if not state.stock:
            problems.append("a draw with an empty pile (the hand should have ended)")
        if state.melded or state.progress or state.fresh_from != len(state.table):
            problems.append("turn details are set before the draw")
        if state.stopped[state.turn]:
            problems.append(f"seat {state.turn} is stopped but is to draw")
    if state.phase is Phase.OFFER:
        offered, taker = state.offer_card, state.offer_to
        if offered is None or not (is_int(taker) and 0 <= taker < count) or taker == state.turn:
            problems.append("an offer needs a card and a seat to offer it to")
        elif offered not in state.hands[state.turn] or offered not in state.known[state.turn]:
            problems.append("the offered card must be in the offerer's hand, known to all")
        elif state.progress:
            problems.append("an offer is made with the contract half made")
    elif state.offer_card is not None or state.offer_to is not None:
        problems.append("an offered card outside the offer phase")
    if not state.hands[state.turn] and state.phase is not Phase.DRAW:
        problems.append(f"seat {state.turn} is to play with no card")
    return problems


def _state_from_dict(data: Mapping[str, Any]) -> GameState:
    def fail(message: str) -> SerializationError:
        return SerializationError(f"skarney state: {message}")

    data = expect_header(data, STATE_FORMAT, STATE_FORMAT_VERSION)
    required = {
        "rules", "players", "dealer", "hand_number", "phase", "turn", "hands", "stock",
        "table", "owners", "contracts", "totals", "stopped", "known", "accepted",
        "turn_number", "melded", "contract_now", "progress", "fresh_from", "extended",
        "offer_card", "offer_to", "winners", "rng", "auto_chance", "last_hand",
    }  # fmt: skip
    missing = sorted(required - set(data))
    if missing:
        raise fail(f"missing fields {missing}")
    unknown = sorted(str(key) for key in set(data) - required - {"format", "version"})
    if unknown:
        raise fail(f"unknown fields {unknown}")

    def ints(value: Any, name: str) -> tuple[int, ...]:
        if not isinstance(value, list) or any(type(v) is not int for v in value):
            raise fail(f"{name} must be a list of integers, got {value!r}")
        return tuple(value)

    def bools(name: str) -> tuple[bool, ...]:
        value = data[name]
        if not isinstance(value, list) or any(type(v) is not bool for v in value):
            raise fail(f"{name} must be a list of booleans, got {value!r}")
        return tuple(value)

    def integer(name: str, optional: bool = False) -> Any:
        value = data[name]
        if optional and value is None:
            return None
        if type(value) is not int:
            raise fail(f"{name} must be an integer, got {value!r}")
        return value

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

    def card_lists(name: str, sort: bool = True) -> tuple[tuple[Card, ...], ...]:
        value = data[name]
        if not isinstance(value, list):
            raise fail(f"{name} must be a list of card texts, got {value!r}")
        found = [cards(item, f"{name} {index}") for index, item in enumerate(value)]
        return tuple(tuple(sorted(item)) if sort else item for item in found)

    try:
        rules = Ruleset.from_dict(data["rules"])
    except SerializationError as error:
        raise fail(str(error)) from error
    try:
        phase = Phase(data["phase"])
    except (ValueError, TypeError):
        raise fail(f"unknown phase {data['phase']!r}") from None
    if not isinstance(data["table"], list):
        raise fail("table must be a list of melds")
    table = []
    for index, spec in enumerate(data["table"]):
        try:
            table.append(meld_from_spec(spec))
        except Scala40Error as error:
            raise fail(f"table meld #{index}: {error}") from error
    try:
        rng = int(data["rng"], 16) if isinstance(data["rng"], str) else None
    except ValueError:
        rng = None
    if rng is None or not 0 <= rng < 1 << 64:
        raise fail(f"rng must be 16 hex digits, got {data['rng']!r}")
    offer = data["offer_card"]
    offer_card = None
    if offer is not None:
        found = cards(offer, "offer_card")
        if len(found) != 1:
            raise fail(f"offer_card must be one card, got {offer!r}")
        offer_card = found[0]
    last = data["last_hand"]
    last_hand = None
    if last is not None:
        if not isinstance(last, Mapping):
            raise fail("last_hand must be a mapping or null")
        try:
            went_out = last["went_out"]
            last_hand = HandResult(
                hand_number=int(last["hand_number"]),
                went_out=None if went_out is None else int(went_out),
                meld_points=ints(last["meld_points"], "meld_points"),
                hand_points=ints(last["hand_points"], "hand_points"),
                bonus=ints(last["bonus"], "bonus"),
                shutout=bool(last["shutout"]),
                void=bool(last["void"]),
                points=ints(last["points"], "points"),
                hands=tuple(tuple(sorted(cards(h, "last_hand hand"))) for h in last["hands"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise fail(f"last_hand is malformed: {error!r}") from error
    state = GameState(
        rules=rules,
        player_count=integer("players"),
        dealer=integer("dealer"),
        hand_number=integer("hand_number"),
        phase=phase,
        turn=integer("turn"),
        hands=card_lists("hands"),
        stock=cards(data["stock"], "stock"),
        table=tuple(table),
        owners=ints(data["owners"], "owners"),
        contracts=bools("contracts"),
        totals=ints(data["totals"], "totals"),
        stopped=bools("stopped"),
        known=card_lists("known"),
        accepted=card_lists("accepted"),
        turn_number=integer("turn_number"),
        melded=boolean("melded"),
        contract_now=boolean("contract_now"),
        progress=integer("progress"),
        fresh_from=integer("fresh_from"),
        extended=ints(data["extended"], "extended"),
        offer_card=offer_card,
        offer_to=integer("offer_to", optional=True),
        winners=ints(data["winners"], "winners"),
        rng=rng,
        auto_chance=boolean("auto_chance"),
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
                f"these rules, got {players!r}"
            ]
        )
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer or None, got {seed!r}")
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
