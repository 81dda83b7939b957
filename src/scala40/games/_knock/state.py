"""The state of a knock game: an immutable, hashable value holding a whole game.

:class:`KnockState` is shared by Rumino, Chinchón and La Conga; each game derives its own
``GameState`` from it, naming the game, its ruleset, its moves and its view. Apply a
move and get a new state; nothing is ever mutated.

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=1)
>>> state.phase, state.current_player, [len(hand) for hand in state.hands], len(state.stock)
(<Phase.DRAW: 'draw'>, 0, [7, 7], 25)
>>> state = state.apply("draw")
>>> state.phase, len(state.hands[0])
(<Phase.PLAY: 'play'>, 8)
"""

from __future__ import annotations

import secrets
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
from scala40.games._knock import engine
from scala40.games._knock.arrange import Layoff
from scala40.games._knock.generate import generate
from scala40.games._knock.moves import Deal, MoveKinds, Restock, parse_meld_spec
from scala40.games._knock.phases import HandEnd, HandResult, Phase, Showing
from scala40.games._knock.profile import KnockRules
from scala40.legal import LegalMoves
from scala40.match import singles, win_shares
from scala40.melds import Meld
from scala40.movekinds import MoveSet
from scala40.rulesets import RulesetBase

__all__ = ["STATE_FORMAT_VERSION", "KnockState"]

STATE_FORMAT_VERSION = 1

_HAND_OVER = (Phase.REENTRY, Phase.OVER)
"""Phases after a hand's scoring: every hand has been shown."""


@attrs.frozen(repr=False)
class KnockState:
    """A whole game of Rumino, Chinchón or La Conga at one moment (the shared base of the
    games' ``GameState`` classes). Build one with the game's ``new_game`` or
    :meth:`from_position`; change it with :meth:`apply`."""

    rules: Any
    """The game's ruleset."""
    player_count: int
    dealer: int
    """The dealer of the hand; the seat after him plays first (RU-DEAL, CH-DEAL)."""
    hand_number: int
    phase: Phase
    turn: int
    """The player whose turn it is (at a claim: the discarder)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's cards, sorted."""
    stock: tuple[Card, ...]
    """The stock, top card last."""
    discard: tuple[Card, ...]
    """The discard pile, top card last."""
    turns_played: tuple[int, ...]
    """Turns each player has completed this hand (RU-KNOCK, CH-CLOSE)."""
    scores: tuple[int, ...]
    """Running totals (RU-SCORE, CH-SCORE)."""
    active: tuple[bool, ...]
    """Who is still in the game (RU-ELIM, LC-ELIM)."""
    winners: tuple[int, ...]
    """The winners, once the game is over (C-WINNERS)."""
    reentries: tuple[int, ...]
    """Re-entries each player has made (LC-REENGANCHE)."""
    gins: tuple[int, ...]
    """For the player who went gin in every hand so far, how many (RU-GINSTREAK)."""
    taken: Card | None
    """The card the player to move took from the discard pile this turn."""
    pending: tuple[int, ...]
    """The seats still to decide out of turn, first one first: claimants of a discard
    (RU-RUMINO), or players deciding whether to re-enter (LC-REENGANCHE)."""
    reentry_total: int
    """The total a player re-enters at, while re-entries are decided (LC-REENGANCHE)."""
    last_hand: HandResult | None
    """How the previous hand ended."""
    rng: int
    """Randomness the later shuffles draw from (C-RNG)."""
    auto_chance: bool
    """Whether the engine plays chance steps itself (deals, restocks)."""
    _legal: tuple[Any, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False, metadata={"cache": True}
    )

    game_name: ClassVar[str] = ""
    """The name of the game in the registry."""
    KINDS: ClassVar[MoveKinds]
    """The game's move classes."""
    MOVES: ClassVar[MoveSet]
    """The game's move set (notation and dictionaries)."""
    RULESET: ClassVar[type[RulesetBase]]
    """The game's ruleset class."""
    VIEW: ClassVar[type[Any]]
    """The game's view class."""
    FORMAT: ClassVar[str] = ""
    """The format name of :meth:`to_dict`."""

    # -- the protocol ------------------------------------------------------------------

    @property
    def profile(self) -> KnockRules:
        """What the engine reads from the rules."""
        profile: KnockRules = self.rules.profile
        return profile

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (out of turn too: a claim, a re-entry), or ``None``
        at a chance step or the end."""
        phase = self.phase
        if phase is Phase.DRAW or phase is Phase.PLAY:
            return self.turn
        if phase is Phase.CLAIM or phase is Phase.REENTRY:
            return self.pending[0]
        return None

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a chance step (a deal, a restock)."""
        return self.phase is Phase.DEAL or self.phase is Phase.RESTOCK

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: everyone plays alone."""
        return singles(self.player_count)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard[-1] if self.discard else None

    def returns(self) -> tuple[float, ...]:
        """Each seat's share of the win once the game is over (tied winners share), 0
        before (:func:`scala40.match.win_shares`)."""
        return win_shares(self.winners, self.teams, self.player_count)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the game wherever it is, sorted: always the deck's (C-DECK)."""
        cards = [*self.stock, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        return tuple(sorted(cards)) if cards else self.profile.deck.cards

    def chance_cards(self) -> tuple[Card, ...]:
        """At a chance step, the cards whose order it draws: the deck before a deal, the
        discard pile but its top card before a restock; else nothing."""
        if self.phase is Phase.DEAL:
            return self.profile.deck.cards
        if self.phase is Phase.RESTOCK:
            return tuple(sorted(self.discard[:-1]))
        return ()

    def chance_move(self, order: Sequence[Card]) -> Deal | Restock:
        """The chance move that plays the cards of :meth:`chance_cards` in ``order``.

        :raises IllegalMoveError: the state is not at a chance step.
        """
        if self.phase is Phase.DEAL:
            return self.KINDS.deal(tuple(order))
        if self.phase is Phase.RESTOCK:
            return self.KINDS.restock(tuple(order))
        raise IllegalMoveError(f"no chance step comes next: {self.phase.value}")

    def legal_moves(self) -> LegalMoves[Any]:
        """The legal moves, as a lazy view: iterate it, test ``move in``, ``count()`` it.

        Two copies of a card never give two moves (C-IDENTITY); every listed move
        applies; no listed move leads to a position without legal moves.
        """
        return LegalMoves(self._legal_tuple, self._accepts, self._legal)

    def _legal_tuple(self) -> tuple[Any, ...]:
        moves = self._legal
        if moves is None:
            moves = tuple(generate(self))
            object.__setattr__(self, "_legal", moves)
        return moves

    def _accepts(self, move: object) -> bool:
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def apply(self, move: Any) -> Any:
        """The state after ``move`` (a move value or its text).

        :raises IllegalMoveError: the move is not legal here; the message names the rule.
        :raises InvalidMoveError: the text is not a move of this game.
        """
        if isinstance(move, str):
            move = self.MOVES.parse(move)
        legal = self._legal
        if legal is not None:
            for known in legal:
                if known is move:
                    return engine.apply(self, move, trusted=True)
        return engine.apply(self, move)

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (a move value or its text) is legal here."""
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def verify(self, move: Any) -> None:
        """Raise :class:`~scala40.IllegalMoveError` naming the rule if ``move`` is illegal."""
        self.apply(move)

    def view(self, player: int) -> Any:
        """What ``player`` may know of this state, and nothing else."""
        return self.VIEW.of(self, player)

    @property
    def hands_shown(self) -> bool:
        """Whether every hand has been shown: after a hand's scoring (and before the next
        deal)."""
        return self.phase in _HAND_OVER or (self.phase is Phase.DEAL and self.hand_number > 0)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game_name} hand {self.hand_number} "
            f"{self.phase.value} player {self.turn} scores {list(self.scores)}>"
        )

    def __str__(self) -> str:
        top = CARD_NAMES[self.discard[-1]] if self.discard else "-"
        lines = [
            f"Hand {self.hand_number}, dealer {self.dealer}, {self.phase.value}, "
            f"player {self.turn} to move",
            f"Stock {len(self.stock)} cards; discard pile top {top} ({len(self.discard)} cards)",
        ]
        for player in range(self.player_count):
            status = "" if self.active[player] else " out"
            lines.append(
                f"Player {player} [{self.scores[player]}]{status}: "
                f"{format_cards(self.hands[player])}"
            )
        return "\n".join(lines)

    # -- building --------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Any = None,
        players: int = 2,
        seed: int | None = None,
        *,
        auto_chance: bool = True,
        dealer: int | None = None,
    ) -> Any:
        """A new game: the first dealer drawn by lot (C-LOT) and the first hand dealt.

        ``rules`` is a ruleset of the game, a preset name or ``None``; ``seed=None``
        draws a seed from the operating system; with ``auto_chance=False`` the state
        waits at :attr:`Phase.DEAL` for an explicit deal. ``dealer`` fixes the first
        dealer (RU-DEAL: the winner of a game deals first in the next).
        """
        if rules is not None and not isinstance(rules, (str, cls.RULESET)):
            raise InvalidArgumentError(
                f"expected a {cls.RULESET.__name__} or a preset name, got {rules!r}"
            )
        rules = cls.RULESET.resolve(rules)
        if not (type(players) is int and rules.min_players <= players <= rules.max_players):
            raise InvalidStateError(
                [
                    f"players must be from {rules.min_players} to {rules.max_players}, "
                    f"got {players!r}"
                ]
            )
        if seed is None:
            seed = secrets.randbits(64)
        elif type(seed) is not int:
            raise InvalidArgumentError(f"seed must be an integer or None, got {seed!r}")
        rng = seed_state(seed)
        if dealer is None:
            dealer, rng = random_below(players, rng)
        elif not (type(dealer) is int and 0 <= dealer < players):
            raise InvalidStateError(
                [f"dealer must be a seat from 0 to {players - 1}, got {dealer!r}"]
            )
        _, rng = next_random(rng)
        state = cls(
            rules=rules,
            player_count=players,
            dealer=dealer,
            hand_number=0,
            phase=Phase.DEAL,
            turn=dealer,
            hands=((),) * players,
            stock=(),
            discard=(),
            turns_played=(0,) * players,
            scores=(0,) * players,
            active=(True,) * players,
            winners=(),
            reentries=(0,) * players,
            gins=(0,) * players,
            taken=None,
            pending=(),
            reentry_total=0,
            last_hand=None,
            rng=rng,
            auto_chance=auto_chance,
        )
        return engine.deal(state, None) if auto_chance else state

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Iterable[Card] | str],
        discard: Iterable[Card] | str = (),
        stock: Iterable[Card] | str | None = None,
        rules: Any = None,
        phase: Phase | str = Phase.DRAW,
        turn: int = 0,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        active: Sequence[bool] | None = None,
        turns_played: Sequence[int] | None = None,
        reentries: Sequence[int] | None = None,
        gins: Sequence[int] | None = None,
        taken: Card | str | None = None,
        pending: Sequence[int] = (),
        reentry_total: int = 0,
        hand_number: int = 1,
        seed: int = 0,
        auto_chance: bool = True,
    ) -> Any:
        """A state built from a position (for tests, puzzles and apps keeping their own
        table). Cards are given as text or codes (stock and discard pile top card last);
        without ``stock`` the cards of the deck not placed elsewhere make the stock,
        shuffled from ``seed``. The position is validated: every problem is named in one
        :class:`~scala40.InvalidStateError`.
        """
        rules = cls.RULESET.resolve(rules)
        problems: list[str] = []
        count = len(hands)

        def cards_of(value: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
            try:
                return as_cards(value)
            except InvalidCardError as error:
                problems.append(f"{what}: {error}")
                return ()

        hand_cards = tuple(tuple(sorted(cards_of(h, f"hand {i}"))) for i, h in enumerate(hands))
        pile = cards_of(discard, "discard pile")
        try:
            phase = Phase(phase)
        except ValueError:
            problems.append(f"unknown phase {phase!r}")
            phase = Phase.DRAW
        taken_card = None
        if taken is not None:
            found = cards_of([taken] if isinstance(taken, int) else taken, "taken")
            taken_card = found[0] if len(found) == 1 else None
        deck = Counter(rules.deck.cards)
        placed: Counter[Card] = Counter(pile)
        for hand in hand_cards:
            placed.update(hand)
        if stock is None:
            too_many = placed - deck
            problems.extend(
                f"{CARD_NAMES[card]}: {placed[card]} placed, but the deck has {deck[card]}"
                for card in sorted(too_many)
            )
            if problems:
                raise InvalidStateError(problems)
            stock_cards, _ = shuffle(tuple(sorted((deck - placed).elements())), seed_state(seed))
        else:
            stock_cards = cards_of(stock, "stock")
        if problems:
            raise InvalidStateError(problems)
        state = cls(
            rules=rules,
            player_count=count,
            dealer=(turn - 1) % max(count, 1) if dealer is None else dealer,
            hand_number=hand_number,
            phase=phase,
            turn=turn,
            hands=hand_cards,
            stock=stock_cards,
            discard=pile,
            turns_played=tuple(turns_played) if turns_played is not None else (0,) * count,
            scores=tuple(scores) if scores is not None else (0,) * count,
            active=tuple(active) if active is not None else (True,) * count,
            winners=(),
            reentries=tuple(reentries) if reentries is not None else (0,) * count,
            gins=tuple(gins) if gins is not None else (0,) * count,
            taken=taken_card,
            pending=tuple(pending),
            reentry_total=reentry_total,
            last_hand=None,
            rng=seed_state(seed),
            auto_chance=auto_chance,
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

    # -- serialization ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the state."""
        return {
            "format": self.FORMAT,
            "version": STATE_FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.player_count,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [format_cards(hand) for hand in self.hands],
            "stock": format_cards(self.stock),
            "discard": format_cards(self.discard),
            "turns_played": list(self.turns_played),
            "scores": list(self.scores),
            "active": list(self.active),
            "winners": list(self.winners),
            "reentries": list(self.reentries),
            "gins": list(self.gins),
            "taken": None if self.taken is None else CARD_NAMES[self.taken],
            "pending": list(self.pending),
            "reentry_total": self.reentry_total,
            "last_hand": None if self.last_hand is None else self.last_hand.to_dict(),
            "rng": f"{self.rng:016x}",
            "auto_chance": self.auto_chance,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """Rebuild a state from :meth:`to_dict` output, validating everything.

        :raises SerializationError: the data is malformed or describes an invalid state.
        """
        return _state_from_dict(cls, data)


# ---------------------------------------------------------------- validation


def _validate(state: KnockState) -> list[str]:
    problems: list[str] = []
    rules = state.rules
    if not isinstance(rules, state.RULESET):
        return [f"rules must be a {state.RULESET.__name__}, got {rules!r}"]
    profile = state.profile
    count = state.player_count
    if not (is_int(count) and rules.min_players <= count <= rules.max_players):
        return [
            f"player_count must be from {rules.min_players} to {rules.max_players}, got {count!r}"
        ]
    for name in ("hands", "turns_played", "scores", "active", "reentries", "gins"):
        if len(getattr(state, name)) != count:
            problems.append(f"{name} must have {count} entries, got {len(getattr(state, name))}")
    if problems:
        return problems
    for name, value in (("turn", state.turn), ("dealer", state.dealer)):
        if not (is_int(value) and 0 <= value < count):
            problems.append(f"{name} must be a seat from 0 to {count - 1}, got {value!r}")
    if problems:
        return problems
    if not any(state.active) and state.phase is not Phase.OVER:
        problems.append("no player is still in the game")
    found: Counter[Card] = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        found.update(hand)
    expected = Counter(profile.deck.cards)
    if state.phase is not Phase.DEAL or found.total():
        for card in sorted(set(found) | set(expected)):
            if found[card] != expected[card]:
                problems.append(
                    f"{CARD_NAMES[card]}: {found[card]} in play, the deck has {expected[card]}"
                )
    if any(value < 0 for value in state.turns_played):
        problems.append("turns_played must not be negative")
    if any(value < 0 for value in state.reentries):
        problems.append("reentries must not be negative")
    for seat in state.pending:
        if not (is_int(seat) and 0 <= seat < count and state.active[seat]):
            problems.append(f"pending seat {seat!r} is not a seat still in the game")
    problems.extend(_phase_problems(state))
    problems.extend(_last_hand_problems(state))
    if state.phase is Phase.OVER:
        if not state.winners:
            problems.append("the game is over but has no winner")
    elif state.winners:
        problems.append("the game has winners but is not over")
    if state.taken is not None and (
        state.phase is not Phase.PLAY or state.taken not in state.hands[state.turn]
    ):
        problems.append("the card taken from the discard pile is not in the mover's hand")
    return problems


def _last_hand_problems(state: KnockState) -> list[str]:
    """The result of the last hand fits the game: a seat for each entry, and after a
    hand's scoring the hands it shows are the hands held."""
    result = state.last_hand
    if result is None:
        if state.phase in _HAND_OVER:
            return [f"the {state.phase.value} phase follows a hand, but no hand result is given"]
        return []
    count = state.player_count
    problems = [
        f"last_hand {name} must have {count} entries, got {len(getattr(result, name))}"
        for name in ("points", "shown", "hands")
        if len(getattr(result, name)) != count
    ]
    seats = (result.closer, *result.busted, *result.eliminated, *result.reentered)
    if any(not 0 <= seat < count for seat in seats):
        problems.append("last_hand names a seat that does not exist")
    if not problems and state.hands_shown and result.hands != state.hands:
        problems.append("the hands shown at the end of the last hand are not the hands held")
    if result.hand_number > state.hand_number:
        problems.append("last_hand is of a hand not played yet")
    return problems


def _phase_problems(state: KnockState) -> list[str]:
    problems: list[str] = []
    profile = state.profile
    phase = state.phase
    size = profile.hand_size
    if phase in (Phase.CLAIM, Phase.REENTRY):
        if not state.pending:
            problems.append(f"a {phase.value} needs a seat to decide")
    elif state.pending:
        problems.append(f"no seat decides out of turn at the {phase.value} phase")
    if phase is Phase.CLAIM and not profile.rumino:
        problems.append("only Rumino has claims")
    if phase in (Phase.DRAW, Phase.PLAY, Phase.CLAIM, Phase.RESTOCK):
        if not state.active[state.turn]:
            problems.append(f"player {state.turn} is to move but is out of the game")
        if state.hand_number < 1:
            problems.append("no hand has been dealt")
        for seat in range(state.player_count):
            held = len(state.hands[seat])
            wanted = 0 if not state.active[seat] else size
            if seat == state.turn and phase in (Phase.PLAY, Phase.RESTOCK):
                wanted += 1
            if held != wanted:
                problems.append(f"player {seat} holds {held} cards, expected {wanted}")
        if phase is Phase.DRAW and not state.stock:
            problems.append("the stock is empty at a draw")
        if phase is Phase.RESTOCK and state.stock:
            problems.append("the stock is not empty at a restock")
        if phase is Phase.CLAIM and not state.discard:
            problems.append("a claim needs a discard")
    return problems


# ---------------------------------------------------------------- reading back


def _state_from_dict(cls: type[KnockState], data: Mapping[str, Any]) -> Any:
    kind = cls.FORMAT.removeprefix("scala40.")

    def fail(message: str) -> SerializationError:
        return SerializationError(f"{kind}: {message}")

    data = expect_header(data, cls.FORMAT, STATE_FORMAT_VERSION)
    required = {
        "rules", "players", "dealer", "hand_number", "phase", "turn", "hands", "stock",
        "discard", "turns_played", "scores", "active", "winners", "reentries", "gins",
        "taken", "pending", "reentry_total", "last_hand", "rng", "auto_chance",
    }  # fmt: skip
    missing = sorted(required - set(data))
    if missing:
        raise fail(f"missing fields {missing}")
    unknown = sorted(str(key) for key in set(data) - required - {"format", "version"})
    if unknown:
        raise fail(f"unknown fields {unknown}")
    reader = _Reader(data, fail)
    rules = cls.RULESET.from_dict(data["rules"])
    try:
        phase = Phase(data["phase"])
    except (ValueError, TypeError):
        raise fail(f"unknown phase {data['phase']!r}") from None
    hands = data["hands"]
    if not isinstance(hands, list):
        raise fail("hands must be a list")
    rng_text = data["rng"]
    try:
        rng = int(rng_text, 16) if isinstance(rng_text, str) and len(rng_text) <= 16 else None
    except ValueError:
        rng = None
    if rng is None or rng < 0:
        raise fail(f"rng must be 16 hex digits, got {rng_text!r}")
    taken = None if data["taken"] is None else reader.cards(data["taken"], "taken")
    if taken is not None and len(taken) != 1:
        raise fail(f"taken must be one card, got {data['taken']!r}")
    state = cls(
        rules=rules,
        player_count=reader.integer("players"),
        dealer=reader.integer("dealer"),
        hand_number=reader.integer("hand_number"),
        phase=phase,
        turn=reader.integer("turn"),
        hands=tuple(
            tuple(sorted(reader.cards(hand, f"hand {index}"))) for index, hand in enumerate(hands)
        ),
        stock=reader.cards(data["stock"], "stock"),
        discard=reader.cards(data["discard"], "discard"),
        turns_played=reader.ints("turns_played"),
        scores=reader.ints("scores"),
        active=reader.bools("active"),
        winners=reader.ints("winners"),
        reentries=reader.ints("reentries"),
        gins=reader.ints("gins"),
        taken=None if taken is None else taken[0],
        pending=reader.ints("pending"),
        reentry_total=reader.integer("reentry_total"),
        last_hand=None
        if data["last_hand"] is None
        else reader.hand_result(data["last_hand"], rules),
        rng=rng,
        auto_chance=reader.boolean("auto_chance"),
    )
    problems = _validate(state)
    if problems:
        raise fail("invalid state: " + "; ".join(problems))
    return state


class _Reader:
    """Typed reads of a state's dictionary, each failing with a message naming the field."""

    def __init__(self, data: Mapping[str, Any], fail: Any) -> None:
        self.data = data
        self.fail = fail

    def integer(self, name: str, value: object = None, *, given: bool = False) -> int:
        value = value if given else self.data[name]
        if not is_int(value) or abs(value) > 10**9:
            raise self.fail(f"{name} must be an integer, got {value!r}")
        return value

    def boolean(self, name: str) -> bool:
        value = self.data[name]
        if not isinstance(value, bool):
            raise self.fail(f"{name} must be true or false, got {value!r}")
        return value

    def ints(self, name: str, value: object = None, *, given: bool = False) -> tuple[int, ...]:
        value = value if given else self.data[name]
        if not isinstance(value, list) or len(value) > 1000:
            raise self.fail(f"{name} must be a list of integers, got {value!r}")
        return tuple(self.integer(name, item, given=True) for item in value)

    def bools(self, name: str) -> tuple[bool, ...]:
        value = self.data[name]
        if not isinstance(value, list) or any(not isinstance(item, bool) for item in value):
            raise self.fail(f"{name} must be a list of booleans, got {value!r}")
        return tuple(value)

    def cards(self, value: object, what: str) -> tuple[Card, ...]:
        if not isinstance(value, str) or len(value) > 2000:
            raise self.fail(f"{what} must be card text, got {value!r}")
        try:
            return as_cards(value)
        except InvalidCardError as error:
            raise self.fail(f"{what}: {error}") from error

    def hand_result(self, value: object, rules: Any) -> HandResult:
        if not isinstance(value, Mapping):
            raise self.fail("last_hand must be a mapping or null")
        fields = {
            "hand_number", "end", "closer", "points", "shown", "hands", "discard", "busted",
            "eliminated", "reentered",
        }  # fmt: skip
        if set(value) != fields:
            raise self.fail(f"last_hand must have the fields {sorted(fields)}")
        try:
            end = HandEnd(value["end"])
        except (ValueError, TypeError):
            raise self.fail(f"last_hand: unknown end {value['end']!r}") from None
        shown = value["shown"]
        hands = value["hands"]
        if not isinstance(shown, list) or not isinstance(hands, list):
            raise self.fail("last_hand: shown and hands must be lists")
        discard = value["discard"]
        return HandResult(
            hand_number=self.integer("last_hand hand_number", value["hand_number"], given=True),
            end=end,
            closer=self.integer("last_hand closer", value["closer"], given=True),
            points=self.ints("last_hand points", value["points"], given=True),
            shown=tuple(self.showing(item, rules) for item in shown),
            hands=tuple(tuple(sorted(self.cards(hand, "last_hand hand"))) for hand in hands),
            discard=None if discard is None else self._one_card(discard),
            busted=self.ints("last_hand busted", value["busted"], given=True),
            eliminated=self.ints("last_hand eliminated", value["eliminated"], given=True),
            reentered=self.ints("last_hand reentered", value["reentered"], given=True),
        )

    def _one_card(self, value: object) -> Card:
        cards = self.cards(value, "last_hand discard")
        if len(cards) != 1:
            raise self.fail(f"last_hand discard must be one card, got {value!r}")
        return cards[0]

    def showing(self, value: object, rules: Any) -> Showing | None:
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"melds", "layoffs", "unmatched"}:
            raise self.fail("last_hand: a showing has the fields melds, layoffs, unmatched")
        melds_data = value["melds"]
        layoffs_data = value["layoffs"]
        if not isinstance(melds_data, list) or not isinstance(layoffs_data, list):
            raise self.fail("last_hand: melds and layoffs must be lists")
        melds: list[Meld] = []
        for text in melds_data:
            if not isinstance(text, str):
                raise self.fail(f"last_hand: a meld must be text, got {text!r}")
            try:
                meld = engine.resolve_spec(parse_meld_spec(text), rules.meld_rules)
            except Scala40Error as error:
                raise self.fail(f"last_hand: meld {text!r}: {error}") from None
            if isinstance(meld, str):
                raise self.fail(f"last_hand: {meld}")
            melds.append(meld)
        layoffs = []
        for item in layoffs_data:
            if not isinstance(item, Mapping) or set(item) != {
                "card",
                "represents",
                "owner",
                "meld",
            }:
                raise self.fail("last_hand: a layoff has the fields card, represents, owner, meld")
            layoffs.append(
                Layoff(
                    self._one(item["card"]),
                    self._one(item["represents"]),
                    self.integer("layoff owner", item["owner"], given=True),
                    self.integer("layoff meld", item["meld"], given=True),
                )
            )
        return Showing(tuple(melds), tuple(layoffs), self.cards(value["unmatched"], "unmatched"))

    def _one(self, value: object) -> Card:
        cards = self.cards(value, "layoff card")
        if len(cards) != 1:
            raise self.fail(f"a layoff names one card, got {value!r}")
        return cards[0]
