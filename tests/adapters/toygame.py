"""A small game on the protocol, for the adapters' tests: its moves use every codec that
Scala 40's do not (seats, yes/no, numbers, an optional enum, an optional card, a codec of
its own), it has partners, decisions out of turn, and no observation encoding of its own.

It is never registered: the tests give the adapters its :data:`GAME` record directly.

Rules: a 13-card deck (A, 2, 3 of each suit and a joker); each seat is dealt
``hand_size`` cards. The seat to move plays a card (face up or down; the joker with no
face), gives one or two cards to another seat, bets (first round only), swaps a card
with the top of the pile, marks its first card, or passes. After a card is played, the
next seat must say yes or no to it (out of turn). A side scores the ranks of the cards
its seats played face up and 1 for each yes it said; after ``turns`` turns, the best
sides win.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeAlias, get_args

import attrs

from scala40.cards import RANK_OF, Deck, format_cards
from scala40.checks import describe
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    SerializationError,
)
from scala40.game import Game
from scala40.legal import LegalMoves
from scala40.match import singles, win_shares
from scala40.movekinds import (
    BOOL,
    CARD,
    CARDS,
    INT,
    OPTIONAL_CARD,
    OPTIONAL_CARDS,
    SEAT,
    Codec,
    MoveBase,
    MoveSet,
    as_bool,
    as_move_card,
    as_move_cards,
    as_optional_move_card,
    as_optional_move_cards,
    as_seat,
    as_small_int,
    as_some_move_cards,
    enum_codec,
    enum_converter,
)
from scala40.rulesets import RulesetBase, check_problems, need_bool, need_int, set_presets


@attrs.frozen(kw_only=True)
class ToyRules(RulesetBase):
    min_players: int = 2
    max_players: int = 4
    hand_size: int = 3
    turns: int = 8
    partners: bool = True
    """Four players play as two sides, 0 and 2 against 1 and 3."""

    FORMAT = "tests.toy.ruleset"

    def __attrs_post_init__(self) -> None:
        problems: list[str] = []
        need_int(problems, self, "hand_size", 1, 3)
        need_int(problems, self, "turns", 1, 100)
        need_bool(problems, self, ("partners",))
        check_problems(problems)

    @property
    def deck(self) -> Deck:
        return Deck("toy", (1, 2, 3), 1, 1)


set_presets(ToyRules, {"standard": ToyRules(), "solo": ToyRules(partners=False)}, "standard")


class Face(enum.Enum):
    UP = "up"
    DOWN = "down"


def _pairs_from_json(value: Any) -> Any:
    if not (
        isinstance(value, list)
        and all(isinstance(item, list) and len(item) == 2 for item in value)
    ):
        raise InvalidMoveError(f"expected a list of [cards, count] notes, got {value!r}")
    return tuple((as_move_cards(cards), as_small_int(count)) for cards, count in value)


_NOTES = Codec(
    "notes",
    lambda notes: ";".join(f"{format_cards(cards)}:{count}" for cards, count in notes),
    lambda tokens: (),
    lambda notes: [[format_cards(cards), count] for cards, count in notes],
    _pairs_from_json,
    json_types=(list,),
)


_INT_TEXT = INT.from_text

_face_converter = enum_converter(Face, optional=True)


def _face(value: object) -> Face | None:
    face: Face | None = _face_converter(value)
    return face


def _notes(value: object) -> tuple[tuple[tuple[int, ...], int], ...]:
    """At least one note, at most 20, each of at least one card and a count."""
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 20:
        raise InvalidMoveError(f"expected 1 to 20 notes, got {value!r}")
    notes = []
    for note in value:
        if not isinstance(note, (list, tuple)) or len(note) != 2:
            raise InvalidMoveError(f"expected a note of cards and a count, got {note!r}")
        notes.append((as_some_move_cards(note[0]), as_small_int(note[1])))
    return tuple(notes)


@attrs.frozen
class Deal(MoveBase):
    verb = "deal"
    order: tuple[int, ...] | None = attrs.field(
        default=None, converter=as_optional_move_cards, metadata={"codec": OPTIONAL_CARDS}
    )


@attrs.frozen
class Play(MoveBase):
    verb = "play"
    card: int = attrs.field(converter=as_move_card, metadata={"codec": CARD})
    face: Face | None = attrs.field(
        default=None,
        converter=_face,
        metadata={"codec": enum_codec(Face, optional=True)},
    )


def _given(value: object) -> tuple[int, ...]:
    """Cards given, in card order: which comes first says nothing (one value a move)."""
    return tuple(sorted(as_some_move_cards(value)))


@attrs.frozen
class Give(MoveBase):
    verb = "give"
    seat: int = attrs.field(converter=as_seat, metadata={"codec": SEAT})
    cards: tuple[int, ...] = attrs.field(converter=_given, metadata={"codec": CARDS})


@attrs.frozen
class Bet(MoveBase):
    verb = "bet"
    amount: int = attrs.field(converter=as_small_int, metadata={"codec": INT})
    sure: bool = attrs.field(converter=as_bool, metadata={"codec": BOOL})


@attrs.frozen
class Swap(MoveBase):
    verb = "swap"
    card: int | None = attrs.field(
        default=None, converter=as_optional_move_card, metadata={"codec": OPTIONAL_CARD}
    )


@attrs.frozen
class Mark(MoveBase):
    verb = "mark"
    notes: tuple[tuple[tuple[int, ...], int], ...] = attrs.field(
        converter=_notes, metadata={"codec": _NOTES}
    )

    def notation_args(self) -> list[str]:
        return [f"{format_cards(cards).replace(' ', '+')}:{count}" for cards, count in self.notes]

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Mark:
        notes = []
        for word in args:
            cards, colon, count = word.rpartition(":")
            if not colon:
                raise InvalidMoveError(f"expected notes like AS+2S:3, got {text!r}")
            notes.append((as_some_move_cards(cards.replace("+", " ")), _INT_TEXT([count])))
        return cls(tuple(notes))


@attrs.frozen
class Answer(MoveBase):
    verb = "answer"
    yes: bool = attrs.field(converter=as_bool, metadata={"codec": BOOL})


@attrs.frozen
class Pass(MoveBase):
    verb = "pass"


ToyMove: TypeAlias = Deal | Play | Give | Bet | Swap | Mark | Answer | Pass
MOVES = MoveSet("tests.toy.move", 1, get_args(ToyMove))


def _teams(rules: ToyRules, players: int) -> tuple[tuple[int, ...], ...]:
    if rules.partners and players == 4:
        return ((0, 2), (1, 3))
    return singles(players)


@attrs.frozen
class ToyView:
    player: int
    rules: ToyRules
    player_count: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[int, ...]
    turn: int
    answering: bool
    dealt: bool
    points: tuple[int, ...]
    over: bool

    @property
    def current_player(self) -> int | None:
        return _decider(self)

    def sample(self, seed: int) -> ToyState:
        if not self.dealt:
            return ToyState.start(self.rules, self.player_count, seed)
        unknown = Counter(self.rules.deck.cards) - Counter(self.hand) - Counter(self.pile)
        pool = list(unknown.elements())
        random.Random(seed).shuffle(pool)
        hands = []
        for seat in range(self.player_count):
            if seat == self.player:
                hands.append(self.hand)
            else:
                hands.append(tuple(sorted(pool[: self.hand_sizes[seat]])))
                del pool[: self.hand_sizes[seat]]
        return ToyState(
            self.rules, self.player_count, tuple(hands), tuple(pool), self.pile, self.turn,
            self.answering, self.dealt, self.points, self.over, seed,
        )  # fmt: skip


@attrs.frozen
class ToyState:
    rules: ToyRules
    player_count: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    turn: int
    """Turns played so far: seat ``turn % player_count`` is to play."""
    answering: bool
    """Whether a played card waits for its answer."""
    dealt: bool
    points: tuple[int, ...]
    """Each seat's own points (a side scores its seats' together)."""
    over: bool
    seed: int

    game_name: ClassVar[str] = "toy"

    @classmethod
    def start(cls, rules: ToyRules, players: int, seed: int) -> ToyState:
        return cls(
            rules, players, ((),) * players, (), (), 0, False, False, (0,) * players, False, seed
        )

    @property
    def current_player(self) -> int | None:
        return _decider(self)

    @property
    def is_chance(self) -> bool:
        return not self.dealt

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def hand_number(self) -> int:
        return 1 if self.dealt else 0

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return _teams(self.rules, self.player_count)

    @property
    def scores(self) -> tuple[int, ...]:
        side = {seat: sum(self.points[s] for s in team) for team in self.teams for seat in team}
        return tuple(side[seat] for seat in range(self.player_count))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def returns(self) -> tuple[float, ...]:
        return win_shares(self.winners, self.teams, self.player_count)

    def all_cards(self) -> tuple[int, ...]:
        placed = [*self.stock, *self.pile]
        for hand in self.hands:
            placed.extend(hand)
        return tuple(sorted(placed)) if placed else self.rules.deck.cards

    def chance_cards(self) -> tuple[int, ...]:
        return self.rules.deck.cards if not self.dealt else ()

    def chance_move(self, order: Sequence[int]) -> Deal:
        if self.dealt:
            raise IllegalMoveError("no chance step comes next")
        return Deal(tuple(order))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "tests.toy.state",
            "rules": self.rules.to_dict(),
            "player_count": self.player_count,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "turn": self.turn,
            "answering": self.answering,
            "dealt": self.dealt,
            "points": list(self.points),
            "over": self.over,
            "seed": self.seed,
        }

    def view(self, player: int) -> ToyView:
        if not (type(player) is int and 0 <= player < self.player_count):
            raise InvalidStateError([f"no seat {player!r}"])
        return ToyView(
            player, self.rules, self.player_count, self.hands[player],
            tuple(len(hand) for hand in self.hands), self.pile, self.turn, self.answering,
            self.dealt, self.points, self.over,
        )  # fmt: skip

    # -- moves -------------------------------------------------------------------------------

    def _generate(self) -> tuple[ToyMove, ...]:
        if self.over:
            return ()
        if not self.dealt:
            return (Deal(),)
        if self.answering:
            return (Answer(False), Answer(True))
        seat = self.turn % self.player_count
        hand = self.hands[seat]
        moves: list[ToyMove] = [Pass()]
        for card in sorted(set(hand)):
            faces = (None,) if card == 52 else (Face.UP, Face.DOWN)
            moves.extend(Play(card, face) for face in faces)
        if len(hand) >= 2:
            for other in range(self.player_count):
                if other != seat:
                    moves.append(Give(other, hand[:1]))
                    moves.append(Give(other, hand[:2]))
        if self.turn < self.player_count:
            moves.extend(Bet(amount, sure) for amount in range(3) for sure in (False, True))
        if self.pile:
            moves.append(Swap(None))
            moves.extend(Swap(card) for card in sorted(set(hand)))
        if hand:
            moves.append(Mark((((hand[0],), len(hand)),)))
        return tuple(moves)

    def legal_moves(self) -> LegalMoves[ToyMove]:
        return LegalMoves(self._generate)

    def parse_move(self, move: str | Mapping[str, Any]) -> ToyMove:
        """The listed move a text or a dictionary means (the generic reading)."""
        return self.legal_moves().resolve(move)

    def apply(self, move: ToyMove | str | Mapping[str, Any]) -> ToyState:
        if isinstance(move, str):
            move = MOVES.parse(move)  # type: ignore[assignment]
        elif isinstance(move, Mapping):
            try:
                move = MOVES.from_dict(move)  # type: ignore[assignment]
            except SerializationError as error:
                raise InvalidMoveError(str(error)) from None
        if isinstance(move, Deal) and not self.dealt:
            return self._deal(move.order)
        if move not in self._generate():
            raise IllegalMoveError(f"{move} is not legal here")
        seat = self.current_player
        assert seat is not None
        hands = list(self.hands)
        points = list(self.points)
        pile = self.pile
        answering = False
        turn = self.turn + 1
        if isinstance(move, Answer):
            points[seat] += int(move.yes)
        elif isinstance(move, Play):
            hands[seat] = _without(hands[seat], (move.card,))
            pile = (*pile, move.card)
            if move.face is Face.UP:
                points[seat] += RANK_OF[move.card]
            answering = True
            turn = self.turn
        elif isinstance(move, Give):
            hands[seat] = _without(hands[seat], move.cards)
            hands[move.seat] = tuple(sorted(hands[move.seat] + move.cards))
        elif isinstance(move, Swap) and move.card is not None:
            hands[seat] = tuple(sorted((*_without(hands[seat], (move.card,)), pile[-1])))
            pile = (*pile[:-1], move.card)
        return attrs.evolve(
            self, hands=tuple(hands), pile=pile, turn=turn, answering=answering,
            points=tuple(points), over=turn >= self.rules.turns,
        )  # fmt: skip

    def _deal(self, order: tuple[int, ...] | None) -> ToyState:
        cards = list(self.rules.deck.cards)
        if order is None:
            random.Random(self.seed).shuffle(cards)
        elif sorted(order) != cards:
            raise IllegalMoveError("a deal orders the whole deck")
        else:
            cards = list(order)
        size = self.rules.hand_size
        hands = tuple(
            tuple(sorted(cards[seat * size : (seat + 1) * size]))
            for seat in range(self.player_count)
        )
        return attrs.evolve(
            self, hands=hands, stock=tuple(cards[self.player_count * size :]), dealt=True
        )


def _decider(state: ToyState | ToyView) -> int | None:
    """The seat that decides: the seat to play, or the one answering its card (its partner,
    out of turn, in a game of partners; else the next seat)."""
    if state.over or not state.dealt:
        return None
    seat = state.turn % state.player_count
    if not state.answering:
        return seat
    step = 2 if state.rules.partners and state.player_count == 4 else 1
    return (seat + step) % state.player_count


def _without(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def new_game(
    rules: ToyRules | str | None = None,
    players: int = 4,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
) -> ToyState:
    ruleset = ToyRules.resolve(rules)
    low, high = ruleset.min_players, ruleset.max_players
    if type(players) is not int:
        raise InvalidArgumentError(f"players must be an integer from {low} to {high}")
    if not low <= players <= high:
        raise InvalidValueError(f"players must be from {low} to {high}, got {describe(players)}")
    state = ToyState.start(ruleset, players, seed or 0)
    return state.apply(Deal()) if auto_chance else state


_STATE_FIELDS = frozenset(ToyState.start(ToyRules(), 2, 0).to_dict())


def _cards(value: Any, count: int) -> tuple[int, ...]:
    if not (type(value) is list and len(value) <= count):
        raise SerializationError(
            f"expected a list of at most {count} cards, got {describe(value)}"
        )
    if not all(type(card) is int and 0 <= card <= 52 for card in value):
        raise SerializationError(f"expected card codes, got {describe(value)}")
    return tuple(value)


def _state_from_dict(data: Any) -> ToyState:
    """The toy state ``data`` (its ``to_dict()``) describes, checked in form, its cards
    the deck's."""
    if not (isinstance(data, Mapping) and set(data) == _STATE_FIELDS):
        raise SerializationError(f"expected a toy state's dictionary, got {describe(data)}")
    if data["format"] != "tests.toy.state":
        raise SerializationError(
            f"expected the format tests.toy.state, got {describe(data['format'])}"
        )
    rules = ToyRules.from_dict(data["rules"])
    players = data["player_count"]
    if not (type(players) is int and rules.min_players <= players <= rules.max_players):
        raise SerializationError(f"expected a count of players, got {describe(players)}")
    size = len(rules.deck.cards)
    hands = data["hands"]
    if not (type(hands) is list and len(hands) == players):
        raise SerializationError(f"expected {players} hands, got {describe(hands)}")
    points = data["points"]
    if not (type(points) is list and len(points) == players):
        raise SerializationError(f"expected {players} scores, got {describe(points)}")
    numbers = (data["turn"], data["seed"], *points)
    if not all(type(number) is int and 0 <= number < 10**9 for number in numbers):
        raise SerializationError(f"expected small counts, got {describe(numbers)}")
    flags = (data["answering"], data["dealt"], data["over"])
    if not all(type(flag) is bool for flag in flags):
        raise SerializationError(f"expected true or false, got {describe(flags)}")
    state = ToyState(
        rules,
        players,
        tuple(_cards(hand, size) for hand in hands),
        _cards(data["stock"], size),
        _cards(data["pile"], size),
        data["turn"],
        data["answering"],
        data["dealt"],
        tuple(points),
        data["over"],
        data["seed"],
    )
    if state.dealt and sorted(state.all_cards()) != sorted(rules.deck.cards):
        raise SerializationError("the state's cards are not the deck's")
    return state


def _move_from_dict(data: Mapping[str, Any]) -> Any:
    return MOVES.from_dict(data)


GAME = Game(
    name="toy",
    title="Toy",
    summary="A small game for the adapters' tests.",
    version=1,
    ruleset_type=ToyRules,
    new_game=new_game,
    state_from_dict=_state_from_dict,
    parse_move=MOVES.parse,
    move_from_dict=_move_from_dict,
    default_players=4,
)
"""The toy game's record (not registered)."""
